"""What the tests share (issue 16.5, STYLE.md 13): the builders of a config, a day's posts, a night, a game folder
and a local forum, so that no test module imports from another. The fixtures over them are in conftest.py.

Sections: paths; the `mafvote` command; the config builder; the MyBB test game (tests/data/game/config.toml over the
captured vote thread of fixtures/html/mybb); the count's builders (`tally`); the night scenarios
(tests/data/nights, the resolver); the rendered posts; the games on a local forum or a hand-filled store; the daemon's
day; the store's pages; the hostile server."""
from __future__ import annotations

import hashlib
import json
import threading
import tomllib
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Callable
from urllib.parse import parse_qs
from zoneinfo import ZoneInfo

from click.testing import CliRunner

import mafvote.game as game_mod
import mafvote_tally as T
from mafvote import rulesets
from mafvote.alerts import ChannelError
from mafvote.cli import cli
from mafvote.config import ForumConfig, LoginConfig, load_config
from mafvote.daemon import Daemon
from mafvote.forumsim import ForumSim
from mafvote.game import GameService, clock_at
from mafvote.publish import ForumPublisher
from mafvote.render import build_data, render_private, roles_from_ruleset
from mafvote.store import Store
from mafvote_resolver import (EVENT_KINDS, PRIVATE_KINDS, Action, DayCount, Rolls, append_action, apply_day, close_day,
                              current_boss, loads_ruleset, new_game, parse_night_file, resolve_night)
from mafvote_resolver.actions import check_action
from mafvote_resolver.duty import night_duty
from mafvote_scraper.crawl import crawl_topic
from mafvote_scraper.fetch import FetchedMeta, ForumClient
from mafvote_scraper.model import EditNotice, ParsedPage, ParsedPost
from mafvote_scraper.parse import parse_page

# ------------------------------------------------------------------------------------------------ paths

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
MYBB = ROOT / "fixtures" / "html" / "mybb"
MOSCOW = ZoneInfo("Europe/Moscow")
# a vote as MyBB 1.8 marks it up (the local forum, mafvote.forumsim, writes the same)
RED = '<span style="color: red;" class="mycode_color">{}</span>'


# ------------------------------------------------------------------------------------- the mafvote command


def run(*args: str) -> tuple[int, str, str]:
    """`mafvote ARGS` as the GM runs it (click's runner over the real entry point): exit code, stdout, stderr."""
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def ok(*args: str) -> str:
    code, out, err = run(*args)
    assert code == 0, err
    return out


def day_tally(day: int, view: str = "gm", *extra: str) -> dict:
    """`mafvote tally --day DAY --view VIEW --format json [EXTRA]`, read."""
    return json.loads(ok("tally", "--day", str(day), *extra, "--view", view, "--format", "json"))


def config_and_game():
    """The config in the current folder and its first game: what `mafvote.game.open_service` takes."""
    config = load_config(Path("config.toml"))
    return config, config.games[0]


def state() -> dict:
    """`mafvote state --format json`: the game's state as the GM sees it."""
    return json.loads(ok("state", "--format", "json"))


# ------------------------------------------------------------------------------------- the config builder


def toml_value(value) -> str:
    """A value as config.toml writes it: a string, number or boolean (JSON's spelling is TOML's), a list, an
    inline table."""
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


def _keys(table: dict) -> list[str]:
    return [f"{k} = {toml_value(v)}" for k, v in table.items() if v is not None]


def game_config(base: str = "http://127.0.0.1:1/", *, store: str | None = "m.db", forum: dict | None = None,
                game: dict | None = None, schedule: dict | None = None, players=(), **tables: dict) -> str:
    """config.toml of one game (ruleset new_year, GM «Ведущий», game topic tid=1, vote thread tid=2) on one MyBB
    forum at `base`, the night first. `forum`, `game` and `schedule` add or override keys of their table (None
    leaves a key out); `players` are (nick, role) pairs or whole entries; `tables` are more top-level tables
    (`alerts={...}`, `publish={...}`). `store=None` leaves out [store]."""
    forum_keys = {"id": "f", "engine": "mybb", "base_url": base, "timezone": "Europe/Moscow", **(forum or {})}
    game_keys = {"id": "g", "forum": forum_keys["id"], "ruleset": "new_year",
                 "game_topic": f"{base}showthread.php?tid=1", "vote_thread": f"{base}showthread.php?tid=2",
                 "gm": ["Ведущий"], **(game or {})}
    schedule_keys = {"start": "2026-12-27T20:00", "starts_with": "night", "first_deadline": "2026-12-28T23:30",
                     "day_deadline": "22:00", "night_deadline": "22:30", **(schedule or {})}
    lines = ["[store]", *_keys({"path": store}), ""] if store is not None else []
    lines += ["[[forums]]", *_keys(forum_keys), "", "[[games]]", *_keys(game_keys), "",
              "[games.schedule]", *_keys(schedule_keys)]
    for player in players:
        lines += ["", "[[games.players]]", *_keys(player if isinstance(player, dict) else
                                                   {"nick": player[0], "role": player[1]})]
    for name, table in tables.items():
        lines += ["", f"[{name}]", *_keys(table)]
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------- the MyBB test game (tests/data/game/config.toml)

GAME_CONFIG = DATA / "game" / "config.toml"        # New Year roles, night 1 first; {store} filled in by the tests
GAME_BASE = "http://127.0.0.1:8081/"
CAPTURE = datetime(2027, 1, 1, 15, 40, tzinfo=timezone.utc)     # the capture instant of the pages: after day 1
AFTER = datetime(2027, 1, 2, 0, 0, tzinfo=timezone.utc)         # past day 1's deadline (2026-12-31 18:00 MSK)
WINDOW = ["--since", "2026-12-30T20:00", "--deadline", "2027-01-01T18:00"]     # day 1 of the vote thread


def fill_store(db: Path, pages: int = 5, seen: datetime = CAPTURE) -> None:
    """Store the game topic and the first `pages` pages of the vote thread as one crawl at `seen` would."""
    with Store(db) as s:
        s.ensure_forum("hyper", engine="mybb", base_url=GAME_BASE, timezone_name="Europe/Moscow")
        for kind, tid, files in (("game", "1", ["showthread_tid1_game_page1.html"]),
                                 ("vote", "2", [f"showthread_tid2_page{i}.html" for i in range(1, pages + 1)])):
            topic = s.ensure_topic("hyper", tid, url=f"{GAME_BASE}showthread.php?tid={tid}", kind=kind, game_id="ny")
            for n, name in enumerate(files, 1):
                url = f"{GAME_BASE}showthread.php?tid={tid}&page={n}"
                page = parse_page((MYBB / name).read_bytes(), url=url, profile="mybb", tz=MOSCOW, now=seen)
                s.upsert_page(topic, page, FetchedMeta(url, seen))


def fill_store_post_by_post(db: Path) -> None:
    """Store both topics as a crawl after every post would have: each post first seen at its own time."""
    with Store(db) as s:
        s.ensure_forum("hyper", engine="mybb", base_url=GAME_BASE, timezone_name="Europe/Moscow")
        for kind, tid, files in (("game", "1", ["showthread_tid1_game_page1.html"]),
                                 ("vote", "2", [f"showthread_tid2_page{i}.html" for i in range(1, 6)])):
            topic = s.ensure_topic("hyper", tid, url=f"{GAME_BASE}showthread.php?tid={tid}", kind=kind, game_id="ny")
            for n, name in enumerate(files, 1):
                url = f"{GAME_BASE}showthread.php?tid={tid}&page={n}"
                page = parse_page((MYBB / name).read_bytes(), url=url, profile="mybb", tz=MOSCOW, now=CAPTURE)
                for k in range(1, len(page.posts) + 1):
                    part = ParsedPage(url=url, engine="mybb", topic_id=tid, page=page.page, last_page=page.last_page,
                                      next_url=page.next_url, posts=page.posts[:k], title=page.title)
                    s.upsert_page(topic, part, FetchedMeta(url, page.posts[k - 1].time))


