"""Posting the live count to the forum (issue 6 item 4), against recorded phpBB 3 (prosilver) and
MyBB 1.8 login and posting forms served by a fake forum that checks what a real one checks: the
session cookies, the hidden form tokens it served, the submit button, and its flood limit."""
from __future__ import annotations

import logging
from datetime import datetime, timedelta, timezone
from pathlib import Path
from urllib.parse import parse_qs

import httpx
import pytest
import respx

from mafvote.config import ForumConfig, LoginConfig
from mafvote.config.schema import PUBLISHING_ENGINES
from mafvote.publish import ENGINES, ForumPublisher, PublishError, PublishLog
from mafvote.store import Store

DATA = Path(__file__).parents[1] / "data" / "publish"
PASSWORD = "s3cr3t-Пароль!"
START = datetime(2026, 12, 30, 18, 0, tzinfo=timezone.utc)
COUNT_1 = "[b]Голосование, день 3[/b]\nЛайм — 2 (Ронин, Соня)\nРонин — 1 (Лайм)"
COUNT_2 = "[b]Голосование, день 3[/b]\nЛайм — 3 (Ронин, Соня, Енох)\nРонин — 1 (Лайм)"
COUNT_3 = "[b]Голосование, день 3[/b]\nЛайм — 3 (Ронин, Соня, Енох)\nРонин — 2 (Лайм, Маша)"


def page(name: str, **subst: object) -> str:
    text = (DATA / name).read_text(encoding="utf-8")
    for key, value in subst.items():
        text = text.replace("{" + key + "}", str(value))
    return text


def cookies_of(request: httpx.Request) -> dict[str, str]:
    out = {}
    for part in request.headers.get("cookie", "").split(";"):
        if "=" in part:
            k, v = part.strip().split("=", 1)
            out[k] = v
    return out


def form_of(request: httpx.Request) -> dict[str, list[str]]:
    return parse_qs(request.content.decode(), keep_blank_values=True)


def one(form: dict[str, list[str]], name: str) -> str:
    assert name in form, f"field {name!r} missing from the submitted form"
    assert len(form[name]) == 1, f"field {name!r} sent {len(form[name])} times"
    return form[name][0]


class Clock:
    def __init__(self, now: datetime):
        self.now = now

    def __call__(self) -> datetime:
        return self.now


# ---------------------------------------------------------------------------------------------
# phpBB 3


