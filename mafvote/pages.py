"""The day at a glance: static HTML pages of every game, one set for players and one for the GM (issue 18).

    GameService ──count_views──> Tally + CountInputs ──tally.timeline──> steps ──pages_chart──> inline SVG
         │                                   └──────────────> the count table, the vote log, who has not voted
         ├─ applied steps: closed days (their count at the close, the chart, the themed day post),
         │                 resolved nights (the themed night post; the GM's: the actions entered, the journal)
         └─ game state: the living (the GM's: roles, silences, alibis, misses)
    ──templates/_pages/*.html.j2 (Jinja, autoescaped; the log's rows, the flags and the charts set in after it as
      `Fragment`s, already UTF-8)──> {relative path: html} ──write_pages──> a folder

Language: the public pages are the players', who read the Russian forum: Russian whatever `[alerts] language`, title
and body, as the themed posts and the compact count page (`publish`) are. The GM's pages are the GM's: in the GM's
language (`messages.current()`, Russian by default). `page_language(view)` says which, and every word of a page is in
it: the titles, the templates' words, the vote log's, the chart's, the flags', the night's (mafvote.pages_words). What
stays as it is: the players' and roles' names, the game's title and the themed posts (the forum's own text).

Public pages go to `[publish].dir`, the GM's to `[publish].gm_dir` (default `gm-pages/` beside the store), which
may never be the public folder or inside it: the GM's pages hold the hidden weights, and a folder a web server
serves would serve them. The public pages are built from public-view counts only (and the themed posts, which
already show only what the rules let a post show), so nothing hidden can reach them.

Pages are written only when their text changed, both views' in one `atomic_files.write_changed`. Each page is
whole in itself: its style inline, no script or font from anywhere (the one script updates «осталось …» between
regenerations and the page reads the same without it). A closed day's page does not change after a new post:
it is written once, and the game page's entry of it (as of each night's) is made once and read back from the game
page's file after (`PageCache`) until a step it is made from changes (`GameService.finished_day_steps`): the
daemon regenerates a game after a post, a day's close or a night's resolution by counting the days that changed,
not every closed day again; the running day's log rows and flags are kept too (`_kept`), so after a post only its
own rows are written (bench/bench_pages.py: a 3,000-post day), and so are its timeline's replay and its chart's
lines (`tally.timeline` and `pages_chart` resume from the running day's memo: a new post is one step replayed and
drawn; issue 17). All of it lives in the running day's memo, made anew when the game's applied steps change and let
go when the day closes: of the game's past days only where their entries lie in the game's page is kept.
"""
from __future__ import annotations

import logging
import os
from array import array
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import partial
from html import escape
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

import jinja2
import jinja2.ext
import jinja2.lexer
from markupsafe import escape as escape_html

from mafvote_resolver import ResolverError, parse_night_file
from mafvote_tally import DayState, Flag, Tally, VoteRecord, VoteRules
from mafvote_tally.format import day_and_clock
from mafvote_tally.timeline import timeline

from . import gm_text, messages
from .alert_rules import flag_text, gm_report_data
from .atomic_files import write_changed
from .errors import BadInput
from .game import clock_fixed, open_service
from .pages_chart import PALETTE, chart_parts
from .pages_words import (outcome_in, page_language, page_word, page_words, phase_label, shown_times, time_left_in,
                          vote_reason, winner_in)
from .pages_chart import order as chart_order
from .paths import data_dir
from .phase_post import next_deadline, public_day_count, theme_of, with_modkills
from .publish import PublishError, count_file_names
from .publish_text import write_cause
from .render import RenderError, build_data, render
from .render.environment import ItemFirstEnvironment, render_values
from .shown_names import public_names

__all__ = ["Fragment", "PageCache", "PagesError", "day_page", "day_view", "game_pages", "gm_pages_dir", "index_page",
           "public_pages_dir", "publish_pages", "render_bytes", "render_page", "write_all_pages", "write_pages"]

log = logging.getLogger("mafvote.pages")


class PagesError(BadInput):
    """The pages cannot be written where the config says; the message says what to change."""


VIEWS = ("public", "gm")


class _BareWords(jinja2.ext.Extension):
    """Each bare word of a page template, `w("key")` with no facts, written into the template as its text in the
    environment's language (`page_words`' `w` gives the same text at every call: the catalogue is fixed in a
    process's life). A page asked `w` for some thirty such words at each render, each a call through Jinja's
    `Context.call` and the escape of its result (issue 17, the tick: four pages after every post). As a string
    constant, Jinja escapes it once when it compiles the template, as it escaped the call's result at each render."""

    def filter_stream(self, stream: jinja2.lexer.TokenStream) -> Any:
        language = self.environment.page_language      # type: ignore[attr-defined]
        tokens = list(stream)
        out = []
        i = 0
        while i < len(tokens):
            t = tokens[i]
            if (t.type == "name" and t.value == "w" and i + 3 < len(tokens) and tokens[i + 1].type == "lparen"
                    and tokens[i + 2].type == "string" and tokens[i + 3].type == "rparen"
                    and not (out and out[-1].type == "dot")):
                out.append(jinja2.lexer.Token(t.lineno, "string", page_word(language, tokens[i + 2].value)))
                i += 4
                continue
            out.append(t)
            i += 1
        return out


def _env(language: str | None) -> jinja2.Environment:
    """The page templates' environment; with a `language`, its bare words written in (`_BareWords`)."""
    env = ItemFirstEnvironment(loader=jinja2.FileSystemLoader(str(data_dir("templates") / "_pages")),
                           autoescape=True, trim_blocks=True, lstrip_blocks=True,
                           undefined=jinja2.StrictUndefined, extensions=[_BareWords] if language else ())
    env.page_language = language        # type: ignore[attr-defined]
    return env


# per language whose words are written in (None: none, `w` called at each render)
_ENVS: dict[str | None, jinja2.Environment] = {}


