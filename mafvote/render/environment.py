"""The Jinja environment of one output format (bbcode | text | html): the loader (the GM's override folder
first, then the bundled `templates/`, every file read as the GM's other files are), the escaping, the grammar
filters, the markup helpers and the choice of a kind's template.

Escaping (RULES.md §6, issue 5 item 6): in BBCode every interpolated value passes `bb_escape` through Jinja's
`finalize` hook, so a nick or flavour text like `[/color][url=…]` shows as typed but is no tag; phrases and the
markup helpers (`b`, `color`) return `Markup`, which passes unescaped. HTML output autoescapes. Plain text is
not escaped: it is for the terminal and e-mail."""
from __future__ import annotations

__all__ = ["Deferred", "ItemFirstEnvironment", "make_environment", "parse_time", "render_values", "select_template"]

import functools
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

import jinja2
from markupsafe import Markup, escape as html_escape

from mafvote_tally.format import bb_escape, date_and_clock

from .. import grammar
from ..gm_files import UnreadableFile, file_problem, jinja_syntax, read_gm_text
from ..messages import text as msg
from ..paths import data_dir
from .errors import RenderError
from .kinds import FORMATS
from .views import DeathView

# what `getattr` finds on a plain dict: its methods' names (a dict instance has no attributes of its own)
_DICT_NAMES = frozenset(dir(dict))