class FakePhpbb:
    base = "http://forum.test/phpbb/"
    anon_sid = "5c1e9f0a7b3d2e4f6a8b0c1d2e3f4a5b"
    user_sid = "8e2d4c6a0b1f3e5d7c9a2b4d6f8e0a1c"
    autologin_key = "k9Zq7Xw2Lr5Tn8Vb"

    def __init__(self):
        self.posts: dict[int, str] = {1207: "Голосую за Лайма"}
        self.next_id = 1212
        self.flood = False
        self.requests: list[tuple[str, str]] = []
        self.logins = 0

    def logged_in(self, request: httpx.Request) -> bool:
        c = cookies_of(request)
        return c.get("phpbb3_mafia_u") == "77" and c.get("phpbb3_mafia_sid") == self.user_sid

    def handle(self, request: httpx.Request) -> httpx.Response:
        path = request.url.path.removeprefix("/phpbb/")
        q = dict(request.url.params)
        self.requests.append((request.method, f"{path}?{request.url.query.decode()}"))
        if path == "ucp.php" and q.get("mode") == "login":
            if request.method == "GET":
                return httpx.Response(200, text=page("phpbb3_login.html"), headers=[
                    ("set-cookie", f"phpbb3_mafia_sid={self.anon_sid}; path=/; HttpOnly"),
                    ("set-cookie", "phpbb3_mafia_u=1; path=/; HttpOnly")])
            form = form_of(request)
            # What phpBB's login checks: the anonymous session and the login form key it served.
            assert cookies_of(request).get("phpbb3_mafia_sid") == self.anon_sid
            assert one(form, "sid") == self.anon_sid
            assert one(form, "form_token") == "9f3c0e7a41b6d2c58e1f7a90b3c4d5e6f7a8b9c0"
            assert one(form, "creation_time") == "1798651200"
            assert one(form, "login") == "Вход"
            # prosilver serves `redirect` twice; a browser sends both
            assert form["redirect"] == ["./ucp.php?mode=login&sid=" + self.anon_sid, "index.php"]
            if one(form, "username") != "mafvote-bot" or one(form, "password") != PASSWORD:
                return httpx.Response(200, text=page("phpbb3_login_error.html"))
            self.logins += 1
            return httpx.Response(302, headers=[
                ("location", f"./index.php?sid={self.user_sid}"),
                ("set-cookie", f"phpbb3_mafia_sid={self.user_sid}; path=/; HttpOnly"),
                ("set-cookie", "phpbb3_mafia_u=77; path=/; HttpOnly"),
                ("set-cookie", f"phpbb3_mafia_k={self.autologin_key}; path=/; HttpOnly")])
        if path == "index.php":
            return httpx.Response(200, text=page("phpbb3_index_logged_in.html"))
        if path == "posting.php":
            if not self.logged_in(request):
                return httpx.Response(200, text=page("phpbb3_login.html"))
            if q.get("mode") == "reply":
                assert q.get("t") == "7"
                if request.method == "GET":
                    return httpx.Response(200, text=page("phpbb3_posting_reply.html"))
                return self.reply(form_of(request))
            if q.get("mode") == "edit":
                post_id = int(q["p"])
                if post_id not in self.posts:
                    return httpx.Response(200, text='<div class="panel" id="message"><div class="inner">'
                                          '<h2 class="message-title">Информация</h2>'
                                          '<p>Запрошенного сообщения не существует.</p></div></div>')
                if request.method == "GET":
                    return httpx.Response(200, text=page("phpbb3_posting_edit.html", post_id=post_id))
                return self.edit(post_id, form_of(request))
        if path == "viewtopic.php":
            return httpx.Response(200, text=page("phpbb3_index_logged_in.html"))
        return httpx.Response(404, text="not found")

    def check_posting(self, form, token: str, time: str) -> None:
        assert one(form, "form_token") == token
        assert one(form, "creation_time") == time
        assert one(form, "post") == "Отправить"
        # Only the "post" button: sending preview/save would preview or save a draft instead.
        assert "preview" not in form and "save" not in form
        assert one(form, "attach_sig") == "on"          # the checked box goes back as the browser sends it
        assert "disable_bbcode" not in form              # an unchecked one does not

    def reply(self, form) -> httpx.Response:
        if self.flood:
            return httpx.Response(200, text=page("phpbb3_posting_flood.html"))
        self.check_posting(form, "c7d1e9a3b5f2048c6e8a0b2d4f6a8c0e2b4d6f81", "1798651260")
        assert one(form, "lastclick") == "1798651260"
        assert one(form, "topic_cur_post_id") == "1207"
        assert one(form, "subject") == "Re: Голосование. День 3"
        post_id = self.next_id
        self.next_id += 1
        self.posts[post_id] = one(form, "message")
        return httpx.Response(302, headers={"location": f"./viewtopic.php?p={post_id}&sid={self.user_sid}#p{post_id}"})

    def edit(self, post_id: int, form) -> httpx.Response:
        self.check_posting(form, "e4f6a8c0d2b4e6f8a0c2e4b6d8f0a2c4e6b8d0f2", "1798651860")
        assert one(form, "edit_post_message_checksum") == "5d41402abc4b2a76b9719d911017c592"
        assert one(form, "edit_post_subject_checksum") == "7d793037a0760186574b0282f2f435e7"
        assert one(form, "subject") == "Подсчёт голосов"
        assert one(form, "edit_reason") == ""
        self.posts[post_id] = one(form, "message")
        return httpx.Response(200, text=page("phpbb3_posted.html", post_id=post_id))


