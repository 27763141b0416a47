"""Limits checked when the GM enters an action (issue 15 point 5): `night add` refuses, with why, a role shot the
003 mafia already used and 004 Алисия's «Покажи мне свое лицо» during its cooldown («Применяется 1 раз в 2
ночи»), as the night would; both reach `night add` through `parse_night_file(..., unwritten=1)`, the check
`GameService.add_action` runs before writing the file. An entry already in a hand-written file is still refused
by the night alone (the engine), so the night goes on."""
from __future__ import annotations

from dataclasses import replace

import pytest

from mafvote import rulesets
from mafvote_resolver import (Action, ActionError, Rolls, append_action, apply_day, new_game, parse_night_file,
                              read_action, resolve_night)
from support.nights import TM, TM_STATE, load_ruleset


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
        ("the new entry (not written)", "role_shot used up: 1 a game for the whole side")]
    # keyed: the GM's language words it (tests/app/test_night_entry_russian.py pins the Russian)
    assert caught.value.problems[0].message.key == "entry.used_up"
    assert caught.value.problems[0].message.facts == {"ability": "role_shot", "n": 1, "side": True}
    assert caught.value.problems[0].hint == "the night would refuse the action; ask M2 for another one"
    assert caught.value.problems[0].hint.key == "hint.instead"
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
        "face: once in 2 nights, used on night 1; again on night 3"]
    assert caught.value.problems[0].message.facts == {"ability": "face", "every": 2, "used": 1, "next": 3}
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
        ("the new entry (not written)", "Angela and Andres have one action for the two («одно на двоих»): Andres's "
                                        "is entered already (line 3) and counts")]
    assert caught.value.problems[0].message.facts == {"actor": "Angela", "partner": "Andres", "first": "Andres",
                                                      "at": "line 3"}
    # a hand-written file with both: the night file's check names the second entry, the first counts
    both = append_action(append_action(f"night = {state.night + 1}\n", second[0]), first[0])
    with pytest.raises(ActionError) as caught:
        parse_night_file(both, "night-2.toml", r, state)
    assert [p.where for p in caught.value.problems] == ["line 8"]
    assert "Angela's is entered already (line 3) and counts" in caught.value.problems[0].message


# ---- night add refuses last night's target with the engine's reason (the rosters of the four games)

NY = [("Ronin", "Санта Клаус"), ("Trium", "Злой тролль"), ("Enzo", "Снеговик"), ("Nevermore", "Снежинка"),
      ("Гафф", "Хлопушка"), ("Соня", "мирная зверюшка"), ("Alisa", "Герда"), ("Exlay", "Снегурочка"),
      ("Алукард", "Дед Мороз"), ("Дени", "Щелкунчик"), ("Сальвия", "Снежная королева"), ("Puss", "мирная зверюшка")]
PECULIAR = [("Baron", "Мистер Барон"), ("Golan", "Доктор Голан"), ("Archer", "Мистер Арчер"), ("Hollow", "Пустота"),
            ("Abraham", "Абрахам"), ("Jacob", "Джейкоб Портман"), ("Enoch", "Енох О'Коннор"), ("Emma", "Эмма Блум"),
            ("A", "Странный ребёнок"), ("B", "Странный ребёнок")]
TIME_MACHINE = [("M1", "Мафиозо"), ("M2", "Мафиозо"), ("Com", "Комиссар"), ("Doc", "Доктор"), ("Man", "Маньяк"),
                ("A", "Мирный житель"), ("B", "Мирный житель")]
GRAND_HOTEL = [("Teresa", "Донья Тереса"), ("Alicia", "Алисия Аларкон"), ("Sofia", "София Аларкон"),
               ("Julio", "Хулио Ольмедо"), ("Diego", "Диего Муркиа"), ("Angela", "Анхела Салинас"),
               ("Alfredo", "Альфредо Вергара"), ("Andres", "Андрес Аларкон"), ("Catalina", "Каталина"),
               ("Elisa", "Донья Элиса"), ("Ayala", "Аяла"), ("Hernando", "Эрнандо"), ("Laura", "Лаура"),
               ("Javier", "Хавьер"), ("Benjamin", "Бенхамин")]


def after_first_night(ruleset_name: str, roster, first: list[Action]):
    """The ruleset and the state at night 2 (nobody hanged on day 1), night 1 being `first`."""
    ruleset = rulesets.load(ruleset_name)
    state = new_game("g", [{"nick": n, "role": r} for n, r in roster], ruleset)
    night1 = resolve_night(ruleset, state, first, Rolls("g", 1, {}))
    return ruleset, apply_day(ruleset, night1.state, []).state


