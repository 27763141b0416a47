"""The count's builders (`mafvote_tally`): players, posts as the forum marks votes up, a day's state, the count
and what a test reads of it; the day scenarios of tests/data/tally; a day of 000 (peculiar) on the count alone."""
from __future__ import annotations

import hashlib
import tomllib
from datetime import datetime, timedelta, timezone
from pathlib import Path

from msgspec.structs import replace

from mafvote_tally import (DayState, Player, Post, Replacement, Roster, RosterMatcher, Shield, Silence, Tally, Transfer,
                           VoteRules, Weight, count_day)
from mafvote_tally.model import StoredKey
from mafvote_tally.recognise import add_stored, flatten
from support.paths import MOSCOW

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


def roster(players=PLAYERS, **extra) -> Roster:
    ps = []
    for p in players:
        ps.append(p if isinstance(p, Player) else Player(p, **extra.get(p, {})))
    return Roster(tuple(ps), gms=(GM,))


_ids = iter(range(1, 10**9))


def post(author: str, hhmm: str, html: str, *, pid: int | None = None, topic: str = "vote",
         day: int = 1, **kw) -> Post:
    return Post(pid if pid is not None else next(_ids), topic, author, at(hhmm, day), html, **kw)


def day_state(**kw) -> DayState:
    base = dict(day=1, deadline=at("22:00"), alive=PLAYERS, start=at("00:00"))
    base.update(kw)
    return DayState(**base)


def count(posts, *, rules: dict | None = None, view: str = "gm", players=PLAYERS, as_of=None,
          ros: Roster | None = None, **st) -> Tally:
    """The day's count of these posts from their HTML; every call also counts them as a store hands them over (each
    version by its content key with its stored reading, `Flat.to_json`, as `mafvote.store` keeps it: issue 17) and
    checks that count is the same, so each count rule's table also pins the count from stored readings."""
    posts = list(posts)
    state, ros, vote_rules = day_state(**st), ros or roster(players), VoteRules.from_mapping(rules or {})
    t = count_day(posts, state, ros, vote_rules, game="test", view=view, as_of=as_of)
    keyed, readings = as_stored(posts)
    matcher = RosterMatcher.from_roster(ros)
    add_stored(matcher, readings)
    stored = count_day(keyed, state, ros, vote_rules, game="test", view=view, as_of=as_of, matcher=matcher)
    assert stored.to_json() == t.to_json(), "the count from the stored readings is not the count from the HTML"
    return t


def as_stored(posts: list[Post]) -> tuple[list[Post], dict[StoredKey, str]]:
    """The posts as `Store.count_posts` hands them to a count: each version's HTML replaced by a `StoredKey`, with its
    reading (`flatten(html).to_json()`) under that key."""
    readings: dict[StoredKey, str] = {}
    keys: dict[str, StoredKey] = {}

    def key(html: str) -> StoredKey:
        if html not in keys:
            keys[html] = StoredKey(f"sha256:{hashlib.sha256(html.encode()).hexdigest()}")
            readings[keys[html]] = flatten(html).to_json()
        return keys[html]

    return [replace(p, html=key(p.html), versions=tuple((t, key(h)) for t, h in p.versions)) for p in posts], readings


def totals(t: Tally) -> dict[str, int]:
    return {c.player: c.total for c in t.candidates}


def penalties_of(t: Tally) -> dict[str, int]:
    return {c.player: c.penalty for c in t.candidates if c.penalty}


def counted(t: Tally) -> dict[str, tuple[str | None, str]]:
    return {v.voter: (v.target, v.color) for v in t.votes if v.counted}


def flags(t: Tally, kind: str | None = None) -> list[tuple[str, str | None]]:
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
            players.append(Player(p))
        else:
            players.append(Player(p["nick"], tuple(p.get("aliases", ())), p.get("mask"),
                                    tuple(Replacement(r["nick"], scenario_time(r["at"], base))
                                          for r in p.get("replacements", ()))))
    roster = Roster(tuple(players), gms=tuple(sc.get("gm", ["Ведущий"])))
    d = sc["day"]
    state = DayState(
        day=d["day"], deadline=scenario_time(d["deadline"], base) if "deadline" in d else None,
        alive=tuple(d.get("alive", [p.nick for p in players])),
        start=scenario_time(d["start"], base) if "start" in d else None,
        silences=tuple(Silence(s["player"], s.get("announced", True)) for s in d.get("silences", ())),
        shields=tuple(Shield(s["player"], s["kind"], s.get("source", ""), s.get("consumable", False),
                               s.get("stripped", False)) for s in d.get("shields", ())),
        weights={k: Weight(**v) for k, v in d.get("weights", {}).items()},
        transfers=tuple(Transfer(t["kind"], t["source"], t["to"]) for t in d.get("transfers", ())),
        misses_so_far=d.get("misses_so_far", {}), ties_so_far=d.get("ties_so_far", 0),
        excused=tuple(d.get("excused", ())), owes_night_action=tuple(d.get("owes_night_action", ())),
        modkilled=tuple(d.get("modkilled", ())),
    )
    posts = []
    for i, p in enumerate(sc.get("posts", ())):
        posts.append(Post(
            p.get("id", i + 1), p.get("topic", "vote"), p["author"], scenario_time(p["time"], base), p["html"],
            versions=tuple((scenario_time(t, base), h) for t, h in p.get("versions", ())),
            edited=p.get("edited", False),
            edited_at=scenario_time(p["edited_at"], base) if "edited_at" in p else None))
    rules = VoteRules.from_mapping(sc.get("votes", {}))
    return sc, base, roster, state, posts, rules


HIDDEN = {
    "doctor_triple_blue": dict(weights={"Соня": Weight(blue=3)}),
    "prosecutor_double_red": dict(weights={"Ronin": Weight(red=2)}),
    "boss_hidden_vote_loss": dict(silences=(Silence("Вася", announced=False),)),
    "laura_unannounced_silence": dict(silences=(Silence("Nejka", announced=False),)),
    "stolen_vote": dict(transfers=(Transfer("stolen", "Алукард", "Ronin"),)),
    "gifted_vote": dict(transfers=(Transfer("gifted", "Петя", "Вася"),)),
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
RULES_000 = VoteRules.from_mapping({"early_close_from_day": 3, "early_close": "auto",
                                      "night_action_is_duty": True, "min_posts_for_night_action": 3})


def day_at(day: int, hm: str) -> datetime:
    h, m = hm.split(":")
    return datetime(2027, 1, day, int(h), int(m), tzinfo=MOSCOW)


class VoteThread:
    """The vote thread of a day, post by post, for `tally.count_day`."""

    def __init__(self) -> None:
        self.posts: list[Post] = []

    def add(self, author: str, when: datetime, html: str, topic: str = "vote") -> int:
        pid = 100 + len(self.posts)
        self.posts.append(Post(pid, topic, author, when, html))  # type: ignore[arg-type]
        return pid

    def vote(self, author: str, when: datetime, target: str, early: bool = False) -> int:
        return self.add(author, when, RED_STYLE.format(target) + (" досрочно" if early else ""))


def roster_000(*replacements: tuple[str, str, datetime]) -> Roster:
    reps = {slot: (Replacement(nick, when),) for slot, nick, when in replacements}
    return Roster(tuple(Player(p, replacements=reps.get(p, ())) for p in PLAYERS_000), gms=("ГМ",))


def day3_000(**kw) -> DayState:
    return DayState(day=3, start=day_at(13, "00:00"), deadline=day_at(13, "22:30"), alive=PLAYERS_000, **kw)
