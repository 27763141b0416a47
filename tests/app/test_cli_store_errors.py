"""The store as a GM meets it on a bad day: [store].path pointing at someone else's file,
a folder or nothing yet; a read-only store; a vote thread read only in part; a `status` with no daemon
running. Each says what is wrong and what to do, in one line, through the real CLI."""
from __future__ import annotations

import hashlib
import json
import logging
import os
import sqlite3
import time as time_mod
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from click.testing import CliRunner

from mafvote import messages
import mafvote.store.file as store_file
from mafvote.cli import cli
from mafvote.config import load_config
from mafvote.daemon import Daemon
from mafvote.game import GameService
from mafvote.paths import data_file
from mafvote.store import MIGRATIONS, Store, StoreError
from mafvote_scraper.fetch import FetchedMeta
from mafvote_scraper.model import ParsedPage, ParsedPost
from support.cli import run_main as run
from support.daemon import Recorder
from support.forum import crawl_config
from support.games import CLI_GAME_CONFIG, NEW_YEAR_ROSTER, STORE_GAME_BASE, CliGame, msk_at, red_span

MSK = ZoneInfo("Europe/Moscow")
BASE = "http://127.0.0.1:9/"

RED = '<span style="color: red;" class="mycode_color">{}</span>'


def msk(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=MSK)


def write_config(tmp_path: Path, store: str = "mafvote.db") -> Path:
    path = tmp_path / "config.toml"
    path.write_text(crawl_config(BASE, store=store, game={"poll_interval": "2m"},
                                 schedule={"start": "2026-01-10T20:00", "first_deadline": "2026-01-11T10:00"},
                                 players=[{"nick": "Ronin"}, {"nick": "Соня"}, {"nick": "Puss"}]), encoding="utf-8")
    return path


def vote_page(store: Store, at: datetime) -> None:
    """The vote thread's page 1 as a crawl stores it: Ronin votes red for Соня on day 1."""
    topic = store.ensure_topic("sim", "2", url=f"{BASE}showthread.php?tid=2", kind="vote", game_id="ny")
    html = f"Голосую {RED.format('Соня')}"
    posts = [ParsedPost(post_id=10, topic_id="2", page=1, position=0, author="Ronin", author_id="1",
                        time=msk("2026-01-11T12:00"), html=html, edit=None, content_hash=f"h:{html}")]
    store.upsert_page(topic, ParsedPage(url=f"{BASE}showthread.php?tid=2", engine="mybb", topic_id="2", page=1,
                                        last_page=2, next_url=f"{BASE}showthread.php?tid=2&page=2", posts=posts),
                      FetchedMeta(url=f"{BASE}showthread.php?tid=2", fetched_at=at))


def crawl_run(store: Store, kind: str, started: datetime, *, finished: bool = True, error: str | None = None) -> None:
    tid = "1" if kind == "game" else "2"
    topic = store.ensure_topic("sim", tid, url=f"{BASE}showthread.php?tid={tid}", kind=kind, game_id="ny")
    run_id = store.start_crawl(topic, started)
    if finished:
        store.finish_crawl(run_id, started + timedelta(seconds=5), requests=2, bytes=100, pages=1 if error is None else 0,
                           new=1, changed=0, deleted=0, error=error)


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# --- [store].path pointing at the wrong thing -----------------------------------------------------------

@pytest.fixture
def foreign(tmp_path) -> Path:
    path = tmp_path / "notes.db"
    conn = sqlite3.connect(path)
    conn.execute("create table users (id integer primary key, name text)")
    conn.execute("create table notes (id integer primary key, body text)")
    conn.execute("insert into notes (body) values ('мои заметки')")
    conn.commit()
    conn.close()
    return path


@pytest.mark.parametrize("argv", [["state"], ["tally"], ["crawl"], ["status"],
                                  ["state", "kill", "--player", "Puss"]])
