"""Times as the store keeps them: ISO 8601 UTC text, always this width (`to_db_time`: UTC, whole seconds, a
four-digit year), so they sort as text and compare as text in SQL."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

__all__ = ["db_time_up", "from_db_time", "to_db_time"]


def to_db_time(dt: datetime | None) -> str | None:
    """Aware datetime -> ISO 8601 UTC text with second precision (sorts as text)."""
    if dt is None:
        return None
    if dt.tzinfo is None:
        raise ValueError(f"naive datetime {dt!r} given to the store; pass an aware datetime")
    return dt.astimezone(timezone.utc).isoformat(timespec="seconds")


def from_db_time(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def db_time_up(dt: datetime) -> str:
    """`dt` rounded up to the whole second, as stored text. Post times are whole seconds, so for a stored
    time t: t >= dt exactly when t >= this, and t < dt exactly when t < this (`to_db_time` truncates)."""
    if dt.microsecond:
        dt = dt.replace(microsecond=0) + timedelta(seconds=1)
    return to_db_time(dt)  # type: ignore[return-value]
