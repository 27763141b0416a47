"""Benchmarks of issue 3 (the vote count).

(a) Counting a day of 3,000 vote-thread posts and 20 players from the store (target < 100 ms):
    the posts are written to a real SQLite store (mafvote.store.Store) as 300 crawled pages, then
    timed: reading them back (Store.posts), turning StoredPost into tally.Post, and
    tally.count_day (GM view; the public view is timed too). The mix is a busy real thread:
    40 % coloured votes with chat, 10 % replies quoting a vote, 10 % colour-word votes, 3 % GM
    posts (interim tallies with coloured names), the rest chat with formatting.
(b) Matching 10,000 vote strings against a 20-player roster (target < 50 ms): the names as players
    write them (case, ё, look-alikes, transliteration, Russian case endings, prefixes, typos,
    ordinary words); a fresh RosterMatcher per round (its per-string cache starts empty). The
    one-time construction of the pymorphy3 analyzer is reported apart; and the worst case, 10,000
    strings all different, is reported too.

Run: python bench/bench_tally.py [--repeat 7]
"""
from __future__ import annotations

import argparse
import gc
import platform
import random
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mafvote_tally import DayState, Player, Post, Roster, RosterMatcher, VoteRules, count_day  # noqa: E402
from mafvote.store import Store  # noqa: E402
from mafvote_scraper.fetch import FetchedMeta  # noqa: E402
from mafvote_scraper.model import ParsedPage, ParsedPost  # noqa: E402
from mafvote_scraper.parse import content_hash  # noqa: E402
from mafvote_tally.names import default_morph  # noqa: E402

MSK = timezone(timedelta(hours=3))
PLAYERS = ["РэдДи", "King Eciton", "Соня", "Trusiki Kayfa", "Алукард", "Nejka", "Гафф", "Enzo",
           "Nevermore", "Alisa", "Ronin", "Puss", "Дени", "Trium", "Сальвия", "Exlay", "lolbabe",
           "Снежана", "Вася", "Петя"]
GM = "Ведущий"
START = datetime(2027, 1, 1, 0, 0, tzinfo=MSK)


def span(color: str, name: str) -> str:
    return f'<span style="color: {color};" class="mycode_color">{name}</span>'


def thread(n: int, rnd: random.Random) -> list[tuple[str, str]]:
    out = []
    for _ in range(n):
        author, target = rnd.choice(PLAYERS), rnd.choice(PLAYERS)
        k = rnd.random()
        if k < 0.40:
            html = ("Перечитал тему ещё раз, и мне всё меньше нравится, как " + rnd.choice(PLAYERS)
                    + " уходит от вопросов.<br>\nМой голос: " + span(rnd.choice(["#FC0000", "red", "#0000FF", "blue"]), target)
                    + (" досрочно" if rnd.random() < 0.05 else ""))
        elif k < 0.50:
            html = ('<blockquote class="mycode_quote"><cite><span> (12-31-2026, 10:00 AM)</span>'
                    f'{rnd.choice(PLAYERS)} Wrote:</cite>Считаю так: {span("red", rnd.choice(PLAYERS))}'
                    f'</blockquote><br />\nНе согласен. {span("#FC0000", target)}')
        elif k < 0.60:
            html = f"{target} {rnd.choice(['КРАСНЫМ', 'СИНИМ'])}<br />\nс телефона, без цвета"
        elif k < 0.63:
            author = GM
            html = ("<b>Промежуточный подсчёт:</b><br />\n"
                    + "<br />\n".join(f"{span('#FC0000', p)} — {rnd.randint(1, 5)} (…)" for p in PLAYERS[:8]))
        else:
            html = ("Обсуждаем дальше. <b>Важно</b>: читайте <i>внимательно</i> лог, там всё видно :) "
                    '<img src="smile.png" alt="Smile" class="smilie" />')
        # every post different (the count caches readings by HTML; a real thread never repeats)
        out.append((author, f"{html}<br />\n<i>#{len(out) + 1}</i>"))
    return out


