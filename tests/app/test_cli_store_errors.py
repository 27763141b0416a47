"""The store as a GM meets it on a bad day: [store].path pointing at someone else's file,
a folder or nothing yet; a read-only store; a vote thread read only in part; a `status` with no daemon
running. Each says what is wrong and what to do, in one line, through the real CLI."""
from __future__ import annotations

import hashlib
import json
import sqlite3
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

import mafvote.store.file as store_file
from mafvote.cli import main
from mafvote.store import MIGRATIONS, Store, StoreError
from mafvote_scraper.fetch import FetchedMeta
from mafvote_scraper.model import ParsedPage, ParsedPost
from support import crawl_config

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


def run(capsys, *argv: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exit_info:
        main(list(argv))
    out, err = capsys.readouterr()
    return exit_info.value.code, out, err


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
    assert err == (f"error: not a mafvote store: {foreign} has tables notes, users and no mafvote schema; "
                   "check [store].path in the config\n")
    assert file_digest(foreign) == before
    # no -wal, no -shm beside the foreign file (the config's own cache is the config's: mafvote.config.cache)
    assert sorted(p.name for p in tmp_path.iterdir()) == [".config.toml.mafvote-cache", "config.toml", "notes.db"]
    conn = sqlite3.connect(foreign)
    assert conn.execute("pragma journal_mode").fetchone()[0] == "delete"


def test_a_file_that_is_not_sqlite_is_named_as_such(tmp_path, capsys):
    (tmp_path / "mafvote.db").write_text("список игроков\n" * 200, encoding="utf-8")
    code, out, err = run(capsys, "state", "-c", str(write_config(tmp_path)))
    assert code == 1
    assert err == (f"error: not a mafvote store: {tmp_path / 'mafvote.db'} is not an SQLite database (file is "
                   "not a database); check [store].path in the config\n")


def test_a_folder_as_store_path_is_named_as_a_folder(tmp_path, capsys):
    (tmp_path / "state").mkdir()
    code, out, err = run(capsys, "crawl", "-c", str(write_config(tmp_path, "state")))
    assert code == 1
    assert err == (f"error: store {tmp_path / 'state'} is a folder, not a file; check [store].path in the config "
                   "(it names the SQLite file, e.g. mafvote.db)\n")


# --- no store yet ------------------------------------------------------------------------------------

@pytest.mark.parametrize("argv", [["state"], ["state", "--format", "json"], ["tally"], ["tally", "--day", "1"],
                                  ["votes", "--player", "Ronin"], ["render", "votecount", "1"]])
def test_a_command_that_only_reads_never_creates_a_missing_store(tmp_path, capsys, argv):
    config = write_config(tmp_path, "typo/mafvot.db")
    code, out, err = run(capsys, *argv, "-c", str(config))
    assert (code, out) == (1, "")
    assert err == (f"error: no store at {tmp_path / 'typo' / 'mafvot.db'} yet: run `mafvote crawl` first (or check "
                   "[store].path in the config)\n")
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
    assert err == (f"примечание: no store at {tmp_path / 'typo' / 'mafvot.db'} yet: run `mafvote crawl` first (or check "
                   "[store].path in the config)\n")
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
        f"error: store {read_only} is read-only (this user cannot write the file or its folder, or the disk is "
        "mounted read-only): this command needs to write it; make both writable (chmod u+w), run mafvote as the "
        "user who owns them, or point [store].path at a writable copy. Commands that only read (state, tally, "
        "posts, votes, render, status) work on it as it is\n")


def test_a_store_opened_read_only_reads_and_refuses_writes_at_the_sqlite_level(tmp_path):
    path = tmp_path / "mafvote.db"
    with Store(path) as s:
        vote_page(s, msk("2026-01-11T12:05"))
    with Store(path, read_only=True) as s:
        assert s.read_only
        assert [(p.post_id, p.author) for p in s.posts(game_id="ny")] == [(10, "Ronin")]
        with pytest.raises(StoreError, match="is read-only"):
            crawl_run(s, "vote", msk("2026-01-11T12:10"))
        with pytest.raises(StoreError, match="is read-only"):
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
        "внимание: последний обход темы голосования (11.01 12:32) не удался: cannot read http://f/ after 3 attempts: "
        "HTTP 503; в подсчёте могут не хватать голосов — запустите `mafvote crawl` ещё раз")


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
                                  "error": "did not finish (stopped, or still running)", "finished": False}


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
    assert err.startswith(f"error: mafvote run needs to write the store {read_only}, which is read-only for this user")
