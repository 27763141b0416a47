"""The game's records: what the service stores, reads and returns (no behaviour beyond JSON and a line of text, but
for an older step's state, which `AppliedPhase.state` reads back through the `StepStates` the journal gives it).

`AppliedPhase` is one stored step (a row of the store's game journal, `Store.game_phases`), `CountInputs`
what `tally.count_day` takes for one day. `GameError` is the refusal every game operation raises. What `day close`,
`night resolve` and `mafvote votes` return (`DayClose`, `NightResult`, `VoteLine`) is in `command_results`, loaded
on first use (a count never makes them; issue 17, start-up).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, tzinfo
from typing import Any, Mapping, Protocol

from mafvote_resolver import GameState
from mafvote_tally import DayState, Post, Roster, VoteRules

from ..alert_texts import game_time
from ..errors import BadInput
from ..messages import text as t

__all__ = ["APPLY_KINDS", "ENDS_PHASE", "AppliedPhase", "CountInputs", "GameError"]

# How a row was applied. `resolve` and `close` end a phase; the others happen inside one.
APPLY_KINDS = ("resolve", "close", "modkill", "replace", "set")
ENDS_PHASE = ("resolve", "close")


class GameError(BadInput):
    """A game operation the GM asked for cannot be done as asked (exit status 2); says what to do."""


class StepStates(Protocol):
    """Where a step's state is read back from once the journal no longer holds it (`AppliedPhase.state`)."""

    def stored_state(self, row: AppliedPhase) -> GameState: ...


@dataclass(frozen=True, slots=True)
class AppliedPhase:
    """One stored step of the game's journal: the phase, how it was applied, the state after it and its outcome.
    Slotted: the daemon keeps every step of every game for the game's life (`GameCore.applied`), and a step's
    attribute dict was ≈ 0.3 of the ≈ 2.3 KB it kept (issue 17, the soak)."""
    seq: int
    number: int
    kind: str
    start: datetime | None
    deadline: datetime | None
    # the state after the step while the journal holds it (`held`: its latest steps, which every tick reads), else
    # None, and `state` reads it back from the store (`states`): held for every step, a game's states grew the
    # daemon by ≈ 0.5 KB a game day for the game's life (issue 17, the soak), and an older step's state is read only
    # when a page of a past day is made again
    held: GameState | None = field(compare=False, repr=False)
    outcome: Mapping[str, Any]
    applied_at: datetime
    how: str
    digest: int = 0         # the stored row's (`StoredPhase.digest`): an undone and redone step has the same seq
    states: StepStates | None = field(default=None, compare=False, repr=False)
    # which stored row this is, (seq, digest): one tuple for the record's life (`GameCore.applied` keeps a step's
    # record while its row stays), so the keys of what was made from the steps share it. The daemon keeps a key per
    # closed day and view holding every step up to its close (`finished_day_steps`); made anew, each key's pairs grew
    # with the day's number, a game's keys with the square of its days (issue 17, the soak)
    step: tuple[int, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "step", (self.seq, self.digest))

    @property
    def state(self) -> GameState:
        """The game's state after this step: held, or read back from the store."""
        held = self.held
        if held is not None:
            return held
        assert self.states is not None, "a step let go of its state without a store to read it from"
        return self.states.stored_state(self)

    def hold_state(self, held: GameState | None) -> None:
        """The state the journal holds for this step (`GameCore.applied` holds its latest steps'), or None: `state` reads
        it back from the store. The record is otherwise unchanged, so what was made from it (its `step`, the pages'
        keys) stays valid."""
        if held is not None or self.states is not None:
            object.__setattr__(self, "held", held)

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
