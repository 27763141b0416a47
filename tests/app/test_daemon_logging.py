"""The daemon's log (issue 6 item 6): levels, one line per event, secrets (passwords, tokens, cookies)
never written — neither by our loggers, nor by a library's, nor in a traceback."""
from __future__ import annotations

import io
import logging
import re

import pytest

from mafvote.config import load_config
from mafvote.daemon import Daemon
from mafvote.logs import config_secrets, scrub_line, setup_logging
from mafvote_scraper.fetch import ForumClient
from support.config import game_config
from support.daemon import Recorder
from support.games import STORE_GAME_BASE, CliGame, msk_at

PASSWORD = "Пароль-бота-42"
TOKEN = "7345678901:AAH-secret-bot-token_XYZ"
SMTP = "smtp-pass-9f8e7d"

CONFIG = game_config("https://forum.example.org/", store=None,
                     forum={"id": "hyper", "login": {"user": "mafvote-bot", "password_env": "T_FORUM_PASSWORD"}},
                     game={"id": "ny"}, schedule={"first_deadline": "2026-12-28T10:00", "day_deadline": "18:00",
                                                  "night_deadline": "20:00"},
                     alerts={"channels": ["telegram", "email"], "telegram": {"token_env": "T_TG_TOKEN", "chat_id": "42"},
                             "email": {"host": "smtp.example.org", "user": "gm", "password_env": "T_SMTP_PASSWORD",
                                       "sender": "gm@example.org", "to": ["gm@example.org"]}})


ENV = {"T_FORUM_PASSWORD": PASSWORD, "T_TG_TOKEN": TOKEN, "T_SMTP_PASSWORD": SMTP}


@pytest.fixture
def log_to(tmp_path):
    """setup_logging with the config's secrets into a buffer; undone afterwards."""
    path = tmp_path / "config.toml"
    path.write_text(CONFIG, encoding="utf-8")
    config = load_config(path)
    made = []

    def setup(level="INFO"):
        stream = io.StringIO()
        made.append(setup_logging(level, stream=stream, secrets=config_secrets(config, ENV)))
        return stream

    root_level = logging.getLogger().level
    yield setup
    for handler in made:
        logging.getLogger().removeHandler(handler)
    logging.getLogger().setLevel(root_level)


def test_config_secrets_are_the_values_of_the_variables_the_config_names(tmp_path):
    path = tmp_path / "config.toml"
    path.write_text(CONFIG, encoding="utf-8")
    assert sorted(config_secrets(load_config(path), ENV)) == sorted([PASSWORD, TOKEN, SMTP])
    assert config_secrets(load_config(path), {}) == []


def test_no_secret_reaches_the_log_from_our_loggers_a_library_or_a_traceback(log_to, caplog):
    stream = log_to("DEBUG")
    caplog.set_level(logging.DEBUG)
    logging.getLogger("mafvote.daemon").info("login to hyper with %s refused", PASSWORD)
    logging.getLogger("httpx").warning("HTTP Request: POST https://api.telegram.org/bot%s/sendMessage \"HTTP/1.1 200 OK\"",
                                       TOKEN)
    logging.getLogger("mafvote.publish").info("session: Set-Cookie: mybbuser=1_AbCdEf123; sid=9a8b7c")
    try:
        raise RuntimeError(f"SMTP AUTH failed for gm / {SMTP}")
    except RuntimeError:
        logging.getLogger("some.library").exception("a channel crashed")

    written = stream.getvalue()
    for secret in (PASSWORD, TOKEN, SMTP, "AbCdEf123", "9a8b7c"):
        assert secret not in written
    # the records of our loggers and httpx are scrubbed themselves, so any other handler (here pytest's)
    # gets them clean too; another library's record is clean in what our handler writes
    ours = "\n".join(r.getMessage() for r in caplog.records if r.name != "some.library")
    for secret in (PASSWORD, TOKEN, "AbCdEf123", "9a8b7c"):
        assert secret not in ours
    assert "login to hyper with *** refused" in written
    assert "https://api.telegram.org/bot***/sendMessage" in written
    assert "Set-Cookie: ***" in written
    # the traceback is folded into the same single line, scrubbed
    [crash] = [line for line in written.splitlines() if "a channel crashed" in line]
    assert "RuntimeError: SMTP AUTH failed for gm / ***" in crash