def make_game_dir(folder: Path, monkeypatch, *, fill: Callable[[Path], None] = fill_store, now: datetime = AFTER,
                  config: Path = GAME_CONFIG) -> Path:
    """The test game in `folder`: config.toml (store state/m.db), the store filled by `fill`, `folder` the current
    directory and the game's clock at `now`."""
    (folder / "config.toml").write_text(config.read_text(encoding="utf-8").replace("{store}", "state/m.db"),
                                        encoding="utf-8")
    fill(folder / "state" / "m.db")
    monkeypatch.chdir(folder)
    monkeypatch.setattr(game_mod, "utc_now", lambda: now)
    return folder


def game_service(tmp_path, text: str | None = None, *, posts: bool = False):
    """The store and the `GameService` of the test game (config `text`, else tests/data/game/config.toml) in
    tmp_path; `posts`: the vote thread's five pages stored as at CAPTURE."""
    path = tmp_path / "config.toml"
    path.write_text(text or GAME_CONFIG.read_text(encoding="utf-8").replace("{store}", "m.db"), encoding="utf-8")
    config = load_config(path)
    game = config.games[0]
    store = Store(config.store.path)
    if posts:
        store.ensure_forum("hyper", engine="mybb", base_url=GAME_BASE, timezone_name="Europe/Moscow")
        topic = store.ensure_topic("hyper", "2", url=f"{GAME_BASE}showthread.php?tid=2", kind="vote", game_id="ny")
        for n in range(1, 6):
            url = f"{GAME_BASE}showthread.php?tid=2&page={n}"
            page = parse_page((MYBB / f"showthread_tid2_page{n}.html").read_bytes(), url=url, profile="mybb",
                              tz=MOSCOW, now=CAPTURE)
            store.upsert_page(topic, page, FetchedMeta(url, CAPTURE))
    return store, GameService(store, game, rulesets.load(game.ruleset_path), nights_dir=tmp_path / "nights",
                              engine="mybb", base_url=GAME_BASE)


# ------------------------------------------------------------ the test game with a GM's copy of its ruleset

# tests/data/gm_ruleset/config.toml: the MyBB test game with ruleset new_year, or a copy of it with one line changed
RULESET_GAME_CONFIG = DATA / "gm_ruleset" / "config.toml"
NEW_YEAR_RULESET = ROOT / "rulesets" / "new_year.toml"


def write_ruleset_game(folder: Path, *, ruleset_edit: tuple[str, str] | None = None) -> None:
    """The game in `folder`, its thread stored; `ruleset_edit` (old, new): the ruleset is mine.toml, a copy of
    rulesets/new_year.toml with that one line changed, as a GM would make it."""
    text = RULESET_GAME_CONFIG.read_text(encoding="utf-8").replace("{store}", "state/m.db")
    if ruleset_edit is not None:
        old, new = ruleset_edit
        rules = NEW_YEAR_RULESET.read_text(encoding="utf-8")
        assert rules.count(old) == 1, old
        (folder / "mine.toml").write_text(rules.replace(old, new), encoding="utf-8")
        text = text.replace('ruleset = "new_year"', 'ruleset = "mine.toml"')
    (folder / "config.toml").write_text(text, encoding="utf-8")
    fill_store(folder / "state" / "m.db")


def make_ruleset_game_dir(folder: Path, monkeypatch, *, ruleset_edit: tuple[str, str] | None = None) -> Path:
    """write_ruleset_game in `folder`, the current directory, the clock past day 1's deadline."""
    write_ruleset_game(folder, ruleset_edit=ruleset_edit)
    monkeypatch.chdir(folder)
    monkeypatch.setattr(game_mod, "utc_now", lambda: AFTER)
    return folder


def make_new_game_dir(folder: Path, monkeypatch) -> Path:
    """The MyBB test game in `folder` with an empty store: a new game, no phase applied yet; the clock past day 1's
    deadline."""
    (folder / "config.toml").write_text(GAME_CONFIG.read_text(encoding="utf-8").replace("{store}", "state/m.db"),
                                        encoding="utf-8")
    (folder / "state").mkdir()
    with Store(folder / "state" / "m.db"):
        pass                                  # a new game: no phase applied yet
    monkeypatch.chdir(folder)
    monkeypatch.setattr(game_mod, "utc_now", lambda: AFTER)
    return folder


def to_night_2() -> None:
    """Night 1: the doctor Алукард heals Нежка; day 1 closed at its deadline, nobody hanged."""
    ok("night", "add", "--night", "1", "--actor", "Алукард", "Лечу Нежку")
    ok("night", "resolve", "--night", "1")
    ok("day", "close", "--day", "1", "--nobody")

def undo_steps() -> int:
    """How many steps `undo` could take back."""
    return len(json.loads(ok("state", "--format", "json")).get("applied") or ())


def refused(*args: str) -> str:
    """The command exits 2 with one error line; its message."""
    code, out, err = run(*args)
    assert (code, out) == (2, ""), err
    assert err.startswith("error: ") and err.count("\n") == 1, err
    return err[len("error: "):-1]


# ------------------------------------------------------------------------------------- the count's builders (tally)

MSK = timezone(timedelta(hours=3))


PLAYERS = ("Соня", "Петя", "Вася", "Ronin", "Nejka", "Алукард")


GM = "Ведущий"


def at(hhmm: str, day: int = 1) -> datetime:
    """A time on 2027-01-<day> MSK from "HH:MM" (or "HH:MM:SS")."""
    parts = [int(x) for x in hhmm.split(":")]
    return datetime(2027, 1, day, *parts, tzinfo=MSK)


def red(name: str) -> str:
    return f'<span style="color: #FF0000;" class="mycode_color">{name}</span>'


def blue(name: str) -> str:
    return f'<span style="color: #0000FF;" class="mycode_color">{name}</span>'


def bold(name: str) -> str:
    return f"<strong>{name}</strong>"


# 004's [votes] (rulesets/grand_hotel.toml): no colours, an edit voids the vote, the penalty cumulative
GRAND_HOTEL_VOTES = {"colors_matter": False, "edited_vote": "void", "penalty": "cumulative",
                     "tie": "nobody_once_then_all", "modkill_closes_day": True}


def roster(players=PLAYERS, **extra) -> T.Roster:
    ps = []
    for p in players:
        ps.append(p if isinstance(p, T.Player) else T.Player(p, **extra.get(p, {})))
    return T.Roster(tuple(ps), gms=(GM,))


_ids = iter(range(1, 10**9))


def post(author: str, hhmm: str, html: str, *, pid: int | None = None, topic: str = "vote",
         day: int = 1, **kw) -> T.Post:
    return T.Post(pid if pid is not None else next(_ids), topic, author, at(hhmm, day), html, **kw)


def day_state(**kw) -> T.DayState:
    base = dict(day=1, deadline=at("22:00"), alive=PLAYERS, start=at("00:00"))
    base.update(kw)
    return T.DayState(**base)


def count(posts, *, rules: dict | None = None, view: str = "gm", players=PLAYERS, as_of=None,
          ros: T.Roster | None = None, **st) -> T.Tally:
    return T.count_day(posts, day_state(**st), ros or roster(players), T.VoteRules.from_mapping(rules or {}),
                       game="test", view=view, as_of=as_of)


def totals(t: T.Tally) -> dict[str, int]:
    return {c.player: c.total for c in t.candidates}


def penalties_of(t: T.Tally) -> dict[str, int]:
    return {c.player: c.penalty for c in t.candidates if c.penalty}


def counted(t: T.Tally) -> dict[str, tuple[str | None, str]]:
    return {v.voter: (v.target, v.color) for v in t.votes if v.counted}


def flags(t: T.Tally, kind: str | None = None) -> list[tuple[str, str | None]]:
    return [(f.kind, f.player) for f in t.flags if kind is None or f.kind == kind]


def scenario_time(text: str, base: str) -> datetime:
    """"HH:MM[:SS]" on the scenario's date, "YYYY-MM-DD HH:MM" in MSK, or ISO with an offset."""
    if "T" in text or "+" in text:
        return datetime.fromisoformat(text)
    if " " not in text:
        text = f"{base} {text}"
    return datetime.fromisoformat(text).replace(tzinfo=MSK)