def test_a_foreign_sqlite_file_is_refused_as_not_a_mafvote_store_and_left_untouched(foreign, tmp_path, capsys, argv):
    config = write_config(tmp_path, foreign.name)
    before = file_digest(foreign)
    code, out, err = run(capsys, *argv, "-c", str(config))
    assert (code, out) == (1, "")
    assert err == (f"ошибка: {foreign} — не хранилище mafvote: в нём таблицы `notes, users` и нет схемы mafvote; "
                   "проверьте `[store].path` в конфиге\n")
    assert file_digest(foreign) == before
    # no -wal, no -shm beside the foreign file (the config's own cache is the config's: mafvote.config.cache)
    assert sorted(p.name for p in tmp_path.iterdir()) == [".config.toml.mafvote-cache", "config.toml", "notes.db"]
    conn = sqlite3.connect(foreign)
    assert conn.execute("pragma journal_mode").fetchone()[0] == "delete"


def test_a_file_that_is_not_sqlite_is_named_as_such(tmp_path, capsys):
    (tmp_path / "mafvote.db").write_text("список игроков\n" * 200, encoding="utf-8")
    code, out, err = run(capsys, "state", "-c", str(write_config(tmp_path)))
    assert code == 1
    assert err == (f"ошибка: {tmp_path / 'mafvote.db'} — не хранилище mafvote: это не база SQLite (`file is not a "
                   "database`); проверьте `[store].path` в конфиге\n")


def test_a_folder_as_store_path_is_named_as_a_folder(tmp_path, capsys):
    (tmp_path / "state").mkdir()
    code, out, err = run(capsys, "crawl", "-c", str(write_config(tmp_path, "state")))
    assert code == 1
    assert err == (f"ошибка: хранилище {tmp_path / 'state'} — папка, а не файл; проверьте `[store].path` в конфиге "
                   "(там указывается файл SQLite, например `mafvote.db`)\n")


# --- no store yet ------------------------------------------------------------------------------------

@pytest.mark.parametrize("argv", [["state"], ["state", "--format", "json"], ["tally"], ["tally", "--day", "1"],
                                  ["votes", "--player", "Ronin"], ["render", "votecount", "1"]])
def test_a_command_that_only_reads_never_creates_a_missing_store(tmp_path, capsys, argv):
    config = write_config(tmp_path, "typo/mafvot.db")
    code, out, err = run(capsys, *argv, "-c", str(config))
    assert (code, out) == (1, "")
    assert err == (f"ошибка: хранилища {tmp_path / 'typo' / 'mafvot.db'} ещё нет: сначала запустите `mafvote crawl` "
                   "(или проверьте `[store].path` в конфиге)\n")
    assert not (tmp_path / "typo").exists()


def test_posts_without_a_store_says_none_are_stored_and_creates_none(tmp_path, capsys):
    code, out, err = run(capsys, "posts", "-c", str(write_config(tmp_path, "typo/mafvot.db")))
    assert (code, out, err) == (0, "", "постов игры ny ещё нет; запустите `mafvote crawl`\n")
    assert not (tmp_path / "typo").exists()


def test_a_wrong_game_is_named_before_a_missing_store(tmp_path, capsys):
    code, out, err = run(capsys, "tally", "--game", "nyy", "-c", str(write_config(tmp_path, "typo/mafvot.db")))
    assert code == 2 and 'нет игры с `id` "nyy"' in err and "no store" not in err


def test_status_without_a_store_shows_the_schedule_notes_the_missing_store_and_creates_none(tmp_path, capsys):
    config = write_config(tmp_path, "typo/mafvot.db")
    code, out, err = run(capsys, "status", "-c", str(config), "--now", "2026-01-11T12:00")
    assert code == 0
    assert err == (f"примечание: хранилища {tmp_path / 'typo' / 'mafvot.db'} ещё нет: сначала запустите `mafvote "
                   "crawl` (или проверьте `[store].path` в конфиге)\n")
    lines = out.splitlines()
    assert lines[0] == "ny — Новогодняя мафия"
    assert lines[3] == "  последнее чтение: ещё не было (запустите `mafvote run` или `mafvote crawl`)"
    assert not (tmp_path / "typo").exists()


