"""The game's state in the store, and the GM's game operations: the I/O shell over `resolver` and `tally`.

Data flow:

    config roster + ruleset ──new_game──> initial GameState
    store `game_phases` rows (in order) ──> the state after the last row, the current phase
    night file <store folder>/nights/<game>/night-N.toml ──parse_night_file──> actions ──resolve_night──> row
    store posts + state + phase bounds ──count_inputs──> tally.count_day ──> Tally ──(day close)──> apply_day ──> row
    state + actions + outcome ──resolver.duty.night_duty──> who missed the night action (stored in the night's row)

The GM's excuses and the night-action duty (RULES.md §3.5, §3.6; `mafvote state excuse`):
* `state excuse --player X --day N` excuses X from the duties punished at day N's count: the vote (X is not
  vote-entitled: no penalty for not voting, not in the early-close quorum, as the tally reads `excused`) and,
  as the tally does, the night action of the night before day N. `--night` excuses that night action only:
  X still has to vote. Stored in `GameState.excused` ("day N" / "night K"); `undo` drops it like any step.
* With `night_action_is_duty` (000, 003), resolving night K stores `night_duty` (`resolver.duty`) in the row's
  outcome; the count of the day after night K gets its `missed` players (minus those excused since) as
  `owes_night_action`: the penalty and one more miss at that count, recorded by `day close`.

What a night leaves for the next day's count (`count_inputs`, RULES.md §3.5, §3.7, §3.10): silences and secret
vote losses, the lawyer's alibis, 004's stolen and gifted votes (`GameState.transfers`, for the day after the
night that made them: the day's close clears them), and the protections from hanging: the one alibi of
Миллард's killer (a consumable `alibi`) and 004's one-time and universal protections (consumable `protected`
shields; `hang_protection` holds all three, `hang_shields` / `universal_shields` say how many are which). The
tally spends one by saving its holder; `day close` passes the saved to `apply_day`, which spends the same one
(both take alibis before protections). A night's GM alerts (004: the mafia entered no kill) are kept in the
stored outcome as `alerts` (`night_alerts`).

Every applied step is one row of `game_phases` (schema in `mafvote.store`, migration 2): the phase's number
and kind, its start and deadline, how it was applied (`resolve` a night, `close` a day, `modkill`, `replace`,
`set` a day state by hand), the `GameState.to_dict()` after it and the outcome JSON. The state is never
edited in place: `undo` drops the last row, so a GM's mistake is one command away from gone.

Phases and their numbers (the schedule of `[games.schedule]`): the phases alternate from `starts_with`;
a game starting with night plays night 1, day 1, night 2, day 2, ... (day N follows night N); a game
starting with day plays day 1, night 1, day 2, night 2, ... (night N follows day N). The current phase is
the one after the last resolved night or closed day; its start is when the previous phase ended (its
deadline, or the moment the GM resolved the night or closed the day before it: `AppliedPhase.ended`; the
game's start for the first phase), its deadline is `first_deadline` for the first phase, else the next
`night_deadline` (local time of the schedule's zone) strictly after the previous deadline, or the next
`day_deadline` at least `MIN_DAY` (real time) after it.

Only the operations here touch the store, the files and the clock (`now` is passed in by the caller).
"""
from __future__ import annotations

import unicodedata
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import datetime, time, timedelta, timezone
from pathlib import Path
from typing import Any, Callable, Iterator, Literal, Mapping, Sequence

import mafvote_resolver as R
import mafvote_tally as T
from mafvote_resolver.duty import NightDuty, night_duty
from mafvote_resolver.state import find_player
from mafvote_tally.names import normalise
from mafvote_resolver.journal import Line
from mafvote_tally.recognise import Flat

from .config import GameConfig, name_key
from .errors import BadInput, MafvoteError
from .gm_files import UnreadableFile, read_gm_text
from .messages import text as t
from .store import Store, StoredPost

__all__ = [
    "APPLY_KINDS", "AppliedPhase", "CountInputs", "DayClose", "GameError", "GameService", "NightResult", "Phase",
    "VoteLine", "initial_state", "next_deadline", "open_service", "phase_deadline", "phase_index", "phase_of_index",
    "utc_now",
]

# How a row was applied. `resolve` and `close` end a phase; the others happen inside one.
APPLY_KINDS = ("resolve", "close", "modkill", "replace", "set")
_ENDS_PHASE = ("resolve", "close")
_TIE_REASONS = ("tie", "tie_forgiven", "tie_all")


class GameError(BadInput):
    """A game operation the GM asked for cannot be done as asked (exit status 2); says what to do."""


# --- phases: pure -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Phase:
    kind: Literal["day", "night"]
    number: int
    start: datetime
    deadline: datetime
    index: int                      # 0 = the game's first phase

    @property
    def label(self) -> str:
        return f"{self.kind} {self.number}"

    @property
    def label_ru(self) -> str:
        return f"{'день' if self.kind == 'day' else 'ночь'} {self.number}"

    def to_json(self) -> dict:
        return {"kind": self.kind, "number": self.number, "start": self.start.isoformat(),
                "deadline": self.deadline.isoformat()}


def phase_of_index(index: int, starts_with: str) -> tuple[str, int]:
    """(kind, number) of the phase at `index`: night 1, day 1, night 2 ... or day 1, night 1, day 2 ..."""
    other = "day" if starts_with == "night" else "night"
    return (starts_with if index % 2 == 0 else other), index // 2 + 1


def phase_index(kind: str, number: int, starts_with: str) -> int:
    """The inverse of `phase_of_index`."""
    if number < 1:
        raise GameError(f"{kind} {number}: phases are numbered from 1")
    return 2 * (number - 1) + (0 if kind == starts_with else 1)


# A day never ends sooner than this after the previous deadline: the seeds word their schedules as "ДЕНЬ до
# 22:30" after "первые нд до 22:00 следующего после старта дня" (000), meaning the next evening, not a day of
# 30 minutes that would make every vote `late`. Nights may be short: "Ночь до 22:30" after "День до 22:00" (001).
MIN_DAY = timedelta(hours=3)

# How far past the current phase a phase's bounds are worked out (`GameService.phase`): a game runs for some
# dozens of phases; the schedule is walked one phase at a time, so a typo'd number is refused instead.
MAX_PHASES_AHEAD = 100


def phase_deadline(kind: str, after: datetime, schedule, tz) -> datetime:
    """The deadline of a `kind` phase following a phase whose deadline was `after` (`[games.schedule]`)."""
    if kind == "day":
        # README: "the first `day_deadline` at least 3 hours after the night's deadline": a day of exactly
        # MIN_DAY is kept (`inclusive`). The 3 hours are real time (added in UTC): on the night a schedule's
        # zone changes its clocks, wall-clock arithmetic would make them 2 or 4 hours.
        earliest = after.astimezone(timezone.utc) + MIN_DAY
        return next_deadline(earliest, schedule.day_deadline, tz, inclusive=True)
    return next_deadline(after, schedule.night_deadline, tz)


def next_deadline(after: datetime, at: time, tz, *, inclusive: bool = False) -> datetime:
    """The first moment at local time `at` (in `tz`) strictly after `after` (at or after it, `inclusive`)."""
    local = after.astimezone(tz)
    candidate = datetime.combine(local.date(), at, tzinfo=tz)
    while candidate < after or (candidate == after and not inclusive):
        local_next = candidate.date() + timedelta(days=1)
        candidate = datetime.combine(local_next, at, tzinfo=tz)
    return candidate


# --- records ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class AppliedPhase:
    seq: int
    number: int
    kind: str
    start: datetime | None
    deadline: datetime | None
    state: R.GameState
    outcome: Mapping[str, Any]
    applied_at: datetime
    how: str

    @property
    def ended(self) -> datetime | None:
        """When the phase ended: the GM's close or resolution when it came before the deadline, else the deadline."""
        at = self.outcome.get("ended_at")
        return datetime.fromisoformat(at).astimezone(self.deadline.tzinfo) if at and self.deadline else self.deadline

    def describe(self) -> str:
        extra = ""
        if self.how == "modkill":
            extra = f": {', '.join(d['player'] for d in self.outcome.get('deaths', []))}"
        elif self.how == "replace":
            extra = f": {self.outcome.get('old')} → {self.outcome.get('new')}"
        elif self.how == "set":
            # the step as the GM's language words it (`set` and its facts); a step stored before them: as written
            how = self.outcome.get("set")
            facts = {k: v for k, v in self.outcome.items() if k not in ("set", "what")}
            extra = ": " + (t(f"step.what.{how}", **facts) if how else str(self.outcome.get("what", "")))
        return t(f"step.{self.how}", seq=self.seq, phase=t(f"when.{self.kind}", n=self.number), extra=extra,
                 at=f"{self.applied_at:%Y-%m-%d %H:%M}")


