"""A forum server that misbehaves on purpose (issue 13): credentials stay home, every fetch is bounded.

Every server here is a `HostileServer` on 127.0.0.1 (a free port), answering each path with what a hostile
or broken forum would send; a second one on another port plays "another origin" and records every
request it receives (it must receive none). The login pages are the recorded phpBB 3 (prosilver) ones of
tests/data/publish; the topic pages come from `mafvote.forumsim.ForumSim` (MyBB 1.8 markup copied from
fixtures/html/mybb) or the captured MyBB vote thread (fixtures/html/mybb). Loops are bounded: a trickling
answer sends at most a few hundred bytes and stops when the client hangs up; wall times are asserted only
as hang guards (a generous bound), never as performance.
"""
from __future__ import annotations

import logging
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import tracemalloc
import zlib
from datetime import datetime, timezone
from html import escape as html_escape
from pathlib import Path
from urllib.parse import quote, quote_plus, urlencode
from zoneinfo import ZoneInfo

import httpx
import pytest

from mafvote.config import ForumConfig
from mafvote.crawl_text import describe, describe_note
from mafvote.forumsim import ForumSim
from mafvote.publish import PublishLog
from mafvote.secret_registry import scrub
from mafvote.store import Store
from mafvote_scraper.crawl import crawl_topic
from mafvote_scraper.fetch import ForumClient
from mafvote_scraper.model import FetchError
from support.forum import SECRET, crawl, crawl_config, echoing_login, html, login_page, publisher, send

ROOT = Path(__file__).resolve().parents[2]
MYBB = ROOT / "fixtures" / "html" / "mybb"
MSK = ZoneInfo("Europe/Moscow")
NOW = datetime(2027, 1, 1, 15, 40, tzinfo=timezone.utc)
HANG_GUARD = 15.0          # seconds: only to fail instead of hanging; the limits under test are far below
MiB = 1024 * 1024


def thief_routes(thief_log: list) -> dict:
    def anything(h, body):
        thief_log.append(body)
        html(h, login_page())
    return {"/": anything}


def stored_error(tmp_path: Path) -> str:
    store = Store(tmp_path / "m.db")
    try:
        return PublishLog(store).state("ny").last_error or ""
    finally:
        store.close()


# --- 1. the password never leaves the forum's origin -------------------------------------------------

def test_login_page_redirecting_to_another_origin_sends_it_nothing(servers, tmp_path, caplog):
    got: list[bytes] = []
    thief = servers(thief_routes(got))
    forum = servers({"/ucp.php": lambda h, b: send(h, 302, headers={"Location": thief.base + "ucp.php?mode=login"})})
    pub = publisher(forum.base, tmp_path)
    with caplog.at_level(logging.INFO):
        result = pub.publish("count", view="public")
    assert result.status == "failed"
    assert thief.requests == [] and got == []
    assert f"на {thief.base}ucp.php?mode=login, другой адрес (http://127.0.0.1:{thief.port}" in result.text()
    # the log line and the stored error keep the English (issue 14)
    assert f"redirected to {thief.base}ucp.php?mode=login, another address" in result.message
    assert "logged in" not in caplog.text
    assert "base_url" in stored_error(tmp_path)


def test_login_form_whose_action_is_another_origin_is_never_sent(servers, tmp_path):
    thief = servers(thief_routes([]))
    forum = servers({"/ucp.php": lambda h, b: html(h, login_page(action=thief.base + "steal.php"))})
    result = publisher(forum.base, tmp_path).publish("count", view="public")
    assert result.status == "failed"
    assert thief.requests == []
    assert [m for m, _, _ in forum.requests] == ["GET"]          # no POST anywhere
    assert f"{thief.base}steal.php" in result.message


def test_login_post_answered_307_to_another_origin_is_not_followed(servers, tmp_path):
    thief = servers(thief_routes([]))

    def login(h, body):
        if h.command == "GET":
            html(h, login_page())
        else:
            send(h, 307, headers={"Location": thief.base + "ucp.php?mode=login"})
    forum = servers({"/ucp.php": login})
    result = publisher(forum.base, tmp_path).publish("count", view="public")
    assert result.status == "failed"
    assert thief.requests == []
    assert [m for m, _, _ in forum.requests] == ["GET", "POST"]     # the forum's own origin only
    assert f"форум перенаправил на {thief.base}ucp.php?mode=login" in result.text()


