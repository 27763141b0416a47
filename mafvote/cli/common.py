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
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import datetime, tzinfo
from pathlib import Path
from typing import Any, TypeVar
from zoneinfo import ZoneInfo

import click

from ..config import Config, ConfigError, GameConfig, load_config
from ..errors import BadInput

__all__ = [
    "DEFAULT_CONFIG",
    "BadConfigExit",
    "config_option",
    "format_option",
    "game_option",
    "load",
    "load_game",
    "parse_cli_time",
]

DEFAULT_CONFIG = "config.toml"
F = TypeVar("F", bound=Callable[..., Any])
_CACHE = "mafvote.config"


class BadConfigExit(click.ClickException):
    """A config problem at the CLI edge: printed like the `mafvote` entry point prints errors, exit 2."""

    exit_code = 2

    def show(self, file: Any = None) -> None:
        click.echo(f"error: {self.message}", err=True)


def config_option(func: F) -> F:
    """`-c/--config FILE` (default ./config.toml, or $MAFVOTE_CONFIG); the parameter is `config_path`."""
    return click.option(
        "-c",
        "--config",
        "config_path",
        type=click.Path(dir_okay=False, path_type=Path),
        default=DEFAULT_CONFIG,
        show_default=True,
        envvar="MAFVOTE_CONFIG",
        help="The configuration file.",
    )(func)


def game_option(func: F) -> F:
    """`--game ID`; may be omitted when the file has one game. The parameter is `game_id`."""
    return click.option(
        "--game",
        "game_id",
        metavar="ID",
        default=None,
        help="The game's id in the config file (may be omitted when the file has one game).",
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
            help="Output format; json is for scripts (its keys only grow).",
        )(func)

    return decorate


def load(ctx_or_path: click.Context | str | Path | None = None) -> Config:
    """The config of the running command (from its `-c`), loaded once; or the file at a path.

    A config with problems ends the command with exit status 2 and every problem on stderr.
    """
    if isinstance(ctx_or_path, str | Path):
        return _load(Path(ctx_or_path))
    ctx = ctx_or_path or click.get_current_context()
    cached = ctx.meta.get(_CACHE)
    if cached is not None:
        return cached
    config = _load(Path(_param(ctx, "config_path") or DEFAULT_CONFIG))
    ctx.meta[_CACHE] = config
    return config


def load_game(ctx: click.Context | None = None) -> tuple[Config, GameConfig]:
    """The config and the game chosen with `--game` (or the file's only game)."""
    ctx = ctx or click.get_current_context()
    config = load(ctx)
    game_id = _param(ctx, "game_id")
    try:
        return config, config.game(game_id)
    except BadInput as exc:
        raise click.UsageError(str(exc), ctx) from None


def _param(ctx: click.Context, name: str) -> Any:
    # The option may sit on the command or on a parent group (`mafvote night resolve`).
    node: click.Context | None = ctx
    while node is not None:
        if node.params.get(name) is not None:
            return node.params[name]
        node = node.parent
    return None


def _load(path: Path) -> Config:
    try:
        return load_config(path)
    except ConfigError as exc:
        count = len(exc.problems)
        more = f"\n({count} problems; `mafvote check -c {path}` lists them too)" if count > 1 else ""
        raise BadConfigExit(f"{exc}{more}") from None


_DATE_ONLY = re.compile(r"\d{4}-\d{2}-\d{2}")
_ACCEPTED = "ISO 8601 such as 2026-12-28T22:00 (the game's time zone) or 2026-12-28T22:00+03:00"


def parse_cli_time(text: str, tz: tzinfo | str, option: str = "") -> datetime:
    """A time typed on the command line (INTERFACE.md: ISO 8601; without an offset it is in the
    game's time zone) -> an aware datetime. Raises BadInput naming the accepted form."""
    zone = ZoneInfo(tz) if isinstance(tz, str) else tz
    label = f"{option}: " if option else ""
    value = text.strip()
    if _DATE_ONLY.fullmatch(value):
        # A date alone would silently mean midnight, which is rarely the moment meant.
        raise BadInput(f"{label}{text!r} has no time of day; write {_ACCEPTED}")
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise BadInput(f"{label}{text!r} is not a time; write {_ACCEPTED}") from None
    if moment.tzinfo is None:
        return moment.replace(tzinfo=zone)
    return moment
