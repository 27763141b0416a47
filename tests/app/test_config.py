"""The configuration file: INTERFACE.md's shape, every problem reported at once with its key path and a
hint, defaults, durations, time zones, secrets only from the environment."""
from __future__ import annotations

import textwrap
from dataclasses import replace
from datetime import datetime, time, timedelta, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner

from mafvote import messages
from mafvote.cli import cli
from mafvote.config import (Config, ConfigError, Problem, describe, environment_problems, format_duration, key_lines,
                            load_config, parse_duration)
from mafvote.errors import BadInput
from support.games import CliGame

REPO = Path(__file__).resolve().parents[2]
MSK = timezone(timedelta(hours=3))

# FORUM, GAME and PLAYERS are written out, not built with support.config.game_config: the tests edit them as text
# (a table twice, [[forums]] turned into [forums], a key line put after `gm`, the schedule cut off) and
# SEVERAL_MISTAKES' problems are pinned to their lines.
FORUM = """
[[forums]]
id = "hyper"
engine = "mybb"
base_url = "https://forum.example.org/"
timezone = "Europe/Moscow"
"""

GAME = """
[[games]]
id = "ny"
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
"""

PLAYERS = """
[[games.players]]
nick = "Ronin"
aliases = ["Ронин"]

[[games.players]]
nick = "Соня"
"""


def write(tmp_path: Path, text: str, name: str = "config.toml") -> Path:
    """A config file in tmp_path, next to a ruleset file `rules.toml` that games may name by path."""
    (tmp_path / "rules.toml").write_text('[game]\nname = "rules"\n', encoding="utf-8")
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def problems(path: Path) -> list[Problem]:
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert isinstance(caught.value, BadInput) and caught.value.exit_code == 2
    return caught.value.problems


def by_key(found: list[Problem]) -> dict[str, Problem]:
    return {p.where: p for p in found}


# --- the example and a minimal file


def test_repo_example_config_loads_as_the_demo_game():
    config = load_config(REPO / "config.toml")
    assert [f.id for f in config.forums] == ["hyper"]
    game = config.game()
    assert game.id == "ny" and game.title == "Новогодняя мафия"
    assert len(game.players) == 12
    assert game.players[0].nick == "РэдДи" and game.players[-1].nick == "Puss"
    assert game.gm == ["Ведущий"]
    assert game.ruleset_path.name == "new_year.toml" and game.ruleset_path.is_file()
    assert config.store.path == REPO / "mafvote.db"
    assert config.path == REPO / "config.toml"
    assert config.forum("hyper").engine == "mybb"


def test_defaults_are_filled_in(tmp_path):
    config = load_config(write(tmp_path, FORUM + GAME + PLAYERS))
    forum = config.forums[0]
    assert (forum.min_delay, forum.timeout, forum.retries, forum.login) == (1.0, 20, 4, None)
    game = config.games[0]
    assert game.title == "ny"  # no title: the id
    assert game.poll_interval == timedelta(minutes=2)
    assert game.reread_interval == timedelta(minutes=30)
    # a schedule without a time zone takes its forum's
    assert game.schedule.timezone == "Europe/Moscow"
    assert config.store.path == tmp_path / "mafvote.db"
    assert config.alerts.before_deadline == [timedelta(minutes=60), timedelta(minutes=15)]
    assert config.alerts.channels == [] and config.alerts.telegram is None
    assert config.publish.dir is None and config.publish.forum is False
    assert config.publish.interval == timedelta(minutes=10)
    assert game.players[1].aliases == [] and game.players[1].gender is None and game.players[1].forms == {}
    assert game.ruleset_path == tmp_path / "rules.toml"


def test_relative_paths_resolve_against_the_config_folder(tmp_path):
    sub = tmp_path / "games"
    sub.mkdir()
    config = load_config(write(sub, '[store]\npath = "db/ny.db"\n[publish]\ndir = "public/"\n' + FORUM + GAME))
    assert config.store.path == sub / "db" / "ny.db"
    assert config.publish.dir == sub / "public"


# --- every problem at once


