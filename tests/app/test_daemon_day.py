"""The daemon through a whole game day against a local MyBB forum whose vote thread grows, driven by a
fake clock (issue 6 "Done when"): crawls, the T−60 and T−15 warnings, the early-close alert, the
deadline with its final count and day post — each exactly once; a restart between T−15 and the
deadline repeats nothing; a forum answering 503 for ten minutes; a channel that fails."""
from __future__ import annotations

import gc
from collections import Counter
from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest

from mafvote import daemon_status, heap
from mafvote.config import load_config
from mafvote.daemon import Daemon, DaemonError
from mafvote.game import GameError
from mafvote.forumsim import ForumSim
from support.daemon import (DAEMON_CONFIG, DAY, Broken, Recorder, daemon_for, msk, quick_client, run_day, vote,
                            write_daemon_config)

MSK = ZoneInfo("Europe/Moscow")


def test_a_whole_day_each_alert_once_with_the_final_count_and_the_day_post(forum, tmp_path):
    config = write_daemon_config(tmp_path, forum.base_url)
    channel = Recorder()
    reports = []
    with daemon_for(config, {"webhook": channel}) as daemon:
        run_day(daemon, forum, msk("10:00"), msk("23:00"), timedelta(minutes=5), reports=reports)

    assert channel.keys() == [
        "deadline_soon:day1:60m",
        "early_close:day1",
        "deadline_soon:day1:15m",
        "deadline:day1",
    ]
    by_key = {a.key: a for a in channel.sent}
    t60 = by_key["deadline_soon:day1:60m"]
    assert t60.time == msk("21:00")
    lines = t60.text.splitlines()
    assert lines[0] == "Day 1 closes in 60 min (30.12 22:00 Europe/Moscow)"
    # not voted yet: Alisa's penalty (+2) ties her with Соня's two votes (rule 6)
    assert "Tie at the top (2): Соня, Alisa" in lines
    assert "Not voted (1): Alisa" in lines
    assert "Alisa — total 2: penalty +2" in lines      # a penalty is no vote: the line says what the 2 is
    assert "Not voted (0): nobody" in by_key["deadline_soon:day1:15m"].text.splitlines()
    alisa = next(p.pid for p in forum.posts(2) if p.author == "Alisa")
    assert by_key["early_close:day1"].post_url.endswith(f"pid={alisa}#pid{alisa}")
    assert by_key["early_close:day1"].time == msk("21:30")

    final = by_key["deadline:day1"]
    text = final.text.splitlines()
    assert text[0] == "Day 1 deadline reached (30.12 22:00 Europe/Moscow) — final count (GM view):"
    assert "Соня — 3 (Ronin, Puss, Alisa)" in text
    assert "Ronin — 1 (Соня)" in text
    assert "Result: Соня (plurality)" in text
    # the suggested day post, in the game's theme, names who is hanged
    post = final.text.split("Suggested day post:\n", 1)[1]
    assert [line for line in post.splitlines() if line] == ["Повешена Соня", "[b]Жду НД до 30 декабря, 23:30.[/b]"]

    # every crawl was made on schedule: one per 5 minutes of the clock, 157 ticks from 10:00 to 23:00
    crawled = [now for now, r in reports if r.crawled]
    assert len(crawled) == 157
    # the count changed with the thread (votes per candidate; penalties aside): made only after a crawl
    # that changed the thread, and at the T−60, T−15 and deadline moments
    votes = {now.astimezone(MSK).strftime("%H:%M"): {c.player: len(c.voters) for c in r.counts["ny"].candidates
                                                      if c.voters}
             for now, r in reports if "ny" in r.counts}
    assert list(votes) == ["10:00", "10:10", "12:05", "13:40", "15:35", "21:00", "21:30", "21:45", "22:00",
                           "22:05"]
    assert votes["10:10"] == {"Соня": 1}
    assert votes["15:35"] == {"Соня": 2, "Ronin": 1}
    assert votes["21:30"] == {"Соня": 3, "Ronin": 1}
    assert votes["22:05"] == {"Соня": 3, "Ronin": 1}      # Ronin's 22:05 vote is after the deadline
    # the published files show the final public count
    bbcode = (tmp_path / "public" / "votecount-ny.bbcode").read_text(encoding="utf-8")
    assert "Соня" in bbcode and "Alisa" in bbcode
    # one document: the theme's page as rendered, not wrapped in a second one
    assert (tmp_path / "public" / "votecount-ny.html").read_text(encoding="utf-8").lower().count("<!doctype html>") == 1


