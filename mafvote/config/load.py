"""`load_config(path)`: the file read (`mafvote.gm_files`: BOM, encodings) and parsed with tomllib, its shape
validated by the schema, the cross-checks run on the raw data, every problem located on its line and raised in
one `ConfigError` in file order (`validated`); only a file without problems is completed (`complete`: relative
paths against the file's folder, times without an offset in the schedule's zone, a schedule without a zone taking
its forum's). This is the side of the config that imports pydantic; `cache` calls it only for a file it has not
seen validated (issue 17).
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
from .complete import complete
from .crosscheck import cross_problems
from .problems import ConfigError, Problem, unreadable_problem
from .records import Config
from .schema import Config as ConfigModel
from .schema import to_records
from .schema_problems import schema_problem
from .toml_lines import in_file_order, locate, syntax_problem

__all__ = ["file_language", "load_config", "read_toml", "validated"]


def load_config(path: str | Path) -> Config:
    """Read and validate a configuration file. Raises `ConfigError` listing every problem at once."""
    config, warnings = validated(path)
    return complete(config, Path(path), str(path), warnings)


def validated(path: str | Path) -> tuple[Config, list[Problem]]:
    """The file's records as validated, not yet completed (`complete`), and its warnings; raises `ConfigError`
    listing every problem at once."""
    shown = str(path)
    file = Path(path)
    raw, text = read_toml(file, shown)
    with messages.using(file_language(raw)):
        problems = cross_problems(raw, shown, file.resolve().parent)
        try:
            config = to_records(ConfigModel.model_validate(raw))
        except ValidationError as exc:
            problems += [schema_problem(err, shown) for err in exc.errors(include_url=False)]
        problems = in_file_order(locate(problems, text, shown), raw)
        # a warning (plain http with a login) stops nothing: it used to refuse the whole file
        if any(p.severity == "error" for p in problems):
            raise ConfigError(problems)
    return config, problems


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