@dataclass(frozen=True)
class CountInputs:
    """Everything `tally.count_day` takes for one day, built from the store (`GameService.count_inputs`)."""

    day: int
    posts: tuple[T.Post, ...]
    state: T.DayState
    roster: T.Roster
    rules: T.VoteRules
    slot_to_nick: Mapping[str, str]     # tally slot (the roster's first nick) -> the nick in the GameState
    # the store's reading of each post version (tally.recognise.Flat as JSON) by its HTML: the count reads these
    # instead of parsing the posts (a version without one, as in a read-only store of older code, is parsed)
    readings: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class DayClose:
    """What `day close` applied (or would apply with --dry-run)."""

    outcome: R.DayOutcome
    count: T.Tally | None
    decided_by: Literal["count", "gm"]
    modkill_candidates: tuple[str, ...]
    under_active: tuple[str, ...]
    note: str = ""
    owes_night_action: tuple[str, ...] = ()   # punished at this count for a missed night action (§3.6)
    # (player, shield) the GM's `--eliminate` hanged through: "alibi" (отмаза) or "protected" (RULES.md §3.10)
    overridden: tuple[tuple[str, str], ...] = ()
    # the public view of the same count (same bounds as `count`); not stored with the close
    public: T.Tally | None = None

    def to_json(self) -> dict:
        return {"day": self.outcome.to_json(), "decided_by": self.decided_by,
                "count": self.count.to_json() if self.count is not None else None,
                "modkill_candidates": list(self.modkill_candidates), "under_active": list(self.under_active),
                "note": self.note, "owes_night_action": list(self.owes_night_action),
                "overridden": [{"player": p, "shield": k} for p, k in self.overridden]}


@dataclass(frozen=True)
class NightResult:
    """What `night resolve` applied (or would apply with --dry-run): the outcome and, with
    `night_action_is_duty`, who missed their night action."""

    outcome: R.NightOutcome
    duty: NightDuty | None
    day_after: int          # the day whose count punishes the missed actions

    def to_json(self) -> dict:
        data = self.outcome.to_json()
        data["night_duty"] = self.duty.to_json() if self.duty is not None else None
        return data


@dataclass(frozen=True)
class VoteLine:
    """One vote a player wrote (`mafvote votes`)."""

    post_id: int
    time: datetime
    phase: str            # "day 2", or "" when the post is outside every known day
    target: str | None
    written: str
    color: str
    early: bool
    url: str

    def to_json(self) -> dict:
        return {"post_id": self.post_id, "time": self.time.isoformat(), "day": self.phase, "target": self.target,
                "written": self.written, "color": self.color, "early": self.early, "url": self.url}


# --- the initial state --------------------------------------------------------------------------

def initial_state(game: GameConfig, ruleset: R.Ruleset) -> R.GameState:
    """The state before the first phase, from the config roster. Roles may be missing (a count needs none);
    a role that is given must be a role of the ruleset."""
    players = []
    problems = []
    for i, p in enumerate(game.players):
        role = ""
        if p.role:
            found = ruleset.find_role(p.role)
            if found is None:
                problems.append(f"players[{i}].role: {p.role!r} is not a role of ruleset {ruleset.name}")
                continue
            role = found.name
        # the replacement's nick (config `replaced_by`) names the slot too, e.g. as the actor of `night add`
        aliases = (*p.aliases, *((p.replaced_by.nick,) if p.replaced_by else ()))
        players.append({"nick": p.nick, "role": role, "gender": p.gender, "aliases": aliases,
                        "display": p.mask or p.nick, **({"items": tuple(p.items)} if p.items else {})})
    if problems:
        raise GameError(f"game {game.id}: " + "; ".join(problems) + " (see `mafvote check`)")
    # with every role known, the ruleset gives the state what the roles and the roster hold from the start:
    # 003's items (checked against the ruleset's [[items]]), 004's one-time protections; a roster without
    # roles can still be counted
    complete = all(p["role"] for p in players)
    if not complete and any("items" in p for p in players):
        raise GameError(f"game {game.id}: items are given in the roster but not every player has a role; "
                        "set games.players[].role for everyone (see `mafvote check`)")
    try:
        return R.new_game(game.id, players, ruleset if complete else None)
    except R.ResolverError as exc:
        where = "games.players[].items" if "item " in str(exc) else "the roster"
        raise GameError(f"config: {exc}; fix {where} (see `mafvote check`)") from None


# --- the service --------------------------------------------------------------------------------

