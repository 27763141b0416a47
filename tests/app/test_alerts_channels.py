"""Alert channels and the alert log (issue 6 item 3): Telegram and the webhook against the real API
shapes (respx), e-mail to a real SMTP server started here on 127.0.0.1 (aiosmtpd, plain and STARTTLS
with login), retries with backoff, a failing channel that stops nothing, "each alert once" across a
restart, and secrets that never reach a log line."""
from __future__ import annotations

import email
import email.policy
import json
import logging
import socket
import ssl
from datetime import datetime, timedelta, timezone
from pathlib import Path

import httpx
import pytest
import respx
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

from mafvote.alerts import (
    Alert, AlertLog, AlertSender, ChannelError, EmailChannel, TelegramChannel, WebhookChannel,
    channels_from_config,
)
from mafvote.config import AlertsConfig, EmailConfig, TelegramConfig, WebhookConfig
from mafvote.store import Store

DATA = Path(__file__).parents[1] / "data" / "alerts"
TOKEN = "7012345678:AAFq3xZ-secretTokenValue_0123456789ab"
TG_URL = f"https://api.telegram.org/bot{TOKEN}/sendMessage"
HOOK = "https://hooks.example.org/mafvote"
SMTP_PASSWORD = "smtp-Пароль-42"
T0 = datetime(2026, 12, 30, 18, 0, tzinfo=timezone.utc)


def alert(key="deadline_soon:day3:60m", kind="deadline_soon", text=None, post_url="https://f.example/t?tid=2"):
    return Alert(game="ny", kind=kind, text=text or "Day 3 closes in 60 min\nNot voted (1): Петя",
                 time=T0, phase="day3", post_url=post_url, key=key)


class Clock:
    def __init__(self, now=T0):
        self.now = now

    def __call__(self):
        return self.now


def tg_ok(request):
    body = json.loads(request.content)
    return httpx.Response(200, json={"ok": True, "result": {
        "message_id": 991, "chat": {"id": int(body["chat_id"]), "type": "private"},
        "date": 1798653600, "text": body["text"]}})


def tg_429(retry_after):
    return httpx.Response(429, json={"ok": False, "error_code": 429,
                                     "description": f"Too Many Requests: retry after {retry_after}",
                                     "parameters": {"retry_after": retry_after}})


def sender_for(path, channels, clock=None, sleeps=None):
    sleeps = sleeps if sleeps is not None else []
    return AlertSender(AlertLog(Store(path)), channels, clock=clock or Clock(), sleep=sleeps.append)


# ---------------------------------------------------------------------------------------------
# Telegram


@respx.mock
def test_telegram_sends_the_bot_api_request_shape(tmp_path):
    route = respx.post(TG_URL).mock(side_effect=tg_ok)
    with httpx.Client() as client:
        sender = sender_for(tmp_path / "m.db", {"telegram": TelegramChannel(TOKEN, "123456", client=client)})
        report = sender.send([alert()])
    assert report.sent == [("ny", "deadline_soon:day3:60m", "telegram")]
    assert json.loads(route.calls.last.request.content) == {
        "chat_id": "123456",
        "text": "Day 3 closes in 60 min\nNot voted (1): Петя\nhttps://f.example/t?tid=2",
        "disable_web_page_preview": True}


@respx.mock
def test_a_long_deadline_alert_goes_to_telegram_in_pieces_under_the_limit(tmp_path):
    route = respx.post(TG_URL).mock(side_effect=tg_ok)
    post = "\n".join(f"{n}. Игрок {n} — голосов: {n % 5}" for n in range(1, 400))
    with httpx.Client() as client:
        TelegramChannel(TOKEN, "123456", client=client).send(alert("deadline:day3", "deadline", post, None))
    texts = [json.loads(c.request.content)["text"] for c in route.calls]
    assert len(texts) == 3
    assert all(len(t) <= 4096 for t in texts)
    assert "".join(texts) == post
    assert all(t.endswith("\n") for t in texts[:-1])  # cut between lines, never inside one


