"""What every command shares: the `-c/--config`, `--game` and `--format` options, loading the config
once per command, and reading a time typed on the command line.

A command is written as

    @cli.command("tally")
    @config_option
    @game_option
    @format_option(["text", "bbcode", "json"])
    def tally(config_path, game_id, fmt):
        config, game = load_game()
        since = parse_cli_time(text, game.schedule.tz, option="--since")

Problems with the config file or the choice of game leave through click (exit status 2, one line per
problem on stderr), so they look the same under `mafvote` and under click's test runner.

A command that only reads (`READ_ONLY_COMMANDS`) never creates the store: `load` refuses it with
`NoStore` when the file is missing (a typo in [store].path must not show a fresh, empty game).

A Ctrl-C while `mafvote` is still starting (importing its modules, the first half second) ends it with
one line and exit status 130 instead of an import traceback; once a command runs, Ctrl-C is Python's
KeyboardInterrupt as usual (`mafvote crawl` reports what it stored; the group says the others stopped, exit 130).
The line is the catalogue's
(`cli.interrupted.starting`) in the default language, Russian: no config is read before a command runs, so none
can ask for another (and a GM who pressed Ctrl-C is not kept waiting while a file is read to find out).
"""
from __future__ import annotations

import os
import re
import signal
import sys
from collections.abc import Callable, Sequence
from datetime import datetime, tzinfo
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

# 128 + SIGINT, what shells report for a program stopped by Ctrl-C.
INTERRUPTED = 130


def _interrupted_while_starting(signum: int, frame: Any) -> None:
    # Until `mafvote.cli.main` runs the command we are importing (or exiting): nothing to report or undo. The
    # innermost frame of mafvote/cli/__init__.py says which: `main` itself runs the command, its `_group` imports.
    while frame is not None:
        code = frame.f_code
        if Path(code.co_filename).parts[-2:] == ("cli", "__init__.py"):
            if code.co_name == "main":
                raise KeyboardInterrupt
            break
        frame = frame.f_back
    sys.stderr.write(messages.text("cli.interrupted.starting", language=messages.DEFAULT_LANGUAGE) + "\n")
    raise SystemExit(INTERRUPTED)


def _quiet_startup_interrupt() -> None:
    # Only in the `mafvote` program itself (not under pytest or in a library user's process), and only in
    # place of Python's own handler; installed before the slow imports below.
    if (os.path.basename(sys.argv[0] if sys.argv else "") == "mafvote"
            and signal.getsignal(signal.SIGINT) is signal.default_int_handler):
        try:
            signal.signal(signal.SIGINT, _interrupted_while_starting)
        except ValueError:        # not the main thread
            pass


# the catalogue before the handler: the handler's line is its text (a Ctrl-C in these few milliseconds, like one
# in Python's own start-up, still gets Python's traceback)
from .. import messages  # noqa: E402

_quiet_startup_interrupt()

import click  # noqa: E402

from ..alert_texts import game_time  # noqa: E402
from ..errors import BadInput  # noqa: E402
from .usage import WordedPath  # noqa: E402

if TYPE_CHECKING:
    from ..config import Config, GameConfig

__all__ = [
    "DEFAULT_CONFIG",
    "INTERRUPTED",
    "READ_ONLY_COMMANDS",
    "STORE_PATH",
    "BadConfigExit",
    "config_option",
    "crawl_warning",
    "format_option",
    "game_option",
    "load",
    "load_game",
    "local_time",
    "parse_cli_time",
    "zoned_time",
]

DEFAULT_CONFIG = "config.toml"
F = TypeVar("F", bound=Callable[..., Any])
_CACHE = "mafvote.config"
# ctx.meta key: the store of the config the command loaded (its own, or one it named: the demo's), which the
# group's line for an SQLite error names
STORE_PATH = "mafvote.store_path"


class BadConfigExit(click.ClickException):
    """A config problem at the CLI edge: printed like the `mafvote` entry point prints errors, exit 2; its lead in
    the language its problems are worded in (the file's `[alerts] language` when the file could be read as TOML,
    else the default, Russian: a config that cannot be read cannot say which language its GM wants)."""

    exit_code = 2

    def __init__(self, message: str, language: str | None = None):
        super().__init__(message)
        self.language = language

    def show(self, file: Any = None) -> None:
        click.echo(messages.text("cli.error", language=self.language, message=self.message), err=True)


