"""Issue 14: a failed crawl's error reaches the GM in the GM's language wherever it is read back from the store —
`mafvote status` (its text, and JSON's `error_text` beside the English `error`), the crawl alert and `tally`'s
crawl warning. `crawl_runs` keeps the scraper's English (the daemon's log, scripts) and, beside it, the error's
catalogue key and facts (`error_phrase`), which `mafvote.crawl_text` words; a run stored before the key was kept is
read back into its key from its English, or quoted as an older version's error."""
from __future__ import annotations

import json
import re
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from mafvote.alert_rules import crawl_alerts
from mafvote.config import load_config
from mafvote.crawl_text import describe, describe_stored
from mafvote.daemon import Daemon, crawl_health
from mafvote.store import MIGRATIONS, Store
from mafvote_scraper.fetch import ForumClient, off_origin_error, page_too_big_error
from mafvote_scraper.model import FetchError, LayoutNotRecognised, ScraperError
from support.cli import run_main as run
from support.forum import crawl_config
from test_gm_texts_russian import latin_words

MSK = ZoneInfo("Europe/Moscow")
BASE = "http://127.0.0.1:9/"
GAME, VOTE = f"{BASE}showthread.php?tid=1", f"{BASE}showthread.php?tid=2"

# what the scraper raises when the vote thread is gone (scraper/fetch.py) and when nobody answers after retries
GONE = FetchError(f"cannot read {VOTE}: HTTP 404 Not Found; check the topic URL in the config (is the topic public to "
                  "guests?)", "fetch.status", url=VOTE, status="404", reason="Not Found")
REFUSED = FetchError(f"cannot read {VOTE} after 5 attempts: connection failed ([Errno 111] Connection refused)",
                     "fetch.attempts", url=VOTE, attempts=5,
                     failure=("connection", {"detail": "[Errno 111] Connection refused"}))
GONE_RU = (f"не удалось прочитать {VOTE}: форум ответил HTTP 404 (`Not Found`); проверьте адрес темы в конфиге (тема "
           "открыта гостям?)")
GONE_EN = str(GONE)


def msk(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=MSK)


