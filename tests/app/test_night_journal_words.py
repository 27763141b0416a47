"""The GM's journal and night lines in Russian, found by a review that drove the four games through the CLI (issue
14): `render --gm` reads the night as stored, and a refusal's reason inside a journal line was stored as the
resolver's English («blocked by …», «under-active: …», «the pair has one action a night: …»); a block's silence
was «кто: X's visit»; a successor «теперь босс — босс — X»; who missed the night action «could send block»; a
protection spent on the day «(a one-time protection from hanging)»; a family a kill spares by its Latin label
«из семьи «alarcon»»; a roster item unknown to the ruleset English under the Russian lead; 004's «gift» with no
word, «Правда дороже» read as «сыворотка правды» and Андрес' search for his mother as «материнская защита»; the
GM report's side of a woman «(мирный)». Each pinned exactly."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest

from mafvote import alert_rules, gm_text, messages, rulesets
from mafvote.render import render, roles_from_ruleset
from mafvote_resolver import Action, ResolverError, Rolls, apply_day, new_game, resolve_night
from mafvote_resolver.duty import night_duty
from mafvote_resolver.journal import Line, line_json
from support.nights import load_ruleset

NEW_YEAR = [{"nick": "Ronin", "role": "Санта Клаус", "gender": "m"}, {"nick": "Нежка", "role": "Злой тролль", "gender": "f"},
            {"nick": "Гораций", "role": "Щелкунчик", "gender": "m"}, {"nick": "Дед", "role": "Дед Мороз", "gender": "m"},
            {"nick": "Соня", "role": "Снежинка", "gender": "f"}, {"nick": "Puss", "role": "мирная зверюшка"}]


def stored(lines) -> list:
    """Journal lines as `night resolve` stores them and `render --gm` reads them back."""
    return json.loads(json.dumps([line_json(x) for x in lines]))


def test_rule_the_stored_journal_is_worded_as_the_fresh_one_with_its_refusals_reasons():
    r = load_ruleset("new_year")
    out = resolve_night(r, new_game("g", NEW_YEAR, r),
                        [Action("Ronin", "kill", ("Соня",)), Action("Гораций", "block", ("Дед",)),
                         Action("Дед", "kill", ("Puss",))], Rolls("g", 1, {("Гораций", "silence"): True}))
    fresh = [gm_text.journal(x) for x in out.log]
    assert [gm_text.journal(x) for x in stored(out.log)] == fresh
    assert "отказ: Дед, убийство → Puss: заблокировано: Гораций" in fresh
    # 001's block silences its target with 50 %: who did it, in words
    assert "лишение голоса: Дед — 1 день, объявляется; кто: Гораций (визит блока)" in fresh
    # the same through the GM report (`render --gm`), from the stored outcome
    data = {"roster": NEW_YEAR, **roles_from_ruleset(rulesets.load("new_year")),
            "outcome": json.loads(json.dumps(out.to_json()))}
    report = render("new_year", "gm_report", alert_rules.gm_report_data(data, language="ru"), fmt="text")
    assert "- отказ: Дед, убийство → Puss: заблокировано: Гораций" in report.splitlines()
    assert "blocked" not in report and "visit" not in report


def test_rule_3_13_the_under_active_refusal_in_the_stored_journal():
    r = load_ruleset("peculiar")
    players = [{"nick": "Франклин", "role": "Мистер Барон", "gender": "m"}, {"nick": "Алтея", "role": "Пустота"},
               {"nick": "Гораций", "role": "Странный ребёнок", "gender": "m"}]
    state = replace(new_game("g", players, r), under_active=frozenset({"Франклин"}))
    out = resolve_night(r, state, [Action("Франклин", "kill", ("Гораций",))], Rolls("g", 2, {}))
    assert [gm_text.journal(x) for x in stored(out.log)][1] == (
        "отказ: Франклин, убийство → Гораций: мало постов за день (нужно не меньше 3)")


def test_rule_the_successor_is_named_once():
    r = load_ruleset("new_year")
    state = new_game("g", NEW_YEAR, r)
    out = resolve_night(r, state, [Action("Дед", "kill", ("Ronin",))], Rolls("g", 1, {}))
    assert "преемник: теперь босс — Нежка (Злой тролль)" in [gm_text.journal(x) for x in out.log]
    day = apply_day(r, out.state, ["Нежка"], day=1, reason="plurality")
    assert [gm_text.journal(x) for x in day.log][-1] == "преемник: теперь босс — Гораций"


def test_rule_3_6_who_missed_the_night_action_is_told_in_words():
    r = load_ruleset("peculiar")
    players = [{"nick": "Франклин", "role": "Мистер Барон", "gender": "m"}, {"nick": "Алтея", "role": "Пустота"},
               {"nick": "Абрахам", "role": "Абрахам", "gender": "m"},
               {"nick": "Энни", "role": "Странный ребёнок", "gender": "f"},
               {"nick": "Эмма", "role": "Эмма Блум", "gender": "f"}]
    state = new_game("g", players, r)
    actions = [Action("Франклин", "kill", ("Энни",)), Action("Эмма", "block", ("Алтея",))]
    out = resolve_night(r, state, actions, Rolls("g", 1, {("Эмма", "silence"): False}))
    duty = night_duty(r, state, actions, out)
    assert duty.missed == ("Алтея", "Абрахам")
    words = {d.player: gm_text.journal(d.detail) for d in duty.duties if d.status == "missed"}
    assert words == {"Алтея": "ночное действие не прислано (доступно: блок); в ту ночь был блок (Эмма), но прислать "
                              "действие всё равно было нужно",
                     "Абрахам": "ночное действие не прислано (доступно: копирование)"}
    # scripts keep the resolver's English in JSON
    assert duty.to_json()["players"][1]["detail"] == "could send block (blocked by Эмма that night: sending was the duty)"


def test_rule_3_10_the_protection_spent_on_the_day_in_words():
    r = load_ruleset("grand_hotel")
    players = [{"nick": "Элиса", "role": "Донья Элиса", "gender": "f"}, {"nick": "Лаура", "role": "Лаура", "gender": "f"},
               {"nick": "Тереса", "role": "Донья Тереса", "gender": "f"}, {"nick": "Хавьер", "role": "Хавьер", "gender": "m"}]
    out = apply_day(r, new_game("g", players, r), ["Элиса"], day=1, reason="protected")
    assert "Элиса: от казни спасает разовая защита; защита израсходована" in [gm_text.journal(x) for x in out.log]


def test_rule_004_a_redirect_names_its_targets_without_a_wrong_case():
    # «с Каталина на Франклин» put two nicks in the nominative after prepositions that need the genitive and accusative
    r = load_ruleset("grand_hotel")
    players = [{"nick": "Нежка", "role": "Донья Элиса", "gender": "f"}, {"nick": "Бен", "role": "Бенхамин", "gender": "m"},
               {"nick": "Каталина", "role": "Каталина", "gender": "f"}, {"nick": "Франклин", "role": "Андрес Аларкон"},
               {"nick": "Тереса", "role": "Донья Тереса", "gender": "f"}, {"nick": "Хавьер", "role": "Хавьер", "gender": "m"}]
    out = resolve_night(r, new_game("g", players, r), [Action("Нежка", "kill", ("Каталина",)),
                                                       Action("Бен", "redirect", ("Нежка", "Франклин"))], Rolls("g", 1, {}))
    assert "перенаправление: Бен переводит «убийство» игрока Нежка: цель Каталина → Франклин" in \
        [gm_text.journal(x) for x in out.log]


def test_rule_004_the_family_a_kill_spares_is_not_named_by_its_label_alone():
    line = Line.said("kill.family", "kill: Хавьер is of the family alarcon; Тереса's kill spares them", victim="Хавьер",
                     actor="Тереса", family="alarcon")
    assert gm_text.journal(line) == ("убийство: Хавьер не погибает — убийство (Тереса) щадит эту семью (метка `alarcon` "
                                     "в наборе правил)")


def test_rule_6_a_hanged_or_silenced_player_without_gender_needs_no_gender_in_the_gm_line():
    r = load_ruleset("new_year")
    players = [{"nick": "Алукард", "role": "Кай"}, {"nick": "Соня", "role": "Снежинка", "gender": "f"},
               {"nick": "Ronin", "role": "Санта Клаус", "gender": "m"}, {"nick": "Дед", "role": "Дед Мороз", "gender": "m"}]
    day = apply_day(r, new_game("g", players, r), ["Алукард"], day=1, reason="plurality")
    assert [p.text for p in day.public] == ["Выбывает Алукард"]      # new_year: a hanged role is not shown
    out = resolve_night(r, new_game("g", players, r), [Action("Соня", "block", ("Алукард",))],
                        Rolls("g", 1, {("Соня", "silence"): True}))
    assert [p.text for p in out.public] == ["Сегодня Алукард не может голосовать"]


def test_every_ability_of_every_bundled_ruleset_has_a_russian_word():
    missing = [(name, a.name) for name in rulesets.bundled_rulesets() for role in rulesets.load(name).roles
               for a in role.abilities if not messages.has(f"ability.{a.name}", "ru")]
    missing += [(name, i.name) for name in rulesets.bundled_rulesets() for i in rulesets.load(name).items
                if not messages.has(f"ability.{i.name}", "ru")]
    assert missing == []
    # 004's cards as the seed names them: «Моя семья - мое богатство», «Правда дороже», «Я люблю тебя, мама»
    assert [gm_text.ability(a) for a in ("gift", "truth", "mother")] == ["подарок голоса", "«Правда дороже»",
                                                                         "поиск матери"]


def test_a_roster_item_the_ruleset_lacks_is_told_in_russian():
    r = load_ruleset("time_machine")
    with pytest.raises(ResolverError) as info:
        new_game("g", [{"nick": "Алукард", "role": "Мирный житель", "items": ("книга",)}], r)
    assert gm_text.resolver_error(info.value) == ("игра g: у игрока Алукард предмет «книга», а в наборе правил "
                                                  "«time_machine» его нет (предметы набора: clock, button, book)")


@pytest.mark.parametrize("player, side", [({"nick": "Фиона Фраунфелид"}, "мирная"), ({"nick": "Соня", "gender": "f"}, "мирная"),
                                          ({"nick": "Ronin", "gender": "m"}, "мирный"), ({"nick": "Puss"}, "сторона мирных")])
def test_rule_6_the_gm_reports_side_agrees_with_the_player(player, side):
    data = {"roster": [player], **roles_from_ruleset(rulesets.load("new_year")),
            "outcome": {"night": 2, "deaths": [{"player": player["nick"], "role": "Снегурочка", "side": "town",
                                                "revealed": False, "causes": ["killed by Ronin (boss)"]}]}}
    report = render("new_year", "gm_report", alert_rules.gm_report_data(data, language="ru"), fmt="text")
    assert f"- {player['nick']}: Снегурочка ({side}); роль скрыта; причина: убийство: Ronin (босс)" in report.splitlines()
