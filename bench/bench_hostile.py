"""Hostile forums, side by side in one run (issue 13): what a crawl costs against a gzip bomb and a server
sending one byte a second, and what counting a day costs when one post holds 50,000 nested tags.

    python bench/bench_hostile.py            # --json for the raw figures; --bomb-mib / --timeout to vary

The servers run in this process on 127.0.0.1; each crawl runs in a child process of its own, so its peak
memory (max RSS) is its own:

- **gzip bomb**: a 200 answer, `Content-Encoding: gzip`, ~1 MiB on the wire that unpacks to 1 GiB; the crawl
  uses the default `max_page_mb` (16).
- **1 byte/s**: headers at once, then one byte of the page a second; the forum's `timeout` (default here 5 s)
  bounds the whole request, with `retries = 0`.
- **50,000 nested tags**: a MyBB topic (`mafvote.forumsim`) whose vote thread holds a coloured vote under
  50,000 nested `<div>`, crawled by `mafvote crawl` (the first command of the child: its imports included),
  its page parsed again alone, then counted by `mafvote tally --format json` twice (timed in the child).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import sys
import threading
import time
import zlib
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
MiB = 1024 * 1024

from mafvote.http_server import LocalHTTPServer  # noqa: E402


def gzip_bomb(unpacked: int) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, zlib.MAX_WBITS | 16)
    block = b"\0" * MiB
    return b"".join([*(packer.compress(block) for _ in range(unpacked // MiB)), packer.flush()])


def serve(bomb: bytes, seconds: int) -> LocalHTTPServer:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self):  # noqa: N802
            try:
                if self.path.startswith("/bomb"):
                    self.send_response(200)
                    self.send_header("Content-Type", "text/html; charset=UTF-8")
                    self.send_header("Content-Encoding", "gzip")
                    self.send_header("Content-Length", str(len(bomb)))
                    self.end_headers()
                    self.wfile.write(bomb)
                else:
                    self.send_response(200)
                    self.send_header("Content-Type", "text/html; charset=UTF-8")
                    self.send_header("Content-Length", "100000")
                    self.end_headers()
                    for _ in range(seconds):
                        self.wfile.write(b"<")
                        self.wfile.flush()
                        time.sleep(1)
            except (BrokenPipeError, ConnectionResetError):
                pass

        def log_message(self, *args):
            pass

    server = LocalHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def child(argv: list[str]) -> dict:
    out = subprocess.run([sys.executable, __file__, "--child", *argv], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def _peak_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def crawl_one(url: str, timeout: float) -> dict:
    from zoneinfo import ZoneInfo

    from mafvote.store import Store
    from mafvote_scraper.crawl import crawl_topic
    from mafvote_scraper.fetch import ForumClient

    store = Store(":memory:")
    started = time.perf_counter()
    with ForumClient(origin=url, min_delay=0, retries=0, timeout=timeout) as client:
        result = crawl_topic(client, store, forum="f", url=url, kind="vote", game_id="g", profile="mybb",
                             tz=ZoneInfo("Europe/Moscow"), now=datetime.now(timezone.utc))
        received = client.bytes
    return {"wall_s": round(time.perf_counter() - started, 2), "peak_rss_mib": round(_peak_rss_mib(), 1),
            "received_bytes": received, "error": result.error}


CONFIG = """
[store]
path = "{store}"

[[forums]]
id = "sim"
engine = "mybb"
base_url = "{base}"
timezone = "Europe/Moscow"
min_delay = 0
retries = 0

[[games]]
id = "g"
title = "Игра"
forum = "sim"
ruleset = "new_year"
game_topic = "{base}showthread.php?tid=1"
vote_thread = "{base}showthread.php?tid=2"
gm = ["Ведущий"]

[games.schedule]
start = "{start}"
starts_with = "day"
first_deadline = "{deadline}"
day_deadline = "18:00"
night_deadline = "20:00"

[[games.players]]
nick = "Ronin"

[[games.players]]
nick = "Соня"

