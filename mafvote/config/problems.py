"""What is wrong with a GM's file, as the config reports it: `Problem` (file, key path or line, message, hint,
severity), `ConfigError` carrying every problem of one file, and `invalid`, the pydantic error the schema's own
validators raise so that their hint survives into the problem.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic_core import PydanticCustomError

from ..errors import BadInput

__all__ = ["ConfigError", "Problem", "invalid", "unset_env_problem"]


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a file: where (file, key path or line), what, and what to do."""

    file: str
    key: str
    message: str
    hint: str = ""
    severity: Literal["error", "warning"] = "error"
    line: int = 0          # the file's line the key is on (or its table's, for a missing key); 0: not known

    def __str__(self) -> str:
        where = f"{self.file}: {self.key}" if self.key else self.file
        if self.line:
            where = f"{self.file}: line {self.line}: {self.key}"
        level = "warning: " if self.severity == "warning" else ""
        hint = f" (hint: {self.hint})" if self.hint else ""
        return f"{where}: {level}{self.message}{hint}"

    def as_dict(self) -> dict[str, str]:
        return {
            "file": self.file,
            "key": self.key,
            "severity": self.severity,
            "message": self.message,
            "hint": self.hint,
            "line": self.line or None,
        }


class ConfigError(BadInput):
    """The configuration file is wrong; `.problems` lists every problem found, in file order."""

    def __init__(self, problems: list[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


def invalid(message: str, hint: str = "") -> PydanticCustomError:
    # Our validators carry the hint in the error's context so that it survives into `Problem.hint`.
    return PydanticCustomError("mafvote", "{message}", {"message": message, "hint": hint})


def unset_env_problem(where: str, variable: str, what: str) -> Problem:
    file, _, key = where.partition(": ")
    return Problem(
        file if key else "config",
        key or where,
        f"environment variable {variable} is not set",
        f"{what} needs it: export {variable}=... before running mafvote; the secret never goes in the file",
    )
