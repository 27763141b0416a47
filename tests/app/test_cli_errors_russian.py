"""Issue 14: the CLI's error lines are Russian by default — the store's errors, the crawl's, click's usage errors
and the times typed on the command line. Each path is driven through `mafvote` with a config that has no
`language` key and fails on a Latin-letter word that is not a nick, a URL, a path, an option or a command (the
helper and the allowlist of tests/app/test_gm_texts_russian.py); `language = "en"` keeps the English."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import click
import pytest

from mafvote.cli import cli, load_all_commands
from mafvote.cli.usage import WordedPath
from mafvote.store import MIGRATIONS, Store
from support.cli import run_main as run
from support.forum import crawl_config
from test_gm_texts_russian import latin_words

BASE = "http://127.0.0.1:9/"


def write_config(folder: Path, store: str = "mafvote.db", language: str | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "config.toml"
    alerts = {"alerts": {"language": language}} if language else {}
    path.write_text(crawl_config(BASE, store=store, players=[{"nick": "Ronin"}, {"nick": "Соня"}, {"nick": "Puss"}],
                                 **alerts), encoding="utf-8")
    return path


def _foreign(folder: Path) -> str:
    conn = sqlite3.connect(folder / "notes.db")
    for i in range(8):
        conn.execute(f"create table t{i} (x)")
    conn.commit()
    conn.close()
    return "notes.db"


def _not_sqlite(folder: Path) -> str:
    (folder / "m.db").write_text("список игроков\n" * 200, encoding="utf-8")
    return "m.db"


def _folder(folder: Path) -> str:
    (folder / "state").mkdir()
    return "state"


def _newer(folder: Path) -> str:
    Store(folder / "m.db", migrations=[*MIGRATIONS, lambda db: None]).close()
    return "m.db"


def _table_missing(folder: Path) -> str:
    Store(folder / "m.db").close()
    with sqlite3.connect(folder / "m.db") as conn:
        conn.execute("drop table posts")
    return "m.db"


def _column_missing(folder: Path) -> str:
    Store(folder / "m.db").close()
    with sqlite3.connect(folder / "m.db") as conn:
        conn.execute("alter table crawl_runs drop column finished_at")
    return "m.db"


STORES = {"a foreign SQLite file": _foreign, "not SQLite": _not_sqlite, "a folder": _folder,
          "from a newer mafvote": _newer, "a table missing": _table_missing, "a column missing": _column_missing,
          "no store yet": lambda folder: "typo/m.db"}


@pytest.mark.parametrize("name", STORES)
def test_the_store_errors_are_russian_by_default(tmp_path, capsys, name):
    config = write_config(tmp_path, STORES[name](tmp_path))
    code, out, err = run(capsys, "tally", "-c", str(config))
    assert (code, out) == (1, "") and err.count("\n") == 1, err
    assert err.startswith("ошибка: ") and latin_words(err) == [], err


def test_a_foreign_store_with_many_tables_names_six_and_counts_the_rest(tmp_path, capsys):
    config = write_config(tmp_path, _foreign(tmp_path))
    code, out, err = run(capsys, "state", "-c", str(config))
    assert err == (f"ошибка: {tmp_path / 'notes.db'} — не хранилище mafvote: в нём таблицы `t0, t1, t2, t3, t4, t5` "
                   "и ещё 2 и нет схемы mafvote; проверьте `[store].path` в конфиге\n")


def test_a_store_error_is_english_with_language_en(tmp_path, capsys):
    config = write_config(tmp_path, _foreign(tmp_path), language="en")
    code, out, err = run(capsys, "state", "-c", str(config))
    assert (code, out) == (1, "")
    assert err == (f"error: not a mafvote store: {tmp_path / 'notes.db'} has tables t0, t1, t2, t3, t4, t5 and 2 more "
                   "and no mafvote schema; check [store].path in the config\n")


# --- the lead of every error line: the config's language, Russian when the config cannot say

def test_the_error_lead_is_russian_by_default_and_english_with_language_en(tmp_path, capsys):
    code, out, err = run(capsys, "tally", "-c", str(write_config(tmp_path / "ru", "typo/m.db")))
    assert (code, err.split(":")[0]) == (1, "ошибка")
    code, out, err = run(capsys, "tally", "-c", str(write_config(tmp_path / "en", "typo/m.db", language="en")))
    assert (code, err) == (1, f"error: no store at {tmp_path / 'en' / 'typo' / 'm.db'} yet: run `mafvote crawl` first "
                              "(or check [store].path in the config)\n")


def test_a_config_with_problems_leads_in_its_own_language_when_it_can_be_read(tmp_path, capsys):
    # the file is TOML and asks for English: its problems and their lead are English, though a key is wrong
    config = write_config(tmp_path, language="en")
    config.write_text(config.read_text(encoding="utf-8").replace("timeout = 5", 'timeout = "soon"', 1),
                      encoding="utf-8")
    code, out, err = run(capsys, "tally", "-c", str(config))
    assert code == 2 and err.startswith(f"error: {config}: line 10: forums[0].timeout: "), err


def test_a_config_that_cannot_be_read_leads_in_russian(tmp_path, capsys):
    # not TOML at all: nothing in it can say which language its GM wants, so the default speaks
    config = tmp_path / "config.toml"
    config.write_text('[alerts]\nlanguage = "en"\n[[forums]\nid = "sim"\n', encoding="utf-8")
    code, out, err = run(capsys, "tally", "-c", str(config))
    assert code == 2 and err.startswith(f"ошибка: {config}: строка 3, столбец 9: ошибка синтаксиса TOML"), err
    assert latin_words(err) == [], err
    code, out, err = run(capsys, "tally", "-c", str(tmp_path / "missing.toml"))
    assert code == 2 and err.startswith(f"ошибка: {tmp_path / 'missing.toml'}: файл не найден"), err


# --- a time typed on the command line

@pytest.mark.parametrize("typed", ["2026-12-28", "завтра", "28.12.2026 22:00"])
def test_a_time_typed_wrong_is_refused_in_russian(tmp_path, capsys, typed):
    code, out, err = run(capsys, "status", "--now", typed, "-c", str(write_config(tmp_path)))
    assert (code, out) == (2, "") and err.startswith(f"ошибка: --now: «{typed}» — ") and err.count("\n") == 1, err
    assert err.endswith("напишите дату и время в виде `2026-12-28T22:00` (в часовом поясе игры) или "
                        "`2026-12-28T22:00+03:00`\n")
    assert latin_words(err) == [], err


# --- the crawl's errors: the scraper's key and facts, worded by mafvote

def _down(forum) -> None:
    forum.fail_for(60)


def _missing(forum) -> None:
    forum.fail_for(60, status=404)


def _wait(forum) -> None:
    forum.fail_next(2, retry_after=86400)


def _unknown_theme(forum) -> None:
    forum.unknown_theme = True


CRAWLS = {"down (503)": _down, "not found (404)": _missing, "asks to wait a day": _wait,
          "layout not recognised": _unknown_theme}


def crawl_folder(folder: Path, base: str, language: str | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    alerts = {"alerts": {"language": language}} if language else {}
    path = folder / "config.toml"
    path.write_text(crawl_config(base, players=[{"nick": "Ronin"}, {"nick": "Соня"}], **alerts), encoding="utf-8")
    return path


@pytest.mark.parametrize("name", CRAWLS)
def test_the_crawl_errors_are_russian_by_default(forum, tmp_path, capsys, name):
    CRAWLS[name](forum)
    code, out, err = run(capsys, "crawl", "-c", str(crawl_folder(tmp_path, forum.base_url)))
    assert code == 1 and err.startswith("ошибка: ny, игровая тема: ") and err.count("\n") == 1, err
    assert "  ОШИБКА: " in out
    assert latin_words(out + err) == [], out + err


def test_a_forum_nobody_answers_at_is_named_in_russian(tmp_path, capsys):
    code, out, err = run(capsys, "crawl", "-c", str(crawl_folder(tmp_path, BASE)))
    assert code == 1 and err.startswith(f"ошибка: ny, игровая тема: не удалось прочитать {BASE}showthread.php?tid=1 "
                                        "за 1 попытку: нет соединения с форумом (`"), err
    assert latin_words(out + err) == [], out + err


def test_the_crawl_errors_are_pinned_in_russian_and_in_english(forum, tmp_path, capsys):
    forum.fail_for(60, status=404)
    code, out, err = run(capsys, "crawl", "-c", str(crawl_folder(tmp_path / "ru", forum.base_url)))
    game, vote = forum.url_of(1), forum.url_of(2)
    assert err == (f"ошибка: ny, игровая тема: не удалось прочитать {game}: форум ответил HTTP 404 (`Not Found`); "
                   "проверьте адрес темы в конфиге (тема открыта гостям?); ny, тема голосования: не удалось прочитать "
                   f"{vote}: форум ответил HTTP 404 (`Not Found`); проверьте адрес темы в конфиге (тема открыта "
                   "гостям?)\n")
    code, out, err = run(capsys, "crawl", "-c", str(crawl_folder(tmp_path / "en", forum.base_url, language="en")))
    assert err == (f"error: ny game topic: cannot read {game}: HTTP 404 Not Found; check the topic URL in the config "
                   f"(is the topic public to guests?); ny vote topic: cannot read {vote}: HTTP 404 Not Found; check "
                   "the topic URL in the config (is the topic public to guests?)\n")


def test_a_crawl_stopped_at_the_page_cap_says_so_in_russian(forum, tmp_path, capsys):
    for i in range(5):                                  # the vote thread: 6 posts, 3 a page
        forum.add_post(2, "Ronin", f"пост {i}")
    path = tmp_path / "config.toml"
    path.write_text(crawl_config(forum.base_url, forum={"max_pages": 1}, players=[{"nick": "Ronin"}, {"nick": "Соня"}]),
                    encoding="utf-8")
    code, out, err = run(capsys, "crawl", "-c", str(path))
    assert code == 0, err
    assert ("  прочитано 1 стр. темы за один обход (предел `max_pages` = 1 в `[[forums]]`); остальные страницы, с 2-й, "
            "будут прочитаны при следующем опросе") in out.splitlines()
    assert latin_words(out + err) == [], out + err


# --- click's usage errors, worded from click's fields

USAGE = {
    "no such option": (["tally", "--sinse", "2026-12-28T22:00"],
                       "нет параметра --sinse (может быть, --since, --view?)"),
    "no such command": (["talyy"], "нет команды `talyy` (может быть, `tally`?)"),
    "missing option": (["night", "add", "Убиваю Соню"], "не указан параметр --night"),
    "missing argument": (["night", "add", "--night", "1"], "не указан аргумент `ТЕКСТ`"),
    "not a number": (["night", "add", "--night", "первая", "Убиваю Соню"], "--night: нужно целое число"),
    "not a choice": (["tally", "--view", "всё"], "--view: нужно одно из: `public`, `gm`"),
    "below the range": (["render", "night", "0"], "`НОМЕР`: нужно целое число не меньше 1"),
    "out of the range": (["serve", "--port", "70000"], "--port: нужно целое число от 0 до 65535"),
    "a value left out": (["tally", "--day"], "после --day нужно значение"),
    "a word too many": (["tally", "лишнее"], "1 лишнее слово в команде: лишнее"),
    "two options that exclude each other": (["day", "close", "--day", "1", "--eliminate", "Соня", "--nobody"],
                                            "--eliminate и --nobody вместе не пишутся: выберите одно"),
}


@pytest.mark.parametrize("name", USAGE)
def test_clicks_usage_errors_are_russian_by_default(tmp_path, capsys, name):
    argv, message = USAGE[name]
    code, out, err = run(capsys, "-c", str(write_config(tmp_path)), *argv)
    assert (code, out) == (2, "")
    assert err.endswith(f"ошибка: {message}\n"), err
    assert latin_words(err, set()) == [], err     # the usage line's metavars too (as --help words them)


def test_a_usage_error_shows_the_usage_and_where_the_help_is_in_russian(tmp_path, capsys):
    code, out, err = run(capsys, "tally", "--sinse", "x", "-c", str(write_config(tmp_path)))
    assert err == ("Запуск: `mafvote tally [ПАРАМЕТРЫ]`\nСправка: `mafvote tally --help`\n\n"
                   "ошибка: нет параметра --sinse (может быть, --since, --view?)\n")


def test_a_usage_error_speaks_the_language_of_the_config_it_would_read(tmp_path, capsys):
    config = write_config(tmp_path, language="en")
    code, out, err = run(capsys, "night", "add", "-c", str(config), "--night", "first", "Убиваю Соню")
    assert (code, err) == (2, "Usage: mafvote night add [OPTIONS] TEXT\nTry 'mafvote night add --help' for help.\n\n"
                              "error: invalid value for --night: a whole number\n")
    code, out, err = run(capsys, "-c", str(config), "talyy")
    assert err.endswith("error: no such command `talyy` (did you mean `tally`?)\n")


# a path click refused (mafvote.cli.usage.WordedPath) and a command left out: click gives no field for either

PATHS = {
    "a file that is not there": (["render", "night", "1", "--flavor", "nope.txt"],
                                 "Запуск: `mafvote render [ПАРАМЕТРЫ] {night|day|votecount} НОМЕР`\n"
                                 "Справка: `mafvote render --help`\n\n"
                                 "ошибка: --flavor: нет такого файла: `nope.txt`\n"),
    "a folder for a file (the root's -c)": (["-c", "state", "tally"],
                                            "Запуск: `mafvote [ПАРАМЕТРЫ] КОМАНДА [АРГУМЕНТЫ]...`\nСправка: `mafvote --help`\n\n"
                                            "ошибка: -c / --config: `state` — папка, а нужен файл\n"),
    "a folder for a file (a command's -c)": (["tally", "-c", "state"],
                                             "Запуск: `mafvote tally [ПАРАМЕТРЫ]`\nСправка: `mafvote tally --help`\n\n"
                                             "ошибка: -c / --config: `state` — папка, а нужен файл\n"),
    "a folder for the log file": (["run", "--log-file", "state"],
                                  "Запуск: `mafvote run [ПАРАМЕТРЫ]`\nСправка: `mafvote run --help`\n\n"
                                  "ошибка: --log-file: `state` — папка, а нужен файл\n"),
    "a file for a folder": (["demo", "--keep", "config.toml"],
                            "Запуск: `mafvote demo [ПАРАМЕТРЫ]`\nСправка: `mafvote demo --help`\n\n"
                            "ошибка: --keep: `config.toml` — файл, а нужна папка\n"),
    "no command after the options": (["-c", "config.toml"],
                                     "Запуск: `mafvote [ПАРАМЕТРЫ] КОМАНДА [АРГУМЕНТЫ]...`\nСправка: `mafvote --help`\n\n"
                                     "ошибка: не указана команда (одна из: `check`, `crawl`, `day`, `demo`, `modkill`, "
                                     "`night`, `posts`, `render`, `replace`, `run`, `serve`, `state`, `status`, "
                                     "`tally`, `undo`, `votes`)\n"),
}


@pytest.mark.parametrize("name", PATHS)
def test_a_path_refused_and_a_command_left_out_are_told_in_russian(tmp_path, monkeypatch, capsys, name):
    argv, expected = PATHS[name]
    write_config(tmp_path)
    (tmp_path / "state").mkdir()
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, *argv)
    assert (code, out, err) == (2, "", expected)
    assert latin_words(err, set()) == [], err


def test_a_path_refused_and_a_command_left_out_in_english(tmp_path, monkeypatch, capsys):
    write_config(tmp_path, language="en")
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "render", "night", "1", "--flavor", "nope.txt")
    assert (code, err) == (2, "Usage: mafvote render [OPTIONS] {night|day|votecount} N\n"
                              "Try 'mafvote render --help' for help.\n\n"
                              "error: invalid value for --flavor: no such file: nope.txt\n")
    code, out, err = run(capsys, "-c", "config.toml")
    assert (code, err.splitlines()[-1]) == (2, "error: missing command (one of: `check`, `crawl`, `day`, `demo`, "
                                               "`modkill`, `night`, `posts`, `render`, `replace`, `run`, `serve`, "
                                               "`state`, `status`, `tally`, `undo`, `votes`)")


def test_every_path_parameter_says_what_is_wrong_with_the_path():
    # click says which of a path's checks failed only in words (English, or the environment's locale): every path
    # option and argument of mafvote is a WordedPath, whose refusal carries the path and the check
    load_all_commands()
    found = []

    def walk(command: click.Command, path: str) -> None:
        for param in command.params:
            if isinstance(param.type, click.Path):
                found.append((path, param.name, type(param.type)))
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, f"{path} {name}")

    walk(cli, "mafvote")
    assert len(found) >= 5
    assert [f for f in found if f[2] is not WordedPath] == []


def test_help_stays_complete(capsys):
    code, out, err = run(capsys, "tally", "--help")
    assert code == 0 and out.startswith("Запуск: mafvote tally [ПАРАМЕТРЫ]\n") and "--since" in out and "--view" in out
