"""IPB, vBulletin, SMF, uCoz and XenForo profiles: what test_parse_engines.py does not cover.

test_parse_engines.py checks every field of every post of every fixture page, test_detect_engine.py
that `auto` recognises every fixture page, test_tally_engines.py the votes outside quotes. Here:

* the fields those tests leave out: quoted votes (they must sit in what the profile calls a quote)
  and the spoiler (what the profile calls a spoiler must hold it);
* windows-1251 pages (vB3, uCoz) declared only in `<meta>`;
* behaviour that differs between versions of one engine name (vB5's board-local datetime, XenForo 1's
  old dates, IPS 4's inactive "next", SMF's `<link rel="next">` to the next topic, ...);
* real pages of these engines (tests/data/profiles_more/real/, gzipped copies of public pages, see
  SOURCE.txt there): the selectors must hold on markup we did not write ourselves.
"""
from __future__ import annotations

import gzip
import json
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from selectolax.lexbor import LexborHTMLParser

from mafvote_scraper.model import LayoutNotRecognised
from mafvote_scraper.parse import decode_html, parse_page
from mafvote_scraper.profiles import detect_engine, get_profile
from mafvote_tally.colors import hue_of_element

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "html"
REAL = ROOT / "tests" / "data" / "profiles_more" / "real"
MSK = ZoneInfo("Europe/Moscow")
UTC = ZoneInfo("UTC")
MY_FOLDERS = ["ipb/ipb3", "ipb/ips4", "vbulletin/vb3", "vbulletin/vb4", "vbulletin/vb5", "smf", "ucoz",
              "xenforo/xf1", "xenforo/xf2"]
CAST = {"Ведущий", "РэдДи", "King Eciton", "Соня", "Trusiki Kayfa", "Алукард", "Nejka", "Гафф", "Enzo",
        "Nevermore", "Alisa", "Ronin", "Puss"}


def _load(folder: str):
    d = FIXTURES / folder
    meta = json.loads((d / "meta.json").read_text("utf-8"))
    expected = json.loads((d / "expected.json").read_text("utf-8"))
    return d, meta, expected


def _parse_folder(folder: str, *, tz: ZoneInfo | None = None, encoding: str | None = None):
    """Every page of a fixture folder: [(expected page, ParsedPage)]."""
    d, meta, expected = _load(folder)
    out = []
    for page in expected["pages"]:
        parsed = parse_page((d / page["file"]).read_bytes(), url=page["url"], profile=meta["engine"],
                            tz=tz or ZoneInfo(meta["timezone"]), now=datetime.fromisoformat(meta["now"]),
                            encoding=encoding or page["http_encoding"])
        out.append((page, parsed))
    return out


def _selectors(engine: str, field: str) -> str:
    profile = get_profile(engine)
    return ", ".join(sel for markup in (profile, *profile.variants) for sel in getattr(markup, field))


def _coloured(node) -> set[tuple[str, str]]:
    """(hue, text) of every coloured element under node, as tally classifies colours."""
    found = set()
    for el in node.css("font[color], span[style*=color]"):
        hue = hue_of_element(el.tag, dict(el.attributes))
        if hue in ("red", "blue"):
            found.add((hue, " ".join(el.text().split())))
    return found


# --- fixtures: the fields the generic tests leave out -------------------------------------------

@pytest.mark.parametrize("folder", MY_FOLDERS)
def test_quoted_votes_are_inside_the_profiles_quote_blocks(folder):
    # RULES.md §2: quoted text never counts; tally can only drop what the html marks as a quote
    engine = _load(folder)[1]["engine"]
    quote_sel = _selectors(engine, "quote")
    quoting = []
    for page, parsed in _parse_folder(folder):
        for want, got in zip(page["posts"], parsed.posts, strict=True):
            quotes = LexborHTMLParser(f"<div>{got.html}</div>").css(quote_sel)
            if quotes:
                quoting.append(got.author)
            inside = set().union(*(_coloured(q) for q in quotes)) if quotes else set()
            for vote in want["quoted_votes"]:
                assert (vote["color"], vote["target"]) in inside, f"post {want['post_id']}: {vote}"
    # the four posts of the thread that quote a vote, and no other post
    assert quoting == ["Соня", "King Eciton", "РэдДи", "Puss"]


