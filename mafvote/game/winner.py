"""The game's end (RULES.md §5): who has won, the step that ended the game, and the refusal of any step after it.
"""
from __future__ import annotations

from typing import Sequence

from ..messages import current, text as t
from .core import GameCore
from .records import AppliedPhase, GameError

__all__ = ["GameEnd"]


class GameEnd(GameCore):
    """Who won, as the engine announced it after each step."""

    def winner(self, applied: Sequence[AppliedPhase] | None = None) -> str | None:
        """The side that has won (a side id of the ruleset, or "nobody"), as the engine announced it: the winner
        stored with the last resolved night, closed day, modkill or `state kill` (the engine checks the win after
        each, `resolver.check_win`; a `state kill` row carries its `winner` key: issue 15 point 6, the last hostile
        killed by hand ends the game at once); None while the game goes on. `mafvote undo` of the step that ended it
        reopens it."""
        rows = list(self.applied() if applied is None else applied)
        last = next((r for r in reversed(rows) if _may_end_the_game(r)), None)
        if last is None:
            return None
        if last.how == "close":
            return (last.outcome.get("day") or {}).get("winner") or None
        return last.outcome.get("winner") or None

    def game_over_step(self, applied: Sequence[AppliedPhase] | None = None) -> AppliedPhase | None:
        """The step that ended the game (see `winner`), None while it goes on."""
        rows = list(self.applied() if applied is None else applied)
        if self.winner(rows) is None:
            return None
        return next(r for r in reversed(rows) if _may_end_the_game(r))

    def winner_words(self, winner: str, language: str | None = None) -> str:
        """«мафии», «маньяка»: the winner as «победа …» needs it, worded as the game's posts word it; in another
        language (default: the current one) the ruleset's name of the side in that language's phrase («the мафия
        side»: the name is data, never inflected), «nobody» when all are dead."""
        language = language or current()
        side = self.ruleset.sides.get(winner)
        if language != "ru":
            if side is None and winner == "nobody":
                return t("nobody", language)
            return t("winner.side", language, side=side.title if side is not None and side.title else winner)
        # start-up: the themes (jinja2) load only for a game that is over, not for every `mafvote tally`
        from ..render import RenderError, winner_genitive

        try:
            return winner_genitive(self.game.theme or self.ruleset.theme, winner, self.ruleset,
                                   templates_dir=self.game.templates_dir)
        except RenderError:
            return t("winner.side", language, side=side.title if side else winner)

    def winner_text(self, winner: str, language: str | None = None) -> str:
        """The game's result as a phrase: «победа маньяка» / "the маньяк side wins", and «победителей нет» /
        "nobody wins" when all are dead (RULES.md §5: no side's genitive reads after «победа» then)."""
        if winner == "nobody" and winner not in self.ruleset.sides:
            return t("state.winner.nobody", language)
        return t("state.winner", language, side=self.winner_words(winner, language))

    def _not_over(self, applied: Sequence[AppliedPhase], what: str) -> None:
        """Refuse a step after the game's end (RULES.md §5), naming the winner and the way back."""
        winner = self.winner(applied)
        last = self.game_over_step(applied)
        if winner is None or last is None:
            return
        after = sum(1 for r in applied if r.seq > last.seq)
        undo = t("over.undo") if not after else t("over.undo_n", times=after + 1, after=after)
        raise GameError(t("over", game=self.game.id, winner=self.winner_text(winner), step=last.describe(self.tz),
                          what=what, undo=undo))


def _may_end_the_game(row: AppliedPhase) -> bool:
    """A step after which the engine checked the win (RULES.md §5): a resolved night, a closed day, a modkill, a
    `state kill` (its row carries `winner`; other hand-set rows change nobody's life)."""
    return row.how in ("resolve", "close", "modkill") or (row.how == "set" and "winner" in row.outcome)
