"""`mafvote modkill` (RULES.md §3.14, §3.15, §6): a modkill during the day, after its end and during a night; 004's
modkill that closes the day; the votes for a modkilled player; the reveal threshold of a day with a modkill; what
the posts and the count say of it."""
from __future__ import annotations

import json

import mafvote.game as game_mod
import mafvote_resolver as R
from mafvote.render import render
from support import (AFTER, DAY_1_DEADLINE, GRAND_HOTEL_ROLES, GRAND_HOTEL_RULES, NEW_YEAR_RULES, POST_DEADLINE,
                     TIME_MACHINE_RULES, cand, config_and_game, day_outcome, death, grand_hotel_night_1, ok,
                     public_count, resolve_night_1, state, write_game)


def test_rule_3_15_a_modkill_during_the_day_does_not_hide_the_hanged_players_role(tmp_path, monkeypatch):
    # New Year (001): roles are shown while more than 10 are alive. Night 1 leaves 11; the modkill of Ronin
    # during day 1 leaves 10, but the day began with 11: Puss's role is shown at the close
    write_game(tmp_path, "new_year")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(game_mod, "utc_now", lambda: AFTER)
    ok("night", "add", "--night", "1", "--actor", "РэдДи", "Убиваю Алису")
    ok("night", "resolve", "--night", "1")
    assert len(state()["alive"]) == 11
    ok("modkill", "--player", "Ronin")
    assert len(state()["alive"]) == 10
    closed = json.loads(ok("day", "close", "--day", "1", "--deadline", DAY_1_DEADLINE, "--format", "json"))
    assert [(d["player"], d["revealed"]) for d in closed["day"]["deaths"]] == [("Puss", True)]
    assert closed["day"]["public"][0]["text"] == "Повешен Puss - Щелкунчик (мафия)"
    assert "day 1: 11 alive at the start" in closed["day"]["log"]
    # the next phase starts with 9 alive: nothing of day 1's count is left in the state
    store, service = game_mod.open_service(*config_and_game())
    try:
        st = service.state()
        assert R.alive_at_start(st) == 9
        assert not any(k.startswith("@phase/") for k in st.counters)
    finally:
        store.close()


# 004 rule 14: a modkill closes the day
def test_rule_3_14_a_modkill_closes_the_004_day_without_a_second_hanging(play):
    play("grand_hotel", GRAND_HOTEL_ROLES)
    grand_hotel_night_1()
    # --keep-day: the GM closes the day by hand (a plain `modkill` closes it at once, test_gh_count_and_end.py)
    ok("modkill", "--player", "Соня", "--keep-day")
    closed = json.loads(ok("day", "close", "--day", "1", "--deadline", DAY_1_DEADLINE, "--format", "json"))
    assert closed["count"]["outcome"]["reason"] == "modkill"
    assert closed["day"]["deaths"] == []
    assert [(p["kind"], p["text"]) for p in closed["day"]["public"]] == [("modkill", "День закрыт модкиллом: Соня")]
    # 004's cumulative penalty has no "second miss" modkill candidates (RULES.md §3.6)
    assert closed["modkill_candidates"] == []
    st = state()
    assert st["phase"]["kind"] == "night" and st["phase"]["number"] == 2
    assert "Puss" in [p["player"] for p in st["alive"]] and st["hang_protection"] == {"Ronin": 1, "Puss": 1}


def test_rule_6_a_modkill_that_does_not_close_the_day_keeps_the_tie_in_the_day_post():
    # 003: Эпсилон modkilled during day 1, the vote ends in a tie
    roster = [{"nick": "Эпсилон", "gender": "m"}, {"nick": "Эта", "gender": "m"}, {"nick": "Каппа", "gender": "f"}]
    count = public_count([cand("Эта", ["А", "Б", "В"]), cand("Каппа", ["Г", "Д", "Е"])],
                         {"reason": "tie", "tied": ["Эта", "Каппа"]})
    outcome = day_outcome([death("Эпсилон", "Маньяк", "maniac", "modkill", revealed=False)],
                          [{"kind": "nobody", "text": "Не вешается никто", "data": {}},
                           {"kind": "modkill", "text": "Модкилл: Эпсилон", "data": {"player": "Эпсилон"}}])
    data = {"roster": roster, **TIME_MACHINE_RULES, "outcome": outcome, "tally": count, "deadline": POST_DEADLINE}
    assert render("time_machine", "day", data, fmt="text", variant=1) == (
        "Казнь дня 1:\n"
        "Голоса разделились поровну: никто не выбывает.\n"
        "Эпсилон выброшен из потока времени (модкилл).\n"
        "\n"
        "Жду НД до 11 января, 22:30.\n")


