"""Adapters from the application's records to render data (duck-typed: no import of resolver or config
classes): the roles and sides of a ruleset, the whole `data` of a post, the winner as «Победа …» words it, and
the GM's flavour text for a phase."""
from __future__ import annotations

__all__ = ["build_data", "load_flavor", "roles_from_ruleset", "winner_genitive"]

from datetime import datetime
from pathlib import Path
from typing import Any, Iterable, Mapping

from ..gm_files import UnreadableFile, file_problem, read_gm_text
from ..shown_names import roster_from_config, roster_with_replacements
from .environment import make_environment
from .errors import RenderError
from .theme import load_theme
from .views import Views


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
    views = Views(roles_from_ruleset(ruleset) if ruleset is not None else {}, load_theme(env, theme))
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
                    return read_gm_text(path)
                except UnreadableFile as exc:
                    raise RenderError(file_problem(path, *exc.worded(path.name))) from None
    return None
