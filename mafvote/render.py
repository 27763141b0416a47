"""Themed posts: night and day results, the live vote count, the GM's report and private messages.

    data (the outcome / tally JSON of INTERFACE.md, the roster, the ruleset's roles and sides)
      │ _Views: players -> grammar.Person, deaths with what may be shown, announced silences only
      ▼
    Jinja environment per format (bbcode | text | html)
      │ loader: the GM's override folder first, then the bundled `templates/`
      │ `<theme>/<kind>.<fmt>.j2` -> `<theme>/<kind>.j2` -> `_base/<kind>.<fmt>.j2` -> `_base/<kind>.j2`
      │ `phrase("night.deaths", ...)`: one of the theme's variants (`<theme>/theme.toml`, over `_base/theme.toml`)
      ▼
    str (flavour text at the top, the next deadline at the bottom)

Input is plain data, never the tally's or resolver's classes: `render(theme, kind, data, fmt=..., seed=...)`.
One style (the index of every phrase's variant) holds for the whole game, as a GM keeps one format all game: the
config's `style` (`data["style"]`), else style 0 (the theme's first, the seed GM's own format); `variant=`
(`render --variant`) overrides it for one post. A caller's `seed` picks one by a hash instead (sha256; never the
game's random stream, STYLE.md 6).

Escaping (RULES.md §6, issue 5 item 6): in BBCode every interpolated value passes `bb_escape` through Jinja's
`finalize` hook, so a nick or flavour text like `[/color][url=…]` shows as typed but is no tag: a zero-width
space goes after every `[` and before every `]` (the convention of `tally.format.bb_escape`; `[noparse]` is not
supported by every forum engine, and HTML entities are shown literally by BBCode forums). Phrases and the
markup helpers (`b`, `color`) return `Markup`, which passes unescaped. HTML output autoescapes. Plain text
is not escaped: it is for the terminal and e-mail.

Hidden information (RULES.md §3 "Two views", §6) is removed before any template sees the data: a death's role
and side are dropped when the death record is not `revealed` (and per theme: `grand_hotel` shows the side
only, the maniac as town; `time_machine` no role at night), only `announced` silences are passed, private
results, refusals, rolls, saves, alibis and hidden vote losses are not passed to public posts, and a public
vote count refuses a GM-view tally. When hidden weights make a closed day's real result differ from the public
count, the day post and the count say who is hanged or «не вешается никто», never the reason (reason
`undisclosed`, `tally.format.hidden_outcome`), and the GM report says why. Masks are named with their accounts
(every account that played the mask: «Эсми — acc_kid1, затем acc_new») only in the post that ends the game
(RULES.md §5). Players are shown as posts know them: the mask, else the account playing the slot now (a
replacement keeps the slot's gender unless its own is given).

The live count (`votecount`) in BBCode and text is `tally.format.format_bbcode`, the same text the daemon
publishes and `mafvote tally --format bbcode` prints; the template only adds the flavour text. The HTML page is
a table in the same words.
"""
from __future__ import annotations

import functools

__all__ = [
    "DAY_REASONS", "EVENT_KINDS", "FORMATS", "KINDS", "PRIVATE_KINDS", "PUBLIC_KINDS", "RenderError", "THEMES",
    "bb_escape", "build_data", "choose_style", "gm_notes", "load_flavor", "load_theme", "make_environment", "render",
    "public_names", "render_private", "roles_from_ruleset", "roster_from_config", "roster_with_replacements",
    "shown_by_account", "shown_names", "winner_genitive",
]

import hashlib
import re
import tomllib
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

import jinja2
from markupsafe import Markup, escape as html_escape

from mafvote_tally.format import bb_escape, format_bbcode, outcome_text, shown_reason
from mafvote_tally.format import time_left as tally_time_left

from mafvote_resolver.toml_text import loads as toml_loads
from . import gm_text, grammar, messages
from .errors import BadInput
from .gm_files import UnreadableFile, read_gm_text
from .paths import data_dir
from .shown_names import (MASK_ACCOUNTS_SEP, public_names, roster_from_config, roster_key, roster_with_replacements,
                          shown_by_account, shown_name, shown_names, slot_accounts)

KINDS = ("night", "day", "votecount", "gm_report", "private")
PUBLIC_KINDS = ("night", "day", "votecount")
FORMATS = ("bbcode", "text", "html")
THEMES = ("new_year", "peculiar", "time_machine", "grand_hotel")

# The public event kinds the templates render, one phrase `event.<kind>` each (resolver's `Public.kind`).
# `death` and `silence` are rendered from `deaths` / `silenced` (the lists), not as single events.
# The resolver should export this list as `resolver.EVENT_KINDS`; tests check both against its source.
EVENT_KINDS = (
    "death", "silence", "interview", "serum", "evidence", "trace",          # night (ranked games)
    "block", "protected",                                                   # night (004 newspaper, 003)
    "hanged", "alibi", "nobody", "modkill",                                 # day
)
# private messages (resolver's `Private.kind`), one phrase `private.<kind>` each
PRIVATE_KINDS = ("side_check", "role_check", "hire", "question", "succession", "info", "takeover")
# the tally's `outcome.reason` values, one phrase `day.reason.<reason>` each (the live count's words for them
# are `tally.format.outcome_text`)
# `undisclosed`: hidden vote weights made the real result disagree with the public count; posts say who is
# hanged or that nobody is, never why (`tally.format.hidden_outcome`, RULES.md §3 "Two views")
# `decision`: the GM's own `day close --eliminate` / `--nobody` replaced the count's result (mafvote/game/days.py)
DAY_REASONS = ("plurality", "tie", "tie_forgiven", "tie_all", "alibi", "unhangable", "protected", "no_votes",
               "modkill", "pending", "undisclosed", "decision")
# rendered from the outcome's lists (deaths by cause, announced silences), not one line per event
_LIST_EVENTS = {"death", "silence", "hanged", "modkill"}

_MONTHS = ("января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября",
           "ноября", "декабря")


