"""A theme: its phrases with their variants (one per style), the grammar of its roles and sides, and what its
posts reveal of a death. `<theme>/theme.toml` over `_base/theme.toml`, each read along the loader chain (the
bundled copy first, the GM's folder on top); `choose_style` picks a style by a hash, never the game's stream."""
from __future__ import annotations

__all__ = ["Theme", "choose_style", "load_theme"]

import copy
import hashlib
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping

import jinja2

from mafvote_resolver.toml_text import loads as toml_loads

from ..gm_files import file_problem, toml_syntax
from ..messages import text as msg
from .errors import NoTheme, RenderError
from .kinds import THEMES


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
            raise RenderError(file_problem(where, f"phrases.{full}", msg("render.theme.phrase_type"),
                                           msg("render.theme.phrase_type.hint", key=key)))


def _parse_theme_file(source: str, filename: str | None) -> dict[str, Any]:
    # the daemon renders the count page on every tick with a new post: TOML parsing was half of that render; a
    # file edited by the GM is another text, so it is parsed again (a problem is raised each time, never kept)
    return copy.deepcopy(_parsed_theme_file(source, filename))


@lru_cache(maxsize=32)
def _parsed_theme_file(source: str, filename: str | None) -> dict[str, Any]:
    try:
        data = toml_loads(source)
    except tomllib.TOMLDecodeError as exc:
        where, what, _ = toml_syntax(str(exc))
        raise RenderError(file_problem(filename, where, msg("config.toml.syntax", what=what),
                                       msg("render.theme.toml.hint"))) from None
    data["__file__"] = filename
    return data


def load_theme(env: jinja2.Environment, theme: str) -> Theme:
    """The theme's `theme.toml` over `_base/theme.toml`, each taken from the GM's folder when it has one
    (a GM's file replaces single phrases, it need not repeat the others). The files are read each time (a GM's
    edit shows at the next post); the theme made of the same texts is made once (the daemon renders the count
    page after every new post)."""
    return _theme(theme, tuple((name, tuple(_theme_texts(env, name)))
                               for name in ("_base/theme.toml", f"{theme}/theme.toml")))


@lru_cache(maxsize=32)
def _theme(theme: str, files: tuple[tuple[str, tuple[tuple[str, str | None], ...]], ...]) -> Theme:
    phrases: dict[str, tuple[str, ...]] = {}
    roles: dict[str, dict[str, Any]] = {}
    sides: dict[str, dict[str, Any]] = {}
    reveal = {"night": "role", "day": "role"}
    side_as: dict[str, str] = {}
    title, styles = theme, 1
    found = False
    for name, texts in files:
        # bundled first, then the GM's override of the same file on top
        for text, filename in texts:
            source = _parse_theme_file(text, filename)
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
        raise NoTheme(msg("render.theme.none", theme=theme, themes=", ".join(f"`{t}`" for t in THEMES)), theme)
    for phase, mode in reveal.items():
        if mode not in ("role", "side", "none"):
            raise RenderError(file_problem(f"{theme}/theme.toml", f"reveal.{phase}",
                                           msg("render.theme.reveal", mode=f"`{mode}`"), msg("render.theme.reveal.hint")))
    return Theme(theme, title, max(styles, 1), phrases, roles, sides, reveal, side_as)


def _theme_texts(env: jinja2.Environment, name: str) -> list[tuple[str, str | None]]:
    """The text and file name of every copy of a theme file along the loader chain, bundled first, the GM's folder
    last (on top)."""
    loader = env.loader
    chain = list(loader.loaders) if isinstance(loader, jinja2.ChoiceLoader) else [loader]
    out = []
    for sub in reversed(chain):
        try:
            source, filename, _ = sub.get_source(env, name)  # type: ignore[union-attr]
        except jinja2.TemplateNotFound:
            continue
        out.append((source, filename))
    return out


def choose_style(seed: object, styles: int) -> int:
    """A phrase style picked by a hash of `seed` (`render(seed=...)`), never the game's random stream."""
    if styles <= 1:
        return 0
    digest = hashlib.sha256(str(seed).encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") % styles
