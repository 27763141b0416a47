"""The live tier's own machinery: a board starts fresh, takes a post through its real forms, mafvote's crawl
(run as a process under the board's clock) reads that post back, and the board is gone after its module."""
from __future__ import annotations

from pathlib import Path

import pytest

from livekit import LIVE, Mafvote

pytestmark = pytest.mark.live


def test_a_fresh_mybb_board_is_read_by_mafvote_under_its_clock(mybb_board, workdir):
    board = mybb_board
    assert board.info["fresh"] is True and board.version == "1.8.37"
    drv = board.driver
    drv.register("Соня", "Sx7-vote-red")
    session = drv.login("Соня", "Sx7-vote-red")
    board.set_clock("2027-01-03T09:00")
    url, first = drv.new_topic(session, None, "Голосование — День 1", "Голосую за [color=red]Puss[/color]")
    game_url, _ = drv.new_topic(session, None, "Игра", "Правила")
    board.set_clock("2027-01-03T09:30")
    mafvote = Mafvote(workdir, board)
    mafvote.write_config(engine="mybb", game_topic=game_url, vote_thread=url, players=["Соня", "Puss"],
                         gm=["admin"], start="2027-01-02T20:00", first_deadline="2027-01-03T18:00")
    crawled = mafvote.crawl()
    assert (crawled["vote"].new, crawled["vote"].requests) == (1, 1)
    [post] = mafvote.posts()
    # «Less than 1 minute ago» / «Today» on the page, read at the board's clock: the board's own minute
    assert (post["post_id"], post["author"], post["time"][:16]) == (first, "Соня", "2027-01-03T09:00")
    assert post["text"] == "Голосую за Puss"


def test_stop_board_leaves_no_server(tmp_path_factory):
    from livekit import board_for

    gen = board_for("punbb", tmp_path_factory)
    board = next(gen)
    pids = board.info["pids"]
    assert all(_alive(pid) for pid in pids)
    gen.close()                      # what a fixture's teardown does
    assert not any(_alive(pid) for pid in pids)
    assert (LIVE / "stop_board.sh").is_file()


def _alive(pid: int) -> bool:
    """A running process (a zombie no one has reaped yet, as under a container's init, is not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, IndexError):
        return False
    return state != "Z"
