"""The game state in the store and the tally's inputs built from it (mafvote.game): the initial state from the
config roster, the day state the count reads (weights from roles, silences, alibis, Миллард), replacements
through the count, and undo."""
from __future__ import annotations

import json
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from mafvote.game import GameError
from mafvote_resolver import GameState, Player
from support.cli import day_tally, ok, state
from support.game_dir import AFTER, DAY_1_DEADLINE, GRAND_HOTEL_ROLES, game_service, grand_hotel_night_1

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "tests" / "data" / "game" / "config.toml"
MSK = ZoneInfo("Europe/Moscow")
CAPTURE = datetime(2027, 1, 1, 15, 40, tzinfo=timezone.utc)
BEFORE = datetime(2026, 12, 1, 0, 0, tzinfo=timezone.utc)
SINCE = datetime(2026, 12, 30, 20, 0, tzinfo=MSK)
DEADLINE = datetime(2027, 1, 1, 18, 0, tzinfo=MSK)


def test_initial_state_from_the_config_roster(tmp_path):
    store, svc = game_service(tmp_path)
    with store:
        st = svc.initial()
        assert [p.nick for p in st.players][:3] == ["РэдДи", "King Eciton", "Соня"]
        sonya = st.player("Соня")
        # role aliases of the ruleset are made canonical: "девочка" is Снежинка, "доктор" Снеговик
        assert (sonya.role, sonya.gender, sonya.display) == ("Снежинка", "f", "Соня")
        assert st.player("Алукард").role == "Снеговик"
        assert st.player("Nejka").aliases == ("Нежка",)
        assert st.alive == tuple(p.nick for p in st.players) and st.night == 0 and st.day == 0


def test_a_role_not_in_the_ruleset_names_the_roster_entry(tmp_path):
    text = CONFIG.read_text(encoding="utf-8").replace("{store}", "m.db").replace('role = "Герда"', 'role = "Гердда"')
    store, svc = game_service(tmp_path, text)
    with store, pytest.raises(GameError, match=r"`players\[7\]\.role`: роли «Гердда» нет в наборе правил `new_year`"):
        svc.initial()


def test_roles_are_optional_for_the_count_but_needed_for_a_night(tmp_path):
    text = CONFIG.read_text(encoding="utf-8").replace("{store}", "m.db")
    text = "\n".join(line for line in text.splitlines() if not line.startswith("role = "))
    store, svc = game_service(tmp_path, text, posts=True)
    with store:
        t = svc.count(1, since=SINCE, deadline=DEADLINE, now=AFTER)
        assert t.outcome.eliminated == ("Puss",) and t.candidates[0].total == 6
        with pytest.raises(GameError, match=r"нет роли у РэдДи, King Eciton, .*задайте games\.players\[0\]\.role"):
            svc.resolve_night(1, now=AFTER)


def test_day_state_for_the_count_comes_from_the_stored_state(tmp_path):
    store, svc = game_service(tmp_path)
    with store:
        svc.set_silence("Соня", 1, now=AFTER)
        svc.set_silence("Гафф", 1, now=AFTER, secret=True)
        svc.set_alibi("Puss", 1, now=AFTER)
        ds = svc.count_inputs(1).state
        assert ds.day == 1 and len(ds.alive) == 12
        assert {(s.player, s.announced) for s in ds.silences} == {("Соня", True), ("Гафф", False)}
        assert [(s.player, s.kind) for s in ds.shields] == [("Puss", "alibi")]
        # hidden weights from the ruleset roles: the doctor's blue ×3 (Снеговик), the prosecutor's red ×2 (Герда)
        assert {k: (w.red, w.blue) for k, w in ds.weights.items()} == {"Алукард": (1, 3), "Enzo": (2, 1)}
        assert (ds.start, ds.deadline) == (datetime(2026, 12, 30, 20, 0, tzinfo=MSK),
                                           datetime(2026, 12, 31, 18, 0, tzinfo=MSK))


