"""The night engine's public order of a night's dead, the seed's own
«сыворотка правды» at night entry, and how players' private notes read.

The night posts are rendered as `mafvote render night` renders them (`build_data` + `render` over the outcome
JSON); the scenarios are tests/data/nights/tm_4_night_dead_*.toml and gh_4_bloody_kill_visitor_*.toml (also run by test_resolver_scenarios)."""
from __future__ import annotations

import re

import pytest

from mafvote.render import build_data, render, render_private
from mafvote_resolver import Action, Player, Rolls, new_game, read_action, resolve_night
from support.nights import (SCENARIOS, SCENARIO_FILES, TM, TM_STATE, build, load_ruleset, night_actions, private_notes,
                            run_file)

TM_ROSTER_ORDER = "tm_4_night_dead_in_roster_order_not_kill_order.toml"
GH_BLOODY = "gh_4_bloody_kill_visitor_listed_in_roster_order.toml"


def _night_post(name: str, theme: str, variant: int) -> list[str]:
    scenario, (night,) = run_file(SCENARIOS / name)
    data = build_data(outcome=night.to_json(), game={"id": "g", "title": "t", "players": scenario["players"]},
                      ruleset=load_ruleset(scenario["ruleset"]))
    return render(theme, "night", data, fmt="text", variant=variant).splitlines()


# -- the night's dead in roster order, whatever killed them ---------------------------------------------

@pytest.mark.parametrize("variant, line", [
    (0, "Затерялись во времени: Вера, Борис и Яна"),
    (1, "Из петли времени не вернулись: Вера, Борис и Яна"),
], ids=["style0", "style1"])
def test_rule_4_public_deaths_003_post_lists_the_wrong_role_shot_mafia_and_maniac_victims_in_roster_order(variant, line) -> None:
    # the kill order was «Яна, Борис и Вера»: the role shot's sender first outs Яна as the mafioso who sent it
    assert line in _night_post(TM_ROSTER_ORDER, "time_machine", variant)


def test_rule_4_public_deaths_003_deaths_and_public_lines_in_roster_order_kill_order_in_the_gms_log_only() -> None:
    _, (night,) = run_file(SCENARIOS / TM_ROSTER_ORDER)
    assert [d.player for d in night.deaths] == ["Вера", "Борис", "Яна"]
    assert [p.text for p in night.public if p.kind == "death"] == ["Вера", "Борис", "Яна"]
    assert [d["player"] for d in night.to_json()["deaths"]] == ["Вера", "Борис", "Яна"]
    assert ("order of deaths (GM only; the post lists them in roster order): Яна (wrong role shot by Яна), "
            "Борис (killed by Маф1 (Мафиозо)), Вера (killed by Ман (Маньяк))") in night.log


def test_rule_4_public_deaths_the_order_does_not_depend_on_the_order_the_actions_came_in() -> None:
    import tomllib

    scenario = tomllib.loads((SCENARIOS / TM_ROSTER_ORDER).read_text(encoding="utf-8"))
    ruleset, state = build(scenario)
    actions = night_actions(ruleset, state, scenario["phases"][0])
    for acts in (actions, list(reversed(actions))):
        night = resolve_night(ruleset, state, acts, Rolls(state.game, 1, {}))
        assert [d.player for d in night.deaths] == ["Вера", "Борис", "Яна"]


@pytest.mark.parametrize("variant, line", [
    (0, "Этой ночью нас покинули: Алисия (персонал отеля, город) и Каталина (персонал отеля, город)"),
    (1, "Трагедия в отеле: этой ночью погибли Алисия (персонал отеля, город) и Каталина (персонал отеля, город)"),
], ids=["style0", "style1"])
def test_rule_4_public_deaths_004_bloody_kills_visitor_earlier_in_the_roster_comes_first(variant, line) -> None:
    # the kill order was «Каталина … и Алисия»: the target, then its visitor, telling that Алисия visited Каталина
    assert line in _night_post(GH_BLOODY, "grand_hotel", variant)


