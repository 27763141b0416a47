"""Post times as forums show them -> timezone-aware datetimes.

Two inputs exist on a forum page:

* a machine-readable value (`<time datetime>`, `data-time`, `data-posted`, NodeBB's `data-timestamp`):
  `parse_machine` reads ISO 8601 and unix seconds/milliseconds;
* the displayed text (`Сегодня, 21:03`, `17 сен 2009, 21:51`, `12-30-2026, 08:00 PM`, `10 hours ago`):
  `parse_displayed` reads it in the forum's display time zone, with relative forms resolved
  against `now` (the crawl moment, passed in: this module never reads the clock).

How `parse_displayed` reads a text:

1. Noise is cut away: labels (`Отправлено:`, `Posted:`, `« Reply #1 on:`), the author before
   phpBB's `»`, post numbers (`# 1`), uCoz's `| Сообщение # 1`, TorrentPier's `(спустя 24 мин.)`.
2. "N минут назад" / "10 hours ago" / "менее минуты назад" / "In 5 minutes": `now` -/+ the duration;
   "Только что" / "Just now": `now`.
3. The engine profile's strptime formats are tried, on the text with month and weekday names
   (Russian, Ukrainian, English, any case or grammatical form) turned into numbers: `%b`/`%B` read
   as `%m` and `%a`/`%A` as `%w`, so formats never depend on the process locale.
4. Otherwise a generic reader takes one clock time (`21:51`, `3:54 pm`, `8:27 утра`), then a date:
   numeric (`17.09.2009`, `13.12.21`, `2009-09-17`, `12-30-2026`), with a month word
   (`17 сен 2009`, `Aug 21, 2020`, `14-Ноя-15`, `12 марта 2015 г.`), a relative day (`Сегодня`,
   `Вчера`, `Today`, `Yesterday`) or a weekday name (XenForo: the last such day before today).
   Words ahead of the date (an editor's name) are skipped; any other word it does not know makes
   the text unrecognised rather than guessed. A zone written after the time (`MSK`, `МСК`, `UTC`,
   `GMT+3`) is the zone the time is read in; the result is still given in the forum's zone.

Decisions where forums are ambiguous (each one is pinned by a test in tests/scraper/test_dates.py):

* `a-b-Y` and `a/b/Y` with both parts <= 12 are month first (MyBB's and vBulletin's English default
  `m-d-Y`); with a part > 12 the order is unambiguous. Dotted dates are always day first. A profile
  format decides for a board that differs.
* Two-digit years go to the century that puts them no more than a year after `now`.
* A date without a year is this year, or last year if that would be more than a day ahead of `now`.
* A date without a time is midnight; a time without a date is today.
* "менее минуты назад" / "less than a minute ago" / "только что" is `now` itself (the latest instant
  the text allows, as "5 минут назад" = now - 5 min is: forums round ages down).
* A local time that falls in a DST gap or overlap is built with zoneinfo's default `fold=0`: in an
  overlap it is the first (summer-time) occurrence, in a gap it is read with the offset in force
  before the switch (Berlin `2027-03-28 02:30` -> `02:30+01:00`, the instant 01:30 UTC).
"""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from datetime import date, datetime, time, timedelta, timezone, tzinfo
from email.utils import parsedate_to_datetime
from functools import lru_cache
from zoneinfo import ZoneInfo

from .model import ScraperError

__all__ = ["DateNotRecognised", "combine_date_and_time", "parse_displayed", "parse_machine", "parse_shown"]


_DISPLAYED_HINT = "add its strptime format to the engine profile's date_formats, or check the profile's time selector"
_MACHINE_HINT = "the attribute holds no machine time: drop it from the profile's time_attrs or read the displayed text"


class DateNotRecognised(ScraperError, ValueError):
    """A date text or attribute value that no known form matches; `text` is what the page had."""

    def __init__(self, text: str, reason: str = "", hint: str = _DISPLAYED_HINT) -> None:
        self.text, self.reason = text, reason
        super().__init__(f'date not recognised: "{text}"' + (f" ({reason})" if reason else "") + f"; {hint}")