def test_a_restart_between_t15_and_the_deadline_repeats_nothing(forum, tmp_path):
    config = write_daemon_config(tmp_path, forum.base_url)
    channel = Recorder()
    with daemon_for(config, {"webhook": channel}) as first:
        run_day(first, forum, msk("10:00"), msk("21:50"), timedelta(minutes=5), script=DAY[:5])
    assert channel.keys() == ["deadline_soon:day1:60m", "early_close:day1", "deadline_soon:day1:15m"]

    # A new process over the same store file: it looks at everything again at once (21:51, then on).
    with daemon_for(config, {"webhook": channel}) as second:
        run_day(second, forum, msk("21:51"), msk("23:00"), timedelta(minutes=3), script=DAY[5:])
    assert channel.keys() == ["deadline_soon:day1:60m", "early_close:day1", "deadline_soon:day1:15m",
                              "deadline:day1"]


def test_a_forum_down_for_ten_minutes_gives_one_crawl_alert_and_the_count_catches_up(forum, tmp_path):
    config = write_daemon_config(tmp_path, forum.base_url, poll="1m")
    channel = Recorder()
    reports = []
    with daemon_for(config, {"webhook": channel}) as daemon:
        run_day(daemon, forum, msk("12:50"), msk("13:00"), timedelta(minutes=1), script=DAY[:1])
        forum.fail_for(3600, status=503)                      # down from 13:00 ...
        run_day(daemon, forum, msk("13:01"), msk("13:10"), timedelta(minutes=1), script=DAY[1:2], reports=reports)
        forum.fail_for(0)                                     # ... back at 13:11
        run_day(daemon, forum, msk("13:11"), msk("13:20"), timedelta(minutes=1), script=(), reports=reports)

    failing = [a for a in channel.sent if a.kind == "crawl_failing"]
    assert len(failing) == 1, [a.key for a in failing]
    # the third failed crawl in a row (13:03) raises it; both topics fail: one alert, the vote thread's
    assert failing[0].key == "crawl_failing:vote:2026-12-30T10:01:00+00:00"
    assert "failed 3 times in a row" in failing[0].text and "HTTP 503" in failing[0].text
    assert failing[0].time == msk("13:03")
    errors = [now for now, r in reports if r.errors]
    assert errors[0] == msk("13:01") and errors[-1] == msk("13:10")
    # Соня's vote, which reached the forum during the outage, is in the count made right after it
    after = [(now, r.counts["ny"]) for now, r in reports if now >= msk("13:11") and "ny" in r.counts]
    assert after[0][0] == msk("13:11")
    assert {c.player: [v.voter for v in c.voters] for c in after[0][1].candidates if c.voters} == {
        "Соня": ["Ronin"], "Ronin": ["Соня"]}


def test_a_failing_channel_does_not_stop_the_others_or_the_daemon(forum, tmp_path):
    config = write_daemon_config(tmp_path, forum.base_url)
    good, broken = Recorder(), Broken()
    with daemon_for(config, {"email": broken, "webhook": good}) as daemon:
        run_day(daemon, forum, msk("20:50"), msk("22:10"), timedelta(minutes=5), script=DAY[:5])
        pending = daemon.sender.log_store.pending("ny")

    assert good.keys() == ["deadline_soon:day1:60m", "early_close:day1", "deadline_soon:day1:15m",
                           "deadline:day1"]
    # the dead channel keeps every alert pending for a later try, with the reason
    assert sorted(d.alert.key for d in pending) == sorted(good.keys())
    assert {d.channel for d in pending} == {"email"}
    assert "ConnectionRefusedError" in pending[0].last_error
    # it was tried 3 times per round, and between rounds rested until its retry time (backoff) instead of
    # being tried on every one of the 17 ticks
    assert broken.tries % 3 == 0 and 3 <= broken.tries <= 18