def test_a_login_error_page_echoing_the_form_never_puts_the_password_in_the_store(servers, tmp_path, caplog):
    forum = servers({"/ucp.php": echoing_login})
    with caplog.at_level(logging.INFO):
        result = publisher(forum.base, tmp_path).publish("count", view="public")
    assert result.status == "failed"
    last_error = stored_error(tmp_path)
    assert "password=***" in last_error and SECRET not in last_error
    assert SECRET not in caplog.text and SECRET not in result.message


# --- 2. the crawl never follows a redirect or a link elsewhere --------------------------------------


def test_vote_thread_redirecting_to_another_port_stops_the_crawl_naming_both(servers, tmp_path):
    thief = servers({"/": lambda h, b: html(h, (MYBB / "showthread_tid2_page1.html").read_text())})
    forum = servers({"/showthread.php": lambda h, b: send(
        h, 302, headers={"Location": thief.base + "showthread.php?tid=2"})})
    store = Store(tmp_path / "s.db")
    config = ForumConfig(id="f", engine="mybb", base_url=forum.base, timezone="Europe/Moscow", retries=2, min_delay=0)
    with ForumClient.for_forum(config, sleep=lambda s: None) as client:
        result = crawl(client, store, forum.base + "showthread.php?tid=2")
    assert not result.ok and thief.requests == []
    assert result.error == (
        f"{forum.base}showthread.php?tid=2: the forum redirected to {thief.base}showthread.php?tid=2, another address "
        f"(http://127.0.0.1:{thief.port}; the forum's address in the config is http://127.0.0.1:{forum.port}). mafvote "
        "goes to no other address and sends it neither pages nor the password. If the forum really moved, change "
        "base_url in its [[forums]] and the game's topic addresses (game_topic, vote_thread) to the new ones")
    # what the GM reads (issue 14)
    assert describe(result.exception) == (
        f"{forum.base}showthread.php?tid=2: форум перенаправил на {thief.base}showthread.php?tid=2, другой адрес "
        f"(http://127.0.0.1:{thief.port}; адрес форума в конфиге — http://127.0.0.1:{forum.port}). mafvote не ходит "
        "на другие адреса и не отправляет им ни страниц, ни пароля. Если форум действительно переехал, поменяйте "
        "`base_url` в его `[[forums]]` и адреса тем игры (`game_topic`, `vote_thread`) на новые")
    assert store.posts() == [] and len(forum.requests) == 1         # not retried


def test_a_next_link_to_another_origin_is_not_followed(servers, tmp_path):
    with ForumSim(per_page=2) as sim:
        sim.add_topic(2, "Голосование")
        for i in range(3):
            sim.add_post(2, f"Игрок{i}", f"голос {i}")
        page1 = httpx.get(sim.url_of(2)).text
    thief = servers({"/": lambda h, b: html(h, "<html></html>")})
    # page 1 as the forum serves it, its links to page 2 (the next link among them) pointing at another port
    assert 'href="showthread.php?tid=2&amp;page=2"' in page1
    forum = servers({"/showthread.php": lambda h, b: html(h, page1.replace(
        'href="showthread.php?tid=2&amp;page=2"', f'href="{thief.base}showthread.php?tid=2&amp;page=2"'))})
    store = Store(tmp_path / "s.db")
    with ForumClient(retries=0, sleep=lambda s: None, min_delay=0) as client:
        result = crawl(client, store, forum.base + "showthread.php?tid=2")
    assert thief.requests == []
    assert result.error.startswith(f"{forum.base}showthread.php?tid=2: a link leads to {thief.base}")
    assert describe(result.exception).startswith(f"{forum.base}showthread.php?tid=2: ссылка ведёт на {thief.base}")
    assert [p.author for p in store.posts()] == ["Игрок0", "Игрок1"]      # page 1 is kept


# --- 3. a password the forum echoes back is scrubbed from every output, in every spelling --------------

ODD_SECRET = "p@ss&50%ё"     # @, & and % are spelled otherwise in an address and in HTML; ё is two UTF-8 bytes


def every_spelling(secret: str) -> set[str]:
    """How an echoed password may come back, written out here (not taken from the scrubber)."""
    encoded = quote(secret, safe="")
    return {secret, encoded, encoded.lower(), quote_plus(secret), quote(secret), html_escape(secret),
            secret.encode("utf-8").decode("cp1251")}


