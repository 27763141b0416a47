"""A damaged store, wild numbers and GM slips end in one line that says what to do, never in a traceback or a
wrong game:

* a store damaged past its header, missing a table or a column, or truncated to 0 bytes: every command names the
  file and what to do (exit 1); a command that writes checks the file first and writes nothing into a damaged one;
  the daemon logs it once and keeps serving its other games;
* `replace --by` refuses an empty or invisible nick and a GM's account; a second replace of the same old nick says
  who plays the slot now; `state silence --secret --days 2` is refused;
* durations and the forum timeout have sane bounds, reported as config problems with the key's line;
* `tally --day 10000000` is refused at once, naming the current phase;
* `undo` and any `--dry-run` never create a missing store; the missing-config hint names the shipped example;
* a vote for a player modkilled later that day weighs nothing, one posted after the modkill is a vote for the dead;
* the daemon logs a forum address the config moved; `status` of a day closed early (досрочно) shows no time left
  and plans no deadline warnings for it.
"""
from __future__ import annotations

import hashlib
import json
import logging
import os
import sqlite3
import time as time_mod
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner

from mafvote import rulesets
from mafvote.cli import cli
from mafvote.config import ConfigError, load_config, parse_duration
from mafvote.daemon import Daemon
from mafvote.game import GameService, clock_at
from mafvote.paths import data_file
from mafvote.store import Store
from mafvote_scraper.fetch import FetchedMeta, ForumClient
from mafvote_scraper.model import ParsedPage, ParsedPost
from support import NEW_YEAR_ROSTER, TIME_MACHINE_ROSTER, msk_at, red_span

BASE = "http://127.0.0.1:9/"

CONFIG = """
[store]
path = "{store}"

[[forums]]
id = "f"
engine = "mybb"
base_url = "{base}"
timezone = "Europe/Moscow"
min_delay = 0
timeout = 5
retries = 0

[[games]]
id = "g"
title = "Тест"
forum = "f"
ruleset = "{ruleset}"
game_topic = "{base}showthread.php?tid=1"
vote_thread = "{base}showthread.php?tid=2"
gm = ["Ведущий"]
poll_interval = "2m"

[games.schedule]
timezone = "Europe/Moscow"
start = "{start}"
starts_with = "{starts_with}"
first_deadline = "{first}"
day_deadline = "22:00"
night_deadline = "{night}"
"""


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


class Game:
    """A config file and its store; the vote thread filled post by post (a page each); the service over them."""

    def __init__(self, tmp_path: Path, ruleset: str = "new_year", roster=NEW_YEAR_ROSTER, *, store: str = "m.db",
                 start: str = "2026-11-10T23:00", first: str = "2026-11-11T22:30", starts_with: str = "night",
                 night: str = "22:30", extra: str = "") -> None:
        text = CONFIG.format(store=store, base=BASE, ruleset=ruleset, start=start, first=first,
                             starts_with=starts_with, night=night)
        text += "".join(f'[[games.players]]\nnick = "{n}"\nrole = "{r}"\n' for n, r in roster) + extra
        self.dir = tmp_path
        self.path = tmp_path / "config.toml"
        self.path.write_text(text, encoding="utf-8")
        self.config = load_config(self.path)
        self.game = self.config.games[0]
        self.db = Path(self.config.store.path)
        self.pid = 100

    def open(self) -> Game:
        self.store = Store(self.db)
        self.store.ensure_forum("f", engine="mybb", base_url=BASE, timezone_name="Europe/Moscow")
        self.topic = self.store.ensure_topic("f", "2", url=f"{BASE}showthread.php?tid=2", kind="vote", game_id="g")
        self.svc = GameService(self.store, self.game, rulesets.load(self.game.ruleset_path),
                               nights_dir=self.dir / "nights", engine="mybb", base_url=BASE)
        return self

    def post(self, author: str, when: datetime, html: str) -> int:
        self.pid += 1
        page_no = self.pid - 100
        url = f"{BASE}showthread.php?tid=2&page={page_no}"
        post = ParsedPost(post_id=self.pid, topic_id="2", page=page_no, position=0, author=author, author_id=None,
                          time=when, html=html, edit=None, content_hash=f"h:{self.pid}")
        page = ParsedPage(url=url, engine="mybb", topic_id="2", page=page_no, last_page=None, next_url=None,
                          posts=[post], title="Голосование")
        self.store.upsert_page(self.topic, page, FetchedMeta(url, when + timedelta(minutes=1)))
        return self.pid

    def cli(self, *args: str, moment: datetime | None = None) -> tuple[int, str, str]:
        """A mafvote command as the GM runs it (at `moment`, when given)."""
        runner = CliRunner()
        if moment is None:
            result = runner.invoke(cli, ["-c", str(self.path), *args], catch_exceptions=False)
        else:
            with clock_at(moment):
                result = runner.invoke(cli, ["-c", str(self.path), *args], catch_exceptions=False)
        return result.exit_code, result.stdout, result.stderr


