"""The `mafvote` command (the console script's `main`) and its click group, `cli` (mafvote.cli.group).

`mafvote --version` is answered here, before click is imported (issue 17: click alone is a third of a bare
`--version`'s start-up); the line is click's `version_option` message, which the group gives click too, so that
`mafvote --version` after other options (`mafvote -c FILE --version`) prints the same. Everything else goes to the
group, imported on first use: `main` for a command line, `from mafvote.cli import cli` for the command modules
(they register themselves on it) and the tests.
"""
from __future__ import annotations

import sys

from .. import __version__

__all__ = ["VERSION_MESSAGE", "cli", "load_all_commands", "main"]

# click.version_option's message (its own default), with click's keys
VERSION_MESSAGE = "%(prog)s, version %(version)s"
PROG_NAME = "mafvote"
# what `from mafvote.cli import …` finds in the group (module `__getattr__`, PEP 562)
_IN_GROUP = frozenset({"cli", "load_all_commands", "_COMMANDS"})


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if list(args) == ["--version"]:
        sys.stdout.write(VERSION_MESSAGE % {"prog": PROG_NAME, "package": "mafvote", "version": __version__} + "\n")
        return
    _group().cli.main(args=argv, prog_name=PROG_NAME)


def _group():  # -> the module mafvote.cli.group (no `typing` imported for a bare --version: ≈ 5 ms)
    # a Ctrl-C in here is one of the start's (mafvote.cli.common: `main` runs a command only once this returned)
    from . import group  # start-up: click and the group's modules (≈ 50 ms), which `mafvote --version` never needs

    return group


def __getattr__(name: str) -> object:
    if name in _IN_GROUP:
        return getattr(_group(), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
