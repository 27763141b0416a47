"""`mafvote modkill` (RULES.md §3.1, §3.14, §3.15, §6):

* a modkill after the day's end (the deadline, a GM's close, or 003's automatic early close §3.11) leaves that
  day's count as cast: no `dead_voter`, no `target_removed`, nobody else hanged on fewer votes; when the count
  hangs the player already modkilled, `day close` hangs nobody and tells the GM; a modkill before the end is a
  mid-day modkill (`target_removed`); `modkill` after the deadline says the day's count stands;
* a vote for a player modkilled later that day weighs nothing, one posted after it is a vote for the dead; the
  live count names the voters whose vote went to him;
* 004: a modkill closes the day (no second hanging, no penalties, no missed votes); `--keep-day` leaves it open;
* the reveal threshold uses the alive count when the day began (§3.15);
* the posts: a modkill beside the day's vote result, a modkill made during a night in the night's post (§6).

The small rosters (`tm`, conftest's `ny_voted`) are posts stored as the crawler leaves them (support.StoreGame)."""
from __future__ import annotations

import json
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

import mafvote.game as game_mod
from mafvote.render import build_data, render
from mafvote_resolver import alive_at_start
from mafvote_tally import Tally, format_bbcode
from support.cli import config_and_game, ok, state
from support.count import count, post, red
from support.game_dir import AFTER, DAY_1_DEADLINE, GRAND_HOTEL_ROLES, grand_hotel_night_1, resolve_night_1, write_game
from support.games import (TIME_MACHINE_ROSTER, TIME_MACHINE_SCHEDULE, CliGame, StoreGame, msk_at, red_span,
                           time_machine_day_3)
from support.nights import GH, GRAND_HOTEL_RENDER_ROSTER
from support.posts import (GRAND_HOTEL_RULES, NEW_YEAR_RULES, POST_DEADLINE, TIME_MACHINE_RULES, cand, day_outcome,
                           death, public_count)

# --- 003 (time_machine): day 3 on 03.11, 12:00 to 22:00; every vote final (досрочно) by 15:00 ------------------
# red votes: Мир3 5 (Маф1, Маф2, Ман, Мир1, Мир2), Маф1 2 (Ком, Док), Маф2 1 (Мир3); the night actions of night 2 were
# not entered, so Ком, Док and Ман take 2 each (003 night_action_is_duty; the mafia's kill is the side's shared
# action, RULES.md §3.17: no mafioso takes a penalty for it): Мир3 5, the others 2 or less. The day closes early at 15:00 (the last final vote) on Мир3.


@pytest.fixture
def tm(tmp_path):
    g = StoreGame(tmp_path, "time_machine", TIME_MACHINE_ROSTER, **TIME_MACHINE_SCHEDULE)
    with g.store:
        time_machine_day_3(g, {"Маф1": "Мир3", "Маф2": "Мир3", "Ком": "Маф1", "Док": "Маф1", "Ман": "Мир3",
                               "Мир1": "Мир3", "Мир2": "Мир3", "Мир3": "Маф2"})
        yield g


def _totals(t: Tally) -> dict[str, int]:
    return {c.player: c.total for c in t.candidates}


def _red(t: Tally) -> dict[str, int]:
    return {c.player: c.red for c in t.candidates if c.red}


def _kinds(t: Tally) -> set[str]:
    return {f.kind for f in t.flags}


def test_rule_3_11_a_modkill_after_the_automatic_early_close_leaves_the_day_and_its_hanging(tm):
    tm.svc.modkill("Маф2", now=msk_at("2026-11-03T16:00"))
    result = tm.svc.close_day(3, now=msk_at("2026-11-03T16:30"))
    c = result.count
    assert c.closed_early == msk_at("2026-11-03T15:00")
    # Маф2's own final vote, cast while alive, stands; Мир3's vote for him stays a vote (no «may vote again»)
    assert _red(c) == {"Мир3": 5, "Маф1": 2, "Маф2": 1}
    assert (_totals(c)["Мир3"], _totals(c)["Маф1"], _totals(c)["Ком"]) == (5, 2, 2)
    assert not _kinds(c) & {"dead_voter", "target_removed"}
    assert (c.outcome.reason, c.outcome.eliminated) == ("plurality", ("Мир3",))
    assert [d.player for d in result.outcome.deaths] == ["Мир3"]
    night = tm.svc.current_phase()
    assert (night.kind, night.number, night.start) == ("night", 3, msk_at("2026-11-03T15:00"))
    assert result.note == ""


