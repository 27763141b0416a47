"""`mafvote day close` and the day's end as the store knows it (RULES.md §3.1, §3.10, §3.11):

* a day with an applied close is closed in every count and post, also in the minute after a GM's close; a GM's
  close keeps the votes of its minute, with `--closed-at` as without it; a `--closed-at` after the deadline is
  refused with what to do;
* an automatic early close (000/003 досрочно, §3.11) is stored as the day's end: the night starts at the closing
  post, and a recount still counts that post;
* `day close --dry-run` with its own bounds warns of hidden weights only when the cut count has them;
* the GM's `--eliminate`: how the name was read, the count's own result is not a GM decision, a player with an
  alibi is hanged and the GM told, a role never hanged is refused with the way to remove it;
* 004's one-time protection saves once; a boss hanged by day tells the new boss privately.

The small rosters (`ny`, `tm`, conftest's `ny_voted`) are posts stored as the crawler leaves them (support.StoreGame);
`game` is the 000 game of support.PeculiarGame, `play` a game written over the MyBB test game."""
from __future__ import annotations

import json
from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest

from mafvote.game import GameError, GameService
from support.cli import day_tally, ok, run, state
from support.game_dir import DAY_1_DEADLINE, GRAND_HOTEL_ROLES, grand_hotel_night_1
from support.games import (NEW_YEAR_ROSTER, TIME_MACHINE_ROSTER, TIME_MACHINE_SCHEDULE, StoreGame, blue_span, msk_at,
                           quiet_night, red_span, time_machine_day_3)

MSK = ZoneInfo("Europe/Moscow")
# new_year (001): Вася is Снеговик, whose blue counts 3 (hidden); Соня is Герда, whose red counts 2 (hidden)
# --- new_year: day 1 runs from 22:30 on 11.11 (night 1's deadline) to 22:00 on 12.11 ---------------------------

@pytest.fixture
def ny(tmp_path):
    g = StoreGame(tmp_path, "new_year", NEW_YEAR_ROSTER, start="2026-11-10T23:00", first="2026-11-11T22:30",
             starts_with="night", night="22:30")
    with g.store:
        g.svc.resolve_night(1, now=msk_at("2026-11-11T22:40"))
        yield g


def test_rule_3_1_a_day_the_gm_closed_is_closed_in_tally_and_the_count_post_within_the_closing_minute(ny):
    ny.post("Петя", msk_at("2026-11-12T10:00"), red_span("Маша"))
    ny.post("Дима", msk_at("2026-11-12T10:05"), red_span("Маша"))
    ny.post("Катя", msk_at("2026-11-12T11:00"), red_span("Вася"))
    closing = msk_at("2026-11-12T14:29:40")
    ny.svc.close_day(1, now=closing)
    # ten seconds later the close (stored at 14:30, the end of its minute) is still ahead of the clock
    later = closing + timedelta(seconds=10)
    code, out, err = ny.cli(later, "tally", "--day", "1", "--format", "json")
    assert code == 0, err
    count = json.loads(out)
    assert count["closed"] is True
    assert count["outcome"]["reason"] == "plurality" and count["outcome"]["eliminated"] == ["Маша"]
    assert [(c["player"], c["total"]) for c in count["candidates"][:2]] == [("Маша", 4), ("Вася", 3)]
    code, out, err = ny.cli(later, "render", "votecount", "1", "--format", "text")
    assert code == 0, err
    assert "осталось" not in out and "Голосование закрыто" in out
    # the same command the minute before the close: the day was open then
    code, out, err = ny.cli(later, "tally", "--day", "1", "--format", "json", "--at", "2026-11-12T14:00")
    assert code == 0, err
    assert json.loads(out)["closed"] is False


