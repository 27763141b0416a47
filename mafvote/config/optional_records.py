"""The records of the config's optional tables: a forum's `[forums.login]`, a player's `replaced_by`, and the alert
channels `[alerts.telegram]`, `[alerts.email]`, `[alerts.webhook]`. Made on first use, so that a command whose config
has none of them (`mafvote tally` on the demo's config) does not create the five classes (issue 17, start-up);
`mafvote.config.records` (its `RECORDS` and its names) and `mafvote.config` name them lazily.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import datetime

from ..messages import text as t
from .problems import ConfigError, unset_env_problem

__all__ = ["EmailConfig", "LoginConfig", "Replacement", "TelegramConfig", "WebhookConfig"]

# made as `records` makes its records (keyword-only; what the loader fills in kept out of `__init__` and the cache),
# not imported from it: `records` imports this module when a record is first asked for, never the other way round
_record = dataclass(kw_only=True)


def _filled(default):
    return field(default=default, init=False, repr=False)


@_record
class LoginConfig:
    """A forum's [forums.login]: the bot account and the environment variable with its password."""
    user: str
    password_env: str
    _where: str = _filled("")

    def locate(self, where: str) -> None:
        """Where the file sets `password_env` (`config.toml: forums[0].login.password_env`), for the problem an
        unset variable gives: the loader knows it, the record does not."""
        self._where = where

    def password(self) -> str:
        """The password, read from the environment now (never stored in the file or in memory)."""
        value = os.environ.get(self.password_env)
        if not value:
            where = self._where or "login.password_env"
            raise ConfigError([unset_env_problem(where, self.password_env, t("config.env.for.login"))])
        return value


@_record
class Replacement:
    """A player's replacement: the new nick and from when."""
    nick: str
    at: datetime


@_record
class TelegramConfig:
    """[alerts.telegram]: the bot token's environment variable and the chat."""
    token_env: str
    chat_id: str


@_record
class EmailConfig:
    """[alerts.email]: the SMTP server, its account and the addresses."""
    host: str
    port: int = 587
    starttls: bool = True
    user: str | None = None
    password_env: str | None = None
    sender: str
    to: list[str]


@_record
class WebhookConfig:
    """[alerts.webhook]: the address alerts are posted to."""
    url: str
