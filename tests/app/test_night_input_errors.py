"""A GM's night input never ends in a traceback or a surprise at resolve.

A night file saved by Notepad (windows-1251 "ANSI", UTF-16 "Unicode", UTF-8 with a BOM), a folder in its place,
`[actions]` with single brackets, a quoted night number: each is refused with the file, the line and what to do,
exit status 2, nothing applied; a BOM is simply read past (also in config.toml and rulesets). `night add` refuses
at entry what `night resolve` would refuse whole (the same target twice, a card aimed at its sender), with the
engine's own reason, and reads targets written with Latin/Cyrillic look-alike letters in any case form.
"""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from mafvote.config import ConfigError, describe, load_config
from mafvote.rulesets import load as load_ruleset
from mafvote_resolver import Action, ActionError, Rolls, new_game, parse_night_file, read_action, resolve_night
from mafvote_resolver.errors import RulesetError
from support.cli import ok, run, state
from support.game_dir import make_new_game_dir, refused, to_night_2

ROOT = Path(__file__).resolve().parents[2]
NIGHT1 = Path("state/nights/ny/night-1.toml")
SAVE_AS_UTF8 = "(сохраните его в UTF-8: в Блокноте — «Сохранить как», кодировка UTF-8)"
KILL_SONYA = 'night = 1\n[[actions]]\nactor = "РэдДи"\nability = "kill"\ntargets = ["Соня"]\n'

# the resolver-level tests' games (no store): rulesets new_year and peculiar (000)
NY_ROSTER = [{"nick": n, "role": r} for n, r in [
    ("Ronin", "Санта Клаус"), ("Trium", "Злой тролль"), ("Enzo", "Снеговик"), ("Nevermore", "Снежинка"),
    ("Гафф", "Хлопушка"), ("Соня", "мирная зверюшка"), ("Alisa", "Герда"), ("Exlay", "Снегурочка"),
    ("Алукард", "Дед Мороз"), ("Дени", "Щелкунчик"), ("Сальвия", "Снежная королева"), ("Puss", "мирная зверюшка")]]
PECULIAR_ROSTER = [{"nick": n, "role": r} for n, r in [
    ("Baron", "Мистер Барон"), ("Golan", "Доктор Голан"), ("Archer", "Мистер Арчер"), ("Hollow", "Пустота"),
    ("Abraham", "Абрахам"), ("Jacob", "Джейкоб Портман"), ("Enoch", "Енох О'Коннор"), ("Emma", "Эмма Блум"),
    ("A", "Странный ребёнок"), ("B", "Странный ребёнок")]]


@pytest.fixture
def game_dir(tmp_path, monkeypatch):
    make_new_game_dir(tmp_path, monkeypatch)
    (tmp_path / NIGHT1).parent.mkdir(parents=True)
    return tmp_path


def applied() -> list:
    code, out, err = run("state", "--format", "json")
    assert code == 0, err
    return json.loads(out)["applied"]


def refused_whole(*args: str) -> str:
    """The command exits 2 with one error line and applies nothing; its message."""
    code, out, err = run(*args)
    assert (code, out) == (2, ""), err
    assert err.startswith("ошибка: ") and err.count("\n") == 1, err
    return err[len("ошибка: "):-1]


RESOLVE = ("night", "resolve", "--night", "1", "--dry-run")
ADD = ("night", "add", "--night", "1", "--actor", "Алукард", "Лечу Нежку")


# ---- how Windows editors save a night file


def test_night_file_saved_as_windows_1251_is_refused_naming_its_line_by_resolve_and_add(game_dir):
    path = game_dir / NIGHT1
    path.write_bytes(KILL_SONYA.encode("cp1251"))      # Notepad's "ANSI" on a Russian Windows
    # line 3 is the first with a Cyrillic letter (the actor РэдДи)
    expected = f"{NIGHT1.resolve()}: строка 3: файл не в UTF-8 (сохранён как ANSI / `windows-1251`?) {SAVE_AS_UTF8}"
    assert refused_whole(*RESOLVE) == expected
    assert refused_whole("night", "resolve", "--night", "1") == expected
    assert refused_whole(*ADD) == expected
    assert path.read_bytes() == KILL_SONYA.encode("cp1251")     # night add did not rewrite it
    assert applied() == []