@respx.mock
def test_telegram_429_waits_the_retry_after_it_was_given(tmp_path):
    route = respx.post(TG_URL).mock(side_effect=[tg_429(7), tg_ok])
    sleeps: list[float] = []
    with httpx.Client() as client:
        sender = sender_for(tmp_path / "m.db", {"telegram": TelegramChannel(TOKEN, "123456", client=client)},
                            sleeps=sleeps)
        report = sender.send([alert()])
    assert route.call_count == 2
    assert sleeps == [7.0]
    assert report.sent and not report.failed


@respx.mock
def test_a_500_then_success_is_retried_with_backoff(tmp_path):
    route = respx.post(TG_URL).mock(side_effect=[httpx.Response(500, json={"ok": False, "error_code": 500,
                                                                        "description": "Internal Server Error"}),
                                                 tg_ok])
    sleeps: list[float] = []
    with httpx.Client() as client:
        sender = sender_for(tmp_path / "m.db", {"telegram": TelegramChannel(TOKEN, "123456", client=client)},
                            sleeps=sleeps)
        report = sender.send([alert()])
    assert route.call_count == 2 and sleeps == [2.0]
    [delivery] = AlertLog(Store(tmp_path / "m.db")).deliveries(channel="telegram")
    assert (delivery.sent_at, delivery.attempts, delivery.pending) == (T0, 2, False)
    assert report.sent == [("ny", "deadline_soon:day3:60m", "telegram")]


@respx.mock
def test_a_channel_down_for_good_stays_pending_and_is_retried_on_a_later_call(tmp_path):
    route = respx.post(TG_URL).mock(return_value=httpx.Response(502, text="Bad Gateway"))
    sleeps: list[float] = []
    clock = Clock()
    with httpx.Client() as client:
        sender = sender_for(tmp_path / "m.db", {"telegram": TelegramChannel(TOKEN, "123456", client=client)},
                            clock=clock, sleeps=sleeps)
        report = sender.send([alert(), alert("deadline_soon:day3:15m")])
        # 3 tries of the first alert, then the channel is skipped for this call: not 3 per alert
        assert route.call_count == 3 and sleeps == [2.0, 4.0]
        assert [f[1] for f in report.failed] == ["deadline_soon:day3:60m"]
        assert "HTTP 502" in report.failed[0][3]
        pending = AlertLog(Store(tmp_path / "m.db")).pending()
        assert [(d.alert.key, d.channel, d.attempts) for d in pending] == [
            ("deadline_soon:day3:60m", "telegram", 3), ("deadline_soon:day3:15m", "telegram", 0)]
        clock.now = T0 + timedelta(seconds=5)
        sender.flush()
        assert route.call_count == 3  # its next try time has not come
        route.mock(side_effect=tg_ok)
        clock.now = T0 + timedelta(minutes=1)
        report = sender.flush()
    assert [s[1] for s in report.sent] == ["deadline_soon:day3:60m", "deadline_soon:day3:15m"]
    assert AlertLog(Store(tmp_path / "m.db")).pending() == []


@respx.mock
def test_bad_token_is_not_hammered_and_the_error_says_what_to_fix(tmp_path):
    route = respx.post(TG_URL).mock(return_value=httpx.Response(
        401, json={"ok": False, "error_code": 401, "description": "Unauthorized"}))
    with httpx.Client() as client:
        sender = sender_for(tmp_path / "m.db", {"telegram": TelegramChannel(TOKEN, "123456", client=client)})
        report = sender.send([alert()])
    assert route.call_count == 1
    [(_, _, _, error)] = report.failed
    assert error == ("alert channel telegram: Unauthorized (check the bot token in the variable "
                     "[alerts.telegram].token_env names)")