class RenderError(BadInput):
    """A post cannot be rendered: a template or theme file is wrong, or the data is not what the kind needs."""


# ---------------------------------------------------------------------------------------------
# Escaping

def _finalize_bbcode(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, Markup):
        return value
    return bb_escape(value)


def _finalize_text(value: Any) -> Any:
    return "" if value is None else value


# ---------------------------------------------------------------------------------------------
# Themes: phrases with variants, and grammar data for roles and sides


@dataclass(frozen=True)
class Theme:
    name: str
    title: str
    styles: int
    phrases: Mapping[str, tuple[str, ...]]
    roles: Mapping[str, Mapping[str, Any]]
    sides: Mapping[str, Mapping[str, Any]]
    reveal: Mapping[str, str]            # {"night": "role"|"side"|"none", "day": ...}
    side_as: Mapping[str, str]           # a side shown as another ("maniac" -> "town")


def _flatten(prefix: str, table: Mapping[str, Any], out: dict[str, tuple[str, ...]], where: str) -> None:
    for key, value in table.items():
        full = f"{prefix}.{key}" if prefix else key
        if isinstance(value, Mapping):
            _flatten(full, value, out, where)
        elif isinstance(value, str):
            out[full] = (value,)
        elif isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            out[full] = tuple(value)
        else:
            raise RenderError(f"{where}: phrases.{full}: must be a string or a list of strings (the variants)")


def _parse_theme_file(source: str, filename: str | None) -> dict[str, Any]:
    try:
        data = toml_loads(source)
    except tomllib.TOMLDecodeError as exc:
        raise RenderError(f"{filename}: {exc}; fix the TOML syntax of the theme file") from None
    data["__file__"] = filename
    return data


def load_theme(env: jinja2.Environment, theme: str) -> Theme:
    """The theme's `theme.toml` over `_base/theme.toml`, each taken from the GM's folder when it has one
    (a GM's file replaces single phrases, it need not repeat the others)."""
    phrases: dict[str, tuple[str, ...]] = {}
    roles: dict[str, dict[str, Any]] = {}
    sides: dict[str, dict[str, Any]] = {}
    reveal = {"night": "role", "day": "role"}
    side_as: dict[str, str] = {}
    title, styles = theme, 1
    found = False
    for name in ("_base/theme.toml", f"{theme}/theme.toml"):
        # bundled first, then the GM's override of the same file on top
        for source in _theme_sources(env, name):
            found = found or name.startswith(theme + "/")
            where = source.pop("__file__", name)
            flat: dict[str, tuple[str, ...]] = {}
            _flatten("", source.get("phrases", {}), flat, where)
            phrases.update(flat)
            for r, v in source.get("roles", {}).items():
                roles.setdefault(r, {}).update(v)
            for s, v in source.get("sides", {}).items():
                sides.setdefault(s, {}).update(v)
            meta = source.get("theme", {})
            title = meta.get("title", title)
            styles = int(meta.get("styles", styles))
            reveal.update(source.get("reveal", {}))
            side_as.update(meta.get("side_as", {}))
    if not found:
        raise RenderError(f"theme {theme!r} has no {theme}/theme.toml; bundled themes: {', '.join(THEMES)}")
    for phase, mode in reveal.items():
        if mode not in ("role", "side", "none"):
            raise RenderError(f"{theme}/theme.toml: reveal.{phase} = {mode!r}; use \"role\", \"side\" or \"none\"")
    return Theme(theme, title, max(styles, 1), phrases, roles, sides, reveal, side_as)


def _theme_sources(env: jinja2.Environment, name: str) -> list[dict[str, Any]]:
    """Every copy of a theme file along the loader chain, bundled first, the GM's folder last (on top)."""
    loader = env.loader
    chain = list(loader.loaders) if isinstance(loader, jinja2.ChoiceLoader) else [loader]
    out = []
    for sub in reversed(chain):
        try:
            source, filename, _ = sub.get_source(env, name)  # type: ignore[union-attr]
        except jinja2.TemplateNotFound:
            continue
        out.append(_parse_theme_file(source, filename))
    return out


def choose_style(seed: object, styles: int) -> int:
    """A phrase style picked by a hash of `seed` (`render(seed=...)`), never the game's random stream."""
    if styles <= 1:
        return 0
    digest = hashlib.sha256(str(seed).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") % styles


# ---------------------------------------------------------------------------------------------
# The views templates see


@dataclass(frozen=True)
class Role(grammar.RoleName):
    side: str = ""
    plain: bool = False          # a role without abilities whose name says the side ("мирная зверюшка")
    label: str = ""              # shown instead of the side ("босс мафии")


@dataclass(frozen=True)
class Side:
    id: str
    kind: str = ""
    title: str = ""
    title_f: str = ""
    label: str = ""              # the theme's short label ("МЖ")
    win: str = ""                # the side in the genitive after «Победа» ("маньяка"); theme's `win`

    @property
    def winner(self) -> str:
        """`маньяка` in «Победа маньяка»: the theme's `win`; without one a phrase that needs no inflection
        (`стороны «мирный»`): side titles are adjectives as often as nouns, and a guessed ending is worse."""
        return self.win or f"стороны «{self.title or self.id}»"

    def for_gender(self, gender: str | None) -> str:
        if self.label:
            return self.label
        if not self.title_f:
            return self.title
        # unknown gender: a wording without one («сторона мирных»), never `мирный/мирная` or `мирный(ая)`
        unknown = f"сторона {self.win}" if self.win else f"сторона «{self.title}»"
        return grammar.gender_word(gender, self.title, self.title_f, unknown)

    def __str__(self) -> str:
        return self.label or self.title


@dataclass(frozen=True)
class DeathView:
    person: grammar.Person
    role: Role | None            # None: not to be shown
    side: Side | None            # None: not to be shown
    side_label: str              # "" when not shown
    causes: tuple[str, ...] = ()

    @property
    def plain(self) -> bool:
        return bool(self.role and self.role.plain)


@dataclass(frozen=True)
class Event:
    kind: str
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)
    to: str = ""


