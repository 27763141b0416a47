"""The crawler never stores garbage and never crashes on a forum's odd answer.

A tiny HTTP server on 127.0.0.1 serves the real MyBB vote thread (fixtures/html/mybb, five pages)
with page 1 replaced by an odd answer: windows-1251 bytes with no charset anywhere, windows-1251
under a header that says utf-8, a redirect loop, a page repeating a post id. Parse-level cases use
bytes made from fixtures/html/mybb/showthread_tid2_page1.html by `charset_page`:

* mybb_p1_cp1251_no_charset.html: the `<meta>` removed, encoded windows-1251;
* mybb_p1_cp1251_meta.html: `<meta>` says windows-1251, encoded windows-1251;
* mybb_p1_utf8_broken_letter_in_body.html: UTF-8 with the 2nd byte of "ё" in "начнём" (post 10) cut;
* mybb_p1_utf8_broken_letter_in_author.html: UTF-8 with the 2nd byte of "о" in the nick "Соня"
  (post 11's author link) cut;
* mybb_p1_utf8_old_cp1251_post.html: UTF-8 (header and `<meta>` say so) with an old windows-1251
  post (`OLD_POST`, 2.5 times the page's own Cyrillic letters) at the top of post 10's body: a
  board migrated from windows-1251;
* mybb_p1_koi8r_no_charset.html: the `<meta>` removed, encoded koi8-r;
* mybb_p1_cp1251_meta_utf8_nick.html: `<meta>` says windows-1251, encoded windows-1251, but the
  nick "Соня" in post 11's author link left in UTF-8 bytes (a plugin writing UTF-8 into the page).
"""
from __future__ import annotations

import re
import threading
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from zoneinfo import ZoneInfo

import httpx
import pytest

from mafvote.crawl_text import describe
from mafvote.http_server import LocalHTTPServer
from mafvote.store import Store
from mafvote_scraper.crawl import crawl_topic
from mafvote_scraper.fetch import ForumClient
from mafvote_scraper.model import FetchError, LayoutNotRecognised
from mafvote_scraper.parse import decode_html, parse_page

ROOT = Path(__file__).resolve().parents[2]
MYBB = ROOT / "fixtures" / "html" / "mybb"
MSK = ZoneInfo("Europe/Moscow")
NOW = datetime(2027, 1, 1, 15, 40, tzinfo=UTC)
FIXTURE_HOST = "127.0.0.1:8081"
URL = f"http://{FIXTURE_HOST}/showthread.php?tid=2"

PAGE1_AUTHORS = ["Ведущий", "РэдДи", "Соня", "King Eciton", "Nejka", "Алукард", "Trusiki Kayfa",
                 "Enzo", "Nevermore", "Alisa"]
PAGE1_IDS = [8, 10, 11, 12, 13, 14, 15, 16, 17, 18]


def parse(raw: bytes | str, encoding: str | None = None):
    return parse_page(raw, url=URL, profile="mybb", tz=MSK, now=NOW, encoding=encoding)


def page1_text() -> str:
    return (MYBB / "showthread_tid2_page1.html").read_bytes().decode("utf-8")


_META = '<meta http-equiv="Content-Type" content="text/html; charset=UTF-8" />'
# 2 500 Cyrillic letters in windows-1251, against the page's own 984 non-ASCII characters in UTF-8
OLD_POST = ("Старый пост в кодировке форума до переезда, ещё с тех времён, когда форум жил на "
            "windows-1251, и в нём есть буква И. ").encode("cp1251") * 30


