"""The resolver's 003/004 state reaching the count and the GM's commands (issue 4 follow-ups), end to end through
`mafvote`: 004's stolen votes and one-time hang protections in the day's count and close, a night's GM alerts,
the `visitor` roll forced with a player's name, the reveal threshold of a day with a modkill in it (RULES.md
§3.15), 004's modkill that closes the day, and a short 003 game (a day first, items from the roster).

The games reuse tests/data/game/config.toml (the bundled MyBB vote thread and its 12 accounts) with the roles
of another ruleset written over the New Year ones."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import mafvote.game as game_mod
from mafvote_resolver import GameState, Player, alive_at_start, apply_day, loads_ruleset, modkill, new_game
from mafvote.config import load_config

from support import (AFTER, DAY_1_DEADLINE, GRAND_HOTEL_ROLES, TIME_MACHINE_ROLES, grand_hotel_night_1, ok, run, state,
                     write_game)

ROOT = Path(__file__).resolve().parents[2]
def count(day: int, view: str, *extra: str) -> dict:
    return json.loads(ok("tally", "--day", str(day), *extra, "--view", view, "--format", "json"))


def voters(tally: dict, target: str) -> list[tuple[str, int]]:
    cand = next(c for c in tally["candidates"] if c["player"] == target)
    return [(v["voter"], v["weight"]) for v in cand["voters"]]


# --- 1. vote transfers ------------------------------------------------------------------------------

def test_rule_3_7_stolen_vote_counts_for_the_thief_on_the_next_day_only_in_the_gm_view(play):
    play("grand_hotel", GRAND_HOTEL_ROLES)
    grand_hotel_night_1()
    assert state()["transfers"] == [{"kind": "stolen", "source": "Enzo", "to": "Гафф"}]

    gm = count(1, "gm", "--deadline", DAY_1_DEADLINE)
    # Гафф (the thief) votes Puss with his own vote and Enzo's; Enzo's vote counts 0
    assert voters(gm, "Puss") == [("Alisa", 1), ("Гафф", 2), ("Алукард", 1), ("РэдДи", 1), ("Enzo", 0)]
    enzo = next(v for v in gm["votes"] if v["voter"] == "Enzo" and v["counted"])
    assert enzo["reason"] == "vote stolen"
    puss = next(c for c in gm["candidates"] if c["player"] == "Puss")
    assert (puss["total"], puss["penalty"]) == (6, 1)

    # the public view shows neither the theft nor the extra vote
    public = count(1, "public", "--deadline", DAY_1_DEADLINE)
    assert voters(public, "Puss") == [("Alisa", 1), ("Гафф", 1), ("Алукард", 1), ("РэдДи", 1), ("Enzo", 1)]
    assert "stolen" not in json.dumps(public, ensure_ascii=False)

    # only that day: day 1's close clears the transfer, day 2's count gives Гафф and Enzo one vote each
    ok("day", "close", "--day", "1", "--deadline", DAY_1_DEADLINE)
    assert state()["transfers"] == []
    ok("night", "add", "--night", "2", "--actor", "РэдДи", "Убиваю Ронина")
    ok("night", "resolve", "--night", "2")
    day2 = count(2, "gm", "--since", "2027-01-01T12:00", "--deadline", DAY_1_DEADLINE)
    assert ("Гафф", 1) in voters(day2, "Puss") and ("Enzo", 1) in voters(day2, "Puss")
    # the closed day 1 is still counted with its theft (the state it was closed on)
    assert ("Гафф", 2) in voters(count(1, "gm"), "Puss")


# --- 2. 004 protections from hanging --------------------------------------------------------------

def test_rule_3_10_sofias_one_time_protection_saves_her_once_and_not_twice(play):
    play("grand_hotel", GRAND_HOTEL_ROLES)
    assert state()["hang_protection"] == {"Ronin": 1, "Puss": 1}    # София (Puss) and Хавьер (Ronin)
    grand_hotel_night_1()

    # day 1: the count would hang Puss (София); her protection is a "protected" shield, not an alibi
    gm = count(1, "gm", "--deadline", DAY_1_DEADLINE)
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
    gm2 = count(2, "gm", "--since", "2027-01-01T12:00", "--deadline", DAY_1_DEADLINE)
    assert gm2["outcome"]["eliminated"] == ["Puss"] and gm2["outcome"]["spent"] == []
    closed = json.loads(ok("day", "close", "--day", "2", "--since", "2027-01-01T12:00", "--deadline",
                           DAY_1_DEADLINE, "--format", "json"))
    assert [(d["player"], d["role"]) for d in closed["day"]["deaths"]] == [("Puss", "София Аларкон")]
    assert closed["day"]["public"][0]["text"] == "Повешен Puss (город)"


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


def test_rule_3_10_apply_day_spends_the_alibi_of_millards_killer_before_a_protection():
    # the same order as the tally's shields, so a close from the count spends what the count spent
    ruleset = loads_ruleset((ROOT / "rulesets" / "grand_hotel.toml").read_text(encoding="utf-8"), "grand_hotel.toml")
    st = new_game("g", [{"nick": "A", "role": "София Аларкон"}, {"nick": "B", "role": "Эрнандо"},
                        {"nick": "C", "role": "Диего Муркиа"}], ruleset)
    st = GameState.from_dict({**st.to_dict(), "hang_protection": {"A": 2}})   # + one killer's alibi
    out = apply_day(ruleset, st, ["A"])
    assert out.saved == (("A", "protected"),)
    assert out.state.hang_protection == {"A": 1} and out.state.hang_shields == {"A": 1}
    assert "the alibi of Миллард's killer" in "\n".join(out.log)
    out = apply_day(ruleset, out.state, ["A"])
    assert out.state.hang_protection == {} and out.state.hang_shields == {}
    assert apply_day(ruleset, out.state, ["A"]).deaths[0].player == "A"


# --- 3. the night's GM alerts ---------------------------------------------------------------------

def test_rule_4_004_a_night_without_the_mafia_kill_alerts_the_gm_in_text_json_and_the_store(play):
    play("grand_hotel", GRAND_HOTEL_ROLES)
    ok("night", "add", "--night", "1", "--actor", "Гафф", "Забираю голос Энзо")
    alert = ("no kill from the мафия side tonight: the rules say it must kill every night; enter its kill "
             "(night add) or note the penalty")
    words = ("этой ночью нет убийства от стороны «мафия»: по правилам она должна убивать каждую ночь; внесите её "
             "убийство (`mafvote night add`) или отметьте штраф")
    code, out, err = run("night", "resolve", "--night", "1", "--dry-run")
    assert code == 0
    assert f"ВНИМАНИЕ: {words}" in out.splitlines()
    assert words not in err                 # once on the terminal: the text above already ends with it
    code, out, err = run("night", "resolve", "--night", "1", "--format", "json")
    assert code == 0 and f"внимание: {words}" in err.splitlines()     # beside json, on stderr
    data = json.loads(out)
    assert data["alerts"] == [alert]        # JSON keeps the resolver's sentence (scripts read it)
    # what the daemon reads: the stored outcome of the resolved night
    store, service = game_mod.open_service(*_loaded())
    try:
        assert service.night_alerts(1) == (alert,)
        assert service.applied()[-1].outcome["alerts"] == [alert]
        assert service.night_alerts(2) == ()
    finally:
        store.close()


def _loaded():
    config = load_config(Path("config.toml"))
    return config, config.games[0]


# --- 4. the visitor roll takes a player's name --------------------------------------------------------

def test_night_roll_visitor_takes_a_player_and_decides_who_dies_with_the_bloody_kill(play):
    root = play("grand_hotel", GRAND_HOTEL_ROLES)
    ok("night", "add", "--night", "1", "--actor", "Ронин", "Кровавое убийство Алисы")
    ok("night", "add", "--night", "1", "--actor", "Алукард", "Защищаю Алису")
    ok("night", "add", "--night", "1", "--actor", "РэдДи", "Убиваю Нежку")
    out = ok("night", "roll", "--night", "1", "--actor", "Ронин", "visitor", "Алукард")
    assert "бросок «гость под ударом» (Ronin), ночь 1: Алукард" in out
    ok("night", "roll", "--night", "1", "--actor", "Ронин", "bloody", "yes")
    text = (root / "state" / "nights" / "ny" / "night-1.toml").read_text(encoding="utf-8")
    assert '[[rolls]]\nactor = "Ronin"\nname = "visitor"\nvalue = "Алукард"\n' in text
    data = json.loads(ok("night", "resolve", "--night", "1", "--format", "json"))
    # in roster order, never the kill order (the target before its visitor would say who visited whom)
    assert [d["player"] for d in data["deaths"]] == ["Алукард", "Nejka", "Alisa"]
    assert {"actor": "Ronin", "name": "visitor", "p": 1.0, "value": "Алукард", "forced": True} in data["rolls"]


@pytest.mark.parametrize("name", ["bloody", "second_kill"])
def test_night_roll_second_kill_is_the_bloody_kills_50_50_on_the_visitor(play, name):
    # INTERFACE.md's `second_kill` ("the 50/50 second kill") is the roll the engine draws as `bloody`
    play("grand_hotel", GRAND_HOTEL_ROLES)
    ok("night", "add", "--night", "1", "--actor", "Ронин", "Кровавое убийство Алисы")
    ok("night", "add", "--night", "1", "--actor", "Алукард", "Защищаю Алису")
    ok("night", "roll", "--night", "1", "--actor", "Ронин", "visitor", "Алукард")
    deaths = {}
    for value in ("yes", "no"):
        ok("night", "roll", "--night", "1", "--actor", "Ронин", name, value)
        data = json.loads(ok("night", "resolve", "--night", "1", "--format", "json", "--dry-run"))
        deaths[value] = [d["player"] for d in data["deaths"]]
        assert {"actor": "Ronin", "name": "bloody", "p": 0.5, "value": value == "yes", "forced": True} in data["rolls"]
    assert deaths == {"yes": ["Алукард", "Alisa"], "no": ["Alisa"]}   # roster order


@pytest.mark.parametrize("roll,value,message", [
    ("visitor", "yes", "roll visitor picks a player: give the player's name"),
    ("evidence", "Алукард", "roll evidence takes yes or no, not 'Алукард' (a player's name is for: visitor)"),
    ("visitor", "Гендальф", "бросок `visitor`: игрок «Гендальф»: такого нет в игре ny"),
])
def test_night_roll_a_bad_roll_value_pair_exits_2_and_writes_nothing(play, roll, value, message):
    root = play("grand_hotel", GRAND_HOTEL_ROLES)
    code, _, err = run("night", "roll", "--night", "1", "--actor", "Ронин", roll, value)
    assert code == 2 and message in err
    assert not (root / "state" / "nights" / "ny" / "night-1.toml").exists()


# --- 6. RULES.md §3.15: alive counts at the start of the phase ----------------------------------------

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
    store, service = game_mod.open_service(*_loaded())
    try:
        st = service.state()
        assert alive_at_start(st) == 9
        assert not any(k.startswith("@phase/") for k in st.counters)
    finally:
        store.close()


def test_rule_3_15_the_reveal_threshold_uses_the_alive_count_when_the_day_began():
    ruleset = loads_ruleset((ROOT / "rulesets" / "new_year.toml").read_text(encoding="utf-8"), "new_year.toml")
    roles = ["Санта Клаус", "Злой тролль", "девочка", "Кай", "доктор", "Дед Мороз", "Снегурочка", "Герда",
             "Хлопушка", "мирная зверюшка", "Снежная королева"]
    st = new_game("g", [{"nick": f"p{i}", "role": r} for i, r in enumerate(roles)], ruleset)   # 11 alive
    assert alive_at_start(st) == 11
    after = modkill(ruleset, st, "p9").state
    assert len(after.alive) == 10 and alive_at_start(after) == 11
    # a second modkill in the same phase keeps the first count
    after = modkill(ruleset, after, "p8").state
    assert len(after.alive) == 9 and alive_at_start(after) == 11
    out = apply_day(ruleset, after, ["p3"])
    assert out.deaths[0].revealed is True
    # without the modkills a day that begins with 10 hides the role
    ten = apply_day(ruleset, modkill(ruleset, st, "p9").state, []).state   # day 1 closes, 10 alive
    assert alive_at_start(ten) == 10
    assert apply_day(ruleset, ten, ["p3"]).deaths[0].revealed is False


# --- 004 rule 14: a modkill closes the day ----------------------------------------------------------

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


# --- 8. a short 003 game; items from the roster -----------------------------------------------------

def test_003_game_day_1_from_the_count_then_night_1_kill_healed_and_the_next_day(play):
    play("time_machine", TIME_MACHINE_ROLES, starts_with="day", items={"Nejka": ["clock"]})
    st = state()
    assert (st["phase"]["kind"], st["phase"]["number"]) == ("day", 1) and st["items"] == {"Nejka": ["clock"]}

    # day 1 (the GM moved the deadline): the count hangs Puss; 003 reveals the role at an execution
    closed = json.loads(ok("day", "close", "--day", "1", "--deadline", DAY_1_DEADLINE, "--format", "json"))
    assert closed["decided_by"] == "count" and closed["count"]["outcome"]["eliminated"] == ["Puss"]
    assert closed["day"]["public"][0]["text"] == "Повешен Puss - Мафиозо (мафия)"
    st = state()
    assert (st["phase"]["kind"], st["phase"]["number"]) == ("night", 1)

    # night 1: the mafia kills Alisa, the doctor heals her; the commissar blocks the maniac with the clock
    # (his item) and checks РэдДи
    for actor, text in (("РэдДи", "Убиваю Алису"), ("Алукард", "Лечу Алису"), ("Ронин", "Убиваю Гаффа"),
                        ("Нежка", "Блокирую часами Ронина"), ("Нежка", "Проверяю Рэдди")):
        ok("night", "add", "--night", "1", "--actor", actor, text)
    data = json.loads(ok("night", "resolve", "--night", "1", "--format", "json"))
    assert data["deaths"] == [] and data["saved"] == ["Alisa"]
    assert {"actor": "Ronin", "ability": "kill", "reason": "blocked by Nejka"} in [
        {k: r[k] for k in ("actor", "ability", "reason")} for r in data["refused"]]
    assert {"to": "Nejka", "kind": "side_check", "text": "РэдДи — мафия"} in data["private"]
    assert data["night_duty"]["missed"] == []

    # the next day's state: day 2, everyone but Puss alive, the clock used up
    st = state()
    assert (st["phase"]["kind"], st["phase"]["number"]) == ("day", 2)
    assert len(st["alive"]) == 11 and [d["player"] for d in st["dead"]] == ["Puss"]
    assert st["items"] == {}
    assert [a["how"] for a in st["applied"]] == ["close", "resolve"]


def test_003_items_in_the_roster_are_checked_against_the_ruleset(play):
    play("time_machine", TIME_MACHINE_ROLES, starts_with="day", items={"Nejka": ["часики"]})
    code, out, _ = run("check")
    assert code != 0
    assert "games[0].players[5].items[0]" in out and "предмета «часики» нет в наборе правил time_machine" in out
    assert "предметы набора: clock, button, book" in out
    code, _, err = run("state")
    assert code == 2 and "item 'часики' is not in ruleset time_machine" in err and "games.players[].items" in err


def test_items_need_a_ruleset_with_items(play):
    play("new_year", items={"Nejka": ["clock"]})
    code, out, _ = run("check")
    assert code != 0 and "в наборе правил нет `[[items]]`: удалите ключ" in out


def test_a_boss_hanged_by_day_tells_the_new_boss_privately(play):
    # as the night's succession does («Вы теперь босс»): the new boss sends the boss's action from tonight
    play("new_year")
    ok("night", "resolve", "--night", "1")
    out = ok("day", "close", "--day", "1", "--eliminate", "РэдДи", "--deadline", DAY_1_DEADLINE)
    assert "ЛС King Eciton: Вы теперь босс" in out.splitlines()
    private = ok("render", "day", "1", "--private", "--format", "text")
    assert private.splitlines()[0] == "== King Eciton =="
    assert "Теперь вы ведёте свиту Санты Клауса" in private