def test_millard_is_unhangable_and_his_killer_has_one_alibi(tmp_path):
    text = (CONFIG.read_text(encoding="utf-8").replace("{store}", "m.db").replace("new_year", "peculiar"))
    roles = iter(["Мистер Барон", "Доктор Голан", "Эмма Блум", "Мистер Арчер", "Енох О'Коннор", "Джейкоб Портман",
                  "Миллард Наллингс", "Странный ребёнок", "Оливия", "Странный ребёнок", "Абрахам", "Пустота"])
    text = "\n".join(f'role = "{next(roles)}"' if line.startswith("role = ") else line for line in text.splitlines())
    store, svc = game_service(tmp_path, text)
    with store:
        st = svc.state()
        store.append_game_phase("ny", number=1, kind="night", start=None, deadline=None,
                                state=replace(st, hang_protection={"РэдДи": 1}).to_dict(), outcome={},
                                applied_at=AFTER, how="set")
        shields = {(s.player, s.kind, s.consumable) for s in svc.count_inputs(1).state.shields}
        assert shields == {("Гафф", "unhangable", False), ("РэдДи", "alibi", True)}


def test_a_replacement_plays_the_slot_in_the_count_and_dies_for_it(tmp_path):
    store, svc = game_service(tmp_path, posts=True)
    with store:
        svc.resolve_night(1, now=BEFORE)
        svc.replace_player("Puss", "Кот", now=BEFORE)      # before every post of the thread
        inputs = svc.count_inputs(1, since=SINCE, deadline=DEADLINE)
        assert "Puss" in inputs.state.alive and inputs.slot_to_nick["Puss"] == "Кот"
        puss = next(p for p in inputs.roster.players if p.nick == "Puss")
        assert [(r.nick, r.at) for r in puss.replacements] == [("Кот", BEFORE)]
        t = svc.count(1, since=SINCE, deadline=DEADLINE, now=AFTER)
        # the account Puss no longer speaks for the slot: its votes (pids 21, 43 for Nejka) are not counted,
        # and the slot (now Кот's) has not voted
        assert "Puss" in t.not_voted and not any(v.voter == "Puss" and v.counted for v in t.votes)
        assert {c.player: c.total for c in t.candidates}["Nejka"] == -1
        # the penalty of 2 for not voting adds to the 7 red votes against the slot
        assert (t.candidates[0].player, t.candidates[0].total) == ("Puss", 9)
        out = svc.close_day(1, now=AFTER, since=SINCE, deadline=DEADLINE)
        assert [d.player for d in out.outcome.deaths] == ["Кот"]
        assert not svc.state().player("Кот").alive and svc.state().misses == {"Кот": 1}


def test_undo_restores_the_state_before_the_last_step(tmp_path):
    store, svc = game_service(tmp_path)
    with store:
        first = svc.state()
        svc.modkill("Puss", now=AFTER)
        svc.resolve_night(1, now=AFTER)
        assert svc.undo().how == "resolve"
        assert svc.state().night == 0 and not svc.state().player("Puss").alive
        assert svc.undo().how == "modkill"
        assert svc.state() == first
        with pytest.raises(GameError, match="ещё ничего не применено, отменять нечего"):
            svc.undo()


def test_a_day_closed_before_its_deadline_stays_closed_at_that_time_in_every_later_count(tmp_path):
    store, svc = game_service(tmp_path, posts=True)
    closed_at = datetime(2026, 12, 31, 20, 0, tzinfo=MSK)        # mid-thread: votes follow in the real thread
    with store:
        svc.resolve_night(1, now=BEFORE)
        expected = svc.count(1, since=SINCE, deadline=closed_at, now=AFTER).to_json()
        later = [v for v in svc.count(1, since=SINCE, deadline=DEADLINE, now=AFTER).votes if v.time >= closed_at]
        assert later, "the thread must hold votes after the close for this test to mean anything"
        svc.close_day(1, now=AFTER, since=SINCE, deadline=DEADLINE, closed_at=closed_at)

        # a recount of the closed day (`tally`, `render votecount`) ends at the close, not at the deadline
        after = svc.count(1, now=AFTER)
        assert after.closed and after.deadline == DEADLINE
        assert not any(v.time >= closed_at for v in after.votes)
        assert after.to_json()["candidates"] == expected["candidates"]
        assert after.to_json()["outcome"] == expected["outcome"]
        # and the night after it starts when the GM closed the day
        # a GM's close keeps the votes shown in its minute: the night starts at the end of it
        assert svc.phase("night", 2).start == closed_at.replace(minute=1)


