"""What a GM trips over at the command line, end to end through `mafvote`.

The game is tests/data/small_fixes/config.toml (the bundled MyBB vote thread, New Year roles); a wrong ruleset is a
copy of rulesets/new_year.toml with one line changed, as a GM would make it. Each test pins what the GM sees:
the exit status and the exact message; that a refused command changes nothing; the text of the live count.
"""
from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest

import mafvote.game as game_mod
import mafvote_tally as T
from support import at, count, fill_store, ok, post, red, run


ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "tests" / "data" / "small_fixes" / "config.toml"
NEW_YEAR = ROOT / "rulesets" / "new_year.toml"
AFTER = datetime(2027, 1, 2, 0, 0, tzinfo=timezone.utc)


def write_game(folder: Path, *, ruleset_edit: tuple[str, str] | None = None) -> None:
    text = CONFIG.read_text(encoding="utf-8").replace("{store}", "state/m.db")
    if ruleset_edit is not None:
        old, new = ruleset_edit
        rules = NEW_YEAR.read_text(encoding="utf-8")
        assert rules.count(old) == 1, old
        (folder / "mine.toml").write_text(rules.replace(old, new), encoding="utf-8")
        text = text.replace('ruleset = "new_year"', 'ruleset = "mine.toml"')
    (folder / "config.toml").write_text(text, encoding="utf-8")
    fill_store(folder / "state" / "m.db")


