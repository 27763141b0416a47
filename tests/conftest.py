"""The fixtures every test folder shares (issue 16.5, STYLE.md 13): a game folder, a local forum, the games built
in the support package. A module that needs another variant defines its own fixture of the same name."""
from __future__ import annotations

import logging
from datetime import UTC, timedelta

import click
import pytest

import mafvote.game as game_mod
from mafvote.cli import cli
from mafvote.forumsim import ForumSim
from support.cli import ok
from support.daemon import msk
from support.forum import HostileServer
from support.game_dir import (AFTER, MIDDAY, MIDDAY_SEEN, fill_store, make_game_dir, make_new_game_dir, make_render_dir,
                              resolve_night_1, write_game, write_render_config)
from support.games import (FORUM_GAME_NOW, NEW_YEAR_ROSTER, PECULIAR_NOW, CliGame, ForumGame, PeculiarGame, StoreGame,
                           msk_at, red_span)


@pytest.fixture(autouse=True)
def _logging_as_it_was():
    """`mafvote run` and `demo` set up logging for their process (`mafvote.logs.setup_logging`: the root logger's level
    and handler, the HTTP loggers' levels). A test that runs them in-process must not decide what a later test's
    `caplog` sees: `run --log-level ERROR` left the root at ERROR, and a later test's warnings were never captured."""
    root = logging.getLogger()
    level, handlers = root.level, list(root.handlers)
    quiet = {name: logging.getLogger(name).level for name in ("httpx", "httpcore", "apscheduler")}
    yield
    root.setLevel(level)
    for handler in root.handlers[:]:
        # pytest's own capture handlers come and go by phase: only ours are taken off
        if handler not in handlers and not type(handler).__module__.startswith("_pytest"):
            root.removeHandler(handler)
            handler.close()
    for name, was in quiet.items():
        logging.getLogger(name).setLevel(was)


@pytest.fixture
def raising():
    """`mafvote raise-for-test` raises what the test puts in the box, as a command's library call would: the route
    from an error to the GM's line, without building the state that makes a command raise it."""
    box: dict[str, BaseException] = {}

    @click.command("raise-for-test", hidden=True)
    def command():
        raise box["error"]

    cli.add_command(command)
    try:
        yield box
    finally:
        cli.commands.pop("raise-for-test")


@pytest.fixture
def game_dir(tmp_path, monkeypatch):
    """The test game (tests/data/game/config.toml) in tmp_path, its vote thread stored, the current directory,
    the clock past day 1's deadline."""
    return make_game_dir(tmp_path, monkeypatch)


@pytest.fixture
def new_game_dir(tmp_path, monkeypatch):
    """The test game in tmp_path with nothing applied and nothing stored, the clock past day 1's deadline."""
    return make_new_game_dir(tmp_path, monkeypatch)


@pytest.fixture
def forum():
    """A local MyBB forum (mafvote.forumsim) with the game topic and the vote thread of day 1 (30.12.2026), three
    posts a page."""
    with ForumSim(per_page=3) as f:
        f.add_topic(1, "Игра: Новогодняя мафия")
        f.add_topic(2, "Голосование — День 1")
        f.add_post(1, "Ведущий", "День первый. Город просыпается.", time=msk("10:00"))
        f.add_post(2, "Ведущий", "Голосование дня 1 открыто.", time=msk("10:00"))
        yield f


@pytest.fixture
def play(tmp_path, monkeypatch):
    """Write a game into tmp_path (`play(ruleset, roles, ...)`) and run the commands there."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(game_mod, "utc_now", lambda: AFTER)

    def setup(ruleset: str, roles: dict[str, str] | None = None, **kw):
        write_game(tmp_path, ruleset, roles, **kw)
        return tmp_path
    return setup


@pytest.fixture
def game(tmp_path, monkeypatch) -> PeculiarGame:
    """The 000 game (support.PeculiarGame) in tmp_path, the clock after every deadline."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(game_mod, "utc_now", lambda: PECULIAR_NOW)
    return PeculiarGame(tmp_path)


@pytest.fixture
def midday_dir(tmp_path, monkeypatch):
    """The render test game at 17:10 on day 1: two pages of the thread, night 1 resolved, Nejka secretly silenced."""
    write_render_config(tmp_path, 'flavor_dir = "flavor"')
    (tmp_path / "flavor").mkdir()
    fill_store(tmp_path / "state" / "m.db", pages=2, seen=MIDDAY_SEEN)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(game_mod, "utc_now", lambda: MIDDAY)
    resolve_night_1()
    # the GM's secret silence (RULES.md §3.5): Nejka's vote counts 0, and nobody may learn it
    ok("state", "silence", "--player", "Nejka", "--day", "1", "--secret")
    return tmp_path


@pytest.fixture
def render_dir(tmp_path, monkeypatch):
    """The render test game (tests/data/cli_render/config.toml), the whole thread stored, the clock after day 1."""
    return make_render_dir(tmp_path, monkeypatch)


@pytest.fixture
def new_game(tmp_path, monkeypatch):
    """`new_game(ruleset, players)`: a ForumGame in a new folder of tmp_path (the current one from then on), the
    clock at FORUM_GAME_NOW (day 1 over, not closed)."""
    monkeypatch.setattr(game_mod, "utc_now", lambda: FORUM_GAME_NOW.astimezone(UTC))
    forums: list[ForumSim] = []

    def make(ruleset: str, players: list[tuple[str, str, str]]) -> ForumGame:
        folder = tmp_path / f"game{len(forums)}"
        folder.mkdir()
        monkeypatch.chdir(folder)
        monkeypatch.setenv("MAFVOTE_CONFIG", str(folder / "config.toml"))
        forum = ForumSim(per_page=50).start()
        forums.append(forum)
        return ForumGame(folder, forum, ruleset, players)
    yield make
    for forum in forums:
        forum.stop()


@pytest.fixture
def new_year_game(tmp_path) -> CliGame:
    """A small New Year game (support.CliGame: NEW_YEAR_ROSTER, a hand-filled store) with night 1 resolved, run
    through the `mafvote` command."""
    g = CliGame(tmp_path).open()
    g.svc.resolve_night(1, now=msk_at("2026-11-11T22:40"))
    g.store.close()
    return g


@pytest.fixture
def ny_voted(tmp_path):
    """A small New Year game (support.StoreGame, NEW_YEAR_ROSTER) on day 1 (11.11 22:30 to 12.11 22:00 MSK), night 1
    resolved, seven red votes from 10:00: Маша 3, Ёжик 2, Дима 2 (Соня and Вася did not vote)."""
    g = StoreGame(tmp_path, "new_year", NEW_YEAR_ROSTER, start="2026-11-10T23:00", first="2026-11-11T22:30",
             starts_with="night", night="22:30")
    with g.store:
        g.svc.resolve_night(1, now=msk_at("2026-11-11T22:40"))
        for i, (voter, target) in enumerate((("Петя", "Маша"), ("Дима", "Маша"), ("Катя", "Маша"),
                                             ("Маша", "Ёжик"), ("Ёжик", "Дима"), ("Oleg", "Дима"),
                                             ("Ronin", "Ёжик"))):
            g.post(voter, msk_at("2026-11-12T10:00") + timedelta(minutes=i), red_span(target))
        yield g


@pytest.fixture
def servers():
    """`servers(routes)`: a HostileServer on 127.0.0.1, closed after the test."""
    made: list[HostileServer] = []

    def make(routes=None) -> HostileServer:
        made.append(HostileServer(routes))
        return made[-1]
    yield make
    for s in made:
        s.close()
