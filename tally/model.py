"""The tally's records: what goes in (posts, roster, day state, vote rules) and what comes out
(a ``Tally`` in the JSON shape of INTERFACE.md).

Everything here is plain data. The application builds the inputs from the store and the config
(the store's ``StoredPost`` has the fields of ``Post``); ``tally.count_day`` turns them into a
``Tally``; ``Tally.to_json()`` is the ``--format json`` output.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from datetime import datetime, tzinfo
from typing import Any, Iterable, Literal, Mapping

import msgspec

__all__ = [
    "TallyError", "BadRoster", "BadDayState", "BadRules", "RuleProblem", "NoRosterPlayer",
    "Post", "StoredKey", "Player", "Replacement", "Roster",
    "Silence", "Shield", "Weight", "Transfer", "DayState", "VoteRules",
    "Voter", "Candidate", "VoteRecord", "Flag", "Alert", "Outcome", "Tally",
    "FLAG_KINDS",
]

Color = Literal["red", "blue"]
View = Literal["public", "gm"]

# a record's fields as a dict, in their order, at C speed: the JSON of the records a count makes by the hundred
# (`Tally.to_json`, twice a poll with a new post: issue 17) is that with its time and facts made plain
_fields = msgspec.structs.asdict

FLAG_KINDS = (
    "ambiguous_name", "multiple_votes", "self_vote", "unknown_target", "dead_voter", "edited",
    "changed_final_vote", "unrecognised_colour", "late", "modkill_candidate", "under_active",
    # a player's post that names a living player but holds no vote under RULES.md §2; a vote posted
    # during the night before the day (RULES.md §3.1: it does not count; the player may vote again)
    "not_a_vote", "early_post",
    # a vote in the vote thread by an account that speaks for no slot then and is no GM: a stranger, a
    # replacement before its time, a replaced account after it (GM view; the GM may enter or fix a replacement)
    "unknown_author",
    # a vote for a player the GM modkilled later that day (public: everyone sees the modkill): the voter has
    # voted (no penalty), the vote weighs nothing, and the voter may vote again (tally/casting.py `_cast`)
    "target_removed",
)


# ---------------------------------------------------------------------------------------- records

# The records a count makes by the thousand (a post, a reading, a vote, a flag: issue 17's cold count) are
# `msgspec.Struct`s, frozen: the same typed, immutable, hashable, comparable record as a frozen dataclass, made ≈ 5×
# faster (its `__init__` is C: 3,000 posts 1.2 ms against 6.2 ms) and its class made without compiling code at import
# (a frozen dataclass compiles six methods). `msgspec.structs.replace` is their `dataclasses.replace`. The other
# records stay dataclasses.


# ---------------------------------------------------------------------------------------- errors

class TallyError(Exception):
    """Base of every error the tally raises. `str()` is the count's own English; the count never picks a language:
    an error a GM may read also carries a `key` and its `facts`, and the application words it in the GM's language
    (mafvote: `tally.error.<key>`), as the scraper's errors are worded. No key: the application shows the English.

        roster.empty_nick      i (the roster entry)
        roster.twice           i, nick, also (the nick of the entry that has it already)
        roster.unknown         nick, roster (the slots' nicks)
        day.naive              what (`deadline`, `since`, …), time (ISO 8601)
        day.view               view
        day.no_deadline        day
        day.start_after_end    day, start, deadline (ISO 8601)
        day.not_on_roster      day, name, roster
        day.no_roster_posts    day, posts (how many in the day), authors (the first eight, sorted)
    """

    def __init__(self, message: str, key: str | None = None, **facts: Any):
        super().__init__(message)
        self.key, self.facts = key, facts


class BadRoster(TallyError):
    """The roster cannot be used (a nick twice, an empty nick)."""


class BadDayState(TallyError):
    """The day cannot be counted as given (no deadline, deadline before start, unknown player)."""


@dataclass(frozen=True)
class RuleProblem:
    """One mistake in a ruleset's [votes] table: where (`[votes].tie`), its English `text`, and its `kind` and
    `facts` for an application that words it in the GM's language (mafvote: `ruleset.votes.<kind>`):

        unknown_key   key, known (the keys the table takes)
        expected      key, shape ("int", "number", "bool", "str"), value
        not_one_of    key, value, choices
        negative      key, value
    """

    where: str
    kind: str
    text: str
    facts: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return f"{self.where}: {self.text}" if self.where else self.text


class BadRules(TallyError):
    """A ruleset's [votes] table is wrong (unknown key, bad value); `.problems` lists every mistake found."""

    def __init__(self, problems: "list[RuleProblem] | str"):
        self.problems = [RuleProblem("", "other", problems)] if isinstance(problems, str) else list(problems)
        super().__init__("; ".join(str(p) for p in self.problems))


class NoRosterPlayer(TallyError):
    """The vote thread has posts but none by a roster player or a GM: wrong thread or roster."""


# ---------------------------------------------------------------------------------------- input

class StoredKey(str):
    """A post version named by its content hash instead of its HTML (a store read without the HTML,
    `Post.key_of`): the count takes its reading (`recognise.Flat`) from `RosterMatcher.flats`, where the
    caller put the stored one; it has no HTML to parse. Equal contents have equal keys, as equal HTML did."""

    __slots__ = ()


class Post(msgspec.Struct, frozen=True):
    """One stored post. ``html`` is the message as first seen; ``versions`` every captured
    ``(seen_at, html)`` in order (read from the store without the HTML: `StoredKey`s instead of the HTML) (may be empty: then ``html`` seen at ``time``). ``edited_at``: the
    forum's edit notice time; ``deleted_at``: when mafvote first saw the post gone (None: not known)."""

    post_id: int
    topic: Literal["vote", "game"]
    author: str
    time: datetime
    html: str
    versions: tuple[tuple[datetime, str], ...] = ()
    edited: bool = False
    edited_at: datetime | None = None
    deleted: bool = False
    deleted_at: datetime | None = None
    # the forum's edit reason, and when mafvote first saw the edit notice (None: not known, then ``edited_at``)
    edit_reason: str | None = None
    edit_seen_at: datetime | None = None

    @property
    def first_seen(self) -> datetime:
        return self.versions[0][0] if self.versions else self.time

    @staticmethod
    def key_of(version: Any) -> str:
        """What the count reads a stored ``PostVersion`` by: its HTML, or, read from the store without it
        (its reading current), `StoredKey` of its content hash; the caller hands the count its reading."""
        html = version.html
        return html if html is not None else StoredKey(version.content_hash)

    @classmethod
    def from_stored(cls, stored: Any, tz: tzinfo | None = None) -> "Post":
        """From the store's ``StoredPost`` (duck-typed: the tally does not import the store):
        ``kind`` is the topic, ``first_html`` the message as first seen, ``versions`` its
        ``PostVersion``s (``seen_at``, ``html``), ``edit_at`` the forum's edit notice time, ``deleted_at``
        when the deletion was first seen.
        ``tz``: the game's time zone, so every time the count shows reads as the GM's clock."""
        def local(t: datetime | None) -> datetime | None:
            return t.astimezone(tz) if t is not None and tz is not None else t

        noticed = [v for v in stored.versions if getattr(v, "edited", False)]
        versions = tuple((local(v.seen_at), cls.key_of(v)) for v in stored.versions)
        return cls(stored.post_id, stored.kind, stored.author, local(stored.time),
                   versions[0][1] if versions else stored.first_html, versions=versions,
                   edited=stored.edited, edited_at=local(stored.edit_at), deleted=stored.deleted,
                   deleted_at=local(getattr(stored, "deleted_at", None)),
                   edit_reason=next((v.edit_reason for v in reversed(noticed) if getattr(v, "edit_reason", None)), None),
                   edit_seen_at=local(noticed[0].seen_at) if noticed else None)


@dataclass(frozen=True)
class Replacement:
    """замена: ``nick`` takes over the slot from ``at`` on (its posts count for the slot)."""

    nick: str
    at: datetime


@dataclass(frozen=True)
class Player:
    """A roster slot. ``nick`` names the slot everywhere in the tally's output."""

    nick: str
    aliases: tuple[str, ...] = ()
    mask: str | None = None
    replacements: tuple[Replacement, ...] = ()

    def names(self) -> tuple[str, ...]:
        out = [self.nick, *self.aliases]
        if self.mask:
            out.append(self.mask)
        out.extend(r.nick for r in self.replacements)
        return tuple(out)

    def account_at(self, when: datetime) -> str:
        """The account that plays this slot at ``when``."""
        acc = self.nick
        for r in self._replacements_in_order:
            if r.at <= when:
                acc = r.nick
        return acc

    @cached_property
    def _replacements_in_order(self) -> tuple[Replacement, ...]:
        return tuple(sorted(self.replacements, key=lambda r: r.at))


# `Roster.slots_of`: an author not in `_fixed_slots` (its slot may be None)
_NOT_FIXED = object()


@dataclass(frozen=True)
class Roster:
    """The game's players (slots, their aliases and replacements) and the GMs, whose posts are not votes."""
    players: tuple[Player, ...]
    gms: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        seen: dict[str, str] = {}
        for i, p in enumerate(self.players):
            if not p.nick.strip():
                raise BadRoster(f"roster[{i}]: empty nick; give every player the forum account they post from",
                                "roster.empty_nick", i=i)
            for acc in (p.nick, p.mask, *(r.nick for r in p.replacements)):
                if not acc:
                    continue
                key = acc.casefold().strip()
                if key in seen:
                    raise BadRoster(
                        f"roster[{i}]: nick {acc!r} appears twice (also roster entry for {seen[key]!r}); "
                        "each forum account may play one slot only: remove the duplicate",
                        "roster.twice", i=i, nick=acc, also=seen[key])
                seen[key] = p.nick

    def player(self, nick: str) -> Player:
        for p in self.players:
            if p.nick == nick:
                return p
        slots = [p.nick for p in self.players]
        raise BadDayState(f"{nick!r} is not on the roster (roster: {', '.join(slots)})", "roster.unknown", nick=nick,
                          roster=slots)

    @cached_property
    def _accounts(self) -> dict[str, list[Player]]:
        out: dict[str, list[Player]] = {}
        for p in self.players:
            for acc in (p.nick, p.mask, *(r.nick for r in p.replacements)):
                if acc:
                    out.setdefault(acc.casefold().strip(), []).append(p)
        return out

    @cached_property
    def _fixed_slots(self) -> dict[str, str | None]:
        # author as the forum spells it -> slot, for the accounts whose slot does not depend on the time (no
        # replacement among their slots): a count asks for every post of the day (issue 17's warm recount)
        return {}

    def slots_of(self, posts: Iterable[Post]) -> dict[int, str | None]:
        """`slot_of_author` of each post's author at its time, by post id: a count asks for a day's every post, and an
        account whose slot does not depend on the time is looked up here without a call a post (issue 17)."""
        fixed, slot_of_author, out = self._fixed_slots, self.slot_of_author, {}
        for p in posts:
            slot = fixed.get(p.author, _NOT_FIXED)
            out[p.post_id] = slot_of_author(p.author, p.time) if slot is _NOT_FIXED else slot
        return out

    def slot_of_author(self, author: str, when: datetime) -> str | None:
        """The slot whose account wrote a post at ``when`` (replacements effective from their time;
        a replaced account posting after its replacement no longer speaks for the slot)."""
        fixed = self._fixed_slots
        if author in fixed:
            return fixed[author]
        key = author.casefold().strip()
        players = self._accounts.get(key, ())
        if not any(p.replacements for p in players) and len(fixed) < 10_000:
            fixed[author] = self._slot_of_key(key, players, when)
            return fixed[author]
        return self._slot_of_key(key, players, when)

    @staticmethod
    def _slot_of_key(key: str, players: "tuple[Player, ...] | list[Player]", when: datetime) -> str | None:
        for p in players:
            if p.account_at(when).casefold().strip() == key:
                return p.nick
            if p.mask and p.mask.casefold().strip() == key:
                return p.nick
        return None

    @cached_property
    def _gm_keys(self) -> frozenset[str]:
        return frozenset(g.casefold().strip() for g in self.gms)

    @cached_property
    def _gm_authors(self) -> dict[str, bool]:
        return {}

    def is_gm(self, author: str) -> bool:
        known = self._gm_authors.get(author)
        if known is None:
            known = author.casefold().strip() in self._gm_keys
            if len(self._gm_authors) < 10_000:
                self._gm_authors[author] = known
        return known


@dataclass(frozen=True)
class Silence:
    """лишён голоса. ``announced`` False: a secret silence (boss's hidden vote loss, Laura's serum)."""

    player: str
    announced: bool = True


@dataclass(frozen=True)
class Shield:
    """A reason a player cannot be hanged today (RULES.md §3.10).

    kind ``alibi`` (отмаза, lawyer/Арчер; also the one alibi of Миллард's killer, ``consumable``),
    ``unhangable`` (Миллард: never hanged, never spent), ``protected`` (004 София/Элиса one-time hang
    protection, Анхела's and Хавьер's universal protections: ``consumable``). ``stripped``: the
    prosecutor took the alibi away that night, so it does not save.
    """

    player: str
    kind: Literal["alibi", "unhangable", "protected"]
    source: str = ""
    consumable: bool = False
    stripped: bool = False


@dataclass(frozen=True)
class Weight:
    """Role vote weights (roles' ``red_weight``/``blue_weight``; the doctor's blue 3, prosecutor's red 2)."""

    red: int = 1
    blue: int = 1


@dataclass(frozen=True)
class Transfer:
    """004 RULES.md §3.7: ``stolen`` (Диего takes ``source``'s vote: it counts 0, ``to``'s counts one
    more) or ``gifted`` (Альфредо gives ``to`` one more)."""

    kind: Literal["stolen", "gifted"]
    source: str
    to: str


@dataclass(frozen=True)
class DayState:
    """The game state for one day, from the store (the resolver's ``next_day``) or the GM."""

    day: int
    deadline: datetime | None
    alive: tuple[str, ...]
    start: datetime | None = None
    silences: tuple[Silence, ...] = ()
    shields: tuple[Shield, ...] = ()
    weights: Mapping[str, Weight] = field(default_factory=dict)
    transfers: tuple[Transfer, ...] = ()
    misses_so_far: Mapping[str, int] = field(default_factory=dict)   # game-wide, before this day
    ties_so_far: int = 0                                             # game-wide, before this day
    excused: tuple[str, ...] = ()                  # the GM excused these from voting today
    owes_night_action: tuple[str, ...] = ()        # had a night ability, sent nothing, not excused
    closed_at: datetime | None = None              # the GM closed the day by hand (`day close`)
    modkilled: tuple[str, ...] = ()                # 004 rule 14: modkilled today for absence
    # when the night before this day began: a vote posted from then until `start` does not count
    # (RULES.md §3.1) and is flagged `early_post`; None (a first day with no night before): no such flag
    night_start: datetime | None = None
    # the game's start: a player who never wrote has been silent since then (RULES.md §3.13, the 24 h alert)
    game_start: datetime | None = None
    # when the day after this one begins: a vote from this day's close until then is flagged `late`; the votes
    # of later days are theirs, not late for this one. None (the next day is not known): every later vote
    next_day_start: datetime | None = None
    # the players who hold a night ability (`min_posts_for_night_action` refuses their next action): only they
    # are flagged `under_active`; None (roles unknown): every living player
    night_actors: tuple[str, ...] | None = None
    # when each of `modkilled` was modkilled (the GM's command): a vote for them posted from then on is a vote
    # for the dead (`unknown_target`), an earlier one a vote whose target has left (`target_removed`); a
    # modkilled player without a time here was modkilled after every post of the day
    modkilled_at: Mapping[str, datetime] = field(default_factory=dict)

    def modkill_cut_short(self, rules: VoteRules, deadline: datetime | None = None) -> bool:
        """Whether a modkill cut this day short (RULES.md §3.14, 004 rule 14: «модкиллится … день закрывается»):
        the ruleset's modkill closes the day, a player was modkilled today and the day closed before its
        ``deadline`` (default: the state's). Then nobody has missed the day's vote: the others had until the
        deadline to vote, and a miss would raise 004's cumulative penalty for good. The one place that
        decides it: ``count_day`` gives no non-voter a penalty or a miss, so `mafvote day close` records none."""
        end = deadline or self.deadline
        return bool(rules.modkill_closes_day and self.modkilled and self.closed_at is not None
                    and end is not None and self.closed_at < end)


_VOTE_KEYS = {
    "colors_matter": bool, "edited_vote": str, "penalty": str, "penalty_votes": int, "tie": str,
    "early_close_from_day": int, "early_close": str, "early_close_majority_alert": bool,
    "silenced_must_vote": bool, "night_action_is_duty": bool, "min_posts_for_night_action": int,
    "silent_alert_hours": (int, float), "modkill_closes_day": bool,
}
# the kind of value a [votes] key takes, in the words the ruleset checker uses for the same kinds (`RuleProblem`)
_SHAPE_OF: Mapping[Any, str] = {bool: "bool", str: "str", int: "int"}
_CHOICES = {
    "edited_vote": ("first_seen", "void"), "penalty": ("fixed", "cumulative"),
    "tie": ("nobody", "nobody_once_then_all"), "early_close": ("auto", "gm"),
}


@dataclass(frozen=True)
class VoteRules:
    """The ``[votes]`` table of a ruleset (RULES.md §2–§3 switches); defaults are 001's."""

    colors_matter: bool = True
    edited_vote: Literal["first_seen", "void"] = "first_seen"
    penalty: Literal["fixed", "cumulative"] = "fixed"
    penalty_votes: int = 2
    tie: Literal["nobody", "nobody_once_then_all"] = "nobody"
    early_close_from_day: int = 0
    early_close: Literal["auto", "gm"] = "gm"
    early_close_majority_alert: bool = False
    silenced_must_vote: bool = False
    night_action_is_duty: bool = False
    min_posts_for_night_action: int = 0
    silent_alert_hours: float = 24
    modkill_closes_day: bool = False

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], where: str = "[votes]") -> "VoteRules":
        """Build from a ruleset's ``[votes]`` table; every problem is reported at once."""
        problems: list[RuleProblem] = []
        kwargs: dict[str, Any] = {}
        for key, value in data.items():
            at = f"{where}.{key}"
            if key not in _VOTE_KEYS:
                problems.append(RuleProblem(at, "unknown_key", f"unknown key (known: {', '.join(sorted(_VOTE_KEYS))})",
                                            {"key": key, "known": sorted(_VOTE_KEYS)}))
                continue
            typ = _VOTE_KEYS[key]
            shape = _SHAPE_OF.get(typ, "number")
            if isinstance(value, bool) and typ is not bool:
                problems.append(RuleProblem(at, "expected", f"expected a number, got {value!r}",
                                            {"key": key, "shape": shape, "value": value}))
                continue
            if not isinstance(value, typ):
                problems.append(RuleProblem(at, "expected", f"expected {getattr(typ, '__name__', 'a number')}, got {value!r}",
                                            {"key": key, "shape": shape, "value": value}))
                continue
            if key in _CHOICES and value not in _CHOICES[key]:
                problems.append(RuleProblem(at, "not_one_of", f"{value!r} is not one of {', '.join(_CHOICES[key])}",
                                            {"key": key, "value": value, "choices": list(_CHOICES[key])}))
                continue
            if typ is int and value < 0:
                problems.append(RuleProblem(at, "negative", f"must be 0 or more, got {value}", {"key": key, "value": value}))
                continue
            kwargs[key] = value
        if problems:
            raise BadRules(problems)
        return cls(**kwargs)

    def early_allowed(self, day: int) -> bool:
        return self.early_close_from_day > 0 and day >= self.early_close_from_day