# --- vocabulary -----------------------------------------------------------------------------------
# Full month names in every form a board prints: English, Russian nominative (SMF/XenForo ru packs
# print "17 Сентябрь 2009"), genitive ("12 марта 2015 г.") and prepositional, Ukrainian. Any prefix of
# at least three letters also counts ("сен", "Ноя", "сент.", "Sept"), checked to be unambiguous below.
_MONTH_NAMES: dict[int, tuple[str, ...]] = {
    1: ("january", "январь", "января", "январе", "січень", "січня"),
    2: ("february", "февраль", "февраля", "феврале", "лютий", "лютого"),
    3: ("march", "март", "марта", "марте", "березень", "березня"),
    4: ("april", "апрель", "апреля", "апреле", "квітень", "квітня"),
    5: ("may", "май", "мая", "мае", "травень", "травня"),
    6: ("june", "июнь", "июня", "июне", "червень", "червня"),
    7: ("july", "июль", "июля", "июле", "липень", "липня"),
    8: ("august", "август", "августа", "августе", "серпень", "серпня"),
    9: ("september", "сентябрь", "сентября", "сентябре", "вересень", "вересня"),
    10: ("october", "октябрь", "октября", "октябре", "жовтень", "жовтня"),
    11: ("november", "ноябрь", "ноября", "ноябре", "листопад", "листопада"),
    12: ("december", "декабрь", "декабря", "декабре", "грудень", "грудня"),
}
# Python's %w numbering: Sunday is 0. Accusative forms come from "в среду" / "в пятницу".
_WEEKDAY_NAMES: dict[int, tuple[str, ...]] = {
    1: ("monday", "mon", "понедельник", "пн", "пнд", "понеділок"),
    2: ("tuesday", "tue", "tues", "вторник", "вт", "втр", "вівторок"),
    3: ("wednesday", "wed", "среда", "среду", "ср", "срд", "середа", "середу"),
    4: ("thursday", "thu", "thur", "thurs", "четверг", "чт", "чтв", "четвер"),
    5: ("friday", "fri", "пятница", "пятницу", "пт", "птн", "пʼятниця", "пʼятницю"),
    6: ("saturday", "sat", "суббота", "субботу", "сб", "сбт", "субота", "суботу"),
    0: ("sunday", "sun", "воскресенье", "вс", "вск", "неділя", "неділю"),
}
_DAY_WORDS = {
    "сегодня": 0, "today": 0, "сьогодні": 0,
    "вчера": 1, "yesterday": 1, "вчора": 1,
    "позавчера": 2, "позавчора": 2,
}
# Words that carry no date information ("Сегодня в 21:03", "12 марта 2015 г.", "Today at 9 PM").
_NOISE_WORDS = frozenset({
    "в", "во", "о", "об", "at", "on", "the", "of", "г", "гг", "года", "год", "р", "року",
    "posted", "отправлено", "добавлено", "написано", "опубликовано", "дата", "date",
    "сообщение", "ответ", "reply", "post", "message",
})
# A clock time; the optional 12-hour marker includes Russian "утра/дня/вечера/ночи" and ДП/ПП.
_CLOCK = re.compile(
    r"(?<![\d:.])(\d{1,2}):(\d{2})(?::(\d{2}))?(?![\d:])"
    r"(?:\s*(a\.?\s?m\.?|p\.?\s?m\.?|утра|дня|вечера|ночи|дп|пп)(?![^\W\d_]))?"
)
_PM_MARKERS = ("p", "дня", "вечера", "пп")
_WORD = re.compile(r"[^\W\d_]+(?:['’ʼ][^\W\d_]+)*")
_TOKEN = re.compile(r"\d+|[^\W\d_]+(?:['’ʼ][^\W\d_]+)*")
# Numeric dates, most specific first.
_YMD = re.compile(r"(?<!\d)(\d{4})[-./](\d{1,2})[-./](\d{1,2})(?!\d)")
_DMY_DOTS = re.compile(r"(?<!\d)(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})(?![\d])")
_AB_Y = re.compile(r"(?<!\d)(\d{1,2})([-/])(\d{1,2})\2(\d{4}|\d{2})(?!\d)")
_ZONE_SUFFIX = re.compile(r"(?:^|[\s,])(utc|gmt|msk|мск)(?:\s*([+-])\s*(\d{1,2})(?::?(\d{2}))?)?(?:\s*(?:hours?|час\w*))?$")
_ZONE_IN_PARENTHESES = re.compile(r"\(\s*((?:utc|gmt|msk|мск)[^()]*)\)")
_MOSCOW = ZoneInfo("Europe/Moscow")
_EARLIEST_UNIX = 631152000      # 1990-01-01T00:00:00Z
_ISO_LIKE = re.compile(r"\d{4}-\d{2}-\d{2}t\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:z|[+-]\d{2}:?\d{2})?")
# Durations: "5 минут назад", "1 hour ago", "In 5 minutes", "через 2 часа", Ukrainian "5 хвилин тому".
_AGO = re.compile(r"^(?P<body>.+?)\s*(?:назад|ago|тому)$")
_AHEAD = re.compile(r"^(?:через|in)\s+(?P<body>.+)$")
_UNDER_A_MINUTE = re.compile(
    r"менее|меньше|less than|under a|только что|just now|moments?\b|несколько секунд|few seconds|щойно"
)
_UNITS: tuple[tuple[str, int], ...] = (   # word prefix -> seconds
    ("second", 1), ("sec", 1), ("сек", 1),
    ("minute", 60), ("min", 60), ("мин", 60), ("хв", 60),
    ("hour", 3600), ("hr", 3600), ("час", 3600), ("годин", 3600),
    ("day", 86400), ("дн", 86400), ("день", 86400), ("доб", 86400),
    ("week", 604800), ("wk", 604800), ("нед", 604800), ("тиж", 604800),
)
_SHORT_UNITS = {"s": 1, "с": 1, "m": 60, "м": 60, "h": 3600, "ч": 3600, "d": 86400, "д": 86400, "w": 604800}
_JUST_NOW = frozenset({"только что", "just now", "сейчас", "щойно", "now"})   # XenForo, IPS 4
_NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "один": 1, "одна": 1, "одну": 1, "одно": 1,
    "два": 2, "две": 2, "two": 2, "три": 3, "three": 3, "пару": 2, "пара": 2,
}
_HALF_HOUR = ("полчаса", "півгодини", "half an hour")


