"""The records the rest of the application reads from a configuration (`Config`, `ForumConfig`, `GameConfig`, ...;
their attribute names are a contract): plain dataclasses, built either by the validator (`schema`'s pydantic models,
converted by `schema.to_records`) or from the validated config cached as plain data (`cache`). Nothing here
imports pydantic, so a command that finds its config cached never pays for it (issue 17).

The field names and defaults are those of `schema`'s models, one record per model of the same name; a test
(tests/app/test_config_cache.py) holds the two lists together. Nothing here validates: a record built by hand (a
test, a tool) is taken as given.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, time, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Iterator, Mapping
from zoneinfo import ZoneInfo

from ..errors import BadInput
from ..messages import text as t
from .values import name_key

if TYPE_CHECKING:       # annotations only: the optional tables' records load on first use (issue 17, start-up)
    from .optional_records import EmailConfig, LoginConfig, Replacement, TelegramConfig, WebhookConfig

__all__ = [
    "AlertsConfig", "CHANNELS", "Config", "ENGINES", "EmailConfig", "FORM_CASES", "ForumConfig", "GameConfig",
    "LoginConfig", "PUBLISHING_ENGINES", "PlayerConfig", "PublishConfig", "RECORDS", "Replacement", "ScheduleConfig", "StoreConfig",
    "TelegramConfig", "WebhookConfig",
]

ENGINES = ("phpbb", "mybb", "punbb", "ipb", "vbulletin", "smf", "ucoz", "xenforo", "auto")
# the engines `[publish].forum` posts the count through (mafvote.publish.ENGINES; a test keeps the two equal)
PUBLISHING_ENGINES = ("phpbb", "mybb")
CHANNELS = ("telegram", "email", "webhook")
# pymorphy3's case tags: what `forms = { accs = "Соню" }` may give by hand (RULES.md §6: names take
# the case the sentence needs; roster entries may give forms by hand).
FORM_CASES = ("nomn", "gent", "datv", "accs", "ablt", "loct", "voct", "gen2", "acc2", "loc2")

# What the loader fills in after validation (`complete`) is kept out of `__init__` and out of the cache: it
# depends on where the file is and on the machine, not on the file's bytes.
_record = dataclass(kw_only=True)


def _filled(default):
    return field(default=default, init=False, repr=False)


@_record
class StoreConfig:
    """[store]: where the store's file is."""
    path: Path = Path("mafvote.db")


@_record
class ForumConfig:
    """One [[forums]]: the engine, the address, the forum's time zone and the crawl's pace."""
    id: str
    engine: str
    base_url: str
    timezone: str
    min_delay: float = 1.0
    timeout: float = 20.0
    retries: int = 4
    max_page_mb: float = 16.0
    max_pages: int = 300
    login: LoginConfig | None = None

    @property
    def tz(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)


@_record
class PlayerConfig:
    """One player of a game's roster as the GM wrote it."""
    nick: str
    aliases: list[str] = field(default_factory=list)
    gender: str | None = None
    role: str | None = None
    mask: str | None = None
    replaced_by: Replacement | None = None
    forms: dict[str, str] = field(default_factory=dict)
    items: list[str] = field(default_factory=list)

    def names(self) -> list[str]:
        """Every name this slot answers to: nick, aliases, mask and the replacement's nick."""
        out = [self.nick, *self.aliases]
        if self.mask:
            out.append(self.mask)
        if self.replaced_by:
            out.append(self.replaced_by.nick)
        return out


@_record
class ScheduleConfig:
    """A game's [games.schedule]: its start, its time zone and the deadlines."""
    timezone: str | None = None
    start: datetime
    starts_with: str
    first_deadline: datetime
    day_deadline: time
    night_deadline: time

    @property
    def tz(self) -> ZoneInfo:
        return ZoneInfo(self.timezone or "UTC")


@_record
class GameConfig:
    """One [[games]]: the forum, the ruleset, the topics, the roster and the schedule."""
    id: str
    title: str = ""
    forum: str
    ruleset: str
    game_topic: str
    vote_thread: str
    gm: list[str]
    poll_interval: timedelta = timedelta(minutes=2)
    reread_interval: timedelta = timedelta(minutes=30)
    schedule: ScheduleConfig
    players: list[PlayerConfig] = field(default_factory=list)
    theme: str | None = None
    templates_dir: Path | None = None
    flavor_dir: Path | None = None
    style: int | None = None
    _ruleset_path: Path | None = _filled(None)

    def found_ruleset(self, path: Path | None) -> None:
        """The loader found the ruleset file `ruleset` names (it resolves names against the config's folder)."""
        self._ruleset_path = path

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


