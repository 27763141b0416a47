"""`mafvote check` and the options every command shares (-c, --game, --format, times on the command line)."""
from __future__ import annotations

import json
import textwrap
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import click
import pytest
from click.testing import CliRunner

from mafvote import messages
from mafvote.cli import cli
from mafvote.cli.common import config_option, format_option, game_option, load, load_game, parse_cli_time
from mafvote.config import Problem
from mafvote.config import check as config_check
from mafvote.errors import BadInput

REPO = Path(__file__).resolve().parents[2]

# CONFIG and MISTAKES are written out, not built with support.config.game_config: the tests name their lines (the
# syntax error at line 17, a role's line, the telegram table's line, every problem of MISTAKES at its line), and
# edit them as text (a bracket taken away, a role renamed, the game table copied).
CONFIG = """
[[forums]]
id = "hyper"
engine = "mybb"
base_url = "https://forum.example.org/"
timezone = "Europe/Moscow"

[[games]]
id = "ny"
title = "Новогодняя мафия"
forum = "hyper"
ruleset = "rules.toml"
game_topic = "https://forum.example.org/showthread.php?tid=1"
vote_thread = "https://forum.example.org/showthread.php?tid=2"
gm = ["Ведущий"]

[games.schedule]
start = "2026-12-27T20:00"
starts_with = "night"
first_deadline = "2026-12-28T23:30"
day_deadline = "22:00"
night_deadline = "22:30"

[[games.players]]
nick = "Ronin"
role = "Санта Клаус"

[[games.players]]
nick = "Соня"
role = "Снеговик"
"""

RULESET = """
[game]
name = "rules"

[sides.mafia]
kind = "mafia"

[sides.town]
kind = "town"

[[roles]]
name = "Санта Клаус"
aliases = ["Санта"]
side = "mafia"

[[roles]]
name = "Снеговик"
side = "town"
"""

