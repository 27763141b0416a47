"""`mafvote state excuse` (RULES.md §3.6): the GM spares a player the penalty and the miss of a day's vote, and of
the night action where the ruleset punishes a missed one; where it does not, `--night` is refused and nothing is
recorded. The game: tests/data/gm_ruleset (the MyBB test game, its thread stored)."""
from __future__ import annotations

import pytest

import mafvote.game as game_mod
from support.cli import ok, run
from support.game_dir import AFTER, make_ruleset_game_dir, undo_steps, write_ruleset_game


@pytest.fixture
def game_dir(tmp_path, monkeypatch):
    return make_ruleset_game_dir(tmp_path, monkeypatch)


def test_rule_3_6_excuse_night_without_duty_is_refused_and_records_nothing(game_dir):
    before = undo_steps()
    code, out, err = run("state", "excuse", "--player", "Алукард", "--day", "1", "--night")
    assert code == 2 and out == ""
    assert err == ("ошибка: `state excuse --night`: в этой игре за пропуск ночного действия не наказывают, "
                   "освобождать не от чего (набор правил `new_year`: `night_action_is_duty = false`). Чтобы освободить "
                   "от дневного голосования, уберите --night\n")
    assert undo_steps() == before
    assert ok("state", "excuse", "--player", "Алукард", "--day", "1") == (
        "Алукард: освобождение на день 1: ни штрафа, ни пропуска за голосование\n")
    assert undo_steps() == before + 1


def test_rule_3_6_excuse_night_with_duty_says_what_it_spares(tmp_path, monkeypatch):
    write_ruleset_game(tmp_path, ruleset_edit=("night_action_is_duty = false", "night_action_is_duty = true"))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(game_mod, "utc_now", lambda: AFTER)
    assert ok("state", "excuse", "--player", "Алукард", "--day", "1", "--night") == (
        "Алукард: освобождение от ночного действия ночи 1: ни штрафа, ни пропуска за него на подсчёте дня 1\n")
    assert ok("state", "excuse", "--player", "Puss", "--day", "1") == (
        "Puss: освобождение на день 1: ни штрафа, ни пропуска за голосование и за ночное действие ночи 1\n")
