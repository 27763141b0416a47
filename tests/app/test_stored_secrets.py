"""Secrets never reach the store (issue 13): every free text the store writes is scrubbed of every secret
the process knows, whichever caller wrote it.

The forum is a `HostileServer` on 127.0.0.1 (tests/app/test_hostile_forum.py): its login answers with an error
page echoing the submitted form, password included (the recorded phpBB 3 login page of tests/data/publish),
and its vote thread redirects to another port with the password in the address. Then the whole store is
read back, every text column of every table, and the log the daemon would write.
"""
from __future__ import annotations

import io
import logging
import sqlite3
from datetime import timedelta
from urllib.parse import quote

from mafvote.alerts import Alert, AlertLog
from mafvote.config import ForumConfig
from mafvote.logs import setup_logging
from mafvote.secret_registry import known_secrets
from mafvote.store import Store
from mafvote_scraper.fetch import ForumClient
from support.forum import SECRET, crawl, echoing_login, html, publisher, send
from support.game_dir import CAPTURE


def every_stored_text(path) -> list[tuple[str, str, str]]:
    """(table, column, value) for every text value in every table of the SQLite file."""
    db = sqlite3.connect(path)
    try:
        found = []
        tables = [r[0] for r in db.execute("select name from sqlite_master where type = 'table'")]
        for table in tables:
            columns = [r[1] for r in db.execute(f'pragma table_info("{table}")')]
            for row in db.execute(f'select * from "{table}"'):
                for column, value in zip(columns, row):
                    if isinstance(value, bytes):
                        value = value.decode("utf-8", "replace")
                    if isinstance(value, str):
                        found.append((table, column, value))
        return found
    finally:
        db.close()


def test_no_table_and_no_log_line_holds_the_password_an_error_echoed(servers, tmp_path):
    thief = servers({"/": lambda h, b: html(h, "<html></html>")})
    forum = servers({
        "/ucp.php": echoing_login,
        # a vote thread whose redirect carries the password: the crawl's error names the address
        "/showthread.php": lambda h, b: send(h, 302, headers={"Location": f"{thief.base}?p={quote(SECRET)}"})})
    log = io.StringIO()
    # the daemon's logging, undone afterwards (levels too: setup_logging quietens httpx for the whole process)
    touched = ("", "httpx", "httpcore", "apscheduler")
    levels = {name: logging.getLogger(name).level for name in touched}
    handler = setup_logging("DEBUG", stream=log)
    try:
        pub = publisher(forum.base, tmp_path)        # the publisher registers the password before any request
        assert SECRET in known_secrets()
        result = pub.publish("count", view="public")
        assert result.status == "failed" and "password=***" in result.message

        store = Store(tmp_path / "m.db")
        config = ForumConfig(id="f", engine="mybb", base_url=forum.base, timezone="Europe/Moscow", retries=1,
                             min_delay=0)
        with ForumClient.for_forum(config, sleep=lambda s: None) as client:
            run = crawl(client, store, forum.base + "showthread.php?tid=2")
        assert not run.ok and thief.requests == [] and quote(SECRET) in run.error   # the crawler's own text

        # callers that forget to scrub: an alert quoting the raw error, a channel's error, a journal note
        alert = Alert(game="ny", kind="publish_failing", text=f"вход не удался: password={SECRET}", time=CAPTURE,
                      phase="day1", post_url=None, key="publish_failing:day1")
        alerts = AlertLog(store)
        assert alerts.record(alert, ["webhook"], CAPTURE)
        alerts.mark_failed(alert, "webhook", CAPTURE, 1, f"http://127.0.0.1:9/?token={SECRET} answered HTTP 500",
                           CAPTURE + timedelta(minutes=1))
        store.append_game_phase("ny", number=1, kind="day", start=CAPTURE, deadline=None,
                                state={"notes": [f"пароль {SECRET}", {SECRET: [SECRET]}]}, outcome={},
                                applied_at=CAPTURE, how=f"by hand: {SECRET}")
        store.close()
    finally:
        logging.getLogger().removeHandler(handler)
        for name, level in levels.items():
            logging.getLogger(name).setLevel(level)

    texts = every_stored_text(tmp_path / "m.db")
    tables = {t for t, _, _ in texts}
    assert {"crawl_runs", "published_counts", "alerts", "alert_deliveries", "game_phases"} <= tables
    assert [(t, c) for t, c, v in texts if SECRET in v or quote(SECRET) in v] == []
    by_column = {(t, c): v for t, c, v in texts}
    assert "password=***" in by_column["published_counts", "last_error"]
    assert f"{thief.base}?p=***," in by_column["crawl_runs", "error"]     # where it went, not the password
    assert by_column["alerts", "text"] == "вход не удался: password=***"
    assert by_column["alert_deliveries", "last_error"] == "http://127.0.0.1:9/?token=*** answered HTTP 500"
    assert by_column["game_phases", "how"] == "by hand: ***"
    assert by_column["game_phases", "state"] == '{"notes": ["пароль ***", {"***": ["***"]}]}'
    assert "password=***" in log.getvalue() and SECRET not in log.getvalue()

