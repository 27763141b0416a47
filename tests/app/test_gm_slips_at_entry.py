"""Three GM slips refused when typed, not found later.

* `night add` refuses an action on last night's target where the card may not repeat (the doctor's heal, the
  girl's block, the lawyer's alibi, heal-from-role from the same killer, 004 Хулио's "never twice"), with the
  night engine's own reason: before, it was written and `night resolve` refused it after the deadline.
* `replace --at` is refused before the current phase's start (a closed day would be recounted after its result
  was posted) and after the current phase (a typo of the year); exit 2, nothing applied.
* a theme.toml or template in `templates_dir` saved by Notepad as ANSI (windows-1251) or «Юникод» (UTF-16) is a
  RenderError naming the file and «save it as UTF-8», never a traceback; a BOM is read past (it made theme.toml a
  TOML syntax error and opened every post with an invisible U+FEFF).
"""
from __future__ import annotations

import json
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path

import pytest

import mafvote.game as game_mod
from mafvote.render import RenderError, render
from mafvote.rulesets import load as load_ruleset
from mafvote.store import Store
from mafvote_resolver import Action, ActionError, Rolls, apply_day, new_game, parse_night_file, resolve_night
from support import ok, run

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "tests" / "data" / "game" / "config.toml"     # the test game: New Year roles, night 1 first
AFTER = datetime(2027, 1, 2, 0, 0, tzinfo=timezone.utc)       # past day 1's deadline (2026-12-31 18:00 MSK)
SAVE_AS_UTF8 = "save it as UTF-8: in Notepad, Save As with Encoding UTF-8"

NY = [("Ronin", "Санта Клаус"), ("Trium", "Злой тролль"), ("Enzo", "Снеговик"), ("Nevermore", "Снежинка"),
      ("Гафф", "Хлопушка"), ("Соня", "мирная зверюшка"), ("Alisa", "Герда"), ("Exlay", "Снегурочка"),
      ("Алукард", "Дед Мороз"), ("Дени", "Щелкунчик"), ("Сальвия", "Снежная королева"), ("Puss", "мирная зверюшка")]
PECULIAR = [("Baron", "Мистер Барон"), ("Golan", "Доктор Голан"), ("Archer", "Мистер Арчер"), ("Hollow", "Пустота"),
            ("Abraham", "Абрахам"), ("Jacob", "Джейкоб Портман"), ("Enoch", "Енох О'Коннор"), ("Emma", "Эмма Блум"),
            ("A", "Странный ребёнок"), ("B", "Странный ребёнок")]
TIME_MACHINE = [("M1", "Мафиозо"), ("M2", "Мафиозо"), ("Com", "Комиссар"), ("Doc", "Доктор"), ("Man", "Маньяк"),
                ("A", "Мирный житель"), ("B", "Мирный житель")]
GRAND_HOTEL = [("Teresa", "Донья Тереса"), ("Alicia", "Алисия Аларкон"), ("Sofia", "София Аларкон"),
               ("Julio", "Хулио Ольмедо"), ("Diego", "Диего Муркиа"), ("Angela", "Анхела Салинас"),
               ("Alfredo", "Альфредо Вергара"), ("Andres", "Андрес Аларкон"), ("Catalina", "Каталина"),
               ("Elisa", "Донья Элиса"), ("Ayala", "Аяла"), ("Hernando", "Эрнандо"), ("Laura", "Лаура"),
               ("Javier", "Хавьер"), ("Benjamin", "Бенхамин")]


def after_first_night(ruleset_name: str, roster, first: list[Action]):
    """The ruleset and the state at night 2 (nobody hanged on day 1), night 1 being `first`."""
    ruleset = load_ruleset(ruleset_name)
    state = new_game("g", [{"nick": n, "role": r} for n, r in roster], ruleset)
    night1 = resolve_night(ruleset, state, first, Rolls("g", 1, {}))
    return ruleset, apply_day(ruleset, night1.state, []).state


