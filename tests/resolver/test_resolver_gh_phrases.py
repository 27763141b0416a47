"""004 Gran Hotel: the verbs of the roles' texts -> actions (RULES.md §4 "004", the phrase reader)."""
from __future__ import annotations

import pytest

from mafvote_resolver import Action, ActionError, Player, read_action
from support.nights import load_ruleset

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
    from mafvote_resolver import Rolls, append_action, new_game, parse_night_file, resolve_night

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
        ("Элиса", "Этой ночью к игроку Петя приходили с действиями: убийство, блок, замедление.")]
    assert not any("Элиса" in p.text or "НД" in p.text for p in out.public)


def test_rule_4_004_every_ability_kind_has_a_name_for_elisas_kinds() -> None:
    from mafvote_resolver.engine import KIND_NAMES
    from mafvote_resolver.order import ABILITY_KINDS

    assert set(KIND_NAMES) == set(ABILITY_KINDS)


def test_rule_4_004_the_ruleset_checks_the_choice_and_the_passive() -> None:
    from mafvote_resolver import RulesetError, loads_ruleset

    base = ('[game]\nname = "x"\n[sides.mafia]\nkind = "mafia"\n[[roles]]\nname = "A"\nside = "mafia"\n')
    with pytest.raises(RulesetError) as err:
        loads_ruleset(base + 'dies_when_found_own = true\n[[roles.abilities]]\nname = "kill"\nkind = "kill"\n', "x.toml")
    assert "roles[0].dies_when_found_own: A has no find_own card" in str(err.value)
    with pytest.raises(RulesetError) as err:
        loads_ruleset(base + '[[roles.abilities]]\nname = "learn"\nkind = "watch"\nwatch_options = ["roles"]\n', "x.toml")
    assert "roles[0].abilities[0].watch_options: unknown option 'roles'" in str(err.value)


# -- the seed's own game (004 "Гранд Отель"): its 15 nicks, as the GMs write its actions
SEED_ROSTER = [Player(n, r) for n, r in [
    ("King EcitoN", "Диего Муркиа"), ("Nejka", "Донья Тереса"), ("Нелепость", "Алисия Аларкон"),
    ("Alex306", "Хулио Ольмедо"), ("Буба", "Анхела Салинас"), ("Юка", "София Аларкон"), ("Krassa", "Альфредо Вергара"),
    ("Тристам", "Андрес Аларкон"), ("Масини", "Каталина"), ("Алиша", "Донья Элиса"), ("Трубодур", "Аяла"),
    ("Ромашка", "Эрнандо"), ("Игрок", "Лаура"), ("Ронин", "Хавьер"), ("Соня", "Бенхамин")]]


def _seed_read(actor: str, text: str, **kw) -> list[Action]:
    role = next(p.role for p in SEED_ROSTER if p.nick == actor)
    return read_action(text, role, SEED_ROSTER, GH, actor=actor, **kw)


@pytest.mark.parametrize("actor, text, expected", [
    ("Трубодур", "Чувство сыщика: Алиша", Action("Трубодур", "guard", ("Алиша",))),
    ("Тристам", "Я люблю тебя, мама: Буба", Action("Тристам", "mother", ("Буба",))),
    ("Тристам", "Я люблю тебя мама Бубу", Action("Тристам", "mother", ("Буба",))),
    ("Nejka", "Честь семьи: Ронин", Action("Nejka", "check", ("Ронин",))),
    ("Nejka", "Только свои: Трубодур", Action("Nejka", "shoot", ("Трубодур",))),
    ("Масини", "Столбняк на Нелепость", Action("Масини", "slowdown", ("Нелепость",))),
    ("Нелепость", "Смотрю за Масини", Action("Нелепость", "watch", ("Масини",))),
    ("Alex306", "Правда дороже Трубодура", Action("Alex306", "truth", ("Трубодур",))),
    ("Игрок", "Всё моё всегда со мной: Алиша", Action("Игрок", "find", ("Алиша",))),
])
def test_rule_4_004_the_seeds_own_ability_names(actor, text, expected) -> None:
    assert _seed_read(actor, text) == [expected]


@pytest.mark.parametrize("night, expected", [(1, "serum_night"), (2, "serum_vote"), (3, "serum_night")])
def test_rule_4_004_laura_silence_serum_is_her_card_of_the_nights_parity(night, expected) -> None:
    # «вводит персонажу "сыворотку молчания" ... не может голосовать днем (четные ночи) и ходить ночью (нечетные)»
    for text in ("Ввожу сыворотку молчания Бубе", "Сыворотка Бубе", "Во имя клятвы Гиппократа: Буба"):
        assert _seed_read("Игрок", text, night=night) == [Action("Игрок", expected, ("Буба",))]


def test_rule_4_004_laura_serum_without_the_night_is_asked_not_guessed() -> None:
    with pytest.raises(ActionError) as err:
        _seed_read("Игрок", "Ввожу сыворотку молчания Бубе")
    assert "serum_vote on even nights or serum_night on the others: the night is not known" in str(err.value)


def test_rule_4_004_laura_serum_reads_the_night_from_the_state() -> None:
    from mafvote_resolver import new_game

    state = new_game("gh_seed", SEED_ROSTER, GH)          # night 1 comes next: odd
    assert _seed_read("Игрок", "Ввожу сыворотку молчания Бубе", state=state) == [Action("Игрок", "serum_night", ("Буба",))]


