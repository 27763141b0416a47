"""The alert log (`alerts`, `alert_deliveries`): each alert once per (game, key), and its delivery on each
channel with attempts, the last error (scrubbed of secrets) and when to try again (`mafvote.alerts.AlertLog`).

A failed delivery keeps the channel's English (`last_error`: the daemon's log, `status --format json`) and, since
store migration 9, the error's catalogue key and facts (`last_error_phrase`, JSON), which
`mafvote.alerts.describe_delivery_error` words in the GM's language."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from .family import Phrase, TableFamily, read_phrase
from .times import from_db_time, to_db_time

__all__ = ["AlertTables"]

if TYPE_CHECKING:
    from datetime import datetime

    from .output_rows import AlertDeliveryRow


class AlertTables(TableFamily):
    """`alerts` and `alert_deliveries`: what was alerted, and its delivery on each channel."""

    def record_alert(self, *, game: str, key: str, kind: str, phase: str, text: str, time: datetime,
                     post_url: str | None, channels: Iterable[str], now: datetime) -> bool:
        """The alert with a pending delivery per channel; False (and nothing written) when the game already has
        an alert with this key."""
        with self.db.atomic():
            cur = self.db.execute(
                "insert or ignore into alerts (game, key, kind, phase, text, time, post_url, recorded_at) "
                "values (?, ?, ?, ?, ?, ?, ?, ?)",
                [game, key, kind, phase, self._clean(text), to_db_time(time), post_url, to_db_time(now)])
            if cur.rowcount == 0:
                return False
            for channel in channels:
                self.db.execute("insert into alert_deliveries (game, key, channel, attempts) values (?, ?, ?, 0)",
                                [game, key, channel])
        return True

    def alert_recorded(self, game: str, key: str) -> bool:
        return bool(list(self.db.query("select 1 from alerts where game = ? and key = ?", [game, key])))

    def mark_delivery_sent(self, game: str, key: str, channel: str, *, at: datetime, attempts: int) -> None:
        with self.db.atomic():
            self.db.execute(
                "update alert_deliveries set sent_at = ?, attempts = attempts + ?, last_try_at = ?, "
                "next_try_at = null where game = ? and key = ? and channel = ?",
                [to_db_time(at), attempts, to_db_time(at), game, key, channel])

    def mark_delivery_failed(self, game: str, key: str, channel: str, *, at: datetime, attempts: int, error: str,
                             next_try_at: datetime | None, error_phrase: Phrase | None = None) -> None:
        with self.db.atomic():
            self.db.execute(
                "update alert_deliveries set attempts = attempts + ?, last_try_at = ?, next_try_at = ?, "
                "last_error = ?, last_error_phrase = ? where game = ? and key = ? and channel = ?",
                [attempts, to_db_time(at), to_db_time(next_try_at), self._clean(error),
                 self._phrase_json(error_phrase), game, key, channel])

    def alert_deliveries(self, *, game: str | None = None, pending_only: bool = False,
                         channel: str | None = None) -> list[AlertDeliveryRow]:
        """The deliveries in the order the alerts were recorded, then by channel."""
        where, params = ["1 = 1"], []
        if game is not None:
            where.append("d.game = ?")
            params.append(game)
        if pending_only:
            where.append("d.sent_at is null")
        if channel is not None:
            where.append("d.channel = ?")
            params.append(channel)
        rows = self.db.query(
            "select a.*, d.channel, d.sent_at, d.attempts, d.last_try_at, d.next_try_at, d.last_error, "
            "d.last_error_phrase "
            "from alert_deliveries d join alerts a on a.game = d.game and a.key = d.key "
            f"where {' and '.join(where)} order by a.recorded_at, a.rowid, d.channel", params)
        from .output_rows import AlertDeliveryRow  # start-up: the record class (≈ 7 M instructions), which a count never needs

        return [AlertDeliveryRow(game=r["game"], key=r["key"], kind=r["kind"], phase=r["phase"], text=r["text"],
                                 time=from_db_time(r["time"]), post_url=r["post_url"], channel=r["channel"],
                                 sent_at=from_db_time(r["sent_at"]), attempts=r["attempts"] or 0,
                                 last_try_at=from_db_time(r["last_try_at"]),
                                 next_try_at=from_db_time(r["next_try_at"]), last_error=r["last_error"],
                                 last_error_phrase=read_phrase(r["last_error_phrase"]))
                for r in rows]

    def alert_count(self, game_id: str) -> int:
        """How many alerts the game has had recorded (`mafvote status`)."""
        return next(self.db.query("select count(*) as n from alerts where game = ?", [game_id]))["n"]