def test_a_modkill_after_the_end_of_the_player_the_count_hangs_hangs_nobody_else_and_says_so(tm):
    tm.svc.modkill("Мир3", now=msk_at("2026-11-03T16:00"))
    result = tm.svc.close_day(3, now=msk_at("2026-11-03T16:30"))
    assert (result.count.outcome.reason, result.count.outcome.eliminated) == ("plurality", ("Мир3",))
    assert _red(result.count) == {"Мир3": 5, "Маф1": 2, "Маф2": 1}
    assert result.outcome.deaths == ()          # not Маф1 (4 with his penalty) once Мир3's votes were dropped
    assert [p.text for p in result.outcome.public] == ["Не вешается никто"]
    assert result.decided_by == "count"
    assert result.note == ("итог голосования — Мир3, но после конца дня по модкиллу уже не в игре: не вешается никто "
                           "(голоса учтены как поданы); если решаете иначе — `mafvote undo` и "
                           "`day close --eliminate ИМЯ` или `--nobody`")
    code, out, err = tm.cli(msk_at("2026-11-03T16:31"), "render", "day", "3", "--variant", "0")
    assert code == 0, err
    # the post: nobody is hanged, and the day's modkill (the roster here has no genders: «выброшен(а)»)
    assert [line for line in out.splitlines() if line.strip()][1:3] == [
        "Не вешается никто", "Мир3 выбывает из потока времени (модкилл)."]
    assert "Маф1" not in out


def test_a_modkill_before_the_early_close_is_still_a_mid_day_modkill(tm):
    # the GM modkilled Маф2 at 14:55, before the last final vote: his later vote does not count and Мир3's vote
    # for him (15:00) is a vote for the dead, so his vote is not final and the day did not close early
    tm.svc.modkill("Маф2", now=msk_at("2026-11-03T14:55:30"))
    c = tm.svc.count(3, now=msk_at("2026-11-03T16:30"))
    assert [f.player for f in c.flags if f.kind == "dead_voter"] == ["Маф2"]
    assert _red(c) == {"Мир3": 4, "Маф1": 2}
    assert c.closed_early is None


def test_modkill_after_the_early_close_tells_the_gm_the_count_stands(tm):
    code, out, err = tm.cli(msk_at("2026-11-03T16:00"), "modkill", "--player", "Маф2")
    assert code == 0, err
    assert out.splitlines() == [
        "Модкилл: Маф2",
        "День 3 уже закончился (03.11 15:00 МСК) до этого модкилла: подсчёт дня остаётся как на момент конца "
        "(голоса модкилленного и за него учтены как поданы); закройте день: `mafvote day close --day 3`"]
    # before the end the GM is told nothing of the kind
    tm.svc.undo()
    code, out, err = tm.cli(msk_at("2026-11-03T14:55"), "modkill", "--player", "Маф2")
    assert code == 0, err
    assert "уже закончился" not in out


# --- 001 (new_year): day 1 from 22:30 on 11.11 to 22:00 on 12.11 ----------------------------------------------
# Ronin: Санта Клаус; Соня: Герда (red ×2, hidden); Вася: Снеговик (blue ×3, hidden); the others plain

def test_rule_3_1_a_modkill_after_the_deadline_does_not_hang_a_second_player(ny_voted):
    # at the deadline: Маша 3, Ёжик 2, Дима 2 (+ penalties of Соня and Вася): Маша is hanged
    before = ny_voted.svc.close_day(1, now=msk_at("2026-11-12T23:00"), dry_run=True)
    assert (before.count.outcome.reason, before.count.outcome.eliminated) == ("plurality", ("Маша",))
    ny_voted.svc.modkill("Маша", now=msk_at("2026-11-12T22:30"))
    result = ny_voted.svc.close_day(1, now=msk_at("2026-11-12T23:00"))
    assert _totals(result.count) == _totals(before.count)
    assert not _kinds(result.count) & {"dead_voter", "target_removed"}
    assert result.outcome.deaths == ()          # not Ёжик or Дима on 2 votes, for Маша's own vote
    assert result.note.startswith("итог голосования — Маша, но после конца дня по модкиллу уже не в игре")
    assert ny_voted.svc.state().player("Маша").alive is False        # the modkill itself stands