def charset_page(name: str) -> bytes:
    """Page 1 of the MyBB thread as a forum with a charset problem serves it (the module docstring lists them)."""
    text = page1_text()
    if name == "mybb_p1_cp1251_no_charset.html":
        return text.replace(_META, "").encode("cp1251")
    if name == "mybb_p1_cp1251_meta.html":
        return text.replace(_META, _META.replace("UTF-8", "windows-1251")).encode("cp1251")
    if name == "mybb_p1_koi8r_no_charset.html":
        return text.replace(_META, "").encode("koi8_r", "xmlcharrefreplace")   # koi8-r has no «—»
    if name == "mybb_p1_cp1251_meta_utf8_nick.html":
        before, after = text.replace(_META, _META.replace("UTF-8", "windows-1251")).split('uid=4">Соня</a>', 1)
        return before.encode("cp1251") + 'uid=4">Соня</a>'.encode() + after.encode("cp1251")
    raw = text.encode("utf-8")
    if name == "mybb_p1_utf8_old_cp1251_post.html":
        at = raw.index("Ну что, начнём.".encode())
        return raw[:at] + OLD_POST + raw[at:]
    if name == "mybb_p1_utf8_broken_letter_in_body.html":
        cut = raw.index("начнём".encode()) + len("начн".encode()) + 1
    else:     # the nick in post 11's author link, not its mentions in other posts
        cut = raw.index('uid=4">Соня</a>'.encode()) + len('uid=4">С'.encode()) + 1
    return raw[:cut] + raw[cut + 1:]


# --- decoding: strict, never U+FFFD in a nick -------------------------------------------------------

def test_windows_1251_page_with_no_charset_anywhere_reads_every_cyrillic_nick():
    raw = charset_page("mybb_p1_cp1251_no_charset.html")
    assert b"charset" not in raw.lower()
    page = parse(raw)
    assert [p.author for p in page.posts] == PAGE1_AUTHORS
    assert 'class="mycode_color">Соня</span>' in page.posts[1].html
    assert not any("\ufffd" in p.html for p in page.posts)


def test_header_saying_utf8_over_a_windows_1251_body_is_read_by_the_meta():
    raw = charset_page("mybb_p1_cp1251_meta.html")
    page = parse(raw, encoding="utf-8")
    assert [p.author for p in page.posts] == PAGE1_AUTHORS
    # and the same page when the header names no charset
    assert [p.author for p in parse(raw).posts] == PAGE1_AUTHORS


def test_header_and_meta_saying_utf8_over_a_windows_1251_body_fall_back_to_windows_1251():
    raw = page1_text().encode("cp1251", "xmlcharrefreplace")   # <meta> still says UTF-8
    assert b"charset=UTF-8" in raw
    assert [p.author for p in parse(raw, encoding="utf-8").posts] == PAGE1_AUTHORS


def test_header_saying_windows_1251_over_a_utf8_body_reads_utf8():
    # Apache's `AddDefaultCharset windows-1251` in front of a UTF-8 board: the bytes are valid UTF-8
    raw = (MYBB / "showthread_tid2_page1.html").read_bytes()
    assert [p.author for p in parse(raw, encoding="windows-1251").posts] == PAGE1_AUTHORS


def test_a_windows_1251_page_labelled_windows_1251_is_read_as_such():
    raw = charset_page("mybb_p1_cp1251_no_charset.html")
    assert [p.author for p in parse(raw, encoding="windows-1251").posts] == PAGE1_AUTHORS
    assert decode_html(raw, "cp1251") == decode_html(raw)


def test_utf8_page_with_one_letter_cut_in_a_body_is_read_as_utf8_not_as_windows_1251():
    # reading it as windows-1251 would garble every letter on the page; one lost letter is shown as such
    raw = charset_page("mybb_p1_utf8_broken_letter_in_body.html")
    page = parse(raw, encoding="utf-8")
    assert [p.author for p in page.posts] == PAGE1_AUTHORS
    assert "Ну что, начн\ufffdм. Мне Соня вчера очень не понравилась." in page.posts[1].html
    assert sum(p.html.count("\ufffd") for p in page.posts) == 1


def test_a_nick_holding_a_lost_letter_stops_the_page_naming_post_and_nick():
    raw = charset_page("mybb_p1_utf8_broken_letter_in_author.html")
    with pytest.raises(LayoutNotRecognised) as info:
        parse(raw, encoding="utf-8")
    message = str(info.value)
    assert message.startswith(f"layout not recognised: {URL} (engine mybb): "
                              "author of post 11 (#3 on page 1): 'С\ufffdня' holds U+FFFD")
    assert "utf-8 with 1 broken byte sequence" in message


