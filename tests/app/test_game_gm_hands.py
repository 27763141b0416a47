"""What a full game left to the GM's hands (issue 15), end to end through `mafvote`: the game ends at a `state
kill` of the last hostile (point 6); a command that kills refuses a bare beginning of a name (point 9).

The game is tests/data/game/config.toml (the bundled MyBB vote thread, New Year roles: the mafia РэдДи, King
Eciton, Trusiki Kayfa, Puss; the highlander Ronin; the rest town)."""
from __future__ import annotations

import pytest

from support.cli import ok, run, state

HOSTILE = ("РэдДи", "King Eciton", "Trusiki Kayfa", "Puss")


def test_issue15_6_state_kill_of_the_last_hostile_ends_the_game_at_once(game_dir):
    for nick in HOSTILE:
        out = ok("state", "kill", "--player", nick)
        assert out == f"{nick}: выбывает\n"
        assert state()["game_over"] is False
    out = ok("state", "kill", "--player", "Ронин")
    assert out == "Ronin: выбывает\nИгра окончена: победа мирных\n"
    now = state()
    assert (now["game_over"], now["winner"]) == (True, "town")
    code, _, err = run("night", "resolve", "--night", "1")
    assert code == 2 and "окончена: победа мирных" in err
    # undo takes the kill back, and the game goes on
    ok("undo")
    assert state()["game_over"] is False


@pytest.mark.parametrize("command", [
    ("state", "kill", "--player", "{name}"),
    ("modkill", "--player", "{name}"),
    ("day", "close", "--day", "1", "--eliminate", "{name}"),
], ids=["state_kill", "modkill", "eliminate"])
@pytest.mark.parametrize("name,cands", [("Алук", "Алукард"), ("Tru", "Trusiki Kayfa"), ("Eciton", "King Eciton")],
                         ids=["beginning", "latin_beginning", "one_word"])
def test_issue15_9_a_command_that_kills_refuses_a_bare_beginning_with_the_candidates(game_dir, command, name, cands):
    if command[0] == "day":
        ok("night", "resolve", "--night", "1")
    args = [a.format(name=name) for a in command]
    before = state()["alive"]
    code, _, err = run(*args)
    assert code == 2, err
    assert f"«{name}»: это только начало имени ({cands}); команда, которая убивает игрока, не угадывает" in err
    assert state()["alive"] == before


@pytest.mark.parametrize("name,nick", [("Алукард", "Алукард"), ("алукарда", "Алукард"), ("Нежку", "Nejka"),
                                       ("Рuss", "Puss"), ("Кинг", "King Eciton")],
                         ids=["nick", "declined_nick", "declined_alias", "lookalike", "alias"])
def test_issue15_9_full_names_forms_and_lookalikes_still_kill(game_dir, name, nick):
    out = ok("state", "kill", "--player", name)
    assert out == f"{nick}: выбывает\n"
    assert nick not in state()["alive"]
