"""The crawl's errors in the GM's language. The scraper cannot import mafvote (import-linter): it raises a
`ScraperError` with its English (`str()`, what `crawl_runs` keeps and the daemon logs) plus a key and facts; a
fact that is itself a phrase is a `(key, facts)` pair. `describe` words the pair through the catalogue
(`crawl.error.<key>` in `mafvote/messages/*_errors.py`), the way `gm_text` words the resolver's refusals.

    describe(FetchError(..., "fetch.attempts", url=u, attempts=3, failure=("http", {"status": "503", ...})))
        -> "не удалось прочитать u за 3 попытки: форум ответил HTTP 503 (`Service Unavailable`)"

An error with no key (or a key the catalogue does not know) is shown as the scraper wrote it.

A failed crawl run keeps both in the store (`crawl_runs.error`, `.error_phrase`); `describe_stored` words them the
same way for `mafvote status`, the crawl alerts and `tally`'s crawl warning. A run stored before the key was kept has
none and is shown as written."""
from __future__ import annotations

from typing import Any

from mafvote_scraper import ScraperError

from . import messages

__all__ = ["describe", "describe_note", "describe_stored"]

_PREFIX = "crawl.error."


def describe(exc: ScraperError, language: str | None = None) -> str:
    key = getattr(exc, "key", None)
    return describe_stored(str(exc), (key, exc.facts) if key else None, language)


def describe_stored(english: str, phrase: tuple[str, dict[str, Any]] | None, language: str | None = None) -> str:
    """A crawl error as stored (`store.CrawlRun.error` and `.error_phrase`) in `language`; the English when the run
    kept no key (or one the catalogue does not know)."""
    if phrase is None or not messages.has(_PREFIX + phrase[0], language):
        return english
    return _word(phrase[0], phrase[1], english, language)


def describe_note(english: str, phrase: tuple[str, dict[str, Any]] | None, language: str | None = None) -> str:
    """A crawl's note (`CrawlResult.note` and `.note_phrase`: it stopped at the page cap) in `language`
    (`crawl.note.<key>`); the English when it has no key."""
    if phrase is None or not messages.has("crawl.note." + phrase[0], language):
        return english
    return messages.text("crawl.note." + phrase[0], language=language, **phrase[1])


def _word(key: str, facts: dict[str, Any], english: str, language: str | None) -> str:
    if key == "layout" and facts.get("detail") is None:
        # a layout error the scraper gave no kind: its English detail, quoted
        facts = {**facts, "detail": ("quoted", {"text": facts.get("missing", english)})}
    values = {name: _word(*value, english, language) if _is_phrase(value) else value for name, value in facts.items()}
    return messages.text(_PREFIX + key, language=language, **values)


def _is_phrase(value: Any) -> bool:
    return (isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], str) and isinstance(value[1], dict)
            and messages.has(_PREFIX + value[0]))
