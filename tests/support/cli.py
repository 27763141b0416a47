"""`mafvote ARGS` as the GM runs it (click's runner over the real entry point), and reading its answers."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from mafvote.cli import cli, main
from mafvote.config import load_config


def run(*args: str) -> tuple[int, str, str]:
    """`mafvote ARGS` as the GM runs it (click's runner over the real entry point): exit code, stdout, stderr."""
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def run_main(capsys, *argv: str) -> tuple[int, str, str]:
    """`mafvote ARGV` through the entry point itself (its exit status, stdout, stderr as the terminal gets them),
    where `run` goes through click's test runner."""
    with pytest.raises(SystemExit) as exit_info:
        main(list(argv))
    out, err = capsys.readouterr()
    return exit_info.value.code, out, err


def ok(*args: str) -> str:
    code, out, err = run(*args)
    assert code == 0, err
    return out


def day_tally(day: int, view: str = "gm", *extra: str) -> dict:
    """`mafvote tally --day DAY --view VIEW --format json [EXTRA]`, read."""
    return json.loads(ok("tally", "--day", str(day), *extra, "--view", view, "--format", "json"))


def config_and_game():
    """The config in the current folder and its first game: what `mafvote.game.open_service` takes."""
    config = load_config(Path("config.toml"))
    return config, config.games[0]


def state() -> dict:
    """`mafvote state --format json`: the game's state as the GM sees it."""
    return json.loads(ok("state", "--format", "json"))
