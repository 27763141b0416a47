"""The MyBB vote thread (fixtures/html/mybb/, a real MyBB 1.8.37 board; ground truth in its
expected.json) counted end to end: crawled pages → scraper.parse.parse_page → tally.count_day with
the real roster and deadline (01.01.2027 18:00 MSK) under 001's rules (the thread's game is the New
Year game)."""
from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from mafvote_tally import DayState, Player, Post, Roster, VoteRules, count_day
from mafvote_scraper.parse import parse_page

DIR = Path(__file__).resolve().parents[2] / "fixtures" / "html" / "mybb"
MSK = ZoneInfo("Europe/Moscow")
EXP = json.loads((DIR / "expected.json").read_text(encoding="utf-8"))
RULES_001 = VoteRules.from_mapping({"early_close_from_day": 1, "early_close": "gm"})

# Each player's counted vote as a careful GM reads the thread by RULES.md: the last valid vote
# (Алукард's self-vote of pid 24 is invalid; several votes in one post → the last), досрочно locks.
FINAL = {
    "РэдДи": ("Puss", "red"), "Соня": ("Puss", "red"), "King Eciton": ("Алукард", "red"),
    "Trusiki Kayfa": ("Nejka", "blue"), "Алукард": ("Puss", "red"), "Nejka": ("Алукард", "blue"),
    "Гафф": ("Puss", "red"), "Enzo": ("Puss", "red"), "Nevermore": ("Соня", "blue"),
    "Alisa": ("Puss", "red"), "Ronin": ("Alisa", "blue"), "Puss": ("Nejka", "red"),
}


def _posts(sub: str = "", now: datetime = datetime(2027, 1, 1, 15, 40, tzinfo=timezone.utc)):
    posts = []
    for i in range(1, 6):
        html = (DIR / sub / f"showthread_tid2_page{i}.html").read_bytes()
        page = parse_page(html, url=f"http://127.0.0.1:8081/showthread.php?tid=2&page={i}",
                          profile="mybb", tz=MSK, now=now)
        for p in page.posts:
            posts.append(Post(p.post_id, "vote", p.author, p.time, p.html, edited=p.edited,
                              edited_at=p.edit.at if p.edit else None))
    game = parse_page((DIR / "showthread_tid1_game_page1.html").read_bytes(),
                      url="http://127.0.0.1:8081/showthread.php?tid=1", profile="mybb", tz=MSK, now=now)
    for p in game.posts:
        posts.append(Post(p.post_id, "game", p.author, p.time, p.html))
    return posts


def _count(posts, **kw):
    roster = Roster(tuple(Player(n) for n in EXP["players"]), gms=(EXP["gm"],))
    deadline = datetime.fromisoformat(EXP["deadline_msk"]).replace(tzinfo=MSK)
    state = DayState(day=2, deadline=deadline, alive=tuple(EXP["players"]),
                     start=datetime(2026, 12, 30, 20, 0, tzinfo=MSK))
    return count_day(posts, state, roster, RULES_001, game="ny", **kw)


@pytest.fixture(scope="module")
def tally_gm():
    return _count(_posts())


def test_mybb_thread_outcome_puss_hanged(tally_gm):
    t = tally_gm
    assert (t.outcome.eliminated, t.outcome.reason) == (("Puss",), "plurality")
    puss = t.candidates[0]
    assert (puss.player, puss.total, puss.red, puss.blue, puss.penalty) == ("Puss", 6, 6, 0, 0)
    assert [v.voter for v in puss.voters] == ["Alisa", "Гафф", "Алукард", "Соня", "РэдДи", "Enzo"]
    assert {c.player: c.total for c in t.candidates} == {
        "Puss": 6, "Алукард": 0, "Nejka": 0, "Соня": -1, "Alisa": -1}
    assert t.not_voted == () and t.closed and t.final == ("РэдДи", "King Eciton", "Nevermore")


def test_mybb_thread_per_player_votes(tally_gm):
    got = {v.voter: (v.target, v.color) for v in tally_gm.votes if v.counted}
    assert got == FINAL
    # and the same as the last valid vote expected.json lists for each player
    from_truth: dict[str, tuple[str, str]] = {}
    locked: set[str] = set()
    for p in EXP["vote_thread"]["posts"]:
        if p["is_gm"] or p["author"] in locked:
            continue
        for v in p["votes"]:
            if v["target"] != p["author"]:
                from_truth[p["author"]] = (v["target"], v["color"])
        if p["votes"] and any(v["early"] for v in p["votes"]):
            locked.add(p["author"])
    assert got == from_truth


def test_mybb_thread_every_post_read_as_expected(tally_gm):
    by_post: dict[int, list[tuple[str, str]]] = {}
    for v in tally_gm.votes:
        by_post.setdefault(v.post_id, []).append((v.target, v.color))
    for p in EXP["vote_thread"]["posts"]:
        assert by_post.get(p["pid"], []) == [(v["target"], v["color"]) for v in p["votes"]], p["pid"]


def test_mybb_thread_flags(tally_gm):
    fl = {(f.kind, f.player, f.post_id) for f in tally_gm.flags}
    assert ("self_vote", "Алукард", 24) in fl
    assert {("edited", "Trusiki Kayfa", 28), ("edited", "Соня", 47)} <= fl
    assert {(k, pl, pid) for k, pl, pid in fl if k == "multiple_votes"} == {
        ("multiple_votes", a, pid) for a, pid in (("Trusiki Kayfa", 15), ("Nevermore", 29),
                                                  ("Гафф", 33), ("Nejka", 39), ("Ronin", 40),
                                                  ("Соня", 47))}
    # GM tallies (pids 31, 48, 52) and quoted votes produce nothing
    assert not any(v.post_id in (8, 31, 48, 52) for v in tally_gm.votes)


def test_mybb_thread_activity_counts_both_topics(tally_gm):
    assert tally_gm.activity["Соня"] == 4      # pids 11, 26, 35, 47 (the game topic is quiet today)
    assert tally_gm.activity["Puss"] == 3      # pids 21, 34, 43; pid 53 is after the deadline


@pytest.mark.parametrize("sub,now", [
    ("later", datetime(2027, 1, 6, 9, 0, tzinfo=timezone.utc)),       # every date absolute
    ("dmy", datetime(2027, 1, 1, 15, 40, tzinfo=timezone.utc)),        # d.m.Y and H:i formats
])
def test_mybb_thread_same_count_from_other_date_formats(tally_gm, sub, now):
    other = _count(_posts(sub, now))
    assert [c.to_json() for c in other.candidates] == [c.to_json() for c in tally_gm.candidates]
    assert other.outcome == tally_gm.outcome


def test_mybb_thread_as_of_the_gm_interim_tally():
    # pid 48 (01.01 16:00) is the GM's interim tally: Puss 7 red by then.
    t = _count(_posts(), view="public", as_of=datetime(2027, 1, 1, 16, 0, 1, tzinfo=MSK))
    puss = next(c for c in t.candidates if c.player == "Puss")
    assert not t.closed and t.outcome.reason == "pending"
    # The GM's post counted 7 (with Trusiki Kayfa and Nejka); by RULES.md their last votes
    # (pids 44 and 39: several votes in one post → the last) are blue, so Puss has 5.
    assert [v.voter for v in puss.voters] == ["РэдДи", "Alisa", "Гафф", "Алукард", "Соня"]
    assert puss.red == 5
