"""Alerts to the GM: the record, the channels that carry it, and the log that makes "each alert once"
survive restarts.

Data flow:

    alert_rules.*(tally, clock, crawl health)  ->  [Alert, ...]      (pure; each Alert has a stable `key`)
        -> AlertSender.send(alerts)
             AlertLog.record()   one row per (game, key) + one delivery row per channel, in the store;
                                 an alert already recorded is not recorded again (dedup across restarts)
             console/log line    once, when the alert is first recorded
             AlertSender.flush() every pending delivery, each channel on its own: a channel that fails is
                                 retried with backoff (clock and sleep injected), logged, and left
                                 pending for the next call; it never stops the other channels or the caller

Channels (INTERFACE.md `[alerts]`): `TelegramChannel` (Bot API `sendMessage` over httpx), `EmailChannel`
(smtplib, STARTTLS or SSL, login), `WebhookChannel` (one JSON POST per alert with exactly
`{"game","kind","text","time","phase","post_url"}`). `channels_from_config` builds them from
`AlertsConfig`; secrets come from the environment variables the config names. The alert's text is
already in `[alerts] language` (mafvote.alert_rules builds it); the e-mail subject, the one text a channel
adds, follows the same key (`EmailChannel(language=...)`, `Alert.subject_in`).

Secrets (bot token, SMTP password) never reach a log line, an exception or the store: every message is
passed through `scrub`, and `install_secret_filter` scrubs the records of the `httpx`/`httpcore`
loggers too, because httpx logs each request URL at INFO and the Telegram token is in that URL's path.

Store tables: `alerts` and `alert_deliveries`, created by the store's migration 3.
"""
from __future__ import annotations

import base64
import logging
import os
import smtplib
import ssl
import time as _time
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from typing import Callable, Iterable, Mapping, Protocol, Sequence

import httpx

from . import alert_texts, messages
from .alert_record import ALERT_KINDS, Alert
from .errors import OperationFailed, PhrasedError
from .secret_registry import known_secrets, register, scrub
from .store import Store

__all__ = [
    "ALERT_KINDS",
    "Alert",
    "AlertError",
    "AlertLog",
    "AlertSender",
    "Channel",
    "ChannelError",
    "Delivery",
    "EmailChannel",
    "SendReport",
    "TelegramChannel",
    "WebhookChannel",
    "channels_from_config",
    "describe_delivery_error",
    "install_secret_filter",
    "known_secrets",
    "scrub",
    "secret_filter",
]

log = logging.getLogger("mafvote.alerts")

# The console/log channel: always on, recorded like the others so `status` can show it.
LOG_CHANNEL = "log"
TELEGRAM_LIMIT = 4096   # Bot API: message text is 1-4096 characters after entity parsing


# The record (`Alert`, `ALERT_KINDS`) is in mafvote.alert_record, re-exported here: the rules that make alerts
# and the GM's count text need it without the channels' httpx (issue 17: `mafvote tally` imported httpx for it).


# ---------------------------------------------------------------------------------------------
# Errors and secrets


class AlertError(OperationFailed):
    """An alert channel is misconfigured or refused; the message says which and what to do."""


class ChannelError(AlertError, PhrasedError):
    """One attempt on one channel failed. `retry_after` (seconds) when the service asked us to wait;
    `permanent` when retrying cannot help (bad token, bad chat id): it is still retried on later
    calls, since the GM may fix the environment, but not hammered within one call.

    `message` is English (the log, `alert_deliveries.last_error`); `key` and `facts` are the same in the catalogue
    (`alert.channel.<key>`), kept beside it in the store so that `mafvote status` words it in the GM's language."""

    def __init__(self, channel: str, message: str, *, key: str, facts: Mapping[str, object] | None = None,
                 retry_after: float | None = None, permanent: bool = False):
        self.channel = channel
        self.retry_after = retry_after
        self.permanent = permanent
        super().__init__(f"alert channel {channel}: {message}", key, facts)

    def text(self) -> str:
        """The error in the GM's language, as the command line shows it (`mafvote.failures.failure`)."""
        return describe_delivery_error(scrub(str(self), known_secrets()), self.scrubbed_phrase(known_secrets()),
                                       self.channel)

    def scrubbed_phrase(self, secrets: Iterable[str]) -> tuple[str, dict]:
        """The key and facts with every secret scrubbed from the facts' text (a service's answer may echo one)."""
        return str(self.key), {name: scrub(value, secrets) if isinstance(value, str) else value
                               for name, value in self.facts.items()}