def test_rule_4_public_deaths_004_gm_report_keeps_the_kill_order_in_its_log() -> None:
    scenario, (night,) = run_file(SCENARIOS / GH_BLOODY)
    data = build_data(outcome=night.to_json(), game={"id": "g", "title": "t", "players": scenario["players"]},
                      ruleset=load_ruleset("grand_hotel"))
    report = render("grand_hotel", "gm_report", data, fmt="text")
    assert ("- order of deaths (GM only; the post lists them in roster order): Каталина (bloody kill by Хавьер), "
            "Алисия (visitor of Каталина, bloody kill by Хавьер)") in report.splitlines()


def test_rule_4_public_deaths_one_death_needs_no_order_line() -> None:
    ny = load_ruleset("new_year")
    state = new_game("g", [{"nick": "A", "role": "Снежная королева"}, {"nick": "B", "role": "мирная зверюшка"},
                           {"nick": "C", "role": "мирная зверюшка"}, {"nick": "D", "role": "Снегурочка"}], ny)
    night = resolve_night(ny, state, [Action("A", "kill", ("B",))], Rolls("g", 1, {}))
    assert [d.player for d in night.deaths] == ["B"]
    assert not any(line.startswith("order of deaths") for line in night.log)


# -- the seed's own «сыворотка правды» --------------------------------------------------------------

SERUM_PHRASES = ["Сыворотка правды на Гаффа", "Сыворотка правды Гаффу", "подкладываю сыворотку правды Гаффу",
                 "Сыворотка правды: Гафф", "Кидаю сыворотку правды на Гаффа"]
SERUM_IDS = ["na", "dative", "podkladyvayu", "colon", "kidayu"]


@pytest.mark.parametrize("text", SERUM_PHRASES, ids=SERUM_IDS)
def test_rule_4_serum_words_001_doctor_serum_in_the_seeds_words(text) -> None:
    # seed 001 l.113 «Подкладывать сыворотку правды»; «правды» was read as a player («player 'правды Гаффа'»)
    roster = [Player("Ронин", "Санта Клаус"), Player("Гафф", "Злой тролль"), Player("Доктор", "Снеговик")]
    assert read_action(text, "Снеговик", roster, load_ruleset("new_year"), actor="Доктор") == \
        [Action("Доктор", "serum", ("Гафф",))]


@pytest.mark.parametrize("text", SERUM_PHRASES[:3], ids=SERUM_IDS[:3])
def test_rule_4_serum_words_000_enoch_and_abraham_serum_in_the_seeds_words(text) -> None:
    pe = load_ruleset("peculiar")
    roster = [Player("Енох", "Енох О'Коннор"), Player("Гафф", "Странный ребёнок"), Player("Абр", "Абрахам")]
    assert read_action(text, "Енох О'Коннор", roster, pe, actor="Енох") == [Action("Енох", "serum", ("Гафф",))]
    copied = read_action(f"Копирую Еноха, {text}", "Абрахам", roster, pe, actor="Абр")
    assert copied == [Action("Абр", "copy", ("Гафф",), role="Енох О'Коннор", copy="serum")]


@pytest.mark.parametrize("night, card", [(1, "serum_night"), (2, "serum_vote")])
@pytest.mark.parametrize("text", SERUM_PHRASES[:3], ids=SERUM_IDS[:3])
def test_rule_4_serum_words_004_laura_serum_written_as_truth_serum(text, night, card) -> None:
    # the ruleset's `words` carry it (rulesets/grand_hotel.toml); the night's parity picks the card
    roster = [Player("Гафф", "Донья Тереса"), Player("Лаура", "Лаура")]
    assert read_action(text, "Лаура", roster, load_ruleset("grand_hotel"), actor="Лаура", night=night) == \
        [Action("Лаура", card, ("Гафф",))]


def test_rule_4_serum_words_a_name_after_the_serum_still_has_to_be_a_player() -> None:
    from mafvote_resolver import ActionError

    roster = [Player("Гафф", "Злой тролль"), Player("Доктор", "Снеговик")]
    with pytest.raises(ActionError) as err:
        read_action("Сыворотка правды на Гуффи", "Снеговик", roster, load_ruleset("new_year"), actor="Доктор")
    assert "player 'Гуффи' is not in the game" in str(err.value)


# -- private notes as a careful GM writes them ------------------------------------------------------