@_record
class AlertsConfig:
    """[alerts]: when to warn before a deadline, the channels and their language."""
    before_deadline: list[timedelta] = field(default_factory=lambda: [timedelta(minutes=60), timedelta(minutes=15)])
    channels: list[str] = field(default_factory=list)
    language: str = "ru"
    telegram: TelegramConfig | None = None
    email: EmailConfig | None = None
    webhook: WebhookConfig | None = None


@_record
class PublishConfig:
    """[publish]: the folders of the public and GM pages and the forum count post."""
    dir: Path | None = None
    gm_dir: Path | None = None
    forum: bool = False
    interval: timedelta = timedelta(minutes=10)


@_record
class Config:
    """The whole config file: the store, the forums, the games, the alerts and the publishing."""
    store: StoreConfig = field(default_factory=StoreConfig)
    forums: list[ForumConfig]
    games: list[GameConfig]
    alerts: AlertsConfig = field(default_factory=AlertsConfig)
    publish: PublishConfig = field(default_factory=PublishConfig)
    _path: Path = _filled(Path("config.toml"))
    _shown: str = _filled("config.toml")
    _warnings: list = field(default_factory=list, init=False, repr=False)

    def read_from(self, path: Path, shown: str, warnings: list) -> None:
        """What the loader knows and the file's values do not say: the file it was read from, its name as the GM
        gave it, and its warnings."""
        self._path, self._shown, self._warnings = path, shown, list(warnings)

    @property
    def warnings(self) -> list:
        """The file's own warnings (`Problem`s, in file order): a login sent over plain http. `mafvote check` lists
        them; they stop no command."""
        return list(self._warnings)

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
        raise BadInput(t("config.no_forum", file=self._shown, id=json.dumps(forum_id, ensure_ascii=False),
                         ids=", ".join(f.id for f in self.forums)))

    def game(self, game_id: str | None = None) -> GameConfig:
        """The game `game_id`; with None, the only game of the file (an error when there are several)."""
        ids = ", ".join(g.id for g in self.games)
        if game_id is None:
            if len(self.games) == 1:
                return self.games[0]
            raise BadInput(t("config.several_games", file=self._shown, n=len(self.games), ids=ids))
        for game in self.games:
            if game.id == game_id:
                return game
        import difflib  # start-up: only a mistyped --game needs it; every command loads the records (issue 17)
        close = difflib.get_close_matches(game_id, [g.id for g in self.games], n=1)
        hint = "; " + t("config.did_you_mean", close=close[0]) if close else ""
        raise BadInput(t("config.no_game", file=self._shown, id=json.dumps(game_id, ensure_ascii=False), ids=ids)
                       + hint)


# the optional tables' records (mafvote.config.optional_records), imported when first asked for
_OPTIONAL = ("LoginConfig", "Replacement", "TelegramConfig", "EmailConfig", "WebhookConfig")
_ORDER = ("StoreConfig", "LoginConfig", "ForumConfig", "Replacement", "PlayerConfig", "ScheduleConfig", "GameConfig",
          "TelegramConfig", "EmailConfig", "WebhookConfig", "AlertsConfig", "PublishConfig", "Config")


class _Records(Mapping[str, type]):
    """Every record by its name (the schema's models carry the same names; the cache names a record by it). The
    names are known without importing a record; an optional table's record is imported when it is looked up."""

    def __getitem__(self, name: str) -> type:
        if name not in _ORDER:
            raise KeyError(name)
        return __getattr__(name) if name in _OPTIONAL else globals()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(_ORDER)

    def __len__(self) -> int:
        return len(_ORDER)

    def __contains__(self, name: object) -> bool:
        return name in _ORDER


RECORDS: Mapping[str, type] = _Records()


def __getattr__(name: str) -> type:
    if name in _OPTIONAL:
        from . import optional_records  # start-up: five record classes a config without those tables never makes

        return getattr(optional_records, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
