"""The polite fetcher, with a fake clock (nothing sleeps for real): retries, backoff, Retry-After,
min_delay, conditional requests, give-up."""
from __future__ import annotations

from datetime import datetime, timezone

import httpx
import pytest
import respx

from mafvote_scraper.fetch import ForumClient
from mafvote_scraper.model import FetchError

URL = "http://forum.test/showthread.php?tid=2"


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(round(seconds, 6))
        self.now += seconds


def client(clock: FakeClock, **kw) -> ForumClient:
    kw.setdefault("min_delay", 0.0)
    return ForumClient(clock=clock, sleep=clock.sleep, jitter=lambda: 0.5, **kw)


@respx.mock
def test_503_then_success_retries_after_backoff():
    route = respx.get(URL).mock(side_effect=[httpx.Response(503), httpx.Response(200, text="ok")])
    clock = FakeClock()
    with client(clock, backoff=2.0) as c:
        result = c.get(URL)
        assert result.content == b"ok" and result.attempts == 2
        assert c.requests == 2 and c.bytes == len(b"ok")
    assert route.call_count == 2
    # backoff 2 s * 2**0, equal jitter with rand 0.5 -> 1 + 0.5 = 1.5 s
    assert clock.sleeps == [1.5]


@respx.mock
def test_timeout_then_success():
    respx.get(URL).mock(side_effect=[httpx.ReadTimeout("slow"), httpx.ConnectError("refused"),
                                     httpx.Response(200, text="ok")])
    clock = FakeClock()
    with client(clock, backoff=1.0) as c:
        assert c.get(URL).content == b"ok"
        assert c.requests == 3
    # exponential: 1 s then 2 s steps, each 3/4 of the step with rand 0.5
    assert clock.sleeps == [0.75, 1.5]


@respx.mock
def test_429_with_retry_after_seconds_is_honoured():
    respx.get(URL).mock(side_effect=[httpx.Response(429, headers={"Retry-After": "7"}),
                                     httpx.Response(200, text="ok")])
    clock = FakeClock()
    with client(clock) as c:
        assert c.get(URL).content == b"ok"
    assert clock.sleeps == [7.0]


@respx.mock
def test_429_with_retry_after_http_date_uses_the_servers_clock():
    respx.get(URL).mock(side_effect=[
        httpx.Response(429, headers={"Retry-After": "Fri, 01 Jan 2027 15:40:30 GMT",
                                     "Date": "Fri, 01 Jan 2027 15:40:18 GMT"}),
        httpx.Response(200, text="ok")])
    clock = FakeClock()
    with client(clock) as c:
        assert c.get(URL).content == b"ok"
    assert clock.sleeps == [12.0]


@respx.mock
def test_retry_after_longer_than_allowed_gives_up_at_once():
    route = respx.get(URL).mock(return_value=httpx.Response(503, headers={"Retry-After": "3600"}))
    clock = FakeClock()
    with client(clock, max_retry_after=300) as c, pytest.raises(FetchError, match="asks to wait 3600 s"):
        c.get(URL)
    assert route.call_count == 1 and clock.sleeps == []


@respx.mock
def test_give_up_names_url_and_last_failure():
    route = respx.get(URL).mock(return_value=httpx.Response(502))
    clock = FakeClock()
    with client(clock, retries=3, backoff=1.0) as c:
        with pytest.raises(FetchError) as info:
            c.get(URL)
        assert c.requests == 4
    assert str(info.value) == f"cannot read {URL} after 4 attempts: HTTP 502 Bad Gateway"
    assert route.call_count == 4
    assert clock.sleeps == [0.75, 1.5, 3.0]


@respx.mock
def test_backoff_is_capped():
    respx.get(URL).mock(side_effect=[httpx.ReadTimeout("x")] * 4 + [httpx.Response(200)])
    clock = FakeClock()
    with client(clock, retries=4, backoff=10.0, max_backoff=25.0) as c:
        c.get(URL)
    assert clock.sleeps == [7.5, 15.0, 18.75, 18.75]


@respx.mock
def test_404_is_not_retried():
    route = respx.get(URL).mock(return_value=httpx.Response(404))
    clock = FakeClock()
    with client(clock) as c, pytest.raises(FetchError, match="HTTP 404 Not Found; check the topic URL"):
        c.get(URL)
    assert route.call_count == 1


@respx.mock
def test_min_delay_between_requests():
    respx.get(URL).mock(return_value=httpx.Response(200, text="x"))
    clock = FakeClock()
    with client(clock, min_delay=1.5) as c:
        c.get(URL)                     # first request: no wait
        clock.now += 0.5               # the caller spent 0.5 s parsing
        c.get(URL)
        clock.now += 3.0               # longer than min_delay: no wait
        c.get(URL)
    assert clock.sleeps == [1.0]


@respx.mock
def test_min_delay_also_spaces_retries():
    respx.get(URL).mock(side_effect=[httpx.Response(503), httpx.Response(200)])
    clock = FakeClock()
    with client(clock, min_delay=5.0, backoff=1.0) as c:
        c.get(URL)
    # backoff 0.75 s, then the rest of the 5 s gap
    assert clock.sleeps == [0.75, 4.25]