def entry_problems(ruleset, state, action: Action) -> list[str]:
    # as `night add` checks it: the file with the new entry, not yet written (`unwritten=1`)
    try:
        parse_night_file("night = 2\n" + action.to_toml(), "night-2.toml", ruleset, state, unwritten=1)
    except ActionError as exc:
        return [p.message for p in exc.problems]
    return []


@pytest.mark.parametrize("ruleset_name, roster, first, again, reason", [
    # RULES.md §4 doctor row: "no same heal target two nights running (lifted with 3 alive)"
    ("new_year", NY, Action("Enzo", "heal", ("Соня",)), Action("Enzo", "heal", ("Соня",)),
     "repeat target: Соня also last night (lifted only with 3 alive)"),
    # heal-from-role counts as healing its victims: a heal on last night's victim is a repeat
    ("new_year", NY, [Action("Enzo", "heal_from_role", role="мафия"), Action("Ronin", "kill", ("Puss",))],
     Action("Enzo", "heal", ("Puss",)), "repeat target: Puss also last night (lifted only with 3 alive)"),
    # "... and not against the same role two nights running" (a role of the same side is the same killer)
    ("new_year", NY, Action("Enzo", "heal_from_role", role="мафия"), Action("Enzo", "heal_from_role", role="Санта Клаус"),
     "repeat target: heal from Санта Клаус two nights running"),
    # girl row: "not the same player two nights running"
    ("new_year", NY, Action("Nevermore", "block", ("Trium",)), Action("Nevermore", "block", ("Trium",)),
     "repeat target: Trium also last night (lifted only with 3 alive)"),
    # lawyer row: "000 may not on consecutive nights"
    ("peculiar", PECULIAR, Action("Archer", "alibi", ("A",)), Action("Archer", "alibi", ("A",)),
     "repeat target: A also last night (lifted only with 3 alive)"),
    # 003 rule: "не может лечить 2 ночи подряд одного игрока", never lifted
    ("time_machine", TIME_MACHINE, Action("Doc", "heal", ("A",)), Action("Doc", "heal", ("A",)),
     "repeat target: A also last night (never twice running in this game)"),
    # 004 Хулио: "Дважды невозможно ходить к одному игроку"
    ("grand_hotel", GRAND_HOTEL, Action("Julio", "truth", ("Ayala",)), Action("Julio", "truth", ("Ayala",)),
     "repeat target: Ayala was visited before (never twice)"),
])
def test_rule_4_a_repeat_target_is_refused_at_entry_with_the_engines_reason(ruleset_name, roster, first, again, reason):
    ruleset, state = after_first_night(ruleset_name, roster, first if isinstance(first, list) else [first])
    [refusal] = resolve_night(ruleset, state, [again], Rolls("g", 2, {})).refused
    assert refusal.reason == reason
    assert entry_problems(ruleset, state, again) == [reason]


def test_rule_4_another_target_and_a_night_with_three_alive_are_taken_at_entry():
    ruleset, state = after_first_night("new_year", NY, [Action("Enzo", "heal", ("Соня",))])
    assert entry_problems(ruleset, state, Action("Enzo", "heal", ("Puss",))) == []
    # "Если ночь наступает, когда ... всего три человека, правило отменяется"
    keep = {"Enzo", "Соня", "Ronin"}
    three = replace(state, players=tuple(p if p.nick in keep else replace(p, alive=False, died="day 1")
                                         for p in state.players))
    assert entry_problems(ruleset, three, Action("Enzo", "heal", ("Соня",))) == []
    assert resolve_night(ruleset, three, [Action("Enzo", "heal", ("Соня",))], Rolls("g", 2, {})).refused == ()


# --- a used-up item at entry: named with its night, no line of an unwritten file

def test_rule_4_003_a_used_up_item_is_named_with_its_night_and_an_unwritten_entry_has_no_line() -> None:
    one = resolve_night(TM, TM_STATE, [Action("Zorro", "book", ("C",))], Rolls("h30", 1))
    state = one.state
    text = append_action("night = 2\n", Action("Zorro", "book", ("C",)))
    try:
        parse_night_file(text, "night-2.toml", TM, state, unwritten=1)
    except ActionError as exc:
        assert [str(p) for p in exc.problems] == [
            "night-2.toml: the new entry (not written): Zorro (Мирный житель) has no ability 'book' tonight: the item "
            "book was used up on night 1 (each item is used once) (Zorro can tonight: button)"]
    else:
        raise AssertionError("a used-up item was accepted")
    # a file the GM wrote names the line; the engine's own refusal says the same
    try:
        parse_night_file(text, "night-2.toml", TM, state)
    except ActionError as exc:
        assert exc.problems[0].where == "line 3"
    two = resolve_night(TM, state, [Action("Zorro", "book", ("C",))], Rolls("h30", 2))
    assert [r.reason for r in two.refused] == [
        "Мирный житель has no ability 'book' tonight: the item book was used up on night 1 (each item is used once)"]
