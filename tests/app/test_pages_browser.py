"""The pages in a real browser (issue 18): headless Chromium (Debian's `chromium`, driven by Playwright over its own
protocol, no browser download) opens the demo game's pages in the middle of day 2 as `mafvote serve` serves them.

Pinned: the DOM's numbers are `mafvote tally --format json` of the same moment (public page = public view, GM page =
GM view), the chart's last point per candidate is the count's total, the page asks no host but its own, the console
shows no error, the public page (DOM and source) holds no hidden fact while the GM's does, the phone width (390 px)
has no sideways scroll, and the page reads without JavaScript. Screenshots at 1280 and 390 px are kept in
`tmp/artifacts/browser/` (or `$MAFVOTE_ARTIFACTS`); with `MAFVOTE_README_SCREENSHOT=1` the README's picture
(docs/img/pages-day.png) is made from the same page.

Deselected by the plain `python -m pytest -q`; run them with `python -m pytest -q -m browser`."""
from __future__ import annotations

import json
import os
import threading
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from click.testing import CliRunner

from mafvote import game as game_mod
from mafvote.cli import cli
from mafvote.config import load_config
from mafvote.demo import DAY_1_DEADLINE, DEMO_ROLES, start_demo_forum, write_demo_config
from mafvote.pages import gm_pages_dir, public_pages_dir, write_all_pages
from mafvote.render import public_names
from mafvote.serve import PagesServer

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
# day 2 of the demo game (by its schedule 30.12 20:00 – 31.12 18:00), 45 minutes before its deadline: the forum shows
# the vote thread's first 2 pages (their last post 31.12 17:05)
MOMENT = datetime(2026, 12, 31, 17, 15, tzinfo=ZoneInfo("Europe/Moscow"))
LEFT = "осталось 45 минут"
LIVING_ROLES = ("Снеговик", "Дед Мороз", "Герда", "Снегурочка", "Злой эльф", "Хлопушка", "Кай", "Злой тролль",
                "Снежинка", "Санта Клаус", "мирная зверюшка")
ARTIFACTS = Path(os.environ.get("MAFVOTE_ARTIFACTS") or ROOT / "tmp" / "artifacts") / "browser"