@respx.mock
def test_conditional_get_reports_not_modified():
    route = respx.get(URL).mock(side_effect=[
        httpx.Response(200, text="page", headers={"ETag": '"abc"', "Last-Modified": "Fri, 01 Jan 2027 15:40:18 GMT",
                                                   "Content-Type": "text/html; charset=windows-1251"}),
        httpx.Response(304)])
    with client(FakeClock()) as c:
        first = c.get(URL)
        assert (first.etag, first.encoding, first.not_modified) == ('"abc"', "windows-1251", False)
        second = c.get(URL, etag=first.etag, last_modified=first.last_modified)
        assert second.not_modified and second.content == b"" and second.etag == '"abc"'
    sent = route.calls[1].request.headers
    assert sent["If-None-Match"] == '"abc"'
    assert sent["If-Modified-Since"] == "Fri, 01 Jan 2027 15:40:18 GMT"
    assert "mafvote" in sent["User-Agent"]


@respx.mock
def test_each_poll_asks_for_the_page_it_names_though_addresses_are_parsed_once():
    # the client keeps each address parsed (issue 17, the tick's poll): pages asked in turn, again and again, and
    # more of them than it keeps, each go to their own address with their own query
    pages = [f"http://forum.test/showthread.php?tid=2&page={n}" for n in range(1, 301)]
    route = respx.get(url__startswith="http://forum.test/showthread.php").mock(
        side_effect=lambda request: httpx.Response(200, text=str(request.url)))
    with client(FakeClock()) as c:
        asked = [*pages, pages[0], pages[-1], pages[0]]
        assert [c.get(url).content.decode() for url in asked] == asked
    assert [str(call.request.url) for call in route.calls] == asked


def test_polls_answered_304_keep_one_connection_to_the_forum():
    # a 304 read to its end hands the connection back: closed unread, every poll of an unchanged topic cost the
    # forum (and the daemon's tick) a new TCP connection
    from mafvote.forumsim import ForumSim

    with ForumSim() as forum:
        forum.add_topic(2, "Голосование")
        forum.add_post(2, "Ronin", "Соня")
        with ForumClient(min_delay=0) as c:
            first = c.get(forum.url_of(2))
            polls = [c.get(forum.url_of(2), etag=first.etag, last_modified=first.last_modified) for _ in range(3)]
            assert [p.not_modified for p in polls] == [True, True, True]
            again = c.get(forum.url_of(2))
        assert again.status == 200 and b"post_1" in again.content
    assert [status for _, status in forum.log] == [200, 304, 304, 304, 200]
    assert forum.connections == 1


def test_real_timeout_against_local_forum_then_success():
    from mafvote.forumsim import ForumSim

    with ForumSim() as forum:
        forum.add_topic(2, "Голосование")
        forum.add_post(2, "Ronin", "Соня")
        forum.delay_next(1, seconds=3.0)
        clock = FakeClock()
        with ForumClient(timeout=0.5, min_delay=0, clock=clock, sleep=clock.sleep,
                         jitter=lambda: 0.0) as c:
            result = c.get(forum.url_of(2))
        assert result.status == 200 and b"post_1" in result.content
        # the first request timed out and was retried after one backoff; on a loaded machine a retry may time
        # out too (a real timeout against a real clock), so only "at least one retry, one backoff each" is exact
        assert c.requests >= 2 and len(clock.sleeps) == c.requests - 1
    assert [status for _, status in forum.log] == [200] * c.requests


def test_wallclock_used_when_server_sends_no_date():
    respx_mock = respx.mock(assert_all_called=True)
    with respx_mock:
        respx_mock.get(URL).mock(side_effect=[
            httpx.Response(503, headers={"Retry-After": "Fri, 01 Jan 2027 15:41:00 GMT"}),
            httpx.Response(200)])
        clock = FakeClock()
        c = ForumClient(min_delay=0, clock=clock, sleep=clock.sleep, jitter=lambda: 0.5,
                        wallclock=lambda: datetime(2027, 1, 1, 15, 40, 15, tzinfo=timezone.utc))
        c.get(URL)
        c.close()
    assert clock.sleeps == [45.0]


@respx.mock
def test_a_cookie_the_forum_sets_goes_back_with_the_next_polls():
    # a guest's session cookie (MyBB's `sid`) is sent back as a browser would, also after answers that set none
    route = respx.get(URL).mock(side_effect=[
        httpx.Response(200, text="page", headers={"Set-Cookie": "sid=abc123; path=/", "ETag": '"1"'}),
        httpx.Response(304),
        httpx.Response(200, text="page", headers={"Set-Cookie": "sid=def456; path=/"}),
        httpx.Response(304)])
    with client(FakeClock()) as c:
        first = c.get(URL)
        for _ in range(3):
            c.get(URL, etag=first.etag)
    assert [call.request.headers.get("Cookie") for call in route.calls] == [
        None, "sid=abc123", "sid=abc123", "sid=def456"]


@respx.mock
def test_an_answer_that_sets_no_cookie_is_not_read_for_cookies(monkeypatch):
    # the standard library's jar reads only Set-Cookie(2) from an answer; httpx built a urllib request and an email
    # message of every answer's headers for it (issue 17: 11 % of an unchanged poll)
    built = []
    real = httpx.Cookies._CookieCompatResponse
    monkeypatch.setattr(httpx.Cookies, "_CookieCompatResponse",
                        staticmethod(lambda response: built.append(response.status_code) or real(response)))
    respx.get(URL).mock(side_effect=[
        httpx.Response(200, text="page", headers={"ETag": '"1"'}), httpx.Response(304),
        httpx.Response(200, text="page", headers={"Set-Cookie": "sid=abc123; path=/"})])
    with client(FakeClock()) as c:
        c.get(URL)
        c.get(URL, etag='"1"')
        c.get(URL)
    assert built == [200]