# ---------------------------------------------------------------------------------------------
# MyBB 1.8


class FakeMybb:
    base = "http://hyper.test/"
    sid = "a1b2c3d4e5f60718293a4b5c6d7e8f90"
    loginkey = "77_Qw8Er2Ty6Ui0Op4As8Df2Gh6Jk0Lz"

    def __init__(self):
        self.posts: dict[int, str] = {40: "Голосую за Лайма"}
        self.next_id = 46
        self.flood = False
        self.requests: list[tuple[str, str]] = []
        self.logins = 0

    def logged_in(self, request) -> bool:
        return cookies_of(request).get("mybbuser") == self.loginkey

    def handle(self, request: httpx.Request) -> httpx.Response:
        path = request.url.path.lstrip("/")
        q = dict(request.url.params)
        self.requests.append((request.method, f"{path}?{request.url.query.decode()}"))
        if path == "member.php":
            if request.method == "GET" and q.get("action") == "login":
                return httpx.Response(200, text=page("mybb18_login.html"), headers=[
                    ("set-cookie", f"sid={self.sid}; path=/; HttpOnly"),
                    ("set-cookie", "mybb[lastvisit]=1798650000; path=/")])
            form = form_of(request)
            assert cookies_of(request).get("sid") == self.sid
            assert one(form, "action") == "do_login"
            assert one(form, "my_post_key") == "b5c8d1e4f7a0b3c6d9e2f5a8b1c4d7e0"
            assert one(form, "url") == "https://hyper.example/index.php"
            assert one(form, "submit") == "Войти"
            assert one(form, "remember") == "yes"
            if one(form, "username") != "mafvote-bot" or one(form, "password") != PASSWORD:
                return httpx.Response(200, text=page("mybb18_login_error.html"))
            self.logins += 1
            return httpx.Response(200, text=page("mybb18_redirect_login.html"), headers=[
                ("set-cookie", f"mybbuser={self.loginkey}; path=/; HttpOnly")])
        if path in ("newreply.php", "editpost.php") and not self.logged_in(request):
            return httpx.Response(200, text=page("mybb18_login.html"))
        if path == "newreply.php":
            assert q.get("tid") == "2"
            if request.method == "GET":
                return httpx.Response(200, text=page("mybb18_newreply.html"))
            assert q.get("processed") == "1"
            return self.reply(form_of(request))
        if path == "editpost.php":
            post_id = int(q["pid"])
            if request.method == "GET":
                return httpx.Response(200, text=page("mybb18_editpost.html", post_id=post_id))
            assert q.get("processed") == "1"
            return self.edit(post_id, form_of(request))
        if path == "showthread.php":
            return httpx.Response(200, text=page("mybb18_redirect_login.html"))
        return httpx.Response(404, text="not found")

    def reply(self, form) -> httpx.Response:
        if self.flood:
            return httpx.Response(200, text=page("mybb18_newreply_flood.html"))
        assert one(form, "my_post_key") == "4e7a1d0c3f6b9e2a5d8c1f4b7e0a3d6c"
        assert one(form, "posthash") == "8c3f1a6e9b2d5c0f7a4e1b8d3c6f9a2e"
        assert one(form, "action") == "do_newreply"
        assert one(form, "tid") == "2"
        assert one(form, "subject") == "RE: Голосование. День 3"
        assert one(form, "submit") == "Отправить ответ"
        assert "previewpost" not in form and "savedraft" not in form
        assert one(form, "postoptions[signature]") == "1"
        post_id = self.next_id
        self.next_id += 1
        self.posts[post_id] = one(form, "message")
        return httpx.Response(302, headers={"location": f"showthread.php?tid=2&pid={post_id}#pid{post_id}"})

    def edit(self, post_id: int, form) -> httpx.Response:
        assert one(form, "my_post_key") == "4e7a1d0c3f6b9e2a5d8c1f4b7e0a3d6c"
        assert one(form, "posthash") == "6d9c2f5a8e1b4d7c0a3f6e9b2d5a8c1f"
        assert one(form, "action") == "do_editpost"
        assert one(form, "pid") == str(post_id)
        assert one(form, "submit") == "Сохранить изменения"
        assert one(form, "subject") == "Подсчёт голосов"
        self.posts[post_id] = one(form, "message")
        return httpx.Response(200, text=page("mybb18_redirect_posted.html", post_id=post_id))


