"""Engine markup met on real boards that our own fixtures did not have (issue 12): each test reads the real
markup (quoted in the issue, or a real capture), says where it came from, and checks what a GM would see.

* IPS 4: the author pane also holds the reputation badge, the edit notice is a `span[data-excludequote]`
  (tests/data/ips4_real/, see SOURCE.txt there).
* MyBB with search-engine-friendly URLs (`Thread-slug`, `Thread-slug?pid=N`, `User-Name`): the real capture of
  fixtures/html/mybb/ with its links written as such a board writes them.
"""
from __future__ import annotations

import re
from datetime import datetime, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

from scraper.parse import parse_page

ROOT = Path(__file__).resolve().parents[1]
IPS4_REAL = ROOT / "tests" / "data" / "ips4_real" / "topic.html"
MSK = ZoneInfo("Europe/Moscow")
NOW = datetime(2013, 7, 20, 12, 0, tzinfo=timezone.utc)
IPS4_URL = "https://forum.example.ru/topic/1234-golosovanie/"


def _ips4(html: str):
    return parse_page(html, url=IPS4_URL, profile="ipb", tz=MSK, now=NOW)


def test_ips4_author_is_the_profile_link_never_the_reputation_badge():
    page = _ips4(IPS4_REAL.read_text("utf-8"))
    assert [(p.post_id, p.author, p.author_id) for p in page.posts] == [
        (1871507, "mimimi", "49832"), (1871512, "Ронин", "50211")]


def test_ips4_reputation_change_changes_neither_author_nor_post():
    html = IPS4_REAL.read_text("utf-8")
    before = _ips4(html)
    after = _ips4(html.replace("</i> 2</a>", "</i> 3</a>").replace("</i> 117</a>", "</i> -4</a>"))
    assert [(p.author, p.content_hash) for p in after.posts] == [(p.author, p.content_hash) for p in before.posts]


def test_ips4_span_edit_notice_is_an_edit_with_its_time_and_stays_out_of_body_and_hash():
    html = IPS4_REAL.read_text("utf-8")
    edited, plain = _ips4(html).posts
    assert edited.edited and not plain.edited
    assert (edited.edit.by, edited.edit.at.isoformat(), edited.edit.reason) == (
        "mimimi", "2013-07-19T20:53:01+04:00", None)
    assert "Edited" not in edited.html and "July 19" not in edited.html
    assert edited.html == '<p>Голосую <span style="color:#ff0000;">Ронин</span></p>'
    # the same message without the notice hashes the same: an edit notice appearing is no new version
    without = re.sub(r"<span class='ipsType_reset[^>]*data-excludequote>.*?</span>", "", html, flags=re.S)
    assert _ips4(without).posts[0].content_hash == edited.content_hash


def test_ips4_edit_reason_on_its_own_line_is_the_reason():
    html = IPS4_REAL.read_text("utf-8").replace(
        "by mimimi</strong>", "by mimimi</strong>\n\t\t\t\t\t\t<br>\n\t\t\t\t\t\tопечатка в нике")
    post = _ips4(html).posts[0]
    assert (post.edit.by, post.edit.reason) == ("mimimi", "опечатка в нике")
    assert "опечатка" not in post.html
