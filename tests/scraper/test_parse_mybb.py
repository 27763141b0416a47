"""The real MyBB 1.8 capture (fixtures/html/mybb/) against its ground truth expected.json.

45 vote-thread posts on 5 pages and the 8-post game topic, taken from a real board as a guest
(board zone +3). Times are checked to the minute in Europe/Moscow: the page shows minutes only.
The main capture was taken at 2027-01-01 18:40 MSK, so it holds every relative form MyBB prints
("Yesterday"/"Today" with a date-only title, "N hours ago" and "N minutes ago" with a full title);
`later/` is the same thread with absolute dates, `dmy/` with d.m.Y and H:i formats.
"""
from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from mafvote_scraper.parse import parse_page

HERE = Path(__file__).resolve().parents[2] / "fixtures" / "html" / "mybb"
EXPECTED = json.loads((HERE / "expected.json").read_text("utf-8"))
MSK = ZoneInfo("Europe/Moscow")
CAPTURE = datetime(2027, 1, 1, 18, 40, tzinfo=MSK)          # expected.json capture_fake_now
LATER = datetime(2027, 1, 6, 12, 0, tzinfo=MSK)             # later_capture_fake_now
BASE = "http://127.0.0.1:8081/"
VARIANTS = {"": CAPTURE, "later/": LATER, "dmy/": CAPTURE}


def _url(tid: int, page: int) -> str:
    return f"{BASE}showthread.php?tid={tid}" + (f"&page={page}" if page > 1 else "")


def _parse(file: str, url: str, now: datetime = CAPTURE):
    return parse_page((HERE / file).read_bytes(), url=url, profile="mybb", tz=MSK, now=now)


def _vote_thread(variant: str):
    pages = [_parse(f"{variant}{p['file']}", _url(2, p["page"]), VARIANTS[variant])
             for p in EXPECTED["vote_thread"]["pages"]]
    return pages, {post.post_id: post for page in pages for post in page.posts}


def _check_post(got, want, *, position: int, page: int, topic: str) -> None:
    where = f"pid {want['pid']} ({want['shown_date_text']!r})"
    assert got.post_id == want["pid"], where
    assert got.author == want["author"], where
    assert got.author_id == str(want["uid"]), where
    assert got.page == page and got.position == position and got.topic_id == topic, where
    true_msk = datetime.strptime(want["msk"], "%Y-%m-%d %H:%M:%S").replace(tzinfo=MSK)
    assert got.time == true_msk.replace(second=0), where
    assert got.time.utcoffset().total_seconds() == 3 * 3600, where
    assert got.edited == want["edited"], where
    if want["edited"]:
        edit = want["edit"]
        true_edit = datetime.strptime(edit["msk"], "%Y-%m-%d %H:%M:%S").replace(tzinfo=MSK)
        assert got.edit.at == true_edit.replace(second=0), where
        assert got.edit.reason == edit["reason"], where
        assert got.edit.by == re.search(r" by (.+?)\.", edit["notice_text"]).group(1), where
    else:
        assert got.edit is None, where
    for vote in want["votes"]:
        if vote["markup"] == "color_tag":
            span = f'<span style="color: {vote["bbcode_color"]};" class="mycode_color">{vote["target"]}</span>'
            assert span in got.html, f"{where}: {span}"
        else:
            assert f'{vote["target"]} {vote["text_fallback_word"]}' in got.html, where
    assert got.html.count("<blockquote") == want.get("blockquote_count", 0), where
    # the body only: no date, no edit notice, no buttons
    assert "post_edit" not in got.html and "postbit_quote" not in got.html, where


@pytest.mark.parametrize("variant", list(VARIANTS), ids=["capture", "later", "dmy"])
def test_all_45_vote_thread_posts_match_ground_truth(variant):
    pages, by_pid = _vote_thread(variant)
    want_posts = EXPECTED["vote_thread"]["posts"]
    assert len(want_posts) == 45 and len(by_pid) == 45
    for want_page, got_page in zip(EXPECTED["vote_thread"]["pages"], pages, strict=True):
        assert [p.post_id for p in got_page.posts] == want_page["pids"]
    for want in want_posts:
        page = next(p for p in EXPECTED["vote_thread"]["pages"] if want["pid"] in p["pids"])
        _check_post(by_pid[want["pid"]], want, position=page["pids"].index(want["pid"]),
                    page=page["page"], topic="2")


