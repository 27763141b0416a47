"""The alert record: `Alert`, one thing the GM must know now, and `ALERT_KINDS`, the kinds INTERFACE.md's webhook
may carry. Plain data with its texts; the channels that send it and the log that sends each once are in
mafvote.alerts (which re-exports these), and the rules that make alerts in mafvote.alert_rules.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from . import alert_texts

__all__ = ["ALERT_KINDS", "Alert"]

# INTERFACE.md: the webhook's `kind` values. Nothing else may be sent.
ALERT_KINDS = (
    "deadline_soon", "deadline", "early_close", "modkill_candidate", "under_active",
    "silent_player", "vote_flag", "crawl_failing", "publish_failing",
)


@dataclass(frozen=True)
class Alert:
    """One thing the GM must know now. `key` is stable (`deadline_soon:day3:60m`,
    `vote_flag:post123:ambiguous_name`): the same situation seen on the next crawl, or after a
    restart, gives the same key, and the log sends a key once per game."""

    game: str
    kind: str
    text: str
    time: datetime
    phase: str
    post_url: str | None
    key: str

    def __post_init__(self) -> None:
        if self.kind not in ALERT_KINDS:
            raise ValueError(f"alert kind {self.kind!r} is not one of {', '.join(ALERT_KINDS)}")
        if self.time.tzinfo is None:
            raise ValueError(f"alert {self.key}: naive time {self.time!r}; pass an aware datetime")
        if not self.key:
            raise ValueError("an alert needs a dedup key")

    def payload(self) -> dict:
        """The webhook body (INTERFACE.md): exactly these six keys."""
        return {"game": self.game, "kind": self.kind, "text": self.text,
                "time": self.time.isoformat(), "phase": self.phase, "post_url": self.post_url}

    @property
    def subject(self) -> str:
        return self.subject_in(alert_texts.DEFAULT_LANGUAGE)

    def subject_in(self, language: str) -> str:
        """The e-mail subject in `language`: `[mafvote ny] day3: …` / `[mafvote ny] день 3: …`."""
        return alert_texts.subject(language, self.game, self.phase, self.text, self.kind)

    def message(self) -> str:
        """Text for a human channel: the text, then the link to the post."""
        return self.text + (f"\n{self.post_url}" if self.post_url else "")

    def one_line(self) -> str:
        text = " | ".join(line.strip() for line in self.text.splitlines() if line.strip())
        link = f" <{self.post_url}>" if self.post_url else ""
        return f"alert {self.game} {self.phase} {self.kind}: {text}{link}"