def _template(name: str, context: Mapping[str, Any] | None = None) -> jinja2.Template:
    """Template `name`, for a render with `context`: when its `w` is `page_words`' (the words of one language), from
    the environment with that language's bare words written in."""
    w = context.get("w") if context is not None else None
    language = w.args[0] if isinstance(w, partial) and w.func is page_word and len(w.args) == 1 else None
    env = _ENVS.get(language)
    if env is None:
        env = _ENVS[language] = _env(language)
    return env.get_template(name)


# the fragments `render_bytes` is setting into the page it renders (None: not inside render_bytes)
_PLACED: ContextVar[list["Fragment"] | None] = ContextVar("mafvote_pages_placed", default=None)


class Fragment:
    """A large piece of a page written in Python — the vote log's rows, the GM's flags, a chart: most of a busy
    day's page — set into the page after Jinja has rendered the rest (`render_bytes`). Passed through the template
    as one Markup string, it was copied at each escape and each macro's return (~10 ms of a 1 MiB page), and the
    whole page encoded to UTF-8 on each write (~2 ms a MiB; bench/bench_pages.py). `parts`: HTML, already escaped
    and encoded; the log's rows stay separate (`PageCache` keeps them from the previous regeneration) until the page
    is joined, once."""

    __slots__ = ("parts",)

    def __init__(self, parts: Sequence[bytes]) -> None:
        self.parts = parts

    def __bool__(self) -> bool:
        return any(self.parts)

    def __str__(self) -> str:
        return b"".join(self.parts).decode("utf-8")

    def __html__(self) -> str:
        placed = _PLACED.get()
        if placed is None:          # rendered some other way than by render_bytes: the whole HTML
            return str(self)
        placed.append(self)
        return f"\x00{len(placed) - 1}\x00"


def render_bytes(name: str, *, where: dict[Fragment, tuple[int, int]] | None = None, **context: Any) -> bytes:
    """The page of template `name` with `context`, in UTF-8, each `Fragment` in it set where the template puts it.
    `where`, when given, receives each placed fragment's (offset, length) in the page (`PageCache` reads the game
    page's past entries back from its file)."""
    placed: list[Fragment] = []
    token = _PLACED.set(placed)
    try:
        skeleton = render_values(_template(name, context), context)
    finally:
        _PLACED.reset(token)
    # the skeleton between its markers, "\x00<n>\x00" each: the text and the fragments' numbers in turn (split at
    # the NUL, not searched for by a regular expression: ≈ 0.1 M instructions a game page; a NUL of any other
    # kind fails the check below)
    pieces = skeleton.split("\x00")
    if pieces[1::2] != [str(i) for i in range(len(placed))]:
        # a NUL in some text of the page made a marker of its own (the store cleans control characters out of
        # posts and names, so this is a safeguard): the page rendered whole instead
        return _template(name, context).render(**context).encode("utf-8")
    out: list[bytes] = []
    at = 0
    for i, piece in enumerate(pieces):
        if i % 2:
            fragment = placed[int(piece)]
            out.extend(fragment.parts)
            size = sum(len(part) for part in fragment.parts)
            if where is not None:
                where[fragment] = (at, size)
        else:
            out.append(piece.encode("utf-8"))
            size = len(out[-1])
        at += size
    return b"".join(out)


def render_page(name: str, **context: Any) -> str:
    """`render_bytes` as text."""
    return render_bytes(name, **context).decode("utf-8")


def gm_pages_dir(config) -> Path:
    """The GM pages' folder: `[publish].gm_dir`, else `gm-pages/` beside the store; never the public folder or in it."""
    gm = getattr(config.publish, "gm_dir", None)
    path = Path(gm) if gm is not None else Path(config.store.path).resolve().parent / "gm-pages"
    public = config.publish.dir
    if public is not None:
        pub, mine = Path(public).resolve(), path.resolve()
        if mine == pub or pub in mine.parents:
            raise PagesError(f"[publish].gm_dir {path} is inside the public folder [publish].dir {public}: the GM's "
                             "pages hold the hidden weights and a web server would serve them; set gm_dir to a "
                             "folder outside it")
    return path


# a closed day's own page not (yet) known to be in its file: a stamp no file has (a size of -1)
_NO_STAMP = (-1, -1, -1)


class _Past:
    """What `PageCache` keeps of the game page's past in one view: its entries (a closed day's or a night's article,
    oldest first) as a few numbers each in arrays, one object a game and view. An object, a key and a dict entry
    per entry were ≈ 1.9 KB a game day (a closed day and a night, both views) that the daemon kept for the game's
    life (issue 17, the soak); this is ≈ 0.1 KB. Until the page is in its file: the entries themselves (`entries`).
    Then where they lie in that file: the page sets them as one piece, next to each other, newest first
    (`game_pages`), so the offset of that piece (`at`) and each entry's length (`lengths`) say where each one is,
    and `page_stamp` which file that is (inode, size, time). `day_stamps`: each closed day's own page's stamp, three
    numbers a closed day (`_NO_STAMP`: not known). An entry is found by its place in the past, and a closed day's
    stamp by its place among the closed days: the same places as at the last call for an entry whose steps are the
    same (`PageCache.same_steps`)."""

    __slots__ = ("entries", "page_stamp", "at", "lengths", "day_stamps")

    def __init__(self, entries: list[bytes | memoryview] | None = None, day_stamps: array | None = None) -> None:
        self.entries = entries
        self.page_stamp: tuple[int, int, int] | None = None
        self.at = 0
        self.lengths = array("I")
        self.day_stamps = day_stamps if day_stamps is not None else array("q")

    def in_file(self, page_stamp: tuple[int, int, int], section: tuple[int, int] | None) -> bool:
        """The entries are the game's page `page_stamp`'s past section at `section` (offset, length; None: the page
        did not say where): kept as where they lie, their text let go; else False (kept as they are)."""
        if not self.entries or section is None:
            return False
        try:
            lengths = array("I", [len(entry) for entry in self.entries])
        except OverflowError:       # an entry of 4 GiB or more: kept in memory
            return False
        if sum(lengths) != section[1]:      # a section that is not exactly these entries: not read back by them
            return False
        self.lengths, self.page_stamp, self.at, self.entries = lengths, page_stamp, section[0], None
        return True

    def day_stamp(self, k: int) -> tuple[int, ...]:
        """Closed day `k`'s own page's stamp as kept (`_NO_STAMP`: not known)."""
        return tuple(self.day_stamps[3 * k:3 * k + 3]) or _NO_STAMP

    def stamp_day(self, k: int, stamp: tuple[int, int, int] | None) -> None:
        """Closed day `k`'s own page is in its file `stamp` (None: not there); a stamp a 64-bit number cannot hold (an
        inode or a time that large) is kept as not known, and the day made again."""
        try:
            self.day_stamps[3 * k:3 * k + 3] = array("q", stamp or _NO_STAMP)
        except OverflowError:
            self.day_stamps[3 * k:3 * k + 3] = array("q", _NO_STAMP)


