"""Rulesets as data: sides, roles, ability cards and the switches of RULES.md §3, read from a ruleset mapping.

A ruleset file (`rulesets/<name>.toml`) is parsed by the application (or `loads_ruleset` from text) into a
mapping; `ruleset_from_mapping` checks it whole and returns a `Ruleset`, or raises `RulesetError` listing
every problem with its key path. Nothing here reads a file: the caller passes the text and its name.

The engine knows ability *kinds* (`order.ABILITY_KINDS`); a role is a list of ability cards of those kinds
with parameters. Exceptions are labels on roles (`immune`, `always_revealed`, `combat`, ...), never code.
"""
from __future__ import annotations

__all__ = ["Ability", "Role", "Side", "Ruleset", "ruleset_from_mapping", "loads_ruleset", "check_ruleset", "did_you_mean"]

import difflib
import json
import re
import string
import tomllib
from dataclasses import MISSING, dataclass, field, fields, replace
from typing import Any, Mapping

from mafvote_tally import BadRules, VoteRules
from mafvote_tally.names import fold

from .toml_text import loads as toml_loads
from .errors import Problem, RulesetError
from .journal import Line
from .order import ABILITY_KINDS, Stage, order_from_names

SIDE_KINDS = ("town", "mafia", "solo")
IMMUNITIES = ("night_kill", "heal", "hang", "serum")
BLOCK_MODES = ("priority", "parallel")
DEFENCES = ("heal", "protection", "block", "hide")   # what a piercing kill may ignore (`ignores`)
REVEALS = ("rule", "role", "side", "none")            # RULES.md §6: what a death line shows
USE_SCOPES = ("player", "side")
# 004 Элиса "Я все узнаю": "узнает ники гостей своих подельников/типы НД, направленные на них (каждый раз
# использования этого НД выбирает, что именно хочет узнать)". What a watch card with `watch_options` may learn
# each use -> the words a GM writes for that choice (the night file's `learn`, `night add`'s phrasing; any case).
WATCH_OPTIONS: Mapping[str, tuple[str, ...]] = {
    "nicks": ("ники гостей", "ники", "ник", "гостей", "гости", "кто"),
    "kinds": ("типы НД", "типы действий", "тип НД", "виды НД", "какие НД", "типы", "тип", "НД"),
}



def watch_option(card: Ability, written: str) -> str:
    """The choice of a watch with `watch_options` (004 Элиса): "" -> the card's default (its first option);
    a canonical name or one of its `WATCH_OPTIONS` words -> that option; anything else -> ""."""
    if not written.strip():
        return card.watch_options[0] if card.watch_options else "nicks"
    key = " ".join(written.lower().replace("ё", "е").split())
    return next((opt for opt, words in WATCH_OPTIONS.items() if key == opt or key in {w.lower() for w in words}), "")


def shot_guess(ruleset: "Ruleset", card: Ability, written: str) -> tuple["Role | None", list[str]]:
    """003's role shot: (the guessed role when it is one the card may guess, else None; the roles it may guess).
    The night file's check and the engine's refusal ask this one rule."""
    allowed = [ruleset.role(n).name for n in card.guess_roles]
    guessed = ruleset.find_role(written) if written else None
    return (guessed if guessed is not None and guessed.name in allowed else None), allowed


