"""The night engine: `resolve_night(ruleset, state, actions, rolls) -> NightOutcome`.

Data flows through the stages of `order.ORDER`, or the ruleset's own `[night] order` (003, 004):
  CHECK_ACTIONS  each action is admitted or refused with a reason (dead, under-active, limits, repeat
                 target, used up, cooldown, parity, alive-count switches); Абрахам's copy becomes the copied
                 card; one action per role (extra cards apart: 003 items and role shot), one per shared
                 group (sheriff + sergeant, a side's one kill), one boss action (the highest sender); a
                 `partners_only` card (004 Элиса's "Я все узнаю") only on a partner, with a known choice;
  HIDE           004: every action on a hider is refused; the hider may learn who came;
  BLOCKS         by block rank, highest first (a blocked blocker does nothing), or all at once (`parallel`,
                 004: a blocked player's passives are off too); every other action of a blocked actor is
                 refused unless its card `ignores` blocks;
  REDIRECTS      004: the redirected player's action goes to the new target (a block has landed already and
                 stays); the redirector visits only the player he redirects (`visited`: what watchers see);
  PIERCING       003 role shot, 004 bloody kill (with the visitor rolls): attacks that join the kills;
  PROTECT/KILLS  heals, heal-from-role, protections, then all kills at once (immunities, protections,
                 one-time and universal shields, heals, each unless the attack ignores it: one check,
                 `_Night.defended`, for every attack, 004 Аяла's counter-strike included), then chained
                 deaths; 004 protections earn universal shields (for the card's owner); 004 Лаура
                 (`dies_when_found_own`): the night her search finds a partner, no heal or protection saves her;
  SLOWDOWN       004: the target's later actions (steals, information) are lost;
  SILENCES, INFORMATION, ALIBIS, EVIDENCE, SUCCESSION, NEXT_DAY  as RULES.md §4 lists them; 004 transfers,
                 the must-kill alert and the neutral's inheritance are part of the next state.
Deaths are listed in the game's player order (the kill order would tell who killed whom); the GM's log keeps
the kill order, `(stage, chained, role's place in the ruleset, target's place in the action)`.
Actions are put in a canonical order first, so the order of the list passed in never changes the outcome. One
exception is data, not order: of two senders of a side's one action (003/004 the mafia's one kill) the one
written first in the night file (`Action.line`) is used ("от кого, мафия решает сама": its first message is the
side's choice); actions without a line (the API, scenarios) fall back to the role's place, then the canonical order.
003 `blocked_action_spends = false`: a blocked move is not carried out, so it spends no use or item and is
not last night's target; elsewhere a blocked action still counts as used (004 D2).
Pure: no I/O, no clock; every random value comes from `Rolls` and is recorded.
"""
from __future__ import annotations

__all__ = ["check_win", "death_text", "inherit", "resolve_night", "reveal_mode"]

from collections import Counter, defaultdict
from dataclasses import dataclass, replace
from typing import Iterable, Sequence

from .actions import Action, available_abilities, item_gone, repeated_targets, self_targeted
from .checks import current_boss, killer_key, repeat_target
from .order import DEATH_ORDER, ORDER, STAGE_OF_KIND, Stage
from .outcome import Death, NightOutcome, Private, Public, Refusal, SilenceOut
from .journal import Line
from .rolls import Roll, Rolls
from .ruleset import WATCH_OPTIONS, Ability, Role, Ruleset, not_partners, shot_guess, watch_option
from .state import PHASE_ALIVE, GameState, LastAction, Player, Silence, alive_at_start, find_player, linked_partner


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


def _ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st: for the GM's log."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def check_win(ruleset: Ruleset, state: GameState) -> str | None:
    """RULES.md §5: the side id that has won, "nobody" if all are dead, else None.

    Ranked games and 003: the town wins when no mafia and no hostile solo is alive; the mafia when it is at
    least as many as everyone else and no hostile solo is alive; a solo side when at most `max_others` others
    live (alone or with one). 004 in data: the maniac's side has `wins_with_roles` (everyone dead but Донья
    Тереса), the neutral side `wins_with_anyone` (it is not counted and never stops another side's win).
    """
    alive = [p for p in state.players if p.alive]
    if not alive:
        return "nobody"
    side_of = {p.nick: ruleset.sides[ruleset.role(p.role).side] for p in alive}
    counted = [p for p in alive if not side_of[p.nick].wins_with_anyone]
    solos = [p for p in counted if side_of[p.nick].kind == "solo" and side_of[p.nick].hostile]
    mafia = [p for p in counted if side_of[p.nick].kind == "mafia"]
    solo_sides = {side_of[p.nick].id for p in solos}
    if len(solo_sides) == 1:
        side = side_of[solos[0].nick]
        others = [p for p in counted if side_of[p.nick].id != side.id]
        if side.wins_with_roles:
            allowed = {ruleset.role(n).name for n in side.wins_with_roles}
            if all(p.role in allowed for p in others):
                return side.id
        elif len(others) <= side.max_others:
            return side.id
    if not counted:
        return "nobody"
    if not mafia and not solos:
        return next((s.id for s in ruleset.sides.values() if s.kind == "town"), "town")
    if mafia and not solos and len(mafia) >= len(counted) - len(mafia):
        return side_of[mafia[0].nick].id
    return None


@dataclass
class _Act:
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
class _Attack:
    victim: str
    act: _Act
    side: str
    role: str
    index: int = 0                     # the victim's place among the action's targets
    ignores: frozenset = frozenset()   # defences this attack passes (heal, protection, block)
    chained: bool = False              # a death caused by another (the bloody kill's visitor)
    cause: str = ""


def visited(act: _Act) -> tuple[str, ...]:
    """The players the actor went to tonight (whom a watcher sees them visit, whose visitor a bloody kill may
    take): the action's targets, except that a redirect visits only the player it redirects (its first
    target; the second is where that player's action goes, 004 Бенхамин "приходит к цели и заставляет ее
    пойти по другому ... маршруту") and a hider goes nowhere."""
    if act.kind == "redirect":
        return act.targets[:1]
    if act.kind == "hide":
        return ()
    return act.targets