def _cli(config: Path, *args: str) -> str:
    result = CliRunner().invoke(cli, [*args, "-c", str(config)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    """The demo game as its GM had it at MOMENT: crawled, nights 1–2 resolved, day 1 decided, day 2 running; a
    secret silence on Enzo for day 2 (the public view must not show it); pages written and served."""
    folder = tmp_path_factory.mktemp("browser-game")
    forum = start_demo_forum(initial_pages=2)
    try:
        config = write_demo_config(folder, forum.base_url, roles=DEMO_ROLES)
        with game_mod.clock_at(MOMENT):
            _cli(config, "crawl")
            for night, victim in ((1, "Гаффа"), (2, "Алукарда")):
                _cli(config, "night", "add", "--night", str(night), "--actor", "Ronin", f"Убиваю {victim}")
                _cli(config, "night", "add", "--night", str(night), "--actor", "РэдДи", f"Лечу {victim}")
                _cli(config, "night", "resolve", "--night", str(night))
                if night == 1:
                    _cli(config, "day", "close", "--day", "1", "--nobody", "--deadline", DAY_1_DEADLINE)
            _cli(config, "state", "silence", "--player", "Enzo", "--day", "2", "--secret")
            tallies = {view: json.loads(_cli(config, "tally", "--day", "2", "--view", view, "--format", "json"))
                       for view in ("public", "gm")}
            cfg = load_config(config)
            write_all_pages(cfg, now=MOMENT)
    finally:
        forum.stop()
    server = PagesServer(("127.0.0.1", 0), public_dir=public_pages_dir(cfg), gm_dir=gm_pages_dir(cfg))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield {"origin": f"http://127.0.0.1:{server.server_address[1]}", "tally": tallies, "config": cfg,
           "names": public_names(cfg.games[0].players, ())}
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def playwright():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


def _chromium(playwright, profile: Path, **options):
    """Chromium with a fresh --user-data-dir (`profile`) and the flags of the issue."""
    return playwright.chromium.launch_persistent_context(str(profile), executable_path=CHROMIUM, headless=True,
                                                         args=FLAGS, viewport={"width": 1280, "height": 900},
                                                         locale="ru-RU", **options)


@pytest.fixture(scope="module")
def browser(playwright, tmp_path_factory):
    context = _chromium(playwright, tmp_path_factory.mktemp("chromium-profile"))
    yield context
    context.close()


def _open(browser, url: str, width: int):
    page = browser.new_page()
    page.set_viewport_size({"width": width, "height": 900})
    seen = {"requests": [], "errors": []}
    page.on("request", lambda r: seen["requests"].append(r.url))
    page.on("console", lambda m: seen["errors"].append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: seen["errors"].append(str(e)))
    response = page.goto(url, wait_until="networkidle")
    assert response is not None and response.status == 200, url
    return page, seen


def _dom_count(page) -> dict[str, int]:
    rows = page.query_selector_all("section.live table.count tbody tr")
    out = {}
    for row in rows:
        shown = row.query_selector("td.total").inner_text().strip()
        assert shown == row.get_attribute("data-total")
        out[row.get_attribute("data-player")] = int(shown)
    return out


def _chart_last(page) -> dict[str, int]:
    series = page.query_selector_all("section.live svg.chart-wide g.series")
    return {s.get_attribute("data-player"): int(s.get_attribute("data-total")) for s in series}


@pytest.mark.parametrize("view,path", [("public", "/ny/index.html"), ("gm", "/gm/ny/index.html")])
@pytest.mark.parametrize("width", [1280, 390])
def test_the_page_shows_the_count_of_that_moment(game, browser, view, path, width):
    page, seen = _open(browser, game["origin"] + path, width)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{view}-day2-{width}.png"), full_page=True)
    tally = game["tally"][view]
    shown = game["names"]          # the JSON names slots; the pages what the public count calls them
    # the count table is `mafvote tally --format json` of the same moment, in the page's view
    assert _dom_count(page) == {shown[c["player"]]: c["total"] for c in tally["candidates"]}
    # the chart's last point of each candidate is the current total (a candidate whose votes left ends at 0)
    last = _chart_last(page)
    assert {p: t for p, t in last.items() if t} == {shown[c["player"]]: c["total"] for c in tally["candidates"]
                                                    if c["total"]}
    # who has not voted yet
    not_voted = [li.inner_text() for li in page.query_selector_all("section.live ul.not-voted li")]
    assert not_voted == [shown[p] for p in tally["not_voted"]]
    # the log: one row per vote record, the counted ones in bold
    assert len(page.query_selector_all("section.card table.log tbody tr")) == len(tally["votes"])
    assert len(page.query_selector_all("table.log tr.on")) == sum(1 for v in tally["votes"] if v["counted"])
    assert LEFT in page.inner_text(".phase-card")
    # nothing from any host but the page's own, and no error in the console
    assert seen["requests"] and all(u.startswith(game["origin"] + "/") for u in seen["requests"]), seen["requests"]
    assert seen["errors"] == []
    if width == 390:
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
        assert page.is_visible("svg.chart-narrow") and not page.is_visible("svg.chart-wide")
    else:
        assert page.is_visible("svg.chart-wide") and not page.is_visible("svg.chart-narrow")
    page.close()


def test_no_hidden_fact_in_the_public_page_and_all_of_them_in_the_gms(game, browser):
    public, _ = _open(browser, game["origin"] + "/ny/index.html", 1280)
    gm, _ = _open(browser, game["origin"] + "/gm/ny/index.html", 1280)
    public_text, public_source = public.inner_text("body"), public.content()
    gm_text = gm.inner_text("body")
    # Соня is Герда: her red weighs 2 (GM); Enzo lost his vote in secret; roles of the living
    assert "Соня ×2" in gm_text and "лишён голоса тайно" in gm_text and "тайная потеря голоса" in gm_text
    for text in (public_text, public_source):
        assert "×2" not in text and "тайно" not in text and "тайная" not in text
        for role in LIVING_ROLES:
            assert role not in text, role
    assert all(role in gm_text for role in LIVING_ROLES[:-1])
    # the public totals are every vote at weight 1: the GM's differ by Соня's second red
    pub, gms = game["tally"]["public"], game["tally"]["gm"]
    assert {c["player"]: c["total"] for c in pub["candidates"]} != {c["player"]: c["total"] for c in gms["candidates"]}
    public.close()
    gm.close()


def test_the_page_reads_without_javascript(game, playwright, tmp_path):
    context = _chromium(playwright, tmp_path / "profile", java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(game["origin"] + "/ny/index.html")
        public = game["tally"]["public"]["candidates"]
        assert _dom_count(page) == {game["names"][c["player"]]: c["total"] for c in public}
        assert page.is_visible("svg.chart-wide polyline")
        assert LEFT in page.inner_text(".phase-card")
        if os.environ.get("MAFVOTE_README_SCREENSHOT"):
            # the README's picture: the top of the public page of the demo's day 2
            target = ROOT / "docs" / "img" / "pages-day.png"
            target.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(target), full_page=True, clip={"x": 0, "y": 0, "width": 1280, "height": 1240})
    finally:
        context.close()