@dataclass
class PageCache:
    """What the pages of closed days and nights show, each kept while what it is made from stays the same: a closed
    day while the steps its count reads do (`GameService.finished_day_steps`: not a later day's close or a night's
    resolution after its own), the rest while the game's applied steps do (a new post changes only the running day).
    Each close used to remake every closed day, both views, so each close's transient (and the daemon's memory after
    it) was a day bigger than the last (the soak, issue 17).

    Each entry of the game page's past (a closed day's or a night's `<article>`, `_past.html.j2`) is rendered once
    and set into the page as a `Fragment`; once the page is in its file, the cache keeps only where the entries lie
    in it and which file it is (`_Past`), and the next regeneration reads them back from that file (one read of the
    past section), not from memory: kept whole, both views' past of every game grew the daemon by a closed day and a
    night (≈ 4 KB) each game day (bench/README.md, "Daemon soak"). A closed day's own page is made once and written,
    and left out of the pages to write while its file in `folder` (the view's folder, set by `publish_pages`) is the
    one written then. What an entry is made from is checked once a call against the last call's steps (`same_steps`),
    not kept in a key per entry: an entry made from a step that changed since (a new step, an undo, a replacement), a
    closed day a post written since falls in (a late post, an edit), or an entry whose file is gone or changed since
    (the game's page or the day's own) is made again; a closed day's from its count, as at first. A call that does not
    end (an error midway) leaves nothing to keep: the next makes every entry again. With no `folder` every closed
    day's page is made on each call, as with no cache, and the nights' entries are kept in memory."""

    folder: Path | None = None
    # the game's page, relative to `folder`
    page: str | None = None
    # where the store's posts stood at the last call (`GameService.posts_changed_since`)
    posts_seen: tuple | None = None
    # the view, the game and its applied steps (the journal's records, held there too) the last call made the page
    # from, None when it did not end (`same_steps`); while a call runs, the last call's steps are in `last_applied`
    view: str | None = None
    game: Any = None
    applied: tuple | None = None
    last_applied: tuple | None = None
    # the game page's past as last made, oldest entry first (`_Past`)
    past: _Past = field(default_factory=_Past)
    # the running day's memo (`day_view`: its timeline's replay, chart and log rows): (the day, the memo)
    memo: tuple[int, dict] | None = None
    # from the last call until `pages_written`: where the page put its past section (offset, length), and the closed
    # days whose own page it made (their number in the past's closed days, the page relative to `folder`)
    _section_at: tuple[int, int] | None = None
    _made_days: list[tuple[int, str]] = field(default_factory=list)
    # this call's read of the written page's past section: (each entry's start in it, its bytes); False: unreadable
    _section: tuple[list[int], memoryview] | bool | None = None

    def same_steps(self, view: str, game: Any, applied: Sequence) -> int:
        """How many of the game's `applied` steps (in order) are, from the first, the steps of the last call (of the
        same game in the same view): a past entry is made from the steps up to its own (a closed day also reads some
        later ones: `reads_same`), so one whose step is among them is where it was, and what it was. Checked once a
        call, not kept in each entry's key: a key per closed day and night was ≈ 0.5 KB of the ≈ 1.9 KB the cache
        kept of each game day, both views (issue 17, the soak). The last call's steps are in `last_applied` until
        this call ends (`set_in_page`)."""
        before, self.applied = self.applied, None      # a call that fails midway keeps nothing for the next
        same_game = view == self.view and (game is self.game or game == self.game)
        self.last_applied = before if same_game else None
        self.view, self.game = view, game
        if self.last_applied is None:
            return 0
        n = min(len(before), len(applied))
        return next((i for i in range(n) if before[i].step != applied[i].step), n)   # a redone step: another digest

    def unchanged(self, applied: Sequence, same: int) -> bool:
        """Every step of the game is the last call's (`same`: `same_steps`): the nights and the running day are kept."""
        return self.last_applied is not None and same == len(applied) == len(self.last_applied)

    def reads_same(self, service, number: int, close: int, applied: Sequence) -> bool:
        """Closed day `number`, closed at `applied[close]` (a step of the last call's too: `same_steps`), reads the
        same later steps as at the last call (the next night's end, the replacements: `finished_day_steps`)."""
        return (service.finished_day_steps(number, applied)[close + 1:]
                == service.finished_day_steps(number, self.last_applied)[close + 1:])

    def names_same(self, applied: Sequence) -> bool:
        """The game's replacements are the last call's (`replace` steps, whenever made): a night's entry names the
        players by their latest accounts, and is made from the steps up to its own besides (`same_steps`)."""
        return self.last_applied is not None and ([r.step for r in applied if r.how == "replace"]
                                                  == [r.step for r in self.last_applied if r.how == "replace"])

    def running_memo(self, day: int, unchanged: bool) -> dict:
        """The running day's memo: kept while the game's steps stay the same (a new post is one step more of its
        timeline and chart), else a new one."""
        if not unchanged or self.memo is None or self.memo[0] != day:
            self.memo = (day, {})
        return self.memo[1]

    def past_entry(self, j: int, day: tuple[int, str] | None = None) -> bytes | memoryview | None:
        """Entry `j` of the last call's past (oldest first), as the game's page showed it, when it can be had: kept
        in memory (not written yet, or not where it can be read back), else read back from the game's page as
        written; `day`: a closed day's number among the past's closed days and its own page (relative to `folder`),
        read only while that page is the file written. None: make it. The caller asks only for an entry made from
        the steps it is made from now (`same_steps`, `reads_same`)."""
        past = self.past
        if day is not None and (self.folder is None or past.day_stamp(day[0]) != _stamp(self.folder / day[1])):
            return None
        if past.entries is not None:
            return past.entries[j] if j < len(past.entries) else None
        if j >= len(past.lengths):
            return None
        section = self._read_section()
        if not section:
            return None
        starts, data = section
        return data[starts[j]:starts[j] + past.lengths[j]]

    def _read_section(self) -> tuple[list[int], memoryview] | bool:
        """The written game page's past section, read once a call: its entries are next to each other in the page,
        newest first (`_Past`), in one read of the file checked to be the one written."""
        if self._section is None:
            self._section = False
            past = self.past
            if past.lengths and self.folder is not None and self.page is not None and past.page_stamp is not None:
                starts, at = [0] * len(past.lengths), 0
                for j in range(len(past.lengths) - 1, -1, -1):
                    starts[j], at = at, at + past.lengths[j]
                try:
                    fd = os.open(self.folder / self.page, os.O_RDONLY)
                except OSError:
                    return False
                try:
                    if _identity(os.fstat(fd)) == past.page_stamp:   # the open file's: no other can slip in after
                        data = os.pread(fd, at, past.at)
                        if len(data) == at:
                            self._section = (starts, memoryview(data))
                except OSError:
                    pass
                finally:
                    os.close(fd)
        return self._section

    def set_in_page(self, page: str, applied: Sequence, entries: Sequence[bytes | memoryview],
                    section: tuple[int, int] | None, days: Sequence[str | None]) -> None:
        """The end of a call: the game's page (`page`, relative) was made from `applied` with the past `entries`
        (oldest first), set as one section, newest first, at `section` in the page ((offset, length), None when not
        known); `days`: each closed day's own page (relative) when this call made it, None when kept. Kept in memory
        until the pages are in their files (`pages_written`)."""
        self.page, self.applied, self.last_applied = page, tuple(applied), None
        kept = self.past.day_stamps
        stamps = array("q")
        for k, made in enumerate(days):
            stamps.extend(_NO_STAMP if made is not None else kept[3 * k:3 * k + 3])
        self.past = _Past(list(entries), stamps)
        self._section_at = section
        self._made_days = [(k, made) for k, made in enumerate(days) if made is not None]
        self._section = None        # the entries read back hold their bytes until the page is made

    def pages_written(self) -> None:
        """The pages of the last call are in their files now (written, or found the same): the stamps of the game's
        page and of the closed days' pages it made, and where each past entry lies in the game's page (their text
        let go), or their text kept where that is not known."""
        past = self.past
        if self.folder is not None:
            for k, rel in self._made_days:
                past.stamp_day(k, _stamp(self.folder / rel))
        stamp = _stamp(self.folder / self.page) if self.folder is not None and self.page is not None else None
        if past.entries is not None and not (stamp is not None and past.in_file(stamp, self._section_at)):
            past.entries = [bytes(entry) for entry in past.entries]     # not a slice of a section read back
        self._section_at, self._made_days = None, []


