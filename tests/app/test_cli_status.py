"""`mafvote status` (issue 6 item 5): per game the phase, deadline and time left, the last crawl and its
result, the last error, the next scheduled jobs and the alerts not yet delivered — after the daemon ran
part of a day against a local forum that was down for a while, with a dead e-mail channel."""
from __future__ import annotations

import json
from datetime import datetime, timedelta

import httpx
import pytest
import respx
from click.testing import CliRunner

from mafvote.cli import cli
from support.daemon import DAEMON_CONFIG, DAY, Broken, Recorder, daemon_for, msk, run_day, write_daemon_config
from mafvote.store import MIGRATIONS, Store, to_db_time
from test_publish_forum import COUNT_1, PASSWORD, START, Clock, FakeMybb, make
from support.games import TIME_MACHINE_ROSTER, TIME_MACHINE_SCHEDULE, CliGame, time_machine_day_3


@pytest.fixture
def ran(tmp_path):
    # the day of tests/app/test_daemon_day.py, whose config pins the English texts (`language = "en"`); the Russian
    # status is pinned in tests/app/test_gm_texts_russian.py and tests/app/test_cli_store_errors.py
    from mafvote.forumsim import ForumSim

    with ForumSim(per_page=3) as forum:
        forum.add_topic(1, "Игра")
        forum.add_topic(2, "Голосование — День 1")
        forum.add_post(1, "Ведущий", "День первый.", time=msk("10:00"))
        forum.add_post(2, "Ведущий", "Голосование открыто.", time=msk("10:00"))
        config = write_daemon_config(tmp_path, forum.base_url)
        with daemon_for(config, {"email": Broken(), "webhook": Recorder()}) as daemon:
            run_day(daemon, forum, msk("20:40"), msk("21:00"), timedelta(minutes=5), script=DAY[:4])
            forum.fail_for(3600)
            run_day(daemon, forum, msk("21:05"), msk("21:05"), timedelta(minutes=5), script=())
    return config


