"""Stored readings (issue 17): each post version's reading (`tally.recognise.Flat` as JSON: its text without
quotes, spoilers and signatures, each character's colour and boldness), made when the version is stored, with the
version of the reading code that made it (`READING_VERSION`). A count reads these instead of parsing HTML; a reading
of other code is never handed on, and is read again at the store's next writable open.
"""
from __future__ import annotations

from typing import Any

from mafvote_tally.recognise import READING_VERSION, flatten

from .family import TableFamily

__all__ = ["ReadingTables", "reading_code", "reading_columns"]


def reading_code():
    return READING_VERSION, flatten


def reading_columns(html: str) -> dict[str, Any]:
    """The reading columns of a post version stored now (migration 6)."""
    code, flatten = reading_code()
    return {"reading": flatten(html).to_json(), "reading_code": code}


class ReadingTables(TableFamily):
    """The post versions' stored readings kept to the reading code of this mafvote (`Store` runs
    `_read_stale_readings` at each writable open)."""

    # Post versions read again per transaction: a store of 30,000 posts from before the readings (or after a
    # change of the reading code) is read in a few seconds at its first open, in steps another process can
    # interleave with.
    _READINGS_PER_STEP = 500

    def _read_stale_readings(self) -> None:
        """Every post version whose stored reading is missing or was made by another version of the reading code
        (`tally.recognise.READING_VERSION`) read again from its HTML: a count never trusts a reading of other
        code. Each open looks for one such version through the index on `reading_code`; most find none."""
        code, flatten = reading_code()
        stale = ("select forum, post_id, n, html from post_versions where reading_code is null or reading_code < ? "
                 "or reading_code > ? limit ?")
        while True:
            rows = list(self.db.query(stale, [code, code, self._READINGS_PER_STEP]))
            if not rows:
                return
            with self.db.atomic():
                for r in rows:
                    self.db.execute("update post_versions set reading = ?, reading_code = ? "
                                    "where forum = ? and post_id = ? and n = ?",
                                    [flatten(r["html"]).to_json(), code, r["forum"], r["post_id"], r["n"]])