def load_tally_scenario(path: Path):
    sc = tomllib.loads(path.read_text(encoding="utf-8"))
    base = sc.get("date", "2027-01-01")
    players = []
    for p in sc["players"]:
        if isinstance(p, str):
            players.append(T.Player(p))
        else:
            players.append(T.Player(p["nick"], tuple(p.get("aliases", ())), p.get("mask"),
                                    tuple(T.Replacement(r["nick"], scenario_time(r["at"], base))
                                          for r in p.get("replacements", ()))))
    roster = T.Roster(tuple(players), gms=tuple(sc.get("gm", ["Ведущий"])))
    d = sc["day"]
    state = T.DayState(
        day=d["day"], deadline=scenario_time(d["deadline"], base) if "deadline" in d else None,
        alive=tuple(d.get("alive", [p.nick for p in players])),
        start=scenario_time(d["start"], base) if "start" in d else None,
        silences=tuple(T.Silence(s["player"], s.get("announced", True)) for s in d.get("silences", ())),
        shields=tuple(T.Shield(s["player"], s["kind"], s.get("source", ""), s.get("consumable", False),
                               s.get("stripped", False)) for s in d.get("shields", ())),
        weights={k: T.Weight(**v) for k, v in d.get("weights", {}).items()},
        transfers=tuple(T.Transfer(t["kind"], t["source"], t["to"]) for t in d.get("transfers", ())),
        misses_so_far=d.get("misses_so_far", {}), ties_so_far=d.get("ties_so_far", 0),
        excused=tuple(d.get("excused", ())), owes_night_action=tuple(d.get("owes_night_action", ())),
        modkilled=tuple(d.get("modkilled", ())),
    )
    posts = []
    for i, p in enumerate(sc.get("posts", ())):
        posts.append(T.Post(
            p.get("id", i + 1), p.get("topic", "vote"), p["author"], scenario_time(p["time"], base), p["html"],
            versions=tuple((scenario_time(t, base), h) for t, h in p.get("versions", ())),
            edited=p.get("edited", False),
            edited_at=scenario_time(p["edited_at"], base) if "edited_at" in p else None))
    rules = T.VoteRules.from_mapping(sc.get("votes", {}))
    return sc, base, roster, state, posts, rules


HIDDEN = {
    "doctor_triple_blue": dict(weights={"Соня": T.Weight(blue=3)}),
    "prosecutor_double_red": dict(weights={"Ronin": T.Weight(red=2)}),
    "boss_hidden_vote_loss": dict(silences=(T.Silence("Вася", announced=False),)),
    "laura_unannounced_silence": dict(silences=(T.Silence("Nejka", announced=False),)),
    "stolen_vote": dict(transfers=(T.Transfer("stolen", "Алукард", "Ronin"),)),
    "gifted_vote": dict(transfers=(T.Transfer("gifted", "Петя", "Вася"),)),
}


POSTS = [
    post("Соня", "10:00", blue("Петя")),
    post("Петя", "10:30", red("Вася")),
    post("Вася", "11:00", red("Петя")),
    post("Ronin", "11:30", red("Петя")),
    post("Nejka", "12:00", red("Вася")),
    post("Алукард", "12:30", red("Вася")),
]


# ----------------------------------------------------------------------- a day of 000 (peculiar) on the count alone

RED_STYLE = '<span style="color: red">{}</span>'
PLAYERS_000 = ("Франклин", "Алтея", "Рики", "Юна", "Энни")
# 000 (peculiar): early close by itself from day 3 (000 rule 13), three posts a day for a night action (000 rule 12)
RULES_000 = T.VoteRules.from_mapping({"early_close_from_day": 3, "early_close": "auto",
                                      "night_action_is_duty": True, "min_posts_for_night_action": 3})


def day_at(day: int, hm: str) -> datetime:
    h, m = hm.split(":")
    return datetime(2027, 1, day, int(h), int(m), tzinfo=MOSCOW)


class VoteThread:
    """The vote thread of a day, post by post, for `tally.count_day`."""

    def __init__(self) -> None:
        self.posts: list[T.Post] = []

    def add(self, author: str, when: datetime, html: str, topic: str = "vote") -> int:
        pid = 100 + len(self.posts)
        self.posts.append(T.Post(pid, topic, author, when, html))  # type: ignore[arg-type]
        return pid

    def vote(self, author: str, when: datetime, target: str, early: bool = False) -> int:
        return self.add(author, when, RED_STYLE.format(target) + (" досрочно" if early else ""))


def roster_000(*replacements: tuple[str, str, datetime]) -> T.Roster:
    reps = {slot: (T.Replacement(nick, when),) for slot, nick, when in replacements}
    return T.Roster(tuple(T.Player(p, replacements=reps.get(p, ())) for p in PLAYERS_000), gms=("ГМ",))


def day3_000(**kw) -> T.DayState:
    return T.DayState(day=3, start=day_at(13, "00:00"), deadline=day_at(13, "22:30"), alive=PLAYERS_000, **kw)


# ------------------------------------------------------------ the night scenarios (tests/data/nights, the resolver)

SCENARIOS = ROOT / "tests" / "data" / "nights"
DAY_SCENARIOS = ROOT / "tests" / "data" / "days"     # the rules of closing a day (resolver.close_day)


def load_ruleset(name: str):
    path = ROOT / "rulesets" / f"{name}.toml"
    return loads_ruleset(path.read_text(encoding="utf-8"), f"rulesets/{name}.toml")


def build(scenario: dict):
    ruleset = load_ruleset(scenario["ruleset"])
    players = list(scenario.get("players", []))
    # shorthand: roster = { Nick = "Role" }, dead = ["Nick"] (dead before the scenario starts)
    players += [{"nick": nick, "role": role} for nick, role in scenario.get("roster", {}).items()]
    dead = set(scenario.get("dead", ()))
    players = [{**p, "alive": p["nick"] not in dead, "died": "before" if p["nick"] in dead else ""} for p in players]
    state = new_game(scenario.get("game", "test"), players, ruleset)
    pre = scenario.get("state", {})
    if pre:
        state = replace(state, night=pre.get("night", 0), day=pre.get("day", 0),
                        under_active=frozenset(pre.get("under_active", ())), misses=dict(pre.get("misses", {})))
    return ruleset, state


def night_actions(ruleset, state, phase: dict) -> list[Action]:
    actions = []
    for i, entry in enumerate(phase.get("actions", [])):
        action = Action(actor=entry["actor"], ability=entry["ability"], targets=tuple(entry.get("targets", ())),
                        role=entry.get("role", ""), copy=entry.get("copy", ""), kill=tuple(entry.get("kill", ())),
                        question=entry.get("question", ""), learn=entry.get("learn", ""))
        if phase.get("unchecked"):   # to pin the engine's own refusals of what a night file would reject
            actions.append(action)
            continue
        resolved, problems = check_action(ruleset, state, action, f"actions[{i}]", "scenario")
        assert not problems, [str(p) for p in problems]
        actions.append(resolved)
    return actions


def forced(state, phase: dict) -> dict:
    return {(r["actor"], r["name"]): r["value"] for r in phase.get("rolls", [])}


def run_phase(ruleset, state, phase: dict, actions=None):
    if phase["kind"] == "night":
        if phase.get("under_active"):   # the application's count of posts: fewer than 3 during the day
                state = replace(state, under_active=frozenset(phase["under_active"]))
        acts = night_actions(ruleset, state, phase) if actions is None else actions
        return resolve_night(ruleset, state, acts, Rolls(state.game, state.night + 1, forced(state, phase)))
    if "count" in phase or "hanged" in phase:
        return close_phase(ruleset, state, phase).outcome
    return apply_day(ruleset, state, phase.get("eliminated", []))


def close_phase(ruleset, state, phase: dict):
    """A day closed by the rules of `day close` (`resolver.close_day`), from the count's facts in the file."""
    facts = phase.get("count")
    count = None if facts is None else DayCount(**{k: (dict(v) if isinstance(v, dict) else tuple(v) if isinstance(
        v, list) else v) for k, v in facts.items()})
    return close_day(ruleset, state, count, day=state.day + 1, hanged=phase.get("hanged"))