def status(config, *args):
    result = CliRunner().invoke(cli, ["status", "-c", str(config), "--now", "2026-12-30T21:07", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_status_json_names_phase_deadline_crawls_error_jobs_and_unsent_alerts(ran):
    [game] = json.loads(status(ran, "--format", "json"))["games"]
    assert game["game"] == "ny"
    assert game["phase"]["label"] == "day 1"
    assert game["deadline"] == "2026-12-30T22:00:00+03:00"
    assert game["time_left"] == "53 min"
    assert game["time_left_seconds"] == 53 * 60
    vote = next(c for c in game["last_crawls"] if c["topic"] == "vote")
    assert vote["started_at"] == "2026-12-30T18:05:00+00:00"      # 21:05 MSK
    assert vote["ok"] is False and "HTTP 503" in vote["error"]
    assert game["last_error"]["topic"] == "vote" and "HTTP 503" in game["last_error"]["error"]
    assert game["failures_in_a_row"] == 1
    assert [(j["kind"], j["at"], j["label"]) for j in game["next_jobs"]] == [
        ("crawl", "2026-12-30T18:10:00+00:00", "crawl every 5m"),
        ("deadline_soon", "2026-12-30T18:45:00+00:00", "day 1 T−15m"),
        ("deadline", "2026-12-30T19:00:00+00:00", "day 1 deadline"),
    ]
    assert [(u["channel"], u["key"]) for u in game["unsent_alerts"]] == [("email", "deadline_soon:day1:60m")]
    assert "ConnectionRefusedError" in game["unsent_alerts"][0]["last_error"]
    assert game["alerts_sent"] == 1


def test_status_text_is_one_block_per_game(ran):
    lines = status(ran).splitlines()
    assert lines[0] == "ny — Новогодняя мафия"
    assert lines[1] == "  phase:         day 1 (from 30.12 10:00), deadline 30.12 22:00 Europe/Moscow"
    assert lines[2] == "  time left:     53 min"
    assert lines[3].startswith("  last crawl:    game 30.12 21:05 FAILED: cannot read ")
    assert "; vote 30.12 21:05 FAILED: cannot read " in lines[3]
    assert lines[4].startswith("  last error:    30.12 21:05 vote: cannot read ")
    assert lines[4].endswith("(1 in a row, still failing)")
    assert lines[5] == "  next jobs:     30.12 21:10 crawl every 5m; 30.12 21:45 day 1 T−15m; 30.12 22:00 day 1 deadline"
    assert lines[6] == "  unsent alerts: 1 (of 1 alerts)"
    # tried at 21:00 and again at 21:05 (its retry time had come), 3 attempts each
    assert lines[7].startswith("    email: deadline_soon:day1:60m (6 attempts, next try 30.12 21:")
    assert lines[7].endswith("): alert channel email: smtp.example.org:587: ConnectionRefusedError: [Errno 111] refused")


def test_status_before_any_crawl_says_so(tmp_path):
    config = write_daemon_config(tmp_path, "http://127.0.0.1:9/")
    lines = status(config).splitlines()
    assert lines[3] == "  last crawl:    never (start `mafvote run` or `mafvote crawl`)"
    assert lines[4] == "  last error:    none"
    assert lines[5].startswith("  next jobs:     30.12 21:07 crawl every 5m; 30.12 21:45 day 1 T−15m")
    assert lines[6] == "  unsent alerts: none (0 alerts sent)"


@pytest.mark.parametrize("minutes, shown", [
    (53, "53 min"), (60, "1 h 00 min"), (125, "2 h 05 min"), (47 * 60, "47 h 00 min"), (3 * 1440 + 65, "3 d 1 h"),
    (-3, "passed 3 min ago"), (-90, "passed 1 h 30 min ago"),
])
def test_time_left_reads_as_a_gm_would_say_it(minutes, shown):
    from mafvote.daemon import format_left

    assert format_left(timedelta(minutes=minutes)) == shown


def test_status_after_the_deadline_tells_the_gm_to_close_the_day(ran):
    result = CliRunner().invoke(cli, ["status", "-c", str(ran), "--now", "2026-12-30T22:20"])
    assert result.exit_code == 0, result.output
    assert "  time left:     passed 20 min ago (close the day with `mafvote day close --game ny --day 1`)" in \
        result.output.splitlines()


@pytest.fixture
def tm(tmp_path) -> CliGame:
    """time_machine (000-like досрочно): day 3's final votes close it by themselves at 15:00."""
    g = CliGame(tmp_path, "time_machine", TIME_MACHINE_ROSTER, **TIME_MACHINE_SCHEDULE,
                extra='[alerts]\nbefore_deadline = ["60m", "15m"]\n').open()
    time_machine_day_3(g, {"Маф1": "Мир3", "Маф2": "Мир3", "Ком": "Маф1", "Док": "Маф1", "Ман": "Мир3", "Мир1": "Маф1",
                           "Мир2": "Мир3", "Мир3": "Маф1"})
    g.store.close()
    return g


def test_status_of_a_day_closed_early_shows_no_time_left_and_plans_no_deadline_warnings(tm):
    code, out, err = tm.cli("status", "--now", "2026-11-03T16:00")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[2] == ("  осталось:         нисколько: день закрыт досрочно в 03.11 15:00 (закройте день: "
                        "`mafvote day close --game g --day 3`)")
    jobs = next(line for line in lines if line.startswith("  дальше:"))
    assert "день 3" not in jobs and "чтение каждые" in jobs
    code, out, err = tm.cli("status", "--now", "2026-11-03T16:00", "--format", "json")
    game = json.loads(out)["games"][0]
    assert game["closed_early"] == "2026-11-03T15:00:00+03:00"
    assert [j["kind"] for j in game["next_jobs"]] == ["crawl"]


def test_status_before_the_early_close_still_plans_the_days_warnings(tm):
    code, out, err = tm.cli("status", "--now", "2026-11-03T14:00")
    assert code == 0, err
    code, out, err = tm.cli("status", "--now", "2026-11-03T14:00", "--format", "json")
    game = json.loads(out)["games"][0]
    assert game["closed_early"] is None
    assert [j["label"] for j in game["next_jobs"]][1:] == ["day 3 T−60m", "day 3 T−15m", "day 3 deadline"]


# -- the running count post on the forum ---------------------------------------------------------------------

def _posting(tmp_path, language: str):
    """A config that posts the count to the forum (`[publish] forum`), in `language`, and a publisher on its store
    against the recorded MyBB forum of test_publish_forum (a respx mock)."""
    text = DAEMON_CONFIG.format(base="http://127.0.0.1:9/", poll="5m").replace('language = "en"',
                                                                              f'language = "{language}"')
    text = text.replace('[publish]\ndir = "public"', '[publish]\ndir = "public"\nforum = true\ninterval = "10m"')
    text = text.replace('retries = 0\n',
                        'retries = 0\nlogin = { user = "mafvote-bot", password_env = "T_BOT_PASSWORD" }\n')
    config = tmp_path / "config.toml"
    config.write_text(text, encoding="utf-8")
    (tmp_path / "state").mkdir()
    return config


@pytest.fixture
def mybb():
    fake = FakeMybb()
    with respx.mock(assert_all_called=False) as router:
        router.route(host=httpx.URL(fake.base).host).mock(side_effect=fake.handle)
        yield fake


def _status_at(config, now: datetime, *args) -> str:
    result = CliRunner().invoke(cli, ["status", "-c", str(config), "--now", now.isoformat(), *args])
    assert result.exit_code == 0, result.output
    return result.output


_SAID = ("Пожалуйста, исправьте следующие ошибки, прежде чем продолжить: Вы ввели неверную комбинацию имени "
         "пользователя и пароля. Если вы забыли пароль, нажмите здесь .")
_LOGIN_REFUSED = {
    "ru": ["  пост с подсчётом: ещё не выложен (последняя попытка — 30.12 21:00 МСК)",
           f"  ошибка выкладки:  30.12 21:00 МСК: форум http://hyper.test/ не пустил бота под именем mafvote-bot: "
           f"`{_SAID}`; проверьте `login.user` форума в конфиге и пароль в переменной окружения, которую называет "
           "`password_env`"],
    "en": ["  count post:    not posted yet (last try 30.12 21:00 Europe/Moscow)",
           f"  post error:    30.12 21:00 Europe/Moscow: the forum http://hyper.test/ refused the bot's login as "
           f"mafvote-bot: {_SAID}; check the forum's login.user in the config and the password in the variable "
           "password_env names"],
}


@pytest.mark.parametrize("language", sorted(_LOGIN_REFUSED))
def test_status_words_the_count_posts_last_failure_from_its_stored_key(tmp_path, mybb, language):
    # the forum refused the bot's login: `status` ends the game's block with the count post's state and the failure,
    # worded from the key and facts kept beside the English (store migration 10), times in the game's zone
    config = _posting(tmp_path, language)
    pub = make("mybb", mybb, tmp_path / "state" / "mafvote.db", Clock(START), password="wrong-" + PASSWORD)
    failed = pub.publish(COUNT_1, view="public")
    assert failed.status == "failed"
    lines = _status_at(config, START + timedelta(minutes=2)).splitlines()
    assert lines[-2:] == _LOGIN_REFUSED[language]
    [game] = json.loads(_status_at(config, START + timedelta(minutes=2), "--format", "json"))["games"]
    assert game["forum_post"] == {
        "post_id": None, "day": None, "updated_at": None, "last_try_at": "2026-12-30T18:00:00+00:00",
        "waits_until": None, "wait": None, "last_error": failed.message,
        "last_error_text": _LOGIN_REFUSED[language][1].split(": ", 2)[2]}


def test_status_shows_the_forums_flood_wait_then_the_post_and_the_interval_it_waits(tmp_path, mybb):
    config = _posting(tmp_path, "ru")
    clock = Clock(START)
    pub = make("mybb", mybb, tmp_path / "state" / "mafvote.db", clock)
    mybb.flood = True
    assert pub.publish(COUNT_1, view="public").status == "flood"         # MyBB: wait 30 s
    assert _status_at(config, START + timedelta(seconds=10)).splitlines()[-2:] == [
        "  пост с подсчётом: ещё не выложен (последняя попытка — 30.12 21:00 МСК); следующее обновление не раньше "
        "30.12 21:00 МСК: форум ограничил частоту сообщений",
        "  ошибка выкладки:  30.12 21:00 МСК: форум http://hyper.test/ пока не даёт ответить в теме 2: бот пишет "
        "слишком часто (ограничение форума на частоту сообщений, ждать 30 с); mafvote попробует снова сам, делать "
        "ничего не нужно"]
    mybb.flood = False
    clock.now = START + timedelta(minutes=3)
    assert pub.publish(COUNT_1, view="public", day=1).status == "posted"
    # the failure is over: no error line; the next update waits for `[publish].interval` after this one
    assert _status_at(config, START + timedelta(minutes=5)).splitlines()[-1] == (
        "  пост с подсчётом: №46 (день 1), обновлён 30.12 21:03 МСК; следующее обновление не раньше 30.12 21:13 МСК "
        "(`[publish].interval` — 10 мин)")
    [game] = json.loads(_status_at(config, START + timedelta(minutes=5), "--format", "json"))["games"]
    assert game["forum_post"] == {
        "post_id": 46, "day": 1, "updated_at": "2026-12-30T18:03:00+00:00", "last_try_at": "2026-12-30T18:03:00+00:00",
        "waits_until": "2026-12-30T18:13:00+00:00", "wait": "interval", "last_error": None, "last_error_text": None}
    # once the interval is over, nothing waits
    assert _status_at(config, START + timedelta(minutes=13)).splitlines()[-1] == (
        "  пост с подсчётом: №46 (день 1), обновлён 30.12 21:03 МСК")


def test_status_quotes_a_count_post_failure_stored_before_its_key_was_kept(tmp_path):
    # a failure stored by a mafvote before store migration 10 has its English only: quoted as that version's error
    config = _posting(tmp_path, "ru")
    written = "mybb forum http://hyper.test/: posting answered HTTP 502; the count is posted on a later crawl"
    with Store(tmp_path / "state" / "mafvote.db", migrations=MIGRATIONS[:9]) as old:
        assert old.schema_version == 9 and "last_error_phrase" not in old.db["published_counts"].columns_dict
        old.db.execute("insert into published_counts (game, last_try_at, last_error) values ('ny', ?, ?)",
                       [to_db_time(START), written])
    with Store(tmp_path / "state" / "mafvote.db") as s:
        assert s.schema_version == len(MIGRATIONS) == 10
        state = s.published_state("ny")
        assert (state.last_error, state.last_error_phrase) == (written, None)
    assert _status_at(config, START + timedelta(minutes=2)).splitlines()[-2:] == [
        "  пост с подсчётом: ещё не выложен (последняя попытка — 30.12 21:00 МСК)",
        f"  ошибка выкладки:  30.12 21:00 МСК: ошибка, записанная прежней версией mafvote: `{written}`"]


def test_status_of_a_game_that_posts_no_count_says_nothing_of_a_post(ran):
    assert not [line for line in status(ran).splitlines() if line.startswith("  count post:")]
    [game] = json.loads(status(ran, "--format", "json"))["games"]
    assert game["forum_post"] is None


def test_status_words_a_count_post_failure_whose_facts_hold_the_crawlers_error(tmp_path):
    # a forum that cannot be reached: the failure's facts hold the crawler's FetchError, kept in the store as its
    # English and its own key, and worded as the crawl words the same failure
    config = _posting(tmp_path, "ru")
    down = type("Down", (), {"base": "http://127.0.0.1:9/"})()
    pub = make("mybb", down, tmp_path / "state" / "mafvote.db", Clock(START))
    failed = pub.publish(COUNT_1, view="public")
    assert failed.status == "failed"
    worded = ("подсчёт не выложен на форум http://127.0.0.1:9/: нет соединения с форумом (`[Errno 111] Connection "
              "refused`); mafvote попробует снова при следующем опросе")
    assert _status_at(config, START + timedelta(minutes=2)).splitlines()[-1] == (
        f"  ошибка выкладки:  30.12 21:00 МСК: {worded}")
    # the same words the daemon's tick gave the GM from the live error
    assert failed.text("ru") == worded
