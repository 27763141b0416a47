"""Which alerts are due (issue 6 item 2), from a GM-view tally, the deadline and `now`: pure functions,
so every case is a table row. The keys are what makes "each alert once" hold across crawls."""
from __future__ import annotations

import copy
import json
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from functools import partial

from mafvote import alert_rules
from mafvote.alert_rules import CrawlHealth

# these tests pin the rules (when, what, to whom) in the English texts (`[alerts] language = "en"`); the
# Russian default's wording is pinned in test_alerts_language.py and test_alerts_gm_language.py
crawl_alerts = partial(alert_rules.crawl_alerts, language="en")
day_alerts = partial(alert_rules.day_alerts, language="en")
deadline_alerts = partial(alert_rules.deadline_alerts, language="en")
flag_alerts = partial(alert_rules.flag_alerts, language="en")

TALLY = json.loads((Path(__file__).parents[1] / "data" / "alerts" / "tally_day3_gm.json").read_text(encoding="utf-8"))
DEADLINE = datetime(2026, 12, 30, 19, 0, tzinfo=timezone.utc)      # 22:00 Moscow
OFFSETS = [timedelta(minutes=60), timedelta(minutes=15)]
MSK = ZoneInfo("Europe/Moscow")
POST = "https://forum.example.org/showthread.php?pid={post_id}#pid{post_id}"
THREAD = "https://forum.example.org/showthread.php?tid=2"


def keys(alerts):
    return [a.key for a in alerts]


def soon(now, tally=TALLY, **kw):
    return deadline_alerts("ny", tally, deadline=DEADLINE, now=now, before_deadline=OFFSETS,
                           thread_url=THREAD, tz=MSK, **kw)


@pytest.mark.parametrize("minutes_left, expected", [
    (61, []),
    (60, ["deadline_soon:day3:60m"]),
    (16, ["deadline_soon:day3:60m"]),
    (15, ["deadline_soon:day3:15m"]),
    # a daemon that slept through T-60 wakes at T-10: only the nearest warning, not a late T-60 too
    (10, ["deadline_soon:day3:15m"]),
    (0, ["deadline:day3"]),
    (-180, ["deadline:day3"]),
])
def test_deadline_warnings_at_each_moment(minutes_left, expected):
    assert keys(soon(DEADLINE - timedelta(minutes=minutes_left))) == expected


def test_t60_names_who_has_not_voted_the_leaders_and_the_tie():
    [alert] = soon(DEADLINE - timedelta(minutes=59, seconds=30))
    assert alert.kind == "deadline_soon"
    assert alert.phase == "day3"
    assert alert.post_url == THREAD
    lines = alert.text.splitlines()
    assert lines[0] == "Day 3 closes in 60 min (30.12 22:00 Europe/Moscow)"
    assert "Tie at the top (3): Лайм, Ронин" in lines
    assert "Not voted (1): Петя" in lines
    assert "Лайм — 3 (Ронин, Соня, Енох)" in lines
    assert "Ронин — 3 (Лайм, Маша, Коля)" in lines


def test_a_single_leader_is_named_as_the_leader():
    tally = copy.deepcopy(TALLY)
    tally["candidates"][1]["total"] = 2
    [alert] = soon(DEADLINE - timedelta(minutes=14), tally)
    assert "Leader: Лайм (3)" in alert.text.splitlines()


def test_deadline_alert_carries_the_final_gm_count_and_the_suggested_post():
    post = "[b]Итоги дня 3[/b]\nНичья: Лайм и Ронин. Никто не покидает игру."
    [alert] = soon(DEADLINE + timedelta(seconds=5), day_post=post)
    assert (alert.kind, alert.key, alert.time) == ("deadline", "deadline:day3", DEADLINE)
    assert alert.text.startswith("Day 3 deadline reached (30.12 22:00 Europe/Moscow) — final count (GM view):")
    assert "Соня — 1 (Петя ×0)" in alert.text     # Петя is silenced: his vote weighs 0 (the GM view)
    assert "Result: nobody (tie)" in alert.text
    assert alert.text.endswith("Suggested day post:\n" + post)


def test_a_day_closed_early_by_itself_gets_its_deadline_alert_at_the_close():
    tally = copy.deepcopy(TALLY)
    tally.update(closed=True, closed_early="2026-12-30T16:05:00+00:00")
    now = DEADLINE - timedelta(hours=2)
    [alert] = soon(now, tally)
    assert alert.key == "deadline:day3"
    assert alert.time == datetime(2026, 12, 30, 16, 5, tzinfo=timezone.utc)
    assert alert.text.startswith("Day 3 closed early at 30.12 19:05 Europe/Moscow")