def test_a_command_that_writes_still_creates_the_store_on_first_use(tmp_path, capsys):
    config = write_config(tmp_path, "state/mafvote.db")
    code, out, err = run(capsys, "state", "kill", "--player", "Puss", "-c", str(config))
    assert code == 0, err
    assert (tmp_path / "state" / "mafvote.db").is_file()
    code, out, err = run(capsys, "state", "--format", "json", "-c", str(config))
    assert code == 0 and "Puss" not in json.loads(out)["alive"]


# --- a read-only store ---------------------------------------------------------------------------------

@pytest.fixture
def read_only(tmp_path, monkeypatch) -> Path:
    """A store with a vote, then unwritable for this user (tests may run as root, whom permission bits do not
    stop: the store's own check of the file and folder is what says so)."""
    path = tmp_path / "mafvote.db"
    with Store(path) as s:
        vote_page(s, msk("2026-01-11T12:05"))
        crawl_run(s, "vote", msk("2026-01-11T12:05"))
    monkeypatch.setattr(store_file, "_writable", lambda p: False)
    return path


def test_a_read_only_store_serves_every_command_that_only_reads(read_only, tmp_path, capsys):
    config = write_config(tmp_path)
    before = file_digest(read_only)
    code, out, err = run(capsys, "tally", "--day", "1", "--format", "json", "-c", str(config))
    assert code == 0, err
    count = json.loads(out)
    assert [(v["voter"], v["target"], v["counted"]) for v in count["votes"]] == [("Ronin", "Соня", True)]
    for argv in (["state"], ["posts"], ["votes", "--player", "Ronin"], ["render", "votecount", "1"],
                 ["status", "--now", "2026-01-11T12:06"]):
        code, out, err = run(capsys, *argv, "-c", str(config))
        assert code == 0, (argv, err)
    assert file_digest(read_only) == before


def test_a_command_that_writes_a_read_only_store_says_it_is_read_only_and_what_to_do(read_only, tmp_path, capsys):
    code, out, err = run(capsys, "state", "kill", "--player", "Puss", "-c", str(write_config(tmp_path)))
    assert code == 1
    assert err == (
        f"ошибка: хранилище {read_only} доступно только для чтения (у этого пользователя нет права писать в файл или "
        "его папку, или диск смонтирован только для чтения), а этой команде нужно в него писать: разрешите запись в "
        "оба (`chmod u+w`), запустите mafvote от имени их владельца или укажите в `[store].path` копию, доступную "
        "для записи. Команды, которые только читают (`state`, `tally`, `posts`, `votes`, `render`, `status`), "
        "работают с ним как есть\n")


def test_a_store_opened_read_only_reads_and_refuses_writes_at_the_sqlite_level(tmp_path):
    path = tmp_path / "mafvote.db"
    with Store(path) as s:
        vote_page(s, msk("2026-01-11T12:05"))
    with Store(path, read_only=True) as s:
        assert s.read_only
        assert [(p.post_id, p.author) for p in s.posts(game_id="ny")] == [(10, "Ronin")]
        with pytest.raises(StoreError, match="доступно только для чтения"):
            crawl_run(s, "vote", msk("2026-01-11T12:10"))
        with pytest.raises(StoreError, match="доступно только для чтения"):
            with s.db.atomic():
                s.db.execute("delete from posts")
    with Store(path) as s:
        assert len(s.posts(game_id="ny")) == 1 and s.crawl_runs() == []


def test_a_read_only_store_of_an_older_schema_asks_to_be_made_writable_once(tmp_path):
    path = tmp_path / "mafvote.db"
    Store(path, migrations=MIGRATIONS[:3]).close()
    with pytest.raises(StoreError) as info:
        Store(path, read_only=True)
    assert str(info.value) == (
        f"хранилище {path} доступно только для чтения, а его нужно обновить до версии схемы {len(MIGRATIONS)} "
        "(сейчас 3): разрешите запись в файл и его папку и запустите любую команду mafvote один раз")
    with messages.using("en"), pytest.raises(StoreError) as info:        # language = "en": the English text
        Store(path, read_only=True)
    assert str(info.value) == (
        f"store {path} is read-only and needs an upgrade to schema version {len(MIGRATIONS)} (it has 3): make it "
        "and its folder writable and run any mafvote command once")