def write_config(folder: Path, language: str | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "config.toml"
    alerts = {"alerts": {"language": language}} if language else {}
    path.write_text(crawl_config(BASE, store="mafvote.db", game={"poll_interval": "2m"},
                                 schedule={"start": "2026-01-10T20:00", "first_deadline": "2026-01-11T10:00"},
                                 players=[{"nick": "Ronin"}, {"nick": "Соня"}, {"nick": "Puss"}], **alerts),
                    encoding="utf-8")
    return path


def crawled(store: Store, kind: str, started: datetime, error: ScraperError | str | None = None) -> int:
    """One finished crawl of the game's topic `kind`, failed with `error` (an exception as the crawl stores it; a
    bare string as a store from before issue 14 kept it)."""
    tid = "1" if kind == "game" else "2"
    topic = store.ensure_topic("sim", tid, url=f"{BASE}showthread.php?tid={tid}", kind=kind, game_id="ny")
    run_id = store.start_crawl(topic, started)
    phrase = error.phrase if isinstance(error, ScraperError) else None
    store.finish_crawl(run_id, started + timedelta(seconds=5), requests=1, bytes=100, pages=0 if error else 1,
                       new=0, changed=0, deleted=0, error=None if error is None else str(error), error_phrase=phrase)
    return topic.id


@pytest.fixture
def gone(tmp_path) -> Path:
    """The game topic read at 12:30, the vote thread gone (HTTP 404) at 12:30 and again at 12:32."""
    with Store(tmp_path / "mafvote.db") as s:
        crawled(s, "game", msk("2026-01-11T12:30"))
        crawled(s, "vote", msk("2026-01-11T12:30"), GONE)
        crawled(s, "vote", msk("2026-01-11T12:32"), GONE)
    return tmp_path


def status_lines(folder: Path, language: str | None, capsys) -> list[str]:
    code, out, err = run(capsys, "status", "-c", str(write_config(folder, language)), "--now", "2026-01-11T12:33")
    assert code == 0, err
    return out.splitlines()


def test_status_says_the_last_crawl_error_in_russian(gone, capsys):
    lines = status_lines(gone, None, capsys)
    assert lines[3] == ("  последнее чтение: игровая тема 11.01 12:30 — успешно (новых — 0, изменённых — 0, 1 запрос); "
                        f"тема голосования 11.01 12:32 — ОШИБКА: {GONE_RU}")
    assert lines[4] == f"  последняя ошибка: 11.01 12:32 тема голосования: {GONE_RU} (2 раза подряд, всё ещё не удаётся)"


def test_status_says_the_last_crawl_error_in_english_with_language_en(gone, capsys):
    lines = status_lines(gone, "en", capsys)
    assert lines[4] == f"  last error:    11.01 12:32 vote: {GONE_EN} (2 in a row, still failing)"


def test_status_json_keeps_the_english_error_and_adds_it_in_the_gms_language(gone, capsys):
    code, out, err = run(capsys, "status", "-c", str(write_config(gone)), "--now", "2026-01-11T12:33", "--format",
                         "json")
    [game] = json.loads(out)["games"]
    assert game["last_error"] == {"topic": "vote", "at": "2026-01-11T09:32:00+00:00", "error": GONE_EN,
                                  "error_text": GONE_RU, "finished": True}
    vote = next(c for c in game["last_crawls"] if c["topic"] == "vote")
    assert (vote["error"], vote["error_text"]) == (GONE_EN, GONE_RU)
    assert next(c for c in game["last_crawls"] if c["topic"] == "game")["error_text"] is None


def test_a_run_stored_without_a_key_is_read_back_into_its_key(tmp_path, capsys):
    # an older mafvote kept only the English; status words it as a new one, in text and in JSON's error_text
    written = "cannot read http://f/ after 3 attempts: HTTP 503 Service Unavailable"
    russian = "не удалось прочитать http://f/ за 3 попытки: форум ответил HTTP 503 (`Service Unavailable`)"
    with Store(tmp_path / "mafvote.db") as s:
        crawled(s, "vote", msk("2026-01-11T12:32"), written)
    lines = status_lines(tmp_path, None, capsys)
    assert lines[4] == f"  последняя ошибка: 11.01 12:32 тема голосования: {russian} (1 раз подряд, всё ещё не удаётся)"
    code, out, err = run(capsys, "status", "-c", str(tmp_path / "config.toml"), "--now", "2026-01-11T12:33",
                         "--format", "json")
    assert json.loads(out)["games"][0]["last_error"] | {"at": None} == {
        "topic": "vote", "at": None, "error": written, "error_text": russian, "finished": True}


def test_a_store_from_before_the_key_migrates_and_words_its_old_errors(tmp_path, capsys):
    # a store row exactly as mafvote wrote it before migration 8: the English alone; the one it does not know is
    # quoted as an older version's error, never shown bare
    known = "cannot read http://f/: HTTP 404 Not Found; check the topic URL in the config (is the topic public to guests?)"
    unknown = "cannot read http://f/: the forum sent something mafvote 0.1 did not expect"
    with Store(tmp_path / "mafvote.db", migrations=MIGRATIONS[:7]) as old:
        assert old.schema_version == 7 and "error_phrase" not in old.db["crawl_runs"].columns_dict
        for tid, url, kind, minute, written in (("1", GAME, "game", 30, known), ("2", VOTE, "vote", 32, unknown)):
            topic = old.ensure_topic("sim", tid, url=url, kind=kind, game_id="ny")
            run_id = old.start_crawl(topic, msk(f"2026-01-11T12:{minute}"))
            old.db.execute("update crawl_runs set finished_at = started_at, error = ? where id = ?", [written, run_id])
    with Store(tmp_path / "mafvote.db") as s:
        assert s.schema_version == len(MIGRATIONS) == 10
        assert [(r.error, r.error_phrase) for r in s.crawl_runs()] == [(known, None), (unknown, None)]
    lines = status_lines(tmp_path, None, capsys)
    assert lines[3] == (f"  последнее чтение: игровая тема 11.01 12:30 — ОШИБКА: не удалось прочитать http://f/: "
                        "форум ответил HTTP 404 (`Not Found`); проверьте адрес темы в конфиге (тема открыта гостям?); "
                        "тема голосования 11.01 12:32 — ОШИБКА: ошибка, записанная прежней версией mafvote: "
                        f"`{unknown}`")
    assert lines[4] == ("  последняя ошибка: 11.01 12:32 тема голосования: ошибка, записанная прежней версией mafvote: "
                        f"`{unknown}` (1 раз подряд, всё ещё не удаётся)")
    # with language = "en" the English is shown as it was written
    assert status_lines(tmp_path, "en", capsys)[4] == f"  last error:    11.01 12:32 vote: {unknown} (1 in a row, still failing)"


# The English (half Russian for the stops that had no key) older mafvote stored, as scraper/fetch.py and
# scraper/crawl.py wrote it before migration 8 (git log -S'error_phrase'; 4bedf84^ for the stops), and its Russian now
OLD_ERRORS = {
    "timed out": ("cannot read http://f/t after 5 attempts: timed out (no whole answer in 20 s)",
                  "не удалось прочитать http://f/t за 5 попыток: форум не ответил вовремя (за 20 с нет полного ответа)"),
    "refused": (f"{REFUSED}", f"не удалось прочитать {VOTE} за 5 попыток: нет соединения с форумом (`[Errno 111] "
                "Connection refused`)"),
    "rate limited": ("cannot read http://f/t: HTTP 429 Too Many Requests, the forum asks to wait 900 s (more than "
                     "300 s); try again later",
                     "не удалось прочитать http://f/t: форум ответил HTTP 429 (`Too Many Requests`) и просит подождать "
                     "900 с (больше 300 с); попробуйте позже"),
    "layout": ("layout not recognised: http://f/t (engine mybb): no posts: nothing matches div.post",
               "страница не распознана: http://f/t (движок `mybb`): `no posts: nothing matches div.post`"),
    "internal": ("internal error: KeyError: 'pid'", "внутренняя ошибка mafvote: `KeyError: 'pid'`"),
    "stopped": ("http://f/t: чтение прервано: mafvote остановлен (SIGINT/SIGTERM)",
                "http://f/t: чтение прервано: mafvote остановлен (Ctrl-C или сигнал `SIGTERM`)"),
    "too big": ("cannot read http://f/t: ответ больше 8 МиБ (max_page_mb в [[forums]]); страница форума так не весит: "
                "проверьте адрес темы, или, если страница и правда такая, поднимите max_page_mb",
                "не удалось прочитать http://f/t: ответ больше 8 МиБ (`max_page_mb` в `[[forums]]`); страница форума "
                "так не весит: проверьте адрес темы или, если страница и правда такая, поднимите `max_page_mb`"),
    "moved": ("http://f/t: форум перенаправил на http://m.example/t, другой адрес (http://m.example; адрес форума в "
              "конфиге — http://f). mafvote не ходит на другие адреса и не отправляет им ни страниц, ни пароля. Если "
              "форум действительно переехал, поменяйте base_url в его [[forums]] и адреса тем игры (game_topic, "
              "vote_thread) на новые",
              "http://f/t: форум перенаправил на http://m.example/t, другой адрес (http://m.example; адрес форума в "
              "конфиге — http://f). mafvote не ходит на другие адреса и не отправляет им ни страниц, ни пароля. Если "
              "форум действительно переехал, поменяйте `base_url` в его `[[forums]]` и адреса тем игры "
              "(`game_topic`, `vote_thread`) на новые"),
}


@pytest.mark.parametrize("name", OLD_ERRORS)
def test_each_error_older_mafvote_stored_is_worded_in_russian(name):
    written, russian = OLD_ERRORS[name]
    assert describe_stored(written, None, "ru") == russian
    # in English: as written, and the half-Russian stops in today's English words
    english = describe_stored(written, None, "en")
    assert english == written if not re.search("[а-яё]", written) else not re.search("[а-яё]", english), english


def test_an_old_error_of_an_unknown_shape_is_marked_in_the_crawl_alert(tmp_path):
    written = "cannot read http://f/ after 3 attempts: something new"
    with Store(tmp_path / "mafvote.db") as s:
        for minute in (30, 32, 34):
            topic = crawled(s, "vote", msk(f"2026-01-11T12:{minute}"), written)
        health = crawl_health(s, topic, kind="vote", url=VOTE)
    [alert] = crawl_alerts("ny", health, now=msk("2026-01-11T12:35"), phase="day1", tz=MSK, language="ru")
    assert alert.text.splitlines()[1] == f"Ошибка: ошибка, записанная прежней версией mafvote: `{written}`"


def test_a_nested_phrase_comes_back_from_the_store_as_it_went_in(tmp_path):
    with Store(tmp_path / "mafvote.db") as s:
        crawled(s, "vote", msk("2026-01-11T12:32"), REFUSED)
        [stored] = s.crawl_runs()
    assert stored.error == str(REFUSED)
    assert stored.error_phrase == ("fetch.attempts", {"url": VOTE, "attempts": 5,
                                                      "failure": ("connection", {"detail": "[Errno 111] Connection refused"})})


def test_the_crawl_alert_words_the_stored_error_in_russian_after_its_cause(tmp_path):
    with Store(tmp_path / "mafvote.db") as s:
        for minute in (30, 32, 34):
            topic = crawled(s, "vote", msk(f"2026-01-11T12:{minute}"), REFUSED)
        health = crawl_health(s, topic, kind="vote", url=VOTE)
    [alert] = crawl_alerts("ny", health, now=msk("2026-01-11T12:35"), phase="day1", tz=MSK, language="ru")
    # the cause is read from the English, as before; the error itself is now Russian too
    assert alert.text.splitlines() == [
        f"Чтение {VOTE} не удалось 3 раза подряд, начиная с 11.01 12:30 МСК: сервер форума отклоняет соединение. "
        "Подсчёт голосов не актуален; проверьте форум и сеть",
        f"Ошибка: не удалось прочитать {VOTE} за 5 попыток: нет соединения с форумом (`[Errno 111] Connection refused`)"]
    [english] = crawl_alerts("ny", health, now=msk("2026-01-11T12:35"), phase="day1", tz=MSK, language="en")
    assert english.text == (f"Crawling {VOTE} failed 3 times in a row since 2026-01-11T09:30:00+00:00: {REFUSED}. The "
                            "count is not current; check the forum and the network")


def test_a_layout_alert_is_told_by_its_key_and_worded_in_russian(tmp_path):
    layout = LayoutNotRecognised(VOTE, "mybb", "no posts: nothing matches `div.post`",
                                 ("nothing_matches", {"selector": "div.post"}))
    with Store(tmp_path / "mafvote.db") as s:
        topic = crawled(s, "vote", msk("2026-01-11T12:30"), layout)
        health = crawl_health(s, topic, kind="vote", url=VOTE)
    assert health.layout_unrecognised
    [alert] = crawl_alerts("ny", health, now=msk("2026-01-11T12:35"), phase="day1", tz=MSK, language="ru")
    assert alert.text.splitlines()[1] == (f"Ошибка: страница не распознана: {VOTE} (движок `mybb`): ничто не подходит "
                                          "под `div.post`")


def test_tally_warns_of_the_failed_crawl_in_russian_and_json_keeps_the_english(gone, capsys):
    config = write_config(gone)
    code, out, err = run(capsys, "tally", "--day", "1", "-c", str(config))
    assert code == 0, err
    assert out.splitlines()[0] == (f"внимание: последний обход темы голосования (11.01 12:32) не удался: {GONE_RU}; в "
                                   "подсчёте могут не хватать голосов — запустите `mafvote crawl` ещё раз")
    code, out, err = run(capsys, "tally", "--day", "1", "--format", "json", "-c", str(config))
    assert json.loads(out)["crawl_warning"] == (f"the vote thread's last crawl (11.01 12:32) failed: {GONE_EN}; the "
                                                "count may miss votes: run `mafvote crawl` again")


# --- the crawl stops that had no key before (issue 14): each worded in Russian, the English as the scraper's

def stopped(url: str) -> FetchError:
    """What a crawl gets when `mafvote run` is stopped (SIGINT/SIGTERM) while it reads `url`."""
    with ForumClient(retries=0, min_delay=0) as client:
        client.cancel()
        with pytest.raises(FetchError) as info:
            client.get(url)
    return info.value


STOPS = {
    "a redirect to another address": (
        lambda: off_origin_error(VOTE, "http://mirror.example/showthread.php?tid=2", BASE),
        f"{VOTE}: форум перенаправил на http://mirror.example/showthread.php?tid=2, другой адрес (http://mirror.example; "
        "адрес форума в конфиге — http://127.0.0.1:9). mafvote не ходит на другие адреса и не отправляет им ни страниц, "
        "ни пароля. Если форум действительно переехал, поменяйте `base_url` в его `[[forums]]` и адреса тем игры "
        "(`game_topic`, `vote_thread`) на новые"),
    "a link to another address": (
        lambda: off_origin_error(VOTE, "http://mirror.example/showthread.php?tid=2&page=2", BASE, link=True),
        f"{VOTE}: ссылка ведёт на http://mirror.example/showthread.php?tid=2&page=2, другой адрес "
        "(http://mirror.example; адрес форума в конфиге — http://127.0.0.1:9). mafvote не ходит на другие адреса и не "
        "отправляет им ни страниц, ни пароля. Если форум действительно переехал, поменяйте `base_url` в его "
        "`[[forums]]` и адреса тем игры (`game_topic`, `vote_thread`) на новые"),
    "mafvote stopped mid-crawl": (
        lambda: stopped(VOTE), f"{VOTE}: чтение прервано: mafvote остановлен (Ctrl-C или сигнал `SIGTERM`)"),
    "a page over the size cap": (
        lambda: page_too_big_error(VOTE, 2 * 1024 * 1024),
        f"не удалось прочитать {VOTE}: ответ больше 2 МиБ (`max_page_mb` в `[[forums]]`); страница форума так не "
        "весит: проверьте адрес темы или, если страница и правда такая, поднимите `max_page_mb`"),
}


@pytest.mark.parametrize("name", STOPS)
def test_each_crawl_stop_is_shown_by_status_in_russian(tmp_path, capsys, name):
    make, russian = STOPS[name]
    with Store(tmp_path / "mafvote.db") as s:
        crawled(s, "vote", msk("2026-01-11T12:32"), make())
    assert status_lines(tmp_path, None, capsys)[4] == (
        f"  последняя ошибка: 11.01 12:32 тема голосования: {russian} (1 раз подряд, всё ещё не удаётся)")


@pytest.mark.parametrize("name", STOPS)
def test_each_crawl_stop_keeps_its_english_for_the_log_and_words_it_alike_in_english(name):
    error = STOPS[name][0]()
    assert error.key is not None
    assert describe(error, "en") == str(error)          # what the daemon logs and the JSON's `error` carry
    assert latin_words(describe(error, "ru")) == []


def test_a_daemon_tick_tells_the_demo_its_failed_crawls_in_russian(forum, tmp_path, caplog):
    forum.fail_for(60, status=404)
    path = tmp_path / "config.toml"
    path.write_text(crawl_config(forum.base_url, store="mafvote.db", players=[{"nick": "Ronin"}, {"nick": "Соня"}]),
                    encoding="utf-8")
    with Daemon(load_config(path), channels={}, client_factory=lambda f: ForumClient.for_forum(f, sleep=lambda s: None),
                sleep=lambda s: None) as daemon:
        report = daemon.crawl("ny", msk("2026-12-30T12:00"), process=False)
    game, vote = forum.url_of(1), forum.url_of(2)
    assert report.errors == [
        f"ny, игровая тема: не удалось прочитать {game}: форум ответил HTTP 404 (`Not Found`); проверьте адрес темы в "
        "конфиге (тема открыта гостям?)",
        f"ny, тема голосования: не удалось прочитать {vote}: форум ответил HTTP 404 (`Not Found`); проверьте адрес "
        "темы в конфиге (тема открыта гостям?)"]
    # the log keeps the crawler's English
    assert f"crawl ny vote failed: cannot read {vote}: HTTP 404 Not Found; check the topic URL" in caplog.text
