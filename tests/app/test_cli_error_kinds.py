"""Every kind of error the four packages raise, reaching the CLI, gives its exit status and one `ошибка:` line
(`error:` with `language = "en"`) (mafvote.failures, issue 16 point 7): 2 when the GM's input is wrong, 1 when the operation failed. Table-driven,
and checked complete: a new error class in any of the packages fails `test_every_error_kind_is_in_the_table` until
it has a row here.

Each row raises the error from a command of the real `mafvote` group, the way a command's library call would.
"""
from __future__ import annotations

import importlib
import pkgutil
import sqlite3

import click
import pytest
from click.testing import CliRunner

import mafvote
import mafvote_resolver
import mafvote_scraper
import mafvote_tally
from mafvote.alerts import register
from mafvote.cli import cli
from mafvote.cli.common import load
from mafvote.errors import MafvoteError
from mafvote_resolver.errors import Problem, ResolverError
from mafvote_resolver.journal import Line
from mafvote_scraper import ScraperError
from mafvote_tally import RuleProblem, TallyError
from support.forum import crawl_config
from test_gm_texts_russian import latin_words

ROOTS = (MafvoteError, ScraperError, TallyError, ResolverError)


def _kinds() -> dict[str, type[BaseException]]:
    """Every public error class under the four roots, from every module of the four packages (a class whose name
    starts with `_` never leaves its module)."""
    for package in (mafvote, mafvote_scraper, mafvote_tally, mafvote_resolver):
        for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            importlib.import_module(module.name)
    found: dict[str, type[BaseException]] = {}
    todo = list(ROOTS)
    while todo:
        kind = todo.pop()
        if not kind.__name__.startswith("_"):
            assert found.setdefault(kind.__name__, kind) is kind, f"two error classes named {kind.__name__}"
        todo.extend(kind.__subclasses__())
    return found


_NIGHT = "nights/1.toml"
_UNKNOWN_ACTOR = Line("entry.actor_unknown", "actor {written} is not in the game", written="'Лиса'", actor="Лиса")

