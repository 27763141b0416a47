"""004 Gran Hotel: the verbs of the roles' texts -> actions (RULES.md §4 "004", the phrase reader)."""
from __future__ import annotations

import pytest

from resolver import Action, ActionError, Player, read_action
from test_resolver_scenarios import load_ruleset

GH = load_ruleset("grand_hotel")
ROSTER = [Player("Вася", "Каталина"), Player("Петя", "Аяла"), Player("Маша", "Донья Тереса"), Player("Хавьер", "Хавьер"),
          Player("Соня", "София Аларкон")]


@pytest.mark.parametrize("text, role, expected", [
    ("Проверяю Васю", "Донья Тереса", Action("X", "check", ("Вася",))),
    ("Стреляю в Васю", "Донья Тереса", Action("X", "shoot", ("Вася",))),
    ("Смотрю Васю", "Алисия Аларкон", Action("X", "watch", ("Вася",))),
    ("Я вижу тебя: Вася", "Алисия Аларкон", Action("X", "watch", ("Вася",))),
    ("Покажи мне свое лицо: Вася", "Алисия Аларкон", Action("X", "face", ("Вася",))),
    ("Блокирую Соню", "София Аларкон", Action("X", "block", ("Соня",))),
    ("Правда дороже: Петя", "Хулио Ольмедо", Action("X", "truth", ("Петя",))),
    ("Месть за сестру: Петя", "Хулио Ольмедо", Action("X", "revenge", ("Петя",))),
    ("Ищу своих: Петя", "Лаура", Action("X", "find", ("Петя",))),
    ("Забираю голос у Васи", "Диего Муркиа", Action("X", "steal", ("Вася",))),
    ("Защищаю Васю", "Анхела Салинас", Action("X", "protect", ("Вася",))),
    ("Дарю голос Соне", "Альфредо Вергара", Action("X", "gift", ("Соня",))),
    ("Ищу маму: Маша", "Андрес Аларкон", Action("X", "mother", ("Маша",))),
    ("Замедляю Васю", "Каталина", Action("X", "slowdown", ("Вася",))),
    ("Убиваю Васю", "Донья Элиса", Action("X", "kill", ("Вася",))),
    ("Блицкриг на Васю", "Донья Элиса", Action("X", "blitz", ("Вася",))),
    ("Смотрю Петю", "Донья Элиса", Action("X", "learn", ("Петя",))),
    ("Защищаю Петю", "Аяла", Action("X", "guard", ("Петя",))),
    ("Арестовываю Васю", "Эрнандо", Action("X", "arrest", ("Вася",))),
    ("Лишаю голоса Васю", "Лаура", Action("X", "serum_vote", ("Вася",))),
    ("Блокирую Васю", "Лаура", Action("X", "serum_night", ("Вася",))),
    ("Убиваю Васю", "Хавьер", Action("X", "kill", ("Вася",))),
    ("Кровавое убийство Васи", "Хавьер", Action("X", "bloody", ("Вася",))),
    ("Залегаю на дно", "Хавьер", Action("X", "hide", ())),
    ("Перевожу Васю на Петю", "Бенхамин", Action("X", "redirect", ("Вася", "Петя"))),
    ("Случайный перевод Васи на Петю", "Бенхамин", Action("X", "random_redirect", ("Вася", "Петя"))),
])
def test_rule_4_004_phrasings(text, role, expected) -> None:
    assert read_action(text, role, ROSTER, GH, actor="X") == [expected]


def test_rule_4_004_a_redirect_needs_two_players() -> None:
    with pytest.raises(ActionError) as err:
        read_action("Перевожу Васю", "Бенхамин", ROSTER, GH, actor="X")
    assert "a redirect needs whose action and where it goes" in str(err.value)


def test_rule_4_004_the_vote_steal_is_not_the_shahid_take() -> None:
    # "Забираю" alone is the ranked shahid's verb; Диего has no such card
    with pytest.raises(ActionError) as err:
        read_action("Забираю Васю", "Диего Муркиа", ROSTER, GH, actor="X")
    assert "Диего Муркиа cannot do this (shahid)" in str(err.value)
