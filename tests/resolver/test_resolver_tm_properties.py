"""003 Time machine properties: the GM's entry order never changes a night (RULES.md §4); the ruleset's cards."""
from __future__ import annotations

from hypothesis import strategies as st
from hypothesis import given, settings

from mafvote_resolver import Action, Rolls, new_game, resolve_night
from mafvote_resolver.order import ORDER, Stage
from support.nights import load_ruleset

TM = load_ruleset("time_machine")
ROSTER = [{"nick": "M1", "role": "Мафиозо", "items": ["button"]}, {"nick": "M2", "role": "Мафиозо"},
          {"nick": "Com", "role": "Комиссар", "items": ["clock"]}, {"nick": "Doc", "role": "Доктор"},
          {"nick": "Man", "role": "Маньяк"}, {"nick": "A", "role": "Мирный житель", "items": ["book"]},
          {"nick": "B", "role": "Мирный житель"}]
STATE = new_game("prop_tm", ROSTER, TM)

# every conflict of the 003 night: two mafia senders, the role shot right and wrong, the clock on a shooter
# and on the doctor, the book and the doctor on one victim, the button beside the commissar's own action
POOL = [
    Action("M1", "kill", ("A",)), Action("M2", "kill", ("Doc",)), Action("M1", "role_shot", ("Doc",), role="Доктор"),
    Action("M2", "role_shot", ("Com",), role="Маньяк"), Action("Com", "check", ("M1",)), Action("Com", "shoot", ("Man",)),
    Action("Com", "clock", ("Doc",)), Action("Com", "clock", ("M2",)), Action("Doc", "heal", ("A",)),
    Action("Doc", "heal", ("Doc",)), Action("A", "book", ("Doc",)), Action("A", "book", ("M2",)),
    Action("Man", "kill", ("B",)), Action("Man", "kill", ("Com",)), Action("M1", "button", ("Man",)),
]


def _outcome(actions):
    out = resolve_night(TM, STATE, actions, Rolls("prop_tm", 1))
    return out.to_json(), out.state.to_dict()


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(POOL), min_size=1, max_size=9, unique=True).flatmap(
    lambda acts: st.tuples(st.just(acts), st.permutations(acts))))
def test_rule_4_003_submission_order_never_changes_the_outcome(pair) -> None:
    actions, shuffled = pair
    assert _outcome(list(shuffled)) == _outcome(list(actions))


def test_rule_4_003_the_ruleset_gives_its_own_order() -> None:
    # "Доп.удар мафии / Блок часами / Лечение дока и книгой / Убийства + предмет / Проверка кома"
    order = TM.order
    assert order[0] is Stage.CHECK_ACTIONS and order[-1] is Stage.NEXT_DAY and set(order) == set(ORDER)
    assert order.index(Stage.PIERCING) < order.index(Stage.BLOCKS) < order.index(Stage.PROTECT) \
        < order.index(Stage.KILLS) < order.index(Stage.INFORMATION)


def test_rule_4_003_items_are_state_used_once_and_lost_with_their_holder() -> None:
    assert STATE.items == {"M1": ("button",), "Com": ("clock",), "A": ("book",)}
    out = resolve_night(TM, STATE, [Action("Com", "clock", ("Doc",)), Action("Man", "kill", ("A",))], Rolls("t", 1))
    # the clock is used, the book dies with its holder unused, the button stays
    assert out.state.items == {"M1": ("button",)}
    assert any("A dies holding book" in line for line in out.log)
    again = resolve_night(TM, out.state, [Action("Com", "clock", ("M1",))], Rolls("t", 2))
    assert [(r.actor, r.ability) for r in again.refused] == [("Com", "clock")]
    assert "has no ability 'clock' tonight" in again.refused[0].reason


def test_rule_4_003_an_unknown_item_in_the_roster_is_named() -> None:
    import pytest
    from mafvote_resolver import ResolverError

    with pytest.raises(ResolverError) as err:
        new_game("g", [{"nick": "A", "role": "Мирный житель", "items": ["часики"]}], TM)
    assert "player A: item 'часики' is not in ruleset time_machine (items: clock, button, book)" in str(err.value)


def test_rule_4_003_role_shot_guess_outside_the_list_is_refused() -> None:
    out = resolve_night(TM, STATE, [Action("M1", "role_shot", ("A",), role="Мирный житель")], Rolls("t", 1))
    assert out.deaths == ()
    assert "role shot: name the guessed role, one of Доктор, Комиссар, Маньяк" in out.refused[0].reason


def test_rule_6_003_night_death_json_hides_the_role() -> None:
    out = resolve_night(TM, STATE, [Action("Man", "kill", ("Com",))], Rolls("t", 1))
    death = next(p for p in out.to_json()["public"] if p["kind"] == "death")
    assert death == {"kind": "death", "text": "Com", "data": {"player": "Com", "role": None, "side": None}}
    assert out.to_json()["deaths"][0]["revealed"] is False
