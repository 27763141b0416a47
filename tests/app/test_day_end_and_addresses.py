"""The day's end as the store knows it, and a forum address changed in the config:

* a day with an applied close is closed in every count and post, also in the minute after a GM's close;
* an automatic early close (000/003 досрочно, RULES.md §3.11) is stored as the day's end: the night starts at
  the closing post, and a recount still counts that post;
* a day deadline at least 3 hours after the night's is kept at exactly 3 hours, and the 3 hours are real time
  across a change of the clocks;
* a GM's close keeps the votes of its minute, with `--closed-at` as without it; a `--closed-at` after the
  deadline is refused with what to do;
* `day close --dry-run` with its own bounds warns of hidden weights only when the cut count has them;
* a forum that moved (new address in config.toml) is read at the new address, with nothing lost or doubled.

The games are small rosters with posts stored directly (as the crawler leaves them), except the move of the
forum, which runs `mafvote crawl` against a local forum (`mafvote.forumsim`)."""
from __future__ import annotations

import json
import socket
from datetime import datetime, time, timedelta, timezone
from pathlib import Path
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import pytest

from mafvote.cli import main
from mafvote.forumsim import ForumSim
from mafvote.game import GameError, phase_deadline
from mafvote.store import Store
from mafvote_scraper.fetch import FetchedMeta
from mafvote_scraper.model import ParsedPage, ParsedPost
from support import NEW_YEAR_ROSTER, TIME_MACHINE_ROSTER, StoreGame, blue_span, msk_at, red_span, store_game_config

MSK = ZoneInfo("Europe/Moscow")
BERLIN = ZoneInfo("Europe/Berlin")
# new_year (001): Вася is Снеговик, whose blue counts 3 (hidden); Соня is Герда, whose red counts 2 (hidden)
# --- new_year: day 1 runs from 22:30 on 11.11 (night 1's deadline) to 22:00 on 12.11 ---------------------------

@pytest.fixture
def ny(tmp_path):
    g = StoreGame(tmp_path, "new_year", NEW_YEAR_ROSTER, start="2026-11-10T23:00", first="2026-11-11T22:30",
             starts_with="night", night="22:30")
    with g.store:
        g.svc.resolve_night(1, now=msk_at("2026-11-11T22:40"))
        yield g


def test_rule_3_1_a_day_the_gm_closed_is_closed_in_tally_and_the_count_post_within_the_closing_minute(ny):
    ny.post("Петя", msk_at("2026-11-12T10:00"), red_span("Маша"))
    ny.post("Дима", msk_at("2026-11-12T10:05"), red_span("Маша"))
    ny.post("Катя", msk_at("2026-11-12T11:00"), red_span("Вася"))
    closing = msk_at("2026-11-12T14:29:40")
    ny.svc.close_day(1, now=closing)
    # ten seconds later the close (stored at 14:30, the end of its minute) is still ahead of the clock
    later = closing + timedelta(seconds=10)
    code, out, err = ny.cli(later, "tally", "--day", "1", "--format", "json")
    assert code == 0, err
    count = json.loads(out)
    assert count["closed"] is True
    assert count["outcome"]["reason"] == "plurality" and count["outcome"]["eliminated"] == ["Маша"]
    assert [(c["player"], c["total"]) for c in count["candidates"][:2]] == [("Маша", 4), ("Вася", 3)]
    code, out, err = ny.cli(later, "render", "votecount", "1", "--format", "text")
    assert code == 0, err
    assert "осталось" not in out and "Голосование закрыто" in out
    # the same command the minute before the close: the day was open then
    code, out, err = ny.cli(later, "tally", "--day", "1", "--format", "json", "--at", "2026-11-12T14:00")
    assert code == 0, err
    assert json.loads(out)["closed"] is False


GRAND_HOTEL = [("Лола", "Донья Тереса"), ("Пабло", "Алисия Аларкон"), ("Хуан", "Хулио Ольмедо"),
               ("Марта", "Андрес Аларкон"), ("Инес", "Каталина"), ("Кармен", "Донья Элиса"), ("Рауль", "Аяла"),
               ("Серхио", "Хавьер")]