def check_close(closing, expect: dict, where: str) -> None:
    """What the close recorded beside the hanging (RULES.md §3.6, §3.13, §3.14)."""
    state = closing.outcome.state
    if "decided_by" in expect:
        assert closing.decided_by == expect["decided_by"], f"{where}: decided by {closing.decided_by}"
    if "misses" in expect:
        assert {k: v for k, v in state.misses.items() if v} == expect["misses"], f"{where}: misses {state.misses}"
    if "modkill_candidates" in expect:
        assert list(closing.modkill_candidates) == expect["modkill_candidates"], \
            f"{where}: modkill candidates {closing.modkill_candidates}"
    if "under_active" in expect:
        assert list(closing.under_active) == expect["under_active"], f"{where}: under-active {closing.under_active}"
        assert sorted(state.under_active) == sorted(expect["under_active"]), f"{where}: state {state.under_active}"
    if "owes_night_action" in expect:
        assert list(closing.owes_night_action) == expect["owes_night_action"], \
            f"{where}: owes a night action {closing.owes_night_action}"
    if "note" in expect:
        assert (closing.note.key if closing.note is not None else "") == expect["note"], f"{where}: note {closing.note!r}"
    for fact, value in expect.get("note_facts", {}).items():
        assert closing.note.facts[fact] == value, f"{where}: note {fact} {closing.note.facts}"
    if "counted" in expect:
        assert closing.counted is expect["counted"], f"{where}: counted"


def check(outcome, expect: dict, ruleset, where: str) -> None:
    log = "\n".join(outcome.log)
    deaths = {d.player: d for d in outcome.deaths}
    if "deaths" in expect:
        assert sorted(deaths) == sorted(expect["deaths"]), f"{where}: deaths\n{log}"
    for player, role in expect.get("roles", {}).items():
        assert deaths[player].role == ruleset.role(role).name, f"{where}: role of {player}"
    for player, revealed in expect.get("revealed", {}).items():
        assert deaths[player].revealed is revealed, f"{where}: revealed {player}"
    if "saved" in expect:
        saved = [s if isinstance(s, str) else s[0] for s in outcome.saved]
        assert sorted(saved) == sorted(expect["saved"]), f"{where}: saved\n{log}"
    if "silenced" in expect:
        got = {s.player: s.days for s in outcome.silenced}
        assert got == expect["silenced"], f"{where}: silenced\n{log}"
        secret = set(expect.get("secret", ()))
        for s in outcome.silenced:
            assert s.announced is (s.player not in secret), f"{where}: announced {s.player}"
    if "hidden_vote_loss" in expect:
        assert sorted(outcome.hidden_vote_loss) == sorted(expect["hidden_vote_loss"]), f"{where}: hidden vote loss\n{log}"
    if "alibis" in expect:
        assert sorted(outcome.alibis) == sorted(expect["alibis"]), f"{where}: alibis\n{log}"
    if "refused" in expect:
        got = [(r.actor, r.reason) for r in outcome.refused]
        assert len(got) == len(expect["refused"]), f"{where}: refused {got}"
        for want in expect["refused"]:
            assert any(a == want["actor"] and want["reason"] in reason for a, reason in got), \
                f"{where}: no refusal of {want} in {got}"
    texts = [p.text for p in outcome.public]
    for text in expect.get("public", []):
        assert text in texts, f"{where}: public line {text!r} not in {texts}"
    if "public_count" in expect:
        assert len(texts) == expect["public_count"], f"{where}: public lines {texts}"
    kinds = {p.kind for p in outcome.public}
    # every event has a phrase in every theme (STYLE.md item 5): only registered kinds may appear
    assert kinds <= set(EVENT_KINDS), f"{where}: unregistered public kinds {kinds - set(EVENT_KINDS)}"
    assert {p.kind for p in getattr(outcome, "private", ())} <= set(PRIVATE_KINDS), f"{where}: private kinds"
    for kind in expect.get("no_public", []):
        assert kind not in kinds, f"{where}: unexpected public {kind}: {texts}"
    private = getattr(outcome, "private", ())
    for want in expect.get("private", []):
        assert any(p.to == want["to"] and want["text"] in p.text for p in private), f"{where}: private {want} not in {private}"
    for unwanted in expect.get("no_private", []):
        assert not any(p.to == unwanted["to"] and unwanted.get("text", "") in p.text for p in private), \
            f"{where}: unexpected private {unwanted} in {private}"
    if "boss" in expect:
        assert current_boss(ruleset, outcome.state) == (expect["boss"] or None), f"{where}: boss"
    if "winner" in expect:
        assert (outcome.winner or "") == expect["winner"], f"{where}: winner {outcome.winner}"
    alerts = getattr(outcome, "alerts", ())
    for want in expect.get("alerts", []):
        assert any(want in a for a in alerts), f"{where}: alert {want!r} not in {alerts}"
    if "alerts" in expect and not expect["alerts"]:
        assert not alerts, f"{where}: unexpected alerts {alerts}"
    for unwanted in expect.get("no_alerts", []):
        assert not any(unwanted in a for a in alerts), f"{where}: unexpected alert {unwanted!r} in {alerts}"
    if "transfers" in expect:
        assert [list(t) for t in outcome.state.transfers] == expect["transfers"], f"{where}: transfers {outcome.state.transfers}"
    for player, role in expect.get("roles_now", {}).items():
        assert outcome.state.player(player).role == ruleset.role(role).name, f"{where}: role of {player} now"


def check_duty(ruleset, state, phase: dict, outcome, where: str) -> None:
    """The night-action duty of the night just resolved, as `night resolve` computes it (RULES.md §3.6, §3.17)."""
    want = phase.get("expect", {}).get("duty")
    if not want:
        return
    duty = night_duty(ruleset, state, night_actions(ruleset, state, phase), outcome, phase.get("excused", ()))
    got = {d.player: d.status for d in duty.duties}
    assert {p: got.get(p) for p in want} == want, f"{where}: duty {[d.to_json() for d in duty.duties]}"


def run_file(path: Path):
    scenario = tomllib.loads(path.read_text(encoding="utf-8"))
    ruleset, state = build(scenario)
    outcomes = []
    for i, phase in enumerate(scenario["phases"]):
        where = f"{path.name} phase {i + 1} ({phase['kind']})"
        if phase["kind"] == "day" and ("count" in phase or "hanged" in phase):
            closing = close_phase(ruleset, state, phase)
            check_close(closing, phase.get("expect", {}), where)
            outcome = closing.outcome
        else:
            outcome = run_phase(ruleset, state, phase)
        check(outcome, phase.get("expect", {}), ruleset, where)
        if phase["kind"] == "night":
            check_duty(ruleset, state, phase, outcome, where)
        outcomes.append(outcome)
        state = outcome.state
    return scenario, outcomes


SCENARIO_FILES = sorted(SCENARIOS.glob("*.toml"))
DAY_SCENARIO_FILES = sorted(DAY_SCENARIOS.glob("*.toml"))


GH = load_ruleset("grand_hotel")
# a 004 game's accounts (nick, gender, role), as the count and the posts see them
GRAND_HOTEL_ACCOUNTS = [
    ("King EcitoN", "m", "Диего Муркиа"), ("Nejka", "f", "Донья Тереса"), ("Нелепость", "f", "Алисия Аларкон"),
    ("Alex306", "m", "Хулио Ольмедо"), ("Буба", "m", "Анхела Салинас"), ("Юка", "f", "София Аларкон"),
    ("Krassa", "f", "Альфредо Вергара"), ("Тристам", "m", "Андрес Аларкон"), ("Масини", "m", "Каталина"),
    ("Алиша", "f", "Донья Элиса"), ("Трубодур", "m", "Аяла"), ("Ромашка", "f", "Эрнандо"), ("Игрок", "m", "Лаура"),
    ("Ронин", "m", "Хавьер"), ("Соня", "f", "Бенхамин"),
]
GRAND_HOTEL_RENDER_ROSTER = [{"nick": n, "gender": g} for n, g, _ in GRAND_HOTEL_ACCOUNTS]


