"""Several writers on one store: the GM types `mafvote crawl` while `mafvote run` crawls. Every
transaction takes the write lock when it begins, so writers take turns instead of dying with "database is
locked"; a store another program keeps locked past the busy timeout is a `StoreError` naming the lock,
exit status 1, never a traceback."""
from __future__ import annotations

import os
import re
import signal
import sqlite3
import subprocess
import sys
import textwrap
import threading
import time
from datetime import timedelta
from pathlib import Path

import pytest

import mafvote.store as store_mod
import mafvote.store.errors as store_errors
from mafvote.cli import main
from mafvote.forumsim import ForumSim
from mafvote.store import Store, StoreError
from support.forum import CRAWL_CONFIG, CRAWL_T0, STORE_T0, store_meta, store_page, store_post
from support.paths import RED

ROUNDS = 150
PAGES = 15            # each writer cycles over the same 15 pages of 10 posts: every post is written by all
POSTS_PER_PAGE = 10

# One writer: its own connection, `ROUNDS` pages upserted (each its own transaction) plus a crawl run per
# round, exactly as a crawl writes. Run as a separate process by the tests below.
WRITER = textwrap.dedent(f"""
    import sys
    from datetime import timedelta
    sys.path.insert(0, {str(Path(__file__).resolve().parents[1])!r})
    from support.forum import STORE_T0, store_meta, store_page, store_post
    from mafvote.store import Store

    with Store(sys.argv[1]) as s:
        topic = s.ensure_topic("hyper", "2", url="http://f/showthread.php?tid=2", kind="vote", game_id="ny")
        for r in range({ROUNDS}):
            n = r % {PAGES} + 1
            run = s.start_crawl(topic, STORE_T0)
            s.upsert_page(topic, store_page(n, [store_post(n * 100 + i, n, i) for i in range({POSTS_PER_PAGE})]),
                          store_meta(n, STORE_T0 + timedelta(seconds=r)))
            s.finish_crawl(run, STORE_T0, requests=1, bytes=1, pages=1, new=0, changed=0, deleted=0, error=None)
    print("done")
""")


def write_rounds(path: Path, errors: list[BaseException]) -> None:
    try:
        with Store(path) as s:
            topic = s.ensure_topic("hyper", "2", url="http://f/showthread.php?tid=2", kind="vote", game_id="ny")
            for r in range(ROUNDS):
                n = r % PAGES + 1
                run = s.start_crawl(topic, STORE_T0)
                s.upsert_page(topic, store_page(n, [store_post(n * 100 + i, n, i) for i in range(POSTS_PER_PAGE)]),
                              store_meta(n, STORE_T0 + timedelta(seconds=r)))
                s.finish_crawl(run, STORE_T0, requests=1, bytes=1, pages=1, new=0, changed=0, deleted=0,
                               error=None)
    except BaseException as exc:  # noqa: BLE001  (reported by the test)
        errors.append(exc)


def stored_counts(path: Path) -> tuple[int, int, int, int]:
    conn = sqlite3.connect(path)
    try:
        posts, distinct = conn.execute("select count(*), count(distinct post_id) from posts").fetchone()
        versions = conn.execute("select count(*) from post_versions").fetchone()[0]
        runs = conn.execute("select count(*) from crawl_runs where finished_at is not null").fetchone()[0]
    finally:
        conn.close()
    return posts, distinct, versions, runs


def test_two_processes_upserting_pages_at_once_all_finish_and_every_post_is_stored_once(tmp_path):
    path = tmp_path / "mafvote.db"
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(path)], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True) for _ in range(2)]
    results = [w.communicate(timeout=120) for w in writers]
    for w, (out, err) in zip(writers, results):
        assert (w.returncode, out.strip(), err) == (0, "done", "")
    # 15 pages x 10 posts, each post once with one version (same content every time), every run finished
    assert stored_counts(path) == (PAGES * POSTS_PER_PAGE, PAGES * POSTS_PER_PAGE, PAGES * POSTS_PER_PAGE,
                                   2 * ROUNDS)


