"""The GM's night file: parsed with line numbers; bad input is refused whole with a message naming the line."""
from __future__ import annotations

from dataclasses import replace

import pytest

from mafvote import gm_text
from mafvote_resolver import (Action, ActionError, Rolls, append_action, append_roll, apply_day, new_game,
                              parse_night_file, resolve_night)
from support.cli import run
from support.game_dir import GRAND_HOTEL_ROLES
from support.nights import GH, GH_STATE, NY, load_ruleset, night_text, resolve_tm_file

ROSTER = [{"nick": n, "role": r} for n, r in [
    ("Ronin", "Санта Клаус"), ("Trium", "Злой тролль"), ("Enzo", "Снеговик"), ("Nevermore", "Снежинка"),
    ("Гафф", "Хлопушка"), ("Соня", "мирная зверюшка"), ("Alisa", "Герда"), ("Exlay", "Снегурочка"),
    ("Алукард", "Дед Мороз"), ("Дени", "Щелкунчик"), ("Сальвия", "Снежная королева"), ("Puss", "мирная зверюшка")]]

GOOD = '''night = 1

[[actions]]
actor = "ronin"
ability = "kill"
targets = ["Соня"]

[[actions]]
actor = "Enzo"
ability = "heal"
targets = ["Соня"]

[[rolls]]
actor = "Nevermore"
name = "silence"
value = true
'''


@pytest.fixture()
def game():
    ruleset = load_ruleset("new_year")
    return ruleset, new_game("ny", ROSTER, ruleset)


def test_night_file_reads_actions_names_and_forced_rolls(game) -> None:
    ruleset, state = game
    night = parse_night_file(GOOD, "nights/1.toml", ruleset, state)
    assert night.night == 1
    assert night.actions[0] == Action("Ronin", "kill", ("Соня",), line=3)
    assert night.actions[1].line == 8
    assert night.forced == {("Nevermore", "silence"): True}
    outcome = resolve_night(ruleset, state, night.actions, Rolls("ny", 1, night.forced))
    assert outcome.saved == ("Соня",) and outcome.deaths == ()


def _problems(text, ruleset, state):
    with pytest.raises(ActionError) as info:
        parse_night_file(text, "nights/1.toml", ruleset, state)
    return info.value.problems


def test_bad_input_action_by_a_dead_player_names_the_line(game) -> None:
    ruleset, state = game
    state = apply_day(ruleset, state, ["Enzo"]).state
    state = replace(state, night=0)   # the GM wrote the file for the night after day 1
    problems = _problems(GOOD, ruleset, state)
    assert [(p.where, p.message) for p in problems] == [("line 8", "actor Enzo is dead (day 1)")]
    assert str(problems[0]).startswith("nights/1.toml: line 8: actor Enzo is dead")


def test_bad_input_target_not_in_the_game_names_the_line_and_suggests(game) -> None:
    ruleset, state = game
    problems = _problems(GOOD.replace('targets = ["Соня"]\n\n[[actions]]', 'targets = ["Сона"]\n\n[[actions]]', 1), ruleset, state)
    assert [(p.where, p.message, p.hint) for p in problems] == [
        ("line 3", "targets: 'Сона' is not in the game", 'did you mean "Соня"?')]


def test_bad_input_ability_the_role_lacks(game) -> None:
    ruleset, state = game
    problems = _problems(GOOD.replace('ability = "heal"', 'ability = "block"'), ruleset, state)
    assert len(problems) == 1 and problems[0].where == "line 8"
    assert problems[0].message == "Enzo (Снеговик) has no ability 'block' tonight"
    assert "heal" in problems[0].hint and "serum" in problems[0].hint


def test_bad_input_toml_typo_names_the_line(game) -> None:
    ruleset, state = game
    problems = _problems(GOOD.replace('actor = "Enzo"', 'actor = Enzo'), ruleset, state)
    assert len(problems) == 1 and problems[0].where == "line 9" and "TOML syntax" in problems[0].message


def test_bad_input_reports_every_problem_and_applies_nothing(game) -> None:
    ruleset, state = game
    text = GOOD + '\n[[actions]]\nactor = "Ghost"\nability = "kill"\n\n[[actions]]\nactor = "Enzo"\nability = "poison"\ntargets = ["Puss"]\n' \
                  '\n[[rolls]]\nactor = "Ronin"\nname = "evidance"\nvalue = true\n'
    problems = _problems(text, ruleset, state)
    assert [p.where for p in problems] == ["line 18", "line 22", "line 27"]
    assert "Ghost" in problems[0].message
    assert "already has an action (line 8)" in problems[1].message
    assert "unknown roll 'evidance'" in problems[2].message
    assert state.night == 0 and all(p.alive for p in state.players)