def test_a_gms_close_keeps_the_votes_of_its_minute_with_closed_at_as_without_it(ny, tmp_path):
    ny.post("Петя", msk_at("2026-11-12T10:00"), red_span("Маша"))
    ny.post("Дима", msk_at("2026-11-12T15:00"), red_span("Вася"))
    katya = ny.post("Катя", msk_at("2026-11-12T16:00:00"), red_span("Вася"))      # shown at 16:00, the closing minute
    ny.post("Oleg", msk_at("2026-11-12T16:01"), red_span("Маша"))                 # after it
    typed = ny.svc.close_day(1, now=msk_at("2026-11-12T20:00"), closed_at=msk_at("2026-11-12T16:00"), dry_run=True)
    plain = ny.svc.close_day(1, now=msk_at("2026-11-12T16:00:40"), dry_run=True)
    for result in (typed, plain):
        counted = {v.post_id for v in result.count.votes if v.counted}
        assert katya in counted
        assert [f.player for f in result.count.flags if f.kind == "late"] == ["Oleg"]
        assert result.count.outcome.eliminated == ("Вася",)
    ny.svc.close_day(1, now=msk_at("2026-11-12T20:00"), closed_at=msk_at("2026-11-12T16:00"))
    # the night starts at the end of the closing minute, as after a plain close
    assert ny.svc.current_phase().start == msk_at("2026-11-12T16:01")
    recount = ny.svc.count(1, now=msk_at("2026-11-12T20:00"))
    assert katya in {v.post_id for v in recount.votes if v.counted}


def test_a_closed_at_after_the_deadline_is_refused_with_what_to_do_and_nothing_applied(ny):
    ny.post("Петя", msk_at("2026-11-12T10:00"), red_span("Маша"))
    with pytest.raises(GameError) as exc:
        ny.svc.close_day(1, now=msk_at("2026-11-13T09:00"), closed_at=msk_at("2026-11-12T22:05"))
    assert str(exc.value) == ("--closed-at 12.11.2026 22:05 МСК — позже дедлайна дня 1 (12.11.2026 22:00 МСК), а "
                              "подсчёт всё равно останавливается на дедлайне: уберите --closed-at; если вы продлили день, "
                              "укажите вместо этого --deadline 2026-11-12T22:05")
    assert [r.how for r in ny.svc.applied()] == ["resolve"]
    # the deadline itself is the day's end, not after it
    ny.svc.close_day(1, now=msk_at("2026-11-13T09:00"), closed_at=msk_at("2026-11-12T22:00"))
    assert ny.svc.current_phase().start == msk_at("2026-11-12T22:00")


def _cut_day(ny: StoreGame, *, doctor_blue: bool) -> None:
    """Маша leads 3 by 16:00; later four vote Вася, who leads the whole day's public count."""
    for i, voter in enumerate(("Петя", "Дима", "Катя")):
        ny.post(voter, msk_at(f"2026-11-12T1{i}:00"), red_span("Маша"))
    if doctor_blue:
        ny.post("Вася", msk_at("2026-11-12T15:00"), blue_span("Маша"))        # Снеговик: counts 3, shown as 1
    for i, voter in enumerate(("Ёжик", "Oleg", "Ronin", "Маша")):
        ny.post(voter, msk_at(f"2026-11-12T17:0{i}"), red_span("Вася"))


@pytest.mark.parametrize("bounds", [("--closed-at", "2026-11-12T16:00"), ("--deadline", "2026-11-12T16:00")])
def test_dry_run_with_its_own_bounds_gives_no_false_hidden_weights_warning(ny, bounds):
    _cut_day(ny, doctor_blue=False)
    code, out, err = ny.cli(msk_at("2026-11-12T23:00"), "day", "close", "--day", "1", *bounds, "--dry-run")
    assert code == 0, err
    assert "Подсчёт: Маша 5" in out and "итог: большинство" in out
    assert "ВНИМАНИЕ" not in out


def test_dry_run_with_its_own_bounds_still_warns_of_the_doctors_hidden_blue_in_the_cut(ny):
    _cut_day(ny, doctor_blue=True)
    code, out, err = ny.cli(msk_at("2026-11-12T23:00"), "day", "close", "--day", "1", "--closed-at",
                            "2026-11-12T16:00", "--dry-run")
    assert code == 0, err
    # real: Маша 3 - 3 + 2 = 2, tied with every non-voter; public: Маша 3 - 1 + 2 = 4 leads
    assert ("ВНИМАНИЕ: открытый подсчёт показывает лидера: Маша (4 голоса), но настоящий подсчёт (со скрытыми весами "
            "голосов) даёт другое: ничья") in out


# --- time_machine (003): day 3 on 03.11, 12:00 to 22:00; every vote final (досрочно) by 15:00 --------------------

