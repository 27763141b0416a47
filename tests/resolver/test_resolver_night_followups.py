"""Night-engine follow-ups from the 003 and 000/001 acceptance hunts: the side's one kill goes to the
sender written first; a blocked move is not carried out in 003 only; log lines of items and role shots; the
hireling's note; a used-up item named at `night add` without a line of an unwritten file; `night roll` for a
roll no action of the actor draws. Scenario files: tests/data/nights/tm_5_clock_blocked_*.toml."""
from __future__ import annotations

import json

from mafvote_resolver import Action, ActionError, Rolls, append_action, new_game, parse_night_file, resolve_night
from support import DAY_1_DEADLINE, GH, GH_STATE, TIME_MACHINE_ROLES, load_ruleset, run

TM = load_ruleset("time_machine")
NY = load_ruleset("new_year")
ROSTER = [{"nick": "M1", "role": "Мафиозо"}, {"nick": "M2", "role": "Мафиозо"}, {"nick": "Com", "role": "Комиссар"},
          {"nick": "Doc", "role": "Доктор"}, {"nick": "Man", "role": "Маньяк"},
          {"nick": "Zorro", "role": "Мирный житель", "items": ["button", "book"]},
          {"nick": "A", "role": "Мирный житель", "items": ["clock"]}, {"nick": "B", "role": "Мирный житель"},
          {"nick": "C", "role": "Мирный житель"}]
STATE = new_game("h30", ROSTER, TM)


def night_file(*actions: Action) -> str:
    text = "night = 1\n"
    for a in actions:
        text = append_action(text, a)
    return text


def resolve_file(text: str):
    night = parse_night_file(text, "night-1.toml", TM, STATE)
    return resolve_night(TM, STATE, night.actions, Rolls("h30", 1, night.forced))


# --- 1. 003: "выстрел направляется от 1 из мафии, от кого, мафия решает сама": the first written is used -----

def test_rule_4_003_the_kill_written_first_in_the_night_file_is_the_sides_kill() -> None:
    out = resolve_file(night_file(Action("M2", "kill", ("C",)), Action("M1", "kill", ("B",))))
    assert [d.player for d in out.deaths] == ["C"]
    assert [(r.actor, r.ability, r.reason) for r in out.refused] == [
        ("M1", "kill", "у мафии один выстрел за ночь: используется выстрел игрока M2")]
    # the other way round, the other kill: the nick's place in the alphabet never decides
    out = resolve_file(night_file(Action("M1", "kill", ("B",)), Action("M2", "kill", ("C",))))
    assert [d.player for d in out.deaths] == ["B"]
    assert [(r.actor, r.reason) for r in out.refused] == [
        ("M2", "у мафии один выстрел за ночь: используется выстрел игрока M1")]


def test_rule_4_003_the_role_shot_written_first_is_the_sides_and_the_refusal_says_so() -> None:
    out = resolve_file(night_file(Action("M2", "role_shot", ("Doc",), role="Доктор"),
                                  Action("M1", "role_shot", ("Man",), role="Маньяк")))
    assert [d.player for d in out.deaths] == ["Doc"]
    assert [(r.actor, r.reason) for r in out.refused] == [
        ("M1", "у мафии один доп. удар за ночь: используется доп. удар игрока M2")]


def test_rule_4_004_the_mafia_kill_written_first_is_used_too() -> None:
    text = append_action(append_action("night = 1\n", Action("Laura", "kill", ("Julio",))), Action("Hernando", "kill", ("Alfredo",)))
    night = parse_night_file(text, "night-1.toml", GH, GH_STATE)
    out = resolve_night(GH, GH_STATE, night.actions, Rolls("h30gh", 1))
    assert [d.player for d in out.deaths] == ["Julio"]
    assert [(r.actor, r.reason) for r in out.refused] == [
        ("Hernando", "у мафии один выстрел за ночь: используется выстрел игрока Laura")]


