"""Phases and their numbers, from the schedule alone (pure: no store, no clock).

The phases alternate from `[games.schedule].starts_with`: a game starting with night plays night 1, day 1,
night 2, day 2, ... (day N follows night N); a game starting with day plays day 1, night 1, day 2, night 2,
... (night N follows day N). A phase's deadline is `first_deadline` for the first phase, else the next
`night_deadline` (local time of the schedule's zone) strictly after the previous deadline, or the next
`day_deadline` at least `MIN_DAY` (real time) after it. Where the phase starts (when the previous one ended)
is the service's to say (`GameCore.current_phase`), from the stored steps.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, time, timedelta, timezone
from typing import Literal

from ..messages import text as t
from .records import GameError

__all__ = ["MAX_PHASES_AHEAD", "MIN_DAY", "Phase", "next_deadline", "phase_deadline", "phase_index",
           "phase_of_index", "to_minute"]


@dataclass(frozen=True)
class Phase:
    """A day or night of the schedule: its number, start, deadline and place in the game."""
    kind: Literal["day", "night"]
    number: int
    start: datetime
    deadline: datetime
    index: int                      # 0 = the game's first phase

    @property
    def label(self) -> str:
        return f"{self.kind} {self.number}"

    @property
    def label_ru(self) -> str:
        return f"{'день' if self.kind == 'day' else 'ночь'} {self.number}"

    def to_json(self) -> dict:
        return {"kind": self.kind, "number": self.number, "start": self.start.isoformat(),
                "deadline": self.deadline.isoformat()}


def phase_of_index(index: int, starts_with: str) -> tuple[str, int]:
    """(kind, number) of the phase at `index`: night 1, day 1, night 2 ... or day 1, night 1, day 2 ..."""
    other = "day" if starts_with == "night" else "night"
    return (starts_with if index % 2 == 0 else other), index // 2 + 1


def phase_index(kind: str, number: int, starts_with: str) -> int:
    """The inverse of `phase_of_index`."""
    if number < 1:
        raise GameError(t(f"err.numbered.{kind}", n=number))
    return 2 * (number - 1) + (0 if kind == starts_with else 1)


# A day never ends sooner than this after the previous deadline: the seeds word their schedules as "ДЕНЬ до
# 22:30" after "первые нд до 22:00 следующего после старта дня" (000), meaning the next evening, not a day of
# 30 minutes that would make every vote `late`. Nights may be short: "Ночь до 22:30" after "День до 22:00" (001).
MIN_DAY = timedelta(hours=3)

# How far past the current phase a phase's bounds are worked out (`GameService.phase`): a game runs for some
# dozens of phases; the schedule is walked one phase at a time, so a typo'd number is refused instead.
MAX_PHASES_AHEAD = 100


def phase_deadline(kind: str, after: datetime, schedule, tz) -> datetime:
    """The deadline of a `kind` phase following a phase whose deadline was `after` (`[games.schedule]`)."""
    if kind == "day":
        # README: "the first `day_deadline` at least 3 hours after the night's deadline": a day of exactly
        # MIN_DAY is kept (`inclusive`). The 3 hours are real time (added in UTC): on the night a schedule's
        # zone changes its clocks, wall-clock arithmetic would make them 2 or 4 hours.
        earliest = after.astimezone(timezone.utc) + MIN_DAY
        return next_deadline(earliest, schedule.day_deadline, tz, inclusive=True)
    return next_deadline(after, schedule.night_deadline, tz)


def next_deadline(after: datetime, at: time, tz, *, inclusive: bool = False) -> datetime:
    """The first moment at local time `at` (in `tz`) strictly after `after` (at or after it, `inclusive`)."""
    local = after.astimezone(tz)
    candidate = datetime.combine(local.date(), at, tzinfo=tz)
    while candidate < after or (candidate == after and not inclusive):
        local_next = candidate.date() + timedelta(days=1)
        candidate = datetime.combine(local_next, at, tzinfo=tz)
    return candidate


def to_minute(at: datetime) -> datetime:
    """`at` to the minute: how forums show post times."""
    return at.replace(second=0, microsecond=0)