@pytest.fixture
def tm(tmp_path):
    g = StoreGame(tmp_path, "time_machine", TIME_MACHINE_ROSTER, **TIME_MACHINE_SCHEDULE)
    with g.store:
        g.last = time_machine_day_3(g, {"Маф1": "Мир3", "Маф2": "Мир3", "Ком": "Маф1", "Док": "Маф1", "Ман": "Мир3",
                                        "Мир1": "Маф1", "Мир2": "Мир3", "Мир3": "Маф1"})
        g.post("Ком", msk_at("2026-11-03T15:30"), red_span("Мир3"))      # after the early close: late
        yield g


@pytest.mark.parametrize("closing", ["2026-11-03T16:49:10", "2026-11-03T23:00"])
def test_rule_3_11_an_automatic_early_close_is_the_days_end_and_the_night_starts_there(tm, closing):
    # the GM closes the day an hour and a half after the early close, or after the deadline
    result = tm.svc.close_day(3, now=msk_at(closing))
    assert result.count.closed_early == msk_at("2026-11-03T15:00")
    assert result.outcome.public[0].text  # the day was applied
    row = tm.svc.applied()[-1]
    assert (row.how, row.ended) == ("close", msk_at("2026-11-03T15:00"))
    night = tm.svc.current_phase()
    assert (night.kind, night.number, night.start) == ("night", 3, msk_at("2026-11-03T15:00"))
    # a recount of the closed day still counts the closing post and ends where the close did
    recount = tm.svc.count(3, now=msk_at(closing) + timedelta(seconds=5))
    assert recount.closed and recount.closed_early == msk_at("2026-11-03T15:00")
    assert tm.last in {v.post_id for v in recount.votes if v.counted}
    assert recount.outcome == result.count.outcome
    assert [f.player for f in recount.flags if f.kind == "late"] == ["Ком"]
    code, out, err = tm.cli(msk_at(closing) + timedelta(seconds=5), "state", "--format", "json")
    assert code == 0, err
    assert json.loads(out)["phase"]["start"] == "2026-11-03T15:00:00+03:00"


def test_issue_15_7_the_dosrochno_post_that_closed_day_3_is_not_an_early_post_of_day_4(tm):
    # Мир3's досрочно vote at 15:00 made every vote final and closed day 3 (RULES.md §3.11): the night starts at
    # that post, which belongs to day 3; Ком's vote at 15:30, posted in the night, is day 4's one early post
    tm.svc.close_day(3, now=msk_at("2026-11-03T16:00"))
    tm.svc.resolve_night(3, now=msk_at("2026-11-04T12:30"))
    day4 = tm.svc.count(4, now=msk_at("2026-11-04T13:00"))
    early = [(f.player, f.post_id) for f in day4.flags if f.kind == "early_post"]
    assert [player for player, _ in early] == ["Ком"]
    assert tm.last not in {post_id for _, post_id in early}
    code, out, err = tm.cli(msk_at("2026-11-04T13:00"), "tally", "--day", "4")
    assert code == 0, err
    assert [line for line in out.splitlines() if line.startswith("! ")] == [
        f"! голос до начала дня: Ком, пост {early[0][1]} — голос в 03.11 15:30 МСК подан до начала дня (04.11 12:00 "
        "МСК); не засчитан — игрок должен проголосовать заново днём"]


# --- the schedule: a day at least 3 hours after the night's deadline --------------------------------------------



# --- the forum moved ----------------------------------------------------------------------------------------------


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
    assert "отмазан" not in out.replace("отмаза на этот день", "")
    assert "Дельта" not in [p["player"] for p in state()["alive"]]


