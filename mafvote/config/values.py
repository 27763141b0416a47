"""The config's values read by hand (pure): durations (`"1h30m"`) with their sane ranges, dates and times,
time zones, the key two roster names are compared by, and a found value quoted as the GM wrote it. The schema's
validators, the cross-checks on the raw file and the CLI all read values through here.
"""
from __future__ import annotations

import json
import math
import re
from datetime import date, datetime, time, timedelta, tzinfo
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from mafvote_tally.names import fold

from ..messages import text as t

__all__ = [
    "DURATION_BOUNDS", "MAX_DURATION", "TIMEOUT_BOUNDS", "TooLong",
    "find_zone", "format_duration", "localize", "name_key", "parse_datetime", "parse_duration", "parse_time",
    "show_time", "shown_value", "zone_hint",
]



# a pattern, compiled at its first use (re's cache): a command reading a cached config never parses a duration
_DURATION = (r"(?i)^(?:(?P<d>\d+)\s*d)?\s*(?:(?P<h>\d+)\s*h)?\s*(?:(?P<m>\d+)\s*m)?\s*"
             r"(?:(?P<s>\d+(?:\.\d+)?)\s*s)?$")


def parse_duration(text: str) -> timedelta:
    """`"90s"`, `"2m"`, `"1h30m"`, `"1d"` -> timedelta. Raises ValueError naming the accepted forms.

    A bare number is refused: `poll_interval = 2` could mean seconds or minutes, and guessing wrong
    either hammers the forum or misses a deadline.
    """
    if isinstance(text, bool) or not isinstance(text, str):
        raise ValueError(t("config.duration.no_unit", value=shown_value(text)))
    match = re.match(_DURATION, text.strip())
    if not text.strip() or not match or not any(match.groupdict().values()):
        raise ValueError(t("config.duration.bad", value=json.dumps(text, ensure_ascii=False)))
    parts = {k: float(v) for k, v in match.groupdict().items() if v}
    seconds = (parts.get("d", 0) * 86400 + parts.get("h", 0) * 3600 + parts.get("m", 0) * 60 + parts.get("s", 0))
    if seconds > MAX_DURATION.total_seconds():
        # checked on the number: `timedelta` itself overflows (OverflowError) long before a float does
        raise TooLong(t("config.duration.too_long", value=json.dumps(text, ensure_ascii=False),
                        most=format_duration(MAX_DURATION)))
    value = timedelta(seconds=seconds)
    if value <= timedelta(0):
        raise ValueError(t("config.duration.zero"))
    return value


class TooLong(ValueError):
    """A duration past `MAX_DURATION` (its hint is not the accepted forms: the form was right)."""


# No duration of a game's config is longer than a game: a game runs some weeks. Past this, adding a duration to a
# date leaves the calendar (`date value out of range`) in the commands that plan the next crawl or alert.
MAX_DURATION = timedelta(days=365)

# Each configured duration's sane range (checked after `parse_duration`, reported as a config problem with the key's
# line; why is the catalogue's `config.bounds.<key>`). Below the lower bound mafvote would hammer the forum or the
# GM; above the upper one a whole game day could pass unread or a warning come before the game began.
DURATION_BOUNDS: dict[str, tuple[timedelta, timedelta]] = {
    "poll_interval": (timedelta(seconds=10), timedelta(days=1)),
    "reread_interval": (timedelta(minutes=1), timedelta(days=7)),
    "before_deadline": (timedelta(seconds=1), timedelta(days=7)),
    "interval": (timedelta(minutes=1), timedelta(days=1)),
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
        raise ValueError(t("config.datetime.date_only"))
    if not isinstance(value, str):
        raise ValueError(t("config.datetime.expected"))
    text = value.strip()
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):
        raise ValueError(t("config.datetime.date_only"))
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        raise ValueError(t("config.datetime.bad", value=json.dumps(value, ensure_ascii=False))) from None


def parse_time(value: Any) -> time:
    if isinstance(value, time):
        return value
    if not isinstance(value, str):
        raise ValueError(t("config.time.expected"))
    try:
        return time.fromisoformat(value.strip())
    except ValueError:
        raise ValueError(t("config.time.bad", value=json.dumps(value, ensure_ascii=False))) from None


def find_zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, TypeError):
        raise ValueError(t("config.zone.unknown", value=json.dumps(name, ensure_ascii=False))) from None


def zone_hint(name: str) -> str:
    import difflib  # start-up: only a mistyped time zone needs it; every command loads this module (issue 17)
    close = difflib.get_close_matches(name, sorted(available_timezones()), n=1, cutoff=0.7)
    return t("config.zone.hint.close", close=close[0]) if close else t("config.zone.hint")


def localize(value: datetime, tz: tzinfo) -> datetime:
    # INTERFACE.md / brief: times without an offset are in the schedule's time zone.
    if value.tzinfo is None:
        return value.replace(tzinfo=tz)
    return value.astimezone(tz)


def show_time(value: datetime) -> str:
    text = value.strftime("%Y-%m-%d %H:%M")
    return f"{text} {value.strftime('%z')[:3]}:{value.strftime('%z')[3:]}" if value.tzinfo else text


def name_key(name: str) -> str:
    """How two roster names are compared for collisions: case, `ё/е`, and spacing do not matter (the one name
    normaliser, `mafvote_tally.names.fold`)."""
    return fold(name)


def shown_value(value: Any) -> str:
    """A found value as the GM would recognise it in the file."""
    if isinstance(value, dict):
        text = t("config.value.table")
    elif isinstance(value, list):
        text = t("config.value.array")
    elif isinstance(value, float) and not math.isfinite(value):
        text = t("config.value.infinite") if value == value else t("config.value.nan")
    elif isinstance(value, str | int | float | bool):
        text = json.dumps(value, ensure_ascii=False)
    else:
        text = str(value)
    return text if len(text) <= 60 else text[:57] + "..."