def test_a_nick_the_forum_itself_stored_garbled_is_refused():
    text = page1_text().replace(">Алукард</a>", ">\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd</a>", 1)
    with pytest.raises(LayoutNotRecognised) as info:
        parse(text.encode("utf-8"), encoding="utf-8")
    assert "author of post 14 (#6 on page 1): '\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd' holds U+FFFD" in str(info.value)


def test_bytes_no_charset_can_read_stop_the_page_naming_url_and_charsets():
    # 0x98 is no character in windows-1251, the Cyrillic bytes are not UTF-8, and koi8-r or cp866
    # (which read any byte) turn the Russian into nonsense: refused, never guessed into the store
    raw = charset_page("mybb_p1_cp1251_no_charset.html").replace(b"</title>", b"\x98</title>", 1)
    with pytest.raises(LayoutNotRecognised) as info:
        parse(raw, encoding="koi8-x")
    message = str(info.value)
    assert message.startswith(f"layout not recognised: {URL} (engine mybb): charset: "
                              "the header names an unknown charset 'koi8-x'; utf-8 breaks ")
    bad_byte = raw.index(b"\x98")
    assert f"windows-1251 does not read byte {bad_byte}; " in message
    assert "; guessed koi8-r but its text holds 72 words with capitals and small letters swapped like «уПОС»" in message
    assert message.endswith("check the page in a browser and tell the forum's admin")


# --- decoding: a page read in the wrong charset is never stored ------------------------------------------

@pytest.mark.parametrize("header", [None, "utf-8", "windows-1251"])
def test_an_old_windows_1251_post_on_a_utf8_page_loses_its_own_letters_not_the_pages(header):
    raw = charset_page("mybb_p1_utf8_old_cp1251_post.html")
    page = parse(raw, encoding=header)
    assert [p.author for p in page.posts] == PAGE1_AUTHORS
    old = OLD_POST.decode("utf-8", "replace")
    assert old.count("\ufffd") > 2000
    assert old + "Ну что, начнём. Мне Соня вчера очень не понравилась." in page.posts[1].html
    # every other post reads as it does on the plain page
    plain = parse((MYBB / "showthread_tid2_page1.html").read_bytes())
    assert [p.html for p in page.posts if p.post_id != 10] == [p.html for p in plain.posts if p.post_id != 10]


def test_a_utf8_page_with_one_letter_cut_under_a_windows_1251_header_reads_utf8():
    # Apache's `AddDefaultCharset windows-1251` over a UTF-8 board, and one letter cut by a byte
    # limit. Page 2, because windows-1251 reads every byte of it (page 1 has an «И», D0 98, and 98
    # is no windows-1251 character): the label alone would read it
    plain = (MYBB / "showthread_tid2_page2.html").read_bytes()
    cut = plain.index("Всем привет".encode()) + len("В".encode()) + 1
    raw = plain[:cut] + plain[cut + 1:]
    assert b"\x98" not in raw
    page = parse(raw, encoding="windows-1251")
    expected = parse(plain)
    assert [p.author for p in page.posts] == [p.author for p in expected.posts]
    assert "Соня" in [p.author for p in page.posts]
    assert sum(p.html.count("\ufffd") for p in page.posts) == 1
    assert [p.html.replace("В\ufffdем", "Всем") for p in page.posts] == [p.html for p in expected.posts]


def test_a_koi8r_page_with_no_charset_anywhere_reads_every_cyrillic_nick():
    raw = charset_page("mybb_p1_koi8r_no_charset.html")
    assert b"charset" not in raw.lower()
    page = parse(raw)
    assert [p.author for p in page.posts] == PAGE1_AUTHORS
    assert "Ну что, начнём. Мне Соня вчера очень не понравилась." in page.posts[1].html
    assert decode_html(raw) == raw.decode("koi8_r")


@pytest.mark.parametrize("header", ["koi8-r", "ISO-8859-1"])
def test_a_single_byte_header_over_a_windows_1251_page_loses_to_the_meta(header):
    # a header can name any single-byte charset and read every byte: the text tells it is wrong
    raw = charset_page("mybb_p1_cp1251_meta.html")
    assert [p.author for p in parse(raw, encoding=header).posts] == PAGE1_AUTHORS