def config_option(func: F) -> F:
    """`-c/--config FILE` (default ./config.toml, or $MAFVOTE_CONFIG); the parameter is `config_path`."""
    return click.option(
        "-c",
        "--config",
        "config_path",
        type=WordedPath(dir_okay=False, path_type=Path),
        default=DEFAULT_CONFIG,
        show_default=True,
        envvar="MAFVOTE_CONFIG",
    )(func)


def game_option(func: F) -> F:
    """`--game ID`; may be omitted when the file has one game. The parameter is `game_id`."""
    return click.option(
        "--game",
        "game_id",
        metavar="ID",
        default=None,
    )(func)


def format_option(choices: Sequence[str], default: str | None = None) -> Callable[[F], F]:
    """`--format` among `choices` (default the first); the parameter is `fmt`."""
    choices = list(choices)

    def decorate(func: F) -> F:
        return click.option(
            "--format",
            "fmt",
            type=click.Choice(choices),
            default=default or choices[0],
            show_default=True,
        )(func)

    return decorate


def load(ctx_or_path: click.Context | str | Path | None = None) -> Config:
    """The config of the running command (from its `-c`), loaded once; or the file at a path.

    A config with problems ends the command with exit status 2 and every problem on stderr.
    """
    if isinstance(ctx_or_path, str | Path):
        return _load(Path(ctx_or_path))
    ctx = ctx_or_path or click.get_current_context()
    config = _cached(ctx)
    _store_exists_for_readers(ctx, config)
    return config


def _cached(ctx: click.Context) -> Config:
    config = ctx.meta.get(_CACHE)
    if config is None:
        config = _load(Path(_param(ctx, "config_path") or DEFAULT_CONFIG))
        ctx.meta[_CACHE] = config
        # every text the command prints from here on is in the game's language (mafvote.messages)
        messages.use(config.alerts.language)
    return config


def _store_exists_for_readers(ctx: click.Context, config: Config) -> None:
    # a --dry-run writes nothing, so it creates nothing either (`night resolve --dry-run`, `day close --dry-run`)
    if (_command_of(ctx) in READ_ONLY_COMMANDS or _param(ctx, "dry_run")) and not Path(config.store.path).exists():
        from ..store import NoStore  # start-up: the store's module imports sqlite3 and sqlite-utils

        raise NoStore(config.store.path)


def load_game(ctx: click.Context | None = None) -> tuple[Config, GameConfig]:
    """The config and the game chosen with `--game` (or the file's only game)."""
    ctx = ctx or click.get_current_context()
    config = _cached(ctx)
    game_id = _param(ctx, "game_id")
    try:
        game = config.game(game_id)
    except BadInput as exc:
        raise click.UsageError(str(exc), ctx) from None
    _store_exists_for_readers(ctx, config)       # after the game: a wrong --game is named first
    return config, game


# Commands that only read the store: with no store file they say so instead of creating an empty one.
# `undo` is one of them here: with no store there is nothing to undo. Any command's --dry-run too.
# `status` and `posts` never create one either but answer on their own: `status` shows the
# schedule of a game not crawled yet and notes the missing store, `posts` says no posts are stored yet.
READ_ONLY_COMMANDS = frozenset({("state",), ("tally",), ("votes",), ("render",), ("undo",), ("serve",)})


def _command_of(ctx: click.Context) -> tuple[str, ...]:
    """The command's words after the program's name: ("state",), ("state", "silence"), ("tally",)."""
    names: list[str] = []
    node: click.Context | None = ctx
    while node is not None and node.parent is not None:
        names.append(node.info_name or "")
        node = node.parent
    return tuple(reversed(names))


def crawl_warning(run, tz: tzinfo, language: str | None = None) -> str | None:
    """One line for the GM when the vote thread's latest crawl (a `store.CrawlRun`, or None) did not read
    it to its end: a count made now may miss votes. None when it did. In the GM's language; `--format json` asks
    for English, as every text meant for scripts (INTERFACE.md: `refused[].reason`, `status`'s `error`)."""
    if run is None or run.ok:
        return None
    started = run.started_at.astimezone(tz).strftime("%d.%m %H:%M")
    if not run.finished:
        what = messages.text("cli.crawl_warning.unfinished", language, started=started)
    else:
        # start-up: the crawler's wording and its model (≈ 20 ms), only for a crawl that failed (never for --help)
        from ..crawl_text import describe_stored

        # json (language "en") keeps the crawler's English as stored, as `status`' `error` does
        error = run.error if language == "en" else describe_stored(run.error, run.error_phrase, language)
        what = messages.text("cli.crawl_warning.failed", language, started=started, error=error)
    return messages.text("cli.crawl_warning", language, what=what)


