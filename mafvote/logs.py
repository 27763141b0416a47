"""The daemon's log: levels, one line per event, secrets never written.

    any logger ──record──> handler (stderr or a file)
                            ├─ SecretScrubber: every known secret value -> `***`, cookies and Telegram
                            │  token paths masked (also on the loggers of `alerts.install_secret_filter`)
                            └─ OneLineFormatter: `2026-12-30T19:00:05Z INFO mafvote.daemon: ...`, with
                               newlines of multi-line messages (an alert's count) folded into ` | `

The secrets are the *values* of the environment variables the config names (`password_env`,
`token_env`): the filter knows what to hide even when a library (httpx logs request URLs) or an
exception message carries it. Set up once per process with `setup_logging`.
"""
from __future__ import annotations

import logging
import sys
import time
from typing import IO, Iterable

from mafvote_scraper.untrusted import visible

from .alerts import install_secret_filter, secret_filter
from .secret_registry import config_secrets, scrub, scrub_cookies

__all__ = ["LEVELS", "OneLineFormatter", "SecretScrubber", "config_secrets", "scrub_line", "setup_logging"]

LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
OWN_LOGGERS = ("mafvote", "mafvote.daemon", "mafvote.alerts", "mafvote.publish", "mafvote.game", "scraper",
               "mafvote_scraper.fetch", "mafvote_scraper.crawl", "httpx", "httpcore", "apscheduler", "apscheduler.scheduler",
               "apscheduler.executors.default")

def scrub_line(text: str, secrets: Iterable[str] = ()) -> str:
    """`text` without secret values, Telegram token paths and session cookies."""
    return scrub_cookies(scrub(text, secrets))


class SecretScrubber(logging.Filter):
    """Rewrites a record's message without secrets (and drops the traceback's text into the message
    scrubbed too, so a secret in an exception never reaches the handler unscrubbed)."""

    def __init__(self, secrets: Iterable[str] = ()):
        super().__init__()
        self.secrets = [s for s in secrets if s]
        self._shared = secret_filter()     # the secrets the channels and the publisher registered

    def filter(self, record: logging.LogRecord) -> bool:
        self._shared.filter(record)
        message = record.getMessage()
        if record.exc_info:
            message += "\n" + logging.Formatter().formatException(record.exc_info)
            record.exc_info, record.exc_text = None, None
        clean = scrub_line(message, self.secrets)
        if clean != message or record.args:
            record.msg, record.args = clean, None
        return True


class OneLineFormatter(logging.Formatter):
    """`<UTC time> <LEVEL> <logger>: <message>` on one line."""

    converter = time.gmtime

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s", "%Y-%m-%dT%H:%M:%SZ")

    def format(self, record: logging.LogRecord) -> str:
        # a nick or a post quoted in a record never sends control characters to the GM's terminal (issue 13)
        line = visible(super().format(record))
        return " | ".join(part.strip() for part in line.splitlines() if part.strip())


def setup_logging(level: str = "INFO", *, stream: IO[str] | None = None, file: str | None = None,
                  secrets: Iterable[str] = ()) -> logging.Handler:
    """Route every logger to one handler (stderr, or `file`) at `level`, one line per event, scrubbed.
    Returns the handler (the caller may remove it again: tests, the demo)."""
    if level.upper() not in LEVELS:
        raise ValueError(f"log level {level!r}: one of {', '.join(LEVELS)}")
    secrets = [s for s in secrets if s]
    install_secret_filter(secrets)
    handler: logging.Handler = (logging.FileHandler(file, encoding="utf-8") if file
                                else logging.StreamHandler(stream or sys.stderr))
    handler.setFormatter(OneLineFormatter())
    handler.addFilter(SecretScrubber(secrets))
    # On our loggers and the HTTP ones the record itself is scrubbed, before any handler sees it (a
    # handler someone else adds, pytest's caplog). Other libraries' records are scrubbed by our handler.
    for name in OWN_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, SecretScrubber) for f in logger.filters):
            logger.addFilter(SecretScrubber(secrets))
        else:
            for f in logger.filters:
                if isinstance(f, SecretScrubber):
                    f.secrets = list(dict.fromkeys([*f.secrets, *secrets]))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(level.upper())
    # httpx logs every request at INFO: a poll every two minutes would bury the events.
    for noisy in ("httpx", "httpcore", "apscheduler"):
        logging.getLogger(noisy).setLevel(max(logging.WARNING, root.level))
    return handler
