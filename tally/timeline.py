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
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Mapping

from .model import DayState, Tally, VoteRules
from .views import vote_weight

__all__ = ["Step", "timeline"]

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


def timeline(tally: Tally, state: DayState, rules: VoteRules, *, close: datetime | None = None) -> tuple[Step, ...]:
    """The steps of the day in `tally`'s view (see the module's docstring). `close`: when the closed day ended
    (default: its early close, else the deadline); ignored while the day is open."""
    current: dict[str, tuple[str, int]] = {}           # voter -> (target, signed weight) of the current vote
    totals: dict[str, int] = {}                         # every player voted for so far
    steps: list[Step] = []
    gifts: dict[str, int] = {}
    for t in state.transfers:
        gifts[t.to] = gifts.get(t.to, 0) + 1

    shares: dict[tuple[str, str], int] = {}

    def signed(voter: str, color: str) -> int:
        # a voter's weight depends on the voter and the colour only (and the votes gifted to them, which count
        # while they have a vote): so each step changes one voter's share, never the others', and each voter's
        # share of each colour is worked out once (a 3,000-post day has ~450 valid votes from 20 voters)
        share = shares.get((voter, color))
        if share is None:
            weight, _ = vote_weight(tally.view, voter, color, state, rules, gifts.get(voter, 0))
            share = shares[voter, color] = -weight if color == "blue" else weight
        return share

    for record in tally.votes:
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
    end = (close or tally.closed_early or tally.deadline) if tally.closed else tally.as_of
    if end is None:
        end = steps[-1].time if steps else tally.deadline
    final = dict.fromkeys(totals, 0) | {c.player: c.total for c in tally.candidates}
    steps.append(Step(max(end, steps[-1].time) if steps else end, final, closing=tally.closed, changed=tuple(final)))
    return tuple(steps)
