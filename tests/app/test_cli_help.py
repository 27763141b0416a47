"""Issue 14: `mafvote --help` and every command's `--help` are Russian by default — the texts (from the catalogue,
`help.*` in mafvote/messages/*_help.py) and click's own words around them (`Запуск:`, `Параметры:`, `Команды:`,
`[ПАРАМЕТРЫ]`, `ФАЙЛ`, `[по умолчанию: …]`, `[обязательный]`, the help and version options' lines); English when
the config the command would read says `[alerts] language = "en"` (mafvote.cli.help_text)."""
from __future__ import annotations

import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from mafvote import messages
from mafvote.cli import cli, load_all_commands
from test_gm_texts_russian import latin_words

load_all_commands()


def _commands(group: click.Group, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], click.Command]]:
    found = [(path, group)]
    for name in sorted(group.commands):
        command = group.commands[name]
        if isinstance(command, click.Group):
            found += _commands(command, (*path, name))
        else:
            found.append(((*path, name), command))
    return found


COMMANDS = _commands(cli)


def _typed_words(command: click.Command) -> set[str]:
    """What the GM types, which `--help` shows as it is: the command names and a choice's values."""
    words = set(getattr(command, "commands", {})) | {"yes", "no"}      # `night roll ROLL yes|no|НИК`
    for param in command.params:
        if isinstance(param.type, click.Choice):
            words |= {str(c) for c in param.type.choices} | {str(c).lower() for c in param.type.choices}
    return words


def _choice_pieces(command: click.Command) -> str:
    """A choice list as the usage line may wrap it: inside a value (`second_kill|visi` / `tor|bloody`)."""
    return "|".join(str(c) for p in command.params if isinstance(p.type, click.Choice) for c in p.type.choices)