@pytest.mark.parametrize("folder", MY_FOLDERS)
def test_spoiler_with_a_coloured_nick_is_marked_as_spoiler(folder):
    # RULES.md §2: spoilers never count; Соня's "С наступающим" post hides a red Puss in one
    engine = _load(folder)[1]["engine"]
    spoiler_sel = _selectors(engine, "spoiler")
    holders = []
    for _, parsed in _parse_folder(folder):
        for post in parsed.posts:
            spoilers = LexborHTMLParser(f"<div>{post.html}</div>").css(spoiler_sel)
            if spoilers:
                holders.append(post.author)
                text = " ".join(s.text() for s in spoilers)
                assert "Всем по мандаринке" in text
                assert ("red", "Puss") in set().union(*(_coloured(s) for s in spoilers))
    assert holders == ["Соня"]


# --- windows-1251 -------------------------------------------------------------------------------

@pytest.mark.parametrize("folder", ["vbulletin/vb3", "ucoz"])
def test_windows_1251_page_is_decoded_from_its_meta_charset(folder):
    d, meta, expected = _load(folder)
    assert meta["encoding"] == "windows-1251"
    raw = (d / "page1.html").read_bytes()
    # the bytes really are cp1251: the UTF-8 spelling of a nick is absent, and UTF-8 cannot read them
    assert "Соня".encode("cp1251") in raw and "Соня".encode("utf-8") not in raw
    with pytest.raises(UnicodeDecodeError):
        raw.decode("utf-8")
    pages = _parse_folder(folder)
    authors = {p.author for _, parsed in pages for p in parsed.posts}
    assert authors == CAST
    assert pages[0][1].title.startswith("Голосование — День 2")
    # the emoji has no cp1251 byte: the forum stores &#127876;, the parser gives the character back
    tree_post = next(p for _, parsed in pages for p in parsed.posts
                     if p.author == "Соня" and "наступающим" in p.html)
    assert "🎄" in tree_post.html


@pytest.mark.parametrize("folder", ["vbulletin/vb3", "ucoz"])
def test_http_charset_gives_the_same_posts_as_the_meta_charset(folder):
    by_meta = _parse_folder(folder)
    by_header = _parse_folder(folder, encoding="windows-1251")
    assert [[p.content_hash for p in parsed.posts] for _, parsed in by_meta] == \
           [[p.content_hash for p in parsed.posts] for _, parsed in by_header]


# --- differences between versions of one engine ------------------------------------------------

def test_each_version_is_recognised_under_its_engine_name():
    engines = {folder: _load(folder)[1]["engine"] for folder in MY_FOLDERS}
    assert engines == {"ipb/ipb3": "ipb", "ipb/ips4": "ipb", "vbulletin/vb3": "vbulletin",
                       "vbulletin/vb4": "vbulletin", "vbulletin/vb5": "vbulletin", "smf": "smf",
                       "ucoz": "ucoz", "xenforo/xf1": "xenforo", "xenforo/xf2": "xenforo"}
    for folder, engine in engines.items():
        d, _, expected = _load(folder)
        for page in expected["pages"]:
            html = decode_html((d / page["file"]).read_bytes())
            assert detect_engine(html, url=page["url"]) == engine, f"{folder}/{page['file']}"


def test_vb5_time_is_the_unix_publish_date_not_the_offsetless_datetime():
    # vB5's <time datetime> has no offset; data-node-publishdate is unix, right in any zone config
    right = _parse_folder("vbulletin/vb5")[0][1].posts[1]
    elsewhere = _parse_folder("vbulletin/vb5", tz=UTC)[0][1].posts[1]
    assert right.author == "РэдДи"
    assert right.time.isoformat() == "2026-12-30T20:07:31+03:00"
    assert elsewhere.time.isoformat() == "2026-12-30T17:07:31+00:00"
    assert elsewhere.time == right.time