def test_one_line_per_event_with_time_level_and_logger(log_to):
    stream = log_to("INFO")
    logging.getLogger("mafvote.alerts").warning("alert ny day1 deadline: Day 1 deadline reached\nСоня — 3\nRonin — 1")
    lines = stream.getvalue().splitlines()
    assert len(lines) == 1
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ WARNING mafvote\.alerts: alert ny day1 deadline: "
                        r"Day 1 deadline reached \| Соня — 3 \| Ronin — 1", lines[0])


def test_the_level_chooses_what_is_written(log_to):
    stream = log_to("WARNING")
    logging.getLogger("mafvote.daemon").info("crawl ny vote: 3 new")
    logging.getLogger("mafvote.daemon").warning("crawl ny vote failed: HTTP 503")
    assert [line.split(" ", 1)[1] for line in stream.getvalue().splitlines()] == [
        "WARNING mafvote.daemon: crawl ny vote failed: HTTP 503"]
    with pytest.raises(ValueError, match="log level 'LOUD'"):
        setup_logging("LOUD")


def test_scrub_line_masks_cookie_headers_and_session_cookies():
    assert scrub_line("Cookie: mybbuser=5_x; loginattempts=1") == "Cookie: ***"
    assert scrub_line("redirect to index.php?sid=0123abcd&x=1") == "redirect to index.php?sid=***&x=1"
    assert scrub_line("phpbb3_abc_sid=deadbeef; path=/") == "phpbb3_abc_sid=***; path=/"
    assert scrub_line("nothing secret here") == "nothing secret here"


def test_the_daemon_logs_one_line_when_the_config_moved_the_forum(tmp_path, caplog):
    g = CliGame(tmp_path).open()
    g.store.ensure_topic("f", "1", url=f"{STORE_GAME_BASE}showthread.php?tid=1", kind="game", game_id="g")
    g.store.close()
    moved = "http://127.0.0.1:1/"
    g.path.write_text(g.path.read_text(encoding="utf-8").replace(STORE_GAME_BASE, moved), encoding="utf-8")
    caplog.set_level(logging.INFO, logger="mafvote.daemon")
    with Daemon(load_config(g.path), channels={"webhook": Recorder()},
                client_factory=lambda forum: ForumClient.for_forum(forum, sleep=lambda s: None)) as daemon:
        daemon.crawl("g", msk_at("2026-11-12T12:00"), process=False)
        daemon.crawl("g", msk_at("2026-11-12T12:05"), process=False)
    lines = [r.getMessage() for r in caplog.records if "address changed" in r.getMessage()]
    assert lines == [f"crawl g: the address changed in config.toml: forum f {STORE_GAME_BASE} -> {moved}; game topic "
                     f"{STORE_GAME_BASE}showthread.php?tid=1 -> {moved}showthread.php?tid=1; vote topic "
                     f"{STORE_GAME_BASE}showthread.php?tid=2 -> {moved}showthread.php?tid=2; reading the new address from now "
                     "on (the stored posts are kept)"]



def test_the_daemon_compares_the_configs_addresses_with_the_store_at_its_first_crawl_of_a_game_only(tmp_path):
    # the first crawl makes the store follow the config (the crawl's ensure_forum / ensure_topic), and a daemon's
    # config never changes: the ticks after it do not read the addresses again
    g = CliGame(tmp_path).open()
    g.store.close()
    with Daemon(load_config(g.path), channels={"webhook": Recorder()},
                client_factory=lambda forum: ForumClient.for_forum(forum, sleep=lambda s: None)) as daemon:
        statements: list[str] = []
        daemon.store.db.conn.set_trace_callback(statements.append)
        daemon.crawl("g", msk_at("2026-11-12T12:00"), process=False)
        first = [s for s in statements if s.startswith("select base_url from forums")]
        statements.clear()
        daemon.crawl("g", msk_at("2026-11-12T12:05"), process=False)
        daemon.store.db.conn.set_trace_callback(None)
    assert len(first) == 1
    assert [s for s in statements if s.startswith("select base_url from forums")] == []