def test_rule_3_14_a_day_a_004_modkill_closed_is_closed_in_the_count_within_the_closing_minute(tmp_path):
    g = StoreGame(tmp_path, "grand_hotel", GRAND_HOTEL, start="2026-11-10T20:00", first="2026-11-11T21:30",
             starts_with="night", night="22:30")
    with g.store:
        g.svc.resolve_night(1, now=msk_at("2026-11-11T21:40"))
        g.post("Лола", msk_at("2026-11-12T10:00"), "<strong>Рауль</strong>")
        g.post("Пабло", msk_at("2026-11-12T11:00"), "<strong>Рауль</strong>")
        modkill = msk_at("2026-11-12T14:29:40")
        g.svc.modkill_closing_day("Серхио", now=modkill)
        count = g.svc.count(1, view="public", now=modkill + timedelta(seconds=10))
        assert count.closed is True
        assert (count.outcome.reason, count.outcome.eliminated) == ("modkill", ("Серхио",))


def test_a_gms_close_keeps_the_votes_of_its_minute_with_closed_at_as_without_it(ny, tmp_path):
    ny.post("Петя", msk_at("2026-11-12T10:00"), red_span("Маша"))
    ny.post("Дима", msk_at("2026-11-12T15:00"), red_span("Вася"))
    katya = ny.post("Катя", msk_at("2026-11-12T16:00:00"), red_span("Вася"))      # shown at 16:00, the closing minute
    ny.post("Oleg", msk_at("2026-11-12T16:01"), red_span("Маша"))                 # after it
    typed = ny.svc.close_day(1, now=msk_at("2026-11-12T20:00"), closed_at=msk_at("2026-11-12T16:00"), dry_run=True)
    plain = ny.svc.close_day(1, now=msk_at("2026-11-12T16:00:40"), dry_run=True)
    for result in (typed, plain):
        counted = {v.post_id for v in result.count.votes if v.counted}
        assert katya in counted
        assert [f.player for f in result.count.flags if f.kind == "late"] == ["Oleg"]
        assert result.count.outcome.eliminated == ("Вася",)
    ny.svc.close_day(1, now=msk_at("2026-11-12T20:00"), closed_at=msk_at("2026-11-12T16:00"))
    # the night starts at the end of the closing minute, as after a plain close
    assert ny.svc.current_phase().start == msk_at("2026-11-12T16:01")
    recount = ny.svc.count(1, now=msk_at("2026-11-12T20:00"))
    assert katya in {v.post_id for v in recount.votes if v.counted}


def test_a_closed_at_after_the_deadline_is_refused_with_what_to_do_and_nothing_applied(ny):
    ny.post("Петя", msk_at("2026-11-12T10:00"), red_span("Маша"))
    with pytest.raises(GameError) as exc:
        ny.svc.close_day(1, now=msk_at("2026-11-13T09:00"), closed_at=msk_at("2026-11-12T22:05"))
    assert str(exc.value) == ("--closed-at 12.11.2026 22:05 — позже дедлайна дня 1 (12.11.2026 22:00), а подсчёт "
                              "всё равно останавливается на дедлайне: уберите --closed-at; если вы продлили день, "
                              "укажите вместо этого --deadline 2026-11-12T22:05")
    assert [r.how for r in ny.svc.applied()] == ["resolve"]
    # the deadline itself is the day's end, not after it
    ny.svc.close_day(1, now=msk_at("2026-11-13T09:00"), closed_at=msk_at("2026-11-12T22:00"))
    assert ny.svc.current_phase().start == msk_at("2026-11-12T22:00")


def _cut_day(ny: StoreGame, *, doctor_blue: bool) -> None:
    """Маша leads 3 by 16:00; later four vote Вася, who leads the whole day's public count."""
    for i, voter in enumerate(("Петя", "Дима", "Катя")):
        ny.post(voter, msk_at(f"2026-11-12T1{i}:00"), red_span("Маша"))
    if doctor_blue:
        ny.post("Вася", msk_at("2026-11-12T15:00"), blue_span("Маша"))        # Снеговик: counts 3, shown as 1
    for i, voter in enumerate(("Ёжик", "Oleg", "Ronin", "Маша")):
        ny.post(voter, msk_at(f"2026-11-12T17:0{i}"), red_span("Вася"))


