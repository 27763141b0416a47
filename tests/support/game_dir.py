"""The game folders the CLI tests run in: the MyBB test game (tests/data/game/config.toml over the captured vote
thread of fixtures/html/mybb), its copy with a GM's ruleset file, the render test game with flavour texts, and
the test game with another ruleset's roles written over the New Year ones."""
from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

import mafvote.game as game_mod
from mafvote import rulesets
from mafvote.config import load_config
from mafvote.game import GameService
from mafvote.store import Store
from mafvote_scraper.fetch import FetchedMeta
from mafvote_scraper.model import ParsedPage
from mafvote_scraper.parse import parse_page
from support.cli import ok, run
from support.paths import DATA, MOSCOW, MYBB, ROOT

GAME_CONFIG = DATA / "game" / "config.toml"        # New Year roles, night 1 first; {store} filled in by the tests
GAME_BASE = "http://127.0.0.1:8081/"
CAPTURE = datetime(2027, 1, 1, 15, 40, tzinfo=timezone.utc)     # the capture instant of the pages: after day 1
AFTER = datetime(2027, 1, 2, 0, 0, tzinfo=timezone.utc)         # past day 1's deadline (2026-12-31 18:00 MSK)
WINDOW = ["--since", "2026-12-30T20:00", "--deadline", "2027-01-01T18:00"]     # day 1 of the vote thread


def fill_store(db: Path, pages: int = 5, seen: datetime = CAPTURE) -> None:
    """Store the game topic and the first `pages` pages of the vote thread as one crawl at `seen` would."""
    with Store(db) as s:
        s.ensure_forum("hyper", engine="mybb", base_url=GAME_BASE, timezone_name="Europe/Moscow")
        for kind, tid, files in (("game", "1", ["showthread_tid1_game_page1.html"]),
                                 ("vote", "2", [f"showthread_tid2_page{i}.html" for i in range(1, pages + 1)])):
            topic = s.ensure_topic("hyper", tid, url=f"{GAME_BASE}showthread.php?tid={tid}", kind=kind, game_id="ny")
            for n, name in enumerate(files, 1):
                url = f"{GAME_BASE}showthread.php?tid={tid}&page={n}"
                page = parse_page((MYBB / name).read_bytes(), url=url, profile="mybb", tz=MOSCOW, now=seen)
                s.upsert_page(topic, page, FetchedMeta(url, seen))


def fill_store_post_by_post(db: Path) -> None:
    """Store both topics as a crawl after every post would have: each post first seen at its own time."""
    with Store(db) as s:
        s.ensure_forum("hyper", engine="mybb", base_url=GAME_BASE, timezone_name="Europe/Moscow")
        for kind, tid, files in (("game", "1", ["showthread_tid1_game_page1.html"]),
                                 ("vote", "2", [f"showthread_tid2_page{i}.html" for i in range(1, 6)])):
            topic = s.ensure_topic("hyper", tid, url=f"{GAME_BASE}showthread.php?tid={tid}", kind=kind, game_id="ny")
            for n, name in enumerate(files, 1):
                url = f"{GAME_BASE}showthread.php?tid={tid}&page={n}"
                page = parse_page((MYBB / name).read_bytes(), url=url, profile="mybb", tz=MOSCOW, now=CAPTURE)
                for k in range(1, len(page.posts) + 1):
                    part = ParsedPage(url=url, engine="mybb", topic_id=tid, page=page.page, last_page=page.last_page,
                                      next_url=page.next_url, posts=page.posts[:k], title=page.title)
                    s.upsert_page(topic, part, FetchedMeta(url, page.posts[k - 1].time))


def make_game_dir(folder: Path, monkeypatch, *, fill: Callable[[Path], None] = fill_store, now: datetime = AFTER,
                  config: Path = GAME_CONFIG) -> Path:
    """The test game in `folder`: config.toml (store state/m.db), the store filled by `fill`, `folder` the current
    directory and the game's clock at `now`."""
    (folder / "config.toml").write_text(config.read_text(encoding="utf-8").replace("{store}", "state/m.db"),
                                        encoding="utf-8")
    fill(folder / "state" / "m.db")
    monkeypatch.chdir(folder)
    monkeypatch.setattr(game_mod, "utc_now", lambda: now)
    return folder


