"""The `mafvote` command (the console script's `main`) and its click group, `cli` (mafvote.cli.group).

`mafvote --version` is answered here, before click is imported (issue 17: click alone is a third of a bare
`--version`'s start-up): «mafvote, версия 0.1.0», or click's English line under `[alerts] language = "en"` (the
language `--help` speaks: mafvote.cli.language). The group's own `--version` option prints the same line, so that
`mafvote --version` after other options (`mafvote -c FILE --version`) answers alike. Everything else goes to the
group, imported on first use: `main` for a command line, `from mafvote.cli import cli` for the command modules
(they register themselves on it) and the tests.
"""
from __future__ import annotations

import sys

from .. import __version__

__all__ = ["VERSION_LINES", "cli", "load_all_commands", "main", "version_line"]

# the line of `mafvote --version` in each language (in English click's version_option's own); not in the catalogue:
# loading it would double a bare --version's start-up
VERSION_LINES = {"ru": "{prog}, версия {version}", "en": "{prog}, version {version}"}
PROG_NAME = "mafvote"
# what `from mafvote.cli import …` finds in the group (module `__getattr__`, PEP 562)
_IN_GROUP = frozenset({"cli", "load_all_commands", "_COMMANDS"})


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if list(args) == ["--version"]:
        from .language import config_language  # start-up: a few lines of os and open, no click, no catalogue

        sys.stdout.write(version_line(config_language(None)) + "\n")
        return
    _group().cli.main(args=argv, prog_name=PROG_NAME)


def version_line(language: str | None) -> str:
    """`mafvote, версия 0.1.0` (`language` None or "ru"), `mafvote, version 0.1.0` ("en")."""
    return VERSION_LINES.get(language or "ru", VERSION_LINES["ru"]).format(prog=PROG_NAME, version=__version__)


def _group():  # -> the module mafvote.cli.group (no `typing` imported for a bare --version: ≈ 5 ms)
    # a Ctrl-C in here is one of the start's (mafvote.cli.common: `main` runs a command only once this returned)
    from . import group  # start-up: click and the group's modules (≈ 50 ms), which `mafvote --version` never needs

    return group


def __getattr__(name: str) -> object:
    if name in _IN_GROUP:
        return getattr(_group(), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
