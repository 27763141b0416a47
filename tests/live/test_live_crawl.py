"""mafvote's crawl against every real engine (MyBB 1.8.37, PunBB 1.4.4, phpBB 3.3.15, SMF 2.1.4).

On a fresh board per engine, seven users (Cyrillic and Latin nicks) write the vote thread of
tests/live/scenario.py through the board's forms over two days of its clock; mafvote crawls it twice over,
once with the engine named in the config and once with `engine = "auto"`, and every field of every stored post
is checked against what was posted and what the board's own database holds (ids, instants, edits), every vote
the count reads against what the scenario wrote. Then the thread grows (a poll reads only the new pages), a
post is edited (the re-read sees it), a vote comes after the deadline, and a day later, when every «Today» on
the pages and inside the quotes reads «Yesterday», a re-read finds nothing edited.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from zoneinfo import ZoneInfo

import pytest

import scenario as sc
from livekit import (EDIT_SHOWS_SECONDS, SHOWS_SECONDS, CrawlLine, Mafvote, board_posts, board_users, scratch,
                     shown)

pytestmark = pytest.mark.live

MOSCOW = ZoneInfo("Europe/Moscow")


@dataclass
class Run:
    """The state of one engine's thread as the tests move it forward."""
    board: object
    sessions: dict
    posted: sc.Posted
    named: Mafvote            # engine = "<name>"
    auto: Mafvote             # engine = "auto"
    phase: int = 0
    crawls: dict[str, dict[str, dict[str, CrawlLine]]] = field(default_factory=dict)  # phase -> config -> lines


@pytest.fixture(scope="module")
def run(board, tmp_path_factory):
    sessions = sc.register_all(board)
    posted = sc.Posted()
    sc.open_game_topic(board, sessions, posted)
    sc.write(board, sessions, posted, sc.BEFORE_FIRST_CRAWL)
    with scratch(tmp_path_factory, "named") as named_dir, scratch(tmp_path_factory, "auto") as auto_dir:
        configs = []
        for folder, engine in ((named_dir, board.engine), (auto_dir, "auto")):
            mafvote = Mafvote(folder, board)
            mafvote.write_config(engine=engine, game_topic=posted.game_url, vote_thread=posted.vote_url,
                                 players=sc.PLAYERS, gm=[sc.GM], start=sc.START, first_deadline=sc.DEADLINE,
                                 starts_with="day", reread_interval="6h")
            configs.append(mafvote)
        yield Run(board, sessions, posted, *configs)


def _crawl_both(run: Run, name: str, at: str) -> None:
    run.board.set_clock(at)
    run.crawls[name] = {"named": run.named.crawl(), "auto": run.auto.crawl()}


def reach(run: Run, phase: int) -> None:
    """Move the board and both stores forward to `phase` (each step once, in order)."""
    steps = [
        lambda: _crawl_both(run, "first", sc.FIRST_CRAWL),
        lambda: (sc.write(run.board, run.sessions, run.posted, sc.AFTER_FIRST_CRAWL),
                 _crawl_both(run, "poll", sc.SECOND_CRAWL),
                 _crawl_both(run, "unchanged", sc.SECOND_CRAWL.replace("13:00", "13:05"))),
        lambda: (sc.write(run.board, run.sessions, run.posted, sc.AFTER_DEADLINE),
                 _crawl_both(run, "reread", sc.AFTER_DEADLINE_CRAWL)),
        lambda: _crawl_both(run, "next_day", sc.NEXT_DAY_CRAWL),
    ]
    while run.phase < phase:
        steps[run.phase]()
        run.phase += 1


def _stored(mafvote: Mafvote):
    from mafvote.store import Store
    with Store(mafvote.folder / "mafvote.db", create=False) as store:
        return store.posts(game_id="g", kind="vote", include_deleted=True)


def check_every_post(run: Run, mafvote: Mafvote, keys: list[str], edited: set[str]) -> None:
    from mafvote.cli.crawl import plain_text

    engine = run.board.engine
    users, truth = board_users(run.board), board_posts(run.board)
    stored = _stored(mafvote)
    assert [p.post_id for p in stored] == [run.posted.ids[k] for k in keys]
    for key, post in zip(keys, stored):
        step, real = run.posted.steps[key], truth[run.posted.ids[key]]
        where = f"{engine} post {post.post_id} ({key})"
        assert (post.author, post.author_id) == (step.who, users[step.who]), where
        assert real.author_id == users[step.who], where
        seconds = engine in SHOWS_SECONDS
        assert shown(post.time, seconds) == shown(real.posted, seconds), where
        # what the scenario meant: the post was written at its step's minute
        assert post.time.astimezone(MOSCOW).strftime("%Y-%m-%dT%H:%M") == step.at, where
        assert post.edited is (key in edited), where
        if key in edited:
            assert real.edited is not None, where
            seconds = engine in EDIT_SHOWS_SECONDS
            assert shown(post.edit_at, seconds) == shown(real.edited, seconds), where
        else:
            assert post.edit_at is None, where
        text = plain_text(post.html)
        own = sc.EDITED_TEXT.get(key, step.text) if key in edited else step.text
        if step.quote:
            quoted = run.posted.steps[step.quote].text
            assert text.endswith(own) and quoted in text.removesuffix(own), (where, text)
        else:
            assert text == own, (where, text)
        assert "подпись" not in post.html, where       # Enzo's signature stays out of the body


