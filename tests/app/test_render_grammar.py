"""Russian grammar of the posts (RULES.md §6): gender agreement, cases of names and roles, lists, numerals."""
from __future__ import annotations

import pytest

from mafvote import grammar
from mafvote.grammar import Person, RoleName, case_of, gender_word, join_ru, numeral
from mafvote.render import render
from support.posts import NEW_YEAR_RULES, PECULIAR_RULES, TIME_MACHINE_RULES


def day_post(player: dict, role: str = "мирная зверюшка", variant: int = 0, theme: str = "new_year") -> str:
    data = {
        "roster": [player],
        "roles": {"мирная зверюшка": {"side": "town", "plain": True},
                  "Кай": {"side": "mafia"}, "Санта Клаус": {"side": "mafia", "label": "босс мафии"}},
        "sides": {"town": {"kind": "town", "title": "мирный", "title_f": "мирная"},
                  "mafia": {"kind": "mafia", "title": "мафия"}},
        "outcome": {"day": 2, "deaths": [{"player": player["nick"], "role": role, "side": "town" if role != "Кай"
                                          else "mafia", "revealed": True, "causes": ["hanged"]}],
                    "saved": [], "public": []},
    }
    return render(theme, "day", data, fmt="text", variant=variant).splitlines()[0]


# -- gender agreement ----------------------------------------------------------------------------------

def test_rule_6_masculine_player_from_the_roster():
    assert day_post({"nick": "King Eciton", "gender": "m"}, "Кай") == "Повешен King Eciton - Кай (мафия)"


def test_rule_6_feminine_player_from_the_roster():
    assert day_post({"nick": "lolbabe", "gender": "f"}, "Кай") == "Повешена lolbabe - Кай (мафия)"


def test_rule_6_unknown_gender_takes_a_wording_without_gender_and_the_gm_is_told():
    assert day_post({"nick": "Trusiki Kayfa"}, "Кай") == "Выбывает Trusiki Kayfa - Кай (мафия)"
    data = {"roster": [{"nick": "Trusiki Kayfa"}], "outcome": {"night": 1, "deaths": []}}
    report = render("new_year", "gm_report", data, fmt="text")
    assert "Trusiki Kayfa: gender unknown" in report


def test_rule_6_gender_inferred_from_a_russian_name_when_not_given():
    assert day_post({"nick": "Алиса"}, "Кай") == "Повешена Алиса - Кай (мафия)"
    assert day_post({"nick": "Гораций"}, "Кай") == "Повешен Гораций - Кай (мафия)"
    assert grammar.gender_from_name("Саша") is None          # either: not guessed
    report = render("new_year", "gm_report", {"roster": [{"nick": "Алиса"}], "outcome": {"night": 1}}, fmt="text")
    assert "Алиса: gender not in the roster; taken as f" in report


def test_rule_6_side_agrees_with_the_player():
    assert day_post({"nick": "Гафф", "gender": "f"}, "Хлопушка").endswith("Хлопушка (мирная)")
    assert day_post({"nick": "Ronin", "gender": "m"}, "Хлопушка").endswith("Хлопушка (мирный)")
    assert day_post({"nick": "Puss"}, "Хлопушка").endswith("Хлопушка (сторона мирных)")


@pytest.mark.parametrize("m,f,unknown", [("Повешен", "Повешена", "Повешен(а)"), ("выбыл", "выбыла", "выбыл(а)"),
                                         ("являлся", "являлась", "являлся(ась)"), ("Он", "Она", "Он(а)"),
                                         ("мирный", "мирная", "мирный(ая)")])
def test_gender_word(m, f, unknown):
    assert gender_word("m", m, f) == m
    assert gender_word("f", m, f) == f
    assert gender_word(None, m, f) == unknown


# -- cases of names ------------------------------------------------------------------------------------

def test_rule_6_names_that_inflect_take_the_case():
    assert day_post({"nick": "Соня", "gender": "f"}, variant=1) == \
        "Сегодняшним днём мы теряем Соню - мирную зверюшку"
    assert case_of(Person("Гораций", gender="m"), "ablt") == "Горацием"
    assert case_of(Person("Кай", gender="m"), "gent") == "Кая"


