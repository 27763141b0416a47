"""Rulesets as data: the shipped files load and carry the seeds' values; bad files fail with key paths."""
from __future__ import annotations

import pytest

from mafvote.rulesets import load, validate
from mafvote_resolver import RulesetError, loads_ruleset
from mafvote_resolver.order import ABILITY_KINDS, ORDER, STAGE_OF_KIND, Stage

MINIMAL = '''
[game]
name = "t"
title = "T"
theme = "t"
[night]
succession = ["Босс", "Зам"]
[sides.mafia]
kind = "mafia"
title = "мафия"
[sides.town]
kind = "town"
title = "мирный"
[[roles]]
name = "Босс"
side = "mafia"
rank = 1
[[roles]]
name = "Зам"
side = "mafia"
rank = 2
[[roles]]
name = "Доктор"
side = "town"
[[roles.abilities]]
name = "heal"
kind = "heal"
'''


def test_rule_roles_named_as_the_seed_setup_with_log_spellings_as_aliases() -> None:
    ny, pc = load("new_year"), load("peculiar")
    for alias, name in [("Злобный эльф", "Злой эльф"), ("Санта Клаус", "Санта Клаус"), ("мирная зверюшка", "мирная зверюшка"),
                        ("Снежная королева", "Снежная королева"), ("Щелкунчик", "Щелкунчик")]:
        assert ny.role(alias).name == name
    for alias, name in [("Оливия", "Оливия Абрахолос Элефанта"), ("Мено и Куо-Рама", "Мено и Куо-Рама"),
                        ("Миллард Наллингс", "Миллард Наллингс"), ("Странный ребенок", "Странный ребёнок"),
                        ("Енох О’Коннор", "Енох О'Коннор"), ("Джейкоб Портман", "Джейкоб Портман")]:
        assert pc.role(alias).name == name
    assert len(ny.roles) == 13 and len(pc.roles) == 12


def test_rule_3_4_vote_weights_are_role_data() -> None:
    ny, pc = load("new_year"), load("peculiar")
    assert (ny.role("Герда").red_weight, ny.role("Герда").blue_weight) == (2, 1)
    assert ny.role("Снеговик").blue_weight == 3
    assert pc.role("Енох").blue_weight == 3
    assert all(r.red_weight == 1 for r in pc.roles)


def test_rule_3_vote_switches_of_001_and_000() -> None:
    ny, pc = load("new_year").votes, load("peculiar").votes
    assert ny["early_close_from_day"] == 1 and ny["early_close"] == "gm" and ny["min_posts_for_night_action"] == 0
    assert pc["early_close_from_day"] == 3 and pc["early_close"] == "auto" and pc["early_close_majority_alert"] is True
    assert pc["min_posts_for_night_action"] == 3 and pc["night_action_is_duty"] is True
    assert ny["penalty"] == pc["penalty"] == "fixed" and ny["penalty_votes"] == pc["penalty_votes"] == 2
    assert ny["tie"] == pc["tie"] == "nobody"


def test_rule_4_10_succession_lists() -> None:
    assert load("new_year").succession == ("Санта Клаус", "Злой тролль", "Злой эльф", "Кай", "Щелкунчик")
    assert load("peculiar").submission_order == ("Мистер Барон", "Доктор Голан", "Пустота", "Мистер Арчер")


def test_every_ability_kind_has_a_stage_in_the_one_order_table() -> None:
    assert set(STAGE_OF_KIND.values()) <= set(ORDER)
    assert ORDER[0] is Stage.CHECK_ACTIONS and ORDER[-1] is Stage.NEXT_DAY
    games = ("new_year", "peculiar", "time_machine", "grand_hotel")
    used = {a.kind for name in games for r in load(name).roles for a in r.abilities}
    used |= {a.kind for name in games for a in (*load(name).boss_abilities, *load(name).items)}
    assert used <= ABILITY_KINDS
    assert used == ABILITY_KINDS   # every kind the engine knows is played by a shipped role or item


def test_shipped_rulesets_validate_clean() -> None:
    assert validate("new_year") == [] and validate("peculiar") == []


def test_minimal_ruleset_loads() -> None:
    r = loads_ruleset(MINIMAL, "t.toml")
    assert r.role("Доктор").ability("heal").kind == "heal"


@pytest.mark.parametrize("broken, where, message", [
    (MINIMAL.replace('kind = "heal"', 'kind = "haal"'), "roles[2].abilities[0].kind", "unknown ability kind 'haal'"),
    (MINIMAL.replace('name = "Доктор"\nside = "town"', 'name = "Доктор"'), "roles[2].side", "role 'Доктор' has no side"),
    (MINIMAL.replace('rank = 2', 'rank = 3'), "roles", "side 'mafia' has ranks [1, 3]"),
    (MINIMAL.replace('succession = ["Босс", "Зам"]', 'succession = ["Босс", "Зaм2"]'), "night.succession[1]", "unknown role 'Зaм2'"),
    (MINIMAL.replace('side = "town"', 'side = "twon"'), "roles[2].side", "unknown side 'twon'"),
    (MINIMAL.replace('[[roles.abilities]]', '[[roles.abilities]]\ntargets = 2'), "roles[2].abilities[0].targets", "unknown key"),
])
def test_ruleset_problems_name_file_and_key(broken: str, where: str, message: str) -> None:
    with pytest.raises(RulesetError) as info:
        loads_ruleset(broken, "rulesets/t.toml")
    problems = info.value.problems
    assert any(p.where == where and message in p.message and p.file == "rulesets/t.toml" for p in problems), problems


def test_ruleset_unknown_kind_suggests_the_close_one() -> None:
    with pytest.raises(RulesetError) as info:
        loads_ruleset(MINIMAL.replace('kind = "heal"', 'kind = "haal"'), "t.toml")
    assert 'did you mean "heal"?' in str(info.value)


def test_ruleset_toml_typo_names_the_line(tmp_path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(MINIMAL.replace('title = "T"', 'title = T'), encoding="utf-8")
    problems = validate(path)
    assert len(problems) == 1 and problems[0].where == "line 4" and "TOML syntax" in problems[0].message
