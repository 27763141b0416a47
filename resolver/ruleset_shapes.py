"""What each key of a ruleset file must hold, and the collector of a ruleset's problems: a wrong type is a
`Problem` with its key path (and a hint written like the file), never a traceback from int() or float() in the
reader after it (`ruleset.ruleset_from_mapping`). Each problem's message and hint is a keyed `journal.Line`
that the application words in the GM's language (`mafvote.gm_text.problem_text`, catalogue `ruleset.<key>`).
"""
from __future__ import annotations

__all__ = ["Collector", "one_of", "placeholders", "shown", "ABILITY_SHAPES", "ROLE_SHAPES", "SIDE_SHAPES", "GAME_SHAPES",
           "NIGHT_SHAPES", "TOP_SHAPES", "ABILITY_KEYS", "ROLE_KEYS", "SIDE_KEYS", "TOP_KEYS", "GAME_KEYS", "NIGHT_KEYS"]

import json
import re
import string
from dataclasses import MISSING, fields
from typing import Any, Mapping

from .errors import Problem
from .journal import Line
from .ruleset_model import Ability, Role, did_you_mean


def one_of(choices, prefix: str = "one of") -> Line:
    """`one of: a, b, c` (a hint listing what may be written), keyed for the GM's language (`ruleset.<key>`)."""
    key = {"one of": "one_of", "known keys": "known_keys", "known kinds": "known_kinds", "stages": "stages"}[prefix]
    return Line(key, prefix + ": {choices}", choices=", ".join(choices))


# -- value types -------------------------------------------------------------------------------------------
# What each key's value must be, so a wrong type is a Problem with its key path, never a traceback from int() or
# float() (a GM writes `reveal_while_alive_gt = "ten"` or `evidence = ["0", "x"]`). One word per shape:
_SHAPES = {
    "int": ("a whole number", lambda v: isinstance(v, int) and not isinstance(v, bool)),
    "number": ("a number", lambda v: isinstance(v, (int, float)) and not isinstance(v, bool)),
    "bool": ("true or false", lambda v: isinstance(v, bool)),
    "str": ("a text in quotes", lambda v: isinstance(v, str)),
    "strs": ("a list of texts", lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v)),
    "ints": ("a list of whole numbers",
             lambda v: isinstance(v, list) and all(isinstance(x, int) and not isinstance(x, bool) for x in v)),
    # `evidence`: a chance by number of targets; one number alone is the list of one
    "chances": ("a list of numbers", lambda v: all(isinstance(x, (int, float)) and not isinstance(x, bool)
                                                   for x in (v if isinstance(v, list) else [v]))),
    "pair": ("a list of two whole numbers", lambda v: isinstance(v, list) and len(v) == 2 and all(
        isinstance(x, int) and not isinstance(x, bool) for x in v)),
    "texts": ("a table of texts", lambda v: isinstance(v, Mapping) and all(isinstance(x, str) for x in v.values())),
    "table": ("a table", lambda v: isinstance(v, Mapping)),
    "tables": ("a list of tables ([[...]])", lambda v: isinstance(v, list) and all(isinstance(x, Mapping) for x in v)),
}
_EXAMPLES = {"int": "{key} = {default}", "number": "{key} = 0.5", "bool": "{key} = true",
             "str": '{key} = "..."', "strs": '{key} = ["..."]', "ints": "{key} = [1]",
             "chances": "{key} = [0.5, 0.25]", "pair": "{key} = [10, 2]", "texts": '{key} = {{ gent = "..." }}',
             "table": "[{key}]", "tables": "[[{key}]]"}


def _field_shapes(cls, **overrides: str) -> dict[str, str]:
    """The shape of each field of a ruleset dataclass, read from its default (0 -> int, 0.0 -> number, ...)."""
    shapes = {}
    for f in fields(cls):
        default = f.default if f.default is not MISSING else (
            f.default_factory() if f.default_factory is not MISSING else "")   # no default: name, kind, side
        shapes[f.name] = ("bool" if isinstance(default, bool) else "int" if isinstance(default, int)
                          else "number" if isinstance(default, float) else "str" if isinstance(default, str)
                          else "strs" if isinstance(default, (tuple, frozenset)) else "texts"
                          if isinstance(default, Mapping) else "")
    shapes.update(overrides)
    return {k: v for k, v in shapes.items() if v}