def test_a_koi8r_header_over_a_windows_1251_page_with_no_meta_is_found_out():
    raw = charset_page("mybb_p1_cp1251_no_charset.html")
    assert [p.author for p in parse(raw, encoding="koi8-r").posts] == PAGE1_AUTHORS


def test_a_nick_in_utf8_bytes_on_a_windows_1251_page_is_refused_not_stored_as_mojibake():
    raw = charset_page("mybb_p1_cp1251_meta_utf8_nick.html")
    with pytest.raises(LayoutNotRecognised) as info:
        parse(raw)
    assert str(info.value).startswith(
        f"layout not recognised: {URL} (engine mybb): author of post 11 (#3 on page 1): 'РЎРѕРЅСЏ' reads like "
        "UTF-8 read as windows-1251 (page read as windows-1251 (from the <meta>)): a charset problem; ")


def test_a_nick_the_forum_itself_stored_as_mojibake_is_refused():
    text = page1_text().replace(">Алукард</a>", ">РђР»СѓРєР°СЂРґ</a>", 1)
    with pytest.raises(LayoutNotRecognised) as info:
        parse(text.encode("utf-8"), encoding="utf-8")
    assert "author of post 14 (#6 on page 1): 'РђР»СѓРєР°СЂРґ' reads like UTF-8 read as windows-1251" in str(info.value)


@pytest.mark.parametrize("nick", ["Сёма", "С Новым Годом", "СССР»", "Рё"])
def test_a_russian_nick_that_starts_like_mojibake_is_kept(nick):
    # ё and a no-break space follow «С» in Russian; a lone «Р»» is a nick's own decoration
    text = page1_text().replace(">Алукард</a>", f">{nick}</a>", 1)
    for raw, header in ((text.encode("utf-8"), "utf-8"),
                        (text.replace(_META, "").encode("cp1251", "xmlcharrefreplace"), None)):
        assert parse(raw, encoding=header).posts[5].author == nick


# --- duplicate post ids ------------------------------------------------------------------------

def _repeat_post_id(text: str, old: int, new: int) -> str:
    return (text.replace(f'id="post_{old}"', f'id="post_{new}"')
            .replace(f'id="pid_{old}"', f'id="pid_{new}"'))


def test_a_page_repeating_a_post_id_is_refused_not_merged():
    text = _repeat_post_id(_repeat_post_id(page1_text(), 10, 8), 11, 8)
    with pytest.raises(LayoutNotRecognised) as info:
        parse(text.encode("utf-8"))
    assert str(info.value) == (
        f"layout not recognised: {URL} (engine mybb): post id 8 is on the page twice (posts #1 and #2, "
        "`#posts div.post[id^=post_]`); a forum never repeats a post: open the page in a browser, "
        "and check the engine in the config")


def test_an_inner_wrapper_carrying_its_posts_id_is_still_one_post():
    text = page1_text()
    start = text.index('<div class="post ', text.index('id="posts"'))
    inner_at = text.index(">", start) + 1
    end = text.index('<div class="post ', inner_at)
    wrapped = (text[:inner_at] + '<div class="post inner" id="post_8">' + text[inner_at:end] + "</div>"
               + text[end:])
    assert wrapped.count('id="post_8"') == 2
    page = parse(wrapped.encode("utf-8"))
    assert [p.post_id for p in page.posts] == PAGE1_IDS
    assert [p.author for p in page.posts] == PAGE1_AUTHORS


# --- crawling a local forum ---------------------------------------------------------------------

