"""The publisher's errors in the GM's language (issue 14). `mafvote.publish` raises a `PublishError` with its English
(`str()`: what the log and `published_counts.last_error` keep) plus a key and facts; `publish_text` words the pair
through the catalogue (`publish.error.<key>` in `mafvote/messages/*_errors.py`), the way `mafvote.crawl_text` words
the crawler's errors:

    PublishError("phpbb forum http://f/: login as bot refused: ...", "login", base="http://f/", user="bot",
                 reason=("login.said", {"text": "Вы ввели неверный пароль."}))
        .text() -> "форум http://f/ не пустил бота под именем bot: `Вы ввели неверный пароль.`; проверьте ..."

A fact that is itself a phrase is a `(key, facts)` pair; a fact that is a `ScraperError` (an off-origin redirect, a
page over the cap, a packing mafvote did not ask for, a connection that failed) is worded by `crawl_text`, in the
crawl's words for the same failure; a fact that is a time is written in the game's zone (`alert_texts.at`: `30.12
22:00 МСК`). An error with no key is shown as written. No registered secret (the bot's password) and no session
cookie survives in a worded text.

The publisher's "not now" results (`too_soon`: the forum's flood limit, `[publish].interval`) are worded the same
way (`publish.error.too_soon.*`), and so is a folder that cannot be written (`write_cause`: no space left, no
permission, a read-only disk), which the daemon alerts."""
from __future__ import annotations

import errno
from datetime import datetime, tzinfo

import httpx

from mafvote_scraper import ScraperError
from mafvote_scraper.model import FetchError

from . import messages
from .alert_texts import at
from .crawl_text import describe, describe_stored
from .errors import OperationFailed, PhrasedError
from .secret_registry import scrub_known

__all__ = ["PublishError", "network_phrase", "publish_text", "stored_phrase", "write_cause"]


class PublishError(OperationFailed, PhrasedError):
    """The count could not be published; the message says where and what to do. `str()` is English (the log, the
    store); `key` and `facts` (`publish.error.<key>`) word it for the GM (`publish_text`, `text`)."""

    def __init__(self, message: str, key: str | None = None, **facts: object):
        super().__init__(message, key, facts)

    def text(self, language: str | None = None, tz: tzinfo | None = None) -> str:
        """The error in `language` (the current one by default), its times in `tz`: what a GM reads."""
        return publish_text(str(self), self.phrase, language, tz)


def publish_text(english: str, phrase: tuple[str, dict[str, object]] | None, language: str | None = None,
                 tz: tzinfo | None = None) -> str:
    """A publishing error in `language`: its phrase worded (`publish.error.<key>`, times in `tz`), or the English
    when it has none; no registered secret (the bot's password) and no session cookie in it."""
    if phrase is None:
        return scrub_known(english)
    return scrub_known(_worded(phrase, language or messages.current(), tz))


def _worded(phrase: tuple[str, dict[str, object]], language: str, tz: tzinfo | None) -> str:
    key, facts = phrase
    return messages.text("publish.error." + key, language=language,
                         **{name: _fact(value, language, tz) for name, value in facts.items()})


def _fact(value: object, language: str, tz: tzinfo | None) -> object:
    if isinstance(value, ScraperError):
        return describe(value, language)
    if isinstance(value, datetime):
        return at(language, value, tz)
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], str) and isinstance(value[1], dict):
        if value[0] == _CRAWL:
            return describe_stored(value[1]["english"], value[1]["phrase"], language)
        if value[0] == _TIME:
            return at(language, datetime.fromisoformat(value[1]["iso"]), tz)
        return _worded(value, language, tz)
    return value


# a fact that is a crawl error or a moment, as the store keeps it (`stored_phrase`): a pair under a key no catalogue
# entry has, which `_fact` words as the live value
_CRAWL, _TIME = "@crawl_error", "@time"


def stored_phrase(phrase: tuple[str, dict[str, object]] | None) -> tuple[str, dict[str, object]] | None:
    """`phrase` as the store can keep it in JSON (`published_counts.last_error_phrase`) and `publish_text` still
    words it: a `ScraperError` fact becomes its English and its own key and facts (worded as `crawl_text` words a
    stored crawl error), a time its ISO 8601, in nested phrases too."""
    if phrase is None:
        return None
    key, facts = phrase
    return key, {name: _stored_fact(value) for name, value in facts.items()}


def _stored_fact(value: object) -> object:
    if isinstance(value, ScraperError):
        # the crawler's key and facts are what `crawl_runs.error_phrase` keeps: JSON already
        return _CRAWL, {"english": str(value), "phrase": value.phrase}
    if isinstance(value, datetime):
        return _TIME, {"iso": value.isoformat()}
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], str) and isinstance(value[1], dict):
        return stored_phrase(value)           # type: ignore[arg-type]
    return value


# What the GM can do about a folder that cannot be written, by the OS's error number; any other: its own words
_WRITE_CAUSES = {errno.ENOSPC: "no_space", errno.EDQUOT: "no_space", errno.EACCES: "denied", errno.EPERM: "denied",
                 errno.EROFS: "read_only", errno.ENOTDIR: "not_a_folder", errno.EEXIST: "not_a_folder"}


def write_cause(exc: OSError, setting: str) -> tuple[str, dict[str, object]]:
    """Why a file under `setting` (`[publish].dir`, …) could not be written and what to do, as a phrase
    (`publish.error.write.<cause>`); the OS's words (`reason`) only where mafvote has none of its own."""
    reason = exc.strerror or str(exc) or type(exc).__name__
    return "write." + _WRITE_CAUSES.get(exc.errno or 0, "other"), {"reason": reason, "setting": setting}


def network_phrase(exc: httpx.HTTPError, forum) -> tuple[str, dict[str, object]]:
    """An error of the connection while publishing, worded as the crawl words the same failure."""
    if isinstance(exc, httpx.TimeoutException):
        failure = FetchError(str(exc), "timeout", seconds=f"{forum.timeout:g}")
    elif isinstance(exc, httpx.TransportError):
        failure = FetchError(str(exc), "connection", detail=str(exc) or type(exc).__name__)
    else:
        failure = FetchError(str(exc), "request", name=type(exc).__name__, detail=str(exc))
    return "network", {"base": forum.base_url, "failure": failure}
