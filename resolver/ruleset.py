"""Rulesets as data: sides, roles, ability cards and the switches of RULES.md §3, read from a ruleset mapping.

A ruleset file (`rulesets/<name>.toml`) is parsed by the application (or `loads_ruleset` from text) into a
mapping; `ruleset_from_mapping` checks it whole and returns a `Ruleset`, or raises `RulesetError` listing
every problem with its key path. Nothing here reads a file: the caller passes the text and its name.

The engine knows ability *kinds* (`order.ABILITY_KINDS`); a role is a list of ability cards of those kinds
with parameters. Exceptions are labels on roles (`immune`, `always_revealed`, `combat`, ...), never code.
"""
from __future__ import annotations

__all__ = ["Ability", "Role", "Side", "Ruleset", "ruleset_from_mapping", "loads_ruleset", "check_ruleset"]

import difflib
import re
import tomllib
from dataclasses import dataclass, field
from typing import Any, Mapping

from .errors import Problem, RulesetError
from .order import ABILITY_KINDS

SIDE_KINDS = ("town", "mafia", "solo")
IMMUNITIES = ("night_kill", "heal", "hang", "serum")
BLOCK_MODES = ("priority", "parallel")


@dataclass(frozen=True)
class Ability:
    """One ability card. Limits are parameters; the engine reads them, never the role's name."""

    name: str
    kind: str
    min_targets: int = 1
    max_targets: int = 1
    self_target: bool = False
    # no same target two nights running (RULES.md §4: girl, blackmailer, doctor, shahid, 000 lawyer);
    # abilities sharing a `repeat_group` share the memory (the doctor's heal and heal-from-role)
    no_repeat: bool = False
    repeat_group: str = ""
    uses: int = 0                          # per game; 0 = unlimited
    cooldown_when_alive_lt: int = 0        # 001 serum: not two nights running when fewer than 15 alive
    requires_alive_gt: int = 0             # heal-from-role: lost when 10 or fewer alive
    requires_killing_sides: int = 0        # heal-from-role: lost when only one hostile killing side remains
    max_targets_when_alive_lt: tuple[int, int] | None = None   # intimidation: (10, 2)
    single_target_when_alive_le: int = 0   # boss: no double kill when the night starts with 3 alive
    block_rank: int = 0                    # mutual blocks: the higher rank wins
    silence_p: float = 0.0                 # girl / blackmailer: 50 % silence of the target, announced
    silence_days: int = 1
    announced: bool = True
    evidence: tuple[float, ...] = ()       # chance by number of targets (1, 2, ...); last one repeats
    evidence_kind: str = "nick"            # "nick": the sender's nick; "trace": "victim of <role>"
    reveal_victim_p: float = 0.0           # Джейкоб: 50 % the victim's role is shown ...
    reveal_victim_when_alive_le: int = 0   # ... when 10 or fewer are alive
    hidden_vote_loss_from_targets: int = 0 # boss: two targets -> the sender's vote silently counts 0
    hidden_vote_loss_half_alive: bool = False  # boss: silencing half of the living or more -> the same
    kept_as_boss: bool = False             # blackmailer/Пустота keep the block when they become boss
    shared_action: str = ""                # sheriff + sergeant: one action a night for the group
    answers: Mapping[str, str] = field(default_factory=dict)   # side check: appears-as -> answer
    announce: str = ""                     # Голан: public line, e.g. "{actor_role} брала интервью у {target_role_gent}"
    copy_block_rank: int = 0               # Абрахам: the rank his copied blocks get (loses every mutual block)
    copy_once: tuple[str, ...] = ()        # Абрахам: copied ability kinds allowed once a game (serum)
    must_change: bool = False              # Абрахам: role, action and target change every night
    note: str = ""                         # the seed's wording, for the GM


@dataclass(frozen=True)
class Side:
    id: str
    kind: str              # town | mafia | solo
    title: str
    title_f: str = ""
    hostile: bool = True   # a solo side the town must remove to win (RULES.md §5)

    def title_for(self, gender: str | None) -> str:
        return self.title_f if gender == "f" and self.title_f else self.title


