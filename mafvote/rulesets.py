"""Ruleset files for the application: finding them (bundled names such as `new_year`, `peculiar`, or paths),
reading them, and handing the text to the pure parser and checker in `resolver.ruleset`.

`resolve_ruleset(value, base)` is how a config's `ruleset = ...` is found (the config imports this module, never
the other way round); `ruleset_path` is the same for the command line.
`validate(path)` is what `mafvote check` calls: every problem of the file, each with file, key and hint.
Files are read as the config is (`mafvote.gm_files.read_gm_text`): UTF-8 with or without a BOM, and a file that
is no UTF-8 text is refused with its line and what to do.
"""
from __future__ import annotations

__all__ = ["bundled_rulesets", "load", "resolve_ruleset", "ruleset_path", "validate"]

from pathlib import Path
from typing import TYPE_CHECKING

import mafvote_resolver
from mafvote_resolver.errors import Problem, RulesetError

from .gm_files import UnreadableFile, read_gm_text
from .messages import text as t
from .paths import data_dir

if TYPE_CHECKING:
    from mafvote_resolver import Ruleset


def ruleset_path(name_or_path: str | Path) -> Path:
    """A bundled ruleset by name (config `ruleset = "new_year"`), else a path to a .toml file."""
    candidate = Path(name_or_path)
    if candidate.suffix == ".toml" or candidate.exists():
        return candidate
    return data_dir("rulesets") / f"{name_or_path}.toml"


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


def _read(path: Path) -> str:
    try:
        return read_gm_text(path)
    except FileNotFoundError:
        bundled = sorted(p.stem for p in data_dir("rulesets").glob("*.toml"))
        raise RulesetError(Problem(str(path), "", t("ruleset.file.missing"),
                                   t("ruleset.file.missing.hint", names=", ".join(bundled)))) from None
    except UnreadableFile as exc:
        raise RulesetError(Problem(str(path), *exc.worded(path.name))) from None


def load(name_or_path: str | Path) -> "Ruleset":
    """The checked ruleset; raises `resolver.RulesetError` listing every problem."""
    path = ruleset_path(name_or_path)
    # `mafvote_resolver.X` loads the parser on first use (the package's PEP 562 names): a command that only reads the
    # config and finds its ruleset by name does not pay for it (issue 17)
    return mafvote_resolver.loads_ruleset(_read(path), str(path))


def _shown(path: Path) -> str:
    # messages name the file as the GM sees it from the working folder
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def validate(path: str | Path) -> list[Problem]:
    """Every problem of a ruleset file (empty when it is fine), for `mafvote check`."""
    path = ruleset_path(path)
    try:
        text = _read(path)
    except RulesetError as exc:
        return exc.problems
    return mafvote_resolver.check_ruleset(text, _shown(path))