# kind -> (how to make one from its class, exit status, the line the GM reads)
TABLE = {
    "MafvoteError": (lambda k: k("the forum refused"), 1, "ошибка: the forum refused"),
    "BadInput": (lambda k: k("bad --since"), 2, "ошибка: bad --since"),
    "OperationFailed": (lambda k: k("the channel refused"), 1, "ошибка: the channel refused"),
    "GameError": (lambda k: k("ночь 2 ещё не наступила"), 2, "ошибка: ночь 2 ещё не наступила"),
    "ConfigError": (lambda k: k([Problem("config.toml", "games[0].id", "не задано")]), 2,
                    "ошибка: config.toml: games[0].id: не задано"),
    "RenderError": (lambda k: k("тема new_year: нет шаблона night"), 2, "ошибка: тема new_year: нет шаблона night"),
    "NoTheme": (lambda k: k("у темы «house» нет файла `house/theme.toml`", "house"), 2,
                "ошибка: у темы «house» нет файла `house/theme.toml`"),
    "PagesError": (lambda k: k("папка pages/ недоступна"), 2, "ошибка: папка pages/ недоступна"),
    # the shared base of the publisher's and the channels' errors: its own text() is the English (each kind words
    # its key in its own catalogue area)
    "PhrasedError": (lambda k: k("the forum refused the post", "refused", {"base": "http://f/"}), 1,
                     "ошибка: the forum refused the post"),
    "PublishError": (lambda k: k("the forum refused the post"), 1, "ошибка: the forum refused the post"),
    "LoginFailed": (lambda k: k("login refused"), 1, "ошибка: login refused"),
    "FloodLimited": (lambda k: k("flood limit", retry_after=30), 1, "ошибка: flood limit"),
    "DaemonError": (lambda k: k("no game to run"), 1, "ошибка: no game to run"),
    "StoreError": (lambda k: k("store x.db is locked"), 1, "ошибка: store x.db is locked"),
    "NoStore": (lambda k: k("x.db"), 1,
                "ошибка: хранилища x.db ещё нет: сначала запустите `mafvote crawl` (или проверьте `[store].path` в "
                "конфиге)"),
    "UnreadableFile": (lambda k: k("line 3", "not UTF-8", "save it as UTF-8"), 2,
                       "ошибка: line 3: not UTF-8 (save it as UTF-8)"),
    "AlertError": (lambda k: k("telegram: no token"), 1, "ошибка: telegram: no token"),
    # worded from its key and facts, as `status` words a stored one (issue 14: was «ошибка: alert channel telegram: …»)
    "ChannelError": (lambda k: k("telegram", "Bad Request: chat not found", key="telegram.chat_id",
                                 facts={"description": "Bad Request: chat not found"}), 1,
                     "ошибка: канал оповещений telegram: Телеграм отклонил сообщение (`Bad Request: chat not found`): "
                     "проверьте `[alerts.telegram].chat_id`"),
    "ScraperError": (lambda k: k("the crawl stopped"), 1, "ошибка: the crawl stopped"),
    "FetchError": (lambda k: k("cannot read https://f.example/t after 3 attempts"), 1,
                   "ошибка: cannot read https://f.example/t after 3 attempts"),
    "LayoutNotRecognised": (lambda k: k("https://f.example/t", "mybb", "no posts"), 1,
                            "ошибка: страница не распознана: https://f.example/t (движок `mybb`): `no posts`"),
    "UnknownEngine": (lambda k: k("wordpress"), 1, None),
    "DateNotRecognised": (lambda k: k("вчера в обед", hint="check the engine"), 1,
                          'ошибка: date not recognised: "вчера в обед"; check the engine'),
    "TallyError": (lambda k: k("the count stopped"), 2, "ошибка: the count stopped"),
    # the count's errors are worded from their keys and facts (mafvote.gm_text.tally_error)
    "BadRoster": (lambda k: k("roster[3]: nick 'Соня' appears twice", "roster.twice", i=3, nick="Соня", also="соня"),
                  2, "ошибка: ник «Соня» в списке игроков дважды (у игрока №4 и у «соня»): один аккаунт форума играет "
                     "только за одного игрока; уберите повтор"),
    "BadDayState": (lambda k: k("day 2 has no deadline", "day.no_deadline", day=2), 2,
                    "ошибка: у дня 2 нет дедлайна: задайте `day_deadline` в расписании игры или укажите --deadline; "
                    "без него в подсчёт попали бы все посты после дня"),
    "BadRules": (lambda k: k([RuleProblem("house.toml: [votes].tie", "not_one_of", "'all' is not one of ...",
                                          {"key": "tie", "value": "all", "choices": ["nobody", "nobody_once_then_all"]}),
                              RuleProblem("house.toml: [votes].majority", "unknown_key", "unknown key", {"key": "majority"})]),
                 2, "ошибка: house.toml: [votes].tie: \"all\" здесь не подходит; допустимо: `nobody, "
                    "nobody_once_then_all`; house.toml: [votes].majority: неизвестный ключ"),
    "NoRosterPlayer": (lambda k: k("day 2: the vote thread has 12 posts in the day but none by a roster player",
                                   "day.no_roster_posts", day=2, posts=12, authors=["Гость", "Бот"]), 2,
                       "ошибка: день 2: в теме голосования за день 12 постов, но ни одного от игрока из списка или "
                       "ведущего (авторы: Гость, Бот); проверьте `games.vote_thread` и `games.players` в конфиге"),
    # the resolver's problems are worded from their keys in the GM's language (Russian by default)
    "ResolverError": (lambda k: k([Problem(_NIGHT, "line 3", _UNKNOWN_ACTOR)]), 2,
                      "ошибка: nights/1.toml: line 3: игрока «Лиса» нет в игре"),
    "RulesetError": (lambda k: k(Problem("rulesets/x.toml", "roles[2].side", "unknown side", "use town or mafia")), 2,
                     "ошибка: rulesets/x.toml: roles[2].side: unknown side (use town or mafia)"),
    "ActionError": (lambda k: k([Problem(_NIGHT, "line 3", _UNKNOWN_ACTOR), Problem(_NIGHT, "line 4", "no target")]),
                    2, "ошибка: nights/1.toml: line 3: игрока «Лиса» нет в игре\nnights/1.toml: line 4: no target"),
}


