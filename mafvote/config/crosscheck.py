"""The checks a schema cannot express, run on the raw TOML data so that they are reported even when the
schema found problems elsewhere: unique forum and game ids, a game's forum and ruleset exist, the first
deadline after the start, roster names that a vote could not tell apart (the count's own matcher compares
them) or could never name, the post folders, theme and style, alert channels with their table, a forum login
for posting, and a login sent over plain http to another machine (a warning). Tolerant: a value of the wrong
type is the schema's to report.
"""
from __future__ import annotations

import difflib
import ipaddress
import re
import tomllib
from datetime import tzinfo
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from mafvote_scraper.untrusted import name_problem
from mafvote_tally.names import RosterMatcher

from ..messages import text as t
from ..paths import data_dir
from ..rulesets import bundled_rulesets, resolve_ruleset
from .problems import Problem
from .records import CHANNELS, ENGINES, PUBLISHING_ENGINES
from .values import (
    find_zone,
    localize,
    name_key,
    parse_datetime,
    show_time,
    shown_value,
)

__all__ = ["cross_problems", "tables_of", "text_at"]


def tables_of(value: Any) -> list[tuple[int, dict[str, Any]]]:
    return [(i, v) for i, v in enumerate(value) if isinstance(v, dict)] if isinstance(value, list) else []


def text_at(table: dict[str, Any], key: str) -> str | None:
    value = table.get(key)
    return value if isinstance(value, str) and value.strip() else None


def _plain_http_elsewhere(url: str) -> bool:
    """Plain http to another machine: anyone on the way reads a login sent there."""
    try:
        parts = urlsplit(url.strip())
        host = (parts.hostname or "").lower()
    except ValueError:
        return False
    if parts.scheme.lower() != "http" or not host or host == "localhost" or host.endswith(".localhost"):
        return False
    try:
        return not ipaddress.ip_address(host).is_loopback
    except ValueError:
        return True


def cross_problems(raw: dict[str, Any], shown: str, base: Path) -> list[Problem]:
    problems: list[Problem] = []
    add = problems.append
    forums = tables_of(raw.get("forums"))
    games = tables_of(raw.get("games"))

    forum_ids: dict[str, int] = {}
    for i, forum in forums:
        fid = text_at(forum, "id")
        if fid is None:
            continue
        if fid in forum_ids:
            add(Problem(shown, f"forums[{i}].id", t("config.forum_id.twice", id=fid, other=forum_ids[fid]),
                        t("config.forum_id.twice.hint")))
        else:
            forum_ids[fid] = i
    for i, forum in forums:
        url = text_at(forum, "base_url")
        if isinstance(forum.get("login"), dict) and url and _plain_http_elsewhere(url):
            add(Problem(shown, f"forums[{i}].base_url", t("config.plain_http"), t("config.plain_http.hint"),
                        severity="warning"))
    forum_by_id = forum_ids

    game_ids: dict[str, int] = {}
    rulesets = bundled_rulesets()
    for g, game in games:
        where = f"games[{g}]"
        gid = text_at(game, "id")
        if gid is not None:
            if gid in game_ids:
                add(Problem(shown, f"{where}.id", t("config.game_id.twice", id=gid, other=game_ids[gid]),
                            t("config.game_id.twice.hint")))
            else:
                game_ids[gid] = g

        forum_ref = text_at(game, "forum")
        forum_table: dict[str, Any] | None = None
        if forum_ref is not None:
            if forum_ref in forum_by_id:
                forum_table = dict(forums)[forum_by_id[forum_ref]]
            elif forum_ids:
                close = difflib.get_close_matches(forum_ref, list(forum_ids), n=1, cutoff=0.6)
                hint = (t("config.did_you_mean", close=close[0]) if close
                        else t("config.forum_ref.known", ids=", ".join(forum_ids)))
                add(Problem(shown, f"{where}.forum", t("config.forum_ref", id=forum_ref), hint))
            else:
                add(Problem(shown, f"{where}.forum", t("config.forum_ref", id=forum_ref), t("config.forum_ref.add")))

        ruleset = text_at(game, "ruleset")
        if ruleset is not None and resolve_ruleset(ruleset, base) is None:
            close = difflib.get_close_matches(ruleset, list(rulesets), n=1, cutoff=0.6)
            hint = (t("config.did_you_mean", close=close[0]) + " " if close else "") + (
                t("config.ruleset.hint", names=", ".join(rulesets)) if rulesets else t("config.ruleset.hint.none"))
            add(Problem(shown, f"{where}.ruleset", t("config.ruleset.missing", name=ruleset), hint))

        game_topic, vote_thread = text_at(game, "game_topic"), text_at(game, "vote_thread")
        if game_topic is not None and vote_thread is not None and game_topic.strip() == vote_thread.strip():
            # the votes would be read from the game topic and counted with its chat; almost surely a copy-paste slip
            add(Problem(shown, f"{where}.vote_thread", t("config.vote_thread.same"), t("config.vote_thread.same.hint")))

        problems += _schedule_problems(game, forum_table, where, shown)
        problems += _roster_problems(game, where, shown)
        problems += _post_problems(game, where, shown, base)

    problems += _alerts_problems(raw, shown)
    problems += _publish_problems(raw, games, forums, forum_by_id, shown)
    return problems