def _name_table(names: dict[int, tuple[str, ...]], min_prefix: int | None) -> dict[str, int]:
    """word -> number for every name and, with `min_prefix`, every unambiguous prefix that long or longer."""
    candidates: dict[str, set[int]] = {}
    for number, forms in names.items():
        for form in forms:
            candidates.setdefault(form, set()).add(number)
            for cut in range(min_prefix or len(form), len(form)):
                candidates.setdefault(form[:cut], set()).add(number)
    return {word: numbers.pop() for word, numbers in candidates.items() if len(numbers) == 1}


_MONTH_WORDS = _name_table(_MONTH_NAMES, 3)
_WEEKDAY_WORDS = _name_table(_WEEKDAY_NAMES, None)


def _month_of(word: str) -> int | None:
    return _MONTH_WORDS.get(word.rstrip("."))


def _weekday_of(word: str) -> int | None:
    return _WEEKDAY_WORDS.get(word.rstrip(".").replace("'", "ʼ").replace("’", "ʼ"))


def _is_date_word(word: str) -> bool:
    return word in _DAY_WORDS or _weekday_of(word) is not None or _month_of(word) is not None


_SPACED_DASH = re.compile(r"\s[-–—]\s")
_POST_NUMBER = re.compile(r"#\s*\d+")
_PHPBB2_SUBJECT = re.compile(r"\s*(?:post subject|заголовок сообщения|тема сообщения)\s*:.*$")
_PHPBB_EDITED_BY = re.compile(r"^.*?\blast edited by\b.*?\son\s")
_PHPBB_EDIT_COUNT = re.compile(r",?\s*(?:edited \d+ times? in total|всего редактировалось).*$")
_BY = re.compile(r"\s(?:by|от)\s")
_DIGIT = re.compile(r"\d")
_ORDINAL = re.compile(r"(\d)(?:st|nd|rd|th)\b")