# ---------------------------------------------------------------------------------------- output

def _iso(t: datetime | None) -> str | None:
    if t is None:
        return None
    kept = _ISO_KEPT.get(id(t))
    if kept is not None and kept[0] is t:
        return kept[1]
    if len(_ISO_KEPT) >= _ISO_KEEP:
        _ISO_KEPT.clear()
    text = t.isoformat()
    _ISO_KEPT[id(t)] = (t, text)
    return text


# each datetime's `isoformat` by the object: the count's JSONs (the public count file's, the GM alerts') give the
# day's ≈ 300 vote and post times at every count, ≈ 10 K instructions each (C printf and the zone's offset: 7.5 % of
# the daemon's tick with one new post, issue 17), and the times are the same objects from one count to the next
# (the posts the counting keeps, their records the walk keeps). Keyed by id with the object held, so an id is
# never taken for another object's; a datetime never changes, so its text cannot go stale. Bounded: emptied when full
_ISO_KEEP = 2048
_ISO_KEPT: dict[int, tuple[datetime, str]] = {}


class Voter(msgspec.Struct, frozen=True):
    """One vote on a candidate's line of the count: who voted, in which colour, its weight and post."""
    voter: str
    color: Color
    weight: int
    post_id: int
    time: datetime

    def to_json(self) -> dict:
        out = _fields(self)
        out["time"] = _iso(self.time)
        return out