SEVERAL_MISTAKES = """
[[forums]]
id = "hyper"
engine = "mybb"
base_url = "https://forum.example.org/"
timezone = "Europe/Moscow"
min_delay = "fast"
login = { user = "bot", password = "hunter2" }

[[games]]
id = "ny"
forum = "hyperr"
ruleset = "rules.toml"
game_topic = "https://forum.example.org/showthread.php?tid=1"
vote_thread = "https://forum.example.org/showthread.php?tid=2"
gm = ["Ведущий"]
poll_intervall = "2m"
reread_interval = "2 minutes"

[games.schedule]
start = "2026-12-27T20:00"
starts_with = "night"
first_deadline = "2026-12-28T23:30"
day_deadline = "22:00"

[[games.players]]
nick = "Соня"

[[games.players]]
nick = "Ronin"

[[games.players]]
nick = "соня"
"""


def test_a_file_with_several_mistakes_reports_all_of_them_with_key_paths(tmp_path):
    found = problems(write(tmp_path, SEVERAL_MISTAKES))
    assert [p.where for p in found] == [
        "forums[0].min_delay",  # wrong type
        "forums[0].login.password",  # a password in the file
        "forums[0].login.password_env",  # ... and so the login lacks its variable
        "games[0].forum",  # unknown forum reference
        "games[0].poll_intervall",  # unknown key
        "games[0].reread_interval",  # bad duration
        "games[0].schedule.night_deadline",  # missing required key
        "games[0].players[2].nick",  # duplicate nick
    ]
    keyed = by_key(found)
    assert keyed["forums[0].min_delay"].message == 'нужно: число; написано: "fast"'
    assert "password_env" in keyed["forums[0].login.password"].hint
    assert keyed["forums[0].login.password"].message == "`password` никогда не читается из файла конфига"
    assert keyed["games[0].forum"].message == "нет `[[forums]]` с `id` «hyperr»"
    assert keyed["games[0].forum"].hint == "может быть, `hyper`?"
    assert keyed["games[0].poll_intervall"].hint == "может быть, `poll_interval`?"
    assert keyed["games[0].reread_interval"].message == '"2 minutes" — не продолжительность'
    assert "`90s`, `2m`, `1h30m`" in keyed["games[0].reread_interval"].hint
    assert keyed["games[0].schedule.night_deadline"].message == "не хватает обязательного ключа"
    assert keyed["games[0].schedule.night_deadline"].hint == 'добавьте `night_deadline = "22:30"`'
    assert keyed["games[0].players[2].nick"].message == "ник «соня» дважды в составе (ещё `players[0].nick`)"


def test_error_text_is_one_line_per_problem_with_file_key_and_hint(tmp_path):
    path = write(tmp_path, SEVERAL_MISTAKES)
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    lines = str(caught.value).splitlines()
    assert len(lines) == 8
    assert lines[4] == (f"{path}: строка 17: games[0].poll_intervall: неизвестный ключ в `games[0]` "
                        "(подсказка: может быть, `poll_interval`?)")
    assert all(line.startswith(f"{path}: строка ") for line in lines)


def test_each_problem_names_the_line_of_its_key_or_of_the_table_it_is_missing_from(tmp_path):
    # SEVERAL_MISTAKES opens with a newline: [[forums]] is line 2, [games.schedule] line 20
    path = write(tmp_path, SEVERAL_MISTAKES)
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert [(p.line, p.where) for p in caught.value.problems] == [
        (7, "forums[0].min_delay"),
        (8, "forums[0].login.password"),          # a key of a one-line inline table
        (8, "forums[0].login.password_env"),      # missing: the inline table's line
        (12, "games[0].forum"),
        (17, "games[0].poll_intervall"),
        (18, "games[0].reread_interval"),
        (20, "games[0].schedule.night_deadline"),  # missing: its [games.schedule] header
        (33, "games[0].players[2].nick"),          # the third [[games.players]] of the first game
    ]


def test_key_lines_count_arrays_of_tables_within_their_parent_and_skip_multiline_strings():
    text = (
        '[[games]]\nid = "a"\n[[games.players]]\nnick = "x"\n'      # 1-4
        '[[games]]\nid = "b"\nnote = """\nfake = 1\n"""\n'                # 5-9
        '[[games.players]]\n"quoted key" = 2\nsite.url = "u"\n'      # 10-12
    )
    lines = key_lines(text)
    assert lines["games[0].players[0].nick"] == 4
    assert lines["games[1].id"] == 6
    assert "games[1].fake" not in lines
    assert lines["games[1].players[0]"] == 10          # counted within games[1], not as the second overall
    assert lines['games[1].players[0]."quoted key"'] == 11
    assert lines["games[1].players[0].site.url"] == 12


