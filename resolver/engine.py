"""The night engine: `resolve_night(ruleset, state, actions, rolls) -> NightOutcome`.

Data flows through the stages of `order.ORDER`, or the ruleset's own `[night] order` (003, 004). Each stage
is a function over the night being resolved (`night.Night`) with a table of handlers per ability kind, in the
module named after what it holds:

  CHECK_ACTIONS  `admission`     each action admitted or refused with a reason; one action each
  HIDE, BLOCKS, REDIRECTS, SLOWDOWN     `interference`  what stops or moves other actions
  PIERCING, PROTECT, KILLS, FIND        `kills`         who dies and who is saved
  SILENCES, ALIBIS                      `voices`        how players vote the coming day
  INFORMATION, EVIDENCE                 `information`   what players and the post learn
  SUCCESSION, NEXT_DAY                  `next_day`      the outcome and the next state
then `unsent` alerts the GM to a shared action nobody sent. `KIND_HANDLERS` says, per stage, which ability
kinds it has a handler for; `order.STAGE_OF_KIND` says in which stage each kind acts, and a test holds the two
together (every kind a ruleset uses has its handler in its stage's table).
Actions are put in a canonical order first, so the order of the list passed in never changes the outcome. One
exception is data, not order: of two senders of a side's one action (003/004 the mafia's one kill) the one
written first in the night file (`Action.line`) is used ("от кого, мафия решает сама": its first message is the
side's choice); actions without a line (the API, scenarios) fall back to the role's place, then the canonical order.
Pure: no I/O, no clock; every random value comes from `Rolls` and is recorded.

`check_win`, `death_text`, `inherit`, `reveal_mode` (from `next_day`) and `KIND_NAMES` (from `night`) are
named here too: the day (`day`) and callers that knew them here keep finding them.
"""
from __future__ import annotations

__all__ = ["KIND_HANDLERS", "KIND_NAMES", "STAGES", "check_win", "death_text", "inherit", "resolve_night",
           "reveal_mode"]

from typing import Callable, Iterable, Mapping

from . import admission, information, interference, kills, voices
from .actions import Action
from .journal import Line
from .next_day import check_win, death_text, finish, inherit, reveal_mode
from .night import KIND_NAMES, Night
from .order import Stage
from .outcome import NightOutcome
from .rolls import Rolls
from .ruleset import Ruleset
from .state import GameState
from .unsent import must_kill, shared_not_sent

# What runs at each stage of `order.ORDER` (or the ruleset's order), with its table of handlers per ability
# kind. SUCCESSION and NEXT_DAY have no ability kind: `next_day.finish` does them once the stages are done.
STAGES: dict[Stage, tuple[Callable[[Night], None], Mapping[str, Callable]]] = {
    Stage.CHECK_ACTIONS: (admission.one_action_each, admission.CHECK_ACTIONS),
    Stage.HIDE: (interference.hide, interference.HIDE),
    Stage.BLOCKS: (interference.blocks, interference.BLOCKS),
    Stage.REDIRECTS: (interference.redirects, interference.REDIRECTS),
    Stage.PIERCING: (kills.piercing, kills.PIERCING),
    Stage.PROTECT: (kills.protect, kills.PROTECT),
    Stage.KILLS: (kills.kills, kills.KILLS),
    Stage.FIND: (kills.find, kills.FIND),
    Stage.SLOWDOWN: (interference.slowdown, interference.SLOWDOWN),
    Stage.SILENCES: (voices.silences, voices.SILENCES),
    Stage.INFORMATION: (information.information, information.INFORMATION),
    Stage.ALIBIS: (voices.alibis, voices.ALIBIS),
    Stage.EVIDENCE: (information.evidence, information.EVIDENCE),
}

# stage -> the ability kinds it has a handler for. A kind may act in more than one stage (the boss's
# kill_silence attacks at KILLS and intimidates at SILENCES; a kill's evidence is rolled at EVIDENCE).
KIND_HANDLERS: dict[Stage, frozenset[str]] = {stage: frozenset(table) for stage, (_, table) in STAGES.items()}


def resolve_night(ruleset: Ruleset, state: GameState, actions: Iterable[Action], rolls: Rolls | None = None) -> NightOutcome:
    """Resolve the coming night (`state.night + 1`) and return its outcome with the next state in `.state`."""
    actions = list(actions)
    nt = Night(ruleset, state, rolls)
    nt.log.append(Line("night", "night {night}: {alive} alive at the start; boss: {boss_en}", night=nt.k, alive=nt.n,
                       boss=nt.boss or "", boss_en=nt.boss or "none"))
    for action in sorted(actions, key=Action.sort_key):   # the GM's order never matters
        admission.admit(nt, action)
    for stage in nt.order:
        if stage in STAGES:
            STAGES[stage][0](nt)
    must_kill(nt)
    shared_not_sent(nt, actions)
    return finish(nt)
