"""The service's core: one game's stored steps read back as a state and a current phase, and a step appended.

Every applied step is one row of the store's game journal (`Store.game_phases`): the phase's number and
kind, its start and deadline, how it was applied (`resolve` a night, `close` a day, `modkill`, `replace`,
`set` a day state by hand), the `GameState.to_dict()` after it and the outcome JSON. The state is never
edited in place: `undo` drops the last row, so a GM's mistake is one command away from gone.

The daemon keeps a game's parsed journal for its life (`GameCore.applied`): of every step its record and the small
parts of its outcome its readers take every tick (`_KEPT`), the state after it only for the latest steps
(`_held_from`); the rest is read from the store when asked for, so what it keeps grows little with the game's days.

The current phase is the one after the last resolved night or closed day; its start is when the previous
phase ended (its deadline, or the moment the GM resolved the night or closed the day before it:
`AppliedPhase.ended`; the game's start for the first phase), its deadline the schedule's (`phases`).

`GameCore` also holds what every concern checks: that every role is known, and which player a name typed
on the command line means. The concerns build on it (`mafvote.game.service` puts them together).
"""
from __future__ import annotations

import dataclasses
import re
import sys
from datetime import datetime
from pathlib import Path
from typing import Any, Mapping, Sequence

from mafvote_resolver import GameState, Player, ResolverError, Ruleset, new_game
from mafvote_tally import Roster, RosterMatcher
from mafvote_resolver.state import find_player

from ..config import GameConfig
from ..gm_text import resolver_error
from ..messages import text as t
from ..store import Store
from ..store.family import map_strings
from .phases import MAX_PHASES_AHEAD, Phase, phase_deadline, phase_index, phase_of_index
from .records import ENDS_PHASE, AppliedPhase, GameError

__all__ = ["GameCore", "NotKept", "current_nick", "died_words", "initial_state"]


# --- the initial state --------------------------------------------------------------------------

def initial_state(game: GameConfig, ruleset: Ruleset) -> GameState:
    """The state before the first phase, from the config roster. Roles may be missing (a count needs none);
    a role that is given must be a role of the ruleset."""
    players = []
    problems = []
    for i, p in enumerate(game.players):
        role = ""
        if p.role:
            found = ruleset.find_role(p.role)
            if found is None:
                problems.append(t("err.roster_role", i=i, role=p.role, ruleset=ruleset.name))
                continue
            role = found.name
        # the replacement's nick (config `replaced_by`) names the slot too, e.g. as the actor of `night add`
        aliases = (*p.aliases, *((p.replaced_by.nick,) if p.replaced_by else ()))
        players.append({"nick": p.nick, "role": role, "gender": p.gender, "aliases": aliases,
                        "display": p.mask or p.nick, **({"items": tuple(p.items)} if p.items else {})})
    if problems:
        raise GameError(t("err.roster_roles", game=game.id, problems="; ".join(problems)))
    # with every role known, the ruleset gives the state what the roles and the roster hold from the start:
    # 003's items (checked against the ruleset's [[items]]), 004's one-time protections; a roster without
    # roles can still be counted
    complete = all(p["role"] for p in players)
    if not complete and any("items" in p for p in players):
        raise GameError(t("err.items_without_roles", game=game.id))
    try:
        return new_game(game.id, players, ruleset if complete else None)
    except ResolverError as exc:
        where = "games.players[].items" if "item " in str(exc) else t("err.the_roster")
        raise GameError(t("err.roster_state", error=resolver_error(exc), where=where)) from None