def test_rule_6_private_note_new_year_check_reads_with_one_colon() -> None:
    players = [{"nick": "Нежка", "role": "Снегурочка", "gender": "f"}, {"nick": "Кадзуо", "role": "Злой эльф", "gender": "m"},
               {"nick": "Ронин", "role": "Санта Клаус", "gender": "m"}, {"nick": "Пусс", "role": "мирная зверюшка"}]
    # was «Снегурочка узнала: Кадзуо: мафия»
    assert private_notes("new_year", players, [Action("Нежка", "check", ("Кадзуо",))]) == \
        {"Нежка": "Снегурочка узнала: Кадзуо — мафия"}


def test_rule_6_private_note_peculiar_jacob_reads_with_one_colon() -> None:
    players = [{"nick": "Джейкоб", "role": "Джейкоб Портман", "gender": "m"}, {"nick": "Ронин", "role": "Пустота", "gender": "m"},
               {"nick": "Эмма", "role": "Эмма Блум", "gender": "f"}, {"nick": "Рики", "role": "Мистер Барон", "gender": "m"}]
    assert private_notes("peculiar", players, [Action("Джейкоб", "check", ("Ронин",))]) == \
        {"Джейкоб": "Вы вглядываетесь в глаза: Ронин — пустота"}


GH_PLAYERS = [{"nick": "Любовь", "role": "Анхела Салинас", "gender": "f"}, {"nick": "Катя", "role": "Андрес Аларкон", "gender": "f"},
              {"nick": "Гафф", "role": "Донья Элиса", "gender": "f"}, {"nick": "Никита", "role": "Лаура", "gender": "m"},
              {"nick": "Хавьер", "role": "Хавьер", "gender": "m"}, {"nick": "Тереса", "role": "Донья Тереса", "gender": "f"},
              {"nick": "Алиса", "role": "Алисия Аларкон", "gender": "f"}]


def test_rule_6_private_note_grand_hotel_mother_found_and_the_link_told_without_a_verb() -> None:
    got = private_notes("grand_hotel", GH_PLAYERS, [Action("Катя", "mother", ("Любовь",))], night=1)
    # were «Проверка: Любовь: мать найдена» and «Знакомство: Катя»
    assert got == {"Катя": "Проверка: Любовь — ваша мать",
                   "Любовь": "Знакомство с игроком Катя: ночное действие у вас теперь одно на двоих"}
    assert private_notes("grand_hotel", GH_PLAYERS, [Action("Катя", "mother", ("Гафф",))]) == \
        {"Катя": "Проверка: Гафф — не ваша мать"}


def test_rule_6_private_note_grand_hotel_nobody_came_reads_as_a_sentence() -> None:
    got = private_notes("grand_hotel", GH_PLAYERS, [Action("Гафф", "learn", ("Никита",), learn="kinds"),
                                               Action("Алиса", "watch", ("Тереса",))], night=2)
    # was «Никита — типы НД: никаких» and «Тереса — гости: никого»
    assert got == {"Гафф": "Этой ночью к игроку Никита не приходили ни с одним действием.", "Алиса": "Этой ночью к игроку Тереса никто не приходил."}


def test_rule_6_private_note_grand_hotel_laura_search_answer_has_no_gender() -> None:
    got = private_notes("grand_hotel", GH_PLAYERS, [Action("Никита", "find", ("Гафф",))], night=2)
    assert got == {"Никита": "Гафф — из своих"}     # was «Гафф: свой» («свой» for a woman)


def test_rule_6_private_note_boss_question_leaves_a_marked_place_for_the_answer() -> None:
    players = [{"nick": "Ронин", "role": "Санта Клаус", "gender": "m"}, {"nick": "Пусс", "role": "мирная зверюшка"},
               {"nick": "Игорь", "role": "Снеговик", "gender": "m"}]
    got = private_notes("new_year", players, [Action("Ронин", "question", (), question="лечил ли кто-то Игоря?")])
    assert got == {"Ронин": "Ваш вопрос: лечил ли кто-то Игоря? Ответ ведущего: ___ (впишите «да» или «нет»)"}


# a colon, then before any sentence end another: «Проверка: Любовь: мать найдена»
_TWO_COLONS = re.compile(r":[^:.?!]*:")


@pytest.mark.parametrize("path", [p for p in SCENARIO_FILES if p.name not in (TM_ROSTER_ORDER, GH_BLOODY)] + [SCENARIOS / GH_BLOODY],
                         ids=lambda p: p.stem)
