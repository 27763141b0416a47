"""`mafvote check`: the config file (`load_config`), then the rulesets its games name (each is read and
checked by `mafvote.rulesets.validate`; roster roles and items must be the ruleset's), then the environment.
Every problem at once, in one `CheckReport`.
"""
from __future__ import annotations

import difflib
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mafvote_resolver.toml_text import loads as toml_loads

from .. import messages
from ..gm_files import UnreadableFile, read_gm_text
from ..messages import text as t
from ..rulesets import resolve_ruleset, validate
from .crosscheck import tables_of, text_at
from .environment import environment_problems
from .load import file_language, load_config, read_toml
from .problems import ConfigError, Problem, unreadable_problem
from .records import Config
from .toml_lines import locate, syntax_problem
from .values import name_key

__all__ = ["CheckReport", "check_file", "ruleset_file_problems"]


@dataclass(frozen=True)
class CheckReport:
    """What `mafvote check` found: the config (None when the file itself is wrong), every problem, and the language
    they are worded in (the file's `[alerts] language` when it could be read)."""

    config: Config | None
    problems: list[Problem]
    language: str

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
        problems: list[Problem] = config.warnings
    except ConfigError as exc:
        config, problems = None, list(exc.problems)
    try:
        raw, text = read_toml(Path(path), shown)
    except ConfigError as exc:
        return CheckReport(None, problems, exc.language)     # not TOML at all: nothing more can be read
    language = file_language(raw)
    with messages.using(language):
        more = _more_problems(raw, Path(path).resolve().parent, shown, config)
    return CheckReport(config, problems + locate(more, text, shown), language)


def _more_problems(raw: dict[str, Any], base: Path, shown: str, config: Config | None) -> list[Problem]:
    """The rulesets the file's games name, their rosters' roles and items against them, and the environment."""
    more: list[Problem] = []
    usable: dict[Path, bool] = {}
    for g, game in tables_of(raw.get("games")):
        name = text_at(game, "ruleset")
        ruleset_path = resolve_ruleset(name, base) if name else None
        if ruleset_path is None:
            continue                           # the file's own checks say the ruleset is missing
        if ruleset_path not in usable:
            found = ruleset_file_problems(ruleset_path)
            more += found
            usable[ruleset_path] = not found
        if usable[ruleset_path]:
            players = tables_of(game.get("players"))
            more += _role_problems(shown, g, name, ruleset_path, players)
            more += _item_problems(shown, g, name, ruleset_path, players)
    if config is not None:
        more += environment_problems(config)
    return more


def ruleset_file_problems(path: Path) -> list[Problem]:
    """Every problem of a ruleset file a game names: a file that is no TOML is told as the config's own syntax
    errors are (line, column, a hint); then `mafvote.rulesets.validate` checks it (returns its problems, a file it
    cannot read included)."""
    shown = _shown_ruleset(path)
    try:
        toml_loads(read_gm_text(path))
    except tomllib.TOMLDecodeError as exc:
        return [syntax_problem(str(exc), shown)]
    except (UnreadableFile, OSError) as exc:
        return [unreadable_problem(shown, exc)]
    return validate(path)


def _shown_ruleset(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


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
        hint = t("config.did_you_mean", close=close[0]) if close else t("config.role.known", names=", ".join(names))
        out.append(Problem(shown, f"games[{g}].players[{p}].role", t("config.role.missing", role=role, ruleset=ruleset),
                           hint))
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
            hint = (t("config.did_you_mean", close=close[0]) if close else
                    t("config.item.known", names=", ".join(names)) if names else t("config.item.none"))
            out.append(Problem(shown, f"games[{g}].players[{p}].items[{i}]",
                               t("config.item.missing", item=item, ruleset=ruleset), hint))
    return out
