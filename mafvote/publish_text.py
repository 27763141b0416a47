"""The publisher's errors in the GM's language (issue 14). `mafvote.publish` raises a `PublishError` with its English
(`str()`: what the log and `published_counts.last_error` keep) plus a key and facts; `publish_text` words the pair
through the catalogue (`publish.error.<key>` in `mafvote/messages/*_errors.py`), the way `mafvote.crawl_text` words
the crawler's errors:

    PublishError("phpbb forum http://f/: login as bot refused: ...", "login", base="http://f/", user="bot",
                 reason=("login.said", {"text": "Вы ввели неверный пароль."}))
        .text() -> "форум http://f/ не пустил бота под именем bot: `Вы ввели неверный пароль.`; проверьте ..."

A fact that is itself a phrase is a `(key, facts)` pair; a fact that is a `ScraperError` (an off-origin redirect, a
page over the cap, a packing mafvote did not ask for, a connection that failed) is worded by `crawl_text`, in the
crawl's words for the same failure. An error with no key is shown as written. No registered secret (the bot's
password) and no session cookie survives in a worded text."""
from __future__ import annotations

import httpx

from mafvote_scraper import ScraperError
from mafvote_scraper.model import FetchError

from . import messages
from .crawl_text import describe
from .errors import OperationFailed
from .secret_registry import scrub_known

__all__ = ["PublishError", "network_phrase", "publish_text"]


class PublishError(OperationFailed):
    """The count could not be published; the message says where and what to do. `str()` is English (the log, the
    store); `key` and `facts` word it for the GM (`publish_text`, `text`)."""

    def __init__(self, message: str, key: str | None = None, **facts: object):
        super().__init__(message)
        self.key, self.facts = key, facts

    @property
    def phrase(self) -> tuple[str, dict[str, object]] | None:
        return (self.key, self.facts) if self.key else None

    def text(self, language: str | None = None) -> str:
        """The error in `language` (the current one by default): what a GM reads."""
        return publish_text(str(self), self.phrase, language)


def publish_text(english: str, phrase: tuple[str, dict[str, object]] | None, language: str | None = None) -> str:
    """A publishing error in `language`: its phrase worded (`publish.error.<key>`), or the English when it has none;
    no registered secret (the bot's password) and no session cookie in it."""
    if phrase is None:
        return scrub_known(english)
    return scrub_known(_worded(phrase, language))


def _worded(phrase: tuple[str, dict[str, object]], language: str | None) -> str:
    key, facts = phrase
    return messages.text("publish.error." + key, language=language,
                         **{name: _fact(value, language) for name, value in facts.items()})


def _fact(value: object, language: str | None) -> object:
    if isinstance(value, ScraperError):
        return describe(value, language)
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], str) and isinstance(value[1], dict):
        return _worded(value, language)
    return value


def network_phrase(exc: httpx.HTTPError, forum) -> tuple[str, dict[str, object]]:
    """An error of the connection while publishing, worded as the crawl words the same failure."""
    if isinstance(exc, httpx.TimeoutException):
        failure = FetchError(str(exc), "timeout", seconds=f"{forum.timeout:g}")
    elif isinstance(exc, httpx.TransportError):
        failure = FetchError(str(exc), "connection", detail=str(exc) or type(exc).__name__)
    else:
        failure = FetchError(str(exc), "request", name=type(exc).__name__, detail=str(exc))
    return "network", {"base": forum.base_url, "failure": failure}