@respx.mock
def test_the_bot_token_never_reaches_a_log_line_the_store_or_an_error(tmp_path, caplog):
    caplog.set_level(logging.DEBUG)
    # httpx's own level too: `mafvote run` (mafvote.logs) quiets it for the process, and a daemon test run
    # earlier in the same process leaves it so; caplog puts it back after this test
    caplog.set_level(logging.DEBUG, logger="httpx")
    respx.post(TG_URL).mock(side_effect=httpx.ConnectError(f"cannot connect to {TG_URL}"))
    with httpx.Client() as client:
        channel = TelegramChannel(TOKEN, "123456", client=client)
        with pytest.raises(ChannelError) as caught:
            channel.send(alert())
        assert TOKEN not in str(caught.value)
        assert "/bot***/sendMessage" in str(caught.value)
        sender = sender_for(tmp_path / "m.db", {"telegram": channel})
        sender.send([alert()])
        respx.post(TG_URL).mock(side_effect=tg_ok)
        client.post(TG_URL, json={"chat_id": "1", "text": "x"})  # httpx logs the request URL at INFO
    assert "HTTP Request: POST https://api.telegram.org/bot***/sendMessage" in caplog.text
    assert TOKEN not in caplog.text and TOKEN.split(":")[1] not in caplog.text
    db_text = (tmp_path / "m.db").read_bytes() + (tmp_path / "m.db-wal").read_bytes()
    assert TOKEN.encode() not in db_text
    [delivery] = AlertLog(Store(tmp_path / "m.db")).deliveries(channel="telegram")
    assert "/bot***/" in delivery.last_error


# ---------------------------------------------------------------------------------------------
# Webhook


@respx.mock
def test_webhook_posts_exactly_the_interface_payload(tmp_path):
    route = respx.post(HOOK).mock(return_value=httpx.Response(204))
    flag = alert("vote_flag:post5012:ambiguous_name", "vote_flag",
                 'Day 3, ambiguous_name: Маша: "Ро" matches Ронин and Роза', "https://f.example/p?pid=5012")
    with httpx.Client() as client:
        sender_for(tmp_path / "m.db", {"webhook": WebhookChannel(HOOK, client=client)}).send([flag])
    assert json.loads(route.calls.last.request.content) == {
        "game": "ny", "kind": "vote_flag", "text": 'Day 3, ambiguous_name: Маша: "Ро" matches Ронин and Роза',
        "time": "2026-12-30T18:00:00+00:00", "phase": "day3", "post_url": "https://f.example/p?pid=5012"}
    assert route.calls.last.request.headers["content-type"] == "application/json"


def test_an_alert_kind_outside_the_interface_is_refused():
    with pytest.raises(ValueError, match="alert kind 'early_close_majority' is not one of"):
        alert(kind="early_close_majority")


# ---------------------------------------------------------------------------------------------
# E-mail


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Inbox:
    def __init__(self):
        self.envelopes = []

    async def handle_DATA(self, server, session, envelope):
        self.envelopes.append(envelope)
        return "250 Message accepted for delivery"


class Auth:
    def __init__(self):
        self.seen = []

    def __call__(self, server, session, envelope, mechanism, auth_data):
        assert isinstance(auth_data, LoginPassword)
        self.seen.append((mechanism, auth_data.login.decode(), auth_data.password.decode()))
        return AuthResult(success=auth_data.password.decode() == SMTP_PASSWORD, handled=False)


@pytest.fixture
def smtp_plain():
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    yield controller.port, inbox
    controller.stop()


@pytest.fixture
def smtp_starttls():
    inbox, auth = Inbox(), Auth()
    server_tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    server_tls.load_cert_chain(DATA / "smtp-test-cert.pem", DATA / "smtp-test-key.pem")
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port(), tls_context=server_tls,
                            require_starttls=True, authenticator=auth, auth_require_tls=True)
    controller.start()
    yield controller.port, inbox, auth
    controller.stop()


def client_tls() -> ssl.SSLContext:
    return ssl.create_default_context(cafile=str(DATA / "smtp-test-cert.pem"))


def parsed(envelope):
    return email.message_from_bytes(envelope.content, policy=email.policy.default)


def test_email_is_delivered_to_a_real_smtp_server_with_utf8_subject_and_body(smtp_plain, tmp_path):
    port, inbox = smtp_plain
    channel = EmailChannel(host="127.0.0.1", port=port, starttls=False, sender="mafvote@example.org",
                           to=["gm@example.org", "cogm@example.org"], language="en")
    report = sender_for(tmp_path / "m.db", {"email": channel}).send([alert()])
    assert report.sent == [("ny", "deadline_soon:day3:60m", "email")]
    [envelope] = inbox.envelopes
    assert envelope.mail_from == "mafvote@example.org"
    assert envelope.rcpt_tos == ["gm@example.org", "cogm@example.org"]
    message = parsed(envelope)
    assert message["Subject"] == "[mafvote ny] day3: Day 3 closes in 60 min"
    assert message.get_content().replace("\r\n", "\n") == "Day 3 closes in 60 min\nNot voted (1): Петя\nhttps://f.example/t?tid=2\n"
    assert message.get_content_charset() == "utf-8"


