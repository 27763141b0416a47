"""Crawl benchmarks (issue 2, "Done when" (b) and (c)), against the local forum `mafvote.forumsim`.

(b) HTTP requests made by a poll of an unchanged 100-page topic (target: 1) and after 3 new
    posts (target: at most 2), with and without ETag/Last-Modified from the server.
(c) the first crawl of a 100-page topic: wall time, requests, bytes, peak memory.

The forum runs in a child process so that the crawler's time and memory are its own. The client
uses min_delay = 0 here; against a real forum the configured delay (1 s by default) dominates a
first crawl (100 pages ≈ 100 s).

    python bench/bench_crawl.py [--pages 100] [--per-page 10] [--json]
"""
from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import platform
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from datetime import datetime, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mafvote.forumsim import ForumSim  # noqa: E402
from mafvote.store import Store  # noqa: E402
from mafvote_scraper.crawl import crawl_topic  # noqa: E402
from mafvote_scraper.fetch import ForumClient  # noqa: E402

NOW = datetime(2027, 1, 1, 15, 40, tzinfo=timezone.utc)
VOTE = 'Голосую <span style="color: #FC0000;" class="mycode_color">Соня</span> досрочно.<br />\nА ты, {n}, что скажешь?'


def _serve(conn, posts: int, per_page: int, validators: bool) -> None:
    forum = ForumSim(per_page=per_page, etag=validators, last_modified=validators).start()
    forum.add_topic(2, "Голосование — День 2")
    for i in range(posts):
        forum.add_post(2, f"Игрок{i % 12}", VOTE.format(n=i))
    conn.send((forum.base_url, forum.url_of(2)))
    while True:
        command = conn.recv()
        if command == "stop":
            break
        if command[0] == "add":
            for i in range(command[1]):
                forum.add_post(2, "Поздний", VOTE.format(n=f"new{i}"))
            conn.send("ok")
    forum.stop()


class Forum:
    def __init__(self, posts: int, per_page: int, validators: bool = True) -> None:
        ctx = mp.get_context("fork")
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_serve, args=(child, posts, per_page, validators), daemon=True)
        self.proc.start()
        self.base_url, self.url = self.conn.recv()

    def add(self, n: int) -> None:
        self.conn.send(("add", n))
        assert self.conn.recv() == "ok"

    def stop(self) -> None:
        self.conn.send("stop")
        self.proc.join(10)


def crawl(client: ForumClient, store: Store, url: str):
    return crawl_topic(client, store, forum="sim", url=url, kind="vote", game_id="bench",
                       profile="mybb", tz=ZoneInfo("Europe/Moscow"), now=NOW)


def bench_first_crawl(pages: int, per_page: int) -> dict:
    forum = Forum(pages * per_page, per_page)
    try:
        # Timed run without tracemalloc (it slows allocation-heavy code), then a traced run.
        with tempfile.TemporaryDirectory() as tmp, Store(Path(tmp) / "m.db") as store, \
                ForumClient(min_delay=0) as client:
            start = time.perf_counter()
            result = crawl(client, store, forum.url)
            wall = time.perf_counter() - start
            db_size = sum(p.stat().st_size for p in Path(tmp).iterdir())
        assert result.ok and len(result.new) == pages * per_page, result
        with tempfile.TemporaryDirectory() as tmp, Store(Path(tmp) / "m.db") as store, \
                ForumClient(min_delay=0) as client:
            tracemalloc.start()
            crawl(client, store, forum.url)
            _, peak = tracemalloc.get_traced_memory()
            tracemalloc.stop()
        return {"pages": result.pages, "posts": len(result.new), "requests": result.requests,
                "bytes": result.bytes, "wall_s": round(wall, 3),
                "per_page_ms": round(wall / result.pages * 1000, 2),
                "peak_python_alloc_mb": round(peak / 2**20, 1),
                "max_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
                "store_mb": round(db_size / 2**20, 1)}
    finally:
        forum.stop()


def bench_polls(pages: int, per_page: int, validators: bool, posts: int) -> dict:
    forum = Forum(posts, per_page, validators)
    try:
        with tempfile.TemporaryDirectory() as tmp, Store(Path(tmp) / "m.db") as store, \
                ForumClient(min_delay=0) as client:
            crawl(client, store, forum.url)
            unchanged = crawl(client, store, forum.url)
            forum.add(3)
            after_new = crawl(client, store, forum.url)
        assert unchanged.ok and unchanged.new == () and after_new.ok and len(after_new.new) == 3
        return {"pages": -(-posts // per_page), "validators": validators,
                "unchanged_requests": unchanged.requests, "unchanged_bytes": unchanged.bytes,
                "after_3_new_requests": after_new.requests, "after_3_new_bytes": after_new.bytes}
    finally:
        forum.stop()


def machine() -> dict:
    def run(cmd: str) -> str:
        try:
            return subprocess.run(cmd, shell=True, capture_output=True, text=True, timeout=10).stdout.strip()
        except OSError:
            return ""
    return {"date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"), "nproc": run("nproc"),
            "lscpu": run("lscpu | head -n 15"), "python": platform.python_version(),
            "platform": platform.platform()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", type=int, default=100)
    parser.add_argument("--per-page", type=int, default=10)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    full = args.pages * args.per_page
    report = {
        "machine": machine(),
        # (b) last page full: 3 new posts open page N+1; last page part-full: they fit on page N
        "polls": [bench_polls(args.pages, args.per_page, True, full),
                  bench_polls(args.pages, args.per_page, True, full - args.per_page // 2),
                  bench_polls(args.pages, args.per_page, False, full)],
        "first_crawl": bench_first_crawl(args.pages, args.per_page),
    }
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=1))
        return
    m = report["machine"]
    print(f"date {m['date']}; python {m['python']}; nproc {m['nproc']}; {m['platform']}")
    print(m["lscpu"])
    print()
    print("(b) poll requests        pages  validators  unchanged (bytes)  after 3 new (bytes)")
    for p in report["polls"]:
        print(f"                         {p['pages']:5}  {'yes' if p['validators'] else 'no ':10}  "
              f"{p['unchanged_requests']:9} ({p['unchanged_bytes']:>7})  "
              f"{p['after_3_new_requests']:11} ({p['after_3_new_bytes']:>7})")
    c = report["first_crawl"]
    print()
    print(f"(c) first crawl: {c['pages']} pages, {c['posts']} posts, {c['requests']} requests, "
          f"{c['bytes'] / 2**20:.1f} MiB in {c['wall_s']:.2f} s ({c['per_page_ms']:.1f} ms/page); "
          f"peak Python allocations {c['peak_python_alloc_mb']} MiB, max RSS {c['max_rss_mb']} MiB, "
          f"store {c['store_mb']} MiB")


if __name__ == "__main__":
    main()
