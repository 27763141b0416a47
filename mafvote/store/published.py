"""Published counts (`published_counts`): the running count post of each game on its forum, so a restart edits it
instead of posting another (`mafvote.publish.PublishLog`).

The last failure keeps the publisher's English (`last_error`: the daemon's log, `status --format json`) and, since
store migration 10, its catalogue key and facts (`last_error_phrase`, JSON), which `mafvote.publish_text` words in
the GM's language."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .family import Phrase, TableFamily, read_phrase
from .times import from_db_time, to_db_time

__all__ = ["PublishedCountTables"]

if TYPE_CHECKING:
    from .output_rows import PublishState


class PublishedCountTables(TableFamily):
    """`published_counts`: the running count post of each game."""

    def published_state(self, game: str) -> PublishState:
        from .output_rows import PublishState  # start-up: the record class (≈ 6 M instructions), which a count never needs

        rows = list(self.db.query("select * from published_counts where game = ?", [game]))
        if not rows:
            return PublishState(game)
        r = rows[0]
        return PublishState(game=game, forum=r["forum"], topic=r["topic"], day=r["day"], post_id=r["post_id"],
                            posted_at=from_db_time(r["posted_at"]), updated_at=from_db_time(r["updated_at"]),
                            content_hash=r["content_hash"], last_try_at=from_db_time(r["last_try_at"]),
                            not_before=from_db_time(r["not_before"]), last_error=r["last_error"],
                            last_error_phrase=read_phrase(r.get("last_error_phrase")))

    def save_published_state(self, state: PublishState) -> None:
        with self.db.atomic():
            self.db["published_counts"].upsert({
                "game": state.game, "forum": state.forum, "topic": state.topic, "day": state.day,
                "post_id": state.post_id,
                "posted_at": to_db_time(state.posted_at), "updated_at": to_db_time(state.updated_at),
                "content_hash": state.content_hash, "last_try_at": to_db_time(state.last_try_at),
                "not_before": to_db_time(state.not_before), "last_error": self._clean(state.last_error),
                "last_error_phrase": self._phrase_json(state.last_error_phrase)}, pk="game")

    def published_post_ids(self, game_id: str) -> set[int]:
        """The ids of the game's running count posts mafvote published (none in a store without the table)."""
        if not self.db.table_exists("published_counts"):
            return set()
        return {r["post_id"] for r in self.db.query(
            "select post_id from published_counts where game = ? and post_id is not null", [game_id])}