MISTAKES = """
[[forums]]
id = "hyper"
engine = "mybb"
base_url = "https://forum.example.org/"
timezone = "Europe/Moscow"
timeout = "long"
login = { user = "bot", password = "hunter2" }

[[games]]
id = "ny"
forum = "hyperr"
ruleset = "rules.toml"
game_topic = "https://forum.example.org/showthread.php?tid=1"
vote_thread = "https://forum.example.org/showthread.php?tid=2"
gm = ["Ведущий"]
poll_interval = "2 min"
pol_interval = "2m"

[games.schedule]
start = "2026-12-27T20:00"
starts_with = "night"
first_deadline = "2026-12-28T23:30"
night_deadline = "22:30"

[[games.players]]
nick = "Ronin"

[[games.players]]
nick = "RONIN"
"""


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A working folder holding a ruleset `rules.toml`; the tests run from it."""
    (tmp_path / "rules.toml").write_text(textwrap.dedent(RULESET), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write(folder: Path, text: str, name: str = "config.toml") -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


# --- mafvote check


def test_check_passes_on_the_repo_example(monkeypatch):
    monkeypatch.chdir(REPO)
    result = run("check", "-c", "config.toml")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == "config.toml: всё в порядке — 1 форум, 1 игра, 12 игроков"


def test_check_uses_config_toml_of_the_current_folder_by_default(folder):
    write(folder, CONFIG)
    result = run("check")
    assert result.exit_code == 0, result.output
    assert result.output == "config.toml: всё в порядке — 1 форум, 1 игра, 2 игрока\n"


def test_check_reports_every_mistake_with_exit_status_2_and_no_traceback(folder):
    write(folder, MISTAKES, "bad.toml")
    result = run("check", "-c", "bad.toml")
    assert result.exit_code == 2
    assert isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    lines = result.stdout.splitlines()
    # each problem names the line of its key, or of the table a missing key belongs in (MISTAKES opens
    # with a newline: [[forums]] is line 2)
    keys = [tuple(line.split(": ")[1:3]) for line in lines]
    assert keys == [
        ("строка 7", "forums[0].timeout"),
        ("строка 8", "forums[0].login.password"),
        ("строка 8", "forums[0].login.password_env"),
        ("строка 12", "games[0].forum"),
        ("строка 17", "games[0].poll_interval"),
        ("строка 18", "games[0].pol_interval"),
        ("строка 20", "games[0].schedule.day_deadline"),
        ("строка 30", "games[0].players[1].nick"),
    ]
    assert lines[0] == ('bad.toml: строка 7: forums[0].timeout: нужно: число; написано: "long" '
                        "(подсказка: пишите так: `timeout = 20`)")
    assert lines[5] == ("bad.toml: строка 18: games[0].pol_interval: неизвестный ключ в `games[0]` "
                        "(подсказка: может быть, `poll_interval`?)")
    assert lines[7] == (
        "bad.toml: строка 30: games[0].players[1].nick: ник «RONIN» дважды в составе (ещё `players[0].nick`) "
        "(подсказка: каждый игрок указывается один раз; ники сравниваются без учёта регистра и ё/е)"
    )
    assert result.stderr == "bad.toml: 8 ошибок\n"


def test_check_json_lists_problems_for_scripts(folder):
    write(folder, MISTAKES, "bad.toml")
    result = run("check", "-c", "bad.toml", "--format", "json")
    assert result.exit_code == 2
    data = json.loads(result.stdout)
    assert data["ok"] is False and data["file"] == "bad.toml"
    assert len(data["problems"]) == 8
    assert data["problems"][3] == {
        "file": "bad.toml",
        "key": "games[0].forum",
        "severity": "error",
        "message": "нет `[[forums]]` с `id` «hyperr»",
        "hint": "может быть, `hyper`?",
        "line": 12,
    }


def test_check_missing_file(folder):
    result = run("check", "-c", "nope.toml")
    assert result.exit_code == 2
    assert result.stdout.startswith("nope.toml: файл не найден (подсказка: укажите файл через `-c FILE` или скопируйте "
                                    "пример `config.toml`")


def test_check_toml_syntax_error(folder):
    write(folder, CONFIG.replace('gm = ["Ведущий"]', 'gm = ["Ведущий"'))
    result = run("check")
    assert result.exit_code == 2
    assert result.stdout == ("config.toml: строка 17, столбец 1: ошибка синтаксиса TOML: массив не закрыт (подсказка: "
                             "строка, массив или встроенная таблица, открытые здесь или раньше, не закрыты)\n")


def test_check_validates_the_ruleset_file_it_names(folder):
    (folder / "rules.toml").write_text('[game]\nname = "rules\n', encoding="utf-8")
    write(folder, CONFIG)
    result = run("check")
    assert result.exit_code == 2
    # tomllib's "Illegal character '\\n'": a string not closed before the end of its line
    assert result.stdout.startswith("rules.toml: строка 2, столбец 14: ошибка синтаксиса TOML: строка не закрыта "
                                    "(подсказка: ")


def test_check_roster_roles_against_the_ruleset(folder):
    text = CONFIG.replace('role = "Снеговик"', 'role = "Снiговик"').replace('"Санта Клаус"', '"санта"')
    write(folder, text)
    role_line = text.splitlines().index('role = "Снiговик"') + 1
    result = run("check")
    assert result.exit_code == 2
    assert result.stdout == (
        f"config.toml: строка {role_line}: games[0].players[1].role: роли «Снiговик» нет в наборе правил rules.toml "
        "(подсказка: может быть, `Снеговик`?)\n"
    )


@pytest.mark.parametrize("other,other_message", [
    ('engine = "mybb"', 'engine'),                         # a typo'd engine
    ('nick = "Соня"', 'Ronin'),                            # a duplicate nick
])
def test_check_reports_a_wrong_roster_role_beside_the_files_other_mistakes(folder, other, other_message):
    # every problem at once: the schema's or the cross-checks' mistake elsewhere must not hide the role
    text = CONFIG.replace('role = "Снеговик"', 'role = "Снiговик"')
    text = text.replace(other, 'engine = "mybbb"' if other.startswith("engine") else 'nick = "Ronin"')
    write(folder, text)
    role_line = text.splitlines().index('role = "Снiговик"') + 1
    result = run("check")
    assert result.exit_code == 2
    lines = result.stdout.splitlines()
    assert any(other_message in line for line in lines if "role" not in line), result.stdout
    assert (f"config.toml: строка {role_line}: games[0].players[1].role: роли «Снiговик» нет в наборе правил "
            "rules.toml (подсказка: может быть, `Снеговик`?)") in lines
    assert len(lines) == 2


def test_check_calls_the_ruleset_validator_when_it_exists(folder, monkeypatch):
    seen = []

    def validate(path):
        seen.append(path)
        return [Problem(path.name, "roles[1].side", "a role with no side", "add side")]

    monkeypatch.setattr(config_check, "validate", validate)     # the ruleset validator `mafvote check` calls
    write(folder, CONFIG)
    result = run("check")
    assert seen == [folder / "rules.toml"]
    assert result.exit_code == 2
    assert result.stdout == "rules.toml: roles[1].side: a role with no side (подсказка: add side)\n"


def test_check_lists_the_problems_the_ruleset_checker_finds(folder):
    # the real checker (resolver.check_ruleset through mafvote.rulesets.validate): its problems are the same record
    # as the config's, listed with their file and place
    (folder / "rules.toml").write_text(textwrap.dedent(RULESET).replace('side = "town"', 'side = "towm"'),
                                       encoding="utf-8")
    write(folder, CONFIG)
    result = run("check")
    assert result.exit_code == 2
    assert result.stdout == "rules.toml: roles[1].side: неизвестная сторона «towm» (подсказка: может быть, `town`?)\n"


def test_check_warns_about_unset_secrets_but_passes(folder, monkeypatch):
    monkeypatch.delenv("MAFVOTE_TEST_TG", raising=False)
    write(folder, CONFIG + '[alerts]\nchannels = ["telegram"]\ntelegram = { token_env = "MAFVOTE_TEST_TG", chat_id = "1" }\n')
    tg_line = len((CONFIG + "[alerts]\nchannels\ntelegram").splitlines())   # the inline table's line
    result = run("check")
    assert result.exit_code == 0
    assert result.stdout.splitlines() == [
        f"config.toml: строка {tg_line}: alerts.telegram.token_env: предупреждение: переменная окружения "
        "`MAFVOTE_TEST_TG` не задана (подсказка: она нужна: для оповещений в Телеграм; задайте `MAFVOTE_TEST_TG=...` "
        "перед запуском `mafvote`; секрет никогда не пишется в файл)",
        "config.toml: всё в порядке — 1 форум, 1 игра, 2 игрока (1 предупреждение)",
    ]
    monkeypatch.setenv("MAFVOTE_TEST_TG", "123:abc")
    assert run("check").stdout == "config.toml: всё в порядке — 1 форум, 1 игра, 2 игрока\n"


def test_check_through_the_mafvote_entry_point_exits_2(folder, monkeypatch, capsys):
    from mafvote.cli import main

    write(folder, MISTAKES)
    with pytest.raises(SystemExit) as caught:
        main(["check"])
    assert caught.value.code == 2
    assert "games[0].pol_interval: неизвестный ключ" in capsys.readouterr().out


# --- the shared options


@click.command()
@config_option
@game_option
@format_option(["text", "json"])
def show_game(config_path, game_id, fmt):
    config, game = load_game()
    assert load() is config  # loaded once per command
    click.echo(f"{fmt} {game.id} {game.title} {len(game.players)}")


SECOND_GAME = "[[games]]" + CONFIG.split("[[games]]", 1)[1]
TWO_GAMES = CONFIG + (
    SECOND_GAME.replace('id = "ny"', 'id = "ny2"')
    .replace('"Новогодняя мафия"', '"Вторая"')
    .replace('nick = "Ronin"', 'nick = "Other"')
    .replace('nick = "Соня"', 'nick = "Другая"')
)


def test_game_option_may_be_omitted_with_one_game(folder):
    write(folder, CONFIG)
    result = CliRunner().invoke(show_game, [])
    assert result.exit_code == 0, result.output
    assert result.output == "text ny Новогодняя мафия 2\n"


def test_game_option_lists_the_ids_when_several_games(folder):
    write(folder, TWO_GAMES, "two.toml")
    result = CliRunner().invoke(show_game, ["-c", "two.toml"])
    assert result.exit_code == 2
    assert "в two.toml 2 игры; выберите одну: `--game ID` (ny, ny2)" in result.stderr
    result = CliRunner().invoke(show_game, ["-c", "two.toml", "--game", "ny2", "--format", "json"])
    assert result.exit_code == 0, result.output
    assert result.output == "json ny2 Вторая 2\n"
    result = CliRunner().invoke(show_game, ["-c", "two.toml", "--format", "xml"])
    assert result.exit_code == 2 and "'xml' is not one of 'text', 'json'" in result.stderr


def test_a_bad_config_stops_any_command_with_exit_2(folder):
    write(folder, MISTAKES)
    result = CliRunner().invoke(show_game, [])
    assert result.exit_code == 2
    assert result.stderr.startswith("ошибка: config.toml: строка 7: forums[0].timeout: нужно: число")
    assert "(8 ошибок; `mafvote check -c config.toml` покажет их все)" in result.stderr


def test_config_option_reads_mafvote_config_from_the_environment(folder, monkeypatch):
    write(folder, CONFIG, "elsewhere.toml")
    monkeypatch.setenv("MAFVOTE_CONFIG", "elsewhere.toml")
    result = CliRunner().invoke(show_game, [])
    assert result.exit_code == 0, result.output


MSK = ZoneInfo("Europe/Moscow")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2026-12-28T22:00", datetime(2026, 12, 28, 22, 0, tzinfo=MSK)),
        ("2026-12-28 22:00", datetime(2026, 12, 28, 22, 0, tzinfo=MSK)),
        ("2026-12-28T22:00:30", datetime(2026, 12, 28, 22, 0, 30, tzinfo=MSK)),
        ("2026-12-28T19:00Z", datetime(2026, 12, 28, 19, 0, tzinfo=timezone.utc)),
        ("2026-12-28T22:00+03:00", datetime(2026, 12, 28, 19, 0, tzinfo=timezone.utc)),
    ],
)
def test_cli_times_without_offset_are_in_the_games_zone(text, expected):
    moment = parse_cli_time(text, MSK)
    assert moment == expected
    assert moment.utcoffset() is not None
    if "+" not in text and "Z" not in text:
        assert moment.utcoffset() == timedelta(hours=3)


def test_cli_time_accepts_a_zone_name():
    assert parse_cli_time("2026-12-28T22:00", "Europe/Moscow") == datetime(2026, 12, 28, 19, 0, tzinfo=timezone.utc)


_WRITE = "напишите дату и время в виде `2026-12-28T22:00` (в часовом поясе игры) или `2026-12-28T22:00+03:00`"


@pytest.mark.parametrize(
    ("text", "message", "english"),
    [
        ("2026-12-28",
         f"--since: «2026-12-28» — одна дата, без времени суток (полночь подразумевается редко); {_WRITE}",
         "--since: '2026-12-28' has no time of day; write ISO 8601 such as 2026-12-28T22:00"),
        ("завтра", f"--since: «завтра» — не время; {_WRITE}",
         "--since: 'завтра' is not a time; write ISO 8601 such as 2026-12-28T22:00"),
        ("28.12.2026 22:00", f"--since: «28.12.2026 22:00» — не время; {_WRITE}",
         "--since: '28.12.2026 22:00' is not a time; write ISO 8601"),
    ],
)
def test_bad_cli_times(text, message, english):
    with pytest.raises(BadInput) as caught:
        parse_cli_time(text, MSK, option="--since")
    assert str(caught.value) == message
    assert caught.value.exit_code == 2
    with messages.using("en"), pytest.raises(BadInput) as caught:      # language = "en"
        parse_cli_time(text, MSK, option="--since")
    assert str(caught.value).startswith(english)


def test_problem_is_exported_for_other_validators():
    assert str(Problem("rules.toml", "", "broken")) == "rules.toml: broken"


def test_the_config_option_may_come_before_the_command_also_for_nested_commands(folder):
    write(folder, CONFIG, "other.toml")
    result = run("-c", "other.toml", "check")
    assert result.exit_code == 0 and result.output == "other.toml: всё в порядке — 1 форум, 1 игра, 2 игрока\n"
    # a nested command (`state silence`) gets it too; without it, ./config.toml (absent here) would be read
    result = run("-c", "other.toml", "state", "silence", "--player", "Nobody", "--day", "1")
    assert result.exit_code == 2 and "file not found" not in result.output and "Nobody" in result.output
    # the command's own -c wins
    write(folder, MISTAKES, "bad.toml")
    assert run("-c", "other.toml", "check", "-c", "bad.toml").exit_code == 2


def test_check_refuses_a_vote_thread_that_is_the_game_topic(folder):
    # a copy-paste slip: the votes would be read from the game topic, its chat counted as votes
    text = CONFIG.replace("showthread.php?tid=2", "showthread.php?tid=1")
    write(folder, text)
    line = text.splitlines().index('vote_thread = "https://forum.example.org/showthread.php?tid=1"') + 1
    result = run("check")
    assert result.exit_code == 2
    assert result.stdout == (f"config.toml: строка {line}: games[0].vote_thread: тот же адрес, что и `game_topic` "
                             "(подсказка: тема голосования — та, где игроки пишут голоса; укажите её собственный "
                             "адрес)\n")