def test_problem_renders_as_file_key_message_hint():
    problem = Problem("config.toml", "games[0].players[3].role", 'role "Доктр" is not in ruleset new_year', 'did you mean "Доктор"?')
    assert describe(problem) == (
        'config.toml: games[0].players[3].role: role "Доктр" is not in ruleset new_year (подсказка: did you mean "Доктор"?)'
    )
    assert describe(replace(problem, line=31)).startswith('config.toml: строка 31: games[0].players[3].role: role "Доктр"')
    with messages.using("en"):
        assert describe(replace(problem, severity="warning")) == (
            'config.toml: games[0].players[3].role: warning: role "Доктр" is not in ruleset new_year '
            '(hint: did you mean "Доктор"?)')


def test_toml_syntax_error_names_line_and_column(tmp_path):
    path = write(tmp_path, '[store]\npath = "x.db"\n\n[[forums]]\nid = hyper\n')
    (problem,) = problems(path)
    assert problem.where == "строка 5, столбец 6"
    assert problem.message == "ошибка синтаксиса TOML: недопустимое значение"
    assert problem.hint == "текст пишется в двойных кавычках (`name = \"Ronin\"`), время тоже (`\"22:00\"`)"


def test_missing_file_says_how_to_create_one(tmp_path):
    (problem,) = problems(tmp_path / "config.toml")
    assert problem.message == "файл не найден"
    assert "пример `config.toml`" in problem.hint and "`mafvote demo --keep DIR`" in problem.hint


@pytest.mark.parametrize(
    ("snippet", "key", "message", "hint"),
    [
        ('[[forums]]\nid = "b"\nengine = "mybbb"\nbase_url = "https://b.org/"\ntimezone = "UTC"\n',
         "forums[1].engine", '"mybbb" — не одно из: phpbb, mybb, punbb, ipb, vbulletin, smf, ucoz, xenforo, auto',
         "может быть, `mybb`?"),
        ('[[forums]]\nid = "b"\nengine = "mybb"\nbase_url = "ftp://b.org/"\ntimezone = "UTC"\n',
         "forums[1].base_url", '"ftp://b.org/" — не адрес `http://` или `https://`', None),
        ('[[forums]]\nid = "b"\nengine = "mybb"\nbase_url = "https://b.org/"\ntimezone = "Europe/Moskow"\n',
         "forums[1].timezone", 'неизвестный часовой пояс "Europe/Moskow"', 'может быть, `"Europe/Moscow"`?'),
        ('[[forums]]\nid = "hyper"\nengine = "mybb"\nbase_url = "https://b.org/"\ntimezone = "UTC"\n',
         "forums[1].id", "`id` форума «hyper» встречается дважды (ещё `forums[0]`)", None),
        ('[alerts]\nchannels = ["telegram"]\n',
         "alerts.channels[0]", "у канала «telegram» нет настроек `[alerts.telegram]`", "token_env"),
        ('[alerts]\nchannels = ["console"]\n',
         "alerts.channels[0]", '"console" — не одно из: telegram, email, webhook', "консоль работает всегда"),
        ('[alerts]\nbefore_deadline = [60]\n',
         "alerts.before_deadline[0]", "у 60 нет единицы (это секунды или минуты?)", "`90s`, `2m`, `1h30m`"),
        ('[alerts]\ntelegram = { token = "123:abc", chat_id = 5 }\n',
         "alerts.telegram.token", "`token` никогда не читается из файла конфига", 'token_env = "MAFVOTE_..."'),
        ('[publish]\nforum = true\n',
         "publish.forum", "чтобы публиковать подсчёт, нужен вход на форум, а у форума «hyper» (игра «ny») его нет",
         "добавьте `login = {"),
        ('[game]\nid = "x"\n', "game", "неизвестный ключ", "может быть, `games`?"),
    ],
)
def test_each_mistake_has_its_key_message_and_hint(tmp_path, snippet, key, message, hint):
    found = by_key(problems(write(tmp_path, FORUM + GAME + PLAYERS + snippet)))
    assert key in found, found
    assert found[key].message == message
    if hint:
        assert hint in found[key].hint