def _prepare(text: str) -> str:
    """Lower-case the text and cut the noise around the date, keeping only what may hold it."""
    s = unicodedata.normalize("NFKC", text).replace("\u202f", " ")
    s = " ".join(s.split()).lower().replace("ё", "е")
    s = s.strip(" «»")
    if "»" in s:                        # phpBB 3.0-3.2: "by Name » Fri Aug 21, 2020 3:54 pm"
        s = s.rsplit("»", 1)[1]
    if ";" in s:                        # vBulletin: "Last edited by Name; 2016-02-01 at 03:31"
        s = s.rsplit(";", 1)[1]
    # a spaced dash: IPB's "14 Ноября 2015 - 00:38" joins date and time; uCoz's
    # "Сообщение отредактировал Name - Пятница, 13.11.2009, 12:00" follows a name (no digits before it)
    while (dash := _SPACED_DASH.search(s)) is not None:
        before, after = s[: dash.start()], s[dash.end():]
        s = f"{before} {after}" if _DIGIT.search(before) else after
    if "#" in s:                        # post numbers: "Reply #1", "Сообщение # 1"
        s = _POST_NUMBER.sub(" ", s)
    if "subject" in s or "сообщения" in s:
        s = _PHPBB2_SUBJECT.sub("", s)  # phpBB 2: "Posted: <date>    Post subject: …"
    if "(" in s:
        s = _unwrap_parentheses(_ZONE_IN_PARENTHESES.sub(r" \1", s))
    if s.isascii():
        s = _ORDINAL.sub(r"\1", s)    # "Aug 21st, 2020"
    colon = s.find(":")
    if colon > 0 and not _DIGIT.search(s, 0, colon) and len(s[:colon].split()) <= 6:
        s = s[colon + 1:]               # a label: "Отправлено:", "Reply on:", "Дата:", "Last Edit:"
    if "edited" in s or "всего" in s:   # phpBB: "Last edited by Name on <date>, edited 2 times in total."
        s = _PHPBB_EDIT_COUNT.sub("", _PHPBB_EDITED_BY.sub("", s))
    # "by"/"от" joins a date and a name either way round: SMF "Last Edit: <date> by Name",
    # MyBB "<date> by Name. Edit Reason: …", SMF ru quote "Цитата: Name от <date>". Keep the side with the time.
    while (by := _BY.search(s)) is not None:
        before, after = s[: by.start()], s[by.end():]
        if _CLOCK.search(before) or (not _CLOCK.search(after) and _DIGIT.search(before)):
            s = before
        else:
            s = after
    return s.strip(" ,;:-–—|[]()")


def _unwrap_parentheses(s: str) -> str:
    # "Сегодня, 21:03 (спустя 24 мин.)" keeps what is outside; "(12-30-2026, 08:07 PM)" and
    # mybb.ru's "Отредактировано Name (17.09.2009 21:51:00)" keep what is inside the last group.
    groups = re.findall(r"\(([^()]*)\)", s)
    if not groups:
        return s
    outside = re.sub(r"\([^()]*\)", " ", s)
    if re.search(r"\d", outside) or any(w in _DAY_WORDS for w in _WORD.findall(outside)):
        return outside
    return groups[-1]


def _local_now(now: datetime, tz: tzinfo) -> datetime:
    if now.tzinfo is None or now.utcoffset() is None:
        raise ValueError(f"now must be timezone-aware (got {now.isoformat()}); pass the crawl moment with its zone")
    return now.astimezone(tz)


def _duration(body: str) -> timedelta | None:
    """Seconds in "5 минут", "1 hour", "2 часа 5 минут"; None when the body is not a duration."""
    if _UNDER_A_MINUTE.search(body):
        return timedelta(0)
    if any(h in body for h in _HALF_HOUR):
        return timedelta(minutes=30)
    total, count, units = 0, None, 0
    for token in _TOKEN.findall(body):
        if token.isdigit():
            if count is not None:
                return None
            count = int(token)
        elif token in _NUMBER_WORDS and count is None:
            count = _NUMBER_WORDS[token]
        elif token in ("и", "and", "і", "й"):
            continue
        else:
            # months and years ("2 года назад") are not read: a day-precise answer would be invented
            seconds = _SHORT_UNITS.get(token) or next((sec for prefix, sec in _UNITS if token.startswith(prefix)), None)
            if seconds is None:
                return None
            total += (1 if count is None else count) * seconds
            count, units = None, units + 1
    if units == 0 or count is not None:
        return None
    return timedelta(seconds=total)


def _relative(original: str, s: str, local_now: datetime) -> datetime | None:
    if s in _JUST_NOW:
        return local_now
    m = _AGO.match(s)
    if m:
        delta = _duration(m["body"])
        if delta is None:
            raise DateNotRecognised(original, "an age it cannot read exactly (months and years are too coarse)")
        # in UTC: across a DST switch "5 часов назад" is five real hours, not five on the wall clock
        return (local_now.astimezone(timezone.utc) - delta).astimezone(local_now.tzinfo)
    m = _AHEAD.match(s)
    if m and (delta := _duration(m["body"])) is not None:
        return (local_now.astimezone(timezone.utc) + delta).astimezone(local_now.tzinfo)
    return None


def _clock(m: re.Match[str], original: str) -> time:
    hour, minute, second = int(m[1]), int(m[2]), int(m[3] or 0)
    marker = m[4]
    if marker:
        if not 1 <= hour <= 12:
            raise DateNotRecognised(original, f"hour {hour} with {marker!r}")
        pm = marker.startswith(_PM_MARKERS)
        # 12 AM / 12 ночи is midnight; 12 PM / 12 дня is noon
        hour = hour % 12 + (12 if pm else 0)
    if hour > 23 or minute > 59 or second > 59:
        raise DateNotRecognised(original, f"no such time of day {m[0]!r}")
    return time(hour, minute, second)