def test_email_over_starttls_with_login(smtp_starttls, tmp_path, caplog):
    caplog.set_level(logging.DEBUG)
    port, inbox, auth = smtp_starttls
    channel = EmailChannel(host="127.0.0.1", port=port, starttls=True, user="gm@example.org",
                           password=SMTP_PASSWORD, sender="gm@example.org", to=["gm@example.org"],
                           ssl_context=client_tls(), language="en")
    subject_alert = alert(text="Ведущий, день 3 закрывается через час")
    report = sender_for(tmp_path / "m.db", {"email": channel}).send([subject_alert])
    assert report.sent and not report.failed
    assert [(login, password) for _, login, password in auth.seen] == [("gm@example.org", SMTP_PASSWORD)]
    [envelope] = inbox.envelopes
    assert parsed(envelope)["Subject"] == "[mafvote ny] day3: Ведущий, день 3 закрывается через час"
    assert SMTP_PASSWORD not in caplog.text


def test_email_login_refused_names_the_fix_and_never_the_password(smtp_starttls, tmp_path, caplog):
    caplog.set_level(logging.DEBUG)
    port, inbox, _ = smtp_starttls
    wrong = "wrong-" + SMTP_PASSWORD
    channel = EmailChannel(host="127.0.0.1", port=port, starttls=True, user="gm@example.org", password=wrong,
                           sender="gm@example.org", to=["gm@example.org"], ssl_context=client_tls())
    report = sender_for(tmp_path / "m.db", {"email": channel}).send([alert()])
    [(_, _, _, error)] = report.failed
    assert error.startswith("alert channel email: 127.0.0.1 refused the login of gm@example.org (535)")
    assert "password_env" in error
    assert wrong not in caplog.text and wrong not in error
    assert inbox.envelopes == []


def test_email_over_implicit_ssl(tmp_path):
    inbox, auth = Inbox(), Auth()
    server_tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    server_tls.load_cert_chain(DATA / "smtp-test-cert.pem", DATA / "smtp-test-key.pem")
    # aiosmtpd counts only STARTTLS as "TLS" for AUTH; the whole connection is TLS here
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port(), ssl_context=server_tls,
                            authenticator=auth, auth_require_tls=False)
    controller.start()
    try:
        channel = EmailChannel(host="127.0.0.1", port=controller.port, starttls=False, use_ssl=True,
                               user="gm@example.org", password=SMTP_PASSWORD, sender="gm@example.org",
                               to=["gm@example.org"], ssl_context=client_tls())
        channel.send(alert())
    finally:
        controller.stop()
    assert len(inbox.envelopes) == 1
    assert [login for _, login, _ in auth.seen] == ["gm@example.org"]


@pytest.mark.parametrize("port, starttls, implicit", [(465, False, True), (587, True, False), (25, False, False)])
def test_the_config_port_465_without_starttls_means_ssl(port, starttls, implicit):
    channel = EmailChannel(host="smtp.example.org", port=port, starttls=starttls, sender="a@example.org",
                           to=["b@example.org"])
    assert channel.implicit_tls is implicit


def test_email_refuses_to_send_a_password_unencrypted(tmp_path):
    channel = EmailChannel(host="127.0.0.1", port=2525, starttls=False, user="gm", password=SMTP_PASSWORD,
                           sender="gm@example.org", to=["gm@example.org"])
    with pytest.raises(ChannelError, match="refusing to send the SMTP password to 127.0.0.1:2525 unencrypted"):
        channel.send(alert())


# ---------------------------------------------------------------------------------------------
# All channels together, and restarts