@pytest.mark.parametrize(("engine", "message", "hint"), [
    ("smf", "mafvote публикует подсчёт только на форумах с движками: phpbb, mybb; форум «hyper» (игра «ny») — на "
            "движке smf",
     "напишите `forum = false` в `[publish]`: подсчёт останется в файлах (`[publish].dir`) и в `mafvote render "
     "votecount`, его можно выложить руками"),
    ("auto", "чтобы публиковать подсчёт на форуме «hyper» (игра «ny»), нужен его движок, а в конфиге "
             "`engine = \"auto\"`",
     "укажите движок форума в `forums[0].engine` (публикация умеет phpbb, mybb) или напишите `forum = false` в "
     "`[publish]`"),
])
def test_publishing_on_a_forum_whose_engine_cannot_post_is_a_check_problem(tmp_path, engine, message, hint):
    # `mafvote run` would otherwise stop at start with it, after `mafvote check` said all was well
    text = FORUM.replace('engine = "mybb"', f'engine = "{engine}"') + \
        'login = { user = "bot", password_env = "X_PASSWORD" }\n' + GAME + PLAYERS + "[publish]\nforum = true\n"
    found = by_key(problems(write(tmp_path, text)))
    assert (found["publish.forum"].message, found["publish.forum"].hint) == (message, hint)


def test_secret_written_in_the_env_key_is_refused(tmp_path):
    text = FORUM + 'login = { user = "bot", password_env = "hunter2!" }\n' + GAME
    (problem,) = problems(write(tmp_path, text))
    assert problem.where == "forums[0].login.password_env"
    assert problem.message == '"hunter2!" — не имя переменной окружения'
    assert "а не сам секрет" in problem.hint


def test_a_forum_table_written_with_single_brackets_is_explained(tmp_path):
    found = by_key(problems(write(tmp_path, FORUM.replace("[[forums]]", "[forums]") + GAME)))
    assert found["forums"].message == "должен быть массивом таблиц"
    assert found["forums"].hint == "пишите каждую запись под `[[forums]]` (двойные скобки)"


def test_missing_schedule_table_is_named(tmp_path):
    text = FORUM + GAME.split("[games.schedule]")[0]
    (problem,) = problems(write(tmp_path, text))
    assert (problem.where, problem.message, problem.hint) == (
        "games[0].schedule", "не хватает обязательной таблицы", "добавьте таблицу `[games.schedule]`"
    )


def test_unknown_ruleset_names_the_bundled_ones(tmp_path):
    found = by_key(problems(write(tmp_path, FORUM + GAME.replace('"rules.toml"', '"new_yeer"'))))
    problem = found["games[0].ruleset"]
    assert problem.message == "нет ни встроенного набора правил, ни файла «new_yeer»"
    assert problem.hint.startswith("может быть, `new_year`? встроенные наборы правил: `")
    assert "new_year" in problem.hint and "peculiar" in problem.hint


def test_bundled_ruleset_by_name(tmp_path):
    config = load_config(write(tmp_path, FORUM + GAME.replace('"rules.toml"', '"new_year"')))
    assert config.games[0].ruleset_path == REPO / "rulesets" / "new_year.toml"


def test_first_deadline_must_come_after_start(tmp_path):
    text = FORUM + GAME.replace('first_deadline = "2026-12-28T23:30"', 'first_deadline = "2026-12-27T19:00"')
    (problem,) = problems(write(tmp_path, text))
    assert problem.where == "games[0].schedule.first_deadline"
    assert problem.message == (
        "первый срок (2026-12-27 19:00 +03:00) должен быть позже начала (2026-12-27 20:00 +03:00)"
    )


def test_duplicate_game_ids_and_bad_id(tmp_path):
    (problem,) = problems(write(tmp_path, FORUM + GAME + GAME))
    assert problem.where == "games[1].id"
    assert problem.message == "`id` игры «ny» встречается дважды (ещё `games[0]`)"
    found = by_key(problems(write(tmp_path, FORUM + GAME.replace('id = "ny"', 'id = "ny game"'))))
    assert found["games[0].id"].message == '"ny game" не годится как идентификатор'


