"""The configuration file (`config.toml`, shape fixed by INTERFACE.md) read into typed records.

Data flow: `load_config(path)` reads the file with tomllib, then

1. validates the shape with the pydantic models below (`extra="forbid"`: an unknown key is an error,
   because a misspelt key silently falling back to a default is the worst kind of config bug);
2. runs the cross-checks a schema cannot express (forum references, unique ids, roster name
   collisions, ruleset files, deadlines after the start, alert channels that have their table) on the
   raw data, so they are reported even when the schema found problems elsewhere;
3. turns every pydantic error and every cross-check into a `Problem` (file, key path such as
   `games[0].players[3].role`, message, hint), and raises one `ConfigError` holding them all;
4. only when nothing is wrong, fills what depends on the file as a whole: relative paths resolved
   against the file's folder, times without an offset placed in the schedule's time zone, a schedule
   without a time zone taking its forum's.

`environment_problems(config)` lists what depends on the machine rather than the file (unset `*_env`
variables): `mafvote check` reports them as warnings, because a file checked on the GM's laptop may be
run on a server that has the secrets.

`check_file(path)` is what `mafvote check` does: the file, then the rulesets its games name (each parses
as TOML; `mafvote.rulesets.validate(path)` runs when that module exists; roster roles must be names or
aliases of the ruleset's `[[roles]]`), then the environment.

Secrets are never read from the file: a login names the environment variable that holds the password
(`password_env`), and `LoginConfig.password()` reads it when it is needed.
"""
from __future__ import annotations

import difflib
import json
import os
import re
import tomllib
import types
import unicodedata
from dataclasses import dataclass, replace
from datetime import date, datetime, time, timedelta, tzinfo
from pathlib import Path
from typing import Annotated, Any, Literal, Union, get_args, get_origin
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PrivateAttr,
    ValidationError,
)
from pydantic_core import PydanticCustomError

from mafvote_resolver.toml_text import loads as toml_loads
from .alert_texts import LANGUAGES as ALERT_LANGUAGES
from .errors import BadInput
from .gm_files import UnreadableFile, read_gm_text
from .paths import data_dir

__all__ = [
    "AlertsConfig",
    "Config",
    "ConfigError",
    "EmailConfig",
    "CHANNELS",
    "ENGINES",
    "ForumConfig",
    "GameConfig",
    "LoginConfig",
    "PlayerConfig",
    "Problem",
    "PublishConfig",
    "Replacement",
    "ScheduleConfig",
    "StoreConfig",
    "TelegramConfig",
    "WebhookConfig",
    "CheckReport",
    "bundled_rulesets",
    "check_file",
    "environment_problems",
    "format_duration",
    "load_config",
    "name_key",
    "parse_duration",
    "resolve_ruleset",
    "ruleset_file_problems",
]

ENGINES = ("phpbb", "mybb", "punbb", "ipb", "vbulletin", "smf", "ucoz", "xenforo", "auto")
CHANNELS = ("telegram", "email", "webhook")
# pymorphy3's case tags: what `forms = { accs = "Соню" }` may give by hand (RULES.md §6: names take
# the case the sentence needs; roster entries may give forms by hand).
FORM_CASES = ("nomn", "gent", "datv", "accs", "ablt", "loct", "voct", "gen2", "acc2", "loc2")
DURATION_FORMS = "90s, 2m, 1h30m (units d, h, m, s)"
TZ_EXAMPLE = 'an IANA name such as "Europe/Moscow", "Europe/Kiev" or "UTC"'
TIME_EXAMPLE = '"2026-12-27T20:00" (the schedule\'s time zone) or "2026-12-27T20:00+03:00"'


# ---------------------------------------------------------------------------------------------
# Problems and the error that carries them


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a file: where (file, key path or line), what, and what to do."""

    file: str
    key: str
    message: str
    hint: str = ""
    severity: Literal["error", "warning"] = "error"
    line: int = 0          # the file's line the key is on (or its table's, for a missing key); 0: not known

    def __str__(self) -> str:
        where = f"{self.file}: {self.key}" if self.key else self.file
        if self.line:
            where = f"{self.file}: line {self.line}: {self.key}"
        level = "warning: " if self.severity == "warning" else ""
        hint = f" (hint: {self.hint})" if self.hint else ""
        return f"{where}: {level}{self.message}{hint}"

    def as_dict(self) -> dict[str, str]:
        return {
            "file": self.file,
            "key": self.key,
            "severity": self.severity,
            "message": self.message,
            "hint": self.hint,
            "line": self.line or None,
        }


class ConfigError(BadInput):
    """The configuration file is wrong; `.problems` lists every problem found, in file order."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


def _fail(message: str, hint: str = "") -> PydanticCustomError:
    # Our validators carry the hint in the error's context so that it survives into `Problem.hint`.
    return PydanticCustomError("mafvote", "{message}", {"message": message, "hint": hint})


# ---------------------------------------------------------------------------------------------
# Value parsers (pure; also used by the cross-checks on raw data and by the CLI)

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
        raise ValueError(f"{_quote(text)} has no unit (is it seconds or minutes?)")
    match = _DURATION_RE.match(text.strip())
    if not text.strip() or not match or not any(match.groupdict().values()):
        raise ValueError(f"{json.dumps(text, ensure_ascii=False)} is not a duration")
    parts = {k: float(v) for k, v in match.groupdict().items() if v}
    seconds = (parts.get("d", 0) * 86400 + parts.get("h", 0) * 3600 + parts.get("m", 0) * 60 + parts.get("s", 0))
    if seconds > MAX_DURATION.total_seconds():
        # checked on the number: `timedelta` itself overflows (OverflowError) long before a float does
        raise _TooLong(f"{json.dumps(text, ensure_ascii=False)} is longer than any game "
                       f"(at most {format_duration(MAX_DURATION)})")
    value = timedelta(seconds=seconds)
    if value <= timedelta(0):
        raise ValueError("a duration must be longer than zero")
    return value


class _TooLong(ValueError):
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


def _parse_datetime(value: Any) -> datetime:
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


def _parse_time(value: Any) -> time:
    if isinstance(value, time):
        return value
    if not isinstance(value, str):
        raise ValueError("expected a time of day")
    try:
        return time.fromisoformat(value.strip())
    except ValueError:
        raise ValueError(f"{json.dumps(value, ensure_ascii=False)} is not a time of day") from None


def _zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, TypeError):
        raise ValueError(f"unknown time zone {json.dumps(name, ensure_ascii=False)}") from None


def _zone_hint(name: str) -> str:
    close = difflib.get_close_matches(name, sorted(available_timezones()), n=1, cutoff=0.7)
    return f'did you mean "{close[0]}"? Time zones are {TZ_EXAMPLE}' if close else f"use {TZ_EXAMPLE}"


def _localize(value: datetime, tz: tzinfo) -> datetime:
    # INTERFACE.md / brief: times without an offset are in the schedule's time zone.
    if value.tzinfo is None:
        return value.replace(tzinfo=tz)
    return value.astimezone(tz)


def _show_time(value: datetime) -> str:
    text = value.strftime("%Y-%m-%d %H:%M")
    return f"{text} {value.strftime('%z')[:3]}:{value.strftime('%z')[3:]}" if value.tzinfo else text


def name_key(name: str) -> str:
    """How two roster names are compared for collisions: case, `ё/е`, and spacing do not matter."""
    text = unicodedata.normalize("NFC", name).casefold().replace("ё", "е")
    return " ".join(text.split())


def _quote(value: Any) -> str:
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


# ---------------------------------------------------------------------------------------------
# Field types


def _v_duration(value: Any) -> timedelta:
    if isinstance(value, timedelta):
        return value
    try:
        return parse_duration(value)
    except _TooLong as exc:
        raise _fail(str(exc), "check the number and its unit (d, h, m, s)") from None
    except ValueError as exc:
        raise _fail(str(exc), f"write it like {DURATION_FORMS}") from None