GH_ROSTER = {"Teresa": "Донья Тереса", "Alicia": "Алисия Аларкон", "Sofia": "София Аларкон", "Julio": "Хулио Ольмедо",
          "Diego": "Диего Муркиа", "Angela": "Анхела Салинас", "Alfredo": "Альфредо Вергара", "Andres": "Андрес Аларкон",
          "Catalina": "Каталина", "Elisa": "Донья Элиса", "Ayala": "Аяла", "Hernando": "Эрнандо", "Laura": "Лаура",
          "Javier": "Хавьер", "Benjamin": "Бенхамин"}


GH_STATE = new_game("state_gh", [{"nick": n, "role": r} for n, r in GH_ROSTER.items()], GH)


TM = load_ruleset("time_machine")
NY = load_ruleset("new_year")
# a 003 game: two mafiosi, the commissar, the doctor, the maniac; Zorro holds the button and the book, A the clock
TM_ROSTER = [{"nick": "M1", "role": "Мафиозо"}, {"nick": "M2", "role": "Мафиозо"}, {"nick": "Com", "role": "Комиссар"},
             {"nick": "Doc", "role": "Доктор"}, {"nick": "Man", "role": "Маньяк"},
             {"nick": "Zorro", "role": "Мирный житель", "items": ["button", "book"]},
             {"nick": "A", "role": "Мирный житель", "items": ["clock"]}, {"nick": "B", "role": "Мирный житель"},
             {"nick": "C", "role": "Мирный житель"}]
TM_STATE = new_game("h30", TM_ROSTER, TM)


def night_text(*actions: Action) -> str:
    """Night 1's file with `actions` in that order, as `night add` writes it."""
    text = "night = 1\n"
    for a in actions:
        text = append_action(text, a)
    return text


def resolve_tm_file(text: str):
    """Night 1 of the 003 game from a night file's text."""
    night = parse_night_file(text, "night-1.toml", TM, TM_STATE)
    return resolve_night(TM, TM_STATE, night.actions, Rolls("h30", 1, night.forced))


def private_notes(ruleset_name: str, players: list[dict], actions: list[Action], night: int = 1,
             rolls: dict | None = None) -> dict[str, str]:
    r = load_ruleset(ruleset_name)
    state = new_game("g", players, r)
    out = resolve_night(r, state, actions, Rolls("g", night, rolls or {}))
    data = build_data(outcome=out.to_json(), game={"id": "g", "title": "t", "players": players}, ruleset=r)
    return {to: text.splitlines()[-1] for to, text in render_private(r.theme, data).items()}


# ------------------------- the rendered posts (tests/data/cli_render/config.toml: the test game with flavour texts)

RENDER_CONFIG = DATA / "cli_render" / "config.toml"
# day 1 runs 30.12 20:00 – 31.12 18:00 MSK; mid-day the thread had its first two pages (posts up to 17:05)
MIDDAY_SEEN = datetime(2026, 12, 31, 14, 6, tzinfo=timezone.utc)
MIDDAY = datetime(2026, 12, 31, 14, 10, tzinfo=timezone.utc)     # 17:10 MSK: 50 minutes left


def write_render_config(folder: Path, post_keys: str = "") -> Path:
    path = folder / "config.toml"
    path.write_text(RENDER_CONFIG.read_text(encoding="utf-8").replace("{store}", "state/m.db")
                    .replace("{post_keys}", post_keys), encoding="utf-8")
    return path


def resolve_night_1(*more: tuple[str, str]) -> dict:
    """Night 1: the boss kills Alisa, the doctor heals Nejka, Щелкунчик blocks Соня (silenced: the roll forced
    yes), Хлопушка takes Ronin; returns the outcome JSON as applied."""
    for actor, text in (("РэдДи", "Убиваю Алису"), ("Алукард", "Лечу Нежку"), ("Puss", "Блокирую Соню"),
                        ("Невермор", "Забираю Ронина"), *more):
        ok("night", "add", "--night", "1", "--actor", actor, text)
    ok("night", "roll", "--night", "1", "--actor", "Puss", "silence", "yes")
    return json.loads(ok("night", "resolve", "--night", "1", "--format", "json"))


def make_render_dir(folder: Path, monkeypatch) -> Path:
    """The render test game in `folder`, the whole thread stored, the clock after day 1."""
    write_render_config(folder)
    fill_store(folder / "state" / "m.db")
    monkeypatch.chdir(folder)
    monkeypatch.setattr(game_mod, "utc_now", lambda: AFTER)
    return folder


def voter(nick: str, color: str = "red") -> dict:
    return {"voter": nick, "color": color, "weight": 1, "post_id": 1, "time": "2027-01-11T10:00:00+03:00"}


def cand(player: str, red: list[str] = (), blue: list[str] = (), penalty: int = 0) -> dict:
    return {"player": player, "total": len(red) - len(blue) + penalty, "red": len(red), "blue": len(blue),
            "penalty": penalty, "voters": [voter(v) for v in red] + [voter(v, "blue") for v in blue]}


def public_count(candidates: list[dict], outcome: dict, *, closed: bool = True, not_voted=(), day: int = 1) -> dict:
    return {"game": "g", "day": day, "view": "public", "deadline": "2027-01-11T22:00:00+03:00", "closed": closed,
            "closed_early": None, "candidates": candidates, "not_voted": list(not_voted), "silenced": [],
            "final": [], "colors_matter": True,
            "outcome": {"eliminated": [], "reason": "pending", "saved": [], "tied": [], **outcome}}


# the ruleset facts a post needs, per theme (mafvote.render.roles_from_ruleset)
NEW_YEAR_RULES = roles_from_ruleset(rulesets.load("new_year"))
PECULIAR_RULES = roles_from_ruleset(rulesets.load("peculiar"))
TIME_MACHINE_RULES = roles_from_ruleset(rulesets.load("time_machine"))
GRAND_HOTEL_RULES = roles_from_ruleset(rulesets.load("grand_hotel"))
POST_DEADLINE = "2027-01-11T22:30+03:00"


# 001: Пусс leads the public count 2 to 1, the doctor's hidden triple blue makes it a tie
R6_PUBLIC = [cand("Пусс", ["Алиса", "Энзо", "Соня"], ["Доктор"]), cand("Ронин", ["Пусс"]), cand("Соня", ["Ронин"])]
R6_ROSTER = [{"nick": "Ронин", "gender": "m"}, {"nick": "Доктор", "gender": "m"}, {"nick": "Алиса", "gender": "f"},
             {"nick": "Пусс", "gender": "m"}, {"nick": "Энзо", "gender": "m"}, {"nick": "Соня", "gender": "f"}]


def day_outcome(deaths=(), public=()) -> dict:
    return {"day": 1, "deaths": list(deaths), "saved": [], "public": list(public)}


def death(player: str, role: str, side: str, cause: str, revealed: bool = True) -> dict:
    return {"player": player, "role": role, "side": side, "revealed": revealed, "causes": [cause]}


# ----------------------------------------------------------------------- the test game with another ruleset's roles

DAY_1_DEADLINE = "2027-01-01T18:00"     # the GM moved day 1's deadline (the thread's votes end before it)


# New Year role (as in the test config) -> the role of the same account in the 004 / 003 games
GRAND_HOTEL_ROLES = {
    "Санта Клаус": "Эрнандо",             # РэдДи: mafia, kills
    "Злой тролль": "Аяла",                # King Eciton: mafia
    "девочка": "Бенхамин",                # Соня
    "Кай": "Альфредо Вергара",            # Trusiki Kayfa
    "доктор": "Анхела Салинас",           # Алукард
    "Дед Мороз": "Алисия Аларкон",        # Nejka
    "Снегурочка": "Диего Муркиа",         # Гафф: steals a vote
    "Герда": "Хулио Ольмедо",             # Enzo
    "Хлопушка": "Каталина",               # Nevermore
    "мирная зверюшка": "Донья Тереса",    # Alisa
    "Снежная королева": "Хавьер",         # Ronin: the maniac (bloody kill, a universal protection)
    "Щелкунчик": "София Аларкон",         # Puss: one-time protection from hanging
}