# --- the roster


@pytest.mark.parametrize(
    ("players", "key", "message"),
    [
        # ё/е and case do not make two nicks different
        ('[[games.players]]\nnick = "Алёна"\n[[games.players]]\nnick = "АЛЕНА"\n',
         "games[0].players[1].nick", "ник «АЛЕНА» дважды в составе (ещё `players[0].nick`)"),
        # another player's alias
        ('[[games.players]]\nnick = "Ronin"\naliases = ["Ронин"]\n[[games.players]]\nnick = "Соня"\naliases = ["ронин"]\n',
         "games[0].players[1].aliases[0]", "«ронин» — имя двух игроков (ещё `players[0].aliases[0]`)"),
        # a mask that is another player's nick
        ('[[games.players]]\nnick = "Ronin"\n[[games.players]]\nnick = "Соня"\nmask = "Ronin"\n',
         "games[0].players[1].mask", "«Ronin» — имя двух игроков (ещё `players[0].nick`)"),
    ],
)
def test_roster_name_collisions(tmp_path, players, key, message):
    (problem,) = problems(write(tmp_path, FORUM + GAME + players))
    assert (problem.where, problem.message) == (key, message)


def test_an_alias_repeating_the_players_own_nick_is_fine(tmp_path):
    config = load_config(write(tmp_path, FORUM + GAME + '[[games.players]]\nnick = "Ronin"\naliases = ["ronin"]\n'))
    assert config.games[0].player("RONIN").nick == "Ronin"


def test_player_fields(tmp_path):
    players = textwrap.dedent(
        """
        [[games.players]]
        nick = "Соня"
        gender = "ж"
        role = "Снеговик"
        forms = { accs = "Соню", gent = "Сони" }
        replaced_by = { nick = "Sonya2", at = "2026-12-30T12:00" }
        """
    )
    player = load_config(write(tmp_path, FORUM + GAME + players)).games[0].players[0]
    assert player.gender == "f" and player.role == "Снеговик"
    assert player.forms == {"accs": "Соню", "gent": "Сони"}
    assert player.replaced_by.nick == "Sonya2"
    assert player.replaced_by.at == datetime(2026, 12, 30, 12, 0, tzinfo=MSK)
    assert player.names() == ["Соня", "Sonya2"]


def test_unknown_form_case(tmp_path):
    text = FORUM + GAME + '[[games.players]]\nnick = "Соня"\nforms = { "вин" = "Соню" }\n'
    (problem,) = problems(write(tmp_path, text))
    assert (problem.where, problem.message) == ("games[0].players[0].forms", '"вин" — не падеж')


# --- durations


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2m", timedelta(minutes=2)),
        ("90s", timedelta(seconds=90)),
        ("1h30m", timedelta(hours=1, minutes=30)),
        ("1h 30m", timedelta(hours=1, minutes=30)),
        ("60m", timedelta(hours=1)),
        ("1d", timedelta(days=1)),
        ("2M", timedelta(minutes=2)),
    ],
)
def test_durations_parse(text, expected):
    assert parse_duration(text) == expected


@pytest.mark.parametrize("text", ["2", "2x", "", "m", "0s", "1m30h", "-5m", "2 minutes"])
def test_bad_durations_are_refused(text):
    with pytest.raises(ValueError):
        parse_duration(text)


def test_durations_in_the_file(tmp_path):
    text = FORUM + GAME.replace('gm = ["Ведущий"]', 'gm = ["Ведущий"]\npoll_interval = "90s"\nreread_interval = "1h30m"')
    text += '[alerts]\nbefore_deadline = ["2m", "1h"]\n[publish]\ninterval = "5m"\n'
    config = load_config(write(tmp_path, text))
    assert config.games[0].poll_interval == timedelta(seconds=90)
    assert config.games[0].reread_interval == timedelta(hours=1, minutes=30)
    assert config.alerts.before_deadline == [timedelta(minutes=2), timedelta(hours=1)]
    assert config.publish.interval == timedelta(minutes=5)
    assert format_duration(config.games[0].reread_interval) == "1h30m"


# --- times and time zones