def _full_year(yy: int, local_now: datetime) -> int:
    year = local_now.year // 100 * 100 + yy
    return year - 100 if year > local_now.year + 1 else year


def _build(original: str, y: int | None, mo: int, d: int, local_now: datetime) -> date:
    try:
        if y is None:
            # no year shown: this year, unless that is ahead of the crawl (then it was last year)
            day = date(local_now.year, mo, d)
            return day if day <= local_now.date() + timedelta(days=1) else date(local_now.year - 1, mo, d)
        return date(y, mo, d)
    except ValueError:
        raise DateNotRecognised(original, f"no such day {d:02d}.{mo:02d}" + (f".{y}" if y else "")) from None


def _generic(original: str, s: str, tz: tzinfo, local_now: datetime) -> datetime:
    clocks = list(_CLOCK.finditer(s))
    if len(clocks) > 1:
        raise DateNotRecognised(original, "more than one time of day")
    clock = None
    if clocks:
        clock = _clock(clocks[0], original)
        s = s[: clocks[0].start()] + " " + s[clocks[0].end():]

    day: date | None = None
    for pattern in (_YMD, _DMY_DOTS, _AB_Y):
        m = pattern.search(s)
        if not m:
            continue
        if pattern is _YMD:
            y, mo, d = int(m[1]), int(m[2]), int(m[3])
        elif pattern is _DMY_DOTS:
            d, mo, y = int(m[1]), int(m[2]), int(m[3])
        else:
            a, b, y = int(m[1]), int(m[3]), int(m[4])
            # month first unless that is impossible: MyBB/vBulletin print m-d-Y by default
            mo, d = (b, a) if a > 12 else (a, b)
        if y < 100:
            y = _full_year(y, local_now)
        day = _build(original, y, mo, d, local_now)
        s = s[: m.start()] + " " + s[m.end():]
        break

    month: int | None = None
    month_at = -1
    numbers: list[tuple[int, str]] = []         # (position in token list, digits)
    days_back: int | None = None
    weekday: int | None = None
    for i, token in enumerate(_TOKEN.findall(s)):
        if token.isdigit():
            numbers.append((i, token))
        elif token in _DAY_WORDS:
            days_back = _DAY_WORDS[token]
        elif token in _NOISE_WORDS:
            continue
        elif (wd := _weekday_of(token)) is not None:
            weekday = wd
        elif (mo := _month_of(token)) is not None and month is None:
            month, month_at = mo, i
        else:
            raise DateNotRecognised(original, f"unknown word {token!r}")

    if day is not None:
        if numbers or month is not None or days_back is not None:
            raise DateNotRecognised(original, "more than one date")
    elif month is not None:
        if days_back is not None:
            raise DateNotRecognised(original, "both a date and a relative day")
        day = _date_with_month(original, month, month_at, numbers, local_now)
    elif numbers:
        raise DateNotRecognised(original, "numbers that do not form a date")
    elif days_back is not None:
        day = local_now.date() - timedelta(days=days_back)
    elif weekday is not None:
        # XenForo names the weekday for days 2-6 back; a weekday is always before today
        back = (local_now.isoweekday() % 7 - weekday) % 7 or 7
        day = local_now.date() - timedelta(days=back)
    elif clock is not None:
        day = local_now.date()
    else:
        raise DateNotRecognised(original, "no date or time in it")
    # fold=0 (the default): see the module docstring on DST gaps and overlaps
    return datetime.combine(day, clock or time(0), tzinfo=tz)


def _date_with_month(original: str, month: int, month_at: int, numbers: list[tuple[int, str]],
                     local_now: datetime) -> date:
    years = [int(n) for _, n in numbers if len(n) == 4]
    short = [(i, n) for i, n in numbers if len(n) <= 2]
    if len(years) > 1 or len(numbers) - len(years) != len(short) or not short or len(numbers) > 2:
        raise DateNotRecognised(original, "cannot tell day and year apart")
    year: int | None = years[0] if years else None
    if year is not None:
        d = int(short[0][1])
    else:
        before = [n for i, n in short if i < month_at]
        after = [n for i, n in short if i > month_at]
        if before:                      # "14-Ноя-15": day before the month, two-digit year after
            d = int(before[-1])
            year = _full_year(int(after[0]), local_now) if after else None
            if len(before) > 1:
                raise DateNotRecognised(original, "cannot tell day and year apart")
        else:                           # "Aug 21" / "Aug 21, 15"
            d = int(after[0])
            year = _full_year(int(after[1]), local_now) if len(after) > 1 else None
    return _build(original, year, month, d, local_now)