@dataclass(frozen=True)
class Role:
    name: str
    side: str
    aliases: tuple[str, ...] = ()
    rank: int = 0
    appears_as: str = ""                   # what a side check sees; default the side
    red_weight: int = 1
    blue_weight: int = 1
    immune: frozenset[str] = frozenset()   # night_kill (highlander), heal/hang/serum (Миллард)
    always_revealed: bool = False          # Миллард: role shown on death whatever the count
    killer_gets_alibi: bool = False        # Миллард: his killer gets one alibi
    combat: bool = False                   # Мено и Куо-Рама: hiring with this role succeeds
    death_label: str = ""                  # shown instead of the side in a death line ("босс мафии")
    forms: Mapping[str, str] = field(default_factory=dict)    # hand-written cases: {"gent": "Оливии"}
    abilities: tuple[Ability, ...] = ()

    def ability(self, name: str) -> Ability | None:
        return next((a for a in self.abilities if a.name == name), None)


@dataclass(frozen=True)
class Ruleset:
    name: str
    title: str
    theme: str
    starts_with: str
    reveal_while_alive_gt: int
    votes: Mapping[str, Any]
    sides: Mapping[str, Side]
    roles: tuple[Role, ...]
    boss_abilities: tuple[Ability, ...]
    succession: tuple[str, ...]
    submission_order: tuple[str, ...]
    block_mode: str = "priority"
    no_repeat_lifted_at_alive: int = 3
    texts: Mapping[str, str] = field(default_factory=dict)
    source: str = ""

    def find_role(self, name: str) -> Role | None:
        key = _norm(name)
        for role in self.roles:
            if _norm(role.name) == key or any(_norm(a) == key for a in role.aliases):
                return role
        return None

    def role(self, name: str) -> Role:
        found = self.find_role(name)
        if found is None:
            hint = _did_you_mean(name, [r.name for r in self.roles])
            raise RulesetError(Problem(self.source, "roles", f"role {name!r} is not in ruleset {self.name}", hint))
        return found

    def side_of(self, role_name: str) -> Side:
        return self.sides[self.role(role_name).side]

    def side_id(self, name: str) -> str:
        """The side a word names (id, title or feminine title: "мафия", "mafia"), or ""."""
        key = _norm(name)
        for side in self.sides.values():
            if key in {_norm(side.id), _norm(side.title), _norm(side.title_f or side.title)}:
                return side.id
        return ""

    def boss_ability(self, name: str) -> Ability | None:
        return next((a for a in self.boss_abilities if a.name == name), None)

    def text(self, key: str, default: str) -> str:
        return self.texts.get(key, default)


def _norm(s: str) -> str:
    return " ".join(s.lower().replace("ё", "е").replace("’", "'").split())


def _did_you_mean(word: str, choices) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f'did you mean "{close[0]}"?' if close else ""


_ABILITY_KEYS = set(Ability.__dataclass_fields__)
_ROLE_KEYS = set(Role.__dataclass_fields__)
_SIDE_KEYS = {"kind", "title", "title_f", "hostile"}
_TOP_KEYS = {"game", "votes", "night", "sides", "roles", "boss", "texts"}
_GAME_KEYS = {"name", "title", "theme", "starts_with", "reveal_while_alive_gt", "notes"}
_NIGHT_KEYS = {"block_mode", "succession", "submission_order", "no_repeat_lifted_at_alive", "notes"}


class _Collector:
    def __init__(self, source: str):
        self.source = source
        self.problems: list[Problem] = []

    def add(self, where: str, message: str, hint: str = "") -> None:
        self.problems.append(Problem(self.source, where, message, hint))

    def unknown_keys(self, where: str, data: Mapping, allowed: set[str]) -> None:
        for key in data:
            if key not in allowed:
                self.add(f"{where}.{key}" if where else key, "unknown key", _did_you_mean(key, allowed))


