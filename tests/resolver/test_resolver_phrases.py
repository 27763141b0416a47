"""The Russian phrase reader: players' wording -> actions, names matched through case endings."""
from __future__ import annotations

import pytest

from mafvote_resolver import Action, ActionError, Player, read_action
from support.nights import load_ruleset

NY_ROSTER = [Player("Вася", "мирная зверюшка"), Player("Петя", "мирная зверюшка"),
             Player("Ronin", "Санта Клаус", aliases=("Ронин",)), Player("Гафф", "Хлопушка"),
             Player("King Eciton", "мирная зверюшка"), Player("Соня", "мирная зверюшка"), Player("Enzo", "Снеговик")]


@pytest.mark.parametrize("text, role, expected", [
    ("Лечу Васю", "Снеговик", Action("Enzo", "heal", ("Вася",))),
    ("Лечу себя", "Снеговик", Action("Enzo", "heal", ("Enzo",))),
    ("Убиваю Петю и Васю", "Санта Клаус", Action("Enzo", "kill", ("Петя", "Вася"))),
    ("убиваю Петю, Васю", "Санта Клаус", Action("Enzo", "kill", ("Петя", "Вася"))),
    ("Пугаю Петю", "Санта Клаус", Action("Enzo", "intimidate", ("Петя",))),
    ("Убиваю Петю, пугаю Васю", "Санта Клаус", Action("Enzo", "kill_intimidate", ("Петя", "Вася"))),
    ("Блокирую Петю", "Снежинка", Action("Enzo", "block", ("Петя",))),
    ("Иду к Соне", "Снежинка", Action("Enzo", "block", ("Соня",))),
    ("Проверяю Васю", "Снегурочка", Action("Enzo", "check", ("Вася",))),
    ("Травлю Петю", "Снеговик", Action("Enzo", "poison", ("Петя",))),
    ("Сыворотка на Васю", "Снеговик", Action("Enzo", "serum", ("Вася",))),
    ("Отмазываю Петю", "Кай", Action("Enzo", "alibi", ("Петя",))),
    ("Снимаю отмазу с Сони", "Герда", Action("Enzo", "strip", ("Соня",))),
    ("Забираю Васю", "Хлопушка", Action("Enzo", "take", ("Вася",))),
    ("Убиваю Ронина", "Дед Мороз", Action("Enzo", "kill", ("Ronin",))),
    ("Убиваю Гаффа", "Дед Мороз", Action("Enzo", "kill", ("Гафф",))),
    ("убиваю King Eciton", "Дед Мороз", Action("Enzo", "kill", ("King Eciton",))),
    ("Лечу от мафии", "Снеговик", Action("Enzo", "heal_from_role", (), role="мафия")),
    ("Лечу от Снежной королевы", "Снеговик", Action("Enzo", "heal_from_role", (), role="Снежная королева")),
    ("Убиваю Васю", "Злой тролль", Action("Enzo", "kill", ("Вася",))),   # a rank sending the boss's action
])
def test_read_action_new_year_phrasings(text: str, role: str, expected: Action) -> None:
    assert read_action(text, role, NY_ROSTER, load_ruleset("new_year"), actor="Enzo") == [expected]


PC_ROSTER = [Player("Вася", "Джейкоб Портман"), Player("Петя", "Странный ребёнок"), Player("Фредди", "Мено и Куо-Рама"),
             Player("Франклин", "Абрахам"), Player("Эмма", "Эмма Блум")]


@pytest.mark.parametrize("text, role, expected", [
    ("копирую Еноха, лечу себя", "Абрахам", Action("Франклин", "copy", ("Франклин",), role="Енох О'Коннор", copy="heal")),
    ("Копирую Эмму, блокирую Петю", "Абрахам", Action("Франклин", "copy", ("Петя",), role="Эмма Блум", copy="block")),
    ("нанимаюсь у Васи, убиваю Петю", "Мено и Куо-Рама", Action("Франклин", "hire", ("Вася",), kill=("Петя",))),
    ("нанимаюсь у Васи, никого не убиваю", "Мено и Куо-Рама", Action("Франклин", "hire", ("Вася",))),
    ("Убиваю Петю", "Мено и Куо-Рама", Action("Франклин", "kill", ("Петя",))),
    ("Проверяю Петю", "Доктор Голан", Action("Франклин", "interview", ("Петя",))),
    ("Беру интервью у Пети", "Доктор Голан", Action("Франклин", "interview", ("Петя",))),
    ("Хочу взять интервью у Пети", "Доктор Голан", Action("Франклин", "interview", ("Петя",))),
    ("Проверяю Петю", "Джейкоб Портман", Action("Франклин", "check", ("Петя",))),
])
def test_read_action_peculiar_phrasings(text: str, role: str, expected: Action) -> None:
    assert read_action(text, role, PC_ROSTER, load_ruleset("peculiar"), actor="Франклин") == [expected]


