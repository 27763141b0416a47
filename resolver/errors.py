"""The resolver's exceptions: one hierarchy, each message names the file, the key or line, and what to do."""
from __future__ import annotations

__all__ = ["Problem", "ResolverError", "RulesetError", "ActionError"]

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a GM's file: where (file, key path or line), what, and what to do.

    The project's one problem record: the resolver's ruleset and night-file checks report with it, and so do the
    application's config checks (`mafvote.config`) and `mafvote check`, which lists both kinds together. It lives
    here because this is the lowest layer every checker can import: the resolver is pure and may import nothing
    from `mafvote`, while `mafvote` imports `resolver` (`.importlinter`). `tally` would do as well, but the count
    has no files of its own to check, and a problem's home is with the files that have them.

    The texts (`message`, `hint`, and `where` when it is a line) are the checker's; the application words the
    frame around them in the GM's language (`mafvote.config.describe`). `__str__` is the plain frame the
    resolver's own errors print: `file: where: message (hint)`.
    """

    file: str
    where: str          # a key path (`roles[3].side`, `games[0].players[3].role`) or `line 12`
    message: str
    hint: str = ""
    severity: Literal["error", "warning"] = "error"    # a warning (an unset secret on this machine) fails nothing
    line: int = 0       # the file's line `where` is written on (or its table's, for a missing key); 0: not known

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