def test_a_modkill_after_a_gms_close_time_leaves_the_count_at_that_close(ny_voted):
    ny_voted.svc.modkill("Ёжик", now=msk_at("2026-11-12T15:00"))
    result = ny_voted.svc.close_day(1, now=msk_at("2026-11-12T16:00"), closed_at=msk_at("2026-11-12T14:00"),
                                    dry_run=True)
    assert not _kinds(result.count) & {"dead_voter", "target_removed"}
    assert _totals(result.count)["Ёжик"] == 2
    # the same modkill before the close is a mid-day one: Ёжик's vote is gone, the votes for him weigh nothing
    mid = ny_voted.svc.close_day(1, now=msk_at("2026-11-12T16:00"), dry_run=True)
    assert {f.kind for f in mid.count.flags} >= {"dead_voter", "target_removed"}
    assert "Ёжик" not in _totals(mid.count)


# --- the live count names the votes for a player modkilled later that day ------------------------------

ALIVE_AFTER = ("Соня", "Петя", "Вася", "Ronin", "Nejka")      # the GM modkilled Алукард at 12:00


def _removed_day(**kw) -> Tally:
    posts = [post("Соня", "10:00", red("Алукард")), post("Петя", "10:05", red("Алукард")),
             post("Вася", "10:10", red("Петя")), post("Ronin", "10:20", red("Петя")),
             post("Nejka", "10:30", red("Вася"))]
    return count(posts, view="public", alive=ALIVE_AFTER, modkilled=("Алукард",),
                       modkilled_at={"Алукард": msk_at("2027-01-01T12:00")}, **kw)


@pytest.mark.parametrize("markup", [True, False])
def test_the_live_count_names_who_voted_for_the_modkilled_player_and_that_they_may_vote_again(markup):
    t = _removed_day(as_of=msk_at("2027-01-01T13:00"))
    text = format_bbcode(t, msk_at("2027-01-01T13:00"), markup=markup).splitlines()
    i = text.index("Проголосовали все.")
    assert text[i + 1] == "Голоса за выбывшего по модкиллу (Алукард): Соня, Петя — могут проголосовать заново."
    closed = format_bbcode(_removed_day(), None, markup=markup).splitlines()
    assert "Голоса за выбывшего по модкиллу (Алукард): Соня, Петя." in closed


def test_a_voter_who_voted_again_is_not_named_and_one_voter_may_vote_again():
    posts = [post("Соня", "10:00", red("Алукард")), post("Петя", "10:05", red("Алукард")),
             post("Соня", "13:00", red("Петя"))]
    t = count(posts, view="public", alive=ALIVE_AFTER, modkilled=("Алукард",),
                    modkilled_at={"Алукард": msk_at("2027-01-01T12:00")}, as_of=msk_at("2027-01-01T13:30"))
    lines = format_bbcode(t, msk_at("2027-01-01T13:30"), names={"Петя": "Пётр"}).splitlines()
    assert "Голоса за выбывшего по модкиллу (Алукард): Пётр — может проголосовать заново." in lines


def test_the_published_count_after_a_mid_day_modkill_names_the_votes_for_him(ny_voted):
    ny_voted.svc.modkill("Маша", now=msk_at("2026-11-12T12:00"))
    code, out, err = ny_voted.cli(msk_at("2026-11-12T12:30"), "render", "votecount", "1", "--format", "text")
    assert code == 0, err
    lines = out.splitlines()
    assert "Маша" not in "\n".join(lines[:lines.index("Не проголосовали: Соня, Вася")])
    assert lines[lines.index("Не проголосовали: Соня, Вася") + 1] == (
        "Голоса за выбывшего по модкиллу (Маша): Петя, Дима, Катя — могут проголосовать заново.")


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
    assert closed["day"]["public"][0]["text"] == "Выбывает Puss - Щелкунчик (мафия)"
    assert "day 1: 11 alive at the start" in closed["day"]["log"]
    # the next phase starts with 9 alive: nothing of day 1's count is left in the state
    store, service = game_mod.open_service(*config_and_game())
    try:
        st = service.state()
        assert alive_at_start(st) == 9
        assert not any(k.startswith("@phase/") for k in st.counters)
    finally:
        store.close()


# 004 rule 14: a modkill closes the day
def test_rule_3_14_a_modkill_closes_the_004_day_without_a_second_hanging(play):
    play("grand_hotel", GRAND_HOTEL_ROLES)
    grand_hotel_night_1()
    # --keep-day: the GM closes the day by hand (a plain `modkill` closes it at once, see
    # test_rule_3_14_a_modkill_during_the_004_day_closes_it_and_the_night_begins)
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


