"""The application's errors. Each carries the exit status the CLI returns (INTERFACE.md:
1 the operation failed, 2 bad input) and a message a GM can act on.

The crawler's, the count's and the night engine's errors have roots of their own (the layering keeps them from
importing this one); `mafvote.failures` maps all four to an exit status and a message, in one place."""
from __future__ import annotations

__all__ = ["BAD_INPUT", "OPERATION_FAILED", "BadInput", "MafvoteError", "OperationFailed"]

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