def test_night_file_saved_as_utf16_is_refused_saying_so(game_dir):
    (game_dir / NIGHT1).write_bytes(KILL_SONYA.encode("utf-16"))     # Notepad's «Юникод»
    assert refused_whole(*RESOLVE) == (f"{NIGHT1.resolve()}: файл в кодировке UTF-16 («Юникод» в Блокноте), "
                                       f"а нужна UTF-8 {SAVE_AS_UTF8}")


def test_night_file_with_a_bom_is_read_like_any_other(game_dir):
    path = game_dir / NIGHT1
    path.write_bytes(KILL_SONYA.encode("utf-8-sig"))   # Notepad's "UTF-8 with BOM"
    code, out, err = run(*RESOLVE, "--format", "json")
    assert code == 0, err
    assert [d["player"] for d in json.loads(out)["deaths"]] == ["Соня"]
    code, out, err = run(*ADD)
    assert code == 0, err
    assert out.startswith("прочитано: Алукард: лечение → Nejka\n")
    text = path.read_text(encoding="utf-8")
    assert not text.startswith("\ufeff") and text.count("[[actions]]") == 2 and 'targets = ["Nejka"]' in text


def test_night_file_with_windows_line_ends_keeps_its_line_numbers(game_dir):
    (game_dir / NIGHT1).write_bytes(KILL_SONYA.replace('"Соня"', '"Соня", "Никто"').replace("\n", "\r\n")
                                    .encode("utf-8"))
    assert refused_whole(*RESOLVE).startswith(f"{NIGHT1.resolve()}: строка 2: `targets`: игрока «Никто» нет в игре")


def test_a_folder_in_place_of_the_night_file_is_refused_not_a_traceback(game_dir):
    (game_dir / NIGHT1).mkdir()
    expected = (f"{NIGHT1.resolve()}: это папка, а не файл (night-1.toml должен быть текстовым файлом: удалите или "
                "переименуйте папку)")
    assert refused_whole(*RESOLVE) == expected
    assert refused_whole(*ADD) == expected
    assert (game_dir / NIGHT1).is_dir() and applied() == []


# ---- the commonest TOML slips


def test_actions_with_single_brackets_names_the_line_and_double_brackets(game_dir):
    (game_dir / NIGHT1).write_text(KILL_SONYA.replace("[[actions]]", "[actions]"), encoding="utf-8")
    assert refused_whole(*RESOLVE) == (f"{NIGHT1.resolve()}: строка 2: `[actions]` — одна таблица "
                                       "(пишите `[[actions]]` (двойные скобки): по таблице на каждое действие)")
    assert applied() == []


def test_rolls_with_single_brackets_names_the_line_and_double_brackets(game_dir):
    text = KILL_SONYA + '\n[rolls]\nactor = "РэдДи"\nname = "evidence"\nvalue = false\n'
    (game_dir / NIGHT1).write_text(text, encoding="utf-8")
    assert refused_whole(*RESOLVE) == (f"{NIGHT1.resolve()}: строка 7: `[rolls]` — одна таблица "
                                       "(пишите `[[rolls]]` (двойные скобки): по таблице на каждый бросок)")


def test_actions_that_are_not_tables_are_refused_with_their_line(game_dir):
    (game_dir / NIGHT1).write_text('night = 1\nactions = ["РэдДи убивает Соню"]\n', encoding="utf-8")
    assert refused_whole(*RESOLVE) == (f"{NIGHT1.resolve()}: `actions[0]`: действие — это таблица, а не `'РэдДи "
                                       "убивает Соню'` (пишите каждое действие под `[[actions]]`: `actor = \"...\"`, "
                                       "`ability = \"...\"`, `targets = [...]`)")


