"""Limits checked when the GM enters an action (issue 15 point 5): `night add` refuses, with why, a role shot the
003 mafia already used and 004 Алисия's «Покажи мне свое лицо» during its cooldown («Применяется 1 раз в 2
ночи»), as the night would; both reach `night add` through `parse_night_file(..., unwritten=1)`, the check
`GameService.add_action` runs before writing the file. An entry already in a hand-written file is still refused
by the night alone (the engine), so the night goes on."""
from __future__ import annotations

import pytest

from mafvote_resolver import ActionError, append_action, new_game, parse_night_file, read_action, resolve_night, Rolls
from support import load_ruleset


def enter(ruleset, state, actor: str, text: str):
    """What `night add` does: read the message, append it, check the file with it as the new entry."""
    role = state.player(actor).role
    actions = read_action(text, role, state.players, ruleset, actor=actor, state=state)
    night_file = f"night = {state.night + 1}\n"
    for a in actions:
        night_file = append_action(night_file, a)
    return parse_night_file(night_file, "night-N.toml", ruleset, state, unwritten=len(actions))


def test_issue15_5_003_a_used_role_shot_is_refused_at_entry():
    r = load_ruleset("time_machine")
    state = new_game("t", [{"nick": n, "role": role} for n, role in {
        "M1": "Мафиозо", "M2": "Мафиозо", "Com": "Комиссар", "Doc": "Доктор", "Man": "Маньяк", "A": "Мирный житель",
        "B": "Мирный житель", "C": "Мирный житель"}.items()], r)
    night1 = enter(r, state, "M1", "Доп. удар: Com — комиссар").actions
    state = resolve_night(r, state, night1, Rolls("t", 1)).state
    assert not state.player("Com").alive
    with pytest.raises(ActionError) as caught:
        enter(r, state, "M2", "Доп. удар: Doc — доктор")     # the side's one shot, spent by M1
    assert [(p.where, p.message) for p in caught.value.problems] == [
        ("the new entry (not written)", "role_shot уже использовано: 1 раз за игру на всю сторону")]
    assert "спросите M2" in caught.value.problems[0].hint
    assert enter(r, state, "M2", "Убиваю Doc").actions          # the ordinary kill is still there


def test_issue15_5_004_alicias_face_in_its_cooldown_is_refused_at_entry():
    r = load_ruleset("grand_hotel")
    roster = {"Teresa": "Донья Тереса", "Alicia": "Алисия Аларкон", "Sofia": "София Аларкон", "Julio": "Хулио Ольмедо",
              "Diego": "Диего Муркиа", "Angela": "Анхела Салинас", "Elisa": "Донья Элиса", "Ayala": "Аяла",
              "Javier": "Хавьер", "Benjamin": "Бенхамин"}
    state = new_game("t", [{"nick": n, "role": role} for n, role in roster.items()], r)
    state = resolve_night(r, state, enter(r, state, "Alicia", "Покажи мне свое лицо - Ayala").actions, Rolls("t", 1)).state
    with pytest.raises(ActionError) as caught:
        enter(r, state, "Alicia", "Покажи мне свое лицо: Elisa")
    assert [p.message for p in caught.value.problems] == [
        "face: раз в 2 ночи, использовано в ночь 1; снова можно в ночь 3"]
    # her other action that night is taken: the refused one never blocks it ("already has an action")
    assert [a.ability for a in enter(r, state, "Alicia", "Я вижу тебя - Elisa").actions] == ["watch"]
    state = resolve_night(r, state, [], Rolls("t", 2)).state
    assert [a.ability for a in enter(r, state, "Alicia", "Покажи мне свое лицо: Elisa").actions] == ["face"]


def test_issue15_andres_and_angela_one_action_for_two_the_first_entered_counts():
    # decision of issue 15 (seed 004: «НД Андреса меняется на НД матери и выполняется вместе с ней (одно на двоих)»)
    r = load_ruleset("grand_hotel")
    roster = {"Teresa": "Донья Тереса", "Alicia": "Алисия Аларкон", "Diego": "Диего Муркиа", "Angela": "Анхела Салинас",
              "Andres": "Андрес Аларкон", "Julio": "Хулио Ольмедо", "Elisa": "Донья Элиса", "Ayala": "Аяла",
              "Javier": "Хавьер", "Benjamin": "Бенхамин"}
    state = new_game("t", [{"nick": n, "role": role} for n, role in roster.items()], r)
    state = resolve_night(r, state, enter(r, state, "Andres", "Я люблю тебя, мама - Angela").actions, Rolls("t", 1)).state
    first = read_action("Верность Гранд-Отелю - Julio", "Андрес Аларкон", state.players, r, actor="Andres", state=state)
    night_file = append_action(f"night = {state.night + 1}\n", first[0])
    second = read_action("Верность Гранд-Отелю - Diego", "Анхела Салинас", state.players, r, actor="Angela", state=state)
    with pytest.raises(ActionError) as caught:
        parse_night_file(append_action(night_file, second[0]), "night-2.toml", r, state, unwritten=1)
    assert [(p.where, p.message) for p in caught.value.problems] == [
        ("the new entry (not written)", "Angela и Andres ходят одним действием на двоих («одно на двоих»): действие "
                                        "Andres уже внесено (line 3) и считается")]
    # a hand-written file with both: the night file's check names the second entry, the first counts
    both = append_action(append_action(f"night = {state.night + 1}\n", second[0]), first[0])
    with pytest.raises(ActionError) as caught:
        parse_night_file(both, "night-2.toml", r, state)
    assert [p.where for p in caught.value.problems] == ["line 8"]
    assert "действие Angela уже внесено (line 3) и считается" in caught.value.problems[0].message