def _for_strptime(s: str) -> str:
    """Month and weekday words -> numbers, Russian 12-hour markers -> AM/PM, for profile formats."""

    def word(m: re.Match[str]) -> str:
        w = m[0]
        if (mo := _month_of(w)) is not None:
            return f"{mo:02d}"
        if (wd := _weekday_of(w)) is not None:
            return str(wd)
        return w

    def marker(m: re.Match[str]) -> str:
        return m[1] + " " + ("PM" if m[2].startswith(_PM_MARKERS) else "AM")

    s = re.sub(r"(\d{1,2}:\d{2}(?::\d{2})?)\s*(утра|дня|вечера|ночи|дп|пп)(?![^\W\d_])", marker, s)
    return _WORD.sub(word, s)


_DATE_DIRECTIVES = ("%d", "%m", "%b", "%B", "%j", "%U", "%W", "%x", "%c", "%h")


def _with_formats(original: str, texts: Sequence[str], formats: Sequence[str], tz: tzinfo,
                  local_now: datetime) -> datetime | None:
    """The first of the profile's formats that reads one of `texts` (the cleaned text first)."""
    for fmt in formats:
        numeric = re.sub(r"%[bBh]", "%m", re.sub(r"%[aA]", "%w", fmt)).replace("ё", "е").replace("Ё", "Е")
        for text in texts:
            try:
                parsed = datetime.strptime(_for_strptime(text), numeric)
            except ValueError:
                continue
            if "%y" in fmt:
                parsed = parsed.replace(year=_full_year(parsed.year % 100, local_now))
            if not any(d in fmt for d in _DATE_DIRECTIVES):
                parsed = datetime.combine(local_now.date(), parsed.time())
            elif not any(y in fmt for y in ("%Y", "%y", "%G", "%c", "%x")):
                day = _build(original, None, parsed.month, parsed.day, local_now)
                parsed = datetime.combine(day, parsed.time())
            if parsed.tzinfo is not None:       # the format had %z
                return parsed.astimezone(tz)
            return parsed.replace(tzinfo=tz)
    return None


def _parse_one(original: str, part: str, tz: tzinfo, local_now: datetime, formats: Sequence[str]) -> datetime:
    if "\ufffd" in part:
        # a Russian word lost to a wrong charset would otherwise vanish and "Вчера 13:02" read as today
        raise DateNotRecognised(original, "undecodable characters", "the page was decoded with the wrong charset: "
                                "check the charset the forum declares (windows-1251 is common)")
    s = _prepare(part)
    if not s:
        raise DateNotRecognised(original, "empty")
    if _ISO_LIKE.fullmatch(s):
        try:
            return parse_machine(s, tz=tz).astimezone(tz)
        except DateNotRecognised as error:
            raise DateNotRecognised(original, error.reason) from None
    relative = _relative(original, s, local_now)
    if relative is not None:
        return relative
    if formats:
        raw = " ".join(unicodedata.normalize("NFKC", part).split()).lower().replace("ё", "е")
        by_format = _with_formats(original, (s, raw), formats, tz, local_now)
        if by_format is not None:
            return by_format
    zone = _ZONE_SUFFIX.search(s)
    if zone:
        # the text names its zone ("21:51 MSK", "3:54 pm GMT+3"): it wins over the configured one
        shown_in = _zone_of(zone)
        s = s[: zone.start()].strip(" ,")
        return _read_words(original, s, shown_in, local_now.astimezone(shown_in)).astimezone(tz)
    return _read_words(original, s, tz, local_now)


def _zone_of(m: re.Match[str]) -> tzinfo:
    name, sign, hours, minutes = m[1], m[2], m[3], m[4]
    if not sign:
        return _MOSCOW if name in ("msk", "мск") else timezone.utc
    offset = timedelta(hours=int(hours), minutes=int(minutes or 0)) * (-1 if sign == "-" else 1)
    return timezone(offset + (timedelta(hours=3) if name in ("msk", "мск") else timedelta(0)))


def _read_words(original: str, s: str, tz: tzinfo, local_now: datetime) -> datetime:
    try:
        return _generic(original, s, tz, local_now)
    except DateNotRecognised as error:
        # "Отредактировано Ronin 17.09.2009 21:51" / "Последний раз редактировалось Ronin 17 сен 2009, 21:51":
        # words ahead of the date. Drop leading words (never a number) one by one, up to eight.
        rest = s
        for _ in range(8):
            head = re.match(r"([^\W\d_]+(?:['’ʼ][^\W\d_]+)*)\.?[\s,:-]*", rest)
            if not head or head.end() == len(rest) or _is_date_word(head[1]):
                break
            rest = rest[head.end():]
            try:
                return _generic(original, rest, tz, local_now)
            except DateNotRecognised:
                continue
        raise error