def _stamp(path: Path) -> tuple[int, int, int] | None:
    """Which file `path` is: replaced (atomically, a new inode), rewritten or deleted, it is another."""
    try:
        return _identity(path.stat())
    except OSError:
        return None


def _identity(info: os.stat_result) -> tuple[int, int, int]:
    return info.st_ino, info.st_size, info.st_mtime_ns


# ------------------------------------------------------------------------------------------ one day


def _local(t: datetime | None, tz) -> str:
    return day_and_clock(t.astimezone(tz)) if t is not None else ""


def day_view(tally: Tally, state: DayState, rules: VoteRules, *, view: str, names: Mapping[str, str], tz,
             link: Callable[[int], str], now: datetime | None = None, close: datetime | None = None,
             memo: dict | None = None) -> dict[str, Any]:
    """What a page shows of one counted day (`tally`, counted from `state` by `rules`): the count table, the chart,
    the log, who has not voted; `link(post_id)` is the post's URL on the forum. `memo` keeps the log's rows and the
    flags' texts between regenerations of the same game and view (`PageCache`): after a new post only its own
    rows are written (a 3,000-post day has ~1,800 vote records and, in a busy thread, over a thousand flags)."""
    memo = memo if memo is not None else {}

    def n(p: str | None) -> str:
        return names.get(p, p) if p else "—"

    # the running day's timeline and chart resume from the last regeneration's (`memo`): a new post is a step more
    steps = timeline(tally, state, rules, close=close, memo=memo)
    live_now = None if tally.closed else (tally.as_of or now)
    colour_of = {p: PALETTE[i % len(PALETTE)] for i, p in enumerate(chart_order(steps, memo))}
    gm = view == "gm"
    # only the shown name, in the text and the attributes: in a mask game the slot's nick is the account behind the
    # mask, which no public page may carry
    rows = [_count_row(c, n, colour_of.get(c.player, "#888"), gm, rules.colors_matter).encode("utf-8")
            for c in tally.candidates]
    language = page_language(view)
    log_rows = _kept(tally.votes, memo, "log",
                     lambda v: _log_row(v, names, tz, rules.colors_matter, link, gm, language))
    title = messages.text("pages.title.chart", language, day=tally.day)
    svg = chart_parts(steps, start=tally.since, deadline=tally.deadline, tz=tz, names=names,
                      closed_early=tally.closed_early, now=live_now, title=title, sizes=("wide", "narrow"), memo=memo,
                      language=language)
    result = outcome_in(tally, names, language) if tally.closed else ""
    return {
        "number": tally.day, "view": view, "closed": tally.closed, "closed_early": _local(tally.closed_early, tz),
        "deadline": _local(tally.deadline, tz), "deadline_iso": tally.deadline.isoformat(),
        "since": _local(tally.since, tz), "as_of": _local(tally.as_of or now, tz),
        "time_left": time_left_in(tally.deadline, live_now, language) if live_now is not None else "",
        "rows": Fragment(rows), "log": Fragment(log_rows), "log_count": len(log_rows),
        "log_counted": sum(1 for v in tally.votes if v.counted),
        "not_voted": [n(p) for p in tally.not_voted], "silenced": [n(p) for p in tally.silenced],
        "final": [n(p) for p in tally.final], "colors_matter": rules.colors_matter,
        "chart": Fragment(svg), "result": result, "steps": len(steps) - 1, "text": "",
        "flags": Fragment(_flags(tally, tz, link, names, memo, language)) if gm else "",
        "alerts": _alerts(tally, tz, language) if gm else [],
    }


