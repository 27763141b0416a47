"""An edit notice already on a post when mafvote first captures it (RULES.md §3.12, issue 12): the real MyBB
thread of fixtures/html/mybb/ (`later/`: the same capture with absolute dates), where posts 28 and 47 were
edited before any crawl («This post was last modified: … Edit Reason: …»). A daemon polling every few minutes
meets this all the time: the GM must learn that a vote may have changed before mafvote saw it, with the
edit's time and the forum's reason.

The thread is served by the demo forum (the real pages) and crawled into a store through the real crawler;
the count is the game service's, as `mafvote tally` and the daemon run it."""
from __future__ import annotations

import re
from datetime import datetime, timezone
from pathlib import Path

from mafvote.alert_rules import flag_alerts
from mafvote.config import load_config
from mafvote.demo import DEMO_DEADLINE, DEMO_SINCE, start_demo_forum, write_demo_config
from mafvote.game import open_service
from mafvote_scraper.crawl import crawl_game
from mafvote_scraper.fetch import ForumClient

FIRST_CAPTURE = datetime(2027, 1, 1, 15, 10, tzinfo=timezone.utc)   # after both edits, before the deadline's close


def _crawled(tmp_path: Path, *, ruleset: str | None = None, now: datetime = FIRST_CAPTURE):
    forum = start_demo_forum(5)
    try:
        path = write_demo_config(tmp_path, forum.base_url)
        if ruleset is not None:
            text = path.read_text(encoding="utf-8").replace('ruleset = "new_year"', f'ruleset = "{ruleset}"', 1)
            # the roles are the New Year game's: another ruleset counts the same posts without them
            path.write_text(re.sub(r'(?m)^role = ".*"\n', "", text), encoding="utf-8")
        config = load_config(path)
        game = config.games[0]
        store, service = open_service(config, game)
        client = ForumClient.for_forum(config.forum(game.forum), sleep=lambda s: None)
        try:
            results = crawl_game(game, config.forum(game.forum), client, store, now=now)
        finally:
            client.close()
        assert all(r.ok for r in results), [r.error for r in results]
        return store, service
    finally:
        forum.stop()


def _count(service, *, as_of=None):
    tz = service.tz
    return service.count(2, view="gm", since=datetime.fromisoformat(DEMO_SINCE).replace(tzinfo=tz),
                         deadline=datetime.fromisoformat(DEMO_DEADLINE).replace(tzinfo=tz), as_of=as_of)


def test_notices_seen_on_the_first_capture_raise_edited_with_time_and_reason(tmp_path):
    store, service = _crawled(tmp_path)
    with store:
        gm = _count(service)
    edited = [(f.post_id, f.player, f.data) for f in gm.flags if f.kind == "edited"]
    assert edited == [
        (28, "Trusiki Kayfa", {"deleted": False, "at": "2026-12-31T17:20:00+03:00", "before_first_seen": True,
                               "reason": "опечатка в нике", "rule": "first_seen", "now": None}),
        (47, "Соня", {"deleted": False, "at": "2027-01-01T15:42:00+03:00", "before_first_seen": True,
                      "reason": "добавила красный", "rule": "first_seen", "now": None}),
    ]
    assert [f.detail for f in gm.flags if f.post_id == 28 and f.kind == "edited"] == [
        "edited at 2026-12-31T17:20:00+03:00 before mafvote first saw the post (reason: опечатка в нике); the vote "
        "as first seen counts"]


def test_the_gm_reads_the_edit_its_time_and_reason_in_russian(tmp_path):
    store, service = _crawled(tmp_path)
    with store:
        gm = _count(service)
    alerts = [a for a in flag_alerts("ny", gm, now=FIRST_CAPTURE, tz=service.tz, language="ru")
              if a.key.endswith(":edited")]
    assert [a.text for a in alerts] == [
        "День 2, пост изменён: Trusiki Kayfa: пост изменён в 31.12 17:20 МСК — ещё до того, как mafvote его увидел "
        "(причина: «опечатка в нике»); засчитан голос в первой увиденной версии",
        "День 2, пост изменён: Соня: пост изменён в 01.01 15:42 МСК — ещё до того, как mafvote его увидел "
        "(причина: «добавила красный»); засчитан голос в первой увиденной версии",
    ]


def test_a_forum_clock_ahead_of_mafvotes_still_shows_the_edit_seen(tmp_path):
    # mafvote's clock reads 15:41 MSK when it first captures post 47, whose notice says 15:42: the notice was seen,
    # so the count as of that moment flags it (before, an edit time after the count's moment hid the flag)
    early = datetime(2027, 1, 1, 12, 41, tzinfo=timezone.utc)
    store, service = _crawled(tmp_path, now=early)
    with store:
        gm = _count(service, as_of=datetime(2027, 1, 1, 12, 41, 30, tzinfo=timezone.utc))
    assert [(f.post_id, f.data["at"]) for f in gm.flags if f.kind == "edited"] == [
        (28, "2026-12-31T17:20:00+03:00"), (47, "2027-01-01T15:42:00+03:00")]


def test_in_a_void_game_the_vote_edited_before_the_first_capture_is_void(tmp_path):
    # 004 (grand_hotel): «Редактированный голос во внимание не берется» — as before this change
    store, service = _crawled(tmp_path, ruleset="grand_hotel")
    with store:
        gm = _count(service)
    flags = {f.post_id: f for f in gm.flags if f.kind == "edited"}
    assert set(flags) == {28, 47}
    assert all(f.data["rule"] == "void" for f in flags.values())
    assert flags[28].data["reason"] == "опечатка в нике"