def entry_problems(ruleset, state, action: Action) -> list[str]:
    # as `night add` checks it: the file with the new entry, not yet written (`unwritten=1`)
    try:
        parse_night_file("night = 2\n" + action.to_toml(), "night-2.toml", ruleset, state, unwritten=1)
    except ActionError as exc:
        return [p.message for p in exc.problems]
    return []


# ---- night add refuses last night's target with the engine's reason


@pytest.mark.parametrize("ruleset_name, roster, first, again, reason", [
    # RULES.md §4 doctor row: "no same heal target two nights running (lifted with 3 alive)"
    ("new_year", NY, Action("Enzo", "heal", ("Соня",)), Action("Enzo", "heal", ("Соня",)),
     "repeat target: Соня also last night (lifted only with 3 alive)"),
    # heal-from-role counts as healing its victims: a heal on last night's victim is a repeat
    ("new_year", NY, [Action("Enzo", "heal_from_role", role="мафия"), Action("Ronin", "kill", ("Puss",))],
     Action("Enzo", "heal", ("Puss",)), "repeat target: Puss also last night (lifted only with 3 alive)"),
    # "... and not against the same role two nights running" (a role of the same side is the same killer)
    ("new_year", NY, Action("Enzo", "heal_from_role", role="мафия"), Action("Enzo", "heal_from_role", role="Санта Клаус"),
     "repeat target: heal from Санта Клаус two nights running"),
    # girl row: "not the same player two nights running"
    ("new_year", NY, Action("Nevermore", "block", ("Trium",)), Action("Nevermore", "block", ("Trium",)),
     "repeat target: Trium also last night (lifted only with 3 alive)"),
    # lawyer row: "000 may not on consecutive nights"
    ("peculiar", PECULIAR, Action("Archer", "alibi", ("A",)), Action("Archer", "alibi", ("A",)),
     "repeat target: A also last night (lifted only with 3 alive)"),
    # 003 rule: "не может лечить 2 ночи подряд одного игрока", never lifted
    ("time_machine", TIME_MACHINE, Action("Doc", "heal", ("A",)), Action("Doc", "heal", ("A",)),
     "repeat target: A also last night (never twice running in this game)"),
    # 004 Хулио: "Дважды невозможно ходить к одному игроку"
    ("grand_hotel", GRAND_HOTEL, Action("Julio", "truth", ("Ayala",)), Action("Julio", "truth", ("Ayala",)),
     "repeat target: Ayala was visited before (never twice)"),
])
def test_rule_4_a_repeat_target_is_refused_at_entry_with_the_engines_reason(ruleset_name, roster, first, again, reason):
    ruleset, state = after_first_night(ruleset_name, roster, first if isinstance(first, list) else [first])
    [refusal] = resolve_night(ruleset, state, [again], Rolls("g", 2, {})).refused
    assert refusal.reason == reason
    assert entry_problems(ruleset, state, again) == [reason]


def test_rule_4_another_target_and_a_night_with_three_alive_are_taken_at_entry():
    ruleset, state = after_first_night("new_year", NY, [Action("Enzo", "heal", ("Соня",))])
    assert entry_problems(ruleset, state, Action("Enzo", "heal", ("Puss",))) == []
    # "Если ночь наступает, когда ... всего три человека, правило отменяется"
    keep = {"Enzo", "Соня", "Ronin"}
    three = replace(state, players=tuple(p if p.nick in keep else replace(p, alive=False, died="day 1")
                                         for p in state.players))
    assert entry_problems(ruleset, three, Action("Enzo", "heal", ("Соня",))) == []
    assert resolve_night(ruleset, three, [Action("Enzo", "heal", ("Соня",))], Rolls("g", 2, {})).refused == ()


# ---- the game on disk (CLI)


@pytest.fixture
def game_dir(tmp_path, monkeypatch):
    (tmp_path / "config.toml").write_text(CONFIG.read_text(encoding="utf-8").replace("{store}", "state/m.db"),
                                          encoding="utf-8")
    (tmp_path / "state").mkdir()
    with Store(tmp_path / "state" / "m.db"):
        pass                                  # a new game: no phase applied yet
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(game_mod, "utc_now", lambda: AFTER)
    return tmp_path