@pytest.mark.parametrize("config", ["named", "auto"])
def test_first_crawl_reads_every_post_and_field(run, config):
    reach(run, 1)
    lines = run.crawls["first"][config]
    assert (lines["vote"].new, lines["vote"].edited, lines["vote"].deleted) == (22, 0, 0)
    assert (lines["vote"].pages, lines["vote"].requests) == (3, 3)       # three pages of 10, each read once
    assert (lines["game"].new, lines["game"].requests) == (1, 1)
    keys = sc.keys_in_order(run.posted)[:22]
    check_every_post(run, getattr(run, config), keys, edited={"alisa1"})


@pytest.mark.parametrize("config", ["named", "auto"])
def test_a_poll_reads_only_the_new_pages_and_stores_no_post_twice(run, config):
    reach(run, 2)
    poll, unchanged = run.crawls["poll"][config], run.crawls["unchanged"][config]
    # from page 3 (the stored page with the newest post) to the new page 4; the edit on page 2 waits for a re-read
    assert (poll["vote"].new, poll["vote"].edited, poll["vote"].pages, poll["vote"].requests) == (9, 0, 2, 2)
    assert (unchanged["vote"].new, unchanged["vote"].edited, unchanged["vote"].requests) == (0, 0, 1)
    assert (unchanged["game"].new, unchanged["game"].requests) == (0, 1)
    stored = _stored(getattr(run, config))
    assert len({p.post_id for p in stored}) == len(stored) == 31
    assert [(p.page, p.position) for p in stored] == [(1 + i // 10, i % 10) for i in range(31)]


@pytest.mark.parametrize("config", ["named", "auto"])
def test_the_reread_sees_the_edit_and_the_count_reads_every_vote(run, config):
    reach(run, 3)
    reread = run.crawls["reread"][config]["vote"]
    # the pages of the last 24 hours (2 to 4): the edit of «hat1» and the vote after the deadline
    assert (reread.new, reread.edited, reread.deleted, reread.requests) == (1, 1, 0, 3)
    mafvote = getattr(run, config)
    keys = sc.keys_in_order(run.posted)
    check_every_post(run, mafvote, keys, edited={"alisa1", "hat1"})
    tally = mafvote.tally("--day", "1", "--view", "gm")
    votes = [(v["voter"], v["target"], v["color"], bool(v["early"]), v["post_id"]) for v in tally["votes"]]
    # every vote of the day as first seen («hat1» was blue when first crawled), none from the quote or the
    # signature, none from the post after the deadline
    want = [(run.posted.steps[k].who, target, colour, early, run.posted.ids[k])
            for k in keys if run.posted.steps[k].at < sc.DEADLINE
            for target, colour, early in run.posted.steps[k].votes]
    assert votes == want
    assert run.posted.ids["late"] not in {v["post_id"] for v in tally["votes"]}
    assert [c["player"] for c in tally["candidates"] if any(v["post_id"] == run.posted.ids["late"]
                                                             for v in c["voters"])] == []
    edited = {f["post_id"] for f in tally["flags"] if f["kind"] == "edited"}
    assert run.posted.ids["hat1"] in edited


@pytest.mark.parametrize("config", ["named", "auto"])
def test_a_day_later_every_today_reads_yesterday_and_nothing_is_edited(run, config):
    reach(run, 4)
    later = run.crawls["next_day"][config]["vote"]
    # re-read from page 2 (posts since 03.01 09:00): «Today» became «Yesterday» on every date, in the posts'
    # headers and in the quote of a same-day post (SMF), and no post was touched
    assert (later.new, later.edited, later.deleted, later.requests) == (0, 0, 0, 3)
    check_every_post(run, getattr(run, config), sc.keys_in_order(run.posted), edited={"alisa1", "hat1"})
    assert all(p.versions_count == (2 if p.post_id == run.posted.ids["hat1"] else 1)
               for p in _stored(getattr(run, config)))