def _count_row(c, n: Callable[[str | None], str], colour: str, gm: bool, colors_matter: bool) -> str:  # noqa: ANN001
    """One row of the count table, a candidate's (`Candidate`): written here rather than in the template, as the
    log's rows are: both views' pages are made again after every post, and the template's loops over the voters
    were a third of a game page's Jinja (issue 17). Escaped as Jinja's autoescape does (`markupsafe.escape`)."""
    red = [v for v in c.voters if v.color == "red"]
    blue = [v for v in c.voters if v.color == "blue"]

    def voter(v, colour_: str, comma: bool) -> str:  # noqa: ANN001
        weight = f" ×{escape_html(v.weight)}" if gm and v.weight != 1 else ""
        return f'<span class="{colour_}">{escape_html(n(v.voter))}{weight}</span>' + (", " if comma else "")

    voters = "".join([*(voter(v, "red", i < len(red) - 1 or bool(blue)) for i, v in enumerate(red)),
                      *(voter(v, "blue", i < len(blue) - 1) for i, v in enumerate(blue))])
    player = escape_html(n(c.player))
    blue_cell = (f'<td class="num"><span class="vote blue" data-blue="{c.blue}">{c.blue}</span></td>'
                 if colors_matter else "")
    return (f'<tr data-player="{player}" data-total="{c.total}">\n'
            f'<td><span class="swatch" style="background: {escape_html(colour)}"></span><b>{player}</b>\n'
            f'<div class="voters">{voters}</div></td>\n'
            f'<td class="num"><span class="vote red" data-red="{c.red}">{c.red}</span></td>\n'
            f'{blue_cell}<td class="num hide-phone">{f"+{c.penalty}" if c.penalty else "—"}</td>\n'
            f'<td class="num total">{c.total}</td></tr>\n')


def _kept(items: Sequence[Any], memo: dict, slot: str, make: Callable[[Any], str],
          keep: Callable[[Any], bool] = lambda item: True) -> list[bytes]:
    """`make(item)` in UTF-8 for each of `items` (the vote records, the flags: frozen dataclasses), kept in `memo` between
    regenerations. An item equal to the one at its place last time takes that one's HTML (a new post adds records
    at the end and changes a few before them, each an equality test, or none: a warm recount hands back the same
    record objects for the posts it did not read again); another is looked up by value (a hash and an equality
    test); the rest are made. An item that `keep` refuses is made anew each time."""
    before, made = memo.get(slot, ((), ()))
    count = len(before)
    out: list[bytes] = []
    kept: list[bytes | None] = []
    for i, item in enumerate(items):
        html = made[i] if i < count and made[i] is not None and (before[i] is item or before[i] == item) else None
        if html is None:
            if keep(item):
                html = memo.get(item)
                if html is None:
                    html = memo[item] = make(item).encode("utf-8")
            else:
                out.append(make(item).encode("utf-8"))
                kept.append(None)
                continue
        out.append(html)
        kept.append(html)
    memo[slot] = (tuple(items), kept)
    return out


def _log_row(v: VoteRecord, names: Mapping[str, str], tz, colors_matter: bool, link: Callable[[int], str],
             gm: bool, language: str = "ru") -> str:
    """One row of the vote log, written here rather than in the template: a 3,000-post day has some 1,800 vote
    records, and the page is regenerated after every post (bench/bench_pages.py). Worded in `language`."""
    voter = escape(names.get(v.voter, v.voter))
    target = escape(names.get(v.target, v.target)) if v.target else f"«{escape(v.written)}»"
    if colors_matter:
        color = v.color
        word = page_word(language, "legend.against" if v.color == "red" else "legend.for")
    else:
        color, word = "vote", page_word(language, "log.a_vote")
    url = escape(link(v.post_id))
    status = escape(vote_reason(v.reason, language))
    if v.counted:
        status = f"<b>{status}</b>" + (escape(page_word(language, "log.weight", n=v.weight)) if gm else "")
    early = f' <span class="pill early">{escape(page_word(language, "log.final"))}</span>' if v.early else ""
    local = v.time.astimezone(tz)
    return (f'<tr class="{"on" if v.counted else "off"}" data-voter="{voter}">'
            f'<td class="time"><time datetime="{v.time.isoformat()}">{day_and_clock(local)}</time></td>'
            f'<td>{voter}</td><td><span class="vote {color}">{word} {target}</span>{early}</td>'
            f'<td class="hide-phone"><a href="{url}" rel="nofollow noopener">#{v.post_id}</a></td>'
            f'<td class="status">{status}<span class="show-phone"> · <a href="{url}" rel="nofollow noopener">'
            f'{escape(page_word(language, "log.a_post"))}</a>'
            f'</span></td></tr>\n')


