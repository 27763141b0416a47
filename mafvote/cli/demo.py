"""`mafvote demo`: the whole job on bundled pages served as a local forum; no arguments, no internet.

It runs the real commands (check, crawl, posts, ...) against the demo forum, so what it prints is
exactly what a GM sees from those commands on a real game.
"""
from __future__ import annotations

import tempfile
from pathlib import Path

import click

from . import cli


def _section(title: str) -> None:
    click.echo("")
    click.secho(f"== {title} ==", bold=True)


@cli.command("demo")
@click.option("--keep", "keep", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Keep the demo's config and store in this folder (default: a temporary one).")
@click.pass_context
def demo_command(ctx: click.Context, keep: Path | None) -> None:
    """Run the whole job on the bundled «Новогодняя мафия» pages, served on 127.0.0.1."""
    from ..demo import start_demo_forum, write_demo_config
    from .check import check as check_command
    from .crawl import crawl_command

    with tempfile.TemporaryDirectory(prefix="mafvote-demo-") as tmp:
        workdir = keep or Path(tmp)
        workdir.mkdir(parents=True, exist_ok=True)
        forum = start_demo_forum(initial_pages=3)
        try:
            config_path = write_demo_config(workdir, forum.base_url)
            click.echo(f"Demo forum (MyBB, bundled pages) at {forum.base_url}")
            click.echo(f"Config: {config_path}")

            _section("mafvote check")
            ctx.invoke(check_command, config_path=config_path, fmt="text")

            _section("mafvote crawl — first crawl: the vote thread has 3 pages so far")
            ctx.invoke(crawl_command, config_path=config_path, game_id=None)

            forum.show_pages(5)
            _section("mafvote crawl — the thread grew to 5 pages: only the new posts are read")
            ctx.invoke(crawl_command, config_path=config_path, game_id=None)
        finally:
            forum.stop()