@pytest.mark.parametrize("closed_at, message", [
    # a typo'd date would close the day on no votes and give every player a miss (a modkill candidate next)
    (datetime(2026, 11, 29, 17, 0, tzinfo=MSK), "--closed-at 29.11.2026 17:00 МСК — не позже начала "
                                                "дня 1 (30.12.2026 20:00 МСК); проверьте дату"),
    (datetime(2027, 1, 3, 12, 0, tzinfo=MSK), "--closed-at 03.01.2027 12:00 МСК — это будущее; день закрывают "
                                              "моментом, который уже прошёл"),
])
def test_a_closed_at_before_the_day_began_or_in_the_future_is_refused_and_nothing_applied(tmp_path, closed_at,
                                                                                          message):
    store, svc = game_service(tmp_path, posts=True)
    with store:
        svc.resolve_night(1, now=BEFORE)
        with pytest.raises(GameError) as exc:
            svc.close_day(1, now=AFTER, since=SINCE, deadline=DEADLINE, closed_at=closed_at)
        assert str(exc.value) == message
        assert [r.how for r in svc.applied()] == ["resolve"] and svc.state().misses == {}


def test_a_count_at_a_future_moment_is_refused(tmp_path):
    store, svc = game_service(tmp_path, posts=True)
    with store:
        svc.resolve_night(1, now=BEFORE)
        with pytest.raises(GameError, match=r"^--at 01\.01\.2028 12:00 МСК — это будущее; --at считает так, как mafvote "
                                            r"знал тему в прошлый момент$"):
            svc.count(1, since=SINCE, deadline=DEADLINE, as_of=datetime(2028, 1, 1, 12, 0, tzinfo=MSK), now=AFTER)
        assert svc.count(1, since=SINCE, deadline=DEADLINE, as_of=CAPTURE, now=AFTER).closed


def test_a_replacement_entered_now_takes_the_current_minute(tmp_path):
    # the newcomer's vote shown in the minute the GM typed `replace` (forums show minutes) is the slot's
    store, svc = game_service(tmp_path)
    with store:
        svc.resolve_night(1, now=BEFORE)
        svc.replace_player("Puss", "Кот", now=datetime(2026, 12, 31, 11, 15, 12, 345, tzinfo=MSK))
        [(old, new)] = svc.state().replacements
        row = svc.applied()[-1]
        assert (old, new, row.outcome["at"]) == ("Puss", "Кот", "2026-12-31T11:15:00+03:00")


def voters(tally: dict, target: str) -> list[tuple[str, int]]:
    cand = next(c for c in tally["candidates"] if c["player"] == target)
    return [(v["voter"], v["weight"]) for v in cand["voters"]]


