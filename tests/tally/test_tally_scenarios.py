"""Day scenarios as data (tests/data/tally/*.toml): players + day state + posts → expected count.
Every bug found becomes one more file. The format is described in tests/data/tally/README.md."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from mafvote_tally import count_day
from support.count import load_tally_scenario, scenario_time

DATA = Path(__file__).resolve().parents[1] / "data" / "tally"
FILES = sorted(DATA.glob("*.toml"))


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_scenario(path):
    sc, base, roster, state, posts, rules = load_tally_scenario(path)
    for exp in sc["expect"] if isinstance(sc["expect"], list) else [sc["expect"]]:
        as_of = scenario_time(exp["as_of"], base) if "as_of" in exp else None
        t = count_day(posts, state, roster, rules, game=path.stem, view=exp.get("view", "gm"),
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
            assert t.closed_early == scenario_time(exp["closed_early"], base)
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