def _run(box: dict, error: BaseException):
    box["error"] = error
    return CliRunner().invoke(cli, ["raise-for-test"])


def test_every_error_kind_is_in_the_table():
    assert sorted(_kinds()) == sorted(TABLE)


@pytest.mark.parametrize("name", sorted(TABLE))
def test_an_error_reaching_the_cli_gives_its_exit_status_and_one_line(raising, name):
    make, status, line = TABLE[name]
    error = make(_kinds()[name])
    result = _run(raising, error)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == status
    expected = line if line is not None else f"ошибка: {error}"
    assert result.output == expected + "\n"


def test_an_unknown_engine_names_the_engines_there_are(raising):
    result = _run(raising, _kinds()["UnknownEngine"]("wordpress"))
    assert result.exit_code == 1
    assert result.output.startswith("ошибка: unknown forum engine 'wordpress'; valid engines: ipb, mybb, phpbb, ")
    assert result.output.endswith(", auto\n")


def test_a_damaged_store_met_by_a_command_is_one_line_about_the_store(raising):
    # no config read: the line says where the store's path is set (issue 14: never the English "(the store)")
    result = _run(raising, sqlite3.DatabaseError("database disk image is malformed"))
    assert result.exit_code == 1
    assert result.output == ("ошибка: хранилище (файл из `[store].path` в конфиге) повреждено (SQLite: `database disk "
                             "image is malformed`); восстановите его из резервной копии или уберите файл в сторону и "
                             "запустите `mafvote crawl`, чтобы прочитать темы заново (разобранные ночи и закрытые дни "
                             "хранятся в нём же, их придётся внести заново)\n")
    assert latin_words(result.output) == [], result.output


def test_a_damaged_store_met_after_the_config_was_read_is_named_by_its_path(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text(crawl_config("http://127.0.0.1:9/", store="state/m.db", players=[{"nick": "Ronin"}]),
                      encoding="utf-8")

    @click.command("read-then-raise-for-test", hidden=True)
    def command():
        load(config)       # as a command that names its config (the demo's pages) or reads its own
        raise sqlite3.DatabaseError("database disk image is malformed")

    cli.add_command(command)
    try:
        result = CliRunner().invoke(cli, ["read-then-raise-for-test"])
    finally:
        cli.commands.pop("read-then-raise-for-test")
    assert result.exit_code == 1
    assert result.output.startswith(f"ошибка: хранилище {tmp_path / 'state' / 'm.db'} повреждено (SQLite: `database "
                                    "disk image is malformed`); "), result.output


def test_ctrl_c_while_a_command_runs_is_one_russian_line_and_exit_130(raising):
    # not click's English "Aborted!" with exit status 1
    result = _run(raising, KeyboardInterrupt())
    assert (result.exit_code, result.output) == (130, "прервано: mafvote остановлен по Ctrl-C\n")


def test_a_bug_of_ours_keeps_its_traceback(raising):
    result = _run(raising, ValueError("a bug"))
    assert isinstance(result.exception, ValueError) and str(result.exception) == "a bug"
    assert "error:" not in result.output and "ошибка:" not in result.output


def test_an_alert_channels_error_at_the_command_line_never_shows_a_registered_secret(raising):
    # a service's answer may echo the token it refused; the GM's line is scrubbed as the stored one is
    # the registry is process-wide: a long, unique secret
    register(["Tk9-cli-channel-secret"])
    error = _kinds()["ChannelError"]("telegram", "Unauthorized: Tk9-cli-channel-secret", key="telegram.chat_id",
                                     facts={"description": "Unauthorized: Tk9-cli-channel-secret"})
    result = _run(raising, error)
    assert result.output == ("ошибка: канал оповещений telegram: Телеграм отклонил сообщение (`Unauthorized: ***`): "
                             "проверьте `[alerts.telegram].chat_id`\n")
