"""Read ruleset files for the application: bundled names (`new_year`, `peculiar`, ...) or paths.

The parsing and checking is pure and lives in `resolver.ruleset`; this module only finds and reads files.
`validate(path)` is what `mafvote check` calls: every problem of the file, each with file, key and hint.
Files are read as the config is (`mafvote.gm_files.read_gm_text`): UTF-8 with or without a BOM, and a file that
is no UTF-8 text is refused with its line and what to do.
"""
from __future__ import annotations

__all__ = ["ruleset_path", "load", "validate"]

from pathlib import Path

from mafvote_resolver import Problem, Ruleset, check_ruleset, loads_ruleset
from mafvote_resolver.errors import RulesetError

from .gm_files import UnreadableFile, read_gm_text
from .paths import data_dir


def ruleset_path(name_or_path: str | Path) -> Path:
    """A bundled ruleset by name (config `ruleset = "new_year"`), else a path to a .toml file."""
    candidate = Path(name_or_path)
    if candidate.suffix == ".toml" or candidate.exists():
        return candidate
    return data_dir("rulesets") / f"{name_or_path}.toml"


def _read(path: Path) -> str:
    try:
        return read_gm_text(path)
    except FileNotFoundError:
        bundled = sorted(p.stem for p in data_dir("rulesets").glob("*.toml"))
        raise RulesetError(Problem(str(path), "file", "ruleset file not found",
                                   f"bundled rulesets: {', '.join(bundled)}; or give a path to a .toml file")) from None
    except UnreadableFile as exc:
        raise RulesetError(Problem(str(path), exc.where or "file", exc.message, exc.hint)) from None


def load(name_or_path: str | Path) -> Ruleset:
    """The checked ruleset; raises `resolver.RulesetError` listing every problem."""
    path = ruleset_path(name_or_path)
    return loads_ruleset(_read(path), str(path))


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
    return check_ruleset(text, _shown(path))
