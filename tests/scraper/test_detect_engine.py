"""`engine = "auto"`: detect_engine recognises every fixture page's engine, and says when it cannot.

Parametrized over every fixture folder with an expected.json (the real MyBB capture included), so
each engine added with its fixtures is checked against all the others' pages.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from mafvote_scraper.model import LayoutNotRecognised
from mafvote_scraper.parse import decode_html
from mafvote_scraper.profiles import PROFILES, UnknownEngine, detect_engine, get_profile

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "html"
REAL = ROOT / "tests" / "data" / "parse" / "real"


def _fixture_pages():
    for path in sorted(FIXTURES.glob("**/expected.json")):
        expected = json.loads(path.read_text("utf-8"))
        rel = path.parent.relative_to(FIXTURES).as_posix()
        if expected.get("schema") == "mafvote.fixture/1":
            files = [(p["file"], p.get("http_encoding")) for p in expected["pages"]]
            engine = expected["engine"]
        else:  # the real MyBB capture: its own ground-truth format
            files = [(p["file"], None) for p in expected["vote_thread"]["pages"] + expected["game_topic"]["pages"]]
            engine = "mybb"
        for file, encoding in files:
            yield pytest.param(path.parent / file, encoding, engine, id=f"{rel}/{file}")


@pytest.mark.parametrize("file, encoding, engine", list(_fixture_pages()))
def test_detects_engine_of_every_fixture_page(file, encoding, engine):
    assert detect_engine(decode_html(file.read_bytes(), encoding)) == engine


@pytest.mark.parametrize("name", ["ilovephilosophy-biological-will.html", "videolan-en-curl.html",
                                  "openoffice-30-en.html", "ubuntu-it-aggiornamento.html",
                                  "freeman-cruiser-phpbb2.html"])
def test_detects_phpbb_on_real_pages(name):
    # real phpBB 3.0-3.3 prosilver pages (EN, IT) and a phpBB 2 board (see tests/data/parse/real/SOURCE.txt)
    assert detect_engine(decode_html((REAL / name).read_bytes())) == "phpbb"


def test_unknown_page_is_not_guessed():
    page = "<html><head><title>Новости</title></head><body><article><p>Просто статья.</p></article></body></html>"
    with pytest.raises(LayoutNotRecognised) as caught:
        detect_engine(page, url="https://example.org/news/1")
    err = caught.value
    assert err.engine == "auto" and err.url == "https://example.org/news/1"
    assert "no engine recognised the page" in err.missing and "mybb" in err.missing


def test_registry_discovers_my_engines_and_rejects_unknown_names():
    assert {"mybb", "phpbb", "punbb"} <= set(PROFILES)
    assert all(name == profile.name for name, profile in PROFILES.items())
    assert get_profile("phpbb") is PROFILES["phpbb"]
    with pytest.raises(UnknownEngine) as caught:
        get_profile("phpbbb")
    message = str(caught.value)
    assert message.startswith("unknown forum engine 'phpbbb'; valid engines: ")
    assert "mybb" in message and "phpbb" in message and "punbb" in message
