"""`mafvote serve`'s refresh costs what changed since the last one (issue 17): the games' services and their pages
are kept for the server's life (`mafvote.serve_pages.ServedPages`), so a refresh with nothing new counts no closed
day again, and what another process wrote in between (the daemon's crawl, a GM's `undo` or `night resolve` in a
terminal: here the fixture's own store, another connection to the file) is on the next refresh's pages, byte for
byte what pages made from nothing show.

The game and its seeded thread are test_count_window's (four days of votes, edits, deletions, a replacement)."""
from __future__ import annotations

import itertools
import threading
from datetime import timedelta
from pathlib import Path

import pytest

from mafvote.config import load_config
from mafvote.game import counting
from mafvote.pages import publish_pages
from mafvote.serve_pages import ServedPages
from support.seeded_game import close_days, deadline, red, seeded_game, start


@pytest.fixture
def game(tmp_path):
    yield from seeded_game(tmp_path)


class Clock:
    def __init__(self, now) -> None:
        self.now = now

    def __call__(self):
        return self.now


@pytest.fixture
def served(game, tmp_path):
    """The game with days 1 and 2 closed and night 3 resolved, served from its config; the refreshes' clock."""
    store, svc, thread = game
    close_days(svc, thread, 2)
    clock = Clock(start(3) + timedelta(hours=2))
    thread.until(clock.now)
    pages = ServedPages(load_config(tmp_path / "config.toml"), now=clock)
    yield pages, clock
    pages.close()


def _counted_days(monkeypatch) -> list[int]:
    """The day of every count the served pages make from now on (each view of each day is one, the views of one
    walk too: `tally.count_day_views`; on the refreshes' own thread: not the pages made from nothing to compare)."""
    calls: list[int] = []
    count_day_views = counting.count_day_views

    def counting_days(posts, state, *args, views, **kw):
        if threading.current_thread().name.startswith("mafvote-serve-pages"):
            calls.extend([state.day] * len(views))
        return count_day_views(posts, state, *args, views=views, **kw)

    monkeypatch.setattr(counting, "count_day_views", counting_days)
    return calls


def _files(root: Path, folders: dict[str, str]) -> dict[str, str]:
    return {f"{view}/{p.relative_to(root / folder)}": p.read_text(encoding="utf-8")
            for view, folder in folders.items() for p in sorted((root / folder).rglob("*.html"))}


_fresh = itertools.count()


def _refresh(pages: ServedPages, tmp_path: Path, svc) -> dict[str, str]:
    """A refresh of the served pages; they are checked against pages made from nothing (a new cache) at that time."""
    pages()
    served = _files(tmp_path, {"public": "public", "gm": "gm-pages"})
    fresh = tmp_path / f"fresh{next(_fresh)}"
    publish_pages([svc], public_dir=fresh / "public", gm_dir=fresh / "gm", now=pages._now(), caches={})
    made = _files(fresh, {"public": "public", "gm": "gm"})
    # the served folder may keep the page of a day no longer closed (an undone close): not linked, not compared
    assert {rel: served[rel] for rel in made} == made
    return made


def test_a_second_refresh_with_no_change_counts_no_closed_day_again(served, game, monkeypatch):
    pages, clock = served
    svc = game[1]
    days = _counted_days(monkeypatch)
    pages()
    assert sorted(set(days)) == [1, 2, 3]
    for _ in range(3):
        days.clear()
        clock.now += timedelta(seconds=30)
        pages()
        assert set(days) == {3}            # the running day, each view; days 1 and 2 never again
    days.clear()
    clock.now = deadline(3) + timedelta(hours=1)      # the night: nothing runs
    svc.close_day(3, now=deadline(3) + timedelta(minutes=5))
    pages()
    assert set(days) == {3}
    days.clear()
    pages()
    assert days == []


def test_a_post_another_process_stored_is_on_the_next_refresh(served, game, tmp_path, monkeypatch):
    pages, clock = served
    store, svc, thread = game
    first = _refresh(pages, tmp_path, svc)
    days = _counted_days(monkeypatch)
    # a new vote in the running day, stored by another connection (the daemon's crawl)
    clock.now += timedelta(minutes=10)
    vote = thread.write("vote", "Соня", clock.now - timedelta(minutes=5), red("Enzo") + " навсегда")
    thread.until(clock.now)
    page = _refresh(pages, tmp_path, svc)["gm/ny/index.html"]
    assert f"pid={vote}" in page and f"pid={vote}" not in first["gm/ny/index.html"]
    assert set(days) == {3}                # the closed days were not counted again: no post of theirs changed
    # a late crawl of day 2 (a vote written then, first stored now): day 2's pages are made again, day 1's not (a post
    # reaches back to no earlier day; a later one may read it: a player's last post before its start)
    days.clear()
    clock.now += timedelta(minutes=10)
    late = thread.write("vote", "Enzo", deadline(2) - timedelta(hours=1), red("Соня"))
    thread.planned = [(clock.now, late, "post", red("Соня"))]
    thread.until(clock.now)
    made = _refresh(pages, tmp_path, svc)
    assert f"pid={late}" in made["gm/ny/day-2.html"] and f"pid={late}" not in first["gm/ny/day-2.html"]
    assert set(days) == {2, 3}


def test_an_undo_and_a_night_another_process_applied_are_on_the_next_refresh(served, game, tmp_path):
    pages, clock = served
    store, svc, thread = game
    title = "<title>Новогодняя мафия — {}</title>"
    assert title.format("день 3") in _refresh(pages, tmp_path, svc)["public/ny/index.html"]
    svc.undo()                             # night 3's resolution, in a terminal
    assert title.format("ночь 3") in _refresh(pages, tmp_path, svc)["public/ny/index.html"]
    svc.undo()                             # day 2's close
    made = _refresh(pages, tmp_path, svc)
    assert title.format("день 2") in made["public/ny/index.html"] and "public/ny/day-2.html" not in made
    svc.close_day(2, now=deadline(2) + timedelta(minutes=5), nobody=True)
    svc.resolve_night(3, now=start(3) + timedelta(minutes=5))
    made = _refresh(pages, tmp_path, svc)
    assert title.format("день 3") in made["public/ny/index.html"]
    assert "не вешается никто" in made["public/ny/day-2.html"]