def test_night_add_after_a_hand_written_single_bracket_action_names_that_line_not_a_toml_clash(game_dir):
    path = game_dir / NIGHT1
    path.write_text(KILL_SONYA.replace("[[actions]]", "[actions]"), encoding="utf-8")
    assert refused_whole(*ADD) == (f"{NIGHT1.resolve()}: строка 2: `[actions]` — одна таблица "
                                   "(пишите `[[actions]]` (двойные скобки): по таблице на каждое действие)")
    assert path.read_text(encoding="utf-8") == KILL_SONYA.replace("[[actions]]", "[actions]")


@pytest.mark.parametrize("written, message", [
    ('targets = 5', 'targets must be a list of names, not 5 (write targets = ["Вася"] or targets = ["Вася", "Петя"])'),
    ('targets = [1]', 'targets must be a list of names, not [1] (write targets = ["Вася"] or targets = ["Вася", "Петя"])'),
    ('targets = [["Соня"]]', "targets must be a list of names, not [['Соня']] (write targets = [\"Вася\"] or "
                             'targets = ["Вася", "Петя"])'),
    ('targets = ["Соня"]\nkill = 7', 'kill must be a list of names, not 7 (write kill = ["Вася"] or kill = ["Вася", '
                                     '"Петя"])'),
    ('targets = ["Соня"]\nrole = 3', 'role must be text in quotes, not 3 (write role = "...")'),
])
def test_an_action_value_of_the_wrong_type_is_refused_with_its_line(written, message):
    ruleset = load_ruleset("new_year")
    state = new_game("g", NY_ROSTER, ruleset)
    text = f'night = 1\n[[actions]]\nactor = "Ronin"\nability = "kill"\n{written}\n'
    with pytest.raises(ActionError) as info:
        parse_night_file(text, "night-1.toml", ruleset, state)
    assert [str(p) for p in info.value.problems] == [f"night-1.toml: line 2: {message}"]


def test_quoted_night_number_says_night_must_be_a_number(game_dir):
    (game_dir / NIGHT1).write_text(KILL_SONYA.replace("night = 1", 'night = "1"'), encoding="utf-8")
    assert refused_whole(*RESOLVE) == (f"{NIGHT1.resolve()}: строка 1: `night` должно быть числом, а не `'1'` "
                                       "(впишите `night = 1` без кавычек)")
    assert refused_whole(*ADD) == (f"{NIGHT1.resolve()}: строка 1: `night` должно быть числом, а не `'1'` "
                                   "(впишите `night = 1` без кавычек)")
    assert applied() == []


# ---- night add refuses at entry what the night would refuse whole


def test_night_add_refuses_the_same_target_twice_and_writes_nothing(game_dir):
    assert refused_whole("night", "add", "--night", "1", "--actor", "РэдДи", "Убиваю Соню и Соню") == (
        f"{NIGHT1.resolve()}: новая запись (не записана): одна и та же цель дважды (Соня, Соня) (ночь отказала бы "
        "во всём действии; спросите у игрока РэдДи, кто имелся в виду, и впишите каждую цель один раз)")
    assert not (game_dir / NIGHT1).exists()


def test_night_add_refuses_the_boss_killing_himself_and_writes_nothing(game_dir):
    for text in ("Убиваю Рэдди и Соню", "Убиваю РэдДи"):
        message = refused_whole("night", "add", "--night", "1", "--actor", "РэдДи", text)
        assert message == (f"{NIGHT1.resolve()}: новая запись (не записана): «убийство» нельзя направить на себя "
                           f"({'РэдДи, Соня' if 'Соню' in text else 'РэдДи'}) (ночь отказала бы во всём действии; "
                           "спросите у игрока РэдДи другую цель)")
    assert not (game_dir / NIGHT1).exists()


def test_night_add_still_takes_a_self_target_the_card_allows(game_dir):
    # RULES.md §4: the doctor's heal, self allowed
    code, out, err = run("night", "add", "--night", "1", "--actor", "Алукард", "Лечу себя")
    assert code == 0, err
    assert out.startswith("прочитано: Алукард: лечение → Алукард\n")


