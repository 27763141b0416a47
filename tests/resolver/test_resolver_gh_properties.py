"""004 Gran Hotel properties: entry order never matters; transfers reach the next day; the order table."""
from __future__ import annotations

from hypothesis import strategies as st
from hypothesis import given, settings

from mafvote import gm_text
from mafvote_resolver import Action, Rolls, apply_day, new_game, resolve_night
from mafvote_resolver.order import Stage
from support.nights import load_ruleset

GH = load_ruleset("grand_hotel")
ROSTER = {"Teresa": "Донья Тереса", "Alicia": "Алисия Аларкон", "Sofia": "София Аларкон", "Julio": "Хулио Ольмедо",
          "Diego": "Диего Муркиа", "Angela": "Анхела Салинас", "Alfredo": "Альфредо Вергара", "Andres": "Андрес Аларкон",
          "Catalina": "Каталина", "Elisa": "Донья Элиса", "Ayala": "Аяла", "Hernando": "Эрнандо", "Laura": "Лаура",
          "Javier": "Хавьер", "Benjamin": "Бенхамин"}
STATE = new_game("prop_gh", [{"nick": n, "role": r} for n, r in ROSTER.items()], GH)

# mutual blocks, a redirect, Блицкриг against a protection, the bloody kill with visitors, hiding, a guard,
# the maniac on Тереса, steal and gift, a slowdown, watchers; several mafia senders
POOL = [
    Action("Sofia", "block", ("Hernando",)), Action("Hernando", "arrest", ("Sofia",)), Action("Sofia", "block", ("Javier",)),
    Action("Benjamin", "redirect", ("Elisa", "Julio")), Action("Elisa", "blitz", ("Andres",)), Action("Elisa", "kill", ("Diego",)),
    Action("Angela", "protect", ("Andres",)), Action("Angela", "protect", ("Diego",)), Action("Javier", "bloody", ("Andres",)),
    Action("Javier", "hide", ()), Action("Javier", "kill", ("Teresa",)), Action("Ayala", "guard", ("Elisa",)),
    Action("Ayala", "kill", ("Alfredo",)), Action("Diego", "steal", ("Teresa",)), Action("Alfredo", "gift", ("Andres",)),
    Action("Catalina", "slowdown", ("Diego",)), Action("Alicia", "watch", ("Andres",)), Action("Julio", "truth", ("Elisa",)),
    Action("Teresa", "shoot", ("Javier",)), Action("Laura", "serum_night", ("Angela",)), Action("Hernando", "kill", ("Javier",)),
    Action("Laura", "find", ("Ayala",)), Action("Laura", "serum_night", ("Julio",)), Action("Benjamin", "random_redirect", ("Ayala", "Diego")),
]


def _outcome(actions):
    out = resolve_night(GH, STATE, actions, Rolls("prop_gh", 1, {("Javier", "bloody"): True}))
    return out.to_json(), out.state.to_dict()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(POOL), min_size=1, max_size=12, unique=True).flatmap(
    lambda acts: st.tuples(st.just(acts), st.permutations(acts))))
def test_rule_4_004_submission_order_never_changes_the_outcome(pair) -> None:
    actions, shuffled = pair
    assert _outcome(list(shuffled)) == _outcome(list(actions))


def test_rule_4_004_order_kills_then_slowdown_then_steals_then_information() -> None:
    o = GH.order
    assert o.index(Stage.HIDE) < o.index(Stage.BLOCKS) < o.index(Stage.REDIRECTS) < o.index(Stage.PIERCING) \
        < o.index(Stage.PROTECT) < o.index(Stage.KILLS) < o.index(Stage.FIND) < o.index(Stage.SLOWDOWN) \
        < o.index(Stage.SILENCES) < o.index(Stage.INFORMATION)
    assert GH.block_mode == "parallel" and GH.must_kill == "mafia"


def test_rule_3_7_transfers_go_to_next_day_json_and_the_day_clears_them() -> None:
    out = resolve_night(GH, STATE, [Action("Diego", "steal", ("Teresa",)), Action("Alfredo", "gift", ("Sofia",)),
                                    Action("Elisa", "kill", ("Julio",))], Rolls("t", 1))
    assert out.to_json()["next_day"]["transfers"] == [{"kind": "gifted", "source": "Alfredo", "to": "Sofia"},
                                                      {"kind": "stolen", "source": "Teresa", "to": "Diego"}]
    assert out.state.transfers == (("gifted", "Alfredo", "Sofia"), ("stolen", "Teresa", "Diego"))
    assert all(p.kind != "vote_steal" for p in out.public)   # "Игрок об этом не знает"
    day = apply_day(GH, out.state, [])
    assert day.state.transfers == ()


def test_rule_3_7_a_thief_killed_that_night_takes_no_vote() -> None:
    out = resolve_night(GH, STATE, [Action("Diego", "steal", ("Teresa",)), Action("Elisa", "kill", ("Diego",)),
                                    Action("Sofia", "block", ("Diego",))], Rolls("t", 1))
    # blocked: the steal never happened; and Диего's one-time protection was blocked too (a passive)
    assert [d.player for d in out.deaths] == ["Diego"]
    assert out.state.transfers == ()


