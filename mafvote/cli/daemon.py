"""`mafvote run` (the daemon) and `mafvote status` (INTERFACE.md): thin commands over `mafvote.jobs`
and `mafvote.daemon`."""
from __future__ import annotations

import json
import logging
from datetime import datetime, timezone
from pathlib import Path

import click

from .. import gm_text
from ..alert_texts import game_time, zone_name
from ..daemon import Daemon, collect_status
from ..logs import config_secrets, setup_logging
from ..messages import text as t
from ..store import NoStore, Store
from .group import cli
from .common import config_option, format_option, load, local_time, parse_cli_time
from .usage import WordedPath

__all__ = ["run_command", "status_command"]


@cli.command("run")
@config_option
@click.option("--log-level", type=click.Choice(["DEBUG", "INFO", "WARNING", "ERROR"], case_sensitive=False),
              default="INFO", show_default=True)
@click.option("--log-file", type=WordedPath(dir_okay=False, path_type=Path), default=None)
@click.option("--once", is_flag=True)
def run_command(config_path: Path, log_level: str, log_file: Path | None, once: bool) -> None:
    # The daemon: crawl on schedule, keep the count current, alert before deadlines, publish.
    from ..jobs import run_forever  # start-up: APScheduler, which `mafvote status` never needs

    config = load()                      # a bad file stops here with every problem (exit 2)
    handler = setup_logging(log_level, file=str(log_file) if log_file else None, secrets=config_secrets(config))
    try:
        if once:
            with Daemon(config) as daemon:
                report = daemon.tick(datetime.now(timezone.utc))
            if report.errors:
                raise click.exceptions.Exit(1)
            return
        run_forever(config_path)
    finally:
        logging.getLogger().removeHandler(handler)
        handler.close()


@cli.command("status")
@config_option
@format_option(["text", "json"])
# hidden: the status as it is at this moment (ISO 8601), for tests and scripts
@click.option("--now", "now_text", default=None, hidden=True, metavar="TIME")
def status_command(config_path: Path, fmt: str, now_text: str | None) -> None:
    # Per game: phase, deadline and time left, last crawl, last error, next jobs, unsent alerts.
    config = load()
    now = (parse_cli_time(now_text, config.games[0].schedule.tz, option="--now") if now_text
           else datetime.now(timezone.utc))
    missing: NoStore | None = None
    try:
        store = Store(config.store.path, create=False)
    except NoStore as exc:
        # the schedule is known without a store: shown from an empty one in memory, none is created, and the
        # GM learns it is missing (a typo in [store].path?) after the games
        missing = exc
        store = Store(":memory:")
    with store:
        games = collect_status(config, store, now)
    _print_status(config, games, now, fmt)
    if missing is not None:
        click.echo(t("status.note", text=missing), err=True)