@pytest.mark.parametrize("actor, text, expected", [
    ("Ромашка", "Арестовываю Юку", Action("Ромашка", "arrest", ("Юка",))),
    ("Юка", "Блокирую Юке", Action("Юка", "block", ("Юка",))),
    ("Krassa", "Дарю голос Юке", Action("Krassa", "gift", ("Юка",))),
    ("Буба", "Защищаю Кинга", Action("Буба", "protect", ("King EcitoN",))),
    ("Буба", "защищаю Крассу", Action("Буба", "protect", ("Krassa",))),
    ("Ронин", "Убиваю Ромашку и Нежку", Action("Ронин", "kill", ("Ромашка", "Nejka"))),
    ("Соня", "Перевожу Ронина к Бубе", Action("Соня", "redirect", ("Ронин", "Буба"))),
])
def test_rule_2_names_in_night_actions_are_matched_like_votes(actor, text, expected) -> None:
    # RULES.md §2 "Names": case endings, transliteration, aliases — the vote counter's matcher
    assert _seed_read(actor, text) == [expected]


def test_rule_2_an_ambiguous_name_in_a_night_action_lists_the_candidates() -> None:
    roster = [Player("Alex306", "Анхела Салинас"), Player("Алексей", "Аяла"), Player("Буба", "Каталина")]
    with pytest.raises(ActionError) as err:
        read_action("Защищаю Алекса", "Анхела Салинас", roster, GH, actor="Alex306")
    assert "player 'Алекса' fits several: Алексей, Alex306 (write the full name)" in str(err.value)


@pytest.mark.parametrize("actor, text, expected", [
    ("Алиша", "Блицкриг на Игрока", Action("Алиша", "blitz", ("Игрок",))),
    ("Ронин", "Кровавое убийство Игрока", Action("Ронин", "bloody", ("Игрок",))),
    ("Нелепость", "Покажи мне свое лицо: Игрок", Action("Нелепость", "face", ("Игрок",))),
    ("Соня", "Случайный перевод Игрока на Бубу", Action("Соня", "random_redirect", ("Игрок", "Буба"))),
    ("Масини", "Столбняк на Игрока", Action("Масини", "slowdown", ("Игрок",))),
])
def test_rule_4_004_the_nick_igrok_is_a_player_not_a_filler_word(actor, text, expected) -> None:
    assert _seed_read(actor, text) == [expected]


def test_rule_4_004_any_nick_that_is_a_common_word_is_never_dropped() -> None:
    roster = [Player("Свой", "Алисия Аларкон"), Player("Мне", "Каталина"), Player("Перевод", "Хавьер")]
    assert read_action("Покажи мне свое лицо: Свой", "Алисия Аларкон", roster, GH, actor="Мне") == [
        Action("Мне", "face", ("Свой",))]
    assert read_action("Столбняк на Мне", "Каталина", roster, GH, actor="Свой") == [Action("Свой", "slowdown", ("Мне",))]
    assert read_action("Кровавое убийство Перевода", "Хавьер", roster, GH, actor="Перевод") == [
        Action("Перевод", "bloody", ("Перевод",))]
    # the nick «Na» reads like the preposition "на": the preposition still drops when it names nobody with the rest
    roster += [Player("Na", "Аяла"), Player("Вася", "Донья Тереса")]
    assert read_action("Столбняк на Васю", "Каталина", roster, GH, actor="Мне") == [Action("Мне", "slowdown", ("Вася",))]
    assert read_action("Столбняк на Na", "Каталина", roster, GH, actor="Мне") == [Action("Мне", "slowdown", ("Na",))]


def _linked_after_night_1():
    """Night 1 of the seed's game: Тристам (Андрес) finds his mother Буба (Анхела): linked from night 2."""
    from mafvote_resolver import Rolls, new_game, resolve_night

    state = new_game("gh_seed", SEED_ROSTER, GH)
    actions = [*_seed_read("Тристам", "Ищу маму: Буба"), *_seed_read("Трубодур", "Убиваю Масини")]
    return resolve_night(GH, state, actions, Rolls("gh_seed", 1)).state


def test_rule_4_004_andres_linked_to_his_mother_reads_her_protection() -> None:
    from mafvote_resolver import append_action, parse_night_file

    state = _linked_after_night_1()
    # «НД Андреса меняется на НД матери и выполняется вместе с ней (одно на двоих)»
    actions = _seed_read("Тристам", "Защищаю Krassa", state=state)
    assert actions == [Action("Тристам", "protect", ("Krassa",))]
    night = parse_night_file(append_action("night = 2\n", actions[0]), "night-2.toml", GH, state)
    assert night.actions == (Action("Тристам", "protect", ("Krassa",), line=3),)


def test_rule_4_004_andres_before_the_link_has_no_protection() -> None:
    from mafvote_resolver import new_game

    with pytest.raises(ActionError) as err:
        _seed_read("Тристам", "Защищаю Krassa", state=new_game("gh_seed", SEED_ROSTER, GH))
    assert "Андрес Аларкон cannot do this (protect) (the role can: mother)" in str(err.value)


def test_rule_4_004_andres_linked_his_own_search_is_refused_with_the_reason() -> None:
    from mafvote_resolver import append_action, parse_night_file

    state = _linked_after_night_1()
    actions = _seed_read("Тристам", "Я люблю тебя, мама: Юка", state=state)
    assert actions == [Action("Тристам", "mother", ("Юка",))]
    with pytest.raises(ActionError) as err:
        parse_night_file(append_action("night = 2\n", actions[0]), "night-2.toml", GH, state)
    assert "line 3: Тристам (Андрес Аларкон) has no ability 'mother' tonight (the role can: protect)" in str(err.value)