@pytest.mark.parametrize("bounds", [("--closed-at", "2026-11-12T16:00"), ("--deadline", "2026-11-12T16:00")])
def test_dry_run_with_its_own_bounds_gives_no_false_hidden_weights_warning(ny, bounds):
    _cut_day(ny, doctor_blue=False)
    code, out, err = ny.cli(msk_at("2026-11-12T23:00"), "day", "close", "--day", "1", *bounds, "--dry-run")
    assert code == 0, err
    assert "Подсчёт: Маша 5" in out and "итог: большинство" in out
    assert "ВНИМАНИЕ" not in out


def test_dry_run_with_its_own_bounds_still_warns_of_the_doctors_hidden_blue_in_the_cut(ny):
    _cut_day(ny, doctor_blue=True)
    code, out, err = ny.cli(msk_at("2026-11-12T23:00"), "day", "close", "--day", "1", "--closed-at",
                            "2026-11-12T16:00", "--dry-run")
    assert code == 0, err
    # real: Маша 3 - 3 + 2 = 2, tied with every non-voter; public: Маша 3 - 1 + 2 = 4 leads
    assert ("ВНИМАНИЕ: открытый подсчёт показывает лидера: Маша (4 голоса), но настоящий подсчёт (со скрытыми весами "
            "голосов) даёт другое: ничья") in out


# --- time_machine (003): day 3 on 03.11, 12:00 to 22:00; every vote final (досрочно) by 15:00 --------------------

@pytest.fixture
def tm(tmp_path):
    g = StoreGame(tmp_path, "time_machine", TIME_MACHINE_ROSTER, start="2026-11-01T12:00", first="2026-11-01T22:00",
             starts_with="day", night="12:00")
    with g.store:
        for n, (closed, resolved) in enumerate((("2026-11-01T23:00", "2026-11-02T13:00"),
                                                ("2026-11-02T23:00", "2026-11-03T12:30")), 1):
            g.svc.close_day(n, now=msk_at(closed), nobody=True)
            g.svc.resolve_night(n, now=msk_at(resolved))
        targets = {"Маф1": "Мир3", "Маф2": "Мир3", "Ком": "Маф1", "Док": "Маф1", "Ман": "Мир3", "Мир1": "Маф1",
                   "Мир2": "Мир3", "Мир3": "Маф1"}
        for i, (voter, target) in enumerate(targets.items()):
            g.last = g.post(voter, msk_at("2026-11-03T14:53") + timedelta(minutes=i), red_span(target, final=True))
        g.post("Ком", msk_at("2026-11-03T15:30"), red_span("Мир3"))      # after the early close: late
        yield g


@pytest.mark.parametrize("closing", ["2026-11-03T16:49:10", "2026-11-03T23:00"])
def test_rule_3_11_an_automatic_early_close_is_the_days_end_and_the_night_starts_there(tm, closing):
    # the GM closes the day an hour and a half after the early close, or after the deadline
    result = tm.svc.close_day(3, now=msk_at(closing))
    assert result.count.closed_early == msk_at("2026-11-03T15:00")
    assert result.outcome.public[0].text  # the day was applied
    row = tm.svc.applied()[-1]
    assert (row.how, row.ended) == ("close", msk_at("2026-11-03T15:00"))
    night = tm.svc.current_phase()
    assert (night.kind, night.number, night.start) == ("night", 3, msk_at("2026-11-03T15:00"))
    # a recount of the closed day still counts the closing post and ends where the close did
    recount = tm.svc.count(3, now=msk_at(closing) + timedelta(seconds=5))
    assert recount.closed and recount.closed_early == msk_at("2026-11-03T15:00")
    assert tm.last in {v.post_id for v in recount.votes if v.counted}
    assert recount.outcome == result.count.outcome
    assert [f.player for f in recount.flags if f.kind == "late"] == ["Ком"]
    code, out, err = tm.cli(msk_at(closing) + timedelta(seconds=5), "state", "--format", "json")
    assert code == 0, err
    assert json.loads(out)["phase"]["start"] == "2026-11-03T15:00:00+03:00"


