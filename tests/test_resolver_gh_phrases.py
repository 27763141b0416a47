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


# -- 004 Элиса "Я все узнаю": the GM writes her choice with each use; not said -> the nicks (the engine's default)
@pytest.mark.parametrize("text, expected", [
    ("Элиса: узнаю типы НД у Пети", Action("X", "learn", ("Петя",), learn="kinds")),
    ("Элиса узнать ники гостей Пети", Action("X", "learn", ("Петя",), learn="nicks")),
    ("Я всё узнаю: типы НД, направленные на Петю", Action("X", "learn", ("Петя",), learn="kinds")),
    ("Узнаю, кто ходил к Пете", Action("X", "learn", ("Петя",), learn="nicks")),
    ("Узнаю гостей Пети", Action("X", "learn", ("Петя",), learn="nicks")),
    ("Смотрю типы НД у Пети", Action("X", "learn", ("Петя",), learn="kinds")),
    ("Узнаю у Пети", Action("X", "learn", ("Петя",))),
])
def test_rule_4_004_elisa_learn_reads_the_choice(text, expected) -> None:
    assert read_action(text, "Донья Элиса", ROSTER, GH, actor="X") == [expected]


def test_rule_4_004_elisa_learn_one_choice_each_use() -> None:
    with pytest.raises(ActionError) as err:
        read_action("Узнаю типы НД у Пети и ники гостей", "Донья Элиса", ROSTER, GH, actor="X")
    assert "both the visitors' nicks and the kinds of actions asked" in str(err.value)


def test_rule_4_004_elisa_choice_goes_through_the_night_file_to_her_private_line() -> None:
    from resolver import Rolls, append_action, new_game, parse_night_file, resolve_night

    players = [Player("Элиса", "Донья Элиса"), *ROSTER, Player("Лаура", "Лаура"), Player("Диего", "Диего Муркиа")]
    state = new_game("gh_phrase", players, GH)
    text = "night = 1\n"
    for who, phrase in (("Элиса", "узнаю типы НД у Пети"), ("Вася", "Замедляю Петю"), ("Соня", "Блокирую Петю"),
                        ("Хавьер", "Убиваю Петю"), ("Лаура", "Убиваю Диего")):
        for action in read_action(phrase, state.player(who).role, players, GH, actor=who):
            text = append_action(text, action)
    assert 'learn = "kinds"' in text
    night = parse_night_file(text, "night-1.toml", GH, state)
    out = resolve_night(GH, state, night.actions, Rolls("gh_phrase", 1, night.forced))
    # Петя (Аяла) is blocked, so his one-time protection is off: he dies; Диего's protection saves him
    assert [d.player for d in out.deaths] == ["Петя"]
    assert [(p.to, p.text) for p in out.private if p.to == "Элиса"] == [
        ("Элиса", "Типы НД на Петя: убийство, блок, замедление")]
    assert not any("Элиса" in p.text or "НД" in p.text for p in out.public)


def test_rule_4_004_every_ability_kind_has_a_name_for_elisas_kinds() -> None:
    from resolver.engine import KIND_NAMES
    from resolver.order import ABILITY_KINDS

    assert set(KIND_NAMES) == set(ABILITY_KINDS)


def test_rule_4_004_the_ruleset_checks_the_choice_and_the_passive() -> None:
    from resolver import RulesetError, loads_ruleset

    base = ('[game]\nname = "x"\n[sides.mafia]\nkind = "mafia"\n[[roles]]\nname = "A"\nside = "mafia"\n')
    with pytest.raises(RulesetError) as err:
        loads_ruleset(base + 'dies_when_found_own = true\n[[roles.abilities]]\nname = "kill"\nkind = "kill"\n', "x.toml")
    assert "roles[0].dies_when_found_own: A has no find_own card" in str(err.value)
    with pytest.raises(RulesetError) as err:
        loads_ruleset(base + '[[roles.abilities]]\nname = "learn"\nkind = "watch"\nwatch_options = ["roles"]\n', "x.toml")
    assert "roles[0].abilities[0].watch_options: unknown option 'roles'" in str(err.value)
