"""The game's state between phases: players alive or dead, silences, alibis, counters and memories.

`GameState` is an immutable value: the engine and the day functions return a new one. It converts to and
from plain dicts (`to_dict` / `from_dict`) so the application can keep it in its store.
"""
from __future__ import annotations

__all__ = ["Player", "Silence", "LastAction", "GameState", "new_game", "find_player", "linked_partner"]

from dataclasses import asdict, dataclass, field, replace
from typing import Any, Iterable, Mapping

from mafvote_tally.names import fold

from .errors import ResolverError
from .journal import Line


@dataclass(frozen=True)
class Player:
    """One slot of the game: the nick, the role, gender, aliases and whether the player is alive."""
    nick: str
    role: str
    gender: str | None = None
    aliases: tuple[str, ...] = ()
    display: str = ""                  # the name posts use ("Нежка" for the account Nejka); default the nick
    alive: bool = True
    died: str = ""                     # "night 2", "day 1", "modkill"
    causes: tuple[str, ...] = ()
    revealed: bool = False

    @property
    def name(self) -> str:
        return self.display or self.nick


@dataclass(frozen=True)
class Silence:
    """A player silenced for the coming days, and whether it was announced."""
    player: str
    days: int                          # days left, the coming day included
    announced: bool
    cause: str = ""


@dataclass(frozen=True)
class LastAction:
    """What a player did on a night: the memory behind "not two nights running" and "must change"."""

    night: int
    ability: str
    kind: str
    targets: tuple[str, ...] = ()
    option: str = ""                   # heal-from-role: the role; Абрахам: the copied role
    covered: tuple[str, ...] = ()      # heal-from-role: the victims it covered (count as healed)


@dataclass(frozen=True)
class GameState:
    """The whole game after a step: the players and what the night and day rules remember."""
    game: str
    players: tuple[Player, ...]
    night: int = 0                     # the last resolved night
    day: int = 0                       # the last applied day
    silences: tuple[Silence, ...] = ()         # for the coming day
    alibis: tuple[str, ...] = ()               # the lawyer's alibis for the coming day
    hidden_vote_loss: tuple[str, ...] = ()     # the boss's secret silence for the coming day
    hang_protection: Mapping[str, int] = field(default_factory=dict)  # Миллард's killer: alibis left
    last: Mapping[str, tuple[LastAction, ...]] = field(default_factory=dict)
    uses: Mapping[str, int] = field(default_factory=dict)            # "nick/ability" -> times used
    hire_credits: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # hireling -> employers owing a kill
    hire_spent: Mapping[str, tuple[str, ...]] = field(default_factory=dict)    # hireling -> employers used for a kill
    misses: Mapping[str, int] = field(default_factory=dict)
    under_active: frozenset[str] = frozenset()  # refused at the coming night (000 rule 12), set by the application
    replacements: tuple[tuple[str, str], ...] = ()
    # the GM's excuses (RULES.md §3.5, §3.6): "day N" -> excused from the vote of day N (and the night action
    # punished at it), "night N" -> excused from the night action of night N only; set by the application
    excused: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # 003 / 004 (RULES.md §4 "003 Time machine", "004 Gran Hotel"): state kept between nights
    items: Mapping[str, tuple[str, ...]] = field(default_factory=dict)      # 003: holder -> unused items
    night_shields: Mapping[str, int] = field(default_factory=dict)          # 004: one-time night protections left
    universal_shields: Mapping[str, int] = field(default_factory=dict)      # 004: of hang_protection, how many also stop a kill
    hang_shields: Mapping[str, int] = field(default_factory=dict)           # 004: of hang_protection, how many are one-time passives
    counters: Mapping[str, int] = field(default_factory=dict)               # 004: "nick/saves", "nick/guards", "nick/<ability>@night"
    transfers: tuple[tuple[str, str, str], ...] = ()  # 004 for the coming day: (stolen|gifted, source, to), the tally's Transfer

    @property
    def alive(self) -> tuple[str, ...]:
        return tuple(p.nick for p in self.players if p.alive)

    def player(self, nick: str) -> Player:
        for p in self.players:
            if p.nick == nick:
                return p
        raise ResolverError(Line("state.no_player", "player {name!r} is not in game {game}", name=nick, game=self.game))

    def with_player(self, nick: str, **changes: Any) -> "GameState":
        """The state with one player changed. A player marked dead (a modkill, a death the GM sets by hand)
        takes no protections along: the hang protections and the 004 shields a dead player held are dropped."""
        new = replace(self, players=tuple(replace(p, **changes) if p.nick == nick else p for p in self.players))
        if changes.get("alive") is False:
            def drop(held: Mapping[str, int]) -> dict[str, int]:
                return {k: v for k, v in held.items() if k != nick}
            new = replace(new, hang_protection=drop(new.hang_protection), night_shields=drop(new.night_shields),
                          universal_shields=drop(new.universal_shields), hang_shields=drop(new.hang_shields))
        return new

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["under_active"] = sorted(self.under_active)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "GameState":
        d = dict(data)
        d["players"] = tuple(Player(**{**p, "aliases": tuple(p.get("aliases", ())), "causes": tuple(p.get("causes", ()))})
                             for p in d["players"])
        d["silences"] = tuple(Silence(**s) for s in d.get("silences", ()))
        d["alibis"] = tuple(d.get("alibis", ()))
        d["hidden_vote_loss"] = tuple(d.get("hidden_vote_loss", ()))
        d["last"] = {k: tuple(LastAction(**{**a, "targets": tuple(a["targets"]), "covered": tuple(a.get("covered", ()))})
                              for a in v) for k, v in d.get("last", {}).items()}
        d["hire_credits"] = {k: tuple(v) for k, v in d.get("hire_credits", {}).items()}
        d["hire_spent"] = {k: tuple(v) for k, v in d.get("hire_spent", {}).items()}
        d["under_active"] = frozenset(d.get("under_active", ()))
        d["replacements"] = tuple(tuple(r) for r in d.get("replacements", ()))
        d["excused"] = {k: tuple(v) for k, v in d.get("excused", {}).items()}   # absent in older snapshots
        d["items"] = {k: tuple(v) for k, v in d.get("items", {}).items()}
        d["transfers"] = tuple(tuple(t) for t in d.get("transfers", ()))
        return cls(**d)