def test_a_night_file_written_by_hand_with_a_target_twice_is_refused_alone_at_resolve(game_dir):
    # only `night add` refuses it at entry; an action already in the file is the engine's to refuse, alone
    (game_dir / NIGHT1).write_text(KILL_SONYA.replace('["Соня"]', '["Соня", "соня"]'), encoding="utf-8")
    code, out, err = run(*RESOLVE, "--format", "json")
    assert code == 0, err
    assert {"actor": "РэдДи", "ability": "kill", "reason": "the same target twice"} in json.loads(out)["refused"]


@pytest.mark.parametrize("ruleset_name, roster, action", [
    ("new_year", NY_ROSTER, Action("Ronin", "kill", ("Соня", "Соня"))),
    ("new_year", NY_ROSTER, Action("Ronin", "kill", ("Ronin", "Соня"))),
    ("new_year", NY_ROSTER, Action("Nevermore", "block", ("Nevermore",))),       # the girl: no self (RULES.md §4)
    ("peculiar", PECULIAR_ROSTER, Action("Hollow", "block", ("Hollow",))),       # 000 Пустота: no self
    # Абрахам copying Эмма's block aims it at himself: the copied card's rule, as the engine applies it
    ("peculiar", PECULIAR_ROSTER, Action("Abraham", "copy", ("Abraham",), role="Эмма Блум")),
])
def test_entry_check_and_engine_refuse_with_one_reason(ruleset_name, roster, action):
    ruleset = load_ruleset(ruleset_name)
    state = new_game("g", roster, ruleset)
    outcome = resolve_night(ruleset, state, [action], Rolls("g", 1, {}))
    [refusal] = outcome.refused
    with pytest.raises(ActionError) as info:
        parse_night_file("night = 1\n" + action.to_toml(), "night-1.toml", ruleset, state, unwritten=1)
    [problem] = info.value.problems
    assert problem.message == f"{refusal.reason} ({', '.join(action.targets)})"


def test_abraham_copying_a_heal_may_heal_himself_as_the_doctor_may():
    ruleset = load_ruleset("peculiar")
    state = new_game("g", PECULIAR_ROSTER, ruleset)
    action = Action("Abraham", "copy", ("Abraham",), role="Енох О'Коннор", copy="heal")
    night = parse_night_file("night = 1\n" + action.to_toml(), "night-1.toml", ruleset, state)
    assert night.actions == (Action("Abraham", "copy", ("Abraham",), role="Енох О'Коннор", copy="heal", line=2),)
    assert resolve_night(ruleset, state, list(night.actions), Rolls("g", 1, {})).refused == ()


# ---- look-alike letters in a case form


@pytest.mark.parametrize("text, targets", [
    ("Убиваю Cоню", ("Соня",)),                 # a Latin C in the accusative
    ("Убиваю Cальвию", ("Сальвия",)),
    ("Убиваю Cони и Puss", ("Соня", "Puss")),   # the genitive, beside a Latin nick
    ("Убиваю Rоnin'а", ("Ronin",)),             # a Cyrillic о in a Latin nick with a Russian ending
])
def test_night_text_reads_lookalike_letters_in_any_case_form(text, targets):
    ruleset = load_ruleset("new_year")
    state = new_game("g", NY_ROSTER, ruleset)
    [action] = read_action(text, "Злой тролль", state.players, ruleset, actor="Trium", state=state)
    assert (action.ability, action.targets) == ("kill", targets)


def test_night_add_takes_a_latin_c_in_sonya_as_votes_and_actor_do(game_dir):
    code, out, err = run("night", "add", "--night", "1", "--actor", "РэдДи", "Убиваю Cоню")   # Latin C
    assert code == 0, err
    assert out.startswith("прочитано: РэдДи: убийство → Соня\n")
    assert 'targets = ["Соня"]' in (game_dir / NIGHT1).read_text(encoding="utf-8")