class GameService:
    """One game's state over the store. Open per command; nothing is cached between commands."""

    def __init__(self, store: Store, game: GameConfig, ruleset: R.Ruleset, *, nights_dir: Path,
                 engine: str = "", base_url: str = "", bot: str = ""):
        self.store = store
        # the forum account mafvote logs in with to publish the count (`[forums].login.user`): its posts are
        # the count, not votes (`_bot_posts`)
        self.bot = bot
        self.game = game
        self.ruleset = ruleset
        self.nights_dir = Path(nights_dir)
        self.engine = engine
        self.base_url = base_url
        self.tz = game.schedule.tz
        self._matcher: tuple[T.Roster, T.RosterMatcher] | None = None
        self._initial: R.GameState | None = None

    # -- reading the stored phases --
    def applied(self) -> list[AppliedPhase]:
        return [AppliedPhase(seq=r.seq, number=r.number, kind=r.kind, start=self._local(r.start),
                             deadline=self._local(r.deadline), state=R.GameState.from_dict(r.state), outcome=r.outcome,
                             applied_at=r.applied_at, how=r.how)
                for r in self.store.game_phases(self.game.id)]

    def _local(self, t: datetime | None) -> datetime | None:
        return t.astimezone(self.tz) if t is not None else None

    def initial(self) -> R.GameState:
        # the config and the ruleset are the service's for its life, and the state is frozen: made once (the
        # daemon asks for it several times a tick)
        if self._initial is None:
            self._initial = initial_state(self.game, self.ruleset)
        return self._initial

    def state(self, applied: Sequence[AppliedPhase] | None = None) -> R.GameState:
        rows = self.applied() if applied is None else applied
        return rows[-1].state if rows else self.initial()

    def current_phase(self, applied: Sequence[AppliedPhase] | None = None) -> Phase:
        rows = list(self.applied() if applied is None else applied)
        ended = [r for r in rows if r.how in _ENDS_PHASE]
        last = ended[-1] if ended else None
        return self._phase_after(len(ended), last.deadline if last else None, last.ended if last else None)

    def _phase_after(self, index: int, previous_deadline: datetime | None, start: datetime | None = None) -> Phase:
        """The phase at `index`: it starts when the previous one ended (`start`, by default its deadline) and
        ends at the schedule's next deadline after the previous one's, so a phase the GM ended early moves
        the next one's start, not its deadline (an early close must not make a night or day of minutes)."""
        s = self.game.schedule
        kind, number = phase_of_index(index, s.starts_with)
        if index == 0:
            return Phase(kind, number, s.start, s.first_deadline, 0)  # type: ignore[arg-type]
        after = previous_deadline or s.start
        return Phase(kind, number, start or after, phase_deadline(kind, after, s, self.tz), index)  # type: ignore[arg-type]

    def phase(self, kind: str, number: int, applied: Sequence[AppliedPhase] | None = None) -> Phase:
        """Any phase's bounds: stored for phases already applied, computed from the schedule for the rest."""
        rows = list(self.applied() if applied is None else applied)
        want = phase_index(kind, number, self.game.schedule.starts_with)
        ended = [r for r in rows if r.how in _ENDS_PHASE]
        if want < len(ended):
            r = ended[want]
            return Phase(kind, number, r.start, r.deadline, want)  # type: ignore[arg-type]
        ph = self.current_phase(rows)
        if want - ph.index > 2 * MAX_PHASES_AHEAD:
            raise GameError(f"{kind} {number} is far beyond the game's current phase ({ph.label_ru}); "
                            f"give a {kind} number near the current one")
        while ph.index < want:
            ph = self._phase_after(ph.index + 1, ph.deadline)
        return ph

    # -- writing --
    def _append(self, phase: Phase, how: str, state: R.GameState, outcome: Mapping[str, Any], now: datetime,
                ended: datetime | None = None) -> int:
        """Store an applied phase. `ended`: when the GM ended it (a day closed, a night resolved); before the
        deadline it is kept as the row's `ended_at`, where the next phase starts and a recount of a closed
        day stops (`AppliedPhase.ended`). A moment before the phase began (a GM's or a test's clock) is not kept."""
        if ended is not None and phase.start is not None and phase.deadline is not None \
                and phase.start < ended < phase.deadline:
            outcome = {**outcome, "ended_at": ended.isoformat()}
        seq = self.store.append_game_phase(self.game.id, number=phase.number, kind=phase.kind, start=phase.start,
                                           deadline=phase.deadline, state=state.to_dict(), outcome=outcome,
                                           applied_at=now, how=how)
        return seq

    def undo(self) -> AppliedPhase:
        """Drop the last applied step; raises when nothing is applied."""
        rows = self.applied()
        if not rows:
            raise GameError(f"game {self.game.id}: nothing applied yet, nothing to undo")
        last = rows[-1]
        self.store.drop_game_phase(self.game.id, last.seq)
        return last

    # -- checks --
    def _need_roles(self, state: R.GameState) -> None:
        missing = [p.nick for p in state.players if not p.role]
        if missing:
            keys = [f"games.players[{i}].role" for i, p in enumerate(self.game.players) if p.nick in missing]
            raise GameError(f"game {self.game.id}: no role for {', '.join(missing)}; the night and day rules need "
                            f"every role: set {', '.join(keys[:3])}{' ...' if len(keys) > 3 else ''} in the config")

    def _player(self, state: R.GameState, name: str, *, alive: bool = True, what: str = "player",
                kills: bool = False) -> R.Player:
        """The player a name typed on the command line means: the nick, display name or alias, else as a vote
        names a player (tally.RosterMatcher: case forms `Дельту`, Latin look-alike letters, transliteration, a
        unique beginning of the name). A name that could be several players, or only a fuzzy guess, is refused
        with the candidates: a GM's order is never carried out on a guess. `kills`: the command removes the
        player (`--eliminate`, `state kill`, `modkill`), so a bare beginning or one word of the name («Кот» for
        Kotik) is refused too, naming the candidates (issue 15 point 9): a death is not undone by a glance."""
        p = find_player(state.players, name)
        if p is None:
            names = {q.nick: (*((q.display,) if q.display else ()), *q.aliases) for q in state.players}
            m = T.RosterMatcher(names).match(name, fuzzy=True)
            if kills and m.step == "prefix" and m.candidates:
                cands = ", ".join(m.candidates)
                raise GameError(f"{what} {name!r}: это только начало имени ({cands}); команда, которая убивает "
                                f"игрока, не угадывает — напишите ник полностью, как в составе")
            if m.status == "match" and m.step != "fuzzy":
                p = state.player(m.player or "")
            elif m.candidates:
                cands = ", ".join(m.candidates)
                raise GameError(f"{what} {name!r} could be {'any of ' if len(m.candidates) > 1 else ''}{cands} in "
                                f"game {self.game.id}; not guessed: write the nick as the roster has it")
            else:
                listed = ", ".join(q.nick for q in state.players)
                raise GameError(f"{what} {name!r} is not in game {self.game.id} (players: {listed})")
        if alive and not p.alive:
            raise GameError(f"{what} {p.nick} is dead ({p.died}); only living players can be meant here")
        return p

    def killed_name(self, name: str) -> str:
        """The nick a command that kills reads `name` as (see `_player(kills=True)`), to print it back."""
        return self._player(self.state(), name, alive=False, kills=True).nick

    def _wrap(self, exc: Exception) -> GameError:
        return GameError(str(exc))

    def _without_day_shields(self, state: R.GameState, nick: str) -> tuple[R.GameState, tuple[tuple[str, str], ...]]:
        """The state `day close --eliminate` hangs on: the named player's alibi and protections from hanging left
        out (they die, so nothing is spent), with what was passed over. A role that can never be hanged
        (Миллард, `immune = ["hang"]`) is not a day's shield but the role itself: refused, `mafvote modkill` is
        the GM's way to remove such a player."""
        p = state.player(nick)
        role = self.ruleset.find_role(p.role) if p.role else None
        if role is not None and "hang" in role.immune:
            raise GameError(f"--eliminate {p.nick}: the role {role.name} can never be hanged (RULES.md §3.10); to "
                            f"remove the player anyway use `mafvote modkill --player {p.nick}`")
        passed: list[tuple[str, str]] = []
        if nick in state.alibis:
            passed.append((nick, "alibi"))
            state = replace(state, alibis=tuple(a for a in state.alibis if a != nick))
        if state.hang_protection.get(nick, 0) > 0:
            passed.append((nick, "protected"))
            state = replace(state, hang_protection={k: v for k, v in state.hang_protection.items() if k != nick})
        return state, tuple(passed)

    def _night_actors(self, state: R.GameState) -> tuple[str, ...] | None:
        """The living players who hold a night ability in `state` (their role's, the boss's, 003's items): the
        ones the 3-posts rule (RULES.md §3.13) can refuse something; None while a role is unknown."""
        if any(not p.role for p in state.players):
            return None
        out = []
        for p in state.players:
            if not p.alive:
                continue
            try:
                if R.available_abilities(self.ruleset, state, p.nick):
                    out.append(p.nick)
            except (R.ResolverError, KeyError):
                out.append(p.nick)      # when in doubt, the GM is told
        return tuple(out)

    # -- the game's end (RULES.md §5) --
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

    def winner_words(self, winner: str) -> str:
        """«мафии», «маньяка»: the winner as «победа …» needs it, worded as the game's posts word it."""
        from .render import RenderError, winner_genitive

        try:
            return winner_genitive(self.game.theme or self.ruleset.theme, winner, self.ruleset,
                                   templates_dir=self.game.templates_dir)
        except RenderError:
            side = self.ruleset.sides.get(winner)
            return f"стороны «{side.title if side else winner}»"

    def _not_over(self, applied: Sequence[AppliedPhase], what: str) -> None:
        """Refuse a step after the game's end (RULES.md §5), naming the winner and the way back."""
        winner = self.winner(applied)
        last = self.game_over_step(applied)
        if winner is None or last is None:
            return
        after = sum(1 for r in applied if r.seq > last.seq)
        undo = t("over.undo") if not after else t("over.undo_n", times=after + 1, after=after)
        raise GameError(t("over", game=self.game.id, winner=self.winner_words(winner), step=last.describe(),
                          what=what, undo=undo))

    # -- nights --
    def night_path(self, night: int) -> Path:
        return self.nights_dir / self.game.id / f"night-{night}.toml"

    def _night_ready(self, night: int, state: R.GameState, *, resolving: bool) -> None:
        if night < 1:
            raise GameError(f"night {night}: nights are numbered from 1 (the game's next night is {state.night + 1})")
        if night <= state.night:
            raise GameError(f"night {night} of game {self.game.id} is already applied; `mafvote undo` reverts it "
                            "if it must be redone")
        if night != state.night + 1:
            raise GameError(f"night {night}: the game's next night is {state.night + 1}")
        if resolving:
            current = self.current_phase()
            if (current.kind, current.number) != ("night", night):
                raise GameError(f"night {night} is not the current phase ({current.label_ru}, deadline "
                                f"{current.deadline.astimezone(self.tz):%Y-%m-%d %H:%M}); "
                                + (f"close day {current.number} first with `mafvote day close`" if current.kind == "day"
                                   else f"resolve night {current.number} first"))

    def _read_night(self, night: int) -> str:
        # the GM edits it by hand, often in Notepad: a BOM is read past, ANSI (windows-1251) or a folder is
        # refused naming the file, before anything is applied
        path = self.night_path(night)
        if not path.exists():
            return ""
        try:
            return read_gm_text(path)
        except UnreadableFile as exc:
            raise GameError(f"{path}: {exc}") from None

    def _write_night(self, night: int, text: str) -> None:
        path = self.night_path(night)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".toml.tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)

    def _check_file(self, night: int, text: str, state: R.GameState, unwritten: int = 0) -> R.NightFile:
        try:
            return R.parse_night_file(text, str(self.night_path(night)), self.ruleset, state, unwritten=unwritten)
        except R.ResolverError as exc:
            raise self._wrap(exc) from None

    def add_action(self, night: int, actor: str, text: str) -> list[R.Action]:
        """Read a phrase as the actor wrote it, check it with the whole night file, append it."""
        self._not_over(self.applied(), t("over.night_add", night=night))
        state = self.state()
        self._need_roles(state)
        self._night_ready(night, state, resolving=False)
        p = self._player(state, actor, what="actor")
        try:
            actions = R.read_action(text, p.role, state.players, self.ruleset, actor=p.nick, state=state, night=night)
        except R.ResolverError as exc:
            raise self._wrap(exc) from None
        old = self._read_night(night)
        new = old if old.strip() else f"night = {night}\n"
        for a in actions:
            new = R.append_action(new, a)
        self._check_file(night, new, state, len(actions))   # the file stays valid or nothing is written
        self._write_night(night, new)
        return actions

    def force_roll(self, night: int, actor: str, roll: str, value: bool | str) -> str:
        """Write a forced roll into the night file: yes/no (`True`/`False`), or for a choice roll
        (`resolver.CHOICE_ROLLS`, 004 "visitor") the chosen player's name, written as the player's nick."""
        state = self.state()
        self._night_ready(night, state, resolving=False)
        p = self._player(state, actor, what="actor")
        if roll not in R.ROLL_NAMES:
            raise GameError(f"roll {roll!r}: one of {', '.join(R.ROLL_NAMES)}")
        if roll in R.CHOICE_ROLLS:
            if not isinstance(value, str):
                raise GameError(f"roll {roll} picks a player: give a player's name instead of yes/no "
                                f"(`mafvote night roll --night {night} --actor {p.nick} {roll} НИК`)")
            value = self._player(state, value, what=f"roll {roll}: player").nick
        elif not isinstance(value, bool):
            raise GameError(f"roll {roll} takes yes or no, not {value!r}; a player's name is for: "
                            f"{', '.join(R.CHOICE_ROLLS)}")
        old = self._read_night(night)
        # a roll none of the actor's actions draws would be silently unused (a townsperson's evidence)
        from mafvote_resolver.actions import check_roll
        entered = self._check_file(night, old if old.strip() else f"night = {night}\n", state).actions
        unused = check_roll(self.ruleset, state, entered, p.nick, R.canonical_roll(roll))
        if unused:
            raise GameError(unused)
        new = R.append_roll(old if old.strip() else f"night = {night}\n", p.nick, roll, value)
        self._check_file(night, new, state)
        self._write_night(night, new)
        return p.nick

    def resolve_night(self, night: int, *, now: datetime, dry_run: bool = False) -> R.NightOutcome:
        return self.resolve_night_with_duty(night, now=now, dry_run=dry_run).outcome

    def resolve_night_with_duty(self, night: int, *, now: datetime, dry_run: bool = False) -> NightResult:
        """Resolve the night from its file; with `night_action_is_duty`, also who owed an action and sent
        none (stored with the night as `night_duty`, for the next day's count)."""
        applied = self.applied()
        state = self.state(applied)
        self._need_roles(state)
        self._not_over(applied, t("over.night_resolve", night=night))
        self._night_ready(night, state, resolving=True)
        parsed = self._check_file(night, self._read_night(night) or f"night = {night}\n", state)
        try:
            outcome = R.resolve_night(self.ruleset, state, parsed.actions, R.Rolls(self.game.id, night, parsed.forced))
            duty = (night_duty(self.ruleset, state, parsed.actions, outcome, self._night_excused(state, night))
                    if self.night_action_is_duty else None)
        except R.ResolverError as exc:
            raise self._wrap(exc) from None
        outcome = _keep_hand_set(state, outcome)
        result = NightResult(outcome, duty, self.day_after_night(night))
        if not dry_run:
            # the day starts at the results' minute: forums show post times in minutes, and a vote posted
            # the minute the GM resolved the night must count
            self._append(self.current_phase(applied), "resolve", outcome.state, result.to_json(), now,
                         ended=_minute(now))
        return result

    def night_alerts(self, night: int, applied: Sequence[AppliedPhase] | None = None) -> tuple[str, ...]:
        """The GM alerts of a resolved night (004: the mafia entered no kill), as stored with its outcome
        (`alerts` in the row's outcome JSON; absent when there were none)."""
        rows = list(self.applied() if applied is None else applied)
        row = next((r for r in reversed(rows) if r.how == "resolve" and r.kind == "night" and r.number == night), None)
        return tuple(row.outcome.get("alerts", ())) if row is not None else ()

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

    def _night_excused(self, state: R.GameState, night: int) -> tuple[str, ...]:
        """Excused from the night action of `night`: `--night` excuses and the excuses for the day after it."""
        names = (*state.excused.get(f"night {night}", ()), *state.excused.get(f"day {self.day_after_night(night)}", ()))
        return tuple(dict.fromkeys(_current_nick(state, n) for n in names))

    def stored_night_duty(self, night: int, applied: Sequence[AppliedPhase] | None = None) -> NightDuty | None:
        """Who missed the night action of a resolved night, as stored with it (None: not resolved, or resolved
        without the duty)."""
        rows = list(self.applied() if applied is None else applied)
        row = next((r for r in reversed(rows) if r.how == "resolve" and r.kind == "night" and r.number == night), None)
        data = row.outcome.get("night_duty") if row is not None else None
        return NightDuty.from_json(data) if data else None

    def owes_night_action(self, day: int, state: R.GameState, applied: Sequence[AppliedPhase]) -> tuple[str, ...]:
        """The players day `day`'s count punishes for a missed night action: the stored misses of the night
        before it, minus the players excused since (nicks of `state`, replacements followed)."""
        night = self.night_before_day(day)
        duty = self.stored_night_duty(night, applied) if night >= 1 and self.night_action_is_duty else None
        if duty is None:
            return ()
        excused = set(self._night_excused(state, night))
        out = []
        for nick in duty.missed:
            now_nick = _current_nick(state, nick)
            if now_nick not in excused and find_player(state.players, now_nick) is not None:
                out.append(now_nick)
        return tuple(dict.fromkeys(out))

    def set_excuse(self, player: str, day: int, *, now: datetime, night: bool = False) -> R.GameState:
        """`mafvote state excuse`: excuse a player from day `day`'s vote (and the night action before it), or
        with `night` from that night action only. One `set` row; `mafvote undo` takes it back."""
        applied = self.applied()
        state = self.state(applied)
        current = self._coming_day(day, applied)
        p = self._player(state, player)
        if night and not self.night_action_is_duty:
            # RULES.md §3.6: only with `night_action_is_duty` is a missed night action punished; an excuse here
            # would be an undo step that changes nothing
            raise GameError(f"state excuse --night: in this game a missed night action is not punished; nothing to "
                            f"excuse (ruleset {self.ruleset.name}: night_action_is_duty = false). To excuse the "
                            f"day's vote, leave out --night")
        if night:
            k = self.night_before_day(day)
            if k < 1:
                raise GameError(f"day {day} of game {self.game.id} has no night before it (the game starts with a "
                                "day); excuse the vote without --night")
            key, what = f"night {k}", f"excuse {p.nick} from the night action of night {k}"
            facts = {"set": "excuse_night", "player": p.nick, "night": k}
        else:
            key, what = f"day {day}", f"excuse {p.nick} on day {day}"
            facts = {"set": "excuse_day", "player": p.nick, "day": day}
        if p.nick in state.excused.get(key, ()):
            raise GameError(f"{p.nick} is already excused ({key}); `mafvote undo` takes an excuse back")
        excused = {**state.excused, key: (*state.excused.get(key, ()), p.nick)}
        new = replace(state, excused=excused)
        self._append(current, "set", new, {"what": what, **facts}, now)
        return new

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
            raise GameError(f"day {day}: days are numbered from 1")
        if not with_modkill:
            self._not_over(applied, t("over.day_close", day=day))
        current = self.current_phase(applied)
        if (current.kind, current.number) != ("day", day):
            done = [r for r in applied if r.how == "close" and r.number == day]
            if done:
                raise GameError(f"day {day} is already closed; `mafvote undo` reverts it if it must be redone")
            hint = (f"resolve night {current.number} first with `mafvote night resolve`" if current.kind == "night"
                    else f"close day {current.number} first")
            raise GameError(f"day {day} is not the current phase ({current.label_ru}); {hint}")
        current = replace(current, start=since or current.start, deadline=deadline or current.deadline)
        if closed_at is not None:
            # a mistyped --closed-at would close the day on no votes and give every player a miss
            shown = f"--closed-at {closed_at.astimezone(self.tz):%d.%m.%Y %H:%M}"
            if current.start is not None and closed_at <= current.start:
                began = current.start.astimezone(self.tz)
                raise GameError(f"{shown} is not after day {day} began ({began:%d.%m.%Y %H:%M}); check the date")
            if closed_at > now:
                raise GameError(f"{shown} is in the future; a day is closed at a moment that has passed")
            if closed_at > current.deadline:
                # the votes stopped counting at the deadline whatever the GM typed; quietly counting to the
                # deadline would hide a GM's real intent when it was a day extended by hand (--deadline)
                end = current.deadline.astimezone(self.tz)
                raise GameError(f"{shown} is after day {day}'s deadline ({end:%d.%m.%Y %H:%M}), where the count "
                                f"stops anyway: leave --closed-at out; if you extended the day, give "
                                f"--deadline {closed_at.astimezone(self.tz):%Y-%m-%dT%H:%M} instead")
        if closed_at is not None or now < current.deadline:
            # a GM's close (now, or --closed-at) keeps the votes shown in its own minute: they were most likely
            # written before it (forums show minutes), so the close is the end of that minute, one rule for both
            closed_at = min(_minute(closed_at or now) + timedelta(minutes=1), current.deadline)
        count: T.Tally | None = None
        public_count: T.Tally | None = None
        inputs: CountInputs | None = None
        note = ""
        try:
            inputs = self.count_inputs(day, applied=applied, closed_at=closed_at, since=since, deadline=deadline)
            count = self._count(inputs, view="gm")
            # the public count over the same bounds, for the GM's "hidden weights" warning (RULES.md §3 "Two views")
            public_count = self._count(inputs, view="public")
        except GameError as exc:
            if eliminate is None and not nobody:
                raise
            note = t("note.no_count", error=exc)
        modkilled: list[str] = []
        overridden: tuple[tuple[str, str], ...] = ()
        hang_state = state
        if eliminate is not None:
            doomed = [self._player(state, eliminate, what="--eliminate", kills=True).nick]
            decided = "gm"
            if count is not None and inputs is not None and not count.outcome.saved and [
                    inputs.slot_to_nick.get(p, p) for p in count.outcome.eliminated] == doomed:
                # the GM named exactly whom the count hangs: that is the count's result, and the posts must not
                # suggest that the GM stepped in («решение ведущего»)
                decided = "count"
            # RULES.md §3.10: a shield saves from the vote's hanging; the GM's own decision is the GM's, so the
            # named player hangs whatever day shield they hold, and the GM is told which one was passed over
            hang_state, overridden = self._without_day_shields(state, doomed[0])
        elif nobody:
            doomed = []
            decided = "gm"
        else:
            assert count is not None and inputs is not None
            o = count.outcome
            # the shielded go to apply_day too, so the resolver spends the shield the count spent
            # (`o.spent`: alibis before protections in both) and writes "обреченный отмазан"; a player the
            # day's modkill already removed (004 rule 14, reason "modkill") is not hanged again
            doomed = [inputs.slot_to_nick[p] for p in (*o.eliminated, *o.saved) if p not in inputs.state.modkilled]
            modkilled = [inputs.slot_to_nick[p] for p in o.eliminated if p in inputs.state.modkilled]
            # RULES.md §3.1: a modkill after the day's end left the count alone (`_modkills_before_end`), so the
            # count may hang a player who has already left: nobody else is hanged in his place (the votes
            # stand as cast), the post says nobody is hanged, and the GM is told
            left = [n for n in doomed if not state.player(n).alive]
            doomed = [n for n in doomed if n not in left]
            if left and not doomed:
                names = ", ".join(state.player(n).name for n in left)
                note = t("note.hanged_already_out", names=names)
            decided = "count"
        # the line `day close` and the GM report offer for the post is the one the public post gives: the public
        # count decides what may be said (tally.format.shown_reason, RULES.md §3 "Two views")
        said = T.format.shown_reason(public_count) if decided == "count" and public_count is not None else None
        try:
            out = R.apply_day(self.ruleset, hang_state, doomed, day=day, reason=said)
        except R.ResolverError as exc:
            raise self._wrap(exc) from None
        if decided == "count" and modkilled:
            # RULES.md §3.14: the modkill is the day's elimination; "nobody is hanged" would be wrong
            public = tuple(x for x in out.public if x.kind != "nobody")
            public += tuple(R.Public("modkill", f"День закрыт модкиллом: {state.player(n).name}", {"player": n})
                            for n in modkilled)
            out = replace(out, public=public,
                          log=(*out.log, Line("day.closed_by_modkill", "the day closes with the modkill of {players} "
                                              "(RULES.md §3.14)", players=", ".join(modkilled))))
        new = out.state
        candidates: tuple[str, ...] = ()
        under: tuple[str, ...] = ()
        if count is not None and inputs is not None and not _has_vote_posts(inputs, current):
            # A day with not one post in the vote thread is a gap in the data (the thread was not crawled,
            # wrong bounds, a day played before mafvote), not every player missing their vote: punishing
            # everybody would be a silently wrong count, so the misses wait for the GM.
            note = t("note.no_posts", start=f"{current.start:%d.%m %H:%M}", deadline=f"{current.deadline:%d.%m %H:%M}")
            count = None
        if count is not None and inputs is not None:
            to_nick = inputs.slot_to_nick
            missed = []
            for slot, total in count.misses.items():
                nick = to_nick[slot]
                if not state.player(nick).alive:
                    continue        # modkilled after the day's end (`_modkills_before_end`): nothing to record
                missed += [nick] * max(0, total - state.misses.get(nick, 0))
            if inputs.state.modkill_cut_short(inputs.rules) and count.not_voted:
                # RULES.md §3.14 (004): the modkill cut the day short; the others had until the deadline to vote,
                # and a miss would raise their cumulative penalty for good. The count decides it (the same
                # `DayState.modkill_cut_short` leaves the penalties out of every count of the day): no miss; the
                # GM is told.
                note = t("note.modkill_cut_short", names=", ".join(to_nick[s] for s in count.not_voted))
            new, candidates = R.record_misses(new, missed)
            candidates = tuple(dict.fromkeys(candidates))     # a vote and a night action missed: one candidate
            if inputs.rules.penalty != "fixed":
                # RULES.md §3.6: the second miss is a modkill candidate in 000, 001, 003 (fixed penalty) only, as
                # the tally flags it; 004's cumulative penalty grows instead
                candidates = ()
            # RULES.md §3.13: the next night action is refused, so only the living after this day (not the
            # hanged) who hold a night ability then are listed (the count knew the abilities before the close)
            actors = set(self._night_actors(new) or ())
            under = tuple(n for n in dict.fromkeys(to_nick[f.player] for f in count.flags
                                                   if f.kind == "under_active" and f.player)
                          if new.player(n).alive and n in actors)
            new = replace(new, under_active=frozenset(under))
        out = replace(out, state=new)
        owed = ()
        if count is not None and inputs is not None and count.closed:
            owed = tuple(inputs.slot_to_nick[s] for s in inputs.state.owes_night_action
                         if s in inputs.state.alive and s not in inputs.state.excused
                         and state.player(inputs.slot_to_nick[s]).alive)
        result = DayClose(out, count, decided, candidates, under, note, owed, overridden,  # type: ignore[arg-type]
                          public_count if count is not None else None)
        ended = closed_at
        if count is not None and count.closed_early is not None:
            # RULES.md §3.11: an automatic early close (000/003 досрочно) ends the day at the closing post's time,
            # also when the GM closes the day later: the night starts there
            ended = count.closed_early if ended is None else min(ended, count.closed_early)
        if not dry_run:
            self._append(current, "close", new, result.to_json(), now, ended=ended)
        return result

    def modkill(self, player: str, *, now: datetime, reveal: bool = False) -> R.DayOutcome:
        applied = self.applied()
        state = self.state(applied)
        self._need_roles(state)
        p = self._player(state, player, kills=True)
        try:
            out = R.modkill(self.ruleset, state, p.nick, reveal=reveal)
        except R.ResolverError as exc:
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
            t = self._count(self.count_inputs(current.number, applied=rows), view="gm")
        except GameError:
            return None
        return t.closed_early if t.closed_early is not None and t.closed_early <= now else None

    def day_a_modkill_closes(self, applied: Sequence[AppliedPhase] | None = None) -> Phase | None:
        """The open day a modkill now would close (RULES.md §3.14, 004 general rule 1: "модкиллится ... при
        этом день закрывается повесом этого игрока и обьявляется следующая ночь"): the current phase when it
        is a day and the ruleset's `modkill_closes_day` is set; else None."""
        current = self.current_phase(applied)
        if current.kind != "day" or not self.ruleset.votes.get("modkill_closes_day", False):
            return None
        return current

    def modkill_closing_day(self, player: str, *, now: datetime, reveal: bool = False) -> tuple[R.DayOutcome, DayClose]:
        """RULES.md §3.14: the modkill, then the day's close with the modkilled player as its elimination (the
        count's outcome `modkill`), both applied; `mafvote undo` takes back the close, then the modkill. When the
        day cannot be closed the modkill is taken back too, so nothing half-done is left."""
        day = self.day_a_modkill_closes()
        if day is None:
            raise GameError(f"a modkill closes no day now in game {self.game.id} (the current phase is "
                            f"{self.current_phase().label_ru}; ruleset {self.ruleset.name})")
        out = self.modkill(player, now=now, reveal=reveal)
        try:
            return out, self.close_day(day.number, now=now, with_modkill=True)
        except MafvoteError as exc:
            self.undo()
            raise GameError(f"the modkill of {player} is not applied: day {day.number} could not be closed with it "
                            f"({exc}); fix that, or modkill with --keep-day and close the day yourself") from None

    def replace_player(self, player: str, by: str, *, now: datetime, at: datetime | None = None) -> R.GameState:
        """`mafvote replace`: `by` plays the slot from `at` (default `now`): its posts from then on count for the
        slot, also those written before the GM entered the replacement (the substitute often votes at once)."""
        applied = self.applied()
        state = self.state(applied)
        by = self._new_account(by)
        self._not_replaced_already(state, applied, player)
        p = self._player(state, player)
        explicit = at is not None
        at = at or _minute(now)      # the newcomer's vote in the same minute (forums show minutes) is the slot's
        if at.tzinfo is None:
            raise GameError(f"replace --at {at.isoformat()}: give the time with an offset")
        current = self.current_phase(applied)
        if explicit and current.index > 0 and at < current.start:
            # a time in a closed phase recounts that day after its result was posted (the replaced
            # account's vote dropped, the new one penalised as not voting); a closed count changes only by undo
            ended = [r for r in applied if r.how in _ENDS_PHASE]
            inside = next((r for r in ended if r.start is not None and r.ended is not None and r.start <= at < r.ended), None)
            first = ended[0].start if ended and ended[0].start is not None else self.game.schedule.start
            if inside is not None:
                where = (f"in {'day' if inside.kind == 'day' else 'night'} {inside.number}, already "
                         f"{'closed' if inside.kind == 'day' else 'resolved'}")
            else:
                where = f"before the game's start ({first.astimezone(self.tz):%Y-%m-%d %H:%M})"
            raise GameError(f"replace --at {at.astimezone(self.tz):%Y-%m-%d %H:%M}: that is {where}; a replacement "
                            "from then would recount the closed days (the replaced account's votes dropped, the new "
                            f"one counted as not voting). Give a time in the current phase ({current.label_ru}, from "
                            f"{current.start.astimezone(self.tz):%Y-%m-%d %H:%M}) or leave --at out (now); if a closed "
                            "day's count must change, `mafvote undo` back to that day first")
        if explicit and at > max(now, current.deadline):
            # a typo of the year or month: until then the new account's votes would not count (flagged as a stranger's)
            raise GameError(f"replace --at {at.astimezone(self.tz):%Y-%m-%d %H:%M}: that is after the current phase "
                            f"({current.label_ru}, to {current.deadline.astimezone(self.tz):%Y-%m-%d %H:%M}); until "
                            "then the new account's votes would not count for the slot. Give a time in the current "
                            "phase or leave --at out (now); a later replacement is entered when it happens")
        try:
            new = R.replace_player(state, p.nick, by)
        except R.ResolverError as exc:
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
            raise GameError(f"replace --by {by!r}: the new account's nick is empty (spaces and invisible characters "
                            "do not count); give the nick exactly as the forum shows it")
        for gm in self.game.gm:
            if name_key(gm) == name_key(nick) or normalise(gm) == normalise(nick):
                raise GameError(f"replace --by {nick!r}: that is the GM's account {gm!r} of game {self.game.id} "
                                "(games.gm in the config), whose posts are never votes; give the new player's nick")
        return nick

    def _not_replaced_already(self, state: R.GameState, applied: Sequence[AppliedPhase], player: str) -> None:
        """A second `replace` of a slot names the account now playing it, not the one replaced before."""
        if find_player(state.players, player) is not None:
            return
        for r in reversed(applied):
            if r.how == "replace" and name_key(r.outcome.get("old", "")) == name_key(player):
                new = r.outcome["new"]
                when = datetime.fromisoformat(r.outcome["at"]).astimezone(self.tz)
                raise GameError(f"{r.outcome['old']} was replaced by {new} at {when:%Y-%m-%d %H:%M} (step #{r.seq}); "
                                f"to replace again: mafvote replace --player {new} --by NEWNICK")
        for cfg in self.game.players:
            if cfg.replaced_by is not None and name_key(cfg.nick) == name_key(player):
                new = cfg.replaced_by.nick
                raise GameError(f"{cfg.nick} was replaced by {new} (replaced_by in the config); "
                                f"to replace again: mafvote replace --player {new} --by NEWNICK")

    # -- the day state by hand (`mafvote state silence|alibi|kill`) --
    def _coming_day(self, day: int, applied: Sequence[AppliedPhase]) -> Phase:
        current = self.current_phase(applied)
        coming = current if current.kind == "day" else self._phase_after(current.index + 1, current.deadline)
        if day != coming.number:
            raise GameError(f"day {day}: the state can be set for the current or coming day only "
                            f"(day {coming.number}; the current phase is {current.label_ru})")
        return current

    def set_silence(self, player: str, day: int, *, now: datetime, secret: bool = False, days: int = 1) -> R.GameState:
        applied = self.applied()
        state = self.state(applied)
        current = self._coming_day(day, applied)
        p = self._player(state, player)
        if days < 1:
            raise GameError("--days must be 1 or more")
        if secret and days != 1:
            # nothing is announced to count the days down by: the hidden loss is the coming day's only
            raise GameError(f"--days {days} with --secret: a secret silence is for one day; enter it again "
                            "(`mafvote state silence --secret`) for the next day")
        if secret:
            new = replace(state, hidden_vote_loss=tuple(dict.fromkeys((*state.hidden_vote_loss, p.nick))))
        else:
            others = tuple(s for s in state.silences if s.player != p.nick)
            new = replace(state, silences=others + (R.Silence(p.nick, days, True, "set by the GM"),))
        what = f"{'secret ' if secret else ''}silence {p.nick} on day {day}"
        self._append(current, "set", new, {"what": what, "set": "silence_secret" if secret else "silence",
                                           "player": p.nick, "day": day}, now)
        return new

    def set_alibi(self, player: str, day: int, *, now: datetime) -> R.GameState:
        applied = self.applied()
        state = self.state(applied)
        current = self._coming_day(day, applied)
        p = self._player(state, player)
        new = replace(state, alibis=tuple(dict.fromkeys((*state.alibis, p.nick))))
        self._append(current, "set", new, {"what": f"alibi {p.nick} on day {day}", "set": "alibi", "player": p.nick,
                                           "day": day}, now)
        return new

    def set_dead(self, player: str, *, now: datetime, reveal: bool = False) -> R.GameState:
        """A death the GM worked out by hand (a night resolved outside mafvote)."""
        applied = self.applied()
        state = self.state(applied)
        current = self.current_phase(applied)
        p = self._player(state, player, kills=True)
        # RULES.md §3.15: the phase keeps the alive count it began with
        new = R.mark_phase_start(state).with_player(p.nick, alive=False, died=f"{current.label} (set by the GM)",
                                                    causes=("gm",), revealed=reveal)
        new = replace(new, silences=tuple(s for s in new.silences if s.player != p.nick),
                      alibis=tuple(a for a in new.alibis if a != p.nick),
                      hidden_vote_loss=tuple(h for h in new.hidden_vote_loss if h != p.nick))
        # RULES.md §5: the win is checked after every change of who lives, a death set by hand included (not
        # while a role is unknown: a counting-only game without roles has no win to check)
        winner = R.check_win(self.ruleset, new) if all(q.role for q in new.players) else None
        self._append(current, "set", new, {"what": f"{p.nick} dead", "winner": winner, "set": "dead",
                                           "player": p.nick}, now)
        return new

    # -- the count --
    def _replacements(self, applied: Sequence[AppliedPhase]) -> dict[str, list[T.Replacement]]:
        """slot -> the accounts that took it over, from the config and from `mafvote replace`."""
        out: dict[str, list[T.Replacement]] = {}
        slot_of: dict[str, str] = {p.nick: p.nick for p in self.game.players}
        for p in self.game.players:
            if p.replaced_by is not None:
                out.setdefault(p.nick, []).append(T.Replacement(p.replaced_by.nick, p.replaced_by.at))
        for r in applied:
            if r.how == "replace":
                old, new = r.outcome["old"], r.outcome["new"]
                slot = slot_of.get(old, old)
                slot_of[new] = slot
                at = datetime.fromisoformat(r.outcome["at"]).astimezone(self.tz)
                out.setdefault(slot, []).append(T.Replacement(new, at))
        return out

    def _slots(self, state: R.GameState, applied: Sequence[AppliedPhase]) -> dict[str, str]:
        """GameState nick -> tally slot (the slot keeps the roster's first nick through replacements)."""
        slot_of = {p.nick: p.nick for p in state.players}
        chain: dict[str, str] = {}
        for old, new in state.replacements:
            chain[new] = chain.get(old, old)
        for nick in slot_of:
            slot_of[nick] = chain.get(nick, nick)
        return slot_of

    def _roster(self, state: R.GameState, applied: Sequence[AppliedPhase],
                slot_of: Mapping[str, str]) -> tuple[T.Roster, T.VoteRules]:
        """The tally's roster (slots with aliases, mask, replacements; the GMs) and the ruleset's vote rules."""
        replacements = self._replacements(applied)
        config_by_nick = {p.nick: p for p in self.game.players}
        players = []
        for p in state.players:
            slot = slot_of[p.nick]
            cfg = config_by_nick.get(slot)
            mask = cfg.mask if cfg else None
            extra = (p.display,) if p.display and p.display not in (slot, mask) else ()
            aliases = tuple(dict.fromkeys((*(cfg.aliases if cfg else ()), *p.aliases, *extra)))
            players.append(T.Player(slot, aliases=aliases, mask=mask, replacements=tuple(replacements.get(slot, ()))))
        try:
            return (T.Roster(tuple(players), gms=tuple(self.game.gm)),
                    T.VoteRules.from_mapping(self.ruleset.votes, f"{self.ruleset.source}: [votes]"))
        except T.TallyError as exc:
            raise GameError(str(exc)) from None

    def _state_before(self, day: int, applied: Sequence[AppliedPhase]) -> R.GameState:
        """The state the count of `day` runs on: before the day's close when it is closed, else the latest."""
        for i, r in enumerate(applied):
            if r.how == "close" and r.number == day:
                return applied[i - 1].state if i else self.initial()
        return self.state(applied)

    def default_day(self, applied: Sequence[AppliedPhase] | None = None) -> int:
        """The current day; at night the day last closed, or the coming day before any."""
        rows = list(self.applied() if applied is None else applied)
        current = self.current_phase(rows)
        if current.kind == "day":
            return current.number
        closed = [r.number for r in rows if r.how == "close"]
        if closed:
            return closed[-1]
        return self._phase_after(current.index + 1, current.deadline).number

    def count_inputs(self, day: int | None = None, *, since: datetime | None = None, deadline: datetime | None = None,
                     as_of: datetime | None = None, closed_at: datetime | None = None,
                     applied: Sequence[AppliedPhase] | None = None) -> CountInputs:
        """The tally's inputs for `day` from the store: posts (with versions), roster, day state, rules."""
        rows = list(self.applied() if applied is None else applied)
        number = day if day is not None else self.default_day(rows)
        current = self.current_phase(rows)
        # checked before the bounds are computed: the schedule is walked phase by phase up to `number`, and a
        # typo'd `--day 10000000` would walk for a minute and then leave the calendar
        far = number > current.number + MAX_PHASES_AHEAD
        if phase_index("day", number, self.game.schedule.starts_with) > current.index + 1 \
                and (since is None or deadline is None or far):
            kind, after = phase_of_index(current.index + 1, self.game.schedule.starts_with)
            latest = after if kind == "day" else current.number
            raise GameError(f"day {number} has not begun (the current phase is {current.label_ru}); "
                            + (f"the latest day to count now is day {latest}" if far else
                               "give --since and --deadline to count a stretch of the thread anyway"))
        bounds = self.phase("day", number, rows)
        state = self._state_before(number, rows)
        if closed_at is None:
            # a day the GM closed before its deadline stays closed at that moment in every later recount
            closed_at = next((_count_end(r) for r in rows if r.how == "close" and r.number == number
                              and r.ended != r.deadline), None)
        slot_of = self._slots(state, rows)
        to_nick = {slot: nick for nick, slot in slot_of.items()}
        roster, rules = self._roster(state, rows, slot_of)
        silences = [T.Silence(slot_of[s.player], s.announced) for s in state.silences if s.days > 0]
        silenced = {s.player for s in silences}
        silences += [T.Silence(slot_of[h], False) for h in state.hidden_vote_loss if slot_of[h] not in silenced]
        shields: list[T.Shield] = [T.Shield(slot_of[a], "alibi", source="lawyer") for a in state.alibis]
        shields += _protections(state, slot_of)
        modkills = [(slot_of[d["player"]], r.applied_at) for r in rows if r.how == "modkill" and r.kind == "day"
                    and r.number == number for d in r.outcome.get("deaths", []) if d["player"] in slot_of]
        gone = {to for to, _ in modkills}
        weights: dict[str, T.Weight] = {}
        for p in state.players:
            role = self.ruleset.find_role(p.role) if p.role else None
            if role is None:
                continue
            # a player modkilled this day is alive in the count when the modkill came after the day's end
            # (`_modkills_before_end`); a shield of one the count treats as modkilled is never reached
            if "hang" in role.immune and (p.alive or slot_of[p.nick] in gone):
                shields.append(T.Shield(slot_of[p.nick], "unhangable", source=role.name))
            if (role.red_weight, role.blue_weight) != (1, 1):
                weights[slot_of[p.nick]] = T.Weight(role.red_weight, role.blue_weight)
        before = [r for r in rows if r.how == "close" and r.number < number]
        ties = sum(1 for r in before if ((r.outcome.get("count") or {}).get("outcome") or {}).get("reason") in _TIE_REASONS)
        night = self.night_before_day(number)
        night_start = self.phase("night", night, rows).start if night >= 1 else None
        # a day closed early by a досрочно post (RULES.md §3.11) ends at that post, where the night starts, but
        # the post and its minute are the closed day's (`_count_end`): not early posts of this day (issue 15.7)
        prev_end = next((_count_end(r) for r in rows if r.how == "close" and r.number == number - 1), None)
        if night_start is not None and prev_end is not None:
            night_start = max(night_start, prev_end)
        # the next day's start bounds this day's `late` votes (its own votes are its, not late for this day)
        next_day_start = self.phase("day", number + 1, rows).start
        actors = self._night_actors(state)
        day_state = T.DayState(
            day=number, deadline=deadline or bounds.deadline, start=since or bounds.start,
            # every player modkilled this day counts as alive here; `_modkills_before_end` takes the modkills
            # that came before the day's end out again
            alive=tuple(slot_of[p.nick] for p in state.players if p.alive or slot_of[p.nick] in gone),
            silences=tuple(silences), shields=tuple(shields),
            weights=weights, misses_so_far={slot_of[k]: v for k, v in state.misses.items() if k in slot_of},
            ties_so_far=ties, closed_at=closed_at,
            # RULES.md §3.7 (004): the votes stolen and gifted on the night before this day; the day's close
            # clears them, so a closed day's count reads them from the state before its close
            transfers=tuple(T.Transfer(kind, slot_of[a], slot_of[b])  # type: ignore[arg-type]
                            for kind, a, b in state.transfers if a in slot_of and b in slot_of),
            # RULES.md §3.5/§3.6: excused players are not vote-entitled and take no penalty (the tally's reading)
            excused=tuple(dict.fromkeys(slot_of[n] for n in (_current_nick(state, x) for x in
                                                            state.excused.get(f"day {number}", ()))
                                        if n in slot_of)),
            owes_night_action=tuple(slot_of[n] for n in self.owes_night_action(number, state, rows) if n in slot_of),
            # RULES.md §3.1: a vote posted in the night before the day does not count; the tally flags it
            night_start=night_start, next_day_start=next_day_start, game_start=self.game.schedule.start,
            # RULES.md §3.13: only a player with a night ability has a night action to lose
            night_actors=tuple(slot_of[n] for n in actors if n in slot_of) if actors is not None else None)
        # (a --since without a time zone is left to the tally, which names it)
        window = bounds.start if since is None or since.tzinfo is None else min(since, bounds.start)
        if night_start is not None:
            window = min(window, night_start)
        bot = self._bot_posts(roster)
        stored = [p for p in self._posts_for_count(window, roster, as_of) if not bot(p)]
        posts = tuple(T.Post.from_stored(p, self.tz) for p in stored)
        readings = {v.html: v.reading for p in stored for v in p.versions if v.reading is not None}
        inputs = CountInputs(number, posts, day_state, roster, rules, to_nick, readings)
        if rules.modkill_closes_day:
            # RULES.md §3.14 (004): the modkill is the day's elimination and its end whenever the GM makes it
            # before the close (a player absent for the day is known to be so at the deadline)
            return replace(inputs, state=_with_modkills(day_state, modkills))
        return self._modkills_before_end(inputs, modkills, as_of) if modkills else inputs

    def _modkills_before_end(self, inputs: CountInputs, modkills: Sequence[tuple[str, datetime | None]],
                             as_of: datetime | None) -> CountInputs:
        """The day's inputs with the day's modkills that came before its end (`DayState.modkilled`, with
        `modkilled_at`: from then on a vote for the player is a vote for the dead, an earlier one a vote whose
        target has left). RULES.md §3.1: the day's count is the thread up to its end (the GM's close, the
        count's automatic early close §3.11, or the deadline), so a modkill at or after the end (the GM ran
        `modkill` before `day close`) leaves the count alone: the player's own votes and the votes for him stand
        as cast. The end a modkill is measured against is the count's with the earlier modkills only, in the
        order the GM made them. Not for 004 (`modkill_closes_day`, §3.14): there every modkill of the open day
        is its end (`count_inputs`)."""
        state = inputs.state
        taken: list[tuple[str, datetime | None]] = []
        for slot, at in sorted(modkills, key=lambda m: (m[1] is not None, m[1] or datetime.min)):
            trial = replace(inputs, state=_with_modkills(state, taken))
            if at is not None:
                t = self._count(trial, view="gm", as_of=as_of)
                end = min(x for x in (state.deadline, state.closed_at, t.closed_early) if x is not None)
                if at >= end:
                    continue
            taken.append((slot, at))
        return replace(inputs, state=_with_modkills(state, taken))

    def _bot_posts(self, roster: T.Roster) -> Callable[[StoredPost], bool]:
        """Which stored posts are mafvote's own: the running count post it published (its id is in the store),
        and every post of the bot account (`[forums].login.user`) unless that account is on the roster or a GM
        (a GM who publishes from their own account still posts votes for players). Left in, the count post was
        a vote by a stranger: `unknown_author` in the GM view and an alert on every publish (issue 12)."""
        published = self.store.published_post_ids(self.game.id)
        key = self.bot.casefold().strip()
        bot_account = bool(key) and not roster.is_gm(key) and not any(
            key == acc.casefold().strip() for p in roster.players
            for acc in (p.nick, p.mask, *(r.nick for r in p.replacements)) if acc)
        return lambda post: post.post_id in published or (bot_account and post.author.casefold().strip() == key)

    def _posts_for_count(self, window: datetime, roster: T.Roster, as_of: datetime | None) -> list[StoredPost]:
        """Only the posts a count from `window` on can need, not the whole game's (the daemon counts both
        views after every crawl). `tally.count_day` reads the vote thread from the day's start (--since) on:
        the window (time >= start, RULES.md §3.1), late votes, activity (§3.13), and the night before the day
        (the count flags the votes posted then, `early_post`). Before the start it reads
        one thing: when each player last wrote, in either topic, for the 24 h silence (§3.13, 001 rule 3),
        which may be days back; so no margin before the start (none would be safe for a silence), but each
        account's latest post before it. A replaced account speaks for its slot only until its replacement
        (`Roster.slot_of_author`): its latest post before each replacement time is taken too, so one it wrote
        afterwards (as a spectator) cannot hide the slot's last post. Posts dated after the moment counted (a
        forum clock or `timezone` that is off) are the one case this can read differently."""
        cuts = {window, *(r.at for p in roster.players for r in p.replacements if r.at < window)}
        found = [p for cut in sorted(cuts) for p in self.store.posts(
            game_id=self.game.id, include_deleted=True, as_of=as_of, before=cut, last_per_author=True)]
        found += self.store.posts(game_id=self.game.id, include_deleted=True, as_of=as_of, since=window)
        return list({(p.forum, p.post_id): p for p in found}.values())

    def _count(self, inputs: CountInputs, *, view: str = "gm", as_of: datetime | None = None) -> T.Tally:
        if self._matcher is None or self._matcher[0] != inputs.roster:
            # one matcher per roster: it caches every post's reading, so a recount after a poll reads only
            # the new posts (the daemon counts both views after every crawl)
            self._matcher = (inputs.roster, T.RosterMatcher.from_roster(inputs.roster))
        matcher = self._matcher[1]
        flats = matcher.flats
        for html, reading in inputs.readings.items():
            if html not in flats:          # decoded once per matcher: a recount decodes only the new posts'
                flats[html] = Flat.from_json(reading)
        try:
            return T.count_day(inputs.posts, inputs.state, inputs.roster, inputs.rules, game=self.game.id,
                               view=view, as_of=as_of, matcher=self._matcher[1])  # type: ignore[arg-type]
        except T.TallyError as exc:
            raise GameError(str(exc)) from None

    def count(self, day: int | None = None, *, view: str = "gm", since: datetime | None = None,
              deadline: datetime | None = None, as_of: datetime | None = None,
              now: datetime | None = None) -> T.Tally:
        """`mafvote tally`: the day's count in one view, from the store (`counts`)."""
        return self.counts(day, views=(view,), since=since, deadline=deadline, as_of=as_of, now=now)[view]

    def counts(self, day: int | None = None, *, views: Sequence[str] = ("gm", "public"),
               since: datetime | None = None, deadline: datetime | None = None, as_of: datetime | None = None,
               now: datetime | None = None) -> dict[str, T.Tally]:
        """The day's count in each of `views`, from one read of the store (`count_views`)."""
        return self.count_views(day, views=views, since=since, deadline=deadline, as_of=as_of, now=now)[0]

    def count_views(self, day: int | None = None, *, views: Sequence[str] = ("gm", "public"),
                    since: datetime | None = None, deadline: datetime | None = None, as_of: datetime | None = None,
                    now: datetime | None = None) -> tuple[dict[str, T.Tally], CountInputs]:
        """The day's count in each of `views`, from one read of the store, with the inputs they were counted from
        (the pages draw the day's timeline from a count and its day state).

        `as_of` counts as mafvote knew the thread then (`--at`). Without it, a day whose deadline is after
        `now` is counted as of `now`: it is still open (the public view shows no result and no penalties).
        A day with an applied close (`day close`, a 004 modkill's close) is closed in every count whatever
        the clock: a GM's close is stored at the end of its minute, which is still ahead for up to 60 s."""
        if as_of is not None and now is not None and as_of > now:
            # `--at` is a moment mafvote has lived through; a future one (a typo'd year) would invent a closed day
            raise GameError(f"--at {as_of.astimezone(self.tz):%d.%m.%Y %H:%M} is in the future; --at counts as "
                            "mafvote knew the thread at a past moment")
        applied = self.applied()
        # one read of the store for every view asked (the daemon counts the GM's and the public view together)
        inputs = self.count_inputs(day, since=since, deadline=deadline, as_of=as_of, applied=applied)
        closed = any(r.how == "close" and r.number == inputs.day for r in applied)
        if (as_of is None and now is not None and not closed and inputs.state.deadline is not None
                and now < inputs.state.deadline):
            as_of = now
        decision = next((r for r in applied if r.how == "close" and r.number == inputs.day
                         and r.outcome.get("decided_by") == "gm"), None)
        out = {}
        for view in views:
            tally = self._count(inputs, view=view, as_of=as_of)
            if decision is not None and tally.closed:
                # the GM's own decision (`day close --eliminate` / `--nobody`) replaced the count's result: the
                # closed count says what was applied (reason "decision"), never «ничья» beside the day post's hanging
                slot = {nick: s for s, nick in inputs.slot_to_nick.items()}
                hanged = tuple(slot.get(d["player"], d["player"]) for d in (decision.outcome.get("day") or {}).get(
                    "deaths", ()) if "hanged" in (d.get("causes") or ()))
                tally = replace(tally, outcome=T.Outcome(hanged, "decision"))
            out[view] = tally
        return out, inputs

    # -- one player's votes --
    def link(self, post_id: int, kind: str = "vote", topic: str | None = None) -> str:
        """The URL of a post of the vote thread (or the game topic), by the engine's rule
        (`scraper.profile.post_link`); usable as the alerts' `post_url` callable."""
        from mafvote_scraper.crawl import topic_key
        from mafvote_scraper.profile import post_link
        from mafvote_scraper.profiles import PROFILES

        topic_url = self.game.vote_thread if kind == "vote" else self.game.game_topic
        profile = PROFILES.get(self.engine)
        if topic is None:
            topic = topic_key(topic_url, profile) if profile is not None else ""
        return post_link(profile or self.engine, topic_url=topic_url, post_id=post_id, topic=topic,
                         base_url=self.base_url)

    def post_url(self, post) -> str:
        return self.link(post.post_id, post.kind, post.topic)

    def vote_history(self, player: str) -> tuple[str, list[VoteLine]]:
        """Every vote the player wrote in the vote thread, in order, with the day it fell in and a link. A
        replaced account (`mafvote replace`) names its slot: its votes were the slot's, so the history is the
        slot's, the old account's votes and its successor's."""
        applied = self.applied()
        state = self.state(applied)
        if find_player(state.players, player) is None:
            gone = T.RosterMatcher({old: () for old, _ in state.replacements}, use_morph=False).match(
                player, fuzzy=False)
            if gone.status == "match" and gone.step in ("exact", "lookalike", "translit"):
                player = _current_nick(state, gone.player or player)
        p = self._player(state, player, alive=False)
        slot_of = self._slots(state, applied)
        slot = slot_of[p.nick]
        roster, rules = self._roster(state, applied, slot_of)
        matcher = T.RosterMatcher.from_roster(roster)
        days = self._known_days(applied)
        out: list[VoteLine] = []
        for post in self.store.posts(game_id=self.game.id, kind="vote"):
            if roster.slot_of_author(post.author, post.time) != slot:
                continue
            reading = T.read_post(post.first_html, matcher, colors_matter=rules.colors_matter)
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


