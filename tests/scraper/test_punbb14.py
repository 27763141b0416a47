"""PunBB 1.4's edit notice and author, beyond what the captured thread shows (fixtures/html/punbb/live/, a real
PunBB 1.4.4 in Russian): the English pack's notice, an editor whose nick holds spaces and digits, a date in the
board's absolute format, and a guest's post (its name in a <strong>, no profile). The notice sits in the post's
header, so it is never part of the body or its hash. Pages are the captured page 1 with that one header line
rewritten as PunBB 1.4 prints it (its templates: `(edited by %s %s)`, `<strong>` for a guest)."""
from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from mafvote_scraper.parse import parse_page

LIVE = Path(__file__).resolve().parents[2] / "fixtures" / "html" / "punbb" / "live"
MOSCOW = ZoneInfo("Europe/Moscow")
NOTICE = '<span class="post-edit">(Отредактировано Alisa Вчера 13:00:00)</span>'


def _page(html: str):
    meta = json.loads((LIVE / "meta.json").read_text("utf-8"))
    page = json.loads((LIVE / "expected.json").read_text("utf-8"))["pages"][0]
    return parse_page(html, url=page["url"], profile="punbb", tz=MOSCOW, now=datetime.fromisoformat(meta["now"]))


def _edited(parsed):
    [post] = [p for p in parsed.posts if p.edited]
    return post


@pytest.mark.parametrize("notice, by, at", [
    ("(edited by Alisa Yesterday 13:00:00)", "Alisa", "2027-01-02T13:00:00+03:00"),
    ("(Отредактировано Agent 47 Сегодня 09:05:10)", "Agent 47", "2027-01-03T09:05:10+03:00"),
    ("(edited by Ronin 2026-12-30 17:10:00)", "Ronin", "2026-12-30T17:10:00+03:00"),
    ("(Отредактировано Соня Ковалевская 2027-01-02 13:00)", "Соня Ковалевская", "2027-01-02T13:00:00+03:00"),
])
def test_edit_notice_reads_editor_and_time_from_the_header(notice, by, at):
    html = (LIVE / "page1.html").read_text("utf-8")
    assert html.count(NOTICE) == 1
    real = _edited(_page(html))
    post = _edited(_page(html.replace(NOTICE, f'<span class="post-edit">{notice}</span>')))
    assert (post.post_id, post.edit.by, post.edit.at.isoformat(), post.edit.reason) == (real.post_id, by, at, None)
    assert post.content_hash == real.content_hash and "edited" not in post.html and "Отредакт" not in post.html


def test_a_guests_post_has_its_name_and_no_author_id():
    html = (LIVE / "page1.html").read_text("utf-8")
    real = _page(html).posts[1]
    byline = f'<span>Ответ от </span><a title="Go to {real.author}\'s profile" href="'
    start = html.index(byline)
    end = html.index("</a></span>", start) + len("</a></span>")
    guest = html[:start] + "<span>Ответ от </span><strong>Гость Вася</strong></span>" + html[end:]
    post = _page(guest).posts[1]
    assert (post.post_id, post.author, post.author_id) == (real.post_id, "Гость Вася", None)
