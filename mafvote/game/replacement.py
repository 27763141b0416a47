"""`mafvote replace`: a new account takes over a player's slot (замена), from now or from a moment of the current phase.
"""
from __future__ import annotations

import unicodedata
from datetime import datetime
from typing import Sequence

# the day's close, the night engine and the phrase reader load on first use (the resolver's lazy names, issue 17)
import mafvote_resolver
from mafvote_resolver import GameState, ResolverError
from mafvote_resolver.state import find_player
from mafvote_tally.names import normalise

from ..alert_texts import game_time
from ..config import name_key
from ..messages import text as t
from .core import GameCore
from .phases import to_minute
from .records import ENDS_PHASE, AppliedPhase, GameError

__all__ = ["Replacements"]


class Replacements(GameCore):
    """A new account plays a slot."""

    def replace_player(self, player: str, by: str, *, now: datetime, at: datetime | None = None) -> GameState:
        """`mafvote replace`: `by` plays the slot from `at` (default `now`): its posts from then on count for the
        slot, also those written before the GM entered the replacement (the substitute often votes at once)."""
        applied = self.applied()
        state = self.state(applied)
        by = self._new_account(by)
        self._not_replaced_already(state, applied, player)
        p = self._player(state, player)
        explicit = at is not None
        at = at or to_minute(now)      # the newcomer's vote in the same minute (forums show minutes) is the slot's
        if at.tzinfo is None:
            raise GameError(t("err.replace_offset", at=at.isoformat()))
        current = self.current_phase(applied)
        if explicit and current.index > 0 and at < current.start:
            # a time in a closed phase recounts that day after its result was posted (the replaced
            # account's vote dropped, the new one penalised as not voting); a closed count changes only by undo
            ended = [r for r in applied if r.how in ENDS_PHASE]
            inside = next((r for r in ended if r.start is not None and r.ended is not None and r.start <= at < r.ended), None)
            first = ended[0].start if ended and ended[0].start is not None else self.game.schedule.start
            if inside is not None:
                where = t(f"err.replace_in.{inside.kind}", n=inside.number)
            else:
                where = t("err.replace_before_start", start=game_time(first, self.tz, year=True))
            raise GameError(t("err.replace_closed", at=game_time(at, self.tz, year=True), where=where,
                              current=current.label_ru, start=game_time(current.start, self.tz, year=True)))
        if explicit and at > max(now, current.deadline):
            # a typo of the year or month: until then the new account's votes would not count (flagged as a stranger's)
            raise GameError(t("err.replace_later", at=game_time(at, self.tz, year=True),
                              current=current.label_ru,
                              deadline=game_time(current.deadline, self.tz, year=True)))
        try:
            new = mafvote_resolver.replace_player(state, p.nick, by)
        except ResolverError as exc:
            raise self._wrap(exc) from None
        self._append(self.current_phase(applied), "replace", new,
                     {"old": p.nick, "new": by, "at": at.isoformat()}, now)
        return new

    def _new_account(self, by: str) -> str:
        """The nick `replace --by` gave, as the forum would show it: spaces around it and invisible characters
        (zero-width spaces, joiners, direction marks) dropped. An empty nick or a GM's account is refused: from
        the replacement on the old account's votes no longer count, and a GM's posts never count (the roster's
        checks in the config refuse the same)."""
        nick = "".join(ch for ch in by if unicodedata.category(ch) != "Cf").strip()
        if not nick:
            raise GameError(t("err.replace_empty", by=by))
        for gm in self.game.gm:
            if name_key(gm) == name_key(nick) or normalise(gm) == normalise(nick):
                raise GameError(t("err.replace_gm", nick=nick, gm=gm, game=self.game.id))
        return nick

    def _not_replaced_already(self, state: GameState, applied: Sequence[AppliedPhase], player: str) -> None:
        """A second `replace` of a slot names the account now playing it, not the one replaced before."""
        if find_player(state.players, player) is not None:
            return
        for r in reversed(applied):
            if r.how == "replace" and name_key(r.outcome.get("old", "")) == name_key(player):
                new = r.outcome["new"]
                when = game_time(datetime.fromisoformat(r.outcome["at"]), self.tz)
                raise GameError(t("err.replaced_step", old=r.outcome["old"], new=new, when=when, seq=r.seq))
        for cfg in self.game.players:
            if cfg.replaced_by is not None and name_key(cfg.nick) == name_key(player):
                new = cfg.replaced_by.nick
                raise GameError(t("err.replaced_config", old=cfg.nick, new=new))
