"""A modkill after the day's end leaves that day alone; the count names the votes for a modkilled player; the
GM's `--eliminate` is read back and is the count's result when it names whom the count hangs:

* RULES.md §3.1: the day's count is the thread up to its end (the deadline, a GM's close, or 003's automatic
  early close §3.11). A `modkill` entered after that end but before `day close` keeps the modkilled player's
  votes and the votes for him as cast: no `dead_voter`, no `target_removed` («may vote again» on a day that
  is over), the early close stays, and nobody else is hanged on fewer votes. When that count hangs the player
  already modkilled, `day close` hangs nobody (the post: «Не вешается никто» and the day's modkill line) and
  tells the GM. A modkill before the end is still a mid-day modkill (`target_removed`).
* `modkill` after the deadline of a day not yet closed says the day's count stands as at its end.
* The live count names the voters whose vote went to a player modkilled later that day (public: the modkill is).
* `day close --eliminate Мотьа` prints how the name was read; `--eliminate` naming whom the count hangs is the
  count's result (decided_by "count"), not «решение ведущего».

The games are the small rosters of tests/app/test_day_end_and_addresses.py (posts stored as the crawler leaves them)."""
from __future__ import annotations

import json
from datetime import timedelta

import pytest

from mafvote_tally import Tally, format_bbcode
from support import NEW_YEAR_ROSTER, TIME_MACHINE_ROSTER, StoreGame, count, msk_at, post, red, red_span

# --- 003 (time_machine): day 3 on 03.11, 12:00 to 22:00; every vote final (досрочно) by 15:00 ------------------
# red votes: Мир3 5 (Маф1, Маф2, Ман, Мир1, Мир2), Маф1 2 (Ком, Док), Маф2 1 (Мир3); the night actions of night 2 were
# not entered, so Ком, Док and Ман take 2 each (003 night_action_is_duty; the mafia's kill is the side's shared
# action, RULES.md §3.17: no mafioso takes a penalty for it): Мир3 5, the others 2 or less. The day closes early at 15:00 (the last final vote) on Мир3.


@pytest.fixture
def tm(tmp_path):
    g = StoreGame(tmp_path, "time_machine", TIME_MACHINE_ROSTER, start="2026-11-01T12:00", first="2026-11-01T22:00",
             starts_with="day", night="12:00")
    with g.store:
        for n, (closed, resolved) in enumerate((("2026-11-01T23:00", "2026-11-02T13:00"),
                                                ("2026-11-02T23:00", "2026-11-03T12:30")), 1):
            g.svc.close_day(n, now=msk_at(closed), nobody=True)
            g.svc.resolve_night(n, now=msk_at(resolved))
        targets = {"Маф1": "Мир3", "Маф2": "Мир3", "Ком": "Маф1", "Док": "Маф1", "Ман": "Мир3", "Мир1": "Мир3",
                   "Мир2": "Мир3", "Мир3": "Маф2"}
        for i, (voter, target) in enumerate(targets.items()):
            g.post(voter, msk_at("2026-11-03T14:53") + timedelta(minutes=i), red_span(target, final=True))
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
        "День 3 уже закончился (2026-11-03 15:00) до этого модкилла: подсчёт дня остаётся как на момент конца "
        "(голоса модкилленного и за него учтены как поданы); закройте день: `mafvote day close --day 3`"]
    # before the end the GM is told nothing of the kind
    tm.svc.undo()
    code, out, err = tm.cli(msk_at("2026-11-03T14:55"), "modkill", "--player", "Маф2")
    assert code == 0, err
    assert "уже закончился" not in out


# --- 001 (new_year): day 1 from 22:30 on 11.11 to 22:00 on 12.11 ----------------------------------------------
# Ronin: Санта Клаус; Соня: Герда (red ×2, hidden); Вася: Снеговик (blue ×3, hidden); the others plain