class _Views:
    """Players, roles and sides of one game, looked up by the names outcomes use."""

    def __init__(self, data: Mapping[str, Any], theme: Theme):
        self.theme = theme
        self.people: dict[str, grammar.Person] = {}
        self.order: list[grammar.Person] = []
        # (mask, accounts) of mask games, for the final post: every account that played the mask, in order
        self.masks: list[tuple[str, str]] = []
        for i, entry in enumerate(data.get("roster") or ()):
            if isinstance(entry, str):
                entry = {"nick": entry}
            if "nick" not in entry:
                raise RenderError(f"render data: roster[{i}] has no nick; give {{\"nick\": ...}}")
            shown = shown_name(entry)
            repl = entry.get("replaced_by")
            gender, forms = entry.get("gender"), dict(entry.get("forms") or {})
            if isinstance(repl, Mapping) and repl.get("nick") and shown == repl["nick"]:
                # замена: the new account plays the slot's character; its own gender when given, else the
                # slot's; the slot's hand-written cases are the old nick's, so they are not used
                gender, forms = repl.get("gender") or gender, dict(repl.get("forms") or {})
            p = grammar.Person(entry["nick"], "" if shown == entry["nick"] else shown, gender, forms)
            self.order.append(p)
            if entry.get("mask"):
                # RULES.md §5, 000 rule 14 «Все подмаски будут оглашены»: a замена played the mask too
                self.masks.append((entry["mask"], MASK_ACCOUNTS_SEP.join(slot_accounts(entry))))
            keys = [entry["nick"], shown, entry.get("mask") or "", *(entry.get("aliases") or ())]
            if isinstance(repl, Mapping) and repl.get("nick"):
                keys.append(repl["nick"])
            for k in keys:
                if k:
                    self.people.setdefault(roster_key(k), p)
        self.roles: dict[str, Role] = {}
        for name, info in (data.get("roles") or {}).items():
            self.roles[roster_key(name)] = self._role(name, info)
            for alias in info.get("aliases", ()):
                self.roles.setdefault(roster_key(alias), self.roles[roster_key(name)])
        for name in theme.roles:   # a theme may add roles the data did not give
            self.roles.setdefault(roster_key(name), self._role(name, {}))
        self.sides: dict[str, Side] = {}
        self.shown_as: dict[str, str] = {}
        for sid, info in (data.get("sides") or {}).items():
            self.sides[sid] = self._side(sid, info)
            if info.get("shown_as"):
                self.shown_as[sid] = info["shown_as"]

    def _role(self, name: str, info: Mapping[str, Any]) -> Role:
        themed = self.theme.roles.get(name, {})
        forms = {**(info.get("forms") or {}), **(themed.get("forms") or {})}
        return Role(name=themed.get("name", name), gender=themed.get("gender", info.get("gender")), forms=forms,
                    side=info.get("side", themed.get("side", "")),
                    plain=bool(themed.get("plain", info.get("plain", False))),
                    label=themed.get("label", info.get("label", "")))

    def _side(self, sid: str, info: Mapping[str, Any]) -> Side:
        themed = {**self.theme.sides.get(info.get("kind", ""), {}), **self.theme.sides.get(sid, {})}
        return Side(sid, info.get("kind", ""), themed.get("title", info.get("title", sid)),
                    themed.get("title_f", info.get("title_f", "")), themed.get("label", ""),
                    themed.get("win", info.get("win", "")))

    def person(self, name: str | None) -> grammar.Person:
        if not name:
            return grammar.Person("?")
        return self.people.get(roster_key(name)) or grammar.Person(name)

    def role(self, name: str | None) -> Role | None:
        if not name:
            return None
        return self.roles.get(roster_key(name)) or self._role(name, {})

    def side(self, sid: str | None) -> Side | None:
        if not sid:
            return None
        return self.sides.get(sid) or self._side(sid, {})

    def death(self, d: Mapping[str, Any], phase: str) -> DeathView:
        """A death as the public may see it in this phase (RULES.md §6; the theme's reveal mode)."""
        person = self.person(d.get("player"))
        mode = self.theme.reveal.get(phase, "role")
        revealed = bool(d.get("revealed"))
        role = self.role(d.get("role")) if revealed and mode == "role" else None
        side = None
        if revealed and mode in ("role", "side"):
            sid = d.get("side") or (role.side if role else "")
            # 004: the maniac is shown as town; by the ruleset's side (`shown_as`) or the theme (`side_as`)
            sid = self.shown_as.get(sid) or self.theme.side_as.get(sid, sid)
            side = self.side(sid)
        label = ""
        if role is not None and role.label:
            label = role.label
        elif side is not None:
            label = side.for_gender(person.grammatical_gender)
        return DeathView(person, role, side, label, tuple(d.get("causes") or ()))


# «Эсми — acc_kid1, затем acc_new»: the accounts that played one mask, oldest first
# ---------------------------------------------------------------------------------------------
# The Jinja environment


class _GMFileLoader(jinja2.FileSystemLoader):
    """Templates and theme files read as the GM's other files are (`gm_files.read_gm_text`): the GM edits the
    copies in `templates_dir`, often in Notepad, so a BOM is read past (it would open every post with an
    invisible U+FEFF, and a theme.toml with it is a TOML syntax error) and a file saved as ANSI (windows-1251)
    or UTF-16 is a RenderError naming the file and the line, never a UnicodeDecodeError traceback."""

    def get_source(self, environment: jinja2.Environment, template: str) -> tuple[str, str, Any]:
        pieces = jinja2.loaders.split_template_path(template)
        found = next((f for f in (Path(base).joinpath(*pieces) for base in self.searchpath) if f.is_file()), None)
        if found is None:
            raise jinja2.TemplateNotFound(template)
        mtime = found.stat().st_mtime
        try:
            text = read_gm_text(found)
        except UnreadableFile as exc:
            where = f"{exc.where}: " if exc.where else ""
            raise RenderError(f"{found}: {where}{exc.message}; {exc.hint}") from None

        def uptodate() -> bool:
            try:
                return found.stat().st_mtime == mtime
            except OSError:
                return False

        return text, str(found), uptodate


