"""`mafvote crawl` and `mafvote posts` (INTERFACE.md): thin commands over `scraper.crawl` and the store."""
from __future__ import annotations

import json
import re
from datetime import datetime, timezone
from pathlib import Path

import click

# first: it makes a Ctrl-C during the imports that follow quiet (see .common)
from .common import INTERRUPTED, config_option, format_option, game_option, load, load_game, zoned_time  # noqa: I001

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from selectolax.lexbor import LexborHTMLParser
from mafvote_scraper.untrusted import visible
from mafvote_tally.recognise import flatten

from ..crawl_text import describe, describe_note
from ..errors import OperationFailed
from ..messages import text as t
from ..secret_registry import scrub_known
from ..store import NoStore, Store
from .group import cli

__all__ = ["plain_text", "preview"]

_BR = re.compile(r"<br\s*/?>", re.I)
_BLOCK_END = re.compile(r"</(?:p|div|li|blockquote|tr|h\d)>", re.I)
_WHITESPACE = re.compile(r"\s+")
_SPACES = re.compile(r"[ \t\r\f\v\u00a0]+")
_BLANK_RUNS = re.compile(r"\n{3,}")
_SHOWN_PER_KIND = 50


def plain_text(html: str) -> str:
    """A post's HTML as the text a reader sees: line breaks kept, markup and extra spaces gone."""
    # Newlines in the source are only whitespace in HTML; the lines are what <br> and blocks make.
    flat = _WHITESPACE.sub(" ", html)
    marked = _BLOCK_END.sub(lambda m: m.group(0) + "\n", _BR.sub("\n", flat))
    tree = LexborHTMLParser(f"<div>{marked}</div>")
    root = tree.body if tree.body is not None else tree.root
    text = root.text(deep=True) if root is not None else ""
    lines = [_SPACES.sub(" ", line).strip() for line in visible(text).split("\n")]
    return _BLANK_RUNS.sub("\n\n", "\n".join(lines).strip("\n"))


def preview(html: str) -> str:
    """A post's first line of its own words, for the crawl's listing: what the post quotes (its header
    included, "(12-30-2026, 08:07 PM)РэдДи Wrote:"), spoilers and signatures are left out as the count leaves
    them out (`flatten`); a post that is nothing but a quote shows its first line as a reader sees it."""
    for line in visible(flatten(html).text).split("\n"):
        line = _SPACES.sub(" ", line).strip()
        if line:
            return line
    return plain_text(html).split("\n", 1)[0]


@cli.command("crawl")
@config_option
@game_option
def crawl_command(config_path: Path, game_id: str | None) -> None:
    # One crawl of every topic of every game (or --game) now.
    stored = [0]          # pages read and stored by this command, for the Ctrl-C message
    try:
        _crawl(game_id, stored)
    except KeyboardInterrupt:
        # every page is its own transaction, so what was stored stays and the next crawl goes on from
        # it; the topic's unfinished run shows in `mafvote status` and `mafvote tally` until then.
        click.echo(t("crawl.interrupted", pages=stored[0]), err=True)
        raise click.exceptions.Exit(INTERRUPTED) from None


def _crawl(game_id: str | None, stored: list[int]) -> None:
    from mafvote_scraper.crawl import crawl_game  # start-up: the crawler, which `mafvote posts` never needs
    from mafvote_scraper.fetch import ForumClient  # start-up: httpx, which `mafvote posts` never needs

    if game_id is not None:
        config, game = load_game()
        games = [game]
    else:
        config = load()
        games = list(config.games)
    store = Store(config.store.path)
    console = Console(stderr=True)
    clients: dict[str, ForumClient] = {}
    failures: list[str] = []
    try:
        for game in games:
            forum = config.forum(game.forum)
            _say_moved(store, game, forum, config.path)
            if forum.id not in clients:
                clients[forum.id] = ForumClient.for_forum(forum)
            with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                          TimeElapsedColumn(), console=console, transient=True,
                          disable=not console.is_terminal) as bar:

                def progress_for(kind: str, url: str):
                    task = bar.add_task(f"{game.id} {kind}", total=None)
                    last = [0]

                    def update(done: int, total: int | None) -> None:
                        stored[0] += done - last[0]
                        last[0] = done
                        bar.update(task, completed=done, total=total)
                    return update

                results = crawl_game(game, forum, clients[forum.id], store,
                                     now=lambda: datetime.now(timezone.utc),
                                     progress_for=progress_for)
            by_id = {(p.forum, p.post_id): p for p in store.posts(game_id=game.id, include_deleted=True)}
            for result in results:
                _print_result(game.id, result, by_id, forum.tz)
                if not result.ok:
                    failures.append(t("crawl.error.failed_topic", game=game.id, topic=t(f"crawl.topic.{result.kind}"),
                                      error=scrub_known(_error_text(result))))
    finally:
        for client in clients.values():
            client.close()
        store.close()
    if failures:
        raise OperationFailed("; ".join(failures))


