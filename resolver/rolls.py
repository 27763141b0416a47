"""Random rolls of a night: seeded per (game, night, actor, roll name), recorded, forceable by the GM.

Each roll draws from its own stream seeded by a string of (game, night, actor, name), so the outcome does
not depend on the order actions are resolved in, and replaying a night gives the same values. The GM may
force any roll (`mafvote night roll ... evidence yes`), e.g. after throwing real dice.
"""
from __future__ import annotations

__all__ = ["Roll", "Rolls", "ROLL_NAMES"]

import random
from dataclasses import dataclass, field
from typing import Mapping

# INTERFACE.md `night roll`: the names a GM can force
ROLL_NAMES = ("evidence", "silence", "reveal", "second_kill")


@dataclass(frozen=True)
class Roll:
    actor: str
    name: str
    p: float
    value: bool
    forced: bool

    def to_json(self) -> dict:
        return {"actor": self.actor, "name": self.name, "p": self.p, "value": self.value, "forced": self.forced}


@dataclass(frozen=True)
class Rolls:
    game: str
    night: int
    forced: Mapping[tuple[str, str], bool] = field(default_factory=dict)

    def roll(self, actor: str, name: str, p: float) -> Roll:
        if (actor, name) in self.forced:
            return Roll(actor, name, p, bool(self.forced[(actor, name)]), True)
        stream = random.Random(f"{self.game}|night {self.night}|{actor}|{name}")
        return Roll(actor, name, p, stream.random() < p, False)
