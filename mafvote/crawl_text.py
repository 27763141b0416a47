"""The crawl's errors in the GM's language. The scraper cannot import mafvote (import-linter): it raises a
`ScraperError` with its English (`str()`, what `crawl_runs` keeps and the daemon logs) plus a key and facts; a
fact that is itself a phrase is a `(key, facts)` pair. `describe` words the pair through the catalogue
(`crawl.error.<key>` in `mafvote/messages/*_errors.py`), the way `gm_text` words the resolver's refusals.

    describe(FetchError(..., "fetch.attempts", url=u, attempts=3, failure=("http", {"status": "503", ...})))
        -> "не удалось прочитать u за 3 попытки: форум ответил HTTP 503 (`Service Unavailable`)"

An error with no key (or a key the catalogue does not know) is shown as the scraper wrote it."""
from __future__ import annotations

from typing import Any

from mafvote_scraper import ScraperError

from . import messages

__all__ = ["describe"]

_PREFIX = "crawl.error."


def describe(exc: ScraperError, language: str | None = None) -> str:
    key = getattr(exc, "key", None)
    if not key or not messages.has(_PREFIX + key, language):
        return str(exc)
    return _word(key, exc.facts, str(exc), language)


def _word(key: str, facts: dict[str, Any], english: str, language: str | None) -> str:
    if key == "layout" and facts.get("detail") is None:
        # a layout error the scraper gave no kind: its English detail, quoted
        facts = {**facts, "detail": ("quoted", {"text": facts.get("missing", english)})}
    values = {name: _word(*value, english, language) if _is_phrase(value) else value for name, value in facts.items()}
    return messages.text(_PREFIX + key, language=language, **values)


def _is_phrase(value: Any) -> bool:
    return (isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], str) and isinstance(value[1], dict)
            and messages.has(_PREFIX + value[0]))