# How firmly an option's value was given: typed on the command line, then the root's `-c` handed down as a
# default map (`mafvote -c FILE night add`: typed too), then the environment ($MAFVOTE_CONFIG), then the
# option's own default. A `-c` the GM typed must win over a variable set long ago in the shell.
_SOURCE_RANK = {click.core.ParameterSource.COMMANDLINE: 0, click.core.ParameterSource.PROMPT: 0,
                click.core.ParameterSource.DEFAULT_MAP: 1, click.core.ParameterSource.ENVIRONMENT: 2}


def _param(ctx: click.Context, name: str) -> Any:
    # The option may sit on the command or on a parent group (`mafvote night resolve`). A value the GM typed on a
    # group wins over the subcommand's default: `mafvote state -c b/config.toml silence ...` must act on game b,
    # not on ./config.toml's game (the subcommand's own `config.toml` default is never None).
    best: tuple[int, Any] | None = None
    node: click.Context | None = ctx
    while node is not None:
        if node.params.get(name) is not None:
            rank = _SOURCE_RANK.get(node.get_parameter_source(name), 3)
            if best is None or rank < best[0]:
                best = (rank, node.params[name])
        node = node.parent
    return best[1] if best is not None else None


def _load(path: Path) -> Config:
    # start-up: the config and the core, never for --help/--version; pydantic only for a file not seen validated
    from ..config import ConfigError, load_cached
    from ..secret_registry import config_secrets, register  # start-up: `html` and its entities, not for --help

    try:
        config = load_cached(path)
    except ConfigError as exc:
        raise BadConfigExit(exc.listing(path), exc.language) from None
    # the scrubber knows every secret the config names before any command sends a request or writes the store
    register(config_secrets(config))
    ctx = click.get_current_context(silent=True)
    if ctx is not None:
        ctx.meta.setdefault(STORE_PATH, config.store.path)
    return config


# a pattern, compiled at its first use (re's cache), not by every command that imports this module (issue 17)
_DATE_ONLY = r"\d{4}-\d{2}-\d{2}"


def parse_cli_time(text: str, tz: tzinfo | str, option: str = "") -> datetime:
    """A time typed on the command line (INTERFACE.md: ISO 8601; without an offset it is in the
    game's time zone) -> an aware datetime. Raises BadInput naming the accepted form, in the current language."""
    from zoneinfo import ZoneInfo  # start-up: zoneinfo (≈ 5 ms), not for --help; a command's game has its zone

    zone = ZoneInfo(tz) if isinstance(tz, str) else tz
    facts = {"label": f"{option}: " if option else "", "text": text, "quoted": repr(text),
             "accepted": messages.text("cli.time.accepted")}
    value = text.strip()
    if re.fullmatch(_DATE_ONLY, value):
        # A date alone would silently mean midnight, which is rarely the moment meant.
        raise BadInput(messages.text("cli.time.date_only", **facts))
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise BadInput(messages.text("cli.time.bad", **facts)) from None
    if moment.tzinfo is None:
        return moment.replace(tzinfo=zone)
    return moment


def local_time(value: str | datetime | None, tz: tzinfo) -> str:
    """A time as `mafvote status` writes it, in the game's zone: `30.12 22:00` (— when there is none)."""
    if value is None:
        return "—"
    moment = datetime.fromisoformat(value) if isinstance(value, str) else value
    return moment.astimezone(tz).strftime("%d.%m %H:%M")


def zoned_time(value: datetime | None, tz: tzinfo) -> str:
    """The same with its zone, as status writes a deadline: `30.12 22:00 МСК` (ru), `30.12 22:00 Europe/Moscow`
    (en); every time the commands write for a GM goes through it (`alert_texts.game_time`, which the game layer's
    errors and notes use too). JSON output stays ISO 8601."""
    return game_time(value, tz) if value is not None else "—"