def game_service(tmp_path, text: str | None = None, *, posts: bool = False):
    """The store and the `GameService` of the test game (config `text`, else tests/data/game/config.toml) in
    tmp_path; `posts`: the vote thread's five pages stored as at CAPTURE."""
    path = tmp_path / "config.toml"
    path.write_text(text or GAME_CONFIG.read_text(encoding="utf-8").replace("{store}", "m.db"), encoding="utf-8")
    config = load_config(path)
    game = config.games[0]
    store = Store(config.store.path)
    if posts:
        store.ensure_forum("hyper", engine="mybb", base_url=GAME_BASE, timezone_name="Europe/Moscow")
        topic = store.ensure_topic("hyper", "2", url=f"{GAME_BASE}showthread.php?tid=2", kind="vote", game_id="ny")
        for n in range(1, 6):
            url = f"{GAME_BASE}showthread.php?tid=2&page={n}"
            page = parse_page((MYBB / f"showthread_tid2_page{n}.html").read_bytes(), url=url, profile="mybb",
                              tz=MOSCOW, now=CAPTURE)
            store.upsert_page(topic, page, FetchedMeta(url, CAPTURE))
    return store, GameService(store, game, rulesets.load(game.ruleset_path), nights_dir=tmp_path / "nights",
                              engine="mybb", base_url=GAME_BASE)


# ------------------------------------------------------------ the test game with a GM's copy of its ruleset

# tests/data/gm_ruleset/config.toml: the MyBB test game with ruleset new_year, or a copy of it with one line changed
RULESET_GAME_CONFIG = DATA / "gm_ruleset" / "config.toml"
NEW_YEAR_RULESET = ROOT / "rulesets" / "new_year.toml"


def write_ruleset_game(folder: Path, *, ruleset_edit: tuple[str, str] | None = None) -> None:
    """The game in `folder`, its thread stored; `ruleset_edit` (old, new): the ruleset is mine.toml, a copy of
    rulesets/new_year.toml with that one line changed, as a GM would make it."""
    text = RULESET_GAME_CONFIG.read_text(encoding="utf-8").replace("{store}", "state/m.db")
    if ruleset_edit is not None:
        old, new = ruleset_edit
        rules = NEW_YEAR_RULESET.read_text(encoding="utf-8")
        assert rules.count(old) == 1, old
        (folder / "mine.toml").write_text(rules.replace(old, new), encoding="utf-8")
        text = text.replace('ruleset = "new_year"', 'ruleset = "mine.toml"')
    (folder / "config.toml").write_text(text, encoding="utf-8")
    fill_store(folder / "state" / "m.db")


def make_ruleset_game_dir(folder: Path, monkeypatch, *, ruleset_edit: tuple[str, str] | None = None) -> Path:
    """write_ruleset_game in `folder`, the current directory, the clock past day 1's deadline."""
    write_ruleset_game(folder, ruleset_edit=ruleset_edit)
    monkeypatch.chdir(folder)
    monkeypatch.setattr(game_mod, "utc_now", lambda: AFTER)
    return folder


def make_new_game_dir(folder: Path, monkeypatch) -> Path:
    """The MyBB test game in `folder` with an empty store: a new game, no phase applied yet; the clock past day 1's
    deadline."""
    (folder / "config.toml").write_text(GAME_CONFIG.read_text(encoding="utf-8").replace("{store}", "state/m.db"),
                                        encoding="utf-8")
    (folder / "state").mkdir()
    with Store(folder / "state" / "m.db"):
        pass                                  # a new game: no phase applied yet
    monkeypatch.chdir(folder)
    monkeypatch.setattr(game_mod, "utc_now", lambda: AFTER)
    return folder


def to_night_2() -> None:
    """Night 1: the doctor Алукард heals Нежка; day 1 closed at its deadline, nobody hanged."""
    ok("night", "add", "--night", "1", "--actor", "Алукард", "Лечу Нежку")
    ok("night", "resolve", "--night", "1")
    ok("day", "close", "--day", "1", "--nobody")

def undo_steps() -> int:
    """How many steps `undo` could take back."""
    return len(json.loads(ok("state", "--format", "json")).get("applied") or ())


def refused(*args: str) -> str:
    """The command exits 2 with one error line; its message."""
    code, out, err = run(*args)
    assert (code, out) == (2, ""), err
    assert err.startswith("ошибка: ") and err.count("\n") == 1, err
    return err[len("ошибка: "):-1]


# ------------------------- the rendered posts (tests/data/cli_render/config.toml: the test game with flavour texts)

RENDER_CONFIG = DATA / "cli_render" / "config.toml"
# day 1 runs 30.12 20:00 – 31.12 18:00 MSK; mid-day the thread had its first two pages (posts up to 17:05)
MIDDAY_SEEN = datetime(2026, 12, 31, 14, 6, tzinfo=timezone.utc)
MIDDAY = datetime(2026, 12, 31, 14, 10, tzinfo=timezone.utc)     # 17:10 MSK: 50 minutes left


