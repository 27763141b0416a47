"""`mafvote demo`: the whole job on bundled pages served as a local forum; no arguments, no internet.

It runs the real commands (check, crawl, night, tally, day close, render) against the demo forum,
each shown with its command line, so what it prints is exactly what a GM sees from those commands
on a real game.
"""
from __future__ import annotations

import tempfile
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import click

from .. import game as game_mod
from ..demo import DAY_1_DEADLINE, DEMO_DEADLINE, DEMO_ROLES, DEMO_SINCE, start_demo_forum, write_demo_config
from ..demo_daemon import run_daemon_demo
from ..messages import text as t
from ..pages import gm_pages_dir, public_pages_dir, write_all_pages
from .group import cli
from .common import load
from .usage import WordedPath


def _section(title: str) -> None:
    click.echo("")
    click.secho(f"== {title} ==", bold=True)


@cli.command("demo")
@click.option("--keep", "keep", type=WordedPath(file_okay=False, path_type=Path), default=None)
@click.option("--daemon", "daemon", is_flag=True)
# hidden: with --daemon, real seconds per game hour
@click.option("--speed", "seconds_per_hour", type=float, default=1.0, show_default=True, hidden=True)
@click.pass_context
def demo_command(ctx: click.Context, keep: Path | None, daemon: bool, seconds_per_hour: float) -> None:
    # Run the whole job on the bundled «Новогодняя мафия» pages, served on 127.0.0.1.
    if daemon:
        with tempfile.TemporaryDirectory(prefix="mafvote-demo-") as tmp:
            workdir = keep or Path(tmp)
            workdir.mkdir(parents=True, exist_ok=True)
            run_daemon_demo(workdir, click.echo, seconds_per_hour=seconds_per_hour)
        return

    with tempfile.TemporaryDirectory(prefix="mafvote-demo-") as tmp:
        workdir = keep or Path(tmp)
        workdir.mkdir(parents=True, exist_ok=True)
        forum = start_demo_forum(initial_pages=3)
        try:
            config_path = write_demo_config(workdir, forum.base_url, roles=DEMO_ROLES)
            click.echo(t("demo.forum", url=forum.base_url))
            click.echo(t("demo.config", path=config_path))
            _play(config_path, forum)
            _pages(config_path, kept=keep is not None)
        finally:
            forum.stop()


def _play(config_path: Path, forum) -> None:
    """The demo game, as a GM would run it, command by command."""
    def run(title: str, *args: str) -> None:
        _section(title)
        click.secho(f"$ mafvote {' '.join(_quoted(a) for a in args)}", dim=True)
        code = cli.main(args=[*args, "-c", str(config_path)], prog_name="mafvote", standalone_mode=False)
        if code:
            raise click.exceptions.Exit(code)

    # The bundled game is dated after today: the commands run at the end of its day 2, as its GM ran them
    # (a count `--at`, a close `--closed-at` must not lie in the clock's future)
    with game_mod.clock_at(datetime.fromisoformat(DEMO_DEADLINE).replace(tzinfo=ZoneInfo("Europe/Moscow"))
                           + timedelta(minutes=5)):
        _play_commands(run, forum)


def _play_commands(run, forum) -> None:
    run(t("demo.check"), "check")
    run(t("demo.first_crawl"), "crawl")
    forum.show_pages(5)
    run(t("demo.poll"), "crawl")

    # The bundled thread is day 2 («Голосование — День 2», 30.12 20:00 – 01.01 18:00). The GM enters the
    # game so far: two nights in which the doctor saved the boss's victim, and a day 1 that ended in a tie.
    for night, victim in ((1, "Гаффа"), (2, "Алукарда")):
        run(t("demo.night_add", night=night),
            "night", "add", "--night", str(night), "--actor", "Ronin", f"Убиваю {victim}")
        run(t("demo.night", night=night), "night", "add", "--night", str(night), "--actor", "РэдДи", f"Лечу {victim}")
        run(t("demo.night_resolve", night=night), "night", "resolve", "--night", str(night))
        if night == 1:
            run(t("demo.day1"), "day", "close", "--day", "1", "--nobody", "--deadline", DAY_1_DEADLINE)
    day2 = ("--day", "2", "--since", DEMO_SINCE, "--deadline", DEMO_DEADLINE)
    run(t("demo.tally_public"), "tally", *day2, "--at", DEMO_DEADLINE)
    run(t("demo.tally_gm"), "tally", *day2, "--at", DEMO_DEADLINE, "--view", "gm")
    run(t("demo.close"), "day", "close", *day2, "--closed-at", DEMO_DEADLINE)
    run(t("demo.post_night"), "render", "night", "2")
    run(t("demo.post_day"), "render", "day", "2")


def _pages(config_path: Path, *, kept: bool) -> None:
    """The demo ends on the pages (mafvote/pages.py): where to open them, and how to serve them."""
    _section(t("demo.pages"))
    config = load(config_path)
    moment = datetime.fromisoformat(DEMO_DEADLINE).replace(tzinfo=ZoneInfo("Europe/Moscow")) + timedelta(minutes=5)
    with game_mod.clock_at(moment):
        write_all_pages(config, now=moment)
    public, gm = public_pages_dir(config), gm_pages_dir(config)
    click.echo(t("demo.pages.public", url=(public / "index.html").as_uri()))
    click.echo(t("demo.pages.gm", url=(gm / "index.html").as_uri()))
    if kept:
        click.echo(t("demo.pages.serve", path=config_path))
    else:
        click.echo(t("demo.pages.temporary"))


def _quoted(arg: str) -> str:
    return f'"{arg}"' if " " in arg else arg