def test_rule_4_001_the_pair_keeps_its_reading_the_first_role_acts_whatever_the_file_order() -> None:
    # rulesets/new_year.toml: "Both of the pair (sheriff + sergeant) send: the first role in this file's order acts"
    state = new_game("h30pair", [{"nick": n, "role": r} for n, r in (("Ded", "Дед Мороз"), ("Snow", "Снегурочка"),
                                                                      ("Boss", "Санта Клаус"), ("A", "мирная зверюшка"))], NY)
    text = append_action(append_action("night = 1\n", Action("Snow", "check", ("Boss",))), Action("Ded", "kill", ("A",)))
    night = parse_night_file(text, "night-1.toml", NY, state)
    out = resolve_night(NY, state, night.actions, Rolls("h30pair", 1))
    assert [d.player for d in out.deaths] == ["A"]
    assert [(r.actor, r.reason) for r in out.refused] == [("Snow", "the pair has one action a night: Ded's kill is used")]


def test_rule_4_003_night_add_order_decides_whose_kill_is_used(play) -> None:
    # РэдДи and King Eciton are mafiosi; the GM enters King Eciton's kill first
    play("time_machine", TIME_MACHINE_ROLES, starts_with="day")
    assert run("day", "close", "--day", "1", "--deadline", DAY_1_DEADLINE)[0] == 0
    assert run("night", "add", "--night", "1", "--actor", "King Eciton", "Убиваю Гаффа")[0] == 0
    assert run("night", "add", "--night", "1", "--actor", "РэдДи", "Убиваю Алису")[0] == 0
    code, out, err = run("night", "resolve", "--night", "1", "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert [d["player"] for d in data["deaths"]] == ["Гафф"]
    assert {"actor": "РэдДи", "ability": "kill",
            "reason": "у мафии один выстрел за ночь: используется выстрел игрока King Eciton"} in data["refused"]


def test_rule_4_003_a_role_shot_guessing_a_role_it_cannot_name_is_refused_when_entered(play) -> None:
    # the guess decides who dies (the target, or the sender): refused while the GM can still ask the player
    play("time_machine", TIME_MACHINE_ROLES, starts_with="day")
    assert run("day", "close", "--day", "1", "--deadline", DAY_1_DEADLINE)[0] == 0
    code, _, err = run("night", "add", "--night", "1", "--actor", "РэдДи", "Доп. удар: Нежка — мирный житель")
    assert code == 2
    assert "role shot needs role = the guessed role, one of: Комиссар, Доктор, Маньяк (got 'Мирный житель')" in err
    assert run("night", "add", "--night", "1", "--actor", "РэдДи", "Доп. удар: Нежка — доктор")[0] == 0


# --- 2. the blocked move: not made in 003 (tm_5_* scenarios), still used in 000/001 and 004 ----------------

def test_rule_4_001_a_blocked_heal_still_counts_as_last_nights_heal() -> None:
    roster = {"Boss": "Санта Клаус", "Nut": "Щелкунчик", "Doc": "Снеговик", "A": "мирная зверюшка",
              "B": "мирная зверюшка", "C": "мирная зверюшка", "D": "мирная зверюшка"}
    state = new_game("h30ny", [{"nick": n, "role": r} for n, r in roster.items()], NY)
    assert NY.blocked_action_spends is True and TM.blocked_action_spends is False
    one = resolve_night(NY, state, [Action("Nut", "block", ("Doc",)), Action("Doc", "heal", ("A",))], Rolls("h30ny", 1))
    assert [(r.actor, r.reason) for r in one.refused] == [("Doc", "blocked by Nut")]
    two = resolve_night(NY, one.state, [Action("Doc", "heal", ("A",))], Rolls("h30ny", 2))
    assert [(r.actor, r.reason) for r in two.refused] == [
        ("Doc", "repeat target: A also last night (lifted only with 3 alive)")]


def test_rule_4_003_a_clock_blocked_player_still_uses_an_item() -> None:
    # decision of issue 15: the clock blocks the role's move; an item «не влияет на основной ход»
    out = resolve_night(TM, STATE, [Action("A", "clock", ("Zorro",)), Action("Zorro", "button", ("B",))], Rolls("h30", 1))
    assert [d.player for d in out.deaths] == ["B"]
    assert out.state.items == {"Zorro": ("book",)}
    assert "A/clock@night" in out.state.counters and "Zorro/button@night" in out.state.counters


# --- 3. the GM's log and the private notes ----------------------------------------------------------------

def test_rule_4_003_an_item_used_the_night_its_holder_dies_is_not_logged_as_lost() -> None:
    out = resolve_night(TM, STATE, [Action("Zorro", "button", ("B",)), Action("Man", "kill", ("Zorro",))], Rolls("h30", 1))
    assert sorted(d.player for d in out.deaths) == ["B", "Zorro"]
    # "Если умирает его владелец, не воспользовавшись им - он исчезает": only the unused book is lost
    assert [line for line in out.log if line.startswith("items:")] == ["items: Zorro dies holding book unused; it is lost"]
    both = resolve_night(TM, STATE, [Action("Man", "kill", ("Zorro",))], Rolls("h30", 1))
    assert [line for line in both.log if line.startswith("items:")] == [
        "items: Zorro dies holding button, book unused; they are lost"]


def test_rule_4_003_a_role_shot_death_is_logged_once() -> None:
    out = resolve_night(TM, STATE, [Action("M1", "role_shot", ("Man",), role="Маньяк"), Action("Doc", "heal", ("Man",))],
                        Rolls("h30", 1))
    assert [line for line in out.log if line.startswith("kill: Man")] == [
        "kill: Man dies (role shot by M1; past heals and protections)"]


def test_rule_4_000_the_hirelings_note_names_the_employer_without_inflecting_him() -> None:
    pc = load_ruleset("peculiar")
    state = new_game("h30pc", [{"nick": "Франклин", "role": "Мистер Барон"}, {"nick": "Фредди", "role": "Мено и Куо-Рама"},
                               {"nick": "Виктор Бонтли", "role": "Странный ребёнок"}, {"nick": "Юна", "role": "Странный ребёнок"},
                               {"nick": "Рики", "role": "Странный ребёнок"}], pc)
    ok = resolve_night(pc, state, [Action("Фредди", "hire", ("Франклин",))], Rolls("h30pc", 1))
    assert [(p.to, p.text) for p in ok.private] == [("Фредди", "Найм у игрока Франклин удался.")]
    bad = resolve_night(pc, state, [Action("Фредди", "hire", ("Виктор Бонтли",))], Rolls("h30pc", 1))
    assert [(p.to, p.text) for p in bad.private] == [("Фредди", "Найм у игрока Виктор Бонтли не удался.")]


def test_rule_4_000_a_refused_hire_is_told_to_the_hireling_too() -> None:
    # seed 000: the GM tells Мено every night whether the hire worked; the 3-posts rule refused this one
    from dataclasses import replace

    pc = load_ruleset("peculiar")
    state = new_game("h35pc", [{"nick": "Франклин", "role": "Мистер Барон"}, {"nick": "Фредди", "role": "Мено и Куо-Рама"},
                               {"nick": "Юна", "role": "Странный ребёнок"}, {"nick": "Рики", "role": "Странный ребёнок"}], pc)
    state = replace(state, under_active=frozenset({"Фредди"}))
    out = resolve_night(pc, state, [Action("Фредди", "hire", ("Франклин",))], Rolls("h35pc", 1))
    assert [r.reason.split(":")[0] for r in out.refused] == ["under-active"]
    assert [(p.to, p.kind, p.text) for p in out.private] == [("Фредди", "hire", "Найм у игрока Франклин не удался.")]


# --- 5. a used-up item at entry -----------------------------------------------------------------------------

def test_rule_4_003_a_used_up_item_is_named_with_its_night_and_an_unwritten_entry_has_no_line() -> None:
    one = resolve_night(TM, STATE, [Action("Zorro", "book", ("C",))], Rolls("h30", 1))
    state = one.state
    text = append_action("night = 2\n", Action("Zorro", "book", ("C",)))
    try:
        parse_night_file(text, "night-2.toml", TM, state, unwritten=1)
    except ActionError as exc:
        assert [str(p) for p in exc.problems] == [
            "night-2.toml: the new entry (not written): Zorro (Мирный житель) has no ability 'book' tonight: the item "
            "book was used up on night 1 (each item is used once) (Zorro can tonight: button)"]
    else:
        raise AssertionError("a used-up item was accepted")
    # a file the GM wrote names the line; the engine's own refusal says the same
    try:
        parse_night_file(text, "night-2.toml", TM, state)
    except ActionError as exc:
        assert exc.problems[0].where == "line 3"
    two = resolve_night(TM, state, [Action("Zorro", "book", ("C",))], Rolls("h30", 2))
    assert [r.reason for r in two.refused] == [
        "Мирный житель has no ability 'book' tonight: the item book was used up on night 1 (each item is used once)"]


def test_rule_4_003_night_add_of_a_used_up_item_names_the_night_not_a_line(play) -> None:
    root = play("time_machine", TIME_MACHINE_ROLES, starts_with="day", items={"Alisa": ["book"]})
    assert run("day", "close", "--day", "1", "--deadline", DAY_1_DEADLINE)[0] == 0
    assert run("night", "add", "--night", "1", "--actor", "Alisa", "Лечу книгой Гаффа")[0] == 0
    assert run("night", "resolve", "--night", "1")[0] == 0
    assert run("day", "close", "--day", "2", "--nobody")[0] == 0
    code, _, err = run("night", "add", "--night", "2", "--actor", "Alisa", "Лечу книгой Гаффа")
    assert code == 2
    assert "night-2.toml: the new entry (not written): Alisa (Мирный житель) has no ability 'book' tonight: " \
           "the item book was used up on night 1 (each item is used once) (Alisa can tonight: nothing)" in err
    assert "line" not in err
    assert not (root / "state" / "nights" / "ny" / "night-2.toml").exists()


# --- 6. night roll: only a roll one of the actor's actions draws --------------------------------------------

def test_night_roll_for_an_action_without_that_roll_is_refused_at_entry(play) -> None:
    root = play("time_machine", TIME_MACHINE_ROLES, starts_with="day", items={"Alisa": ["book"]})
    assert run("day", "close", "--day", "1", "--deadline", DAY_1_DEADLINE)[0] == 0
    assert run("night", "add", "--night", "1", "--actor", "Alisa", "Лечу книгой Гаффа")[0] == 0
    night_file = root / "state" / "nights" / "ny" / "night-1.toml"
    before = night_file.read_text(encoding="utf-8")
    code, _, err = run("night", "roll", "--night", "1", "--actor", "Alisa", "evidence", "yes")
    assert code == 2
    assert "no evidence roll for Alisa tonight: rolls of Alisa's actions (book): none; force it for the player " \
           "whose action draws it" in err
    code, _, err = run("night", "roll", "--night", "1", "--actor", "Ронин", "evidence", "yes")
    assert code == 2 and "rolls of Ronin's actions (none entered): none" in err
    assert night_file.read_text(encoding="utf-8") == before


def test_night_roll_names_the_rolls_the_actors_actions_draw(play) -> None:
    # New Year: РэдДи is the boss (a double kill has 75 % evidence, a single one 0 %); Puss blocks (50 % silence)
    root = play("new_year")
    assert run("night", "add", "--night", "1", "--actor", "РэдДи", "Убиваю Алису")[0] == 0
    assert run("night", "add", "--night", "1", "--actor", "Puss", "Блокирую Соню")[0] == 0
    code, _, err = run("night", "roll", "--night", "1", "--actor", "РэдДи", "evidence", "yes")
    assert code == 2
    assert "no evidence roll for РэдДи tonight: rolls of РэдДи's actions (kill): none; only РэдДи's kill or " \
           "kill_intimidate can draw it (the chance depends on the targets)" in err
    code, _, err = run("night", "roll", "--night", "1", "--actor", "Puss", "evidence", "yes")
    assert code == 2 and "rolls of Puss's actions (block): silence" in err
    code, out, err = run("night", "roll", "--night", "1", "--actor", "Puss", "silence", "yes")
    assert code == 0, err
    assert '[[rolls]]\nactor = "Puss"\nname = "silence"\nvalue = true\n' in \
        (root / "state" / "nights" / "ny" / "night-1.toml").read_text(encoding="utf-8")
