"""The one table of the night: stages in the order RULES.md §4 resolves them.

Every other module refers to these names; no priority number appears anywhere else. The engine walks
`ORDER` from top to bottom; `STAGE_OF_KIND` says in which stage each ability kind acts. A ruleset's
block ranks only order blocks *within* the BLOCKS stage (who wins a mutual block).
"""
from __future__ import annotations

__all__ = ["Stage", "ORDER", "STAGE_OF_KIND", "ABILITY_KINDS"]

from enum import Enum


class Stage(str, Enum):
    CHECK_ACTIONS = "check_actions"      # who may act at all: alive, limits, 3-posts rule, boss submission
    HIDE = "hide"                        # §4.1 hiding / immunity (004 only; no ranked role hides)
    BLOCKS = "blocks"                    # §4.2 blocks, highest block rank first
    REDIRECTS = "redirects"              # §4.3 (004 only)
    PIERCING = "piercing"                # §4.4 actions that ignore some defences (003/004 only)
    PROTECT = "protect"                  # §4.5 heals and heal-from-role
    KILLS = "kills"                      # §4.6 all kills at once, then the shahid's chained death
    SILENCES = "silences"                # §4.7 intimidation, 50 % silences, poison
    INFORMATION = "information"          # §4.8 checks, serum, interview, hire results
    ALIBIS = "alibis"                    # §4.9 alibis and alibi stripping
    EVIDENCE = "evidence"                # §4.10 evidence rolls, then succession
    SUCCESSION = "succession"            # §4.10 the next boss by the ruleset's succession list
    NEXT_DAY = "next_day"                # §4.11 the next day's state


ORDER: tuple[Stage, ...] = tuple(Stage)

# The kinds of ability the engine knows. A ruleset gives each role cards of these kinds with parameters.
STAGE_OF_KIND: dict[str, Stage] = {
    "block": Stage.BLOCKS,
    "heal": Stage.PROTECT,
    "heal_from_role": Stage.PROTECT,
    "kill": Stage.KILLS,
    "kill_silence": Stage.KILLS,        # the boss's "kill one, intimidate one"
    "deferred_kill": Stage.KILLS,       # the hireling's kill kept from an earlier hire
    "shahid": Stage.KILLS,              # the chained death
    "silence": Stage.SILENCES,          # the boss's intimidation
    "poison": Stage.SILENCES,
    "side_check": Stage.INFORMATION,
    "role_check": Stage.INFORMATION,    # Голан's interview, announced without names
    "serum": Stage.INFORMATION,
    "question": Stage.INFORMATION,      # the boss's yes/no question to the GM
    "hire": Stage.INFORMATION,          # the hire result; its kill acts in KILLS
    "alibi": Stage.ALIBIS,
    "strip_alibi": Stage.ALIBIS,
    "copy": Stage.CHECK_ACTIONS,        # Абрахам: becomes the copied card before anything resolves
}

ABILITY_KINDS = frozenset(STAGE_OF_KIND)