class Candidate(msgspec.Struct, frozen=True):
    """One player's line of the count: the total, its red and blue parts, the penalty and the voters."""
    player: str
    total: int
    red: int
    blue: int
    penalty: int
    voters: tuple[Voter, ...]

    def to_json(self) -> dict:
        out = _fields(self)
        out["voters"] = [v.to_json() for v in self.voters]
        return out


class VoteRecord(msgspec.Struct, frozen=True):
    """One vote as read from one post, with whether it counted and why."""

    voter: str
    target: str | None
    color: Color
    weight: int
    early: bool
    counted: bool
    reason: str
    post_id: int
    time: datetime
    written: str = ""     # the name as written (for unknown / ambiguous targets)

    def to_json(self) -> dict:
        out = _fields(self)
        out["time"] = _iso(self.time)
        return out


class Flag(msgspec.Struct, frozen=True):
    """``detail`` is the English sentence for the GM; ``data`` holds its facts as plain JSON values
    (names as written, colours, counts, ISO times), so an alert in another language is built from the
    facts, never by translating the sentence (mafvote.alert_texts)."""

    kind: str
    player: str | None
    post_id: int | None
    detail: str
    data: Mapping[str, Any] = msgspec.field(default_factory=dict)

    def __hash__(self) -> int:
        # the facts are a dict: a flag hashes by the rest (the pages keep a flag's rendered line by the flag), as
        # the dataclass it was hashed without `data`; equal flags still have equal facts
        return hash((self.kind, self.player, self.post_id, self.detail))

    def to_json(self) -> dict:
        out = _fields(self)
        out["data"] = dict(self.data)
        return out


