"""A quote's header that dates the quoted post relatively («Сегодня в 00:15:41» today, «Вчера в 00:15:41»
tomorrow) changes with the clock, not with an edit: it stays out of the content hash, else an untouched post
would be reported edited the next day (the GM alerted, its vote void in a `void` game).

SMF 2.1 is pinned on real pages in test_live_captures.py (and on the live board, tests/live); SMF 2.0 writes the
header in a `div.quoteheader` before the blockquote, here on the reconstructed 2.0 Curve fixture
(fixtures/html/smf/SOURCE.md), the header rewritten as SMF 2.0 shows it a day later.
"""
from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from mafvote_scraper.parse import parse_page

SMF20 = Path(__file__).resolve().parents[2] / "fixtures" / "html" / "smf"
TODAY = "Цитата: Соня от Сегодня в 00:15:41"


def test_smf_20_quote_header_of_a_same_day_post_is_out_of_the_content_hash():
    meta = json.loads((SMF20 / "meta.json").read_text("utf-8"))
    page = next(p for p in json.loads((SMF20 / "expected.json").read_text("utf-8"))["pages"]
                if p["file"] == "page2.html")
    html = (SMF20 / "page2.html").read_text("utf-8")
    assert html.count(TODAY) == 1
    now = datetime.fromisoformat(meta["now"])
    tz = ZoneInfo(meta["timezone"])
    today = parse_page(html, url=page["url"], profile="smf", tz=tz, now=now)
    later_html = html.replace(TODAY, TODAY.replace("Сегодня", "Вчера"))
    later = parse_page(later_html, url=page["url"], profile="smf", tz=tz, now=now + timedelta(days=1))
    quoting = [p.post_id for p in today.posts if "Цитата: Соня от" in p.html]
    assert len(quoting) == 1
    assert [p.content_hash for p in later.posts] == [p.content_hash for p in today.posts]
    # while a real change to the quoting post's own words still changes its hash
    edited = parse_page(later_html.replace("Соня, ну и зря.", "Соня, зря."), url=page["url"], profile="smf",
                        tz=tz, now=now + timedelta(days=1))
    assert [p.post_id for p, q in zip(today.posts, edited.posts) if p.content_hash != q.content_hash] == quoting
