"""What GMs saw wrong in the 000/001/003 acceptance games, end to end through `mafvote` (RULES.md §3, §5):
a day counted again after later days flags only its own late votes; `day close` lists as under-active only the
living who have a night action to lose, and each modkill candidate once; `replace --at` and the `unknown_author`
flag; the game's end in `state` and the refusal of later steps; CLI player names read as votes read them; the
GM's `--eliminate` of a player with an alibi; nights numbered from 1.

The game: 000 («Странные дети», ruleset peculiar) with seven accounts, a store filled with hand-written posts
(no forum), the clock fixed after every deadline."""
from __future__ import annotations

import json
from zoneinfo import ZoneInfo

from support import PECULIAR_PLAYERS, ok, quiet_night, run, state

MSK = ZoneInfo("Europe/Moscow")


def tally(day: int, view: str = "gm") -> dict:
    return json.loads(ok("tally", "--day", str(day), "--view", view, "--format", "json"))


# --- RULES.md §3.1: `late` only up to the next day's start ----------------------------------------------------

def test_rule_3_1_a_day_counted_again_after_later_days_flags_only_its_own_late_votes(game):
    game.votes(("Рики", "12 10:00", "Юну"), ("Юна", "12 10:05", "Рики"))
    late, = game.votes(("Алтея", "12 22:40", "Рики"))                      # night 2: after day 1's close
    game.votes(("Рики", "13 10:00", "Бетти"), ("Юна", "13 11:00", "Бетти"),  # day 2's votes
               ("Алтея", "13 12:00", "Бетти"))
    quiet_night(1)
    ok("day", "close", "--day", "1", "--nobody")
    quiet_night(2)
    ok("day", "close", "--day", "2", "--nobody")
    day1 = tally(1)
    assert [(f["kind"], f["player"], f["post_id"]) for f in day1["flags"] if f["kind"] == "late"] == [
        ("late", "Алтея", late)]
    # the same vote is day 2's `early_post` (posted in the night before it)
    assert [(f["kind"], f["player"], f["post_id"]) for f in tally(2)["flags"] if f["kind"] in ("late", "early_post")] == [
        ("early_post", "Алтея", late)]


# --- RULES.md §3.13, §3.6: what `day close` lists -------------------------------------------------------------

def test_rule_3_13_day_close_lists_as_under_active_only_the_living_with_a_night_ability(game):
    # every player votes once (one post); Бетти writes three posts in all, Дельта is hanged
    game.votes(("Франклин", "12 10:00", "Дельту"), ("Бетти", "12 10:01", "Дельту"), ("Алтея", "12 10:02", "Дельту"),
               ("Рики", "12 10:03", "Дельту"), ("Юна", "12 10:04", "Рики"), ("Дельта", "12 10:05", "Рики"),
               ("Бетси", "12 10:06", "Дельту"))
    game.chat("Бетти", "12 11:00", "12 12:00")
    quiet_night(1)
    out = ok("day", "close", "--day", "1")
    lines = out.splitlines()
    assert "  Повешена Дельта" in lines
    # Рики, Юна (Странный ребёнок), Бетси (Миллард) have no night action; Дельта is hanged; Бетти wrote 3 posts
    assert "Мало постов, ночное действие будет отклонено: Франклин, Алтея" in lines
    assert state()["applied"][-1]["how"] == "close"
    closed = json.loads(ok("state", "--format", "json"))
    assert [p["player"] for p in closed["alive"]] == ["Франклин", "Бетти", "Алтея", "Рики", "Юна", "Бетси"]
    # the count (GM view) flags the same players: only those with a night ability
    assert sorted(f["player"] for f in tally(1)["flags"] if f["kind"] == "under_active") == [
        "Алтея", "Дельта", "Франклин"]


