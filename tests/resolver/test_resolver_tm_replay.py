"""003 has no result log: the multi-night scenario plays the rules end to end; here its exact post lines."""
from __future__ import annotations

from support.nights import SCENARIOS, run_file


def test_rule_4_003_three_days_three_nights_end_to_end() -> None:
    _, outcomes = run_file(SCENARIOS / "tm_replay_three_days_three_nights.toml")
    day1, night1, day2, night2, day3, night3 = outcomes
    assert [p.text for p in day1.public] == ["Выбывает B - Мирный житель (сторона мирных)"]
    assert night1.public == () and night1.saved == ("C", "D")
    # the role shot's victim and the maniac's, in roster order (never the kill order); neither shows a role
    assert [p.text for p in night2.public] == ["Com", "F"]
    assert [d.causes for d in night2.deaths] == [("role shot by M2",), ("killed by Man (Маньяк)",)]
    # the commissar shot tonight still got his check
    assert [(p.to, p.text) for p in night2.private] == [("Com", "M2 — мафия")]
    assert night2.state.items == {"M1": ("button",)}          # the book (night 1) and the clock (night 2) are used
    assert [d.player for d in night3.deaths] == ["A", "Man"]  # roster order, not the kill order
    assert night3.state.items == {}
    assert night3.winner == "mafia" and sorted(night3.state.alive) == ["C", "D", "Doc", "M1", "M2", "M3"]