class _Night:
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
        self.acts: list[_Act] = []
        self.accepted: list[_Act] = []   # admitted, blocked or not: their uses and memories count
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
        self.attacks: list[_Attack] = []             # piercing attacks join the kills (all at once)
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
        """«Найм у игрока Франклин удался.» (000 Мено и Куо-Рама): no verb of the employer's gender."""
        return f"Найм у игрока {self.name(employer)} {'удался' if done else 'не удался'}."

    def refuse(self, act_or_action, reason: str) -> None:
        action = act_or_action.action if isinstance(act_or_action, _Act) else act_or_action
        if isinstance(act_or_action, _Act):
            act_or_action.refused = True
        self.refused.append(Refusal(action.actor, action.ability, reason))
        self.log.append(Line("refused", "refused: {actor} {ability} {targets_repr}: {reason}", actor=action.actor,
                             ability=action.ability, targets_repr=str(list(action.targets)), reason=reason,
                             targets=list(action.targets)))
        if action.targets and self.is_hire(act_or_action):
            # 000 Мено: the hireling hears every night whether the hire worked, a refused one included
            self.private.append(Private(action.actor, "hire", self.hire_note(action.targets[0], False)))

    def is_hire(self, act_or_action) -> bool:
        if isinstance(act_or_action, _Act):
            return act_or_action.kind == "hire"
        p = find_player(self.s.players, act_or_action.actor)
        held = available_abilities(self.r, self.s, p.nick) if p is not None and p.alive else {}
        card = held.get(act_or_action.ability)
        return card is not None and card[0].kind == "hire"

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

    # -- CHECK_ACTIONS -------------------------------------------------------------------------------
    def admit(self, action: Action) -> None:
        p = find_player(self.s.players, action.actor)
        if p is None:
            return self.refuse(action, Line("refusal.not_in_game", "not in the game"))
        action = replace(action, actor=p.nick)
        if not p.alive:
            return self.refuse(action, Line("refusal.dead_actor", "dead actor ({died})", died=p.died))
        if p.nick in self.s.under_active:
            need = self.r.votes.get("min_posts_for_night_action", 0)
            return self.refuse(action, Line("refusal.under_active", "under-active: fewer than {need} posts during the day "
                                            "(the 3-posts rule)", need=need))
        if self.s.counters.get(f"{p.nick}/lost"):
            return self.refuse(action, Line.said("refusal.lost", f"no actions for the rest of the game (lost on night {self.s.counters[f'{p.nick}/lost']})", night=self.s.counters[f"{p.nick}/lost"]))
        available = available_abilities(self.r, self.s, p.nick)
        if action.ability not in available:
            gone = item_gone(self.r, self.s, p.nick, action.ability)   # 003: an item used up, on which night
            return self.refuse(action, Line("refusal.no_ability", "{role} has no ability {ability_repr} tonight{gone_en}",
                                            role=p.role, ability=action.ability, ability_repr=repr(action.ability),
                                            gone=gone or "", gone_en=f": {gone}" if gone else ""))
        card, on_behalf = available[action.ability]
        owner = self.r.role(p.role)
        copied = ""
        if card.kind == "copy":
            result = self.admit_copy(action, card)
            if result is None:
                return
            owner, card = result
            copied = owner.name
        targets = []
        for t in action.targets:
            tp = find_player(self.s.players, t)
            if tp is None:
                return self.refuse(action, Line("refusal.unknown_target", "target {target_repr} is not in the game",
                                                target=t, target_repr=repr(t)))
            if not tp.alive:
                return self.refuse(action, Line("refusal.dead_target", "target {target} is dead", target=tp.nick))
            targets.append(tp.nick)
        targets = tuple(targets)
        twice = repeated_targets(targets)   # the night file's check asks the same rule (night add refuses it)
        if twice:
            return self.refuse(action, twice)
        most = card.max_targets
        why = ""
        if card.single_target_when_alive_le and self.n <= card.single_target_when_alive_le and most > 1:
            most, why = 1, f"not allowed with {self.n} alive: one target at most when the night starts with {card.single_target_when_alive_le}"
        if card.max_targets_when_alive_lt and self.n < card.max_targets_when_alive_lt[0] and most > card.max_targets_when_alive_lt[1]:
            most = card.max_targets_when_alive_lt[1]
            why = f"not allowed with {self.n} alive: at most {most} targets when fewer than {card.max_targets_when_alive_lt[0]} are alive"
        if len(targets) > most:
            return self.refuse(action, why or f"{card.name} takes at most {most} target(s)")
        if len(targets) < card.min_targets:
            return self.refuse(action, Line.said("refusal.min_targets", f"{card.name} needs {card.min_targets} target(s)", ability=card.name, n=card.min_targets))
        if card.partners_only:
            # 004 Элиса "Я все узнаю": "гостей своих подельников ... Своих гостей - не знает"
            itself, strangers = not_partners(p.nick, owner.side, [(t, self.role_of(t).side) for t in targets])
            if itself:
                return self.refuse(action, Line.said("refusal.watch_partner", f"{card.name} watches a partner, never oneself («Своих гостей - не знает»): "
                                           "choose a living partner", ability=card.name))
            if strangers:
                return self.refuse(action, Line.said("refusal.watch_partners_only", f"{card.name} watches partners only («гостей своих подельников»): "
                                           f"{', '.join(strangers)} is not of the {self.r.sides[owner.side].title} side", ability=card.name))
        if card.watch_options and watch_option(card, action.learn) not in card.watch_options:
            return self.refuse(action, Line.said("refusal.learn", f"{card.name}: what to learn? write learn = "
                                       + " or ".join(f'"{o}" ({WATCH_OPTIONS[o][0]})' for o in card.watch_options)
                                       + f", not {action.learn!r}", ability=card.name))
        oneself = self_targeted(card, p.nick, targets)
        if oneself:
            return self.refuse(action, oneself)
        if card.requires_alive_gt and self.n <= card.requires_alive_gt:
            return self.refuse(action, Line.said("refusal.alive_gt", f"not allowed with {self.n} alive: {card.name} needs more than {card.requires_alive_gt}", ability=card.name, alive=self.n, need=card.requires_alive_gt))
        if card.requires_killing_sides and self.killing_sides() < card.requires_killing_sides:
            return self.refuse(action, Line.said("refusal.lost_one_side", f"{card.name} is lost: only one hostile side with a kill remains", ability=card.name))
        use_key = self.use_key(p.nick, card, copied)
        if card.uses and self.s.uses.get(use_key, 0) >= card.uses:
            return self.refuse(action, Line.said("refusal.used_up", f"used up: {card.name} is {card.uses} time(s) a game"
                               + (" for the whole side" if card.uses_scope == "side" else ""), ability=card.name, n=card.uses, side=card.uses_scope == "side"))
        if card.kind == "find_own" and self.s.counters.get(f"{p.nick}/{card.name}:found"):
            return self.refuse(action, Line.said("refusal.partners_found", f"{card.name} is lost: the partners were found", ability=card.name))
        if card.parity and (self.k % 2 == 0) != (card.parity == "even"):
            return self.refuse(action, Line.said("refusal.parity", f"{card.name} only on {card.parity} nights (this is night {self.k})", ability=card.name, parity=card.parity, night=self.k))
        if card.cooldown:
            used = self.s.counters.get(f"{p.nick}/{card.name}@night", 0)
            if used and self.k - used <= card.cooldown:
                return self.refuse(action, Line.said("refusal.cooldown", f"{card.name}: once in {card.cooldown + 1} nights (used on night {used})", ability=card.name, every=card.cooldown + 1, used=used))
        if card.kind == "role_shot":
            guessed, allowed = shot_guess(self.r, card, action.role)
            if guessed is None:
                return self.refuse(action, Line.said("refusal.role_shot_role", f"role shot: name the guessed role, one of {', '.join(sorted(allowed))} "
                                           f"(got {action.role!r})", roles=", ".join(sorted(allowed)), got=action.role or ""))
        last = self.last_night(p.nick)
        if card.cooldown_when_alive_lt and self.n < card.cooldown_when_alive_lt and any(a.ability == card.name for a in last):
            return self.refuse(action, Line.said("refusal.cooldown_alive", f"{card.name} not two nights running with fewer than {card.cooldown_when_alive_lt} alive", ability=card.name, alive=card.cooldown_when_alive_lt))
        again = repeat_target(self.r, self.s, p.nick, card, targets, action.role)   # night add asks it too
        if again:
            return self.refuse(action, again)
        if card.kind == "heal_from_role" and not self.killer_key(action.role):
            return self.refuse(action, Line.said("refusal.heal_from_role", f"heal from {action.role!r}: no such role or side", role=action.role or ""))
        if card.kind == "hire":
            employer = targets[0]
            if employer in self.hire_spent.get(p.nick, ()):
                return self.refuse(action, Line.said("refusal.hired_again", f"already hired with {employer}: an employer through whom a kill was made is not hired again", employer=employer))
            if len(action.kill) > 1:
                return self.refuse(action, Line.said("refusal.hire_one_kill", "the hire brings one kill"))
            for v in action.kill:
                victim = find_player(self.s.players, v)
                if victim is None:
                    return self.refuse(action, Line.said("refusal.unknown_target", f"target {v!r} is not in the game", target=v))
                if victim.nick == employer:
                    return self.refuse(action, Line.said("refusal.hire_employer", "the hire's kill cannot be the employer"))
                if not victim.alive:
                    return self.refuse(action, Line.said("refusal.dead_target", f"target {victim.nick} is dead", target=victim.nick))
        if card.kind == "deferred_kill":
            credits = [e for e in self.hire_credits.get(p.nick, ()) if self.player(e).alive]
            if not credits:
                return self.refuse(action, Line.said("refusal.no_kept_kill", "no kill kept from an earlier hire whose employer is alive"))
        boss_channel = self.r.boss_ability(card.name) is card and not copied
        act = _Act(action, p.nick, owner, card, targets, on_behalf=on_behalf, boss_channel=boss_channel, copied=copied)
        self.acts.append(act)

    def admit_copy(self, action: Action, card: Ability) -> tuple[Role, Ability] | None:
        copied = self.r.find_role(action.role) if action.role else None
        if copied is None or copied.name not in {p.role for p in self.s.players}:
            self.refuse(action, Line.said("refusal.copy_role", f"copy: role {action.role!r} is not in this game's setup", role=action.role or ""))
            return None
        cards = list(copied.abilities)
        if self.r.succession and copied.name == self.r.succession[0]:
            cards += list(self.r.boss_abilities)
        names = [c.name for c in cards]
        wanted = action.copy or (names[0] if len(names) == 1 else "")
        inner = next((c for c in cards if c.name == wanted), None)
        if inner is None or inner.kind == "copy":
            self.refuse(action, Line.said("refusal.copy_ability", f"copy: {copied.name} has no ability {wanted!r} to copy (one of: {', '.join(names) or 'none'})", role=copied.name, ability=wanted))
            return None
        if inner.kind in card.copy_once and self.s.uses.get(f"{action.actor}/copy:{inner.kind}", 0) >= 1:
            self.refuse(action, Line.said("refusal.copy_used", f"used up: copying {inner.kind} is allowed once a game", kind=inner.kind))
            return None
        if card.must_change:
            for last in self.last_night(action.actor):
                if last.option == copied.name:
                    self.refuse(action, Line.said("refusal.copy_same_role", f"must change: copied {copied.name} last night too", role=copied.name))
                    return None
                if last.kind == inner.kind:
                    self.refuse(action, Line.said("refusal.copy_same_kind", f"must change: used {inner.kind} last night too", kind=inner.kind))
                    return None
                again = set(last.targets) & {getattr(find_player(self.s.players, t), "nick", t) for t in action.targets}
                if again:
                    self.refuse(action, Line.said("refusal.copy_same_target", f"must change: {', '.join(sorted(again))} was the target last night too", targets=", ".join(sorted(again))))
                    return None
        # Абрахам's copy is weaker than the original: his copied block loses every mutual block
        return copied, replace(inner, block_rank=card.copy_block_rank, uses=0, no_repeat=False)

    def use_key(self, nick: str, card: Ability, copied: str) -> str:
        if card.uses_scope == "side":   # 003: "1 доп. выстрел по роли (за всю игру)" for the whole mafia
            return f"side:{self.role_of(nick).side}/{card.name}"
        return f"{nick}/copy:{card.kind}" if copied else f"{nick}/{card.name}"

    def killer_key(self, name: str) -> str:
        return killer_key(self.r, name)

    def one_action_each(self) -> None:
        seen: dict[str, _Act] = {}
        pairs: dict[str, _Act] = {}
        role_order = {r.name: i for i, r in enumerate(self.r.roles)}
        # a side's one action goes to the sender written first in the night file (003: "от кого, мафия решает
        # сама"); otherwise, and without lines, the role's place in the ruleset decides (001: the pair's Дед Мороз
        # first, rulesets/new_year.toml), then the canonical order
        def entered(a: _Act) -> tuple:
            by_side = a.card.shared_action and self.shared_side(a.card.shared_action) is not None
            # 004 Андрес + Анхела «одно на двоих»: the first entered counts too (decision of issue 15)
            paired = linked_partner(self.s, a.actor) is not None
            return (0, a.action.line) if (by_side or paired) and a.action.line else (1, 0)

        for act in sorted(self.acts, key=lambda a: (entered(a), role_order[self.player(a.actor).role], a.action.sort_key())):
            extra = act.card.is_extra_on(self.k)
            link = linked_partner(self.s, act.actor)
            who = "+".join(sorted((act.actor, link[0]))) if link and self.player(link[0]).alive else act.actor
            key = who + ("/boss" if act.on_behalf else "") + (f"/{act.card.name}" if extra else "")
            act.rank = (-1 if act.boss_channel else role_order.get(act.role.name, 99),)
            if key in seen:
                self.refuse(act, Line("refusal.one_a_night", "one action a night: {other} already acts with {ability}",
                                      other=seen[key].actor, ability=seen[key].action.ability))
                continue
            seen[key] = act
            group = act.card.shared_action
            if group and not act.copied:
                if group in pairs:
                    self.refuse(act, self.shared_refusal(group, pairs[group]))
                    continue
                pairs[group] = act
        self.acts = [a for a in self.acts if not a.refused]
        # the boss's action: the boss's own, else the highest rank's in submission order (RULES.md §4 boss row)
        order = {name: i for i, name in enumerate(self.r.submission_order)}
        channel = [a for a in self.acts if a.boss_channel]
        channel.sort(key=lambda a: (a.actor != self.boss, order.get(self.player(a.actor).role, 99), a.action.sort_key()))
        for act in channel[1:]:
            self.refuse(act, Line("refusal.boss_channel", "the boss's action is the one sent by {other}",
                                  other=channel[0].actor))
        if channel:
            self.log.append(Line("boss_action", "boss's action: {ability} {targets_repr} sent by {actor}{behalf_en}",
                                 ability=channel[0].action.ability, targets_repr=str(list(channel[0].targets)),
                                 targets=", ".join(channel[0].targets), actor=channel[0].actor,
                                 behalf=bool(channel[0].on_behalf),
                                 behalf_en=" on the boss's behalf" if channel[0].on_behalf else ""))
        self.acts = [a for a in self.acts if not a.refused]
        self.accepted = list(self.acts)

    def shared_side(self, group: str) -> str | None:
        """The side whose one action a shared group is (003/004: every mafioso holds the kill card, "1 выстрел
        каждую ночь (выстрел направляется от 1 из мафии)"), or None for a pair of two roles (001 sheriff +
        sergeant)."""
        holders = [role for role in self.r.roles if any(c.shared_action == group for c in role.abilities)]
        sides = {role.side for role in holders}
        return None if len(holders) == 2 or len(sides) != 1 else sides.pop()

    def shared_refusal(self, group: str, used: _Act) -> str:
        """Why a second sender of a shared action is refused, naming whose action is used."""
        side_id = self.shared_side(group)
        if side_id is None:
            return f"the pair has one action a night: {used.actor}'s {used.action.ability} is used"
        side = self.r.sides[side_id]
        kinds = {c.kind for role in self.r.roles for c in role.abilities if c.shared_action == group}
        one, what = ("один выстрел", "выстрел") if kinds <= {"kill", "kill_silence", "bloody_kill"} else \
            ("один доп. удар", "доп. удар") if kinds == {"role_shot"} else ("одно действие", "действие")
        # Russian without inflecting a name: "мафии" for a mafia side whatever its title, another side quoted;
        # "игрока X" keeps the nick in the nominative
        whose = "у мафии" if side.kind == "mafia" else f"у стороны «{side.title}»"
        return f"{whose} {one} за ночь: используется {what} игрока {used.actor}"

    # -- BLOCKS --------------------------------------------------------------------------------------
    def blocks(self) -> None:
        blocks = [a for a in self.acts if a.kind == "block"]
        blocked: dict[str, str] = {}
        if self.r.block_mode == "parallel":
            for b in blocks:
                for t in b.targets:
                    blocked.setdefault(t, b.actor)
                self.log.append(Line("block.parallel", "block: {actor} blocks {targets} (all blocks land at once)",
                                     actor=b.actor, targets=", ".join(b.targets)))
        else:
            for rank in sorted({b.card.block_rank for b in blocks}, reverse=True):
                group = [b for b in blocks if b.card.block_rank == rank]
                # a block that passes blocks (003's clock used by a blocked holder, `ignores = ["block"]`) lands
                landing = [b for b in group if b.actor not in blocked or "block" in b.card.ignores]
                for b in group:
                    if b not in landing:
                        b.blocked_by = blocked[b.actor]
                        self.refuse(b, Line("refusal.blocked_higher", "blocked by {by} (a higher-priority block)",
                                            by=blocked[b.actor]))
                for b in landing:
                    for t in b.targets:
                        blocked.setdefault(t, b.actor)
                    self.log.append(Line("block", "block: {actor} ({role}) blocks {targets}", actor=b.actor,
                                         role=b.role.name, targets=", ".join(b.targets)))
        self.blocked = set(blocked)
        if "block" in self.r.texts:   # 004 newspaper: a block is reported as a fact, without who
            order = [p.nick for p in self.s.players]
            # Лаура's serum is not told, but it never hides another's announced block on the same player
            told = {t for b in blocks if b.card.announced and not b.refused for t in b.targets}
            for t in sorted(set(blocked) & told, key=order.index):
                self.public.append(Public("block", self.r.texts["block"].format(player=self.name(t)), {"player": t}))
        for act in self.acts:
            if act.kind != "block" and act.actor in blocked and "block" in act.card.ignores:
                self.log.append(Line("block.unblockable", "block: {actor}'s {card} cannot be blocked", actor=act.actor,
                                     card=act.card.name))
            elif act.kind != "block" and act.actor in blocked:
                act.blocked_by = blocked[act.actor]
                self.refuse(act, Line("refusal.blocked", "blocked by {by}", by=blocked[act.actor]))
        self.acts = [a for a in self.acts if not a.refused]
        for b in self.acts:
            if b.kind == "block":
                self.tell(b, b.targets)
            if b.kind == "block" and b.card.silence_p:
                for t in b.targets:
                    if self.roll(b.actor, "silence", b.card.silence_p):
                        self.add_silence(t, 1, True, f"silenced by {b.actor}'s visit")

    # -- PROTECT and KILLS ---------------------------------------------------------------------------
    def hire_succeeds(self, act: _Act) -> bool:
        employer = act.targets[0]
        role = self.role_of(employer)
        copy = next((a for a in self.accepted if a.actor == employer and a.copied), None)
        if copy is not None:   # 000: with Абрахам only when he copies a combat role that night
            return copy.role.combat
        return role.combat

    # -- HIDE, REDIRECTS, PIERCING (003/004) -----------------------------------------------------------
    def hide(self) -> None:
        """004 Хавьер "залечь на дно": nothing acts on the hider tonight; with `sees_visitors` he learns who came."""
        hiders = {a.actor: a for a in self.acts if a.kind == "hide"}
        self.hidden = set(hiders)
        visitors: dict[str, list[str]] = defaultdict(list)
        for act in self.acts:
            if act.kind == "hide":
                continue
            hit = [t for t in act.targets if t in self.hidden and t != act.actor]
            if hit and "hide" not in act.card.ignores:
                for t in hit:
                    visitors[t].append(act.actor)
                self.refuse(act, Line.said("refusal.hiding", f"{', '.join(hit)} is hiding tonight (залёг на дно): nothing acts on them", players=", ".join(hit)))
        for nick, act in sorted(hiders.items()):
            self.log.append(Line.said("hide", f"hide: {nick} hides tonight", player=nick))
            if act.card.sees_visitors and not self.heir(nick):   # a passive: never the heir's
                names = ", ".join(self.name(v) for v in sorted(set(visitors[nick])))
                self.private.append(Private(nick, "info", f"Ваши гости этой ночью: {names}" if names
                                            else "Этой ночью у вас гостей не было"))
        self.acts = [a for a in self.acts if not a.refused]

    def redirects(self) -> None:
        """004 Бенхамин: the first target's action goes to the second target instead (the GM's die for the
        "ненаправленный перевод" is entered as the second target). An action of a stage that came before the
        redirects (a block: "блоки ... параллельно", RULES.md §4 steps 2, 3) has already landed and stays where
        it landed, so its visit is seen there."""
        landed = set(self.order[:self.order.index(Stage.REDIRECTS)])
        for red in [a for a in self.acts if a.kind == "redirect"]:
            who, to = red.targets
            for act in self.acts:
                if act.actor != who or act is red or not act.targets:
                    continue
                if STAGE_OF_KIND[act.kind] in landed:
                    self.log.append(Line.said("redirect.landed", f"redirect: {who}'s {act.card.name} already landed on {', '.join(act.targets)} "
                                    f"({STAGE_OF_KIND[act.kind].value} come before the redirects); it stays there", actor=who, ability=act.card.name, targets=", ".join(act.targets)))
                    continue
                old = act.targets[0]
                act.targets = (to, *act.targets[1:])
                self.log.append(Line.said("redirect", f"redirect: {red.actor} sends {who}'s {act.card.name} from {old} to {to}", actor=red.actor, other=who, ability=act.card.name, old=old, to=to))
            self.tell(red, [who])
            if red.card.tells_if_target and self.role_of(who).name in self.tells_roles(red.card) and \
                    self.roll(red.actor, "learn", 0.5):
                # "Может узнать на кого перевел": no verb, so the nick needs no gender or case
                self.private.append(Private(red.actor, "info", f"Вы перевели действие игрока {self.name(who)} на "
                                                               f"игрока {self.name(to)}."))

    def piercing(self) -> None:
        """003 role shot; 004 bloody kill. Their attacks join the kills, which land all at once."""
        for act in self.acts:
            if act.kind == "role_shot":
                t = act.targets[0]
                guessed = self.r.role(act.action.role).name
                if self.role_of(t).name == guessed:
                    self.log.append(Line.said("role_shot.right", f"role shot: {act.actor} guesses {t} is {guessed}: right", actor=act.actor, target=t, role=guessed))
                    self.attacks.append(self.attack(t, act, 0, {"heal", "block", "protection"}, cause=f"role shot by {act.actor}"))
                else:
                    # 003: "если ошибаются, то умирает маф, от чьего имени направлен доп.удар" (unhealable)
                    self.log.append(Line.said("role_shot.wrong", f"role shot: {act.actor} guesses {t} is {guessed}: wrong, the sender dies", actor=act.actor, target=t, role=guessed))
                    self.attacks.append(self.attack(act.actor, act, 0, {"heal", "block", "protection"},
                                                    cause=f"wrong role shot by {act.actor}"))
            elif act.kind == "bloody_kill":
                t = act.targets[0]
                self.attacks.append(self.attack(t, act, 0, {"heal", "block", "protection"}, cause=f"bloody kill by {act.actor}"))
                visitors = sorted({a.actor for a in self.acts if a is not act and t in visited(a) and a.actor not in (act.actor, t)})
                forced = self.rolls.forced.get((act.actor, "visitor"))
                if isinstance(forced, str) and forced not in visitors:
                    # the GM's die named a player who did not come (e.g. Бенхамин, who visits only whom he redirects)
                    self.alerts.append(Line.said("alert.bloody.forced_absent", f"the visitor forced for {act.actor}'s bloody kill, {forced}, did not visit {t} "
                                       f"tonight (visitors: {', '.join(visitors) or 'none'}): the roll picks among the "
                                       "visitors; force one of them (night roll ... visitor NICK) if the die said otherwise", actor=act.actor, forced=forced, target=t, visitors=", ".join(visitors)))
                    self.log.append(Line.said("bloody.forced_absent", f"bloody kill: the forced visitor {forced} did not visit {t}; not used", forced=forced, target=t))
                if not visitors:
                    self.log.append(Line.said("bloody.no_visitor", f"bloody kill: {t} had no visitor tonight", target=t))
                    continue
                pick = self.rolls.choose(act.actor, "visitor", visitors)
                self.roll_log.append(pick)
                self.log.append(Line.said("roll.visitor", f"roll visitor for {act.actor}: one of {visitors} -> {pick.value}"
                                + (" (forced by the GM)" if pick.forced else ""), actor=act.actor, visitors=", ".join(visitors), value=pick.value, forced=pick.forced))
                if self.roll(act.actor, "bloody", act.card.visitor_p):
                    # "по второму вычисляется рандом (50/50)": the visitor cannot be healed
                    self.attacks.append(self.attack(str(pick.value), act, 1, {"heal"}, chained=True,
                                                    cause=f"visitor of {t}, bloody kill by {act.actor}"))

    def attack(self, victim: str, act: _Act, index: int, ignores=(), *, chained: bool = False, cause: str = "") -> _Attack:
        side = self.r.sides[act.role.side].id
        return _Attack(victim, act, side, "boss" if act.boss_channel else act.role.name, index,
                       frozenset(ignores) | frozenset(act.card.ignores), chained, cause)

    def heir(self, nick: str) -> bool:
        """Whether `nick` holds its role by inheritance (004 Бенхамин): the role's actions without its passives."""
        return bool(self.s.counters.get(heir_key(nick)))

    def tells_roles(self, card: Ability) -> set[str]:
        return {self.r.role(n).name for n in card.tells_if_target}

    def tell(self, act: _Act, targets) -> None:
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

    @staticmethod
    def kind_name(act: _Act) -> str:
        """The action's name in a player's private note: the GM's Russian word for its kind, never the card's id."""
        return KIND_NAMES[act.kind].capitalize()

    def search_finds(self, act: _Act) -> bool:
        """004 Лаура's search answers "свой" when the target is of her side (the answer does not depend on the kills)."""
        return self.role_of(act.targets[0]).side == act.role.side

    def finds_own_tonight(self, nick: str) -> bool:
        """The player's search, not blocked, not refused at a hider, finds a partner tonight (run before FIND:
        004 Лаура's "При нахождении своих в ночь своей смерти" acts at the kills)."""
        return any(a.kind == "find_own" and a.actor == nick and not a.refused and self.search_finds(a) for a in self.acts)

    def find(self) -> None:
        """004 Лаура "поиск своих": learns whether the target is a partner; once found, the search is lost."""
        for act in [a for a in self.acts if a.kind == "find_own"]:
            t = act.targets[0]
            found = self.search_finds(act)
            if found:
                self.counters[f"{act.actor}/{act.card.name}:found"] = self.k
            # «из своих», not «свой»/«своя»: the answer must not need the target's gender
            self.private.append(Private(act.actor, "info", self.about(t, "из своих" if found else "не из своих")))
            self.log.append(Line.said("find", f"find: {act.actor} looks for partners at {t}: {'found' if found else 'not found'}", actor=act.actor, target=t, found=found))

    def slowdown(self) -> None:
        """004 Каталина "Столбняк": the target does not remember where it went: its later actions are lost."""
        later = {st for st in self.order[self.order.index(Stage.SLOWDOWN) + 1:]}
        for sd in [a for a in self.acts if a.kind == "slowdown"]:
            for act in self.acts:
                if act.actor in sd.targets and act is not sd and STAGE_OF_KIND[act.kind] in later and not act.refused:
                    self.refuse(act, Line.said("refusal.slowed", f"slowed down by {sd.actor} (замедление)", by=sd.actor))
            self.tell(sd, sd.targets)
        self.acts = [a for a in self.acts if not a.refused]

    def annul(self) -> None:
        """004 Хулио "Месть за сестру": on a target he veiled last night ("Неиспользованные метки, сгорают в
        следующую ночь") every positive action fails; Лаура visiting him annuls veils on her partners."""
        positive = ("heal", "heal_from_role", "protect", "vote_gift", "alibi")
        for act in [a for a in self.acts if a.kind == "annul"]:
            t = act.targets[0]
            if self.s.counters.get(f"{act.actor}/mark>{t}") != self.k - 1:
                self.refuse(act, Line.said("refusal.no_veil", f"no black veil on {t} from last night (a veil burns the next night)", target=t))
                continue
            guards = [a.actor for a in self.accepted if a.actor != act.actor and act.actor in visited(a)
                      and a.role.annuls_marks_on_visit and a.role.side == self.role_of(t).side]
            if guards:
                self.refuse(act, Line.said("refusal.veil_annulled", f"{guards[0]} visited {act.actor}: the veil on a partner is annulled", guard=guards[0], actor=act.actor))
                continue
            for other in self.acts:
                if other.kind in positive and t in other.targets and not other.refused:
                    self.refuse(other, Line.said("refusal.veil", f"annulled: {t} carries {act.actor}'s black veil", target=t, actor=act.actor))
            self.log.append(Line.said("annul", f"annul: {act.actor}'s revenge on {t}: positive actions on them fail", actor=act.actor, target=t))
        self.acts = [a for a in self.acts if not a.refused]

    def protect(self) -> None:
        self.annul()
        for act in self.acts:
            if act.kind == "protect":
                for t in act.targets:
                    self.protected[t].append(act.actor)
                    self.log.append(Line("protect", "protect: {actor} protects {target}", actor=act.actor, target=t))
                self.tell(act, act.targets)
            if act.kind == "heal":
                for t in act.targets:
                    self.healed[t].append(act.actor)
                    self.log.append(Line("heal", "heal: {actor} heals {target}", actor=act.actor, target=t))
            elif act.kind == "heal_from_role":
                self.from_role.append((act.actor, self.killer_key(act.action.role)))
                self.log.append(Line.said("heal_from_role", f"heal from role: {act.actor} heals the victims of {act.action.role}", actor=act.actor, role=act.action.role))

    def kills(self) -> None:
        healed, from_role = self.healed, self.from_role
        attacks: list[_Attack] = []
        for act in self.acts:
            victims: Sequence[str] = ()
            if act.kind == "kill":
                victims = act.targets
            elif act.kind == "kill_silence":
                victims = act.targets[:1]
            elif act.kind == "deferred_kill":
                victims = act.targets
                employer = sorted(e for e in self.hire_credits.get(act.actor, ()) if self.player(e).alive)[0]
                self.hire_credits[act.actor].remove(employer)
                self.hire_spent.setdefault(act.actor, []).append(employer)
                self.log.append(Line.said("hire.deferred", f"deferred kill: {act.actor} uses the kill owed by the hire with {employer}", actor=act.actor, employer=employer))
            elif act.kind == "hire":
                employer = act.targets[0]
                if self.hire_succeeds(act):
                    self.private.append(Private(act.actor, "hire", self.hire_note(employer, True)))
                    if act.action.kill:
                        victims = tuple(find_player(self.s.players, v).nick for v in act.action.kill)
                        self.hire_spent.setdefault(act.actor, []).append(employer)
                    else:
                        self.hire_credits.setdefault(act.actor, []).append(employer)
                        self.log.append(Line.said("hire.kept", f"hire: {act.actor} keeps a kill owed by {employer}", actor=act.actor, employer=employer))
                else:
                    self.private.append(Private(act.actor, "hire", self.hire_note(employer, False)))
                    self.log.append(Line.said("hire.fails", f"hire: {employer} is not a combat role tonight; the hire fails",
                                              employer=employer))
            attacks += [self.attack(v, act, i) for i, v in enumerate(victims)]
        attacks += self.attacks
        for at in attacks:
            self.killers.add(at.act.actor)
        attacked = {a.victim for a in attacks}
        for at in sorted(attacks, key=lambda a: (a.victim, a.act.actor, a.chained, a.cause)):
            cause = at.cause or f"killed by {at.act.actor} ({'boss' if at.act.boss_channel else at.role})"
            if self.defended(at, cause):
                continue
            self.kill(at, cause)
            if self.role_of(at.victim).killer_gets_alibi and "heal" not in at.ignores:
                self.protection[at.act.actor] = self.protection.get(at.act.actor, 0) + 1
                self.log.append(Line.said("alibi.killer", f"{at.act.actor} killed {at.victim} and gets one alibi", actor=at.act.actor, victim=at.victim))
        for doctor, _ in from_role:
            for v in sorted(self.covered[doctor]):
                if self.healed_last_night(doctor, v):
                    self.log.append(Line.said("heal_from_role.repeat", f"heal from role: {doctor} healed {v} last night, so {v} is not covered (the GM "
                                    "silently does not accept it)", actor=doctor, target=v))
        # the shahid's chain: attacked -> the target dies even if the shahid was healed (a blocked shahid
        # was refused above, so only the shahid dies)
        for act in self.acts:
            if act.kind != "shahid" or act.actor not in attacked:
                continue
            t = act.targets[0]
            trole = self.role_of(t)
            if "heal" not in trole.immune and healed.get(t):
                self.saved.add(t)
                self.log.append(Line.said("shahid.healed", f"shahid: {act.actor} was attacked; {t} would die but is healed", actor=act.actor, target=t))
                continue
            self.died[t].append(f"taken by the shahid {act.actor}")
            self.death_key.setdefault(t, (self.order.index(Stage.KILLS), DEATH_ORDER["chained"], act.rank, 0))
            self.log.append(Line.said("shahid", f"shahid: {act.actor} was attacked; {t} dies with them", actor=act.actor, target=t))
            if trole.killer_gets_alibi and act.actor not in self.died:
                self.protection[act.actor] = self.protection.get(act.actor, 0) + 1
        self.saved -= set(self.died)
        # 004 Анхела: "За каждые 2 удачных защиты получает одну универсальную ..., но не более 2-ух одновременно";
        # a save made by Андрес with her card (the pair's "одно на двоих") is hers: counted and earned by her
        for victim in sorted(set(self.saved_by) - set(self.died)):
            for protector in sorted(self.saved_by[victim]):
                act = next(a for a in self.acts if a.actor == protector and a.kind == "protect")
                card, owner = act.card, self.card_owner(act)
                key = f"{owner}/saves"
                self.counters[key] = self.counters.get(key, 0) + 1
                if card.earn_every and self.counters[key] % card.earn_every == 0:
                    if self.universal_shields.get(owner, 0) < card.earn_max:
                        self.universal_shields[owner] = self.universal_shields.get(owner, 0) + 1
                        self.protection[owner] = self.protection.get(owner, 0) + 1
                        self.log.append(Line.said("protect.earned", f"protect: {owner} has {self.counters[key]} saves and earns a universal protection"
                                        + (f" (this save sent by {protector} with {owner}'s card)" if owner != protector else ""), player=owner, saves=self.counters[key]))
                        self.private.append(Private(owner, "info", "Вы получили универсальную защиту (повес/убийство)"))
                    else:
                        self.log.append(Line.said("protect.max", f"protect: {owner} already holds {card.earn_max} universal protections", player=owner, n=card.earn_max))
        for act in self.acts:
            if act.kind in ("kill", "bloody_kill") and act.card.tells_if_target:
                self.tell(act, act.targets)

    def defended(self, at: _Attack, cause: str) -> bool:
        """The defences one attack meets, in one place for every attack of the night (the kills, the piercing
        attacks, Аяла's counter-strike): immunities, the family a kill spares, protections (Аяла's guard among
        them), one-time and universal shields, heals, each unless the attack ignores it. True when the victim
        lives (a spent shield or a save is recorded); False when the attack lands (the caller kills)."""
        victim = self.role_of(at.victim)
        # 004 Лаура "При нахождении своих в ночь своей смерти - умирает, даже если ее убивают свои": the night her
        # search finds a partner, every kill on her passes heals and protections (shields too), her side's kill included
        if victim.dies_when_found_own and self.finds_own_tonight(at.victim) and not {"heal", "protection"} <= at.ignores:
            at.ignores = at.ignores | {"heal", "protection"}
            self.log.append(Line.said("kill.partner", f"kill: {at.victim} finds a partner tonight: no heal or protection saves them from "
                            f"{at.act.actor}'s attack", victim=at.victim, actor=at.act.actor))
        passive = at.victim not in self.blocked   # 004: a block stops passives too
        if passive and self.k in victim.kill_immune_nights:
            self.log.append(Line.said("kill.night_immune", f"kill: {at.victim} cannot be killed on night {self.k} ({cause})", victim=at.victim, night=self.k, cause=cause))
            return True
        if passive and victim.kill_immune_until_used and at.side not in victim.kill_immune_except and \
                not self.s.uses.get(f"{at.victim}/{victim.kill_immune_until_used}", 0):
            self.log.append(Line.said("kill.immune_until", f"kill: {at.victim} cannot be killed before using {victim.kill_immune_until_used} ({cause})", victim=at.victim, ability=victim.kill_immune_until_used, cause=cause))
            return True
        if at.act.card.spares_label and at.act.card.spares_label in victim.labels:
            self.log.append(Line.said("kill.family", f"kill: {at.victim} is of the family {at.act.card.spares_label}; {at.act.actor}'s kill spares them", victim=at.victim, actor=at.act.actor, family=at.act.card.spares_label))
            return True
        if "protection" not in at.ignores and self.protected.get(at.victim) and self.guard(at):
            self.saved.add(at.victim)
            self.saved_by[at.victim].update(self.protected[at.victim])
            self.log.append(Line("kill.protected", "kill: {victim} attacked ({cause}) but protected by {by}",
                                 victim=at.victim, cause=cause, by=", ".join(self.protected[at.victim])))
            return True
        if "protection" not in at.ignores and passive and self.night_shields.get(at.victim, 0) > 0:
            self.night_shields[at.victim] -= 1
            self.saved.add(at.victim)
            self.log.append(Line("kill.shield", "kill: {victim} attacked ({cause}); a one-time protection saves them "
                                 "and is spent", victim=at.victim, cause=cause))
            return True
        if "protection" not in at.ignores and passive and self.universal_shields.get(at.victim, 0) > 0:
            self.universal_shields[at.victim] -= 1
            self.protection[at.victim] = self.protection.get(at.victim, 0) - 1
            self.saved.add(at.victim)
            self.log.append(Line("kill.universal", "kill: {victim} attacked ({cause}); a universal protection saves "
                                 "them and is spent", victim=at.victim, cause=cause))
            return True
        if "heal" in at.ignores:
            return False   # `kill` logs the death once, saying what it passed
        for doctor, key in self.from_role:
            if key == f"side:{at.side}":
                self.covered[doctor].add(at.victim)
        if "night_kill" in victim.immune:
            self.log.append(Line("kill.immune", "kill: {victim} is immune to night kills ({cause})", victim=at.victim,
                                 cause=cause))
            return True
        if "heal" not in victim.immune and self.healed.get(at.victim):
            self.saved.add(at.victim)
            self.log.append(Line("kill.healed", "kill: {victim} attacked ({cause}) but healed by {by}", victim=at.victim,
                                 cause=cause, by=", ".join(self.healed[at.victim])))
            return True
        covering = [d for d, key in self.from_role if at.victim in self.covered[d]
                    and not self.healed_last_night(d, at.victim)]
        if "heal" not in victim.immune and covering:
            self.saved.add(at.victim)
            self.log.append(Line("kill.healed_from_role", "kill: {victim} attacked ({cause}) but healed from the role "
                                 "by {by}", victim=at.victim, cause=cause, by=", ".join(covering)))
            return True
        if "heal" in victim.immune and (self.healed.get(at.victim) or any(at.victim in self.covered[d] for d, _ in self.from_role)):
            self.log.append(Line("kill.unhealable", "kill: {victim} cannot be healed", victim=at.victim))
        return False

    def card_owner(self, act: _Act) -> str:
        """Whose card the action used: 004 Андрес, linked, sends Анхела's cards ("НД Андреса меняется на НД
        матери и выполняется вместе с ней (одно на двоих)"), so what the card earns is hers."""
        link = linked_partner(self.s, act.actor)
        if link is not None and link[1] and not any(c is act.card for c in self.role_of(act.actor).abilities) and \
                any(c is act.card for c in self.role_of(link[0]).abilities):
            return link[0]
        return act.actor

    def guard(self, at: _Attack) -> bool:
        """004 Аяла: a guard saves the partner with a counter-strike on the attacker; at the n-th save
        (`dies_instead_after`) the guard dies instead of the target. Plain protections just save. The
        counter-strike is an attack like any other: it meets the attacker's defences (`defended`)."""
        for protector in list(self.protected[at.victim]):
            guard_act = next(a for a in self.acts if a.actor == protector and a.kind == "protect")
            card = guard_act.card
            if not card.dies_instead_after:
                continue
            key = f"{protector}/guards"
            self.counters[key] = self.counters.get(key, 0) + 1
            if self.counters[key] >= card.dies_instead_after:
                self.log.append(Line.said("guard.dies", f"guard: {protector} saves {at.victim} for the {_ordinal(self.counters[key])} time and dies instead", actor=protector, target=at.victim, n=self.counters[key]))
                self.kill(_Attack(protector, at.act, at.side, at.role, 0, at.ignores, True,
                                  f"died guarding {at.victim}"), f"died guarding {at.victim}")
            elif card.counter_strike and at.act.actor not in self.died and at.act is not guard_act:
                self.log.append(Line.said("guard.strikes", f"guard: {protector} strikes back at {at.act.actor}", actor=protector, target=at.act.actor))
                strike = self.attack(at.act.actor, guard_act, 0, chained=True, cause=f"counter-strike by {protector}")
                if not self.defended(strike, strike.cause):
                    self.kill(strike, strike.cause)
        return True

    def kill(self, at: _Attack, cause: str) -> None:
        self.died[at.victim].append(cause)
        self.killed_by[at.victim].append(at.act.actor)
        stage = Stage.PIERCING if at.act.kind in ("role_shot", "bloody_kill") else Stage.KILLS
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

    # -- SILENCES ------------------------------------------------------------------------------------
    def add_silence(self, player: str, days: int, announced: bool, cause: str) -> None:
        old = self.silences.get(player)
        if old:
            days, announced, cause = max(days, old.days), announced or old.announced, f"{old.cause}; {cause}"
        self.silences[player] = Silence(player, days, announced, cause)
        self.log.append(Line("silence", "silence: {player} for {days} day(s), {how} ({cause})", player=player,
                             days=days, how="announced" if announced else "secret", announced=announced, cause=cause))

    def silence_stage(self) -> None:
        for act in self.acts:
            if act.kind == "silence":   # 004 Лаура's serum: "О блоке голоса ... игрок не уведомляется" (secret)
                for t in act.targets:
                    self.add_silence(t, act.card.silence_days, act.card.announced, f"silenced by {act.actor}"
                                     if not act.card.announced else f"intimidated by {act.actor}")
            elif act.kind == "kill_silence":
                self.add_silence(act.targets[1], 1, True, f"intimidated by {act.actor}")
            elif act.kind == "poison":
                for t in act.targets:
                    self.add_silence(t, act.card.silence_days, True, f"poisoned by {act.actor}")
            elif act.kind == "vote_steal":   # 004 Диего: "Игрок об этом не знает" — never public
                for t in act.targets:
                    self.transfers.append(("stolen", t, act.actor))
                    self.log.append(Line("vote_steal", "vote steal: {actor} takes {target}'s vote for the coming day "
                                         "(secret)", actor=act.actor, target=t))
            elif act.kind == "vote_gift":
                for t in act.targets:
                    self.transfers.append(("gifted", act.actor, t))
                    self.log.append(Line("vote_gift", "vote gift: {actor} gives {target} one more vote for the coming day",
                                         actor=act.actor, target=t))
                self.tell(act, act.targets)
            c = act.card
            if (c.hidden_vote_loss_from_targets and len(act.targets) >= c.hidden_vote_loss_from_targets) or \
                    (c.hidden_vote_loss_half_alive and 2 * len(act.targets) >= self.n):
                self.hidden_vote_loss.add(act.actor)
                self.log.append(Line("hidden_vote_loss", "hidden vote loss: {actor}'s vote counts 0 next day (not "
                                     "announced)", actor=act.actor))

    # -- INFORMATION ---------------------------------------------------------------------------------
    def information(self) -> None:
        for act in self.acts:
            if act.kind == "side_check":
                t = act.targets[0]
                trole = self.role_of(t)
                answers = act.card.answers
                by_label = next((answers[l] for l in sorted(trole.labels) if l in answers), "")
                answer = by_label or answers.get(trole.appears_as) or answers.get(trole.side) or answers.get("*") \
                    or f"не {next(iter(answers.values()), '')}".strip()
                self.private.append(Private(act.actor, "side_check", self.about(t, answer)))
                if act.card.links_label and act.card.links_label in trole.labels and t not in self.died \
                        and act.actor not in self.died:
                    self.counters[f"{act.actor}/link>{t}"] = self.k   # "происходит знакомство"
                    # "происходит знакомство ... НД выполняется вместе с ней (одно на двоих)": who found her and
                    # what it means for her, with no verb (it would need his gender) and the nick uninflected
                    self.private.append(Private(t, "info", f"Знакомство с игроком {self.name(act.actor)}: "
                                                           "ночное действие у вас теперь одно на двоих"))
                    self.log.append(Line.said("link", f"link: {act.actor} and {t} now act together", actor=act.actor, target=t))
                self.log.append(Line("side_check", "side check: {actor} checks {target}: {answer}", actor=act.actor,
                                     target=t, answer=answer))
            elif act.kind == "role_check":
                t = act.targets[0]
                trole = self.role_of(t)
                data = {"actor_role": act.role.name, "target_role": trole.name,
                        "target_role_gent": trole.forms.get("gent", trole.name)}
                if act.card.announce:
                    text = act.card.announce.format(**data)
                    self.public.append(Public("interview", text, data))
                else:
                    self.private.append(Private(act.actor, "role_check", self.about(t, trole.name)))
                self.log.append(Line("role_check", "role check: {actor} checks {target}: {role}", actor=act.actor,
                                     target=t, role=trole.name))
            elif act.kind == "serum":
                t = act.targets[0]
                trole = self.role_of(t)
                if "serum" in trole.immune:
                    self.log.append(Line.said("serum.resists", f"serum: {t} cannot be revealed by the serum; nothing is shown", target=t))
                else:
                    text = self.r.text("serum", "Сыворотка правды: {player} - {role}").format(player=self.name(t), role=trole.name)
                    self.public.append(Public("serum", text, {"player": t, "role": trole.name}))
                    self.log.append(Line.said("serum", f"serum: {act.actor} reveals {t}: {trole.name}", actor=act.actor, target=t, role=trole.name))
                if act.card.evidence and self.roll(act.actor, "evidence", act.card.evidence[0]):
                    # the verb agrees with the actor: «подложила» for a woman; without a gender «подложил игрок X»
                    gender = self.player(act.actor).gender
                    if gender == "f":
                        text = self.r.text("serum_evidence_f", "Сыворотку подложила {actor}").format(actor=self.name(act.actor))
                    elif gender == "m":
                        text = self.r.text("serum_evidence", "Сыворотку подложил {actor}").format(actor=self.name(act.actor))
                    else:
                        text = self.r.text("serum_evidence_x", "Сыворотку подложил игрок {actor}").format(actor=self.name(act.actor))
                    self.public.append(Public("evidence", text, {"player": act.actor, "role": act.role.name}))
            elif act.kind == "watch":
                t = act.targets[0]
                visits = [a for a in self.accepted if t in visited(a) and a.actor not in (act.actor, t) and not a.blocked_by]
                if act.card.watch_options and watch_option(act.card, act.action.learn) == "kinds":
                    # 004 Элиса: "типы НД, направленные на них": each kind once, "×n" when it came n times
                    count = Counter(KIND_NAMES[a.kind] for a in visits)
                    kinds = ", ".join(k + (f" ×{count[k]}" if count[k] > 1 else "")
                                      for k in dict.fromkeys(KIND_NAMES.values()) if count[k])
                    self.private.append(Private(act.actor, "info", self.visitors_note(t, f"приходили с действиями: {kinds}"
                                                                                      if kinds else "не приходили ни с одним действием")))
                    self.log.append(Line.said("watch.kinds", f"watch: {act.actor} learns the kinds of actions on {t}: "
                                              f"{kinds or 'none'}", actor=act.actor, target=t, kinds=kinds or ""))
                    continue
                came = sorted({a.actor for a in visits})
                names = ", ".join(self.name(v) for v in came)
                self.private.append(Private(act.actor, "info", self.visitors_note(t, f"приходили: {names}" if names
                                                                                  else "никто не приходил")))
                self.log.append(Line.said("watch.visitors", f"watch: {act.actor} sees the visitors of {t}: {came}",
                                          actor=act.actor, target=t, visitors=", ".join(came)))
            elif act.kind == "killer_check":
                t = act.targets[0]
                # a sentence, not a log line: the verb agrees with the roster's gender; without one the nick
                # stands after «игрока» (no verb, no case of the nick)
                killed, gender, name = t in self.killers, self.player(t).gender, self.name(t)
                if gender in ("m", "f"):
                    verb = ("убивал" if gender == "m" else "убивала") if killed else \
                        ("не убивал" if gender == "m" else "не убивала")
                    answer = f"{name} этой ночью {verb}"
                else:
                    answer = f"На счету игрока {name} этой ночью {'есть' if killed else 'нет'} убийств{'о' if killed else 'а'}"
                if killed and act.card.marks:   # "Если да, оставляет на ней черную вуаль"
                    self.counters[f"{act.actor}/mark>{t}"] = self.k
                    answer += ". Вы оставили на цели чёрную вуаль"
                self.private.append(Private(act.actor, "info", answer + "."))
                self.log.append(Line("killer_check", "killer check: {actor} checks {target}: {answer}", actor=act.actor,
                                     target=t, answer=answer))
            elif act.kind == "question":
                # the GM pastes this to the boss: the answer has its place, marked so it is never sent blank
                self.private.append(Private(act.actor, "question",
                                            f"Ваш вопрос: {act.action.question or '(текст вопроса не введён)'} "
                                            "Ответ ведущего: ___ (впишите «да» или «нет»)"))

    # -- ALIBIS --------------------------------------------------------------------------------------
    def alibi_stage(self) -> None:
        for act in self.acts:
            if act.kind == "alibi":
                self.alibis.update(act.targets)
                self.log.append(Line.said("alibi", f"alibi: {act.actor} gives {', '.join(act.targets)} an alibi for the next day", actor=act.actor, targets=", ".join(act.targets)))
        for act in self.acts:
            if act.kind == "strip_alibi":
                for t in act.targets:
                    if t in self.alibis:
                        self.alibis.discard(t)
                        self.log.append(Line.said("alibi.stripped", f"alibi stripped: {act.actor} removes {t}'s alibi", actor=act.actor, target=t))
                    else:
                        self.log.append(Line.said("alibi.none", f"strip alibi: {t} had no alibi", target=t))

    def must_kill(self) -> None:
        """004: "Мафия обязана убивать каждую ночь" — the GM is alerted when the side entered no kill."""
        side = self.r.must_kill
        if not side or not any(self.role_of(n).side == side for n in self.s.alive):
            return
        kills = ("kill", "kill_silence", "role_shot", "bloody_kill")
        if not any(a.kind in kills and a.role.side == side for a in self.accepted):
            title = self.r.sides[side].title
            self.alerts.append(Line.said("alert.must_kill", f"no kill from the {title} side tonight: the rules say it must kill every night; "
                               "enter its kill (night add) or note the penalty", side=title))
            self.log.append(Line.said("must_kill", f"alert: the {side} side entered no kill", side=title))

    def shared_not_sent(self, entered: Iterable[Action]) -> None:
        """RULES.md §3.17 (issue 15): a shared action nobody sent (the boss's action, 003's one mafia kill "от 1 из
        мафии", 001's sheriff + sergeant pair) is the side's, not a player's duty: nobody is punished and nothing
        is public; the GM is told privately and may penalise by hand. 004's mafia kill has its own alert
        (`must_kill`). Extra cards (003's role shot, the items) are never owed."""
        channels: dict[str, list[str]] = {}          # channel -> living players who could send it
        for nick in self.s.alive:
            for card, on_behalf in available_abilities(self.r, self.s, nick).values():
                if card.is_extra_on(self.k):
                    continue
                channel = "boss" if on_behalf or self.r.boss_ability(card.name) is card else card.shared_action
                if channel and nick not in channels.setdefault(channel, []):
                    channels[channel].append(nick)
        sent = set()
        for action in entered:
            p = find_player(self.s.players, action.actor)
            if p is None or not p.alive:
                continue
            found = available_abilities(self.r, self.s, p.nick).get(action.ability)
            if found is None:
                continue
            card, on_behalf = found
            if on_behalf or self.r.boss_ability(card.name) is card:
                sent.add("boss")
            elif card.shared_action:
                sent.add(card.shared_action)
        for channel, holders in channels.items():
            if channel in sent:
                continue
            side_id = self.shared_side(channel) if channel != "boss" else self.role_of(holders[0]).side
            if side_id is not None and side_id == self.r.must_kill:
                continue
            self.alerts.append(self.shared_alert(channel, side_id, holders))
            self.log.append(Line.said("shared_missing", f"alert: nobody sent the shared action {channel} "
                                      f"({', '.join(holders)} could)", holders=", ".join(holders)))

    def shared_alert(self, channel: str, side_id: str | None, holders: list[str]) -> str:
        """The GM's private alert for a shared action nobody sent, in Russian without inflecting a name."""
        who = ", ".join(holders)
        tail = f" (могли прислать: {who}); автоматического штрафа нет, штраф — на усмотрение ведущего"
        if side_id is None:
            return f"пара не прислала свой общий ход в ночь {self.k}" + tail
        side = self.r.sides[side_id]
        whose = "мафия не прислала" if side.kind == "mafia" else f"сторона «{side.title}» не прислала"
        if channel == "boss":
            return f"{whose} ход босса в ночь {self.k}" + tail
        kinds = {c.kind for role in self.r.roles for c in role.abilities if c.shared_action == channel}
        what = "убийство" if kinds <= {"kill", "kill_silence", "bloody_kill"} else "общий ход"
        return f"{whose} {what} в ночь {self.k}" + tail

    # -- EVIDENCE ------------------------------------------------------------------------------------
    def evidence(self) -> None:
        for act in self.acts:
            c = act.card
            if c.kind not in ("kill", "kill_silence") or not c.evidence:
                continue
            p = c.evidence[min(len(act.targets), len(c.evidence)) - 1]
            if c.evidence_kind == "trace":
                for v in act.targets:
                    if v in self.died and any(act.actor in cause for cause in self.died[v]):
                        if p and self.roll(act.actor, "evidence", p):
                            text = self.r.text("evidence_trace", "{player} - жертва {role}").format(player=self.name(v), role=act.role.name)
                            self.public.append(Public("trace", text, {"player": v, "role": act.role.name}))
                        if c.reveal_victim_p and self.n <= c.reveal_victim_when_alive_le and \
                                self.roll(act.actor, "reveal", c.reveal_victim_p):
                            self.reveal_forced.add(v)
            elif p and self.roll(act.actor, "evidence", p):
                text = self.r.text("evidence_nick", "Улики указывают на {actor}").format(actor=self.name(act.actor))
                self.public.append(Public("evidence", text, {"player": act.actor}))