def _zone_of(game: dict[str, Any], forum: dict[str, Any] | None) -> tzinfo | None:
    schedule = game.get("schedule") if isinstance(game.get("schedule"), dict) else {}
    for name in (schedule.get("timezone"), (forum or {}).get("timezone")):
        if isinstance(name, str):
            try:
                return find_zone(name)
            except ValueError:
                return None
    return None


def _schedule_problems(game: dict[str, Any], forum: dict[str, Any] | None, where: str, shown: str) -> list[Problem]:
    schedule = game.get("schedule")
    if not isinstance(schedule, dict):
        return []
    problems = []
    try:
        start = parse_datetime(schedule.get("start"))
        deadline = parse_datetime(schedule.get("first_deadline"))
    except ValueError:
        return problems  # the schema reports the unreadable one
    tz = _zone_of(game, forum)
    if tz is None and (start.tzinfo is None) != (deadline.tzinfo is None):
        return problems  # cannot compare until the time zone is fixed
    if tz is not None:
        start, deadline = localize(start, tz), localize(deadline, tz)
    if deadline <= start:
        problems.append(
            Problem(shown, f"{where}.schedule.first_deadline",
                    t("config.first_deadline", deadline=show_time(deadline), start=show_time(start)),
                    t("config.first_deadline.hint"))
        )
    return problems


def _roster_problems(game: dict[str, Any], where: str, shown: str) -> list[Problem]:
    # two names are one when the vote count reads them as one (RULES.md §2: case, ё/е, spaces, punctuation and
    # Latin/Cyrillic look-alike letters aside), so it is the count's own matcher that compares them
    problems = []
    owners: dict[str, tuple[int, str]] = {}  # a name's first use -> (player index, key path of that use)
    for p, player in tables_of(game.get("players")):
        names: list[tuple[str, str]] = []
        if text_at(player, "nick"):
            names.append((f"{where}.players[{p}].nick", player["nick"]))
        aliases = player.get("aliases")
        for a, alias in enumerate(aliases if isinstance(aliases, list) else []):
            if isinstance(alias, str) and alias.strip():
                names.append((f"{where}.players[{p}].aliases[{a}]", alias))
        if text_at(player, "mask"):
            names.append((f"{where}.players[{p}].mask", player["mask"]))
        replaced = player.get("replaced_by")
        if isinstance(replaced, dict) and text_at(replaced, "nick"):
            names.append((f"{where}.players[{p}].replaced_by.nick", replaced["nick"]))
        for path, name in names:
            bad = name_problem(name)
            if bad:
                # a vote could never name them, and posts would show nothing or garble the line (issue 13)
                problems.append(Problem(shown, path, _unusable_name(name, bad), t("config.nick.unusable.hint")))
                continue
            found = RosterMatcher(dict.fromkeys(owners, ()), use_morph=False).match(name, fuzzy=False)
            if found.step not in ("exact", "lookalike"):
                owners[name] = (p, path)
                continue
            same = found.candidates[0]
            other, first = owners[same]
            if other == p:
                continue  # the same player's alias repeating their nick is harmless
            by_case = found.step != "lookalike" and name_key(name) == name_key(same)
            if found.step == "lookalike":
                how = t("config.roster.lookalike", same=same.strip())
            else:
                how = t("config.roster.punctuation", same=same.strip())
            also = first.removeprefix(where + ".")
            if path.endswith(".nick") and first.endswith(".nick") and ".replaced_by." not in path + first:
                message = t("config.roster.nick_twice", name=name.strip(), also=also)
                hint = t("config.roster.nick_twice.hint.case") if by_case else t("config.roster.nick_twice.hint", how=how)
            else:
                message = t("config.roster.two_players", name=name.strip(), also=also)
                hint = t("config.roster.two_players.hint") if by_case else t("config.roster.two_players.hint.how",
                                                                               how=how)
            problems.append(Problem(shown, path, message, hint))
    return problems


