"""The game's state in the store, and the GM's game operations: the I/O shell over `resolver` and `tally`.

Data flow:

    config roster + ruleset ──new_game──> initial GameState                                    (core)
    store game journal rows (in order) ──> the state after the last row, the current phase       (core, phases)
    night file <store folder>/nights/<game>/night-N.toml ──parse_night_file──> actions ──resolve_night──> row
                                                                                                (nights)
    store posts + state + phase bounds ──count_inputs──> tally.count_day ──> Tally              (counting)
    Tally ──(day close)──> apply_day ──> row                                                    (days)
    state + actions + outcome ──resolver.duty.night_duty──> who missed the night action          (nights, duty)

One module per concern: `phases` (numbers and deadlines from the schedule, pure), `records` (what is stored
and returned; `command_results`: what `day close`, `night resolve` and `mafvote votes` return, loaded on first
use), `core` (the stored steps read back, a step appended, the checks every command makes),
`winner` (RULES.md §5), `undo`, `duty` (the night-action duty and the GM's excuses), `counting` (the tally's
inputs from the store), `nights`, `days` (closing, modkill), `replacement`, `hand` (`mafvote state ...`),
`votes` (`mafvote votes`, post links), `clock`, `dictionary_words` (the dictionary's answers the count's name
matcher got, kept beside the store for the next command), and `service`: the `GameService` facade over them and
`service_for`, the one way to open it. Callers import from `mafvote.game`, never from the modules.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .clock import clock_at, clock_fixed, utc_now
from .core import initial_state
from .phases import MAX_PHASES_AHEAD, MIN_DAY, Phase, next_deadline, phase_deadline, phase_index, phase_of_index
from .records import APPLY_KINDS, AppliedPhase, CountInputs, GameError
from .service import GameService, bot_account, open_service, service_for

if TYPE_CHECKING:
    from .command_results import DayClose, NightResult, VoteLine

__all__ = [
    "APPLY_KINDS", "AppliedPhase", "CountInputs", "DayClose", "GameError", "GameService", "MAX_PHASES_AHEAD",
    "MIN_DAY", "NightResult", "Phase", "VoteLine", "bot_account", "clock_at", "clock_fixed", "initial_state",
    "next_deadline", "open_service", "phase_deadline", "phase_index", "phase_of_index", "service_for", "utc_now",
]

# what `day close`, `night resolve` and `mafvote votes` return loads on first use (mafvote.game.command_results)
_LAZY = frozenset({"DayClose", "NightResult", "VoteLine"})


def __getattr__(name: str) -> object:
    if name in _LAZY:
        from . import command_results  # start-up: three record classes `mafvote tally` never makes

        return getattr(command_results, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