def test_rule_4_004_must_kill_alert_in_json_and_text() -> None:
    out = resolve_night(GH, STATE, [Action("Javier", "kill", ("Julio",))], Rolls("t", 1))
    assert out.to_json()["alerts"] == ["no kill from the мафия side tonight: the rules say it must kill every night; "
                                       "enter its kill (night add) or note the penalty"]
    # the GM's view of the night (`night resolve`): the alert worded from its key in the GM's language
    assert ("ВНИМАНИЕ: этой ночью нет убийства от стороны «мафия»: по правилам она должна убивать каждую ночь; "
            "внесите её убийство (`mafvote night add`) или отметьте штраф") in gm_text.night_text(out).splitlines()
    ok = resolve_night(GH, STATE, [Action("Laura", "kill", ("Julio",))], Rolls("t", 1))
    assert "alerts" not in ok.to_json()


def test_rule_4_004_bloody_visitor_roll_is_recorded_and_seeded() -> None:
    acts = [Action("Javier", "bloody", ("Andres",)), Action("Angela", "protect", ("Andres",)),
            Action("Alfredo", "gift", ("Andres",)), Action("Elisa", "kill", ("Julio",))]
    a = resolve_night(GH, STATE, acts, Rolls("g", 1))
    b = resolve_night(GH, STATE, list(reversed(acts)), Rolls("g", 1))
    assert a.to_json() == b.to_json()
    rolls = {r.name: r for r in a.rolls}
    assert rolls["visitor"].value in ("Alfredo", "Angela") and rolls["visitor"].p == 0.5 and not rolls["visitor"].forced
    assert rolls["bloody"].p == 0.5
    dead = {d.player for d in a.deaths}
    assert ({"Andres", "Julio", rolls["visitor"].value} if rolls["bloody"].value else {"Andres", "Julio"}) == dead


def test_rule_6_004_death_shows_the_side_the_maniac_as_town() -> None:
    out = resolve_night(GH, STATE, [Action("Elisa", "kill", ("Javier",)), Action("Sofia", "block", ("Javier",))],
                        Rolls("t", 1))
    # blocked, Хавьер's universal protection (a passive) does not work tonight
    death = out.to_json()["deaths"][0]
    assert death["player"] == "Javier" and death["side"] == "maniac" and death["revealed"] is True
    line = next(p for p in out.to_json()["public"] if p["kind"] == "death")
    assert line == {"kind": "death", "text": "Javier (город)", "data": {"player": "Javier", "role": None, "side": "town"}}


def test_rule_4_004_the_gm_forces_the_visitor_roll_in_the_night_file() -> None:
    import pytest

    from mafvote_resolver import ActionError, append_action, append_roll, parse_night_file

    text = append_action("night = 1\n", Action("Javier", "bloody", ("Andres",)))
    text = append_action(text, Action("Alfredo", "gift", ("Andres",)))
    text = append_action(text, Action("Elisa", "kill", ("Julio",)))
    text = append_roll(append_roll(text, "Javier", "visitor", "Alfredo"), "Javier", "bloody", False)
    night = parse_night_file(text, "nights/1.toml", GH, STATE)
    assert night.forced == {("Javier", "visitor"): "Alfredo", ("Javier", "bloody"): False}
    out = resolve_night(GH, STATE, night.actions, Rolls("g", 1, night.forced))
    assert [d.player for d in out.deaths] == ["Julio", "Andres"]   # roster order
    with pytest.raises(ActionError) as err:
        append_roll(text, "Javier", "visitor", True)
    assert "the visitor roll takes a player's name" in str(err.value)
    with pytest.raises(ActionError) as err:
        parse_night_file(text.replace('value = "Alfredo"', 'value = "Nobody"'), "nights/1.toml", GH, STATE)
    assert 'the visitor roll picks a player: value = "<nick>"' in str(err.value)


def test_rule_3_10_004_hang_protections_are_not_next_day_alibis() -> None:
    out = resolve_night(GH, STATE, [Action("Elisa", "kill", ("Julio",))], Rolls("t", 1))
    assert out.state.hang_protection == {"Sofia": 1, "Elisa": 1, "Javier": 1}
    assert out.to_json()["next_day"]["alibis"] == []
    day = apply_day(GH, out.state, ["Sofia"])
    assert day.saved == (("Sofia", "protected"),) and day.state.hang_shields == {"Elisa": 1}
    assert day.state.hang_protection == {"Elisa": 1, "Javier": 1} and day.state.universal_shields == {"Javier": 1}


def test_rule_4_004_a_replacement_keeps_the_counters_and_protections() -> None:
    from mafvote_resolver import replace_player

    out = resolve_night(GH, STATE, [Action("Angela", "protect", ("Diego",)), Action("Elisa", "kill", ("Diego",)),
                                    Action("Julio", "truth", ("Ayala",))], Rolls("t", 1))
    new = replace_player(out.state, "Angela", "Angie")
    new = replace_player(new, "Ayala", "Ay")
    assert new.counters == {"Angie/saves": 1, "Julio/truth>Ay": 1}
    assert new.night_shields == {"Diego": 1, "Ay": 1}
    again = resolve_night(GH, new, [Action("Julio", "truth", ("Ay",)), Action("Elisa", "kill", ("Julio",))], Rolls("t", 2))
    assert "repeat target: Ay was visited before" in again.refused[0].reason
