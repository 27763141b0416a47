"""`mafvote render votecount`, the live count a GM posts: `--variant` names the styles and phrases that exist; a
player a night silenced is marked among the voters. The game: tests/data/gm_ruleset (the MyBB test game, its thread
stored), the clock past day 1's deadline."""
from __future__ import annotations

import pytest

from support import make_ruleset_game_dir, ok, run


@pytest.fixture
def game_dir(tmp_path, monkeypatch):
    return make_ruleset_game_dir(tmp_path, monkeypatch)


@pytest.mark.parametrize("variant, message", [
    ("99", "Invalid value for --variant: 99: theme new_year has 3 styles (0–2); write --variant 2 or less"),
    ("foo=1", "Invalid value for --variant: foo=1: theme new_year has no phrase 'foo'; its phrases with variants: "
              "night.title, night.deaths, night.no_deaths, night.silenced, night.deadline, day.hanged, day.deadline"),
    ("night.deths=1", "Invalid value for --variant: night.deths=1: theme new_year has no phrase 'night.deths'; "
                      "did you mean night.deaths, night.no_deaths, night.deadline?"),
    ("night.deaths=3", "Invalid value for --variant: night.deaths=3: phrase night.deaths of theme new_year has "
                       "3 variants (0–2)"),
])
def test_rule_render_variant_that_does_not_exist_is_exit_2_naming_what_does(game_dir, variant, message):
    code, out, err = run("render", "votecount", "1", "--variant", variant)
    assert code == 2 and out == ""
    assert " ".join(err.split()).endswith(message)


def test_rule_render_variant_that_exists_renders(game_dir):
    assert ok("render", "votecount", "1", "--variant", "2").startswith("[b]Подсчёт голосов, день 1[/b]")
    assert ok("render", "votecount", "1", "--variant", "night.deaths=2").startswith("[b]Подсчёт голосов, день 1[/b]")


def test_rule_3_5_live_count_after_a_silencing_night_marks_the_silenced(game_dir):
    for actor, text in (("РэдДи", "Убиваю Алису"), ("Алукард", "Лечу Нежку"), ("Puss", "Блокирую Соню"),
                        ("Невермор", "Забираю Ронина")):
        ok("night", "add", "--night", "1", "--actor", actor, text)
    ok("night", "roll", "--night", "1", "--actor", "Puss", "silence", "yes")
    ok("night", "resolve", "--night", "1")
    post_ = ok("render", "votecount", "1")
    line = next(x for x in post_.splitlines() if "Соня" in x and "голос" in x and x.startswith("[color=#FF0000]"))
    assert "без голоса: Соня" in line
    assert "Лишены голоса: Соня" in post_
