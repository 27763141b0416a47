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

The records the application reads (`Config`, `GameConfig`, ...) are plain dataclasses (`records`); the pydantic
models of `schema` only validate, and `schema.to_records` turns what they validated into records. `load_cached(path)`
(`cache`) is `load_config` for the commands: the validated records are kept beside the file as plain data, keyed by
the file's bytes, the files the validation read and mafvote's version, and read back without pydantic while nothing
changed (issue 17). Importing this package imports no pydantic: `load_config`, `check_file`, `CheckReport` and
`ruleset_file_problems` load the validating side on first use (PEP 562 names below).

The modules import one way: values, problems → records → complete, cache; records → schema → schema_problems,
crosscheck → load → check; environment reads records.
Callers import from the package (`from mafvote.config import load_config`); `__all__` is its face.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ..rulesets import bundled_rulesets, resolve_ruleset
from .cache import load_cached
from .environment import environment_problems
from .problems import ConfigError, Problem, describe, problem_json
from .records import (
    CHANNELS,
    ENGINES,
    AlertsConfig,
    Config,
    ForumConfig,
    GameConfig,
    PlayerConfig,
    PublishConfig,
    ScheduleConfig,
    StoreConfig,
)
from .toml_lines import key_lines
from .values import format_duration, name_key, parse_duration

if TYPE_CHECKING:
    from .optional_records import EmailConfig, LoginConfig, Replacement, TelegramConfig, WebhookConfig

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
    "load_cached",
    "load_config",
    "name_key",
    "parse_duration",
    "problem_json",
    "resolve_ruleset",
    "ruleset_file_problems",
]

# the names of the validating side (pydantic and the schema), by their module: imported when first asked for, so
# that a command whose config is cached never loads them (issue 17); and the optional tables' records (a forum's
# login, a player's replacement, the alert channels), made on first use
_LAZY = {"load_config": "load", "check_file": "check", "CheckReport": "check", "ruleset_file_problems": "check"}
_LAZY.update(dict.fromkeys(("EmailConfig", "LoginConfig", "Replacement", "TelegramConfig", "WebhookConfig"),
                           "optional_records"))


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    # start-up: the validator's modules import pydantic (≈ 0.3 s of a command's start, issue 17); the optional
    # records are five classes a config without those tables never makes
    value = getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    globals()[name] = value
    return value