def test_night_file_for_the_wrong_night_is_refused(game) -> None:
    ruleset, state = game
    problems = _problems(GOOD.replace("night = 1", "night = 2"), ruleset, state)
    assert problems[0].where == "night" and "the game is at night 1" in problems[0].message


def test_append_action_writes_an_entry_that_reads_back(game) -> None:
    ruleset, state = game
    text = append_action("night = 1\n", Action("Ronin", "kill", ("Соня", "Puss")))
    text = append_action(text, Action("Enzo", "heal_from_role", (), role="мафия"))
    text = append_action(text, Action("Ronin", "question", (), question='Есть "горец"?'))
    night = parse_night_file(text.replace('[[actions]]\nactor = "Ronin"\nability = "question"', '[[actions]]\nactor = "Trium"\nability = "question"'),
                             "n.toml", ruleset, state)
    assert [(a.actor, a.ability, a.targets, a.role) for a in night.actions] == [
        ("Ronin", "kill", ("Соня", "Puss"), ""), ("Enzo", "heal_from_role", (), "мафия"), ("Trium", "question", (), "")]
    assert night.actions[2].question == 'Есть "горец"?'
    assert [a.line for a in night.actions] == [3, 8, 14]


def test_rule_4_gm_forces_a_roll_and_the_last_forcing_wins(game) -> None:
    ruleset, state = game
    text = append_action("night = 1\n", Action("Nevermore", "block", ("Соня",)))
    text = append_roll(text, "Nevermore", "silence", True)
    text = append_roll(text, "Nevermore", "silence", False)
    night = parse_night_file(text, "n.toml", ruleset, state)
    outcome = resolve_night(ruleset, state, night.actions, Rolls("ny", 1, night.forced))
    assert [r.to_json() for r in outcome.rolls] == [
        {"actor": "Nevermore", "name": "silence", "p": 0.5, "value": False, "forced": True}]
    assert outcome.silenced == ()
    with pytest.raises(ActionError, match="unknown roll 'dice'"):
        append_roll(text, "Nevermore", "dice", True)


def test_gm_text_view_shows_public_lines_and_what_only_the_gm_sees(game) -> None:
    ruleset, state = game
    night = parse_night_file(GOOD, "nights/1.toml", ruleset, state)
    outcome = resolve_night(ruleset, state, night.actions, Rolls("ny", 1, night.forced))
    assert (outcome.public, outcome.saved) == ((), ("Соня",))
    assert "kill: Соня attacked (killed by Ronin (boss)) but healed by Enzo" in outcome.log
    # as `night resolve` shows it to the GM (mafvote.gm_text), the journal worded from its keys
    lines = gm_text.night_text(outcome).splitlines()
    assert lines[:3] == ["Ночь 1", "  (ничего публичного)", "Спасены: Соня"]
    assert "  убийство: Соня — нападение: Ronin (босс); спасает лечение: Enzo" in lines


def test_bad_input_004_elisa_learns_only_of_a_partner_and_by_a_known_choice() -> None:
    """"Я все узнаю": "гостей своих подельников ... Своих гостей - не знает". The night file names each
    wrong entry at once, so the GM can ask her again before the night ends."""
    ruleset = load_ruleset("grand_hotel")
    state = new_game("gh", [{"nick": "Elisa", "role": "Донья Элиса"}, {"nick": "Laura", "role": "Лаура"},
                            {"nick": "Diego", "role": "Диего Муркиа"}, {"nick": "Ayala", "role": "Аяла"}], ruleset)
    entry = '[[actions]]\nactor = "Elisa"\nability = "learn"\ntargets = ["{t}"]\nlearn = "{learn}"\n'
    ok = 'night = 1\n' + entry.format(t="Laura", learn="kinds")
    assert [a.learn for a in parse_night_file(ok, "nights/1.toml", ruleset, state).actions] == ["kinds"]
    for target, learn, message in [
        ("Diego", "nicks", "learn watches partners only: Diego is not of Elisa's side"),
        ("Elisa", "nicks", "learn watches a partner, never oneself"),
        ("Ayala", "роли", "learn: learn = 'роли' is not one of its choices"),
    ]:
        problems = _problems('night = 1\n' + entry.format(t=target, learn=learn), ruleset, state)
        assert [(p.where, p.message) for p in problems] == [("line 2", message)]
    assert _problems('night = 1\n' + entry.format(t="Ayala", learn="роли"), ruleset, state)[0].hint == \
        'learn = "nicks" (ники гостей) or learn = "kinds" (типы НД)'