@pytest.mark.parametrize("text, role, message", [
    ("Лечу Ваню", "Снеговик", "player 'Ваню' is not in the game"),
    ("Лечу Васю", "Снежинка", "Снежинка cannot do this (heal)"),
    ("Привет, как дела", "Снеговик", "no action verb in 'Привет'"),
])
def test_read_action_refuses_what_it_cannot_read(text: str, role: str, message: str) -> None:
    with pytest.raises(ActionError) as info:
        read_action(text, role, NY_ROSTER, load_ruleset("new_year"), actor="Enzo")
    assert message in str(info.value)


def test_read_action_never_guesses_between_two_players() -> None:
    roster = [Player("Саша Белый", "мирная зверюшка"), Player("Саша Серый", "мирная зверюшка")]
    with pytest.raises(ActionError) as info:
        read_action("Лечу Сашу", "Снеговик", roster, load_ruleset("new_year"), actor="x")
    assert "fits several: Саша Белый, Саша Серый" in str(info.value)


# -- nothing a player sent is dropped or mangled (found by playing 000/001 through the CLI)
@pytest.mark.parametrize("text, role, expected", [
    # r4: the shahid's «с собой» says how, not whom
    ("Забираю с собой Ронина", "Хлопушка", [Action("Enzo", "take", ("Ronin",))]),
    ("Забираю с собой Петю и Васю", "Хлопушка", [Action("Enzo", "take", ("Петя", "Вася"))]),
    # "и" + a verb is the boss's second half, not a name (it read "intimidate Вася" alone: the kill was lost)
    ("Убиваю Петю и пугаю Васю", "Санта Клаус", [Action("Enzo", "kill_intimidate", ("Петя", "Вася"))]),
    # the names before the verb (it read a heal of nobody)
    ("Васю лечу", "Снеговик", [Action("Enzo", "heal", ("Вася",))]),
])
def test_read_action_new_year_reads_the_whole_message(text, role, expected) -> None:
    assert read_action(text, role, NY_ROSTER, load_ruleset("new_year"), actor="Enzo") == expected


@pytest.mark.parametrize("text, question", [
    # r5: the lead-in to the GM is not part of the question
    ("Вопрос ведущему: есть ли в игре горец?", "есть ли в игре горец?"),
    ("Спрашиваю ведущего: есть ли в игре горец?", "есть ли в игре горец?"),
    ("Задаю вопрос ведущему — есть ли в игре горец?", "есть ли в игре горец?"),
    ("Вопрос к ведущему: есть ли в игре горец?", "есть ли в игре горец?"),
    ("Вопрос: есть ли в игре горец?", "есть ли в игре горец?"),
    # a verb inside the question is the question's ("лечил"), not an action
    ("Вопрос ведущему: лечил ли кто-то Петю?", "лечил ли кто-то Петю?"),
])
def test_read_action_the_boss_question_without_its_lead_in(text, question) -> None:
    assert read_action(text, "Санта Клаус", NY_ROSTER, load_ruleset("new_year"), actor="Enzo") == [
        Action("Enzo", "question", (), question=question)]


def test_read_action_the_boss_question_is_printed_once_to_the_gm() -> None:
    from mafvote_resolver import Rolls, new_game, resolve_night

    ruleset = load_ruleset("new_year")
    state = new_game("ny_q", NY_ROSTER, ruleset)
    actions = read_action("Вопрос ведущему: есть ли в игре горец?", "Санта Клаус", NY_ROSTER, ruleset, actor="Ronin")
    out = resolve_night(ruleset, state, actions, Rolls("ny_q", 1))
    assert [p.text for p in out.private if p.to == "Ronin"] == ["Ваш вопрос: есть ли в игре горец? Ответ ведущего: ___ (впишите «да» или «нет»)"]


@pytest.mark.parametrize("text, expected", [
    ("нанимаюсь у Васи и убиваю Петю", Action("Франклин", "hire", ("Вася",), kill=("Петя",))),
    ("Копирую Эмму и блокирую Петю", Action("Франклин", "copy", ("Петя",), role="Эмма Блум", copy="block")),
])
def test_read_action_peculiar_and_joins_two_halves_of_one_action(text, expected) -> None:
    role = "Абрахам" if text.startswith("Копирую") else "Мено и Куо-Рама"
    assert read_action(text, role, PC_ROSTER, load_ruleset("peculiar"), actor="Франклин") == [expected]


@pytest.mark.parametrize("text, role, message", [
    ("Убиваю Петю и танцую", "Санта Клаус", "player 'танцую' is not in the game"),
    ("Ладно, вопрос ведущему: есть ли горец?", "Санта Клаус", "not understood: 'Ладно' before the question"),
])
def test_read_action_refuses_a_message_it_reads_only_in_part(text: str, role: str, message: str) -> None:
    with pytest.raises(ActionError) as info:
        read_action(text, role, NY_ROSTER, load_ruleset("new_year"), actor="Enzo")
    assert message in str(info.value)
