"""One night being resolved: the working state every stage reads and writes (`Night`), an admitted action
(`Act`), an attack (`Attack`), and the helpers the stages share (refusals, rolls, private notes, the "Узнает,
если ..." passives, a death with its place in the GM's list).

    engine.resolve_night -> Night(ruleset, state, rolls)
        -> admission.admit (each action) -> the stage modules, each a table of handlers per ability kind
        -> next_day.finish (the outcome and the next state)

The stages live in `admission` (CHECK_ACTIONS), `interference` (HIDE, BLOCKS, REDIRECTS, SLOWDOWN), `kills`
(PIERCING, PROTECT, KILLS, FIND), `voices` (SILENCES, ALIBIS), `information` (INFORMATION, EVIDENCE); `unsent`
alerts the GM to what nobody sent. Pure: no I/O, no clock; every random value comes from `Rolls`.
"""
from __future__ import annotations

__all__ = ["KIND_NAMES", "Act", "Attack", "Night", "heir_key", "ordinal", "run_kinds", "visited"]

from collections import defaultdict
from dataclasses import dataclass
from typing import Callable, Iterable

from .actions import Action
from .checks import available_abilities, current_boss, killer_key
from .journal import Line
from .order import DEATH_ORDER, ORDER, STAGE_OF_KIND, Stage
from .outcome import Private, Public, Refusal
from .rolls import Roll, Rolls
from .ruleset import Ability, Role, Ruleset
from .state import GameState, LastAction, Player, Silence, alive_at_start, find_player, linked_partner


# 004 Элиса "Я все узнаю" with the "kinds" choice: "типы НД, направленные на них", in the words GMs write
# ("убийство, блок, лечение"). Every ability kind has its name here; the answer lists them in this order.
KIND_NAMES: dict[str, str] = {
    "kill": "убийство", "bloody_kill": "кровавое убийство", "deferred_kill": "убийство",
    "kill_silence": "убийство и запугивание", "role_shot": "доп. удар", "shahid": "шахид", "block": "блок",
    "redirect": "перевод", "heal": "лечение",
    "heal_from_role": "лечение от роли", "protect": "защита", "annul": "месть", "slowdown": "замедление",
    "silence": "лишение голоса", "poison": "отравление", "vote_steal": "кража голоса", "vote_gift": "дарование голоса",
    "side_check": "проверка", "role_check": "проверка роли", "killer_check": "проверка на убийство",
    "watch": "слежка", "serum": "сыворотка правды", "find_own": "поиск своих", "hire": "найм", "alibi": "отмазка",
    "strip_alibi": "снятие отмазки", "copy": "копирование", "hide": "залечь на дно", "question": "вопрос",
}


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st: for the GM's log."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@dataclass
class Act:
    action: Action
    actor: str
    role: Role              # whose card it is (the copied role for Абрахам)
    card: Ability
    targets: tuple[str, ...]
    on_behalf: bool = False  # a boss ability sent by a lower rank (the boss's fallback)
    boss_channel: bool = False
    copied: str = ""
    blocked_by: str = ""
    refused: bool = False
    rank: tuple = ()         # (role's place in the ruleset, boss channel first): the order deaths are listed in

    @property
    def kind(self) -> str:
        return self.card.kind


@dataclass
class Attack:
    victim: str
    act: Act
    side: str
    role: str
    index: int = 0                     # the victim's place among the action's targets
    ignores: frozenset = frozenset()   # defences this attack passes (heal, protection, block)
    chained: bool = False              # a death caused by another (the bloody kill's visitor)
    cause: str = ""


def visited(act: Act) -> tuple[str, ...]:
    """The players the actor went to tonight (whom a watcher sees them visit, whose visitor a bloody kill may
    take): the action's targets, except that a redirect visits only the player it redirects (its first
    target; the second is where that player's action goes, 004 Бенхамин "приходит к цели и заставляет ее
    пойти по другому ... маршруту") and a hider goes nowhere."""
    if act.kind == "redirect":
        return act.targets[:1]
    if act.kind == "hide":
        return ()
    return act.targets


