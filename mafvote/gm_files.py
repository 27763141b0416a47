"""Reading the files a GM writes (the config, rulesets, night files, templates): one reader for all, so a BOM,
a UTF-16 or windows-1251 file is told the same way everywhere, and so is a TOML or Jinja syntax error (their
libraries speak English; here each known message is worded in the GM's language, naming the line). Its own
module, below `config`, `rulesets`, `render` and `gm_text`, so none imports another to read a file (issue 16: no
import circles).

    read_gm_text(path)          the text, or UnreadableFile (a folder, no permission, UTF-16, windows-1251)
    toml_syntax(message)        tomllib's error -> (where, what) in words, and its English `what`
    jinja_syntax(message)       Jinja's syntax or undefined-name error -> what, in words
    file_problem(file, ...)     `file: строка 3: what (подсказка: hint)`, a GM file's problem as commands print it
"""
from __future__ import annotations

import ast
import errno
import re
from pathlib import Path

from .errors import BadInput
from .messages import text as t

__all__ = ["UnreadableFile", "file_problem", "jinja_syntax", "read_gm_text", "toml_syntax"]


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


# ---------------------------------------------------------------------------------------------
# TOML syntax: tomllib's message -> the catalogue's `config.toml.<name>`

# compiled at the first error (re's cache), like the messages below
_TOML_POS = r"^(?P<what>.*?)\s*\(at (?:line (?P<line>\d+), column (?P<col>\d+)|end of document)\)$"

# tomllib's messages (English, and not ours to word) -> the catalogue's `config.toml.<name>`, with what they quote;
# compiled at the first error (re's cache), not by every command that imports this module (issue 17)
_TOML_ERRORS: tuple[tuple[str, str], ...] = (
    (r"Cannot overwrite a value", "overwrite"),
    (r"Cannot declare (?P<x>.+) twice", "twice"),
    (r"Cannot redefine namespace (?P<x>.+)", "redefine"),
    (r"Cannot mutate immutable namespace (?P<x>.+)", "immutable"),
    (r"Duplicate inline table key (?P<x>.+)", "duplicate_inline"),
    (r"Unescaped '\\' in a string", "backslash"),
    (r"Unterminated string", "unterminated"),
    (r"Unclosed inline table", "unclosed_table"),
    (r"Unclosed array", "unclosed_array"),
    (r"Invalid value", "value"),
    (r"Invalid statement", "statement"),
    (r"Invalid initial character for a key part", "key_start"),
    (r"Invalid hex value", "hex"),
    (r"Invalid date or datetime", "date"),
    (r"Illegal character '\\n'", "unterminated"),     # a string not closed before the end of its line
    (r"(?:Illegal|Found invalid) character (?P<x>.+)", "character"),
    (r"Expected '\]\]' at the end of an array declaration", "array_header"),
    (r"Expected '\]' at the end of a table declaration", "table_header"),
    (r"Expected '=' after a key in a key/value pair", "equals"),
    (r"Expected newline or end of document after a statement", "newline"),
    (r"Expected (?P<x>'.+')", "expected"),
    (r"Escaped character is not a Unicode scalar value", "escape"),
    (r"Arrays or inline tables nested more than (?P<x>\d+) deep", "deep"),
)


def _quoted(x: str) -> str:
    """What tomllib quotes, as the file has it: `('games', 'schedule')` -> `games.schedule`, `'b'` -> `b`."""
    try:
        value = ast.literal_eval(x)
    except (ValueError, SyntaxError):
        return x
    if isinstance(value, tuple) and all(isinstance(part, str) for part in value):
        return ".".join(value)
    return value if isinstance(value, str) and value.isprintable() else x


def _toml_error(what: str) -> str:
    """tomllib's message in the GM's language (its own words when it is one we do not know)."""
    for pattern, name in _TOML_ERRORS:
        if m := re.fullmatch(pattern, what):
            return t(f"config.toml.{name}", x=_quoted(m.groupdict().get("x") or ""))
    return t("config.toml.other", what=what[:1].lower() + what[1:])


