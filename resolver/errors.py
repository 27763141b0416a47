"""The resolver's exceptions: one hierarchy, each message names the file, the key or line, and what to do."""
from __future__ import annotations

__all__ = ["Problem", "ResolverError", "RulesetError", "ActionError"]

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a GM's file: where (file, key path or line) and how to fix it."""

    file: str
    where: str          # a key path (`roles[3].side`) or `line 12`
    message: str
    hint: str = ""

    def __str__(self) -> str:
        # a problem raised from a plain message has no file or place: no empty ": : " before it
        text = ": ".join(part for part in (self.file, self.where, self.message) if part)
        return f"{text} ({self.hint})" if self.hint else text


class ResolverError(Exception):
    """Base of the resolver's errors; carries every problem found, not just the first."""

    def __init__(self, problems: list[Problem] | Problem | str):
        if isinstance(problems, str):
            problems = [Problem("", "", problems)]
        elif isinstance(problems, Problem):
            problems = [problems]
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class RulesetError(ResolverError):
    """A ruleset file is wrong (unknown ability kind, a role without a side, a rank gap, ...)."""


class ActionError(ResolverError):
    """A night-action file or phrase is wrong (dead actor, unknown target, an ability the role lacks, a typo)."""
