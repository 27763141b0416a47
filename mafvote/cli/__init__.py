"""The `mafvote` command: thin click commands over the library (INTERFACE.md lists them).

Every error of ours is caught once here, in the group, and printed as one line; exit status 0
success, 1 the operation failed, 2 bad input. Catching in the group (not only in `main`) gives
tests under click's CliRunner the same exit codes a GM sees.
"""
from __future__ import annotations

import sqlite3

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
        except sqlite3.DatabaseError as exc:
            # The store went bad after it opened (a page past the header is malformed, a table was dropped): one
            # line naming the file and what to do, whichever command read it. A bug of ours keeps its traceback.
            from ..store import database_problem

            config = ctx.meta.get("mafvote.config")
            problem = database_problem(config.store.path if config is not None else "(the store)", exc)
            if problem is None:
                raise
            click.echo(f"error: {problem}", err=True)
            raise click.exceptions.Exit(problem.exit_code) from None


def _config_defaults(group: click.Group, path: str) -> dict:
    """`default_map` giving every command under `group` (nested groups too) the config file `path`."""
    out: dict = {}
    for name, command in group.commands.items():
        entry: dict = {"config_path": path}
        if isinstance(command, click.Group):
            entry.update(_config_defaults(command, path))
        out[name] = entry
    return out


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="mafvote")
@click.option("-c", "--config", "config_path", type=click.Path(dir_okay=False), default=None,
              help="The configuration file, for any command (also accepted after the command).")
@click.pass_context
def cli(ctx: click.Context, config_path: str | None) -> None:
    """Vote counter and results daemon for forum mafia games."""
    # `mafvote -c FILE posts` as well as `mafvote posts -c FILE` (the command's own -c wins)
    if config_path is not None:
        ctx.default_map = _config_defaults(cli, config_path)


def main(argv: list[str] | None = None) -> None:
    cli.main(args=argv, prog_name="mafvote")


# Each module registers its commands on `cli`.
from . import commands  # noqa: E402,F401
