"""ForumSim (`mafvote.forumsim`) sends what a real MyBB 1.8.37 sends: its pagination block, windowed, compared with
the pages of a real board's 16-page thread (tests/data/mybb_windowed/, see SOURCE.txt there) — the benches' polls
read pages as big as a real board's, not a list of every page of the thread."""
from __future__ import annotations

import re
import socket
import struct
import time
from pathlib import Path

import httpx
import pytest

from mafvote.forumsim import ForumSim

WINDOWED = Path(__file__).resolve().parents[1] / "data" / "mybb_windowed"
LIVE_BASE = "http://127.0.0.1:18731/"
BLOCK = re.compile(r'<div class="pagination">.*?</div>\n<!-- end: multipage -->', re.S)


@pytest.fixture(scope="module")
def sixteen_pages():
    with ForumSim(per_page=10) as forum:
        forum.add_topic(1, "Голосование — День 2")
        for i in range(160):
            forum.add_post(1, "Соня", f"пост {i + 2}")
        yield forum


@pytest.mark.parametrize("page", [1, 8, 16])
def test_forumsim_pagination_is_the_real_boards_block_byte_for_byte(sixteen_pages, page):
    sim = httpx.get(sixteen_pages.url_of(1, page)).text
    live = (WINDOWED / f"showthread_tid1_page{page}.html").read_text("utf-8")
    blocks = [b.replace(sixteen_pages.base_url, LIVE_BASE) for b in BLOCK.findall(sim)]
    # above and below the posts, as the real board prints it
    assert blocks == BLOCK.findall(live) and len(blocks) == 2


def test_forumsim_last_page_of_a_long_thread_is_as_big_as_its_second():
    with ForumSim(per_page=20) as forum:
        forum.add_topic(7, "Голосование")
        for i in range(1500 * 20):
            forum.add_post(7, "Соня", "Думаю...")
        last, second = (httpx.get(forum.url_of(7, n)).text for n in (1500, 2))
    assert re.findall(r'class="pagination_(?:first|page|last)">(\d+)<', last) == [
        "1", "1496", "1497", "1498", "1499"] * 2
    # every page linked, the last page was 269 KiB against 42 KiB for the second
    assert len(second) < len(last) < 1.02 * len(second)


def test_forumsim_a_client_gone_mid_request_prints_no_traceback_and_the_next_page_is_served(capfd):
    # `mafvote demo` runs ForumSim on the GM's terminal: a client that resets its connection mid-request (the crawler
    # stopping a read over its limits, a browser tab closed) made socketserver print a Python traceback there
    forum = ForumSim().start()
    try:
        forum.add_topic(2, "Голосование")
        host, port = forum.base_url.split("//")[1].rstrip("/").split(":")
        for _ in range(3):
            s = socket.create_connection((host, int(port)), timeout=5)
            s.sendall(b"GET /showthread.php?tid=2 HTTP/1.1\r\nHost: x\r\n")
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))    # close with a reset
            s.close()
        time.sleep(0.3)
        assert "Голосование" in httpx.get(forum.base_url + "showthread.php?tid=2").text
        assert "Traceback" not in capfd.readouterr().err
    finally:
        forum.stop()