def test_a_name_matching_nobody_even_with_lookalikes_folded_is_still_refused():
    ruleset = load_ruleset("new_year")
    state = new_game("g", NY_ROSTER, ruleset)
    with pytest.raises(ActionError) as info:
        read_action("Убиваю Cерёжу", "Злой тролль", state.players, ruleset, actor="Trium", state=state)
    assert str(info.value) == ("night add: 'Убиваю Cерёжу': player 'Cерёжу' is not in the game (check the spelling "
                               "or add an alias to the roster)")


# ---- the config and the rulesets are read the same way


def test_config_with_a_bom_is_read(game_dir):
    path = game_dir / "config.toml"
    path.write_bytes(path.read_text(encoding="utf-8").encode("utf-8-sig"))
    assert [g.id for g in load_config(path).games] == ["ny"]
    code, out, err = run("check")
    assert code == 0, err


def test_config_in_windows_1251_is_refused_naming_the_line(game_dir):
    path = game_dir / "config.toml"
    text = path.read_text(encoding="utf-8")
    path.write_bytes(text.encode("cp1251"))
    line = text[:text.index("Новогодняя")].count("\n") + 1
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert [describe(p) for p in info.value.problems] == [
        f"{path}: строка {line}: файл не в UTF-8 (сохранён как ANSI / `windows-1251`?) "
        "(подсказка: сохраните его в UTF-8: в Блокноте — «Сохранить как», кодировка UTF-8)"]


def test_ruleset_with_a_bom_loads_and_one_in_windows_1251_is_refused_naming_the_line(tmp_path):
    text = (ROOT / "rulesets" / "new_year.toml").read_text(encoding="utf-8")
    (tmp_path / "bom.toml").write_bytes(text.encode("utf-8-sig"))
    bundled = load_ruleset("new_year")
    assert replace(load_ruleset(tmp_path / "bom.toml"), source=bundled.source) == bundled
    (tmp_path / "ansi.toml").write_bytes(text.encode("cp1251"))
    line = next(i for i, t in enumerate(text.splitlines(), 1) if any(ord(ch) > 127 for ch in t))
    with pytest.raises(RulesetError) as info:
        load_ruleset(tmp_path / "ansi.toml")
    assert [str(p) for p in info.value.problems] == [
        f"{tmp_path / 'ansi.toml'}: строка {line}: файл не в UTF-8 (сохранён как ANSI / `windows-1251`?) "
        "(сохраните его в UTF-8: в Блокноте — «Сохранить как», кодировка UTF-8)"]


def test_check_reads_a_ruleset_with_a_bom_and_names_the_line_of_one_in_windows_1251(game_dir):
    # `mafvote check` reads a game's ruleset as the game does: Notepad's BOM is read past (it used to be "TOML
    # syntax error at line 1, column 1" in check while the game itself loaded the file)
    text = (ROOT / "rulesets" / "new_year.toml").read_text(encoding="utf-8")
    (game_dir / "mine.toml").write_bytes(text.encode("utf-8-sig"))
    config = game_dir / "config.toml"
    config.write_text(config.read_text(encoding="utf-8").replace('ruleset = "new_year"', 'ruleset = "mine.toml"'),
                      encoding="utf-8")
    code, out, err = run("check")
    assert code == 0, out + err
    (game_dir / "mine.toml").write_bytes(text.encode("cp1251"))
    line = next(i for i, t in enumerate(text.splitlines(), 1) if any(ord(ch) > 127 for ch in t))
    code, out, err = run("check")
    assert code == 2
    assert f"mine.toml: строка {line}: файл не в UTF-8 (сохранён как ANSI / `windows-1251`?)" in out + err


# ---- a hand-edited night file with several mistakes (issue 15 point 8)


