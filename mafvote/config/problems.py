"""What is wrong with a GM's file, as the config reports it: the project's one `Problem` record (it lives in
`mafvote_resolver.errors`, the lowest layer both the config and the ruleset checks can import; see its docstring),
`describe` and `problem_json`, how a problem is shown to the GM and in `mafvote check --format json`,
and `ConfigError` carrying every problem of one file. (The pydantic error the schema's own validators raise,
`invalid`, is the schema's: nothing here imports pydantic, issue 17.)
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from mafvote_resolver.errors import Problem

from .. import messages
from ..errors import BadInput
from ..gm_files import UnreadableFile
from ..gm_text import problem_text
from ..messages import text as t

__all__ = [
    "ConfigError", "Problem", "describe", "problem_json", "unreadable_problem", "unset_env_problem",
]


def describe(problem: Problem) -> str:
    """A problem as `mafvote check` and every command print it: file, line, key, severity, message, hint."""
    place = problem_text(problem.where)     # a key path as written; a ruleset's `line 4` in words
    where = f"{problem.file}: {place}" if place else problem.file
    if problem.line:
        where = t("problem.at_line", file=problem.file, line=problem.line, where=place)
    level = t("problem.warning") if problem.severity == "warning" else ""
    hint = t("problem.hint", hint=problem_text(problem.hint)) if problem.hint else ""
    return f"{where}: {level}{problem_text(problem.message)}{hint}"


def problem_json(problem: Problem) -> dict[str, Any]:
    """A problem in `mafvote check --format json` (its `key` is the problem's place: a key path or a line)."""
    return {
        "file": problem.file,
        "key": problem_text(problem.where),
        "severity": problem.severity,
        "message": problem_text(problem.message),
        "hint": problem_text(problem.hint),
        "line": problem.line or None,
    }


class ConfigError(BadInput):
    """The configuration file is wrong; `.problems` lists every problem found, in file order, worded in `.language`
    (the file's own `[alerts] language` when it could be read, else the current one)."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        self.language = messages.current()
        super().__init__("\n".join(describe(p) for p in self.problems))

    def listing(self, path: object) -> str:
        """The problems, and with several of them where `mafvote check` lists them all (as a command prints it)."""
        if len(self.problems) < 2:
            return str(self)
        return f"{self}\n" + t("config.problems.more", n=len(self.problems), path=path, language=self.language)


def unreadable_problem(shown: str, exc: UnreadableFile | OSError) -> Problem:
    """A GM's file (the config, a ruleset) that is no text mafvote can read (`mafvote.gm_files`), in the GM's
    language."""
    if not isinstance(exc, UnreadableFile):
        exc = UnreadableFile.from_os_error(exc)
    return Problem(shown, *exc.worded(Path(shown).name))


def unset_env_problem(where: str, variable: str, what: str) -> Problem:
    file, _, key = where.partition(": ")
    return Problem(
        file if key else "config",
        key or where,
        t("config.env.unset", variable=variable),
        t("config.env.unset.hint", what=what, variable=variable),
    )