def test_rule_3_7_stolen_vote_counts_for_the_thief_on_the_next_day_only_in_the_gm_view(play):
    play("grand_hotel", GRAND_HOTEL_ROLES)
    grand_hotel_night_1()
    assert state()["transfers"] == [{"kind": "stolen", "source": "Enzo", "to": "Гафф"}]

    gm = day_tally(1, "gm", "--deadline", DAY_1_DEADLINE)
    # Гафф (the thief) votes Puss with his own vote and Enzo's; Enzo's vote counts 0
    assert voters(gm, "Puss") == [("Alisa", 1), ("Гафф", 2), ("Алукард", 1), ("РэдДи", 1), ("Enzo", 0)]
    enzo = next(v for v in gm["votes"] if v["voter"] == "Enzo" and v["counted"])
    assert enzo["reason"] == "vote stolen"
    puss = next(c for c in gm["candidates"] if c["player"] == "Puss")
    assert (puss["total"], puss["penalty"]) == (6, 1)

    # the public view shows neither the theft nor the extra vote
    public = day_tally(1, "public", "--deadline", DAY_1_DEADLINE)
    assert voters(public, "Puss") == [("Alisa", 1), ("Гафф", 1), ("Алукард", 1), ("РэдДи", 1), ("Enzo", 1)]
    assert "stolen" not in json.dumps(public, ensure_ascii=False)

    # only that day: day 1's close clears the transfer, day 2's count gives Гафф and Enzo one vote each
    ok("day", "close", "--day", "1", "--deadline", DAY_1_DEADLINE)
    assert state()["transfers"] == []
    ok("night", "add", "--night", "2", "--actor", "РэдДи", "Убиваю Ронина")
    ok("night", "resolve", "--night", "2")
    day2 = day_tally(2, "gm", "--since", "2027-01-01T12:00", "--deadline", DAY_1_DEADLINE)
    assert ("Гафф", 1) in voters(day2, "Puss") and ("Enzo", 1) in voters(day2, "Puss")
    # the closed day 1 is still counted with its theft (the state it was closed on)
    assert ("Гафф", 2) in voters(day_tally(1, "gm"), "Puss")


def test_rule_3_10_the_killer_of_millard_keeps_an_alibi_shield_apart_from_004_protections():
    """The count's inputs split `hang_protection`: the killer's one alibi is an `alibi`, 004's are `protected`."""
    from mafvote.game.counting import hang_protections

    st = GameState(game="g", players=(Player("A", "x"), Player("B", "y"), Player("C", "z")),
                     hang_protection={"A": 1, "B": 2, "C": 1}, hang_shields={"B": 1},
                     universal_shields={"B": 1, "C": 1})
    shields = hang_protections(st, {"A": "A", "B": "B", "C": "C"})
    assert [(s.player, s.kind, s.source, s.consumable) for s in shields] == [
        ("A", "alibi", "killer of an unhangable role", True),
        ("B", "protected", "one-time protection from hanging", True),
        ("B", "protected", "universal protection", True),
        ("C", "protected", "universal protection", True)]


def test_a_count_pauses_the_cycle_collector_and_leaves_it_as_it_was(tmp_path, monkeypatch):
    """Issue 17: the store read and the count run with Python's cyclic garbage collector paused (its passes over
    the count's live objects were 15 % of a cold count); after the count it runs again, also when the count
    fails, and a count inside a pause leaves the collector paused."""
    import gc

    from mafvote.game import counting
    from mafvote_tally import TallyError

    seen: list[bool] = []
    fail = []
    real = counting.count_day_views

    def spy(*args, **kwargs):
        seen.append(gc.isenabled())
        if fail:
            raise TallyError("no count today", "day.no_deadline", day=1)
        return real(*args, **kwargs)

    monkeypatch.setattr(counting, "count_day_views", spy)
    store, svc = game_service(tmp_path, posts=True)
    with store:
        assert gc.isenabled()
        t = svc.count(1, since=SINCE, deadline=DEADLINE, now=AFTER)
        assert (t.outcome.eliminated, seen, gc.isenabled()) == (("Puss",), [False], True)
        fail.append(True)
        with pytest.raises(GameError):
            svc.count(1, since=SINCE, deadline=DEADLINE, now=AFTER)
        assert (seen, gc.isenabled()) == ([False, False], True)
        fail.clear()
        gc.disable()
        try:
            svc.count(1, since=SINCE, deadline=DEADLINE, now=AFTER)
            assert not gc.isenabled()
        finally:
            gc.enable()
