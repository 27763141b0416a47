"""One player's votes (`mafvote votes`) and the links to posts the alerts and the pages give.
"""
from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Sequence

from mafvote_tally import RosterMatcher, read_post
from mafvote_resolver.state import find_player

from .core import current_nick
from .counting import Counting
from .records import AppliedPhase

if TYPE_CHECKING:
    from .command_results import VoteLine

__all__ = ["VoteHistory"]


class VoteHistory(Counting):
    """A player's vote history, post links."""

    # -- one player's votes --
    def link(self, post_id: int, kind: str = "vote", topic: str | None = None) -> str:
        """The URL of a post of the vote thread (or the game topic), by the engine's rule (`mafvote.links`);
        usable as the alerts' `post_url` callable."""
        # start-up: the crawler's engine profiles and date readers (≈ 15 ms), which `mafvote tally` never needs
        from ..links import post_url

        topic_url = self.game.vote_thread if kind == "vote" else self.game.game_topic
        return post_url(self.engine, topic_url=topic_url, post_id=post_id, topic=topic, base_url=self.base_url)

    def post_url(self, post) -> str:
        return self.link(post.post_id, post.kind, post.topic)

    def vote_history(self, player: str) -> tuple[str, list[VoteLine]]:
        """Every vote the player wrote in the vote thread, in order, with the day it fell in and a link. A
        replaced account (`mafvote replace`) names its slot: its votes were the slot's, so the history is the
        slot's, the old account's votes and its successor's."""
        from .command_results import VoteLine  # start-up: the record class, which a count never makes

        applied = self.applied()
        state = self.state(applied)
        if find_player(state.players, player) is None:
            gone = RosterMatcher({old: () for old, _ in state.replacements}, use_morph=False).match(
                player, fuzzy=False)
            if gone.status == "match" and gone.step in ("exact", "lookalike", "translit"):
                player = current_nick(state, gone.player or player)
        p = self._player(state, player, alive=False)
        slot_of = self._slots(state, applied)
        slot = slot_of[p.nick]
        roster, rules = self._roster(state, applied, slot_of)
        matcher = RosterMatcher.from_roster(roster)
        days = self._known_days(applied)
        out: list[VoteLine] = []
        for post in self.store.posts(game_id=self.game.id, kind="vote"):
            if roster.slot_of_author(post.author, post.time) != slot:
                continue
            reading = read_post(post.first_html, matcher, colors_matter=rules.colors_matter)
            label = next((f"day {n}" for n, start, end in days if start <= post.time < end), "")
            for v in reading.votes:
                target = v.target.player if v.target.status == "match" else None
                out.append(VoteLine(post.post_id, post.time, label, target, v.written, v.color, reading.early,
                                    self.post_url(post)))
        return slot, out

    def _known_days(self, applied: Sequence[AppliedPhase]) -> list[tuple[int, datetime, datetime]]:
        current = self.current_phase(applied)
        out = []
        n = 1
        while True:
            ph = self.phase("day", n, applied)
            if ph.index > current.index + 1:      # past days, the current one and the coming one
                break
            out.append((n, ph.start, ph.deadline))
            n += 1
        return out
