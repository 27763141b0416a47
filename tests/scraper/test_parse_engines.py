"""Every engine profile parses its fixtures: every field of every post of every fixture thread.

Parametrized over every `fixtures/html/**/expected.json` with `"schema": "mafvote.fixture/1"`
(one folder per engine markup; a folder's meta.json gives the `now` and time zone to parse with),
so a new engine's fixtures are picked up without editing this file. The expected.json shape:

    {"schema": "mafvote.fixture/1", "engine": "phpbb", "variant": "...",
     "pages": [{"file", "url", "http_encoding" (charset from the HTTP header or null),
                "page", "last_page", "next_url", "topic_id", "title",
                "posts": [{"post_id", "author", "author_id", "time" (ISO with offset), "edited",
                           "edit_by", "edit_at", "edit_reason", "body_contains": [...],
                           "body_excludes": [...], "votes": [...], "quoted_votes": [...]}]}]}

`edit_by`/`edit_at`/`edit_reason` may be left out (= not checked) where an engine shows less.
The real MyBB capture keeps its own ground-truth format and is checked by test_parse_mybb.py.
"""
from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings, strategies as st

from mafvote_scraper.dates import parse_displayed
from mafvote_scraper.dates import parse_shown
from mafvote_scraper.parse import decode_html, parse_page
from mafvote_scraper.profiles import PROFILES

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "html"
SCHEMA = "mafvote.fixture/1"


def _fixture_files() -> list[Path]:
    return sorted(FIXTURES.glob("**/expected.json"))


def _generic() -> list[Path]:
    return [p for p in _fixture_files() if json.loads(p.read_text("utf-8")).get("schema") == SCHEMA]


def _pages():
    for path in _generic():
        expected = json.loads(path.read_text("utf-8"))
        for page in expected["pages"]:
            rel = path.parent.relative_to(FIXTURES)
            yield pytest.param(path.parent, expected["engine"], page, id=f"{rel}/{page['file']}")


def _parse(folder: Path, engine: str, page: dict):
    meta = json.loads((folder / "meta.json").read_text("utf-8"))
    tz = ZoneInfo(meta["timezone"])
    now = datetime.fromisoformat(meta["now"])
    raw = (folder / page["file"]).read_bytes()
    return parse_page(raw, url=page["url"], profile=engine, tz=tz, now=now,
                      encoding=page.get("http_encoding"))


def test_every_expected_json_is_understood():
    # a fixture folder whose expected.json this test cannot read would silently test nothing
    shapes = {p.parent.relative_to(FIXTURES).as_posix(): json.loads(p.read_text("utf-8")).get("schema")
              for p in _fixture_files()}
    unknown = [folder for folder, schema in shapes.items() if schema != SCHEMA and folder != "mybb"]
    assert unknown == []
    engines = {json.loads(p.read_text("utf-8"))["engine"] for p in _generic()}
    assert {"phpbb", "punbb"} <= engines
    for path in _generic():
        assert (path.parent / "meta.json").is_file(), f"{path.parent} has no meta.json"
        expected = json.loads(path.read_text("utf-8"))
        assert len(expected["pages"]) >= 3, f"{path.parent}: a fixture thread has at least three pages"


@pytest.mark.parametrize("folder, engine, page", list(_pages()))
def test_page_fields(folder, engine, page):
    parsed = _parse(folder, engine, page)
    assert parsed.engine == engine
    assert parsed.page == page["page"]
    assert parsed.last_page == page["last_page"]
    assert parsed.next_url == page["next_url"]
    assert parsed.topic_id == page["topic_id"]
    if "title" in page:
        assert parsed.title == page["title"]
    assert [p.post_id for p in parsed.posts] == [p["post_id"] for p in page["posts"]]


@pytest.mark.parametrize("folder, engine, page", list(_pages()))
def test_post_fields(folder, engine, page):
    parsed = _parse(folder, engine, page)
    for position, (got, want) in enumerate(zip(parsed.posts, page["posts"], strict=True)):
        where = f"post {want['post_id']}"
        assert got.position == position, where
        assert got.page == page["page"], where
        assert got.topic_id == page["topic_id"], where
        assert got.author == want["author"], where
        assert got.author_id == want["author_id"], where
        # the exact instant and the offset the forum's zone gives it
        assert got.time.isoformat() == datetime.fromisoformat(want["time"]).isoformat(), where
        assert got.time.utcoffset() is not None, where
        assert got.edited == want["edited"], where
        if want["edited"]:
            if "edit_by" in want:
                assert got.edit.by == want["edit_by"], where
            if "edit_at" in want:
                want_at = want["edit_at"] and datetime.fromisoformat(want["edit_at"])
                assert got.edit.at == want_at, where
                if want_at:
                    assert got.edit.at.isoformat() == want_at.isoformat(), where
            if "edit_reason" in want:
                assert got.edit.reason == want["edit_reason"], where
        else:
            assert got.edit is None, where
        for piece in want["body_contains"]:
            assert piece in got.html, f"{where}: {piece!r} not in body"
        for piece in want["body_excludes"]:
            assert piece not in got.html, f"{where}: {piece!r} (signature/notice) left in body"
        assert len(got.content_hash) == 64, where


