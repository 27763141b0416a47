"""Phase numbers and deadlines from `[games.schedule]` (mafvote.game): how a day is numbered, when each phase
starts and ends, and which phase is current after the applied ones."""
from __future__ import annotations

from dataclasses import replace
from datetime import datetime, time, timedelta, timezone
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import pytest

from mafvote import rulesets
from mafvote.config import load_config
from mafvote.game import GameError, GameService, next_deadline, phase_deadline, phase_index, phase_of_index
from mafvote.store import Store
from support.config import game_config

MSK = ZoneInfo("Europe/Moscow")
NOW = datetime(2026, 11, 1, 12, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize("starts_with, expected", [
    ("night", [("night", 1), ("day", 1), ("night", 2), ("day", 2), ("night", 3)]),
    ("day", [("day", 1), ("night", 1), ("day", 2), ("night", 2), ("day", 3)]),
])
def test_phases_alternate_and_day_n_follows_night_n_or_precedes_it(starts_with, expected):
    assert [phase_of_index(i, starts_with) for i in range(5)] == expected
    assert [phase_index(k, n, starts_with) for k, n in expected] == list(range(5))


def test_phase_zero_is_refused():
    with pytest.raises(GameError, match="нумеруются с 1"):
        phase_index("day", 0, "night")


@pytest.mark.parametrize("after, at, expected", [
    (datetime(2026, 12, 28, 20, 0, tzinfo=MSK), time(18, 0), datetime(2026, 12, 29, 18, 0, tzinfo=MSK)),
    (datetime(2026, 12, 28, 17, 0, tzinfo=MSK), time(18, 0), datetime(2026, 12, 28, 18, 0, tzinfo=MSK)),
    # strictly after: a phase starting at 18:00 with an 18:00 deadline lasts a whole day
    (datetime(2026, 12, 28, 18, 0, tzinfo=MSK), time(18, 0), datetime(2026, 12, 29, 18, 0, tzinfo=MSK)),
    # the start given in UTC (19:30 and 23:00 in Moscow): the deadline is the schedule's local time
    (datetime(2026, 12, 28, 16, 30, tzinfo=timezone.utc), time(22, 30), datetime(2026, 12, 28, 22, 30, tzinfo=MSK)),
    (datetime(2026, 12, 28, 20, 0, tzinfo=timezone.utc), time(22, 30), datetime(2026, 12, 29, 22, 30, tzinfo=MSK)),
])
def test_next_deadline_is_the_first_local_deadline_strictly_after(after, at, expected):
    assert next_deadline(after, at, MSK) == expected


def service(tmp_path, starts_with: str, ruleset: str = "new_year", role_a: str = "Санта Клаус",
            role_b: str = "мирная зверюшка"):
    path = tmp_path / "config.toml"
    path.write_text(game_config(game={"ruleset": ruleset, "gm": ["GM"]}, schedule={"starts_with": starts_with},
                                players=[("A", role_a), ("B", role_b), ("C", role_b), ("D", role_b)]), encoding="utf-8")
    game = load_config(path).games[0]
    store = Store(tmp_path / "m.db")
    return store, GameService(store, game, rulesets.load(game.ruleset_path), nights_dir=tmp_path / "nights")


def test_current_phase_moves_with_applied_phases_night_first(tmp_path):
    store, svc = service(tmp_path, "night")
    with store:
        ph = svc.current_phase()
        assert (ph.kind, ph.number, ph.start, ph.deadline) == (
            "night", 1, datetime(2026, 12, 27, 20, 0, tzinfo=MSK), datetime(2026, 12, 28, 23, 30, tzinfo=MSK))
        svc.resolve_night(1, now=NOW)
        ph = svc.current_phase()
        # day 1 opens at the first deadline and ends at the next 22:00
        assert (ph.kind, ph.number, ph.start, ph.deadline) == (
            "day", 1, datetime(2026, 12, 28, 23, 30, tzinfo=MSK), datetime(2026, 12, 29, 22, 0, tzinfo=MSK))
        svc.close_day(1, now=NOW, nobody=True)
        ph = svc.current_phase()
        assert (ph.kind, ph.number, ph.start, ph.deadline) == (
            "night", 2, datetime(2026, 12, 29, 22, 0, tzinfo=MSK), datetime(2026, 12, 29, 22, 30, tzinfo=MSK))
        # a past phase keeps the bounds it was applied with; a coming one is computed
        day1 = svc.phase("day", 1)
        assert (day1.start, day1.deadline) == (datetime(2026, 12, 28, 23, 30, tzinfo=MSK),
                                               datetime(2026, 12, 29, 22, 0, tzinfo=MSK))
        day2 = svc.phase("day", 2)
        assert (day2.start, day2.deadline) == (datetime(2026, 12, 29, 22, 30, tzinfo=MSK),
                                               datetime(2026, 12, 30, 22, 0, tzinfo=MSK))
        assert svc.default_day() == 1             # at night: the day last closed
        svc.undo()
        assert (svc.current_phase().kind, svc.current_phase().number) == ("day", 1)


def test_a_phase_the_gm_ends_before_its_deadline_ends_then_and_the_next_starts_there(tmp_path):
    store, svc = service(tmp_path, "night")
    with store:
        resolved = datetime(2026, 12, 28, 21, 5, tzinfo=MSK)      # night 1 runs to 23:30: results posted early
        svc.resolve_night(1, now=resolved.replace(second=21, microsecond=5))
        # to the minute: a vote shown at 21:05 (forums show minutes) is after the results were entered
        assert svc.applied()[-1].ended == resolved
        # day 1 starts at the results and still ends at the schedule's 22:00 after the night's deadline
        day1 = svc.current_phase()
        assert (day1.kind, day1.start, day1.deadline) == ("day", resolved, datetime(2026, 12, 29, 22, 0, tzinfo=MSK))
        closed = datetime(2026, 12, 29, 14, 30, tzinfo=MSK)       # the GM closes day 1 at 14:29:40 (001 rule 5.1):
        svc.close_day(1, now=closed.replace(minute=29, second=40), nobody=True)
        assert svc.applied()[-1].ended == closed                   # a vote shown at 14:29 was before it
        night2 = svc.current_phase()
        assert (night2.kind, night2.start, night2.deadline) == ("night", closed, datetime(2026, 12, 29, 22, 30, tzinfo=MSK))
        svc.undo()                                                # undone: the day runs to its deadline again
        assert svc.current_phase().deadline == datetime(2026, 12, 29, 22, 0, tzinfo=MSK)


def test_a_day_lasts_until_the_next_evening_not_minutes_and_a_night_may_be_short(tmp_path):
    # 000 as its seed words it: "первые нд до 22:00 следующего после старта дня, далее ДЕНЬ до 22:30, НОЧЬ до
    # 23:00": day 1 runs to 22:30 the next evening (not 30 minutes), night 2 to 23:00 the same evening
    store, svc = service(tmp_path, "night")
    svc.game = replace(svc.game, schedule=replace(
        svc.game.schedule, first_deadline=datetime(2026, 12, 28, 22, 0, tzinfo=MSK), day_deadline=time(22, 30),
        night_deadline=time(23, 0)))
    with store:
        svc.resolve_night(1, now=NOW)
        assert (svc.current_phase().start, svc.current_phase().deadline) == (
            datetime(2026, 12, 28, 22, 0, tzinfo=MSK), datetime(2026, 12, 29, 22, 30, tzinfo=MSK))
        svc.close_day(1, now=NOW, nobody=True)
        assert (svc.current_phase().start, svc.current_phase().deadline) == (
            datetime(2026, 12, 29, 22, 30, tzinfo=MSK), datetime(2026, 12, 29, 23, 0, tzinfo=MSK))
        assert svc.phase("day", 2).deadline == datetime(2026, 12, 30, 22, 30, tzinfo=MSK)


def test_day_first_game_plays_day_1_then_night_1(tmp_path):
    store, svc = service(tmp_path, "day")
    with store:
        assert (svc.current_phase().kind, svc.current_phase().number) == ("day", 1)
        with pytest.raises(GameError, match=r"ночь 1 — не текущая фаза \(сейчас день 1.*сначала закройте день 1"):
            svc.resolve_night(1, now=NOW)
        svc.close_day(1, now=NOW, nobody=True)
        ph = svc.current_phase()
        assert (ph.kind, ph.number, ph.deadline) == ("night", 1, datetime(2026, 12, 29, 22, 30, tzinfo=MSK))
        svc.resolve_night(1, now=NOW)
        assert (svc.current_phase().kind, svc.current_phase().number) == ("day", 2)


def test_modkill_and_hand_set_state_do_not_end_a_phase(tmp_path):
    store, svc = service(tmp_path, "night")
    with store:
        svc.modkill("B", now=NOW)
        svc.set_alibi("C", 1, now=NOW)
        assert (svc.current_phase().kind, svc.current_phase().number) == ("night", 1)
        assert [r.how for r in svc.applied()] == ["modkill", "set"]
        # the hand-set alibi of the coming day survives the night's resolution
        out = svc.resolve_night(1, now=NOW)
        assert out.alibis == ("C",) and svc.state().alibis == ("C",)


BERLIN = ZoneInfo("Europe/Berlin")


@pytest.mark.parametrize("tz, night_end, day_deadline, expected", [
    # README "at least 3 hours": a night to 19:00 and a day to 22:00 make a day of exactly 3 hours, that evening
    (MSK, datetime(2026, 11, 1, 19, 0, tzinfo=MSK), time(22, 0), datetime(2026, 11, 1, 22, 0, tzinfo=MSK)),
    (MSK, datetime(2026, 11, 1, 19, 1, tzinfo=MSK), time(22, 0), datetime(2026, 11, 2, 22, 0, tzinfo=MSK)),
    # Berlin, 25.10.2026 03:00 CEST -> 02:00 CET: 01:00 CEST + 3 h is 03:00 CET, so 03:30 CET is 3 h 30 min away
    (BERLIN, datetime(2026, 10, 25, 1, 0, tzinfo=BERLIN), time(3, 30),
     datetime(2026, 10, 25, 3, 30, tzinfo=BERLIN)),
    # Berlin, 29.03.2026 02:00 CET -> 03:00 CEST: 03:45 CEST is only 2 h 15 min after 00:30 CET: the next night's
    (BERLIN, datetime(2026, 3, 29, 0, 30, tzinfo=BERLIN), time(3, 45),
     datetime(2026, 3, 30, 3, 45, tzinfo=BERLIN)),
])
def test_a_day_ends_at_the_first_day_deadline_at_least_3_real_hours_after_the_night(tz, night_end, day_deadline,
                                                                                     expected):
    schedule = SimpleNamespace(day_deadline=day_deadline, night_deadline=time(12, 0))
    got = phase_deadline("day", night_end, schedule, tz)
    assert got == expected
    # real time: aware datetimes of one zone subtract as wall clocks, so in UTC
    assert got.astimezone(timezone.utc) - night_end.astimezone(timezone.utc) >= timedelta(hours=3)