def refused(*args: str) -> str:
    """The command exits 2 with one error line; its message."""
    code, out, err = run(*args)
    assert (code, out) == (2, ""), err
    assert err.startswith("error: ") and err.count("\n") == 1, err
    return err[len("error: "):-1]


def state() -> dict:
    return json.loads(ok("state", "--format", "json"))


def to_night_2() -> None:
    """Night 1: the doctor Алукард heals Нежка; day 1 closed at its deadline, nobody hanged."""
    ok("night", "add", "--night", "1", "--actor", "Алукард", "Лечу Нежку")
    ok("night", "resolve", "--night", "1")
    ok("day", "close", "--day", "1", "--nobody")


def test_night_add_refuses_last_nights_heal_target_and_writes_nothing(game_dir):
    to_night_2()
    night2 = Path("state/nights/ny/night-2.toml")
    assert refused("night", "add", "--night", "2", "--actor", "Алукард", "Лечу Нежку") == (
        f"{night2.resolve()}: the new entry (not written): repeat target: Nejka also last night (lifted only with "
        "3 alive) (the night would refuse the action; ask Алукард for another target)")
    assert not night2.exists()
    assert ok("night", "add", "--night", "2", "--actor", "Алукард", "Лечу Соню") == (
        f"прочитано: Алукард: лечение → Соня\nзаписано в {night2.resolve()}\n")


def test_a_hand_written_repeat_heal_is_refused_alone_by_resolve_and_the_night_goes_on(game_dir):
    # in the file already (written by hand, or entered before the rule was checked): the engine refuses that
    # action with the same reason and resolves the rest, as the seeds' GMs did
    to_night_2()
    Path("state/nights/ny/night-2.toml").write_text(
        'night = 2\n\n[[actions]]\nactor = "Алукард"\nability = "heal"\ntargets = ["Нежка"]\n', encoding="utf-8")
    data = json.loads(ok("night", "resolve", "--night", "2", "--format", "json"))
    assert {"actor": "Алукард", "ability": "heal",
            "reason": "repeat target: Nejka also last night (lifted only with 3 alive)"} in data["refused"]
    assert state()["phase"]["kind"] == "day"


# ---- replace --at outside the current phase


def test_replace_at_a_time_in_a_closed_day_is_refused_naming_the_current_phase(game_dir):
    to_night_2()       # night 2 runs from day 1's deadline, 2026-12-31 18:00 MSK
    before = state()["applied"]
    assert refused("replace", "--player", "Ronin", "--by", "Новичок", "--at", "2026-12-31T12:00") == (
        "`replace --at` 2026-12-31 12:00: это в дне 1, который уже закрыт; замена с того момента пересчитала бы "
        "закрытые дни (голоса заменённого аккаунта пропали бы, а новый считался бы не проголосовавшим). Укажите "
        "время в текущей фазе (ночь 2, с 2026-12-31 18:00) или уберите --at (тогда — сейчас); если подсчёт "
        "закрытого дня должен измениться, сначала вернитесь к тому дню через `mafvote undo`")
    # a slip of the month: before the game began
    assert refused("replace", "--player", "Ronin", "--by", "Новичок", "--at", "2026-11-30T12:00").startswith(
        "`replace --at` 2026-11-30 12:00: это до начала игры (2026-12-29 20:00); замена с того момента "
        "пересчитала бы закрытые дни")
    # a slip of the year: after the current phase, the new account's votes would not count until then
    assert refused("replace", "--player", "Ronin", "--by", "Новичок", "--at", "2030-01-01T00:00") == (
        "`replace --at` 2030-01-01 00:00: это позже текущей фазы (ночь 2, до 2026-12-31 20:00); до того момента "
        "голоса нового аккаунта не считались бы за этого игрока. Укажите время в текущей фазе или уберите --at "
        "(тогда — сейчас); будущую замену вносят, когда она происходит")
    after = state()
    assert after["applied"] == before and after["replacements"] == []