def test_vb3_text_dates_depend_on_the_forum_zone():
    # vB3/4 show text only: the configured zone decides the instant
    moscow = _parse_folder("vbulletin/vb3")[0][1].posts[1]
    utc = _parse_folder("vbulletin/vb3", tz=UTC)[0][1].posts[1]
    assert moscow.time.isoformat() == "2026-12-30T20:07:00+03:00"
    assert utc.time.isoformat() == "2026-12-30T20:07:00+00:00"


def test_xenforo1_recent_dates_have_seconds_older_dates_only_minutes():
    # XF1 prints <abbr data-time> for the last 7 days and <span title="30 дек 2026 в 20:07"> before
    pages = _parse_folder("xenforo/xf1")
    posts = [p for _, parsed in pages for p in parsed.posts]
    first, last = posts[0], posts[-1]
    assert first.time.isoformat() == "2026-12-30T20:00:00+03:00"
    assert last.time.isoformat() == "2027-01-01T18:39:30+03:00"
    edited = [p for p in posts if p.edit]
    assert [(p.author, p.edit.at.isoformat(), p.edit.by) for p in edited] == [
        ("Trusiki Kayfa", "2026-12-31T17:20:00+03:00", None),   # older than 7 days: minutes
        ("Соня", "2027-01-01T15:42:40+03:00", None),            # recent: unix seconds
    ]


def test_ips4_edit_notice_inside_the_message_is_read_then_removed():
    posts = [p for _, parsed in _parse_folder("ipb/ips4") for p in parsed.posts]
    sonya = next(p for p in posts if p.edit and p.author == "Соня")
    assert (sonya.edit.by, sonya.edit.reason) == ("Соня", "добавила красный")
    assert sonya.edit.at.isoformat() == "2027-01-01T15:42:40+03:00"
    assert "Edited" not in sonya.html and "data-excludequote" not in sonya.html


def test_ips4_inactive_next_on_the_last_page_is_not_followed():
    d, _, expected = _load("ipb/ips4")
    last = expected["pages"][-1]
    raw = (d / last["file"]).read_text("utf-8")
    # the item is there and links a page, but it is marked inactive
    assert 'class="ipsPagination_next ipsPagination_inactive"><a href=' in raw
    assert _parse_folder("ipb/ips4")[-1][1].next_url is None


def test_smf_head_link_next_is_the_next_topic_and_is_ignored():
    d, _, expected = _load("smf")
    assert 'rel="next" href="https://mafia-club.example/forum/index.php?topic=1402.0;prev_next=next"' in \
        (d / "page3.html").read_text("utf-8")
    pages = _parse_folder("smf")
    assert [parsed.next_url for _, parsed in pages] == [
        "https://mafia-club.example/forum/index.php?topic=1402.15",
        "https://mafia-club.example/forum/index.php?topic=1402.30",
        None,
    ]
    assert [(parsed.page, parsed.last_page) for _, parsed in pages] == [(1, 3), (2, 3), (3, 3)]


def test_smf_and_ucoz_and_xenforo_notices_show_no_reason():
    # SMF 2.0, uCoz and XenForo print no edit reason; vB, IPB do
    reasons = {}
    for folder in MY_FOLDERS:
        posts = [p for _, parsed in _parse_folder(folder) for p in parsed.posts if p.edit]
        reasons[folder] = [p.edit.reason for p in posts]
    with_reason = ["опечатка в нике", "добавила красный"]
    assert reasons == {"ipb/ipb3": with_reason, "ipb/ips4": with_reason, "vbulletin/vb3": with_reason,
                       "vbulletin/vb4": with_reason, "vbulletin/vb5": with_reason,
                       "smf": [None, None], "ucoz": [None, None],
                       "xenforo/xf1": [None, None], "xenforo/xf2": [None, None]}


# --- real pages ------------------------------------------------------------------------------------