TIME_MACHINE_ROLES = {
    "Санта Клаус": "Мафиозо", "Злой тролль": "Мафиозо", "девочка": "Мирный житель", "Кай": "Мирный житель",
    "доктор": "Доктор", "Дед Мороз": "Комиссар", "Снегурочка": "Мирный житель", "Герда": "Мирный житель",
    "Хлопушка": "Мирный житель", "мирная зверюшка": "Мирный житель", "Снежная королева": "Маньяк",
    "Щелкунчик": "Мафиозо",
}


def write_game(tmp_path: Path, ruleset: str, roles: dict[str, str] | None = None, *, starts_with: str = "night",
               items: dict[str, list[str]] | None = None) -> None:
    text = GAME_CONFIG.read_text(encoding="utf-8").replace("{store}", "state/m.db")
    text = text.replace('ruleset = "new_year"', f'ruleset = "{ruleset}"')
    for old, new in (roles or {}).items():
        assert f'role = "{old}"' in text
        text = text.replace(f'role = "{old}"', f'role = "{new}"')
    text = text.replace('starts_with = "night"', f'starts_with = "{starts_with}"')
    for nick, held in (items or {}).items():
        entry = f'nick = "{nick}"\n'
        assert entry in text
        text = text.replace(entry, entry + f"items = {json.dumps(held, ensure_ascii=False)}\n")
    (tmp_path / "config.toml").write_text(text, encoding="utf-8")
    fill_store(tmp_path / "state" / "m.db")


def grand_hotel_night_1() -> None:
    # the mafia (Эрнандо) kills Nejka; Диего (Гафф) steals Enzo's vote for day 1
    ok("night", "add", "--night", "1", "--actor", "РэдДи", "Убиваю Нежку")
    ok("night", "add", "--night", "1", "--actor", "Гафф", "Забираю голос Энзо")
    ok("night", "resolve", "--night", "1")


# ----------------------------------------------------------------- games in a hand-filled store or on a local forum


def msk_at(text: str) -> datetime:
    """An ISO time without offset, in Moscow time."""
    return datetime.fromisoformat(text).replace(tzinfo=MOSCOW)


def red_span(name: str, final: bool = False) -> str:
    """A red vote as MyBB marks it up; `final`: with «досрочно»."""
    return RED.format(name) + (" досрочно" if final else "")


def blue_span(name: str) -> str:
    return f'<span style="color: blue;" class="mycode_color">{name}</span>'


# 000 («Странные дети», ruleset peculiar) with seven accounts, a store filled with hand-written posts (no forum).
# Phases: night 1 until 11.01 22:00, day 1 until 12.01 22:30, night 2 until 12.01 23:00, day 2 until 13.01 22:30,
# night 3 until 13.01 23:00
PECULIAR_BASE = "http://127.0.0.1:8099/"
PECULIAR_NOW = datetime(2027, 1, 20, 12, 0, tzinfo=timezone.utc)        # after every deadline below
PECULIAR_GAME = {"title": "Странные дети", "ruleset": "peculiar", "gm": ["ГМ"]}
PECULIAR_SCHEDULE = {"timezone": "Europe/Moscow", "start": "2027-01-10T20:00", "first_deadline": "2027-01-11T22:00",
                     "day_deadline": "22:30", "night_deadline": "23:00"}
PECULIAR_PLAYERS = [("Франклин", "m", "Мистер Барон"), ("Бетти", "f", "Мистер Арчер"), ("Алтея", "f", "Енох О'Коннор"),
                    ("Рики", "m", "Странный ребёнок"), ("Юна", "f", "Странный ребёнок"), ("Дельта", "f", "Эмма Блум"),
                    ("Бетси", "f", "Миллард Наллингс")]


class PeculiarGame:
    """The game's folder: config, store, and posts written into the store as a crawl would."""

    def __init__(self, path: Path):
        self.path = path
        self.next_id = 100
        text = game_config(PECULIAR_BASE, store="state/m.db", game=PECULIAR_GAME, schedule=PECULIAR_SCHEDULE,
                           players=[{"nick": n, "gender": g, "role": r} for n, g, r in PECULIAR_PLAYERS])
        (path / "config.toml").write_text(text, encoding="utf-8")
        self.db = path / "state" / "m.db"
        self.db.parent.mkdir()
        with Store(self.db) as s:
            s.ensure_forum("f", engine="mybb", base_url=PECULIAR_BASE, timezone_name="Europe/Moscow")

    def posts(self, topic: str, *items: tuple[str, str, str]) -> list[int]:
        """Add (author, "DD HH:MM" of January 2027 Moscow time, html) to the game topic or the vote thread."""
        tid, kind = ("1", "game") if topic == "game" else ("2", "vote")
        ids, posts = [], []
        for author, when, html in items:
            self.next_id += 1
            day, hm = when.split()
            t = datetime.fromisoformat(f"2027-01-{day}T{hm}").replace(tzinfo=MSK)
            posts.append(ParsedPost(self.next_id, tid, 1, len(posts), author, None, t, html, None,
                                    hashlib.sha256(html.encode()).hexdigest()))
            ids.append(self.next_id)
        url = f"{PECULIAR_BASE}showthread.php?tid={tid}&page=1&batch={self.next_id}"
        with Store(self.db) as s:
            topic_row = s.ensure_topic("f", tid, url=f"{PECULIAR_BASE}showthread.php?tid={tid}", kind=kind, game_id="g")
            # each batch is its own "page" so earlier batches are not marked deleted
            page = ParsedPage(url, "mybb", tid, self.next_id, None, None, posts)
            s.upsert_page(topic_row, page, FetchedMeta(url, datetime(2027, 1, 15, tzinfo=timezone.utc)))
        return ids

    def votes(self, *items: tuple[str, str, str]) -> list[int]:
        """(voter, "DD HH:MM", target): a red vote."""
        return self.posts("vote", *((a, w, RED.format(t)) for a, w, t in items))

    def chat(self, author: str, *times: str) -> None:
        self.posts("game", *((author, w, "обсуждаем") for w in times))


def quiet_night(n: int) -> None:
    # the boss asks the GM a question: no death, the night is resolved
    ok("night", "add", "--night", str(n), "--actor", "Франклин", "Вопрос: есть ли Джейкоб?")
    ok("night", "resolve", "--night", str(n))


STORE_GAME_BASE = "http://127.0.0.1:9/"
# new_year (001): Вася is Снеговик, whose blue counts 3 (hidden); Соня is Герда, whose red counts 2 (hidden)
NEW_YEAR_ROSTER = [("Ronin", "Санта Клаус"), ("Соня", "Герда"), ("Вася", "Снеговик"), ("Петя", "Кай"),
                   ("Маша", "Снежинка"), ("Дима", "Дед Мороз"), ("Катя", "Снегурочка"), ("Ёжик", "мирная зверюшка"),
                   ("Oleg", "Щелкунчик")]
TIME_MACHINE_ROSTER = [("Маф1", "Мафиозо"), ("Маф2", "Мафиозо"), ("Ком", "Комиссар"), ("Док", "Доктор"),
                       ("Ман", "Маньяк"), ("Мир1", "Мирный житель"), ("Мир2", "Мирный житель"),
                       ("Мир3", "Мирный житель")]


def store_game_config(base: str, ruleset: str, *, start: str, first: str, starts_with: str, night: str,
                      players=()) -> str:
    """A small game (title «Тест») on the forum at `base`, read without waiting, its schedule in Moscow time."""
    return game_config(base, forum={"min_delay": 0, "timeout": 5, "retries": 0},
                       game={"title": "Тест", "ruleset": ruleset},
                       schedule={"timezone": "Europe/Moscow", "start": start, "starts_with": starts_with,
                                 "first_deadline": first, "night_deadline": night}, players=players)


