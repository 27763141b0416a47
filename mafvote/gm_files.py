"""Reading the files a GM writes (the config, rulesets, night files, templates): one reader for all, so a BOM,
a UTF-16 or windows-1251 file is told the same way everywhere. Its own module, below `config` and
`rulesets`, so neither imports the other to read a file (issue 16: no import circles).
"""
from __future__ import annotations

from pathlib import Path

from .errors import BadInput

__all__ = ["UnreadableFile", "read_gm_text"]


class UnreadableFile(BadInput):
    """A GM's file that is no text mafvote can read: `where` in it (`line 3`, or ""), what is wrong, the fix.
    Each caller names the file and raises it in its own hierarchy (ConfigError, RulesetError, GameError)."""

    def __init__(self, where: str, message: str, hint: str):
        self.where, self.message, self.hint = where, message, hint
        super().__init__(": ".join(p for p in (where, message) if p) + f" ({hint})")


# how Windows editors save text that is not UTF-8: Notepad's «Юникод» is UTF-16 with its BOM
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")
_SAVE_AS_UTF8 = "save it as UTF-8: in Notepad, Save As with Encoding UTF-8"


def read_gm_text(path: Path) -> str:
    """The text of a file the GM writes (config, ruleset, night file). UTF-8, with or without the BOM that
    Notepad's "UTF-8 with BOM" puts first (tomllib would take it for a syntax error at line 1, column 1); line
    ends as `Path.read_text` gives them. A missing file raises FileNotFoundError (the caller says what the file
    is for); a folder, an unreadable file or a file in another encoding raises `UnreadableFile`."""
    try:
        data = path.read_bytes()
    except IsADirectoryError:
        raise UnreadableFile("", "is a folder, not a file", f"{path.name} must be a text file: remove or rename "
                             "the folder") from None
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise UnreadableFile("", f"cannot read the file: {exc.strerror}", "check its permissions") from None
    if data.startswith(_UTF16_BOMS):
        raise UnreadableFile("", "the file is UTF-16 (Notepad's «Юникод»/«Unicode»), not UTF-8", _SAVE_AS_UTF8)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        # a Russian Windows saves "ANSI" as windows-1251: Cyrillic letters are single bytes UTF-8 refuses
        line = data.count(b"\n", 0, exc.start) + 1
        raise UnreadableFile(f"line {line}", "the file is not UTF-8 (saved as ANSI / windows-1251?)",
                             _SAVE_AS_UTF8) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")
