"""The `mafvote` command (the console script's `main`) and its click group, `cli` (mafvote.cli.group).

`mafvote --version` is answered here, before click is imported (issue 17: click alone is a third of a bare
`--version`'s start-up): «mafvote, версия 0.1.0», or click's English line under `[alerts] language = "en"` (the
language `--help` speaks: mafvote.cli.language). The group's own `--version` option prints the same line, so that
`mafvote --version` after other options (`mafvote -c FILE --version`) answers alike. Everything else goes to the
group, imported on first use: `main` for a command line, `from mafvote.cli import cli` for the command modules
(they register themselves on it) and the tests.
"""
from __future__ import annotations

import gc
import sys

from .. import __version__

__all__ = ["VERSION_LINES", "cli", "command_starts", "load_all_commands", "main", "version_line"]

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
    if argv is not None:      # a caller's process (tests, a library user): its collector is not ours to manage
        _group().cli.main(args=argv, prog_name=PROG_NAME)
        return
    # The program itself: Python's cyclic collector paused while mafvote starts, and what the start made frozen
    # when the command starts (issue 17). The modules, classes and functions the group and the command import live
    # to the process's end, so the collector's passes over them as they pile up, and the full pass at exit, found
    # no garbage (`mafvote tally`: 706 → 664 M instructions, `--help` 239 → 214 M; callgrind). Frozen, the later
    # passes (the daemon's) skip them too. The start's own cycles (≈ 300 objects) are left uncollected: one
    # collection to free them costs ≈ 11 M instructions, a third of the gain.
    _starting.append(gc.isenabled())
    gc.disable()
    try:
        _group().cli.main(prog_name=PROG_NAME)
    finally:
        command_starts()        # no command ran (`--help`, a usage error): the start ends here


# whether the collector was on when `main` paused it (empty: not paused)
_starting: list[bool] = []


def command_starts() -> None:
    """The group's callback, once the command's module is loaded and before the command runs: the start's objects
    frozen and the collector on again, as it was before `main` paused it (mafvote.cli.main)."""
    if _starting and _starting.pop():
        gc.freeze()
        gc.enable()


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
