"""What three GM commands return: `DayClose` (`day close`, a modkill that closes the day), `NightResult` (`night
resolve`) and `VoteLine` (one vote of `mafvote votes`), made on first use so that `mafvote tally` does not create
the three classes (issue 17, start-up); `mafvote.game` names them lazily.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:       # annotations only
    from datetime import datetime

    from mafvote_resolver import DayOutcome, NightOutcome
    from mafvote_resolver.duty import NightDuty
    from mafvote_tally import Tally

__all__ = ["DayClose", "NightResult", "VoteLine"]


@dataclass(frozen=True)
class DayClose:
    """What `day close` applied (or would apply with --dry-run)."""

    outcome: DayOutcome
    count: Tally | None
    decided_by: Literal["count", "gm"]
    modkill_candidates: tuple[str, ...]
    under_active: tuple[str, ...]
    note: str = ""
    owes_night_action: tuple[str, ...] = ()   # punished at this count for a missed night action (§3.6)
    # (player, shield) the GM's `--eliminate` hanged through: "alibi" (отмаза) or "protected" (RULES.md §3.10)
    overridden: tuple[tuple[str, str], ...] = ()
    # the public view of the same count (same bounds as `count`); not stored with the close
    public: Tally | None = None

    def to_json(self) -> dict:
        return {"day": self.outcome.to_json(), "decided_by": self.decided_by,
                "count": self.count.to_json() if self.count is not None else None,
                "modkill_candidates": list(self.modkill_candidates), "under_active": list(self.under_active),
                "note": self.note, "owes_night_action": list(self.owes_night_action),
                "overridden": [{"player": p, "shield": k} for p, k in self.overridden]}


@dataclass(frozen=True)
class NightResult:
    """What `night resolve` applied (or would apply with --dry-run): the outcome and, with
    `night_action_is_duty`, who missed their night action."""

    outcome: NightOutcome
    duty: NightDuty | None
    day_after: int          # the day whose count punishes the missed actions

    def to_json(self) -> dict:
        data = self.outcome.to_json()
        data["night_duty"] = self.duty.to_json() if self.duty is not None else None
        return data


@dataclass(frozen=True)
class VoteLine:
    """One vote a player wrote (`mafvote votes`)."""

    post_id: int
    time: datetime
    phase: str            # "day 2", or "" when the post is outside every known day
    target: str | None
    written: str
    color: str
    early: bool
    url: str

    def to_json(self) -> dict:
        return {"post_id": self.post_id, "time": self.time.isoformat(), "day": self.phase, "target": self.target,
                "written": self.written, "color": self.color, "early": self.early, "url": self.url}