def write_render_config(folder: Path, post_keys: str = "") -> Path:
    path = folder / "config.toml"
    path.write_text(RENDER_CONFIG.read_text(encoding="utf-8").replace("{store}", "state/m.db")
                    .replace("{post_keys}", post_keys), encoding="utf-8")
    return path


def resolve_night_1(*more: tuple[str, str]) -> dict:
    """Night 1: the boss kills Alisa, the doctor heals Nejka, Щелкунчик blocks Соня (silenced: the roll forced
    yes), Хлопушка takes Ronin; returns the outcome JSON as applied."""
    for actor, text in (("РэдДи", "Убиваю Алису"), ("Алукард", "Лечу Нежку"), ("Puss", "Блокирую Соню"),
                        ("Невермор", "Забираю Ронина"), *more):
        ok("night", "add", "--night", "1", "--actor", actor, text)
    ok("night", "roll", "--night", "1", "--actor", "Puss", "silence", "yes")
    return json.loads(ok("night", "resolve", "--night", "1", "--format", "json"))


def make_render_dir(folder: Path, monkeypatch) -> Path:
    """The render test game in `folder`, the whole thread stored, the clock after day 1."""
    write_render_config(folder)
    fill_store(folder / "state" / "m.db")
    monkeypatch.chdir(folder)
    monkeypatch.setattr(game_mod, "utc_now", lambda: AFTER)
    return folder


# ----------------------------------------------------------------------- the test game with another ruleset's roles

DAY_1_DEADLINE = "2027-01-01T18:00"     # the GM moved day 1's deadline (the thread's votes end before it)


# New Year role (as in the test config) -> the role of the same account in the 004 / 003 games
GRAND_HOTEL_ROLES = {
    "Санта Клаус": "Эрнандо",             # РэдДи: mafia, kills
    "Злой тролль": "Аяла",                # King Eciton: mafia
    "девочка": "Бенхамин",                # Соня
    "Кай": "Альфредо Вергара",            # Trusiki Kayfa
    "доктор": "Анхела Салинас",           # Алукард
    "Дед Мороз": "Алисия Аларкон",        # Nejka
    "Снегурочка": "Диего Муркиа",         # Гафф: steals a vote
    "Герда": "Хулио Ольмедо",             # Enzo
    "Хлопушка": "Каталина",               # Nevermore
    "мирная зверюшка": "Донья Тереса",    # Alisa
    "Снежная королева": "Хавьер",         # Ronin: the maniac (bloody kill, a universal protection)
    "Щелкунчик": "София Аларкон",         # Puss: one-time protection from hanging
}


TIME_MACHINE_ROLES = {
    "Санта Клаус": "Мафиозо", "Злой тролль": "Мафиозо", "девочка": "Мирный житель", "Кай": "Мирный житель",
    "доктор": "Доктор", "Дед Мороз": "Комиссар", "Снегурочка": "Мирный житель", "Герда": "Мирный житель",
    "Хлопушка": "Мирный житель", "мирная зверюшка": "Мирный житель", "Снежная королева": "Маньяк",
    "Щелкунчик": "Мафиозо",
}


def write_game(tmp_path: Path, ruleset: str, roles: dict[str, str] | None = None, *, starts_with: str = "night",
               items: dict[str, list[str]] | None = None) -> None:
    text = GAME_CONFIG.read_text(encoding="utf-8").replace("{store}", "state/m.db")
    text = text.replace('ruleset = "new_year"', f'ruleset = "{ruleset}"')
    for old, new in (roles or {}).items():
        assert f'role = "{old}"' in text
        text = text.replace(f'role = "{old}"', f'role = "{new}"')
    text = text.replace('starts_with = "night"', f'starts_with = "{starts_with}"')
    for nick, held in (items or {}).items():
        entry = f'nick = "{nick}"\n'
        assert entry in text
        text = text.replace(entry, entry + f"items = {json.dumps(held, ensure_ascii=False)}\n")
    (tmp_path / "config.toml").write_text(text, encoding="utf-8")
    fill_store(tmp_path / "state" / "m.db")


def grand_hotel_night_1() -> None:
    # the mafia (Эрнандо) kills Nejka; Диего (Гафф) steals Enzo's vote for day 1
    ok("night", "add", "--night", "1", "--actor", "РэдДи", "Убиваю Нежку")
    ok("night", "add", "--night", "1", "--actor", "Гафф", "Забираю голос Энзо")
    ok("night", "resolve", "--night", "1")
