"""The config's values read by hand (pure): durations (`"1h30m"`) with their sane ranges, dates and times,
time zones, the key two roster names are compared by, and a found value quoted as the GM wrote it. The schema's
validators, the cross-checks on the raw file and the CLI all read values through here.
"""
from __future__ import annotations

import difflib
import json
import re
import unicodedata
from datetime import date, datetime, time, timedelta, tzinfo
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

__all__ = [
    "DURATION_BOUNDS", "DURATION_FORMS", "MAX_DURATION", "TIMEOUT_BOUNDS", "TIME_EXAMPLE", "TZ_EXAMPLE", "TooLong",
    "find_zone", "format_duration", "localize", "name_key", "parse_datetime", "parse_duration", "parse_time",
    "show_time", "shown_value", "zone_hint",
]

DURATION_FORMS = "90s, 2m, 1h30m (units d, h, m, s)"
TZ_EXAMPLE = 'an IANA name such as "Europe/Moscow", "Europe/Kiev" or "UTC"'
TIME_EXAMPLE = '"2026-12-27T20:00" (the schedule\'s time zone) or "2026-12-27T20:00+03:00"'


_DURATION_RE = re.compile(
    r"^(?:(?P<d>\d+)\s*d)?\s*(?:(?P<h>\d+)\s*h)?\s*(?:(?P<m>\d+)\s*m)?\s*"
    r"(?:(?P<s>\d+(?:\.\d+)?)\s*s)?$",
    re.IGNORECASE,
)


def parse_duration(text: str) -> timedelta:
    """`"90s"`, `"2m"`, `"1h30m"`, `"1d"` -> timedelta. Raises ValueError naming the accepted forms.

    A bare number is refused: `poll_interval = 2` could mean seconds or minutes, and guessing wrong
    either hammers the forum or misses a deadline.
    """
    if isinstance(text, bool) or not isinstance(text, str):
        raise ValueError(f"{shown_value(text)} has no unit (is it seconds or minutes?)")
    match = _DURATION_RE.match(text.strip())
    if not text.strip() or not match or not any(match.groupdict().values()):
        raise ValueError(f"{json.dumps(text, ensure_ascii=False)} is not a duration")
    parts = {k: float(v) for k, v in match.groupdict().items() if v}
    seconds = (parts.get("d", 0) * 86400 + parts.get("h", 0) * 3600 + parts.get("m", 0) * 60 + parts.get("s", 0))
    if seconds > MAX_DURATION.total_seconds():
        # checked on the number: `timedelta` itself overflows (OverflowError) long before a float does
        raise TooLong(f"{json.dumps(text, ensure_ascii=False)} is longer than any game "
                       f"(at most {format_duration(MAX_DURATION)})")
    value = timedelta(seconds=seconds)
    if value <= timedelta(0):
        raise ValueError("a duration must be longer than zero")
    return value


class TooLong(ValueError):
    """A duration past `MAX_DURATION` (its hint is not the accepted forms: the form was right)."""


# No duration of a game's config is longer than a game: a game runs some weeks. Past this, adding a duration to a
# date leaves the calendar (`date value out of range`) in the commands that plan the next crawl or alert.
MAX_DURATION = timedelta(days=365)

# Each configured duration's sane range, and why (checked after `parse_duration`, reported as a config problem with
# the key's line). Below the lower bound mafvote would hammer the forum or the GM; above the upper one a whole
# game day could pass unread or a warning come before the game began.
DURATION_BOUNDS: dict[str, tuple[timedelta, timedelta, str]] = {
    "poll_interval": (timedelta(seconds=10), timedelta(days=1),
                      "poll at least every day (a day's votes would go unread) and at most every 10s (each poll is "
                      "a request to the forum)"),
    "reread_interval": (timedelta(minutes=1), timedelta(days=7),
                        "re-read the day's pages between every minute and every 7 days"),
    "before_deadline": (timedelta(seconds=1), timedelta(days=7),
                        "a warning comes at most 7 days before a deadline (a game's phase is a day or two)"),
    "interval": (timedelta(minutes=1), timedelta(days=1),
                 "publish between every minute and once a day (each post or edit is a request to the forum)"),
}

# A forum request's timeout: a finite number of seconds (an infinite one would hang every crawl on a stalled
# connection); 0.5 s is already too short for a slow forum, 10 minutes longer than any page takes.
TIMEOUT_BOUNDS = (0.5, 600.0)


def format_duration(value: timedelta) -> str:
    """The inverse of `parse_duration`, for messages: 5400 s -> `1h30m`."""
    seconds = int(value.total_seconds())
    days, seconds = divmod(seconds, 86400)
    hours, seconds = divmod(seconds, 3600)
    minutes, seconds = divmod(seconds, 60)
    out = "".join(f"{n}{u}" for n, u in ((days, "d"), (hours, "h"), (minutes, "m"), (seconds, "s")) if n)
    return out or "0s"


def parse_datetime(value: Any) -> datetime:
    """A TOML datetime literal or an ISO 8601 string; naive results are placed in a zone later."""
    if isinstance(value, datetime):
        return value
    if isinstance(value, date):
        raise ValueError("a date alone is not enough here: give the time too")
    if not isinstance(value, str):
        raise ValueError("expected a date and time")
    text = value.strip()
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        raise ValueError("a date alone is not enough here: give the time too")
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        raise ValueError(f"{json.dumps(value, ensure_ascii=False)} is not an ISO 8601 date and time") from None


def parse_time(value: Any) -> time:
    if isinstance(value, time):
        return value
    if not isinstance(value, str):
        raise ValueError("expected a time of day")
    try:
        return time.fromisoformat(value.strip())
    except ValueError:
        raise ValueError(f"{json.dumps(value, ensure_ascii=False)} is not a time of day") from None


def find_zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, TypeError):
        raise ValueError(f"unknown time zone {json.dumps(name, ensure_ascii=False)}") from None


def zone_hint(name: str) -> str:
    close = difflib.get_close_matches(name, sorted(available_timezones()), n=1, cutoff=0.7)
    return f'did you mean "{close[0]}"? Time zones are {TZ_EXAMPLE}' if close else f"use {TZ_EXAMPLE}"


def localize(value: datetime, tz: tzinfo) -> datetime:
    # INTERFACE.md / brief: times without an offset are in the schedule's time zone.
    if value.tzinfo is None:
        return value.replace(tzinfo=tz)
    return value.astimezone(tz)


def show_time(value: datetime) -> str:
    text = value.strftime("%Y-%m-%d %H:%M")
    return f"{text} {value.strftime('%z')[:3]}:{value.strftime('%z')[3:]}" if value.tzinfo else text


def name_key(name: str) -> str:
    """How two roster names are compared for collisions: case, `ё/е`, and spacing do not matter."""
    text = unicodedata.normalize("NFC", name).casefold().replace("ё", "е")
    return " ".join(text.split())


def shown_value(value: Any) -> str:
    """A found value as the GM would recognise it in the file."""
    if isinstance(value, dict):
        text = "a table"
    elif isinstance(value, list):
        text = "an array"
    elif isinstance(value, str | int | float | bool):
        text = json.dumps(value, ensure_ascii=False)
    else:
        text = str(value)
    return text if len(text) <= 60 else text[:57] + "..."
