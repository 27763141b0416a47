"""Start-up (issue 17): `mafvote --version` and `--help` import no command and none of the heavy libraries, and a
command imports only what it uses. Checked in fresh interpreters through `sys.modules` (never by timing: the
figures are in bench/README.md), so an import added at the top of a module cannot silently bring the cost back.
"""
from __future__ import annotations

import gc
import hashlib
import json
import subprocess
import sys
from pathlib import Path

import click
from click.testing import CliRunner

from mafvote import messages
from mafvote.cli import _COMMANDS, cli, load_all_commands, main
from mafvote.cli.help_text import HelpInLanguage
from support.game_dir import GAME_CONFIG, WINDOW, fill_store_post_by_post

ROOT = Path(__file__).resolve().parents[2]

# what a command that prints the version or the list of commands never needs
HEAVY = ("httpx", "pydantic", "selectolax", "mafvote_resolver", "mafvote_tally", "mafvote_scraper.fetch", "mafvote_scraper.crawl", "sqlite3",
         "sqlite_utils", "jinja2", "rich", "rapidfuzz", "pymorphy3", "apscheduler", "charset_normalizer",
         "mafvote.config", "mafvote.store", "mafvote.game", "mafvote.render", "mafvote.daemon", "mafvote.demo")


def _modules_after(args: list[str], tmp_path: Path | None = None, prelude: str = "") -> tuple[str, set[str]]:
    """The output of `mafvote ARGS` run in a fresh interpreter and the modules it had imported by its end
    (`prelude`: Python run before the command, as a test's monkeypatch)."""
    script = (
        "import io, json, sys, contextlib\n"
        f"{prelude}\n"
        "from mafvote.cli import main\n"
        "out = io.StringIO()\n"
        "with contextlib.redirect_stdout(out):\n"
        "    try:\n"
        f"        main({args!r})\n"
        "    except SystemExit:\n"
        "        pass\n"
        "sys.__stdout__.write(json.dumps([out.getvalue(), sorted(sys.modules)]))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path or ROOT,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    text, modules = json.loads(done.stdout)
    return text, set(modules)


def _loaded(modules: set[str], names) -> list[str]:
    return sorted(n for n in names if n in modules)


# what the group itself needs (no command): the shared options, the wording of click's usage errors and of `--help`
SHARED = ("mafvote.cli.group", "mafvote.cli.common", "mafvote.cli.usage", "mafvote.cli.help_text", "mafvote.cli.language")


def test_version_imports_no_command_and_no_heavy_library(tmp_path):
    # Russian, as every line a GM reads (no config in tmp_path names a language)
    text, modules = _modules_after(["--version"], tmp_path)
    assert text == "mafvote, версия 0.1.0\n"
    assert _loaded(modules, HEAVY) == []
    # answered before the group: not even click (mafvote.cli.main), nor the catalogue, nor tomllib with no config
    assert _loaded(modules, ("click", "mafvote.messages", "tomllib")) == []
    assert not any(m.startswith("mafvote.cli.") and m != "mafvote.cli.language" for m in modules), sorted(modules)


def test_version_after_another_option_is_the_groups_answer_and_the_same_line(tmp_path):
    # not the bare `mafvote --version`: the group's own --version option answers it, with the line mafvote.cli.main
    # prints
    (tmp_path / "config.toml").write_text("[alerts]\n", encoding="utf-8")
    text, modules = _modules_after(["-c", "config.toml", "--version"], tmp_path)
    assert text == "mafvote, версия 0.1.0\n" and "click" in modules
    assert CliRunner().invoke(cli, ["-c", str(tmp_path / "config.toml"), "--version"]).output == (
        "mafvote, версия 0.1.0\n")


def test_version_in_english_when_the_config_says_en(tmp_path):
    # the language `--help` speaks (mafvote.cli.language): ./config.toml, $MAFVOTE_CONFIG or -c FILE
    (tmp_path / "config.toml").write_text('[alerts]\nlanguage = "en"\n', encoding="utf-8")
    text, modules = _modules_after(["--version"], tmp_path)
    assert text == "mafvote, version 0.1.0\n"
    assert _loaded(modules, ("click", "pydantic", "mafvote.config")) == []
    text, _ = _modules_after(["-c", "config.toml", "--version"], tmp_path)
    assert text == "mafvote, version 0.1.0\n"
    (tmp_path / "other.toml").write_text('[alerts]\nlanguage = "ru"\n', encoding="utf-8")
    text, _ = _modules_after(["--version"], tmp_path,
                             prelude=f"import os; os.environ['MAFVOTE_CONFIG'] = {str(tmp_path / 'other.toml')!r}")
    assert text == "mafvote, версия 0.1.0\n"
    # a config that is not TOML leaves the default
    (tmp_path / "config.toml").write_text("[alerts\n", encoding="utf-8")
    text, _ = _modules_after(["--version"], tmp_path)
    assert text == "mafvote, версия 0.1.0\n"


def test_help_lists_every_command_without_importing_them():
    text, modules = _modules_after(["--help"])
    assert _loaded(modules, HEAVY) == []
    assert not any(m.startswith("mafvote.cli.") and m not in SHARED for m in modules)
    # the lazy listing is exactly the listing of the imported commands (mafvote.cli.help_text), in the language
    # `--help` spoke (no config in the repository's root names one: Russian): every command, each with the first
    # sentence of its `help.<command>` text in the catalogue
    load_all_commands()
    assert sorted(_COMMANDS) == sorted(cli.commands), "every command needs its line in mafvote.cli._COMMANDS"
    ctx = click.Context(cli, info_name="mafvote")
    formatter = ctx.make_formatter()
    with messages.using(messages.DEFAULT_LANGUAGE):
        HelpInLanguage.format_commands(cli, ctx, formatter)        # through the imported commands
    eager = formatter.getvalue()
    assert eager.strip() and eager in text, (
        "`mafvote --help` lists a command's short help from the catalogue: give the command its `help.<command>` "
        "text in mafvote/messages/ru_help.py and en_help.py")
    for name in ("check", "crawl", "posts", "tally", "votes", "night", "day", "state", "render", "run", "status",
                 "demo", "modkill", "replace", "undo"):
        assert f"\n  {name} " in text


def test_tally_imports_neither_the_crawler_nor_the_daemon(tmp_path):
    # a config that fails validation is enough: the command's module and the config's are loaded by then
    (tmp_path / "config.toml").write_text("[store]\npath = 1\n", encoding="utf-8")
    _, modules = _modules_after(["tally"], tmp_path)
    assert "mafvote.cli.tally" in modules and "mafvote.config" in modules
    assert _loaded(modules, ("httpx", "mafvote_scraper.fetch", "mafvote_scraper.crawl", "apscheduler", "charset_normalizer",
                             "mafvote.daemon", "mafvote.demo", "mafvote.forumsim", "mafvote.cli.crawl",
                             "mafvote.cli.demo", "mafvote.cli.daemon", "mafvote_resolver.engine", "mafvote_resolver.phrases")) == []


def test_status_loads_neither_the_forum_client_nor_the_themes(tmp_path):
    # `mafvote status` reads the store only: the daemon's module defers the forum client, the crawler and the
    # themes to where `mafvote run` first needs them (mafvote/daemon.py's docstring says what each costs)
    text = (ROOT / "tests" / "data" / "game" / "config.toml").read_text(encoding="utf-8")
    (tmp_path / "config.toml").write_text(text.replace("{store}", str(tmp_path / "store.db")), encoding="utf-8")
    out, modules = _modules_after(["status", "--now", "2026-12-30T21:07"], tmp_path)
    assert "mafvote.daemon" in modules and "Новогодняя мафия" in out, out
    assert _loaded(modules, ("mafvote_scraper.fetch", "mafvote_scraper.crawl", "charset_normalizer", "jinja2",
                             "mafvote.render", "mafvote.publish", "mafvote.pages", "apscheduler")) == []


def test_tally_counts_without_jinja_httpx_or_the_alert_channels(tmp_path):
    """`mafvote tally` of a real day (the bundled MyBB thread, the GM view with its flags worded as the alerts
    word them) loads neither the templates' Jinja nor httpx: the shown names come from mafvote.shown_names, not
    mafvote.render, and the alert record from mafvote.alert_record, not the channels of mafvote.alerts."""
    (tmp_path / "config.toml").write_text(GAME_CONFIG.read_text(encoding="utf-8").replace("{store}", "state/m.db"),
                                          encoding="utf-8")
    fill_store_post_by_post(tmp_path / "state" / "m.db")
    # the day is over (test_cli_tally's AFTER): the GM's clock, as its tests set it
    after = ("import datetime, mafvote.game; mafvote.game.utc_now = "
             "lambda: datetime.datetime(2027, 1, 2, tzinfo=datetime.timezone.utc)")
    text, modules = _modules_after(["tally", "--view", "gm", *WINDOW], tmp_path, prelude=after)
    assert "Puss" in text and "mafvote_tally.count" in modules and "mafvote.alert_rules" in modules
    assert _loaded(modules, ("jinja2", "markupsafe", "httpx", "httpcore", "mafvote.render", "mafvote.alerts",
                             "mafvote.pages", "mafvote.publish", "smtplib", "pygments")) == []
    # nor the crawler's engine profiles (post links are for `mafvote votes`), nor rich: the table fits (issue 17)
    assert _loaded(modules, ("mafvote.links", "mafvote_scraper.profiles", "rich")) == []
    # nor sqlite-utils (with dateutil and pluggy): the store is read through sqlite3 alone; its table API is for the
    # migrations (mafvote.store.database, issue 17)
    assert _loaded(modules, ("sqlite_utils", "dateutil", "pluggy", "mafvote.store.table_api")) == []
    # nor the night's machinery: the resolver's actions, outcome, duty and rolls, nor the night and day commands
    # (who holds a night action, which the count asks, is in mafvote_resolver.checks; issue 17)
    assert _loaded(modules, ("mafvote_resolver.actions", "mafvote_resolver.outcome", "mafvote_resolver.duty",
                             "mafvote_resolver.rolls", "mafvote.cli.game")) == []
    # nor html's entity tables, which only a registered secret's spellings need (issue 17)
    assert _loaded(modules, ("html", "html.entities")) == []
    # nor the crawler's model (its records and errors): the package names them lazily, and the count reads the
    # store's records (issue 17)
    assert "mafvote_scraper.untrusted" in modules and "mafvote_scraper.model" not in modules
    # nor the records of the daemon's output tables (the alert log's deliveries, the published count post)
    assert "mafvote.store" in modules and "mafvote.store.output_rows" not in modules
    # nor the topics' and pages' records: the count reads posts by their topic's row id
    assert "mafvote.store.topic_rows" not in modules
    # nor the stored posts' and versions' records, nor a stored page's changes: the count reads `count_posts`
    assert "mafvote.store.post_rows" not in modules
    # nor what `day close`, `night resolve` and `mafvote votes` return
    assert "mafvote.game" in modules and "mafvote.game.command_results" not in modules
    # nor the alert record and the crawler's health: the flags are worded by mafvote.alert_rules, no alert is made
    assert "mafvote.alert_rules" in modules and _loaded(modules, ("mafvote.alert_record", "mafvote.crawl_health")) == []
    # nor the records of the config's optional tables the test's config does not have (a forum's login, a player's
    # replacement, the alert channels)
    assert "mafvote.config.records" in modules and "mafvote.config.optional_records" not in modules


def test_tally_on_a_cached_config_imports_no_pydantic(tmp_path):
    """The first command validates the config (pydantic) and caches it beside the file; the next `mafvote tally`
    reads the cache and imports neither pydantic nor the schema, and counts the same (mafvote.config.cache)."""
    (tmp_path / "config.toml").write_text(GAME_CONFIG.read_text(encoding="utf-8").replace("{store}", "state/m.db"),
                                          encoding="utf-8")
    fill_store_post_by_post(tmp_path / "state" / "m.db")
    after = ("import datetime, mafvote.game; mafvote.game.utc_now = "
             "lambda: datetime.datetime(2027, 1, 2, tzinfo=datetime.timezone.utc)")
    validating = ("pydantic", "pydantic_core", "mafvote.config.schema", "mafvote.config.load", "mafvote.config.crosscheck")
    first, modules = _modules_after(["tally", "--view", "gm", *WINDOW], tmp_path, prelude=after)
    assert _loaded(modules, validating) == sorted(validating)
    assert (tmp_path / ".config.toml.mafvote-cache").is_file()
    again, modules = _modules_after(["tally", "--view", "gm", *WINDOW], tmp_path, prelude=after)
    assert "mafvote_tally.count" in modules and "mafvote.config.cache" in modules
    assert _loaded(modules, validating) == []
    assert again == first and "Puss" in again


def test_tally_a_second_time_loads_no_dictionary_and_counts_the_same(tmp_path):
    """The dictionary's answers for the words the count asked it about are kept beside the store
    (mafvote.game.dictionary_words): the next `mafvote tally` neither imports pymorphy3 nor loads its dictionary,
    and counts the same. A file written for another dictionary or another reading of it is not trusted."""
    (tmp_path / "config.toml").write_text(GAME_CONFIG.read_text(encoding="utf-8").replace("{store}", "state/m.db"),
                                          encoding="utf-8")
    fill_store_post_by_post(tmp_path / "state" / "m.db")
    after = ("import datetime, mafvote.game; mafvote.game.utc_now = "
             "lambda: datetime.datetime(2027, 1, 2, tzinfo=datetime.timezone.utc)")
    words = tmp_path / "state" / ".m.db.mafvote-words"
    words.unlink(missing_ok=True)           # filling the store counted already
    first, modules = _modules_after(["tally", "--view", "gm", *WINDOW], tmp_path, prelude=after)
    assert "pymorphy3" in modules and words.is_file()
    again, modules = _modules_after(["tally", "--view", "gm", *WINDOW], tmp_path, prelude=after)
    assert _loaded(modules, ("pymorphy3", "pymorphy3_dicts_ru", "dawg_python")) == []
    assert again == first and "Puss" in again
    # another key (as another pymorphy3 or dictionary would give), the digest made right: asked again, rewritten
    digest, _, payload = words.read_bytes().partition(b"\n")
    content = json.loads(payload)
    content["key"] = "0" * 64
    payload = json.dumps(content).encode()
    words.write_bytes(hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload)
    third, modules = _modules_after(["tally", "--view", "gm", *WINDOW], tmp_path, prelude=after)
    assert "pymorphy3" in modules and third == first
    assert json.loads(words.read_bytes().partition(b"\n")[2])["key"] != "0" * 64
    # a hand-edited file (the digest does not match) is not read either
    words.write_bytes(digest + b"\n" + payload.replace(b"0000", b"1111"))
    _, modules = _modules_after(["tally", "--view", "gm", *WINDOW], tmp_path, prelude=after)
    assert "pymorphy3" in modules


def test_a_lazily_loaded_command_runs_and_its_errors_keep_their_exit_codes(tmp_path):
    # through click's runner (the group resolves the command by name): a missing config is exit 2 with one line
    result = CliRunner().invoke(cli, ["-c", str(tmp_path / "missing.toml"), "tally"])
    assert result.exit_code == 2
    assert "missing.toml" in result.output
    result = CliRunner().invoke(cli, ["no-such-command"])
    assert result.exit_code == 2 and "ошибка: нет команды `no-such-command`\n" in result.output


def _program(args: list[str], cwd: Path, watch: str = "") -> dict:
    """`mafvote ARGS` run as the program (the console script's `main()`, its words in `sys.argv`) in a fresh
    interpreter, with the collector watched: how many passes ran before the command started and after, the
    collector's state and the frozen objects' count when the command's `load_game` was called, and at exit."""
    script = (
        "import atexit, gc, json, sys\n"
        "seen = {'before': 0, 'after': 0, 'in_command': None}\n"
        "gc.callbacks.append(lambda phase, info: phase == 'start' and seen.__setitem__(\n"
        "    'after' if seen['in_command'] else 'before', seen['after' if seen['in_command'] else 'before'] + 1))\n"
        "import mafvote.cli.common as common\n"
        "load_game = common.load_game\n"
        "def watched(*a, **k):\n"
        "    seen['in_command'] = [gc.isenabled(), gc.get_freeze_count()]\n"
        "    gc.collect(0)\n"
        "    return load_game(*a, **k)\n"
        "common.load_game = watched\n"
        "atexit.register(lambda: sys.stderr.write(json.dumps(seen | {'at_exit': gc.isenabled()})))\n"
        f"sys.argv = ['mafvote', *{args!r}]\n"
        "from mafvote.cli import main\n"
        "seen['before'] = 0\n"              # (the watch's own imports above ran with the collector on)
        "main()\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=cwd, timeout=120)
    return json.loads(done.stderr.strip().splitlines()[-1])


def test_the_program_starts_with_the_collector_paused_and_runs_the_command_with_it_on(tmp_path):
    # issue 17: the start's objects live to the end, the collector's passes over them found nothing; paused until
    # the command starts, then those objects frozen (never walked again) and the collector on for the command
    (tmp_path / "config.toml").write_text("[store]\npath = 1\n", encoding="utf-8")
    seen = _program(["tally"], tmp_path)
    assert seen["before"] == 0
    enabled, frozen = seen["in_command"]
    assert enabled and frozen > 1000
    assert seen["after"] >= 1 and seen["at_exit"] is True
    # no command (the group's help): paused throughout, on again at the end
    seen = _program(["--help"], tmp_path)
    assert seen == {"before": 0, "after": 0, "in_command": None, "at_exit": True}


def test_main_called_by_a_caller_leaves_its_collector_alone(capsys):
    # `main(argv)` inside another program (a test, a library user): no pause, nothing frozen
    before = gc.get_freeze_count()
    try:
        main(["--help"])
    except SystemExit:
        pass
    assert gc.isenabled() and gc.get_freeze_count() == before
    assert "tally" in capsys.readouterr().out
