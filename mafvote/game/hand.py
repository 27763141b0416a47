"""The day state set by hand (`mafvote state silence|alibi|kill|excuse`): one `set` step each, undone like any.
"""
from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from typing import Sequence

# the day's close, the night engine and the phrase reader load on first use (the resolver's lazy names, issue 17)
import mafvote_resolver
from mafvote_resolver import GameState, Silence

from .duty import NightDuties
from ..messages import text as t
from .phases import Phase
from .records import AppliedPhase, GameError

__all__ = ["HandSet"]


class HandSet(NightDuties):
    """What the GM worked out outside mafvote."""

    # -- the day state by hand (`mafvote state silence|alibi|kill`) --
    def _coming_day(self, day: int, applied: Sequence[AppliedPhase]) -> Phase:
        current = self.current_phase(applied)
        coming = current if current.kind == "day" else self._phase_after(current.index + 1, current.deadline)
        if day != coming.number:
            raise GameError(t("err.state_day", day=day, coming=coming.number, current=current.label_ru))
        return current

    def set_silence(self, player: str, day: int, *, now: datetime, secret: bool = False, days: int = 1) -> GameState:
        applied = self.applied()
        state = self.state(applied)
        current = self._coming_day(day, applied)
        p = self._player(state, player)
        if days < 1:
            raise GameError(t("err.days_min"))
        if secret and days != 1:
            # nothing is announced to count the days down by: the hidden loss is the coming day's only
            raise GameError(t("err.secret_days", days=days))
        if secret:
            new = replace(state, hidden_vote_loss=tuple(dict.fromkeys((*state.hidden_vote_loss, p.nick))))
        else:
            others = tuple(s for s in state.silences if s.player != p.nick)
            new = replace(state, silences=others + (Silence(p.nick, days, True, "set by the GM"),))
        what = f"{'secret ' if secret else ''}silence {p.nick} on day {day}"
        self._append(current, "set", new, {"what": what, "set": "silence_secret" if secret else "silence",
                                           "player": p.nick, "day": day}, now)
        return new

    def set_alibi(self, player: str, day: int, *, now: datetime) -> GameState:
        applied = self.applied()
        state = self.state(applied)
        current = self._coming_day(day, applied)
        p = self._player(state, player)
        new = replace(state, alibis=tuple(dict.fromkeys((*state.alibis, p.nick))))
        self._append(current, "set", new, {"what": f"alibi {p.nick} on day {day}", "set": "alibi", "player": p.nick,
                                           "day": day}, now)
        return new

    def set_dead(self, player: str, *, now: datetime, reveal: bool = False) -> GameState:
        """A death the GM worked out by hand (a night resolved outside mafvote)."""
        applied = self.applied()
        state = self.state(applied)
        current = self.current_phase(applied)
        p = self._player(state, player, kills=True)
        # RULES.md §3.15: the phase keeps the alive count it began with
        new = mafvote_resolver.mark_phase_start(state).with_player(p.nick, alive=False,
                                                                   died=f"{current.label} (set by the GM)",
                                                                   causes=("gm",), revealed=reveal)
        new = replace(new, silences=tuple(s for s in new.silences if s.player != p.nick),
                      alibis=tuple(a for a in new.alibis if a != p.nick),
                      hidden_vote_loss=tuple(h for h in new.hidden_vote_loss if h != p.nick))
        # RULES.md §5: the win is checked after every change of who lives, a death set by hand included (not
        # while a role is unknown: a counting-only game without roles has no win to check)
        winner = mafvote_resolver.check_win(self.ruleset, new) if all(q.role for q in new.players) else None
        self._append(current, "set", new, {"what": f"{p.nick} dead", "winner": winner, "set": "dead",
                                           "player": p.nick}, now)
        return new

    def set_excuse(self, player: str, day: int, *, now: datetime, night: bool = False) -> GameState:
        """`mafvote state excuse`: excuse a player from day `day`'s vote (and the night action before it), or
        with `night` from that night action only. One `set` row; `mafvote undo` takes it back."""
        applied = self.applied()
        state = self.state(applied)
        current = self._coming_day(day, applied)
        p = self._player(state, player)
        if night and not self.night_action_is_duty:
            # RULES.md §3.6: only with `night_action_is_duty` is a missed night action punished; an excuse here
            # would be an undo step that changes nothing
            raise GameError(t("err.excuse_no_duty", ruleset=self.ruleset.name))
        if night:
            k = self.night_before_day(day)
            if k < 1:
                raise GameError(t("err.excuse_no_night", day=day, game=self.game.id))
            key, what = f"night {k}", f"excuse {p.nick} from the night action of night {k}"
            facts = {"set": "excuse_night", "player": p.nick, "night": k}
        else:
            key, what = f"day {day}", f"excuse {p.nick} on day {day}"
            facts = {"set": "excuse_day", "player": p.nick, "day": day}
        if p.nick in state.excused.get(key, ()):
            raise GameError(t("err.already_excused", nick=p.nick, what=t(f"state.excused.{key.split()[0]}",
                                                                          n=int(key.split()[1]))))
        excused = {**state.excused, key: (*state.excused.get(key, ()), p.nick)}
        new = replace(state, excused=excused)
        self._append(current, "set", new, {"what": what, **facts}, now)
        return new