[[games.players]]
nick = "Puss"
"""


def nested_count(depth: int) -> dict:
    import contextlib
    import io
    import tempfile
    from zoneinfo import ZoneInfo

    from mafvote.cli import main
    from mafvote.forumsim import ForumSim

    red = '<span style="color: red;" class="mycode_color">{}</span>'
    t0 = datetime.now(timezone.utc).replace(second=0, microsecond=0) - timedelta(hours=2)
    msk = ZoneInfo("Europe/Moscow")

    def run(*argv: str) -> tuple[float, str]:
        out = io.StringIO()
        started = time.perf_counter()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
            try:
                main(list(argv))
            except SystemExit as exc:
                if exc.code:
                    raise RuntimeError(f"mafvote {' '.join(argv)} exited {exc.code}") from None
        return time.perf_counter() - started, out.getvalue()

    with ForumSim(per_page=10) as sim, tempfile.TemporaryDirectory() as folder:
        sim.add_topic(1, "Игра")
        sim.add_topic(2, "Голосование")
        sim.add_post(1, "Ведущий", "День первый.", time=t0)
        deep = "<div>" * depth + "Голосую " + red.format("Соня") + "</div>" * depth
        sim.add_post(2, "Ronin", deep, time=t0 + timedelta(minutes=1))
        sim.add_post(2, "Puss", "Голосую " + red.format("Соня"), time=t0 + timedelta(minutes=2))
        config = Path(folder) / "config.toml"
        config.write_text(CONFIG.format(store=Path(folder) / "m.db", base=sim.base_url,
                                        start=f"{(t0 - timedelta(hours=1)).astimezone(msk):%Y-%m-%dT%H:%M}",
                                        deadline=f"{(t0 + timedelta(days=1)).astimezone(msk):%Y-%m-%dT%H:%M}"),
                          encoding="utf-8")
        page_bytes = len(deep.encode())
        crawl_s, _ = run("crawl", "-c", str(config))
        # the page alone, parsed again now that everything is imported: what the post costs a crawl
        import httpx

        from mafvote_scraper.parse import parse_page
        raw = httpx.get(sim.url_of(2)).content
        started = time.perf_counter()
        parse_page(raw, url=sim.url_of(2), profile="mybb", tz=msk, now=datetime.now(timezone.utc))
        parse_s = time.perf_counter() - started
        tally_s, out = run("tally", "-c", str(config), "--day", "1", "--format", "json")
        # a second count: the first one pays the imports (rules, morphology) once
        tally2_s, _ = run("tally", "-c", str(config), "--day", "1", "--format", "json")
    totals = {c["player"]: c["total"] for c in json.loads(out)["candidates"]}
    return {"post_bytes": page_bytes, "crawl_s": round(crawl_s, 2), "parse_s": round(parse_s, 2),
            "tally_s": round(tally_s, 2),
            "tally_again_s": round(tally2_s, 2), "totals": totals, "peak_rss_mib": round(_peak_rss_mib(), 1)}


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()} {platform.machine()}, "
            f"Python {platform.python_version()}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--bomb-mib", type=int, default=1024)
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("--depth", type=int, default=50_000)
    ap.add_argument("--child", nargs="+")
    args = ap.parse_args()
    if args.child:
        what = args.child[0]
        if what == "crawl":
            print(json.dumps(crawl_one(args.child[1], float(args.child[2]))))
        else:
            print(json.dumps(nested_count(int(args.child[1]))))
        return
    bomb = gzip_bomb(args.bomb_mib * MiB)
    server = serve(bomb, seconds=int(args.timeout * 4) + 10)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    rows = {
        "gzip bomb": {"wire_bytes": len(bomb), "unpacked_mib": args.bomb_mib,
                      **child(["crawl", base + "bomb/showthread.php?tid=2", str(args.timeout)])},
        "1 byte/s": {"timeout_s": args.timeout,
                     **child(["crawl", base + "slow/showthread.php?tid=2", str(args.timeout)])},
        f"{args.depth:,} nested tags": child(["nested", str(args.depth)]),
    }
    server.shutdown()
    when = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    if args.json:
        print(json.dumps({"when": when, "machine": machine(), "rows": rows}, ensure_ascii=False, indent=1))
        return
    print(f"{when}; {machine()}")
    for name, row in rows.items():
        print(f"{name}: " + ", ".join(f"{k} {v}" for k, v in row.items()))


if __name__ == "__main__":
    main()
