"""The demo forum: the bundled MyBB capture of «Новогодняя мафия» served as a live local forum.

`mafvote demo` (mafvote/cli/demo.py) drives the real commands against it. The forum starts with
the vote thread's first three pages (as it stood mid-day) and grows to all five between polls, so
the second crawl shows an incremental poll. The `later/` capture is used because every date in it
is absolute: the demo then reads the same times on any day it is run.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from .forumsim import ForumSim
from .paths import data_dir, data_file

GAME_TID, VOTE_TID = 1, 2
_VOTE_PAGES = 5
# The day the demo thread counts (fixtures/html/mybb/expected.json: day 2, deadline 01.01 18:00 MSK).
DEMO_DAY = 2
DEMO_SINCE = "2026-12-30T20:00"
DEMO_DEADLINE = "2027-01-01T18:00"
# The demo game's setup (the capture's own game topic only says "3 мафии, комиссар, доктор"), in the roles
# of the New Year ruleset, so nights can be resolved and the GM's count shows the hidden weights.
DEMO_ROLES = {"РэдДи": "Снеговик", "King Eciton": "Дед Мороз", "Соня": "Герда", "Trusiki Kayfa": "Снегурочка",
              "Алукард": "мирная зверюшка", "Nejka": "Злой эльф", "Гафф": "Хлопушка", "Enzo": "Кай",
              "Nevermore": "Злой тролль", "Alisa": "Снежинка", "Ronin": "Санта Клаус", "Puss": "мирная зверюшка"}
# Day 1 as the game topic tells it: its results were posted on 29.12 at 20:00.
DAY_1_DEADLINE = "2026-12-29T20:00"


@dataclass
class DemoForum:
    sim: ForumSim
    vote_pages: list[bytes]

    @property
    def base_url(self) -> str:
        return self.sim.base_url

    def show_pages(self, count: int) -> None:
        """Serve the vote thread as it stood when it had `count` pages."""
        pages = self.vote_pages[:count]
        pages[-1] = _cut_pagination(pages[-1], count)
        self.sim.set_static_pages(VOTE_TID, pages, title="Голосование — День 2")

    def stop(self) -> None:
        self.sim.stop()


def start_demo_forum(initial_pages: int = 3) -> DemoForum:
    mybb = data_dir("fixtures/html") / "mybb"
    game_page = (mybb / "showthread_tid1_game_page1.html").read_bytes()
    vote_pages = [(mybb / "later" / f"showthread_tid2_page{n}.html").read_bytes()
                  for n in range(1, _VOTE_PAGES + 1)]
    sim = ForumSim().start()
    sim.set_static_pages(GAME_TID, [game_page], title="Игра: Новогодняя мафия")
    forum = DemoForum(sim, vote_pages)
    forum.show_pages(initial_pages)
    return forum


def _cut_pagination(page: bytes, last: int) -> bytes:
    """Drop the links to pages after `last`, so the page reads as the thread's last page."""
    def keep(match: re.Match[bytes]) -> bytes:
        return b"" if int(match.group(1)) > last else match.group(0)

    return re.sub(rb'<a href="showthread\.php\?tid=2&amp;page=(\d+)" class="pagination_(?:page|next)">'
                  rb'[^<]*</a>', keep, page)


def write_demo_config(workdir: Path, base_url: str, roles: dict[str, str] | None = None) -> Path:
    """The bundled example config pointed at the demo forum, its store in `workdir`; `roles` (nick -> role)
    are written into the roster where the example leaves a player's role out."""
    example = data_file("config.toml")
    text = example.read_text(encoding="utf-8")
    tomllib.loads(text)  # the example must stay valid TOML; a broken one fails here, not later
    text = text.replace("http://127.0.0.1:8081/", base_url)
    # The demo forum is ours: no need to wait a second between requests.
    text = re.sub(r"(?m)^min_delay = [0-9.]+", "min_delay = 0.05", text)
    text = re.sub(r'(?m)^dir = "public/"', f'dir = "{(workdir / "public").as_posix()}"', text)
    for nick, role in (roles or {}).items():
        entry = f'nick = "{nick}"\n'
        head, found, rest = text.partition(entry)
        if found and "\nrole =" not in "\n" + rest.split("\n[", 1)[0]:
            text = f'{head}{entry}role = "{role}"\n{rest}'
    path = workdir / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path

