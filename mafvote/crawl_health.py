"""The crawler's recent record for one topic as the daemon keeps it (`CrawlHealth`, what
`alert_rules.crawl_alerts` reads), in its own module so that `mafvote tally`, which words flags through
`mafvote.alert_rules` and never makes it, does not create the class (issue 17, start-up); `mafvote.alert_rules`
names it lazily."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

__all__ = ["CrawlHealth"]


@dataclass(frozen=True)
class CrawlHealth:
    """The crawler's recent record for one topic, as the daemon keeps it."""

    topic: str                           # a short id for the key and the text: the topic URL or "vote"
    failures_in_a_row: int
    first_failure_at: datetime | None    # start of the current run of failures
    last_error: str | None = None        # the crawler's English, as `crawl_runs.error` keeps it
    layout_unrecognised: bool = False    # the last page fetched but was not recognised as a topic
    url: str | None = None
    # the last error's catalogue key and facts (`crawl_runs.error_phrase`): the alert words it in its language;
    # None (a run stored before the key was kept, an error without one): the English is quoted
    last_error_phrase: tuple[str, dict[str, Any]] | None = None