def parse_displayed(text: str, *, tz: ZoneInfo, now: datetime, formats: Sequence[str] = ()) -> datetime:
    """The time a page shows as `text`, in the forum's display zone `tz`, as an aware datetime in `tz`.

    `now` is the crawl moment (aware, any zone); "Сегодня"/"Вчера"/weekdays are days of `now` in `tz`,
    "N минут назад" is `now` minus N minutes. `formats` are the engine profile's strptime formats,
    tried before the generic reader. Raises DateNotRecognised quoting `text`.
    """
    local_now = _local_now(now, tz)
    parts = [text] if "|" not in text else text.split("|")     # uCoz: "Дата: …, 14:59 | Сообщение # 1"
    first_error: DateNotRecognised | None = None
    for part in parts:
        try:
            return _parse_one(text, part, tz, local_now, formats)
        except DateNotRecognised as error:
            first_error = first_error or error
    assert first_error is not None
    raise first_error


def parse_machine(value: str, *, tz: ZoneInfo) -> datetime:
    """A machine-readable time: ISO 8601 (offset kept; none = `tz`; `Z`), unix seconds or milliseconds.

    RFC 822 (`Wed, 30 Dec 2026 17:00:08 +0000`, feeds) is read too. Raises DateNotRecognised.
    """
    v = value.strip()
    if re.fullmatch(r"\d+(?:\.\d+)?", v):
        number = float(v)
        # 10^11 seconds is the year 5138: anything larger is milliseconds (NodeBB's data-timestamp)
        seconds = number / 1000 if number >= 1e11 else number
        if seconds < _EARLIEST_UNIX:
            # data-time="0" and friends are placeholders; no forum post predates 1990
            raise DateNotRecognised(value, "unix time before 1990, a placeholder", _MACHINE_HINT)
        try:
            return datetime.fromtimestamp(seconds, tz)
        except (OverflowError, OSError, ValueError):
            raise DateNotRecognised(value, "unix time out of range", _MACHINE_HINT) from None
    iso = re.sub(r"[zZ]$", "+00:00", v)
    try:
        parsed = datetime.fromisoformat(iso)
    except ValueError:
        try:
            parsed = parsedate_to_datetime(v)
        except (TypeError, ValueError, IndexError):
            raise DateNotRecognised(value, "not ISO 8601, unix time or RFC 822", _MACHINE_HINT) from None
        if v.rstrip().endswith("-0000"):    # RFC 2822: "-0000" means UTC with unknown local zone
            parsed = parsed.replace(tzinfo=timezone.utc)
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=tz)      # fold=0, as in parse_displayed
    return parsed


def combine_date_and_time(date_text: str, time_text: str, *, tz: ZoneInfo, now: datetime,
                          formats: Sequence[str] = ()) -> datetime:
    """A date from one place and the time of day from another, as in MyBB's relative dates.

    `<span title="12-31-2026">Yesterday</span>, 05:05 PM`: `date_text` is the title ("12-31-2026"),
    `time_text` the visible text ("Yesterday, 05:05 PM"); the title's date wins over the visible
    relative day. When `time_text` shows no clock time ("10 hours ago"), `date_text` must hold both
    (MyBB's title "01-01-2027, 08:00 AM") and is read alone.
    """
    _local_now(now, tz)
    clocks = list(_CLOCK.finditer(_prepare(time_text)))
    if not clocks:
        return parse_displayed(date_text, tz=tz, now=now, formats=formats)
    if len(clocks) > 1:
        raise DateNotRecognised(time_text, "more than one time of day")
    # the date's own time of day, if any, gives way to the visible one
    date_part = _CLOCK.sub(" ", _prepare(date_text)).strip(" ,")
    if not date_part:
        raise DateNotRecognised(date_text, "no date in it")
    try:
        return parse_displayed(f"{date_part}, {clocks[0][0]}", tz=tz, now=now, formats=formats)
    except DateNotRecognised as error:
        raise DateNotRecognised(f"{date_text}" + " + " + f"{time_text}", error.reason) from None


