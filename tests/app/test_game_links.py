"""Links to one post for `mafvote votes` (scraper.profile.post_link): each engine's URL rule, resolved against
the topic URL (a forum in a sub-folder) or the forum's base URL."""
from __future__ import annotations

from pathlib import Path

import pytest

from mafvote import rulesets
from mafvote.config import load_config
from mafvote.game import GameService
from mafvote.store import Store
from mafvote_scraper.profile import DEFAULT_POST_URLS, post_link
from mafvote_scraper.profiles import PROFILES

CONFIG = Path(__file__).resolve().parents[1] / "data" / "game" / "config.toml"


@pytest.mark.parametrize("engine, topic_url, topic, expected", [
    ("mybb", "http://f.org/showthread.php?tid=2", "2", "http://f.org/showthread.php?tid=2&pid=10#pid10"),
    ("phpbb", "https://f.org/forum/viewtopic.php?f=3&t=5", "5", "https://f.org/forum/viewtopic.php?p=10#p10"),
    ("punbb", "https://f.org/viewtopic.php?id=5", "5", "https://f.org/viewtopic.php?pid=10#p10"),
    ("smf", "https://f.org/index.php?topic=5.0", "5", "https://f.org/index.php?topic=5.msg10#msg10"),
    ("vbulletin", "https://f.org/vb/showthread.php?t=5", "5", "https://f.org/vb/showthread.php?p=10#post10"),
    ("ipb", "https://f.org/index.php?showtopic=5", "5",
     "https://f.org/index.php?showtopic=5&view=findpost&p=10"),
    ("xenforo", "https://f.org/threads/mafia.5/", "5", "https://f.org/posts/10/"),
    ("ucoz", "https://f.ucoz.ru/forum/2-5-1", "5", "https://f.ucoz.ru/forum/2-5-1#post10"),
])
def test_post_link_per_engine(engine, topic_url, topic, expected):
    assert post_link(PROFILES[engine], topic_url=topic_url, post_id=10, topic=topic,
                     base_url=topic_url.split("/", 3)[0] + "//" + topic_url.split("/")[2] + "/") == expected


def test_every_engine_has_a_post_url_rule():
    assert set(PROFILES) <= set(DEFAULT_POST_URLS) | {p.name for p in PROFILES.values() if p.post_url}


def test_unknown_engine_links_to_the_topic_with_the_post_as_anchor():
    assert post_link("auto", topic_url="https://f.org/t/5", post_id=10) == "https://f.org/t/5#10"


def test_service_link_takes_the_topic_id_from_the_configured_thread(tmp_path):
    (tmp_path / "config.toml").write_text(CONFIG.read_text(encoding="utf-8").replace("{store}", "m.db"),
                                          encoding="utf-8")
    game = load_config(tmp_path / "config.toml").games[0]
    with Store(tmp_path / "m.db") as store:
        svc = GameService(store, game, rulesets.load(game.ruleset_path), nights_dir=tmp_path, engine="mybb",
                          base_url="http://127.0.0.1:8081/")
        assert svc.link(53) == "http://127.0.0.1:8081/showthread.php?tid=2&pid=53#pid53"
        assert svc.link(7, "game") == "http://127.0.0.1:8081/showthread.php?tid=1&pid=7#pid7"


REAL = Path(__file__).resolve().parents[1] / "data" / "profiles_more" / "real"


@pytest.mark.parametrize("topic_url", [
    "https://fandompost.vbulletin.net/forum/anime-manga-discussions/general-anime-discussions/"
    "727744-isekai-quartet-discussion-thread",
    "https://fandompost.vbulletin.net/forum/anime-manga-discussions/general-anime-discussions/"
    "727744-isekai-quartet-discussion-thread/page2",
])
def test_vbulletin5_links_are_the_ones_its_own_pages_use(topic_url):
    """vB 5 has no showthread.php: a real vB 5.5.2 page links its posts as <topic>?p=<id>#post<id>; every such
    link on that page is what post_link gives, from the topic's first page or any other."""
    import gzip
    import re

    raw = gzip.decompress((REAL / "vb552-thread.html.gz").read_bytes()).decode("utf-8")
    links = set(re.findall(r'href="([^"]*727744-isekai-quartet-discussion-thread\?p=(\d+)#post\2)"', raw))
    assert len(links) >= 5
    for href, post_id in links:
        assert post_link(PROFILES["vbulletin"], topic_url=topic_url, post_id=post_id, topic="727744") == href


@pytest.mark.parametrize("topic_url", [
    "http://f.org/showthread.php?t=9&page=3",
    "http://f.org/showthread.php/9-slug/page2",   # vB 4's friendly URLs keep the script in the path
])
def test_vbulletin3_and_4_links_keep_showthread_php(topic_url):
    assert post_link(PROFILES["vbulletin"], topic_url=topic_url, post_id=7) == "http://f.org/showthread.php?p=7#post7"


@pytest.mark.parametrize("page", ["page1.html", "page2.html"])
def test_ips4_links_are_find_comment_on_the_topic(page):
    """IPS 4 (no index.php in its topic URLs) links a post as <topic>/?do=findComment&comment=<id>, the form its
    pages use for their own post links (the IPS 4 fixture's markup follows the engine's templates)."""
    import re

    html = (Path(__file__).resolve().parents[2] / "fixtures" / "html" / "ipb" / "ips4" / page).read_text("utf-8")
    topic_url = re.search(r'<link rel="canonical" href="([^"]+)"', html).group(1)
    links = set(re.findall(r'href="([^"]*\?do=findComment&amp;comment=(\d+))"', html))
    assert links
    for href, post_id in links:
        link = post_link(PROFILES["ipb"], topic_url=topic_url, post_id=post_id, topic="1402")
        assert link == href.replace("&amp;", "&")