def test_issue_15_7_the_dosrochno_post_that_closed_day_3_is_not_an_early_post_of_day_4(tm):
    # Мир3's досрочно vote at 15:00 made every vote final and closed day 3 (RULES.md §3.11): the night starts at
    # that post, which belongs to day 3; Ком's vote at 15:30, posted in the night, is day 4's one early post
    tm.svc.close_day(3, now=msk_at("2026-11-03T16:00"))
    tm.svc.resolve_night(3, now=msk_at("2026-11-04T12:30"))
    day4 = tm.svc.count(4, now=msk_at("2026-11-04T13:00"))
    early = [(f.player, f.post_id) for f in day4.flags if f.kind == "early_post"]
    assert [player for player, _ in early] == ["Ком"]
    assert tm.last not in {post_id for _, post_id in early}
    code, out, err = tm.cli(msk_at("2026-11-04T13:00"), "tally", "--day", "4")
    assert code == 0, err
    assert [line for line in out.splitlines() if line.startswith("! ")] == [
        f"! голос до начала дня: Ком, пост {early[0][1]} — голос в 03.11 15:30 МСК подан до начала дня (04.11 12:00 "
        "МСК); не засчитан — игрок должен проголосовать заново днём"]


# --- the schedule: a day at least 3 hours after the night's deadline --------------------------------------------

@pytest.mark.parametrize("tz, night_end, day_deadline, expected", [
    # README "at least 3 hours": a night to 19:00 and a day to 22:00 make a day of exactly 3 hours, that evening
    (MSK, datetime(2026, 11, 1, 19, 0, tzinfo=MSK), time(22, 0), datetime(2026, 11, 1, 22, 0, tzinfo=MSK)),
    (MSK, datetime(2026, 11, 1, 19, 1, tzinfo=MSK), time(22, 0), datetime(2026, 11, 2, 22, 0, tzinfo=MSK)),
    # Berlin, 25.10.2026 03:00 CEST -> 02:00 CET: 01:00 CEST + 3 h is 03:00 CET, so 03:30 CET is 3 h 30 min away
    (BERLIN, datetime(2026, 10, 25, 1, 0, tzinfo=BERLIN), time(3, 30),
     datetime(2026, 10, 25, 3, 30, tzinfo=BERLIN)),
    # Berlin, 29.03.2026 02:00 CET -> 03:00 CEST: 03:45 CEST is only 2 h 15 min after 00:30 CET: the next night's
    (BERLIN, datetime(2026, 3, 29, 0, 30, tzinfo=BERLIN), time(3, 45),
     datetime(2026, 3, 30, 3, 45, tzinfo=BERLIN)),
])
def test_a_day_ends_at_the_first_day_deadline_at_least_3_real_hours_after_the_night(tz, night_end, day_deadline,
                                                                                     expected):
    schedule = SimpleNamespace(day_deadline=day_deadline, night_deadline=time(12, 0))
    got = phase_deadline("day", night_end, schedule, tz)
    assert got == expected
    # real time: aware datetimes of one zone subtract as wall clocks, so in UTC
    assert got.astimezone(timezone.utc) - night_end.astimezone(timezone.utc) >= timedelta(hours=3)


# --- the forum moved ----------------------------------------------------------------------------------------------


def _crawl(config: Path, capsys) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exit_info:
        main(["-c", str(config), "crawl"])
    out, err = capsys.readouterr()
    return exit_info.value.code, out, err