def _say_moved(store, game, forum, config_file) -> None:
    """The config is the truth: an address changed there (the forum moved to https, a new domain or port) is
    followed by this crawl (`Store.ensure_topic` moves the stored pages; posts stay keyed by post id). Said
    once, on the crawl that follows it: the next one finds the store already at the new address."""
    changes = store.url_changes(forum.id, forum.base_url, game.id,
                                (("game", game.game_topic), ("vote", game.vote_thread)))
    if not changes:
        return
    moved = "; ".join(t("crawl.moved.forum" if kind == "forum" else f"crawl.moved.{kind}", forum=forum.id, old=old,
                        new=new) for kind, old, new in changes)
    click.echo(t("crawl.moved", game=game.id, file=config_file.name, moved=moved), err=True)


def _print_result(game_id: str, result, by_id, tz) -> None:
    click.echo(t("crawl.head", game=game_id, topic=t(f"crawl.topic.{result.kind}"), url=result.url,
                 new=len(result.new), edited=len(result.changed), deleted=len(result.deleted), pages=result.pages,
                 requests=result.requests, kb=round(result.bytes / 1024)))
    for kind, ids in (("new", result.new), ("edited", result.changed), ("deleted", result.deleted)):
        label = t(f"crawl.label.{kind}")
        for pid in ids[:_SHOWN_PER_KIND]:
            post = by_id.get((result.forum, pid))
            if post is None:
                continue
            click.echo(f"  {label:9} #{pid} {zoned_time(post.time, tz)} "
                       f"{visible(post.author)}: {preview(post.html)[:100]}")
        if len(ids) > _SHOWN_PER_KIND:
            click.echo(t(f"crawl.more.{kind}", n=len(ids) - _SHOWN_PER_KIND))
    # the crawler knows no secret: a forum that echoes the password into an address or a page is scrubbed here
    if result.note:
        click.echo(f"  {scrub_known(describe_note(result.note, result.note_phrase))}")
    if not result.ok:
        click.echo(t("crawl.failed", error=scrub_known(_error_text(result))))


def _error_text(result) -> str:
    """The topic's crawl error in the GM's language (the store keeps the scraper's English)."""
    return describe(result.exception) if result.exception is not None else result.error


@cli.command("posts")
@config_option
@game_option
@click.option("--topic", "kind", type=click.Choice(["vote", "game"]), default=None)
@format_option(["text", "json"])
def posts_command(config_path: Path, game_id: str | None, kind: str | None, fmt: str) -> None:
    # The stored posts of a game, deleted ones included (marked).
    config, game = load_game()
    tz = config.forum(game.forum).tz
    try:
        store = Store(config.store.path, create=False)      # a reader never creates the store
    except NoStore:
        posts = []
    else:
        with store:
            posts = store.posts(game_id=game.id, kind=kind, include_deleted=True)
    if fmt == "json":
        click.echo(json.dumps([post_json(p, tz) for p in posts], ensure_ascii=False, indent=1))
        return
    if not posts:
        click.echo(t("posts.none", game=game.id), err=True)
    for p in posts:
        flags = "".join(f" [{t(f'posts.flag.{f}')}]" for f, on in (("edited", p.edited), ("deleted", p.deleted)) if on)
        click.echo(t("posts.head", id=p.post_id, topic=t(f"posts.topic.{p.kind}"), page=p.page,
                     time=zoned_time(p.time, tz), author=visible(p.author), flags=flags))
        for line in plain_text(p.html).split("\n"):
            click.echo(f"    {line}" if line else "")


def post_json(post, tz) -> dict:
    """The INTERFACE.md `posts` shape (keys only grow): topic is the kind, "vote" or "game"."""
    return {
        # a post stored before the parser removed control characters loses them here (issue 13)
        "post_id": post.post_id, "topic": post.kind, "page": post.page, "author": visible(post.author),
        "time": post.time.astimezone(tz).isoformat(), "edited": post.edited,
        "deleted": post.deleted, "text": plain_text(post.html), "html": visible(post.html),
        "topic_id": post.topic, "position": post.position, "author_id": post.author_id,
        "versions": post.versions_count,
    }

