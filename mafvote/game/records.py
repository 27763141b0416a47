"""The game's records: what the service stores, reads and returns (no behaviour beyond JSON and a line of text).

`AppliedPhase` is one stored step (a row of the store's game journal, `Store.game_phases`), `CountInputs`
what `tally.count_day` takes for one day, `DayClose` / `NightResult` what `day close` / `night resolve`
applied, `VoteLine` one vote of `mafvote votes`. `GameError` is the refusal every game operation raises.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, tzinfo
from typing import TYPE_CHECKING, Any, Literal, Mapping

from mafvote_resolver import GameState
from mafvote_tally import DayState, Post, Roster, Tally, VoteRules

from ..alert_texts import game_time
from ..errors import BadInput
from ..messages import text as t

if TYPE_CHECKING:       # annotations only: a count never loads the night's outcome and duty (issue 17, start-up)
    from mafvote_resolver import DayOutcome, NightOutcome
    from mafvote_resolver.duty import NightDuty

__all__ = ["APPLY_KINDS", "ENDS_PHASE", "AppliedPhase", "CountInputs", "DayClose", "GameError", "NightResult",
           "VoteLine"]

# How a row was applied. `resolve` and `close` end a phase; the others happen inside one.
APPLY_KINDS = ("resolve", "close", "modkill", "replace", "set")
ENDS_PHASE = ("resolve", "close")


class GameError(BadInput):
    """A game operation the GM asked for cannot be done as asked (exit status 2); says what to do."""


@dataclass(frozen=True)
class AppliedPhase:
    """One stored step of the game's journal: the phase, how it was applied, the state after it and its outcome."""
    seq: int
    number: int
    kind: str
    start: datetime | None
    deadline: datetime | None
    state: GameState
    outcome: Mapping[str, Any]
    applied_at: datetime
    how: str
    digest: int = 0         # the stored row's (`StoredPhase.digest`): an undone and redone step has the same seq

    @property
    def ended(self) -> datetime | None:
        """When the phase ended: the GM's close or resolution when it came before the deadline, else the deadline."""
        at = self.outcome.get("ended_at")
        return datetime.fromisoformat(at).astimezone(self.deadline.tzinfo) if at and self.deadline else self.deadline

    def describe(self, tz: tzinfo) -> str:
        """The step in one line, its time in the game's zone as `mafvote status` writes times («20.11 23:40 МСК»)."""
        extra = ""
        if self.how == "modkill":
            extra = f": {', '.join(d['player'] for d in self.outcome.get('deaths', []))}"
        elif self.how == "replace":
            extra = f": {self.outcome.get('old')} → {self.outcome.get('new')}"
        elif self.how == "set":
            # the step as the GM's language words it (`set` and its facts); a step stored before them: as written
            how = self.outcome.get("set")
            facts = {k: v for k, v in self.outcome.items() if k not in ("set", "what")}
            extra = ": " + (t(f"step.what.{how}", **facts) if how else str(self.outcome.get("what", "")))
        return t(f"step.{self.how}", seq=self.seq, phase=t(f"when.{self.kind}", n=self.number), extra=extra,
                 at=game_time(self.applied_at, tz))


@dataclass(frozen=True)
class CountInputs:
    """Everything `tally.count_day` takes for one day, built from the store (`GameService.count_inputs`)."""

    day: int
    posts: tuple[Post, ...]
    state: DayState
    roster: Roster
    rules: VoteRules
    slot_to_nick: Mapping[str, str]     # tally slot (the roster's first nick) -> the nick in the GameState
    # the store's reading of each post version (tally.recognise.Flat as JSON) by `Post.key_of` (its content hash: the
    # posts are read without their HTML): the count reads these instead of parsing the posts (a version without
    # one, as in a read-only store of older code, comes with its HTML and is parsed)
    readings: Mapping[str, str] = field(default_factory=dict)


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