# -- 004 "Гранд Отель" ----------------------------------------------------------
GH_ROSTER = [{"nick": n, "role": r} for n, r in [
    ("Игрок", "Лаура"), ("Алиша", "Донья Элиса"), ("Трубодур", "Аяла"), ("Буба", "Анхела Салинас"),
    ("Krassa", "Альфредо Вергара"), ("Соня", "Бенхамин"), ("Ронин", "Хавьер"), ("Юка", "София Аларкон")]]
LAURA_TWO = '''night = {night}

[[actions]]
actor = "Игрок"
ability = "find"
targets = ["Буба"]

[[actions]]
actor = "Игрок"
ability = "{serum}"
targets = ["Krassa"]
'''


@pytest.fixture()
def gh():
    ruleset = load_ruleset("grand_hotel")
    return ruleset, new_game("gh", GH_ROSTER, ruleset)


def test_rule_4_004_laura_searches_beside_her_serum_on_an_even_night(gh) -> None:
    # «Может выполнять это НД каждую четную ночь вместе с основным, либо каждую ночь вместо основного»
    ruleset, state = gh
    state = replace(state, night=1, day=1)
    night = parse_night_file(LAURA_TWO.format(night=2, serum="serum_vote"), "nights/2.toml", ruleset, state)
    assert [(a.ability, a.targets, a.line) for a in night.actions] == [("find", ("Буба",), 3), ("serum_vote", ("Krassa",), 8)]
    outcome = resolve_night(ruleset, state, night.actions + (Action("Трубодур", "kill", ("Юка",)),), Rolls("gh", 2))
    assert outcome.refused == ()
    assert [(p.to, p.text) for p in outcome.private if p.to == "Игрок"] == [("Игрок", "Буба — не из своих")]


def test_rule_4_004_laura_has_one_action_on_an_odd_night(gh) -> None:
    ruleset, state = gh
    problems = _problems(LAURA_TWO.format(night=1, serum="serum_night"), ruleset, state)
    assert [(p.where, p.message) for p in problems] == [("line 8", "Игрок already has an action (line 3)")]


def test_rule_4_004_laura_both_actions_through_night_add_on_an_even_night(gh) -> None:
    from mafvote_resolver import read_action

    ruleset, state = gh
    state = replace(state, night=1, day=1)
    text = "night = 2\n"
    for phrase in ("Ищу своих: Буба", "Ввожу сыворотку молчания Krassa"):
        for action in read_action(phrase, "Лаура", state.players, ruleset, actor="Игрок", state=state):
            text = append_action(text, action)
            parse_night_file(text, "nights/2.toml", ruleset, state)     # night add checks the file after each entry
    assert [a.ability for a in parse_night_file(text, "nights/2.toml", ruleset, state).actions] == ["find", "serum_vote"]


def test_rule_4_004_an_action_without_its_targets_is_refused_at_entry_with_its_line(gh) -> None:
    ruleset, state = gh
    text = ('night = 1\n\n[[actions]]\nactor = "Алиша"\nability = "blitz"\ntargets = []\n'
            '\n[[actions]]\nactor = "Соня"\nability = "redirect"\ntargets = ["Ронин"]\n'
            '\n[[actions]]\nactor = "Ронин"\nability = "hide"\n')
    problems = _problems(text, ruleset, state)
    assert [(p.where, p.message) for p in problems] == [
        ("line 3", "blitz needs 1 target(s), got none"), ("line 8", "redirect needs 2 target(s), got 1 (Ронин)")]
    assert problems[0].hint == "ask Алиша whom, then write targets = [...] or `night add` the message again"
    # Хавьер's hiding takes no target (min_targets = 0): accepted alone
    assert [a.ability for a in parse_night_file('night = 1\n\n[[actions]]\nactor = "Ронин"\nability = "hide"\n',
                                                "nights/1.toml", ruleset, state).actions] == ["hide"]