# --- a vote thread read only in part ---------------------------------------------------------------

@pytest.fixture
def half_read(tmp_path) -> Path:
    """Page 1 of the vote thread stored, then the crawl stopped (Ctrl-C) before page 2."""
    config = write_config(tmp_path)
    with Store(tmp_path / "mafvote.db") as s:
        crawl_run(s, "game", msk("2026-01-11T12:30"))
        crawl_run(s, "vote", msk("2026-01-11T12:30"), finished=False)
        vote_page(s, msk("2026-01-11T12:30"))
    return config


HALF_READ = ("последний обход темы голосования (начат 11.01 12:30) не закончился (остановлен или ещё идёт); в "
             "подсчёте могут не хватать голосов — запустите `mafvote crawl` ещё раз")
# `--format json` is for scripts: its texts stay English, as `refused[].reason` and `status`'s `error`
HALF_READ_JSON = ("the vote thread's last crawl (started 11.01 12:30) did not finish (stopped, or still running); "
                  "the count may miss votes: run `mafvote crawl` again")


def test_tally_of_a_half_read_vote_thread_says_so_first_and_still_counts_what_was_read(half_read, capsys):
    code, out, err = run(capsys, "tally", "--day", "1", "-c", str(half_read))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == f"внимание: {HALF_READ}"
    assert any(line.startswith("│ Соня") for line in lines)


def test_tally_json_carries_the_crawl_warning_and_bbcode_keeps_it_out_of_the_post(half_read, capsys):
    code, out, err = run(capsys, "tally", "--day", "1", "--format", "json", "-c", str(half_read))
    assert code == 0 and json.loads(out)["crawl_warning"] == HALF_READ_JSON
    code, out, err = run(capsys, "tally", "--day", "1", "--format", "bbcode", "-c", str(half_read))
    assert code == 0
    assert "внимание" not in out and err == f"внимание: {HALF_READ}\n"


def test_tally_after_a_complete_crawl_has_no_warning(half_read, tmp_path, capsys):
    with Store(tmp_path / "mafvote.db") as s:
        crawl_run(s, "vote", msk("2026-01-11T12:32"))
    code, out, err = run(capsys, "tally", "--day", "1", "--format", "json", "-c", str(half_read))
    assert json.loads(out)["crawl_warning"] is None
    code, out, err = run(capsys, "tally", "--day", "1", "-c", str(half_read))
    assert "внимание" not in out + err and "обход" not in out + err


def test_tally_after_a_failed_crawl_names_the_error(half_read, tmp_path, capsys):
    with Store(tmp_path / "mafvote.db") as s:
        crawl_run(s, "vote", msk("2026-01-11T12:32"), error="cannot read http://f/ after 3 attempts: HTTP 503")
    code, out, err = run(capsys, "tally", "--day", "1", "-c", str(half_read))
    assert out.splitlines()[0] == (
        "внимание: последний обход темы голосования (11.01 12:32) не удался: ошибка, записанная прежней версией "
        "mafvote: `cannot read http://f/ after 3 attempts: HTTP 503`; в подсчёте могут не хватать голосов — запустите "
        "`mafvote crawl` ещё раз")


def test_status_of_a_half_read_vote_thread_shows_it_as_the_last_error_too(half_read, capsys):
    code, out, err = run(capsys, "status", "-c", str(half_read), "--now", "2026-01-11T12:31")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[3] == ("  последнее чтение: игровая тема 11.01 12:30 — успешно (новых — 1, изменённых — 0, 2 запроса); тема "
                        "голосования 11.01 12:30 — ОШИБКА: не закончено (остановлено или ещё идёт)")
    assert lines[4] == ("  последняя ошибка: 11.01 12:30 тема голосования: не закончено (остановлено или ещё идёт) "
                        "(запустите `mafvote crawl`, чтобы дочитать)")
    code, out, err = run(capsys, "status", "-c", str(half_read), "--now", "2026-01-11T12:31", "--format", "json")
    [game] = json.loads(out)["games"]
    assert game["last_error"] == {"topic": "vote", "at": "2026-01-11T09:30:00+00:00",
                                  "error": "did not finish (stopped, or still running)",
                                  "error_text": "не закончено (остановлено или ещё идёт)", "finished": False}