def test_two_games_on_two_forums_in_one_process_each_with_its_own_client(forum, tmp_path):
    with ForumSim(per_page=3) as other:
        other.add_topic(7, "Игра 2")
        other.add_topic(8, "Голосование 2")
        other.add_post(7, "Ведущий", "День первый.", time=msk("10:00"))
        other.add_post(8, "Ведущий", "Голосуем.", time=msk("10:00"))
        text = DAEMON_CONFIG.format(base=forum.base_url, poll="5m")
        second = DAEMON_CONFIG.format(base=other.base_url, poll="10m")
        forum2 = second[second.index("[[forums]]"):second.index("[[games]]")].replace('id = "sim"', 'id = "sim2"')
        game2 = (second[second.index("[[games]]"):second.index("[alerts]")]
                 .replace('id = "ny"', 'id = "ny2"').replace('forum = "sim"', 'forum = "sim2"')
                 .replace("tid=1", "tid=7").replace("tid=2", "tid=8")
                 .replace('first_deadline = "2026-12-30T22:00"', 'first_deadline = "2026-12-30T21:30"'))
        text = text.replace("[[games]]", forum2 + "[[games]]", 1).replace("[alerts]", game2 + "[alerts]")
        path = tmp_path / "config.toml"
        path.write_text(text, encoding="utf-8")
        made = []

        def factory(f):
            made.append(f.id)
            return quick_client(f)

        channel = Recorder()
        with Daemon(load_config(path), channels={"webhook": channel}, client_factory=factory,
                    sleep=lambda s: None) as daemon:
            reports = []
            run_day(daemon, forum, msk("19:00"), msk("22:20"), timedelta(minutes=5), script=DAY[:5], reports=reports)
        assert made == ["sim", "sim2"]
        crawled = Counter(g for _, r in reports for g in r.crawled)
        assert crawled == {"ny": 41, "ny2": 21}          # every 5 and every 10 minutes from 19:00 to 22:20
        assert [(a.game, a.key) for a in channel.sent if a.kind.startswith("deadline")] == [
            ("ny2", "deadline_soon:day1:60m"), ("ny", "deadline_soon:day1:60m"), ("ny2", "deadline_soon:day1:15m"),
            ("ny2", "deadline:day1"), ("ny", "deadline_soon:day1:15m"), ("ny", "deadline:day1")]
        assert other.requests > 0 and all(status == 200 or status == 304 for _, status in other.log)


def test_a_day_with_russian_alerts_sends_the_same_alerts_under_the_same_keys_in_russian(forum, tmp_path):
    config = write_daemon_config(tmp_path, forum.base_url)
    config.write_text(config.read_text(encoding="utf-8").replace(
        'language = "en"', 'language = "ru"'), encoding="utf-8")
    channel = Recorder()
    with daemon_for(config, {"webhook": channel}) as daemon:
        run_day(daemon, forum, msk("10:00"), msk("23:00"), timedelta(minutes=5))

    assert channel.keys() == ["deadline_soon:day1:60m", "early_close:day1", "deadline_soon:day1:15m", "deadline:day1"]
    by_key = {a.key: a for a in channel.sent}
    t60 = by_key["deadline_soon:day1:60m"].text.splitlines()
    assert t60[0] == "День 1 закрывается через 1 час (30.12 22:00 МСК)"
    assert "Ничья на первом месте (2 голоса): Соня, Alisa" in t60
    assert "Не проголосовали (1): Alisa" in t60
    assert "Alisa — итого 2: штраф +2" in t60
    assert by_key["early_close:day1"].text.startswith("День 1: все, кто должен голосовать, проголосовали досрочно")
    final = by_key["deadline:day1"].text.splitlines()
    assert final[0] == "День 1: время голосования истекло (30.12 22:00 МСК) — итоговый подсчёт (для ведущего):"
    assert "Соня — 3 голоса (Ronin, Puss, Alisa)" in final
    assert "Итог: Соня (большинство)" in final
    assert "Предлагаемый пост итогов дня:" in final


