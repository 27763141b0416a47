"""Day scenarios as data (tests/data/tally/*.toml): players + day state + posts → expected count.
Every bug found becomes one more file. The format is described in tests/data/tally/README.md."""
from __future__ import annotations

import tomllib
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

import mafvote_tally as T

DATA = Path(__file__).resolve().parents[1] / "data" / "tally"
FILES = sorted(DATA.glob("*.toml"))
MSK = timezone(timedelta(hours=3))


def _time(text: str, base: str) -> datetime:
    """"HH:MM[:SS]" on the scenario's date, "YYYY-MM-DD HH:MM" in MSK, or ISO with an offset."""
    if "T" in text or "+" in text:
        return datetime.fromisoformat(text)
    if " " not in text:
        text = f"{base} {text}"
    return datetime.fromisoformat(text).replace(tzinfo=MSK)


def load(path: Path):
    sc = tomllib.loads(path.read_text(encoding="utf-8"))
    base = sc.get("date", "2027-01-01")
    players = []
    for p in sc["players"]:
        if isinstance(p, str):
            players.append(T.Player(p))
        else:
            players.append(T.Player(p["nick"], tuple(p.get("aliases", ())), p.get("mask"),
                                    tuple(T.Replacement(r["nick"], _time(r["at"], base))
                                          for r in p.get("replacements", ()))))
    roster = T.Roster(tuple(players), gms=tuple(sc.get("gm", ["Ведущий"])))
    d = sc["day"]
    state = T.DayState(
        day=d["day"], deadline=_time(d["deadline"], base) if "deadline" in d else None,
        alive=tuple(d.get("alive", [p.nick for p in players])),
        start=_time(d["start"], base) if "start" in d else None,
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
            p.get("id", i + 1), p.get("topic", "vote"), p["author"], _time(p["time"], base), p["html"],
            versions=tuple((_time(t, base), h) for t, h in p.get("versions", ())),
            edited=p.get("edited", False),
            edited_at=_time(p["edited_at"], base) if "edited_at" in p else None))
    rules = T.VoteRules.from_mapping(sc.get("votes", {}))
    return sc, base, roster, state, posts, rules


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_scenario(path):
    sc, base, roster, state, posts, rules = load(path)
    for exp in sc["expect"] if isinstance(sc["expect"], list) else [sc["expect"]]:
        as_of = _time(exp["as_of"], base) if "as_of" in exp else None
        t = T.count_day(posts, state, roster, rules, game=path.stem, view=exp.get("view", "gm"),
                        as_of=as_of)
        if "eliminated" in exp:
            assert list(t.outcome.eliminated) == exp["eliminated"]
        if "reason" in exp:
            assert t.outcome.reason == exp["reason"]
        if "totals" in exp:
            assert {c.player: c.total for c in t.candidates} == exp["totals"]
        if "penalties" in exp:
            assert {c.player: c.penalty for c in t.candidates if c.penalty} == exp["penalties"]
        if "votes" in exp:
            assert {v.voter: [v.target, v.color] for v in t.votes if v.counted} == exp["votes"]
        if "weights" in exp:
            assert {v.voter: v.weight for v in t.votes if v.counted} == exp["weights"]
        if "not_voted" in exp:
            assert list(t.not_voted) == exp["not_voted"]
        if "flags" in exp:
            assert sorted([f.kind, f.player] for f in t.flags) == sorted(exp["flags"])
        if "alerts" in exp:
            assert [a.kind for a in t.alerts] == exp["alerts"]
        if "closed" in exp:
            assert t.closed == exp["closed"]
        if "closed_early" in exp:
            assert t.closed_early == _time(exp["closed_early"], base)
        if "final" in exp:
            assert list(t.final) == exp["final"]
        if "ties" in exp:
            assert t.ties == exp["ties"]
        if "misses" in exp:
            assert dict(t.misses) == exp["misses"]
        if "spent" in exp:
            assert [list(s) for s in t.outcome.spent] == exp["spent"]


def test_scenarios_cover_every_rule_of_section_3_and_the_four_games():
    rules, games = set(), set()
    for f in FILES:
        sc = tomllib.loads(f.read_text(encoding="utf-8"))
        rules |= set(sc.get("rules", []))
        games.add(sc.get("game"))
    assert {"3.1", "3.2", "3.3", "3.4", "3.5", "3.6", "3.7", "3.8", "3.9", "3.10", "3.11", "3.12",
            "3.13", "3.14"} <= rules
    assert {"001", "000", "003", "004"} <= games
