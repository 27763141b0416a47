"""`mafvote undo`: the last applied step dropped from the game's journal; the state before it is the state again.
"""
from __future__ import annotations

from ..messages import text as t
from .core import GameCore
from .records import AppliedPhase, GameError

__all__ = ["Undo"]


class Undo(GameCore):
    """A GM's mistake is one command away from gone."""

    def undo(self) -> AppliedPhase:
        """Drop the last applied step; raises when nothing is applied."""
        rows = self.applied()
        if not rows:
            raise GameError(t("err.undo_nothing", game=self.game.id))
        last = rows[-1]
        self.store.drop_game_phase(self.game.id, last.seq)
        return last