def _flags(tally: Tally, tz, link: Callable[[int], str], names: Mapping[str, str], memo: dict,
           language: str = "ru") -> list[bytes]:
    """The GM's flags, one line each (written here, not in the template: a busy day has over a thousand), worded in
    `language`."""
    # what flag_text reads of the count beside a flag's own facts (misses, activity), not its whole JSON
    facts = {"view": "gm", "game": tally.game, "day": tally.day, "misses": dict(tally.misses),
             "activity": dict(tally.activity)}

    def line(flag: Flag) -> str:
        f = flag.to_json()
        label, text = flag_text(f, facts, tz=tz, language=language, names=names)
        if language != "ru":
            text = shown_times(text, tz, language)      # English shows the count's sentence, its moments ISO
        who = f" — {escape(names.get(f['player'], f['player']))}" if f["player"] else ""
        url = link(f["post_id"]) if f["post_id"] is not None else None
        post = (f' (<a href="{escape(url)}" rel="nofollow noopener">'
                f'{escape(page_word(language, "flags.post", id=str(f["post_id"])))}</a>)') if url else ""
        return f"<li><b>{escape(label)}</b>{who}: {escape(text)}{post}</li>\n"

    # a flag about a post says the same on every regeneration; one about a player (misses) is worded anew
    return _kept(tally.flags, memo, "flags", line, keep=lambda flag: flag.post_id is not None)


def _alerts(tally: Tally, tz, language: str = "ru") -> list[dict[str, Any]]:
    if not tally.alerts:
        return []
    data = gm_report_data({"tally": {"view": "gm", "game": tally.game, "day": tally.day, "flags": [],
                                     "alerts": [a.to_json() for a in tally.alerts]}}, language=language, tz=tz)
    # English shows the count's own sentence, its moments shown as the Russian alerts show theirs
    return [{"text": a["text"] if language == "ru" else shown_times(a["text"], tz, language),
             "time": _local(datetime.fromisoformat(a["time"]), tz) if a.get("time") else ""}
            for a in data["tally"]["alerts"]]


def day_page(day: Mapping[str, Any], *, game: Mapping[str, str], view: str, index_href: str = "../index.html") -> str:
    """A closed day's page (no «обновлено»: it stays the same file until the game's steps change)."""
    return _day_page(day, game=game, view=view, index_href=index_href).decode("utf-8")


def _day_page(day: Mapping[str, Any], *, game: Mapping[str, str], view: str, index_href: str) -> bytes:
    return render_bytes("day.html.j2", **page_words(view), game=game, view=view, gm=view == "gm",
                        index_href=index_href, updated="", live_clock=not clock_fixed(), day=day,
                        title=messages.text("pages.title.day", page_language(view), game=game["title"],
                                            day=day["number"]))


# ------------------------------------------------------------------------------------------ a game


def _close_end(row) -> datetime | None:  # noqa: ANN001 - AppliedPhase
    at = row.outcome.get("ended_at")
    return datetime.fromisoformat(at) if at else None


def _themed(service, kind: str, row, now: datetime, public: Tally | None = None,
            whole: Mapping[str, Any] | None = None) -> str:
    """The themed post of a resolved night or a closed day (the post the GM publishes), as plain text. `public`: the
    closed day's public count, `whole` the night's whole outcome (`full_outcome`), when the caller has it."""
    game = service.game
    common = dict(game=game, ruleset=service.ruleset, templates_dir=game.templates_dir, phase=row.number,
                  replacements=service.state().replacements, now=now,
                  deadline=next_deadline(service, kind, row.number))
    try:
        if kind == "night":
            data = build_data(outcome=with_modkills(service, row, whole), **common)
        else:
            shown = public_day_count(service, row, public)
            data = build_data(outcome=with_modkills(service, row), tally=shown, public_tally=shown, **common)
        return render(theme_of(game, service), kind, data, fmt="text", templates_dir=game.templates_dir).strip()
    except RenderError as exc:
        log.warning("pages %s: the themed %s %d post failed (%s)", game.id, kind, row.number, exc)
        return ""


def _night_view(service, row, before, *, view: str, now: datetime) -> dict[str, Any]:
    """A resolved night: its themed post; the GM's adds the actions entered (as `night add` reads them back, and the
    night file itself), the refusals, the deaths and the resolver's journal, worded as `night resolve` words them.
    `before`: the game's state when the night began (the file is read against it)."""
    o = service.full_outcome(row) if view == "gm" else None     # the journal keeps a night without its texts
    out: dict[str, Any] = {"number": row.number, "text": _themed(service, "night", row, now, whole=o)}
    if o is not None:
        try:
            actions = service.read_night(row.number)
        except Exception:  # noqa: BLE001 - a night file gone since: the page says so
            actions = ""
        try:
            read = [gm_text.describe(a) for a in parse_night_file(actions, str(service.night_path(row.number)),
                                                                   service.ruleset, before).actions]
        except ResolverError:
            read = []          # the file was edited by hand since: it is shown as it is
        # the journal's keyed lines (`journal`) in words; a night stored before they were kept: its English `log`
        lines = o.get("journal") or o.get("log") or ()
        refused = o.get("refused") or ()
        reasons = o.get("refused_journal") or [r.get("reason") for r in refused]
        with messages.using(page_language(view)):
            out.update(actions=actions, read=read, journal=[gm_text.journal(x) for x in lines],
                       refused=[gm_text.refusal({**r, "reason_line": why}) for r, why in zip(refused, reasons)],
                       deaths=[f"{d.get('player')} — {d.get('role')}" for d in o.get("deaths") or ()])
    return out


def _players(service, state, names: Mapping[str, str], view: str) -> list[dict[str, Any]]:
    out = []
    for p in state.players:
        if view == "public" and not p.alive:
            continue
        entry: dict[str, Any] = {"name": names.get(p.nick, p.nick), "alive": p.alive}
        if view == "gm":
            entry.update(role=p.role or "—", misses=state.misses.get(p.nick, 0),
                         silenced=any(s.player == p.nick for s in state.silences if s.days > 0),
                         hidden=p.nick in state.hidden_vote_loss, alibi=p.nick in state.alibis)
        out.append(entry)
    return out


