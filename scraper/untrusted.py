"""Text from forum users and config files on its way to a terminal or a written file (issue 13): pure.

The parser cleans every post and nick it reads with `visible`; the commands clean what they print or write
(a post stored before this, a config's text), and `mafvote check` refuses a roster name `name_problem` names.

- `visible(text)`: C0 and C1 control characters (tab and newline kept) and the bidi controls removed. An
  `ESC ] 0 ; title BEL` in a post would retitle the GM's terminal or rewrite what is on it, and a right-to-
  left override in a nick would show `ясеП` for `Петя` in every post and page mafvote writes.
- `name_problem(name)`: why a roster name cannot be used (only invisible characters, or a control one).
"""
from __future__ import annotations

import re
import unicodedata

__all__ = ["BIDI_CONTROLS", "name_problem", "visible"]

# LRE RLE PDF LRO RLO, LRI RLI FSI PDI, and the two marks (LRM RLM, ALM) that can reorder a line around them
BIDI_CONTROLS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f" + BIDI_CONTROLS + "]")
# characters that show nothing: format characters (zero-width space and joiners, BOM), blanks that are not
# spaces to Python (Hangul fillers, the braille blank), and spaces
_BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e")


def visible(text: str) -> str:
    """`text` with control characters (but tab and newline) and bidi controls removed."""
    return _UNSAFE.sub("", text) if _UNSAFE.search(text) else text


def _invisible(ch: str) -> bool:
    return ch.isspace() or ch in _BLANKS or unicodedata.category(ch) in ("Cf", "Cc", "Mn", "Me", "Zs")


def name_problem(name: str) -> str | None:
    """What is wrong with `name` as a nick or an alias, or None."""
    bad = _UNSAFE.search(name) or re.search("[\t\n\r]", name)
    if bad:
        return f"contains the control character U+{ord(bad.group(0)):04X}"
    if name and all(_invisible(ch) for ch in name):
        codes = " ".join(f"U+{ord(ch):04X}" for ch in name[:5]) + (" ..." if len(name) > 5 else "")
        return f"is made only of invisible characters ({codes})"
    return None