def _may_end_the_game(row: AppliedPhase) -> bool:
    """A step after which the engine checked the win (RULES.md §5): a resolved night, a closed day, a modkill, a
    `state kill` (its row carries `winner`; other hand-set rows change nobody's life)."""
    return row.how in ("resolve", "close", "modkill") or (row.how == "set" and "winner" in row.outcome)


def _with_modkills(state: T.DayState, modkills: Sequence[tuple[str, datetime | None]]) -> T.DayState:
    """The day state with `modkills` (slot, when) as the day's modkills: not alive, in `modkilled`."""
    gone = {slot for slot, _ in modkills}
    return replace(state, alive=tuple(p for p in state.alive if p not in gone),
                   modkilled=tuple(slot for slot, _ in modkills),
                   modkilled_at={slot: at for slot, at in modkills if at is not None})


def _count_end(close: AppliedPhase) -> datetime | None:
    """Where a recount of a day closed before its deadline stops: the close's `ended`; for a day the count
    closed early (RULES.md §3.11, the day ends at the closing post's time) the end of that post's minute, so
    that the closing post itself still counts, as a GM's close keeps the votes of its minute."""
    ended = close.ended
    early = (close.outcome.get("count") or {}).get("closed_early")
    if ended is not None and early and datetime.fromisoformat(early) == ended:
        return min(_minute(ended) + timedelta(minutes=1), close.deadline) if close.deadline else ended
    return ended