def not_partners(actor: str, side: str | None, targets: list[tuple[str, str | None]]) -> tuple[bool, list[str]]:
    """For a `partners_only` card (004 Элиса: "гостей своих подельников ... Своих гостей - не знает"), given the
    actor's side and each target's (nick, side): (whether the actor targets itself, the targets of another side).
    A side not known yet (roles not entered) makes nobody a stranger."""
    strangers = [t for t, theirs in targets if side is not None and theirs is not None and theirs != side]
    return any(t == actor for t, _ in targets), strangers


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
    # -- 003 / 004 --------------------------------------------------------------------------------
    ignores: tuple[str, ...] = ()          # defences a kill passes: heal, protection, block, hide (RULES.md §4.4)
    extra: bool = False                    # not the player's one action of the night (003 items, the role shot)
    uses_scope: str = "player"             # "side": the uses are the side's (003 mafia role shot: one a game)
    cooldown: int = 0                      # nights to wait after a use (004 Алисия: "1 раз в 2 ночи" -> 1)
    no_repeat_ever: bool = False           # 004 Хулио: "Дважды невозможно ходить к одному игроку"
    guess_roles: tuple[str, ...] = ()      # 003 role shot: the roles one may guess (ком, док, ман)
    spares_label: str = ""                 # 004 Тереса's kill: targets with this label do not die
    visitor_p: float = 0.0                 # 004 bloody kill: one random visitor of the target dies with this chance
    tells_if_target: tuple[str, ...] = ()  # 004 passives "Узнает, если ...": the actor learns it hit these roles
    tells_if_killed: bool = False          # ... only when the target died (Хавьер: "Если убивает ...")
    earn_every: int = 0                    # 004 Анхела: one universal protection per this many saves ...
    earn_max: int = 0                      # ... holding at most this many at once
    parity: str = ""                       # "even" / "odd": only on such nights (004 Лаура)
    sees_visitors: bool = False            # 004 Хавьер's hiding: he learns who visited him
    words: tuple[str, ...] = ()            # stems a player's message names this card by ("блицкриг", "часы")
    links_label: str = ""                  # 004 Андрес: a check finding this label links the two (знакомство)
    marks: bool = False                    # 004 Хулио's check: a target that killed tonight gets a black veil
    lost_if_target_dies: tuple[str, ...] = ()   # 004 Хулио: the veil kills Тереса -> no actions for the rest of the game
    extra_parity: str = ""                 # 004 Лаура's search: beside the main action on these nights, instead on others
    counter_strike: bool = False           # 004 Аяла: a save kills the attacker ("совершая контрудар")
    dies_instead_after: int = 0            # 004 Аяла: at this many saves the guard dies instead of the target
    watch_options: tuple[str, ...] = ()    # 004 Элиса: a watch that learns, by the GM's choice each use, one of
                                           # WATCH_OPTIONS (the first is the default): "nicks" or "kinds"
    partners_only: bool = False            # 004 Элиса: the target must be a partner, never oneself
                                           # ("гостей своих подельников ... Своих гостей - не знает")
    note: str = ""                         # the seed's wording, for the GM

    def is_extra_on(self, night: int) -> bool:
        """Whether this card is sent beside the player's one action of `night` rather than instead of it: an
        `extra` card always (003 items, the role shot); an `extra_parity` card on the nights of its parity only
        (004 Лаура's search: «каждую четную ночь вместе с основным, либо каждую ночь вместо основного»).
        The one rule the engine's one-action check and the night file's both read."""
        return self.extra or bool(self.extra_parity and (night % 2 == 0) == (self.extra_parity == "even"))


@dataclass(frozen=True)
class Side:
    id: str
    kind: str              # town | mafia | solo
    title: str
    title_f: str = ""
    hostile: bool = True   # a solo side the town must remove to win (RULES.md §5)
    # RULES.md §5, a solo side: wins when at most `max_others` others live (ranked: alone or with one), or, with
    # `wins_with_roles`, when everyone else alive holds one of those roles (004 maniac: all dead but Донья Тереса)
    max_others: int = 1
    wins_with_roles: tuple[str, ...] = ()
    wins_with_anyone: bool = False   # 004 neutral: "побеждает с любым игроком"; never blocks another's win

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
    # -- 003 / 004 --------------------------------------------------------------------------------
    labels: frozenset[str] = frozenset()   # 004: "alarcon" (the family Тереса checks and spares)
    shown_side: str = ""                   # 004: the side a death shows ("маньяк видится как город")
    night_shields: int = 0                 # 004 one-time protections from a night kill (Диего, Аяла)
    universal_shields: int = 0             # 004 Хавьер: one universal protection (a kill or a hanging)
    hang_shields: int = 0                  # 004 София, Элиса: "защита от повеса/казни на один день", once
    kill_immune_nights: tuple[int, ...] = ()        # 004 Элиса: "Не может быть убита в первую ночь"
    kill_immune_until_used: str = ""       # 004 Тереса: unkillable until she uses this ability ...
    kill_immune_except: tuple[str, ...] = ()        # ... except by these sides ("никем, кроме маньяка")
    inherits: str = ""                     # 004 Бенхамин: takes this role when its last holder dies
    annuls_marks_on_visit: bool = False    # 004 Лаура: visiting Хулио annuls his veils on her partners
    link_tells_killer: bool = False        # 004 Андрес: killed while linked -> the partner learns the killer's nick
    link_loses_on_death: bool = False      # 004 Андрес: linked, one of the two killed -> the other loses the actions
    dies_when_found_own: bool = False      # 004 Лаура: on a night her `find_own` finds a partner, no heal or
                                           # protection saves her from a kill, her own side's included
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
    order: tuple[Stage, ...] = ()          # the ruleset's own night order (003, 004); () = order.ORDER
    reveal_night: str = "rule"             # "rule": reveal_while_alive_gt decides; "role"/"side"/"none"
    reveal_day: str = "rule"
    items: tuple[Ability, ...] = ()        # 003: cards held by players (state.items), each once, lost on death
    must_kill: str = ""                    # 004: this side must kill every night (the GM is alerted)
    blocked_action_spends: bool = True     # a blocked action still spends its use / item and is remembered as
                                           # last night's target (004 D2); false in 003 ("не осуществляется")

    def item(self, name: str) -> Ability | None:
        key = _norm(name)
        return next((a for a in self.items if _norm(a.name) == key), None)

    def find_role(self, name: str) -> Role | None:
        key = _norm(name)
        for role in self.roles:
            if _norm(role.name) == key or any(_norm(a) == key for a in role.aliases):
                return role
        return None

    def role(self, name: str) -> Role:
        found = self.find_role(name)
        if found is None:
            hint = did_you_mean(name, [r.name for r in self.roles])
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
    return fold(s)


