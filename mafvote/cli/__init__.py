"""The `mafvote` command: thin click commands over the library (INTERFACE.md lists them).

Every error of ours is caught once here and printed as one line; exit status 0 success,
1 the operation failed, 2 bad input.
"""
from __future__ import annotations

import sys

import click

from ..errors import MafvoteError


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="mafvote")
def cli() -> None:
    """Vote counter and results daemon for forum mafia games."""


def main(argv: list[str] | None = None) -> None:
    from scraper import ScraperError

    try:
        cli.main(args=argv, prog_name="mafvote", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        sys.exit(1)
    except click.ClickException as exc:
        exc.show()
        sys.exit(2 if isinstance(exc, click.UsageError) else exc.exit_code)
    except MafvoteError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(exc.exit_code)
    except ScraperError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(1)
    sys.exit(0)


# Each module registers its commands on `cli`.
from . import commands  # noqa: E402,F401