def _protections(state: R.GameState, slot_of: Mapping[str, str]) -> list[T.Shield]:
    """RULES.md §3.10: the consumable protections from hanging. `hang_protection` counts all of a player's:
    the one alibi of Миллард's killer (the rest), 004's one-time protections (`hang_shields`: София, Элиса)
    and universal ones (`universal_shields`: Анхела's earned, Хавьер's), which also stop a kill."""
    out = []
    for nick, total in state.hang_protection.items():
        if total <= 0 or nick not in slot_of:
            continue
        one_time = min(state.hang_shields.get(nick, 0), total)
        universal = min(state.universal_shields.get(nick, 0), total - one_time)
        slot = slot_of[nick]
        if total - one_time - universal > 0:
            out.append(T.Shield(slot, "alibi", source="killer of an unhangable role", consumable=True))
        if one_time:
            out.append(T.Shield(slot, "protected", source="one-time protection from hanging", consumable=True))
        if universal:
            out.append(T.Shield(slot, "protected", source="universal protection", consumable=True))
    return out


def _current_nick(state: R.GameState, nick: str) -> str:
    """The nick a slot has now: an excuse or a miss stored under a replaced account follows the replacement."""
    for old, new in state.replacements:
        if old == nick:
            nick = new
    return nick


def _keep_hand_set(before: R.GameState, outcome: R.NightOutcome) -> R.NightOutcome:
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


