"""`mafvote tally` and `mafvote votes` (INTERFACE.md): the day's count from the store, one player's votes."""
from __future__ import annotations

import json
import re
from datetime import datetime, tzinfo
from pathlib import Path

import click

from mafvote_tally import format_bbcode
from mafvote_scraper.untrusted import visible

from .. import game as game_mod
from .. import gm_text
from ..tally_text import tally_text
from ..messages import text as t
from ..shown_names import public_names
from .group import cli
from .common import config_option, crawl_warning, format_option, game_option, parse_cli_time, zoned_time
from .service import game_service

__all__ = ["local_times", "tally_command", "votes_command"]

# an ISO 8601 instant as `Tally` prints it (`2026-11-30T09:39:02.558244+00:00`): only with its zone, so a time
# the text does not place in a zone is never moved
_ISO_INSTANT = re.compile(r"\b\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:[+-]\d\d:\d\d|Z)")


def local_times(text: str, tz: tzinfo) -> str:
    """`text` with every ISO instant in the game's zone, to the minute (`2026-11-30T12:39+03:00`): the count's
    text header held the deadline in +03:00 beside `as of …09:39:02.558244+00:00`. Same instants, one zone."""
    def local(m: re.Match[str]) -> str:
        return datetime.fromisoformat(m[0]).astimezone(tz).isoformat(timespec="minutes")
    return _ISO_INSTANT.sub(local, text)


@cli.command("tally")
@config_option
@game_option
@click.option("--day", "number", type=int, default=None)
@click.option("--since", default=None, metavar="TIME")
@click.option("--deadline", default=None, metavar="TIME")
@click.option("--at", "at", default=None, metavar="TIME")
@click.option("--view", type=click.Choice(["public", "gm"]), default="public", show_default=True)
@format_option(["text", "bbcode", "json"])
def tally_command(config_path: Path, game_id: str | None, number: int | None, since: str | None,
                  deadline: str | None, at: str | None, view: str, fmt: str) -> None:
    # The day's count from the stored posts.
    with game_service() as service:
        tz = service.tz
        counted = service.count(
            number, view=view,
            since=parse_cli_time(since, tz, option="--since") if since else None,
            deadline=parse_cli_time(deadline, tz, option="--deadline") if deadline else None,
            as_of=parse_cli_time(at, tz, option="--at") if at else None, now=game_mod.utc_now())
        names = public_names(service.game.players, service.state().replacements)
        # a vote thread read only in part counts only what was read; say so (json: a key that grows)
        warning = crawl_warning(service.store.last_crawl_run(game_id=service.game.id, kind="vote"), tz,
                                language="en" if fmt == "json" else None)
    if fmt == "json":
        click.echo(visible(json.dumps(counted.to_json() | {"crawl_warning": warning}, ensure_ascii=False, indent=1)))
    elif fmt == "bbcode":
        if warning:
            click.echo(t("cli.warning", text=warning), err=True)       # never inside the post
        # the live-count post names players as the posts do: the mask in mask games, the account playing the
        # slot now after a replacement (the json output keeps the slots' nicks, for scripts)
        click.echo(visible(format_bbcode(counted, counted.as_of or game_mod.utc_now(), names=names)), nl=False)
    else:
        if warning:
            click.echo(t("cli.warning", text=warning))
        # the table prints the instants as the count holds them (UTC or the zone they were given in): the GM reads
        # them in the game's zone, to the minute, like `votes` and `posts`
        # no control character of a post or a nick reaches the terminal (issue 13)
        click.echo(visible(local_times(tally_text(counted, names=names, tz=tz), tz)), nl=False)


@cli.command("votes")
@config_option
@game_option
@click.option("--player", required=True, metavar="NICK")
@format_option(["text", "json"])
def votes_command(config_path: Path, game_id: str | None, player: str, fmt: str) -> None:
    # One player's vote history with links to the posts.
    with game_service() as service:
        slot, lines = service.vote_history(player)
        tz = service.tz
    if fmt == "json":
        # times in the game's zone with their offset, like `posts --format json` (the same instants as before)
        votes = [v.to_json() | {"time": v.time.astimezone(tz).isoformat()} for v in lines]
        click.echo(json.dumps({"player": slot, "votes": votes}, ensure_ascii=False, indent=1))
        return
    click.echo(t("votes.head", player=slot))
    if not lines:
        click.echo(t("votes.none"))
    for v in lines:
        color = t(f"votes.{v.color}") if v.color in ("red", "blue") else v.color
        target = v.target or t("votes.unknown", written=v.written)
        click.echo(t("votes.line", time=zoned_time(v.time, tz),
                     phase=f" [{gm_text.phase(v.phase)}]" if v.phase else "", id=v.post_id, color=color,
                     target=target, early=t("votes.early") if v.early else "", url=v.url))
