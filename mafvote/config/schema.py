"""The shape of `config.toml` (INTERFACE.md) as pydantic models: the field types with their validators.
`extra="forbid"`: an unknown key is an error, because a misspelt key silently falling back to a default is the
worst kind of config bug. What a schema cannot express is in `crosscheck`.

The models only validate: `to_records` turns a validated `Config` into the plain records of `records` (one per
model, of the same name, with the same fields), which is what the rest of the application reads, and what the
cache of a validated config holds (`cache`, issue 17: a command whose config is cached never imports pydantic).
"""
from __future__ import annotations

import difflib
import json
import re
from dataclasses import fields
from datetime import datetime, time, timedelta
from pathlib import Path
from typing import Annotated, Any, Literal
from urllib.parse import urlsplit

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
)
from pydantic_core import PydanticCustomError

from ..alert_texts import LANGUAGES as ALERT_LANGUAGES
from ..messages import text as t
from . import records
from .records import CHANNELS, ENGINES, FORM_CASES, PUBLISHING_ENGINES
from .values import (
    DURATION_BOUNDS,
    TIMEOUT_BOUNDS,
    TooLong,
    find_zone,
    format_duration,
    parse_datetime,
    parse_duration,
    parse_time,
    shown_value,
    zone_hint,
)

__all__ = [
    "AlertsConfig", "CHANNELS", "Config", "ENGINES", "PUBLISHING_ENGINES", "EmailConfig", "FORM_CASES", "ForumConfig", "GameConfig",
    "LoginConfig", "PlayerConfig", "PublishConfig", "Replacement", "ScheduleConfig", "StoreConfig",
    "TelegramConfig", "WebhookConfig", "invalid", "to_records",
]


def invalid(message: str, hint: str = "") -> PydanticCustomError:
    # Our validators carry the hint in the error's context so that it survives into `Problem.hint`.
    return PydanticCustomError("mafvote", "{message}", {"message": message, "hint": hint})


def _v_duration(value: Any) -> timedelta:
    if isinstance(value, timedelta):
        return value
    try:
        return parse_duration(value)
    except TooLong as exc:
        raise invalid(str(exc), t("config.duration.hint.unit")) from None
    except ValueError as exc:
        raise invalid(str(exc), t("config.duration.hint")) from None


def _v_datetime(value: Any) -> datetime:
    try:
        return parse_datetime(value)
    except ValueError as exc:
        raise invalid(str(exc), t("config.datetime.hint")) from None


def _v_time(value: Any) -> time:
    try:
        return parse_time(value)
    except ValueError as exc:
        raise invalid(str(exc), t("config.time.hint")) from None


def _v_zone(value: str) -> str:
    try:
        find_zone(value)
    except ValueError as exc:
        raise invalid(str(exc), zone_hint(value)) from None
    return value


def _v_url(value: str) -> str:
    parts = urlsplit(value.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise invalid(t("config.url.bad", value=json.dumps(value, ensure_ascii=False)), t("config.url.hint"))
    return value.strip()


_ENV_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _v_env(value: str) -> str:
    if not _ENV_RE.fullmatch(value):
        raise invalid(t("config.env.bad", value=json.dumps(value, ensure_ascii=False)), t("config.env.hint"))
    return value


_ID_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")


def _v_id(value: str) -> str:
    # Ids appear on the command line (--game) and in file names (votecount-<game>.html).
    if not _ID_RE.fullmatch(value):
        raise invalid(t("config.id.bad", value=json.dumps(value, ensure_ascii=False)), t("config.id.hint"))
    return value


def _v_text(value: str) -> str:
    if not value.strip():
        raise invalid(t("config.text.empty"), "")
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
            raise invalid(t("config.forms.bad", value=json.dumps(case, ensure_ascii=False)),
                          (t("config.did_you_mean", close=close[0]) + " " if close else "") + t("config.forms.hint"))
    return value


def _v_chat_id(value: Any) -> Any:
    return str(value) if isinstance(value, int) and not isinstance(value, bool) else value


Duration = Annotated[timedelta, BeforeValidator(_v_duration)]


def _bounded(key: str) -> Any:
    """A `Duration` kept within `DURATION_BOUNDS[key]`."""
    low, high = DURATION_BOUNDS[key]

    def check(value: timedelta) -> timedelta:
        if not low <= value <= high:
            # the value as written where the short form would round it ("24h0.5s" is not "1d")
            shown = format_duration(value)
            if value < timedelta(seconds=1) or parse_duration(shown) != value:
                shown = f"{value.total_seconds():g}s"
            raise invalid(t("config.duration.range", value=shown, low=format_duration(low), high=format_duration(high)),
                          t(f"config.bounds.{key}"))
        return value

    return Annotated[timedelta, BeforeValidator(_v_duration), AfterValidator(check)]


def _v_number(value: Any) -> Any:
    # TOML's true/false are no number of seconds, though pydantic would read them as 1 and 0
    if isinstance(value, bool):
        raise invalid(t("config.seconds.bad", value=shown_value(value)), t("config.seconds.hint"))
    return value


def _v_timeout(value: float) -> float:
    low, high = TIMEOUT_BOUNDS
    if not low <= value <= high:     # also inf and nan (nan compares false)
        raise invalid(t("config.timeout.range", value=shown_value(value), low=f"{low:g}", high=f"{high:g}"),
                      t("config.timeout.hint"))
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
# The models, each validating one record of `records` (the same name, the same fields and defaults)


class StoreConfig(_Model):
    path: Path = Field(Path("mafvote.db"), examples=["mafvote.db"])


class LoginConfig(_Model):
    user: Text = Field(examples=["mafvote-bot"])
    password_env: EnvName = Field(examples=["MAFVOTE_HYPER_PASSWORD"])


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


class ScheduleConfig(_Model):
    # Optional in the file: a schedule without a time zone takes its forum's (filled in after loading).
    timezone: ZoneName | None = Field(None, examples=["Europe/Moscow"])
    start: LocalDateTime = Field(examples=["2026-12-27T20:00"])
    starts_with: Literal["day", "night"] = Field(examples=["night"])
    first_deadline: LocalDateTime = Field(examples=["2026-12-28T23:30"])
    day_deadline: TimeOfDay = Field(examples=["22:00"])
    night_deadline: TimeOfDay = Field(examples=["22:30"])


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


def to_records(value: Any) -> Any:
    """A validated model (and everything in it) as the records of `records`: each model becomes the record of its
    name, field by field; lists and dicts are copied, values taken as the validators left them."""
    if isinstance(value, BaseModel):
        record = records.RECORDS[type(value).__name__]
        return record(**{f.name: to_records(getattr(value, f.name)) for f in fields(record) if f.init})
    if isinstance(value, list):
        return [to_records(v) for v in value]
    if isinstance(value, dict):
        return {k: to_records(v) for k, v in value.items()}
    return value