@pytest.fixture
def ny(tmp_path):
    g = StoreGame(tmp_path, "new_year", NEW_YEAR_ROSTER, start="2026-11-10T23:00", first="2026-11-11T22:30",
             starts_with="night", night="22:30")
    with g.store:
        g.svc.resolve_night(1, now=msk_at("2026-11-11T22:40"))
        for i, (voter, target) in enumerate((("Петя", "Маша"), ("Дима", "Маша"), ("Катя", "Маша"),
                                             ("Маша", "Ёжик"), ("Ёжик", "Дима"), ("Oleg", "Дима"),
                                             ("Ronin", "Ёжик"))):
            g.post(voter, msk_at("2026-11-12T10:00") + timedelta(minutes=i), red_span(target))
        yield g


def test_rule_3_1_a_modkill_after_the_deadline_does_not_hang_a_second_player(ny):
    # at the deadline: Маша 3, Ёжик 2, Дима 2 (+ penalties of Соня and Вася): Маша is hanged
    before = ny.svc.close_day(1, now=msk_at("2026-11-12T23:00"), dry_run=True)
    assert (before.count.outcome.reason, before.count.outcome.eliminated) == ("plurality", ("Маша",))
    ny.svc.modkill("Маша", now=msk_at("2026-11-12T22:30"))
    result = ny.svc.close_day(1, now=msk_at("2026-11-12T23:00"))
    assert _totals(result.count) == _totals(before.count)
    assert not _kinds(result.count) & {"dead_voter", "target_removed"}
    assert result.outcome.deaths == ()          # not Ёжик or Дима on 2 votes, for Маша's own vote
    assert result.note.startswith("итог голосования — Маша, но после конца дня по модкиллу уже не в игре")
    assert ny.svc.state().player("Маша").alive is False        # the modkill itself stands


def test_a_modkill_after_a_gms_close_time_leaves_the_count_at_that_close(ny):
    ny.svc.modkill("Ёжик", now=msk_at("2026-11-12T15:00"))
    result = ny.svc.close_day(1, now=msk_at("2026-11-12T16:00"), closed_at=msk_at("2026-11-12T14:00"), dry_run=True)
    assert not _kinds(result.count) & {"dead_voter", "target_removed"}
    assert _totals(result.count)["Ёжик"] == 2
    # the same modkill before the close is a mid-day one: Ёжик's vote is gone, the votes for him weigh nothing
    mid = ny.svc.close_day(1, now=msk_at("2026-11-12T16:00"), dry_run=True)
    assert {f.kind for f in mid.count.flags} >= {"dead_voter", "target_removed"}
    assert "Ёжик" not in _totals(mid.count)


def test_eliminate_prints_how_the_name_was_read_and_the_counts_own_result_is_not_a_gm_decision(ny):
    code, out, err = ny.cli(msk_at("2026-11-12T23:00"), "day", "close", "--day", "1", "--eliminate", "Машу",
                            "--dry-run")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[:2] == ["--eliminate Машу: Маша", "День 1 (по подсчёту голосов)"]
    code, out, err = ny.cli(msk_at("2026-11-12T23:00"), "day", "close", "--day", "1", "--eliminate", "Маша",
                            "--format", "json", "--dry-run")
    assert code == 0, err
    assert json.loads(out)["decided_by"] == "count"
    # a player the count does not hang: the GM's decision
    code, out, err = ny.cli(msk_at("2026-11-12T23:00"), "day", "close", "--day", "1", "--eliminate", "Диму")
    assert code == 0, err
    assert out.splitlines()[:2] == ["--eliminate Диму: Дима", "День 1 (решение ведущего)"]


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


def test_the_published_count_after_a_mid_day_modkill_names_the_votes_for_him(ny):
    ny.svc.modkill("Маша", now=msk_at("2026-11-12T12:00"))
    code, out, err = ny.cli(msk_at("2026-11-12T12:30"), "render", "votecount", "1", "--format", "text")
    assert code == 0, err
    lines = out.splitlines()
    assert "Маша" not in "\n".join(lines[:lines.index("Не проголосовали: Соня, Вася")])
    assert lines[lines.index("Не проголосовали: Соня, Вася") + 1] == (
        "Голоса за выбывшего по модкиллу (Маша): Петя, Дима, Катя — могут проголосовать заново.")