# --- status with no daemon running -------------------------------------------------------------------

@pytest.fixture
def crawled_at_1200(tmp_path) -> Path:
    config = write_config(tmp_path)
    with Store(tmp_path / "mafvote.db") as s:
        crawl_run(s, "game", msk("2026-01-11T12:00"))
        crawl_run(s, "vote", msk("2026-01-11T12:00"))
    return config


def test_status_27_minutes_after_the_last_crawl_asks_whether_the_daemon_runs(crawled_at_1200, capsys):
    code, out, err = run(capsys, "status", "-c", str(crawled_at_1200), "--now", "2026-01-11T12:27")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[4] == "  демон:            чтения не было 27 мин (опрос каждые 2 мин): запущен ли `mafvote run`?"
    assert lines[5] == "  последняя ошибка: нет"
    # no next crawl that is always "now": only the day's deadline jobs
    assert lines[6] == ("  дальше:           11.01 17:00 день 1: напоминание за 1 час; 11.01 17:45 день 1: напоминание "
                        "за 15 минут; 11.01 18:00 день 1: дедлайн")
    code, out, err = run(capsys, "status", "-c", str(crawled_at_1200), "--now", "2026-01-11T12:27", "--format", "json")
    [game] = json.loads(out)["games"]
    assert game["crawl_overdue"] == {"seconds": 27 * 60, "poll_interval_seconds": 120,
                                     "text": "no crawl for 27 min (poll every 2m): is `mafvote run` running?"}


def test_status_within_three_poll_intervals_shows_the_next_crawl_and_no_daemon_line(crawled_at_1200, capsys):
    code, out, err = run(capsys, "status", "-c", str(crawled_at_1200), "--now", "2026-01-11T12:06")
    lines = out.splitlines()
    assert not any(line.startswith("  daemon:") for line in lines)
    assert lines[5].startswith("  дальше:           11.01 12:06 чтение каждые 2 мин; 11.01 17:00 день 1: напоминание за 1 час")
    code, out, err = run(capsys, "status", "-c", str(crawled_at_1200), "--now", "2026-01-11T12:06", "--format", "json")
    assert json.loads(out)["games"][0]["crawl_overdue"] is None


def test_mafvote_run_refuses_a_read_only_store_at_once(read_only, tmp_path, capsys):
    # every poll would fail to store what it read: the daemon says so before starting
    code, out, err = run(capsys, "run", "--once", "-c", str(write_config(tmp_path)))
    assert code == 1
    assert err == (f"ошибка: `mafvote run` нужно писать в хранилище {read_only}, а этому пользователю оно доступно "
                   "только для чтения; запустите его от имени владельца хранилища или исправьте права на файл\n")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def damaged(path: Path, what: str) -> str:
    return (f"ошибка: хранилище {path} повреждено ({what}); восстановите его из резервной копии или уберите файл в "
            "сторону и запустите `mafvote crawl`, чтобы прочитать темы заново (разобранные ночи и закрытые дни "
            "хранятся в нём же, их придётся внести заново)\n")


@pytest.fixture
def played(tmp_path) -> CliGame:
    """Night 1 resolved (an early page of game_phases), then 400 vote posts (the later pages of the file)."""
    g = CliGame(tmp_path).open()
    g.svc.resolve_night(1, now=msk_at("2026-11-11T22:40"))
    for i in range(400):
        g.post(NEW_YEAR_ROSTER[i % 9][0], msk_at("2026-11-12T10:00") + timedelta(seconds=30 * i),
               f"пост {i}: " + red_span(NEW_YEAR_ROSTER[(i + 1) % 9][0]) + " а это просто длинный текст поста " * 6)
    g.store.close()
    return g