def describe_delivery_error(english: str, phrase: tuple[str, dict] | None, channel: str,
                            language: str | None = None) -> str:
    """A failed delivery's error as stored (`Delivery.last_error`, `.last_error_phrase`) in `language`. A delivery
    that failed before store migration 9 has no key: quoted as an older version's error, like an old crawl error."""
    if phrase is None or not messages.has(_CHANNEL_PREFIX + phrase[0], language):
        return messages.text("crawl.error.legacy", language=language, text=english)
    detail = messages.text(_CHANNEL_PREFIX + phrase[0], language=language, **phrase[1])
    return messages.text("alert.channel.error", language=language, channel=channel, detail=detail)


_CHANNEL_PREFIX = "alert.channel."


class _SecretFilter(logging.Filter):
    def __init__(self, secrets: Callable[[], Iterable[str]]):
        super().__init__()
        self._secrets = secrets

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        clean = scrub(message, self._secrets())
        if clean != message:
            record.msg, record.args = clean, None
        return True


_FILTERED: set[str] = set()


def secret_filter() -> logging.Filter:
    """A filter that scrubs every secret registered so far (and later): for the daemon's handlers."""
    return _SecretFilter(known_secrets)


_LOGGERS = ("httpx", "httpcore", "httpcore.connection", "httpcore.http11", "httpcore.http2",
            "httpcore.proxy", "mafvote", "mafvote.alerts", "mafvote.publish", "mafvote.daemon")


def install_secret_filter(secrets: Iterable[str] = (), loggers: Sequence[str] = _LOGGERS) -> None:
    """Scrub `secrets` (and Telegram token paths) from every record of these loggers. Idempotent.

    httpx logs `HTTP Request: POST https://api.telegram.org/bot<token>/sendMessage` at INFO; a filter
    on its logger runs before the record reaches any handler, the GM's log file included. A logger's
    filters do not apply to its children's records, hence the explicit list; the daemon should also
    put `secret_filter()` on its own handlers to cover every other logger."""
    register(secrets)
    for name in loggers:
        if name not in _FILTERED:
            logging.getLogger(name).addFilter(_SecretFilter(known_secrets))
            _FILTERED.add(name)


# ---------------------------------------------------------------------------------------------
# Channels


class Channel(Protocol):
    name: str

    def send(self, alert: Alert) -> None:
        """Deliver one alert or raise `ChannelError` (with a scrubbed message)."""


def _retry_after_header(response: httpx.Response) -> float | None:
    value = response.headers.get("Retry-After", "")
    try:
        return float(value)
    except ValueError:
        return None


def _chunks(text: str, limit: int) -> list[str]:
    """`text` in pieces of at most `limit` characters, cut after a newline where one is in reach."""
    out = []
    while len(text) > limit:
        cut = text.rfind("\n", 0, limit) + 1 or limit
        out.append(text[:cut])
        text = text[cut:]
    return [*out, text] if text or not out else out


class TelegramChannel:
    """Telegram Bot API `sendMessage` (POST https://api.telegram.org/bot<token>/sendMessage)."""

    name = "telegram"

    def __init__(self, token: str, chat_id: str, *, client: httpx.Client,
                 api_base: str = "https://api.telegram.org"):
        self._token = token
        self.chat_id = chat_id
        self._client = client
        self._api_base = api_base.rstrip("/")
        install_secret_filter([token])

    @property
    def secrets(self) -> tuple[str, ...]:
        return (self._token,)

    def send(self, alert: Alert) -> None:
        # The deadline alert carries the whole suggested day post, which can pass the Bot API's
        # 4096-character limit: it goes in several messages, cut at line ends, none of it lost.
        for text in _chunks(alert.message(), TELEGRAM_LIMIT):
            self._send_text(text)

    def _send_text(self, text: str) -> None:
        url = f"{self._api_base}/bot{self._token}/sendMessage"
        body = {"chat_id": self.chat_id, "text": text, "disable_web_page_preview": True}
        try:
            response = self._client.post(url, json=body)
        except httpx.HTTPError as exc:
            raise ChannelError(self.name, scrub(f"cannot reach the Bot API ({type(exc).__name__}: {exc})",
                                                self.secrets), key="telegram.unreachable",
                               facts={"name": type(exc).__name__, "detail": scrub(str(exc), self.secrets)}) from None
        try:
            data = response.json()
        except ValueError:
            data = {}
        if response.status_code == 200 and data.get("ok") is True:
            return
        description = str(data.get("description") or f"HTTP {response.status_code}")
        retry_after = (data.get("parameters") or {}).get("retry_after")
        if response.status_code == 429 or retry_after is not None:
            wait = float(retry_after) if retry_after is not None else _retry_after_header(response)
            raise ChannelError(self.name, scrub(f"rate limited: {description}", self.secrets),
                               key="telegram.rate_limited", facts={"description": scrub(description, self.secrets)},
                               retry_after=wait)
        if response.status_code in (400, 401, 403, 404):
            key, hint = _TELEGRAM_REFUSALS[response.status_code]
            raise ChannelError(self.name, scrub(f"{description} ({hint})", self.secrets), key=key,
                               facts={"description": scrub(description, self.secrets)}, permanent=True)
        raise ChannelError(self.name, scrub(f"the Bot API answered {description}", self.secrets),
                           key="telegram.answered", facts={"description": scrub(description, self.secrets)})


