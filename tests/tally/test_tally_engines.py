"""Vote recognition over every engine's fixtures (fixtures/html/<engine>/…/expected.json, schema
``mafvote.fixture/1``; parametrized over what exists, so it grows with every engine added): each
page is parsed by the engine's scraper profile, and every post's votes are read from its stored
HTML and compared with the ``votes`` the fixture lists (colour, target, early), in reading order;
quoted votes never count. GM posts hold no votes (their coloured names are rules and tallies)."""
from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from mafvote_scraper.parse import parse_page
from mafvote_scraper.profiles import PROFILES
from mafvote_tally import RosterMatcher, read_post

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "html"
GM = "Ведущий"


def _fixture_dirs() -> list[Path]:
    out = []
    for exp in sorted(FIXTURES.rglob("expected.json")):
        data = json.loads(exp.read_text(encoding="utf-8"))
        meta = exp.parent / "meta.json"
        if data.get("schema") == "mafvote.fixture/1" and meta.exists():
            out.append(exp.parent)
    return out


DIRS = _fixture_dirs()


def _cases():
    for d in DIRS:
        meta = json.loads((d / "meta.json").read_text(encoding="utf-8"))
        if meta["engine"] in PROFILES:      # an engine whose profile is not written yet joins later
            yield pytest.param(d, id=str(d.relative_to(FIXTURES)))


def test_engine_fixtures_exist_for_several_engines():
    engines = {json.loads((d / "meta.json").read_text(encoding="utf-8"))["engine"] for d in DIRS}
    assert {"phpbb", "smf", "vbulletin", "xenforo", "ipb"} <= engines
    assert len(list(_cases())) >= 8


def _read_engine(d: Path):
    meta = json.loads((d / "meta.json").read_text(encoding="utf-8"))
    exp = json.loads((d / "expected.json").read_text(encoding="utf-8"))
    now = datetime.fromisoformat(meta["now"])
    tz = ZoneInfo(meta.get("timezone", "Europe/Moscow"))
    players: set[str] = set()
    for page in exp["pages"]:
        for p in page["posts"]:
            if p["author"] != GM:
                players.add(p["author"])
            players |= {v["target"] for v in p["votes"] + p.get("quoted_votes", [])}
    parsed = {}
    for page in exp["pages"]:
        raw = (d / page["file"]).read_bytes()
        pg = parse_page(raw, url=page["url"], profile=meta["engine"], tz=tz, now=now,
                        encoding=page.get("http_encoding"))
        parsed.update({p.post_id: p for p in pg.posts})
    return exp, sorted(players), parsed


@pytest.mark.parametrize("d", list(_cases()))
def test_engine_fixture_votes_recognised_in_every_post(d):
    exp, players, parsed = _read_engine(d)
    matcher = RosterMatcher({p: () for p in players})
    n_votes = 0
    for page in exp["pages"]:
        for p in page["posts"]:
            post = parsed[p["post_id"]]
            reading = read_post(post.html, matcher, gm=(p["author"] == GM))
            got = [(v.target.player, v.color) for v in reading.votes]
            want = [(v["target"], v["color"]) for v in p["votes"]]
            assert got == want, f"{d.name} post {p['post_id']} by {p['author']}"
            if want:
                assert reading.early == any(v["early"] for v in p["votes"]), f"post {p['post_id']} early"
            n_votes += len(want)
    assert n_votes == sum(len(p["votes"]) for pg in exp["pages"] for p in pg["posts"]) > 0
