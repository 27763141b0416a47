"""A `mafvote crawl` process SIGKILLed mid-crawl and restarted loses and duplicates nothing, and
never leaves half a page (issue 2, "Done when")."""
from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mafvote.forumsim import ForumSim
from support.forum import crawl_config

ROOT = Path(__file__).resolve().parents[2]
PER_PAGE = 5
VOTE_POSTS = 150          # 30 pages
GAME_POSTS = 4

CONFIG = crawl_config("{base}", store="data/mafvote.db", forum={"retries": 1})


def _crawl(config: Path) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, "-c", "from mafvote.cli import main; main()", "crawl", "-c", str(config)],
        cwd=config.parent, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def _stored_pages(db: Path) -> int:
    if not db.exists():
        return 0
    try:
        conn = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)
        try:
            return conn.execute("select count(*) from pages").fetchone()[0]
        finally:
            conn.close()
    except sqlite3.OperationalError:
        return 0          # tables not created yet


def _check_whole_pages(db: Path) -> None:
    """Every stored page row lists exactly the posts stored on it: no page is half written."""
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("pragma integrity_check").fetchone()[0] == "ok"
        for topic, page, ids in conn.execute("select topic, page, post_ids from pages"):
            listed = [int(x) for x in ids.split(",")]
            stored = [r[0] for r in conn.execute(
                "select post_id from posts where topic = ? and page = ? order by position",
                [topic, page])]
            assert stored == listed, f"page {page} of topic {topic} is half stored"
            versions = conn.execute(
                f"select count(*) from post_versions where post_id in ({','.join('?' * len(listed))})",
                listed).fetchone()[0]
            assert versions == len(listed)
    finally:
        conn.close()


@pytest.mark.parametrize("kill_after_pages", [3, 11, 19])
def test_killed_mid_crawl_then_restarted_has_every_post_once(tmp_path, kill_after_pages):
    with ForumSim(per_page=PER_PAGE, slow=0.03) as forum:
        forum.add_topic(1, "Игра: Новогодняя мафия")
        forum.add_topic(2, "Голосование — День 2")
        game = [forum.add_post(1, "Ведущий", f"Правила, часть {i}") for i in range(GAME_POSTS)]
        votes = [forum.add_post(2, f"Игрок{i % 12}", f'<span style="color: red;" class="mycode_color">Соня</span> {i}')
                 for i in range(VOTE_POSTS)]
        config = tmp_path / "config.toml"
        config.write_text(CONFIG.format(base=forum.base_url), encoding="utf-8")
        db = tmp_path / "data" / "mafvote.db"

        proc = _crawl(config)
        deadline = time.monotonic() + 60
        while _stored_pages(db) < kill_after_pages:
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "the crawl did not get going"
            time.sleep(0.005)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        assert proc.returncode == -signal.SIGKILL

        stored_before = _stored_pages(db)
        assert 1 + kill_after_pages - 1 <= stored_before < 1 + VOTE_POSTS // PER_PAGE
        _check_whole_pages(db)

        forum.reset_counts()
        again = _crawl(config)
        out, err = again.communicate(timeout=120)
        assert again.returncode == 0, err.decode()
        # The restart resumes: it does not read the pages stored before the kill again.
        vote_requests = [p for p, _ in forum.log if "tid=2" in p]
        assert len(vote_requests) <= VOTE_POSTS // PER_PAGE - (stored_before - 1) + 2

    _check_whole_pages(db)
    conn = sqlite3.connect(db)
    rows = conn.execute("select post_id, count(*) from posts group by forum, post_id").fetchall()
    assert sorted(pid for pid, _ in rows) == sorted(game + votes)
    assert all(n == 1 for _, n in rows)
    assert conn.execute("select count(*) from post_versions").fetchone()[0] == len(game) + len(votes)
    assert conn.execute("select count(*) from posts where deleted_at is not null").fetchone()[0] == 0
    assert conn.execute("select count(*) from pages").fetchone()[0] == 1 + VOTE_POSTS // PER_PAGE
    conn.close()
    assert b"error" not in err