def _print_status(config, games, now: datetime, fmt: str) -> None:
    if fmt == "json":
        click.echo(json.dumps({"now": now.isoformat(), "games": [g.to_json() for g in games]},
                              ensure_ascii=False, indent=1))
        return
    for i, s in enumerate(games):
        tz = config.game(s.game).schedule.tz
        if i:
            click.echo("")
        click.echo(f"{s.game}" + (f" — {s.title}" if s.title else ""))
        phase = s.phase
        line = t("status.phase.line", phase=t(f"when.{phase.kind}", n=phase.number), start=local_time(phase.start, tz),
                 deadline=local_time(phase.deadline, tz), tz=tz, zone=zone_name(phase.deadline, tz))
        if s.active_day is not None and s.active_day is not phase and s.active_day.index != phase.index:
            line += t("status.night_over", day=s.active_day.number, deadline=local_time(s.active_day.deadline, tz))
        if s.winner is not None:
            click.echo(t("status.over", winner=s.winner_text, side=s.winner))
        else:
            click.echo(t("status.phase", line=line))
            left = gm_text.left(s.deadline - now)
            if s.closed_early is not None:
                # RULES.md §3.11: the count closed the day (досрочно); its deadline no longer matters
                left = t("status.left.closed_early", at=local_time(s.closed_early, tz))
            if s.deadline <= now and (s.active_day or phase).kind == "day":
                left += t("status.left.close", game=s.game, day=(s.active_day or phase).number)
            click.echo(t("status.left", left=left))
        if s.last_crawls:
            crawls = "; ".join(
                t("status.crawl.ok", topic=t(f"crawl.topic.{c['topic']}"), at=local_time(c["started_at"], tz),
                  new=c["new"], changed=c["changed"], requests=c["requests"]) if c["ok"]
                else t("status.crawl.failed", topic=t(f"crawl.topic.{c['topic']}"), at=local_time(c["started_at"], tz),
                       error=c["error_text"] or t("status.unfinished"))
                for c in s.last_crawls)
        else:
            crawls = t("status.crawl.never")
        click.echo(t("status.crawls", crawls=crawls))
        if s.no_crawl_for is not None and s.poll_interval is not None:
            click.echo(t("status.daemon", text=t("status.overdue", left=gm_text.left(s.no_crawl_for),
                                                   every=gm_text.left(s.poll_interval),
                                                   overdue=s.crawl_overdue_text)))
        if s.last_error is not None:
            err = s.last_error
            if not err.get("finished", True):
                again = t("status.error.unfinished")
            elif s.failures_in_a_row:
                again = t("status.error.failing", n=s.failures_in_a_row)
            else:
                again = t("status.error.recovered")
            click.echo(t("status.error", at=local_time(err["at"], tz), topic=t(f"crawl.topic.{err['topic']}"),
                         error=err["error_text"],
                         again=again))
        else:
            click.echo(t("status.error.none"))
        # with no daemon running, a next crawl would always read "now": the daemon line above says why instead
        planned = [j for j in s.next_jobs if not (s.crawl_overdue_text and j.kind == "crawl")]
        jobs = "; ".join(f"{local_time(j.at, tz)} {gm_text.job(j)}" for j in planned[:5])
        click.echo(t("status.jobs", jobs=jobs or t("status.jobs.none")))
        if s.unsent:
            click.echo(t("status.unsent", n=len(s.unsent), sent=s.alerts_sent))
            for d in s.unsent:
                why = f": {d['last_error_text']}" if d["last_error_text"] else ""
                retry = t("status.unsent.retry", at=local_time(d["next_try_at"], tz)) if d["next_try_at"] else ""
                click.echo(t("status.unsent.item", channel=d["channel"], key=d["key"], attempts=d["attempts"],
                             retry=retry, why=why))
        else:
            click.echo(t("status.unsent.none", sent=s.alerts_sent))
        if s.forum_post is not None:
            _print_forum_post(s.forum_post, config.publish.interval, tz)


def _print_forum_post(post, interval, tz) -> None:
    """The running count post on the forum (`daemon_status.ForumPost`): the post or that there is none yet, when
    the next update may go out and why, and the last failure in the GM's language; times in the game's zone."""
    if post.post_id is not None:
        text = t("status.post.posted", post=post.post_id,
                 at=game_time(post.updated_at, tz) if post.updated_at is not None else "—",
                 day=t("status.post.day", day=post.day) if post.day is not None else "")
    elif post.last_try_at is not None:
        text = t("status.post.tried", at=game_time(post.last_try_at, tz))
    else:
        text = t("status.post.none")
    if post.wait == "flood":
        text += t("status.post.wait.flood", until=game_time(post.waits_until, tz))
    elif post.wait == "interval":
        text += t("status.post.wait.interval", until=game_time(post.waits_until, tz), every=gm_text.left(interval))
    click.echo(t("status.post", text=text))
    if post.last_error_text is not None:
        click.echo(t("status.post.error", at=game_time(post.last_try_at, tz) if post.last_try_at is not None else "—",
                     error=post.last_error_text))
