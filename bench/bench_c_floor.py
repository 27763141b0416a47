"""Benchmark (a) of issue 2, continued: how close to the bare parse a C extraction gets.

`bench_parse.py --explain` shows that from Python, with selectolax as it is, the floor of any extraction
is about 1.5x the bare parse. This script measures the other way: the same fields extracted in C
(bench/c_floor/c_floor.c) on lexbor's own parser and selector engine, the one selectolax bundles, with
every field selector compiled once. Side by side in one run, per page, CPU time:

  bare        LexborHTMLParser(text): selectolax's parse, the denominator of the issue's target
  C parse     lexbor's parse alone, called from C (no str -> UTF-8, no Python objects)
  C fields    C parse + one query per field (post, author, time, edit notice, body) + each author/time/
              edit text + each body's inner html, as a C extractor would read them
  + objects   C fields + the Python objects such an extractor must still return per post (the body's
              sha256, a datetime, one ParsedPost)
  ours        scraper.parse.parse_page

Building it needs gcc, the Python headers and lexbor's headers as bundled in the installed selectolax
release: the script downloads that release's source distribution from PyPI once (into
bench/c_floor/build/, ignored by git) and compiles c_floor.c against it, linking to the installed
selectolax module so that the very same lexbor code runs.

Run: python bench/bench_c_floor.py [--repeat 15] [--markdown]
"""
from __future__ import annotations

import argparse
import ctypes
import gc
import importlib.util
import platform
import subprocess
import sys
import sysconfig
import tarfile
import time
from datetime import datetime
from pathlib import Path

import selectolax
import selectolax.lexbor
from selectolax.lexbor import LexborHTMLParser

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from bench_parse import pages  # noqa: E402
from mafvote_scraper.model import ParsedPost  # noqa: E402
from mafvote_scraper.parse import content_hash, parse_page  # noqa: E402
from mafvote_scraper.profiles import get_profile  # noqa: E402

BUILD = HERE / "c_floor" / "build"


def lexbor_headers() -> Path:
    """lexbor's headers from the installed selectolax release's sdist (downloaded once)."""
    version = selectolax.__version__
    source = BUILD / f"selectolax-{version}" / "lexbor" / "source"
    if not source.is_dir():
        BUILD.mkdir(parents=True, exist_ok=True)
        subprocess.run([sys.executable, "-m", "pip", "download", f"selectolax=={version}", "--no-binary", ":all:",
                        "--no-deps", "--quiet", "-d", str(BUILD)], check=True)
        with tarfile.open(BUILD / f"selectolax-{version}.tar.gz") as tar:
            tar.extractall(BUILD, filter="data")
    return source


def build() -> object:
    module = Path(selectolax.lexbor.__file__)
    target = BUILD / ("c_floor" + sysconfig.get_config_var("EXT_SUFFIX"))
    source = HERE / "c_floor" / "c_floor.c"
    if not target.exists() or target.stat().st_mtime < source.stat().st_mtime:
        subprocess.run(["gcc", "-O2", "-shared", "-fPIC", "-DLEXBOR_STATIC",
                        f"-I{sysconfig.get_paths()['include']}", f"-I{lexbor_headers()}", str(source),
                        str(module), f"-Wl,-rpath,{module.parent}", "-o", str(target)], check=True)
    # selectolax's module is loaded RTLD_LOCAL; make its lexbor symbols visible to c_floor
    ctypes.CDLL(str(module), mode=ctypes.RTLD_GLOBAL | getattr(__import__("os"), "RTLD_NOLOAD", 4))
    spec = importlib.util.spec_from_file_location("c_floor", target)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def best(fn, loops: int, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        gc.disable()
        start = time.process_time()
        for _ in range(loops):
            fn()
        times.append((time.process_time() - start) / loops)
        gc.enable()
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=15)
    ap.add_argument("--markdown", action="store_true")
    args = ap.parse_args()
    c_floor = build()

    rows = []
    for label, engine, url, text, tz, now in pages():
        tree = LexborHTMLParser(text)
        profile = next(p for p in (get_profile(engine), *get_profile(engine).variants) if tree.css(p.post))
        fields = [s for s in (profile.post, profile.author, profile.time, profile.edit_notice, profile.body) if s]
        c_floor.compile(fields, fields.index(profile.body))
        parsed = parse_page(text, url=url, profile=engine, tz=tz, now=now)
        raw = text.encode("utf-8")
        c_floor.run(raw, 50, 1)   # warm up
        c_parse = min(c_floor.run(raw, 100, 0)[0] for _ in range(args.repeat))
        c_fields = min(c_floor.run(raw, 100, 1)[0] for _ in range(args.repeat))
        stamps = [(p.html, p.time.isoformat()) for p in parsed.posts]

        def objects():
            for i, (html, stamp) in enumerate(stamps):
                ParsedPost(post_id=i, topic_id="1", page=1, position=i, author="x", author_id=None,
                           time=datetime.fromisoformat(stamp), html=html, edit=None, content_hash=content_hash(html))

        t_objects = best(objects, 200, args.repeat)
        bare = best(lambda: LexborHTMLParser(text), 100, args.repeat)
        ours = best(lambda: parse_page(text, url=url, profile=engine, tz=tz, now=now), 50, args.repeat)
        rows.append((label, len(parsed.posts), bare, c_parse, c_fields, c_fields + t_objects, ours))

    header = ("page", "posts", "bare µs", "C parse µs", "C fields µs", "+ objects µs", "C+objects/bare", "ours/bare")
    lines = [header]
    for label, n, bare, cp, cf, co, ours in rows:
        lines.append((label, str(n), f"{bare * 1e6:.0f}", f"{cp * 1e6:.0f}", f"{cf * 1e6:.0f}", f"{co * 1e6:.0f}",
                      f"{co / bare:.2f}×", f"{ours / bare:.2f}×"))
    tot = [sum(r[i] for r in rows) for i in range(2, 7)]
    lines.append(("**all pages**", str(sum(r[1] for r in rows)), *(f"{t * 1e6:.0f}" for t in tot[:4]),
                  f"**{tot[3] / tot[0]:.2f}×**", f"**{tot[4] / tot[0]:.2f}×**"))
    if args.markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for line in lines[1:]:
            print("| " + " | ".join(line) + " |")
    else:
        widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
        for line in lines:
            print("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(line, widths))))
    print(f"\npython {platform.python_version()}, {platform.machine()}, selectolax {selectolax.__version__}")
    print(f"C fields / C parse: {tot[2] / tot[1]:.2f}×; a C extractor (C fields + Python objects) / bare: "
          f"{tot[3] / tot[0]:.2f}× (target 1.5×); ours / bare: {tot[4] / tot[0]:.2f}×")


if __name__ == "__main__":
    main()
