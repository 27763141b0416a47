"""`load_config(path)`: the file read (`mafvote.gm_files`: BOM, encodings) and parsed with tomllib, its shape
validated by the schema, the cross-checks run on the raw data, every problem located on its line and raised in
one `ConfigError` in file order; only a file without problems is completed (relative paths against the file's
folder, times without an offset in the schedule's zone, a schedule without a zone taking its forum's).
"""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from mafvote_resolver.toml_text import loads as toml_loads

from ..gm_files import UnreadableFile, read_gm_text
from ..paths import data_file
from ..rulesets import resolve_ruleset
from .crosscheck import cross_problems
from .problems import ConfigError, Problem
from .schema import Config
from .schema_problems import schema_problem
from .toml_lines import in_file_order, locate, syntax_problem
from .values import localize

__all__ = ["load_config", "read_toml"]


def load_config(path: str | Path) -> Config:
    """Read and validate a configuration file. Raises `ConfigError` listing every problem at once."""
    shown = str(path)
    file = Path(path)
    raw, text = read_toml(file, shown)
    problems = cross_problems(raw, shown, file.resolve().parent)
    try:
        config = Config.model_validate(raw)
    except ValidationError as exc:
        problems += [schema_problem(err, shown) for err in exc.errors(include_url=False)]
    if problems:
        raise ConfigError(in_file_order(locate(problems, text, shown), raw))
    _complete(config, file, shown)
    return config


def read_toml(file: Path, shown: str) -> tuple[dict[str, Any], str]:
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
        raise ConfigError([syntax_problem(str(exc), shown)]) from None


def _missing_config_hint() -> str:
    # A GM who installed mafvote with pip has no source folder: the commented example ships inside the package.
    try:
        shipped = data_file("config.toml")
        example = f"the commented example config.toml (it ships with mafvote: {shipped})"
    except FileNotFoundError:
        example = "the commented example config.toml"
    return (f"pass the file with -c FILE, or copy {example} and edit it; `mafvote demo --keep DIR` writes a working "
            "setup (config.toml, store, nights) into DIR to start from")


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
        schedule.start = localize(schedule.start, tz)
        schedule.first_deadline = localize(schedule.first_deadline, tz)
        for player in game.players:
            if player.replaced_by is not None:
                player.replaced_by.at = localize(player.replaced_by.at, tz)
        if not game.title:
            game.title = game.id
        for key in ("templates_dir", "flavor_dir"):
            folder = getattr(game, key)
            if folder is not None and not folder.is_absolute():
                setattr(game, key, base / folder.expanduser())
        game._ruleset_path = resolve_ruleset(game.ruleset, base)