def _unusable_name(name: str, bad: str) -> str:
    """`scraper.untrusted.name_problem`'s finding (the crawler's English; it cannot import the catalogue) in the GM's
    words."""
    if m := re.fullmatch(r"contains the control character (U\+[0-9A-F]+)", bad):
        return t("config.nick.control", name=shown_value(name), code=m[1])
    if m := re.fullmatch(r"is made only of invisible characters \((.*)\)", bad):
        return t("config.nick.invisible", name=shown_value(name), codes=m[1])
    return f"{shown_value(name)} {bad}"


def _folder_problem(game: dict[str, Any], key: str, where: str, shown: str, base: Path,
                    what: str) -> tuple[Path | None, Problem | None]:
    """A game's folder key (`templates_dir`, `flavor_dir`): the folder, or the problem with it."""
    value = text_at(game, key)
    if value is None:
        return None, None
    folder = Path(value).expanduser()
    if not folder.is_absolute():
        folder = base / folder
    if folder.is_dir():
        return folder, None
    message = t("config.folder.file" if folder.exists() else "config.folder.missing", value=value, folder=folder)
    return None, Problem(shown, f"{where}.{key}", message, t("config.folder.hint", what=what))


def _post_problems(game: dict[str, Any], where: str, shown: str, base: Path) -> list[Problem]:
    """The post keys (`theme`, `templates_dir`, `flavor_dir`): the folders exist, the theme has templates."""
    problems = []
    templates, problem = _folder_problem(game, "templates_dir", where, shown, base, t("config.folder.templates"))
    problems += [problem] if problem else []
    _, problem = _folder_problem(game, "flavor_dir", where, shown, base, t("config.folder.flavor"))
    problems += [problem] if problem else []
    theme = text_at(game, "theme")
    if theme is not None:
        # a theme is a folder with a theme.toml (mafvote.render.load_theme), bundled or in the GM's folder
        bundled = _themes_in(data_dir("templates"))
        own = _themes_in(templates) if templates is not None else []
        if theme not in bundled and theme not in own:
            known = sorted(set(bundled) | set(own))
            close = difflib.get_close_matches(theme, known, n=1, cutoff=0.6)
            hint = (t("config.did_you_mean", close=close[0]) + " " if close else "") + t(
                "config.theme.hint.own" if game.get("templates_dir") is not None else "config.theme.hint",
                themes=", ".join(known), theme=theme)
            problems.append(Problem(shown, f"{where}.theme", t("config.theme.missing", theme=theme), hint))
            return problems
    problem = _style_problem(game, where, shown, templates, theme)
    return problems + ([problem] if problem else [])