def did_you_mean(word: str, choices) -> str:
    """`did you mean "X"?` for the closest of `choices` to a misspelt name, or "" (rulesets and night files)."""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return Line("did_you_mean", 'did you mean "{close}"?', close=close[0]) if close else ""


def _one_of(choices, prefix: str = "one of") -> Line:
    """`one of: a, b, c` (a hint listing what may be written), keyed for the GM's language (`ruleset.<key>`)."""
    key = {"one of": "one_of", "known keys": "known_keys", "known kinds": "known_kinds", "stages": "stages"}[prefix]
    return Line(key, prefix + ": {choices}", choices=", ".join(choices))


# -- value types -------------------------------------------------------------------------------------------
# What each key's value must be, so a wrong type is a Problem with its key path, never a traceback from int() or
# float() (a GM writes `reveal_while_alive_gt = "ten"` or `evidence = ["0", "x"]`). One word per shape:
_SHAPES = {
    "int": ("a whole number", lambda v: isinstance(v, int) and not isinstance(v, bool)),
    "number": ("a number", lambda v: isinstance(v, (int, float)) and not isinstance(v, bool)),
    "bool": ("true or false", lambda v: isinstance(v, bool)),
    "str": ("a text in quotes", lambda v: isinstance(v, str)),
    "strs": ("a list of texts", lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v)),
    "ints": ("a list of whole numbers",
             lambda v: isinstance(v, list) and all(isinstance(x, int) and not isinstance(x, bool) for x in v)),
    # `evidence`: a chance by number of targets; one number alone is the list of one
    "chances": ("a list of numbers", lambda v: all(isinstance(x, (int, float)) and not isinstance(x, bool)
                                                   for x in (v if isinstance(v, list) else [v]))),
    "pair": ("a list of two whole numbers", lambda v: isinstance(v, list) and len(v) == 2 and all(
        isinstance(x, int) and not isinstance(x, bool) for x in v)),
    "texts": ("a table of texts", lambda v: isinstance(v, Mapping) and all(isinstance(x, str) for x in v.values())),
    "table": ("a table", lambda v: isinstance(v, Mapping)),
    "tables": ("a list of tables ([[...]])", lambda v: isinstance(v, list) and all(isinstance(x, Mapping) for x in v)),
}
_EXAMPLES = {"int": "{key} = {default}", "number": "{key} = 0.5", "bool": "{key} = true",
             "str": '{key} = "..."', "strs": '{key} = ["..."]', "ints": "{key} = [1]",
             "chances": "{key} = [0.5, 0.25]", "pair": "{key} = [10, 2]", "texts": '{key} = {{ gent = "..." }}',
             "table": "[{key}]", "tables": "[[{key}]]"}