def shown(value: Any) -> str:
    """A found value as it is written in TOML (`"ten"`, `["0", "x"]`, `true`)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(shown(x) for x in value) + "]"
    if isinstance(value, Mapping):
        return "a table"
    return json.dumps(value, ensure_ascii=False) if isinstance(value, str) else str(value)


def _example_default(defaults, key: str) -> str:
    """The value a hint shows for a whole number: its default (a dataclass's, or a mapping's), else 1."""
    if isinstance(defaults, Mapping):
        found = defaults.get(key, MISSING)
    else:
        found = next((f.default for f in fields(defaults) if f.name == key), MISSING) if defaults else MISSING
    return str(found) if isinstance(found, int) and not isinstance(found, bool) and found else "1"


ABILITY_SHAPES = _field_shapes(Ability, evidence="chances", max_targets_when_alive_lt="pair", answers="texts")
ROLE_SHAPES = _field_shapes(Role, kill_immune_nights="ints", abilities="tables")
SIDE_SHAPES = {"kind": "str", "title": "str", "title_f": "str", "title_any": "str", "hostile": "bool",
               "max_others": "int", "wins_with_roles": "strs", "wins_with_anyone": "bool"}
GAME_SHAPES = {"name": "str", "title": "str", "theme": "str", "starts_with": "str", "reveal_while_alive_gt": "int",
                "reveal_night": "str", "reveal_day": "str", "notes": "str"}
NIGHT_SHAPES = {"block_mode": "str", "succession": "strs", "submission_order": "strs",
                 "no_repeat_lifted_at_alive": "int", "notes": "str", "order": "strs", "must_kill": "str",
                 "blocked_action_spends": "bool"}
TOP_SHAPES = {"game": "table", "votes": "table", "night": "table", "sides": "table", "roles": "tables",
               "boss": "table", "texts": "table", "items": "tables"}

# [texts]: the lines a ruleset may reword, and the placeholders each is given (the night engine's stage modules fill them).

ABILITY_KEYS = set(Ability.__dataclass_fields__)
ROLE_KEYS = set(Role.__dataclass_fields__)
SIDE_KEYS = {"kind", "title", "title_f", "title_any", "hostile", "max_others", "wins_with_roles", "wins_with_anyone"}
TOP_KEYS = {"game", "votes", "night", "sides", "roles", "boss", "texts", "items"}
GAME_KEYS = {"name", "title", "theme", "starts_with", "reveal_while_alive_gt", "reveal_night", "reveal_day", "notes"}
NIGHT_KEYS = {"block_mode", "succession", "submission_order", "no_repeat_lifted_at_alive", "notes", "order",
               "must_kill", "blocked_action_spends"}


class Collector:
    def __init__(self, source: str):
        self.source = source
        self.problems: list[Problem] = []

    def add(self, where: str, message: str, hint: str = "") -> None:
        self.problems.append(Problem(self.source, where, message, hint))

    def unknown_keys(self, where: str, data: Mapping, allowed: set[str]) -> None:
        for key in data:
            if key not in allowed:
                self.add(f"{where}.{key}" if where else key, Line("unknown_key", "unknown key"),
                         did_you_mean(key, allowed))

    def typed(self, where: str, data: Any, shapes: Mapping[str, str], defaults: Any = None) -> dict[str, Any]:
        """The keys of `data` whose value has its shape; each other one is a problem (and left out, so the
        checks after this never meet a wrong type). A `data` that is not a table is one problem and {}."""
        if not isinstance(data, Mapping):
            self.add(where, Line("expected_table", "expected a table, got {value}", value=shown(data)),
                     Line("expected_table.hint", "write it as [{where}] with keys under it", where=where))
            return {}
        good = {}
        for key, value in data.items():
            shape = shapes.get(key)
            if shape is None or _SHAPES[shape][1](value):
                good[key] = value
                continue
            example = _EXAMPLES[shape].format(key=key, default=_example_default(defaults, key))
            self.add(f"{where}.{key}" if where else key,
                     Line("expected", "expected {expected}, got {value}", expected=_SHAPES[shape][0], shape=shape,
                          value=shown(value)),
                     Line("write_like", "write it like {example}", example=example))
        return good


def placeholders(text: str, where: str, c: Collector) -> set[str]:
    """The {names} a text's format string uses; a stray brace is a problem (it would fail at the night)."""
    try:
        return {re.split(r"[.\[]", name)[0] for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    except ValueError as exc:
        c.add(where, Line("brace", "a brace that opens no placeholder ({detail})", detail=str(exc)),
              Line("brace.hint", "write a literal brace as {{{{ or }}}}"))
        return set()