def _ability(data: Any, where: str, c: _Collector) -> Ability | None:
    if not isinstance(data, Mapping):
        c.add(where, "an ability must be a table with name and kind")
        return None
    c.unknown_keys(where, data, _ABILITY_KEYS)
    kind = data.get("kind")
    if kind not in ABILITY_KINDS:
        c.add(f"{where}.kind", f"unknown ability kind {kind!r}",
              _did_you_mean(str(kind), ABILITY_KINDS) or f"known kinds: {', '.join(sorted(ABILITY_KINDS))}")
        return None
    kwargs = {k: v for k, v in data.items() if k in _ABILITY_KEYS}
    kwargs.setdefault("name", kind)
    if "evidence" in kwargs:
        ev = kwargs["evidence"]
        kwargs["evidence"] = tuple(float(x) for x in (ev if isinstance(ev, list) else [ev]))
    if "max_targets_when_alive_lt" in kwargs:
        pair = kwargs["max_targets_when_alive_lt"]
        if not (isinstance(pair, list) and len(pair) == 2):
            c.add(f"{where}.max_targets_when_alive_lt", "must be [alive, max_targets], e.g. [10, 2]")
            return None
        kwargs["max_targets_when_alive_lt"] = (int(pair[0]), int(pair[1]))
    if "copy_once" in kwargs:
        kwargs["copy_once"] = tuple(kwargs["copy_once"])
    for key in ("silence_p", "reveal_victim_p"):
        if key in kwargs and not 0 <= kwargs[key] <= 1:
            c.add(f"{where}.{key}", "a chance must be between 0 and 1")
    try:
        ability = Ability(**kwargs)
    except TypeError as exc:  # pragma: no cover - keys are filtered above
        c.add(where, str(exc))
        return None
    if ability.announce:
        import string
        fields = {f for _, f, _, _ in string.Formatter().parse(ability.announce) if f}
        for f in sorted(fields - {"actor_role", "target_role", "target_role_gent"}):
            c.add(f"{where}.announce", f"unknown placeholder {{{f}}}",
                  "use {actor_role}, {target_role} or {target_role_gent}")
    if ability.min_targets > ability.max_targets:
        c.add(f"{where}.min_targets", "min_targets is larger than max_targets")
    return ability


