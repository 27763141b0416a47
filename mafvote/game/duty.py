"""Who owes a night action, and the GM's excuses (RULES.md §3.5, §3.6; `mafvote state excuse`).

* `state excuse --player X --day N` excuses X from the duties punished at day N's count: the vote (X is not
  vote-entitled: no penalty for not voting, not in the early-close quorum, as the tally reads `excused`) and,
  as the tally does, the night action of the night before day N. `--night` excuses that night action only:
  X still has to vote. Stored in `GameState.excused` ("day N" / "night K"); `undo` drops it like any step.
* With `night_action_is_duty` (000, 003), resolving night K stores `night_duty` (`resolver.duty`) in the row's
  outcome; the count of the day after night K gets its `missed` players (minus those excused since) as
  `owes_night_action`: the penalty and one more miss at that count, recorded by `day close`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

# the day's close, the night engine and the phrase reader load on first use (the resolver's lazy names, issue 17)
import mafvote_resolver
from mafvote_resolver import GameState
from mafvote_resolver.state import find_player

from .core import GameCore, current_nick
from .records import AppliedPhase

if TYPE_CHECKING:       # an annotation; read through the resolver's lazy names when a night stored one (issue 17)
    from mafvote_resolver.duty import NightDuty

__all__ = ["NightDuties"]


class NightDuties(GameCore):
    """Which night a day's count punishes, who holds a night action, who missed one."""

    def _night_actors(self, state: GameState) -> tuple[str, ...] | None:
        """The living players who hold a night ability in `state` (`resolver.night_actors`, RULES.md §3.13)."""
        return mafvote_resolver.night_actors(self.ruleset, state)

    # -- the night-action duty and the GM's excuses (RULES.md §3.5, §3.6) --
    @property
    def night_action_is_duty(self) -> bool:
        return bool(self.ruleset.votes.get("night_action_is_duty", False))

    def day_after_night(self, night: int) -> int:
        """night N -> day N (a game starting with night) or day N+1 (starting with day)."""
        return night if self.game.schedule.starts_with == "night" else night + 1

    def night_before_day(self, day: int) -> int:
        """The night whose missed actions day `day`'s count punishes; 0 for a first day with no night."""
        return day if self.game.schedule.starts_with == "night" else day - 1

    def _night_excused(self, state: GameState, night: int) -> tuple[str, ...]:
        """Excused from the night action of `night`: `--night` excuses and the excuses for the day after it."""
        names = (*state.excused.get(f"night {night}", ()), *state.excused.get(f"day {self.day_after_night(night)}", ()))
        return tuple(dict.fromkeys(current_nick(state, n) for n in names))

    def stored_night_duty(self, night: int, applied: Sequence[AppliedPhase] | None = None) -> NightDuty | None:
        """Who missed the night action of a resolved night, as stored with it (None: not resolved, or resolved
        without the duty)."""
        rows = list(self.applied() if applied is None else applied)
        row = next((r for r in reversed(rows) if r.how == "resolve" and r.kind == "night" and r.number == night), None)
        data = row.outcome.get("night_duty") if row is not None else None
        return mafvote_resolver.NightDuty.from_json(data) if data else None

    def owes_night_action(self, day: int, state: GameState, applied: Sequence[AppliedPhase]) -> tuple[str, ...]:
        """The players day `day`'s count punishes for a missed night action: the stored misses of the night
        before it, minus the players excused since (nicks of `state`, replacements followed)."""
        night = self.night_before_day(day)
        duty = self.stored_night_duty(night, applied) if night >= 1 and self.night_action_is_duty else None
        if duty is None:
            return ()
        excused = set(self._night_excused(state, night))
        out = []
        for nick in duty.missed:
            now_nick = current_nick(state, nick)
            if now_nick not in excused and find_player(state.players, now_nick) is not None:
                out.append(now_nick)
        return tuple(dict.fromkeys(out))
