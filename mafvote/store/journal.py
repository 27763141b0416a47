"""The game journal (`game_phases`): every step a GM applied to a game, in order (a resolved night, a closed day,
a modkill, a replacement, a state set by hand) with the game's state after it; `undo` drops the last
(`mafvote.game.GameService`)."""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Mapping, TypeVar

from .family import TableFamily
from .times import from_db_time, to_db_time

__all__ = ["JournalTables", "StoredPhase"]

T = TypeVar("T")


@dataclass(frozen=True)
class StoredPhase:
    """One applied step of a game as stored (game_phases): times in UTC, the resolver's state and the outcome as
    plain data; `mafvote.game.GameService.applied` makes its `AppliedPhase` of it."""

    seq: int
    number: int
    kind: str
    start: datetime | None
    deadline: datetime | None
    state: dict[str, Any]
    outcome: dict[str, Any]
    applied_at: datetime | None
    how: str
    # which row this is, within this process: `seq` alone is not (an undone step's seq is the next step's), so a
    # cache of what a step made (the daemon's pages of a closed day) compares this too; the stored texts' hash
    digest: int = 0


class JournalTables(TableFamily):
    """`game_phases`: the steps a GM applied, in order."""

    _journal_writes = 0                     # steps appended or dropped through this Store

    def journal_mark(self) -> tuple[int, int]:
        """Where the journal stands: equal marks, the same rows (this Store's writes counted, another connection's
        commits seen by SQLite's `data_version`), so a reader may keep what it parsed (`GameCore.applied`)."""
        return self.db.execute("pragma data_version").fetchone()[0], self._journal_writes

    def game_phases(self, game_id: str, kept: Mapping[tuple[int, int], T] | None = None) -> list[StoredPhase | T]:
        """The game's applied steps in the order they were applied. `kept`: what the reader made of rows it read
        before, by (seq, digest); such a row is handed back as that, its JSON not parsed again (`GameCore.applied`:
        each change of the journal parsed every step again, a close's whole count among them, a transient that grew
        with the game's days at every close and night; issue 17, the soak's RSS)."""
        rows = self.db.query("select * from game_phases where game_id = ? order by seq", [game_id])
        kept = kept or {}
        out: list[StoredPhase | T] = []
        for r in rows:
            digest = _digest(r)
            made = kept.get((r["seq"], digest))
            out.append(made if made is not None else StoredPhase(
                seq=r["seq"], number=r["number"], kind=r["kind"], start=from_db_time(r["start"]),
                deadline=from_db_time(r["deadline"]), state=json.loads(r["state"]),
                outcome=json.loads(r["outcome"] or "{}"), applied_at=from_db_time(r["applied_at"]), how=r["how"],
                digest=digest))
        return out

    def game_phase_outcome(self, game_id: str, seq: int) -> dict[str, Any] | None:
        """The stored outcome of one step (its `seq`), None when there is no such step."""
        rows = list(self.db.query("select outcome from game_phases where game_id = ? and seq = ?", [game_id, seq]))
        return json.loads(rows[0]["outcome"] or "{}") if rows else None

    def game_phase_state(self, game_id: str, seq: int, digest: int) -> dict[str, Any] | None:
        """The stored state after one step (its `seq` and `digest`, as `game_phases` gave them), None when that row
        is no longer stored (undone, or undone and another step stored under its seq)."""
        rows = list(self.db.query("select * from game_phases where game_id = ? and seq = ?", [game_id, seq]))
        return json.loads(rows[0]["state"]) if rows and _digest(rows[0]) == digest else None

    def append_game_phase(self, game_id: str, *, number: int, kind: str, start: datetime | None,
                          deadline: datetime | None, state: Mapping[str, Any], outcome: Mapping[str, Any],
                          applied_at: datetime, how: str) -> int:
        """Store one applied step after the game's last; its seq."""
        with self.db.atomic():
            rows = list(self.db.query("select max(seq) as m from game_phases where game_id = ?", [game_id]))
            seq = (rows[0]["m"] or 0) + 1
            self._journal_writes += 1
            self.db.execute(
                "insert into game_phases (game_id, seq, number, kind, start, deadline, state, outcome, applied_at, how) "
                "values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [game_id, seq, number, kind, to_db_time(start), to_db_time(deadline),
                 self._clean_json(state), self._clean_json(outcome), to_db_time(applied_at), self._clean(how)])
        return seq

    def drop_game_phase(self, game_id: str, seq: int) -> None:
        with self.db.atomic():
            self._journal_writes += 1
            self.db.execute("delete from game_phases where game_id = ? and seq = ?", [game_id, seq])

    def phase_counts(self) -> tuple[tuple[str, int, int], ...]:
        """(game, applied steps, last step's seq) of every game, by game: it changes whenever a GM applies or
        undoes a step in any process (the daemon's scheduler then recomputes its deadline jobs)."""
        rows = self.db.query("select game_id, count(*) as n, max(seq) as s from game_phases group by game_id")
        return tuple(sorted((r["game_id"], r["n"], r["s"]) for r in rows))

    def game_changes(self, game_id: str) -> tuple:
        """What a count of the game depends on that any process may change: its applied steps (count, last
        seq, the latest applied: a step undone and another applied takes the undone one's seq) and the last crawl of
        its vote thread that changed anything. Equal values: nothing to recount."""
        phases = next(self.db.query("select count(*) as n, max(seq) as s, max(applied_at) as a from game_phases "
                                    "where game_id = ?", [game_id]))
        # each vote topic's newest changing run, read newest first through the index on (topic, id): it stops at
        # that run. A filtered max() over the join walked every crawl run of every game at each tick, 2 ms at
        # 20,000 runs (two a poll: the daemon's tick grew with its days of polling, issue 17)
        crawled = next(self.db.query(
            "select max((select r.id from crawl_runs r where r.topic = t.id and (coalesce(r.new, 0) + "
            "coalesce(r.changed, 0) + coalesce(r.deleted, 0)) > 0 order by r.id desc limit 1)) as id "
            "from topics t where t.game_id = ? and t.kind = 'vote'", [game_id]))
        return phases["n"], phases["s"], phases["a"], crawled["id"]


def _digest(row: Mapping[str, Any]) -> int:
    """A stored step's every column but its seq: equal (seq, digest), the same row (`StoredPhase.digest`)."""
    return hash((row["number"], row["kind"], row["start"], row["deadline"], row["state"], row["outcome"],
                 row["applied_at"], row["how"]))
