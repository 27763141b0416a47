"""Days: the day's close (`day close`) and the modkill (`mafvote modkill`, and 004's modkill that closes the day).

    Tally ──DayCount──> resolver.close_day (the rules of the close, RULES.md §3.6, §3.13, §3.14) ──> a `close` row
"""
from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Sequence

# the day's close, the night engine and the phrase reader load on first use (the resolver's lazy names, issue 17)
import mafvote_resolver
from mafvote_resolver import GameState, ResolverError
from mafvote_tally import Tally
from mafvote_tally.format import shown_reason

from ..alert_texts import game_time
from ..errors import MafvoteError
from ..messages import text as t
from .counting import Counting
from .phases import Phase, to_minute
from .records import AppliedPhase, CountInputs, GameError
from .undo import Undo
from .winner import GameEnd

if TYPE_CHECKING:       # annotations only (issue 17, start-up)
    from mafvote_resolver import DayOutcome

    from .command_results import DayClose

__all__ = ["Days"]


class Days(Counting, GameEnd, Undo):
    """The day's close and the modkill."""

    # -- days --
    def close_day(self, day: int, *, now: datetime, eliminate: str | None = None, nobody: bool = False,
                  closed_at: datetime | None = None, since: datetime | None = None,
                  deadline: datetime | None = None, dry_run: bool = False, with_modkill: bool = False) -> DayClose:
        """Apply the day's count (GM view), or the GM's own decision (`eliminate` / `nobody`).

        `since` / `deadline` override the schedule's bounds (a GM who moved the deadline); the row keeps
        the bounds used, and the next phase starts at that deadline. After the game's end (RULES.md §5) it is
        refused, except `with_modkill`: the close that a 004 modkill makes (§3.14), whatever the modkill left."""
        applied = self.applied()
        state = self.state(applied)
        self._need_roles(state)
        if day < 1:
            raise GameError(t("err.numbered.day", n=day))
        if not with_modkill:
            self._not_over(applied, t("over.day_close", day=day))
        current = self.current_phase(applied)
        if (current.kind, current.number) != ("day", day):
            done = [r for r in applied if r.how == "close" and r.number == day]
            if done:
                raise GameError(t("err.day_closed", day=day))
            raise GameError(t(f"err.day_not_current.{current.kind}", day=day, current=current.label_ru,
                              n=current.number))
        current = replace(current, start=since or current.start, deadline=deadline or current.deadline)
        if closed_at is not None:
            # a mistyped --closed-at would close the day on no votes and give every player a miss
            shown = f"--closed-at {game_time(closed_at, self.tz, year=True)}"
            if current.start is not None and closed_at <= current.start:
                raise GameError(t("err.closed_at_before", shown=shown, day=day,
                                  began=game_time(current.start, self.tz, year=True)))
            if closed_at > now:
                raise GameError(t("err.closed_at_future", shown=shown))
            if closed_at > current.deadline:
                # the votes stopped counting at the deadline whatever the GM typed; quietly counting to the
                # deadline would hide a GM's real intent when it was a day extended by hand (--deadline)
                # (the suggested --deadline is ISO: the GM types it back)
                raise GameError(t("err.closed_at_after", shown=shown, day=day,
                                  end=game_time(current.deadline, self.tz, year=True),
                                  deadline=f"{closed_at.astimezone(self.tz):%Y-%m-%dT%H:%M}"))
        if closed_at is not None or now < current.deadline:
            # a GM's close (now, or --closed-at) keeps the votes shown in its own minute: they were most likely
            # written before it (forums show minutes), so the close is the end of that minute, one rule for both
            closed_at = min(to_minute(closed_at or now) + timedelta(minutes=1), current.deadline)
        count: Tally | None = None
        public_count: Tally | None = None
        inputs: CountInputs | None = None
        note = ""
        try:
            inputs = self.count_inputs(day, applied=applied, closed_at=closed_at, since=since, deadline=deadline)
            # with the public count over the same bounds, for the GM's "hidden weights" warning (RULES.md §3 "Two views")
            both = self._counts(inputs, views=("gm", "public"))
            count, public_count = both["gm"], both["public"]
        except GameError as exc:
            if eliminate is None and not nobody:
                raise
            note = t("note.no_count", error=exc)
        hanged: list[str] | None = None
        hang_state = state
        overridden: tuple[tuple[str, str], ...] = ()
        if eliminate is not None:
            hanged = [self._player(state, eliminate, what="--eliminate", kills=True).nick]
            # RULES.md §3.10: a shield saves from the vote's hanging; the GM's own decision is the GM's, so the
            # named player hangs whatever day shield they hold, and the GM is told which one was passed over
            hang_state, overridden = self._without_day_shields(state, hanged[0])
        elif nobody:
            hanged = []
        facts = self._day_count(count, inputs, current) if count is not None and inputs is not None else None
        # the line `day close` and the GM report offer for the post is the one the public post gives: the public
        # count decides what may be said (tally.format.shown_reason, RULES.md §3 "Two views")
        said = shown_reason(public_count) if public_count is not None else None
        try:
            # the rules of the close (misses, modkill candidates, the under-active, 004's modkill-closed day, who
            # owes a night action) are the resolver's: the count's facts in, the close out
            closing = mafvote_resolver.close_day(self.ruleset, state, facts, day=day, hanged=hanged,
                                                 hang_state=hang_state, reason=said)
        except ResolverError as exc:
            raise self._wrap(exc) from None
        if closing.note is not None:
            note = t(f"note.{closing.note.key}", **closing.note.facts, start=game_time(current.start, self.tz),
                     deadline=game_time(current.deadline, self.tz))
        if not closing.counted:
            count = None
        from .command_results import DayClose  # start-up: the record class, which a count never makes

        result = DayClose(closing.outcome, count, closing.decided_by, closing.modkill_candidates,  # type: ignore[arg-type]
                          closing.under_active, note, closing.owes_night_action, overridden,
                          public_count if count is not None else None)
        new = closing.outcome.state
        ended = closed_at
        if count is not None and count.closed_early is not None:
            # RULES.md §3.11: an automatic early close (000/003 досрочно) ends the day at the closing post's time,
            # also when the GM closes the day later: the night starts there
            ended = count.closed_early if ended is None else min(ended, count.closed_early)
        if not dry_run:
            self._append(current, "close", new, result.to_json(), now, ended=ended)
        return result

    def modkill(self, player: str, *, now: datetime, reveal: bool = False) -> DayOutcome:
        applied = self.applied()
        state = self.state(applied)
        self._need_roles(state)
        p = self._player(state, player, kills=True)
        try:
            out = mafvote_resolver.modkill(self.ruleset, state, p.nick, reveal=reveal)
        except ResolverError as exc:
            raise self._wrap(exc) from None
        self._append(self.current_phase(applied), "modkill", out.state, out.to_json(), now)
        return out

    def day_end_passed(self, now: datetime, applied: Sequence[AppliedPhase] | None = None) -> datetime | None:
        """The end of the current, not yet closed day when it has passed by `now`: its deadline, or the count's
        automatic early close (RULES.md §3.11); else None (not a day, or the day still runs). A modkill from
        then on leaves the day's count alone (RULES.md §3.1, `_modkills_before_end`). None too where a modkill
        closes the day (004, RULES.md §3.14): there the modkill is the day's end until the day is closed."""
        rows = list(self.applied() if applied is None else applied)
        current = self.current_phase(rows)
        if current.kind != "day" or self.ruleset.votes.get("modkill_closes_day", False):
            return None
        if now >= current.deadline:
            return current.deadline
        try:
            count = self._count(self.count_inputs(current.number, applied=rows), view="gm")
        except GameError:
            return None
        return count.closed_early if count.closed_early is not None and count.closed_early <= now else None

    def day_a_modkill_closes(self, applied: Sequence[AppliedPhase] | None = None) -> Phase | None:
        """The open day a modkill now would close (RULES.md §3.14, 004 general rule 1: "модкиллится ... при
        этом день закрывается повесом этого игрока и обьявляется следующая ночь"): the current phase when it
        is a day and the ruleset's `modkill_closes_day` is set; else None."""
        current = self.current_phase(applied)
        if current.kind != "day" or not self.ruleset.votes.get("modkill_closes_day", False):
            return None
        return current

    def modkill_closing_day(self, player: str, *, now: datetime, reveal: bool = False) -> tuple[DayOutcome, DayClose]:
        """RULES.md §3.14: the modkill, then the day's close with the modkilled player as its elimination (the
        count's outcome `modkill`), both applied; `mafvote undo` takes back the close, then the modkill. When the
        day cannot be closed the modkill is taken back too, so nothing half-done is left."""
        day = self.day_a_modkill_closes()
        if day is None:
            raise GameError(t("err.modkill_closes_no_day", game=self.game.id, current=self.current_phase().label_ru,
                              ruleset=self.ruleset.name))
        out = self.modkill(player, now=now, reveal=reveal)
        try:
            return out, self.close_day(day.number, now=now, with_modkill=True)
        except MafvoteError as exc:
            self.undo()
            raise GameError(t("err.modkill_not_applied", player=player, day=day.number, error=exc)) from None

    def _day_count(self, count: Tally, inputs: CountInputs, phase: Phase) -> mafvote_resolver.DayCount:
        """What the count says that the close needs (`resolver.DayCount`), from the tally's slots to the state's
        nicks."""
        to_nick = inputs.slot_to_nick

        def nicks(slots) -> tuple[str, ...]:
            return tuple(to_nick.get(s, s) for s in slots)

        day = inputs.state
        return mafvote_resolver.DayCount(
            eliminated=nicks(count.outcome.eliminated), saved=nicks(count.outcome.saved), modkilled=nicks(day.modkilled),
            misses={to_nick.get(s, s): n for s, n in count.misses.items()}, not_voted=nicks(count.not_voted),
            under_active=nicks(dict.fromkeys(f.player for f in count.flags if f.kind == "under_active" and f.player)),
            owes_night_action=nicks(day.owes_night_action), alive=nicks(day.alive), excused=nicks(day.excused),
            closed=count.closed, modkill_cut_short=day.modkill_cut_short(inputs.rules),
            vote_posts=_has_vote_posts(inputs, phase))

    def _without_day_shields(self, state: GameState, nick: str) -> tuple[GameState, tuple[tuple[str, str], ...]]:
        """The state `day close --eliminate` hangs on: the named player's alibi and protections from hanging left
        out (they die, so nothing is spent), with what was passed over. A role that can never be hanged
        (Миллард, `immune = ["hang"]`) is not a day's shield but the role itself: refused, `mafvote modkill` is
        the GM's way to remove such a player."""
        p = state.player(nick)
        role = self.ruleset.find_role(p.role) if p.role else None
        if role is not None and "hang" in role.immune:
            raise GameError(t("err.unhangable", nick=p.nick, role=role.name))
        passed: list[tuple[str, str]] = []
        if nick in state.alibis:
            passed.append((nick, "alibi"))
            state = replace(state, alibis=tuple(a for a in state.alibis if a != nick))
        if state.hang_protection.get(nick, 0) > 0:
            passed.append((nick, "protected"))
            state = replace(state, hang_protection={k: v for k, v in state.hang_protection.items() if k != nick})
        return state, tuple(passed)


def _has_vote_posts(inputs: CountInputs, phase: Phase) -> bool:
    return any(p.topic == "vote" and not p.deleted and phase.start <= p.time < phase.deadline for p in inputs.posts)