class StoreGame:
    """A config file and its store, the vote thread filled post by post (each on a page of its own, first
    seen a minute after it was written), and the service over them."""

    def __init__(self, tmp_path: Path, ruleset: str, roster, *, start: str, first: str, starts_with: str,
                 night: str) -> None:
        text = store_game_config(STORE_GAME_BASE, ruleset, start=start, first=first, starts_with=starts_with,
                                 night=night, players=roster)
        self.path = tmp_path / "config.toml"
        self.path.write_text(text, encoding="utf-8")
        config = load_config(self.path)
        self.game = config.games[0]
        self.store = Store(config.store.path)
        self.store.ensure_forum("f", engine="mybb", base_url=STORE_GAME_BASE, timezone_name="Europe/Moscow")
        self.topic = self.store.ensure_topic("f", "2", url=f"{STORE_GAME_BASE}showthread.php?tid=2", kind="vote",
                                             game_id="g")
        self.svc = GameService(self.store, self.game, rulesets.load(self.game.ruleset_path),
                               nights_dir=tmp_path / "nights", engine="mybb", base_url=STORE_GAME_BASE)
        self.pid = 100

    def post(self, author: str, when: datetime, html: str) -> int:
        self.pid += 1
        page_no = self.pid - 100
        url = f"{STORE_GAME_BASE}showthread.php?tid=2&page={page_no}"
        post = ParsedPost(post_id=self.pid, topic_id="2", page=page_no, position=0, author=author, author_id=None,
                          time=when, html=html, edit=None, content_hash=f"h:{self.pid}")
        page = ParsedPage(url=url, engine="mybb", topic_id="2", page=page_no, last_page=None, next_url=None,
                          posts=[post], title="Голосование")
        self.store.upsert_page(self.topic, page, FetchedMeta(url, when + timedelta(minutes=1)))
        return self.pid

    def cli(self, moment: datetime, *args: str) -> tuple[int, str, str]:
        """A mafvote command run at `moment` (the store is shared: SQLite, one file)."""
        with clock_at(moment):
            result = CliRunner().invoke(cli, ["-c", str(self.path), *args], catch_exceptions=False)
        return result.exit_code, result.stdout, result.stderr


# a game run through the `mafvote` command over a hand-filled store (CliGame); written out in full because the
# config tests replace its lines (poll_interval, timeout) and read back the line numbers of the problems
CLI_GAME_CONFIG = """
[store]
path = "{store}"

[[forums]]
id = "f"
engine = "mybb"
base_url = "{base}"
timezone = "Europe/Moscow"
min_delay = 0
timeout = 5
retries = 0

[[games]]
id = "g"
title = "Тест"
forum = "f"
ruleset = "{ruleset}"
game_topic = "{base}showthread.php?tid=1"
vote_thread = "{base}showthread.php?tid=2"
gm = ["Ведущий"]
poll_interval = "2m"

[games.schedule]
timezone = "Europe/Moscow"
start = "{start}"
starts_with = "{starts_with}"
first_deadline = "{first}"
day_deadline = "22:00"
night_deadline = "{night}"
"""


class CliGame:
    """A config file and its store; the vote thread filled post by post (a page each); the service over them."""

    def __init__(self, tmp_path: Path, ruleset: str = "new_year", roster=NEW_YEAR_ROSTER, *, store: str = "m.db",
                 start: str = "2026-11-10T23:00", first: str = "2026-11-11T22:30", starts_with: str = "night",
                 night: str = "22:30", extra: str = "") -> None:
        text = CLI_GAME_CONFIG.format(store=store, base=STORE_GAME_BASE, ruleset=ruleset, start=start, first=first,
                             starts_with=starts_with, night=night)
        text += "".join(f'[[games.players]]\nnick = "{n}"\nrole = "{r}"\n' for n, r in roster) + extra
        self.dir = tmp_path
        self.path = tmp_path / "config.toml"
        self.path.write_text(text, encoding="utf-8")
        self.config = load_config(self.path)
        self.game = self.config.games[0]
        self.db = Path(self.config.store.path)
        self.pid = 100

    def open(self) -> CliGame:
        self.store = Store(self.db)
        self.store.ensure_forum("f", engine="mybb", base_url=STORE_GAME_BASE, timezone_name="Europe/Moscow")
        self.topic = self.store.ensure_topic("f", "2", url=f"{STORE_GAME_BASE}showthread.php?tid=2", kind="vote", game_id="g")
        self.svc = GameService(self.store, self.game, rulesets.load(self.game.ruleset_path),
                               nights_dir=self.dir / "nights", engine="mybb", base_url=STORE_GAME_BASE)
        return self

    def post(self, author: str, when: datetime, html: str) -> int:
        self.pid += 1
        page_no = self.pid - 100
        url = f"{STORE_GAME_BASE}showthread.php?tid=2&page={page_no}"
        post = ParsedPost(post_id=self.pid, topic_id="2", page=page_no, position=0, author=author, author_id=None,
                          time=when, html=html, edit=None, content_hash=f"h:{self.pid}")
        page = ParsedPage(url=url, engine="mybb", topic_id="2", page=page_no, last_page=None, next_url=None,
                          posts=[post], title="Голосование")
        self.store.upsert_page(self.topic, page, FetchedMeta(url, when + timedelta(minutes=1)))
        return self.pid

    def cli(self, *args: str, moment: datetime | None = None) -> tuple[int, str, str]:
        """A mafvote command as the GM runs it (at `moment`, when given)."""
        runner = CliRunner()
        if moment is None:
            result = runner.invoke(cli, ["-c", str(self.path), *args], catch_exceptions=False)
        else:
            with clock_at(moment):
                result = runner.invoke(cli, ["-c", str(self.path), *args], catch_exceptions=False)
        return result.exit_code, result.stdout, result.stderr


FORUM_GAME_NOW = datetime(2026, 11, 22, 12, 0, tzinfo=MOSCOW)      # after day 1's deadline (21.11 22:00)


class ForumGame:
    """A game on a ForumSim: config.toml in a folder, votes posted, commands run through the CLI."""

    def __init__(self, folder: Path, forum: ForumSim, ruleset: str, players: list[tuple[str, str, str]]):
        self.forum = forum
        forum.add_topic(1, "Игра")
        forum.add_topic(2, "Голосование")
        forum.add_post(1, "ГМ", "Старт игры", time=msk_at("2026-11-20T20:00"))
        forum.add_post(2, "ГМ", "Тема голосования", time=msk_at("2026-11-20T20:00"))
        u = forum.base_url
        cfg = game_config(u, store="store.db", forum={"min_delay": 0.01},
                          game={"title": "test", "ruleset": ruleset, "gm": ["ГМ"]},
                          schedule={"timezone": "Europe/Moscow", "start": "2026-11-20T20:00",
                                    "first_deadline": "2026-11-20T23:30", "night_deadline": "23:30"},
                          players=[{"nick": n, "role": r, "gender": g} for n, r, g in players],
                          alerts={"channels": []})
        (folder / "config.toml").write_text(cfg, encoding="utf-8")

    def vote(self, who: str, html: str, when: str) -> None:
        self.forum.add_post(2, who, html, time=msk_at(when))

    def run(self, *args: str) -> tuple[int, str, str]:
        result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
        return result.exit_code, result.stdout, result.stderr

    def ok(self, *args: str) -> str:
        code, out, err = self.run(*args)
        assert code == 0, err
        return out

    def json(self, *args: str) -> dict:
        return json.loads(self.ok(*args, "--format", "json"))


# -------------------------------------------------------------- the daemon's day (a local MyBB forum, a fake clock)

DAEMON_CONFIG = """
[store]
path = "state/mafvote.db"

[[forums]]
id = "sim"
engine = "mybb"
base_url = "{base}"
timezone = "Europe/Moscow"
min_delay = 0
timeout = 5
retries = 0

[[games]]
id = "ny"
title = "Новогодняя мафия"
forum = "sim"
ruleset = "new_year"
game_topic = "{base}showthread.php?tid=1"
vote_thread = "{base}showthread.php?tid=2"
gm = ["Ведущий"]
poll_interval = "{poll}"

[games.schedule]
timezone = "Europe/Moscow"
start = "2026-12-30T10:00"
starts_with = "day"
first_deadline = "2026-12-30T22:00"
day_deadline = "22:00"
night_deadline = "23:30"

[[games.players]]
nick = "Ronin"
aliases = ["Ронин"]
role = "Санта Клаус"
[[games.players]]
nick = "Соня"
gender = "f"
role = "Снеговик"
[[games.players]]
nick = "Puss"
role = "Дед Мороз"
[[games.players]]
nick = "Alisa"
gender = "f"
role = "Снегурочка"

[alerts]
before_deadline = ["60m", "15m"]
language = "en"

[publish]
dir = "public"
"""


