"""What depends on the machine a config runs on rather than on the file: unset `*_env` variables of the alert
channels and forum logins in use, an alert table no channel lists, a GM who is also in the roster. `mafvote
check` reports them as warnings, because a file checked on the GM's laptop may run on a server that has the
secrets.
"""
from __future__ import annotations

import os

from ..messages import text as t
from .problems import Problem, unset_env_problem
from .records import CHANNELS, Config
from .values import name_key

__all__ = ["environment_problems"]


def environment_problems(config: Config) -> list[Problem]:
    """Warnings about the environment this config will run in: unset `*_env` variables of the alert
    channels in use and of forum logins needed for posting. Not errors of the file: the file may be
    checked on a machine that does not hold the secrets."""
    shown = config.shown_as
    out: list[Problem] = []

    def need(key: str, variable: str | None, what: str) -> None:
        if variable and not os.environ.get(variable):
            problem = unset_env_problem(f"{shown}: {key}", variable, what)
            out.append(Problem(problem.file, problem.where, problem.message, problem.hint, "warning"))

    alerts = config.alerts
    if "telegram" in alerts.channels and alerts.telegram:
        need("alerts.telegram.token_env", alerts.telegram.token_env, t("config.env.for.telegram"))
    if "email" in alerts.channels and alerts.email:
        need("alerts.email.password_env", alerts.email.password_env, t("config.env.for.email"))
    for channel in CHANNELS:
        if getattr(alerts, channel) is not None and channel not in alerts.channels:
            out.append(Problem(shown, f"alerts.{channel}", t("config.channel.unlisted", channel=channel),
                               t("config.channel.unlisted.hint", channel=channel), "warning"))
    if config.publish.forum:
        used = {g.forum for g in config.games}
        for i, forum in enumerate(config.forums):
            if forum.id in used and forum.login:
                need(f"forums[{i}].login.password_env", forum.login.password_env,
                     t("config.env.for.posting", forum=forum.id))
    for g, game in enumerate(config.games):
        players = {name_key(n): p for p, player in enumerate(game.players) for n in player.names()}
        for k, gm in enumerate(game.gm):
            if name_key(gm) in players:
                out.append(Problem(shown, f"games[{g}].gm[{k}]", t("config.gm_plays", gm=gm, p=players[name_key(gm)]),
                                   t("config.gm_plays.hint"), "warning"))
    return out