def ruleset_from_mapping(data: Mapping[str, Any], source: str = "<ruleset>") -> Ruleset:
    """Check a parsed ruleset file whole; raise `RulesetError` with every problem, each with its key path."""
    c = _Collector(source)
    c.unknown_keys("", data, _TOP_KEYS)
    game = data.get("game", {})
    c.unknown_keys("game", game, _GAME_KEYS)
    if not isinstance(game.get("name"), str):
        c.add("game.name", "missing", "add name = \"<file stem>\" under [game]")
    for key in ("title", "theme"):   # default: the name
        if key in game and not isinstance(game[key], str):
            c.add(f"game.{key}", "must be a string")
    if game.get("starts_with", "night") not in ("night", "day"):
        c.add("game.starts_with", "must be \"night\" or \"day\"")
    night = data.get("night", {})
    c.unknown_keys("night", night, _NIGHT_KEYS)
    if night.get("block_mode", "priority") not in BLOCK_MODES:
        c.add("night.block_mode", f"must be one of {', '.join(BLOCK_MODES)}")

    sides: dict[str, Side] = {}
    for sid, sdata in data.get("sides", {}).items():
        c.unknown_keys(f"sides.{sid}", sdata, _SIDE_KEYS)
        if sdata.get("kind") not in SIDE_KINDS:
            c.add(f"sides.{sid}.kind", f"must be one of {', '.join(SIDE_KINDS)}")
            continue
        sides[sid] = Side(id=sid, kind=sdata["kind"], title=sdata.get("title", sid),
                          title_f=sdata.get("title_f", ""), hostile=sdata.get("hostile", sdata["kind"] != "town"))
    # a ruleset without sides and roles is a count-only ruleset (003/004 until their nights are built)

    boss: list[Ability] = []
    for i, adata in enumerate(data.get("boss", {}).get("abilities", [])):
        a = _ability(adata, f"boss.abilities[{i}]", c)
        if a:
            boss.append(a)

    roles: list[Role] = []
    seen_names: dict[str, str] = {}
    for i, rdata in enumerate(data.get("roles", [])):
        where = f"roles[{i}]"
        if not isinstance(rdata, Mapping) or not isinstance(rdata.get("name"), str):
            c.add(f"{where}.name", "a role needs a name")
            continue
        c.unknown_keys(where, rdata, _ROLE_KEYS)
        side = rdata.get("side")
        if not side:
            c.add(f"{where}.side", f"role {rdata['name']!r} has no side",
                  f"one of: {', '.join(sides)}" if sides else 'add [sides.<id>] tables (kind = "town" | "mafia" | "solo") and side = "<id>"')
            continue
        if side not in sides:
            c.add(f"{where}.side", f"unknown side {side!r}", _did_you_mean(side, sides) or f"one of: {', '.join(sides)}")
            continue
        for imm in rdata.get("immune", []):
            if imm not in IMMUNITIES:
                c.add(f"{where}.immune", f"unknown immunity {imm!r}", f"one of: {', '.join(IMMUNITIES)}")
        abilities = []
        for j, adata in enumerate(rdata.get("abilities", [])):
            a = _ability(adata, f"{where}.abilities[{j}]", c)
            if a:
                abilities.append(a)
        names = [a.name for a in abilities]
        if len(set(names)) != len(names):
            c.add(f"{where}.abilities", "two abilities share a name", "give each a distinct name")
        kwargs = {k: v for k, v in rdata.items() if k in _ROLE_KEYS and k != "abilities"}
        kwargs["aliases"] = tuple(kwargs.get("aliases", ()))
        kwargs["immune"] = frozenset(kwargs.get("immune", ()))
        kwargs["appears_as"] = kwargs.get("appears_as") or side
        role = Role(abilities=tuple(abilities), **kwargs)
        for label in (role.name, *role.aliases):
            key = _norm(label)
            if key in seen_names:
                c.add(f"{where}.name", f"{label!r} is already used by role {seen_names[key]!r}")
            seen_names[key] = role.name
        roles.append(role)

    # ranks: 1..n without gaps within each side (RULES.md §4: succession goes rank 1, 2, 3)
    for sid in sides:
        ranks = sorted(r.rank for r in roles if r.side == sid and r.rank)
        if ranks and ranks != list(range(1, len(ranks) + 1)):
            c.add("roles", f"side {sid!r} has ranks {ranks}", "ranks must run 1, 2, 3 ... without a gap or repeat")

    role_names = {_norm(r.name) for r in roles} | {_norm(a) for r in roles for a in r.aliases}
    for key in ("succession", "submission_order"):
        for i, name in enumerate(night.get(key, [])):
            if _norm(name) not in role_names:
                c.add(f"night.{key}[{i}]", f"unknown role {name!r}", _did_you_mean(name, [r.name for r in roles]))
    if c.problems:
        raise RulesetError(c.problems)

    def canon(names):
        return tuple(next(r.name for r in roles if _norm(r.name) == _norm(n) or _norm(n) in map(_norm, r.aliases))
                     for n in names)

    succession = canon(night.get("succession", []))
    return Ruleset(
        name=game["name"], title=game.get("title", game["name"]), theme=game.get("theme", game["name"]),
        starts_with=game.get("starts_with", "night"),
        reveal_while_alive_gt=int(game.get("reveal_while_alive_gt", 10)),
        votes=dict(data.get("votes", {})), sides=sides, roles=tuple(roles), boss_abilities=tuple(boss),
        succession=succession, submission_order=canon(night.get("submission_order", [])) or succession,
        block_mode=night.get("block_mode", "priority"),
        no_repeat_lifted_at_alive=int(night.get("no_repeat_lifted_at_alive", 3)),
        texts=dict(data.get("texts", {})), source=source,
    )


def toml_error_line(exc: tomllib.TOMLDecodeError) -> int | str:
    """The line of a TOML syntax error (Python 3.11 only puts it in the message)."""
    found = re.search(r"line (\d+)", str(exc))
    return int(found.group(1)) if found else "?"


def loads_ruleset(text: str, source: str = "<ruleset>") -> Ruleset:
    """Parse ruleset TOML text; a syntax error becomes a `RulesetError` naming the file and line."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesetError(Problem(source, f"line {toml_error_line(exc)}", f"TOML syntax: {exc}",
                                   "fix the line; strings need quotes, tables need [brackets]")) from None
    return ruleset_from_mapping(data, source)


def check_ruleset(text: str, source: str = "<ruleset>") -> list[Problem]:
    """Every problem of a ruleset text (empty when it loads), for `mafvote check`."""
    try:
        loads_ruleset(text, source)
    except RulesetError as exc:
        return exc.problems
    return []
