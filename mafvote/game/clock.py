"""The shell's clock: the commands read the time here (the pure parts take times as data), and the demo and the
tests can fix it (`clock_at`)."""
from __future__ import annotations

from contextlib import contextmanager
from datetime import datetime, timezone
from typing import Iterator

__all__ = ["clock_at", "clock_fixed", "utc_now"]

_CLOCK: list[datetime] = []


def utc_now() -> datetime:
    """The clock of the shell (the pure parts take times as data)."""
    return _CLOCK[-1] if _CLOCK else datetime.now(timezone.utc)


def clock_fixed() -> bool:
    """Whether the shell runs at a fixed moment (`clock_at`: the demo, tests), not the real clock."""
    return bool(_CLOCK)


@contextmanager
def clock_at(moment: datetime) -> Iterator[None]:
    """Run the commands inside as if it were `moment`: `mafvote demo` plays a bundled game dated after
    today, at its day's deadline (commands refuse a `--closed-at` or `--at` in their future)."""
    _CLOCK.append(moment)
    try:
        yield
    finally:
        _CLOCK.pop()