def _real(name: str) -> bytes:
    return gzip.decompress((REAL / f"{name}.gz").read_bytes())


# file, engine, url, tz, (page, last_page, topic_id, posts), first post (id, author, author_id, time),
# last post id, edits [(post id, by, at)], next_url (None: not checked, see _BASE_HREF below)
REAL_PAGES = [
    ("animesuki-vb3811-p152.html", "vbulletin", "https://forums.animesuki.com/showthread.php?t=128882&page=152",
     UTC, (152, 154, "128882", 20), (5768670, "Shirohige", "250472", "2016-02-01T02:21:00+00:00"), 5778211,
     [(5768696, "Shirohige", "2016-02-01T03:31:00+00:00"), (5768715, "karice67", "2016-02-01T05:50:00+00:00"),
      (5778115, "Marina2", "2016-02-13T07:31:00+00:00")],
     "https://forums.animesuki.com/showthread.php?t=128882&page=153"),
    ("vb423-bob-dorr.html", "vbulletin",
     "http://forums.militarytimes.com/showthread.php/9687-Legendary-military-columnist-author-Bob-Dorr-dies-at-76",
     UTC, (1, 2, "9687", 10), (365266, "Rainmaker", "13985", "2016-06-15T15:03:00+00:00"), 367742, [],
     # linked as "showthread.php/9687-…/page2" under <base href="http://forums.militarytimes.com/">
     "http://forums.militarytimes.com/showthread.php/9687-Legendary-military-columnist-author-Bob-Dorr-dies-at-76/page2"),
    ("vb552-thread.html", "vbulletin",
     "https://fandompost.vbulletin.net/forum/anime-manga-discussions/general-anime-discussions/727744-isekai-quartet-discussion-thread",
     ZoneInfo("America/Chicago"), (1, 2, "727744", 15),
     # shown "04-09-2019, 10:37 AM" (US Central); <time datetime> says 08:37:23 (server time)
     (727744, "Buckeye", "1712", "2019-04-09T10:37:23-05:00"), 731647, [],
     "https://fandompost.vbulletin.net/forum/anime-manga-discussions/general-anime-discussions/727744-isekai-quartet-discussion-thread/page2"),
    # phpBB 2 (a subSilver-derived theme): the author's profile id is only in the button row after the post
    ("freeman-cruiser-phpbb2.html", "phpbb", "http://forum.example/viewtopic.php?t=805&start=0",
     UTC, (1, None, "805", 3), (4513, "prestbury2", "124", "2010-06-02T23:01:00+00:00"), 4537, [], None),
    ("smf20rc3-faq-trust-advice.html", "smf", "http://forums.contribs.org/index.php/topic,38573.0.html",
     UTC, (1, 2, "38573", 15), (174916, "gregswallow", "3061", "2007-09-19T13:08:14+00:00"), 176181,
     [(174916, "gregswallow", "2007-09-24T12:57:14+00:00"), (174927, "gregswallow", "2007-09-19T15:21:02+00:00"),
      (176166, "cactus", "2007-10-08T10:06:42+00:00")],
     "http://forums.contribs.org/index.php/topic,38573.15.html?PHPSESSID=vqr5gjd0frvtco7j85kqh33o14"),
    ("sufficientvelocity-renascence-p54.html", "xenforo",
     "https://forums.sufficientvelocity.com/threads/renascence-a-homura-quest.10402/page-54",
     UTC, (54, 347, "10402", 25), (2146286, "TheBleachDoctor", "4525", "2014-10-30T22:48:00+00:00"), 2146619,
     [(2146541, None, "2014-12-04T02:29:00+00:00")],
     "https://forums.sufficientvelocity.com/threads/renascence-a-homura-quest.10402/page-55"),
    ("edcforums-cowboy-boots.html", "xenforo", "https://www.edcforums.com/threads/cowboy-boots.133239/",
     UTC, (1, 2, "133239", 20), (2536963, "skip0911", "24761", "2016-02-19T11:33:00+00:00"), 2664264, [],
     "https://www.edcforums.com/threads/cowboy-boots.133239/page-2"),
    ("thefashionspot-loewe.html", "xenforo",
     "https://forums.thefashionspot.com/threads/loewe-mens-f-w-2020-21-paris.396285/",
     UTC, (1, None, "396285", 15), (30674761, "Machinegumm", "107031", "2020-01-18T17:57:00+00:00"), 30675897,
     [], None),  # a one-page topic: no next page
    ("tophope-ru-3470-p1-edits.html", "xenforo", "https://tophope.ru/threads/x.3470/",
     MSK, (1, 2, "3470", 20), (26455, "xLoLnoobWMZx", "32732", "2014-03-16T11:36:42+04:00"), 27716,
     [(27310, None, "2014-03-28T01:45:30+04:00"), (27417, None, "2014-03-29T22:42:59+04:00"),
      (27425, None, "2014-03-30T01:04:09+04:00")],
     "https://tophope.ru/threads/%D0%94%D0%B2%D0%BE%D0%B9%D0%BD%D0%B0%D1%8F-%D1%81%D0%B5%D1%81%D1%81%D0%B8%D1%8F-"
     "%D1%87%D0%B5%D1%80%D0%B5%D0%B7-%D0%B2%D0%B8%D1%80%D1%82%D1%83%D0%B0%D0%BB%D0%BA%D1%83.3470/page-2"),
    ("tophope-ru-811-p2.html", "xenforo", "https://tophope.ru/threads/x.811/page-2",
     MSK, (2, 3, "811", 20), (9188, "Cleric", "23438", "2013-07-21T23:42:42+04:00"), 16312, [],
     "https://tophope.ru/threads/%D0%93%D0%BE%D0%BB%D0%BE%D1%81%D0%BE%D0%B2%D0%B0%D0%BD%D0%B8%D0%B5-%D0%B2-l2top.811/page-3"),
]
# vB4 and XenForo 1 link pages relative to <base href> ("showthread.php/9687-…/page2",
# "threads/slug.10402/page-55"): next_url must be resolved against it, not against the page URL.


