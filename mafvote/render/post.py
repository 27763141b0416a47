"""`render`: one themed post of a kind from plain render data (the checks a public post needs, the style, the
template, the blank lines), and `render_private`: one private message per recipient."""
from __future__ import annotations

__all__ = ["render", "render_private"]

import re
from pathlib import Path
from typing import Any, Mapping

import jinja2

from ..gm_files import file_problem, jinja_syntax
from ..messages import text as msg
from ..shown_names import roster_key
from .context import post_context
from .environment import make_environment, render_values, select_template
from .errors import RenderError
from .kinds import KINDS, PUBLIC_KINDS
from .phrases import Phrases
from .theme import choose_style, load_theme
from .views import Views, events_from


def render(theme: str, kind: str, data: Mapping[str, Any], *, fmt: str = "bbcode", flavor: str | None = None,
           seed: object = None, variant: int | Mapping[str, int] | None = None,
           templates_dir: str | Path | None = None, memo: dict | None = None) -> str:
    """A themed post.

    `kind`: night | day | votecount | gm_report | private. `data`: `outcome` (the `night resolve` JSON, or the
    day's outcome JSON), `tally` (the `tally` JSON; public view for a public post), `roster` (the config's
    players: nick, gender, mask, aliases, forms), `roles` / `sides` (`roles_from_ruleset`), `deadline` (the next
    phase's, ISO 8601), `now` (for the time left), `game` ({"id", "title"}), `phase` (the number, else taken
    from the outcome), `to` (private: the recipient), `public_tally` (a closed day's public count beside a
    GM-view `tally`, for the GM report's warnings), `style` (the game's post style, the config's `style`).
    `seed`: chooses the style by a hash when the data has none (default: style 0 for every post of the game);
    `variant`: the GM's pick for this post, one style number or {phrase key: number}. `templates_dir`:
    the GM's override folder (else `data["templates_dir"]`). `memo`: a dict the caller keeps per game (the
    daemon renders the count page after every new post): the game's players, roles and sides (`Views`) are kept
    in it while the theme and the data's roster, roles and sides are the same (issue 17).
    """
    if kind not in KINDS:
        raise RenderError(msg("render.kind.unknown", kind=kind, kinds=_listed(KINDS)))
    env = make_environment(fmt, templates_dir or data.get("templates_dir"))
    th = load_theme(env, theme)
    public = kind in PUBLIC_KINDS
    if kind == "votecount":
        tally = data.get("tally")
        if not isinstance(tally, Mapping):
            raise RenderError(msg("render.data.no_tally"))
        if tally.get("view") != "public":
            # RULES.md §3 "Two views": the GM view holds the doctor's triple blue and secret silences
            raise RenderError(msg("render.data.gm_view", view=str(tally.get("view"))))
        heavy = [f"{v.get('voter')} ({v.get('weight')})" for c in tally.get("candidates") or ()
                 for v in c.get("voters") or () if v.get("weight", 1) not in (0, 1)]
        if heavy:
            # a public count shows every vote at weight 1; a heavier one would reveal the doctor or prosecutor
            raise RenderError(msg("render.data.hidden_weights", heavy=", ".join(heavy)))
    if kind in ("night", "day") and not isinstance(data.get("outcome"), Mapping):
        raise RenderError(msg(f"render.data.no_outcome.{kind}"))
    views = _views(data, th, memo)
    ctx = post_context(th, kind, data, views, public, fmt)
    if kind == "private":
        to = data.get("to")
        messages = events_from((data.get("outcome") or {}).get("private") or ())
        messages += events_from(data.get("messages") or ())
        ctx["to"] = views.person(to) if to else None
        ctx["messages"] = [m for m in messages if not to or roster_key(m.to) == roster_key(to) or not m.to]
    ctx["flavor"] = flavor.strip("\n") if flavor else ""
    style = data.get("style")
    if style is not None:
        if not isinstance(style, int) or not 0 <= style < th.styles:
            which = "0" if th.styles == 1 else f"0–{th.styles - 1}"
            raise RenderError(msg("render.style", style=repr(style), theme=th.name, n=th.styles, which=which))
    else:
        # no style in the config: the theme's first (the seed GM's own format), the same for every post
        style = choose_style(seed, th.styles) if seed is not None else 0
    picks: dict[str, int] = {}
    if isinstance(variant, int):
        picks["*"] = variant
    elif isinstance(variant, Mapping):
        picks.update({k: int(v) for k, v in variant.items()})
    phrases = Phrases(env, th, style, picks, ctx)
    ctx["phrase"] = phrases
    ctx["each"] = lambda key, seq, var="d": [phrases(key, **{var: x}) for x in seq]
    ctx["has_phrase"] = phrases.has
    ctx["style"] = style
    template = select_template(env, theme, kind, fmt)
    try:
        out = render_values(template, ctx)
    except jinja2.UndefinedError as exc:
        raise RenderError(file_problem(template.filename, "", jinja_syntax(exc.message or str(exc)),
                                       msg("render.undefined.hint"))) from None
    except jinja2.TemplateError as exc:
        raise RenderError(file_problem(template.filename, "", jinja_syntax(exc.message or str(exc)))) from None
    if "\n\n\n" in out:
        # a regular expression's search of the whole post for it was ≈ 0.2 M instructions of the count page's
        # render (the daemon's, after every new post; issue 17), which seldom has one
        out = re.sub(r"\n{3,}", "\n\n", out)
    out = out.strip("\n") + "\n"
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


def _listed(names) -> str:
    """`night`, `day`, … as the catalogue's texts list choices."""
    return ", ".join(f"`{n}`" for n in names)


def _views(data: Mapping[str, Any], th, memo: dict | None) -> Views:  # noqa: ANN001 - Theme
    """`Views(data, th)`, or the one `memo` keeps when made of the same theme (the same texts make the same object:
    `load_theme`) and equal roster, roles and sides."""
    key = (data.get("roster"), data.get("roles"), data.get("sides"))
    kept = memo.get("views") if memo is not None else None
    if kept is not None and kept[0] is th and kept[1] == key:
        return kept[2]
    views = Views(data, th)
    if memo is not None:
        memo["views"] = (th, key, views)
    return views