@pytest.mark.parametrize("nick", ["King Eciton", "lolbabe", "Trusiki Kayfa", "РэдДи", "Энни", "Фредди"])
def test_rule_6_names_that_do_not_inflect_stay_as_written(nick):
    for case in ("gent", "accs", "ablt"):
        assert case_of(Person(nick), case) == nick
    assert day_post({"nick": nick}, variant=1) == f"Сегодняшним днём мы теряем {nick} - мирную зверюшку"


def test_rule_6_a_woman_with_a_name_ending_in_a_consonant_does_not_decline_it():
    assert case_of(Person("Гафф", gender="f"), "gent") == "Гафф"


def test_rule_6_roster_forms_override_automatic_inflection():
    # "Нежка" is not in pymorphy3's dictionary: declined by its ending (Нежку), but the roster's form wins
    assert case_of(Person("Nejka", "Нежка", "f"), "accs") == "Нежку"
    assert case_of(Person("Nejka", "Нежка", "f", {"accs": "Нежечку"}), "accs") == "Нежечку"
    assert day_post({"nick": "Nejka", "display": "Нежка", "gender": "f", "forms": {"accs": "Нежечку"}}, variant=1) \
        == "Сегодняшним днём мы теряем Нежечку - мирную зверюшку"
    # a nick in -а declines whoever bears it (Никиту, Нежку): the GM is told it was declined by its ending
    assert case_of(Person("Nejka", "Нежка"), "accs") == "Нежку"
    report = render("new_year", "gm_report", {"roster": [{"nick": "Nejka", "display": "Нежка"}],
                                              "outcome": {"night": 1}}, fmt="text")
    assert "Nejka: «Нежка» is declined by its ending (gent Нежки, accs Нежку, ablt Нежкой)" in report


def test_role_names_agree_inside_the_phrase():
    assert case_of(RoleName("мирная зверюшка"), "accs") == "мирную зверюшку"
    assert case_of(RoleName("Злой эльф"), "accs") == "Злого эльфа"       # a role is a person: animate
    assert case_of(RoleName("Странный ребёнок"), "ablt") == "Странным ребёнком"
    assert case_of(RoleName("босс мафии"), "accs") == "босса мафии"      # the genitive complement keeps its case
    assert case_of(RoleName("Мено и Куо-Рама"), "gent") == "Мено и Куо-Рама"
    assert case_of(RoleName("Оливия Абрахолос Элефанта", forms={"gent": "Оливии"}), "gent") == "Оливии"


def test_role_gender_from_the_theme_when_the_name_misleads():
    # "Доктор" is a masculine noun, but Голан is a woman: the peculiar theme says so
    assert RoleName("Доктор Голан").grammatical_gender == "m"
    assert RoleName("Доктор Голан", gender="f").grammatical_gender == "f"


# -- lists and numerals --------------------------------------------------------------------------------

def test_lists_of_one_two_and_three():
    assert join_ru(["Энни"]) == "Энни"
    assert join_ru(["Эддисон МакГенри", "Энни"]) == "Эддисон МакГенри и Энни"
    assert join_ru(["РэдДи", "Alisa", "Trusiki Kayfa"]) == "РэдДи, Alisa и Trusiki Kayfa"
    assert join_ru(["РэдДи", "Alisa", "Trusiki Kayfa"], conj="") == "РэдДи, Alisa, Trusiki Kayfa"
    assert join_ru([]) == ""


@pytest.mark.parametrize("n,text", [(1, "1 голос"), (2, "2 голоса"), (5, "5 голосов"), (11, "11 голосов"),
                                    (21, "21 голос"), (22, "22 голоса"), (12, "12 голосов"), (0, "0 голосов"),
                                    (111, "111 голосов"), (104, "104 голоса")])
def test_numeral_agreement(n, text):
    assert numeral(n, "голос") == text


def test_numerals_in_the_live_count():
    def row(count: int) -> dict:
        return {"player": "Соня", "total": count, "red": count, "blue": 0, "penalty": 0,
                "voters": [{"voter": f"v{i}", "color": "red", "weight": 1} for i in range(count)]}
    for n, words in ((1, "1 голос"), (2, "2 голоса"), (5, "5 голосов"), (11, "11 голосов"), (21, "21 голос"),
                     (22, "22 голоса")):
        tally = {"view": "public", "day": 1, "deadline": "2026-12-28T22:00+03:00", "closed": False,
                 "candidates": [row(n)], "not_voted": [], "silenced": [], "final": [],
                 "outcome": {"eliminated": [], "reason": "pending"}}
        out = render("new_year", "votecount", {"tally": tally}, fmt="text")
        assert f"Соня — {words} (" in out


