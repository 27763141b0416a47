"""`mafvote check`: validates the config file and the rulesets its games name, and changes nothing.

Exit status 0 when the file is usable (warnings about the environment, such as an unset token
variable, are printed but do not fail it), 2 when anything is wrong; every problem is listed at once.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from .. import messages
from ..config import check_file, describe, problem_json
from ..messages import text as t
from .group import cli
from .common import config_option, format_option


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


@cli.command("check")
@config_option
@format_option(["text", "json"])
def check(config_path: Path, fmt: str) -> None:
    # Validate the config file and the rulesets it names.
    report = check_file(config_path)
    shown = str(config_path)
    config = report.config
    messages.use(report.language)
    counts = {
        "forums": len(config.forums) if config else 0,
        "games": len(config.games) if config else 0,
        "players": sum(len(g.players) for g in config.games) if config else 0,
    }
    if fmt == "json":
        click.echo(
            json.dumps(
                {"file": shown, "ok": not report.errors, **counts,
                 "problems": [problem_json(p) for p in report.problems]},
                ensure_ascii=False,
                indent=2,
            )
        )
    else:
        for problem in report.problems:
            click.echo(describe(problem))
        if report.errors:
            click.echo(t("check.problems", file=shown, n=len(report.errors)), err=True)
        else:
            warned = t("check.warnings", n=len(report.warnings)) if report.warnings else ""
            click.echo(t("check.ok", file=shown, forums=counts["forums"], games=counts["games"],
                         players=counts["players"], warned=warned))
    if report.errors:
        # sys.exit, not ctx.exit: the `mafvote` entry point runs click with standalone_mode=False,
        # where click's Exit would be swallowed into status 0.
        sys.exit(2)
