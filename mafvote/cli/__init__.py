"""The `mafvote` command: thin click commands over the library (INTERFACE.md lists them).

Every error of ours is caught once here, in the group, and printed as one line; exit status 0
success, 1 the operation failed, 2 bad input. Catching in the group (not only in `main`) gives
tests under click's CliRunner the same exit codes a GM sees.
"""
from __future__ import annotations

import click

from ..errors import MafvoteError


class _Group(click.Group):
    def invoke(self, ctx: click.Context):
        from scraper import ScraperError

        try:
            return super().invoke(ctx)
        except MafvoteError as exc:
            click.echo(f"error: {exc}", err=True)
            raise click.exceptions.Exit(exc.exit_code) from None
        except ScraperError as exc:
            click.echo(f"error: {exc}", err=True)
            raise click.exceptions.Exit(1) from None


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="mafvote")
def cli() -> None:
    """Vote counter and results daemon for forum mafia games."""


def main(argv: list[str] | None = None) -> None:
    cli.main(args=argv, prog_name="mafvote")


# Each module registers its commands on `cli`.
from . import commands  # noqa: E402,F401