def test_rule_3_10_a_role_that_is_never_hanged_is_refused_to_the_gms_eliminate_with_the_way_to_remove_it(game):
    game.votes(("Рики", "12 10:00", "Юну"))
    quiet_night(1)
    code, out, err = run("day", "close", "--day", "1", "--eliminate", "Бетси")
    assert code == 2 and out == ""
    assert err == ("ошибка: --eliminate Бетси: роль «Миллард Наллингс» повесить нельзя никогда (так в правилах игры); "
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
    assert closed["day"]["public"][0]["text"] == "Выбывает Puss (город)"


def test_a_boss_hanged_by_day_tells_the_new_boss_privately(play):
    # as the night's succession does («Вы теперь босс»): the new boss sends the boss's action from tonight
    play("new_year")
    ok("night", "resolve", "--night", "1")
    out = ok("day", "close", "--day", "1", "--eliminate", "РэдДи", "--deadline", DAY_1_DEADLINE)
    # issue 14: the letter the GM sends, as the theme words it (not the resolver's plain «Вы теперь босс»)
    letter = ["ЛС King Eciton:",
              "  King Eciton, письмо от ведущего (день 1):",
              "  Теперь вы ведёте свиту Санты Клауса: ночное действие босса за вами."]
    lines = out.splitlines()
    at = lines.index(letter[0])
    assert lines[at:at + 3] == letter and lines[at + 3].startswith("Подсчёт: ")     # the letter ends there
    assert "Вы теперь босс" not in out
    private = ok("render", "day", "1", "--private", "--format", "text")
    assert private.splitlines() == ["== King Eciton ==", *(x[2:] for x in letter[1:])]


def test_eliminate_prints_how_the_name_was_read_and_the_counts_own_result_is_not_a_gm_decision(ny_voted):
    code, out, err = ny_voted.cli(msk_at("2026-11-12T23:00"), "day", "close", "--day", "1", "--eliminate", "Машу",
                            "--dry-run")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[:2] == ["--eliminate Машу: Маша", "День 1 (по подсчёту голосов)"]
    code, out, err = ny_voted.cli(msk_at("2026-11-12T23:00"), "day", "close", "--day", "1", "--eliminate", "Маша",
                            "--format", "json", "--dry-run")
    assert code == 0, err
    assert json.loads(out)["decided_by"] == "count"
    # a player the count does not hang: the GM's decision
    code, out, err = ny_voted.cli(msk_at("2026-11-12T23:00"), "day", "close", "--day", "1", "--eliminate", "Диму")
    assert code == 0, err
    assert out.splitlines()[:2] == ["--eliminate Диму: Дима", "День 1 (решение ведущего)"]


def test_rule_3_9_a_grand_hotel_tie_is_forgiven_once_a_game_the_next_hangs_all_the_first_read_from_the_journal(
        tmp_path):
    # RULES.md §3.9 (004, `tie = "nobody_once_then_all"`): the game's first tie saves everybody, every later tie hangs
    # all the tied players. Which ties came before is read from the game's journal (each close's stored result), as
    # the daemon keeps it between ticks and as a fresh command parses it
    roster = [("Эрн", "Эрнандо"), ("Ая", "Аяла"), ("Кат", "Каталина"), ("Бен", "Бенхамин"), ("Анх", "Анхела Салинас"),
              ("Ал", "Алисия Аларкон")]
    g = StoreGame(tmp_path, "grand_hotel", roster, **TIME_MACHINE_SCHEDULE)
    votes = {"Эрн": "Кат", "Ая": "Кат", "Бен": "Кат", "Ал": "Бен", "Анх": "Бен", "Кат": "Бен"}   # 3 : 3, all voted

    def vote(day_start: str) -> None:
        for i, (voter, target) in enumerate(votes.items()):
            g.post(voter, msk_at(day_start) + timedelta(minutes=i), red_span(target))

    with g.store:
        vote("2026-11-01T13:00")
        first = g.svc.close_day(1, now=msk_at("2026-11-01T22:05"))
        assert (first.count.outcome.reason, first.count.outcome.eliminated) == ("tie_forgiven", ())
        g.svc.resolve_night(1, now=msk_at("2026-11-02T12:05"))
        vote("2026-11-02T13:00")
        second = g.svc.count(2, now=msk_at("2026-11-02T21:00"))
        fresh = GameService(g.store, g.game, g.svc.ruleset, nights_dir=tmp_path / "nights", engine="mybb",
                            base_url=g.svc.base_url)
        for count in (second, fresh.count(2, now=msk_at("2026-11-02T21:00"))):
            assert (count.outcome.reason, sorted(count.outcome.eliminated)) == ("tie_all", ["Бен", "Кат"])
        closed = g.svc.close_day(2, now=msk_at("2026-11-02T22:05"))
    assert sorted(d.player for d in closed.outcome.deaths) == ["Бен", "Кат"]