def bot_account(forum) -> str:
    """The account mafvote posts the count from on `forum` (its `login.user`), "" without a login."""
    return forum.login.user if forum.login is not None else ""


def open_service(config, game: GameConfig) -> tuple[Store, GameService]:
    """The store and the service for a game of a loaded config (the CLI closes the store)."""
    from . import rulesets

    try:
        ruleset = rulesets.load(game.ruleset_path)
    except R.RulesetError as exc:
        raise GameError(str(exc)) from None
    forum = config.forum(game.forum)
    store = Store(config.store.path)
    try:
        return store, GameService(store, game, ruleset, nights_dir=Path(config.store.path).parent / "nights",
                                  engine=forum.engine, base_url=forum.base_url, bot=bot_account(forum))
    except MafvoteError:
        store.close()
        raise


def _minute(t: datetime) -> datetime:
    """`t` to the minute: how forums show post times."""
    return t.replace(second=0, microsecond=0)


_CLOCK: list[datetime] = []


def utc_now() -> datetime:
    """The clock of the shell (the pure parts take times as data)."""
    return _CLOCK[-1] if _CLOCK else datetime.now(timezone.utc)


def clock_fixed() -> bool:
    """Whether the shell runs at a fixed moment (`clock_at`: the demo, tests), not the real clock."""
    return bool(_CLOCK)


@contextmanager
def clock_at(moment: datetime) -> Iterator[None]:
    """Run the commands inside as if it were `moment`: `mafvote demo` plays a bundled game dated after
    today, at its day's deadline (commands refuse a `--closed-at` or `--at` in their future)."""
    _CLOCK.append(moment)
    try:
        yield
    finally:
        _CLOCK.pop()


def _has_vote_posts(inputs: CountInputs, phase: Phase) -> bool:
    return any(p.topic == "vote" and not p.deleted and phase.start <= p.time < phase.deadline for p in inputs.posts)
