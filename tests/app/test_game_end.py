"""The game's end (RULES.md §5, §6): who won, in `state`, `status`, the GM report and the final post (every theme
names the winner in the genitive); `state kill` of the last hostile ends the game once; the steps refused after the
end until `mafvote undo`."""
from __future__ import annotations

import json

import pytest

from mafvote.render import Side, build_data, render, winner_genitive
from support.cli import ok, run, state
from support.game_dir import GRAND_HOTEL_ROLES
from support.nights import GH, GRAND_HOTEL_RENDER_ROSTER, load_ruleset


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
    assert err == ("ошибка: игра g окончена: победа пустот, с шага #3 разобрана ночь 1 (применено 20.01 15:00 "
                   "МСК); день 1 не закрыть. Если этот шаг внесён по ошибке, `mafvote undo` отменит его, и игра "
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


def test_rule_5_in_english_the_gm_reads_who_won_in_english_around_the_rulesets_side_name(game):
    """Under `[alerts] language = "en"` the end of the game is an English sentence around the ruleset's name of the
    side (data: «пустота», never inflected); it was the theme's Russian genitive («Game over: пустот wins», «game g
    is over: победа пустот», `status`'s «победа пустот»)."""
    config = game.path / "config.toml"
    config.write_text(config.read_text(encoding="utf-8") + '\n[alerts]\nlanguage = "en"\n', encoding="utf-8")
    for nick in ("Рики", "Юна"):
        ok("state", "kill", "--player", nick)
    ok("night", "add", "--night", "1", "--actor", "Франклин", "Убиваю Бетси")
    out = ok("night", "resolve", "--night", "1")
    assert "Game over: the пустота side wins" in out.splitlines()
    st = state()
    assert (st["game_over"], st["winner"], st["winner_text"]) == (True, "hollows", "the пустота side wins")
    assert ok("state").splitlines()[0].startswith("Game g is over: the пустота side wins (after step #3: ")
    status = json.loads(ok("status", "--format", "json", "--now", "2027-01-12T12:00"))["games"][0]
    assert (status["game_over"], status["winner"], status["winner_text"]) == (True, "hollows", "the пустота side wins")
    assert "  game over:     the пустота side wins (hollows); nothing more to close or resolve (`mafvote undo` " \
           "reverts the last step if it was entered by mistake)" in ok("status", "--now", "2027-01-12T12:00").splitlines()
    code, _, err = run("day", "close", "--day", "1", "--nobody")
    assert code == 2 and "game g is over: the пустота side wins, since step #3 " in err, err


def test_rule_5_the_final_newspaper_says_the_maniac_won():
    data = build_data(outcome={"night": 1, "deaths": [], "public": [], "winner": "maniac"},
                      game={"id": "gh", "players": GRAND_HOTEL_RENDER_ROSTER}, ruleset=GH)
    for variant in (0, 1):
        assert render("grand_hotel", "night", data, variant=variant).splitlines()[-1] == \
            "[b]Последний выпуск: игра окончена! Победа маньяка.[/b]"


def test_rule_5_the_gm_report_says_who_won_in_russian():
    data = build_data(outcome={"night": 1, "deaths": [], "public": [], "winner": "maniac"},
                      game={"id": "gh", "players": GRAND_HOTEL_RENDER_ROSTER}, ruleset=GH)
    assert "[b]Игра окончена: победа маньяка[/b]" in render("grand_hotel", "gm_report", data).splitlines()


@pytest.mark.parametrize("theme,ruleset,winner,line", [
    ("new_year", "new_year", "town", "[b]Праздник окончен: игра завершена! Победа мирных.[/b]"),
    ("new_year", "new_year", "highlander", "[b]Праздник окончен: игра завершена! Победа горца.[/b]"),
    ("peculiar", "peculiar", "hollows", "[b]Петля замкнулась: игра окончена! Победа пустот.[/b]"),
    ("time_machine", "time_machine", "mafia", "[b]Путешествие окончено: игра завершена! Победа мафии.[/b]"),
    ("grand_hotel", "grand_hotel", "town", "[b]Последний выпуск: игра окончена! Победа города.[/b]"),
])
def test_rule_5_every_theme_names_the_winner_in_the_genitive(theme, ruleset, winner, line):
    data = build_data(outcome={"day": 4, "deaths": [], "public": [], "winner": winner}, ruleset=load_ruleset(ruleset))
    assert render(theme, "day", data).splitlines()[-1] == line


@pytest.mark.parametrize("theme,line", [
    ("new_year", "[b]Праздник окончен: игра завершена! Победителей нет.[/b]"),
    ("peculiar", "[b]Петля замкнулась: игра окончена! Победителей нет.[/b]"),
    ("time_machine", "[b]Путешествие окончено: игра завершена! Победителей нет.[/b]"),
    ("grand_hotel", "[b]Последний выпуск: игра окончена! Победителей нет.[/b]"),
])
def test_rule_5_when_all_are_dead_every_theme_says_nobody_won(theme, line):
    # resolver.check_win: "nobody" is no side, so no genitive reads after «Победа» (it printed «стороны «nobody»»)
    for kind, outcome in (("day", {"day": 4}), ("night", {"night": 4})):
        data = build_data(outcome={**outcome, "deaths": [], "public": [], "winner": "nobody"},
                          ruleset=load_ruleset(theme))
        assert render(theme, kind, data).splitlines()[-1] == line
    assert "[b]Игра окончена: победителей нет[/b]" in render(theme, "gm_report", data).splitlines()


def test_rule_5_a_side_without_a_theme_word_is_named_without_inflection():
    assert Side("mafia", title="мафия").winner == "стороны «мафия»"
    assert Side("town", title="мирный").winner == "стороны «мирный»"      # never a guessed ending
    assert Side("maniac", title="маньяк", win="маньяка").winner == "маньяка"
    assert winner_genitive("grand_hotel", "maniac", GH) == "маньяка"


def test_rule_5_state_kill_says_game_over_once_in_russian(play):
    play("grand_hotel", GRAND_HOTEL_ROLES)
    for nick in ("РэдДи", "King Eciton", "Соня", "Trusiki Kayfa", "Алукард", "Nejka", "Гафф", "Enzo", "Nevermore"):
        ok("state", "kill", "--player", nick)
    # the win is checked at once (issue 15 point 6): Alisa (Донья Тереса) and Ronin (Хавьер) are left
    out = ok("state", "kill", "--player", "Puss")
    assert out.count("Игра окончена") == 1
    assert "Игра окончена: победа маньяка" in out.splitlines()
    assert "maniac" not in out.replace("game over: maniac wins", "")