# the Bot API's refusals that retrying cannot help: status -> the key of its wording, and the English hint
_TELEGRAM_REFUSALS = {
    401: ("telegram.token", "check the bot token in the variable [alerts.telegram].token_env names"),
    404: ("telegram.token", "check the bot token in the variable [alerts.telegram].token_env names"),
    403: ("telegram.forbidden", "the bot cannot write to this chat: start a chat with the bot or add it to the group"),
    400: ("telegram.chat_id", "check [alerts.telegram].chat_id"),
}


class WebhookChannel:
    """One JSON POST per alert with exactly `{"game","kind","text","time","phase","post_url"}`."""

    name = "webhook"

    def __init__(self, url: str, *, client: httpx.Client):
        self.url = url
        self._client = client

    def send(self, alert: Alert) -> None:
        try:
            response = self._client.post(self.url, json=alert.payload())
        except httpx.HTTPError as exc:
            raise ChannelError(self.name, f"cannot reach {self.url} ({type(exc).__name__}: {exc})",
                               key="webhook.unreachable",
                               facts={"url": self.url, "name": type(exc).__name__, "detail": str(exc)}) from None
        if 200 <= response.status_code < 300:
            return
        retry_after = _retry_after_header(response) if response.status_code in (429, 503) else None
        raise ChannelError(self.name, f"{self.url} answered HTTP {response.status_code}",
                           key="webhook.status", facts={"url": self.url, "status": response.status_code},
                           retry_after=retry_after,
                           permanent=response.status_code in (400, 401, 403, 404, 405, 410))


