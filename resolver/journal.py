"""A line of the resolver's journal (the GM's «Ход разбора»): its English text, as `log` has always held it,
plus a key and the facts it was built from, so the GM's language can word it (mafvote.messages,
`journal.<key>`) without parsing the sentence. The resolver stays pure: it never picks a language.

    Line("kill.healed", "kill: {victim} attacked ({cause}) but healed by {by}", victim=..., cause=..., by=...)
"""
from __future__ import annotations

from typing import Any

__all__ = ["Line", "line_json"]


class Line(str):
    key: str
    facts: dict[str, Any]

    def __new__(cls, key: str, template: str, /, **facts: Any) -> "Line":
        self = super().__new__(cls, template.format(**facts))
        self.key = key
        self.facts = facts
        return self

    @classmethod
    def said(cls, key: str, text: str, /, **facts: Any) -> "Line":
        """A line whose English text is already written (an f-string of the resolver's), with its facts."""
        self = super().__new__(cls, text)
        self.key = key
        self.facts = facts
        return self

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "facts": {k: _jsonable(v) for k, v in self.facts.items()}, "text": str(self)}


def _jsonable(v: Any) -> Any:
    if isinstance(v, Line):
        # a line inside a line (a refusal's reason): kept with its key, so a stored journal is worded as the
        # fresh one is (`render --gm` reads the stored night; `night resolve` prints the fresh one)
        return v.to_json()
    if isinstance(v, (str, int, float, bool)) or v is None:
        return v
    if isinstance(v, (list, tuple, set, frozenset)):
        return [_jsonable(x) for x in v]
    return str(v)


def line_json(line: str) -> dict[str, Any]:
    """A journal entry as JSON: its key and facts when it has them, its text always."""
    return line.to_json() if isinstance(line, Line) else {"text": str(line)}