def resolve_night(ruleset: Ruleset, state: GameState, actions: Iterable[Action], rolls: Rolls | None = None) -> NightOutcome:
    """Resolve the coming night (`state.night + 1`) and return its outcome with the next state in `.state`."""
    actions = list(actions)
    nt = _Night(ruleset, state, rolls)
    nt.log.append(Line("night", "night {night}: {alive} alive at the start; boss: {boss_en}", night=nt.k, alive=nt.n,
                       boss=nt.boss or "", boss_en=nt.boss or "none"))
    for action in sorted(actions, key=Action.sort_key):   # the GM's order never matters
        nt.admit(action)
    for stage in nt.order:
        handler = _HANDLERS.get(stage)
        if handler is not None:
            handler(nt)
    nt.must_kill()
    nt.shared_not_sent(actions)
    return _finish(nt)


# What runs at each stage of `order.ORDER` (or the ruleset's order); SUCCESSION and NEXT_DAY are `_finish`.
_HANDLERS = {
    Stage.CHECK_ACTIONS: _Night.one_action_each,
    Stage.HIDE: _Night.hide,
    Stage.BLOCKS: _Night.blocks,
    Stage.REDIRECTS: _Night.redirects,
    Stage.PIERCING: _Night.piercing,
    Stage.FIND: _Night.find,
    Stage.SLOWDOWN: _Night.slowdown,
    Stage.PROTECT: _Night.protect,
    Stage.KILLS: _Night.kills,
    Stage.SILENCES: _Night.silence_stage,
    Stage.INFORMATION: _Night.information,
    Stage.ALIBIS: _Night.alibi_stage,
    Stage.EVIDENCE: _Night.evidence,
}