def test_each_situation_in_the_tally_becomes_one_alert_with_a_link():
    now = DEADLINE - timedelta(hours=3)  # before any warning: only the tally's own findings
    alerts = day_alerts("ny", TALLY, now=now, deadline=DEADLINE, before_deadline=OFFSETS, post_url=POST,
                        thread_url=THREAD)
    got = {(a.kind, a.key, a.post_url) for a in alerts}
    assert got == {
        ("early_close", "early_close_majority:day3", POST.format(post_id=5011)),
        ("vote_flag", "vote_flag:post5007:edited", POST.format(post_id=5007)),
        ("vote_flag", "vote_flag:post5012:ambiguous_name", POST.format(post_id=5012)),
        ("modkill_candidate", "modkill_candidate:day3:Петя", None),
        ("silent_player", "silent_player:day3:Петя", None),
    }
    by_key = {a.key: a for a in alerts}
    assert by_key["vote_flag:post5012:ambiguous_name"].text == (
        'Day 3, ambiguous_name: Маша: "Ро" matches Ронин and Роза; read as Ронин')
    assert "self_vote" not in " ".join(keys(alerts))  # decided by the rules: nothing for the GM to judge


def test_the_same_situation_gives_the_same_keys_on_every_crawl():
    def at(minutes_left):
        return keys(day_alerts("ny", TALLY, now=DEADLINE - timedelta(minutes=minutes_left), deadline=DEADLINE,
                               before_deadline=OFFSETS, post_url=POST))
    assert at(50) == at(40) == at(20)
    assert set(at(14)) - set(at(50)) == {"deadline_soon:day3:15m"}


def test_under_active_players_are_reported_only_before_the_night_deadline():
    tally = copy.deepcopy(TALLY)
    tally.update(closed=True, flags=[{"kind": "under_active", "player": "Енох", "post_id": None,
                                      "detail": "Енох wrote 2 posts today (fewer than 3): the next night "
                                                "action is refused"}])
    night_deadline = DEADLINE + timedelta(minutes=30)
    [alert] = flag_alerts("ny", tally, now=DEADLINE + timedelta(minutes=1), night_deadline=night_deadline)
    assert (alert.kind, alert.key) == ("under_active", "under_active:day3:Енох")
    assert alert.text.startswith("Day 3: Енох wrote 2 posts today (fewer than 3)")
    assert flag_alerts("ny", tally, now=night_deadline, night_deadline=night_deadline) == []


@pytest.mark.parametrize("failures, expected", [(1, 0), (2, 0), (3, 1), (7, 1)])
def test_crawl_failing_after_three_in_a_row(failures, expected):
    first = datetime(2026, 12, 30, 12, 0, tzinfo=timezone.utc)
    health = CrawlHealth(topic="vote", failures_in_a_row=failures, first_failure_at=first,
                         last_error="HTTP 503 from forum.example.org", url=THREAD)
    alerts = crawl_alerts("ny", health, now=first + timedelta(minutes=10), phase="day3")
    assert len(alerts) == expected
    if alerts:
        # the key is the run of failures, so the 4th, 5th... failure of the same run adds nothing
        assert alerts[0].key == "crawl_failing:vote:2026-12-30T12:00:00+00:00"
        assert f"failed {failures} times in a row" in alerts[0].text
        assert "HTTP 503 from forum.example.org" in alerts[0].text


def test_layout_not_recognised_is_alerted_at_once():
    first = datetime(2026, 12, 30, 12, 0, tzinfo=timezone.utc)
    health = CrawlHealth(topic="vote", failures_in_a_row=1, first_failure_at=first, layout_unrecognised=True,
                         last_error="no posts found on page 4", url=THREAD)
    [alert] = crawl_alerts("ny", health, now=first, phase="day3")
    assert alert.key == "crawl_failing:layout:vote:2026-12-30T12:00:00+00:00"
    assert alert.text.startswith(f"The page layout of {THREAD} was not recognised: no posts found on page 4")


def test_a_tally_object_is_accepted_as_well_as_its_json():
    class Wrapped:
        def to_json(self):
            return TALLY
    now = DEADLINE - timedelta(minutes=15)
    assert keys(soon(now, Wrapped())) == keys(soon(now)) == ["deadline_soon:day3:15m"]


def test_the_public_view_is_refused_because_it_hides_what_the_gm_must_act_on():
    public = dict(TALLY, view="public")
    with pytest.raises(ValueError, match="alerts are computed from the GM view of the count, got the 'public' view"):
        day_alerts("ny", public, now=DEADLINE, deadline=DEADLINE, before_deadline=OFFSETS)
