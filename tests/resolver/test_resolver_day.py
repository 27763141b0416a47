"""The day side and the state: hanging, modkill, replacement, the state's store form, seeded rolls."""
from __future__ import annotations

import pytest

from mafvote_resolver import (Action, GameState, ResolverError, Rolls, alive_at_start, apply_day, check_win,
                              current_boss, loads_ruleset, modkill, new_game, record_misses, replace_player,
                              resolve_night)
from support.nights import load_ruleset
from support.paths import ROOT

NY = load_ruleset("new_year")
ROSTER = [{"nick": n, "role": r, "gender": g} for n, r, g in [
    ("Boss", "Санта Клаус", "m"), ("Troll", "Злой тролль", "m"), ("Lawyer", "Кай", "f"), ("Doc", "Снеговик", "m"),
    ("Girl", "Снежинка", "f"), ("Ded", "Дед Мороз", "m"), ("Shahid", "Хлопушка", "f"), ("A", "мирная зверюшка", "m"),
    ("B", "мирная зверюшка", "f"), ("C", "мирная зверюшка", "m"), ("D", "мирная зверюшка", "m"), ("E", "мирная зверюшка", "m")]]


def test_rule_ranked_1_reveal_is_taken_at_the_start_of_the_day() -> None:
    state = new_game("g", ROSTER, NY)                      # 12 alive: roles shown
    state = apply_day(NY, state, ["A"]).state
    out = apply_day(NY, state, ["B"])                       # 11 alive at the start: still shown
    assert out.deaths[0].revealed and out.public[0].text == "Повешена B - мирная зверюшка (мирная)"
    out = apply_day(NY, out.state, ["C"])                   # 10 alive at the start: hidden
    assert not out.deaths[0].revealed and out.public[0].text == "Повешен C"


def test_rule_3_9_nobody_hanged_and_unknown_name_refused() -> None:
    state = new_game("g", ROSTER, NY)
    out = apply_day(NY, state, [])
    assert out.deaths == () and out.public[0].text == "Не вешается никто" and out.state.day == 1
    with pytest.raises(ResolverError, match="'Zed' is not a living player"):
        apply_day(NY, state, ["Zed"])


def test_modkill_passes_the_boss_down_and_may_hide_the_role() -> None:
    state = new_game("g", ROSTER, NY)
    out = modkill(NY, state, "Boss")
    assert out.public[0].text == "Модкилл: Boss" and not out.deaths[0].revealed
    assert current_boss(NY, out.state) == "Troll"
    assert modkill(NY, state, "A", reveal=True).public[0].text == "Модкилл: A - мирная зверюшка (мирный)"


def test_replacement_takes_over_role_and_memories() -> None:
    state = new_game("g", ROSTER, NY)
    night = resolve_night(NY, state, [Action("Doc", "heal", ("A",)), Action("Lawyer", "alibi", ("Lawyer",))], Rolls("g", 1))
    state = replace_player(night.state, "Lawyer", "Newbie")
    assert state.player("Newbie").role == "Кай" and state.alibis == ("Newbie",)
    state = replace_player(apply_day(NY, state, []).state, "Doc", "Medic")
    # the memory moved with the slot: Medic cannot heal A two nights running either
    out = resolve_night(NY, state, [Action("Medic", "heal", ("A",))], Rolls("g", 2))
    assert [(r.actor, r.reason.split(":")[0]) for r in out.refused] == [("Medic", "repeat target")]
    assert state.replacements == (("Lawyer", "Newbie"), ("Doc", "Medic"))


def test_state_round_trips_through_a_plain_dict() -> None:
    state = new_game("g", ROSTER, NY)
    out = resolve_night(NY, state, [Action("Doc", "poison", ("A",)), Action("Boss", "kill", ("B", "C")),
                                    Action("Lawyer", "alibi", ("Boss",))], Rolls("g", 1, {("Boss", "evidence"): False}))
    assert GameState.from_dict(out.state.to_dict()) == out.state


def test_rule_4_rolls_are_seeded_per_game_and_night_and_recorded() -> None:
    state = new_game("g", ROSTER, NY)
    actions = [Action("Girl", "block", ("A",)), Action("Boss", "kill", ("B", "C"))]
    first = resolve_night(NY, state, actions, Rolls("g", 1))
    again = resolve_night(NY, state, actions, Rolls("g", 1))
    assert [r.to_json() for r in first.rolls] == [r.to_json() for r in again.rolls]
    assert {(r.actor, r.name, r.p, r.forced) for r in first.rolls} == {("Girl", "silence", 0.5, False),
                                                                        ("Boss", "evidence", 0.75, False)}
    values = {tuple(r.value for r in resolve_night(NY, state, actions, Rolls(f"game{i}", 1)).rolls) for i in range(40)}
    assert len(values) == 4      # different games draw differently; all four combinations occur


def test_rule_5_mafia_wins_at_parity_without_a_solo() -> None:
    state = new_game("g", ROSTER, NY)
    for nick in ["Doc", "Girl", "Shahid", "A", "B"]:
        state = state.with_player(nick, alive=False)
    assert check_win(NY, state) is None                 # 3 mafia vs 4
    out = resolve_night(NY, state, [Action("Boss", "kill", ("D",))], Rolls("g", 1))
    assert out.winner == "mafia" and out.to_json()["winner"] == "mafia"


def test_rule_3_6_second_miss_makes_a_modkill_candidate() -> None:
    state = new_game("g", ROSTER, NY)
    state, candidates = record_misses(state, ["A", "B"])
    assert candidates == () and state.misses == {"A": 1, "B": 1}
    state, candidates = record_misses(state, ["A"])
    assert candidates == ("A",) and state.misses == {"A": 2, "B": 1}
    state = replace_player(state, "A", "A2")
    assert state.misses == {"A2": 2, "B": 1}