def test_rule_3_6_a_modkill_candidate_is_listed_once_though_two_duties_were_missed(game):
    # Алтея (the doctor) sends no night action on night 1 (a miss at day 1) and none on night 2 nor a vote on day 2
    everyone = [n for n, _, _ in PECULIAR_PLAYERS]
    game.votes(*((n, f"12 10:{i:02d}", "Рики" if n != "Рики" else "Юну") for i, n in enumerate(everyone)))
    game.votes(*((n, f"13 10:{i:02d}", "Рики" if n != "Рики" else "Юну") for i, n in enumerate(everyone)
                 if n != "Алтея"))
    for n in everyone:          # three posts a day each: nobody's night action is refused (§3.13)
        game.chat(n, "12 11:00", "12 12:00", "13 11:00", "13 12:00")
    for n in (1, 2):
        # 000: Арчер's alibi and Эмма's block never on the same player two nights running (night add refuses it)
        for actor, text in (("Франклин", "Вопрос: есть ли Джейкоб?"), ("Бетти", ("Отмазываю Юну", "Отмазываю Рики")[n - 1]),
                            ("Дельта", ("Блокирую Франклина", "Блокирую Бетси")[n - 1])):
            ok("night", "add", "--night", str(n), "--actor", actor, text)
        ok("night", "resolve", "--night", str(n))
        out = ok("day", "close", "--day", str(n), "--nobody")
        if n == 1:
            assert "Кандидаты на модкилл" not in out
    assert "Кандидаты на модкилл (второй пропуск): Алтея" in out.splitlines()
    assert state()["misses"] == {"Алтея": 3}


# --- RULES.md §3: replace --at and votes by accounts outside the roster --------------------------------------

def test_a_substitute_who_voted_before_the_replacement_was_entered_is_flagged_then_counted_with_at(game):
    omega, = game.votes(("Омега", "12 10:00", "Рики"))
    stranger, = game.votes(("Зритель", "12 11:00", "Юну"))
    game.posts("vote", ("Зритель", "12 11:05", "интересная игра"))               # talk: no flag
    game.votes(*((n, "12 12:00", "Рики") for n in ("Франклин", "Бетти", "Алтея", "Юна", "Дельта")),
               ("Рики", "12 12:00", "Юну"))
    quiet_night(1)
    out = ok("replace", "--player", "Бетси", "--by", "Омега")                   # at: now (20.01 15:00 MSK)
    assert out == "замена: слот Бетси — теперь Омега, с 2027-01-20 15:00\n"
    gm = tally(1)
    flags = [(f["kind"], f["player"], f["post_id"], f["data"].get("case")) for f in gm["flags"]
             if f["kind"] == "unknown_author"]
    assert flags == [("unknown_author", None, omega, "before_replacement"),
                     ("unknown_author", None, stranger, "stranger")]
    assert gm["not_voted"] == ["Бетси"]
    assert not [f for f in tally(1, "public")["flags"] if f["kind"] == "unknown_author"]   # the GM's business

    assert "отменено: #2 замена, день 1: Бетси → Омега (применено 2027-01-20 12:00 UTC)" in ok("undo")
    out = ok("replace", "--player", "бетси", "--by", "Омега", "--at", "2027-01-12T09:00")
    assert out == "замена: слот Бетси — теперь Омега, с 2027-01-12 09:00\n"
    gm = tally(1)
    assert gm["not_voted"] == []
    assert [(v["voter"], v["target"]) for v in gm["votes"] if v["post_id"] == omega] == [("Бетси", "Рики")]
    assert [f["post_id"] for f in gm["flags"] if f["kind"] == "unknown_author"] == [stranger]

    code, _, err = run("replace", "--player", "Рики", "--by", "Пси", "--at", "12.01 09:00")
    assert code == 2 and "--at: '12.01 09:00' is not a time" in err


# --- RULES.md §5: the game's end ------------------------------------------------------------------------------

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


# --- CLI names (RULES.md §2), nights from 1, the GM's --eliminate (RULES.md §3.10) ---------------------------

def test_night_0_says_nights_are_numbered_from_1(game):
    code, _, err = run("night", "add", "--night", "0", "--actor", "Франклин", "Убиваю Рики")
    assert code == 2
    assert err == "error: ночь 0: ночи нумеруются с 1 (следующая ночь игры — 1)\n"
    code, _, err = run("night", "resolve", "--night", "0")
    assert code == 2 and "ночи нумеруются с 1" in err


def test_cli_names_are_read_as_votes_read_them_and_an_ambiguous_one_is_refused(game):
    # Latin look-alike letters (`Aлтея` with a Latin A), as a vote would be read; case forms: see the test below
    out = ok("night", "add", "--night", "1", "--actor", "\u0041лтея", "Лечу Дельту")
    assert "прочитано: Алтея: лечение → Дельта" in out
    code, _, err = run("night", "add", "--night", "1", "--actor", "Бет", "Отмазываю Юну")
    assert code == 2
    assert err == ("error: игрок «Бет» в игре g может быть любым из: Бетти, Бетси; ведущий не угадывает — напишите "
                   "ник, как в составе\n")
    code, _, err = run("state", "alibi", "--player", "Гамма", "--day", "1")
    assert code == 2 and "игрок «Гамма»: такого нет в игре g (игроки: Франклин, Бетти," in err


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