def test_four_threads_with_their_own_stores_take_turns_without_an_exception(tmp_path):
    path = tmp_path / "mafvote.db"
    Store(path).close()
    errors: list[BaseException] = []
    threads = [threading.Thread(target=write_rounds, args=(path, errors)) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert errors == []
    assert stored_counts(path) == (PAGES * POSTS_PER_PAGE, PAGES * POSTS_PER_PAGE, PAGES * POSTS_PER_PAGE,
                                   4 * ROUNDS)


def test_two_first_uses_of_a_new_store_at_once_migrate_it_once(tmp_path):
    path = tmp_path / "new.db"
    errors: list[BaseException] = []
    opened: list[int] = []

    def open_it() -> None:
        try:
            with Store(path) as s:
                opened.append(s.schema_version)
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    threads = [threading.Thread(target=open_it) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert errors == [] and opened == [len(store_mod.MIGRATIONS)] * 4


@pytest.fixture
def locked(tmp_path, monkeypatch):
    """A store another program holds a write transaction on (an SQLite tool, a stuck process); the busy
    timeout cut to a fifth of a second so the test does not wait ten."""
    path = tmp_path / "mafvote.db"
    Store(path).close()
    monkeypatch.setattr(store_errors, "BUSY_TIMEOUT", 0.2)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    holder.execute("insert into forums (id, engine, base_url, timezone) values ('x', 'mybb', 'http://x/', 'UTC')")
    yield path
    holder.execute("ROLLBACK")
    holder.close()


def test_a_page_write_on_a_store_locked_past_the_busy_timeout_is_a_store_error_naming_the_lock(locked):
    with Store(locked) as s:             # opening only reads: it never waits for the lock
        with pytest.raises(StoreError) as info:
            s.ensure_topic("hyper", "2", url="http://f/showthread.php?tid=2", kind="vote", game_id="ny")
    assert str(info.value) == (
        f"хранилище {locked} занято: другая программа пишет в него дольше 0.2 с (второй `mafvote crawl`, "
        "`mafvote run` или программа для SQLite с открытой транзакцией); повторите, когда она закончит")
    assert info.value.exit_code == 1


def test_a_brand_new_store_locked_while_it_is_created_says_locked_not_check_the_path(tmp_path, monkeypatch):
    path = tmp_path / "mafvote.db"
    monkeypatch.setattr(store_errors, "BUSY_TIMEOUT", 0.2)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    holder.execute("create table scratch (x)")     # the other program is creating it right now
    try:
        with pytest.raises(StoreError, match=r"занято: другая программа пишет в него дольше 0\.2 с") as info:
            Store(path)
        assert "[store].path" not in str(info.value)
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def test_mafvote_crawl_on_a_locked_store_exits_1_with_one_line(locked, tmp_path, capsys, monkeypatch):
    config = tmp_path / "config.toml"
    config.write_text(CRAWL_CONFIG.format(base="http://127.0.0.1:9/").replace("state/mafvote.db", locked.name),
                      encoding="utf-8")
    with pytest.raises(SystemExit) as exit_info:
        main(["crawl", "-c", str(config)])
    out, err = capsys.readouterr()
    assert exit_info.value.code == 1
    assert err == (f"ошибка: хранилище {locked} занято: другая программа пишет в него дольше 0.2 с (второй "
                   "`mafvote crawl`, `mafvote run` или программа для SQLite с открытой транзакцией); повторите, когда "
                   "она закончит\n")


def mafvote_program() -> str:
    return str(Path(sys.executable).with_name("mafvote"))


def test_two_mafvote_crawls_of_one_store_at_once_both_succeed_and_store_each_post_once(tmp_path):
    # a second `mafvote crawl` while the first is still reading a slow forum
    with ForumSim(per_page=5, slow=0.01) as forum:
        forum.add_topic(1, "Игра")
        forum.add_topic(2, "Голосование")
        forum.add_post(1, "Ведущий", "Ночь первая.", time=CRAWL_T0)
        for i in range(400):
            forum.add_post(2, "Ronin", f"пост {i} {RED.format('Puss')}", time=CRAWL_T0 + timedelta(seconds=i))
        config = tmp_path / "config.toml"
        config.write_text(CRAWL_CONFIG.format(base=forum.base_url), encoding="utf-8")
        crawls = []
        for _ in range(2):
            crawls.append(subprocess.Popen([mafvote_program(), "crawl", "-c", str(config)], stdout=subprocess.PIPE,
                                           stderr=subprocess.PIPE, text=True))
            time.sleep(0.3)
        results = [c.communicate(timeout=120) for c in crawls]
    for c, (_out, err) in zip(crawls, results):
        assert c.returncode == 0 and "Traceback" not in err, err
    posts, distinct, versions, _ = stored_counts(tmp_path / "state" / "mafvote.db")
    assert (posts, distinct, versions) == (401, 401, 401)


def pages_stored(path: Path) -> int:
    if not path.exists():
        return 0
    conn = sqlite3.connect(path, timeout=5)
    try:
        if not conn.execute("select 1 from sqlite_master where name = 'pages'").fetchone():
            return 0
        return conn.execute("select count(*) from pages").fetchone()[0]
    finally:
        conn.close()


def test_ctrl_c_during_mafvote_crawl_says_what_was_stored_exits_130_and_the_next_crawl_completes(tmp_path):
    # a real Ctrl-C (SIGINT) to the real program while it reads a slow forum
    with ForumSim(per_page=5, slow=0.05) as forum:
        forum.add_topic(1, "Игра")
        forum.add_topic(2, "Голосование")
        forum.add_post(1, "Ведущий", "Ночь первая.", time=CRAWL_T0)
        for i in range(100):
            forum.add_post(2, "Ronin", f"пост {i}", time=CRAWL_T0 + timedelta(seconds=i))
        config = tmp_path / "config.toml"
        config.write_text(CRAWL_CONFIG.format(base=forum.base_url), encoding="utf-8")
        db = tmp_path / "state" / "mafvote.db"
        crawl = subprocess.Popen([mafvote_program(), "crawl", "-c", str(config)], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True,
                                 preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        deadline = time.monotonic() + 60
        while pages_stored(db) < 3 and time.monotonic() < deadline:
            time.sleep(0.02)
        crawl.send_signal(signal.SIGINT)
        out, err = crawl.communicate(timeout=60)
        stored = pages_stored(db)
        assert crawl.returncode == 130
        assert "Traceback" not in err and "Aborted" not in err
        said = re.fullmatch(r"прервано: сохранено (\d+) страниц[аы]?; запустите `mafvote crawl` ещё раз, чтобы "
                            r"продолжить",
                            err.splitlines()[-1])
        assert said is not None, err
        # the page being read when Ctrl-C came is rolled back and not counted; only a Ctrl-C in the few
        # instructions between a page's commit and its count leaves it stored but not counted
        assert int(said.group(1)) in (stored, stored - 1)
        assert 3 <= stored < 21
        again = subprocess.run([mafvote_program(), "crawl", "-c", str(config)], capture_output=True, text=True,
                               timeout=120)
    assert again.returncode == 0, again.stderr
    posts, distinct, versions, _ = stored_counts(db)
    assert (posts, distinct, versions) == (101, 101, 101)


def test_ctrl_c_while_mafvote_is_still_importing_is_one_line_and_exit_130_not_a_traceback():
    # The program's first half second is its imports; a Ctrl-C there used to print an import traceback.
    # Here the interrupt comes right after the handler is in place, in the middle of the imports.
    script = ("import os, signal, sys\n"
              "sys.argv = ['mafvote', 'crawl']\n"
              "import mafvote.cli.common\n"
              "os.kill(os.getpid(), signal.SIGINT)\n"
              "import mafvote.cli\n"
              "print('not reached')\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                          preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert (done.returncode, done.stdout, done.stderr) == (
        130, "", "прервано при запуске: mafvote ещё ничего не сделал\n")


def test_outside_the_mafvote_program_ctrl_c_stays_pythons_keyboard_interrupt():
    # In a fresh interpreter whose SIGINT is not ignored (a shell's background job starts with it ignored, and
    # Python then leaves it so), so the check does not depend on how the test run itself was started.
    script = ("import signal, sys\n"
              "import mafvote.cli\n"
              "print(signal.getsignal(signal.SIGINT) is signal.default_int_handler, sys.argv[0])\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                          preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert (done.returncode, done.stdout, done.stderr) == (0, "True -c\n", "")
