"""Ruleset validation for the ability kinds and switches 003 and 004 brought (RULES.md §4, STYLE.md item 3)."""
from __future__ import annotations

import pytest

from mafvote_resolver import RulesetError, check_ruleset, loads_ruleset
from support.paths import ROOT

BASE = '''
[game]
name = "t"
[night]
order = ["hide", "blocks", "redirects", "piercing", "protect", "kills", "information"]
[sides.town]
kind = "town"
[sides.maniac]
kind = "solo"
[[roles]]
name = "Маньяк"
side = "maniac"
[[roles.abilities]]
name = "bloody"
kind = "bloody_kill"
visitor_p = 0.5
ignores = ["block"]
[[roles.abilities]]
name = "hide"
kind = "hide"
min_targets = 0
max_targets = 0
[[roles]]
name = "Перевозчик"
side = "town"
inherits = "Маньяк"
[[roles.abilities]]
name = "redirect"
kind = "redirect"
min_targets = 2
max_targets = 2
[[roles]]
name = "Мафиози"
side = "town"
[[roles.abilities]]
name = "shot"
kind = "role_shot"
guess_roles = ["Маньяк"]
'''


def test_the_shipped_003_and_004_rulesets_validate_clean() -> None:
    for name in ("time_machine", "grand_hotel"):
        text = (ROOT / "rulesets" / f"{name}.toml").read_text(encoding="utf-8")
        assert check_ruleset(text, f"rulesets/{name}.toml") == []


def test_the_base_loads_with_its_order() -> None:
    r = loads_ruleset(BASE, "t.toml")
    assert [s.value for s in r.order][:3] == ["check_actions", "hide", "blocks"]
    assert r.role("Маньяк").ability("bloody").ignores == ("block",)


@pytest.mark.parametrize("old, new, where, message", [
    ('ignores = ["block"]', 'ignores = ["blok"]', "roles[0].abilities[0].ignores", "unknown defence 'blok'"),
    ("visitor_p = 0.5", "", "roles[0].abilities[0].visitor_p", "a bloody kill needs the visitor's chance"),
    ('guess_roles = ["Маньяк"]', "", "roles[2].abilities[0].guess_roles", "a role shot needs the roles one may guess"),
    ('guess_roles = ["Маньяк"]', 'guess_roles = ["Манияк"]', "roles[2].abilities[0]", "unknown role 'Манияк'"),
    ("min_targets = 2\nmax_targets = 2", "", "roles[1].abilities[0].max_targets", "a redirect takes two targets"),
    ('inherits = "Маньяк"', 'inherits = "Маняк"', "roles[1].inherits", "unknown role 'Маняк'"),
    ('"hide", "blocks"', '"hide", "blokcs"', "night.order", "unknown stage 'blokcs'"),
    ('"hide", "blocks"', '"hide", "hide"', "night.order", "a stage appears twice"),
    ("[game]\nname = \"t\"", "[game]\nname = \"t\"\nreveal_night = \"roles\"", "game.reveal_night", "must be one of"),
    ("[night]\n", "[night]\nmust_kill = \"mafia\"\n", "night.must_kill", "unknown side 'mafia'"),
    ('kind = "hide"', 'kind = "hide"\nuses_scope = "team"', "roles[0].abilities[1].uses_scope", "must be one of player, side"),
    ('kind = "hide"', 'kind = "hide"\nparity = "odd nights"', "roles[0].abilities[1].parity", 'must be "even" or "odd"'),
    ('kind = "hide"', 'kind = "hide"\nearn_every = 2', "roles[0].abilities[1].earn_max", "earn_every needs earn_max"),
    ('name = "Перевозчик"\nside = "town"', 'name = "Перевозчик"\nside = "town"\nshown_side = "city"', "roles[1]",
     "unknown side 'city'"),
    ("[sides.maniac]\nkind = \"solo\"", "[sides.maniac]\nkind = \"solo\"\nwins_with_roles = [\"Тереза\"]",
     "sides.maniac.wins_with_roles", "unknown role 'Тереза'"),
])
def test_rule_4_new_ability_kinds_and_switches_are_checked(old, new, where, message) -> None:
    text = BASE.replace(old, new)
    assert text != BASE
    with pytest.raises(RulesetError) as err:
        loads_ruleset(text, "t.toml")
    assert any(p.where == where and message in p.message for p in err.value.problems), \
        [str(p) for p in err.value.problems]


def test_rule_4_003_an_item_with_an_unknown_kind_is_named() -> None:
    text = BASE + '\n[[items]]\nname = "watch"\nkind = "blok"\n'
    with pytest.raises(RulesetError) as err:
        loads_ruleset(text, "t.toml")
    assert str(err.value.problems[0]).startswith("t.toml: items[0].kind: unknown ability kind 'blok' (did you mean \"block\"?)")


def test_rule_4_003_items_are_extra_and_once_by_default() -> None:
    r = loads_ruleset(BASE + '\n[[items]]\nname = "clock"\nkind = "block"\n', "t.toml")
    assert r.item("Clock").extra is True and r.item("clock").uses == 1