def _style_problem(game: dict[str, Any], where: str, shown: str, templates: Path | None,
                   theme: str | None) -> Problem | None:
    """The game's `style` is one of its theme's styles (`[theme] styles` of the theme.toml, the GM's copy first):
    a style the theme does not have would fail every post of the game."""
    style = game.get("style")
    if not isinstance(style, int) or isinstance(style, bool) or style < 0:
        return None                      # the model reports a wrong type or a negative number
    if theme is None:                    # the ruleset's theme, for a bundled ruleset
        path = bundled_rulesets().get(text_at(game, "ruleset") or "")
        try:
            theme = tomllib.loads(path.read_text(encoding="utf-8")).get("game", {}).get("theme") if path else None
        except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
            theme = None
    if not isinstance(theme, str):
        return None
    styles = 1
    for folder in (data_dir("templates"), templates):
        file = folder / theme / "theme.toml" if folder is not None else None
        if file is not None and file.is_file():
            try:
                styles = int(tomllib.loads(file.read_text(encoding="utf-8-sig")).get("theme", {}).get("styles", styles))
            except (OSError, ValueError, TypeError, tomllib.TOMLDecodeError, UnicodeDecodeError):
                pass
    if style < styles:
        return None
    which = "0" if styles == 1 else f"0–{styles - 1}"
    return Problem(shown, f"{where}.style", t("config.style", style=style, theme=theme, n=styles, which=which),
                   t("config.style.hint", most=styles - 1))


def _themes_in(folder: Path) -> list[str]:
    # `_base` holds what every theme inherits; it is not a theme of its own
    return [p.parent.name for p in sorted(folder.glob("*/theme.toml")) if not p.parent.name.startswith("_")]


def _alerts_problems(raw: dict[str, Any], shown: str) -> list[Problem]:
    alerts = raw.get("alerts")
    if not isinstance(alerts, dict) or not isinstance(alerts.get("channels"), list):
        return []
    problems = []
    for c, channel in enumerate(alerts["channels"]):
        if channel in CHANNELS and channel not in alerts:
            example = {
                "telegram": 'telegram = { token_env = "MAFVOTE_TG_TOKEN", chat_id = "123456" }',
                "email": 'email = { host = "smtp.example.org", sender = "gm@example.org", to = ["gm@example.org"] }',
                "webhook": 'webhook = { url = "https://example.org/hook" }',
            }[channel]
            problems.append(Problem(shown, f"alerts.channels[{c}]", t("config.channel.unset", channel=channel),
                                    t("config.channel.unset.hint", example=example)))
    return problems


def _publish_problems(raw, games, forums, forum_by_id, shown) -> list[Problem]:
    publish = raw.get("publish")
    if not isinstance(publish, dict) or publish.get("forum") is not True:
        return []
    problems = []
    tables = dict(forums)
    for g, game in games:
        ref = text_at(game, "forum")
        engine = tables[forum_by_id[ref]].get("engine") if ref in forum_by_id else None
        if engine in ENGINES and engine not in PUBLISHING_ENGINES:     # a misspelt engine is a problem of its own
            # `mafvote run` would stop on it at start; a forum's engine read as "auto" is known only when crawled
            key = "config.publish.engine.auto" if engine == "auto" else "config.publish.engine"
            problems.append(Problem(shown, "publish.forum",
                                    t(key, forum=ref, game=game.get("id", g), engine=engine,
                                      engines=", ".join(PUBLISHING_ENGINES)),
                                    t(f"{key}.hint", i=forum_by_id[ref], engines=", ".join(PUBLISHING_ENGINES))))
            continue
        if ref in forum_by_id and not isinstance(tables[forum_by_id[ref]].get("login"), dict):
            i = forum_by_id[ref]
            example = f'login = {{ user = "...", password_env = "MAFVOTE_{ref.upper().replace("-", "_")}_PASSWORD" }}'
            problems.append(Problem(shown, "publish.forum", t("config.publish.login", forum=ref, game=game.get("id", g)),
                                    t("config.publish.login.hint", example=example, i=i)))
    return problems