def test_verb_agrees_with_the_number_and_gender_of_the_dead():
    def one_night(*dead: tuple[str, str]) -> str:
        outcome = {"night": 1, "deaths": [{"player": n, "role": "x", "side": "town", "revealed": True, "causes": []}
                                          for n, _ in dead], "silenced": [], "public": []}
        data = {"roster": [{"nick": n, "gender": g} for n, g in dead], "outcome": outcome,
                "sides": {"town": {"kind": "town", "title": "город"}}}
        return render("grand_hotel", "night", data, fmt="text", variant=1)
    assert "этой ночью погибла Соня (персонал отеля, город)" in one_night(("Соня", "f"))
    assert "этой ночью погиб Ronin (персонал отеля, город)" in one_night(("Ronin", "m"))
    assert "этой ночью погибли Соня (персонал отеля, город) и Ronin (персонал отеля, город)" in \
        one_night(("Соня", "f"), ("Ronin", "m"))



def test_new_year_salute_line_puts_name_and_role_in_the_genitive():
    # "оказался последним для кого?": the player and the role both take the genitive
    assert day_post({"nick": "Соня", "gender": "f"}, variant=2) == \
        "Праздничный салют оказался последним для Сони - мирной зверюшки"


def night_deaths_line(theme: str, variant: int, players: list[dict]) -> str:
    data = {
        "roster": players,
        "roles": {"Мирный житель": {"side": "town", "plain": True}},
        "sides": {"town": {"kind": "town", "title": "мирный", "title_f": "мирная"}},
        "outcome": {"night": 2, "deaths": [{"player": p["nick"], "role": "Мирный житель", "side": "town",
                                            "revealed": False, "causes": ["killed"]} for p in players],
                    "saved": [], "public": [], "silenced": []},
    }
    lines = render(theme, "night", data, fmt="text", variant=variant).splitlines()
    return next(line for line in lines if any(p["nick"] in line for p in players))


@pytest.mark.parametrize("theme, variant, players, start", [
    # one death agrees with the player, several take the plural
    ("time_machine", 0, [{"nick": "Марта", "gender": "f"}], "Затерялась во времени: Марта"),
    ("time_machine", 0, [{"nick": "Ronin", "gender": "m"}, {"nick": "Марта", "gender": "f"}],
     "Затерялись во времени: Ronin и Марта"),
    ("time_machine", 1, [{"nick": "Ronin", "gender": "m"}], "Из петли времени не вернулся: Ronin"),
    ("grand_hotel", 0, [{"nick": "Марта", "gender": "f"}], "Этой ночью нас покинула: Марта"),
    ("grand_hotel", 0, [{"nick": "Ronin", "gender": "m"}, {"nick": "Марта", "gender": "f"}],
     "Этой ночью нас покинули: Ronin"),
])
def test_rule_6_a_single_night_death_is_not_written_in_the_plural(theme, variant, players, start):
    assert night_deaths_line(theme, variant, players).startswith(start)


@pytest.mark.parametrize("theme, roles, nick, line", [
    ("peculiar", PECULIAR_RULES, "Франклин", "Улики указывают на Франклина"),
    ("new_year", NEW_YEAR_RULES, "Ронин", "На снегу остались следы: улики указывают на Ронина"),
    ("time_machine", TIME_MACHINE_RULES, "Соня", "Улики указывают на Соню"),
])
def test_rule_6_the_evidence_line_names_the_boss_in_the_accusative(theme, roles, nick, line):
    outcome = {"night": 1, "deaths": [], "silenced": [], "private": [], "saved": [],
               "public": [{"kind": "evidence", "text": "x", "data": {"player": nick}}]}
    out = render(theme, "night", {"roster": [{"nick": nick, "gender": "f" if nick == "Соня" else "m"}], **roles,
                                  "outcome": outcome}, fmt="text", variant=0 if theme != "new_year" else 1)
    assert line in out.splitlines()
