"""Run one benchmark script on this tree and on a baseline revision, alternately, in one run.

    python bench/against.py REV bench/bench_tally.py [--rounds 3] [-- ARGS for the script]

The baseline is checked out with `git worktree` into a temporary folder (removed afterwards), so both
trees run the same script name with their own code, on the same machine, interleaved round by round
(this, baseline, this, baseline, ...) so that load from other work hits both alike. Each round's output
is printed under its label; the script's own "best of" figures are what to compare.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rev", help="the baseline revision (a commit, tag or branch)")
    ap.add_argument("script", help="the benchmark script, relative to the repo root (bench/bench_tally.py)")
    ap.add_argument("--rounds", type=int, default=3)
    argv = sys.argv[1:]
    cut = argv.index("--") if "--" in argv else len(argv)
    opts = ap.parse_args(argv[:cut])
    extra = argv[cut + 1:]                 # the script's own arguments
    rev = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", opts.rev], check=True,
                         capture_output=True, text=True).stdout.strip()
    with tempfile.TemporaryDirectory(prefix="mafvote-baseline-") as tmp:
        base = Path(tmp) / "tree"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(base), rev], check=True,
                       capture_output=True)
        try:
            for n in range(1, opts.rounds + 1):
                for label, tree in (("this tree", ROOT), (f"baseline {rev}", base)):
                    out = subprocess.run([sys.executable, str(tree / opts.script), *extra], cwd=tree,
                                         capture_output=True, text=True)
                    print(f"== round {n}: {label} ==")
                    print((out.stdout + out.stderr).rstrip())
                    sys.stdout.flush()
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], check=False,
                           capture_output=True)


if __name__ == "__main__":
    main()
