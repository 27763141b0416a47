"""The configuration file (`config.toml`, shape fixed by INTERFACE.md) read into typed records.

Data flow: `load_config(path)` (`load`) reads the file with `mafvote.gm_files` (BOM, encodings) and tomllib, then

1. validates the shape with the pydantic models of `schema` (`extra="forbid"`: an unknown key is an error);
2. runs the cross-checks a schema cannot express (`crosscheck`: forum references, unique ids, roster name
   collisions, ruleset files, deadlines after the start, alert channels that have their table) on the raw data,
   so they are reported even when the schema found problems elsewhere;
3. turns every pydantic error (`schema_problems`) and every cross-check into a `Problem` (file, key path such as
   `games[0].players[3].role`, message, hint; `mafvote_resolver.errors.Problem`, the one problem record), gives
   each its line (`toml_lines`) and raises one `ConfigError` holding them all (`problems`), worded in the
   language the file asks for (`[alerts] language`, Russian by default); a warning of the file itself (a login
   over plain http) stops nothing and is kept in `Config.warnings` for `mafvote check`;
4. only when nothing is wrong, fills what depends on the file as a whole: relative paths resolved against the
   file's folder, times without an offset placed in the schedule's time zone, a schedule without a time zone
   taking its forum's.

`environment_problems(config)` (`environment`) lists what depends on the machine rather than the file (unset
`*_env` variables): `mafvote check` reports them as warnings, because a file checked on the GM's laptop may be run
on a server that has the secrets.

`check_file(path)` (`check`) is what `mafvote check` does: the file, then the rulesets its games name (each read and
checked by `mafvote.rulesets.validate`; roster roles must be names or aliases of the ruleset's `[[roles]]`), then
the environment. Durations, times and zones are read by `values`; a game's ruleset is found by
`mafvote.rulesets.resolve_ruleset`.

Secrets are never read from the file: a login names the environment variable that holds the password
(`password_env`), and `LoginConfig.password()` reads it when it is needed.

The modules import one way: values, problems → schema → schema_problems, crosscheck, environment → load → check.
Callers import from the package (`from mafvote.config import load_config`); `__all__` is its face.
"""
from __future__ import annotations

from ..rulesets import bundled_rulesets, resolve_ruleset
from .check import CheckReport, check_file, ruleset_file_problems
from .environment import environment_problems
from .load import load_config
from .problems import ConfigError, Problem, describe, problem_json
from .schema import (
    CHANNELS,
    ENGINES,
    AlertsConfig,
    Config,
    EmailConfig,
    ForumConfig,
    GameConfig,
    LoginConfig,
    PlayerConfig,
    PublishConfig,
    Replacement,
    ScheduleConfig,
    StoreConfig,
    TelegramConfig,
    WebhookConfig,
)
from .toml_lines import key_lines
from .values import format_duration, name_key, parse_duration

__all__ = [
    "AlertsConfig",
    "CHANNELS",
    "CheckReport",
    "Config",
    "ConfigError",
    "ENGINES",
    "EmailConfig",
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
    "bundled_rulesets",
    "check_file",
    "describe",
    "environment_problems",
    "format_duration",
    "key_lines",
    "load_config",
    "name_key",
    "parse_duration",
    "problem_json",
    "resolve_ruleset",
    "ruleset_file_problems",
]