def overwrite_tail(path: Path, fraction: float) -> None:
    """Junk over the last part of the file: the posts' pages, not the header nor the first tables' pages."""
    data = bytearray(path.read_bytes())
    start = (int(len(data) * (1 - fraction)) // 4096) * 4096
    data[start:] = b"A" * (len(data) - start)
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("argv", [["tally", "--day", "1"], ["posts"], ["votes", "--player", "Ronin"],
                                  ["status", "--now", "2026-11-12T12:00"]])
def test_a_store_damaged_past_its_header_gives_one_line_naming_the_file_and_what_to_do(played, argv):
    overwrite_tail(played.db, 0.5)
    code, out, err = played.cli(*argv)
    assert (code, out, err) == (1, "", damaged(played.db, "SQLite: `database disk image is malformed`"))


def test_undo_on_a_damaged_store_checks_it_first_and_writes_nothing(played):
    overwrite_tail(played.db, 0.5)
    before = digest(played.db)
    code, out, err = played.cli("state", "--format", "json")
    assert code == 0, err     # the game's steps are on pages the junk missed: reading them still works
    code, out, err = played.cli("undo")
    assert (code, out) == (1, "")
    assert err.startswith(f"ошибка: хранилище {played.db} повреждено (проверка SQLite нашла: `")
    assert err.endswith("их придётся внести заново); ничего не записано\n")
    assert digest(played.db) == before
    with sqlite3.connect(played.db) as conn:          # the resolved night is still there
        assert conn.execute("select count(*) from game_phases").fetchone() == (1,)


def test_quick_check_passes_a_sound_store_and_undo_works(played):
    code, out, err = played.cli("undo")
    assert (code, err) == (0, "")
    assert out.startswith("отменено: #1 ")


@pytest.mark.parametrize("table", ["game_phases", "posts", "post_versions", "crawl_runs", "alerts"])
def test_a_store_with_a_table_missing_is_named_as_damaged(played, table):
    with sqlite3.connect(played.db) as conn:
        conn.execute(f"drop table {table}")
    code, out, err = played.cli("state")
    assert (code, out, err) == (1, "", damaged(played.db, f"нет таблицы `{table}`"))


def test_a_store_with_a_column_missing_is_named_as_damaged(played):
    with sqlite3.connect(played.db) as conn:
        conn.execute("alter table crawl_runs drop column finished_at")
    code, out, err = played.cli("tally", "--day", "1")
    assert (code, out, err) == (1, "", damaged(played.db, "в таблице `crawl_runs` нет столбцов `finished_at`"))


@pytest.mark.parametrize("argv", [["state"], ["tally"], ["undo"], ["crawl"], ["state", "kill", "--player", "Маша"]])
def test_a_store_truncated_to_0_bytes_is_refused_never_shown_as_a_new_game(tmp_path, argv):
    g = CliGame(tmp_path)
    g.db.write_bytes(b"")
    old = time_mod.time() - 60
    os.utime(g.db, (old, old))
    code, out, err = g.cli(*argv)
    assert (code, out) == (1, "")
    assert err == (f"ошибка: хранилище {g.db} пусто (0 байт): файл обрезан (переполнен диск? копия оборвалась?); "
                   "восстановите его из резервной копии или удалите файл, чтобы начать новое хранилище (разобранные "
                   "ночи и закрытые дни придётся внести заново)\n")
    assert g.db.stat().st_size == 0


@pytest.mark.parametrize("side", ["-wal", "-journal"])
def test_a_truncated_store_beside_an_old_log_or_journal_is_refused_too(tmp_path, side):
    # the -wal or -journal a crash left beside the store is old: nobody is creating the store now
    g = CliGame(tmp_path)
    g.db.write_bytes(b"")
    leftover = g.db.with_name(g.db.name + side)
    leftover.write_bytes(b"\0" * 32)
    old = time_mod.time() - 60
    for path in (g.db, leftover):
        os.utime(path, (old, old))
    code, out, err = g.cli("state")
    assert (code, out) == (1, "") and err.startswith(f"ошибка: хранилище {g.db} пусто (0 байт): файл обрезан")
    assert g.db.stat().st_size == 0


def test_a_sqlite_bug_of_our_own_keeps_its_traceback(played, monkeypatch):
    # only the file's state is the GM's to fix; a wrong statement of ours must stay visible as a bug
    monkeypatch.setattr(GameService, "applied", lambda self: (_ for _ in ()).throw(
        sqlite3.ProgrammingError("Cannot operate on a closed database.")))
    with pytest.raises(sqlite3.ProgrammingError):
        CliRunner().invoke(cli, ["-c", str(played.path), "state"], catch_exceptions=False)


TWO_GAMES = CLI_GAME_CONFIG.format(store="m.db", base=STORE_GAME_BASE, ruleset="new_year", start="2026-11-10T23:00",
                          first="2026-11-11T22:30", starts_with="night", night="22:30") + """
[[games]]
id = "h"
forum = "f"
ruleset = "new_year"
game_topic = "{base}showthread.php?tid=3"
vote_thread = "{base}showthread.php?tid=4"
gm = ["Ведущий"]
[games.schedule]
start = "2026-11-10T23:00"
starts_with = "night"
first_deadline = "2026-11-11T22:30"
day_deadline = "22:00"
night_deadline = "22:30"
""".replace("{base}", STORE_GAME_BASE)


def test_the_daemon_logs_a_damaged_store_once_and_keeps_serving_the_other_game(tmp_path, caplog):
    path = tmp_path / "config.toml"
    path.write_text(TWO_GAMES, encoding="utf-8")
    caplog.set_level(logging.INFO, logger="mafvote.daemon")
    with Daemon(load_config(path), channels={"webhook": Recorder()}) as daemon:
        broken = daemon.games["g"].service

        def malformed(*args, **kwargs):
            raise sqlite3.DatabaseError("database disk image is malformed")

        broken.applied = malformed                      # game g's pages of the store went bad
        now = msk_at("2026-11-12T12:00")
        first = daemon.run_due(now)
        second = daemon.run_due(now + timedelta(minutes=2))
    # the log line's frame is English (the daemon's log); the store's message is the GM's language's
    message = ("хранилище {} повреждено (SQLite: `database disk image is malformed`); восстановите его из "
               "резервной копии или уберите файл в сторону и запустите `mafvote crawl`, чтобы прочитать темы заново "
               "(разобранные ночи и закрытые дни хранятся в нём же, их придётся внести заново)").format(tmp_path / "m.db")
    assert first.errors == [f"g: {message}"] and second.errors == [f"g: {message}"]
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == [f"game g: {message}"]            # once, not once per poll, and no traceback
    assert not any(r.exc_info for r in caplog.records)
    assert "h" in first.counts                          # game h was counted: its day 1 is running


@pytest.mark.parametrize("argv", [["undo"], ["night", "resolve", "--night", "1", "--dry-run"],
                                  ["day", "close", "--day", "1", "--dry-run"]])
def test_undo_and_dry_runs_never_create_a_missing_store(tmp_path, argv):
    g = CliGame(tmp_path, store="typo/m.db")
    code, out, err = g.cli(*argv)
    assert (code, out) == (1, "")
    assert err == (f"ошибка: хранилища {tmp_path / 'typo' / 'm.db'} ещё нет: сначала запустите `mafvote crawl` (или "
                   "проверьте `[store].path` в конфиге)\n")
    assert not (tmp_path / "typo").exists()


def test_the_missing_config_hint_names_the_shipped_example_and_demo_keep(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["state"])
    assert result.exit_code == 2
    assert result.stderr == (
        "ошибка: config.toml: файл не найден (подсказка: укажите файл через `-c FILE` или скопируйте пример "
        f"`config.toml` с комментариями (он входит в mafvote: {data_file('config.toml')}) и поправьте его; "
        "`mafvote demo --keep DIR` запишет в `DIR` рабочую заготовку (конфиг, хранилище, ночи))\n")