def test_rule_3_15_a_modkill_during_the_night_keeps_the_nights_reveal() -> None:
    # 11 alive when night 1 begins: the night's dead are shown. A modkill inside the night leaves 10,
    # but the night was entered with 11, so the boss's victim is still revealed
    state = apply_day(NY, new_game("g", ROSTER, NY), ["E"]).state          # 11 alive
    state = modkill(NY, state, "D").state                                   # 10 alive, inside the night
    out = resolve_night(NY, state, [Action("Boss", "kill", ("A",))], Rolls("g", 1))
    assert [(d.player, d.revealed) for d in out.deaths] == [("A", True)]
    assert not any(k.startswith("@phase/") for k in out.state.counters)


def test_rule_3_10_apply_day_spends_the_alibi_of_millards_killer_before_a_protection():
    # the same order as the tally's shields, so a close from the count spends what the count spent
    ruleset = loads_ruleset((ROOT / "rulesets" / "grand_hotel.toml").read_text(encoding="utf-8"), "grand_hotel.toml")
    st = new_game("g", [{"nick": "A", "role": "София Аларкон"}, {"nick": "B", "role": "Эрнандо"},
                          {"nick": "C", "role": "Диего Муркиа"}], ruleset)
    st = GameState.from_dict({**st.to_dict(), "hang_protection": {"A": 2}})   # + one killer's alibi
    out = apply_day(ruleset, st, ["A"])
    assert out.saved == (("A", "protected"),)
    assert out.state.hang_protection == {"A": 1} and out.state.hang_shields == {"A": 1}
    assert "the alibi of Миллард's killer" in "\n".join(out.log)
    out = apply_day(ruleset, out.state, ["A"])
    assert out.state.hang_protection == {} and out.state.hang_shields == {}
    assert apply_day(ruleset, out.state, ["A"]).deaths[0].player == "A"


def test_rule_3_15_the_reveal_threshold_uses_the_alive_count_when_the_day_began():
    ruleset = loads_ruleset((ROOT / "rulesets" / "new_year.toml").read_text(encoding="utf-8"), "new_year.toml")
    roles = ["Санта Клаус", "Злой тролль", "девочка", "Кай", "доктор", "Дед Мороз", "Снегурочка", "Герда",
             "Хлопушка", "мирная зверюшка", "Снежная королева"]
    st = new_game("g", [{"nick": f"p{i}", "role": r} for i, r in enumerate(roles)], ruleset)   # 11 alive
    assert alive_at_start(st) == 11
    after = modkill(ruleset, st, "p9").state
    assert len(after.alive) == 10 and alive_at_start(after) == 11
    # a second modkill in the same phase keeps the first count
    after = modkill(ruleset, after, "p8").state
    assert len(after.alive) == 9 and alive_at_start(after) == 11
    out = apply_day(ruleset, after, ["p3"])
    assert out.deaths[0].revealed is True
    # without the modkills a day that begins with 10 hides the role
    ten = apply_day(ruleset, modkill(ruleset, st, "p9").state, []).state   # day 1 closes, 10 alive
    assert alive_at_start(ten) == 10
    assert apply_day(ruleset, ten, ["p3"]).deaths[0].revealed is False


# RULES.md §6 / issue 14: the words of a hanging as `day close` prints them for the post: the side's title agrees
# with the player's gender, and a player the config gives no gender gets a wording without one («сторона мирных»),
# never the masculine «(мирный)». 004 shows the side (a noun), 000 no side; their lines differ only in the verb.
HANGED_LINES = {
    "new_year": ("Дед Мороз", {"f": "Повешена P0 - Дед Мороз (мирная)", "m": "Повешен P0 - Дед Мороз (мирный)",
                               None: "Выбывает P0 - Дед Мороз (сторона мирных)"}),
    "time_machine": ("Комиссар", {"f": "Повешена P0 - Комиссар (мирная)", "m": "Повешен P0 - Комиссар (мирный)",
                                  None: "Выбывает P0 - Комиссар (сторона мирных)"}),
    "grand_hotel": ("Донья Тереса", {"f": "Повешена P0 (город)", "m": "Повешен P0 (город)",
                                     None: "Выбывает P0 (город)"}),
    "peculiar": ("Джейкоб Портман", {"f": "Повешена P0 - Джейкоб Портман", "m": "Повешен P0 - Джейкоб Портман",
                                     None: "Выбывает P0 - Джейкоб Портман"}),
}


@pytest.mark.parametrize("gender", ["f", "m", None], ids=["f", "m", "unknown"])
@pytest.mark.parametrize("game", sorted(HANGED_LINES))
def test_rule_6_the_hanged_line_names_the_side_without_guessing_a_gender(game, gender) -> None:
    ruleset = load_ruleset(game)
    role, lines = HANGED_LINES[game]
    roster = [{"nick": f"P{i}", "role": role, "gender": gender} for i in range(12)]     # 12 alive: roles shown
    state = new_game("g", roster, ruleset)
    assert [p.text for p in apply_day(ruleset, state, ["P0"]).public] == [lines[gender]]
    # a modkill shown with --reveal words the side the same way
    shown = lines[gender].split(" ", 1)[1].replace("P0", "P1")
    if game == "grand_hotel":       # 004's modkill with --reveal shows the role beside the side
        shown = f"P1 - {role} (город)"
    assert modkill(ruleset, state, "P1", reveal=True).public[0].text == f"Модкилл: {shown}"
