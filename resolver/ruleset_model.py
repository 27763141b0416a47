"""Rulesets as data: sides, roles, ability cards and the switches of RULES.md §3 (the data model), and the
few rules asked of a card that the night file's check and the engine share (`watch_option`, `shot_guess`,
`not_partners`, `Ability.is_extra_on`).

The engine knows ability *kinds* (`order.ABILITY_KINDS`); a role is a list of ability cards of those kinds
with parameters. Exceptions are labels on roles (`immune`, `always_revealed`, `combat`, ...), never code.
A `Ruleset` is built and checked by `ruleset.ruleset_from_mapping` (the reader); nothing here reads a file.
"""
from __future__ import annotations

__all__ = ["Ability", "Role", "Side", "Ruleset", "SIDE_KINDS", "IMMUNITIES", "BLOCK_MODES", "DEFENCES", "REVEALS",
           "USE_SCOPES", "WATCH_OPTIONS", "watch_option", "shot_guess", "not_partners", "did_you_mean"]

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Mapping

from mafvote_tally.names import fold

from .errors import Problem, RulesetError
from .journal import Line
from .order import Stage

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
    """A side of the ruleset (town, mafia or a solo) and its titles."""
    id: str
    kind: str              # town | mafia | solo
    title: str
    title_f: str = ""
    # a title that agrees with a gender (`мирный`/`мирная`) named without one, for a player whose gender the config
    # does not give: «сторона мирных», as the themes' posts write it (issue 14: never the masculine by default)
    title_any: str = ""
    hostile: bool = True   # a solo side the town must remove to win (RULES.md §5)
    # RULES.md §5, a solo side: wins when at most `max_others` others live (ranked: alone or with one), or, with
    # `wins_with_roles`, when everyone else alive holds one of those roles (004 maniac: all dead but Донья Тереса)
    max_others: int = 1
    wins_with_roles: tuple[str, ...] = ()
    wins_with_anyone: bool = False   # 004 neutral: "побеждает с любым игроком"; never blocks another's win

    def title_for(self, gender: str | None) -> str:
        """The title agreeing with the player: a noun (`мафия`, `горец`) as it is; an adjective with `title_f` as
        the gender asks, and for an unknown gender `title_any` (without one, the title quoted after «сторона»)."""
        if not self.title_f or gender == "m":
            return self.title
        if gender == "f":
            return self.title_f
        return self.title_any or f"сторона «{self.title}»"


@dataclass(frozen=True)
class Role:
    """A role card: its side, aliases, rank and abilities."""
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
    """A checked ruleset: the sides, the roles, their abilities, the night's order and the vote rules."""
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
        return self._roles_by_name.get(_norm(name))

    @cached_property
    def _roles_by_name(self) -> dict[str, Role]:
        # each role by its folded name and aliases, the first role that has it winning (as the walk in order did):
        # the daemon's count looks up every player's role after each poll
        out: dict[str, Role] = {}
        for role in self.roles:
            for word in (role.name, *role.aliases):
                out.setdefault(_norm(word), role)
        return out

    def role(self, name: str) -> Role:
        found = self.find_role(name)
        if found is None:
            hint = did_you_mean(name, [r.name for r in self.roles])
            raise RulesetError(Problem(self.source, "roles", Line("role.not_in_ruleset", "role {role!r} is not in ruleset "
                                                                  "{ruleset}", role=name, ruleset=self.name), hint))
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
    import difflib  # start-up: only a misspelt name needs it; every count loads this module (issue 17)
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return Line("did_you_mean", 'did you mean "{close}"?', close=close[0]) if close else ""

