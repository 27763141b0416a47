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

from ..gm_files import UnreadableFile, read_gm_text
from ..rulesets import resolve_ruleset, validate
from .crosscheck import tables_of, text_at
from .environment import environment_problems
from .load import load_config, read_toml
from .problems import ConfigError, Problem
from .schema import Config
from .toml_lines import locate, syntax_problem
from .values import name_key

__all__ = ["CheckReport", "check_file", "ruleset_file_problems"]


@dataclass(frozen=True)
class CheckReport:
    """What `mafvote check` found: the config (None when the file itself is wrong) and every problem."""

    config: Config | None
    problems: list[Problem]

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
        problems: list[Problem] = []
    except ConfigError as exc:
        config, problems = None, list(exc.problems)
    try:
        raw, text = read_toml(Path(path), shown)
    except ConfigError:
        return CheckReport(None, problems)     # not TOML at all: nothing more can be read
    base = Path(path).resolve().parent
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
    return CheckReport(config, problems + locate(more, text, shown))


def ruleset_file_problems(path: Path) -> list[Problem]:
    """The ruleset file parses as TOML; deeper validation is the ruleset module's, when it exists.

    Seam: `mafvote.rulesets.validate(path) -> list[Problem-like]` (written by the ruleset engineer). Its
    problems may be our `Problem` or any object with `message` (and optionally `file`, `key`, `hint`).
    """
    shown = _shown_ruleset(path)
    try:
        toml_loads(read_gm_text(path))
    except tomllib.TOMLDecodeError as exc:
        return [syntax_problem(str(exc), shown)]
    except UnreadableFile as exc:
        return [Problem(shown, exc.where, exc.message, exc.hint)]
    except OSError as exc:
        return [Problem(shown, "", f"cannot read the ruleset: {exc}", "check the file")]
    try:
        found = validate(path)
    except Exception as exc:
        # A validator that raises its problems (resolver.RulesetError has `.problems`) instead of
        # returning them: they are listed all the same. Anything else is a bug and surfaces.
        if not getattr(exc, "problems", None):
            raise
        found = exc.problems
    return [_adopt(p, shown) for p in found]


def _shown_ruleset(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _adopt(problem: Any, shown: str) -> Problem:
    if isinstance(problem, Problem):
        return problem
    if isinstance(problem, str):
        return Problem(shown, "", problem)
    # resolver.errors.Problem names the place `where`; ours names it `key`.
    key = getattr(problem, "key", None) or getattr(problem, "where", None) or ""
    return Problem(
        str(getattr(problem, "file", None) or shown),
        str(key),
        str(getattr(problem, "message", None) or problem),
        str(getattr(problem, "hint", None) or ""),
        "warning" if getattr(problem, "severity", "error") == "warning" else "error",
    )


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
        hint = f'did you mean "{close[0]}"?' if close else "its roles: " + ", ".join(names)
        out.append(Problem(shown, f"games[{g}].players[{p}].role", f'role "{role}" is not in ruleset {ruleset}', hint))
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
            hint = (f'did you mean "{close[0]}"?' if close else
                    "its items: " + ", ".join(names) if names else "the ruleset has no [[items]]: remove the key")
            out.append(Problem(shown, f"games[{g}].players[{p}].items[{i}]",
                               f'item "{item}" is not in ruleset {ruleset}', hint))
    return out
