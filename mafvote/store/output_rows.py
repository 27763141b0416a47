"""The records of the daemon's output tables, which a count never reads: `AlertDeliveryRow` (the alert log,
`alert_log`) and `PublishState` (the running count post, `published`). Their families make them on first use, so
that `mafvote tally` does not create the two classes (issue 17: ≈ 13 M instructions of its start-up); `mafvote.store`
names them lazily."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .family import Phrase

__all__ = ["AlertDeliveryRow", "PublishState"]


@dataclass(frozen=True)
class AlertDeliveryRow:
    """One recorded alert on one channel (the alert log's two tables joined); `mafvote.alerts.AlertLog` makes
    its `Delivery` of it."""

    game: str
    key: str
    kind: str
    phase: str
    text: str
    time: datetime
    post_url: str | None
    channel: str
    sent_at: datetime | None
    attempts: int
    last_try_at: datetime | None
    next_try_at: datetime | None
    last_error: str | None
    last_error_phrase: Phrase | None = None     # None: no key (a delivery that failed before store migration 9)


@dataclass(frozen=True)
class PublishState:
    """The running count post of one game (published_counts; `mafvote.publish.PublishLog`)."""

    game: str
    forum: str | None = None
    topic: str | None = None
    day: int | None = None               # the day the running post counts
    post_id: int | None = None           # the running count post
    posted_at: datetime | None = None    # when it was created
    updated_at: datetime | None = None   # last successful post or edit
    content_hash: str | None = None      # of the text last published
    last_try_at: datetime | None = None
    not_before: datetime | None = None   # the forum's flood limit
    last_error: str | None = None
    last_error_phrase: Phrase | None = None    # None: no key (a failure stored before store migration 10)
