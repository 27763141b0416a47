"""The application's errors. Each carries the exit status the CLI returns (INTERFACE.md:
1 the operation failed, 2 bad input) and a message a GM can act on.

The crawler's, the count's and the night engine's errors have roots of their own (the layering keeps them from
importing this one); `mafvote.failures` maps all four to an exit status and a message, in one place."""
from __future__ import annotations

from typing import Mapping

__all__ = ["BAD_INPUT", "OPERATION_FAILED", "BadInput", "MafvoteError", "OperationFailed", "PhrasedError"]

OPERATION_FAILED = 1     # the forum is down, a page is not recognised, a channel refused, the store is locked
BAD_INPUT = 2            # the GM's input (config, command line, night file, ruleset) is wrong


class MafvoteError(Exception):
    exit_code = OPERATION_FAILED


class BadInput(MafvoteError):
    """The GM's input (config, command line, night file) is wrong; exit status 2."""

    exit_code = BAD_INPUT


class OperationFailed(MafvoteError):
    """The forum is down, a page is not recognised, a channel refused; exit status 1."""

    exit_code = OPERATION_FAILED


class PhrasedError(MafvoteError):
    """An error told twice: `str()` in English (the log, the store, scripts read it) and `phrase`, the same as a
    catalogue key and its facts, which `text()` words in the GM's language. The publisher's errors
    (`publish_text.PublishError`) and the alert channels' (`alerts.ChannelError`) are these; the crawler's
    `ScraperError` has the same shape on its own, since the crawler imports nothing of the application."""

    def __init__(self, message: str, key: str | None = None, facts: Mapping[str, object] | None = None):
        super().__init__(message)
        self.key, self.facts = key, dict(facts or {})

    @property
    def phrase(self) -> tuple[str, dict[str, object]] | None:
        """`(key, facts)`, what the store keeps beside the English; None when the error has no key."""
        return (self.key, self.facts) if self.key else None

    def text(self) -> str:
        """The error as the GM reads it (`mafvote.failures`); each kind words its phrase in its own catalogue area."""
        return str(self)