def test_after_the_game_ends_no_more_deadline_alerts_come(forum, tmp_path):
    config = write_daemon_config(tmp_path, forum.base_url)
    channel = Recorder()
    with daemon_for(config, {"webhook": channel}) as daemon:
        run_day(daemon, forum, msk("10:00"), msk("21:55"), timedelta(minutes=5), script=DAY[:5])
        # the GM hangs the only mafioso: the town wins (RULES.md §5)
        out = daemon.games["ny"].service.close_day(1, now=msk("22:01"), eliminate="Ronin")
        assert out.outcome.winner == "town"
        # a whole next day by the clock (night 1 to 23:30, day 2 to 22:00 on the 31st): nothing to warn about
        run_day(daemon, forum, msk("22:05"), msk("23:00", day=31), timedelta(minutes=15), script=[])
    assert channel.keys() == ["deadline_soon:day1:60m", "early_close:day1", "deadline_soon:day1:15m"]


def test_no_count_is_published_before_the_vote_thread_was_read_once(forum, tmp_path):
    # the forum is down when the daemon first starts: a count of an unread thread would say «nobody voted»
    config = write_daemon_config(tmp_path, forum.base_url, poll="1m")
    published = tmp_path / "public" / "votecount-ny.bbcode"
    with daemon_for(config, {"webhook": Recorder()}) as daemon:
        forum.fail_for(3600, status=503)
        run_day(daemon, forum, msk("10:00"), msk("10:05"), timedelta(minutes=1), script=())
        assert not published.exists()
        forum.fail_for(0)
        run_day(daemon, forum, msk("10:06"), msk("10:09"), timedelta(minutes=1), script=DAY[:1])
    assert "[color=#FF0000]Соня[/color] — 1 голос (Ronin [i]досрочно[/i])" in published.read_text(encoding="utf-8")


def test_the_daemon_asks_whether_the_thread_was_read_until_it_was_and_finds_each_topic_once(forum, tmp_path,
                                                                                            monkeypatch):
    # a finished run stays in the store and a topic row is never removed: once found, neither is asked again at
    # each tick (issue 17: two reads of the crawl log and two of the topics a tick)
    config = write_daemon_config(tmp_path, forum.base_url, poll="1m")
    asked: Counter = Counter()
    with daemon_for(config, {"webhook": Recorder()}) as daemon:
        for name in ("vote_thread_read", "topic"):
            inner = getattr(daemon.store, name)
            monkeypatch.setattr(daemon.store, name, lambda *a, _inner=inner, _name=name, **k: (
                asked.update([_name]), _inner(*a, **k))[1])
        forum.fail_for(3600, status=503)
        run_day(daemon, forum, msk("10:00"), msk("10:02"), timedelta(minutes=1), script=())
        failing = asked["vote_thread_read"]
        forum.fail_for(0)
        run_day(daemon, forum, msk("10:03"), msk("10:08"), timedelta(minutes=1), script=DAY[:1])
        asked.clear()
        run_day(daemon, forum, msk("10:09"), msk("10:14"), timedelta(minutes=1), script=[("10:11", *DAY[1][1:])])
        published = (tmp_path / "public" / "votecount-ny.bbcode").read_text(encoding="utf-8")
    assert failing >= 2             # while the forum was down: asked at each count (no count file, no page)
    # the crawl's own look at each topic (`ensure_topic`), two a tick: none from the daemon's crawl health
    assert asked == Counter({"topic": 6 * 2})
    assert "[color=#FF0000]Ronin[/color] — 1 голос (Соня [i]досрочно[/i])" in published     # 10:11's vote


def test_a_store_error_in_one_game_is_one_line_and_the_daemon_goes_on(forum, tmp_path, caplog, monkeypatch):
    from mafvote.store import StoreError

    config = write_daemon_config(tmp_path, forum.base_url)
    with daemon_for(config, {"webhook": Recorder()}) as daemon:
        def locked(game_id, now):
            raise StoreError("store m.db is locked: another program kept writing it for 10 s; try again")
        monkeypatch.setattr(daemon, "_crawl", locked)
        with caplog.at_level("ERROR", logger="mafvote.daemon"):
            report = daemon.tick(msk("10:00"))
    assert report.errors == ["ny: store m.db is locked: another program kept writing it for 10 s; try again"]
    [record] = [r for r in caplog.records if r.levelname == "ERROR"]
    assert record.getMessage() == "game ny: store m.db is locked: another program kept writing it for 10 s; try again"
    assert record.exc_info is None            # not a bug: no traceback