class OddForum:
    """The five real pages of the vote thread; page 1 answered as `page1` says."""

    def __init__(self):
        self.page1: tuple[int, dict[str, str], bytes] | None = None
        self.requests: list[str] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                outer.requests.append(self.path)
                status, headers, body = outer.answer(self.path)
                self.send_response(status)
                for k, v in headers.items():
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = LocalHTTPServer(("127.0.0.1", 0), Handler)
        self.host = f"127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://{self.host}/showthread.php?tid=2"

    def local(self, raw: bytes) -> bytes:
        # the captured pages link to the board they came from: point them here
        return raw.replace(FIXTURE_HOST.encode(), self.host.encode())

    def answer(self, path: str) -> tuple[int, dict[str, str], bytes]:
        utf8 = {"Content-Type": "text/html; charset=UTF-8"}
        if path.startswith("/loop"):
            return 302, {"Location": "/pool" + path[5:]}, b""
        if path.startswith("/pool"):
            return 302, {"Location": "/loop" + path[5:]}, b""
        if path.startswith("/ftp"):
            return 302, {"Location": "ftp://files.example/showthread.php"}, b""
        if path.startswith("/gzip"):
            return 200, {**utf8, "Content-Encoding": "gzip"}, b"this is not gzip at all"
        m = re.search(r"[?&]page=(\d)", path)
        n = int(m.group(1)) if m else 1
        if n == 1 and self.page1 is not None:
            status, headers, body = self.page1
            return status, headers, self.local(body)
        return 200, utf8, self.local((MYBB / f"showthread_tid2_page{n}.html").read_bytes())

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def forum():
    f = OddForum()
    yield f
    f.close()


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "mafvote.db")
    yield s
    s.close()


@pytest.fixture
def client():
    c = ForumClient(min_delay=0, retries=1, timeout=5.0, sleep=lambda s: None, jitter=lambda: 0.0)
    yield c
    c.close()


def crawl(client, store, url, parse=None, reread_since=None):
    return crawl_topic(client, store, forum="hyper", url=url, kind="vote", game_id="ny", profile="mybb",
                       tz=MSK, now=NOW, parse=parse, reread_since=reread_since)


def stored_page1(store):
    return [(p.post_id, p.author) for p in store.posts(game_id="ny") if p.page == 1]


@pytest.mark.parametrize("content_type, file", [
    ("text/html", "mybb_p1_cp1251_no_charset.html"),                  # no charset anywhere
    ("text/html; charset=utf-8", "mybb_p1_cp1251_meta.html"),         # the header lies, <meta> is right
    ("text/html", "mybb_p1_koi8r_no_charset.html"),                   # koi8-r, no charset anywhere
    ("text/html; charset=koi8-r", "mybb_p1_cp1251_meta.html"),        # a single-byte header lies
])
def test_crawl_of_a_windows_1251_page_stores_the_real_nicks(forum, store, client, content_type, file):
    forum.page1 = (200, {"Content-Type": content_type}, charset_page(file))
    result = crawl(client, store, forum.url)
    assert result.ok, result.error
    assert (result.pages, len(result.new)) == (5, 45)
    assert stored_page1(store) == list(zip(PAGE1_IDS, PAGE1_AUTHORS))
    assert not any("\ufffd" in p.author or "\ufffd" in p.html for p in store.posts(game_id="ny"))


def test_crawl_of_a_page_with_a_garbled_nick_stores_nothing_and_says_why(forum, store, client):
    forum.page1 = (200, {"Content-Type": "text/html; charset=utf-8"},
                   charset_page("mybb_p1_utf8_broken_letter_in_author.html"))
    result = crawl(client, store, forum.url)
    assert not result.ok
    assert result.error.startswith(f"layout not recognised: {forum.url} (engine mybb): author of post 11 ")
    assert store.posts(game_id="ny") == []
    assert store.crawl_runs()[-1].error == result.error


def test_a_page_repeating_a_post_id_stops_the_crawl_and_stores_none_of_it(forum, store, client):
    text = _repeat_post_id(_repeat_post_id(page1_text(), 10, 8), 11, 8)
    forum.page1 = (200, {"Content-Type": "text/html; charset=utf-8"}, text.encode("utf-8"))
    result = crawl(client, store, forum.url)
    assert not result.ok
    assert result.error.startswith(f"layout not recognised: {forum.url} (engine mybb): post id 8 is on the "
                                   "page twice (posts #1 and #2")
    assert store.posts(game_id="ny") == [] and result.pages == 0



