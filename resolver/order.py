"""The one table of the night: stages in the order RULES.md §4 resolves them.

Every other module refers to these names; no priority number appears anywhere else. The engine walks
`ORDER` (or the ruleset's own `[night] order`, a permutation of these stages: 003 and 004 give their own)
from top to bottom; `STAGE_OF_KIND` says in which stage each ability kind acts. A ruleset's block ranks only
order blocks *within* the BLOCKS stage (who wins a mutual block). `DEATH_ORDER` says in which order the
night's dead are listed: by the stage that killed them, then the role's place in the ruleset, then the
target's place in the action (the GMs write "трупы" in the order of the actions, never by submission).
"""
from __future__ import annotations

__all__ = ["Stage", "ORDER", "STAGE_OF_KIND", "ABILITY_KINDS", "DEATH_ORDER", "order_from_names"]

from enum import Enum


class Stage(str, Enum):
    CHECK_ACTIONS = "check_actions"      # who may act at all: alive, limits, 3-posts rule, boss submission
    HIDE = "hide"                        # §4.1 hiding / immunity (004 Хавьер "залечь на дно")
    BLOCKS = "blocks"                    # §4.2 blocks, highest block rank first (or all at once: `parallel`)
    REDIRECTS = "redirects"              # §4.3 (004 Бенхамин)
    PIERCING = "piercing"                # §4.4 actions that ignore some defences (003 role shot, 004 Блицкриг, bloody kill)
    PROTECT = "protect"                  # §4.5 heals, heal-from-role, protections
    KILLS = "kills"                      # §4.6 all kills at once, then the shahid's chained death
    FIND = "find"                        # 004 "Поиски мафией своих" (after the kills)
    SLOWDOWN = "slowdown"                # 004 Каталина's "Замедление": the target's later actions are lost
    SILENCES = "silences"                # §4.7 intimidation, 50 % silences, poison; vote steal / gift
    INFORMATION = "information"          # §4.8 checks, serum, interview, hire results, watchers
    ALIBIS = "alibis"                    # §4.9 alibis and alibi stripping
    EVIDENCE = "evidence"                # §4.10 evidence rolls, then succession
    SUCCESSION = "succession"            # §4.10 the next boss by the ruleset's succession list; 004 inheritance
    NEXT_DAY = "next_day"                # §4.11 the next day's state


ORDER: tuple[Stage, ...] = tuple(Stage)

# The kinds of ability the engine knows. A ruleset gives each role cards of these kinds with parameters.
STAGE_OF_KIND: dict[str, Stage] = {
    "hide": Stage.HIDE,                 # 004 Хавьер: nothing acts on the hider tonight; sees the visitors
    "block": Stage.BLOCKS,
    "redirect": Stage.REDIRECTS,        # 004 Бенхамин: targets = [whose action, where it goes now]
    "role_shot": Stage.PIERCING,        # 003: name + guessed role; right -> target dies, wrong -> sender dies
    "bloody_kill": Stage.PIERCING,      # 004 Хавьер: the target for sure, one random visitor with a chance
    "heal": Stage.PROTECT,
    "heal_from_role": Stage.PROTECT,
    "protect": Stage.PROTECT,           # 004 Анхела: a protection (Блицкриг passes it), may earn shields
    "annul": Stage.PROTECT,             # 004 Хулио "Месть за сестру": positive actions on a veiled target fail
    "kill": Stage.KILLS,                # a card's `ignores` (heal/protection/block) makes it piercing
    "kill_silence": Stage.KILLS,        # the boss's "kill one, intimidate one"
    "deferred_kill": Stage.KILLS,       # the hireling's kill kept from an earlier hire
    "shahid": Stage.KILLS,              # the chained death
    "find_own": Stage.FIND,             # 004 Лаура "поиск своих": lost once the partners are found
    "slowdown": Stage.SLOWDOWN,         # 004 Каталина
    "silence": Stage.SILENCES,          # the boss's intimidation
    "poison": Stage.SILENCES,
    "vote_steal": Stage.SILENCES,       # 004 Диего: the target's vote counts 0, the thief's one more (secret)
    "vote_gift": Stage.SILENCES,        # 004 Альфредо: the target's vote counts one more
    "side_check": Stage.INFORMATION,
    "role_check": Stage.INFORMATION,    # Голан's interview, announced without names; 004 Алисия privately
    "watch": Stage.INFORMATION,         # 004 Алисия: every visitor of the target, even a dead/blocked target
    "killer_check": Stage.INFORMATION,  # 004 Хулио: did the target kill tonight
    "serum": Stage.INFORMATION,
    "question": Stage.INFORMATION,      # the boss's yes/no question to the GM
    "hire": Stage.KILLS,                # 000 Мено: the hire's result and its kill (or the kill kept for later)
    "alibi": Stage.ALIBIS,
    "strip_alibi": Stage.ALIBIS,
    "copy": Stage.CHECK_ACTIONS,        # Абрахам: becomes the copied card before anything resolves
}

ABILITY_KINDS = frozenset(STAGE_OF_KIND)

# How the night's deaths are listed: (stage that killed, ...). A chained death (the shahid's target, the
# visitor of a bloody kill) comes after the direct kills of its stage.
DEATH_ORDER = {"direct": 0, "chained": 1}


def order_from_names(names) -> tuple[Stage, ...]:
    """A ruleset's `[night] order`: stage names, each once; CHECK_ACTIONS first and NEXT_DAY last are implied."""
    stages = [Stage(n) for n in names]
    rest = [s for s in (Stage.CHECK_ACTIONS,) if s not in stages]
    tail = [s for s in ORDER if s not in stages and s not in rest]
    return tuple(rest + stages + tail)
