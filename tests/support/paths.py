"""Where the repository's data is, for the tests: the repo root, tests/data, the captured MyBB pages."""
from __future__ import annotations

from pathlib import Path
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
MYBB = ROOT / "fixtures" / "html" / "mybb"
MOSCOW = ZoneInfo("Europe/Moscow")
# a vote as MyBB 1.8 marks it up (the local forum, mafvote.forumsim, writes the same)
RED = '<span style="color: red;" class="mycode_color">{}</span>'