def test_a_duplicate_actor_and_the_files_other_mistakes_are_named_all_at_once(game_dir):
    # the GM pasted Алукард's heal twice, mistyped a target and gave РэдДи an ability his card does not have:
    # one run names all three, each with its line, so one edit fixes the file (issue 15.8 saw the duplicate
    # alone, the rest one at a time after each fix; main already checks every entry before refusing)
    (game_dir / NIGHT1).write_text(
        'night = 1\n'
        '[[actions]]\nactor = "Алукард"\nability = "heal"\ntargets = ["Соня"]\n'
        '[[actions]]\nactor = "Алукард"\nability = "heal"\ntargets = ["Nejka"]\n'
        '[[actions]]\nactor = "King Eciton"\nability = "kill"\ntargets = ["Никто"]\n'
        '[[actions]]\nactor = "РэдДи"\nability = "fly"\ntargets = ["Соня"]\n', encoding="utf-8")
    path = str(NIGHT1.resolve())
    expected = [(f"{path}: строка 6: у игрока Алукард уже есть действие (строка 2) (у роли одно действие за ночь; "
                 "оставьте одну запись)",),
                (f"{path}: строка 10: `targets`: игрока «Никто» нет в игре",),
                (f"{path}: строка 14: у игрока РэдДи (Санта Клаус) этой ночью нет действия `fly` (роль может: "
                 "убийство, запугивание, убийство с запугиванием, вопрос)",)]
    for args in (RESOLVE, ("night", "resolve", "--night", "1")):
        code, out, err = run(*args)
        assert (code, out) == (2, ""), err
        lines = err.removeprefix("ошибка: ").splitlines()
        assert len(lines) == len(expected), err
        for line, words in zip(lines, expected):
            assert line == words[0], err
    # night add for another player names the same three, and writes nothing
    code, out, err = run("night", "add", "--night", "1", "--actor", "King Eciton", "Убиваю Соню")
    assert (code, out) == (2, "") and err.count(f"{path}: строка ") == 3, err
    assert applied() == [] and (game_dir / NIGHT1).read_text(encoding="utf-8").count("[[actions]]") == 4


# ---- night add refuses last night's target; a hand-written repeat is refused alone by resolve

def test_night_add_refuses_last_nights_heal_target_and_writes_nothing(new_game_dir):
    to_night_2()
    night2 = Path("state/nights/ny/night-2.toml")
    assert refused("night", "add", "--night", "2", "--actor", "Алукард", "Лечу Нежку") == (
        f"{night2.resolve()}: новая запись (не записана): повтор цели: Nejka — цель и прошлой ночью (запрет "
        "снимается, когда в живых 3) (ночь отказала бы в действии; спросите у игрока Алукард другую цель)")
    assert not night2.exists()
    assert ok("night", "add", "--night", "2", "--actor", "Алукард", "Лечу Соню") == (
        f"прочитано: Алукард: лечение → Соня\nзаписано в {night2.resolve()}\n")


def test_a_hand_written_repeat_heal_is_refused_alone_by_resolve_and_the_night_goes_on(new_game_dir):
    # in the file already (written by hand, or entered before the rule was checked): the engine refuses that
    # action with the same reason and resolves the rest, as the seeds' GMs did
    to_night_2()
    Path("state/nights/ny/night-2.toml").write_text(
        'night = 2\n\n[[actions]]\nactor = "Алукард"\nability = "heal"\ntargets = ["Нежка"]\n', encoding="utf-8")
    data = json.loads(ok("night", "resolve", "--night", "2", "--format", "json"))
    assert {"actor": "Алукард", "ability": "heal",
            "reason": "repeat target: Nejka also last night (lifted only with 3 alive)"} in data["refused"]
    assert state()["phase"]["kind"] == "day"


def test_night_0_says_nights_are_numbered_from_1(game):
    code, _, err = run("night", "add", "--night", "0", "--actor", "Франклин", "Убиваю Рики")
    assert code == 2
    assert err == "ошибка: ночь 0: ночи нумеруются с 1 (следующая ночь игры — 1)\n"
    code, _, err = run("night", "resolve", "--night", "0")
    assert code == 2 and "ночи нумеруются с 1" in err
