"""Benchmark of issue 18 (the pages): regenerating a game's pages after one new post, on a 3,000-post day.

The day is bench_tally's busy thread (3,000 vote-thread posts, 20 players, in a real SQLite store). One new post
arrives; then, as the daemon does after a poll:

  (a) the pages alone, from the two counts the daemon makes anyway: for each view the day's timeline (tally.timeline
      over every vote record), the chart (two inline SVGs), the vote log, the GM's flags, the game page (Jinja), and
      the write (atomic, only if changed) — the public and the GM's page; the log rows and flag texts of the posts
      before the new one are kept from the previous regeneration, as the daemon's PageCache keeps them;
  (b) (a) plus the two counts (public and GM, warm: the daemon keeps one name matcher per game, so a recount reads
      only the new post);
  (c) (b) plus reading the day's posts back from the store (what `GameService.count_views` does each time).

A closed day's page does not change with a new post (mafvote.pages.PageCache keeps it), so the running day is all
there is to regenerate. Target: under 50 ms for a 3,000-post day.

Run: python bench/bench_pages.py [--repeat 7]
"""
from __future__ import annotations

import argparse
import random
import time
import sys
import tempfile
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from mafvote_tally import DayState, Player, Post, Roster, RosterMatcher, Tally, VoteRules, count_day  # noqa: E402
from bench_tally import GM, PLAYERS, START, best, build_store, machine, span, thread, to_tally  # noqa: E402
from mafvote.pages import day_view, render_bytes, write_pages  # noqa: E402
from mafvote.pages_words import page_words  # noqa: E402


def cpu(fn, repeat: int) -> float:  # noqa: ANN001
    """The least CPU time of this process: on a machine shared with other work (the run prints the load) the wall
    time counts the waits for a core, the CPU time much less so."""
    return best(fn, repeat, clock=time.process_time)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    print(machine())
    rnd = random.Random(3)
    roster = Roster(tuple(Player(p) for p in PLAYERS), gms=(GM,))
    state = DayState(day=2, deadline=START + timedelta(hours=22), alive=tuple(PLAYERS), start=START)
    rules = VoteRules(early_close_from_day=1)
    tz = START.tzinfo
    now = START + timedelta(hours=21)
    with tempfile.TemporaryDirectory() as tmp:
        store = build_store(Path(tmp) / "bench.db", thread(3000, rnd))
        posts = [to_tally(p) for p in store.posts(kind="vote")]
        new = Post(3001, "vote", "Соня", START + timedelta(seconds=25 * 3000),
                     "Меняю голос: " + span("#FC0000", "Ronin"))
        after = posts + [new]
        matcher = RosterMatcher.from_roster(roster)
        for view in ("public", "gm"):
            count_day(posts, state, roster, rules, view=view, as_of=now, matcher=matcher)    # warm, as the daemon
        out = Path(tmp) / "pages"

        def link(post_id: int) -> str:
            return f"http://127.0.0.1/showthread.php?tid=2&pid={post_id}#pid{post_id}"

        def counts() -> dict[str, Tally]:
            return {view: count_day(after, state, roster, rules, view=view, as_of=now, matcher=matcher)
                    for view in ("public", "gm")}

        memos: dict[str, dict] = {"public": {}, "gm": {}}      # the daemon's PageCache keeps these per game and view

        def pages(tallies: dict[str, Tally]) -> None:
            for view, t in tallies.items():
                day = day_view(t, state, rules, view=view, names={}, tz=tz, link=link, now=now, memo=memos[view])
                html = render_bytes(
                    "game.html.j2", **page_words(view),
                    game={"id": "bench", "title": "Бенчмарк"}, view=view, gm=view == "gm", index_href="../index.html",
                    updated=f"{now:%d.%m %H:%M}", live_clock=True, title="Бенчмарк — день 2",
                    phase={"label": "день 2", "kind": "day", "deadline": "", "deadline_iso": t.deadline.isoformat(),
                           "time_left": ""},
                    live=day, past=[], players=[{"name": p, "alive": True, "role": "—", "misses": 0, "silenced": False, "hidden": False,
                              "alibi": False} for p in PLAYERS], winner="",
                    gm_state={"silences": [], "alibis": [], "steps": []} if view == "gm" else None, count_links=[])
                write_pages(out / view, {"bench/index.html": html})

        pages({view: count_day(posts, state, roster, rules, view=view, as_of=now, matcher=matcher)
               for view in ("public", "gm")})                    # the pages before the new post (warm memo)
        tallies = counts()
        votes, flags = len(tallies["public"].votes), len(tallies["gm"].flags)
        pages(tallies)
        size = sum(p.stat().st_size for p in out.rglob("*.html"))
        a = best(lambda: pages(tallies), args.repeat)
        b = best(lambda: pages(counts()), args.repeat)
        a_cpu = cpu(lambda: pages(tallies), args.repeat)
        b_cpu = cpu(lambda: pages(counts()), args.repeat)

        def whole() -> None:
            fresh = [to_tally(p) for p in store.posts(kind="vote")] + [new]
            pages({view: count_day(fresh, state, roster, rules, view=view, as_of=now, matcher=matcher)
                   for view in ("public", "gm")})
        c = best(whole, args.repeat)
        c_cpu = cpu(whole, args.repeat)
        store.close()
    print(f"3,000 posts, {votes} vote records, {flags} GM flags, 20 players; both views' pages {size / 1024:.0f} KiB")
    print(f"load average at the end: {' '.join(f'{x:.1f}' for x in __import__('os').getloadavg())}")
    print(f"(a) pages from the counts (timeline, 2 SVG charts, log, flags, template, write), both views: "
          f"{a * 1e3:.1f} ms wall, {a_cpu * 1e3:.1f} ms CPU   (target: < 50 ms)")
    print(f"(b) + the two warm counts after the new post: {b * 1e3:.1f} ms wall, {b_cpu * 1e3:.1f} ms CPU")
    print(f"(c) + reading the day's posts from the store: {c * 1e3:.1f} ms wall, {c_cpu * 1e3:.1f} ms CPU")


if __name__ == "__main__":
    main()