class EmailChannel:
    """E-mail over SMTP: STARTTLS (`starttls = true`, port 587), implicit TLS (`starttls = false`,
    port 465), or plain SMTP to a local relay (`starttls = false`, another port, and no login: a
    password is never sent unencrypted). `language` is `[alerts] language`, for the subject line (the
    body is the alert's text, already in that language)."""

    name = "email"

    def __init__(self, *, host: str, port: int, sender: str, to: Sequence[str], starttls: bool = True,
                 user: str | None = None, password: str | None = None, timeout: float = 30.0,
                 ssl_context: ssl.SSLContext | None = None, use_ssl: bool | None = None,
                 language: str = alert_texts.DEFAULT_LANGUAGE):
        if language not in alert_texts.LANGUAGES:
            raise AlertError(f"alert channel email: language {language!r} is not one of "
                             f"{', '.join(alert_texts.LANGUAGES)}; fix [alerts].language")
        self.language = language
        self.host, self.port, self.sender, self.to = host, port, sender, list(to)
        self.starttls, self.user, self._password = starttls, user, password
        self.timeout = timeout
        self._context = ssl_context
        self._use_ssl = use_ssl
        if password:
            install_secret_filter([password])

    @property
    def secrets(self) -> tuple[str, ...]:
        return (self._password,) if self._password else ()

    @property
    def implicit_tls(self) -> bool:
        # The config has no `ssl` key: port 465 (SMTPS) without STARTTLS means implicit TLS.
        if self._use_ssl is not None:
            return self._use_ssl
        return not self.starttls and self.port == 465

    def build(self, alert: Alert, now: datetime | None = None) -> EmailMessage:
        message = EmailMessage()  # default policy: non-ASCII headers become RFC 2047 UTF-8 words
        message["Subject"] = alert.subject_in(self.language)
        message["From"] = self.sender
        message["To"] = ", ".join(self.to)
        # sending time (a pending alert may go out later than it happened; the text says when)
        message["Date"] = formatdate(now.timestamp() if now else None, localtime=False)
        message["Message-ID"] = make_msgid(domain="mafvote")
        message["X-Mafvote-Key"] = f"{alert.game}/{alert.key}"
        message.set_content(alert.message(), charset="utf-8")
        return message

    def _login(self, smtp: smtplib.SMTP) -> None:
        user, password = self.user or "", self._password or ""
        if (user + password).isascii():
            smtp.login(user, password)
            return
        # smtplib encodes AUTH as ASCII; RFC 4616 PLAIN carries UTF-8, which a Cyrillic password needs.
        token = base64.b64encode(b"\0" + user.encode() + b"\0" + password.encode()).decode("ascii")
        code, response = smtp.docmd("AUTH", "PLAIN " + token)
        if code != 235:
            raise smtplib.SMTPAuthenticationError(code, response)

    def send(self, alert: Alert) -> None:
        if self._password and not (self.starttls or self.implicit_tls):
            raise ChannelError(self.name, f"refusing to send the SMTP password to {self.host}:{self.port} "
                                          "unencrypted; set starttls = true, or port = 465 for SSL",
                               key="email.unencrypted", facts={"host": self.host, "port": self.port}, permanent=True)
        context = self._context or ssl.create_default_context()
        try:
            if self.implicit_tls:
                smtp: smtplib.SMTP = smtplib.SMTP_SSL(self.host, self.port, timeout=self.timeout,
                                                      context=context)
            else:
                smtp = smtplib.SMTP(self.host, self.port, timeout=self.timeout)
            with smtp:
                smtp.ehlo()
                if self.starttls:
                    smtp.starttls(context=context)
                    smtp.ehlo()
                if self.user and self._password:
                    self._login(smtp)
                smtp.send_message(self.build(alert))
        except smtplib.SMTPAuthenticationError as exc:
            raise ChannelError(self.name, scrub(
                f"{self.host} refused the login of {self.user} ({exc.smtp_code}); check the password in "
                "the variable [alerts.email].password_env names", self.secrets), key="email.login",
                facts={"host": self.host, "user": self.user, "code": exc.smtp_code}, permanent=True) from None
        except (smtplib.SMTPException, OSError, ssl.SSLError) as exc:
            raise ChannelError(self.name, scrub(f"{self.host}:{self.port}: {type(exc).__name__}: {exc}",
                                                self.secrets), key="email.failed",
                               facts={"host": self.host, "port": self.port, "name": type(exc).__name__,
                                      "detail": scrub(str(exc), self.secrets)}) from None


class _MissingSecret:
    """A configured channel whose secret is not in the environment: every send fails with the fix,
    the alerts stay pending, and the other channels carry on."""

    def __init__(self, name: str, variable: str):
        self.name, self.variable = name, variable

    def send(self, alert: Alert) -> None:
        raise ChannelError(self.name, f"environment variable {self.variable} is not set; export it "
                                      "and restart mafvote (pending alerts are sent then)",
                           key="missing_secret", facts={"variable": self.variable}, permanent=True)


def channels_from_config(alerts, *, client: httpx.Client, environ: Mapping[str, str] | None = None,
                         ssl_context: ssl.SSLContext | None = None) -> dict[str, Channel]:
    """The channels `[alerts].channels` lists, built from a `mafvote.config.AlertsConfig`."""
    env = os.environ if environ is None else environ
    out: dict[str, Channel] = {}
    for name in alerts.channels:
        if name == "telegram" and alerts.telegram is not None:
            token = env.get(alerts.telegram.token_env)
            out[name] = (TelegramChannel(token, alerts.telegram.chat_id, client=client) if token
                         else _MissingSecret(name, alerts.telegram.token_env))
        elif name == "email" and alerts.email is not None:
            cfg = alerts.email
            password = env.get(cfg.password_env) if cfg.password_env else None
            if cfg.password_env and not password:
                out[name] = _MissingSecret(name, cfg.password_env)
                continue
            out[name] = EmailChannel(host=cfg.host, port=cfg.port, starttls=cfg.starttls,
                                     user=cfg.user, password=password, sender=cfg.sender, to=cfg.to,
                                     ssl_context=ssl_context,
                                     language=getattr(alerts, "language", alert_texts.DEFAULT_LANGUAGE))
        elif name == "webhook" and alerts.webhook is not None:
            out[name] = WebhookChannel(alerts.webhook.url, client=client)
    return out


