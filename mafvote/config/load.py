"""`load_config(path)`: the file read (`mafvote.gm_files`: BOM, encodings) and parsed with tomllib, its shape
validated by the schema, the cross-checks run on the raw data, every problem located on its line and raised in
one `ConfigError` in file order; only a file without problems is completed (relative paths against the file's
folder, times without an offset in the schedule's zone, a schedule without a zone taking its forum's).
"""
from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from mafvote_resolver.toml_text import loads as toml_loads
from pydantic import ValidationError

from .. import messages
from ..gm_files import UnreadableFile, read_gm_text
from ..messages import text as t
from ..paths import data_file
from ..rulesets import resolve_ruleset
from .crosscheck import cross_problems
from .problems import ConfigError, Problem, unreadable_problem
from .schema import Config
from .schema_problems import schema_problem
from .toml_lines import in_file_order, locate, syntax_problem
from .values import localize

__all__ = ["file_language", "load_config", "read_toml"]


def load_config(path: str | Path) -> Config:
    """Read and validate a configuration file. Raises `ConfigError` listing every problem at once."""
    shown = str(path)
    file = Path(path)
    raw, text = read_toml(file, shown)
    with messages.using(file_language(raw)):
        problems = cross_problems(raw, shown, file.resolve().parent)
        try:
            config = Config.model_validate(raw)
        except ValidationError as exc:
            problems += [schema_problem(err, shown) for err in exc.errors(include_url=False)]
        problems = in_file_order(locate(problems, text, shown), raw)
        # a warning (plain http with a login) stops nothing: it used to refuse the whole file
        if any(p.severity == "error" for p in problems):
            raise ConfigError(problems)
    _complete(config, file, shown)
    config.read_from(file.resolve(), shown, problems)
    return config


def file_language(raw: dict[str, Any]) -> str:
    """The language the file asks for (`[alerts] language`, when it is one mafvote speaks), else the current one:
    a file's problems are told in the language its GM chose, even while something else in it is wrong."""
    alerts = raw.get("alerts")
    language = alerts.get("language") if isinstance(alerts, dict) else None
    return language if language in messages.LANGUAGES else messages.current()


def read_toml(file: Path, shown: str) -> tuple[dict[str, Any], str]:
    if not file.exists():
        raise ConfigError([Problem(shown, "", t("config.file.missing"), _missing_config_hint())])
    if file.is_dir():
        raise ConfigError([Problem(shown, "", t("gm_file.folder"), t("config.file.folder.hint"))])
    try:
        text = read_gm_text(file)
    except UnreadableFile as exc:
        raise ConfigError([unreadable_problem(shown, exc)]) from None
    except OSError as exc:
        raise ConfigError([unreadable_problem(shown, exc)]) from None
    try:
        return toml_loads(text), text
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError([syntax_problem(str(exc), shown)]) from None


def _missing_config_hint() -> str:
    # A GM who installed mafvote with pip has no source folder: the commented example ships inside the package.
    try:
        shipped = data_file("config.toml")
        return t("config.file.missing.hint.shipped", shipped=shipped)
    except FileNotFoundError:
        return t("config.file.missing.hint")


def _complete(config: Config, file: Path, shown: str) -> None:
    base = file.resolve().parent
    if not config.store.path.is_absolute():
        config.store.path = base / config.store.path.expanduser()
    if config.publish.dir is not None and not config.publish.dir.is_absolute():
        config.publish.dir = base / config.publish.dir.expanduser()
    if config.publish.gm_dir is not None and not config.publish.gm_dir.is_absolute():
        config.publish.gm_dir = base / config.publish.gm_dir.expanduser()
    for i, forum in enumerate(config.forums):
        if forum.login is not None:
            forum.login.locate(f"{shown}: forums[{i}].login.password_env")
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
        game.found_ruleset(resolve_ruleset(game.ruleset, base))
