"""A blocked move (RULES.md §4, the ruleset's `blocked_action_spends`): in 003 it is not made (tests/data/nights/
tm_5_clock_blocked_*.toml); in 000/001 and 004 it still counts as made, so a doctor blocked last night may not heal
the same player tonight; in 003 the clock blocks the role's move, never an item («не влияет на основной ход»)."""
from __future__ import annotations

from mafvote_resolver import Action, Rolls, new_game, resolve_night
from support.nights import NY, TM, TM_STATE


def test_rule_4_001_a_blocked_heal_still_counts_as_last_nights_heal() -> None:
    roster = {"Boss": "Санта Клаус", "Nut": "Щелкунчик", "Doc": "Снеговик", "A": "мирная зверюшка",
              "B": "мирная зверюшка", "C": "мирная зверюшка", "D": "мирная зверюшка"}
    state = new_game("h30ny", [{"nick": n, "role": r} for n, r in roster.items()], NY)
    assert NY.blocked_action_spends is True and TM.blocked_action_spends is False
    one = resolve_night(NY, state, [Action("Nut", "block", ("Doc",)), Action("Doc", "heal", ("A",))], Rolls("h30ny", 1))
    assert [(r.actor, r.reason) for r in one.refused] == [("Doc", "blocked by Nut")]
    two = resolve_night(NY, one.state, [Action("Doc", "heal", ("A",))], Rolls("h30ny", 2))
    assert [(r.actor, r.reason) for r in two.refused] == [
        ("Doc", "repeat target: A also last night (lifted only with 3 alive)")]


def test_rule_4_003_a_clock_blocked_player_still_uses_an_item() -> None:
    # decision of issue 15: the clock blocks the role's move; an item «не влияет на основной ход»
    out = resolve_night(TM, TM_STATE, [Action("A", "clock", ("Zorro",)), Action("Zorro", "button", ("B",))], Rolls("h30", 1))
    assert [d.player for d in out.deaths] == ["B"]
    assert out.state.items == {"Zorro": ("book",)}
    assert "A/clock@night" in out.state.counters and "Zorro/button@night" in out.state.counters