def msk(hhmm: str, day: int = 30) -> datetime:
    h, m = map(int, hhmm.split(":"))
    return datetime(2026, 12, day, h, m, tzinfo=MOSCOW)


def vote(target: str, early: bool = False) -> str:
    return f"Голосую {RED.format(target)}" + ("<br />\nдосрочно" if early else "")


# The day's thread: (time the post is written, author, post HTML).
DAY = [
    ("10:07", "Ronin", vote("Соня", early=True)),
    ("12:02", "Соня", vote("Ronin", early=True)),
    ("13:40", "Puss", "Я пока думаю."),
    ("15:31", "Puss", vote("Соня", early=True)),
    # Alisa votes between T−60 and T−15: the T−60 warning names her as not voted; her final vote makes
    # every living player's vote final -> the early-close alert (new_year: the GM closes, rule 5.1).
    ("21:30", "Alisa", vote("Соня", early=True)),
    ("22:05", "Ronin", vote("Alisa")),          # after the deadline: not counted
]


class Recorder:
    """A channel that keeps what it was given."""

    name = "webhook"

    def __init__(self) -> None:
        self.sent = []

    def send(self, alert) -> None:
        self.sent.append(alert)

    def keys(self) -> list[str]:
        return [a.key for a in self.sent]


class Broken:
    """A channel that always fails (a dead SMTP server)."""

    name = "email"

    def __init__(self) -> None:
        self.tries = 0

    def send(self, alert) -> None:
        self.tries += 1
        raise ChannelError("email", "smtp.example.org:587: ConnectionRefusedError: [Errno 111] refused")


def write_daemon_config(tmp_path: Path, base: str, poll: str = "5m") -> Path:
    path = tmp_path / "config.toml"
    path.write_text(DAEMON_CONFIG.format(base=base, poll=poll), encoding="utf-8")
    return path


def quick_client(forum):
    return ForumClient.for_forum(forum, sleep=lambda seconds: None)


def daemon_for(config_path: Path, channels) -> Daemon:
    return Daemon(load_config(config_path), channels=channels, client_factory=quick_client,
                  sleep=lambda seconds: None)


def run_day(daemon: Daemon, forum: ForumSim, start: datetime, end: datetime, step: timedelta, script=DAY,
        reports=None):
    """Tick from `start` to `end`; a scripted post appears on the forum once the clock reaches its time."""
    pending = [(msk(t), who, body) for t, who, body in script]
    now = start
    while now <= end:
        for item in [p for p in pending if p[0] <= now]:
            forum.add_post(2, item[1], item[2], time=item[0])
            pending.remove(item)
        report = daemon.tick(now)
        if reports is not None:
            reports.append((now, report))
        now += step
    return now


# -------------------------------------------- the crawl (mafvote crawl against a local forum) and the store's pages

def crawl_config(base: str, *, store: str = "state/mafvote.db", forum: dict | None = None, game: dict | None = None,
                 schedule: dict | None = None, players=(), **tables: dict) -> str:
    """The New Year game («Новогодняя мафия», id ny) on the forum `sim` at `base`, read without a pause between
    requests, one try, a 5 s timeout: what `mafvote crawl` and the daemon read from a local forum."""
    return game_config(base, store=store,
                       forum={"id": "sim", "min_delay": 0, "timeout": 5, "retries": 0, **(forum or {})},
                       game={"id": "ny", "title": "Новогодняя мафия", **(game or {})},
                       schedule={"first_deadline": "2026-12-28T10:00", "day_deadline": "18:00",
                                 "night_deadline": "20:00", **(schedule or {})},
                       players=players, **tables)


CRAWL_CONFIG = crawl_config("{base}")      # a template: .format(base=the forum's address)
# Posts of the last hours, so that the re-read window of `mafvote crawl` (the last 24 h) holds them.
CRAWL_T0 = datetime.now(timezone.utc).replace(second=0, microsecond=0) - timedelta(hours=3)


STORE_T0 = datetime(2027, 1, 1, 12, 0, tzinfo=timezone.utc)


def store_post(pid: int, page: int, pos: int, html: str = "", *, author: str = "Ronin",
         edit: EditNotice | None = None) -> ParsedPost:
    html = html or f"пост {pid}"
    return ParsedPost(post_id=pid, topic_id="2", page=page, position=pos, author=author,
                      author_id="7", time=STORE_T0 - timedelta(hours=1, minutes=-pid), html=html, edit=edit,
                      content_hash=f"h:{html}")


def store_page(n: int, posts: list[ParsedPost], next_url: str | None = None) -> ParsedPage:
    return ParsedPage(url=f"http://f/showthread.php?tid=2&page={n}", engine="mybb", topic_id="2",
                      page=n, last_page=None, next_url=next_url, posts=posts, title="Голосование")


def store_meta(n: int, at: datetime = STORE_T0) -> FetchedMeta:
    return FetchedMeta(url=f"http://f/showthread.php?tid=2&page={n}", fetched_at=at, etag=f'"e{n}"')


# ----------------------------------------------- the hostile server (a forum that misbehaves on purpose, 127.0.0.1)

PUBLISH = DATA / "publish"
SECRET = "s3cr3t-Пароль!"


class HostileServer:
    """`routes[path_prefix](handler, body)` answers a request; every request is recorded as (method, path,
    body)."""

    def __init__(self, routes: dict[str, Callable] | None = None):
        self.routes = routes or {}
        self.requests: list[tuple[str, str, bytes]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def _any(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                outer.requests.append((self.command, self.path, body))
                for prefix, route in outer.routes.items():
                    if self.path.startswith(prefix):
                        try:
                            route(self, body)
                        except (BrokenPipeError, ConnectionResetError):
                            pass
                        return
                self.send_error(404)

            do_GET = do_POST = _any

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.server.block_on_close = False
        self.port = self.server.server_address[1]
        self.base = f"http://127.0.0.1:{self.port}/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def send(handler, status: int, body: bytes = b"", headers: dict[str, str] | None = None, *,
         length: bool = True) -> None:
    handler.send_response(status)
    for k, v in (headers or {}).items():
        handler.send_header(k, v)
    if length:
        handler.send_header("Content-Length", str(len(body)))
    else:
        handler.send_header("Connection", "close")
        handler.close_connection = True
    handler.end_headers()
    handler.wfile.write(body)


def html(handler, text: str, status: int = 200) -> None:
    send(handler, status, text.encode(), {"Content-Type": "text/html; charset=UTF-8"})


def login_page(action: str | None = None) -> str:
    text = (PUBLISH / "phpbb3_login.html").read_text(encoding="utf-8")
    if action is not None:
        text = text.replace('action="./ucp.php?mode=login&amp;sid=5c1e9f0a7b3d2e4f6a8b0c1d2e3f4a5b"',
                            f'action="{action}"')
    return text


def echoing_login(h, body) -> None:
    """A login that answers a refused form with an error box echoing the submitted form, password included."""
    if h.command == "GET":
        html(h, login_page())
    else:
        echoed = parse_qs(body.decode())
        html(h, f'<html><body><p class="error">Неверный вход: username={echoed["username"][0]}&amp;'
                f'password={echoed["password"][0]}</p></body></html>')


def publisher(base: str, tmp_path: Path) -> ForumPublisher:
    forum = ForumConfig(id="club", engine="phpbb", base_url=base, timezone="Europe/Moscow", timeout=5,
                        login=LoginConfig(user="mafvote-bot", password_env="MAFVOTE_CLUB_PASSWORD"))
    return ForumPublisher(Store(tmp_path / "m.db"), game="ny", forum=forum,
                          vote_thread=base + "viewtopic.php?f=2&t=7", interval=timedelta(minutes=10),
                          clock=lambda: CAPTURE, sleep=lambda s: None, password=lambda: SECRET, form_delay=0)


def crawl(client, store, url):
    return crawl_topic(client, store, forum="f", url=url, kind="vote", game_id="g", profile="mybb",
                       tz=MOSCOW, now=CAPTURE)