def test_a_304_to_a_request_that_compared_nothing_stops_the_crawl_with_a_reason_not_an_internal_error(
        forum, store, client):
    forum.page1 = (304, {}, b"")              # a first crawl sends no ETag and no date: nothing is "not modified"
    result = crawl(client, store, forum.url)
    assert not result.ok and isinstance(result.exception, FetchError)
    assert result.error == (
        f'{forum.url}: the forum answered "304 Not Modified" to a request that compared nothing (mafvote sent neither '
        "ETag nor Last-Modified): the page was not read; if this repeats, open the address in a browser: a cache or a "
        "proxy on the way to the forum answers in its place")
    # the GM reads it in Russian (issue 14): the key and its facts, worded by mafvote
    assert describe(result.exception) == (
        f"{forum.url}: форум ответил «304 не изменилось» на запрос, который ни с чем не сравнивал (mafvote не "
        "посылал ни `ETag`, ни `Last-Modified`): страница не прочитана; если это повторяется, откройте адрес в "
        "браузере — ответ подменяет кэш или прокси на пути к форуму")
    assert store.crawl_runs()[-1].error_phrase == ("fetch.not_modified", {"url": forum.url})
    assert (result.pages, result.requests, len(forum.requests)) == (0, 1, 1)
    assert store.posts(game_id="ny") == [] and store.crawl_runs()[-1].error == result.error
    forum.page1 = None                            # the forum answers again: the next poll reads the topic
    assert crawl(client, store, forum.url).ok and len(store.posts(game_id="ny")) == 45

# --- httpx errors: a FetchError with the URL and a hint, never a traceback ----------------------------

def test_redirect_loop_ends_the_crawl_with_a_hint_not_an_internal_error(forum, store, client):
    url = f"http://{forum.host}/loop/showthread.php?tid=2"
    result = crawl(client, store, url)
    assert not result.ok and isinstance(result.exception, FetchError)
    assert result.error == (
        f"cannot read {url}: redirect loop (more than 20 redirects, the last to "
        f"http://{forum.host}/pool/showthread.php?tid=2; a login wall or a moved topic?): open the URL in a "
        "browser and put the topic's own address in the config")
    assert result.requests == 1                        # a loop is not retried
    assert len(forum.requests) == 21
    run = store.crawl_runs()[-1]
    assert run.error == result.error and "internal error" not in run.error


def test_redirect_to_a_non_web_address_is_not_retried(forum, client):
    url = f"http://{forum.host}/ftp/showthread.php?tid=2"
    with pytest.raises(FetchError) as info:
        client.get(url)
    # another origin (issue 13): never followed, never retried, both addresses named
    assert str(info.value).startswith(
        f"{url}: the forum redirected to ftp://files.example/showthread.php, another address (ftp://files.example; "
        f"the forum's address in the config is http://{forum.host}).")
    assert describe(info.value).startswith(
        f"{url}: форум перенаправил на ftp://files.example/showthread.php, другой адрес (ftp://files.example; "
        f"адрес форума в конфиге — http://{forum.host}).")
    assert client.requests == 1 and len(forum.requests) == 1


def test_a_broken_compressed_answer_is_retried_then_reported(forum, client):
    url = f"http://{forum.host}/gzip/showthread.php?tid=2"
    with pytest.raises(FetchError) as info:
        client.get(url)
    assert str(info.value).startswith(f"cannot read {url} after 2 attempts: the forum's compressed answer "
                                      "could not be unpacked (")
    assert client.requests == 2


def test_an_invalid_url_is_reported_without_a_request(client):
    with pytest.raises(FetchError) as info:
        client.get("http://[::1/showthread.php?tid=2")
    assert str(info.value).startswith("cannot read http://[::1/showthread.php?tid=2: not a valid URL (")
    assert str(info.value).endswith("); fix the topic URL in the config")


def test_any_other_httpx_request_error_is_retried_then_reported():
    def refuse(request):
        raise httpx.RequestError("something httpx adds one day", request=request)

    with (ForumClient(min_delay=0, retries=2, sleep=lambda s: None, jitter=lambda: 0.0,
                      transport=httpx.MockTransport(refuse)) as c,
          pytest.raises(FetchError) as info):
        c.get("http://127.0.0.1:9/showthread.php?tid=2")
    assert str(info.value) == ("cannot read http://127.0.0.1:9/showthread.php?tid=2 after 3 attempts: "
                               "RequestError: something httpx adds one day")