# ---------------------------------------------------------------------------------------------
# harness


@pytest.fixture(params=["phpbb", "mybb"])
def forum(request):
    fake = FakePhpbb() if request.param == "phpbb" else FakeMybb()
    host = httpx.URL(fake.base).host
    with respx.mock(assert_all_called=False) as router:
        router.route(host=host).mock(side_effect=fake.handle)
        yield request.param, fake


THREADS = {"phpbb": "http://forum.test/phpbb/viewtopic.php?f=2&t=7",
           "mybb": "http://hyper.test/showthread.php?tid=2"}
FIRST_ID = {"phpbb": 1212, "mybb": 46}


def make(engine: str, fake, store_path: Path, clock: Clock, sleeps: list[float] | None = None,
         password: str = PASSWORD) -> ForumPublisher:
    forum = ForumConfig(id="club", engine=engine, base_url=fake.base, timezone="Europe/Moscow",
                        login=LoginConfig(user="mafvote-bot", password_env="MAFVOTE_CLUB_PASSWORD"))
    sleeps = sleeps if sleeps is not None else []
    return ForumPublisher(Store(store_path), game="ny", forum=forum, vote_thread=THREADS[engine],
                          interval=timedelta(minutes=10), client=httpx.Client(), clock=clock,
                          sleep=sleeps.append, password=lambda: password)


def test_first_count_logs_in_and_replies_with_the_served_tokens(forum, tmp_path):
    engine, fake = forum
    sleeps: list[float] = []
    pub = make(engine, fake, tmp_path / "m.db", Clock(START), sleeps)
    result = pub.publish(COUNT_1, view="public")
    assert (result.status, result.post_id) == ("posted", FIRST_ID[engine])
    assert fake.posts[FIRST_ID[engine]] == COUNT_1
    assert fake.logins == 1
    # phpBB's check_form_key refuses a form sent back within the second it was made
    assert sleeps == [2.0, 2.0]
    state = PublishLog(Store(tmp_path / "m.db")).state("ny")
    assert (state.post_id, state.updated_at, state.last_error) == (FIRST_ID[engine], START, None)


def test_the_running_post_is_edited_not_reposted_and_never_within_the_interval(forum, tmp_path):
    engine, fake = forum
    clock = Clock(START)
    pub = make(engine, fake, tmp_path / "m.db", clock)
    assert pub.publish(COUNT_1, view="public").status == "posted"
    before = len(fake.requests)

    clock.now = START + timedelta(minutes=9, seconds=59)
    result = pub.publish(COUNT_2, view="public")
    assert result.status == "too_soon"
    assert len(fake.requests) == before  # not one request inside the interval

    clock.now = START + timedelta(minutes=10)
    result = pub.publish(COUNT_2, view="public")
    assert (result.status, result.post_id) == ("edited", FIRST_ID[engine])
    assert fake.posts[FIRST_ID[engine]] == COUNT_2
    assert fake.next_id == FIRST_ID[engine] + 1  # no second count post

    clock.now = START + timedelta(hours=1)
    before = len(fake.requests)
    assert pub.publish(COUNT_2, view="public").status == "unchanged"
    assert len(fake.requests) == before