def test_replace_at_the_current_phases_start_or_inside_it_is_taken(game_dir):
    to_night_2()
    assert ok("replace", "--player", "Ronin", "--by", "Новичок", "--at", "2026-12-31T18:00") == (
        "замена: слот Ronin — теперь Новичок, с 2026-12-31 18:00\n")
    assert state()["replacements"] == [{"old": "Ronin", "new": "Новичок"}]
    ok("undo")
    assert ok("replace", "--player", "Ronin", "--by", "Новичок", "--at", "2026-12-31T19:30") == (
        "замена: слот Ronin — теперь Новичок, с 2026-12-31 19:30\n")


def test_replace_before_the_first_phase_ends_may_date_from_before_the_start(game_dir):
    # a player who dropped out at sign-up: no phase is closed, so no count can change
    assert ok("replace", "--player", "Ronin", "--by", "Новичок", "--at", "2026-12-28T12:00") == (
        "замена: слот Ronin — теперь Новичок, с 2026-12-28 12:00\n")


# ---- the GM's theme and template files in Notepad's encodings

NIGHT = {"outcome": {"night": 1, "deaths": []}}


def gm_folder(tmp_path: Path, name: str, data: bytes) -> Path:
    folder = tmp_path / "my"
    (folder / "new_year").mkdir(parents=True)
    (folder / "new_year" / name).write_bytes(data)
    return folder


THEME = '[phrases.night]\nno_deaths = "Все живы: Дед Мороз доволен"\n'
TEMPLATE = "Ночь {{ 1 + 1 }}\n{{ phrase('night.no_deaths') }}\n"


@pytest.mark.parametrize("name, data, where, what", [
    ("theme.toml", THEME.encode("cp1251"), "line 2: ", "the file is not UTF-8 (saved as ANSI / windows-1251?)"),
    ("theme.toml", THEME.encode("utf-16"), "", "the file is UTF-16 (Notepad's «Юникод»/«Unicode»), not UTF-8"),
    ("night.j2", TEMPLATE.encode("cp1251"), "line 1: ", "the file is not UTF-8 (saved as ANSI / windows-1251?)"),
    ("night.j2", TEMPLATE.encode("utf-16"), "", "the file is UTF-16 (Notepad's «Юникод»/«Unicode»), not UTF-8"),
])
def test_a_gm_file_in_another_encoding_is_a_render_error_naming_it(tmp_path, name, data, where, what):
    folder = gm_folder(tmp_path, name, data)
    with pytest.raises(RenderError) as info:
        render("new_year", "night", NIGHT, fmt="text", templates_dir=folder)
    assert str(info.value) == f"{folder / 'new_year' / name}: {where}{what}; {SAVE_AS_UTF8}"


def test_a_bom_is_read_past_in_a_theme_file_and_in_a_template(tmp_path):
    theme = gm_folder(tmp_path / "t", "theme.toml", THEME.encode("utf-8-sig"))
    assert render("new_year", "night", NIGHT, fmt="text", templates_dir=theme) == "Все живы: Дед Мороз доволен\n"
    template = gm_folder(tmp_path / "j", "night.j2", TEMPLATE.replace("\n", "\r\n").encode("utf-8-sig"))
    out = render("new_year", "night", NIGHT, fmt="bbcode", templates_dir=template, variant=1)
    assert out == "Ночь 2\nТрупов нет: все дожили до утра!\n"     # no U+FEFF first, no \r


def test_render_command_names_the_ansi_theme_file_and_exits_2(game_dir):
    config = game_dir / "config.toml"
    config.write_text(config.read_text(encoding="utf-8").replace('gm = ["Ведущий"]',
                                                                 'gm = ["Ведущий"]\ntemplates_dir = "my"'),
                      encoding="utf-8")
    (game_dir / "my" / "new_year").mkdir(parents=True)
    (game_dir / "my" / "new_year" / "theme.toml").write_bytes(THEME.encode("cp1251"))
    ok("night", "resolve", "--night", "1")
    assert refused("render", "night", "1") == (f"{(game_dir / 'my' / 'new_year' / 'theme.toml').resolve()}: line 2: "
                                              f"the file is not UTF-8 (saved as ANSI / windows-1251?); {SAVE_AS_UTF8}")
