"""The secrets this process knows (forum passwords, the bot token, the SMTP password) and `scrub`, which
takes them out of a text.

Below everything that writes text somewhere: the store, the logs, the alert channels and the publisher
all import it, and it imports nothing of mafvote's, so the store can scrub what it writes without importing
the alert channels (issue 13: secrets scrubbed from every stored text, not only from logs). A secret is
registered before the first request that could carry it (`register`), so an error page that echoes it is
scrubbed wherever it ends up.
"""
from __future__ import annotations

import os
import re
from typing import Iterable
from urllib.parse import quote, quote_plus

__all__ = ["config_secrets", "known_secrets", "register", "scrub", "scrub_cookies", "scrub_known"]

_SECRETS: set[str] = set()

# A Bot API token is `<bot id>:<35 characters>`; it sits in the URL path after `/bot`.
_TOKEN_IN_URL = re.compile(r"/bot\d+:[A-Za-z0-9_-]+")
# Session cookies of the forum account that posts the count: a Cookie/Set-Cookie header and the
# MyBB/phpBB session cookies by name, wherever they show up in a message.
_COOKIE_HEADER = re.compile(r"(?i)\b(set-cookie|cookie)(\s*[:=]\s*)[^\r\n|]+")
_SESSION_COOKIE = re.compile(r"(?i)\b(mybbuser|sid|phpbb\w*_(?:sid|u|k)|PHPSESSID)=([^;&\s'\"]+)")


def register(secrets: Iterable[str]) -> None:
    """Remember `secrets` for every later `scrub_known` (and the log filters). Empty values are ignored."""
    _SECRETS.update(s for s in secrets if s)


def config_secrets(config, environ=None) -> list[str]:
    """The secret values a config points at (forum passwords, the bot token, the SMTP password)."""
    env = os.environ if environ is None else environ
    names = [f.login.password_env for f in config.forums if f.login is not None]
    alerts = config.alerts
    if alerts.telegram is not None:
        names.append(alerts.telegram.token_env)
    if alerts.email is not None and alerts.email.password_env:
        names.append(alerts.email.password_env)
    return [env[n] for n in names if env.get(n)]


def known_secrets() -> tuple[str, ...]:
    """Every secret registered so far."""
    return tuple(_SECRETS)


def _spellings(secrets: Iterable[str]) -> set[str]:
    # a secret also travels percent-encoded: in a form body an error page echoes, in a redirect's address
    out: set[str] = set()
    for s in secrets:
        if s:
            out.update((s, quote(s, safe=""), quote_plus(s), quote(s)))
    return out


def scrub(text: str, secrets: Iterable[str] = ()) -> str:
    """`text` with every secret (as is or percent-encoded) replaced by `***`, and any Telegram `/bot<token>` path masked."""
    for secret in sorted(_spellings(secrets), key=len, reverse=True):
        text = text.replace(secret, "***")
    return _TOKEN_IN_URL.sub("/bot***", text)


def scrub_cookies(text: str) -> str:
    """`text` with session cookie values masked."""
    text = _COOKIE_HEADER.sub(lambda m: f"{m.group(1)}{m.group(2)}***", text)
    return _SESSION_COOKIE.sub(lambda m: f"{m.group(1)}=***", text)


def scrub_known(text: str, extra: Iterable[str] = ()) -> str:
    """`text` without any registered secret (nor `extra`), Telegram token paths or session cookies."""
    return scrub_cookies(scrub(text, (*_SECRETS, *extra)))
