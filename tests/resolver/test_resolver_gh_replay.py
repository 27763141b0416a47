"""004 has no result log: the multi-night scenario plays the rules end to end; here its exact lines and state."""
from __future__ import annotations

from support.nights import SCENARIOS, run_file


def test_rule_4_004_four_nights_four_days_end_to_end() -> None:
    _, outcomes = run_file(SCENARIOS / "gh_replay_four_nights_four_days.toml")
    n1, d1, n2, d2, n3, d3, n4, d4 = outcomes
    # night 1: Диего's one-time protection is spent, Элиса's first-night immunity holds, nothing public but the blocks
    assert n1.state.night_shields == {"Ayala": 1}
    assert n1.to_json()["next_day"]["transfers"] == [{"kind": "gifted", "source": "Alfredo", "to": "Sofia"},
                                                     {"kind": "stolen", "source": "Teresa", "to": "Diego"}]
    assert d1.state.hang_protection == {"Elisa": 1, "Javier": 1} and d1.state.transfers == ()
    # night 2: Лаура's serum is a secret silence; the hiding maniac used one of his two hides
    assert [(s.player, s.announced) for s in n2.silenced] == [("Teresa", False)]
    assert n2.state.uses["Javier/hide"] == 1 and n2.state.uses["Elisa/blitz"] == 1
    # day 2 spent Хавьер's universal protection (hanging or kill, whichever first)
    assert d2.state.universal_shields == {} and "Javier" not in d2.state.hang_protection
    # night 3: the bloody kill's target, its visitor (the forced rolls) and the mafia's kill, in roster order
    assert [d.player for d in n3.deaths] == ["Julio", "Angela", "Catalina"]
    assert [(r.name, r.value, r.forced) for r in n3.rolls] == [("visitor", "Angela", True), ("bloody", True, True)]
    assert any("Laura is of the family alarcon" in line for line in n3.log)
    # day 3: the neutral takes the maniac's place; night 4 he kills Тереса (only the maniac could) and learns it
    assert d3.state.player("Benjamin").role == "Хавьер"
    assert [d.player for d in n4.deaths] == ["Teresa", "Alfredo"]   # roster order
    assert d4.winner == "mafia"
    assert [d.to_json()["side"] for d in d4.deaths] == ["maniac"]