@respx.mock
def test_a_failing_channel_does_not_stop_the_others(smtp_plain, tmp_path):
    port, inbox = smtp_plain
    respx.post(TG_URL).mock(return_value=httpx.Response(500, json={"ok": False, "error_code": 500,
                                                                   "description": "Internal Server Error"}))
    hook = respx.post(HOOK).mock(return_value=httpx.Response(200))
    with httpx.Client() as client:
        channels = {
            "telegram": TelegramChannel(TOKEN, "123456", client=client),
            "email": EmailChannel(host="127.0.0.1", port=port, starttls=False, sender="m@example.org",
                                  to=["gm@example.org"]),
            "webhook": WebhookChannel(HOOK, client=client),
        }
        report = sender_for(tmp_path / "m.db", channels).send([alert(), alert("deadline:day3", "deadline")])
    assert sorted(report.sent) == [("ny", "deadline:day3", "email"), ("ny", "deadline:day3", "webhook"),
                                   ("ny", "deadline_soon:day3:60m", "email"),
                                   ("ny", "deadline_soon:day3:60m", "webhook")]
    assert len(inbox.envelopes) == 2 and hook.call_count == 2
    pending = AlertLog(Store(tmp_path / "m.db")).pending()
    assert sorted((d.alert.key, d.channel) for d in pending) == [
        ("deadline:day3", "telegram"), ("deadline_soon:day3:60m", "telegram")]


@respx.mock
def test_each_alert_once_across_a_restart_and_pending_ones_sent_after_it(tmp_path, caplog):
    caplog.set_level(logging.WARNING, logger="mafvote.alerts")
    hook = respx.post(HOOK).mock(return_value=httpx.Response(200))
    tg = respx.post(TG_URL).mock(return_value=httpx.Response(503))
    with httpx.Client() as client:
        first = sender_for(tmp_path / "m.db", {"webhook": WebhookChannel(HOOK, client=client),
                                               "telegram": TelegramChannel(TOKEN, "1", client=client)})
        first.send([alert()])
        first.send([alert()])  # the next crawl sees the same situation
    assert hook.call_count == 1
    assert caplog.text.count("alert ny day3 deadline_soon: Day 3 closes in 60 min | Not voted (1): Петя") == 1

    # the process restarts: new objects over the same store file; Telegram is back
    tg.mock(side_effect=tg_ok)
    with httpx.Client() as client:
        second = sender_for(tmp_path / "m.db", {"webhook": WebhookChannel(HOOK, client=client),
                                                "telegram": TelegramChannel(TOKEN, "1", client=client)},
                            clock=Clock(T0 + timedelta(hours=1)))
        report = second.send([alert(), alert("deadline_soon:day3:15m")])
    assert [a.key for a in report.duplicates] == ["deadline_soon:day3:60m"]
    assert [a.key for a in report.recorded] == ["deadline_soon:day3:15m"]
    assert hook.call_count == 2
    assert [json.loads(c.request.content)["text"].splitlines()[0] for c in tg.calls if c.response.status_code == 200] \
        == ["Day 3 closes in 60 min", "Day 3 closes in 60 min"]  # the pending 60m one, then the new 15m one
    assert AlertLog(Store(tmp_path / "m.db")).pending() == []


def test_scrub_masks_secrets_and_token_paths_only():
    from mafvote.alerts import scrub
    assert scrub(f"POST {TG_URL} failed", ()) == "POST https://api.telegram.org/bot***/sendMessage failed"
    assert scrub("password hunter2 refused", ["hunter2"]) == "password *** refused"
    assert scrub("http://forum.test/bottom/page?x=1", ()) == "http://forum.test/bottom/page?x=1"


def test_channels_from_config_reads_secrets_from_the_environment(tmp_path):
    cfg = AlertsConfig(channels=["telegram", "email", "webhook"],
                       telegram=TelegramConfig(token_env="MAFVOTE_TG_TOKEN", chat_id="123456"),
                       email=EmailConfig(host="smtp.example.org", port=587, user="gm@example.org",
                                         password_env="MAFVOTE_SMTP_PASSWORD", sender="gm@example.org",
                                         to=["gm@example.org"]),
                       webhook=WebhookConfig(url=HOOK))
    with httpx.Client() as client:
        channels = channels_from_config(cfg, client=client, environ={"MAFVOTE_TG_TOKEN": TOKEN})
        assert isinstance(channels["telegram"], TelegramChannel)
        assert isinstance(channels["webhook"], WebhookChannel)
        # the SMTP password is not set: the channel exists, fails with the fix, and stops nothing
        with pytest.raises(ChannelError, match="environment variable MAFVOTE_SMTP_PASSWORD is not set"):
            channels["email"].send(alert())