@pytest.mark.parametrize("name, engine, url, tz, shape, first, last_id, edits, next_url",
                         REAL_PAGES, ids=[r[0] for r in REAL_PAGES])
def test_real_page(name, engine, url, tz, shape, first, last_id, edits, next_url):
    raw = _real(name)
    assert detect_engine(decode_html(raw), url=url) == engine
    parsed = parse_page(raw, url=url, profile=engine, tz=tz, now=datetime(2021, 1, 1, tzinfo=UTC))
    assert (parsed.page, parsed.last_page, parsed.topic_id, len(parsed.posts)) == shape
    head = parsed.posts[0]
    assert (head.post_id, head.author, head.author_id, head.time.isoformat()) == first
    assert parsed.posts[-1].post_id == last_id
    assert len({p.post_id for p in parsed.posts}) == len(parsed.posts)
    assert all(p.author and p.html for p in parsed.posts)
    assert [(p.post_id, p.edit.by, p.edit.at.isoformat()) for p in parsed.posts if p.edit] == edits
    assert parsed.next_url == next_url


def test_real_xenforo2_russian_quote_and_colour_survive():
    parsed = parse_page(_real("tophope-ru-811-p2.html"), url="https://tophope.ru/threads/x.811/page-2",
                        profile="xenforo", tz=MSK, now=datetime(2021, 1, 1, tzinfo=UTC))
    quoting = [p for p in parsed.posts if "bbCodeBlock--quote" in p.html]
    assert quoting and all("написал(а):" in p.html for p in quoting)
    # signatures (aside.message-signature) are outside the body
    assert not any("message-signature" in p.html for p in parsed.posts)


def test_real_vb3_signature_and_edit_note_stay_out_of_the_body():
    parsed = parse_page(_real("animesuki-vb3811-p152.html"),
                        url="https://forums.animesuki.com/showthread.php?t=128882&page=152",
                        profile="vbulletin", tz=UTC, now=datetime(2021, 1, 1, tzinfo=UTC))
    assert not any("__________________" in p.html or "Last edited by" in p.html for p in parsed.posts)
    karice = next(p for p in parsed.posts if p.post_id == 5768715)
    assert karice.author == "karice67" and "Sienna" not in karice.html   # her signature's colour


