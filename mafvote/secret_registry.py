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
from functools import lru_cache
from typing import Iterable
from urllib.parse import quote, quote_plus

__all__ = ["SHORT_SECRET", "config_secrets", "known_secrets", "register", "scrub", "scrub_cookies", "scrub_known", "spellings"]

_SECRETS: set[str] = set()

# patterns, compiled at their first use (re's cache): a command that scrubs nothing never compiles them (issue 17)
# A Bot API token is `<bot id>:<35 characters>`; it sits in the URL path after `/bot`.
_TOKEN_IN_URL = r"/bot\d+:[A-Za-z0-9_-]+"
# Session cookies of the forum account that posts the count: a Cookie/Set-Cookie header and the
# MyBB/phpBB session cookies by name, wherever they show up in a message.
_COOKIE_HEADER = r"(?i)\b(set-cookie|cookie)(\s*[:=]\s*)[^\r\n|]+"
_SESSION_COOKIE = r"(?i)\b(mybbuser|sid|phpbb\w*_(?:sid|u|k)|PHPSESSID)=([^;&\s'\"]+)"


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


_PERCENT = r"%[0-9A-F]{2}"


@lru_cache(maxsize=256)
def spellings(secret: str) -> frozenset[str]:
    """Every form in which `secret` may come back in a text: as is; percent-encoded as a form body or an address
    carries it (`p%40ss`, `p%40ss+1`, `p%40ss%201`), with its hex in capitals or in small letters (some servers
    re-encode it so); HTML-escaped as a page echoing the form shows it (`p&amp;ss`, `&quot;`); and the UTF-8
    bytes read as windows-1251, as a Russian forum in that charset echoes a form sent in UTF-8."""
    if not secret:
        return frozenset()
    out = {secret, quote(secret, safe=""), quote_plus(secret), quote(secret)}
    out |= {re.sub(_PERCENT, lambda m: m[0].lower(), s) for s in out}
    # Python's escape writes ' as &#x27;, PHP's htmlspecialchars (phpBB, MyBB) as &#039;
    import html  # start-up: with its entity tables, for a registered secret only; the store imports this module
    out |= {e for s in list(out) for e in (html.escape(s), html.escape(s).replace("&#x27;", "&#039;"),
                                           html.escape(s, quote=False))}
    try:
        out.add(secret.encode("utf-8").decode("cp1251"))
    except UnicodeDecodeError:
        pass            # a byte windows-1251 has no letter for: a page in that charset cannot show it either
    return frozenset(out)


# A secret shorter than this is scrubbed only where it stands alone, not inside a longer word or number: a short
# password ("x", "1234") is inside ordinary words and numbers all the time («excused», post 12345), and replacing
# it everywhere mangled every later alert and tick line («e***cused»). A form or an
# address still carries it between non-word characters (`password=1234&`), so an echo of it is still scrubbed.
# From 8 characters on, a secret occurs inside other text by chance about never, and is scrubbed anywhere: glued to
# other text too (`token=abcSECRET`), as before. 8 is also the shortest password most forums and mail hosts accept.
SHORT_SECRET = 8


@lru_cache(maxsize=64)
def _pattern(secrets: frozenset[str]) -> re.Pattern[str] | None:
    """One pattern for every spelling of `secrets`, the longest first; a short secret's only as a whole word."""
    anywhere: dict[str, bool] = {}
    for secret in secrets:
        for form in spellings(secret):
            # a spelling shared with a long secret is scrubbed anywhere
            anywhere[form] = anywhere.get(form, False) or len(secret) >= SHORT_SECRET
    if not anywhere:
        return None
    forms = sorted(anywhere, key=lambda form: (-len(form), form))
    return re.compile("|".join(re.escape(form) if anywhere[form] else rf"(?<!\w){re.escape(form)}(?!\w)"
                               for form in forms))


def scrub(text: str, secrets: Iterable[str] = ()) -> str:
    """`text` with every secret (in any of its `spellings`) replaced by `***`, and any Telegram `/bot<token>` path
    masked. A secret shorter than `SHORT_SECRET` is replaced only where it is not part of a longer word or number."""
    pattern = _pattern(frozenset(s for s in secrets if s))
    if pattern is not None:
        text = pattern.sub("***", text)
    return re.sub(_TOKEN_IN_URL, "/bot***", text)


def scrub_cookies(text: str) -> str:
    """`text` with session cookie values masked."""
    text = re.sub(_COOKIE_HEADER, lambda m: f"{m.group(1)}{m.group(2)}***", text)
    return re.sub(_SESSION_COOKIE, lambda m: f"{m.group(1)}=***", text)


def scrub_known(text: str, extra: Iterable[str] = ()) -> str:
    """`text` without any registered secret (nor `extra`), Telegram token paths or session cookies."""
    return scrub_cookies(scrub(text, (*_SECRETS, *extra)))