def _loader(override_dir: str | Path | None) -> jinja2.BaseLoader:
    loaders: list[jinja2.BaseLoader] = []
    if override_dir:
        path = Path(override_dir)
        if not path.is_dir():
            raise RenderError(f"templates override folder {str(path)!r} does not exist; create it or fix the "
                              "path in the config")
        loaders.append(_GMFileLoader(str(path)))
    loaders.append(_GMFileLoader(str(data_dir("templates"))))
    return jinja2.ChoiceLoader(loaders)


def make_environment(fmt: str = "bbcode", override_dir: str | Path | None = None) -> jinja2.Environment:
    """The Jinja environment of one output format: StrictUndefined, the GM's folder before the bundled
    templates, the grammar filters, the markup helpers and the format's escaping.

    One environment per (format, folder) for the process: Jinja keeps the compiled templates in it (and
    re-reads a file the GM changed), so the daemon does not compile every template on every count."""
    if fmt not in FORMATS:
        raise RenderError(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")
    return _environment(fmt, str(Path(override_dir).resolve()) if override_dir else None)


@functools.lru_cache(maxsize=32)
def _environment(fmt: str, override_dir: str | None) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=_loader(override_dir),
        undefined=jinja2.StrictUndefined,
        autoescape=(fmt == "html"),
        finalize=_finalize_bbcode if fmt == "bbcode" else _finalize_text,
        keep_trailing_newline=False,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals["fmt"] = fmt
    env.phrase_cache = {}  # type: ignore[attr-defined]  # phrase sources -> compiled, see _Phrases
    env.filters.update(
        case=_f_case, g=_f_gender, join_ru=_f_join_ru, numeral=grammar.numeral, plural=grammar.plural,
        lower_first=lambda s: s[:1].lower() + s[1:] if s else s, ru_date=_ru_date,
        bb=lambda v: Markup(bb_escape(v)) if not isinstance(v, Markup) else v,
    )
    env.globals.update(b=_markup(fmt, "b"), i=_markup(fmt, "i"), u=_markup(fmt, "u"), color=_color(fmt))
    # `{% if d is gendered %}`: the phrase may use a verb or pronoun of the player's gender; else it takes a
    # wording that needs none (no GM writes «Повешен(а)»)
    env.tests["gendered"] = lambda x: _gender_of(x) in ("m", "f")
    return env


def _f_case(x: Any, case: str) -> str:
    """A name in `case` when its form is sure, else the nominative after «игрока»/«игроку»… (never a guessed
    ending: `grammar.case_or_apposition`); a role by its own declension."""
    if isinstance(x, DeathView):
        x = x.person
    return grammar.case_or_apposition(x, case)


def _gender_of(x: Any) -> str | None:
    if isinstance(x, DeathView):
        x = x.person
    if isinstance(x, (grammar.Person, grammar.RoleName)):
        return x.grammatical_gender
    return x if x in ("m", "f") else None


def _f_gender(x: Any, masculine: str, feminine: str, unknown: str | None = None) -> str:
    return grammar.gender_word(_gender_of(x), masculine, feminine, unknown)


def _f_join_ru(items: Iterable[Any], conj: str = "и", sep: str = ", ") -> Any:
    items = list(items)
    if items and all(isinstance(i, Markup) for i in items):
        # already escaped phrases (death lines): join without escaping them again
        return Markup(grammar.join_ru([str(i) for i in items], conj, sep))
    return grammar.join_ru(items, conj, sep)


def _markup(fmt: str, tag: str):  # noqa: ANN202
    def wrap(x: Any) -> Markup:
        if fmt == "bbcode":
            inner = x if isinstance(x, Markup) else bb_escape(x)
            return Markup(f"[{tag}]{inner}[/{tag}]")
        if fmt == "html":
            return Markup(f"<{tag}>{html_escape(x)}</{tag}>")
        return Markup(str(x))
    return wrap


_COLORS = {"red": "#FF0000", "blue": "#0000FF", "grey": "#808080", "green": "#008000"}


def _color(fmt: str):  # noqa: ANN202
    def wrap(x: Any, name: str) -> Markup:
        value = _COLORS.get(name, "#000000")
        if fmt == "bbcode":
            inner = x if isinstance(x, Markup) else bb_escape(x)
            return Markup(f"[color={value}]{inner}[/color]")
        if fmt == "html":
            return Markup(f'<span style="color:{value}">{html_escape(x)}</span>')
        return Markup(str(x))
    return wrap


def _parse_time(value: Any, what: str) -> datetime | None:
    if value is None or isinstance(value, datetime):
        return value
    try:
        return datetime.fromisoformat(str(value))
    except ValueError:
        raise RenderError(f"render data: {what} = {value!r} is not an ISO 8601 time; "
                          "write it like 2026-12-28T22:00+03:00") from None


def _ru_date(value: Any) -> str:
    """`29 декабря, 22:00` (the time as given: the caller converts to the game's time zone)."""
    t = _parse_time(value, "deadline")
    if t is None:
        return ""
    return f"{t.day} {_MONTHS[t.month - 1]}, {t:%H:%M}"


def _time_left(deadline: datetime | None, now: datetime | None) -> str:
    """«осталось 2 часа 5 минут», «осталась 1 минута», «осталось 3 дня 2 часа»; "" once the deadline passed.
    The live count's own wording (`tally.format.time_left`, verb included), so the HTML page and the BBCode
    count never say the time left two ways."""
    if deadline is None or now is None:
        return ""
    return tally_time_left(deadline, now)


# ---------------------------------------------------------------------------------------------
# Rendering


class _Phrases:
    """`phrase(key, **vars)` inside templates: the theme's variant for this post's style, rendered with the
    same escaping as the post."""

    def __init__(self, env: jinja2.Environment, theme: Theme, style: int, picks: Mapping[str, int], base: dict):
        self.env, self.theme, self.style, self.picks, self.base = env, theme, style, picks, base
        self.used_fallback: list[str] = []
        # phrase sources compiled once per environment (the environment lives for the process)
        self._compiled: dict[str, jinja2.Template] = getattr(env, "phrase_cache", {})

    def has(self, key: str) -> bool:
        return key in self.theme.phrases

    def variants(self, key: str) -> tuple[str, ...]:
        return self.theme.phrases.get(key, ())

    def __call__(self, key: str, **kw: Any) -> Markup:
        variants = self.theme.phrases.get(key)
        if variants is None:
            raise RenderError(f"theme {self.theme.name}: no phrase {key!r}; add it to templates/{self.theme.name}/"
                              "theme.toml (or _base/theme.toml)")
        idx = self.picks.get(key, self.picks.get("*", self.style))
        source = variants[idx % len(variants)]
        tpl = self._compiled.get(source)
        if tpl is None:
            try:
                tpl = self._compiled[source] = self.env.from_string(source)
            except jinja2.TemplateSyntaxError as exc:
                raise RenderError(f"theme {self.theme.name}: phrase {key!r}: {exc.message}") from None
        try:
            text = tpl.render({**self.base, **kw})
        except jinja2.UndefinedError as exc:
            raise RenderError(f"theme {self.theme.name}: phrase {key!r}: {exc.message}; "
                              "the phrase uses a name this kind of post does not have") from None
        return Markup(text.strip("\n"))


def _select(env: jinja2.Environment, theme: str, kind: str, fmt: str) -> jinja2.Template:
    names = [f"{theme}/{kind}.{fmt}.j2", f"{theme}/{kind}.j2", f"_base/{kind}.{fmt}.j2", f"_base/{kind}.j2"]
    try:
        return env.select_template(names)
    except jinja2.TemplateSyntaxError as exc:
        raise RenderError(f"{exc.filename or exc.name}:{exc.lineno}: {exc.message}") from None
    except jinja2.TemplatesNotFound:
        raise RenderError(f"no template for {kind!r} in theme {theme!r}: looked for {', '.join(names)}") from None


def _events(items: Iterable[Mapping[str, Any]]) -> list[Event]:
    return [Event(e.get("kind", ""), e.get("text", ""), dict(e.get("data") or {}), e.get("to", "")) for e in items]


def _phase_number(kind: str, data: Mapping[str, Any]) -> int | None:
    if data.get("phase") is not None:
        return int(data["phase"])
    outcome = data.get("outcome") or {}
    for k in ("night", "day"):
        if isinstance(outcome.get(k), int):
            return outcome[k]
    tally = data.get("tally") or {}
    return tally.get("day")


def _context(theme: Theme, kind: str, data: Mapping[str, Any], views: _Views, public: bool,
             fmt: str = "bbcode") -> dict[str, Any]:
    outcome = dict(data.get("outcome") or {})
    tally = data.get("tally")
    is_night = "night" in outcome and kind != "day"
    phase_kind = "night" if is_night else "day"
    if kind == "private" and "day" not in outcome:
        phase_kind = "night"      # messages without a day's outcome come from a night (the old default)
    ctx: dict[str, Any] = {
        "theme": theme.name, "theme_title": theme.title, "kind": kind,
        "game": dict(data.get("game") or {}), "n": _phase_number(kind, data),
        "deadline": _parse_time(data.get("deadline"), "deadline"),
        "now": _parse_time(data.get("now"), "now"),
        "players": views.order, "P": views.person, "R": views.role,
    }
    ctx["time_left"] = _time_left(ctx["deadline"], ctx["now"])
    ctx["outcome_is_night"] = is_night
    # "night" | "day": the phase the post is about; a private message after a day (the new boss after a
    # hanging) is headed «(день N)», not «(ночь N)»
    ctx["phase_kind"] = phase_kind
    if kind in ("night", "day", "gm_report"):
        deaths = [views.death(d, phase_kind) for d in outcome.get("deaths") or ()]
        ctx["deaths"] = deaths
        silenced = [s for s in outcome.get("silenced") or () if s.get("announced")]
        ctx["silenced"] = [views.person(s.get("player")) for s in silenced]
        events = [e for e in _events(outcome.get("public") or ()) if e.kind not in _LIST_EVENTS]
        ctx["events"] = events
        saved = outcome.get("saved") or []
        ctx["saved_day"] = [(views.person(s.get("player")), s.get("reason", "")) for s in saved
                            if isinstance(s, Mapping)]
        ctx["winner"] = outcome.get("winner")
        # RULES.md §5: the final post says who won («Победа маньяка»); never the shown-as side of a death
        side = views.side(ctx["winner"]) if ctx["winner"] else None
        ctx["win"] = side.winner if side is not None else ""
        ctx["reason"] = _post_reason(tally) if public else (tally or {}).get("outcome", {}).get("reason")
        if ctx["reason"] == "undisclosed":
            ctx["saved_day"] = []        # «избежал казни» would tell of a tie the public count does not show
        ctx["hanged"] = [d for d, raw in zip(deaths, outcome.get("deaths") or ())
                         if "hanged" in (raw.get("causes") or ())]
        ctx["modkilled"] = [d for d, raw in zip(deaths, outcome.get("deaths") or ())
                            if "modkill" in (raw.get("causes") or ())]
        if is_night:
            # a modkill the GM made during the night is announced in the night's post on its own line
            # (`mafvote render` adds it to the outcome), not among the night's victims
            ctx["deaths"] = [d for d in deaths if d not in ctx["modkilled"]]
        # RULES.md §5: after the game's end the final post names every mask with its account (000 rule 14
        # «Все подмаски будут оглашены ГМом по окончанию игры»); never before: it is hidden information
        ctx["masks"] = list(views.masks) if ctx["winner"] else []
    if kind == "votecount" or (kind == "gm_report" and tally):
        ctx.update(_tally_context(tally or {}, views))
    if kind == "votecount":
        # the one wording of the live count is `tally.format.format_bbcode` (the daemon's published file and
        # forum post, `mafvote tally --format bbcode`); the template adds the flavour text around it
        ctx["count_names"] = {nick: str(views.person(nick)) for nick in _tally_names(tally or {})}
        # the deadline as the caller gives it (in the game's time zone), else the count's own
        shown = {**(tally or {}), **({"deadline": ctx["deadline"]} if ctx["deadline"] else {})}
        ctx["count"] = Markup(format_bbcode(
            shown, ctx["now"], names=ctx["count_names"],
            markup=fmt == "bbcode"))
        ctx["count_outcome"] = outcome_text(tally or {}, ctx["count_names"])
    if not public:
        ctx["gm"] = _gm_context(outcome, tally, views, data)
    return ctx


def _post_reason(tally: Mapping[str, Any] | None) -> str | None:
    """The outcome reason a public post gives: with the public count at hand, `undisclosed` where the real
    reason would contradict it (`tally.format.shown_reason`); a GM-view count or a bare reason as it is."""
    if not tally:
        return None
    if tally.get("view") == "public" and "candidates" in tally:
        return shown_reason(tally)
    return (tally.get("outcome") or {}).get("reason")


def _tally_names(t: Mapping[str, Any]) -> set[str]:
    names = set(t.get("not_voted") or ()) | set(t.get("silenced") or ()) | set(t.get("final") or ())
    names |= set((t.get("outcome") or {}).get("eliminated") or ()) | set((t.get("outcome") or {}).get("saved") or ())
    for c in t.get("candidates") or ():
        names.add(c.get("player"))
        names |= {v.get("voter") for v in c.get("voters") or ()}
    return {n for n in names if n}


def _tally_context(t: Mapping[str, Any], views: _Views) -> dict[str, Any]:
    rows = []
    for c in t.get("candidates") or ():
        voters = c.get("voters") or ()
        red = [v for v in voters if v.get("color") != "blue"]
        blue = [v for v in voters if v.get("color") == "blue"]
        rows.append({
            "player": views.person(c.get("player")), "total": c.get("total", 0), "red": c.get("red", 0),
            "blue": c.get("blue", 0), "penalty": c.get("penalty", 0),
            "red_voters": [views.person(v.get("voter")) for v in red],
            "blue_voters": [views.person(v.get("voter")) for v in blue],
            # a voter silenced by an announced silence is listed but counts 0 (public view)
            "red_count": sum(1 for v in red if v.get("weight", 1)),
            "blue_count": sum(1 for v in blue if v.get("weight", 1)),
            "voided": [views.person(v.get("voter")) for v in voters if not v.get("weight", 1)],
        })
    outcome = t.get("outcome") or {}
    return {
        "day": t.get("day"), "rows": rows,
        # 004 (`colors_matter = false`): every vote is against; the count never speaks of red and blue
        "colors_matter": t.get("colors_matter", True) is not False,
        "tally_saved": [views.person(p) for p in outcome.get("saved") or ()],
        "tally_tied": [views.person(p) for p in outcome.get("tied") or ()],
        "not_voted": [views.person(p) for p in t.get("not_voted") or ()],
        "tally_silenced": [views.person(p) for p in t.get("silenced") or ()],
        "final": [views.person(p) for p in t.get("final") or ()],
        "closed": bool(t.get("closed")), "closed_early": _parse_time(t.get("closed_early"), "closed_early"),
        "reason": _post_reason(t),
        "eliminated": [views.person(p) for p in outcome.get("eliminated") or ()],
        "tally_deadline": _parse_time(t.get("deadline"), "tally.deadline"),
    }


def _gm_context(outcome: Mapping[str, Any], tally: Mapping[str, Any] | None, views: _Views,
                data: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "deaths": [dict(d, person=views.person(d.get("player"))) for d in outcome.get("deaths") or ()],
        "saved": [views.person(s) if isinstance(s, str) else views.person(s.get("player"))
                  for s in outcome.get("saved") or ()],
        "saved_why": [s for s in outcome.get("saved") or () if isinstance(s, Mapping)],
        "silenced": [dict(s, person=views.person(s.get("player"))) for s in outcome.get("silenced") or ()],
        "next_day": outcome.get("next_day") or {},
        "public": _events(outcome.get("public") or ()),
        "private": _events(outcome.get("private") or ()),
        "refused": list(outcome.get("refused") or ()),
        "rolls": list(outcome.get("rolls") or ()),
        "log": list(outcome.get("log") or ()),
        # the journal, refusals and rolls worded in the GM's language (alert_rules.gm_report_data)
        "journal_texts": list(outcome.get("journal_texts") or ()),
        "flags": list((tally or {}).get("flags") or ()),
        "alerts": list((tally or {}).get("alerts") or ())
                  + [{"kind": "night", "detail": a, **({"line": w} if w is not None else {})}
                     for a, w in zip(outcome.get("alerts") or (),
                                     list(outcome.get("alert_texts") or ()) + [None] * len(outcome.get("alerts") or ()))],
        "notes": gm_notes(data, views=views),
        "winner": outcome.get("winner"),
    }


def _mentioned(data: Mapping[str, Any], views: _Views) -> set[str]:
    """The nicks a phase's posts name: the dead, the silenced, the players of events and of the count."""
    names: list[str] = []
    outcome = data.get("outcome") or {}
    names += [d.get("player", "") for d in outcome.get("deaths") or ()]
    names += [s.get("player", "") for s in outcome.get("silenced") or ()]
    names += [str(e.get("data", {}).get("player", "")) for e in outcome.get("public") or ()
              if isinstance(e.get("data"), Mapping)]
    t = data.get("tally") or {}
    for c in t.get("candidates") or ():
        names.append(c.get("player", ""))
        names += [v.get("voter", "") for v in c.get("voters") or ()]
    names += list(t.get("not_voted") or ()) + list(t.get("silenced") or ())
    return {views.person(n).nick for n in names if n}


def gm_notes(data: Mapping[str, Any], *, theme: str | None = None, views: _Views | None = None) -> list[str]:
    """What the GM should check in the posts: players without a gender the grammar could infer, names left
    uninflected, event kinds the theme has no phrase for (the resolver's plain text is used for them).
    In Russian when `data["language"]` is "ru" (the GM report's `[alerts] language`); English otherwise. The
    hidden-result warning (`gm_text.hidden_outcome`) too."""
    if views is None:
        env = make_environment("text", data.get("templates_dir"))
        views = _Views(data, load_theme(env, theme or "new_year"))
    language = data.get("language") if data.get("language") in messages.LANGUAGES else "en"
    with messages.using(language):
        return _gm_notes(data, views, language)


def _gm_notes(data: Mapping[str, Any], views: _Views, language: str) -> list[str]:
    notes = []
    mentioned = _mentioned(data, views)
    for p in views.order:
        if mentioned and p.nick not in mentioned:
            continue      # only the players this phase's posts name
        if p.gender not in ("m", "f"):
            inferred = grammar.gender_from_name(p.shown)
            if inferred:
                notes.append(messages.text("note.gender_inferred", nick=p.nick, shown=p.shown,
                                           inferred=messages.text(f"note.gender.{inferred}")))
            else:
                notes.append(messages.text("note.gender_unknown", nick=p.nick))
        note = grammar.inflection_note(p, language=language)
        if note:
            notes.append(note)
    public_count = data.get("public_tally") or data.get("tally") or {}
    if public_count.get("view") == "public" and "candidates" in public_count:
        hidden = gm_text.hidden_outcome(public_count)
        if hidden:
            notes.append(messages.text("note.hidden", day=public_count.get("day"), hidden=hidden))
    outcome = data.get("outcome") or {}
    for e in outcome.get("public") or ():
        kind = e.get("kind", "")
        if kind not in _LIST_EVENTS and f"event.{kind}" not in views.theme.phrases:
            notes.append(messages.text("note.event", kind=repr(kind), theme=views.theme.name,
                                       text=repr(e.get("text", ""))))
    return notes


def render(theme: str, kind: str, data: Mapping[str, Any], *, fmt: str = "bbcode", flavor: str | None = None,
           seed: object = None, variant: int | Mapping[str, int] | None = None,
           templates_dir: str | Path | None = None) -> str:
    """A themed post.

    `kind`: night | day | votecount | gm_report | private. `data`: `outcome` (the `night resolve` JSON, or the
    day's outcome JSON), `tally` (the `tally` JSON; public view for a public post), `roster` (the config's
    players: nick, gender, mask, aliases, forms), `roles` / `sides` (`roles_from_ruleset`), `deadline` (the next
    phase's, ISO 8601), `now` (for the time left), `game` ({"id", "title"}), `phase` (the number, else taken
    from the outcome), `to` (private: the recipient), `public_tally` (a closed day's public count beside a
    GM-view `tally`, for the GM report's warnings), `style` (the game's post style, the config's `style`).
    `seed`: chooses the style by a hash when the data has none (default: style 0 for every post of the game);
    `variant`: the GM's pick for this post, one style number or {phrase key: number}. `templates_dir`:
    the GM's override folder (else `data["templates_dir"]`).
    """
    if kind not in KINDS:
        raise RenderError(f"unknown post kind {kind!r}; use one of {', '.join(KINDS)}")
    env = make_environment(fmt, templates_dir or data.get("templates_dir"))
    th = load_theme(env, theme)
    public = kind in PUBLIC_KINDS
    if kind == "votecount":
        tally = data.get("tally")
        if not isinstance(tally, Mapping):
            raise RenderError("votecount: data has no 'tally' (the tally JSON of the day)")
        if tally.get("view") != "public":
            # RULES.md §3 "Two views": the GM view holds the doctor's triple blue and secret silences
            raise RenderError(f"votecount: the tally is the {tally.get('view')!r} view; a public post takes only "
                              "the public view (mafvote tally --view public)")
        heavy = [f"{v.get('voter')} ({v.get('weight')})" for c in tally.get("candidates") or ()
                 for v in c.get("voters") or () if v.get("weight", 1) not in (0, 1)]
        if heavy:
            # a public count shows every vote at weight 1; a heavier one would reveal the doctor or prosecutor
            raise RenderError(f"votecount: the tally marked public carries hidden weights: {', '.join(heavy)}; "
                              "count it again with view=\"public\"")
    if kind in ("night", "day") and not isinstance(data.get("outcome"), Mapping):
        raise RenderError(f"{kind}: data has no 'outcome' (the {kind}'s resolved outcome JSON)")
    views = _Views(data, th)
    ctx = _context(th, kind, data, views, public, fmt)
    if kind == "private":
        to = data.get("to")
        messages = _events((data.get("outcome") or {}).get("private") or ())
        messages += _events(data.get("messages") or ())
        ctx["to"] = views.person(to) if to else None
        ctx["messages"] = [m for m in messages if not to or roster_key(m.to) == roster_key(to) or not m.to]
    ctx["flavor"] = flavor.strip("\n") if flavor else ""
    style = data.get("style")
    if style is not None:
        if not isinstance(style, int) or not 0 <= style < th.styles:
            which = "0" if th.styles == 1 else f"0–{th.styles - 1}"
            raise RenderError(f"style = {style!r}: theme {th.name} has {th.styles} "
                              f"style{'s' if th.styles != 1 else ''} ({which}); set the game's style in the config "
                              f"to one of them")
    else:
        # no style in the config: the theme's first (the seed GM's own format), the same for every post
        style = choose_style(seed, th.styles) if seed is not None else 0
    picks: dict[str, int] = {}
    if isinstance(variant, int):
        picks["*"] = variant
    elif isinstance(variant, Mapping):
        picks.update({k: int(v) for k, v in variant.items()})
    phrases = _Phrases(env, th, style, picks, ctx)
    ctx["phrase"] = phrases
    ctx["each"] = lambda key, seq, var="d": [phrases(key, **{var: x}) for x in seq]
    ctx["has_phrase"] = phrases.has
    ctx["style"] = style
    template = _select(env, theme, kind, fmt)
    try:
        out = template.render(ctx)
    except jinja2.UndefinedError as exc:
        raise RenderError(f"{template.filename}: {exc.message}; the template uses a name the {kind} post data "
                          "does not have") from None
    except jinja2.TemplateError as exc:
        raise RenderError(f"{template.filename}: {exc}") from None
    out = re.sub(r"\n{3,}", "\n\n", out).strip("\n") + "\n"
    if fmt == "html" and kind != "votecount":
        out = f'<div class="mafvote-post" style="white-space: pre-line">{out.rstrip()}</div>\n'
    return out


def render_private(theme: str, data: Mapping[str, Any], *, fmt: str = "text", seed: object = None,
                   variant: int | Mapping[str, int] | None = None,
                   templates_dir: str | Path | None = None) -> dict[str, str]:
    """One private message per recipient of the outcome's `private` list: {nick: text}."""
    recipients: list[str] = []
    for m in (data.get("outcome") or {}).get("private") or ():
        if m.get("to") and m["to"] not in recipients:
            recipients.append(m["to"])
    return {to: render(theme, "private", {**data, "to": to}, fmt=fmt, seed=seed, variant=variant,
                       templates_dir=templates_dir) for to in recipients}


# ---------------------------------------------------------------------------------------------
# Adapters from the application's records (duck-typed: no import of resolver or config classes)


def roles_from_ruleset(ruleset: Any) -> dict[str, dict[str, Any]]:
    """`{"roles": {...}, "sides": {...}}` for `render` data from a `resolver.Ruleset`-like object."""
    succession = set(getattr(ruleset, "succession", ()) or ())
    roles: dict[str, Any] = {}
    for r in getattr(ruleset, "roles", ()):
        plain = (not getattr(r, "abilities", ()) and not getattr(r, "rank", 0) and r.name not in succession
                 and not getattr(r, "immune", ()) and not getattr(r, "always_revealed", False)
                 and not getattr(r, "death_label", ""))
        roles[r.name] = {"side": r.side, "forms": dict(getattr(r, "forms", {}) or {}),
                         "aliases": list(getattr(r, "aliases", ()) or ()), "plain": bool(plain),
                         "label": getattr(r, "death_label", "") or ""}
        if getattr(r, "gender", None):
            roles[r.name]["gender"] = r.gender
    sides = {sid: {"kind": s.kind, "title": s.title, "title_f": getattr(s, "title_f", "")}
             for sid, s in (getattr(ruleset, "sides", {}) or {}).items()}
    for sid, s in (getattr(ruleset, "sides", {}) or {}).items():
        if getattr(s, "shown_as", ""):
            sides[sid]["shown_as"] = s.shown_as       # 004: the maniac's side reads as town
    return {"roles": roles, "sides": sides}


def build_data(*, outcome: Mapping[str, Any] | None = None, tally: Mapping[str, Any] | None = None,
               game: Any = None, ruleset: Any = None, deadline: datetime | str | None = None,
               now: datetime | str | None = None, phase: int | None = None,
               templates_dir: str | Path | None = None, public_tally: Mapping[str, Any] | None = None,
               replacements: Iterable[tuple[str, str]] = ()) -> dict[str, Any]:
    """The `data` of `render` from the application's pieces: `game` a `GameConfig`-like object (id, title,
    players) or a mapping with them, `ruleset` a `resolver.Ruleset`-like object, `outcome` / `tally` their JSON
    (`to_json()`), `deadline` the next phase's (in the game's time zone: it is printed as given).
    `public_tally`: the closed day's public count beside a GM-view `tally` (the GM report then warns when the
    real result must not be told with its reason). `replacements`: the game state's `(old, new)` pairs."""
    data: dict[str, Any] = {}
    if game is not None:
        get = game.get if isinstance(game, Mapping) else (lambda k, d=None: getattr(game, k, d))
        data["game"] = {"id": get("id", ""), "title": get("title", "")}
        if get("style", None) is not None:
            data["style"] = get("style")         # the game's one post style (config `style`)
        players = get("players", None) or ()
        data["roster"] = [dict(p) if isinstance(p, Mapping) else roster_from_config([p])[0] for p in players]
        if replacements:
            data["roster"] = roster_with_replacements(data["roster"], replacements)
    if ruleset is not None:
        data.update(roles_from_ruleset(ruleset))
    for key, value in (("outcome", outcome), ("tally", tally), ("phase", phase), ("templates_dir", templates_dir),
                       ("public_tally", public_tally)):
        if value is not None:
            data[key] = dict(value) if isinstance(value, Mapping) else value
    for key, value in (("deadline", deadline), ("now", now)):
        if value is not None:
            data[key] = value.isoformat() if isinstance(value, datetime) else str(value)
    return data


def winner_genitive(theme: str, winner: str, ruleset: Any = None,
                    templates_dir: str | Path | None = None) -> str:
    """The winning side as «Победа …» needs it (`маньяка`, `мирных`), from the theme's `[sides.<id>] win`, else
    `стороны «<the ruleset's title>»`; for the CLI's "Игра окончена" line, worded as the posts word it."""
    env = make_environment("text", templates_dir)
    views = _Views(roles_from_ruleset(ruleset) if ruleset is not None else {}, load_theme(env, theme))
    side = views.side(winner)
    return side.winner if side is not None else winner


def load_flavor(folder: str | Path, kind: str, n: int) -> str | None:
    """The GM's flavour text for one phase from a folder named in the config: `night-1.txt` (also `night1.txt`,
    `night_1.txt`, `.bbcode`/`.md`), UTF-8; None when the folder has none for that phase."""
    base = Path(folder)
    for stem in (f"{kind}-{n}", f"{kind}{n}", f"{kind}_{n}"):
        for ext in (".txt", ".bbcode", ".md"):
            path = base / f"{stem}{ext}"
            if path.is_file():
                try:
                    return path.read_text(encoding="utf-8-sig")
                except UnicodeDecodeError as exc:
                    raise RenderError(f"{path}: not UTF-8 text ({exc.reason}); save the flavour file as UTF-8") from None
    return None