def test_rule_3_14_after_a_004_modkill_closes_the_day_its_count_shows_no_penalty(play, monkeypatch):
    import mafvote.game as game_mod

    play("grand_hotel", GRAND_HOTEL_ROLES)
    grand_hotel_night_1()
    # day 1 runs to 31.12 18:00; the GM modkills at noon: `day close` records no miss, and the count agrees
    noon = datetime(2026, 12, 31, 12, 0, tzinfo=ZoneInfo("Europe/Moscow"))
    monkeypatch.setattr(game_mod, "utc_now", lambda: noon)
    out = ok("modkill", "--player", "Соня").splitlines()
    [note] = [line for line in out if line.startswith("Примечание:")]
    assert state()["misses"] == {}
    monkeypatch.setattr(game_mod, "utc_now", lambda: noon.replace(minute=5))
    for view in ("gm", "public"):
        t = json.loads(ok("tally", "--day", "1", "--view", view, "--format", "json"))
        assert t["closed"] and t["outcome"]["reason"] == "modkill"
        assert [c["player"] for c in t["candidates"] if c["penalty"]] == []
        assert t["not_voted"] and note.endswith(", ".join(t["not_voted"]))
    assert "штраф" not in ok("render", "votecount", "1")


def test_a_vote_before_the_modkill_weighs_nothing_and_one_after_it_is_a_vote_for_the_dead(tmp_path):
    g = CliGame(tmp_path).open()
    with g.store:
        g.svc.resolve_night(1, now=msk_at("2026-11-11T22:40"))
        before = g.post("Петя", msk_at("2026-11-12T10:00"), red_span("Маша"))
        g.svc.modkill("Маша", now=msk_at("2026-11-12T11:00"))
        after = g.post("Дима", msk_at("2026-11-12T12:00"), red_span("Маша"))
        g.post("Катя", msk_at("2026-11-12T12:30"), red_span("Вася"))
        count = g.svc.count(1, view="gm", now=msk_at("2026-11-12T13:00"))
    votes = {v.post_id: v for v in count.votes}
    assert votes[before].reason.startswith("Маша was modkilled after this vote: the voter has voted (no penalty)")
    assert votes[after].reason == "Маша is not alive; the previous valid vote stands"
    kinds = {(f.kind, f.post_id) for f in count.flags}
    assert ("target_removed", before) in kinds and ("target_removed", after) not in kinds
    assert "Петя" not in count.not_voted and "Дима" in count.not_voted
    assert "Маша" not in [c.player for c in count.candidates]


GRAND_HOTEL = [("Лола", "Донья Тереса"), ("Пабло", "Алисия Аларкон"), ("Хуан", "Хулио Ольмедо"),
               ("Марта", "Андрес Аларкон"), ("Инес", "Каталина"), ("Кармен", "Донья Элиса"), ("Рауль", "Аяла"),
               ("Серхио", "Хавьер")]


def test_rule_3_14_a_day_a_004_modkill_closed_is_closed_in_the_count_within_the_closing_minute(tmp_path):
    g = StoreGame(tmp_path, "grand_hotel", GRAND_HOTEL, start="2026-11-10T20:00", first="2026-11-11T21:30",
             starts_with="night", night="22:30")
    with g.store:
        g.svc.resolve_night(1, now=msk_at("2026-11-11T21:40"))
        g.post("Лола", msk_at("2026-11-12T10:00"), "<strong>Рауль</strong>")
        g.post("Пабло", msk_at("2026-11-12T11:00"), "<strong>Рауль</strong>")
        modkill = msk_at("2026-11-12T14:29:40")
        g.svc.modkill_closing_day("Серхио", now=modkill)
        count = g.svc.count(1, view="public", now=modkill + timedelta(seconds=10))
        assert count.closed is True
        assert (count.outcome.reason, count.outcome.eliminated) == ("modkill", ("Серхио",))


def test_rule_6_the_004_modkill_line_needs_no_inflection_and_one_bracket():
    data = build_data(outcome={"day": 3, "deaths": [{"player": "Тристам", "role": "Андрес Аларкон", "side": "town",
                                                      "revealed": True, "causes": ["modkill"]}], "public": []},
                      game={"id": "gh", "players": GRAND_HOTEL_RENDER_ROSTER}, ruleset=GH)
    text = render("grand_hotel", "day", data)
    assert "Тристам выселен администрацией отеля (модкилл; персонал отеля, город)." in text.splitlines()
    assert ") (" not in text


