"""Random rolls of a night: seeded per (game, night, actor, roll name), recorded, forceable by the GM.

Each roll draws from its own stream seeded by a string of (game, night, actor, name), so the outcome does
not depend on the order actions are resolved in, and replaying a night gives the same values. The GM may
force any roll (`mafvote night roll ... evidence yes`), e.g. after throwing real dice.
"""
from __future__ import annotations

__all__ = ["Roll", "Rolls", "ROLL_NAMES", "CHOICE_ROLLS", "canonical_roll"]

import random
from dataclasses import dataclass, field
from typing import Mapping

# INTERFACE.md `night roll`: the names a GM can force
# 004: "visitor" picks which visitor of a bloody kill's target is at risk (forced with a player's name),
# "bloody" is that visitor's 50 %, "learn" is Бенхамин's 50 % to learn where he sent an action.
ROLL_NAMES = ("evidence", "silence", "reveal", "second_kill", "visitor", "bloody", "learn")
CHOICE_ROLLS = ("visitor",)
# INTERFACE.md names the 50/50 second kill `second_kill`; the engine draws it as "bloody" (004: the bloody
# kill's visitor dies with 50 %, "по второму вычисляется рандом (50/50)"), so both names force the same roll
_ALIASES = {"second_kill": "bloody"}


def canonical_roll(name: str) -> str:
    """The name the engine draws a roll under (`second_kill` is `bloody`)."""
    return _ALIASES.get(name, name)


@dataclass(frozen=True)
class Roll:
    actor: str
    name: str
    p: float
    value: bool | str          # a choice roll ("visitor") records the chosen player's nick
    forced: bool

    def to_json(self) -> dict:
        return {"actor": self.actor, "name": self.name, "p": self.p, "value": self.value, "forced": self.forced}


@dataclass(frozen=True)
class Rolls:
    game: str
    night: int
    forced: Mapping[tuple[str, str], bool | str] = field(default_factory=dict)

    def roll(self, actor: str, name: str, p: float) -> Roll:
        if (actor, name) in self.forced:
            return Roll(actor, name, p, bool(self.forced[(actor, name)]), True)
        stream = random.Random(f"{self.game}|night {self.night}|{actor}|{name}")
        return Roll(actor, name, p, stream.random() < p, False)

    def choose(self, actor: str, name: str, options: list[str]) -> Roll:
        """One of `options` (sorted first, so the GM's order never matters), or the GM's forced pick."""
        options = sorted(options)
        p = round(1 / len(options), 4)
        forced = self.forced.get((actor, name))
        if isinstance(forced, str) and forced in options:
            return Roll(actor, name, p, forced, True)
        stream = random.Random(f"{self.game}|night {self.night}|{actor}|{name}")
        return Roll(actor, name, p, options[stream.randrange(len(options))], False)
