"""The `en` catalogue's texts of one area: what the resolver refuses of a GM's input: the night file, `night add`,
`night roll`. The same keys as `ru_night_input`, counting the resolver's own words English takes for the journal,
abilities and rolls (messages/__init__.py)."""
from __future__ import annotations

MESSAGES: dict[str, str] = {
    "problem.with_hint": "{text} ({hint})",
    "journal.list.none": "none",
    "journal.list.or": " or ",
    "journal.hint.learn.option": "learn = \"{option}\" ({words})",
}