def _v_datetime(value: Any) -> datetime:
    try:
        return _parse_datetime(value)
    except ValueError as exc:
        raise _fail(str(exc), f"write it like {TIME_EXAMPLE}") from None


def _v_time(value: Any) -> time:
    try:
        return _parse_time(value)
    except ValueError as exc:
        raise _fail(str(exc), 'write it like "22:00" (24-hour, the schedule\'s time zone)') from None


def _v_zone(value: str) -> str:
    try:
        _zone(value)
    except ValueError as exc:
        raise _fail(str(exc), _zone_hint(value)) from None
    return value


def _v_url(value: str) -> str:
    parts = urlsplit(value.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise _fail(
            f"{json.dumps(value, ensure_ascii=False)} is not an http(s) URL",
            'give the full address, like "https://forum.example.org/showthread.php?tid=2"',
        )
    return value.strip()


_ENV_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _v_env(value: str) -> str:
    if not _ENV_RE.fullmatch(value):
        raise _fail(
            f"{json.dumps(value, ensure_ascii=False)} is not the name of an environment variable",
            "this key names the variable that holds the secret (like MAFVOTE_HYPER_PASSWORD), "
            "never the secret itself; export the variable before running mafvote",
        )
    return value


_ID_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")


def _v_id(value: str) -> str:
    # Ids appear on the command line (--game) and in file names (votecount-<game>.html).
    if not _ID_RE.fullmatch(value):
        raise _fail(
            f"{json.dumps(value, ensure_ascii=False)} is not a usable id",
            'use Latin letters, digits, "-", "_" or ".", like "ny2026"',
        )
    return value


def _v_text(value: str) -> str:
    if not value.strip():
        raise _fail("must not be empty", "")
    return value.strip()


def _v_gender(value: Any) -> Any:
    # GMs write the roster in Russian; м/ж are accepted as m/f.
    return {"м": "m", "ж": "f", "M": "m", "F": "f"}.get(value, value) if isinstance(value, str) else value


def _v_one_or_many(value: Any) -> Any:
    return [value] if isinstance(value, str) else value


def _v_forms(value: dict[str, str]) -> dict[str, str]:
    for case in value:
        if case not in FORM_CASES:
            close = difflib.get_close_matches(case, FORM_CASES, n=1, cutoff=0.5)
            raise _fail(
                f"{json.dumps(case, ensure_ascii=False)} is not a grammatical case",
                (f'did you mean "{close[0]}"? ' if close else "")
                + "cases are pymorphy's: nomn gent datv accs ablt loct (forms = { accs = \"Соню\" })",
            )
    return value


def _v_chat_id(value: Any) -> Any:
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


Duration = Annotated[timedelta, BeforeValidator(_v_duration)]


def _bounded(key: str) -> Any:
    """A `Duration` kept within `DURATION_BOUNDS[key]`."""
    low, high, why = DURATION_BOUNDS[key]

    def check(value: timedelta) -> timedelta:
        if not low <= value <= high:
            # the value as written where the short form would round it ("24h0.5s" is not "1d")
            shown = format_duration(value)
            if value < timedelta(seconds=1) or parse_duration(shown) != value:
                shown = f"{value.total_seconds():g}s"
            raise _fail(f"{shown} is out of range ({format_duration(low)} to {format_duration(high)})", why)
        return value

    return Annotated[timedelta, BeforeValidator(_v_duration), AfterValidator(check)]


def _v_number(value: Any) -> Any:
    # TOML's true/false are no number of seconds, though pydantic would read them as 1 and 0
    if isinstance(value, bool):
        raise _fail(f"{_quote(value)} is not a number of seconds", "write a number of seconds, like 20")
    return value


def _v_timeout(value: float) -> float:
    low, high = TIMEOUT_BOUNDS
    if not low <= value <= high:     # also inf and nan (nan compares false)
        raise _fail(f"{_quote(value)} seconds is out of range ({low:g} to {high:g})",
                    "the seconds to wait for the forum's answer before retrying, like timeout = 20")
    return value
LocalDateTime = Annotated[datetime, BeforeValidator(_v_datetime)]
TimeOfDay = Annotated[time, BeforeValidator(_v_time)]
ZoneName = Annotated[str, AfterValidator(_v_zone)]
Url = Annotated[str, AfterValidator(_v_url)]
EnvName = Annotated[str, AfterValidator(_v_env)]
Ident = Annotated[str, AfterValidator(_v_id)]
Text = Annotated[str, AfterValidator(_v_text)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


# ---------------------------------------------------------------------------------------------
# The records (attribute names are a contract with the rest of the application)


class StoreConfig(_Model):
    path: Path = Field(Path("mafvote.db"), examples=["mafvote.db"])


class LoginConfig(_Model):
    user: Text = Field(examples=["mafvote-bot"])
    password_env: EnvName = Field(examples=["MAFVOTE_HYPER_PASSWORD"])
    _where: str = PrivateAttr("")

    def password(self) -> str:
        """The password, read from the environment now (never stored in the file or in memory)."""
        value = os.environ.get(self.password_env)
        if not value:
            where = self._where or "login.password_env"
            raise ConfigError([_unset_env_problem(where, self.password_env, "the forum login")])
        return value


class ForumConfig(_Model):
    id: Ident = Field(examples=["hyper"])
    engine: Literal[ENGINES] = Field(examples=["mybb"])  # type: ignore[valid-type]
    base_url: Url = Field(examples=["https://forum.example.org/"])
    timezone: ZoneName = Field(examples=["Europe/Moscow"])
    # seconds between two requests to the forum: over a minute, a first crawl of 100 pages would take hours
    min_delay: Annotated[float, BeforeValidator(_v_number)] = Field(1.0, ge=0, le=60, examples=[1.0])
    timeout: Annotated[float, BeforeValidator(_v_number), AfterValidator(_v_timeout)] = Field(20.0, examples=[20])
    retries: int = Field(4, ge=0, le=20, examples=[4])
    # issue 13: a page larger than this (MiB, unpacked) is refused, so a broken or hostile server cannot fill
    # the memory; a real forum page is well under 1 MiB
    max_page_mb: Annotated[float, BeforeValidator(_v_number)] = Field(16.0, gt=0, le=1024, examples=[16])
    # pages of one topic read by one crawl; the next poll goes on from there (a pagination that never ends)
    max_pages: int = Field(300, ge=1, le=100000, examples=[300])
    login: LoginConfig | None = None

    @property
    def tz(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)


class Replacement(_Model):
    nick: Text = Field(examples=["NewNick"])
    at: LocalDateTime = Field(examples=["2026-12-30T12:00"])


class PlayerConfig(_Model):
    nick: Text = Field(examples=["Ronin"])
    aliases: list[Text] = Field(default_factory=list, examples=[["Ронин"]])
    gender: Annotated[Literal["m", "f"] | None, BeforeValidator(_v_gender)] = Field(None, examples=["m"])
    role: Text | None = Field(None, examples=["Санта Клаус"])
    mask: Text | None = None
    replaced_by: Replacement | None = None
    forms: Annotated[dict[str, Text], AfterValidator(_v_forms)] = Field(
        default_factory=dict, examples=[{"accs": "Соню"}]
    )
    # 003: the items the GM handed out with the roster ("предметы раздаются рандомно"); names of the
    # ruleset's [[items]], checked by `mafvote check` and when the game's state is built
    items: list[Text] = Field(default_factory=list, examples=[["clock"]])

    def names(self) -> list[str]:
        """Every name this slot answers to: nick, aliases, mask and the replacement's nick."""
        out = [self.nick, *self.aliases]
        if self.mask:
            out.append(self.mask)
        if self.replaced_by:
            out.append(self.replaced_by.nick)
        return out


class ScheduleConfig(_Model):
    # Optional in the file: a schedule without a time zone takes its forum's (filled in after loading).
    timezone: ZoneName | None = Field(None, examples=["Europe/Moscow"])
    start: LocalDateTime = Field(examples=["2026-12-27T20:00"])
    starts_with: Literal["day", "night"] = Field(examples=["night"])
    first_deadline: LocalDateTime = Field(examples=["2026-12-28T23:30"])
    day_deadline: TimeOfDay = Field(examples=["22:00"])
    night_deadline: TimeOfDay = Field(examples=["22:30"])

    @property
    def tz(self) -> ZoneInfo:
        return ZoneInfo(self.timezone or "UTC")


class GameConfig(_Model):
    id: Ident = Field(examples=["ny"])
    title: str = Field("", examples=["Новогодняя мафия"])
    forum: Text = Field(examples=["hyper"])
    ruleset: Text = Field(examples=["new_year"])
    game_topic: Url = Field(examples=["https://forum.example.org/showthread.php?tid=1"])
    vote_thread: Url = Field(examples=["https://forum.example.org/showthread.php?tid=2"])
    gm: Annotated[list[Text], BeforeValidator(_v_one_or_many)] = Field(min_length=1, examples=[["Ведущий"]])
    poll_interval: _bounded("poll_interval") = Field(timedelta(minutes=2), examples=["2m"])  # type: ignore[valid-type]
    # Re-read of the current day's pages to catch edits and deletions on older pages (issue 2 item 4).
    reread_interval: _bounded("reread_interval") = Field(timedelta(minutes=30), examples=["30m"])  # type: ignore[valid-type]
    schedule: ScheduleConfig
    players: list[PlayerConfig] = Field(default_factory=list)
    # The posts (`mafvote render`, issue 5 items 1 and 4): the theme (default: the ruleset's [game].theme),
    # a folder whose files override the theme's templates and phrases, a folder of the GM's flavour texts
    # (`night-1.txt`, `day-2.txt`, `votecount-2.txt`); both folders relative to the config file's folder.
    theme: Text | None = Field(None, examples=["new_year"])
    templates_dir: Path | None = Field(None, examples=["templates/"])
    flavor_dir: Path | None = Field(None, examples=["flavor/"])
    # The theme's post style (its phrase variants), chosen once and kept for every post of the game: a GM
    # keeps one format all game (issue 14). None: style 0, the theme's first (the seed GM's own format).
    style: int | None = Field(None, ge=0, examples=[0])
    _ruleset_path: Path | None = PrivateAttr(None)

    @property
    def ruleset_path(self) -> Path:
        """The ruleset file: a bundled `rulesets/<name>.toml` or a path relative to the config file."""
        if self._ruleset_path is None:
            raise RuntimeError("GameConfig.ruleset_path is known only for a config loaded by load_config")
        return self._ruleset_path

    def player(self, name: str) -> PlayerConfig | None:
        """The roster entry whose nick, alias, mask or replacement is `name` (case/ё-insensitive)."""
        key = name_key(name)
        for player in self.players:
            if any(name_key(n) == key for n in player.names()):
                return player
        return None


class TelegramConfig(_Model):
    token_env: EnvName = Field(examples=["MAFVOTE_TG_TOKEN"])
    chat_id: Annotated[Text, BeforeValidator(_v_chat_id)] = Field(examples=["123456"])


class EmailConfig(_Model):
    host: Text = Field(examples=["smtp.example.org"])
    port: int = Field(587, ge=1, le=65535)
    starttls: bool = True
    user: Text | None = None
    password_env: EnvName | None = Field(None, examples=["MAFVOTE_SMTP_PASSWORD"])
    sender: Text = Field(examples=["gm@example.org"])
    to: Annotated[list[Text], BeforeValidator(_v_one_or_many)] = Field(min_length=1, examples=[["gm@example.org"]])


class WebhookConfig(_Model):
    url: Url = Field(examples=["https://example.org/hook"])


class AlertsConfig(_Model):
    before_deadline: list[_bounded("before_deadline")] = Field(  # type: ignore[valid-type]
        default_factory=lambda: [timedelta(minutes=60), timedelta(minutes=15)], examples=[["60m", "15m"]]
    )
    channels: list[Literal[CHANNELS]] = Field(default_factory=list)  # type: ignore[valid-type]
    # every text the GM reads (CLI, alerts, the GM report): Russian by default, "en" for English
    language: Literal[ALERT_LANGUAGES] = Field("ru", examples=["en"])  # type: ignore[valid-type]
    telegram: TelegramConfig | None = None
    email: EmailConfig | None = None
    webhook: WebhookConfig | None = None


class PublishConfig(_Model):
    dir: Path | None = Field(None, examples=["public/"])
    # the GM's pages (hidden weights): never inside `dir` (mafvote.pages.gm_pages_dir); default gm-pages/ by the store
    gm_dir: Path | None = Field(None, examples=["gm-pages/"])
    forum: bool = False
    interval: _bounded("interval") = Field(timedelta(minutes=10), examples=["10m"])  # type: ignore[valid-type]


class Config(_Model):
    store: StoreConfig = Field(default_factory=StoreConfig)
    forums: list[ForumConfig] = Field(min_length=1)
    games: list[GameConfig] = Field(min_length=1)
    alerts: AlertsConfig = Field(default_factory=AlertsConfig)
    publish: PublishConfig = Field(default_factory=PublishConfig)
    _path: Path = PrivateAttr(Path("config.toml"))
    _shown: str = PrivateAttr("config.toml")

    @property
    def path(self) -> Path:
        """The file this configuration was read from."""
        return self._path

    @property
    def shown_as(self) -> str:
        """The file name as the GM gave it, for messages."""
        return self._shown

    def forum(self, forum_id: str) -> ForumConfig:
        for forum in self.forums:
            if forum.id == forum_id:
                return forum
        raise BadInput(
            f"{self._shown}: no forum with id {json.dumps(forum_id, ensure_ascii=False)} "
            f"(the file has: {', '.join(f.id for f in self.forums)})"
        )

    def game(self, game_id: str | None = None) -> GameConfig:
        """The game `game_id`; with None, the only game of the file (an error when there are several)."""
        ids = ", ".join(g.id for g in self.games)
        if game_id is None:
            if len(self.games) == 1:
                return self.games[0]
            raise BadInput(f"{self._shown} has {len(self.games)} games; choose one with --game ID ({ids})")
        for game in self.games:
            if game.id == game_id:
                return game
        close = difflib.get_close_matches(game_id, [g.id for g in self.games], n=1)
        hint = f'; did you mean "{close[0]}"?' if close else ""
        raise BadInput(
            f"{self._shown}: no game with id {json.dumps(game_id, ensure_ascii=False)} (the file has: {ids}){hint}"
        )


def _missing_config_hint() -> str:
    # A GM who installed mafvote with pip has no source folder: the commented example ships inside the package.
    from .paths import data_file

    try:
        shipped = data_file("config.toml")
        example = f"the commented example config.toml (it ships with mafvote: {shipped})"
    except FileNotFoundError:
        example = "the commented example config.toml"
    return (f"pass the file with -c FILE, or copy {example} and edit it; `mafvote demo --keep DIR` writes a working "
            "setup (config.toml, store, nights) into DIR to start from")


# ---------------------------------------------------------------------------------------------
# Rulesets named by games


def bundled_rulesets() -> dict[str, Path]:
    """Name -> file of every ruleset shipped with mafvote (`rulesets/<name>.toml`)."""
    try:
        folder = data_dir("rulesets")
    except FileNotFoundError:
        return {}
    return {p.stem: p for p in sorted(folder.glob("*.toml"))}


def resolve_ruleset(value: str, base: Path) -> Path | None:
    """A game's `ruleset`: a bundled name (`new_year`) or a path (relative to `base`, the config's
    folder); None when neither exists."""
    bundled = bundled_rulesets()
    if value in bundled:
        return bundled[value]
    candidate = Path(value).expanduser()
    if not candidate.is_absolute():
        candidate = base / candidate
    return candidate if candidate.is_file() else None


# ---------------------------------------------------------------------------------------------
# Loading


def load_config(path: str | Path) -> Config:
    """Read and validate a configuration file. Raises `ConfigError` listing every problem at once."""
    shown = str(path)
    file = Path(path)
    raw, text = _read_toml(file, shown)
    problems = _cross_problems(raw, shown, file.resolve().parent)
    try:
        config = Config.model_validate(raw)
    except ValidationError as exc:
        problems += [_schema_problem(err, shown) for err in exc.errors(include_url=False)]
    if problems:
        raise ConfigError(_in_file_order(locate(problems, text, shown), raw))
    _complete(config, file, shown)
    return config


def _read_toml(file: Path, shown: str) -> tuple[dict[str, Any], str]:
    if not file.exists():
        raise ConfigError(
            [
                Problem(
                    shown,
                    "",
                    "file not found",
                    _missing_config_hint(),
                )
            ]
        )
    if file.is_dir():
        raise ConfigError([Problem(shown, "", "is a folder, not a file", "pass the config file with -c FILE")])
    try:
        text = read_gm_text(file)
    except UnreadableFile as exc:
        raise ConfigError([Problem(shown, exc.where, exc.message, exc.hint)]) from None
    except OSError as exc:
        problem = Problem(shown, "", f"cannot read the file: {exc.strerror}", "check its permissions")
        raise ConfigError([problem]) from None
    try:
        return toml_loads(text), text
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError([_syntax_problem(str(exc), shown)]) from None


# ---- where a key is written (tomllib keeps no positions)

_TABLE = re.compile(r"^\[\s*(?P<path>[^\[\]]+?)\s*\](?:\s*#.*)?$")
_ARRAY_TABLE = re.compile(r"^\[\[\s*(?P<path>[^\[\]]+?)\s*\]\](?:\s*#.*)?$")
_PART = r"""[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*'"""   # a bare, "basic" or 'literal' key
_KEY = re.compile(rf"^(?P<key>(?:{_PART})(?:\s*\.\s*(?:{_PART}))*)\s*=(?P<value>.*)$")
_KEY_PART = re.compile(_PART)


def _key_parts(dotted: str) -> list[str]:
    parts = []
    for raw in _KEY_PART.findall(dotted):
        if raw.startswith('"'):
            raw = json.loads(raw)
        elif raw.startswith("'"):
            raw = raw[1:-1]
        parts.append(raw)
    return parts


def key_lines(text: str) -> dict[str, int]:
    """Where each key and table of a TOML file is written, by the key paths problems name
    (`games[0].players[3].role`): tables, arrays of tables (`[[games.players]]` counts within its game),
    keys, dotted keys and the keys of a one-line inline table. A line scan, enough for config files:
    a multi-line string is skipped, not read."""
    lines: dict[str, int] = {}
    arrays: dict[str, int] = {}        # an array of tables (resolved path) -> elements so far
    current: list[Any] = []
    open_string = ""

    def resolve(parts: list[str]) -> list[Any]:
        out: list[Any] = []
        for part in parts:
            out.append(part)
            count = arrays.get(_key_path(tuple(out)))
            if count:
                out.append(count - 1)
        return out

    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if open_string:
            if open_string in stripped:
                open_string = ""
            continue
        if not stripped or stripped.startswith("#"):
            continue
        if m := _ARRAY_TABLE.match(stripped):
            parts = _key_parts(m["path"])
            base = resolve(parts[:-1]) + [parts[-1]]
            key = _key_path(tuple(base))
            arrays[key] = arrays.get(key, 0) + 1
            current = base + [arrays[key] - 1]
            lines.setdefault(key, number)
            lines[_key_path(tuple(current))] = number
        elif m := _TABLE.match(stripped):
            current = resolve(_key_parts(m["path"]))
            lines.setdefault(_key_path(tuple(current)), number)
        elif m := _KEY.match(stripped):
            path = current + _key_parts(m["key"])
            lines.setdefault(_key_path(tuple(path)), number)
            value = m["value"].strip()
            for quote in ('"""', "'''"):
                if value.startswith(quote) and value.count(quote) == 1:
                    open_string = quote
            if value.startswith("{"):   # an inline table: its keys are on this line
                for inner in re.finditer(r"(?:^|[{,])\s*([A-Za-z0-9_-]+)\s*=", value):
                    lines.setdefault(_key_path(tuple(path + [inner[1]])), number)
    return lines


def locate(problems: list[Problem], text: str, shown: str) -> list[Problem]:
    """The problems of file `shown` with the line of their key, or of the nearest table above it that
    is written (a missing key: the table it belongs in)."""
    lines = key_lines(text)
    out = []
    for problem in problems:
        line = 0
        if problem.file == shown and problem.key and not problem.line:
            key = problem.key
            while key and not line:
                line = lines.get(key, 0)
                key = re.sub(r'(?:\[\d+\]|\.?(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"))$', "", key)
        out.append(replace(problem, line=line) if line else problem)
    return out


_TOML_POS = re.compile(r"^(?P<what>.*?)\s*\(at (?:line (?P<line>\d+), column (?P<col>\d+)|end of document)\)$")


def _syntax_problem(message: str, shown: str) -> Problem:
    """tomllib's `Invalid value (at line 3, column 9)` -> a Problem naming line and column, with a hint."""
    match = _TOML_POS.match(message)
    what = match["what"] if match else message
    if match and match["line"]:
        where = f"line {match['line']}, column {match['col']}"
    else:
        where = "end of file" if match else ""
    lowered = what.lower()
    if "overwrite" in lowered or "redefine" in lowered or "duplicate" in lowered:
        hint = "a key or table is written twice; keep one (use [[games]] with double brackets for several games)"
    elif "key" in lowered and "character" in lowered:
        hint = 'a bare key is Latin letters, digits, "_" or "-"; put any other key in double quotes'
    elif "invalid value" in lowered:
        hint = 'text values need double quotes (name = "Ronin"); times too ("22:00")'
    elif "newline" in lowered or "end of" in lowered or "unclosed" in lowered:
        hint = "a string, array or inline table opened at or before this point is not closed"
    else:
        hint = 'TOML is key = value, one per line; text in double quotes; tables as [name] or [[name]]'
    return Problem(shown, where, f"TOML syntax error: {what[:1].lower() + what[1:]}", hint)


# ---- schema errors -> problems


def _key_path(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            text = str(part)
            if not re.fullmatch(r"[A-Za-z0-9_-]+", text):
                text = json.dumps(text, ensure_ascii=False)
            out += f".{text}" if out else text
    return out


def _unwrap(annotation: Any) -> list[Any]:
    """The model/list/dict types inside an annotation (through Optional and Annotated)."""
    origin = get_origin(annotation)
    if origin is Annotated:
        return _unwrap(get_args(annotation)[0])
    if origin is Union or isinstance(annotation, types.UnionType):
        return [t for arg in get_args(annotation) for t in _unwrap(arg)]
    return [annotation]


def _model_at(loc: tuple[Any, ...]) -> type[BaseModel] | None:
    """The model class whose field set applies at `loc` (for "did you mean" on unknown keys)."""
    current: Any = Config
    for part in loc:
        candidates = _unwrap(current)
        nxt = None
        for cand in candidates:
            origin = get_origin(cand)
            if isinstance(part, int) and origin is list:
                nxt = get_args(cand)[0]
            elif isinstance(part, str) and isinstance(cand, type) and issubclass(cand, BaseModel):
                field = cand.model_fields.get(part)
                nxt = field.annotation if field else None
            elif isinstance(part, str) and origin is dict:
                nxt = get_args(cand)[1]
            if nxt is not None:
                break
        if nxt is None:
            return None
        current = nxt
    for cand in _unwrap(current):
        if get_origin(cand) is list:
            cand = get_args(cand)[0]
        if isinstance(cand, type) and issubclass(cand, BaseModel):
            return cand
    return None


def _field_at(loc: tuple[Any, ...]):
    parent = _model_at(loc[:-1])
    if parent is None or not isinstance(loc[-1], str):
        return None
    return parent.model_fields.get(loc[-1])


def _toml_value(value: Any) -> str:
    if isinstance(value, str | bool | int | float):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + " }"
    return str(value)


def _example(loc: tuple[Any, ...]) -> str:
    field = _field_at(loc)
    if field is None or not field.examples:
        return ""
    return f"{loc[-1]} = {_toml_value(field.examples[0])}"


_SECRET_KEYS = {"password": "password_env", "pass": "password_env", "token": "token_env", "secret": "secret_env"}


def _unknown_key_problem(loc: tuple[Any, ...], shown: str) -> Problem:
    key = str(loc[-1])
    parent = _model_at(loc[:-1])
    known = [name for name in parent.model_fields] if parent else []
    if key.lower() in _SECRET_KEYS:
        env_key = _SECRET_KEYS[key.lower()] if _SECRET_KEYS[key.lower()] in known else "password_env"
        where = _key_path(loc[:-1])
        if env_key not in known and parent is ForumConfig:
            where, env_key = f"{where}.login", "password_env"
        return Problem(
            shown,
            _key_path(loc),
            f"a {key} is never read from the config file",
            f'remove it; put {env_key} = "MAFVOTE_..." in {where or "the table"} and export that '
            "environment variable with the secret before running mafvote",
        )
    close = difflib.get_close_matches(key, known, n=1, cutoff=0.6)
    if close:
        hint = f'did you mean "{close[0]}"?'
    elif known:
        hint = "known keys here: " + ", ".join(known)
    else:
        hint = "remove it"
    where = _key_path(loc[:-1])
    return Problem(shown, _key_path(loc), f"unknown key{' in ' + where if where else ''}", hint)


_TYPE_NAMES = {
    "string_type": "text in double quotes",
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "float_type": "a number",
    "float_parsing": "a number",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "list_type": "an array [ ... ]",
    "model_type": "a table",
    "model_attributes_type": "a table",
    "dict_type": "a table { key = value }",
    "path_type": "a path in double quotes",
}


def _schema_problem(err: dict[str, Any], shown: str) -> Problem:
    loc = tuple(err["loc"])
    kind = err["type"]
    key = _key_path(loc)
    value = err.get("input")
    ctx = err.get("ctx") or {}
    if kind == "extra_forbidden":
        return _unknown_key_problem(loc, shown)
    if kind == "mafvote":
        return Problem(shown, key, ctx.get("message", err["msg"]), ctx.get("hint", ""))
    if kind == "missing":
        example = _example(loc)
        if not example:
            field = _field_at(loc)
            kinds = _unwrap(field.annotation) if field else []
            if any(get_origin(k) is list for k in kinds):
                example = f"a [[{_table_name(loc)}]] table"
            elif any(isinstance(k, type) and issubclass(k, BaseModel) for k in kinds):
                example = f"a [{_table_name(loc)}] table"
        what = "table" if example.startswith("a [") else "key"
        return Problem(shown, key, f"required {what} is missing", f"add {example}" if example else "add it")
    if kind == "literal_error":
        allowed = re.findall(r"'([^']*)'", ctx.get("expected", ""))
        close = difflib.get_close_matches(str(value), allowed, n=1, cutoff=0.6) if isinstance(value, str) else []
        hint = f'did you mean "{close[0]}"?' if close else ""
        if loc[:2] == ("alerts", "channels") and value == "console":
            hint = "the console is always on; list only " + ", ".join(CHANNELS)
        if loc == ("alerts", "language"):
            lower = str(value).strip().lower()
            hint = (f'did you mean "{lower}"?' if lower in allowed
                    else 'mafvote speaks Russian and English: write language = "ru" or "en"')
        return Problem(shown, key, f"{_quote(value)} is not one of: {', '.join(allowed)}", hint)
    if kind == "list_type" and isinstance(value, dict) and loc and loc[-1] in ("forums", "games", "players"):
        return Problem(
            shown, key, "must be an array of tables", f"write each entry under [[{_table_name(loc)}]] (double brackets)"
        )
    if kind in ("too_short",) and isinstance(value, list) and not value:
        example = _example(loc)
        what = {"forums": "[[forums]] table", "games": "[[games]] table"}.get(str(loc[-1]), "entry")
        return Problem(shown, key, f"needs at least one {what}", f"add {example}" if example else f"add a {what}")
    if kind in _TYPE_NAMES:
        expected = _TYPE_NAMES[kind]
        example = _example(loc)
        hint = f"write it like {example}" if example else f"give {expected}"
        if kind in ("model_type", "dict_type", "model_attributes_type") and not example:
            hint = f"write it as a table [{_table_name(loc)}] or an inline table {{ ... }}"
        return Problem(shown, key, f"expected {expected}, got {_quote(value)}", hint)
    # Number bounds and anything else: pydantic's message is clear enough ("Input should be greater
    # than 0"); say what was found.
    message = err["msg"][:1].lower() + err["msg"][1:]
    message = message.replace("input should be", "should be")
    return Problem(shown, key, f"{message}, got {_quote(value)}", _example(loc) and f"write it like {_example(loc)}")


def _table_name(loc: tuple[Any, ...]) -> str:
    return ".".join(str(p) for p in loc if isinstance(p, str))


# ---- cross-checks on raw data (tolerant: a value of the wrong type is the schema's to report)


def _dicts(value: Any) -> list[tuple[int, dict[str, Any]]]:
    return [(i, v) for i, v in enumerate(value) if isinstance(v, dict)] if isinstance(value, list) else []


def _str(table: dict[str, Any], key: str) -> str | None:
    value = table.get(key)
    return value if isinstance(value, str) and value.strip() else None


def _plain_http_elsewhere(url: str) -> bool:
    """Plain http to another machine: anyone on the way reads a login sent there."""
    import ipaddress
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(url.strip())
        host = (parts.hostname or "").lower()
    except ValueError:
        return False
    if parts.scheme.lower() != "http" or not host or host == "localhost" or host.endswith(".localhost"):
        return False
    try:
        return not ipaddress.ip_address(host).is_loopback
    except ValueError:
        return True


def _cross_problems(raw: dict[str, Any], shown: str, base: Path) -> list[Problem]:
    problems: list[Problem] = []
    add = problems.append
    forums = _dicts(raw.get("forums"))
    games = _dicts(raw.get("games"))

    forum_ids: dict[str, int] = {}
    for i, forum in forums:
        fid = _str(forum, "id")
        if fid is None:
            continue
        if fid in forum_ids:
            add(Problem(shown, f"forums[{i}].id", f'forum id "{fid}" is used twice (also forums[{forum_ids[fid]}])',
                        "give every [[forums]] a different id"))
        else:
            forum_ids[fid] = i
    for i, forum in forums:
        url = _str(forum, "base_url")
        if isinstance(forum.get("login"), dict) and url and _plain_http_elsewhere(url):
            add(Problem(shown, f"forums[{i}].base_url",
                        "the bot's password would cross the network in clear (http://, not https://)",
                        "use the forum's https:// address if it has one", severity="warning"))
    forum_by_id = forum_ids

    game_ids: dict[str, int] = {}
    rulesets = bundled_rulesets()
    for g, game in games:
        where = f"games[{g}]"
        gid = _str(game, "id")
        if gid is not None:
            if gid in game_ids:
                add(Problem(shown, f"{where}.id", f'game id "{gid}" is used twice (also games[{game_ids[gid]}])',
                            "give every [[games]] a different id"))
            else:
                game_ids[gid] = g

        forum_ref = _str(game, "forum")
        forum_table: dict[str, Any] | None = None
        if forum_ref is not None:
            if forum_ref in forum_by_id:
                forum_table = dict(forums)[forum_by_id[forum_ref]]
            elif forum_ids:
                close = difflib.get_close_matches(forum_ref, list(forum_ids), n=1, cutoff=0.6)
                hint = f'did you mean "{close[0]}"?' if close else "the forums are: " + ", ".join(forum_ids)
                add(Problem(shown, f"{where}.forum", f'no [[forums]] has id "{forum_ref}"', hint))
            else:
                add(Problem(shown, f"{where}.forum", f'no [[forums]] has id "{forum_ref}"',
                            "add a [[forums]] table with this id"))

        ruleset = _str(game, "ruleset")
        if ruleset is not None and resolve_ruleset(ruleset, base) is None:
            names = ", ".join(rulesets) or "none are installed"
            close = difflib.get_close_matches(ruleset, list(rulesets), n=1, cutoff=0.6)
            hint = (f'did you mean "{close[0]}"? ' if close else "") + (
                f"bundled rulesets: {names}; or give the path of a ruleset file (relative to the config file's folder)"
            )
            add(Problem(shown, f"{where}.ruleset", f'no bundled ruleset or file named "{ruleset}"', hint))

        game_topic, vote_thread = _str(game, "game_topic"), _str(game, "vote_thread")
        if game_topic is not None and vote_thread is not None and game_topic.strip() == vote_thread.strip():
            # the votes would be read from the game topic and counted with its chat; almost surely a copy-paste slip
            add(Problem(shown, f"{where}.vote_thread", "is the same address as game_topic",
                        "the vote thread is the topic where players post their votes; give its own URL"))

        problems += _schedule_problems(game, forum_table, where, shown)
        problems += _roster_problems(game, where, shown)
        problems += _post_problems(game, where, shown, base)

    problems += _alerts_problems(raw, shown)
    problems += _publish_problems(raw, games, forums, forum_by_id, shown)
    return problems


def _zone_of(game: dict[str, Any], forum: dict[str, Any] | None) -> tzinfo | None:
    schedule = game.get("schedule") if isinstance(game.get("schedule"), dict) else {}
    for name in (schedule.get("timezone"), (forum or {}).get("timezone")):
        if isinstance(name, str):
            try:
                return _zone(name)
            except ValueError:
                return None
    return None


def _schedule_problems(game: dict[str, Any], forum: dict[str, Any] | None, where: str, shown: str) -> list[Problem]:
    schedule = game.get("schedule")
    if not isinstance(schedule, dict):
        return []
    problems = []
    try:
        start = _parse_datetime(schedule.get("start"))
        deadline = _parse_datetime(schedule.get("first_deadline"))
    except ValueError:
        return problems  # the schema reports the unreadable one
    tz = _zone_of(game, forum)
    if tz is None and (start.tzinfo is None) != (deadline.tzinfo is None):
        return problems  # cannot compare until the time zone is fixed
    if tz is not None:
        start, deadline = _localize(start, tz), _localize(deadline, tz)
    if deadline <= start:
        problems.append(
            Problem(
                shown,
                f"{where}.schedule.first_deadline",
                f"the first deadline ({_show_time(deadline)}) is not after the start ({_show_time(start)})",
                "the first deadline closes the phase that opens at start; check the date",
            )
        )
    return problems


def _roster_problems(game: dict[str, Any], where: str, shown: str) -> list[Problem]:
    # two names are one when the vote count reads them as one (RULES.md §2: case, ё/е, spaces, punctuation and
    # Latin/Cyrillic look-alike letters aside), so it is the count's own matcher that compares them
    from mafvote_tally.names import RosterMatcher
    from mafvote_scraper.untrusted import name_problem

    problems = []
    owners: dict[str, tuple[int, str]] = {}  # a name's first use -> (player index, key path of that use)
    for p, player in _dicts(game.get("players")):
        names: list[tuple[str, str]] = []
        if _str(player, "nick"):
            names.append((f"{where}.players[{p}].nick", player["nick"]))
        aliases = player.get("aliases")
        for a, alias in enumerate(aliases if isinstance(aliases, list) else []):
            if isinstance(alias, str) and alias.strip():
                names.append((f"{where}.players[{p}].aliases[{a}]", alias))
        if _str(player, "mask"):
            names.append((f"{where}.players[{p}].mask", player["mask"]))
        replaced = player.get("replaced_by")
        if isinstance(replaced, dict) and _str(replaced, "nick"):
            names.append((f"{where}.players[{p}].replaced_by.nick", replaced["nick"]))
        for path, name in names:
            bad = name_problem(name)
            if bad:
                # a vote could never name them, and posts would show nothing or garble the line (issue 13)
                problems.append(Problem(shown, path, f"{_quote(name)} {bad}",
                                        "write the nick as the forum shows it, in visible letters"))
                continue
            found = RosterMatcher(dict.fromkeys(owners, ()), use_morph=False).match(name, fuzzy=False)
            if found.step not in ("exact", "lookalike"):
                owners[name] = (p, path)
                continue
            same = found.candidates[0]
            other, first = owners[same]
            if other == p:
                continue  # the same player's alias repeating their nick is harmless
            if found.step == "lookalike":
                how = f'looks the same as "{same.strip()}" (Latin/Cyrillic look-alike letters)'
            elif name_key(name) == name_key(same):
                how = "ignoring case and ё/е"
            else:
                how = f'reads as "{same.strip()}" (spaces and punctuation aside)'
            if path.endswith(".nick") and first.endswith(".nick") and ".replaced_by." not in path + first:
                message = f'nick "{name.strip()}" appears twice in the roster (also {first.removeprefix(where + ".")})'
                hint = ("each player is listed once; nicks are compared ignoring case and ё/е"
                        if how == "ignoring case and ё/е" else f"each player is listed once; this nick {how}")
            else:
                message = f'"{name.strip()}" names two players (also {first.removeprefix(where + ".")})'
                hint = "a vote for this name could not be told apart; remove or change one of them"
                if how != "ignoring case and ё/е":
                    hint = f"it {how}: " + hint
            problems.append(Problem(shown, path, message, hint))
    return problems


def _folder_problem(game: dict[str, Any], key: str, where: str, shown: str, base: Path,
                    what: str) -> tuple[Path | None, Problem | None]:
    """A game's folder key (`templates_dir`, `flavor_dir`): the folder, or the problem with it."""
    value = _str(game, key)
    if value is None:
        return None, None
    folder = Path(value).expanduser()
    if not folder.is_absolute():
        folder = base / folder
    if folder.is_dir():
        return folder, None
    found = "is a file, not a folder" if folder.exists() else "does not exist"
    return None, Problem(shown, f"{where}.{key}", f'folder "{value}" {found} (looked at {folder})',
                         f"create the folder of {what}, or fix the path (relative to the config file's folder)")


def _post_problems(game: dict[str, Any], where: str, shown: str, base: Path) -> list[Problem]:
    """The post keys (`theme`, `templates_dir`, `flavor_dir`): the folders exist, the theme has templates."""
    problems = []
    templates, problem = _folder_problem(game, "templates_dir", where, shown, base,
                                         "your templates (files named like the bundled ones, e.g. new_year/night.j2)")
    problems += [problem] if problem else []
    _, problem = _folder_problem(game, "flavor_dir", where, shown, base,
                                 "your flavour texts (one file per phase: night-1.txt, day-2.txt)")
    problems += [problem] if problem else []
    theme = _str(game, "theme")
    if theme is not None:
        # a theme is a folder with a theme.toml (mafvote.render.load_theme), bundled or in the GM's folder
        bundled = _themes_in(data_dir("templates"))
        own = _themes_in(templates) if templates is not None else []
        if theme not in bundled and theme not in own:
            known = sorted(set(bundled) | set(own))
            close = difflib.get_close_matches(theme, known, n=1, cutoff=0.6)
            hint = (f'did you mean "{close[0]}"? ' if close else "") + "themes: " + ", ".join(known)
            if game.get("templates_dir") is not None:
                hint += f"; a theme of your own is a folder <templates_dir>/{theme}/ with a theme.toml"
            else:
                hint += "; a theme of your own needs templates_dir = \"...\" with a folder " + theme + "/ in it"
            problems.append(Problem(shown, f"{where}.theme", f'no theme "{theme}"', hint))
            return problems
    problem = _style_problem(game, where, shown, templates, theme)
    return problems + ([problem] if problem else [])


def _style_problem(game: dict[str, Any], where: str, shown: str, templates: Path | None,
                   theme: str | None) -> Problem | None:
    """The game's `style` is one of its theme's styles (`[theme] styles` of the theme.toml, the GM's copy first):
    a style the theme does not have would fail every post of the game."""
    style = game.get("style")
    if not isinstance(style, int) or isinstance(style, bool) or style < 0:
        return None                      # the model reports a wrong type or a negative number
    if theme is None:                    # the ruleset's theme, for a bundled ruleset
        path = bundled_rulesets().get(_str(game, "ruleset") or "")
        try:
            theme = tomllib.loads(path.read_text(encoding="utf-8")).get("game", {}).get("theme") if path else None
        except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
            theme = None
    if not isinstance(theme, str):
        return None
    styles = 1
    for folder in (data_dir("templates"), templates):
        file = folder / theme / "theme.toml" if folder is not None else None
        if file is not None and file.is_file():
            try:
                styles = int(tomllib.loads(file.read_text(encoding="utf-8-sig")).get("theme", {}).get("styles", styles))
            except (OSError, ValueError, TypeError, tomllib.TOMLDecodeError, UnicodeDecodeError):
                pass
    if style < styles:
        return None
    which = "0" if styles == 1 else f"0–{styles - 1}"
    return Problem(shown, f"{where}.style", f"style = {style}: theme {theme} has {styles} "
                   f"style{'s' if styles != 1 else ''} ({which})",
                   f"write style = {which.split('–')[-1]} or less; `mafvote render … --variant N` shows each style")


def _themes_in(folder: Path) -> list[str]:
    # `_base` holds what every theme inherits; it is not a theme of its own
    return [p.parent.name for p in sorted(folder.glob("*/theme.toml")) if not p.parent.name.startswith("_")]


def _alerts_problems(raw: dict[str, Any], shown: str) -> list[Problem]:
    alerts = raw.get("alerts")
    if not isinstance(alerts, dict) or not isinstance(alerts.get("channels"), list):
        return []
    problems = []
    for c, channel in enumerate(alerts["channels"]):
        if channel in CHANNELS and channel not in alerts:
            example = {
                "telegram": 'telegram = { token_env = "MAFVOTE_TG_TOKEN", chat_id = "123456" }',
                "email": 'email = { host = "smtp.example.org", sender = "gm@example.org", to = ["gm@example.org"] }',
                "webhook": 'webhook = { url = "https://example.org/hook" }',
            }[channel]
            problems.append(
                Problem(
                    shown,
                    f"alerts.channels[{c}]",
                    f'channel "{channel}" has no [alerts.{channel}] settings',
                    f"add {example} under [alerts], or remove the channel",
                )
            )
    return problems


def _publish_problems(raw, games, forums, forum_by_id, shown) -> list[Problem]:
    publish = raw.get("publish")
    if not isinstance(publish, dict) or publish.get("forum") is not True:
        return []
    problems = []
    tables = dict(forums)
    for g, game in games:
        ref = _str(game, "forum")
        if ref in forum_by_id and not isinstance(tables[forum_by_id[ref]].get("login"), dict):
            i = forum_by_id[ref]
            problems.append(Problem(
                shown, "publish.forum",
                f'posting the count needs a forum login, and forum "{ref}" (game "{game.get("id", g)}") has none',
                f'add login = {{ user = "...", password_env = "MAFVOTE_{ref.upper().replace("-", "_")}_PASSWORD" }} '
                f"to forums[{i}], or set forum = false"))
    return problems


# ---- ordering: problems are listed in the order their keys appear in the file


def _in_file_order(problems: list[Problem], raw: dict[str, Any]) -> list[Problem]:
    def order(problem: Problem) -> tuple:
        out: list[tuple[int, int, str]] = []
        node: Any = raw
        for part in re.findall(r'\[(\d+)\]|"((?:[^"\\]|\\.)*)"|([^.\[\]"]+)', problem.key):
            index, quoted, bare = part
            if index:
                position = int(index)
                node = node[position] if isinstance(node, list) and position < len(node) else None
            else:
                name = json.loads(f'"{quoted}"') if quoted else bare
                keys = list(node) if isinstance(node, dict) else []
                position = keys.index(name) if name in keys else len(keys) + 1000
                node = node.get(name) if isinstance(node, dict) else None
            out.append((position, 0, ""))
        return tuple(out)

    return sorted(problems, key=order)


# ---- completion of a valid file


def _complete(config: Config, file: Path, shown: str) -> None:
    base = file.resolve().parent
    config._path = file.resolve()
    config._shown = shown
    if not config.store.path.is_absolute():
        config.store.path = base / config.store.path.expanduser()
    if config.publish.dir is not None and not config.publish.dir.is_absolute():
        config.publish.dir = base / config.publish.dir.expanduser()
    if config.publish.gm_dir is not None and not config.publish.gm_dir.is_absolute():
        config.publish.gm_dir = base / config.publish.gm_dir.expanduser()
    for i, forum in enumerate(config.forums):
        if forum.login is not None:
            forum.login._where = f"{shown}: forums[{i}].login.password_env"
    forums = {f.id: f for f in config.forums}
    for game in config.games:
        schedule = game.schedule
        if schedule.timezone is None:
            schedule.timezone = forums[game.forum].timezone
        tz = schedule.tz
        schedule.start = _localize(schedule.start, tz)
        schedule.first_deadline = _localize(schedule.first_deadline, tz)
        for player in game.players:
            if player.replaced_by is not None:
                player.replaced_by.at = _localize(player.replaced_by.at, tz)
        if not game.title:
            game.title = game.id
        for key in ("templates_dir", "flavor_dir"):
            folder = getattr(game, key)
            if folder is not None and not folder.is_absolute():
                setattr(game, key, base / folder.expanduser())
        game._ruleset_path = resolve_ruleset(game.ruleset, base)


# ---------------------------------------------------------------------------------------------
# What depends on the machine, not the file


def _unset_env_problem(where: str, variable: str, what: str) -> Problem:
    file, _, key = where.partition(": ")
    return Problem(
        file if key else "config",
        key or where,
        f"environment variable {variable} is not set",
        f"{what} needs it: export {variable}=... before running mafvote; the secret never goes in the file",
    )


def environment_problems(config: Config) -> list[Problem]:
    """Warnings about the environment this config will run in: unset `*_env` variables of the alert
    channels in use and of forum logins needed for posting. Not errors of the file: the file may be
    checked on a machine that does not hold the secrets."""
    shown = config.shown_as
    out: list[Problem] = []

    def need(key: str, variable: str | None, what: str) -> None:
        if variable and not os.environ.get(variable):
            problem = _unset_env_problem(f"{shown}: {key}", variable, what)
            out.append(Problem(problem.file, problem.key, problem.message, problem.hint, "warning"))

    alerts = config.alerts
    if "telegram" in alerts.channels and alerts.telegram:
        need("alerts.telegram.token_env", alerts.telegram.token_env, "the telegram alert channel")
    if "email" in alerts.channels and alerts.email:
        need("alerts.email.password_env", alerts.email.password_env, "the email alert channel")
    for channel in CHANNELS:
        if getattr(alerts, channel) is not None and channel not in alerts.channels:
            message = f"[alerts.{channel}] is set but not listed in alerts.channels, so it never fires"
            hint = f'add "{channel}" to channels, or remove the table'
            out.append(Problem(shown, f"alerts.{channel}", message, hint, "warning"))
    if config.publish.forum:
        used = {g.forum for g in config.games}
        for i, forum in enumerate(config.forums):
            if forum.id in used and forum.login:
                need(f"forums[{i}].login.password_env", forum.login.password_env, f'posting to forum "{forum.id}"')
    for g, game in enumerate(config.games):
        players = {name_key(n): p for p, player in enumerate(game.players) for n in player.names()}
        for k, gm in enumerate(game.gm):
            if name_key(gm) in players:
                out.append(Problem(shown, f"games[{g}].gm[{k}]",
                                   f'the GM "{gm}" is also in the roster (players[{players[name_key(gm)]}])',
                                   "the GM never plays (RULES.md §1); GM posts are read as proxy votes", "warning"))
    return out


# ---------------------------------------------------------------------------------------------
# `mafvote check`: the file, the rulesets it names, the environment


@dataclass(frozen=True)
class CheckReport:
    """What `mafvote check` found: the config (None when the file itself is wrong) and every problem."""

    config: Config | None
    problems: list[Problem]

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "warning"]


def check_file(path: str | Path) -> CheckReport:
    """Validate a config file, the rulesets its games name and the environment it needs.

    Every problem at once: a mistake elsewhere in the file (an engine typo, a duplicate nick) does not hide a
    roster role that is not in the game's ruleset, so the rulesets and rosters are checked from the file's raw
    data whenever the game names a ruleset that exists."""
    shown = str(path)
    try:
        config: Config | None = load_config(path)
        problems: list[Problem] = []
    except ConfigError as exc:
        config, problems = None, list(exc.problems)
    try:
        raw, text = _read_toml(Path(path), shown)
    except ConfigError:
        return CheckReport(None, problems)     # not TOML at all: nothing more can be read
    base = Path(path).resolve().parent
    more: list[Problem] = []
    usable: dict[Path, bool] = {}
    for g, game in _dicts(raw.get("games")):
        name = _str(game, "ruleset")
        ruleset_path = resolve_ruleset(name, base) if name else None
        if ruleset_path is None:
            continue                           # the file's own checks say the ruleset is missing
        if ruleset_path not in usable:
            found = ruleset_file_problems(ruleset_path)
            more += found
            usable[ruleset_path] = not found
        if usable[ruleset_path]:
            players = _dicts(game.get("players"))
            more += _role_problems(shown, g, name, ruleset_path, players)
            more += _item_problems(shown, g, name, ruleset_path, players)
    if config is not None:
        more += environment_problems(config)
    return CheckReport(config, problems + locate(more, text, shown))


def ruleset_file_problems(path: Path) -> list[Problem]:
    """The ruleset file parses as TOML; deeper validation is the ruleset module's, when it exists.

    Seam: `mafvote.rulesets.validate(path) -> list[Problem-like]` (written by the ruleset engineer). Its
    problems may be our `Problem` or any object with `message` (and optionally `file`, `key`, `hint`).
    """
    shown = _shown_ruleset(path)
    try:
        toml_loads(read_gm_text(path))
    except tomllib.TOMLDecodeError as exc:
        return [_syntax_problem(str(exc), shown)]
    except UnreadableFile as exc:
        return [Problem(shown, exc.where, exc.message, exc.hint)]
    except OSError as exc:
        return [Problem(shown, "", f"cannot read the ruleset: {exc}", "check the file")]
    # imported here, not at the top: the ruleset reader loads resolver's ruleset parser and tally, which a
    # command that only reads the config does not pay for (issue 17, start-up time)
    from .rulesets import validate

    try:
        found = validate(path)
    except Exception as exc:
        # A validator that raises its problems (resolver.RulesetError has `.problems`) instead of
        # returning them: they are listed all the same. Anything else is a bug and surfaces.
        if not getattr(exc, "problems", None):
            raise
        found = exc.problems
    return [_adopt(p, shown) for p in found]


def _shown_ruleset(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _adopt(problem: Any, shown: str) -> Problem:
    if isinstance(problem, Problem):
        return problem
    if isinstance(problem, str):
        return Problem(shown, "", problem)
    # resolver.errors.Problem names the place `where`; ours names it `key`.
    key = getattr(problem, "key", None) or getattr(problem, "where", None) or ""
    return Problem(
        str(getattr(problem, "file", None) or shown),
        str(key),
        str(getattr(problem, "message", None) or problem),
        str(getattr(problem, "hint", None) or ""),
        "warning" if getattr(problem, "severity", "error") == "warning" else "error",
    )


def _role_problems(shown: str, g: int, ruleset: str, path: Path,
                   players: list[tuple[int, dict[str, Any]]]) -> list[Problem]:
    """Roster roles (`games[g].players[p].role`, raw) must be roles of the game's ruleset (its `[[roles]]` names
    and aliases)."""
    try:
        data = toml_loads(read_gm_text(path))
    except (OSError, UnreadableFile, tomllib.TOMLDecodeError):
        return []
    roles = [r for r in data.get("roles", []) if isinstance(r, dict) and isinstance(r.get("name"), str)]
    if not roles:
        return []  # a ruleset without roles yet (roles come with the resolver): nothing to check against
    known: dict[str, str] = {}
    for role in roles:
        for name in [role["name"], *[a for a in role.get("aliases", []) if isinstance(a, str)]]:
            known[name_key(name)] = role["name"]
    out = []
    for p, player in players:
        role = player.get("role")
        if not isinstance(role, str) or name_key(role) in known:
            continue
        names = [r["name"] for r in roles]
        close = difflib.get_close_matches(role, names, n=1, cutoff=0.6)
        hint = f'did you mean "{close[0]}"?' if close else "its roles: " + ", ".join(names)
        out.append(Problem(shown, f"games[{g}].players[{p}].role", f'role "{role}" is not in ruleset {ruleset}', hint))
    return out


def _item_problems(shown: str, g: int, ruleset: str, path: Path,
                   players: list[tuple[int, dict[str, Any]]]) -> list[Problem]:
    """Roster items (`[[games.players]] items = [...]`, raw) must be items of the game's ruleset (its `[[items]]`)."""
    rosters = [(p, player["items"]) for p, player in players if isinstance(player.get("items"), list)]
    if not any(items for _, items in rosters):
        return []
    try:
        data = toml_loads(read_gm_text(path))
    except (OSError, UnreadableFile, tomllib.TOMLDecodeError):
        return []
    names = [i["name"] for i in data.get("items", []) if isinstance(i, dict) and isinstance(i.get("name"), str)]
    known = {name_key(n): n for n in names}
    out = []
    for p, items in rosters:
        for i, item in enumerate(items):
            if not isinstance(item, str) or name_key(item) in known:
                continue                       # a wrong type is the schema's to report
            close = difflib.get_close_matches(item, names, n=1, cutoff=0.6)
            hint = (f'did you mean "{close[0]}"?' if close else
                    "its items: " + ", ".join(names) if names else "the ruleset has no [[items]]: remove the key")
            out.append(Problem(shown, f"games[{g}].players[{p}].items[{i}]",
                               f'item "{item}" is not in ruleset {ruleset}', hint))
    return out
