"""`phrase(key, **vars)` inside templates: the theme's variant of a phrase for this post's style (or the GM's
pick), compiled once per environment and rendered with the post's own escaping."""
from __future__ import annotations

__all__ = ["Phrases"]

from typing import Any, Mapping

import jinja2
from markupsafe import Markup

from ..gm_files import file_problem, jinja_syntax
from ..messages import text as msg
from .environment import render_values
from .errors import RenderError
from .theme import Theme


class Phrases:
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
            raise RenderError(file_problem(f"{self.theme.name}/theme.toml", f"phrases.{key}", msg("render.phrase.missing"),
                                           msg("render.phrase.missing.hint", theme=self.theme.name)))
        idx = self.picks.get(key, self.picks.get("*", self.style))
        source = variants[idx % len(variants)]
        tpl = self._compiled.get(source)
        if tpl is None:
            try:
                tpl = self._compiled[source] = self.env.from_string(source)
            except jinja2.TemplateSyntaxError as exc:
                raise RenderError(file_problem(f"{self.theme.name}/theme.toml", f"phrases.{key}",
                                               jinja_syntax(exc.message or str(exc)),
                                               msg("render.phrase.syntax.hint"))) from None
        try:
            text = render_values(tpl, {**self.base, **kw} if kw else self.base)
        except jinja2.UndefinedError as exc:
            raise RenderError(file_problem(f"{self.theme.name}/theme.toml", f"phrases.{key}",
                                           jinja_syntax(exc.message or str(exc)), msg("render.undefined.hint"))) from None
        return Markup(text.strip("\n"))