def test_capture_holds_every_relative_form():
    # the main capture is what makes the test above cover relative dates: pin that it does
    shown = " | ".join(p["shown_date_text"] for p in EXPECTED["vote_thread"]["posts"])
    for form in ("Yesterday, ", "Today, ", " hours ago", "1 hour ago", " minutes ago", "Less than 1 minute ago"):
        assert form in shown, form


def test_relative_forms_resolve_against_now():
    _, by_pid = _vote_thread("")
    # pid 28: <span title="12-31-2026">Yesterday</span>, 05:05 PM, edited "Yesterday, 05:20 PM"
    assert by_pid[28].time.isoformat() == "2026-12-31T17:05:00+03:00"
    assert by_pid[28].edit.at.isoformat() == "2026-12-31T17:20:00+03:00"
    # pid 34: Today, 12:02 AM (01.01 MSK, still 31.12 in UTC)
    assert by_pid[34].time.isoformat() == "2027-01-01T00:02:00+03:00"
    # pid 40: "10 hours ago", title "01-01-2027, 08:00 AM"
    assert by_pid[40].time.isoformat() == "2027-01-01T08:00:00+03:00"
    # pid 47: "3 hours ago", edited "2 hours ago" (title 01-01-2027, 03:42 PM)
    assert by_pid[47].time.isoformat() == "2027-01-01T15:30:00+03:00"
    assert by_pid[47].edit.at.isoformat() == "2027-01-01T15:42:00+03:00"
    assert by_pid[47].edit.by == "Соня" and by_pid[47].edit.reason == "добавила красный"
    # pid 53: "Less than 1 minute ago"
    assert by_pid[53].time.isoformat() == "2027-01-01T18:39:00+03:00"


def test_gm_name_wrapped_in_group_styling():
    _, by_pid = _vote_thread("")
    # <a …uid=1"><span style="color: green;"><strong><em>Ведущий</em></strong></span></a>
    assert [(by_pid[p].author, by_pid[p].author_id) for p in (8, 31, 48, 52)] == [("Ведущий", "1")] * 4


def test_pagination_of_the_vote_thread():
    pages, _ = _vote_thread("")
    assert [p.page for p in pages] == [1, 2, 3, 4, 5]
    assert {p.last_page for p in pages} == {5}
    assert [p.next_url for p in pages] == [_url(2, n) for n in (2, 3, 4, 5)] + [None]
    assert {p.title for p in pages} == {"Голосование — День 2"}
    assert {p.topic_id for p in pages} == {"2"}


def test_page_6_past_the_end_is_page_1_and_ends_the_crawl():
    # MyBB answers ?page=6 of a 5-page thread with page 1 (HTTP 200, byte-identical)
    past = _parse("showthread_tid2_page6_past_end.html", _url(2, 6))
    assert past.page == 1
    assert past.next_url is None
    assert [p.post_id for p in past.posts] == EXPECTED["vote_thread"]["pages"][0]["pids"]
    assert all(p.page == 1 for p in past.posts)
    first = _parse("showthread_tid2_page1.html", _url(2, 1))
    assert [p.content_hash for p in past.posts] == [p.content_hash for p in first.posts]


def test_game_topic_single_page_without_pagination():
    want = EXPECTED["game_topic"]
    got = _parse(want["pages"][0]["file"], _url(1, 1))
    assert (got.page, got.last_page, got.next_url, got.topic_id) == (1, None, None, "1")
    assert got.title == want["subject"]
    assert [p.post_id for p in got.posts] == want["pages"][0]["pids"]
    for position, (post, expected) in enumerate(zip(got.posts, want["posts"], strict=True)):
        _check_post(post, expected, position=position, page=1, topic="1")


def test_content_hash_ignores_relative_dates_in_quote_headers():
    # pid 43 quotes pid 42 with "(<span title=…>7 hours ago</span>)" at capture and an absolute
    # date later: not an edit, so the hash (what decides "new version") must not change
    _, now_posts = _vote_thread("")
    _, later_posts = _vote_thread("later/")
    assert "hours ago" in now_posts[43].html and "hours ago" not in later_posts[43].html
    assert all(now_posts[pid].content_hash == later_posts[pid].content_hash for pid in now_posts)
    assert len({p.content_hash for p in now_posts.values()}) == 45


def test_url_without_page_param_on_later_pages_uses_the_pagination():
    # a page fetched by a pid link (showthread.php?tid=2&pid=28#pid28) says which page it is
    got = _parse("showthread_tid2_page2.html", f"{BASE}showthread.php?tid=2&pid=28#pid28")
    assert got.page == 2 and got.next_url == _url(2, 3)