# ---------------------------------------------------------------------------------------------
# The log in the store




@dataclass(frozen=True)
class Delivery:
    """One alert on one channel: sent or pending, with how many tries and the last error."""

    alert: Alert
    channel: str
    sent_at: datetime | None
    attempts: int
    last_try_at: datetime | None
    next_try_at: datetime | None
    last_error: str | None
    # the error's catalogue key and facts (`describe_delivery_error`); None before store migration 9
    last_error_phrase: tuple[str, dict] | None = None

    @property
    def pending(self) -> bool:
        return self.sent_at is None


class AlertLog:
    """What was alerted and where it was delivered, in the store (so it survives restarts)."""

    def __init__(self, store: Store):
        self.store = store
        if not store.has_tables("alerts", "alert_deliveries"):
            raise AlertError(f"the store {getattr(store, 'path', '')} has no alert tables: open it with "
                             "mafvote.store.Store, whose migrations create them")

    def record(self, alert: Alert, channels: Iterable[str], now: datetime) -> bool:
        """Record `alert` with a pending delivery per channel; False (and nothing written) when the
        game already has an alert with this key."""
        return self.store.record_alert(game=alert.game, key=alert.key, kind=alert.kind, phase=alert.phase,
                                       text=alert.text, time=alert.time, post_url=alert.post_url,
                                       channels=dict.fromkeys([LOG_CHANNEL, *channels]), now=now)

    def seen(self, game: str, key: str) -> bool:
        return self.store.alert_recorded(game, key)

    def mark_sent(self, alert: Alert, channel: str, at: datetime, attempts: int) -> None:
        self.store.mark_delivery_sent(alert.game, alert.key, channel, at=at, attempts=attempts)

    def mark_failed(self, alert: Alert, channel: str, at: datetime, attempts: int, error: str,
                    next_try_at: datetime | None, phrase: tuple[str, dict] | None = None) -> None:
        self.store.mark_delivery_failed(alert.game, alert.key, channel, at=at, attempts=attempts, error=error,
                                        next_try_at=next_try_at, error_phrase=phrase)

    def deliveries(self, *, game: str | None = None, pending_only: bool = False,
                   channel: str | None = None) -> list[Delivery]:
        rows = self.store.alert_deliveries(game=game, pending_only=pending_only, channel=channel)
        return [Delivery(alert=Alert(game=r.game, kind=r.kind, text=r.text, time=r.time, phase=r.phase,
                                     post_url=r.post_url, key=r.key),
                         channel=r.channel, sent_at=r.sent_at, attempts=r.attempts, last_try_at=r.last_try_at,
                         next_try_at=r.next_try_at, last_error=r.last_error,
                         last_error_phrase=r.last_error_phrase)
                for r in rows]

    def pending(self, game: str | None = None) -> list[Delivery]:
        return self.deliveries(game=game, pending_only=True)


# ---------------------------------------------------------------------------------------------
# Sending


@dataclass
class SendReport:
    """What one `send`/`flush` did: alerts newly recorded, deliveries sent and failed (scrubbed errors)."""

    recorded: list[Alert] = field(default_factory=list)
    duplicates: list[Alert] = field(default_factory=list)
    sent: list[tuple[str, str, str]] = field(default_factory=list)          # (game, key, channel)
    failed: list[tuple[str, str, str, str]] = field(default_factory=list)   # (game, key, channel, error)


def _utcnow() -> datetime:
    return datetime.now(timezone.utc)