def test_times_without_offset_are_in_the_schedules_time_zone(tmp_path):
    # The forum shows UTC, the game runs on Moscow time: the schedule's zone wins for its times.
    text = FORUM.replace('"Europe/Moscow"', '"UTC"') + GAME.replace(
        "[games.schedule]\n", '[games.schedule]\ntimezone = "Europe/Moscow"\n'
    )
    schedule = load_config(write(tmp_path, text)).games[0].schedule
    assert schedule.timezone == "Europe/Moscow" and str(schedule.tz) == "Europe/Moscow"
    assert schedule.start == datetime(2026, 12, 27, 17, 0, tzinfo=timezone.utc)
    assert schedule.start.utcoffset() == timedelta(hours=3)
    assert schedule.first_deadline == datetime(2026, 12, 28, 23, 30, tzinfo=MSK)
    assert schedule.day_deadline == time(22, 0) and schedule.night_deadline == time(22, 30)
    assert schedule.starts_with == "night"


def test_times_with_offset_and_toml_datetimes(tmp_path):
    text = FORUM + GAME.replace('start = "2026-12-27T20:00"', 'start = "2026-12-27T17:00Z"').replace(
        'first_deadline = "2026-12-28T23:30"', "first_deadline = 2026-12-28T23:30:00"
    ).replace('day_deadline = "22:00"', "day_deadline = 22:00:00")
    schedule = load_config(write(tmp_path, text)).games[0].schedule
    assert schedule.start == datetime(2026, 12, 27, 20, 0, tzinfo=MSK)
    assert schedule.start.tzinfo == schedule.tz  # shown in the schedule's zone
    assert schedule.first_deadline == datetime(2026, 12, 28, 23, 30, tzinfo=MSK)
    assert schedule.day_deadline == time(22, 0)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('start = "2026-12-27"', "одной даты здесь мало: укажите и время"),
        ('start = "27.12.2026 20:00"', '"27.12.2026 20:00" — не дата и время вида `2026-12-27T20:00`'),
        ('start = 2026-12-27', "одной даты здесь мало: укажите и время"),
    ],
)
def test_bad_times(tmp_path, line, message):
    (problem,) = problems(write(tmp_path, FORUM + GAME.replace('start = "2026-12-27T20:00"', line)))
    assert (problem.where, problem.message) == ("games[0].schedule.start", message)
    assert "2026-12-27T20:00" in problem.hint


def test_bad_time_of_day(tmp_path):
    (problem,) = problems(write(tmp_path, FORUM + GAME.replace('day_deadline = "22:00"', 'day_deadline = "10 pm"')))
    assert (problem.where, problem.message) == ("games[0].schedule.day_deadline", '"10 pm" — не время суток')


# --- secrets come from the environment only


def test_password_is_read_from_the_named_environment_variable(tmp_path, monkeypatch):
    text = FORUM + 'login = { user = "bot", password_env = "MAFVOTE_TEST_PW" }\n' + GAME
    config = load_config(write(tmp_path, text))
    login = config.forums[0].login
    assert login.user == "bot" and login.password_env == "MAFVOTE_TEST_PW"
    monkeypatch.setenv("MAFVOTE_TEST_PW", "s3cret")
    assert login.password() == "s3cret"
    monkeypatch.setenv("MAFVOTE_TEST_PW", "changed")
    assert login.password() == "changed"  # read at call time, never kept
    monkeypatch.delenv("MAFVOTE_TEST_PW")
    with pytest.raises(ConfigError) as caught:
        login.password()
    assert str(caught.value).startswith(
        f"{tmp_path / 'config.toml'}: forums[0].login.password_env: переменная окружения `MAFVOTE_TEST_PW` не задана"
    )


def test_environment_warnings_for_unset_channel_variables(tmp_path, monkeypatch):
    monkeypatch.delenv("MAFVOTE_TEST_TG", raising=False)
    text = FORUM + GAME + '[alerts]\nchannels = ["telegram"]\ntelegram = { token_env = "MAFVOTE_TEST_TG", chat_id = 42 }\n'
    config = load_config(write(tmp_path, text))
    assert config.alerts.telegram.chat_id == "42"
    (warning,) = environment_problems(config)
    assert warning.severity == "warning" and warning.where == "alerts.telegram.token_env"
    assert warning.message == "переменная окружения `MAFVOTE_TEST_TG` не задана"
    monkeypatch.setenv("MAFVOTE_TEST_TG", "123:abc")
    assert environment_problems(config) == []


