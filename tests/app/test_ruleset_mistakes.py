"""A GM's mistake in a ruleset file (a copy of rulesets/new_year.toml with one line changed) stops `mafvote check`
and every other command with exit 2 and the key path of the mistake, never a traceback; so does a roster item the
ruleset does not have."""
from __future__ import annotations

import pytest

import mafvote.game as game_mod
from support.cli import run
from support.game_dir import AFTER, TIME_MACHINE_ROLES, write_ruleset_game


@pytest.mark.parametrize("edit, problem", [
    (("reveal_while_alive_gt = 10", 'reveal_while_alive_gt = "ten"'),
     'mine.toml: game.reveal_while_alive_gt: нужно: целое число; написано: "ten" '
     "(пишите так: `reveal_while_alive_gt = 10`)"),
    (("evidence = [0.0, 0.75]", 'evidence = ["0", "x"]'),
     'mine.toml: boss.abilities[0].evidence: нужно: список чисел; написано: ["0", "x"] '
     "(пишите так: `evidence = [0.5, 0.25]`)"),
    (("penalty_votes = 2 ", "penalty_vote = 3 "),
     "mine.toml: votes.penalty_vote: неизвестный ключ (может быть, `penalty_votes`?)"),
    (('deaths_header = "Трупы"', 'deth = "Трупы"'),
     "mine.toml: texts.deth: неизвестный ключ: эту строку игра не читает (может быть, `death`?)"),
])
def test_a_ruleset_mistake_is_exit_2_from_check_and_from_every_command(tmp_path, monkeypatch, edit, problem):
    write_ruleset_game(tmp_path, ruleset_edit=edit)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(game_mod, "utc_now", lambda: AFTER)
    code, out, err = run("check")
    # `check` writes the hint as "(подсказка: ...)"; the other commands as the bare "(...)"
    assert code == 2 and problem.replace(" (", " (подсказка: ", 1) in out + err and "Traceback" not in out + err
    assert (out + err).rstrip().endswith("config.toml: 1 ошибка")
    for command in (["tally"], ["state"], ["night", "add", "--night", "1", "--actor", "РэдДи", "Убиваю Алису"]):
        code, out, err = run(*command)
        assert code == 2 and problem in err and "Traceback" not in err, command


def test_003_items_in_the_roster_are_checked_against_the_ruleset(play):
    play("time_machine", TIME_MACHINE_ROLES, starts_with="day", items={"Nejka": ["часики"]})
    code, out, _ = run("check")
    assert code != 0
    assert "games[0].players[5].items[0]" in out and "предмета «часики» нет в наборе правил time_machine" in out
    assert "предметы набора: clock, button, book" in out
    code, _, err = run("state")
    assert code == 2 and "games.players[].items" in err
    assert "у игрока Nejka предмет «часики», а в наборе правил «time_machine» его нет" in err


def test_items_need_a_ruleset_with_items(play):
    play("new_year", items={"Nejka": ["clock"]})
    code, out, _ = run("check")
    assert code != 0 and "в наборе правил нет `[[items]]`: удалите ключ" in out