def test_restart_edits_the_same_post_after_logging_in_again(forum, tmp_path):
    engine, fake = forum
    clock = Clock(START)
    assert make(engine, fake, tmp_path / "m.db", clock).publish(COUNT_1, view="public").status == "posted"
    # a new process: new objects over the same store file, a fresh HTTP client without cookies
    clock.now = START + timedelta(minutes=5)
    restarted = make(engine, fake, tmp_path / "m.db", clock)
    assert restarted.publish(COUNT_2, view="public").status == "too_soon"  # the interval survives too
    clock.now = START + timedelta(minutes=11)
    result = restarted.publish(COUNT_2, view="public")
    assert (result.status, result.post_id) == ("edited", FIRST_ID[engine])
    assert fake.logins == 2
    assert fake.posts[FIRST_ID[engine]] == COUNT_2
    assert fake.next_id == FIRST_ID[engine] + 1


def test_an_expired_session_logs_in_again_once_and_edits(forum, tmp_path):
    engine, fake = forum
    clock = Clock(START)
    pub = make(engine, fake, tmp_path / "m.db", clock)
    assert pub.publish(COUNT_1, view="public").status == "posted"
    # the forum forgets the bot's session (cookie expired, admin cleared sessions)
    if engine == "phpbb":
        fake.user_sid = "f" * 32
    else:
        fake.loginkey = "77_Zx1Cv5Bn9Mm3Qa7Ws1Ed5Rf9Tg3Yh"
    clock.now = START + timedelta(minutes=10)
    result = pub.publish(COUNT_2, view="public")
    assert (result.status, result.post_id) == ("edited", FIRST_ID[engine])
    assert fake.logins == 2
    assert fake.posts[FIRST_ID[engine]] == COUNT_2


def test_flood_limit_waits_and_then_posts(forum, tmp_path):
    engine, fake = forum
    clock = Clock(START)
    pub = make(engine, fake, tmp_path / "m.db", clock)
    fake.flood = True
    result = pub.publish(COUNT_1, view="public")
    assert result.status == "flood"
    assert "flood limit" in result.message
    state = PublishLog(Store(tmp_path / "m.db")).state("ny")
    # MyBB says how long (30 s); phpBB does not, so the publish interval is waited
    wait = timedelta(seconds=30) if engine == "mybb" else timedelta(minutes=10)
    assert state.not_before == START + wait
    assert state.post_id is None
    fake.flood = False
    clock.now = START + wait - timedelta(seconds=1)
    assert pub.publish(COUNT_1, view="public").status == "too_soon"
    clock.now = START + wait
    result = pub.publish(COUNT_1, view="public")
    assert (result.status, result.post_id) == ("posted", FIRST_ID[engine])
    assert PublishLog(Store(tmp_path / "m.db")).state("ny").last_error is None


def test_a_moderator_deleted_count_post_is_replaced_by_a_new_one(tmp_path):
    fake = FakePhpbb()
    clock = Clock(START)
    with respx.mock(assert_all_called=False) as router:
        router.route(host="forum.test").mock(side_effect=fake.handle)
        pub = make("phpbb", fake, tmp_path / "m.db", clock)
        assert pub.publish(COUNT_1, view="public").post_id == 1212
        del fake.posts[1212]
        clock.now = START + timedelta(minutes=10)
        result = pub.publish(COUNT_2, view="public")
    assert (result.status, result.post_id) == ("posted", 1213)
    assert fake.posts[1213] == COUNT_2