def reveal_mode(ruleset: Ruleset, role: Role, phase: str, alive_at_start: int) -> str:
    """RULES.md §6: "role", "side" or "none" for a death in this phase (`reveal_night` / `reveal_day`)."""
    mode = ruleset.reveal_night if phase == "night" else ruleset.reveal_day
    if mode == "rule":
        mode = "role" if alive_at_start > ruleset.reveal_while_alive_gt else "none"
    if role.always_revealed:
        mode = "role"
    return mode


def death_text(ruleset: Ruleset, player: Player, role: Role, revealed: bool, mode: str = "role") -> str:
    """The public words of a death (a night's, a hanging's, a modkill's): the player and, as `mode` says,
    the role, the side shown or nothing."""
    side = ruleset.sides[role.side]
    if not revealed or mode == "none":
        return ruleset.text("death_hidden", "{player}").format(player=player.name)
    if mode == "side":   # 004: "открывается только сторона (маньяк видится как город)"
        shown = ruleset.sides[role.shown_side or role.side]
        return ruleset.text("death_side", "{player} ({side})").format(player=player.name, side=shown.title_for(player.gender))
    label = role.death_label or side.title_for(player.gender)
    return ruleset.text("death", "{player} - {role} ({side})").format(player=player.name, role=role.name, side=label)