class AlertSender:
    """Records alerts once and delivers them to every channel; see the module docstring.

    Within one call a failing delivery is tried `attempts` times, waiting `backoff * 2**n` seconds
    between tries (or the `retry_after` the service asked for, up to `max_wait`). After that the
    delivery stays pending with `next_try_at` set (growing with its attempts, up to `max_delay`), and
    the channel is skipped for the rest of the call, so one dead channel costs one round of retries
    per call, not one per alert."""

    def __init__(self, alert_log: AlertLog, channels: Mapping[str, Channel], *,
                 clock: Callable[[], datetime] = _utcnow, sleep: Callable[[float], None] = _time.sleep,
                 attempts: int = 3, backoff: float = 2.0, max_wait: float = 60.0,
                 max_delay: timedelta = timedelta(minutes=30), logger: logging.Logger | None = None):
        self.log_store = alert_log
        self.channels = dict(channels)
        self.clock, self.sleep = clock, sleep
        self.attempts, self.backoff, self.max_wait, self.max_delay = attempts, backoff, max_wait, max_delay
        self.logger = logger or log
        secrets: list[str] = []
        for channel in self.channels.values():
            secrets += list(getattr(channel, "secrets", ()))
        self._secrets = tuple(secrets)

    def send(self, alerts: Iterable[Alert]) -> SendReport:
        """Record new alerts (a key already recorded for the game is skipped), log each once, then
        deliver everything pending. Never raises for a channel's failure."""
        report = SendReport()
        now = self.clock()
        for alert in alerts:
            if self.log_store.record(alert, self.channels, now):
                report.recorded.append(alert)
                # Console/log channel: one line per event, at WARNING so a GM's default log shows it.
                self.logger.warning("%s", scrub(alert.one_line(), self._secrets))
                self.log_store.mark_sent(alert, LOG_CHANNEL, now, 1)
            else:
                report.duplicates.append(alert)
        self.flush(report)
        return report

    def flush(self, report: SendReport | None = None) -> SendReport:
        """Deliver every pending delivery whose retry time has come, channel by channel."""
        report = report if report is not None else SendReport()
        pending = self.log_store.pending()
        now = self.clock()
        # A channel whose last failure set a retry time in the future is resting, for all its
        # alerts (not only the one that failed): read from the store, so a restart respects it.
        down = {d.channel for d in pending if d.next_try_at is not None and d.next_try_at > now}
        for delivery in pending:
            name = delivery.channel
            channel = self.channels.get(name)
            if name == LOG_CHANNEL or channel is None or name in down:
                continue  # a channel removed from the config keeps its rows; nothing to send them with
            ok, tries, (error, phrase), asked = self._attempt(channel, delivery.alert)
            alert = delivery.alert
            if ok:
                self.log_store.mark_sent(alert, name, self.clock(), tries)
                report.sent.append((alert.game, alert.key, name))
                self.logger.info("alert %s %s sent by %s after %d attempt(s)", alert.game, alert.key, name, tries)
                continue
            down.add(name)
            total = delivery.attempts + tries
            delay = min(self.max_delay, timedelta(seconds=self.backoff * (2 ** min(total, 20))))
            if asked is not None:  # the service said when to come back (Telegram's retry_after)
                delay = max(delay, timedelta(seconds=asked))
            at = self.clock()
            self.log_store.mark_failed(alert, name, at, tries, error, at + delay, phrase)
            report.failed.append((alert.game, alert.key, name, error))
            self.logger.error("alert %s %s not sent by %s after %d attempt(s): %s; kept pending, next try "
                              "after %s", alert.game, alert.key, name, tries, error,
                              (at + delay).isoformat(timespec="seconds"))
        return report

    def _attempt(self, channel: Channel, alert: Alert) -> tuple[bool, int, tuple[str, tuple[str, dict] | None],
                                                                 float | None]:
        """(delivered, attempts made, (last error, its key and facts), the wait the service asked for)."""
        error, phrase, asked = "", None, None
        for attempt in range(1, self.attempts + 1):
            try:
                channel.send(alert)
                return True, attempt, ("", None), None
            except ChannelError as exc:
                error, asked = scrub(str(exc), self._secrets), exc.retry_after
                phrase = exc.scrubbed_phrase(self._secrets)
                wait = asked if asked is not None else self.backoff * (2 ** (attempt - 1))
                if exc.permanent or attempt == self.attempts or wait > self.max_wait:
                    return False, attempt, (error, phrase), asked
            except Exception as exc:  # a bug in one channel must not stop the others or the daemon
                error = scrub(f"alert channel {channel.name}: {type(exc).__name__}: {exc}", self._secrets)
                phrase = ("bug", {"name": type(exc).__name__, "detail": scrub(str(exc), self._secrets)})
                wait = self.backoff * (2 ** (attempt - 1))
                if attempt == self.attempts:
                    return False, attempt, (error, phrase), None
            self.logger.warning("%s; retrying in %.0f s (attempt %d of %d)", error, wait, attempt, self.attempts)
            self.sleep(wait)
        return False, self.attempts, (error, phrase), asked