def test_a_bug_met_by_one_game_is_a_russian_line_of_the_tick_and_a_traceback_in_the_log(forum, tmp_path, caplog,
                                                                                        monkeypatch):
    config = write_daemon_config(tmp_path, forum.base_url)
    config.write_text(config.read_text(encoding="utf-8").replace('language = "en"', 'language = "ru"'),
                      encoding="utf-8")
    with daemon_for(config, {"webhook": Recorder()}) as daemon:
        def bug(game_id, now):
            raise KeyError("pid")
        monkeypatch.setattr(daemon, "_crawl", bug)
        with caplog.at_level("ERROR", logger="mafvote.daemon"):
            report = daemon.tick(msk("10:00"))
    assert report.errors == ["ny: внутренняя ошибка mafvote: `KeyError: 'pid'`; подробности в логе"]
    [record] = [r for r in caplog.records if r.levelname == "ERROR"]
    # the log's English; a bug: its traceback is in the log (the secret filter may have folded it into the message)
    assert record.getMessage().splitlines()[0] == "game ny: internal error, the other games carry on"
    assert 'raise KeyError("pid")' in caplog.text


def test_a_game_whose_ruleset_cannot_be_opened_stops_the_daemon_naming_the_game_in_russian(forum, tmp_path,
                                                                                          monkeypatch):
    def broken(config, game, store):
        raise GameError("набор правил new_year не читается: строка 3, лишняя скобка")
    monkeypatch.setattr(daemon_status, "service_for", broken)
    with pytest.raises(DaemonError) as stopped:
        daemon_for(write_daemon_config(tmp_path, forum.base_url), {"webhook": Recorder()})
    assert str(stopped.value) == "игра ny: набор правил new_year не читается: строка 3, лишняя скобка"


def test_the_heap_is_given_back_once_per_tick_that_did_work_and_not_after_an_idle_one(forum, tmp_path, monkeypatch):
    # glibc keeps a tick's freed pages and counts in its arenas; the soak's RSS followed the largest so far
    given = []
    monkeypatch.setattr(heap, "give_back", lambda: given.append(1) or True)
    config = write_daemon_config(tmp_path, forum.base_url)
    with daemon_for(config, {"webhook": Recorder()}) as daemon:
        first = daemon.tick(msk("10:00"))          # the first crawl: both games' counts and pages
        assert first.counts and len(given) == 1
        idle = daemon.tick(msk("10:05"))           # nothing new, no deadline moment
        assert not (idle.changed or idle.counts or idle.published) and len(given) == 1
        forum.add_post(2, "Ronin", vote("Соня"), time=msk("10:07"))
        worked = daemon.tick(msk("10:10"))
        assert worked.changed == ["ny"] and len(given) == 2
        daemon.run_due(msk("10:11"))               # looked at again, nothing to do
        assert len(given) == 2


def _cyclic_garbage(modules: tuple[str, ...]) -> Counter:
    """What a collection finds unreachable now, by type, of the types from `modules`' packages (the forum simulator's
    server thread, in this process too, is left out)."""
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        found = Counter(f"{type(o).__module__}.{type(o).__qualname__}" for o in gc.garbage
                        if type(o).__module__.split(".")[0] in modules)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.collect()            # what was kept to be looked at, freed (it is still in its cycles)
    return found


def test_a_tick_that_did_work_leaves_none_of_its_reference_cycles_for_a_later_collection(forum, tmp_path):
    # issue 17's soak: a tick's cycles (httpx's every response, encode/httpx#3733; the pages' imported macros) were
    # freed by a collection after the heap was given back, or during the next tick, ≈ 160 KiB a tick at 10 games;
    # the tick runs with the collector paused and collects its own young objects before giving the heap back
    ours = ("httpx", "httpcore", "jinja2", "mafvote", "mafvote_scraper", "mafvote_tally", "mafvote_resolver")
    config = write_daemon_config(tmp_path, forum.base_url)
    with daemon_for(config, {"webhook": Recorder()}) as daemon:
        _cyclic_garbage(ours)
        first = daemon.tick(msk("10:00"))          # the first crawl of both topics, the counts, the pages
        assert first.counts and first.published
        assert _cyclic_garbage(ours) == Counter()
        forum.add_post(2, "Ronin", vote("Соня"), time=msk("10:07"))
        worked = daemon.tick(msk("10:10"))
        assert worked.changed == ["ny"]
        assert _cyclic_garbage(ours) == Counter()
        assert gc.isenabled()