def test_a_forum_address_changed_in_the_config_is_followed_and_nothing_is_lost_or_doubled(tmp_path, capsys):
    now = datetime.now(timezone.utc).replace(microsecond=0)
    config = tmp_path / "config.toml"

    def write(base: str) -> None:
        config.write_text(store_game_config(base, "new_year", start="2026-11-10T23:00", first="2026-11-11T22:30",
                                            starts_with="night", night="22:30", players=[{"nick": "Ronin"}, {"nick": "Соня"}]),
                          encoding="utf-8")

    with ForumSim(per_page=2) as forum:
        forum.add_topic(1, "Игра")
        forum.add_topic(2, "Голосование")
        forum.add_post(1, "Ведущий", "Ночь первая", time=now - timedelta(hours=2))
        for i in range(5):
            forum.add_post(2, ("Ronin", "Соня")[i % 2], red_span(("Соня", "Ronin")[i % 2]),
                           time=now - timedelta(minutes=60 - i))
        old = forum.base_url
        write(old)
        code, out, err = _crawl(config, capsys)
        assert code == 0, err
        assert "тема голосования" in out and ": новых — 5," in out
        # the forum moves to another port; the old one answers nothing (held, so it is not reused)
        forum.stop()
        with socket.socket() as held:
            held.bind(("127.0.0.1", int(old.rsplit(":", 1)[1].strip("/"))))
            forum.start()
            new = forum.base_url
            assert new != old
            forum.add_post(2, "Ronin", red_span("Соня"), time=now - timedelta(minutes=10))
            write(new)
            code, out, err = _crawl(config, capsys)
            assert code == 0, err + out
            assert err.count("адрес в config.toml изменился") == 1
            assert (f"g: адрес в config.toml изменился: форум f: {old} → {new}; игровая тема: "
                    f"{old}showthread.php?tid=1 → {new}showthread.php?tid=1; тема голосования: {old}showthread.php?tid=2 "
                    f"→ {new}showthread.php?tid=2; дальше читается новый адрес") in err
            assert f"g, тема голосования {new}showthread.php?tid=2: новых — 1, изменённых — 0, удалённых — 0" in out
            # said once: the next crawl finds the store at the new address
            code, out, err = _crawl(config, capsys)
            assert code == 0, err
            assert "адрес в config.toml изменился" not in err and "address changed" not in err
            assert old not in out + err
    with Store(tmp_path / "m.db") as store:
        posts = store.posts(game_id="g", kind="vote", include_deleted=True)
        assert [p.post_id for p in posts] == [2, 3, 4, 5, 6, 7]
        assert not any(p.deleted for p in posts)
        assert all(page.url.startswith(new) for t in store.topics("g") for page in store.pages(t))


@pytest.mark.parametrize("old, new, pages_after", [
    # to https and into a folder: every page moves with the topic
    ("http://old.example/showthread.php?tid=2", "https://new.example/forum/showthread.php?tid=2",
     ["https://new.example/forum/showthread.php?tid=2", "https://new.example/forum/showthread.php?tid=2&page=2"]),
    # no common tail to move the pages by: the pages are forgotten (a page kept with a next link to the old
    # address would lead the crawl back there); the next crawl reads the topic again from the new URL
    ("http://old.example/showthread.php?tid=2", "http://old.example/showthread.php?tid=2&mode=linear", []),
])
def test_a_topics_stored_pages_follow_its_new_url_and_its_posts_stay(tmp_path, old, new, pages_after):
    with Store(tmp_path / "m.db") as store:
        store.ensure_forum("f", engine="mybb", base_url="http://old.example/", timezone_name="Europe/Moscow")
        topic = store.ensure_topic("f", "2", url=old, kind="vote", game_id="g")
        for n in (1, 2):
            url = old if n == 1 else f"{old}&page=2"
            post = ParsedPost(post_id=n, topic_id="2", page=n, position=0, author="Ronin", author_id=None,
                              time=msk_at("2026-11-12T10:00") + timedelta(minutes=n), html=red_span("Соня"), edit=None,
                              content_hash=f"h{n}")
            page = ParsedPage(url=url, engine="mybb", topic_id="2", page=n, last_page=2,
                              next_url=f"{old}&page=2" if n == 1 else None, posts=[post], title="Голосование")
            store.upsert_page(topic, page, FetchedMeta(url, msk_at("2026-11-12T11:00")))
        assert store.url_changes("f", "http://old.example/", "g", [("vote", new)]) == [("vote", old, new)]
        store.ensure_topic("f", "2", url=new, kind="vote", game_id="g")
        assert [p.url for p in store.pages(topic)] == pages_after
        if len(pages_after) == 2:
            assert store.pages(topic)[0].next_url == pages_after[1]
        assert [p.post_id for p in store.posts(game_id="g")] == [1, 2]
        assert store.url_changes("f", "http://old.example/", "g", [("vote", new)]) == []
