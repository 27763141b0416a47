"""`loads`: tomllib's, with a nesting too deep for it reported as a TOML error with its line (issue 13).

tomllib parses nested arrays and inline tables by recursion: a line of 5,000 `[` raised RecursionError,
which no caller expects, and `mafvote check` died with a traceback. Every caller already turns a
`TOMLDecodeError` into a problem naming the line, so that is what a too deep nesting becomes. Pure.
"""
from __future__ import annotations

import tomllib
from typing import Any

__all__ = ["MAX_SHOWN_DEPTH", "loads"]

MAX_SHOWN_DEPTH = 100      # the depth named in the message; no real config comes near it


def loads(text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except RecursionError:
        line, column = _deep_at(text)
        raise tomllib.TOMLDecodeError(f"Arrays or inline tables nested more than {MAX_SHOWN_DEPTH} deep "
                                      f"(at line {line}, column {column})") from None


def _deep_at(text: str) -> tuple[int, int]:
    """Where the nesting of `[`/`{` in values first passes MAX_SHOWN_DEPTH (strings and comments skipped;
    table headers like `[[games]]` close on their line, so they never add up)."""
    depth, line, column, quote, comment = 0, 1, 0, "", False
    for ch in text:
        column += 1
        if ch == "\n":
            line, column, comment = line + 1, 0, False
            if quote in ('"', "'"):
                quote = ""
            continue
        if comment:
            continue
        if quote:
            if ch == quote:
                quote = ""
            continue
        if ch in "\"'":
            quote = ch
        elif ch == "#":
            comment = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_SHOWN_DEPTH:
                return line, column
        elif ch in "]}":
            depth = max(0, depth - 1)
    return 1, 1
