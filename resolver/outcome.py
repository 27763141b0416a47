"""What a resolved phase produced: records and their JSON shape (INTERFACE.md `night resolve`)."""
from __future__ import annotations

__all__ = ["Death", "SilenceOut", "Public", "Private", "Refusal", "NightOutcome", "DayOutcome", "EVENT_KINDS",
           "PRIVATE_KINDS"]

from dataclasses import dataclass, field
from typing import Any, Mapping

from .journal import line_json
from .rolls import Roll

# Every `Public.kind` the engine and the day functions emit; the themes have a phrase for each.
# "block" is emitted when a ruleset has a `block` text (004's newspaper reports blocks as a fact, without who);
# "protected" stays reserved. A stolen vote and a player lying low are never public (004: "Игрок об этом не
# знает"): no kind and no theme phrase tells of them, so none can leak into a post.
EVENT_KINDS = (
    "death", "silence", "interview", "serum", "evidence", "trace",
    "block", "protected",
    "hanged", "alibi", "nobody", "modkill",
)
# Every `Private.kind`; "info" carries 004's watchers, "Узнает, если ..." passives, earned protections and
# the hider's visitors; "takeover" tells 004's neutral that it took the maniac's place (not the boss's text).
PRIVATE_KINDS = ("side_check", "role_check", "hire", "question", "succession", "info", "takeover")


@dataclass(frozen=True)
class Death:
    player: str
    role: str
    side: str
    revealed: bool
    causes: tuple[str, ...]

    def to_json(self) -> dict:
        return {"player": self.player, "role": self.role, "side": self.side, "revealed": self.revealed,
                "causes": list(self.causes)}


@dataclass(frozen=True)
class SilenceOut:
    player: str
    days: int
    announced: bool

    def to_json(self) -> dict:
        return {"player": self.player, "days": self.days, "announced": self.announced}


@dataclass(frozen=True)
class Public:
    """A public fact of the result post. `text` is a plain default; templates render `data` in the theme."""

    kind: str
    text: str
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"kind": self.kind, "text": self.text, "data": dict(self.data)}


@dataclass(frozen=True)
class Private:
    to: str
    kind: str
    text: str

    def to_json(self) -> dict:
        return {"to": self.to, "kind": self.kind, "text": self.text}


@dataclass(frozen=True)
class Refusal:
    actor: str
    ability: str
    reason: str

    def to_json(self) -> dict:
        return {"actor": self.actor, "ability": self.ability, "reason": self.reason}


@dataclass(frozen=True)
class NightOutcome:
    night: int
    deaths: tuple[Death, ...]
    saved: tuple[str, ...]
    silenced: tuple[SilenceOut, ...]
    public: tuple[Public, ...]
    private: tuple[Private, ...]
    refused: tuple[Refusal, ...]
    rolls: tuple[Roll, ...]
    alive: tuple[str, ...]
    alibis: tuple[str, ...]
    hidden_vote_loss: tuple[str, ...]
    log: tuple[str, ...]
    state: Any = None            # the next GameState
    winner: str | None = None    # a side id when the game is over
    transfers: tuple[tuple[str, str, str], ...] = ()   # 004: (stolen|gifted, source, to) for the coming day
    alerts: tuple[str, ...] = ()                       # for the GM (004: the mafia entered no kill)

    def to_json(self) -> dict:
        return {
            "night": self.night,
            "deaths": [d.to_json() for d in self.deaths],
            "saved": list(self.saved),
            "silenced": [s.to_json() for s in self.silenced],
            "public": [p.to_json() for p in self.public],
            "private": [p.to_json() for p in self.private],
            "refused": [r.to_json() for r in self.refused],
            # each refusal's reason with its key and facts, for the GM's language (resolver.journal)
            **({"refused_journal": [line_json(r.reason) for r in self.refused]} if self.refused else {}),
            "rolls": [r.to_json() for r in self.rolls],
            "next_day": {"alive": list(self.alive), "alibis": list(self.alibis),
                         "hidden_vote_loss": list(self.hidden_vote_loss),
                         **({"transfers": [{"kind": k, "source": a, "to": b} for k, a, b in self.transfers]}
                            if self.transfers else {})},
            "winner": self.winner,
            **({"alerts": list(self.alerts), "alert_lines": [line_json(a) for a in self.alerts]}
               if self.alerts else {}),
            "log": list(self.log),
            # the log's lines with the key and facts the GM's language words them from (resolver.journal)
            "journal": [line_json(x) for x in self.log],
        }


@dataclass(frozen=True)
class DayOutcome:
    day: int
    deaths: tuple[Death, ...]
    saved: tuple[tuple[str, str], ...]     # (player, why): alibi, unhangable, protected
    public: tuple[Public, ...]
    log: tuple[str, ...]
    state: Any = None
    winner: str | None = None
    # to players privately: the new boss after the boss was hanged, 004's neutral taking the maniac's place
    private: tuple["Private", ...] = ()

    def to_json(self) -> dict:
        return {"day": self.day, "deaths": [d.to_json() for d in self.deaths],
                "saved": [{"player": p, "reason": r} for p, r in self.saved],
                "public": [p.to_json() for p in self.public], "winner": self.winner, "log": list(self.log),
                "journal": [line_json(x) for x in self.log],
                "private": [m.to_json() for m in self.private]}