def _field_shapes(cls, **overrides: str) -> dict[str, str]:
    """The shape of each field of a ruleset dataclass, read from its default (0 -> int, 0.0 -> number, ...)."""
    shapes = {}
    for f in fields(cls):
        default = f.default if f.default is not MISSING else (
            f.default_factory() if f.default_factory is not MISSING else "")   # no default: name, kind, side
        shapes[f.name] = ("bool" if isinstance(default, bool) else "int" if isinstance(default, int)
                          else "number" if isinstance(default, float) else "str" if isinstance(default, str)
                          else "strs" if isinstance(default, (tuple, frozenset)) else "texts"
                          if isinstance(default, Mapping) else "")
    shapes.update(overrides)
    return {k: v for k, v in shapes.items() if v}


def _shown(value: Any) -> str:
    """A found value as it is written in TOML (`"ten"`, `["0", "x"]`, `true`)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_shown(x) for x in value) + "]"
    if isinstance(value, Mapping):
        return "a table"
    return json.dumps(value, ensure_ascii=False) if isinstance(value, str) else str(value)


def _example_default(defaults, key: str) -> str:
    """The value a hint shows for a whole number: its default (a dataclass's, or a mapping's), else 1."""
    if isinstance(defaults, Mapping):
        found = defaults.get(key, MISSING)
    else:
        found = next((f.default for f in fields(defaults) if f.name == key), MISSING) if defaults else MISSING
    return str(found) if isinstance(found, int) and not isinstance(found, bool) and found else "1"


_ABILITY_SHAPES = _field_shapes(Ability, evidence="chances", max_targets_when_alive_lt="pair", answers="texts")
_ROLE_SHAPES = _field_shapes(Role, kill_immune_nights="ints", abilities="tables")
_SIDE_SHAPES = {"kind": "str", "title": "str", "title_f": "str", "hostile": "bool", "max_others": "int",
                "wins_with_roles": "strs", "wins_with_anyone": "bool"}
_GAME_SHAPES = {"name": "str", "title": "str", "theme": "str", "starts_with": "str", "reveal_while_alive_gt": "int",
                "reveal_night": "str", "reveal_day": "str", "notes": "str"}
_NIGHT_SHAPES = {"block_mode": "str", "succession": "strs", "submission_order": "strs",
                 "no_repeat_lifted_at_alive": "int", "notes": "str", "order": "strs", "must_kill": "str",
                 "blocked_action_spends": "bool"}
_TOP_SHAPES = {"game": "table", "votes": "table", "night": "table", "sides": "table", "roles": "tables",
               "boss": "table", "texts": "table", "items": "tables"}

# [texts]: the lines a ruleset may reword, and the placeholders each is given (the night engine's stage modules fill them).
# A key outside this table would be silently ignored and a placeholder outside it fails at the night's
# resolution, so both are problems at load. `deaths_header` is read by no code today (the theme's `deaths`
# phrase writes the header); it stays allowed because the bundled rulesets carry it.
TEXT_KEYS: Mapping[str, tuple[str, ...]] = {
    "death": ("player", "role", "side"),
    "death_side": ("player", "side"),
    "death_hidden": ("player",),
    "deaths_header": (),
    "silence": ("player",),
    "silence_f": ("player",),
    "block": ("player",),
    "evidence_nick": ("actor",),
    "evidence_trace": ("player", "role"),
    "serum": ("player", "role"),
    "serum_evidence": ("actor",),
    "serum_evidence_f": ("actor",),      # a woman's «Сыворотку подложила {actor}»
    "serum_evidence_x": ("actor",),      # no gender in the roster: «Сыворотку подложил игрок {actor}»
}


_ABILITY_KEYS = set(Ability.__dataclass_fields__)
_ROLE_KEYS = set(Role.__dataclass_fields__)
_SIDE_KEYS = {"kind", "title", "title_f", "hostile", "max_others", "wins_with_roles", "wins_with_anyone"}
_TOP_KEYS = {"game", "votes", "night", "sides", "roles", "boss", "texts", "items"}
_GAME_KEYS = {"name", "title", "theme", "starts_with", "reveal_while_alive_gt", "reveal_night", "reveal_day", "notes"}
_NIGHT_KEYS = {"block_mode", "succession", "submission_order", "no_repeat_lifted_at_alive", "notes", "order",
               "must_kill", "blocked_action_spends"}


class _Collector:
    def __init__(self, source: str):
        self.source = source
        self.problems: list[Problem] = []

    def add(self, where: str, message: str, hint: str = "") -> None:
        self.problems.append(Problem(self.source, where, message, hint))

    def unknown_keys(self, where: str, data: Mapping, allowed: set[str]) -> None:
        for key in data:
            if key not in allowed:
                self.add(f"{where}.{key}" if where else key, Line("unknown_key", "unknown key"),
                         did_you_mean(key, allowed))

    def typed(self, where: str, data: Any, shapes: Mapping[str, str], defaults: Any = None) -> dict[str, Any]:
        """The keys of `data` whose value has its shape; each other one is a problem (and left out, so the
        checks after this never meet a wrong type). A `data` that is not a table is one problem and {}."""
        if not isinstance(data, Mapping):
            self.add(where, Line("expected_table", "expected a table, got {value}", value=_shown(data)),
                     Line("expected_table.hint", "write it as [{where}] with keys under it", where=where))
            return {}
        good = {}
        for key, value in data.items():
            shape = shapes.get(key)
            if shape is None or _SHAPES[shape][1](value):
                good[key] = value
                continue
            example = _EXAMPLES[shape].format(key=key, default=_example_default(defaults, key))
            self.add(f"{where}.{key}" if where else key,
                     Line("expected", "expected {expected}, got {value}", expected=_SHAPES[shape][0], shape=shape,
                          value=_shown(value)),
                     Line("write_like", "write it like {example}", example=example))
        return good


def _placeholders(text: str, where: str, c: _Collector) -> set[str]:
    """The {names} a text's format string uses; a stray brace is a problem (it would fail at the night)."""
    try:
        return {re.split(r"[.\[]", name)[0] for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    except ValueError as exc:
        c.add(where, f"a brace that opens no placeholder ({exc})", "write a literal brace as {{ or }}")
        return set()


def _texts(data: Mapping[str, Any], c: _Collector) -> dict[str, str]:
    """[texts]: known keys only, each a text whose placeholders are those the engine fills (`TEXT_KEYS`)."""
    texts = c.typed("texts", data, dict.fromkeys(data, "str"))
    for key, text in texts.items():
        if key not in TEXT_KEYS:
            c.add(f"texts.{key}", Line("texts.unknown_key", "unknown key: no line of the game reads it"),
                  did_you_mean(key, TEXT_KEYS) or _one_of(TEXT_KEYS, "known keys"))
            continue
        allowed = TEXT_KEYS[key]
        for name in sorted(_placeholders(text, f"texts.{key}", c) - set(allowed)):
            c.add(f"texts.{key}", Line("unknown_placeholder", "unknown placeholder {{{name}}}", name=name),
                  Line("placeholders", "this line is given {given}", given=", ".join("{" + a + "}" for a in allowed))
                  if allowed else Line("no_placeholder", "this line takes no placeholder"))
    return texts


def _votes(data: Mapping[str, Any], c: _Collector) -> dict[str, Any]:
    """[votes]: checked by the count's own reader (`tally.VoteRules.from_mapping`), so `mafvote check` and a
    load refuse what `tally` and `day close` would; one problem per key, an unknown one with a did-you-mean."""
    known = {f.name for f in fields(VoteRules)}
    for key, value in data.items():
        if key not in known:
            c.add(f"votes.{key}", Line("unknown_key", "unknown key"),
                  did_you_mean(key, known) or _one_of(sorted(known), "known keys"))
            continue
        try:
            VoteRules.from_mapping({key: value}, "votes")
        except BadRules as exc:
            # the count's message is "votes.<key>: <what>"; the key path goes in its own place
            c.add(f"votes.{key}", str(exc).removeprefix(f"votes.{key}: "))
    return dict(data)


def _ability(data: Any, where: str, c: _Collector) -> Ability | None:
    if not isinstance(data, Mapping):
        c.add(where, "an ability must be a table with name and kind")
        return None
    c.unknown_keys(where, data, _ABILITY_KEYS)
    data = c.typed(where, data, _ABILITY_SHAPES, Ability)
    kind = data.get("kind")
    if kind not in ABILITY_KINDS:
        c.add(f"{where}.kind", Line("unknown_kind", "unknown ability kind {kind!r}", kind=kind),
              did_you_mean(str(kind), ABILITY_KINDS) or _one_of(sorted(ABILITY_KINDS), "known kinds"))
        return None
    kwargs = {k: v for k, v in data.items() if k in _ABILITY_KEYS}
    kwargs.setdefault("name", kind)
    if "evidence" in kwargs:
        ev = kwargs["evidence"]
        kwargs["evidence"] = tuple(float(x) for x in (ev if isinstance(ev, list) else [ev]))
        if not all(0 <= x <= 1 for x in kwargs["evidence"]):
            c.add(f"{where}.evidence", Line("chance", "a chance must be between 0 and 1"),
                  Line("chance.hint", "75 % is written 0.75"))
    if "max_targets_when_alive_lt" in kwargs:
        pair = kwargs["max_targets_when_alive_lt"]   # a list of two whole numbers (typed above)
        kwargs["max_targets_when_alive_lt"] = (pair[0], pair[1])
    for key in ("copy_once", "ignores", "guess_roles", "tells_if_target", "words", "lost_if_target_dies",
                "watch_options"):
        if key in kwargs:
            kwargs[key] = tuple(kwargs[key])
    for d in kwargs.get("ignores", ()):
        if d not in DEFENCES:
            c.add(f"{where}.ignores", f"unknown defence {d!r}", f"one of: {', '.join(DEFENCES)}")
    for option in kwargs.get("watch_options", ()):
        if option not in WATCH_OPTIONS:
            c.add(f"{where}.watch_options", f"unknown option {option!r}", f"one of: {', '.join(WATCH_OPTIONS)}")
    if kwargs.get("watch_options") and kind != "watch":
        c.add(f"{where}.watch_options", "only a watch card learns by the GM's choice", 'kind = "watch"')
    if kwargs.get("uses_scope", "player") not in USE_SCOPES:
        c.add(f"{where}.uses_scope", f"must be one of {', '.join(USE_SCOPES)}")
    for key in ("parity", "extra_parity"):
        if kwargs.get(key, "") not in ("", "even", "odd"):
            c.add(f"{where}.{key}", 'must be "even" or "odd"')
    if kind == "role_shot" and not kwargs.get("guess_roles"):
        c.add(f"{where}.guess_roles", "a role shot needs the roles one may guess", 'e.g. guess_roles = ["Комиссар", "Доктор"]')
    if kind == "redirect" and (kwargs.get("min_targets", 1), kwargs.get("max_targets", 1)) != (2, 2):
        c.add(f"{where}.max_targets", "a redirect takes two targets: whose action, and where it goes now",
              "min_targets = 2 and max_targets = 2")
    if kind == "bloody_kill" and not 0 < kwargs.get("visitor_p", 0) <= 1:
        c.add(f"{where}.visitor_p", "a bloody kill needs the visitor's chance (0 < p <= 1)", "004: visitor_p = 0.5")
    if kwargs.get("earn_every", 0) and not kwargs.get("earn_max", 0):
        c.add(f"{where}.earn_max", "earn_every needs earn_max (how many may be held at once)")
    for key in ("silence_p", "reveal_victim_p", "visitor_p"):
        if key in kwargs and not 0 <= kwargs[key] <= 1:
            c.add(f"{where}.{key}", Line("chance", "a chance must be between 0 and 1"))
    try:
        ability = Ability(**kwargs)
    except TypeError as exc:  # pragma: no cover - keys are filtered above
        c.add(where, str(exc))
        return None
    if ability.announce:
        for f in sorted(_placeholders(ability.announce, f"{where}.announce", c)
                        - {"actor_role", "target_role", "target_role_gent"}):
            c.add(f"{where}.announce", f"unknown placeholder {{{f}}}",
                  "use {actor_role}, {target_role} or {target_role_gent}")
    if ability.min_targets > ability.max_targets:
        c.add(f"{where}.min_targets", "min_targets is larger than max_targets")
    return ability


def ruleset_from_mapping(data: Mapping[str, Any], source: str = "<ruleset>") -> Ruleset:
    """Check a parsed ruleset file whole; raise `RulesetError` with every problem, each with its key path."""
    c = _Collector(source)
    c.unknown_keys("", data, _TOP_KEYS)
    data = c.typed("", data, _TOP_SHAPES)
    game = c.typed("game", data.get("game", {}), _GAME_SHAPES, {"reveal_while_alive_gt": 10})
    c.unknown_keys("game", game, _GAME_KEYS)
    if not isinstance(game.get("name"), str):
        c.add("game.name", Line("missing", "missing"), Line("game.name.hint", 'add name = "<file stem>" under [game]'))
    for key in ("title", "theme"):   # default: the name
        if key in game and not isinstance(game[key], str):
            c.add(f"game.{key}", "must be a string")
    if game.get("starts_with", "night") not in ("night", "day"):
        c.add("game.starts_with", "must be \"night\" or \"day\"")
    for key in ("reveal_night", "reveal_day"):
        if game.get(key, "rule") not in REVEALS:
            c.add(f"game.{key}", Line("must_be_one_of", "must be one of {choices}", choices=", ".join(REVEALS)))
    night = c.typed("night", data.get("night", {}), _NIGHT_SHAPES, Ruleset)
    c.unknown_keys("night", night, _NIGHT_KEYS)
    if night.get("block_mode", "priority") not in BLOCK_MODES:
        c.add("night.block_mode", Line("must_be_one_of", "must be one of {choices}", choices=", ".join(BLOCK_MODES)))
    order: tuple[Stage, ...] = ()
    if "order" in night:
        names = night["order"]
        known = {s.value for s in Stage}
        bad = [n for n in names if n not in known]
        for n in bad:
            c.add("night.order", Line("unknown_stage", "unknown stage {stage!r}", stage=n),
                  did_you_mean(str(n), known) or _one_of(sorted(known), "stages"))
        if len(set(names)) != len(names):
            c.add("night.order", "a stage appears twice", "name each stage once")
        if not bad:
            order = order_from_names(names)

    sides: dict[str, Side] = {}
    for sid, sdata in data.get("sides", {}).items():
        sdata = c.typed(f"sides.{sid}", sdata, _SIDE_SHAPES, Side)
        c.unknown_keys(f"sides.{sid}", sdata, _SIDE_KEYS)
        if sdata.get("kind") not in SIDE_KINDS:
            c.add(f"sides.{sid}.kind",
                  Line("must_be_one_of", "must be one of {choices}", choices=", ".join(SIDE_KINDS)))
            continue
        sides[sid] = Side(id=sid, kind=sdata["kind"], title=sdata.get("title", sid),
                          title_f=sdata.get("title_f", ""), hostile=sdata.get("hostile", sdata["kind"] != "town"),
                          max_others=sdata.get("max_others", 1),
                          wins_with_roles=tuple(sdata.get("wins_with_roles", ())),
                          wins_with_anyone=sdata.get("wins_with_anyone", False))
    # a ruleset without sides and roles is a count-only ruleset (003/004 until their nights are built)

    boss: list[Ability] = []
    boss_table = c.typed("boss", data.get("boss", {}), {"abilities": "tables"})
    for i, adata in enumerate(boss_table.get("abilities", [])):
        a = _ability(adata, f"boss.abilities[{i}]", c)
        if a:
            boss.append(a)

    items: list[Ability] = []
    for i, adata in enumerate(data.get("items", [])):
        a = _ability(adata, f"items[{i}]", c)
        if a:
            items.append(replace(a, extra=True, uses=a.uses or 1))

    roles: list[Role] = []
    seen_names: dict[str, str] = {}
    for i, rdata in enumerate(data.get("roles", [])):
        where = f"roles[{i}]"
        if not isinstance(rdata, Mapping) or not isinstance(rdata.get("name"), str):
            c.add(f"{where}.name", Line("role.name", "a role needs a name"))
            continue
        c.unknown_keys(where, rdata, _ROLE_KEYS)
        rdata = c.typed(where, rdata, _ROLE_SHAPES, Role)
        side = rdata.get("side")
        if not side:
            c.add(f"{where}.side", Line("role.no_side", "role {role!r} has no side", role=rdata["name"]),
                  _one_of(sides) if sides else Line("role.no_side.hint", 'add [sides.<id>] tables (kind = "town" | '
                                                    '"mafia" | "solo") and side = "<id>"'))
            continue
        if side not in sides:
            c.add(f"{where}.side", Line("unknown_side", "unknown side {side!r}", side=side),
                  did_you_mean(side, sides) or _one_of(sides))
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
        kwargs["labels"] = frozenset(kwargs.get("labels", ()))
        kwargs["kill_immune_nights"] = tuple(kwargs.get("kill_immune_nights", ()))
        kwargs["kill_immune_except"] = tuple(kwargs.get("kill_immune_except", ()))
        for sid in (*kwargs["kill_immune_except"], kwargs.get("shown_side") or side):
            if sid not in sides:
                c.add(f"{where}", Line("unknown_side", "unknown side {side!r}", side=sid), _one_of(sides))
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
    for i, role in enumerate(roles):
        for key, names in (("inherits", [role.inherits] if role.inherits else []),
                           ("kill_immune_until_used", [])):
            for n in names:
                if _norm(n) not in role_names:
                    c.add(f"roles[{i}].{key}",
                          Line("unknown_role", "unknown role {role!r}", role=n),
                          did_you_mean(n, [r.name for r in roles]))
        if role.dies_when_found_own and not any(a.kind == "find_own" for a in role.abilities):
            c.add(f"roles[{i}].dies_when_found_own", f"{role.name} has no find_own card: nothing can find the partners",
                  'give the role a card of kind = "find_own", or remove the key')
        if role.kill_immune_until_used and role.ability(role.kill_immune_until_used) is None:
            c.add(f"roles[{i}].kill_immune_until_used", f"{role.name} has no ability {role.kill_immune_until_used!r}")
        for j, a in enumerate(role.abilities):
            for n in (*a.guess_roles, *a.tells_if_target, *a.lost_if_target_dies):
                if _norm(n) not in role_names:
                    c.add(f"roles[{i}].abilities[{j}]",
                          Line("unknown_role", "unknown role {role!r}", role=n),
                          did_you_mean(n, [r.name for r in roles]))
    for sid, side in sides.items():
        for n in side.wins_with_roles:
            if _norm(n) not in role_names:
                c.add(f"sides.{sid}.wins_with_roles",
                      Line("unknown_role", "unknown role {role!r}", role=n),
                      did_you_mean(n, [r.name for r in roles]))
    for i, a in enumerate(items):
        for n in a.guess_roles:
            if _norm(n) not in role_names:
                c.add(f"items[{i}]", Line("unknown_role", "unknown role {role!r}", role=n))
    if night.get("must_kill") and night["must_kill"] not in sides:
        c.add("night.must_kill", Line("unknown_side", "unknown side {side!r}", side=night["must_kill"]), _one_of(sides))
    for key in ("succession", "submission_order"):
        for i, name in enumerate(night.get(key, [])):
            if _norm(name) not in role_names:
                c.add(f"night.{key}[{i}]",
                      Line("unknown_role", "unknown role {role!r}", role=name),
                      did_you_mean(name, [r.name for r in roles]))
    votes = _votes(data.get("votes", {}), c)
    texts = _texts(data.get("texts", {}), c)
    if c.problems:
        raise RulesetError(c.problems)

    def canon(names):
        return tuple(next(r.name for r in roles if _norm(r.name) == _norm(n) or _norm(n) in map(_norm, r.aliases))
                     for n in names)

    succession = canon(night.get("succession", []))
    return Ruleset(
        name=game["name"], title=game.get("title", game["name"]), theme=game.get("theme", game["name"]),
        starts_with=game.get("starts_with", "night"),
        reveal_while_alive_gt=game.get("reveal_while_alive_gt", 10),
        votes=votes, sides=sides, roles=tuple(roles), boss_abilities=tuple(boss),
        succession=succession, submission_order=canon(night.get("submission_order", [])) or succession,
        block_mode=night.get("block_mode", "priority"),
        no_repeat_lifted_at_alive=night.get("no_repeat_lifted_at_alive", 3),
        texts=texts, source=source, order=order,
        reveal_night=game.get("reveal_night", "rule"), reveal_day=game.get("reveal_day", "rule"),
        items=tuple(items), must_kill=night.get("must_kill", ""),
        blocked_action_spends=night.get("blocked_action_spends", True) is not False,
    )


def toml_error_line(exc: tomllib.TOMLDecodeError) -> int | str:
    """The line of a TOML syntax error (Python 3.11 only puts it in the message)."""
    found = re.search(r"line (\d+)", str(exc))
    return int(found.group(1)) if found else "?"


def loads_ruleset(text: str, source: str = "<ruleset>") -> Ruleset:
    """Parse ruleset TOML text; a syntax error becomes a `RulesetError` naming the file and line."""
    try:
        data = toml_loads(text)
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
