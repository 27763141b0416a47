"""What depends on the machine a config runs on rather than on the file: unset `*_env` variables of the alert
channels and forum logins in use, an alert table no channel lists, a GM who is also in the roster. `mafvote
check` reports them as warnings, because a file checked on the GM's laptop may run on a server that has the
secrets.
"""
from __future__ import annotations

import os

from .problems import Problem, unset_env_problem
from .schema import CHANNELS, Config
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
            out.append(Problem(problem.file, problem.key, problem.message, problem.hint, "warning"))

    alerts = config.alerts
    if "telegram" in alerts.channels and alerts.telegram:
        need("alerts.telegram.token_env", alerts.telegram.token_env, "the telegram alert channel")
    if "email" in alerts.channels and alerts.email:
        need("alerts.email.password_env", alerts.email.password_env, "the email alert channel")
    for channel in CHANNELS:
        if getattr(alerts, channel) is not None and channel not in alerts.channels:
            message = f"[alerts.{channel}] is set but not listed in alerts.channels, so it never fires"
            hint = f'add "{channel}" to channels, or remove the table'
            out.append(Problem(shown, f"alerts.{channel}", message, hint, "warning"))
    if config.publish.forum:
        used = {g.forum for g in config.games}
        for i, forum in enumerate(config.forums):
            if forum.id in used and forum.login:
                need(f"forums[{i}].login.password_env", forum.login.password_env, f'posting to forum "{forum.id}"')
    for g, game in enumerate(config.games):
        players = {name_key(n): p for p, player in enumerate(game.players) for n in player.names()}
        for k, gm in enumerate(game.gm):
            if name_key(gm) in players:
                out.append(Problem(shown, f"games[{g}].gm[{k}]",
                                   f'the GM "{gm}" is also in the roster (players[{players[name_key(gm)]}])',
                                   "the GM never plays (RULES.md §1); GM posts are read as proxy votes", "warning"))
    return out