# --- choosing a game


def test_game_may_be_omitted_only_when_there_is_one(tmp_path):
    one = load_config(write(tmp_path, FORUM + GAME))
    assert one.game(None).id == "ny" and one.game("ny").id == "ny"
    two: Config = load_config(write(tmp_path, FORUM + GAME + GAME.replace('id = "ny"', 'id = "ny2"')))
    with pytest.raises(BadInput) as caught:
        two.game(None)
    assert "config.toml 2 игры; выберите одну: `--game ID` (ny, ny2)" in str(caught.value)
    with pytest.raises(BadInput) as caught:
        two.game("ny3")
    assert 'нет игры с `id` "ny3" (в файле есть: ny, ny2); может быть, `ny`?' in str(caught.value)
    with pytest.raises(BadInput):
        two.forum("nope")


def test_environment_warnings_for_a_gm_in_the_roster_and_an_unlisted_channel(tmp_path):
    text = FORUM + GAME + '[[games.players]]\nnick = "ведущий"\n'
    text += '[alerts]\nwebhook = { url = "https://example.org/hook" }\n'
    config = load_config(write(tmp_path, text))
    assert [(p.where, p.message) for p in environment_problems(config)] == [
        ("alerts.webhook", "`[alerts.webhook]` заполнен, но канала нет в `alerts.channels`, поэтому он никогда не "
                           "сработает"),
        ("games[0].gm[0]", "ведущий «Ведущий» есть и в составе (`players[0]`)"),
    ]


def test_the_interface_example_loads_verbatim(monkeypatch):
    # tests/data/config/interface_example.toml is INTERFACE.md's example, copied unchanged.
    config = load_config(Path(__file__).parents[1] / "data" / "config" / "interface_example.toml")
    forum = config.forum("hyper")
    assert (forum.engine, forum.base_url, forum.min_delay, forum.timeout) == ("mybb", "https://forum.example.org/", 1.0, 20)
    game = config.game("ny")
    assert game.ruleset_path.name == "new_year.toml"
    assert game.poll_interval == timedelta(minutes=2)
    assert game.schedule.start == datetime(2026, 12, 27, 20, 0, tzinfo=MSK)
    assert game.schedule.first_deadline == datetime(2026, 12, 28, 23, 30, tzinfo=MSK)
    (ronin,) = game.players
    assert (ronin.nick, ronin.aliases, ronin.gender, ronin.role) == ("Ronin", ["Ронин"], "m", "Санта Клаус")
    alerts = config.alerts
    assert alerts.channels == ["telegram", "email", "webhook"]
    assert alerts.telegram.token_env == "MAFVOTE_TG_TOKEN" and alerts.telegram.chat_id == "123456"
    assert (alerts.email.host, alerts.email.port, alerts.email.starttls) == ("smtp.example.org", 587, True)
    assert alerts.email.to == ["gm@example.org"] and alerts.email.password_env == "MAFVOTE_SMTP_PASSWORD"
    assert alerts.webhook.url == "https://example.org/hook"
    assert config.publish.dir == config.path.parent / "public" and config.publish.forum is False
    monkeypatch.setenv("MAFVOTE_TG_TOKEN", "t")
    monkeypatch.delenv("MAFVOTE_SMTP_PASSWORD", raising=False)
    assert [p.where for p in environment_problems(config)] == ["alerts.email.password_env"]


def problems_of(tmp_path: Path, old: str, new: str) -> list[tuple[str, str, str]]:
    g = CliGame(tmp_path)
    text = g.path.read_text(encoding="utf-8")
    assert old in text
    g.path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        load_config(g.path)
    return [(p.where, p.message, p.hint) for p in info.value.problems]


POLL_HINT = ("опрашивайте форум не реже раза в сутки (иначе голоса дня останутся непрочитанными) и не чаще раза в "
             "10 секунд (каждый опрос — запрос к форуму)")


UNIT_HINT = "проверьте число и единицу (`d` — дни, `h` — часы, `m` — минуты, `s` — секунды)"


