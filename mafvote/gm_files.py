"""Reading the files a GM writes (the config, rulesets, night files, templates): one reader for all, so a BOM,
a UTF-16 or windows-1251 file is told the same way everywhere. Its own module, below `config` and
`rulesets`, so neither imports the other to read a file (issue 16: no import circles).
"""
from __future__ import annotations

import errno
from pathlib import Path

from .errors import BadInput
from .messages import text as t

__all__ = ["UnreadableFile", "read_gm_text"]


class UnreadableFile(BadInput):
    """A GM's file that is no text mafvote can read: `where` in it (`line 3`, or ""), what is wrong, the fix.
    Each caller names the file and raises it in its own hierarchy (ConfigError, RulesetError, GameError).
    `kind` (`folder`, `unreadable`, `utf16`, `not_utf8`), `line` and `detail` (the system's reason) are the facts,
    for a caller that words the problem in the GM's language (the config's `gm_file.<kind>`)."""

    def __init__(self, where: str, message: str, hint: str, kind: str = "", line: int = 0, detail: str = ""):
        self.where, self.message, self.hint = where, message, hint
        self.kind, self.line, self.detail = kind, line, detail
        super().__init__(": ".join(p for p in (where, message) if p) + f" ({hint})")

    @classmethod
    def from_os_error(cls, exc: OSError) -> "UnreadableFile":
        return cls("", f"cannot read the file: {exc.strerror}", "check its permissions", kind="unreadable",
                   detail=errno.errorcode.get(exc.errno or 0, ""))

    def worded(self, name: str) -> tuple[str, str, str]:
        """(where, message, hint) in the current language (`mafvote.messages`), for the file called `name`."""
        where = t("config.at.line", line=self.line) if self.line else ""
        if self.kind == "folder":
            return where, t("gm_file.folder"), t("gm_file.folder.hint", name=name)
        if self.kind in ("utf16", "not_utf8"):
            return where, t(f"gm_file.{self.kind}"), t("gm_file.save_as_utf8")
        error = self.message.removeprefix("cannot read the file: ")
        return self.where, t("gm_file.unreadable", error=error, code=self.detail or "?"), t("gm_file.unreadable.hint")


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
                             "the folder", kind="folder") from None
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise UnreadableFile.from_os_error(exc) from None
    if data.startswith(_UTF16_BOMS):
        raise UnreadableFile("", "the file is UTF-16 (Notepad's «Юникод»/«Unicode»), not UTF-8", _SAVE_AS_UTF8,
                             kind="utf16")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        # a Russian Windows saves "ANSI" as windows-1251: Cyrillic letters are single bytes UTF-8 refuses
        line = data.count(b"\n", 0, exc.start) + 1
        raise UnreadableFile(f"line {line}", "the file is not UTF-8 (saved as ANSI / windows-1251?)",
                             _SAVE_AS_UTF8, kind="not_utf8", line=line) from None
    return text.replace("\r\n", "\n").replace("\r", "\n")
