"""Property: the order in which the GM entered the night's actions never changes the outcome (RULES.md §4)."""
from __future__ import annotations

import tomllib

from hypothesis import strategies as st
from hypothesis import given, settings

from mafvote_resolver import Action, Rolls, new_game, resolve_night
from support.nights import SCENARIOS, build, forced, load_ruleset, night_actions

NY = load_ruleset("new_year")
ROSTER = {"Boss": "Санта Клаус", "Troll": "Злой тролль", "Lawyer": "Кай", "Nut": "Щелкунчик", "Queen": "Снежная королева",
          "Ded": "Дед Мороз", "Snow": "Снегурочка", "Doc": "Снеговик", "Girl": "Снежинка", "Gerda": "Герда",
          "Shahid": "Хлопушка", "A": "мирная зверюшка", "B": "мирная зверюшка"}
STATE = new_game("prop", [{"nick": n, "role": r} for n, r in ROSTER.items()], NY)

# a pool with every conflict the engine settles: mutual blocks, a blocked blocker, the pair's one action,
# the boss's fallback, a heal against a double kill, heal-from-role, the shahid's chain, alibi vs strip
POOL = [
    Action("Boss", "kill", ("A", "Shahid")), Action("Boss", "intimidate", ("A",)), Action("Troll", "kill", ("B",)),
    Action("Nut", "block", ("Girl",)), Action("Girl", "block", ("Nut",)), Action("Girl", "block", ("Doc",)),
    Action("Doc", "heal", ("A",)), Action("Doc", "heal_from_role", (), role="мафия"), Action("Ded", "kill", ("Boss",)),
    Action("Snow", "check", ("Queen",)), Action("Queen", "kill", ("Doc",)), Action("Shahid", "take", ("Troll",)),
    Action("Lawyer", "alibi", ("Boss",)), Action("Gerda", "strip", ("Boss",)), Action("Doc", "poison", ("B",)),
    Action("Boss", "kill_intimidate", ("B", "A")), Action("Nut", "block", ("Shahid",)), Action("Doc", "serum", ("Troll",)),
]


def _outcome(actions):
    out = resolve_night(NY, STATE, actions, Rolls("prop", 1))
    return out.to_json(), out.state.to_dict()


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(POOL), min_size=1, max_size=10, unique=True).flatmap(
    lambda acts: st.tuples(st.just(acts), st.permutations(acts))))
def test_rule_4_submission_order_never_changes_the_outcome(pair) -> None:
    actions, shuffled = pair
    assert _outcome(list(shuffled)) == _outcome(list(actions))


@settings(max_examples=50, deadline=None)
@given(st.randoms(use_true_random=False))
def test_rule_4_seed_nights_are_order_independent(rnd) -> None:
    for name in ("seed_000_peculiar_night_1_day_1.toml", "seed_001_new_year_nights_1_3.toml"):
        scenario = tomllib.loads((SCENARIOS / name).read_text(encoding="utf-8"))
        ruleset, state = build(scenario)
        phase = scenario["phases"][0]
        actions = night_actions(ruleset, state, phase)
        shuffled = list(actions)
        rnd.shuffle(shuffled)
        rolls = Rolls(state.game, 1, forced(state, phase))
        a = resolve_night(ruleset, state, actions, rolls)
        b = resolve_night(ruleset, state, shuffled, rolls)
        assert a.to_json() == b.to_json() and a.state == b.state