def toml_syntax(message: str) -> tuple[str, str, str]:
    """tomllib's `Invalid value (at line 3, column 9)` -> (where: «строка 3, столбец 9», «конец файла» or "";
    what is wrong, in the GM's language; tomllib's own English `what`, for a caller that picks a hint by it)."""
    match = re.match(_TOML_POS, message)
    what = match["what"] if match else message
    if match and match["line"]:
        where = t("config.at.line_column", line=match["line"], column=match["col"])
    else:
        where = t("config.at.end_of_file") if match else ""
    return where, _toml_error(what), what


# ---------------------------------------------------------------------------------------------
# Jinja: its syntax errors (a GM's template or theme phrase) and a name the template uses that the post lacks

def _tags(listed: str) -> str:
    """Jinja's `'elif' or 'else' or 'endif'` -> `elif`, `else`, `endif`."""
    return ", ".join(f"`{tag}`" for tag in re.findall(r"'([^']+)'", listed))


def _token(name: str) -> str:
    """Jinja's name of a token as the GM writes it: `end of print statement` -> `}}`."""
    return {"end of print statement": "}}", "end of statement block": "%}", "end of template": ""}.get(name, name)


# (compiled with re.S at the first error, as _TOML_ERRORS)
_JINJA_ERRORS: tuple[tuple[str, str], ...] = (
    (r"Unexpected end of template\. Jinja was looking for the following tags: (?P<tags>.+?)\. The innermost block "
     r"that needs to be closed is '(?P<block>[^']+)'\.", "unclosed_block"),
    (r"Encountered unknown tag '(?P<tag>[^']+)'\. Jinja was looking for the following tags: (?P<tags>.+?)\. The "
     r"innermost block that needs to be closed is '(?P<block>[^']+)'\.", "unknown_tag_in_block"),
    (r"Encountered unknown tag '(?P<tag>[^']+)'\..*", "unknown_tag"),
    (r"unexpected end of template, expected '(?P<expected>.+)'\.", "unclosed_expression"),
    (r"unexpected '(?P<found>.+?)'(?:, expected '(?P<expected>.+)')?", "unexpected"),
    (r"expected token '(?P<expected>.+)', got '(?P<found>.+)'", "expected_token"),
    (r"unexpected char (?P<char>.+) at \d+", "char"),
    (r"No filter named '(?P<name>[^']+)'\.?", "filter"),
    (r"No test named '(?P<name>[^']+)'\.?", "test"),
    (r"block '(?P<name>[^']+)' defined twice", "block_twice"),
    (r"Expected an expression, got '(?P<found>.+)'", "no_expression"),
    (r"tag name expected", "no_tag"),
    (r"expected name or number", "name_or_number"),
    (r"'(?P<name>[^']+)' is undefined", "undefined"),
    (r"'(?P<owner>.+)' has no attribute '(?P<name>[^']+)'", "no_attribute"),
)


def jinja_syntax(message: str) -> str:
    """Jinja's message (a `TemplateSyntaxError`'s, or an `UndefinedError`'s when a template uses a name the post
    does not have) in the GM's language; one we do not know, quoted as Jinja wrote it."""
    for pattern, name in _JINJA_ERRORS:
        if m := re.fullmatch(pattern, message.strip(), re.S):
            facts = {k: v or "" for k, v in m.groupdict().items()}
            if "tags" in facts:
                facts["tags"] = _tags(facts["tags"])
            for k in ("expected", "found"):
                if k in facts:
                    facts[k] = _token(facts[k])
            if "char" in facts:
                try:
                    facts["char"] = ast.literal_eval(facts["char"])
                except (ValueError, SyntaxError):
                    pass
            if name == "unexpected" and facts.get("expected"):
                name = "unexpected_expected"
            return t(f"jinja.{name}", **facts)
    return t("jinja.other", detail=message.strip())


def file_problem(file: object, where: str, what: str, hint: str = "") -> str:
    """A problem of a GM's file as every command prints it: `file: where: what (подсказка: hint)`."""
    text = ": ".join(str(part) for part in (file, where, what) if part)
    return text + (t("problem.hint", hint=hint) if hint else "")