@dataclass(frozen=True)
class Alert:
    """Something the GM must act on now (webhook kinds of INTERFACE.md): ``early_close``,
    ``early_close_majority``, ``silent_player``."""

    kind: str
    time: datetime | None
    detail: str
    player: str | None = None
    data: Mapping[str, Any] = field(default_factory=dict, hash=False)   # the facts of `detail`, as in Flag

    def to_json(self) -> dict:
        return {"kind": self.kind, "time": _iso(self.time), "detail": self.detail, "player": self.player,
                "data": dict(self.data)}


@dataclass(frozen=True)
class Outcome:
    """``reason``: plurality | tie | tie_forgiven | tie_all | alibi | unhangable | protected |
    no_votes, plus ``modkill`` (004 rule 14) and ``pending`` (public view of an open day: the
    GM-view result is not shown before the close, it would reveal hidden modifiers)."""

    eliminated: tuple[str, ...]
    reason: str
    saved: tuple[str, ...] = ()          # would have been hanged, a shield saved them
    spent: tuple[tuple[str, str], ...] = ()   # (player, shield kind) used up by this result
    tied: tuple[str, ...] = ()

    def to_json(self) -> dict:
        return {"eliminated": list(self.eliminated), "reason": self.reason, "saved": list(self.saved),
                "spent": [{"player": p, "kind": k} for p, k in self.spent], "tied": list(self.tied)}


