"""The pages captured from the live engines (fixtures/html/<engine>/live/, fixtures/tools/capture_live.py).

Their expected.json is checked field by field with every other fixture (test_parse_engines.py,
test_tally_engines.py, test_detect_engine.py). Here: page 2 of each thread, captured at 03.01.2027 12:00 and
again a day later, when every «Today» on it (the posts' dates and the header of a quote of a same-day post:
SMF 2.1 writes «Quote from: Puss on <strong>Today</strong> at 09:00 AM») reads «Yesterday». Nobody touched a
post in between, so both readings must give the same posts with the same times and the same content hashes;
a hash that changed would report an edit the GM never made (and void the vote in a `void` game).
"""
from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from mafvote_scraper.parse import parse_page

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "html"
LIVE = sorted(p.parent for p in FIXTURES.glob("*/live/meta.json"))


def _parse(folder: Path, file: str, url: str, now: str, engine: str):
    return parse_page((folder / file).read_bytes(), url=url, profile=engine, tz=ZoneInfo("Europe/Moscow"),
                      now=datetime.fromisoformat(now))


def test_every_live_engine_has_its_captured_pages():
    assert {p.parent.name for p in LIVE} == {"mybb", "punbb", "phpbb", "smf"}


@pytest.mark.parametrize("folder", LIVE, ids=[p.parent.name for p in LIVE])
def test_a_day_later_the_same_page_reads_the_same_posts_and_no_edit(folder):
    meta = json.loads((folder / "meta.json").read_text("utf-8"))
    expected = json.loads((folder / "expected.json").read_text("utf-8"))
    later = meta["next_day"]
    page = next(p for p in expected["pages"] if p["file"] == later["same_as"])
    engine = meta["engine"]
    today = _parse(folder, page["file"], page["url"], meta["now"], engine)
    tomorrow = _parse(folder, later["file"], later["url"], later["now"], engine)
    raw_today = (folder / page["file"]).read_text("utf-8")
    raw_tomorrow = (folder / later["file"]).read_text("utf-8")
    # the pages do differ: the relative dates moved on (else this test would prove nothing)
    assert raw_today != raw_tomorrow
    assert [(p.post_id, p.author, p.time, p.edited) for p in tomorrow.posts] == \
           [(p.post_id, p.author, p.time, p.edited) for p in today.posts]
    changed = [p.post_id for p, q in zip(today.posts, tomorrow.posts) if p.content_hash != q.content_hash]
    assert changed == []


@pytest.mark.parametrize("folder", LIVE, ids=[p.parent.name for p in LIVE])
def test_the_first_request_of_a_new_process_reads_the_same_posts(folder):
    """A client that sent no cookie yet (every new mafvote process, the daemon after a restart) gets phpBB's
    `sid=` and SMF's `PHPSESSID=` in every link, those inside quotes too: no post may look edited for it."""
    meta = json.loads((folder / "meta.json").read_text("utf-8"))
    later = meta["next_day"]
    engine = meta["engine"]
    with_cookie = _parse(folder, later["file"], later["url"], later["now"], engine)
    first = _parse(folder, later["first_request"], later["url"], later["now"], engine)
    assert [(p.post_id, p.author, p.time, p.edited, p.content_hash) for p in first.posts] == \
           [(p.post_id, p.author, p.time, p.edited, p.content_hash) for p in with_cookie.posts]


def test_phpbb_first_request_does_carry_session_ids():
    """What the test above guards: phpBB's page for a cookie-less first request holds `sid=` in the quote's links.
    (SMF 2.1 adds PHPSESSID= likewise, but not for mafvote's User-Agent, which its spider check takes for a
    crawler; the live-forums driver, a browser's User-Agent, gets it.)"""
    folder = FIXTURES / "phpbb" / "live"
    later = json.loads((folder / "meta.json").read_text("utf-8"))["next_day"]
    first = (folder / later["first_request"]).read_text("utf-8")
    assert '<blockquote cite="./viewtopic.php?p=' in first and "&amp;sid=" in first.split("<blockquote", 1)[1][:200]
    assert "&amp;sid=" not in (folder / later["file"]).read_text("utf-8")


def test_the_smf_capture_holds_a_same_day_quote_whose_header_moves_on():
    """What the test above guards on SMF: the quote's header reads Today, then Yesterday."""
    folder = FIXTURES / "smf" / "live"
    meta = json.loads((folder / "meta.json").read_text("utf-8"))
    today = (folder / "page2.html").read_text("utf-8")
    tomorrow = (folder / meta["next_day"]["file"]).read_text("utf-8")
    assert "Quote from: Puss on <strong>Today</strong> at 09:00 AM" in today
    assert "Quote from: Puss on <strong>Yesterday</strong> at 09:00 AM" in tomorrow