def damaged(path: Path, what: str) -> str:
    return (f"error: store {path} is damaged ({what}); restore it from a backup, or move it away and run "
            "`mafvote crawl` to read the topics again (the nights resolved and days closed are in it too "
            "and would have to be entered again)\n")


# --- a damaged store ------------------------------------------------------------------------------------------

@pytest.fixture
def played(tmp_path) -> Game:
    """Night 1 resolved (an early page of game_phases), then 400 vote posts (the later pages of the file)."""
    g = Game(tmp_path).open()
    g.svc.resolve_night(1, now=msk_at("2026-11-11T22:40"))
    for i in range(400):
        g.post(NEW_YEAR_ROSTER[i % 9][0], msk_at("2026-11-12T10:00") + timedelta(seconds=30 * i),
               f"пост {i}: " + red_span(NEW_YEAR_ROSTER[(i + 1) % 9][0]) + " а это просто длинный текст поста " * 6)
    g.store.close()
    return g


def overwrite_tail(path: Path, fraction: float) -> None:
    """Junk over the last part of the file: the posts' pages, not the header nor the first tables' pages."""
    data = bytearray(path.read_bytes())
    start = (int(len(data) * (1 - fraction)) // 4096) * 4096
    data[start:] = b"A" * (len(data) - start)
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("argv", [["tally", "--day", "1"], ["posts"], ["votes", "--player", "Ronin"],
                                  ["status", "--now", "2026-11-12T12:00"]])
def test_a_store_damaged_past_its_header_gives_one_line_naming_the_file_and_what_to_do(played, argv):
    overwrite_tail(played.db, 0.5)
    code, out, err = played.cli(*argv)
    assert (code, out, err) == (1, "", damaged(played.db, "database disk image is malformed"))


def test_undo_on_a_damaged_store_checks_it_first_and_writes_nothing(played):
    overwrite_tail(played.db, 0.5)
    before = digest(played.db)
    code, out, err = played.cli("state", "--format", "json")
    assert code == 0, err     # the game's steps are on pages the junk missed: reading them still works
    code, out, err = played.cli("undo")
    assert (code, out) == (1, "")
    assert err.startswith(f"error: store {played.db} is damaged (SQLite's check found: ")
    assert err.endswith("and would have to be entered again); nothing was written\n")
    assert digest(played.db) == before
    with sqlite3.connect(played.db) as conn:          # the resolved night is still there
        assert conn.execute("select count(*) from game_phases").fetchone() == (1,)


def test_quick_check_passes_a_sound_store_and_undo_works(played):
    code, out, err = played.cli("undo")
    assert (code, err) == (0, "")
    assert out.startswith("отменено: #1 ")


@pytest.mark.parametrize("table", ["game_phases", "posts", "post_versions", "crawl_runs", "alerts"])
def test_a_store_with_a_table_missing_is_named_as_damaged(played, table):
    with sqlite3.connect(played.db) as conn:
        conn.execute(f"drop table {table}")
    code, out, err = played.cli("state")
    assert (code, out, err) == (1, "", damaged(played.db, f"table {table} is missing"))


def test_a_store_with_a_column_missing_is_named_as_damaged(played):
    with sqlite3.connect(played.db) as conn:
        conn.execute("alter table crawl_runs drop column finished_at")
    code, out, err = played.cli("tally", "--day", "1")
    assert (code, out, err) == (1, "", damaged(played.db, "table crawl_runs has no column finished_at"))


@pytest.mark.parametrize("argv", [["state"], ["tally"], ["undo"], ["crawl"], ["state", "kill", "--player", "Маша"]])
def test_a_store_truncated_to_0_bytes_is_refused_never_shown_as_a_new_game(tmp_path, argv):
    g = Game(tmp_path)
    g.db.write_bytes(b"")
    old = time_mod.time() - 60
    os.utime(g.db, (old, old))
    code, out, err = g.cli(*argv)
    assert (code, out) == (1, "")
    assert err == (f"error: store {g.db} is empty (0 bytes): it was truncated (a full disk? a copy cut short?); "
                   "restore it from a backup, or delete the file to start a new store (the nights resolved and days "
                   "closed would have to be entered again)\n")
    assert g.db.stat().st_size == 0


@pytest.mark.parametrize("side", ["-wal", "-journal"])
def test_a_truncated_store_beside_an_old_log_or_journal_is_refused_too(tmp_path, side):
    # the -wal or -journal a crash left beside the store is old: nobody is creating the store now
    g = Game(tmp_path)
    g.db.write_bytes(b"")
    leftover = g.db.with_name(g.db.name + side)
    leftover.write_bytes(b"\0" * 32)
    old = time_mod.time() - 60
    for path in (g.db, leftover):
        os.utime(path, (old, old))
    code, out, err = g.cli("state")
    assert (code, out) == (1, "") and err.startswith(f"error: store {g.db} is empty (0 bytes): it was truncated")
    assert g.db.stat().st_size == 0


def test_a_sqlite_bug_of_our_own_keeps_its_traceback(played, monkeypatch):
    # only the file's state is the GM's to fix; a wrong statement of ours must stay visible as a bug
    monkeypatch.setattr(GameService, "applied", lambda self: (_ for _ in ()).throw(
        sqlite3.ProgrammingError("Cannot operate on a closed database.")))
    with pytest.raises(sqlite3.ProgrammingError):
        CliRunner().invoke(cli, ["-c", str(played.path), "state"], catch_exceptions=False)


TWO_GAMES = CONFIG.format(store="m.db", base=BASE, ruleset="new_year", start="2026-11-10T23:00",
                          first="2026-11-11T22:30", starts_with="night", night="22:30") + """
[[games]]
id = "h"
forum = "f"
ruleset = "new_year"
game_topic = "{base}showthread.php?tid=3"
vote_thread = "{base}showthread.php?tid=4"
gm = ["Ведущий"]
[games.schedule]
start = "2026-11-10T23:00"
starts_with = "night"
first_deadline = "2026-11-11T22:30"
day_deadline = "22:00"
night_deadline = "22:30"
""".replace("{base}", BASE)


class Recorder:
    name = "webhook"

    def __init__(self) -> None:
        self.sent = []

    def send(self, alert) -> None:
        self.sent.append(alert)


def test_the_daemon_logs_a_damaged_store_once_and_keeps_serving_the_other_game(tmp_path, caplog):
    path = tmp_path / "config.toml"
    path.write_text(TWO_GAMES, encoding="utf-8")
    caplog.set_level(logging.INFO, logger="mafvote.daemon")
    with Daemon(load_config(path), channels={"webhook": Recorder()}) as daemon:
        broken = daemon.games["g"].service

        def malformed(*args, **kwargs):
            raise sqlite3.DatabaseError("database disk image is malformed")

        broken.applied = malformed                      # game g's pages of the store went bad
        now = msk_at("2026-11-12T12:00")
        first = daemon.run_due(now)
        second = daemon.run_due(now + timedelta(minutes=2))
    message = ("store {} is damaged (database disk image is malformed); restore it from a backup, or move it away "
               "and run `mafvote crawl` to read the topics again (the nights resolved and days closed are in it too "
               "and would have to be entered again)").format(tmp_path / "m.db")
    assert first.errors == [f"g: {message}"] and second.errors == [f"g: {message}"]
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == [f"game g: {message}"]            # once, not once per poll, and no traceback
    assert not any(r.exc_info for r in caplog.records)
    assert "h" in first.counts                          # game h was counted: its day 1 is running


# --- replace --by, a second replace, a secret silence of several days ------------------------------------------

@pytest.fixture
def ny(tmp_path) -> Game:
    g = Game(tmp_path).open()
    g.svc.resolve_night(1, now=msk_at("2026-11-11T22:40"))
    g.store.close()
    return g


@pytest.mark.parametrize("by, shown", [("", "''"), ("   ", "'   '"), ("\u200b", "'\\u200b'"),
                                       (" \u200b\u2060 ", "' \\u200b\\u2060 '")])
def test_replace_by_an_empty_or_invisible_nick_is_refused(ny, by, shown):
    code, out, err = ny.cli("replace", "--player", "Ronin", "--by", by)
    assert (code, out) == (2, "")
    assert err == (f"error: `replace --by` {shown}: ник нового аккаунта пуст (пробелы и невидимые символы не в "
                   "счёт); укажите ник точно как на форуме\n")
    code, out, err = ny.cli("state", "--format", "json")
    assert '"replacements": []' in out


@pytest.mark.parametrize("by", ["Ведущий", " ведущий ", "ВЕДУЩИЙ!", "Веду\u200bщий"])
def test_replace_by_the_gms_account_is_refused(ny, by):
    code, out, err = ny.cli("replace", "--player", "Ronin", "--by", by)
    assert (code, out) == (2, "")
    assert err.endswith("»: это аккаунт ведущего «Ведущий» игры g (`games.gm` в конфиге), его посты никогда не "
                        "голоса; укажите ник нового игрока\n")


def test_replace_keeps_the_nick_without_its_invisible_characters_and_spaces(ny):
    code, out, err = ny.cli("replace", "--player", "Ronin", "--by", " Zed\u200b ",
                            "--at", "2026-11-12T09:00", moment=msk_at("2026-11-12T09:30"))
    assert (code, out, err) == (0, "замена: слот Ronin — теперь Zed, с 2026-11-12 09:00\n", "")


def test_a_second_replace_of_the_old_nick_says_who_plays_the_slot_now(ny):
    code, _, err = ny.cli("replace", "--player", "Ronin", "--by", "Zed", "--at", "2026-11-12T09:00",
                          moment=msk_at("2026-11-12T09:30"))
    assert code == 0, err
    code, out, err = ny.cli("replace", "--player", "ronin", "--by", "Yan", moment=msk_at("2026-11-12T10:00"))
    assert (code, out) == (2, "")
    assert err == ("error: Ronin заменён на Zed в 2026-11-12 09:00 (шаг #2); чтобы заменить снова: "
                   "`mafvote replace --player Zed --by НОВЫЙ_НИК`\n")
    code, out, err = ny.cli("replace", "--player", "Zed", "--by", "Yan", moment=msk_at("2026-11-12T10:00"))
    assert (code, out, err) == (0, "замена: слот Zed — теперь Yan, с 2026-11-12 10:00\n", "")


def test_a_secret_silence_for_several_days_is_refused_and_one_day_is_kept(ny):
    code, out, err = ny.cli("state", "silence", "--player", "Маша", "--day", "1", "--secret", "--days", "2")
    assert (code, out) == (2, "")
    assert err == ("error: --days 2 вместе с --secret: тайное лишение голоса — на один день; на следующий день "
                   "внесите его снова (`mafvote state silence --secret`)\n")
    code, out, err = ny.cli("state", "silence", "--player", "Маша", "--day", "1", "--secret", "--days", "1")
    assert (code, out, err) == (0, "Маша: тайное лишение голоса на день 1\n", "")


# --- durations and the timeout ----------------------------------------------------------------------------------

def problems_of(tmp_path: Path, old: str, new: str) -> list[tuple[str, str, str]]:
    g = Game(tmp_path)
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
    g = Game(tmp_path)
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
    g = Game(tmp_path)
    g.path.write_text(g.path.read_text(encoding="utf-8").replace('poll_interval = "2m"',
                                                                 'poll_interval = "99999999999999999999h"'),
                      encoding="utf-8")
    for argv in (["state"], ["status"], ["posts"], ["tally"]):
        code, out, err = g.cli(*argv)
        assert (code, out) == (2, ""), argv
        assert err.startswith("error: ") and "games[0].poll_interval: \"99999999999999999999h\" — дольше любой " \
            "игры (не больше `365d`)" in err, argv


def test_parse_duration_keeps_its_forms_and_refuses_the_too_long():
    assert parse_duration("1h30m") == timedelta(hours=1, minutes=30)
    assert parse_duration("365d") == timedelta(days=365)
    with pytest.raises(ValueError, match="дольше любой игры"):
        parse_duration("366d")


# --- a day number far beyond the game ---------------------------------------------------------------------------

@pytest.mark.parametrize("argv", [["tally", "--day", "10000000"], ["render", "votecount", "10000000"],
                                  ["tally", "--day", "3"]])
def test_a_day_beyond_the_next_one_is_refused_at_once_naming_the_current_phase(ny, argv):
    started = time_mod.monotonic()
    code, out, err = ny.cli(*argv, moment=msk_at("2026-11-12T12:00"))
    assert time_mod.monotonic() - started < 5
    assert (code, out) == (2, "")
    day = argv[-1]
    tail = ("последний день, который можно подсчитать сейчас, — день 1" if day == "10000000" else
            "чтобы всё же подсчитать отрезок темы, укажите --since и --deadline")
    assert err == f"error: день {day} ещё не начался (текущая фаза: день 1); {tail}\n"


def test_a_huge_day_with_since_and_deadline_is_refused_too(ny):
    code, out, err = ny.cli("tally", "--day", "10000000", "--since", "2026-11-12T10:00",
                            "--deadline", "2026-11-12T22:00", moment=msk_at("2026-11-12T12:00"))
    assert (code, out) == (2, "")
    assert err == ("error: день 10000000 ещё не начался (текущая фаза: день 1); последний день, который можно "
                   "подсчитать сейчас, — день 1\n")


# --- no store: undo and dry runs create none; the missing config's hint ---------------------------------------

@pytest.mark.parametrize("argv", [["undo"], ["night", "resolve", "--night", "1", "--dry-run"],
                                  ["day", "close", "--day", "1", "--dry-run"]])
def test_undo_and_dry_runs_never_create_a_missing_store(tmp_path, argv):
    g = Game(tmp_path, store="typo/m.db")
    code, out, err = g.cli(*argv)
    assert (code, out) == (1, "")
    assert err == (f"error: no store at {tmp_path / 'typo' / 'm.db'} yet: run `mafvote crawl` first (or check "
                   "[store].path in the config)\n")
    assert not (tmp_path / "typo").exists()


def test_the_missing_config_hint_names_the_shipped_example_and_demo_keep(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["state"])
    assert result.exit_code == 2
    assert result.stderr == (
        "error: config.toml: файл не найден (подсказка: укажите файл через `-c FILE` или скопируйте пример "
        f"`config.toml` с комментариями (он входит в mafvote: {data_file('config.toml')}) и поправьте его; "
        "`mafvote demo --keep DIR` запишет в `DIR` рабочую заготовку (конфиг, хранилище, ночи))\n")


# --- a vote for a player modkilled later that day ---------------------------------------------------------------

def test_a_vote_before_the_modkill_weighs_nothing_and_one_after_it_is_a_vote_for_the_dead(tmp_path):
    g = Game(tmp_path).open()
    with g.store:
        g.svc.resolve_night(1, now=msk_at("2026-11-11T22:40"))
        before = g.post("Петя", msk_at("2026-11-12T10:00"), red_span("Маша"))
        g.svc.modkill("Маша", now=msk_at("2026-11-12T11:00"))
        after = g.post("Дима", msk_at("2026-11-12T12:00"), red_span("Маша"))
        g.post("Катя", msk_at("2026-11-12T12:30"), red_span("Вася"))
        count = g.svc.count(1, view="gm", now=msk_at("2026-11-12T13:00"))
    votes = {v.post_id: v for v in count.votes}
    assert votes[before].reason.startswith("Маша was modkilled after this vote: the voter has voted (no penalty)")
    assert votes[after].reason == "Маша is not alive; the previous valid vote stands"
    kinds = {(f.kind, f.post_id) for f in count.flags}
    assert ("target_removed", before) in kinds and ("target_removed", after) not in kinds
    assert "Петя" not in count.not_voted and "Дима" in count.not_voted
    assert "Маша" not in [c.player for c in count.candidates]


# --- the daemon: a moved address, a day closed early -------------------------------------------------------------

def test_the_daemon_logs_one_line_when_the_config_moved_the_forum(tmp_path, caplog):
    g = Game(tmp_path).open()
    g.store.ensure_topic("f", "1", url=f"{BASE}showthread.php?tid=1", kind="game", game_id="g")
    g.store.close()
    moved = "http://127.0.0.1:1/"
    g.path.write_text(g.path.read_text(encoding="utf-8").replace(BASE, moved), encoding="utf-8")
    caplog.set_level(logging.INFO, logger="mafvote.daemon")
    with Daemon(load_config(g.path), channels={"webhook": Recorder()},
                client_factory=lambda forum: ForumClient.for_forum(forum, sleep=lambda s: None)) as daemon:
        daemon.crawl("g", msk_at("2026-11-12T12:00"), process=False)
        daemon.crawl("g", msk_at("2026-11-12T12:05"), process=False)
    lines = [r.getMessage() for r in caplog.records if "address changed" in r.getMessage()]
    assert lines == [f"crawl g: the address changed in config.toml: forum f {BASE} -> {moved}; game topic "
                     f"{BASE}showthread.php?tid=1 -> {moved}showthread.php?tid=1; vote topic "
                     f"{BASE}showthread.php?tid=2 -> {moved}showthread.php?tid=2; reading the new address from now "
                     "on (the stored posts are kept)"]


@pytest.fixture
def tm(tmp_path) -> Game:
    """time_machine (000-like досрочно): day 3's final votes close it by themselves at 15:00."""
    g = Game(tmp_path, "time_machine", TIME_MACHINE_ROSTER, start="2026-11-01T12:00", first="2026-11-01T22:00",
             starts_with="day", night="12:00",
             extra='[alerts]\nbefore_deadline = ["60m", "15m"]\n').open()
    for n, (closed, resolved) in enumerate((("2026-11-01T23:00", "2026-11-02T13:00"),
                                            ("2026-11-02T23:00", "2026-11-03T12:30")), 1):
        g.svc.close_day(n, now=msk_at(closed), nobody=True)
        g.svc.resolve_night(n, now=msk_at(resolved))
    targets = {"Маф1": "Мир3", "Маф2": "Мир3", "Ком": "Маф1", "Док": "Маф1", "Ман": "Мир3", "Мир1": "Маф1",
               "Мир2": "Мир3", "Мир3": "Маф1"}
    for i, (voter, target) in enumerate(targets.items()):
        g.post(voter, msk_at("2026-11-03T14:53") + timedelta(minutes=i), red_span(target, final=True))
    g.store.close()
    return g


def test_status_of_a_day_closed_early_shows_no_time_left_and_plans_no_deadline_warnings(tm):
    code, out, err = tm.cli("status", "--now", "2026-11-03T16:00")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[2] == ("  осталось:         нисколько: день закрыт досрочно в 03.11 15:00 (закройте день: "
                        "`mafvote day close --game g --day 3`)")
    jobs = next(line for line in lines if line.startswith("  дальше:"))
    assert "день 3" not in jobs and "чтение каждые" in jobs
    code, out, err = tm.cli("status", "--now", "2026-11-03T16:00", "--format", "json")
    game = json.loads(out)["games"][0]
    assert game["closed_early"] == "2026-11-03T15:00:00+03:00"
    assert [j["kind"] for j in game["next_jobs"]] == ["crawl"]


def test_status_before_the_early_close_still_plans_the_days_warnings(tm):
    code, out, err = tm.cli("status", "--now", "2026-11-03T14:00")
    assert code == 0, err
    code, out, err = tm.cli("status", "--now", "2026-11-03T14:00", "--format", "json")
    game = json.loads(out)["games"][0]
    assert game["closed_early"] is None
    assert [j["label"] for j in game["next_jobs"]][1:] == ["day 3 T−60m", "day 3 T−15m", "day 3 deadline"]