@pytest.fixture
def no_config(tmp_path, monkeypatch):
    """A folder with no config.toml and no $MAFVOTE_CONFIG: the default language speaks."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("MAFVOTE_CONFIG", raising=False)
    return tmp_path


def help_of(*path: str) -> str:
    result = CliRunner().invoke(cli, [*path, "--help"], prog_name="mafvote", catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize("path", [p for p, _ in COMMANDS], ids=lambda p: " ".join(("mafvote", *p)))
def test_every_help_is_russian_by_default(no_config, path):
    command = dict(COMMANDS)[path]
    text = help_of(*path)
    allowed = _typed_words(command) | set(path)
    usage, _, rest = text.partition("\n\n")
    pieces = _choice_pieces(command)
    assert [w for w in latin_words(usage) if w not in allowed and w not in pieces] == [], text
    assert [w for w in latin_words(rest) if w not in allowed] == [], text
    assert text.startswith(f"Запуск: {' '.join(('mafvote', *path))} [ПАРАМЕТРЫ]") and "Параметры:" in text
    # complete: every visible option of the command is listed
    for param in command.params:
        if isinstance(param, click.Option) and not param.hidden:
            assert param.opts[-1] in text, (param.opts, text)
    # and every argument, in an «Аргументы:» section, each with its own Russian line (click shows none)
    arguments = [p for p in command.params if isinstance(p, click.Argument)]
    if not arguments:
        assert "Аргументы:" not in text
        return
    section = text.partition("\nАргументы:\n")[2].partition("\n\nПараметры:")[0]
    rows = re.split(r"\n(?=  \S)", section)
    assert len(rows) == len(arguments), text
    for param, row in zip(arguments, rows):
        shown = usage.partition(" [ПАРАМЕТРЫ] ")[2].split()[arguments.index(param)]
        spec, _, line = row.strip().partition("  ")
        assert spec == shown and line.strip(), (param.name, row)
        assert " ".join(line.split()) == messages.text(f"help.{'.'.join(path)}.{param.name}", language="ru")
        assert re.search("[а-яё]{4}", line), row


@pytest.mark.parametrize("path", [p for p, _ in COMMANDS], ids=lambda p: " ".join(("mafvote", *p)))
def test_every_command_and_option_has_its_text_in_the_catalogue(path):
    # a command or option without its `help.*` key would show its English docstring or `help=`
    command = dict(COMMANDS)[path]
    key = "help." + (".".join(path) or "mafvote")
    assert messages.has(key, "ru") and messages.has(key, "en"), key
    for param in command.params:
        if isinstance(param, click.Option) and not param.hidden and param.name != "version":
            keys = [f"{key}.{param.name}", f"help.option.{param.name}"]
            assert any(messages.has(k, "ru") for k in keys), keys
        if isinstance(param, click.Argument):
            assert messages.has(f"{key}.{param.name}", "ru") and messages.has(f"{key}.{param.name}", "en"), param.name


def test_the_group_help_in_russian(no_config):
    assert help_of() == (
        "Запуск: mafvote [ПАРАМЕТРЫ] КОМАНДА [АРГУМЕНТЫ]...\n"
        "\n"
        "  Подсчёт голосов и публикация итогов для форумной мафии.\n"
        "\n"
        "Параметры:\n"
        "  --version          Показать версию и выйти.\n"
        "  -c, --config ФАЙЛ  Файл настроек, для любой команды (можно указать и после\n"
        "                     команды).\n"
        "  -h, --help         Показать эту справку и выйти.\n"
        "\n"
        "Команды:\n"
        "  check    Проверить файл настроек и названные в нём правила.\n"
        "  crawl    Сейчас же обойти все темы каждой игры (или одной, с --game).\n"
        "  day      Конец дня.\n"
        "  demo     Показать всю работу на вложенных страницах «Новогодней мафии» с...\n"
        "  modkill  Ведущий убирает игрока из игры (модкилл).\n"
        "  night    Ночные действия: внести их так, как написали игроки, задать...\n"
        "  posts    Сохранённые посты игры, удалённые тоже (с пометкой).\n"
        "  render   Оформленный пост с итогами ночи или дня либо текущий подсчёт...\n"
        "  replace  Новый аккаунт занимает место и роль игрока (замена) с этого...\n"
        "  run      Демон: обходить темы по расписанию, держать подсчёт свежим,...\n"
        "  serve    Открыть в браузере публичные страницы и (на 127.0.0.1 или с...\n"
        "  state    Показать состояние игры (текущая фаза, живые, лишения голоса,...\n"
        "  status   По каждой игре: фаза, дедлайн и сколько до него осталось,...\n"
        "  tally    Подсчёт голосов дня по сохранённым постам.\n"
        "  undo     Отменить последний применённый шаг (разобранную ночь, закрытый...\n"
        "  votes    История голосов одного игрока со ссылками на посты.\n")


def test_the_tally_help_in_russian(no_config):
    assert help_of("tally") == (
        "Запуск: mafvote tally [ПАРАМЕТРЫ]\n"
        "\n"
        "  Подсчёт голосов дня по сохранённым постам.\n"
        "\n"
        "Параметры:\n"
        "  -c, --config ФАЙЛ            Файл настроек.  [по умолчанию: config.toml]\n"
        "  --game ИГРА                  Код игры в файле настроек (можно не указывать,\n"
        "                               если игра в файле одна).\n"
        "  --day ЧИСЛО                  День (по умолчанию — текущий; ночью — последний\n"
        "                               закрытый).\n"
        "  --since ВРЕМЯ                Считать с этого времени, а не с начала дня.\n"
        "  --deadline ВРЕМЯ             Считать до этого времени, а не до дедлайна дня.\n"
        "  --at ВРЕМЯ                   Считать так, как mafvote видел тему в этот\n"
        "                               момент.\n"
        "  --view [public|gm]           `public` — то, что видят игроки; `gm` — все\n"
        "                               скрытые модификаторы и причина каждого голоса.\n"
        "                               [по умолчанию: public]\n"
        "  --format [text|bbcode|json]  Формат вывода; `json` — для скриптов (его ключи\n"
        "                               только добавляются).  [по умолчанию: text]\n"
        "  -h, --help                   Показать эту справку и выйти.\n")


def test_the_arguments_in_russian(no_config):
    # click shows no arguments: mafvote's «Аргументы:» section, each as the usage line writes it
    text = help_of("night", "roll")
    assert text.startswith("Запуск: mafvote night roll [ПАРАМЕТРЫ] БРОСОК yes|no|НИК\n"), text
    assert (
        "\nАргументы:\n"
        "  БРОСОК      Какой бросок задать: `evidence` — улики, `silence` — лишение\n"
        "              голоса, `reveal` — раскрытие роли, `second_kill` и `bloody` —\n"
        "              второе убийство, `visitor` — гость под ударом, `learn` — узнать.\n"
        "  yes|no|НИК  Исход броска: `yes` (случилось) или `no` (не случилось); для\n"
        "              броска, который выбирает игрока (`visitor`), — ник этого игрока.\n"
        "\nПараметры:\n") in text
    assert (
        "\nАргументы:\n"
        "  {night|day|votecount}  Что оформить: `night` — итоги ночи, `day` — итоги дня,\n"
        "                         `votecount` — текущий подсчёт голосов дня.\n"
        "  НОМЕР                  Номер ночи или дня.\n"
        "\nПараметры:\n") in help_of("render")
    assert "Аргументы:" not in help_of("tally")
    # a refused roll names the argument as --help does
    result = CliRunner().invoke(cli, ["night", "roll", "--night", "1", "--actor", "x", "bogus", "yes"],
                                prog_name="mafvote")
    assert result.exit_code == 2
    assert result.stderr.endswith("ошибка: `БРОСОК`: нужно одно из: `evidence`, `silence`, `reveal`, "
                                  "`second_kill`, `visitor`, `bloody`, `learn`\n"), result.stderr


def test_a_required_option_and_a_range_in_russian(no_config):
    assert "\n  --player НИК          Игрок.  [обязательный]\n" in help_of("votes")
    assert "[по умолчанию: 8080; от 0 до 65535]" in " ".join(help_of("serve").split())


def test_help_in_english_when_the_config_says_en(no_config):
    (no_config / "config.toml").write_text('[alerts]\nlanguage = "en"\n', encoding="utf-8")
    text = help_of("night", "add")
    assert text.startswith("Usage: mafvote night add [OPTIONS] TEXT\n\n  Add a night action written as the player "
                           "wrote it (`Лечу Васю`); prints how it\n  was read.\n\nArguments:\n  TEXT  The action in "
                           "the player's words, as in their message to the GM (`Лечу\n        Васю`); in quotes when "
                           "it has spaces.\n\nOptions:\n"), text
    assert "  --night INTEGER    The night's number.  [required]\n" in text
    assert "  -h, --help         Show this message and exit.\n" in text
    group = help_of()
    assert "\nCommands:\n  check    Validate the config file and the rulesets it names.\n" in group
    assert "  --version          Show the version and exit.\n" in group
    # a config named by -c speaks for itself; one that says nothing leaves the default
    (no_config / "ru.toml").write_text("[alerts]\n", encoding="utf-8")
    assert help_of("-c", "ru.toml").startswith("Запуск: mafvote [ПАРАМЕТРЫ]")
    assert CliRunner().invoke(cli, ["tally", "--help", "-c", "ru.toml"], prog_name="mafvote").stdout.startswith(
        "Запуск: mafvote tally [ПАРАМЕТРЫ]")


def test_no_arguments_shows_the_help_in_russian(no_config):
    result = CliRunner().invoke(cli, ["night"], prog_name="mafvote")
    assert "Запуск: mafvote night [ПАРАМЕТРЫ] КОМАНДА [АРГУМЕНТЫ]...\n" in result.output
    assert "Команды:\n  add      Внести ночное действие" in result.output
