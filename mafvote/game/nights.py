"""Nights: the GM's night file, actions added as players write them, forced rolls, the night resolved.

    night file <store folder>/nights/<game>/night-N.toml ──parse_night_file──> actions ──resolve_night──> row
    state + actions + outcome ──resolver.duty.night_duty──> who missed the night action (stored in the night's row)

A night's GM alerts (004: the mafia entered no kill) are kept in the stored outcome as `alerts` (`night_alerts`).
"""
from __future__ import annotations

from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

# the day's close, the night engine, its rolls and duty and the phrase reader load on first use (the resolver's lazy
# names, issue 17: a count never imports them)
import mafvote_resolver
from mafvote_resolver import GameState, ResolverError

from ..gm_files import UnreadableFile, read_gm_text
from ..gm_text import journal, problem
from ..messages import text as t
from .duty import NightDuties
from .phases import to_minute
from .records import AppliedPhase, GameError
from .winner import GameEnd

if TYPE_CHECKING:
    from mafvote_resolver import NightOutcome

    from .command_results import NightResult

__all__ = ["Nights"]


class Nights(NightDuties, GameEnd):
    """`mafvote night add|roll|resolve`."""

    def night_path(self, night: int) -> Path:
        return self.nights_dir / self.game.id / f"night-{night}.toml"

    def _night_ready(self, night: int, state: GameState, *, resolving: bool) -> None:
        if night < 1:
            raise GameError(t("err.night_numbered", night=night, next=state.night + 1))
        if night <= state.night:
            raise GameError(t("err.night_applied", night=night, game=self.game.id))
        if night != state.night + 1:
            raise GameError(t("err.night_next", night=night, next=state.night + 1))
        if resolving:
            current = self.current_phase()
            if (current.kind, current.number) != ("night", night):
                raise GameError(t(f"err.night_not_current.{current.kind}", night=night, current=current.label_ru,
                                  deadline=f"{current.deadline.astimezone(self.tz):%Y-%m-%d %H:%M}", n=current.number))

    def read_night(self, night: int) -> str:
        """The text of night `night`'s action file ("" when there is none yet); the GM's pages show it as written.

        The GM edits it by hand, often in Notepad: a BOM is read past, ANSI (windows-1251) or a folder is refused
        naming the file, before anything is applied."""
        path = self.night_path(night)
        if not path.exists():
            return ""
        try:
            return read_gm_text(path)
        except UnreadableFile as exc:
            # framed as the night file's other problems are (`file: строка 3: what (hint)`)
            raise GameError(problem(mafvote_resolver.Problem(str(path), *exc.worded(path.name)))) from None

    def _write_night(self, night: int, text: str) -> None:
        path = self.night_path(night)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".toml.tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)

    def _check_file(self, night: int, text: str, state: GameState, unwritten: int = 0) -> mafvote_resolver.NightFile:
        try:
            return mafvote_resolver.parse_night_file(text, str(self.night_path(night)), self.ruleset, state,
                                                     unwritten=unwritten)
        except ResolverError as exc:
            raise self._wrap(exc) from None

    def add_action(self, night: int, actor: str, text: str) -> list[mafvote_resolver.Action]:
        """Read a phrase as the actor wrote it, check it with the whole night file, append it."""
        self._not_over(self.applied(), t("over.night_add", night=night))
        state = self.state()
        self._need_roles(state)
        self._night_ready(night, state, resolving=False)
        p = self._player(state, actor, what=t("err.what.actor"))
        try:
            actions = mafvote_resolver.read_action(text, p.role, state.players, self.ruleset, actor=p.nick, state=state,
                                                   night=night)
        except ResolverError as exc:
            raise self._wrap(exc) from None
        old = self.read_night(night)
        new = old if old.strip() else f"night = {night}\n"
        for a in actions:
            new = mafvote_resolver.append_action(new, a)
        self._check_file(night, new, state, len(actions))   # the file stays valid or nothing is written
        self._write_night(night, new)
        return actions

    def force_roll(self, night: int, actor: str, roll: str, value: bool | str) -> str:
        """Write a forced roll into the night file: yes/no (`True`/`False`), or for a choice roll
        (`resolver.CHOICE_ROLLS`, 004 "visitor") the chosen player's name, written as the player's nick."""
        state = self.state()
        self._night_ready(night, state, resolving=False)
        p = self._player(state, actor, what=t("err.what.actor"))
        if roll not in mafvote_resolver.ROLL_NAMES:
            raise GameError(t("err.roll_unknown", roll=roll, rolls=", ".join(mafvote_resolver.ROLL_NAMES)))
        if roll in mafvote_resolver.CHOICE_ROLLS:
            if not isinstance(value, str):
                raise GameError(t("err.roll_picks", roll=roll, night=night, nick=p.nick))
            value = self._player(state, value, what=t("err.what.roll_player", roll=roll)).nick
        elif not isinstance(value, bool):
            raise GameError(t("err.roll_yes_no", roll=roll, value=value,
                              rolls=", ".join(mafvote_resolver.CHOICE_ROLLS)))
        old = self.read_night(night)
        # a roll none of the actor's actions draws would be silently unused (a townsperson's evidence)
        entered = self._check_file(night, old if old.strip() else f"night = {night}\n", state).actions
        unused = mafvote_resolver.check_roll(self.ruleset, state, entered, p.nick,
                                             mafvote_resolver.canonical_roll(roll))
        if unused:
            raise GameError(journal(unused))
        new = mafvote_resolver.append_roll(old if old.strip() else f"night = {night}\n", p.nick, roll, value)
        self._check_file(night, new, state)
        self._write_night(night, new)
        return p.nick

    def resolve_night(self, night: int, *, now: datetime, dry_run: bool = False) -> NightOutcome:
        return self.resolve_night_with_duty(night, now=now, dry_run=dry_run).outcome

    def resolve_night_with_duty(self, night: int, *, now: datetime, dry_run: bool = False) -> NightResult:
        """Resolve the night from its file; with `night_action_is_duty`, also who owed an action and sent
        none (stored with the night as `night_duty`, for the next day's count)."""
        applied = self.applied()
        state = self.state(applied)
        self._need_roles(state)
        self._not_over(applied, t("over.night_resolve", night=night))
        self._night_ready(night, state, resolving=True)
        parsed = self._check_file(night, self.read_night(night) or f"night = {night}\n", state)
        try:
            outcome = mafvote_resolver.resolve_night(self.ruleset, state, parsed.actions,
                                                     mafvote_resolver.Rolls(self.game.id, night, parsed.forced))
            duty = (mafvote_resolver.night_duty(self.ruleset, state, parsed.actions, outcome,
                                                self._night_excused(state, night))
                    if self.night_action_is_duty else None)
        except ResolverError as exc:
            raise self._wrap(exc) from None
        outcome = _keep_hand_set(state, outcome)
        from .command_results import NightResult  # start-up: the record class, which a count never makes

        result = NightResult(outcome, duty, self.day_after_night(night))
        if not dry_run:
            # the day starts at the results' minute: forums show post times in minutes, and a vote posted
            # the minute the GM resolved the night must count
            self._append(self.current_phase(applied), "resolve", outcome.state, result.to_json(), now,
                         ended=to_minute(now))
        return result

    def night_alerts(self, night: int, applied: Sequence[AppliedPhase] | None = None) -> tuple[str, ...]:
        """The GM alerts of a resolved night (004: the mafia entered no kill), as stored with its outcome
        (`alerts` in the row's outcome JSON; absent when there were none)."""
        rows = list(self.applied() if applied is None else applied)
        row = next((r for r in reversed(rows) if r.how == "resolve" and r.kind == "night" and r.number == night), None)
        return tuple(self.full_outcome(row).get("alerts", ())) if row is not None else ()


def _keep_hand_set(before: GameState, outcome: NightOutcome) -> NightOutcome:
    """The resolver writes the coming day's alibis and secret vote losses from the night's actions; the ones
    the GM set by hand during the night (`mafvote state alibi|silence --secret`: at night the state holds no
    other, the day's close clears them) are kept for the coming day too."""
    st = outcome.state
    alive = set(st.alive)
    alibis = tuple(dict.fromkeys((*outcome.alibis, *(a for a in before.alibis if a in alive))))
    hidden = tuple(dict.fromkeys((*outcome.hidden_vote_loss, *(h for h in before.hidden_vote_loss if h in alive))))
    if (alibis, hidden) == (outcome.alibis, outcome.hidden_vote_loss):
        return outcome
    state_alibis = tuple(dict.fromkeys((*st.alibis, *(a for a in before.alibis if a in alive))))
    return replace(outcome, alibis=alibis, hidden_vote_loss=hidden,
                   state=replace(st, alibis=state_alibis, hidden_vote_loss=hidden))