def test_rule_3_14_a_modkill_during_the_004_day_closes_it_and_the_night_begins(play):
    play("grand_hotel", GRAND_HOTEL_ROLES)
    grand_hotel_night_1()
    out = ok("modkill", "--player", "Соня").splitlines()
    assert out[:4] == [
        "Модкилл: Соня (нейтрал)",      # 004 shows the side of every departure (decision of issue 15)
        "День 1 закрыт этим модкиллом: по правилам игры модкилленный игрок уходит вместо повешения, объявляется "
        "ночь 2. `mafvote undo` отменяет закрытие дня, ещё раз — модкилл",
        "День 1 (по подсчёту голосов)",
        "  День закрыт модкиллом: Соня",
    ]
    assert "итог: модкилл" in out[4]
    st = state()
    assert (st["phase"]["kind"], st["phase"]["number"]) == ("night", 2)
    # after the deadline (the clock here), the day was not cut short: its missed votes stand (cumulative, §3.6)
    assert st["misses"] and not any(line.startswith("Примечание:") for line in out)
    assert [r["how"] for r in st["applied"]] == ["resolve", "modkill", "close"]
    assert ok("undo").startswith("отменено: #3 закрыт день 1")
    assert ok("undo").startswith("отменено: #2 модкилл, день 1: Соня")
    assert state()["phase"]["kind"] == "day"


def test_rule_3_14_modkill_keep_day_leaves_the_004_day_open_and_says_what_to_do(play):
    play("grand_hotel", GRAND_HOTEL_ROLES)
    grand_hotel_night_1()
    out = ok("modkill", "--player", "Соня", "--keep-day").splitlines()
    assert out == ["Модкилл: Соня (нейтрал)",
                   "День 1 остаётся открытым (--keep-day), хотя по правилам игры модкилл закрывает день: закройте "
                   "его командой `mafvote day close --day 1` (итог дня — этот модкилл)"]
    assert state()["phase"]["kind"] == "day"


def test_issue15_the_004_modkill_shows_the_side_and_reveal_is_the_gms_override_for_the_role(play):
    # decision of issue 15: «открывается только сторона(маньяк видится как город)» holds for a modkill too
    play("grand_hotel", GRAND_HOTEL_ROLES)
    grand_hotel_night_1()
    assert ok("modkill", "--player", "Ронин", "--keep-day").splitlines()[0] == "Модкилл: Ronin (город)"
    ok("undo")
    assert ok("modkill", "--player", "Ронин", "--keep-day", "--reveal").splitlines()[0] == \
        "Модкилл: Ronin - Хавьер (маньяк)"


def test_a_modkill_in_a_game_whose_rules_do_not_close_the_day_leaves_it_open(play):
    play("new_year")
    ok("night", "resolve", "--night", "1")
    # the clock here is after day 1's deadline: the modkill leaves the day's count alone, and the GM is told
    assert ok("modkill", "--player", "Соня").splitlines() == [
        "Модкилл: Соня",
        "День 1 уже закончился (31.12 18:00 МСК) до этого модкилла: подсчёт дня остаётся как на момент конца "
        "(голоса модкилленного и за него учтены как поданы); закройте день: `mafvote day close --day 1`"]
    st = state()
    assert (st["phase"]["kind"], st["phase"]["number"]) == ("day", 1)
    assert [r["how"] for r in st["applied"]] == ["resolve", "modkill"]


def test_rule_3_14_a_004_modkill_before_the_deadline_records_no_missed_votes_of_the_day_it_cuts_short(play,
                                                                                                  monkeypatch):
    import mafvote.game as game_mod

    play("grand_hotel", GRAND_HOTEL_ROLES)
    grand_hotel_night_1()
    # day 1 runs to 31.12 18:00; the GM modkills at noon: the others still had six hours to vote
    monkeypatch.setattr(game_mod, "utc_now", lambda: datetime(2026, 12, 31, 12, 0, tzinfo=ZoneInfo("Europe/Moscow")))
    out = ok("modkill", "--player", "Соня").splitlines()
    [note] = [line for line in out if line.startswith("Примечание:")]
    assert note.startswith("Примечание: день закрыт модкиллом до дедлайна: пропуск голосования не записан для ")
    assert state()["misses"] == {}