class Night:
    """The night being resolved: the ruleset (`r`), the state at dusk (`s`), the night's number (`k`) and
    alive count (`n`), the admitted actions still standing (`acts`), and everything the stages record."""

    def __init__(self, ruleset: Ruleset, state: GameState, rolls: Rolls | None):
        self.r, self.s = ruleset, state
        self.k = state.night + 1
        self.n = alive_at_start(state)  # RULES.md §3.15: alive counts are taken at the start of the phase
        self.rolls = rolls or Rolls(state.game, self.k)
        self.lifted = self.n <= ruleset.no_repeat_lifted_at_alive
        self.boss = current_boss(ruleset, state)
        self.log: list[str] = []
        self.refused: list[Refusal] = []
        self.roll_log: list[Roll] = []
        self.public: list[Public] = []
        self.private: list[Private] = []
        self.acts: list[Act] = []
        self.accepted: list[Act] = []   # admitted, blocked or not: their uses and memories count
        self.died: dict[str, list[str]] = defaultdict(list)
        self.saved: set[str] = set()
        self.silences: dict[str, Silence] = {}
        self.hidden_vote_loss: set[str] = set()
        self.alibis: set[str] = set()
        self.protection = dict(state.hang_protection)
        self.covered: dict[str, set[str]] = defaultdict(set)
        self.healed: dict[str, list[str]] = defaultdict(list)      # target -> doctors
        self.from_role: list[tuple[str, str]] = []                  # (doctor, "side:<killer's side>")
        self.reveal_forced: set[str] = set()
        self.hire_credits = {k: list(v) for k, v in state.hire_credits.items()}
        self.hire_spent = {k: list(v) for k, v in state.hire_spent.items()}
        self.order = ruleset.order or ORDER
        self.death_key: dict[str, tuple] = {}
        self.attacks: list[Attack] = []             # piercing attacks join the kills (all at once)
        self.strikes: list[Attack] = []             # the KILLS stage's own attacks, before the piercing ones
        self.attacked: set[str] = set()             # everyone attacked tonight (the shahid's chain)
        self.hidden: set[str] = set()
        self.blocked: set[str] = set()               # players blocked tonight (their passives too, 004)
        self.protected: dict[str, list[str]] = defaultdict(list)   # target -> protectors (004 Анхела)
        self.saved_by: dict[str, set[str]] = defaultdict(set)      # victim -> the protectors whose protection saved them
        self.night_shields = dict(state.night_shields)
        self.universal_shields = dict(state.universal_shields)
        self.counters = dict(state.counters)
        self.transfers: list[tuple[str, str, str]] = []
        self.alerts: list[str] = []
        self.killers: set[str] = set()               # who attacked anybody tonight (004 Хулио's check)
        self.killed_by: dict[str, list[str]] = defaultdict(list)

    # -- helpers -------------------------------------------------------------------------------------
    def player(self, nick: str) -> Player:
        return self.s.player(nick)

    def role_of(self, nick: str) -> Role:
        return self.r.role(self.player(nick).role)

    def name(self, nick: str) -> str:
        return self.player(nick).name

    def about(self, nick: str, answer: str) -> str:
        """A private note on a player: «Кадзуо — мафия», «Франклин — найм удался». The nick first, in the
        nominative (nicks are never inflected in private notes), a dash, then the answer with no verb that
        would need the player's gender; a dash, not a colon: the themes put a colon after their own lead
        («Снегурочка узнала: Кадзуо — мафия», «Проверка: Любовь — ваша мать»)."""
        return f"{self.name(nick)} — {answer}"

    def visitors_note(self, nick: str, what: str) -> str:
        """A watcher's note as a sentence: «Этой ночью к игроку Ронин приходили: Нежка». The nick after «игрока»
        keeps its nominative (nicks are never inflected in private notes) and needs no gender."""
        return f"Этой ночью к игроку {self.name(nick)} {what}."

    def hire_note(self, employer: str, done: bool) -> str:
        """«Найм у игрока Франклин удался.» (000 Мено и Куо-Рама): no verb of the employer's gender. An employer
        not in the game (a hand-written file resolved unchecked) is named as written."""
        found = find_player(self.s.players, employer)
        return f"Найм у игрока {self.name(found.nick) if found else employer} {'удался' if done else 'не удался'}."

    def refuse(self, act_or_action, reason: str) -> None:
        action = act_or_action.action if isinstance(act_or_action, Act) else act_or_action
        if isinstance(act_or_action, Act):
            act_or_action.refused = True
        self.refused.append(Refusal(action.actor, action.ability, reason))
        self.log.append(Line("refused", "refused: {actor} {ability} {targets_repr}: {reason}", actor=action.actor,
                             ability=action.ability, targets_repr=str(list(action.targets)), reason=reason,
                             targets=list(action.targets)))
        if action.targets and self.is_hire(act_or_action):
            # 000 Мено: the hireling hears every night whether the hire worked, a refused one included
            self.private.append(Private(action.actor, "hire", self.hire_note(action.targets[0], False)))

    def is_hire(self, act_or_action) -> bool:
        if isinstance(act_or_action, Act):
            return act_or_action.kind == "hire"
        p = find_player(self.s.players, act_or_action.actor)
        held = available_abilities(self.r, self.s, p.nick) if p is not None and p.alive else {}
        card = held.get(act_or_action.ability)
        return card is not None and card[0].kind == "hire"

    def drop_refused(self) -> None:
        """The actions refused so far leave the night (a stage that refuses calls this when it is done)."""
        self.acts = [a for a in self.acts if not a.refused]

    def roll(self, actor: str, name: str, p: float) -> bool:
        result = self.rolls.roll(actor, name, p)
        self.roll_log.append(result)
        self.log.append(Line("roll", "roll {name} for {actor}: p={p} -> {value}{forced_en}", name=name, actor=actor,
                             p=p, value="yes" if result.value else "no", yes=bool(result.value),
                             forced=result.forced, forced_en=" (forced by the GM)" if result.forced else ""))
        return result.value

    def last_night(self, nick: str) -> tuple[LastAction, ...]:
        return tuple(a for a in self.s.last.get(nick, ()) if a.night == self.k - 1)

    def killing_sides(self) -> int:
        sides = set()
        for nick in self.s.alive:
            role = self.role_of(nick)
            side = self.r.sides[role.side]
            if side.kind == "town":
                continue
            if side.kind == "mafia" or any(a.kind in ("kill", "kill_silence") for a in role.abilities):
                sides.add(side.id)
        return len(sides)

    def use_key(self, nick: str, card: Ability, copied: str) -> str:
        if card.uses_scope == "side":   # 003: "1 доп. выстрел по роли (за всю игру)" for the whole mafia
            return f"side:{self.role_of(nick).side}/{card.name}"
        return f"{nick}/copy:{card.kind}" if copied else f"{nick}/{card.name}"

    def killer_key(self, name: str) -> str:
        return killer_key(self.r, name)

    def shared_side(self, group: str) -> str | None:
        """The side whose one action a shared group is (003/004: every mafioso holds the kill card, "1 выстрел
        каждую ночь (выстрел направляется от 1 из мафии)"), or None for a pair of two roles (001 sheriff +
        sergeant)."""
        holders = [role for role in self.r.roles if any(c.shared_action == group for c in role.abilities)]
        sides = {role.side for role in holders}
        return None if len(holders) == 2 or len(sides) != 1 else sides.pop()

    def attack(self, victim: str, act: Act, index: int, ignores=(), *, chained: bool = False, cause: str = "") -> Attack:
        side = self.r.sides[act.role.side].id
        return Attack(victim, act, side, "boss" if act.boss_channel else act.role.name, index,
                       frozenset(ignores) | frozenset(act.card.ignores), chained, cause)

    def heir(self, nick: str) -> bool:
        """Whether `nick` holds its role by inheritance (004 Бенхамин): the role's actions without its passives."""
        return bool(self.s.counters.get(heir_key(nick)))

    def tells_roles(self, card: Ability) -> set[str]:
        return {self.r.role(n).name for n in card.tells_if_target}

    def tell(self, act: Act, targets) -> None:
        """004 passives "Узнает, если ...": the actor learns that the action reached one of these roles."""
        wanted = self.tells_roles(act.card)
        if act.actor in self.blocked and self.r.block_mode == "parallel":
            return   # 004: a block stops the passives too
        if self.heir(act.actor):
            return   # 004 Бенхамин took Хавьер's place: «Пассивки не получает»
        for t in targets:
            role = self.role_of(t)
            if role.name in wanted and (not act.card.tells_if_killed or t in self.died):
                self.private.append(Private(act.actor, "info", f"Ваше действие «{KIND_NAMES[act.kind]}» пришлось на "
                                                               f"игрока {self.name(t)}: это {role.name}."))

    def card_owner(self, act: Act) -> str:
        """Whose card the action used: 004 Андрес, linked, sends Анхела's cards ("НД Андреса меняется на НД
        матери и выполняется вместе с ней (одно на двоих)"), so what the card earns is hers."""
        link = linked_partner(self.s, act.actor)
        if link is not None and link[1] and not any(c is act.card for c in self.role_of(act.actor).abilities) and \
                any(c is act.card for c in self.role_of(link[0]).abilities):
            return link[0]
        return act.actor

    def kill(self, at: Attack, cause: str) -> None:
        self.died[at.victim].append(cause)
        self.killed_by[at.victim].append(at.act.actor)
        # a piercing attack's death is listed with the piercing stage; every other (a counter-strike too) at the kills
        stage = Stage.PIERCING if STAGE_OF_KIND[at.act.kind] is Stage.PIERCING else Stage.KILLS
        key = (self.order.index(stage), DEATH_ORDER["chained" if at.chained else "direct"], at.act.rank, at.index)
        self.death_key[at.victim] = min(self.death_key.get(at.victim, key), key)
        passed = " and ".join(w for w, defence in (("heals", "heal"), ("protections", "protection")) if defence in at.ignores)
        self.log.append(Line("kill.dies", "kill: {victim} dies ({cause}{past_en})", victim=at.victim, cause=cause,
                             past=passed if "heal" in at.ignores else "",
                             past_en=f"; past {passed}" if "heal" in at.ignores else ""))

    def healed_last_night(self, doctor: str, victim: str) -> bool:
        if self.lifted:
            return False
        return any(a.kind in ("heal", "heal_from_role") and victim in (*a.targets, *a.covered)
                   for a in self.last_night(doctor))

    def add_silence(self, player: str, days: int, announced: bool, cause: str) -> None:
        old = self.silences.get(player)
        if old:
            days, announced, cause = max(days, old.days), announced or old.announced, f"{old.cause}; {cause}"
        self.silences[player] = Silence(player, days, announced, cause)
        self.log.append(Line("silence", "silence: {player} for {days} day(s), {how} ({cause})", player=player,
                             days=days, how="announced" if announced else "secret", announced=announced, cause=cause))


def heir_key(nick: str) -> str:
    """The counter that marks a player who took another role's place (004 Бенхамин)."""
    return f"{nick}/inherited"


def run_kinds(nt: Night, table: dict[str, Callable[[Night, Act], None]], kinds: Iterable[str] | None = None) -> None:
    """Hand each admitted action whose kind the stage's `table` holds (and, when given, one of `kinds`) to its
    handler, in the night's canonical order of actions (the order the GM's log and the notes are written in)."""
    wanted = set(table) if kinds is None else set(kinds) & set(table)
    for act in [a for a in nt.acts if a.kind in wanted]:
        table[act.kind](nt, act)