def build_store(path: Path, posts: list[tuple[str, str]]) -> Store:
    store = Store(path)
    store.ensure_forum("bench", engine="mybb", base_url="http://127.0.0.1/", timezone_name="Europe/Moscow")
    topic = store.ensure_topic("bench", "2", url="http://127.0.0.1/showthread.php?tid=2", kind="vote",
                               game_id="bench")
    per_page = 10
    for page in range(len(posts) // per_page):
        parsed = []
        for pos in range(per_page):
            i = page * per_page + pos
            author, html = posts[i]
            parsed.append(ParsedPost(post_id=i + 1, topic_id="2", page=page + 1, position=pos,
                                     author=author, author_id=None,
                                     time=START + timedelta(seconds=25 * i), html=html, edit=None,
                                     content_hash=content_hash(html)))
        url = f"http://127.0.0.1/showthread.php?tid=2&page={page + 1}"
        store.upsert_page(topic, ParsedPage(url=url, engine="mybb", topic_id="2", page=page + 1,
                                            last_page=None, next_url=None, posts=parsed),
                          FetchedMeta(url=url, fetched_at=START + timedelta(seconds=25 * (page + 1) * per_page)))
    return store


def to_tally(sp) -> Post:  # noqa: ANN001 (mafvote.store.StoredPost)
    return Post.from_stored(sp)


def best(fn, repeat: int, clock=time.perf_counter) -> float:  # noqa: ANN001
    """The least time of `repeat` runs of `fn` by `clock` (wall time; `time.process_time` for this process's CPU)."""
    times = []
    for _ in range(repeat):
        gc.collect()
        t = clock()
        fn()
        times.append(clock() - t)
    return min(times)


def variants(rnd: random.Random, distinct: bool) -> list[str]:
    forms = {
        "Соня": ["Соня", "соня", "СОНЯ", "Соню", "Сони", "Соне", "Сонечка"],
        "Nejka": ["Nejka", "Нежка", "Нежку", "Нейка", "nejka"],
        "Ronin": ["Ronin", "Ронин", "Ронина", "ronin!", "Rоnin"],
        "Алукард": ["Алукард", "Алукарда", "Alukard", "Алук", "Алукрад"],
        "Trusiki Kayfa": ["Trusiki Kayfa", "Trusiki", "Kayfa", "Трусики Кайфа", "trusikikayfa"],
        "Снежана": ["Снежана", "Снежану", "Снежаны", "Снежа", "Snejana"],
        "Петя": ["Петя", "Петю", "Пети", "петя", "Петр"],
    }
    pool = [f for fs in forms.values() for f in fs] + PLAYERS + ["НЕ", "красный", "мафия", "всех"]
    if not distinct:
        return [rnd.choice(pool) for _ in range(10_000)]
    letters = "абвгдежзиклмнопрстуфхцчшщэюяabcdefghijklmnopqrstuvwxyz"
    out = set()
    while len(out) < 10_000:
        w = list(rnd.choice(pool))
        i = rnd.randrange(len(w) + 1)
        w.insert(i, rnd.choice(letters))
        out.add("".join(w))
    return sorted(out)


def machine() -> str:
    def sh(cmd: str) -> str:
        try:
            return subprocess.run(cmd, shell=True, capture_output=True, text=True, timeout=5).stdout.strip()
        except Exception:  # noqa: BLE001 (best effort, report only)
            return "?"
    return (f"{datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC; Python {platform.python_version()}; "
            f"nproc {sh('nproc')}; " + "; ".join(sh("lscpu | head").splitlines()))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    rnd = random.Random(3)
    print(machine())

    roster = Roster(tuple(Player(p) for p in PLAYERS), gms=(GM,))
    state = DayState(day=2, deadline=START + timedelta(hours=22), alive=tuple(PLAYERS), start=START)
    rules = VoteRules(early_close_from_day=1)
    with tempfile.TemporaryDirectory() as tmp:
        store = build_store(Path(tmp) / "bench.db", thread(3000, rnd))
        stored = store.posts(kind="vote")
        posts = [to_tally(p) for p in stored]
        assert len(posts) == 3000
        t = count_day(posts, state, roster, rules)
        print(f"(a) sanity: {sum(v.counted for v in t.votes)} counted votes, outcome {t.outcome.reason} "
              f"{t.outcome.eliminated}, {len(t.flags)} flags")
        load = best(lambda: store.posts(kind="vote"), args.repeat)
        conv = best(lambda: [to_tally(p) for p in stored], args.repeat)
        # cold: a fresh RosterMatcher, so every post is parsed and read
        cnt = best(lambda: count_day(posts, state, roster, rules), args.repeat)
        pub = best(lambda: count_day(posts, state, roster, rules, view="public",
                                       as_of=START + timedelta(hours=21)), args.repeat)
        # warm: the daemon keeps one matcher per game, so a re-count after a poll reads only new posts
        matcher = RosterMatcher.from_roster(roster)
        count_day(posts, state, roster, rules, matcher=matcher)
        warm = best(lambda: count_day(posts, state, roster, rules, view="public", matcher=matcher),
                    args.repeat)

        def whole() -> None:
            count_day([to_tally(p) for p in store.posts(kind="vote")], state, roster, rules)
        total = best(whole, args.repeat)
        store.close()
    print(f"(a) 3,000 posts, 20 players: store.posts {load * 1e3:.1f} ms, to tally.Post "
          f"{conv * 1e3:.1f} ms, count_day cold gm {cnt * 1e3:.1f} ms, cold public {pub * 1e3:.1f} ms, "
          f"warm re-count {warm * 1e3:.1f} ms; store → count total (cold) {total * 1e3:.1f} ms "
          "(target: count < 100 ms)")

    t0 = time.perf_counter()
    default_morph()
    print(f"(b) pymorphy3 analyzer, built once per process: {(time.perf_counter() - t0) * 1e3:.0f} ms")
    names = {p: () for p in PLAYERS}
    for distinct in (False, True):
        strings = variants(random.Random(5), distinct)

        def run() -> None:
            m = RosterMatcher(names)
            for s in strings:
                m.match(s)
        took = best(run, args.repeat)
        m = RosterMatcher(names)
        res = [m.match(s).status for s in strings]
        print(f"(b) 10,000 strings ({len(set(strings))} distinct): {took * 1e3:.1f} ms "
              f"(match {res.count('match')}, ambiguous {res.count('ambiguous')}, none {res.count('none')})"
              f"{' (target < 50 ms)' if not distinct else ' (worst case, no string repeats)'}")


if __name__ == "__main__":
    main()