@pytest.mark.parametrize("folder, engine, page", list(_pages()))
def test_content_hash_is_stable_and_distinct(folder, engine, page):
    first = _parse(folder, engine, page)
    again = _parse(folder, engine, page)
    assert [p.content_hash for p in first.posts] == [p.content_hash for p in again.posts]
    assert len({p.content_hash for p in first.posts}) == len(first.posts)


# --- the date fast path and charsets ---------------------------------------------------------

_RU_SHORT = ["янв", "фев", "мар", "апр", "май", "июн", "июл", "авг", "сен", "окт", "ноя", "дек"]
_RU_GEN = ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября",
           "октября", "ноября", "декабря"]
_EN = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
_EN_DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def _shapes(at: datetime, now: datetime) -> list[str]:
    """The date texts of every engine of this package for one instant (what the fast path reads)."""
    hm, h12 = at.strftime("%H:%M"), at.strftime("%I:%M %p")
    return [
        at.strftime("%m-%d-%Y, %I:%M %p"), at.strftime("%d.%m.%Y, %H:%M"), at.strftime("%Y-%m-%d %H:%M:%S"),
        at.strftime("%d.%m.%Y %H:%M:%S"),
        f"{at.day} {_RU_SHORT[at.month - 1]} {at.year}, {hm}", f"{at.day} {_RU_GEN[at.month - 1]} {at.year}, {hm}",
        f"{_EN_DAYS[at.weekday()]} {_EN[at.month - 1]} {at.day:02d}, {at.year} {at.hour % 12 or 12}:{at:%M} "
        f"{at.strftime('%p').lower()}",
        f"Сегодня, {hm}", f"Вчера {at:%H:%M:%S}", f"Today, {h12}", f"Yesterday, {h12}", f"Вчера в {hm}",
    ]


@settings(max_examples=300, deadline=None)
@given(at=st.datetimes(min_value=datetime(2001, 1, 1), max_value=datetime(2035, 12, 31)),
       zone=st.sampled_from(["Europe/Moscow", "Europe/Kyiv", "Asia/Yekaterinburg", "UTC"]))
def test_fast_date_path_reads_as_the_full_reader(at, zone):
    tz = ZoneInfo(zone)
    now = (at + (datetime(2036, 1, 1) - at) / 3).replace(tzinfo=tz)
    formats = tuple(dict.fromkeys(f for p in PROFILES.values() for m in (p, *p.variants) for f in m.date_formats))
    for text in _shapes(at.replace(microsecond=0), now):
        assert parse_shown(text, tz=tz, now=now, formats=formats) == \
            parse_displayed(text, tz=tz, now=now, formats=formats), text


def test_windows_1251_from_the_http_header_alone():
    # fixtures/html/punbb page 2 is windows-1251 with no <meta>: only the header says so
    raw = (FIXTURES / "punbb" / "viewtopic_id17_p2.html").read_bytes()
    assert "Алукард" in decode_html(raw)                # no charset anywhere: windows-1251 once UTF-8 fails
    assert "Алукард" in decode_html(raw, "windows-1251")
    assert "Алукард" in decode_html(raw, "cp1251")


def test_windows_1251_from_meta_http_equiv():
    raw = (FIXTURES / "phpbb" / "phpbb2" / "viewtopic_t77_page1.html").read_bytes()
    assert b'charset=windows-1251' in raw[:400]
    assert "Ведущий" in decode_html(raw) and "Ведущий" not in raw.decode("utf-8", "replace")
    # the HTTP header wins over the page (a server that re-encodes says so in the header)
    assert "Ведущий" in decode_html(raw.decode("cp1251").encode("utf-8"), "utf-8")


def test_phpbb2_author_id_is_read_from_the_button_row_and_a_guest_has_none():
    """phpBB 2 shows the profile button in the row after the post; a guest's post has no button there,
    and the next post's button must not be taken for it."""
    raw = (FIXTURES / "phpbb" / "phpbb2" / "viewtopic_t77_page1.html").read_bytes().decode("cp1251")
    guest = raw.replace('<a href="profile.php?mode=viewprofile&amp;u=3">', '<a href="search.php">', 1)
    no_row = re.sub(r'(<a name="3003"></a>.*?</table></td>\s*</tr>)\s*<tr>.*?</tr>\s*</table></td>\s*</tr>',
                    r"\1", raw, count=1, flags=re.S)
    assert no_row != raw
    url = "http://f.org/viewtopic.php?t=77"
    ids = {name: [(p.author, p.author_id) for p in parse_page(
        page, url=url, profile="phpbb", tz=ZoneInfo("Europe/Moscow"), now=datetime(2027, 1, 2, tzinfo=ZoneInfo("UTC"))).posts]
        for name, page in (("raw", raw), ("guest", guest), ("no_row", no_row))}
    assert ids["raw"] == [("Ведущий", "2"), ("РэдДи", "3"), ("Соня", "5"), ("King Eciton", "4"), ("Trusiki Kayfa", "6")]
    assert ids["guest"][1] == ("РэдДи", None) and ids["guest"][2] == ("Соня", "5")
    assert ids["no_row"][2] == ("Соня", None) and ids["no_row"][3] == ("King Eciton", "4")