def test_real_4pda_is_ipb_family_but_its_markup_stops_with_layout_not_recognised():
    # 4pda.to runs a heavily customised IPB 2 fork (windows-1251): recognised as the IPB family from
    # its showtopic/showuser links, but its posts are no IPB 3/IPS 4 markup, and saying so beats
    # reporting "no new posts"
    raw = _real("4pda-search-posts-view-p1.html")
    assert detect_engine(decode_html(raw)) == "ipb"
    with pytest.raises(LayoutNotRecognised) as caught:
        parse_page(raw, url="https://4pda.to/forum/index.php?act=search", profile="ipb", tz=MSK,
                   now=datetime(2021, 12, 17, tzinfo=UTC))
    assert caught.value.engine == "ipb" and caught.value.missing.startswith("no posts")


# --- parser fixes found on real pages: <base href>, selector groups ------------------------------

MYBB_PAGE1 = FIXTURES / "mybb" / "showthread_tid2_page1.html"
MYBB_URL = "http://127.0.0.1:8081/showthread.php?tid=2&page=1"
MYBB_NOW = datetime(2027, 1, 1, 18, 40, tzinfo=MSK)


@pytest.mark.parametrize("base, next_url", [
    ("http://127.0.0.1:8081/forum/", "http://127.0.0.1:8081/forum/showthread.php?tid=2&page=2"),
    # a relative base is itself resolved against the page URL
    ("/board/", "http://127.0.0.1:8081/board/showthread.php?tid=2&page=2"),
    ("https://mirror.example/", "https://mirror.example/showthread.php?tid=2&page=2"),
    # an empty href names no base: links resolve against the page
    ("", "http://127.0.0.1:8081/showthread.php?tid=2&page=2"),
])
def test_next_page_link_is_resolved_against_base_href(base, next_url):
    # the pagination links "showthread.php?tid=2&page=2"; a <base href> changes what that means
    html = MYBB_PAGE1.read_text("utf-8").replace("<head>", f'<head><base href="{base}">', 1)
    parsed = parse_page(html, url=MYBB_URL, profile="mybb", tz=MSK, now=MYBB_NOW)
    assert parsed.next_url == next_url
    assert (parsed.page, parsed.last_page, len(parsed.posts)) == (1, 5, 10)


def test_post_matched_by_two_parts_of_a_group_is_one_post():
    # lexbor lists a node once per part of a group selector it matches
    plain = parse_page(MYBB_PAGE1.read_bytes(), url=MYBB_URL, profile="mybb", tz=MSK, now=MYBB_NOW)
    grouped = replace(get_profile("mybb"), post="#posts div.post[id^=post_], div.post[id^=post_]")
    parsed = parse_page(MYBB_PAGE1.read_bytes(), url=MYBB_URL, profile=grouped, tz=MSK, now=MYBB_NOW)
    assert [(p.post_id, p.position, p.author) for p in parsed.posts] == \
        [(p.post_id, p.position, p.author) for p in plain.posts]
    assert len(parsed.posts) == 10


def test_stripped_node_matched_by_two_parts_of_a_group_is_removed_once():
    # every bold span matches both parts; removing one twice must neither fail nor lose other text
    bold = replace(get_profile("mybb"), strip=("span.mycode_b, span[style*='font-weight: bold']",))
    parsed = parse_page(MYBB_PAGE1.read_bytes(), url=MYBB_URL, profile=bold, tz=MSK, now=MYBB_NOW)
    opening = parsed.posts[0]
    assert "mycode_b" not in opening.html and "День 2" not in opening.html
    assert "Наступило утро." in opening.html and "01.01 в 18:00" not in opening.html
    assert len(parsed.posts) == 10 and all("mycode_b" not in p.html for p in parsed.posts)
