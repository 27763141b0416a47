"""`mafvote day close` (RULES.md §3): the count's result or the GM's `--eliminate`, alibis and protections, the
closing minute (`--closed-at`), the day's end as the store and the count know it, and what the close tells the GM."""
from __future__ import annotations

import json

from support import DAY_1_DEADLINE, GRAND_HOTEL_ROLES, day_tally, grand_hotel_night_1, ok, quiet_night, run, state


def test_rule_3_10_the_gms_eliminate_hangs_a_player_with_an_alibi_and_says_so(game):
    game.votes(("Рики", "12 10:00", "Юну"))
    quiet_night(1)
    ok("state", "alibi", "--player", "Дельту", "--day", "1")
    assert state()["alibis"] == ["Дельта"]
    code, out, err = run("day", "close", "--day", "1", "--eliminate", "Дельту")
    assert code == 0
    lines = out.splitlines()
    assert lines[:3] == ["--eliminate Дельту: Дельта", "День 1 (решение ведущего)", "  Повешена Дельта"]
    assert ("ВНИМАНИЕ: Дельта — отмаза на этот день, но решение ведущего (--eliminate) выше: игрок повешен (отмаза "
            "спасает от повешения по голосованию). Если это ошибка: `mafvote undo`") in lines
    assert ("внимание: Дельта — отмаза на этот день; повешение — решение ведущего (--eliminate), `mafvote undo` его "
            "отменяет") in err
    assert "Обреченный отмазан" not in out
    assert "Дельта" not in [p["player"] for p in state()["alive"]]


def test_rule_3_10_a_role_that_is_never_hanged_is_refused_to_the_gms_eliminate_with_the_way_to_remove_it(game):
    game.votes(("Рики", "12 10:00", "Юну"))
    quiet_night(1)
    code, out, err = run("day", "close", "--day", "1", "--eliminate", "Бетси")
    assert code == 2 and out == ""
    assert err == ("error: --eliminate Бетси: роль «Миллард Наллингс» повесить нельзя никогда (`RULES.md` §3.10); "
                   "чтобы всё же вывести игрока, используйте `mafvote modkill --player Бетси`\n")
    assert state()["phase"]["kind"] == "day"          # nothing applied


def test_rule_3_10_sofias_one_time_protection_saves_her_once_and_not_twice(play):
    play("grand_hotel", GRAND_HOTEL_ROLES)
    assert state()["hang_protection"] == {"Ronin": 1, "Puss": 1}    # София (Puss) and Хавьер (Ronin)
    grand_hotel_night_1()

    # day 1: the count would hang Puss (София); her protection is a "protected" shield, not an alibi
    gm = day_tally(1, "gm", "--deadline", DAY_1_DEADLINE)
    assert gm["outcome"]["reason"] == "protected"
    assert gm["outcome"]["saved"] == ["Puss"] and gm["outcome"]["spent"] == [{"player": "Puss", "kind": "protected"}]
    closed = json.loads(ok("day", "close", "--day", "1", "--deadline", DAY_1_DEADLINE, "--format", "json"))
    assert closed["day"]["deaths"] == []
    assert closed["day"]["saved"] == [{"player": "Puss", "reason": "protected"}]
    # a protection is not an alibi; the line for the post says what the post says
    assert [p["text"] for p in closed["day"]["public"]] == ["У обречённого была защита от казни, не вешается никто"]
    st = state()
    assert st["hang_protection"] == {"Ronin": 1}          # spent; Хавьер's universal one is untouched
    assert "Puss" in [p["player"] for p in st["alive"]]

    # day 2 (the GM counts from 01.01 12:00): Puss on top again, and now she is hanged (side shown: город)
    ok("night", "add", "--night", "2", "--actor", "РэдДи", "Убиваю Ронина")
    ok("night", "resolve", "--night", "2")
    gm2 = day_tally(2, "gm", "--since", "2027-01-01T12:00", "--deadline", DAY_1_DEADLINE)
    assert gm2["outcome"]["eliminated"] == ["Puss"] and gm2["outcome"]["spent"] == []
    closed = json.loads(ok("day", "close", "--day", "2", "--since", "2027-01-01T12:00", "--deadline",
                           DAY_1_DEADLINE, "--format", "json"))
    assert [(d["player"], d["role"]) for d in closed["day"]["deaths"]] == [("Puss", "София Аларкон")]
    assert closed["day"]["public"][0]["text"] == "Повешен Puss (город)"


def test_a_boss_hanged_by_day_tells_the_new_boss_privately(play):
    # as the night's succession does («Вы теперь босс»): the new boss sends the boss's action from tonight
    play("new_year")
    ok("night", "resolve", "--night", "1")
    out = ok("day", "close", "--day", "1", "--eliminate", "РэдДи", "--deadline", DAY_1_DEADLINE)
    assert "ЛС King Eciton: Вы теперь босс" in out.splitlines()
    private = ok("render", "day", "1", "--private", "--format", "text")
    assert private.splitlines()[0] == "== King Eciton =="
    assert "Теперь вы ведёте свиту Санты Клауса" in private
