"""Where a game's posts live on the forum: the key the crawler stores a topic under and a post's URL, from the
config's `engine` name (a profile's, or "auto" before the first page shows the engine).

One home for what the game (post links of `mafvote votes`, the alerts and the pages) and the daemon (crawl health
per topic, the alerts' links) need; the rules themselves are the crawler's (`scraper.profile`).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable

from mafvote_scraper.profile import post_link, stored_topic_key
from mafvote_scraper.profiles import PROFILES

__all__ = ["post_linker", "post_url", "topic_key"]


def topic_key(engine: str, url: str) -> str:
    """The key the store holds the topic at `url` under (`scraper.profile.stored_topic_key`)."""
    return stored_topic_key(url, PROFILES.get(engine))


@lru_cache(maxsize=1024)
def post_url(engine: str, *, topic_url: str, post_id: int, base_url: str = "", topic: str | None = None) -> str:
    """The URL of a post of the topic at `topic_url`, by the engine's rule (`scraper.profile.post_link`); `topic`
    is the topic's stored key when the caller has it. Kept for the latest posts asked: a new post's link is asked by
    both views' pages, its flags and its alerts, ≈ 0.05 ms each time (URL parsing and joining; issue 17)."""
    profile = PROFILES.get(engine)
    if topic is None:
        topic = stored_topic_key(topic_url, profile)
    return post_link(profile or engine, topic_url=topic_url, post_id=post_id, topic=topic, base_url=base_url)


def post_linker(engine: str, topic_url: str, base_url: str = "") -> Callable[[int], str]:
    """`post_url` for the posts of one topic (the alerts' `post_url`), its key worked out once."""
    topic = topic_key(engine, topic_url)
    return lambda post_id: post_url(engine, topic_url=topic_url, post_id=post_id, base_url=base_url, topic=topic)