def _sharing(state: GameState, players: dict[Player, Player], before: GameState | None = None) -> GameState:
    """`state` holding the `Player` records equal to earlier steps' as those same objects (`players`, filled as the
    journal is read): each step stores every player, and a step changes a few, so the kept journal held a copy of
    every player for every step of the game's life (issue 17, the soak: the journal ≈ 19 KiB a game and game day).
    Each other part equal to the step `before`'s (most of them: a step changes a few; an empty one a fresh dict or
    tuple of its own per step) is that step's object: the kept journal held ≈ 1.6 KB of them a step (rss16)."""
    shared: dict[str, Any] = {"players": tuple(players.setdefault(p, p) for p in state.players)}
    if before is not None:
        for f in dataclasses.fields(state):
            value, earlier = shared.get(f.name, getattr(state, f.name)), getattr(before, f.name)
            if value is not earlier and value == earlier:
                shared[f.name] = earlier
    return dataclasses.replace(state, **shared)


def current_nick(state: GameState, nick: str) -> str:
    """The nick a slot has now: an excuse or a miss stored under a replaced account follows the replacement."""
    for old, new in state.replacements:
        if old == nick:
            nick = new
    return nick


def died_words(died: str) -> str:
    """When a player died as the state records it (`day 2`, `night 1 (set by the GM)`) in the GM's language."""
    found = re.fullmatch(r"(day|night) (\d+)(.*)", died or "")
    if found is None:
        return died
    rest = found.group(3)
    return t(f"when.{found.group(1)}", n=int(found.group(2))) + (t("err.set_by_gm") if rest == " (set by the GM)"
                                                               else rest)


