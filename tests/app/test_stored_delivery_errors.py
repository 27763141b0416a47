"""Issue 14: an alert channel's failure (the e-mail server refused, Telegram did not take the bot's token) reaches the GM
in the GM's language in `mafvote status`'s list of alerts not yet delivered. `alert_deliveries` keeps the channel's
English (`last_error`: the daemon's log, JSON's `last_error`) and, beside it since store migration 9, the error's
catalogue key and facts, which `mafvote.alerts.describe_delivery_error` words; a delivery that failed before is quoted
as an older version's error, as an old crawl error is."""
from __future__ import annotations

import json
import socket
from datetime import datetime, timezone

import httpx
import pytest
import respx

from mafvote.alerts import Alert, AlertLog, AlertSender, EmailChannel, TelegramChannel
from mafvote.store import MIGRATIONS, Store
from support.cli import run_main as run
from test_stored_crawl_errors import write_config

TOKEN = "7012345678:AAFq3xZ-secretTokenValue_0123456789ab"
TG_URL = f"https://api.telegram.org/bot{TOKEN}/sendMessage"
AT = datetime(2026, 1, 11, 9, 30, tzinfo=timezone.utc)          # 12:30 MSK
ALERT = Alert(game="ny", kind="deadline_soon", text="День 1 закрывается через час", time=AT, phase="day1",
              post_url=None, key="deadline_soon:day1:60m")


def closed_port() -> int:
    """A port on 127.0.0.1 nobody listens on: connecting to it is refused at once."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def status(folder, language, capsys, *args) -> str:
    code, out, err = run(capsys, "status", "-c", str(write_config(folder, language)), "--now", "2026-01-11T12:33",
                         *args)
    assert code == 0, err
    return out


@pytest.fixture
def failed(tmp_path):
    """The deadline alert, refused by a dead SMTP server (tried 3 times) and by Telegram (a bad token, tried once)."""
    port = closed_port()
    with respx.mock, httpx.Client() as client:
        respx.post(TG_URL).mock(return_value=httpx.Response(
            401, json={"ok": False, "error_code": 401, "description": "Unauthorized"}))
        channels = {"email": EmailChannel(host="127.0.0.1", port=port, starttls=False, sender="gm@example.org",
                                          to=["gm@example.org"], timeout=5),
                    "telegram": TelegramChannel(TOKEN, "123456", client=client)}
        with Store(tmp_path / "mafvote.db") as store:
            AlertSender(AlertLog(store), channels, clock=lambda: AT, sleep=lambda _: None).send([ALERT])
    return tmp_path, port


def test_status_says_an_alert_channels_failure_in_russian(failed, capsys):
    folder, port = failed
    lines = status(folder, None, capsys).splitlines()
    at = lines.index("  не отправлено:    2 (из 1 оповещения)")
    assert lines[at + 1:] == [
        "    email: deadline_soon:day1:60m (3 попытки, следующая — 11.01 12:30): канал оповещений email: не удалось "
        f"отправить письмо через 127.0.0.1:{port} (`ConnectionRefusedError: [Errno 111] Connection refused`)",
        "    telegram: deadline_soon:day1:60m (1 попытка, следующая — 11.01 12:30): канал оповещений telegram: Телеграм "
        "не принял токен бота (`Unauthorized`): проверьте токен в переменной окружения, которую называет "
        "`[alerts.telegram].token_env`"]


def test_status_json_keeps_the_english_beside_the_gms_language(failed, capsys):
    folder, port = failed
    unsent = json.loads(status(folder, None, capsys, "--format", "json"))["games"][0]["unsent_alerts"]
    assert [(d["channel"], d["last_error"], d["last_error_text"]) for d in unsent] == [
        ("email", f"alert channel email: 127.0.0.1:{port}: ConnectionRefusedError: [Errno 111] Connection refused",
         f"канал оповещений email: не удалось отправить письмо через 127.0.0.1:{port} (`ConnectionRefusedError: "
         "[Errno 111] Connection refused`)"),
        ("telegram", "alert channel telegram: Unauthorized (check the bot token in the variable "
                     "[alerts.telegram].token_env names)",
         "канал оповещений telegram: Телеграм не принял токен бота (`Unauthorized`): проверьте токен в переменной "
         "окружения, которую называет `[alerts.telegram].token_env`")]


def test_status_in_english_shows_the_channels_english_as_it_was_written(failed, capsys):
    folder, port = failed
    lines = status(folder, "en", capsys).splitlines()
    assert lines[-2:] == [
        f"    email: deadline_soon:day1:60m (3 attempts, next try 11.01 12:30): alert channel email: 127.0.0.1:{port}: "
        "ConnectionRefusedError: [Errno 111] Connection refused",
        "    telegram: deadline_soon:day1:60m (1 attempts, next try 11.01 12:30): alert channel telegram: Unauthorized "
        "(check the bot token in the variable [alerts.telegram].token_env names)"]


def test_a_delivery_failed_before_the_key_was_kept_is_quoted_as_an_older_versions_error(tmp_path, capsys):
    # a store row exactly as mafvote wrote it before migration 9: the English alone
    written = "alert channel email: smtp.example.org:587: ConnectionRefusedError: [Errno 111] refused"
    with Store(tmp_path / "mafvote.db", migrations=MIGRATIONS[:8]) as old:
        assert old.schema_version == 8 and "last_error_phrase" not in old.db["alert_deliveries"].columns_dict
        old.record_alert(game="ny", key=ALERT.key, kind=ALERT.kind, phase=ALERT.phase, text=ALERT.text, time=AT,
                         post_url=None, channels=["email"], now=AT)
        old.db.execute("update alert_deliveries set attempts = 3, last_error = ? where channel = 'email'", [written])
    with Store(tmp_path / "mafvote.db") as s:
        assert s.schema_version == len(MIGRATIONS) == 10
        [delivery] = s.alert_deliveries()
        assert (delivery.last_error, delivery.last_error_phrase) == (written, None)
    lines = status(tmp_path, None, capsys).splitlines()
    assert lines[-1] == ("    email: deadline_soon:day1:60m (3 попытки): ошибка, записанная прежней версией mafvote: "
                         f"`{written}`")
    assert status(tmp_path, "en", capsys).splitlines()[-1] == (
        f"    email: deadline_soon:day1:60m (3 attempts): {written}")