def test_rule_6_no_private_note_of_any_scenario_has_two_colons_or_никаких(path) -> None:
    import tomllib

    scenario = tomllib.loads(path.read_text(encoding="utf-8"))
    ruleset, _ = build(scenario)
    players = list(scenario.get("players", [])) + [{"nick": n, "role": r} for n, r in scenario.get("roster", {}).items()]
    _, outcomes = run_file(path)
    for outcome in outcomes:
        if not getattr(outcome, "private", ()):
            continue
        data = build_data(outcome=outcome.to_json(), game={"id": "g", "title": "t", "players": players}, ruleset=ruleset)
        for to, text in render_private(ruleset.theme, data).items():
            for line in text.splitlines()[1:]:
                assert not _TWO_COLONS.search(line), f"{path.name}: {to}: {line}"
                assert "никаких" not in line and "никого" not in line, f"{path.name}: {to}: {line}"


# --- the GM's log: items lost with their holder, a role shot's death; the hireling's note (000)

def test_rule_4_003_an_item_used_the_night_its_holder_dies_is_not_logged_as_lost() -> None:
    out = resolve_night(TM, TM_STATE, [Action("Zorro", "button", ("B",)), Action("Man", "kill", ("Zorro",))], Rolls("h30", 1))
    assert sorted(d.player for d in out.deaths) == ["B", "Zorro"]
    # "Если умирает его владелец, не воспользовавшись им - он исчезает": only the unused book is lost
    assert [line for line in out.log if line.startswith("items:")] == ["items: Zorro dies holding book unused; it is lost"]
    both = resolve_night(TM, TM_STATE, [Action("Man", "kill", ("Zorro",))], Rolls("h30", 1))
    assert [line for line in both.log if line.startswith("items:")] == [
        "items: Zorro dies holding button, book unused; they are lost"]


def test_rule_4_003_a_role_shot_death_is_logged_once() -> None:
    out = resolve_night(TM, TM_STATE, [Action("M1", "role_shot", ("Man",), role="Маньяк"), Action("Doc", "heal", ("Man",))],
                        Rolls("h30", 1))
    assert [line for line in out.log if line.startswith("kill: Man")] == [
        "kill: Man dies (role shot by M1; past heals and protections)"]


def test_rule_4_000_the_hirelings_note_names_the_employer_without_inflecting_him() -> None:
    pc = load_ruleset("peculiar")
    state = new_game("h30pc", [{"nick": "Франклин", "role": "Мистер Барон"}, {"nick": "Фредди", "role": "Мено и Куо-Рама"},
                               {"nick": "Виктор Бонтли", "role": "Странный ребёнок"}, {"nick": "Юна", "role": "Странный ребёнок"},
                               {"nick": "Рики", "role": "Странный ребёнок"}], pc)
    ok = resolve_night(pc, state, [Action("Фредди", "hire", ("Франклин",))], Rolls("h30pc", 1))
    assert [(p.to, p.text) for p in ok.private] == [("Фредди", "Найм у игрока Франклин удался.")]
    bad = resolve_night(pc, state, [Action("Фредди", "hire", ("Виктор Бонтли",))], Rolls("h30pc", 1))
    assert [(p.to, p.text) for p in bad.private] == [("Фредди", "Найм у игрока Виктор Бонтли не удался.")]


def test_rule_4_000_a_refused_hire_is_told_to_the_hireling_too() -> None:
    # seed 000: the GM tells Мено every night whether the hire worked; the 3-posts rule refused this one
    from dataclasses import replace

    pc = load_ruleset("peculiar")
    state = new_game("h35pc", [{"nick": "Франклин", "role": "Мистер Барон"}, {"nick": "Фредди", "role": "Мено и Куо-Рама"},
                               {"nick": "Юна", "role": "Странный ребёнок"}, {"nick": "Рики", "role": "Странный ребёнок"}], pc)
    state = replace(state, under_active=frozenset({"Фредди"}))
    out = resolve_night(pc, state, [Action("Фредди", "hire", ("Франклин",))], Rolls("h35pc", 1))
    assert [r.reason.split(":")[0] for r in out.refused] == ["under-active"]
    assert [(p.to, p.kind, p.text) for p in out.private] == [("Фредди", "hire", "Найм у игрока Франклин не удался.")]
