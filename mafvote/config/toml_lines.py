"""Where a key is written in a TOML file (tomllib keeps no positions): `key_lines` scans the text for the line
of every key path a problem names (`games[0].players[3].role`), `locate` gives problems their line, `in_file_order`
lists them in the order of the file, and `syntax_problem` turns tomllib's syntax error into a problem with its
line, column and a hint.
"""
from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

from ..gm_files import toml_syntax
from ..messages import text as t
from .problems import Problem

__all__ = ["in_file_order", "key_lines", "key_path", "locate", "syntax_problem"]


def key_path(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            text = str(part)
            if not re.fullmatch(r"[A-Za-z0-9_-]+", text):
                text = json.dumps(text, ensure_ascii=False)
            out += f".{text}" if out else text
    return out


# patterns, compiled at their first use (re's cache): only a config's problem is looked up by its line, not every
# command that imports this module (issue 17)
_TABLE = r"^\[\s*(?P<path>[^\[\]]+?)\s*\](?:\s*#.*)?$"
_ARRAY_TABLE = r"^\[\[\s*(?P<path>[^\[\]]+?)\s*\]\](?:\s*#.*)?$"
_PART = r"""[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*'"""   # a bare, "basic" or 'literal' key
_KEY = rf"^(?P<key>(?:{_PART})(?:\s*\.\s*(?:{_PART}))*)\s*=(?P<value>.*)$"


def _key_parts(dotted: str) -> list[str]:
    parts = []
    for raw in re.findall(_PART, dotted):
        if raw.startswith('"'):
            raw = json.loads(raw)
        elif raw.startswith("'"):
            raw = raw[1:-1]
        parts.append(raw)
    return parts


def key_lines(text: str) -> dict[str, int]:
    """Where each key and table of a TOML file is written, by the key paths problems name
    (`games[0].players[3].role`): tables, arrays of tables (`[[games.players]]` counts within its game),
    keys, dotted keys and the keys of a one-line inline table. A line scan, enough for config files:
    a multi-line string is skipped, not read."""
    lines: dict[str, int] = {}
    arrays: dict[str, int] = {}        # an array of tables (resolved path) -> elements so far
    current: list[Any] = []
    open_string = ""

    def resolve(parts: list[str]) -> list[Any]:
        out: list[Any] = []
        for part in parts:
            out.append(part)
            count = arrays.get(key_path(tuple(out)))
            if count:
                out.append(count - 1)
        return out

    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if open_string:
            if open_string in stripped:
                open_string = ""
            continue
        if not stripped or stripped.startswith("#"):
            continue
        if m := re.match(_ARRAY_TABLE, stripped):
            parts = _key_parts(m["path"])
            base = resolve(parts[:-1]) + [parts[-1]]
            key = key_path(tuple(base))
            arrays[key] = arrays.get(key, 0) + 1
            current = base + [arrays[key] - 1]
            lines.setdefault(key, number)
            lines[key_path(tuple(current))] = number
        elif m := re.match(_TABLE, stripped):
            current = resolve(_key_parts(m["path"]))
            lines.setdefault(key_path(tuple(current)), number)
        elif m := re.match(_KEY, stripped):
            path = current + _key_parts(m["key"])
            lines.setdefault(key_path(tuple(path)), number)
            value = m["value"].strip()
            for quote in ('"""', "'''"):
                if value.startswith(quote) and value.count(quote) == 1:
                    open_string = quote
            if value.startswith("{"):   # an inline table: its keys are on this line
                for inner in re.finditer(r"(?:^|[{,])\s*([A-Za-z0-9_-]+)\s*=", value):
                    lines.setdefault(key_path(tuple(path + [inner[1]])), number)
    return lines


def locate(problems: list[Problem], text: str, shown: str) -> list[Problem]:
    """The problems of file `shown` with the line of their key, or of the nearest table above it that
    is written (a missing key: the table it belongs in)."""
    lines = key_lines(text)
    out = []
    for problem in problems:
        line = 0
        if problem.file == shown and problem.where and not problem.line:
            key = problem.where
            while key and not line:
                line = lines.get(key, 0)
                key = re.sub(r'(?:\[\d+\]|\.?(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"))$', "", key)
        out.append(replace(problem, line=line) if line else problem)
    return out


def syntax_problem(message: str, shown: str) -> Problem:
    """tomllib's `Invalid value (at line 3, column 9)` -> a Problem naming line and column, with a hint."""
    where, what, english = toml_syntax(message)
    lowered = english.lower()
    if "overwrite" in lowered or "redefine" in lowered or "duplicate" in lowered:
        hint = t("config.toml.hint.twice")
    elif "key" in lowered and "character" in lowered:
        hint = t("config.toml.hint.key")
    elif "invalid value" in lowered:
        hint = t("config.toml.hint.value")
    elif "newline" in lowered or "end of" in lowered or "unclosed" in lowered:
        hint = t("config.toml.hint.unclosed")
    else:
        hint = t("config.toml.hint")
    return Problem(shown, where, t("config.toml.syntax", what=what), hint)


def in_file_order(problems: list[Problem], raw: dict[str, Any]) -> list[Problem]:
    def order(problem: Problem) -> tuple:
        out: list[tuple[int, int, str]] = []
        node: Any = raw
        for part in re.findall(r'\[(\d+)\]|"((?:[^"\\]|\\.)*)"|([^.\[\]"]+)', problem.where):
            index, quoted, bare = part
            if index:
                position = int(index)
                node = node[position] if isinstance(node, list) and position < len(node) else None
            else:
                name = json.loads(f'"{quoted}"') if quoted else bare
                keys = list(node) if isinstance(node, dict) else []
                position = keys.index(name) if name in keys else len(keys) + 1000
                node = node.get(name) if isinstance(node, dict) else None
            out.append((position, 0, ""))
        return tuple(out)

    return sorted(problems, key=order)