def test_each_day_gets_its_own_running_post(forum, tmp_path):
    engine, fake = forum
    clock = Clock(START)
    pub = make(engine, fake, tmp_path / "m.db", clock)
    first = FIRST_ID[engine]
    assert pub.publish(COUNT_1, view="public", day=3).post_id == first
    clock.now = START + timedelta(minutes=10)
    assert (pub.publish(COUNT_2, view="public", day=3).status, fake.next_id) == ("edited", first + 1)
    day4 = "[b]Голосование, день 4[/b]\nЛайм — 1 (Ронин)"
    clock.now = START + timedelta(hours=24)
    result = pub.publish(day4, view="public", day=4)
    assert (result.status, result.post_id) == ("posted", first + 1)
    assert fake.posts[first] == COUNT_2 and fake.posts[first + 1] == day4
    clock.now = START + timedelta(hours=25)
    restarted = make(engine, fake, tmp_path / "m.db", clock)
    assert restarted.publish(day4 + "\nРонин — 1 (Лайм)", view="public", day=4).post_id == first + 1
    assert fake.posts[first] == COUNT_2  # day 3's count stays as it was at its close


def test_gm_view_is_refused_before_any_request(forum, tmp_path):
    engine, fake = forum
    pub = make(engine, fake, tmp_path / "m.db", Clock(START))
    with pytest.raises(PublishError, match="only the public view may be published"):
        pub.publish(COUNT_1, view="gm")
    assert fake.requests == []


def test_wrong_password_fails_with_the_forums_reason_and_never_shows_the_password(forum, tmp_path, caplog):
    engine, fake = forum
    caplog.set_level(logging.DEBUG)
    pub = make(engine, fake, tmp_path / "m.db", Clock(START), password="wrong-" + PASSWORD)
    result = pub.publish(COUNT_1, view="public")
    assert result.status == "failed"
    reason = "Вы ввели неверный пароль" if engine == "phpbb" else "неверную комбинацию имени пользователя и пароля"
    assert "login as mafvote-bot refused" in result.message and reason in result.message
    assert fake.posts.get(FIRST_ID[engine]) is None
    assert PASSWORD not in caplog.text and PASSWORD not in result.message
    assert PublishLog(Store(tmp_path / "m.db")).state("ny").last_error == result.message


def test_password_and_session_cookies_never_reach_the_log(forum, tmp_path, caplog):
    engine, fake = forum
    caplog.set_level(logging.DEBUG)
    clock = Clock(START)
    pub = make(engine, fake, tmp_path / "m.db", clock)
    pub.publish(COUNT_1, view="public")
    clock.now = START + timedelta(minutes=10)
    pub.publish(COUNT_3, view="public")
    assert "posted the count" in caplog.text and "edited the count" in caplog.text
    secrets = [PASSWORD, getattr(fake, "autologin_key", None), getattr(fake, "loginkey", None)]
    for secret in filter(None, secrets):
        assert secret not in caplog.text


def test_unsupported_engine_or_missing_login_is_refused_with_advice(tmp_path):
    forum = ForumConfig(id="old", engine="ucoz", base_url="http://old.test/", timezone="Europe/Moscow",
                        login=LoginConfig(user="bot", password_env="X_PASSWORD"))
    with pytest.raises(PublishError) as refused:
        ForumPublisher(Store(tmp_path / "m.db"), game="ny", forum=forum, vote_thread="http://old.test/t",
                       interval=timedelta(minutes=10))
    assert str(refused.value) == ("mafvote публикует подсчёт только на форумах с движками: phpbb, mybb; форум «old» "
                                  "(игра «ny») — на движке ucoz")
    forum = ForumConfig(id="club", engine="phpbb", base_url="http://forum.test/", timezone="Europe/Moscow")
    with pytest.raises(PublishError) as refused:
        ForumPublisher(Store(tmp_path / "m.db"), game="ny", forum=forum, vote_thread="http://forum.test/t",
                       interval=timedelta(minutes=10))
    assert str(refused.value) == (
        "чтобы публиковать подсчёт, нужен вход на форум, а у форума «club» (игра «ny») его нет; добавьте `login = { "
        "user = \"...\", password_env = \"...\" }` в таблицу `[[forums]]` форума «club» или напишите `forum = false` в "
        "`[publish]`")


def test_the_engines_check_accepts_for_publishing_are_the_ones_the_publisher_posts_through():
    assert set(PUBLISHING_ENGINES) == set(ENGINES)