@pytest.mark.parametrize("value, message, hint", [
    ('"99999999999999999999h"', '"99999999999999999999h" — дольше любой игры (не больше `365d`)', UNIT_HINT),
    ('"3000000d"', '"3000000d" — дольше любой игры (не больше `365d`)', UNIT_HINT),
    ('"0.001s"', "`0.001s` — вне допустимого (от `10s` до `1d`)", POLL_HINT),
    ('"2d"', "`2d` — вне допустимого (от `10s` до `1d`)", POLL_HINT),
    ('"24h0.5s"', "`86400.5s` — вне допустимого (от `10s` до `1d`)", POLL_HINT),       # not rounded to "1d"
])
def test_a_poll_interval_out_of_bounds_is_a_config_problem(tmp_path, value, message, hint):
    assert problems_of(tmp_path, 'poll_interval = "2m"', f"poll_interval = {value}") == [
        ("games[0].poll_interval", message, hint)]


def test_before_deadline_and_timeout_out_of_bounds_are_config_problems_with_their_lines(tmp_path):
    g = CliGame(tmp_path)
    text = (g.path.read_text(encoding="utf-8").replace("timeout = 5", "timeout = 1e309")
            + '[alerts]\nbefore_deadline = ["3000000d", "8d", "60m"]\n')
    g.path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "-c", str(g.path)])
    assert result.exit_code == 2
    lines = result.stdout.splitlines()
    timeout_line = text.splitlines().index("timeout = 1e309") + 1
    alerts_line = text.splitlines().index('before_deadline = ["3000000d", "8d", "60m"]') + 1
    assert lines[:3] == [
        f"{g.path}: строка {timeout_line}: forums[0].timeout: бесконечность с — вне допустимого (от 0.5 до 600 с) "
        "(подсказка: сколько секунд ждать ответа форума перед повтором, например `timeout = 20`)",
        f'{g.path}: строка {alerts_line}: alerts.before_deadline[0]: "3000000d" — дольше любой игры '
        f"(не больше `365d`) (подсказка: {UNIT_HINT})",
        f"{g.path}: строка {alerts_line}: alerts.before_deadline[1]: `8d` — вне допустимого (от `1s` до `7d`) "
        "(подсказка: напоминание приходит не раньше чем за 7 дней до срока (фаза игры длится день-два))",
    ]


@pytest.mark.parametrize("line, message, hint", [
    ("min_delay = 1e309", "должно быть не больше 60; написано: бесконечность", "пишите так: `min_delay = 1.0`"),
    ("min_delay = 100000", "должно быть не больше 60; написано: 100000", "пишите так: `min_delay = 1.0`"),
    ("timeout = true", "true — не число секунд", "укажите число секунд, например `20`"),
    ("min_delay = false", "false — не число секунд", "укажите число секунд, например `20`"),
])
def test_a_forums_min_delay_and_timeout_are_numbers_within_bounds(tmp_path, line, message, hint):
    # min_delay = 1e309 passed check and crashed the crawl (OverflowError); 100000 would wait a day a request
    found = problems_of(tmp_path, "timeout = 5" if line.startswith("timeout") else "min_delay = 0", line)
    assert found == [("forums[0]." + line.split(" ")[0], message, hint)]


def test_every_command_reports_a_huge_duration_instead_of_overflowing(tmp_path):
    g = CliGame(tmp_path)
    g.path.write_text(g.path.read_text(encoding="utf-8").replace('poll_interval = "2m"',
                                                                 'poll_interval = "99999999999999999999h"'),
                      encoding="utf-8")
    for argv in (["state"], ["status"], ["posts"], ["tally"]):
        code, out, err = g.cli(*argv)
        assert (code, out) == (2, ""), argv
        assert err.startswith("ошибка: ") and "games[0].poll_interval: \"99999999999999999999h\" — дольше любой " \
            "игры (не больше `365d`)" in err, argv


def test_parse_duration_keeps_its_forms_and_refuses_the_too_long():
    assert parse_duration("1h30m") == timedelta(hours=1, minutes=30)
    assert parse_duration("365d") == timedelta(days=365)
    with pytest.raises(ValueError, match="дольше любой игры"):
        parse_duration("366d")