def linked_partner(state: GameState, nick: str) -> tuple[str, bool] | None:
    """004 Андрес and Анхела after "знакомство": (the partner, whether `nick` is the one who searched)."""
    for key in state.counters:
        holder, _, rest = key.partition("/")
        if rest.startswith("link>"):
            other = rest[5:]
            if holder == nick:
                return other, True
            if other == nick:
                return holder, False
    return None


def _norm(s: str) -> str:
    return fold(s)


def find_player(players: Iterable[Player], name: str) -> Player | None:
    """The player a name means: nick, display name or alias, ignoring case and ё/е."""
    key = _norm(name)
    for p in players:
        if key in {_norm(p.nick), _norm(p.display or p.nick), *(_norm(a) for a in p.aliases)}:
            return p
    return None


def new_game(game: str, roster: Iterable[Player | Mapping[str, Any]], ruleset=None) -> GameState:
    """The state before the first phase. With a ruleset, every role name is checked and made canonical."""
    players = []
    items: dict[str, tuple[str, ...]] = {}
    for entry in roster:
        if not isinstance(entry, Player):
            # 003: the GM hands out the items with the roster ("предметы раздаются рандомно")
            held = tuple(entry.get("items", ()))
            entry = {k: v for k, v in entry.items() if k != "items"}
            if held:
                items[entry["nick"]] = held
        p = entry if isinstance(entry, Player) else Player(**{**entry, "aliases": tuple(entry.get("aliases", ()))})
        if ruleset is not None:
            p = replace(p, role=ruleset.role(p.role).name)
        players.append(p)
    nicks = [p.nick for p in players]
    if len(set(nicks)) != len(nicks):
        raise ResolverError(Line("roster.nick_twice", "game {game}: a nick appears twice in the roster", game=game))
    state = GameState(game=game, players=tuple(players))
    if ruleset is not None:
        state = _with_items_and_shields(state, ruleset, items)
    return state


def _with_items_and_shields(state: GameState, ruleset, items: Mapping[str, tuple[str, ...]]) -> GameState:
    """003 items checked against the ruleset; 004 one-time passives (protections) as counters."""
    canon: dict[str, tuple[str, ...]] = {}
    for nick, held in items.items():
        names = []
        for name in held:
            card = ruleset.item(name)
            if card is None:
                known = ", ".join(a.name for a in ruleset.items) or "none"
                raise ResolverError(Line("roster.item_unknown", "game {game}: player {nick}: item {item!r} is not in "
                                         "ruleset {ruleset} (items: {known})", game=state.game, nick=nick, item=name,
                                         ruleset=ruleset.name, known=known))
            names.append(card.name)
        canon[nick] = tuple(names)
    night, universal, hang = {}, {}, {}
    for p in state.players:
        if not p.alive:   # a player dead before the game's first phase holds no protections
            continue
        role = ruleset.role(p.role)
        if role.night_shields:
            night[p.nick] = role.night_shields
        if role.universal_shields:
            universal[p.nick] = role.universal_shields
        # the tally sees every protection from hanging (one-time and universal) as hang_protection
        if role.hang_shields + role.universal_shields:
            hang[p.nick] = role.hang_shields + role.universal_shields
    return replace(state, items=canon, night_shields=night, universal_shields=universal,
                   hang_shields={p.nick: ruleset.role(p.role).hang_shields for p in state.players
                                 if p.alive and ruleset.role(p.role).hang_shields},
                   hang_protection={**state.hang_protection, **hang})


# The `GameState.counters` key holding the number alive at the start of a phase. Its "holder" part "@phase"
# is no player's nick, so `replace_player` (which moves "nick/..." keys) and `linked_partner` leave it alone.
PHASE_ALIVE = "@phase/alive"


def _phase_key(state: GameState) -> str:
    # the phase after night `state.night` and day `state.day`: every applied phase moves one of the two
    return f"{PHASE_ALIVE} n{state.night} d{state.day}"


def alive_at_start(state: GameState) -> int:
    """RULES.md §3.15: how many players were alive when the current phase began (a modkill or a death set by
    the GM inside the phase does not change it); without a record, the living now."""
    return state.counters.get(_phase_key(state), len(state.alive))


def mark_phase_start(state: GameState) -> GameState:
    """Record the living as the current phase's starting count, unless already recorded: call it before a
    player leaves inside a phase (modkill, a death set by hand)."""
    key = _phase_key(state)
    if key in state.counters:
        return state
    return replace(state, counters={**state.counters, key: len(state.alive)})