def heir_key(nick: str) -> str:
    """The counter that marks a player who took another role's place (004 Бенхамин)."""
    return f"{nick}/inherited"


def inherit(ruleset: Ruleset, state: GameState) -> tuple[GameState, list[str], list[Private]]:
    """004 Бенхамин: when no living player holds the role he `inherits`, he takes it ("полной передачей роли",
    without its passives: the one-time protections are not his)."""
    log: list[str] = []
    private: list[Private] = []
    for p in state.players:
        role = ruleset.role(p.role)
        if not p.alive or not role.inherits:
            continue
        heir_of = ruleset.role(role.inherits).name
        if any(q.alive and q.role == heir_of for q in state.players):
            continue
        if not any(q.role == heir_of for q in state.players):
            continue   # the role was never in this game
        # seed 004: «Узнает если умирает Хавьер и занимает его место. Пассивки не получает. Свое НД в этом случае
        # пропадает»: the counter marks an heir, whose cards then carry no passive (`_Night.heir`)
        state = replace(state.with_player(p.nick, role=heir_of), counters={**state.counters, heir_key(p.nick): 1})
        log.append(Line.said("inheritance", f"inheritance: {p.nick} ({role.name}) takes the place of {heir_of}; the own "
                             "action is gone, no passive comes with the role", player=p.nick, role=role.name,
                             heir_of=heir_of))
        side = ruleset.sides[ruleset.role(heir_of).side].title
        private.append(Private(p.nick, "takeover", f"{heir_of} выбывает из игры: вы занимаете его место и теперь "
                                                   f"вы — {side}. Ночные действия роли «{heir_of}» теперь ваши, своё "
                                                   "ночное действие вы теряете; пассивки роли к вам не переходят."))
    return state, log, private


