"""003 Time machine: players' night-action wording -> actions (RULES.md §4 "003", the phrase reader)."""
from __future__ import annotations

import pytest

from mafvote_resolver import Action, ActionError, Player, read_action
from support.nights import load_ruleset

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
    # the seed's own words for the clock («остановить время и заблокировать») and the book
    ("Останавливаю время часами на Васе", "Мирный житель", [Action("Коля", "clock", ("Вася",))]),
    ("Стоп время на Васю", "Мирный житель", [Action("Коля", "clock", ("Вася",))]),
    ("Читаю книгу на Машу", "Мирный житель", [Action("Коля", "book", ("Маша",))]),
    # the role's action and an item in one message: two actions
    ("Проверяю Петю, часы на Машу", "Комиссар", [Action("Коля", "check", ("Петя",)), Action("Коля", "clock", ("Маша",))]),
])
def test_rule_4_003_phrasings(text, role, expected) -> None:
    assert read_action(text, role, ROSTER, TM, actor="Коля") == expected


@pytest.mark.parametrize("text, role, message", [
    ("Доп. удар: Вася", "Мафиозо", "the role shot needs a player and a role"),
    ("Доп. удар: Вася — мирный житель", "Мафиозо", None),   # read; the night file's check refuses the guess
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


# -- a message with two actions is read whole (found by playing 003 through the CLI): the text after the first
# action is never dropped, and a message with a part that cannot be read is refused whole
@pytest.mark.parametrize("text, role, expected", [
    # "и" + a verb starts the second action; "лечу себя книгой" is the book's heal, not the role's
    ("Убиваю Машу и лечу себя книгой", "Мафиозо", [Action("Коля", "kill", ("Маша",)), Action("Коля", "book", ("Коля",))]),
    # a use verb with its item after "и"
    ("Проверяю Петю и жму кнопку на Васю", "Комиссар",
     [Action("Коля", "check", ("Петя",)), Action("Коля", "button", ("Вася",))]),
    # a sentence end splits; the dot of «Доп. удар» does not
    ("Убиваю Васю. Доп. удар: Маша — доктор", "Мафиозо",
     [Action("Коля", "kill", ("Вася",)), Action("Коля", "role_shot", ("Маша",), role="Доктор")]),
    # an item written right after a verb clause of another kind is its own action
    ("Проверяю Петю часы на Машу", "Комиссар", [Action("Коля", "check", ("Петя",)), Action("Коля", "clock", ("Маша",))]),
    ("Убиваю Васю доп. удар по Маше как доктору", "Мафиозо",
     [Action("Коля", "kill", ("Вася",)), Action("Коля", "role_shot", ("Маша",), role="Доктор")]),
    ("Лечу Васю, книгой лечу себя", "Доктор", [Action("Коля", "heal", ("Вася",)), Action("Коля", "book", ("Коля",))]),
    ("Кнопка на Машу. Проверяю Петю", "Комиссар", [Action("Коля", "button", ("Маша",)), Action("Коля", "check", ("Петя",))]),
    ("Убиваю Васю, а книгу на себя", "Мафиозо", [Action("Коля", "kill", ("Вася",)), Action("Коля", "book", ("Коля",))]),
    # a card and a verb of its kind are one action, whichever comes first
    ("Лечу Васю книгой", "Доктор", [Action("Коля", "book", ("Вася",))]),
    ("Блокирую Петю часами", "Мирный житель", [Action("Коля", "clock", ("Петя",))]),
    ("Стреляю в Петю кнопкой", "Комиссар", [Action("Коля", "button", ("Петя",))]),
    # the names before the verb are its names
    ("Васю лечу", "Доктор", [Action("Коля", "heal", ("Вася",))]),
    # the actor's own nick as a label and words that name nothing are no names
    ("Коля: сегодня ночью проверяю Петю", "Комиссар", [Action("Коля", "check", ("Петя",))]),
])
def test_rule_4_003_two_actions_in_one_message_are_both_read(text, role, expected) -> None:
    assert read_action(text, role, ROSTER, TM, actor="Коля") == expected


@pytest.mark.parametrize("text", [
    "Доп. удар по Маше, она доктор", "Доп удар Маша доктор", "Доп. удар в Машу (доктор)",
    "Выстрел по роли: Машу, доктор", "Доп. выстрел: Маша — доктор", "Доп. удар: доктор — Маша",
    "Доп.удар Маше: доктор", "Доп. удар по Маше: доктор",
])
def test_rule_4_003_the_role_shot_reads_its_player_and_role_however_written(text) -> None:
    assert read_action(text, "Мафиозо", ROSTER, TM, actor="Коля") == [Action("Коля", "role_shot", ("Маша",), role="Доктор")]


def test_rule_4_003_the_role_shot_of_a_two_word_nick() -> None:
    assert read_action("Доп удар Профессор Браун маньяк", "Мафиозо", ROSTER, TM, actor="Коля") == [
        Action("Коля", "role_shot", ("Профессор Браун",), role="Маньяк")]


@pytest.mark.parametrize("text, role, expected", [
    # the item's full names: «Книга из будущего», «Старинные часы», «Загадочная красная кнопка»
    ("Открываю книгу из будущего и лечу Васю", "Мирный житель", [Action("Коля", "book", ("Вася",))]),
    ("Использую старинные часы на Петю", "Мирный житель", [Action("Коля", "clock", ("Петя",))]),
    ("Жму красную кнопку на Петю", "Мирный житель", [Action("Коля", "button", ("Петя",))]),
    ("Нажимаю на загадочную красную кнопку: Петя", "Мирный житель", [Action("Коля", "button", ("Петя",))]),
    ("Завожу часы на Петю", "Мирный житель", [Action("Коля", "clock", ("Петя",))]),
])
def test_rule_4_003_items_by_their_names_and_use_verbs(text, role, expected) -> None:
    assert read_action(text, role, ROSTER, TM, actor="Коля") == expected


@pytest.mark.parametrize("text, role, message", [
    # a part that is no name and no action: the whole message is refused, naming it
    ("Убиваю Машу и танцую", "Мафиозо", "player 'танцую' is not in the game"),
    ("Жму что-то и лечу Васю", "Мирный житель", "not understood: 'Жму что-то' (name the item or the action"),
    ("Жму на Васю", "Мирный житель", "not understood: 'Жму на Васю' names no card or item to use"),
    ("Доп. удар: Гоша — доктор", "Мафиозо", "player 'Гоша' is not in the game"),
    ("Доп. удар: Маша — дворник", "Мафиозо", "role 'дворник' is not in the game"),
    ("Доп удар Маша", "Мафиозо", "the role shot needs a player and a role"),
])
def test_rule_4_003_a_message_read_in_part_is_refused_whole(text, role, message) -> None:
    with pytest.raises(ActionError) as err:
        read_action(text, role, ROSTER, TM, actor="Коля")
    assert message in str(err.value)


def test_rule_4_003_an_item_named_without_a_target_is_kept_for_the_night_files_check() -> None:
    # "Проверяю Петю кнопкой": the button names nobody; the night file refuses it ("button needs 1 target(s)")
    # rather than the reader silently dropping it
    assert read_action("Проверяю Петю кнопкой", "Комиссар", ROSTER, TM, actor="Коля") == [
        Action("Коля", "check", ("Петя",)), Action("Коля", "button", ())]