def test_rule_6_a_modkill_and_a_hanging_on_one_day_are_both_in_the_post():
    roster = [{"nick": "Пусс", "gender": "m"}, {"nick": "Алиса", "gender": "f"}]
    outcome = day_outcome([death("Пусс", "мирная зверюшка", "town", "hanged"),
                           death("Алиса", "Снежинка", "mafia", "modkill", revealed=False)])
    count = public_count([cand("Пусс", ["А", "Б"])], {"reason": "plurality", "eliminated": ["Пусс"]})
    out = render("new_year", "day", {"roster": roster, **NEW_YEAR_RULES, "outcome": outcome, "tally": count}, fmt="text",
                 variant=0)
    assert out == "Повешен Пусс - мирная зверюшка\nМодкилл: Алиса\n"


def test_rule_3_14_the_004_modkill_that_closes_the_day_is_the_days_only_result():
    roster = [{"nick": "Тристам", "gender": "m"}]
    outcome = day_outcome([death("Тристам", "Андрес Аларкон", "town", "modkill")])
    count = public_count([cand("Юка", ["Ромашка"])], {"reason": "modkill", "eliminated": ["Тристам"]})
    out = render("grand_hotel", "day", {"roster": roster, **GRAND_HOTEL_RULES, "outcome": outcome, "tally": count},
                 fmt="text", variant=1)
    assert out.splitlines()[-1] == "Тристам выселен администрацией отеля (модкилл; персонал отеля, город)."
    assert "выбывает" not in out and "вешается" not in out


def test_rule_6_the_cli_day_post_keeps_the_vote_result_beside_the_days_modkill(render_dir):
    resolve_night_1()
    ok("modkill", "--player", "Ronin")
    closed = json.loads(ok("day", "close", "--day", "1", "--format", "json"))
    assert closed["count"]["outcome"]["reason"] == "tie"
    out = ok("render", "day", "1", "--format", "text", "--variant", "0")
    # Enzo's hidden double red makes the tie (see 2.): the post says nobody is hanged, without the reason
    assert out == "Не вешается никто.\nМодкилл: Ronin\n\nЖду НД до 31 декабря, 20:00.\n"


def test_rule_6_a_modkill_made_during_the_night_is_announced_in_the_nights_post(render_dir):
    # 003: the GM modkills during night 1, before resolving it; the night's post names it on its own line
    assert ok("modkill", "--player", "Trusiki Kayfa").splitlines() == ["Модкилл: Trusiki Kayfa"]
    resolve_night_1()
    out = ok("render", "night", "1", "--format", "text", "--variant", "1")
    assert out == ("Трупы: Alisa - мирная зверюшка\n"
                   "Модкилл: Trusiki Kayfa\n"
                   "Лишены голоса: Соня\n"
                   "\n"
                   "Жду голоса до 31 декабря, 18:00.\n")
    # the modkill is not a victim of the night: the day after names it nowhere again
    ok("day", "close", "--day", "1", "--eliminate", "Puss")
    assert "Trusiki" not in ok("render", "day", "1", "--format", "text", "--variant", "0")


def test_rule_6_a_night_post_with_only_a_modkill_says_no_one_else_died():
    roster = [{"nick": "Каппа", "gender": "f"}]
    outcome = {"night": 1, "deaths": [death("Каппа", "Мирный житель", "town", "modkill", revealed=False)],
               "silenced": [], "public": [], "private": [], "saved": []}
    out = render("time_machine", "night", {"roster": roster, **TIME_MACHINE_RULES, "outcome": outcome}, fmt="text",
                 variant=0)
    assert out == ("Журнал путешествий во времени, ночь 1:\n"
                   "Каппа выброшена из потока времени (модкилл).\n")
