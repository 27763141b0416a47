"""003 Time machine: players' night-action wording -> actions (RULES.md §4 "003", the phrase reader)."""
from __future__ import annotations

import pytest

from resolver import Action, ActionError, Player, read_action
from test_resolver_scenarios import load_ruleset

TM = load_ruleset("time_machine")
ROSTER = [Player("Вася", "Мирный житель"), Player("Петя", "Мафиозо"), Player("Маша", "Доктор"),
          Player("Коля", "Комиссар"), Player("Профессор Браун", "Маньяк", aliases=("Браун",))]


@pytest.mark.parametrize("text, role, expected", [
    ("Стреляю в Васю", "Комиссар", [Action("Коля", "shoot", ("Вася",))]),
    ("Проверяю Васю", "Комиссар", [Action("Коля", "check", ("Вася",))]),
    ("Лечу Васю", "Доктор", [Action("Коля", "heal", ("Вася",))]),
    ("Лечу себя", "Доктор", [Action("Коля", "heal", ("Коля",))]),
    ("Убиваю Машу", "Мафиозо", [Action("Коля", "kill", ("Маша",))]),
    ("Стреляю в Брауна", "Мафиозо", [Action("Коля", "kill", ("Профессор Браун",))]),
    ("Убиваю Петю", "Маньяк", [Action("Коля", "kill", ("Петя",))]),
    ("Доп. удар: Вася — доктор", "Мафиозо", [Action("Коля", "role_shot", ("Вася",), role="Доктор")]),
    ("Доп.удар: Маша - док", "Мафиозо", [Action("Коля", "role_shot", ("Маша",), role="Доктор")]),
    ("Доп. удар по Коле как комиссару", "Мафиозо", [Action("Коля", "role_shot", ("Коля",), role="Комиссар")]),
    ("Использую часы на Васю", "Мирный житель", [Action("Коля", "clock", ("Вася",))]),
    ("Жму кнопку на Васю", "Мирный житель", [Action("Коля", "button", ("Вася",))]),
    ("Книга: лечу Васю", "Мирный житель", [Action("Коля", "book", ("Вася",))]),
    # the role's action and an item in one message: two actions
    ("Проверяю Петю, часы на Машу", "Комиссар", [Action("Коля", "check", ("Петя",)), Action("Коля", "clock", ("Маша",))]),
])
def test_rule_4_003_phrasings(text, role, expected) -> None:
    assert read_action(text, role, ROSTER, TM, actor="Коля") == expected


@pytest.mark.parametrize("text, role, message", [
    ("Доп. удар: Вася", "Мафиозо", "the role shot needs a player and a role"),
    ("Доп. удар: Вася — мирный житель", "Мафиозо", None),   # parsed; the engine refuses the guess
    ("Проверяю Васю", "Доктор", "Доктор cannot do this (check)"),
    ("Лечу Ваню", "Доктор", "player 'Ваню' is not in the game"),
])
def test_rule_4_003_phrases_the_gm_must_fix(text, role, message) -> None:
    if message is None:
        assert read_action(text, role, ROSTER, TM, actor="Коля")[0].role == "Мирный житель"
        return
    with pytest.raises(ActionError) as err:
        read_action(text, role, ROSTER, TM, actor="Коля")
    assert message in str(err.value)
