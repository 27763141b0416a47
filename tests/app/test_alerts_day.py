"""A whole day of alerts, minute by minute, with a restart between T−15 and the deadline: the rules
and the sender together must deliver each alert exactly once (issue 6 "Done when")."""
from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import httpx
import respx

from functools import partial

from mafvote import alert_rules
from mafvote.alert_rules import CrawlHealth

# these tests pin the rules (when, what, to whom) in the English texts (`[alerts] language = "en"`); the
# Russian default's wording is pinned in test_alerts_language.py and test_alerts_gm_language.py
crawl_alerts = partial(alert_rules.crawl_alerts, language="en")
day_alerts = partial(alert_rules.day_alerts, language="en")
from mafvote.alerts import AlertLog, AlertSender, WebhookChannel
from mafvote.store import Store

TALLY = json.loads((Path(__file__).parents[1] / "data" / "alerts" / "tally_day3_gm.json").read_text(encoding="utf-8"))
DEADLINE = datetime(2026, 12, 30, 19, 0, tzinfo=timezone.utc)
HOOK = "https://hooks.example.org/mafvote"
POST = "https://forum.example.org/showthread.php?pid={post_id}#pid{post_id}"


class Clock:
    def __init__(self, now):
        self.now = now

    def __call__(self):
        return self.now


def due(now, failures):
    alerts = day_alerts("ny", TALLY, now=now, deadline=DEADLINE,
                        before_deadline=[timedelta(minutes=60), timedelta(minutes=15)], post_url=POST,
                        day_post="[b]Итоги дня 3[/b]\nНичья.")
    first_failure = DEADLINE - timedelta(minutes=45)
    health = CrawlHealth("vote", failures, first_failure if failures else None, "HTTP 503")
    return alerts + crawl_alerts("ny", health, now=now, phase="day3")


@respx.mock
def test_a_day_with_a_restart_before_the_deadline_sends_each_alert_once(tmp_path):
    hook = respx.post(HOOK).mock(return_value=httpx.Response(200))
    clock = Clock(DEADLINE - timedelta(minutes=90))
    client = httpx.Client()
    sender = AlertSender(AlertLog(Store(tmp_path / "m.db")), {"webhook": WebhookChannel(HOOK, client=client)},
                         clock=clock, sleep=lambda s: None)
    failures = 0
    while clock.now <= DEADLINE + timedelta(minutes=10):
        # the forum answers 503 for ten minutes, from T−45 to T−35: one crawl every 2 minutes fails
        if DEADLINE - timedelta(minutes=45) <= clock.now < DEADLINE - timedelta(minutes=35):
            failures += 1
        else:
            failures = 0
        if clock.now == DEADLINE - timedelta(minutes=10):
            # the process restarts: new store, log and sender over the same file
            client.close()
            client = httpx.Client()
            sender = AlertSender(AlertLog(Store(tmp_path / "m.db")),
                                 {"webhook": WebhookChannel(HOOK, client=client)}, clock=clock,
                                 sleep=lambda s: None)
        sender.send(due(clock.now, failures))
        clock.now += timedelta(minutes=2)
    client.close()

    sent = [json.loads(call.request.content) for call in hook.calls]
    assert [(p["kind"], p["text"].splitlines()[0], p["post_url"]) for p in sent] == [
        ("early_close", "Day 3: 4 of 7 votes are final (досрочно): the majority; the GM may close the day",
         POST.format(post_id=5011)),
        ("vote_flag", "Day 3, edited: Соня: the vote post was edited at 13:05 (Лайм → Ронин); the version "
                      "first seen counts", POST.format(post_id=5007)),
        ("vote_flag", 'Day 3, ambiguous_name: Маша: "Ро" matches Ронин and Роза; read as Ронин',
         POST.format(post_id=5012)),
        ("modkill_candidate", "Day 3: Петя missed a second vote: a modkill candidate", None),
        ("silent_player", "Day 3: Петя has written nothing for 45 h (since 2026-12-28T20:55:00+00:00): a "
                          "replacement candidate", None),
        ("deadline_soon", "Day 3 closes in 60 min (30.12 19:00 UTC)", None),
        # the third failed crawl in a row, at T−41; the fourth and fifth add nothing
        ("crawl_failing", "Crawling vote failed 3 times in a row since 2026-12-30T18:15:00+00:00: HTTP 503. "
                          "The count is not current; check the forum and the network", None),
        # crawls every 2 minutes: the first one inside T−15 is at T−14
        ("deadline_soon", "Day 3 closes in 14 min (30.12 19:00 UTC)", None),
        ("deadline", "Day 3 deadline reached (30.12 19:00 UTC) — final count (GM view):", None),
    ]
    deadline = sent[-1]
    assert deadline["time"] == "2026-12-30T19:00:00+00:00"
    assert deadline["text"].endswith("Suggested day post:\n[b]Итоги дня 3[/b]\nНичья.")
    assert all(p["phase"] == "day3" and p["game"] == "ny" for p in sent)
    assert AlertLog(Store(tmp_path / "m.db")).pending() == []
