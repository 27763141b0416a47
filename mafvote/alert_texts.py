"""The alerts' view of the message catalogue (`mafvote.messages`): one function per kind of text an alert or the
GM report needs, in the language given (`[alerts] language`, "ru" by default, or "en").

    alert_rules.*(..., language)  ──> phrase(language, key, **facts) ──> the catalogue's template, filled
    EmailChannel(language)        ──> subject(language, game, phase, text, kind)

English keeps the sentences the tally writes (`detail`), so its texts are those of earlier versions
(GMs' scripts match them). Russian builds each text from the facts the tally records beside the sentence
(`Flag.data`, `Alert.data`), never by translating it. Keys for flags are `flag.<kind>` (+ `.label`, `~`), one
per flag kind of INTERFACE.md; the GM report (`render ... --gm`, through `alert_rules.gm_report_data`) words its
flags and alerts from the same keys, plus `report.*` and `cause.*`.
"""
from __future__ import annotations

from datetime import datetime, timedelta, tzinfo
from typing import Any, Mapping

from . import messages
from .messages.kinds import FLAG_KINDS, REASONS

__all__ = ["DEFAULT_LANGUAGE", "LANGUAGES", "TABLES", "at", "color", "duration", "game_time", "has", "phase_label",
           "phrase", "reason", "subject"]

DEFAULT_LANGUAGE = messages.DEFAULT_LANGUAGE
LANGUAGES = messages.LANGUAGES
TABLES: Mapping[str, Mapping[str, str]] = messages.TABLES      # each language loaded on its first use


def phrase(language: str, key: str, **facts: Any) -> str:
    """The catalogue's template for `key`, filled with `facts`; when a fact is missing, the `key~` fallback."""
    return messages.text(key, language=language, **facts)


def has(language: str, key: str) -> bool:
    return messages.has(key, language)


def color(language: str, value: str) -> str:
    return messages.table(language).get(f"color.{value}", value)


def reason(language: str, value: str) -> str:
    """An outcome reason (`tie`) in words; a reason the table does not know is shown as it is."""
    return messages.table(language).get(f"reason.{value}", value)


_MOSCOW = timedelta(hours=3)


def _zone_ru(offset: timedelta | None) -> str:
    """The zone as Russian forums write it: МСК, МСК+2 (Екатеринбург), МСК−1 (Калининград)."""
    if offset is None:
        return ""
    diff = offset - _MOSCOW
    if not diff:
        return "МСК"
    minutes = int(abs(diff).total_seconds()) // 60
    hours, rest = divmod(minutes, 60)
    return f"МСК{'+' if diff > timedelta(0) else '−'}{hours}" + (f":{rest:02d}" if rest else "")


def zone_name(dt: datetime, tz: tzinfo | None) -> str:
    """The zone of `dt` in `tz` as Russian forums write it (МСК, МСК+2)."""
    local = dt.astimezone(tz) if tz is not None else dt
    return _zone_ru(local.utcoffset())


def at(language: str, dt: datetime, tz: tzinfo | None, *, year: bool = False) -> str:
    """`30.12 22:00 Europe/Moscow` (en, as before) or `30.12 22:00 МСК` (ru: the zone relative to Moscow, as
    Russian forums write it, `МСК+2` for Yekaterinburg). `year`: `30.12.2026 22:00 МСК`, where a GM checks a typed
    moment whose year may be the mistake (a refused `--closed-at`, `--at`)."""
    local = dt.astimezone(tz) if tz is not None else dt
    return phrase(language, "at", when=local.strftime("%d.%m.%Y %H:%M" if year else "%d.%m %H:%M"),
                  zone=str(tz) if tz is not None else local.tzname(), zone_abbr=_zone_ru(local.utcoffset()))


def game_time(dt: datetime, tz: tzinfo | None, *, year: bool = False) -> str:
    """Every time a GM reads (CLI output, errors, notes), in the game's zone and the current language: `at`."""
    return at(messages.current(), dt, tz, year=year)


def duration(language: str, minutes: int) -> str:
    """`через 1 час`, `через сутки`, `через 1 час 30 минут` (ru); `in 60 min` (en, as before)."""
    return phrase(language, "duration.in", minutes=int(minutes), parts=duration_parts(language, minutes))


def duration_parts(language: str, minutes: int) -> str:
    """`1 час`, `сутки`, `1 час 30 минут`, `15 минут` (ru): a span as GMs say it."""
    days, rest = divmod(int(minutes), 1440)
    hours, mins = divmod(rest, 60)
    parts = []
    if days:
        parts.append(phrase(language, "duration.one_day") if days == 1 else phrase(language, "duration.days", n=days))
    if hours:
        parts.append(phrase(language, "duration.hours", n=hours))
    if mins or not parts:
        parts.append(phrase(language, "duration.minutes", n=mins))
    return " ".join(parts)


def phase_label(language: str, phase: str) -> str:
    """`day3` -> `day3` / `день 3`; a phase key of another shape is shown as it is."""
    for kind in ("day", "night"):
        if phase.startswith(kind) and phase[len(kind):].isdigit():
            return phrase(language, f"phase.{kind}", n=phase[len(kind):])
    return phase


def subject(language: str, game: str, phase: str, text: str, kind: str) -> str:
    """The e-mail subject: the game, the phase and the alert's first line, at most 200 characters; the phase
    is left out when the first line begins with it («День 2 закрывается…» after «день 2» said it twice)."""
    first = text.strip().splitlines()[0] if text.strip() else kind
    label = phase_label(language, phase)
    if first.casefold().startswith(label.casefold()):
        return phrase(language, "subject.bare", game=game, first=first)[:200]
    return phrase(language, "subject", game=game, phase=label, first=first)[:200]