@dataclass(frozen=True)
class Tally:
    """A day's count as of a moment: the candidates, who did not vote, the flags and the outcome."""
    game: str
    day: int
    view: View
    since: datetime | None
    deadline: datetime
    as_of: datetime | None
    closed: bool
    closed_early: datetime | None
    candidates: tuple[Candidate, ...]
    votes: tuple[VoteRecord, ...]
    not_voted: tuple[str, ...]
    silenced: tuple[str, ...]
    outcome: Outcome
    flags: tuple[Flag, ...]
    alerts: tuple[Alert, ...] = ()
    activity: Mapping[str, int] = field(default_factory=dict)
    misses: Mapping[str, int] = field(default_factory=dict)   # game-wide after this day (gm view)
    ties: int = 0                                             # game-wide after this day (gm view)
    final: tuple[str, ...] = ()                               # players whose vote is досрочно
    # the ruleset's `colors_matter`: False (004) makes every vote a vote to hang, so the formatters
    # never speak of red and blue (RULES.md §3.4)
    colors_matter: bool = True
    # the ruleset's `tie` (RULES.md §3.9): the public post's tie reason is worked out from it (tally.format)
    tie_rule: str = "nobody"

    def to_json(self) -> dict:
        return {
            "game": self.game, "day": self.day, "view": self.view, "since": _iso(self.since),
            "deadline": _iso(self.deadline), "as_of": _iso(self.as_of), "closed": self.closed,
            "closed_early": _iso(self.closed_early),
            "candidates": [c.to_json() for c in self.candidates],
            "votes": [v.to_json() for v in self.votes],
            "not_voted": list(self.not_voted), "silenced": list(self.silenced),
            "outcome": self.outcome.to_json(),
            "flags": [f.to_json() for f in self.flags],
            "alerts": [a.to_json() for a in self.alerts],
            "activity": dict(self.activity),
            "misses": dict(self.misses), "ties": self.ties, "final": list(self.final),
            "colors_matter": self.colors_matter, "tie_rule": self.tie_rule,
        }
