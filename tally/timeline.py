"""The day as it happened: each candidate's total after every vote, for the pages' step chart. Pure.

    Tally (its `votes`, in post order) + DayState + VoteRules ──timeline──> Step, Step, …

The count's own record of the day is replayed, not the thread re-read: each vote record says what it did when
it was cast (`count_day` keeps them in the order it read them) — a valid vote becomes the voter's current vote
(`counted`, or `replaced by a later vote`), a vote for a player modkilled later the same day is the voter's vote
at weight 0, an edited vote in a `void` day clears the voter's vote, the rest (self-votes, unknown names, votes
after a final one) change nothing. A step's totals are then what `count_day(..., as_of=that moment)` shows for
the posts written by then (tests/tally/test_pages_timeline.py holds the two equal): red minus blue, at the view's
weights, without penalties (the public count shows them once the day is closed; the GM's shows them all day,
«if the day closed now», which would make every line jump at each first vote). The last step is the count
itself: its candidates' totals (penalties included) at the close, or at `as_of` while the day is open.

The view is the tally's: a public tally replays at public weights (1, 0 for an announced silence), so the
public chart can show nothing the public count does not. An edit seen after a moment is read as the count
reads it now (the timeline is the day as the count reads the thread today).

`memo` (a dict the caller keeps for the running day: the pages' `PageCache` memo) keeps where the replay stopped;
the next call resumes from it when the records it replayed did the same again (each record the same object, or
with the same effect, voter, target, colour, time and post) in the same view, day state and rules: a new post is
one step replayed, not the day (issue 17). Anything else (an edit, a modkill that changes an earlier vote) replays
the day whole. The steps are the same either way (tests/tally/test_pages_timeline.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Mapping

from .model import DayState, Tally, VoteRules
from .views import vote_weight

__all__ = ["Step", "timeline"]

_MEMO = "timeline"          # `memo`'s slot

# the reasons `count_day` gives (tally/casting.py `_cast`, `take_post`) for what a vote did when it was cast
_VALID = "replaced by a later vote"
_REMOVED = "was modkilled after this vote"
_VOID = "edited post: void"


@dataclass(frozen=True)
class Step:
    """The totals right after `time`. `post_id`, `voter`, `target`, `color`, `early`: the vote that made the
    step (None for the closing step); `totals`: every player voted for so far (0 when the votes left)."""

    time: datetime
    totals: Mapping[str, int]
    voter: str | None = None
    target: str | None = None
    color: str | None = None
    early: bool = False
    post_id: int | None = None
    closing: bool = False
    changed: tuple[str, ...] = ()        # the players whose total this step may have changed (all, for the last)

    def nonzero(self) -> dict[str, int]:
        return {p: t for p, t in self.totals.items() if t}


def _effect(record) -> str | None:  # noqa: ANN001 - VoteRecord
    if _REMOVED in record.reason:
        return "removed"
    if record.counted or record.reason == _VALID:
        return "set"
    if record.reason == _VOID:
        return "clear"
    return None


class _Replay:
    """Where a replay stopped: the records replayed, what each did (`_did`), the steps they made (the closing step
    left out) and the voters' current votes and the totals after them."""

    __slots__ = ("view", "state", "rules", "records", "did", "steps", "current", "totals", "shares", "gifts")

    def __init__(self, view: str, state: DayState, rules: VoteRules) -> None:
        self.view, self.state, self.rules = view, state, rules
        self.records: list = []                             # VoteRecord
        self.did: list = []
        self.steps: list[Step] = []
        self.current: dict[str, tuple[str, int]] = {}      # voter -> (target, signed weight) of the current vote
        self.totals: dict[str, int] = {}                    # every player voted for so far
        self.shares: dict[tuple[str, str], int] = {}
        self.gifts: dict[str, int] = {}
        for t in state.transfers:
            self.gifts[t.to] = self.gifts.get(t.to, 0) + 1

    def resumes(self, tally: Tally, state: DayState, rules: VoteRules) -> bool:
        """Whether the records replayed are the start of `tally`'s and did the same (else: replay the day whole)."""
        if (tally.view != self.view or not (state is self.state or state == self.state)
                or not (rules is self.rules or rules == self.rules)):
            return False
        votes, records, did = tally.votes, self.records, self.did
        if len(votes) < len(records):
            return False
        for i, record in enumerate(records):
            mine = votes[i]
            if mine is not record and _did(mine, rules) != did[i]:
                return False
        return True


def _did(record, rules: VoteRules) -> tuple | None:  # noqa: ANN001 - VoteRecord
    """What a record does to the replay: equal for two records the replay reads alike."""
    effect = _effect(record)
    if effect is None:
        return None
    return (effect, record.voter, record.target, record.color if rules.colors_matter else "red", record.early,
            record.post_id, record.time)


def timeline(tally: Tally, state: DayState, rules: VoteRules, *, close: datetime | None = None,
             memo: dict | None = None) -> tuple[Step, ...]:
    """The steps of the day in `tally`'s view (see the module's docstring). `close`: when the closed day ended
    (default: its early close, else the deadline); ignored while the day is open. `memo`: kept between calls for
    the same day, to resume the replay (the module's docstring)."""
    replay = memo.get(_MEMO) if memo is not None else None
    if replay is None or not replay.resumes(tally, state, rules):
        replay = _Replay(tally.view, state, rules)
    current, totals, steps, shares, gifts = replay.current, replay.totals, replay.steps, replay.shares, replay.gifts

    def signed(voter: str, color: str) -> int:
        # a voter's weight depends on the voter and the colour only (and the votes gifted to them, which count
        # while they have a vote): so each step changes one voter's share, never the others', and each voter's
        # share of each colour is worked out once (a 3,000-post day has ~450 valid votes from 20 voters)
        share = shares.get((voter, color))
        if share is None:
            weight, _ = vote_weight(tally.view, voter, color, state, rules, gifts.get(voter, 0))
            share = shares[voter, color] = -weight if color == "blue" else weight
        return share

    done = len(replay.records)
    for record in tally.votes[done:]:
        replay.did.append(_did(record, rules))
        effect = _effect(record)
        if effect is None:
            continue
        color = record.color if rules.colors_matter else "red"
        before = current.pop(record.voter, None)
        if effect == "clear" and before is None:
            continue
        moved = (record.target,) if before is None else (before[0], record.target)
        if before is not None:
            totals[before[0]] -= before[1]
        if effect != "clear":
            share = 0 if effect == "removed" else signed(record.voter, color)
            current[record.voter] = (record.target, share)
            totals[record.target] = totals.get(record.target, 0) + share
        steps.append(Step(record.time, dict(totals), record.voter, record.target, color, record.early,
                          record.post_id, changed=moved))
    if memo is not None:
        replay.records = list(tally.votes)      # the next call finds these objects again, not their equals
        memo[_MEMO] = replay
    end = (close or tally.closed_early or tally.deadline) if tally.closed else tally.as_of
    if end is None:
        end = steps[-1].time if steps else tally.deadline
    final = dict.fromkeys(totals, 0) | {c.player: c.total for c in tally.candidates}
    return (*steps, Step(max(end, steps[-1].time) if steps else end, final, closing=tally.closed,
                         changed=tuple(final)))