@pytest.fixture
def game_dir(tmp_path, monkeypatch):
    write_game(tmp_path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(game_mod, "utc_now", lambda: AFTER)
    return tmp_path


def steps() -> int:
    """How many steps `undo` could take back."""
    return len(json.loads(ok("state", "--format", "json")).get("applied") or ())


# --- a ruleset's mistakes stop `check` and every command with exit 2, never a traceback -------------

@pytest.mark.parametrize("edit, problem", [
    (("reveal_while_alive_gt = 10", 'reveal_while_alive_gt = "ten"'),
     'mine.toml: game.reveal_while_alive_gt: нужно: целое число; написано: "ten" '
     "(пишите так: `reveal_while_alive_gt = 10`)"),
    (("evidence = [0.0, 0.75]", 'evidence = ["0", "x"]'),
     'mine.toml: boss.abilities[0].evidence: нужно: список чисел; написано: ["0", "x"] '
     "(пишите так: `evidence = [0.5, 0.25]`)"),
    (("penalty_votes = 2 ", "penalty_vote = 3 "),
     "mine.toml: votes.penalty_vote: неизвестный ключ (может быть, `penalty_votes`?)"),
    (('deaths_header = "Трупы"', 'deth = "Трупы"'),
     "mine.toml: texts.deth: неизвестный ключ: эту строку игра не читает (может быть, `death`?)"),
])
def test_rule_a_ruleset_mistake_is_exit_2_from_check_and_from_every_command(tmp_path, monkeypatch, edit, problem):
    write_game(tmp_path, ruleset_edit=edit)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(game_mod, "utc_now", lambda: AFTER)
    code, out, err = run("check")
    # `check` writes the hint as "(подсказка: ...)"; the other commands as the bare "(...)"
    assert code == 2 and problem.replace(" (", " (подсказка: ", 1) in out + err and "Traceback" not in out + err
    assert (out + err).rstrip().endswith("config.toml: 1 ошибка")
    for command in (["tally"], ["state"], ["night", "add", "--night", "1", "--actor", "РэдДи", "Убиваю Алису"]):
        code, out, err = run(*command)
        assert code == 2 and problem in err and "Traceback" not in err, command


# --- `replace --by` a name votes would read as an existing player --------------------------------------

def test_rule_2_replace_by_a_look_alike_nick_is_refused_and_changes_nothing(game_dir):
    before = steps()
    code, _, err = run("replace", "--player", "Puss", "--by", "Rоnin")    # Cyrillic о
    assert code == 2
    assert err == ('error: replace: "Rоnin" looks the same (Latin/Cyrillic look-alike letters) as Ronin, a player '
                   "of game ny: votes could not tell the two apart (RULES.md §2); check the new account's nick as "
                   "the forum shows it\n")
    code, _, err = run("replace", "--player", "Puss", "--by", "алиса")     # Alisa's alias, another case
    assert code == 2 and '"алиса" is the same name (case, ё/е, spaces and punctuation aside) as Alisa' in err
    assert steps() == before
    assert [p["player"] for p in json.loads(ok("state", "--format", "json"))["alive"]][-2:] == ["Ronin", "Puss"]


# --- `render --variant` names what exists --------------------------------------------------------------

@pytest.mark.parametrize("variant, message", [
    ("99", "Invalid value for --variant: 99: theme new_year has 3 styles (0–2); write --variant 2 or less"),
    ("foo=1", "Invalid value for --variant: foo=1: theme new_year has no phrase 'foo'; its phrases with variants: "
              "night.title, night.deaths, night.no_deaths, night.silenced, night.deadline, day.hanged, day.deadline"),
    ("night.deths=1", "Invalid value for --variant: night.deths=1: theme new_year has no phrase 'night.deths'; "
                      "did you mean night.deaths, night.no_deaths, night.deadline?"),
    ("night.deaths=3", "Invalid value for --variant: night.deaths=3: phrase night.deaths of theme new_year has "
                       "3 variants (0–2)"),
])
def test_rule_render_variant_that_does_not_exist_is_exit_2_naming_what_does(game_dir, variant, message):
    code, out, err = run("render", "votecount", "1", "--variant", variant)
    assert code == 2 and out == ""
    assert " ".join(err.split()).endswith(message)


def test_rule_render_variant_that_exists_renders(game_dir):
    assert ok("render", "votecount", "1", "--variant", "2").startswith("[b]Подсчёт голосов, день 1[/b]")
    assert ok("render", "votecount", "1", "--variant", "night.deaths=2").startswith("[b]Подсчёт голосов, день 1[/b]")


# --- a silenced voter is marked in the live count -------------------------------------------------------

def test_rule_3_5_silenced_voter_is_marked_so_names_and_number_agree():
    posts = [post("Соня", "10:00", red("Петя")), post("Вася", "11:00", red("Петя")),
             post("Ronin", "12:00", red("Петя")), post("Nejka", "12:30", red("Вася"))]
    t = count(posts, view="public", as_of=at("13:00"), silences=(T.Silence("Соня", True),))
    text = T.format_bbcode(t, at("19:45"))
    # the silenced voter after the counted ones, never a bracket inside the list's brackets
    assert "[color=#FF0000]Петя[/color] — 2 голоса (Вася, Ronin; без голоса: Соня)\n" in text
    assert "Лишены голоса: Соня\n" in text
    plain = T.format_bbcode(t, at("19:45"), markup=False)
    assert "Петя — 2 голоса (Вася, Ronin; без голоса: Соня)\n" in plain


def test_rule_3_5_live_count_after_a_silencing_night_marks_the_silenced(game_dir):
    for actor, text in (("РэдДи", "Убиваю Алису"), ("Алукард", "Лечу Нежку"), ("Puss", "Блокирую Соню"),
                        ("Невермор", "Забираю Ронина")):
        ok("night", "add", "--night", "1", "--actor", actor, text)
    ok("night", "roll", "--night", "1", "--actor", "Puss", "silence", "yes")
    ok("night", "resolve", "--night", "1")
    post_ = ok("render", "votecount", "1")
    line = next(x for x in post_.splitlines() if "Соня" in x and "голос" in x and x.startswith("[color=#FF0000]"))
    assert "без голоса: Соня" in line
    assert "Лишены голоса: Соня" in post_


# --- an excuse from a night action that no rule punishes ---------------------------------------------------

def test_rule_3_6_excuse_night_without_duty_is_refused_and_records_nothing(game_dir):
    before = steps()
    code, out, err = run("state", "excuse", "--player", "Алукард", "--day", "1", "--night")
    assert code == 2 and out == ""
    assert err == ("error: `state excuse --night`: в этой игре за пропуск ночного действия не наказывают, "
                   "освобождать не от чего (набор правил `new_year`: `night_action_is_duty = false`). Чтобы освободить "
                   "от дневного голосования, уберите --night\n")
    assert steps() == before
    assert ok("state", "excuse", "--player", "Алукард", "--day", "1") == (
        "Алукард: освобождение на день 1: ни штрафа, ни пропуска за голосование\n")
    assert steps() == before + 1


def test_rule_3_6_excuse_night_with_duty_says_what_it_spares(tmp_path, monkeypatch):
    write_game(tmp_path, ruleset_edit=("night_action_is_duty = false", "night_action_is_duty = true"))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(game_mod, "utc_now", lambda: AFTER)
    assert ok("state", "excuse", "--player", "Алукард", "--day", "1", "--night") == (
        "Алукард: освобождение от ночного действия ночи 1: ни штрафа, ни пропуска за него на подсчёте дня 1\n")
    assert ok("state", "excuse", "--player", "Puss", "--day", "1") == (
        "Puss: освобождение на день 1: ни штрафа, ни пропуска за голосование и за ночное действие ночи 1\n")


# --- names after a замена --------------------------------------------------------------------------------

def test_rule_2_votes_of_the_old_account_are_the_slots_history(game_dir):
    ok("replace", "--player", "Nejka", "--by", "Снежок", "--at", "2027-01-01T12:00")
    by_old = ok("votes", "--player", "Nejka")
    assert by_old == ok("votes", "--player", "Снежок")
    lines = by_old.splitlines()
    assert lines[0] == "Nejka — голоса:" and len(lines) > 1   # the slot's votes, the old account's among them
    assert json.loads(ok("votes", "--player", "nejka", "--format", "json"))["player"] == "Nejka"
    assert ok("votes", "--player", "Нежка") == by_old     # the old account in Cyrillic, as votes read it


def test_rule_2_night_action_naming_the_old_account_says_who_plays_the_slot(game_dir):
    ok("replace", "--player", "Nejka", "--by", "Снежок")
    code, _, err = run("night", "add", "--night", "1", "--actor", "РэдДи", "Убиваю Nejka")
    assert code == 2
    assert err == ("error: night add: 'Убиваю Nejka': player 'Nejka' is the old account of the slot now played by "
                   "Снежок (замена) (write Снежок)\n")
    ok("night", "add", "--night", "1", "--actor", "РэдДи", "Убиваю Снежка")


def test_rule_2_text_count_names_the_slot_as_the_posts_do():
    posts = [post("Nejka", "10:00", red("Петя")), post("Соня", "11:00", red("Nejka"))]
    t = count(posts, as_of=at("13:00"))
    text = T.format_text(t, names={"Nejka": "Снежок"})
    rows = [[c.strip() for c in line.split("│")[1:-1]] for line in text.splitlines() if line.startswith("│")]
    assert [(r[0], r[-1]) for r in rows if r[0] in ("Петя", "Снежок")] == [("Петя", "Снежок"), ("Снежок", "Соня")]
    assert "Nejka" not in text
    # without names: the slots' nicks, as before
    assert "│ Петя " in T.format_text(t) and "Nejka" in T.format_text(t)