def game_pages(service, *, view: str, now: datetime, cache: PageCache | None = None,
               index_href: str = "../index.html", counts: tuple | None = None,
               count_files: Sequence[str] = (), closed: dict | None = None,
               views: Sequence[str] = ()) -> dict[str, bytes]:
    """Every page of one game in one view, in UTF-8: `{"<game>/index.html": html, "<game>/day-N.html": html, …}`, but
    for a closed day's page that `cache` knows is in its file already (`PageCache`). `counts`:
    the running day's `count_views(...)` with this view among them, when the caller has counted it already.
    `count_files`: the names of the game's count files (`votecount-<game>.html`, `.bbcode`) beside the pages'
    folder, which the running day's section links to. `closed` (one dict per game for the calls of one
    regeneration, with `views` the views it makes): a closed day made in one view is counted in all of `views` at
    once and its themed post made once, kept there for the other views' calls; a close used to count the day four
    times (each view, and the day post's public count in each)."""
    if view not in VIEWS:
        raise ValueError(view)
    cache = cache if cache is not None else PageCache()
    game = service.game
    applied = service.applied()
    state = service.state(applied)
    current = service.current_phase(applied)
    winner = service.winner(applied)
    names = public_names(game.players, state.replacements)
    tz = service.tz
    base = {**page_words(view), "game": {"id": game.id, "title": game.title or game.id}, "view": view,
            "index_href": index_href, "updated": _local(now, tz), "gm": view == "gm", "live_clock": not clock_fixed()}
    files: dict[str, bytes] = {}
    page = f"{game.id}/index.html"

    past: list[bytes | memoryview] = []     # the entries set into the page, oldest first
    days: list[str | None] = []     # each closed day's own page when made in this call (`PageCache.set_in_page`)
    before = None       # the step before `row` (an AppliedPhase): its state is read only to make a night's entry
    # a post written since the last call dated before a closed day's end (an edit, a late crawl, the night's
    # votes after the day's close) changes that day's count
    cache.posts_seen, changed = service.posts_changed_since(cache.posts_seen)
    same = cache.same_steps(view, game, applied)
    unchanged = cache.unchanged(applied, same)
    names_same: bool | None = None
    for i, row in enumerate(applied):
        if row.how == "close":
            rel = f"{game.id}/day-{row.number}.html"
            # a closed day is made again only when a step its count reads changed (the names: `replace` steps): the
            # steps up to its close (the same as at the last call: `same`) and the later ones it reads
            kept = i < same and (unchanged or cache.reads_same(service, row.number, i, applied))
            if kept and changed is not None:
                end = service.finished_day_read_end(row.number, applied)
                kept = end is not None and not changed < end
            # its place in the past and among the closed days: the last call's too, the steps before it the same
            entry = cache.past_entry(len(past), (len(days), rel)) if kept else None
            days.append(None if entry is not None else rel)
            if entry is None:
                made_as = (row.number, i, service.finished_day_steps(row.number, applied)[i + 1:])
                made = closed.get(made_as) if closed is not None else None
                if made is None:
                    asked = tuple(dict.fromkeys((view, *views)))
                    tallies, inputs = service.count_views(row.number, views=asked)
                    made = (tallies, inputs, _themed(service, "day", row, now, tallies.get("public")))
                    if closed is not None:
                        closed[made_as] = made
                tallies, inputs, text = made
                day = day_view(tallies[view], inputs.state, inputs.rules, view=view, names=names, tz=tz,
                               link=service.link, close=_close_end(row), memo={})
                day["text"] = text
                files[rel] = _day_page(day, game=base["game"], view=view, index_href=index_href)
                entry = _past_entry(view, {"kind": "day", "number": row.number, "href": f"day-{row.number}.html",
                                           **{name: day[name] for name in ("result", "chart", "steps", "text")}})
            past.append(entry)
        elif row.how == "resolve":
            # a night is made again only when a step it is made from changed: the steps up to its own (its modkills,
            # the state it began with), and the replacements (its names). Made again at each step, a game's nights
            # were work and a transient that grew with its days at every close and night (issue 17, the soak)
            if names_same is None:
                names_same = cache.names_same(applied)
            entry = cache.past_entry(len(past)) if unchanged or (i < same and names_same) else None
            if entry is None:
                began = before.state if before is not None else service.initial()
                entry = _past_entry(view, {"kind": "night", **_night_view(service, row, began, view=view, now=now)})
            past.append(entry)
        before = row
    live = None
    if current.kind == "day" and winner is None:
        tallies, inputs = counts or service.count_views(current.number, views=(view,), now=now)
        live = day_view(tallies[view], inputs.state, inputs.rules, view=view, names=names, tz=tz, link=service.link,
                        now=now, memo=cache.running_memo(current.number, unchanged))
    else:
        cache.memo = None           # let go with its day
    language = page_language(view)
    phase = {"label": phase_label(current, language), "kind": current.kind, "deadline": _local(current.deadline, tz),
             "deadline_iso": current.deadline.isoformat(),
             "time_left": time_left_in(current.deadline, now, language) if winner is None else ""}
    gm_state = None
    if view == "gm":
        gm_state = {"silences": [page_word(language, "silence" if s.announced else "silence.secret",
                                           who=names.get(s.player, s.player), days=str(s.days))
                                 for s in state.silences if s.days > 0],
                    "alibis": [names.get(a, a) for a in state.alibis],
                    "steps": [r.describe(tz) for r in applied]}
    # the past, newest first, set into the page as one fragment: an entry each was a turn of the template's loop, a
    # marker and a piece more at every tick, work that grew with the game's days (issue 17, the soak). `game.html.j2`
    # sets it at the start of its line, `</section>` right after: the bytes the loop wrote
    section = Fragment(past[::-1])
    where: dict[Fragment, tuple[int, int]] = {}
    files[page] = render_bytes(
        "game.html.j2", where=where, **base, phase=phase, live=live,
        title=messages.text(f"pages.title.game.{current.kind}", page_language(view), game=game.title or game.id,
                            number=current.number),
        past=section, players=_players(service, state, names, view),
        winner=winner_in(service, winner, language), gm_state=gm_state,
        count_links=[{"href": f"../{name}", "name": name, "bbcode": name.endswith(".bbcode")} for name in count_files])
    cache.set_in_page(page, applied, past, where.get(section), days)
    return files


def _past_entry(view: str, entry: Mapping[str, Any]) -> bytes:
    """One entry of the game page's past (`_past.html.j2`: a closed day's or a night's article) in UTF-8."""
    return render_bytes("_past.html.j2", **page_words(view), gm=view == "gm", p=entry)


