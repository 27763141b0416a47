"""The crawl's errors in the GM's language. The scraper cannot import mafvote (import-linter): it raises a
`ScraperError` with its English (`str()`, what `crawl_runs` keeps and the daemon logs) plus a key and facts; a
fact that is itself a phrase is a `(key, facts)` pair. `describe` words the pair through the catalogue
(`crawl.error.<key>` in `mafvote/messages/*_errors.py`), the way `gm_text` words the resolver's refusals.

    describe(FetchError(..., "fetch.attempts", url=u, attempts=3, failure=("http", {"status": "503", ...})))
        -> "не удалось прочитать u за 3 попытки: форум ответил HTTP 503 (`Service Unavailable`)"

An error with no key (or a key the catalogue does not know) is shown as the scraper wrote it.

A failed crawl run keeps both in the store (`crawl_runs.error`, `.error_phrase`); `describe_stored` words them the
same way for `mafvote status`, the crawl alerts and `tally`'s crawl warning. A run stored before the key was kept (by
mafvote before store migration 8) has none: when its English has one of the shapes the scraper writes (`_LEGACY`, the
same English then as now), it is read back into its key and facts and worded like a new one; any other is quoted as
an older version's error («ошибка, записанная прежней версией mafvote: `…`»), never shown bare."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Callable

from . import messages

if TYPE_CHECKING:       # an annotation only: `mafvote tally` words no crawl error and loads no crawler model
    from mafvote_scraper import ScraperError

__all__ = ["describe", "describe_note", "describe_stored", "legacy_phrase"]

_PREFIX = "crawl.error."


def describe(exc: ScraperError, language: str | None = None) -> str:
    """The error the scraper has just raised, in `language`; its English when it has no key."""
    key = getattr(exc, "key", None)
    if not key or not messages.has(_PREFIX + key, language):
        return str(exc)
    return _word(key, exc.facts, str(exc), language)


def describe_stored(english: str, phrase: tuple[str, dict[str, Any]] | None, language: str | None = None) -> str:
    """A crawl error as stored (`store.CrawlRun.error` and `.error_phrase`) in `language`. A run with no key was
    stored by an older mafvote: its English read back into a key (`legacy_phrase`), else quoted as that version's
    error; the English when the key is one the catalogue does not know."""
    if phrase is None:
        phrase = legacy_phrase(english) or ("legacy", {"text": english})
    if not messages.has(_PREFIX + phrase[0], language):
        return english
    return _word(phrase[0], phrase[1], english, language)


def _attempts(found: dict[str, str]) -> tuple[str, dict[str, Any]] | None:
    """«cannot read … after N attempts: <the last failure>», the failure as `ForumClient.get` writes it."""
    failure = _match(_FAILURES, found["failure"])
    if failure is None:
        return None
    return "fetch.attempts", {"url": found["url"], "attempts": int(found["attempts"]), "failure": failure}


def _match(shapes, text: str) -> tuple[str, dict[str, Any]] | None:
    for pattern, make in shapes:
        found = re.fullmatch(pattern, text, re.S)      # compiled on a first match, then from re's cache
        if found:
            phrase = make(found.groupdict())
            if phrase is not None:
                return phrase
    return None


Shapes = tuple[tuple[str, Callable[[dict[str, str]], tuple[str, dict[str, Any]] | None]], ...]


def _shapes(*pairs) -> Shapes:
    # the patterns stay text until a stored error is worded: most commands word none, and compiling the 19 at
    # import was ≈ 5 ms of every `mafvote tally` (issue 17, start-up)
    return tuple(pairs)


# `last_failure` of scraper/fetch.py's `ForumClient.get`, most specific first
_FAILURES: Shapes = _shapes(
    (r"timed out \(no whole answer in (?P<seconds>[\d.]+) s\)", lambda g: ("timeout", g)),
    (r"timed out \((?P<name>\w+)\)", lambda g: ("timeout.kind", g)),
    (r"connection failed \((?P<detail>.*)\)", lambda g: ("connection", g)),
    (r"the forum's compressed answer could not be unpacked \((?P<detail>.*)\)", lambda g: ("decoding", g)),
    (r"HTTP (?P<status>\d{3}) (?P<reason>.*)", lambda g: ("http", g)),
    (r"(?P<name>\w+): (?P<detail>.*)", lambda g: ("request", g)),
)

_URL = r"(?P<url>\S+)"


def _off_origin(found: dict[str, str]) -> tuple[str, dict[str, Any]]:
    how = "off_origin.link" if found["how"] == "ссылка ведёт" else "off_origin.redirect"
    return "fetch.off_origin", {**found, "how": (how, {})}

# The English the scraper (scraper/fetch.py, scraper/model.py) and the crawl (scraper/crawl.py) wrote into
# `crawl_runs.error` before store migration 8 kept the key beside it: each shape back to the key and facts it has now
_LEGACY: Shapes = _shapes(
    (rf"cannot read {_URL} after (?P<attempts>\d+) attempts: (?P<failure>.*)",
     _attempts),
    (rf"cannot read {_URL}: HTTP (?P<status>\d{{3}}) (?P<reason>.*?); check the topic URL in the config \(is the "
     r"topic public to guests\?\)", lambda g: ("fetch.status", g)),
    (rf"cannot read {_URL}: HTTP (?P<status>\d{{3}}) (?P<reason>.*?), the forum asks to wait (?P<wait>\d+) s \(more "
     r"than (?P<most>\d+) s\); try again later", lambda g: ("fetch.wait", g)),
    (rf"cannot read {_URL}: (?P<detail>.*) \(the forum redirected to a non-web address, or the URL lacks "
     r"http://\); check the topic URL in the config", lambda g: ("fetch.unsupported", g)),
    (rf"cannot read {_URL}: not a valid URL \((?P<detail>.*)\); fix the topic URL in the config",
     lambda g: ("fetch.invalid_url", g)),
    (rf"cannot read {_URL}: the forum packed its answer as (?P<encoding>.*), which mafvote did not ask for \(it "
     r"asks for gzip or deflate\)", lambda g: ("fetch.encoding", g)),
    (rf"cannot read {_URL}: redirect loop \(more than (?P<most>\d+) redirects, the last to (?P<last>\S+); a login "
     r"wall or a moved topic\?\): open the URL in a browser and put the topic's own address in the config",
     lambda g: ("fetch.redirect_loop", {**g, "most": int(g["most"])})),
    (rf"layout not recognised: {_URL} \(engine (?P<engine>[\w-]+)\): (?P<missing>.*)",
     lambda g: ("layout", {**g, "detail": None})),
    (r"internal error: (?P<name>\w+): (?P<detail>.*)", lambda g: ("internal", g)),
    # before these stops had a key (scraper/fetch.py until 4bedf84) their text was half Russian
    (rf"{_URL}: чтение прервано: mafvote остановлен \(SIGINT/SIGTERM\)", lambda g: ("fetch.stopped", g)),
    (rf"{_URL}: форум ответил «304 не изменилось» на запрос, который ни с чем .*", lambda g: ("fetch.not_modified", g)),
    (rf"cannot read {_URL}: ответ больше (?P<mb>[\d.]+) МиБ \(max_page_mb в \[\[forums\]\]\); страница форума так не "
     r"весит: .*", lambda g: ("fetch.too_big", g)),
    (rf"{_URL}: (?P<how>ссылка ведёт|форум перенаправил) на (?P<target>\S+), другой адрес \((?P<origin>[^;]+); адрес "
     r"форума в конфиге — (?P<home>[^)]+)\)\. mafvote не ходит на другие адреса .*", _off_origin),
)


def legacy_phrase(english: str) -> tuple[str, dict[str, Any]] | None:
    """The key and facts of an error an older mafvote stored as English only; None for a shape it does not know."""
    return _match(_LEGACY, english)


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
