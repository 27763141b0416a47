"""The pieces of a phase's post that `mafvote render` (cli/render.py) and the pages (pages.py) both build from
the service: the theme, the outcome with that phase's modkills, the next deadline, the closed day's public count;
and the players' private letters of a step as the theme words them, which `night resolve` and `day close` print
(cli/game.py). One home below them all, so the pages do not reach into the command line (issue 16: no import
circles).
"""
from __future__ import annotations

from datetime import datetime
from typing import Any, Mapping

from mafvote_tally import Tally

from .config import GameConfig
from .game import AppliedPhase, GameService, phase_index, phase_of_index

__all__ = ["next_deadline", "private_letters", "public_day_count", "theme_of", "with_modkills"]


def theme_of(game: GameConfig, service: GameService) -> str:
    """The game's theme: the config's `theme`, else its ruleset's `[game].theme`."""
    return game.theme or service.ruleset.theme


def with_modkills(service: GameService, row: AppliedPhase,
                  whole: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The phase's outcome with the GM's modkills made during that phase (`mafvote modkill` during day N, or
    during night N before it was resolved) added, so the phase's post names them (`Модкилл: ...`, the role
    only when the modkill was `--reveal`). A night's modkill is announced in that night's post. `whole`: the step's
    `service.full_outcome(row)` when the caller has read it already."""
    # the step's whole outcome, its texts among them (the journal keeps a night and a close without them), from the
    # store
    whole = whole if whole is not None else service.full_outcome(row)
    outcome = dict((whole.get("day") if row.kind == "day" else whole) or {})
    deaths = list(outcome.get("deaths") or ())
    public = list(outcome.get("public") or ())
    dead = {d.get("player") for d in deaths}
    for other in service.applied():
        if other.how == "modkill" and other.kind == row.kind and other.number == row.number and other.seq < row.seq:
            for d in other.outcome.get("deaths") or ():
                if d.get("player") not in dead:
                    deaths.append(d)
                    dead.add(d.get("player"))
            public += [e for e in other.outcome.get("public") or () if e.get("kind") == "modkill"]
    outcome["deaths"], outcome["public"] = deaths, public
    return outcome


def next_deadline(service: GameService, kind: str, number: int) -> datetime:
    """The deadline of the phase after `kind number`, in the game's time zone (stored or from the schedule)."""
    starts_with = service.game.schedule.starts_with
    next_kind, next_number = phase_of_index(phase_index(kind, number, starts_with) + 1, starts_with)
    return service.phase(next_kind, next_number).deadline.astimezone(service.tz)


def public_day_count(service: GameService, close: AppliedPhase, counted: Tally | None = None) -> dict[str, Any] | None:
    """The closed day's public count (every vote at weight 1) with the stored close's real outcome: the day
    post compares them and never tells a reason that hidden weights made (`tally.format.hidden_outcome`).
    None for a day the GM decided (no count outcome). `counted`: that public count when the caller has made it
    (the pages count a closed day's both views at once), else it is counted here."""
    outcome = (close.outcome.get("count") or {}).get("outcome")
    if not outcome:
        return None
    # no `now`: the day is closed (a day closed early is counted up to its close), even when its scheduled
    # deadline is still ahead
    public = (counted if counted is not None else service.count(close.number, view="public")).to_json()
    # the public totals of a recount, the real result as stored when the day was closed
    return {**public, "closed": True, "outcome": dict(outcome)}


def private_letters(service: GameService, outcome: Mapping[str, Any], number: int) -> dict[str, str] | None:
    """The private messages of a step's outcome (its JSON: a resolved night, a closed day) as the GM sends them:
    the theme's letter to each recipient, {nick: text}, the same text `mafvote render night|day N --private`
    gives once the step is applied. {} when there is none; None when the theme cannot be rendered (a GM's broken
    theme: `mafvote render` names the problem and the key to fix)."""
    if not outcome.get("private"):
        return {}
    # the themes load only for a step with private messages, never for `state`, `night add` or a night without any
    from .render import RenderError, build_data, render_private  # start-up: jinja2 + render, ~120 ms CPU (loaded)

    game = service.game
    data = build_data(outcome=outcome, game=game, ruleset=service.ruleset, templates_dir=game.templates_dir,
                      phase=number, replacements=service.state().replacements)
    try:
        return render_private(theme_of(game, service), data, fmt="text", templates_dir=game.templates_dir)
    except RenderError:
        return None