def index_page(games: Sequence[Mapping[str, Any]], *, view: str, now: datetime) -> str:
    words = page_words(view)
    return _template("index.html.j2", words).render(**words, games=games, view=view, gm=view == "gm",
                                                    index_href="index.html", live_clock=not clock_fixed(),
                                                    title=messages.text("pages.title.index.gm" if view == "gm"
                                                                        else "pages.title.index", page_language(view)),
                                                    updated=day_and_clock(now.astimezone(timezone.utc)) + " UTC")


def write_pages(directory: Path, files: Mapping[str, str | bytes]) -> list[Path]:
    """Write each page (text, or UTF-8) that changed (atomically); returns the files written."""
    return _write_folders([(Path(directory), files)])[0]


def _write_folders(folders: Sequence[tuple[Path, Mapping[str, str | bytes]]]) -> list[list[Path]]:
    """The pages of several folders (both views) in one `write_changed`, their flushes side by side; the files
    written in each folder."""
    try:
        written = set(write_changed({directory / rel: text for directory, files in folders
                                     for rel, text in files.items()}))
    except OSError as exc:
        where = " / ".join(str(directory) for directory, _ in folders)
        raise PublishError(f"cannot write the pages to {where} ({exc.strerror or exc}); check [publish].dir "
                           "and [publish].gm_dir in the config, the folders' permissions and the free disk space",
                           "write_pages", where=where,
                           cause=write_cause(exc, "`[publish].dir` / `[publish].gm_dir`")) from exc
    return [[directory / rel for rel in files if directory / rel in written] for directory, files in folders]


def _summary(service, now: datetime, language: str) -> dict[str, Any]:
    applied = service.applied()
    current = service.current_phase(applied)
    winner = service.winner(applied)
    return {"id": service.game.id, "title": service.game.title or service.game.id, "href": f"{service.game.id}/index.html",
            "phase": phase_label(current, language), "deadline": _local(current.deadline, service.tz),
            "deadline_iso": current.deadline.isoformat(),
            "time_left": time_left_in(current.deadline, now, language) if winner is None else "",
            "winner": winner_in(service, winner, language)}


def publish_pages(services: Sequence[Any], *, public_dir: Path | None, gm_dir: Path | None, now: datetime,
                  caches: dict[tuple[str, str], PageCache] | None = None, only: str | None = None,
                  counted: Mapping[str, tuple] | None = None, coming: Sequence[Path] = ()) -> dict[str, list[Path]]:
    """Write the pages of `services` (GameService, one per game) in both views, and the index of them all; `only`:
    the pages of that game alone (the daemon, after a change in one game). `counted`: game -> (day, {view: Tally},
    CountInputs) the caller has just counted at `now` (the daemon's tick), used for that running day instead of
    counting again. `coming`: count files the caller is writing (staged: not in place yet), linked as if there.
    Returns the files written per view."""
    caches = caches if caches is not None else {}
    out: dict[str, list[Path]] = {}
    wanted = [v for v, d in (("public", public_dir), ("gm", gm_dir)) if d is not None]
    # the running day of each game counted once for both views: one read of the store, not one per view
    running: dict[str, tuple | None] = {}
    for service in services:
        if only is not None and service.game.id != only:
            continue
        applied = service.applied()
        current = service.current_phase(applied)
        if not wanted or current.kind != "day" or service.winner(applied) is not None:
            running[service.game.id] = None
            continue
        made = (counted or {}).get(service.game.id)
        if made is not None and made[0] == current.number and all(v in made[1] for v in wanted):
            running[service.game.id] = (made[1], made[2])
        else:
            running[service.game.id] = service.count_views(current.number, views=tuple(wanted), now=now)
    folders: list[tuple[str, Path, dict[str, str | bytes]]] = []
    summaries: dict[str, list[dict[str, Any]]] = {}       # the index's games, per language (the same in one)
    used: list[PageCache] = []
    closed: dict[str, dict] = {}        # per game: its closed days counted in this call, for both views
    for view, directory in (("public", public_dir), ("gm", gm_dir)):
        if directory is None:
            continue
        files: dict[str, str | bytes] = {}
        for service in services:
            if service.game.id not in running:
                continue
            # the compact live count the daemon writes beside the public pages (`publish.write_count_files`):
            # linked from the game's page when it is there (not in the GM's folder, nor before the first count)
            count_files = [name for name in count_file_names(service.game.id)
                           if view == "public" and ((Path(directory) / name).is_file()
                                                    or Path(directory) / name in coming)][::-1]
            cache = caches.setdefault((service.game.id, view), PageCache())
            cache.folder = Path(directory)
            used.append(cache)
            files.update(game_pages(service, view=view, now=now, counts=running[service.game.id], cache=cache,
                                    count_files=count_files, closed=closed.setdefault(service.game.id, {}),
                                    views=wanted))
        language = page_language(view)
        if language not in summaries:
            summaries[language] = [_summary(s, now, language) for s in services]
        files["index.html"] = index_page(summaries[language], view=view, now=now)
        folders.append((view, Path(directory), files))
    written = _write_folders([(directory, files) for _, directory, files in folders])
    for cache in used:
        cache.pages_written()
    for (view, _, _), files_written in zip(folders, written):
        out[view] = files_written
    return out


def public_pages_dir(config) -> Path:
    """The public pages' folder: `[publish].dir`, else `public/` beside the store (where `mafvote serve` writes them)."""
    return Path(config.publish.dir) if config.publish.dir is not None else \
        Path(config.store.path).resolve().parent / "public"


def write_all_pages(config, *, now: datetime, caches: dict | None = None) -> dict[str, list[Path]]:
    """Every game's pages from the store, both views (`mafvote serve`, `mafvote demo`)."""
    opened = []
    try:
        for game in config.games:
            opened.append(open_service(config, game))
        return publish_pages([service for _, service in opened], public_dir=public_pages_dir(config),
                             gm_dir=gm_pages_dir(config), now=now, caches=caches)
    finally:
        for store, _ in opened:
            store.close()