def _transfer_stands(transfer: tuple[str, str, str], alive_after: tuple[str, ...]) -> bool:
    """Whether a vote stolen or gifted tonight reaches the coming day. RULES.md §4.6 "a player killed tonight
    still acts tonight" and §3.7: a gift stands while its receiver lives (Альфредо dead or alive); a steal
    stands while the owner lives: the owner's vote counts 0 (a secret silence), and a thief who died tonight
    gains nothing (he does not vote). 004 decision D1 in rulesets/grand_hotel.toml."""
    kind, source, to = transfer
    return (to if kind == "gifted" else source) in alive_after


def _finish(nt: _Night) -> NightOutcome:
    r, s = nt.r, nt.s
    deaths = []
    roster = [p.nick for p in s.players]
    # the GM's order: by the stage that killed, the role's place in the ruleset, the target's place in the
    # action (the boss's kills first, as named); never by submission order. It tells who killed whom (003's
    # wrong role shot first, 004's bloody-kill target before its visitor), so it stays in the GM's log only
    killed = sorted(nt.died, key=lambda n: (nt.death_key.get(n, (99,)), roster.index(n)))
    if len(killed) > 1:
        nt.log.append(Line.said("death_order", "order of deaths (GM only; the post lists them in roster order): "
                                + ", ".join(f"{n} ({', '.join(nt.died[n])})" for n in killed),
                                players=list(killed), causes=[list(nt.died[n]) for n in killed]))
    # RULES.md "hidden information never leaks": every public list of the night's dead (the `deaths` the posts
    # render, the public `death` lines) is in the game's player order, whatever killed them
    for nick in sorted(nt.died, key=roster.index):
        p = s.player(nick)
        role = r.role(p.role)
        mode = "role" if nick in nt.reveal_forced else reveal_mode(r, role, "night", nt.n)
        revealed = mode != "none"
        deaths.append(Death(nick, role.name, role.side, revealed, tuple(nt.died[nick])))
        nt.public.insert(len([x for x in nt.public if x.kind == "death"]),
                         Public("death", death_text(r, p, role, revealed, mode),
                                {"player": nick, "role": role.name if mode == "role" else None,
                                 "side": (role.shown_side or role.side) if mode == "side" else role.side if revealed else None}))
    dead = set(nt.died)
    players = tuple(replace(p, alive=False, died=f"night {nt.k}", causes=tuple(nt.died[p.nick]),
                            revealed=any(d.revealed for d in deaths if d.player == p.nick))
                    if p.nick in dead else p for p in s.players)
    # poison's second day and other silences carried over from the state
    silences = {x.player: x for x in s.silences}
    for x in nt.silences.values():
        old = silences.get(x.player)
        silences[x.player] = x if old is None else Silence(x.player, max(x.days, old.days), x.announced or old.announced,
                                                          f"{old.cause}; {x.cause}")
    silences = {k: v for k, v in silences.items() if k not in dead}
    order = [p.nick for p in s.players]
    silenced = tuple(SilenceOut(k, v.days, v.announced) for k, v in sorted(silences.items(), key=lambda kv: order.index(kv[0])))
    for x in silenced:
        if x.announced:
            p = s.player(x.player)
            # RULES.md §6: the verb agrees with the player's gender ("лишен" / "лишена")
            template = r.text("silence", "Сегодня {player} лишен возможности голосовать")
            if p.gender == "f":
                template = r.text("silence_f", template)
            nt.public.append(Public("silence", template.format(player=p.name), {"player": x.player, "days": x.days}))
    last = dict(s.last)
    uses = dict(s.uses)
    # 003 `blocked_action_spends = false` (seed 003: "ход заблокирован и не осуществляется"): a blocked move was
    # not made, so it spends no use or item and is not last night's target; 004 D2 and 000/001 keep it as used
    spent = [a for a in nt.accepted if r.blocked_action_spends or not a.blocked_by]
    for act in spent:
        option = act.copied or (nt.killer_key(act.action.role) if act.kind == "heal_from_role" else "")
        memory = LastAction(nt.k, act.action.ability if not act.copied else act.card.name, act.kind, act.targets, option,
                            tuple(sorted(nt.covered.get(act.actor, ()))) if act.kind == "heal_from_role" else ())
        last[act.actor] = tuple(a for a in last.get(act.actor, ()) if a.night == nt.k) + (memory,)
        key = nt.use_key(act.actor, act.card, act.copied)
        uses[key] = uses.get(key, 0) + 1
        if act.card.cooldown:
            nt.counters[f"{act.actor}/{act.card.name}@night"] = nt.k
        if act.card.no_repeat_ever:
            for t in act.targets:
                nt.counters[f"{act.actor}/{act.card.name}>{t}"] = 1
        if r.item(act.card.name) is act.card:   # the night an item was used: told when it is sent again
            nt.counters[f"{act.actor}/{act.card.name}@night"] = nt.k
    # 004 Хулио: "Если в результате установления метки на Донью Терезу, она умирает, до конца игры лишается НД"
    for act in nt.acts:
        if act.kind == "annul" and act.card.lost_if_target_dies:
            lost = {r.role(n).name for n in act.card.lost_if_target_dies}
            if any(t in dead and s.player(t).role in lost for t in act.targets):
                nt.counters[f"{act.actor}/lost"] = nt.k
                nt.log.append(Line.said("veil_killed", f"{act.actor}'s veil killed {', '.join(act.targets)}: no actions for the rest of the game", actor=act.actor, targets=", ".join(act.targets)))
    # 004 Андрес and Анхела: his killer's nick goes to her; the survivor of the two loses the actions
    for nick in sorted(dead, key=roster.index):
        link = linked_partner(s, nick)
        if link is None or link[0] in dead:
            continue
        partner, p_role = link[0], s.player(nick).role
        if r.role(p_role).link_tells_killer and nt.killed_by.get(nick):
            killers = sorted(set(nt.killed_by[nick]))
            # "мать получает ник убийцы": no verb (it would need his gender), the nicks in the nominative
            label = "Ник убийцы" if len(killers) == 1 else "Ники убийц"
            nt.private.append(Private(partner, "info", f"{label} игрока {s.player(nick).name}: "
                                                       f"{', '.join(s.player(k).name for k in killers)}."))
        if any(r.role(x).link_loses_on_death for x in (p_role, s.player(partner).role)):
            nt.counters[f"{partner}/lost"] = nt.k
            nt.log.append(Line.said("link.died", f"link: {nick} died; {partner} lives but loses the actions", player=nick, partner=partner))
    # 003 items: used ones are gone; "Если умирает его владелец, не воспользовавшись им - он исчезает"
    used_items = {(a.actor, a.card.name) for a in spent if r.item(a.card.name) is a.card}
    items = {}
    for holder, held in s.items.items():
        if holder in dead:
            # an item used tonight is used, not lost (its action landed before the death counted)
            lost = [i for i in held if (holder, i) not in used_items]
            if lost:
                nt.log.append(Line.said("items.lost", f"items: {holder} dies holding {', '.join(lost)} unused; "
                              + ("they are lost" if len(lost) > 1 else "it is lost"), player=holder, items=", ".join(lost)))
            continue
        keep = tuple(i for i in held if (holder, i) not in used_items)
        if keep:
            items[holder] = keep
    alive_after = tuple(p.nick for p in players if p.alive)
    protection = {k: v for k, v in nt.protection.items() if v > 0 and k in alive_after}
    # RULES.md §4 lawyer row: the alibi holds even if the lawyer died or was promoted; a dead holder needs none
    alibis = tuple(sorted((a for a in nt.alibis if a in alive_after), key=order.index))
    new_state = replace(s, players=players, night=nt.k, silences=tuple(silences.values()), alibis=alibis,
                        hidden_vote_loss=tuple(sorted(h for h in nt.hidden_vote_loss if h in alive_after)),
                        hang_protection=protection, last=last, uses=uses,
                        hire_credits={k: tuple(v) for k, v in nt.hire_credits.items() if v},
                        hire_spent={k: tuple(v) for k, v in nt.hire_spent.items() if v},
                        under_active=frozenset(), items=items,
                        night_shields={k: v for k, v in nt.night_shields.items() if v > 0 and k in alive_after},
                        universal_shields={k: v for k, v in nt.universal_shields.items() if v > 0 and k in alive_after},
                        hang_shields={k: v for k, v in s.hang_shields.items() if k in alive_after},
                        counters={k: v for k, v in nt.counters.items() if not k.startswith(PHASE_ALIVE)},
                        transfers=tuple(t for t in nt.transfers if _transfer_stands(t, alive_after)))
    new_state, inherit_log, inherit_private = inherit(r, new_state)
    nt.log += inherit_log
    nt.private += inherit_private
    new_boss = current_boss(r, new_state)
    if new_boss != nt.boss and new_boss is not None:
        role = r.role(new_state.player(new_boss).role)
        kept = [a.name for a in role.abilities if a.kept_as_boss]
        nt.log.append(Line.said("succession.kept", f"succession: {new_boss} ({role.name}) is the boss now"
                      + (f", keeps {', '.join(kept)} (one action a night)" if kept else
                         ", and loses the role's own ability" if role.abilities else ""), boss=new_boss, role=role.name, kept=", ".join(kept)))
        nt.private.append(Private(new_boss, "succession", "Вы теперь босс"))
    winner = check_win(r, new_state)
    if winner:
        nt.log.append(Line("game_over", "game over: {winner} wins", winner=winner))
    # the one alibi of Миллард's killer shows in next_day; 004's protections from hanging are not alibis
    earned = {k for k, v in protection.items()
              if v > new_state.universal_shields.get(k, 0) + new_state.hang_shields.get(k, 0)}
    next_alibis = tuple(sorted(set(alibis) | earned, key=order.index))
    return NightOutcome(
        night=nt.k, deaths=tuple(deaths), saved=tuple(sorted(nt.saved, key=order.index)), silenced=silenced,
        public=tuple(nt.public), private=tuple(nt.private), refused=tuple(nt.refused), rolls=tuple(nt.roll_log),
        alive=alive_after, alibis=next_alibis, hidden_vote_loss=new_state.hidden_vote_loss,
        log=tuple(nt.log), state=new_state, winner=winner, transfers=new_state.transfers, alerts=tuple(nt.alerts))
