"""A page the profile does not understand raises LayoutNotRecognised naming URL, engine and what
is missing; it never comes back as an empty page (which a crawl would report as "no new posts")."""
from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from mafvote_scraper.model import LayoutNotRecognised, ScraperError
from mafvote_scraper.parse import parse_page

ROOT = Path(__file__).resolve().parents[2]
MYBB = ROOT / "fixtures" / "html" / "mybb"
MSK = ZoneInfo("Europe/Moscow")
NOW = datetime(2027, 1, 1, 18, 40, tzinfo=MSK)
URL = "http://127.0.0.1:8081/showthread.php?tid=2"


def _page1() -> str:
    return (MYBB / "showthread_tid2_page1.html").read_text("utf-8")


def _post_block(html: str, pid: int) -> tuple[int, int]:
    start = html.index(f'<div class="post " style="" id="post_{pid}">')
    end = html.index('<div class="post_controls">', start)
    return start, end


def _edit_post(html: str, pid: int, old: str | re.Pattern, new: str) -> str:
    start, end = _post_block(html, pid)
    block = html[start:end]
    changed = old.sub(new, block, count=1) if isinstance(old, re.Pattern) else block.replace(old, new, 1)
    assert changed != block, "the fixture no longer has what this test removes"
    return html[:start] + changed + html[end:]


def _raises(html: str | bytes, url: str = URL, profile: str = "mybb") -> LayoutNotRecognised:
    with pytest.raises(LayoutNotRecognised) as caught:
        parse_page(html, url=url, profile=profile, tz=MSK, now=NOW)
    err = caught.value
    assert isinstance(err, ScraperError)
    assert err.url == url and err.engine == profile
    assert str(err).startswith(f"layout not recognised: {url} (engine {profile}): ")
    return err


def test_page_with_content_but_no_posts():
    # what MyBB shows for a deleted thread: a full page, HTTP 200, no posts
    html = ("<html><head><title>Мафия - Ошибка</title></head><body><div id='container'>"
            "<table class='tborder'><tr><td class='trow1'>The specified thread does not exist.</td></tr>"
            "</table></div></body></html>")
    err = _raises(html)
    assert err.missing.startswith("no posts: nothing matches `#posts div.post[id^=post_]`")
    assert "page has content" in err.missing


def test_empty_page_is_not_an_empty_topic():
    err = _raises(b"")
    assert "no posts" in err.missing and "page is empty" in err.missing


def test_page_of_another_engine():
    page = (ROOT / "fixtures" / "html" / "phpbb" / "viewtopic_t7_page1.html").read_bytes()
    err = _raises(page, url="https://mafia.example.org/forum/viewtopic.php?f=2&t=7")
    assert "no posts" in err.missing


def test_post_without_author():
    html = _edit_post(_page1(), 12, re.compile(r'<span class="largetext">.*?</span>', re.S), "")
    err = _raises(html)
    assert err.missing.startswith("author of post 12 (#4 on page 1): nothing matches")


def test_post_without_time():
    html = _edit_post(_page1(), 13, re.compile(r'<span class="post_date">.*?</span>\s*</div>', re.S), "</div>")
    err = _raises(html)
    assert err.missing.startswith("time of post 13 (#5 on page 1)")


def test_post_with_unreadable_time():
    html = _edit_post(_page1(), 14, "12-30-2026, 09:05 PM", "в прошлую пятницу вечером")
    err = _raises(html)
    assert err.missing.startswith("time of post 14 (#6 on page 1): date not recognised")
    assert "в прошлую пятницу вечером" in err.missing


def test_post_without_body():
    html = _edit_post(_page1(), 15, 'class="post_body scaleimages"', 'class="post_text"')
    err = _raises(html)
    assert err.missing.startswith("message body of post 15 (#7 on page 1): nothing matches `div.post_body`")


def test_phpbb_date_in_a_language_without_dates_is_reported():
    # a real Italian phpBB page: "martedì 21 gennaio 2020, 14:24" is not a form we read
    page = (ROOT / "tests" / "data" / "parse" / "real" / "ubuntu-it-aggiornamento.html").read_bytes()
    url = "https://forum.ubuntu-it.org/viewtopic.php?t=3&start=20"
    err = _raises(page, url=url, profile="phpbb")
    assert err.missing.startswith("time of post 5172347 (#1 on page 1): date not recognised")
    assert "martedì 21 gennaio 2020, 14:24" in err.missing


def test_topic_id_found_nowhere():
    # a FluxBB page fetched by a post link (viewtopic.php?pid=N) with the topic links cut out
    page = (ROOT / "fixtures" / "html" / "punbb" / "viewtopic_id17_p1.html").read_text("utf-8")
    page = re.sub(r'href="viewtopic\.php\?id=17[^"]*"', 'href="#"', page)
    err = _raises(page, url="https://mafia-flux.example.org/viewtopic.php?pid=501#p501", profile="punbb")
    assert err.missing.startswith("topic id: no `id=` in the URL and nothing matches")


def test_topic_id_from_the_page_when_the_url_names_a_post():
    page = (ROOT / "fixtures" / "html" / "punbb" / "viewtopic_id17_p1.html").read_bytes()
    got = parse_page(page, url="https://mafia-flux.example.org/viewtopic.php?pid=501#p501", profile="punbb",
                     tz=MSK, now=NOW)
    assert got.topic_id == "17" and got.posts[0].topic_id == "17"
