"""Publishing the count to the real engines mafvote can post to (MyBB 1.8.37, phpBB 3.3.15), issue 12 item 7.

On a fresh board: players vote through the real forms, `mafvote run --once` (a process under the board's clock)
logs in as the bot account and posts the count in the vote thread; a new vote, and the next `run --once` edits
that same post in place (one post, not two); the post holds the Cyrillic text and the colours as the board shows
them; crawled back, the bot's post is neither counted nor flagged; no password in the store or the logs; and a
refused login (a changed password) makes `run --once` exit 1 with a `publish_failing` alert to the GM.
"""
from __future__ import annotations

import json
import sqlite3

import pytest

from livekit import Mafvote, board_for

pytestmark = pytest.mark.live

BOT, BOT_PASSWORD = "mafvote-bot", "Bq7-счёт-Pub"      # a password the board takes (Cyrillic inside)
PLAYERS = {"Соня": "Sx7-vote-red", "Puss": "Zq7-kot-sapog", "Ronin": "Rn8-sword-blue"}
LOGIN = f'login = {{ user = "{BOT}", password_env = "LIVE_BOT_PASSWORD" }}'
COLOURS = {"mybb": 'style="color: #FF0000;"', "phpbb": 'style="color:#FF0000"'}


@pytest.fixture(scope="module", params=["mybb", "phpbb"])
def publish_board(request, tmp_path_factory):
    yield from board_for(request.param, tmp_path_factory)


def _setup(board, workdir):
    drv = board.driver
    for user, password in {**PLAYERS, BOT: BOT_PASSWORD}.items():
        drv.register(user, password)
    gm = drv.login("admin", "adminpass123")
    board.set_clock("2027-01-03T11:00")
    game_url, _ = drv.new_topic(gm, None, "Игра: Новогодняя мафия", "Город просыпается.")
    vote_url, _ = drv.new_topic(gm, None, "Голосование — День 1", "Голосуем до 18:00.")
    board.set_clock("2027-01-03T11:10")
    sessions = {user: drv.login(user, password) for user, password in PLAYERS.items()}
    drv.reply(sessions["Соня"], vote_url, "Голосую [color=red]Puss[/color]")
    board.set_clock("2027-01-03T11:20")
    drv.reply(sessions["Ronin"], vote_url, "[color=red]Puss[/color]")
    mafvote = Mafvote(workdir, board)
    mafvote.write_config(engine=board.engine, game_topic=game_url, vote_thread=vote_url, players=list(PLAYERS),
                         gm=["admin"], start="2027-01-02T20:00", first_deadline="2027-01-03T10:00",
                         login=LOGIN)
    text = mafvote.config.read_text(encoding="utf-8")
    mafvote.config.write_text(text + '\n[alerts]\nlanguage = "ru"\n\n[publish]\ndir = "public"\nforum = true\n'
                              'interval = "1m"\n', encoding="utf-8")
    return mafvote, sessions, vote_url


def _run_once(mafvote, password=BOT_PASSWORD):
    return mafvote.run("run", "--once", "--log-level", "INFO", "--log-file", str(mafvote.folder / "run.log"),
                       extra_env={"LIVE_BOT_PASSWORD": password}, check=False)


def _bot_posts(mafvote):
    mafvote.crawl()
    return [p for p in mafvote.posts() if p["author"] == BOT]


def test_the_count_is_posted_then_edited_in_place_never_counted_and_a_refused_login_fails(publish_board, workdir):
    board = publish_board
    mafvote, sessions, vote_url = _setup(board, workdir)

    board.set_clock("2027-01-03T11:30")
    first = _run_once(mafvote)
    assert first.returncode == 0, first.stdout + first.stderr
    [posted] = _bot_posts(mafvote)
    assert posted["text"].startswith("Подсчёт голосов, день 1")
    assert "Puss — 2 голоса (Соня, Ronin)" in posted["text"]
    assert COLOURS[board.engine] in posted["html"] and ">Puss</span>" in posted["html"]

    # a new vote; the next run (past the 1 min interval) edits the same post
    board.set_clock("2027-01-03T11:40")
    board.driver.reply(sessions["Puss"], vote_url, "[color=red]Соня[/color] досрочно")
    board.set_clock("2027-01-03T11:45")
    second = _run_once(mafvote)
    assert second.returncode == 0, second.stdout + second.stderr
    [edited] = _bot_posts(mafvote)
    assert edited["post_id"] == posted["post_id"]
    assert "Соня — 1 голос (Puss" in edited["text"] and "Puss — 2 голоса (Соня, Ronin)" in edited["text"]

    # the bot's post, read back by the crawl, is no vote: no flag, no stranger, the count is the players'
    board.set_clock("2027-01-03T11:50")
    gm = mafvote.tally("--view", "gm")
    assert [f for f in gm["flags"] if f["post_id"] == posted["post_id"] or f["kind"] == "unknown_author"] == []
    totals = {c["player"]: c["total"] for c in gm["candidates"]}
    assert (totals["Puss"], totals["Соня"]) == (2, 1)

    # a refused login: exit 1, one alert to the GM, in Russian, never the password
    board.set_clock("2027-01-03T12:00")
    board.driver.reply(sessions["Соня"], vote_url, "[color=red]Ronin[/color]")
    board.set_clock("2027-01-03T12:05")
    refused = _run_once(mafvote, password="wrong-password-7")
    assert refused.returncode == 1, refused.stdout + refused.stderr
    log = (mafvote.folder / "run.log").read_text(encoding="utf-8")
    assert "publish_failing" in log
    assert f"Форум live не пустил бота под именем {BOT}: подсчёт на форуме не опубликован" in log
    assert len(_bot_posts(mafvote)) == 1

    # no password anywhere mafvote writes
    everything = log + first.stdout + first.stderr + second.stdout + second.stderr + refused.stdout + refused.stderr
    with sqlite3.connect(mafvote.folder / "mafvote.db") as db:
        for (table,) in db.execute("select name from sqlite_master where type = 'table'").fetchall():
            everything += json.dumps(db.execute(f'select * from "{table}"').fetchall(), ensure_ascii=False)
    for secret in (BOT_PASSWORD, "wrong-password-7"):
        assert secret not in everything