class ItemFirstEnvironment(jinja2.Environment):
    """Jinja's environment with `a.b` on a plain dict taking the item first. Jinja's getattr tries the attribute,
    then the item; the pages' and the posts' contexts are plain dicts (the live day, each player, each past day,
    each row of the count), where the attribute is missed first: an AttributeError made and caught for each of
    some hundred look-ups a page (issue 17, the tick: the pages and the count page after every new post). A plain
    dict has no attribute but its methods' names, so the item is taken first for any other name: the same value
    as Jinja's."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict and attribute not in _DICT_NAMES:
            try:
                return obj[attribute]
            except KeyError:
                pass
        return super().getattr(obj, attribute)


class Deferred:
    """A context value made when a template first reads it, then kept: a post's context offers what a GM's theme
    may print (the count page's `count`, the whole live count as text) while the bundled template of that kind
    never reads it, and the daemon renders the count page after every new post (issue 17, the tick)."""

    __slots__ = ("_make", "_value")

    def __init__(self, make: Callable[[], Any]) -> None:
        self._make: Callable[[], Any] | None = make
        self._value: Any = None

    def value(self) -> Any:
        if self._make is not None:
            self._value, self._make = self._make(), None
        return self._value


class _Context(jinja2.runtime.Context):
    """Jinja's context with a `Deferred` value made at its first read (every name a template, an included
    template, a macro or a phrase reads is looked up here)."""

    def resolve_or_missing(self, key: str) -> Any:
        value = super().resolve_or_missing(key)
        return value.value() if type(value) is Deferred else value


def render_values(template: jinja2.Template, values: Mapping[str, Any]) -> str:
    """`template.render(values)`, the same text and errors. Jinja's render copies `values` twice (into a dict, then
    with the globals into the context's) and reads the globals' ChainMap key by key in Python: ≈ 0.1 M instructions
    a render, and a post renders each of its phrases as a template (the count page after every new post: four
    phrases, issue 17, the tick). A template whose globals are its environment's alone (every template and phrase
    of these environments) takes one merged copy here; any other renders as Jinja renders it."""
    env = template.environment
    maps = getattr(template.globals, "maps", None)
    if env.is_async or maps is None or len(maps) != 2 or maps[0] or maps[1] is not env.globals:
        return template.render(values)
    # shared: the dict is the context's as it is, which is what Jinja's render makes of the globals and `values`
    ctx = template.new_context({**env.globals, **values}, shared=True)
    try:
        return env.concat(template.root_render_func(ctx))  # type: ignore[attr-defined]
    except Exception:
        return env.handle_exception()


def _finalize_bbcode(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, Markup):
        return value
    return bb_escape(value)


def _finalize_text(value: Any) -> Any:
    return "" if value is None else value


class _GMFileLoader(jinja2.FileSystemLoader):
    """Templates and theme files read as the GM's other files are (`gm_files.read_gm_text`): the GM edits the
    copies in `templates_dir`, often in Notepad, so a BOM is read past (it would open every post with an
    invisible U+FEFF, and a theme.toml with it is a TOML syntax error) and a file saved as ANSI (windows-1251)
    or UTF-16 is a RenderError naming the file and the line, never a UnicodeDecodeError traceback.

    `bundled`: the templates mafvote ships, which do not change while it runs: each file is read once and a name
    that is not there is looked for once (a render looks for the theme's own template of its kind before `_base`'s,
    and reads both theme.toml files: the daemon's count page did it after every new post, issue 17). The GM's
    folder is looked at each time: a file the GM adds or edits shows at the next post."""

    def __init__(self, searchpath: str, *, bundled: bool = False) -> None:
        super().__init__(searchpath)
        self.known: dict[str, tuple[str, str, Any] | None] | None = {} if bundled else None

    def get_source(self, environment: jinja2.Environment, template: str) -> tuple[str, str, Any]:
        if self.known is None:
            return self._read(template)
        if template not in self.known:
            try:
                text, filename, _ = self._read(template)
                self.known[template] = (text, filename, _always)
            except jinja2.TemplateNotFound:
                self.known[template] = None
        found = self.known[template]
        if found is None:
            raise jinja2.TemplateNotFound(template)
        return found

    def _read(self, template: str) -> tuple[str, str, Any]:
        pieces = jinja2.loaders.split_template_path(template)
        found = next((f for f in (Path(base).joinpath(*pieces) for base in self.searchpath) if f.is_file()), None)
        if found is None:
            raise jinja2.TemplateNotFound(template)
        mtime = found.stat().st_mtime
        try:
            text = read_gm_text(found)
        except UnreadableFile as exc:
            raise RenderError(file_problem(found, *exc.worded(found.name))) from None

        def uptodate() -> bool:
            try:
                return found.stat().st_mtime == mtime
            except OSError:
                return False

        return text, str(found), uptodate


def _always() -> bool:
    return True


def _loader(override_dir: str | Path | None) -> jinja2.BaseLoader:
    loaders: list[jinja2.BaseLoader] = []
    if override_dir:
        path = Path(override_dir)
        if not path.is_dir():
            raise RenderError(file_problem("", "", msg("render.templates_dir.missing", path=path),
                                           msg("render.templates_dir.missing.hint")))
        loaders.append(_GMFileLoader(str(path)))
    loaders.append(_GMFileLoader(str(data_dir("templates")), bundled=True))
    return jinja2.ChoiceLoader(loaders)


def make_environment(fmt: str = "bbcode", override_dir: str | Path | None = None) -> jinja2.Environment:
    """The Jinja environment of one output format: StrictUndefined, the GM's folder before the bundled
    templates, the grammar filters, the markup helpers and the format's escaping.

    One environment per (format, folder) for the process: Jinja keeps the compiled templates in it (and
    re-reads a file the GM changed), so the daemon does not compile every template on every count."""
    if fmt not in FORMATS:
        raise RenderError(msg("render.format.unknown", fmt=fmt, formats=", ".join(f"`{f}`" for f in FORMATS)))
    return _environment(fmt, str(Path(override_dir).resolve()) if override_dir else None)


@functools.lru_cache(maxsize=32)
def _environment(fmt: str, override_dir: str | None) -> jinja2.Environment:
    env = ItemFirstEnvironment(
        loader=_loader(override_dir),
        undefined=jinja2.StrictUndefined,
        autoescape=(fmt == "html"),
        finalize=_finalize_bbcode if fmt == "bbcode" else _finalize_text,
        keep_trailing_newline=False,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.context_class = _Context
    env.globals["fmt"] = fmt
    env.phrase_cache = {}  # type: ignore[attr-defined]  # phrase sources -> compiled, see Phrases
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


def parse_time(value: Any, what: str) -> datetime | None:
    if value is None or isinstance(value, datetime):
        return value
    try:
        return datetime.fromisoformat(str(value))
    except ValueError:
        raise RenderError(msg("render.data.time", what=what, value=str(value))) from None


def _ru_date(value: Any) -> str:
    """`29 декабря, 22:00` (the time as given: the caller converts to the game's time zone)."""
    t = parse_time(value, "deadline")
    if t is None:
        return ""
    return date_and_clock(t)


def select_template(env: jinja2.Environment, theme: str, kind: str, fmt: str) -> jinja2.Template:
    names = [f"{theme}/{kind}.{fmt}.j2", f"{theme}/{kind}.j2", f"_base/{kind}.{fmt}.j2", f"_base/{kind}.j2"]
    # a name the bundled templates were found to lack, where no GM folder is looked in, is passed over: Jinja
    # asked for it and raised and caught "not found" twice at every render (four a count page, issue 17)
    looked = [n for n in names if not _known_missing(env, n)]
    try:
        return env.select_template(looked or names)
    except jinja2.TemplateSyntaxError as exc:
        raise RenderError(file_problem(exc.filename or exc.name, msg("config.at.line", line=exc.lineno),
                                       jinja_syntax(exc.message or str(exc)), msg("render.template.syntax.hint"))) from None
    except jinja2.TemplatesNotFound:
        raise RenderError(msg("render.template.none", kind=kind, theme=theme,
                              names=", ".join(f"`{n}`" for n in names))) from None


def _known_missing(env: jinja2.Environment, name: str) -> bool:
    """Whether every loader of `env` is the bundled templates' and has found `name` missing before (they do not
    change while mafvote runs; a GM's folder is looked in each time)."""
    loader = env.loader
    chain = loader.loaders if isinstance(loader, jinja2.ChoiceLoader) else [loader]
    return all(isinstance(sub, _GMFileLoader) and sub.known is not None and name in sub.known
               and sub.known[name] is None for sub in chain)