def parse_shown(text: str, *, tz: ZoneInfo, now: datetime, formats: tuple[str, ...] = ()) -> datetime:
    """`parse_displayed` with a fast path for the commonest shapes of a post date.

    Most posts show either an absolute date in the board's own format ("12-30-2026, 08:00 PM",
    "17 сен 2009, 21:51", "Sun May 26, 2019 4:34 pm") or a day word and a clock ("Сегодня, 21:03").
    Reading those with one precompiled regex instead of the full reader keeps parsing a page close
    to the cost of the HTML parse (bench/bench_parse.py). Anything else goes to parse_displayed;
    tests/scraper/test_parse_engines.py checks both give the same answer on every shape the fast path takes.
    """
    stripped = text.strip()
    m = _DAY_CLOCK.fullmatch(stripped)
    if m:
        hour = _hour(m["H"], m["p"])
        if hour is not None and int(m["M"]) < 60 and int(m["S"] or 0) < 60:
            day = now.astimezone(tz).date() - timedelta(days=_DAY_BACK[m["day"].lower()])
            return datetime(day.year, day.month, day.day, hour, int(m["M"]), int(m["S"] or 0), tzinfo=tz)
    for fmt in formats:
        fast = _fast_format(fmt)
        if fast is None:
            continue
        m = fast.fullmatch(stripped)
        if m is None:
            continue
        g = m.groupdict()
        month = int(g["m"]) if g.get("m") else _MONTHS.get(g["b"][:3].lower())
        hour = _hour(g.get("H") or g.get("I") or "0", g.get("p"))
        if month is None or hour is None:
            break  # let the full reader decide (or say why not)
        try:
            return datetime(int(g["Y"]), month, int(g["d"]), hour, int(g.get("M") or 0),
                            int(g.get("S") or 0), tzinfo=tz)
        except ValueError:
            break
    return parse_displayed(text, tz=tz, now=now, formats=formats)


def _hour(value: str, marker: str | None) -> int | None:
    hour = int(value)
    if marker:
        if not 1 <= hour <= 12:
            return None
        return hour % 12 + (12 if marker.lower() == "pm" else 0)
    return hour if hour < 24 else None


_DAY_BACK = {"сегодня": 0, "today": 0, "вчера": 1, "yesterday": 1}
_DAY_CLOCK = re.compile(r"(?P<day>[Сс]егодня|[Вв]чера|[Tt]oday|[Yy]esterday),?\s+(?:в\s+|at\s+)?"
                        r"(?P<H>\d{1,2}):(?P<M>\d{2})(?::(?P<S>\d{2}))?(?:\s*(?P<p>[AaPp][Mm]))?")
# English and Russian month words by their first three letters (all cases: "мая", "марта", "сен")
_MONTHS = {w: i for i, words in enumerate((
    ("jan", "янв"), ("feb", "фев"), ("mar", "мар"), ("apr", "апр"), ("may", "май", "мая"),
    ("jun", "июн"), ("jul", "июл"), ("aug", "авг"), ("sep", "сен"), ("oct", "окт"), ("nov", "ноя"),
    ("dec", "дек")), start=1) for w in words}
_FAST_DIRECTIVES = {"d": r"(?P<d>\d{1,2})", "m": r"(?P<m>\d{1,2})", "Y": r"(?P<Y>\d{4})",
                    "H": r"(?P<H>\d{1,2})", "I": r"(?P<I>\d{1,2})", "M": r"(?P<M>\d{2})",
                    "S": r"(?P<S>\d{2})", "p": r"(?P<p>[AaPp][Mm])",
                    "b": r"(?P<b>[^\W\d_]{3,})\.?", "B": r"(?P<b>[^\W\d_]{3,})\.?",
                    "a": r"[^\W\d_]+\.?", "A": r"[^\W\d_]+\.?"}


@lru_cache(maxsize=64)
def _fast_format(fmt: str) -> re.Pattern[str] | None:
    """A regex for a strptime format of day, month (number or word), 4-digit year and clock."""
    out, i = [], 0
    while i < len(fmt):
        if fmt[i] == "%":
            directive = fmt[i + 1:i + 2]
            if directive not in _FAST_DIRECTIVES:
                return None
            out.append(_FAST_DIRECTIVES[directive])
            i += 2
        elif fmt[i].isalpha():
            return None  # literal words ("г.") need the full reader
        else:
            out.append(r"\s+" if fmt[i] == " " else re.escape(fmt[i]))
            i += 1
    keys = set(re.findall(r"%(.)", fmt))
    if not ({"d", "Y"} <= keys and keys & {"m", "b", "B"}) or ("I" in keys) != ("p" in keys):
        return None
    if len(keys & {"m", "b", "B"}) > 1 or len(keys & {"a", "A"}) > 1:
        return None
    return re.compile("".join(out))