def test_every_spelling_of_a_secret_is_scrubbed():
    assert every_spelling(ODD_SECRET) == {"p@ss&50%ё", "p%40ss%2650%25%D1%91", "p%40ss%2650%25%d1%91",
                                          "p@ss&amp;50%ё", "p@ss&50%С‘"}
    for spelled in every_spelling(ODD_SECRET):
        assert scrub(f"[{spelled}]", [ODD_SECRET]) == "[***]", spelled
    quoted = "it's \"q\" <x>"
    for spelled in ("it&#x27;s &quot;q&quot; &lt;x&gt;", "it&#039;s &quot;q&quot; &lt;x&gt;", "it's \"q\" &lt;x&gt;"):
        assert scrub(f"[{spelled}]", [quoted]) == "[***]", spelled


def crawl_config_f(base: str, **forum) -> str:
    """The game g on the forum f at `base` (the store m.db), `forum`'s keys over crawl_config's."""
    return crawl_config(base, store="m.db", forum={"id": "f", **forum}, game={"id": "g", "title": "Игра"})


def test_a_forum_echoing_the_login_form_off_origin_never_shows_the_password(servers, tmp_path):
    # The forum has the bot's login form (its publisher logs in) and plays it back: the vote thread answers 302 to
    # another port with the form in the address (percent-encoded), the game topic's next link goes there with the
    # form in the page (HTML-escaped). The crawl refuses both; no terminal line, log line or stored text may hold
    # the password in any spelling, and each says `password=***` where it was.
    with ForumSim(per_page=2) as sim:
        sim.add_topic(1, "Игра")
        for i in range(3):
            sim.add_post(1, f"Игрок{i}", f"текст {i}")
        page1 = httpx.get(sim.url_of(1)).text
    thief = servers({"/": lambda h, b: html(h, "<html></html>")})
    form = urlencode({"username": "mafvote-bot", "password": ODD_SECRET})
    link = f"{thief.base}showthread.php?tid=1&amp;page=2&amp;username=mafvote-bot&amp;password={html_escape(ODD_SECRET)}"

    def topic(h, body):
        if "tid=2" in h.path:
            send(h, 302, headers={"Location": f"{thief.base}member.php?action=login&{form}"})
        else:
            html(h, page1.replace('href="showthread.php?tid=1&amp;page=2"', f'href="{link}"'))
    forum = servers({"/showthread.php": topic})
    (tmp_path / "config.toml").write_text(crawl_config_f(forum.base, login={"user": "mafvote-bot", "password_env": "MAFVOTE_F_PASSWORD"}), encoding="utf-8")
    env = {**os.environ, "MAFVOTE_F_PASSWORD": ODD_SECRET}
    mafvote = str(Path(sys.executable).parent / "mafvote")
    said = {}
    for command in (["crawl"], ["status"], ["run", "--once", "--log-file", "run.log"]):
        done = subprocess.run([mafvote, "-c", "config.toml", *command], cwd=tmp_path, env=env, capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == (0 if command == ["status"] else 1), done.stderr
        said[command[0]] = done.stdout + done.stderr
    assert said.pop("run") == ""                                        # its lines went to the log file
    said["log"] = (tmp_path / "run.log").read_text(encoding="utf-8")
    with sqlite3.connect(tmp_path / "m.db") as db:
        said["store"] = "\n".join(row[0] for row in db.execute("select error from crawl_runs"))
        said["store phrase"] = "\n".join(row[0] for row in db.execute("select error_phrase from crawl_runs"))
    assert thief.requests == []
    # the GM reads Russian (`crawl`, `status`); the log and the stored error keep the crawler's English (issue 14)
    login = f"{thief.base}member.php?action=login&username=mafvote-bot&password=***"
    page2 = f"{thief.base}showthread.php?tid=1&page=2&username=mafvote-bot&password=***"
    russian = (f"форум перенаправил на {login}, другой адрес", f"ссылка ведёт на {page2}, другой адрес")
    english = (f"the forum redirected to {login}, another address", f"a link leads to {page2}, another address")
    for where, text in said.items():
        leaked = [s for s in every_spelling(ODD_SECRET) if s in text]
        assert leaked == [], (where, leaked)
        if where == "store phrase":
            assert f'"target": "{login}"' in text and f'"target": "{page2}"' in text, where
            continue
        redirect, next_link = russian if where in ("crawl", "status") else english
        assert redirect in text and next_link in text, where
    assert said["crawl"].count("  ОШИБКА: ") == 2                       # the crawl's own lines
    assert said["crawl"].count("ошибка: g, игровая тема: ") == 1           # and the exit line
    assert said["store"].count("password=***") == 4                    # two crawls (crawl, run --once), two topics


# --- 5. a trickling server cannot extend the deadline -----------------------------------------------

def trickle_body(h, body):
    h.send_response(200)
    h.send_header("Content-Type", "text/html")
    h.send_header("Content-Length", "100000")
    h.end_headers()
    for _ in range(300):                   # bounded: 300 bytes at most, 0.1 s apart
        h.wfile.write(b"<")
        h.wfile.flush()
        time.sleep(0.1)


def trickle_headers(h, body):
    h.wfile.write(b"HTTP/1.1 200 OK\r\n")
    for i in range(300):
        h.wfile.write(b"X")
        h.wfile.flush()
        time.sleep(0.1)


@pytest.mark.parametrize("route", [trickle_body, trickle_headers], ids=["body", "headers"])
def test_a_trickled_answer_times_out_at_the_whole_request_deadline(servers, route):
    forum = servers({"/": route})
    started = time.monotonic()
    with ForumClient(timeout=1.5, retries=1, sleep=lambda s: None, min_delay=0) as client:
        with pytest.raises(FetchError) as info:
            client.get(forum.base + "showthread.php?tid=2")
    assert time.monotonic() - started < HANG_GUARD
    assert str(info.value) == (f"cannot read {forum.base}showthread.php?tid=2 after 2 attempts: "
                               "timed out (no whole answer in 1.5 s)")
    assert len(forum.requests) == 2


# --- 6. the size of an answer is bounded, unpacked, as it arrives --------------------------------------

def gzip_bomb(unpacked: int) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, zlib.MAX_WBITS | 16)
    block = b"\0" * MiB
    return b"".join([*(packer.compress(block) for _ in range(unpacked // MiB)), packer.flush()])


def test_a_gzip_bomb_is_stopped_at_the_page_cap_without_inflating_it(servers):
    bomb = gzip_bomb(256 * MiB)
    assert len(bomb) < 300_000
    forum = servers({"/": lambda h, b: send(h, 200, bomb, {"Content-Type": "text/html",
                                                            "Content-Encoding": "gzip"})})
    with ForumClient(retries=2, sleep=lambda s: None, min_delay=0, max_page_bytes=MiB) as client:
        tracemalloc.start()
        try:
            with pytest.raises(FetchError) as info:
                client.get(forum.base + "t")
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
    assert str(info.value).startswith(f"cannot read {forum.base}t: the answer is larger than 1 MiB (max_page_mb in "
                                      "[[forums]])")
    assert describe(info.value).startswith(f"не удалось прочитать {forum.base}t: ответ больше 1 МиБ (`max_page_mb` в "
                                           "`[[forums]]`)")
    assert peak < 16 * MiB                  # the page cap and a read buffer, not 256 MiB
    assert len(forum.requests) == 1         # a page too big is not retried


def test_a_huge_body_with_content_length_is_refused_before_it_is_read(servers):
    forum = servers({"/": lambda h, b: (h.send_response(200), h.send_header("Content-Length", str(1024 * MiB)),
                                        h.end_headers(), h.wfile.write(b"x" * 100_000))})
    with ForumClient(retries=0, sleep=lambda s: None, min_delay=0, max_page_bytes=MiB) as client:
        with pytest.raises(FetchError, match="the answer is larger than 1 MiB"):
            client.get(forum.base + "t")
        assert client.bytes < MiB


def test_a_huge_body_without_content_length_stops_at_the_cap(servers):
    def endless(h, body):
        h.send_response(200)
        h.send_header("Connection", "close")
        h.end_headers()
        chunk = b"<p>" + b"x" * 65533
        for _ in range(1024):               # up to 64 MiB, cut short when the client hangs up
            h.wfile.write(chunk)
    forum = servers({"/": endless})
    with ForumClient(retries=0, sleep=lambda s: None, min_delay=0, max_page_bytes=2 * MiB) as client:
        with pytest.raises(FetchError, match="the answer is larger than 2 MiB"):
            client.get(forum.base + "t")
        assert client.bytes < 4 * MiB


def test_a_huge_500_is_never_downloaded_even_when_retried(servers):
    forum = servers({"/": lambda h, b: (h.send_response(500), h.send_header("Content-Length", str(200 * MiB)),
                                        h.end_headers(), h.wfile.write(b"e" * MiB))})
    with ForumClient(retries=2, sleep=lambda s: None, min_delay=0) as client:
        with pytest.raises(FetchError, match=r"after 3 attempts: HTTP 500"):
            client.get(forum.base + "t")
        assert len(forum.requests) == 3 and client.bytes < MiB


# --- 7. one crawl reads at most max_pages pages of a topic ----------------------------------------------

def test_endless_pagination_stops_at_max_pages_and_goes_on_at_the_next_poll(tmp_path):
    with ForumSim(per_page=1) as sim:
        sim.add_topic(2, "Голосование")
        for i in range(1000):                               # a topic listing 1,000 pages
            sim.add_post(2, f"Игрок{i % 7}", f"пост {i}")
        store = Store(tmp_path / "s.db")
        with ForumClient(retries=0, sleep=lambda s: None, min_delay=0) as client:
            first = crawl_topic(client, store, forum="f", url=sim.url_of(2), kind="vote", game_id="g",
                                profile="mybb", tz=MSK, now=NOW, max_pages=5)
            second = crawl_topic(client, store, forum="f", url=sim.url_of(2), kind="vote", game_id="g",
                                 profile="mybb", tz=MSK, now=NOW, max_pages=5)
    assert first.ok and first.pages == 5 and len(first.new) == 5
    # the daemon logs the English; `mafvote crawl` shows the GM the Russian (issue 14)
    assert first.note == ("read 5 pages of the topic in one crawl (the limit max_pages = 5 in [[forums]]); the rest, "
                          "from page 6 on, is read at the next poll")
    assert describe_note(first.note, first.note_phrase) == (
        "прочитано 5 стр. темы за один обход (предел `max_pages` = 5 в `[[forums]]`); остальные страницы, с 6-й, будут "
        "прочитаны при следующем опросе")
    assert describe_note(first.note, first.note_phrase, "en") == first.note
    # the next poll starts at the last stored page (5) and reads four new ones
    assert second.pages == 5 and len(second.new) == 4 and second.note is not None
    assert len(store.posts()) == 9


# --- 5. `mafvote run` stops within seconds of SIGTERM/SIGINT, whatever a request is doing --------------

def run_config(base: str) -> str:
    """The game g of two players on the forum f at `base`, a 600 s timeout: only a stop can end a request soon."""
    return crawl_config(base, store="m.db", forum={"id": "f", "timeout": 600}, game={"id": "g", "title": "Игра"},
                        players=[{"nick": "Ронин"}, {"nick": "Соня"}])


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_run_stops_within_seconds_of_a_signal_during_a_trickled_answer(servers, tmp_path, signum):
    connected = threading.Event()

    def slow(h, body):
        h.send_response(200)
        h.send_header("Content-Length", "100000")
        h.end_headers()
        connected.set()
        for _ in range(600):                       # 1 byte/s for at most 10 minutes, or until hung up
            h.wfile.write(b"<")
            h.wfile.flush()
            time.sleep(1)
    forum = servers({"/": slow})
    (tmp_path / "config.toml").write_text(run_config(forum.base), encoding="utf-8")
    proc = subprocess.Popen([str(Path(sys.executable).parent / "mafvote"), "run", "-c", str(tmp_path / "config.toml")],
                            cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        assert connected.wait(120), "the daemon never asked the forum"     # its start-up, on a loaded machine
        time.sleep(0.5)
        proc.send_signal(signum)
        started = time.monotonic()
        proc.wait(timeout=HANG_GUARD)
        assert time.monotonic() - started < HANG_GUARD
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    err = proc.stderr.read().decode()
    assert "Traceback" not in err
    assert proc.returncode == 0


# --- 5. … and whatever the connect is doing: a host that never answers the SYN or the TLS handshake ---

class SilentListener:
    """A TCP port on 127.0.0.1 that never answers in one of two ways. `"connect"`: it never accepts and its
    accept queue is full, so the kernel drops a new SYN and a connect waits as for a black-holed host.
    `"tls"`: it accepts every connection and never says a byte, so an https client waits in its handshake.
    `accepted` is set when a client is taken in (tls only)."""

    def __init__(self, kind: str):
        self.kind = kind
        self.accepted = threading.Event()
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.held: list[socket.socket] = []
        if kind == "connect":
            self.sock.listen(0)
            for _ in range(16):           # Linux queues backlog + 1; a few more in case of a larger minimum
                filler = socket.socket()
                filler.setblocking(False)
                filler.connect_ex(("127.0.0.1", self.port))
                self.held.append(filler)
                if not self._answers():
                    break
            assert not self._answers(), "the accept queue could not be filled"
        else:
            self.sock.listen(8)
            threading.Thread(target=self._hold, daemon=True).start()

    def _answers(self) -> bool:
        probe = socket.socket()
        probe.settimeout(0.5)
        try:
            probe.connect(("127.0.0.1", self.port))
        except (socket.timeout, OSError):
            probe.close()
            return False
        self.held.append(probe)
        return True

    def _hold(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return                     # closed by the test
            self.held.append(conn)
            self.accepted.set()

    @property
    def base(self) -> str:
        return f"{'https' if self.kind == 'tls' else 'http'}://127.0.0.1:{self.port}/"

    def close(self) -> None:
        for s in [self.sock, *self.held]:
            s.close()


@pytest.fixture(params=["connect", "tls"])
def silent(request):
    listener = SilentListener(request.param)
    yield listener
    listener.close()


def test_a_stop_ends_a_request_waiting_to_connect_or_in_its_handshake_within_a_second(silent):
    with ForumClient(timeout=600, retries=0, min_delay=0) as client:
        threading.Timer(0.5, client.cancel).start()
        started = time.monotonic()
        with pytest.raises(FetchError) as info:
            client.get(silent.base + "showthread.php?tid=2")
        took = time.monotonic() - started
    assert str(info.value) == f"{silent.base}showthread.php?tid=2: reading stopped: mafvote is stopping (SIGINT/SIGTERM)"
    assert describe(info.value) == (f"{silent.base}showthread.php?tid=2: чтение прервано: mafvote остановлен (Ctrl-C "
                                    "или сигнал `SIGTERM`)")
    assert took < 2.0, f"the stop took {took:.1f} s to end a request in its {silent.kind} phase"


def test_a_silent_host_fails_at_the_forum_timeout_not_later(silent):
    with ForumClient(timeout=1.0, retries=0, min_delay=0) as client:
        started = time.monotonic()
        with pytest.raises(FetchError) as info:
            client.get(silent.base + "showthread.php?tid=2")
        took = time.monotonic() - started
    assert str(info.value) == (f"cannot read {silent.base}showthread.php?tid=2 after 1 attempts: "
                               "timed out (no whole answer in 1 s)")
    assert took < 3.0


def test_run_stops_within_seconds_of_sigterm_while_connecting_to_a_silent_host(silent, tmp_path):
    (tmp_path / "config.toml").write_text(run_config(silent.base), encoding="utf-8")
    proc = subprocess.Popen([str(Path(sys.executable).parent / "mafvote"), "run", "-c", str(tmp_path / "config.toml")],
                            cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    lines: list[str] = []
    started_up = threading.Event()

    def read_log():
        for raw in proc.stderr:
            lines.append(raw.decode())
            if "mafvote run: 1 game(s)" in lines[-1]:
                started_up.set()
    reader = threading.Thread(target=read_log, daemon=True)
    reader.start()
    try:
        assert started_up.wait(120), "the daemon never started: " + "".join(lines)   # on a loaded machine
        if silent.kind == "tls":
            assert silent.accepted.wait(30), "the daemon never connected"
        time.sleep(1.0)                   # well inside the connect (or handshake) of the first page
        proc.send_signal(signal.SIGTERM)
        started = time.monotonic()
        proc.wait(timeout=HANG_GUARD)
        took = time.monotonic() - started
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    reader.join(5)
    log = "".join(lines)
    assert took < 6.0, f"mafvote run took {took:.1f} s to stop (the forum's timeout is 600 s)\n{log}"
    assert proc.returncode == 0, log
    assert "Traceback" not in log
    assert [line.split(": ", 1)[1] for line in lines if "mafvote.daemon: " in line][-4:] == [
        "получен SIGTERM: mafvote останавливается (запрос к форуму, если он идёт, прерывается)\n",
        f"crawl g game failed: {silent.base}showthread.php?tid=1: reading stopped: mafvote is stopping (SIGINT/SIGTERM)\n",
        f"crawl g vote failed: {silent.base}showthread.php?tid=2: reading stopped: mafvote is stopping (SIGINT/SIGTERM)\n",
        "`mafvote run` остановлен штатно\n"]
