"""A topic's first crawl starts at page 1 whatever link the config gives (issue 12 item 3), on real engines: the
vote thread given as a post link on page 2 (what a GM copies from the address bar: SMF
`index.php?topic=T.msgP#msgP`, phpBB `viewtopic.php?p=P#pP`, MyBB `showthread.php?pid=P#pidP`) or as the
page-2 link. Before, SMF's first crawl began at that page and never read page 1 (7 votes lost, no warning)."""
from __future__ import annotations

import pytest

from livekit import Mafvote, board_for

pytestmark = pytest.mark.live

USERS = {"Соня": "Sx7-vote-red", "Puss": "Zq7-kot-sapog"}


@pytest.fixture(scope="module", params=["smf", "phpbb", "mybb"])
def first_page_board(request, tmp_path_factory):
    yield from board_for(request.param, tmp_path_factory)


def test_a_post_link_or_page_2_link_is_crawled_from_page_1(first_page_board, workdir):
    board = first_page_board
    drv = board.driver
    for user, password in USERS.items():
        drv.register(user, password)
    sessions = {user: drv.login(user, password) for user, password in USERS.items()}
    board.set_clock("2027-01-03T11:00")
    game_url, _ = drv.new_topic(sessions["Соня"], None, "Игра", "Правила")
    vote_url, first = drv.new_topic(sessions["Соня"], None, "Голосование — День 1", "Голосую [color=red]Puss[/color]")
    ids = [first]
    for i in range(11):                          # 12 posts: two pages of 10
        board.set_clock(f"2027-01-03T11:{10 + i}")
        who = "Puss" if i % 2 == 0 else "Соня"
        ids.append(drv.reply(sessions[who], vote_url, f"[color=red]{'Соня' if who == 'Puss' else 'Puss'}[/color] ({i})"))
    board.set_clock("2027-01-03T12:00")
    tid = drv.topic_id(vote_url)
    for n, link in enumerate((drv.post_url(ids[11]), drv.topic_url(tid, page=2))):
        mafvote = Mafvote(workdir / f"run{n}", board)
        mafvote.folder.mkdir()
        mafvote.write_config(engine=board.engine, game_topic=game_url, vote_thread=link, players=list(USERS),
                             gm=["admin"], start="2027-01-02T20:00", first_deadline="2027-01-03T10:00")
        crawled = mafvote.crawl()
        assert (crawled["vote"].new, crawled["vote"].pages) == (12, 2), link
        assert [p["post_id"] for p in mafvote.posts()] == ids, link
