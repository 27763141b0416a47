"""The game's end (RULES.md §5): who won, in `state`, `status`, the GM report and the final post; the steps
refused after the end until `mafvote undo`."""
from __future__ import annotations

import json

from support import ok, run, state


def test_rule_5_after_the_end_state_shows_the_winner_and_later_steps_are_refused_until_undo(game):
    for nick in ("Рики", "Юна"):      # a third `state kill` would end the game at once (issue 15 point 6)
        ok("state", "kill", "--player", nick)
    ok("night", "add", "--night", "1", "--actor", "Франклин", "Убиваю Бетси")
    out = ok("night", "resolve", "--night", "1")          # 2 mafia, 2 others: the mafia wins
    assert "Игра окончена: победа пустот" in out.splitlines()
    st = state()
    assert (st["game_over"], st["winner"], st["winner_text"]) == (True, "hollows", "победа пустот")
    assert st["game_over_step"] == {"seq": 3, "kind": "night", "number": 1, "how": "resolve"}
    text = ok("state").splitlines()
    assert text[0] == ("Игра g окончена: победа пустот (после шага #3: ночь 1); `mafvote undo` отменяет последний "
                       "шаг, если он внесён по ошибке")
    # `status` says so too, and plans no more deadlines (the daemon sends no «day closes» alert after the end)
    status = json.loads(ok("status", "--format", "json", "--now", "2027-01-12T12:00"))["games"][0]
    assert (status["game_over"], status["winner"], status["winner_text"]) == (True, "hollows", "победа пустот")
    assert [j["kind"] for j in status["next_jobs"]] == ["crawl"]
    lines = ok("status", "--now", "2027-01-12T12:00").splitlines()
    assert "  игра окончена:    победа пустот; больше нечего закрывать и разбирать (`mafvote undo` отменяет " \
           "последний шаг, если он внесён по ошибке)" in lines
    assert not any(line.startswith(("  фаза:", "  осталось:")) for line in lines)

    code, _, err = run("night", "add", "--night", "2", "--actor", "Франклин", "Убиваю Алтею")
    assert code == 2 and "окончена: победа пустот" in err and "действия ночи 2 не принимаются" in err
    code, _, err = run("day", "close", "--day", "1", "--nobody")
    assert code == 2
    assert err == ("error: игра g окончена: победа пустот, с шага #3 разобрана ночь 1 (применено 2027-01-20 12:00 "
                   "UTC); день 1 не закрыть. Если этот шаг внесён по ошибке, `mafvote undo` отменит его, и игра "
                   "продолжится\n")
    ok("state", "excuse", "--player", "Алтея", "--day", "1")      # a step after the end: undo twice
    code, _, err = run("night", "resolve", "--night", "2")
    assert code == 2 and "ночь 2 не разобрать" in err
    assert "`mafvote undo` 2 раза подряд отменит его (и 1 шаг после него)" in err
    assert len(state()["applied"]) == 4

    ok("undo")
    ok("undo")
    st = state()
    assert (st["game_over"], st["winner"], st["winner_text"], st["game_over_step"]) == (False, None, None, None)
    status = json.loads(ok("status", "--format", "json", "--now", "2027-01-12T12:00"))["games"][0]
    assert (status["game_over"], status["winner"]) == (False, None)
    assert "deadline" in {j["kind"] for j in status["next_jobs"]}
    assert ok("state").splitlines()[0].startswith("Игра g: ночь 1, с ")