# `night add` end to end (the 004 game of tests/app/test_cli_game.py: Ronin is Хавьер, Nejka is Алисия)


def test_rule_4_004_night_add_refuses_an_action_without_its_target_and_writes_nothing(play) -> None:
    root = play("grand_hotel", GRAND_HOTEL_ROLES)
    night_file = root / "state" / "nights" / "ny" / "night-1.toml"
    code, _, err = run("night", "add", "--night", "1", "--actor", "Ronin", "Кровавое убийство")
    assert code == 2
    # the file was never written: no line of it is named
    assert err.endswith("night-1.toml: новая запись (не записана): «кровавое убийство»: нужно целей — не меньше 1, "
                        "указано — 0 (спросите у игрока Ronin, на кого, и впишите `targets = [...]` или повторите "
                        "`night add` с сообщением)\n")
    assert not night_file.exists()
    code, out, err = run("night", "add", "--night", "1", "--actor", "Ronin", "Кровавое убийство Нежки")
    assert code == 0, err
    assert "прочитано: Ronin: кровавое убийство → Nejka" in out
    assert 'ability = "bloody"\ntargets = ["Nejka"]' in night_file.read_text(encoding="utf-8")


# --- the side has one kill a night: the one written first in the night file is used (003: «выстрел направляется от 1 из мафии, от кого, мафия решает сама»)

def test_rule_4_003_the_kill_written_first_in_the_night_file_is_the_sides_kill() -> None:
    out = resolve_tm_file(night_text(Action("M2", "kill", ("C",)), Action("M1", "kill", ("B",))))
    assert [d.player for d in out.deaths] == ["C"]
    assert [(r.actor, r.ability, r.reason) for r in out.refused] == [
        ("M1", "kill", "the mafia has one shot a night: M2's is used")]
    assert out.refused[0].reason.key == "refusal.side_one.shot.mafia"     # «у мафии один выстрел за ночь: …»
    # the other way round, the other kill: the nick's place in the alphabet never decides
    out = resolve_tm_file(night_text(Action("M1", "kill", ("B",)), Action("M2", "kill", ("C",))))
    assert [d.player for d in out.deaths] == ["B"]
    assert [(r.actor, r.reason) for r in out.refused] == [
        ("M2", "the mafia has one shot a night: M1's is used")]


def test_rule_4_003_the_role_shot_written_first_is_the_sides_and_the_refusal_says_so() -> None:
    out = resolve_tm_file(night_text(Action("M2", "role_shot", ("Doc",), role="Доктор"),
                                  Action("M1", "role_shot", ("Man",), role="Маньяк")))
    assert [d.player for d in out.deaths] == ["Doc"]
    assert [(r.actor, r.reason) for r in out.refused] == [
        ("M1", "the mafia has one extra shot a night: M2's is used")]
    assert out.refused[0].reason.key == "refusal.side_one.extra.mafia"


def test_rule_4_004_the_mafia_kill_written_first_is_used_too() -> None:
    text = append_action(append_action("night = 1\n", Action("Laura", "kill", ("Julio",))), Action("Hernando", "kill", ("Alfredo",)))
    night = parse_night_file(text, "night-1.toml", GH, GH_STATE)
    out = resolve_night(GH, GH_STATE, night.actions, Rolls("h30gh", 1))
    assert [d.player for d in out.deaths] == ["Julio"]
    assert [(r.actor, r.reason) for r in out.refused] == [
        ("Hernando", "the mafia has one shot a night: Laura's is used")]


def test_rule_4_001_the_pair_keeps_its_reading_the_first_role_acts_whatever_the_file_order() -> None:
    # rulesets/new_year.toml: "Both of the pair (sheriff + sergeant) send: the first role in this file's order acts"
    state = new_game("h30pair", [{"nick": n, "role": r} for n, r in (("Ded", "Дед Мороз"), ("Snow", "Снегурочка"),
                                                                      ("Boss", "Санта Клаус"), ("A", "мирная зверюшка"))], NY)
    text = append_action(append_action("night = 1\n", Action("Snow", "check", ("Boss",))), Action("Ded", "kill", ("A",)))
    night = parse_night_file(text, "night-1.toml", NY, state)
    out = resolve_night(NY, state, night.actions, Rolls("h30pair", 1))
    assert [d.player for d in out.deaths] == ["A"]
    assert [(r.actor, r.reason) for r in out.refused] == [("Snow", "the pair has one action a night: Ded's kill is used")]
