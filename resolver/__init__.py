"""Resolve nights: pure functions from rules + state + actions + rolls to an outcome and the next state.

    ruleset = loads_ruleset(text, "rulesets/new_year.toml")       # or ruleset_from_mapping(dict)
    state = new_game("ny", roster, ruleset)
    night = parse_night_file(text, "nights/1.toml", ruleset, state)
    outcome = resolve_night(ruleset, state, night.actions, Rolls("ny", night.night, night.forced))
    outcome.to_json(); state = outcome.state
    day = apply_day(ruleset, state, ["lolbabe"]); state = day.state

Nothing here reads files, the clock or global randomness; `mafvote` does the I/O.

The names load lazily (PEP 562): `import resolver` is free, and `resolver.X` imports only X's module, so a
command that counts a day (which needs the ruleset and the state) never loads the night engine or the action
phrases (issue 17, start-up time).
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# name -> the module under resolver that defines it
_HOME: dict[str, str] = {
    "Action": "actions",
    "NightFile": "actions",
    "append_action": "actions",
    "append_roll": "actions",
    "available_abilities": "checks",
    "check_action": "actions",
    "check_roll": "actions",
    "parse_night_file": "actions",
    "DayClosing": "day",
    "DayCount": "day",
    "alive_at_start": "day",
    "apply_day": "day",
    "close_day": "day",
    "mark_phase_start": "day",
    "modkill": "day",
    "record_misses": "day",
    "replace_player": "day",
    "DUTY_STATUSES": "duty",
    "Duty": "duty",
    "NightDuty": "duty",
    "night_actors": "checks",
    "night_duty": "duty",
    "current_boss": "checks",
    "check_win": "engine",
    "resolve_night": "engine",
    "ActionError": "errors",
    "Problem": "errors",
    "ResolverError": "errors",
    "RulesetError": "errors",
    "DayOutcome": "outcome",
    "Death": "outcome",
    "EVENT_KINDS": "outcome",
    "NightOutcome": "outcome",
    "PRIVATE_KINDS": "outcome",
    "Private": "outcome",
    "Public": "outcome",
    "Refusal": "outcome",
    "SilenceOut": "outcome",
    "read_action": "phrases",
    "CHOICE_ROLLS": "rolls",
    "ROLL_NAMES": "rolls",
    "Roll": "rolls",
    "Rolls": "rolls",
    "canonical_roll": "rolls",
    "Ability": "ruleset",
    "Role": "ruleset",
    "Ruleset": "ruleset",
    "Side": "ruleset",
    "check_ruleset": "ruleset",
    "loads_ruleset": "ruleset",
    "ruleset_from_mapping": "ruleset",
    "GameState": "state",
    "LastAction": "state",
    "Player": "state",
    "Silence": "state",
    "new_game": "state",
}

if TYPE_CHECKING:
    from .actions import (Action, NightFile, append_action, append_roll, check_action,
                          check_roll, parse_night_file)
    from .day import (DayClosing, DayCount, alive_at_start, apply_day, close_day, mark_phase_start, modkill,
                      record_misses, replace_player)
    from .duty import DUTY_STATUSES, Duty, NightDuty, night_duty
    from .checks import available_abilities, current_boss, night_actors
    from .engine import check_win, resolve_night
    from .errors import ActionError, Problem, ResolverError, RulesetError
    from .outcome import EVENT_KINDS, PRIVATE_KINDS, DayOutcome, Death, NightOutcome, Private, Public, Refusal, SilenceOut
    from .phrases import read_action
    from .rolls import CHOICE_ROLLS, ROLL_NAMES, Roll, Rolls, canonical_roll
    from .ruleset import Ability, Role, Ruleset, Side, check_ruleset, loads_ruleset, ruleset_from_mapping
    from .state import GameState, LastAction, Player, Silence, new_game


def __getattr__(name: str) -> Any:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module 'resolver' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value          # once: later look-ups do not come back here
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_HOME))


__all__ = [
    "CHOICE_ROLLS", "DUTY_STATUSES", "EVENT_KINDS", "PRIVATE_KINDS",
    "Ability", "Action", "ActionError", "DayOutcome", "Death", "Duty", "GameState", "LastAction", "NightDuty",
    "NightFile", "NightOutcome", "Player", "Private", "Problem", "Public", "ROLL_NAMES", "canonical_roll",
    "Refusal", "ResolverError",
    "Role", "Roll", "Rolls", "Ruleset", "RulesetError", "Side", "Silence", "SilenceOut", "append_action", "append_roll",
    "alive_at_start", "apply_day", "available_abilities", "check_action", "check_ruleset", "check_win", "current_boss",
    "loads_ruleset", "mark_phase_start", "modkill", "new_game", "night_duty", "parse_night_file", "read_action",
    "record_misses", "replace_player", "resolve_night", "ruleset_from_mapping",
    "DayClosing", "DayCount", "check_roll", "close_day", "night_actors",
]