class GameCore:
    """One game's state over the store. Open per command; nothing is cached between commands."""

    def __init__(self, store: Store, game: GameConfig, ruleset: Ruleset, *, nights_dir: Path,
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
        self._matcher: tuple[Roster, RosterMatcher] | None = None
        # the latest day the matcher counted: it forgets the posts of earlier days when a later day is counted
        self._matcher_day = 0
        # the last count's read of the store (its bounds, `Store.post_mark`, the read): `Counting._posts_for_count`
        self._kept_read: tuple | None = None
        self._initial: GameState | None = None
        # the journal's rows as last parsed, with the store's `journal_mark` then (`applied`)
        self._applied: tuple[tuple[int, int], list[AppliedPhase]] | None = None
        self._states = _StoredStates(store, game.id)

    # -- reading the stored phases --
    def applied(self) -> list[AppliedPhase]:
        """The game's applied steps, in order. Parsed again only when the journal changed (`Store.journal_mark`): a
        closed day's stored outcome holds its whole count (≈ 35 KB of JSON a day at the soak's post rate), and the
        daemon reads the journal several times a tick, so parsing it each time was work and a transient that grew
        by a day at each close (issue 17)."""
        mark = self.store.journal_mark()
        if self._applied is None or self._applied[0] != mark:
            self._applied = (mark, self._parse_applied())
        return list(self._applied[1])

    def _parse_applied(self) -> list[AppliedPhase]:
        # the steps parsed before and still stored as they were are kept as they are: only a new or redone step is
        # parsed (a close appends one step, an undo drops one)
        kept = {r.step: r for r in self._applied[1]} if self._applied is not None else {}
        players: dict[Player, Player] = {}
        for r in kept.values():
            if r.held is not None:
                for p in r.held.players:
                    players.setdefault(p, p)
        rows: list[AppliedPhase] = []
        latest: dict[str, AppliedPhase] = {}        # the latest step applied each way (`_kept_outcome`'s `like`)
        for r in self.store.game_phases(self.game.id, kept):
            if not isinstance(r, AppliedPhase):
                before = rows[-1] if rows else None
                like = latest.get(r.how)
                # a phase's bounds are most often the step before's (its phase's, or the deadline it ended at): one
                # object, not one each a step (`_same_time`)
                times = (before.start, before.deadline) if before is not None else ()
                r = AppliedPhase(seq=r.seq, number=r.number, kind=sys.intern(r.kind),
                                 start=_same_time(self._local(r.start), times),
                                 deadline=_same_time(self._local(r.deadline), times),
                                 held=_sharing(GameState.from_dict(r.state), players,
                                               before.state if before is not None else None),
                                 outcome=_kept_outcome(r.how, r.outcome, like.outcome if like is not None else None),
                                 applied_at=r.applied_at, how=sys.intern(r.how), digest=r.digest, states=self._states)
            rows.append(r)
            latest[r.how] = r
        # only the latest steps' states are held (`_held_from`); a step the journal holds again (an undo took the steps
        # after it) has its state read back once
        start = _held_from([r.how for r in rows])
        for r in rows[:start]:
            r.hold_state(None)
        for i, r in enumerate(rows[start:], start):
            if r.held is None:
                r.hold_state(_sharing(r.state, players, rows[i - 1].held if i > start else None))
        return rows

    def stored_count(self, close: AppliedPhase) -> Mapping[str, Any] | None:
        """The whole count a closed day stored with its close (`DayClose.to_json`'s `count`, every vote and flag),
        read from the store: `applied` keeps only its small parts (`_kept_outcome`). None for a day the GM decided
        or a row gone since."""
        outcome = self.store.game_phase_outcome(self.game.id, close.seq)
        return (outcome or {}).get("count")

    def full_outcome(self, row: AppliedPhase) -> Mapping[str, Any]:
        """A step's outcome whole, as stored: `applied` keeps of a resolved night's and a closed day's only what its
        readers take every tick (`_KEPT`), so the readers of the rest (the step's post, the night's GM page, its
        alerts) read it here, from the store. Any other step's is the one kept; a row gone since: the one kept."""
        if not isinstance(row.outcome, _Kept):
            return row.outcome
        outcome = self.store.game_phase_outcome(self.game.id, row.seq)
        return outcome if outcome is not None else row.outcome

    def _local(self, at: datetime | None) -> datetime | None:
        return at.astimezone(self.tz) if at is not None else None

    def initial(self) -> GameState:
        # the config and the ruleset are the service's for its life, and the state is frozen: made once (the
        # daemon asks for it several times a tick)
        if self._initial is None:
            self._initial = initial_state(self.game, self.ruleset)
        return self._initial

    def state(self, applied: Sequence[AppliedPhase] | None = None) -> GameState:
        rows = self.applied() if applied is None else applied
        return rows[-1].state if rows else self.initial()

    def current_phase(self, applied: Sequence[AppliedPhase] | None = None) -> Phase:
        rows = list(self.applied() if applied is None else applied)
        ended = [r for r in rows if r.how in ENDS_PHASE]
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
        ended = [r for r in rows if r.how in ENDS_PHASE]
        if want < len(ended):
            r = ended[want]
            return Phase(kind, number, r.start, r.deadline, want)  # type: ignore[arg-type]
        ph = self.current_phase(rows)
        if want - ph.index > 2 * MAX_PHASES_AHEAD:
            raise GameError(t(f"err.far_beyond.{kind}", n=number, current=ph.label_ru))
        while ph.index < want:
            ph = self._phase_after(ph.index + 1, ph.deadline)
        return ph

    # -- writing --
    def _append(self, phase: Phase, how: str, state: GameState, outcome: Mapping[str, Any], now: datetime,
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

    # -- checks --
    def _need_roles(self, state: GameState) -> None:
        missing = [p.nick for p in state.players if not p.role]
        if missing:
            keys = [f"games.players[{i}].role" for i, p in enumerate(self.game.players) if p.nick in missing]
            raise GameError(t("err.no_roles", game=self.game.id, players=", ".join(missing),
                              keys=", ".join(keys[:3]) + (" ..." if len(keys) > 3 else "")))

    def _player(self, state: GameState, name: str, *, alive: bool = True, what: str | None = None,
                kills: bool = False) -> Player:
        """The player a name typed on the command line means: the nick, display name or alias, else as a vote
        names a player (tally.RosterMatcher: case forms `Дельту`, Latin look-alike letters, transliteration, a
        unique beginning of the name). A name that could be several players, or only a fuzzy guess, is refused
        with the candidates: a GM's order is never carried out on a guess. `kills`: the command removes the
        player (`--eliminate`, `state kill`, `modkill`), so a bare beginning or one word of the name («Кот» for
        Kotik) is refused too, naming the candidates (issue 15 point 9): a death is not undone by a glance."""
        what = what or t("err.what.player")
        p = find_player(state.players, name)
        if p is None:
            names = {q.nick: (*((q.display,) if q.display else ()), *q.aliases) for q in state.players}
            m = RosterMatcher(names).match(name, fuzzy=True)
            if kills and m.step == "prefix" and m.candidates:
                cands = ", ".join(m.candidates)
                raise GameError(t("err.name_prefix", what=what, name=name, candidates=cands))
            if m.status == "match" and m.step != "fuzzy":
                p = state.player(m.player or "")
            elif m.candidates:
                cands = ", ".join(m.candidates)
                raise GameError(t("err.name_ambiguous" if len(m.candidates) > 1 else "err.name_guess", what=what,
                                  name=name, candidates=cands, game=self.game.id))
            else:
                listed = ", ".join(q.nick for q in state.players)
                raise GameError(t("err.name_unknown", what=what, name=name, game=self.game.id, players=listed))
        if alive and not p.alive:
            raise GameError(t("err.name_dead", what=what, nick=p.nick, died=died_words(p.died)))
        return p

    def killed_name(self, name: str) -> str:
        """The nick a command that kills reads `name` as (see `_player(kills=True)`), to print it back."""
        return self._player(self.state(), name, alive=False, kills=True).nick

    def _wrap(self, exc: ResolverError) -> GameError:
        # the resolver's problems carry keys and facts (mafvote_resolver.journal.Line): worded in the GM's language
        return GameError(resolver_error(exc))


def _same_time(at: datetime | None, times: Sequence[datetime | None]) -> datetime | None:
    """`at`, or the one of `times` that is the same moment in the same zone."""
    for other in times:
        if other is not None and at is not None and other == at and other.tzinfo is at.tzinfo:
            return other
    return at


def _held_from(hows: Sequence[str]) -> int:
    """From which of a game's steps (their `how`, in order) the journal holds their states: the latest close, the step
    before it (the state that closed day is counted from: each night tick with a new post recounts it) and every step
    after it (the running phase's, and the ones `undo` goes back to). Older steps' states are read from the store when
    asked for: only a past day's page made again, or a command about an earlier day, reads them."""
    last_close = max((i for i, how in enumerate(hows) if how == "close"), default=0)
    return max(0, last_close - 1)


class _StoredStates:
    """Reads back a step's state the journal let go of (`AppliedPhase.state`), from the store's row it was parsed
    from."""

    __slots__ = ("store", "game_id")

    def __init__(self, store: Store, game_id: str) -> None:
        self.store, self.game_id = store, game_id

    def stored_state(self, row: AppliedPhase) -> GameState:
        stored = self.store.game_phase_state(self.game_id, row.seq, row.digest)
        if stored is None:
            # the step was undone since the journal was read (`undo` in another process, between two reads)
            raise GameError(t("err.step_gone", game=self.game_id, seq=row.seq))
        return GameState.from_dict(stored)


# What the journal keeps of a closed day's and a resolved night's stored outcome for the game's life: what its readers
# take every tick (when the phase ended; a close's result, early close, GM decision and deaths; the winner; a night's
# duty). The rest (the count's votes, flags and lists, the day's and night's texts, the next day's roster and the
# like: ≈ 1.2 of the ≈ 2.4 KB a step kept in the soak, much of it empty lists) is read whole from the store when
# asked for (`GameCore.full_outcome`, `stored_count`): kept, it grew the daemon by every step of every game (issue 17).
# A part's value is None, or the parts kept of it.
_KEPT: dict[str, dict[str, Any]] = {
    "close": {"ended_at": None, "decided_by": None, "count": {"outcome": None, "closed_early": None},
              "day": {"deaths": None, "winner": None}},
    "resolve": {"ended_at": None, "winner": None, "night_duty": None},
}

_ABSENT = object()


class NotKept(LookupError):
    """A part of a step's outcome the journal leaves out was read from the kept outcome: that reader wants
    `GameCore.full_outcome` (a programming error: it would otherwise read the part as absent)."""


class _Kept(dict):
    """The parts of a stored outcome the journal keeps (`_KEPT`). A part the store has and the journal left out is
    refused when read (`NotKept`) rather than read as absent."""

    __slots__ = ("left_out",)

    def __init__(self, items: Any, left_out: frozenset[str]) -> None:
        super().__init__(items)
        self.left_out = left_out

    def __missing__(self, key: str) -> Any:
        if key in self.left_out:
            raise NotKept(key)
        raise KeyError(key)

    def get(self, key: str, default: Any = None) -> Any:
        value = dict.get(self, key, _ABSENT)
        if value is _ABSENT:
            if key in self.left_out:
                raise NotKept(key)
            return default
        return value


# the kept outcomes' left-out key sets, one object each (a few sets for a game's life; each step holds one)
_LEFT_OUT: dict[frozenset[str], frozenset[str]] = {}


def _frozen(value: Any) -> Any:
    """A kept part with its strings interned (`sys.intern`: `json.loads` makes every key and nick anew for each step)
    and its lists made tuples, the empty ones the one empty tuple: parsed, each step held a list of its own for each
    of a dozen parts, most of them empty (≈ 56 B each)."""
    return map_strings(value, sys.intern, sequence=tuple)


def _kept_outcome(how: str, outcome: Mapping[str, Any], like: Mapping[str, Any] | None = None) -> Mapping[str, Any]:
    """A step's outcome as `applied` keeps it for the game's life: a closed day's and a resolved night's only the parts
    its readers take every tick (`_KEPT`), any other step's whole (a modkill's, a replacement's, a set: small, and
    rare), its strings interned. `like`: the kept outcome of the game's latest earlier step applied the same way; a
    part the same as its (a night with no winner and no duty, a day's count that hanged nobody) is that object: most
    nights' outcomes are alike, and each was ≈ 0.2 KB of dicts a night for the game's life (issue 17, the soak)."""
    kept = _KEPT.get(how)
    if kept is None:
        return map_strings(outcome, sys.intern)
    return _keep(outcome, kept, like if isinstance(like, _Kept) else None)


def _keep(outcome: Mapping[str, Any], kept: Mapping[str, Any], like: _Kept | None) -> _Kept:
    left = frozenset(k for k in outcome if k not in kept)
    parts = {}
    for k, v in outcome.items():
        if k in kept:
            inner = kept[k]
            earlier = dict.get(like, k, _ABSENT) if like is not None else _ABSENT
            if inner is not None and isinstance(v, dict):
                part = _keep(v, inner, earlier if isinstance(earlier, _Kept) else None)
            else:
                part = _frozen(v)
            parts[sys.intern(k)] = earlier if earlier is not _ABSENT and _identical(part, earlier) else part
    made = _Kept(parts, _LEFT_OUT.setdefault(left, left))
    return like if like is not None and _identical(made, like) else made


def _identical(a: Any, b: Any) -> bool:
    """`a` and `b` the same kept value (JSON's: string keys), part for part and type for type (`==` holds
    `0 == False == 0.0`), and, for kept outcomes, the same parts left out."""
    if a is b:
        return True
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return (getattr(a, "left_out", None) == getattr(b, "left_out", None) and len(a) == len(b)
                and all(k in b and _identical(v, dict.__getitem__(b, k)) for k, v in a.items()))
    if isinstance(a, tuple):
        return len(a) == len(b) and all(_identical(x, y) for x, y in zip(a, b))
    return a == b
