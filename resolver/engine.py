"""The night engine: `resolve_night(ruleset, state, actions, rolls) -> NightOutcome`.

Data flows through the stages of `order.ORDER`:
  CHECK_ACTIONS  each action is admitted or refused with a reason (dead, under-active, limits, repeat
                 target, used up, alive-count switches); Абрахам's copy becomes the copied card; one action
                 per role, one per shared pair, one boss action (the highest sender in submission order);
  BLOCKS         by block rank, highest first (a blocked blocker does nothing), or all at once (`parallel`);
                 every other action of a blocked actor is refused;
  PROTECT/KILLS  heals and heal-from-role, then all kills at once, then the shahid's chained death;
  SILENCES, INFORMATION, ALIBIS, EVIDENCE, SUCCESSION, NEXT_DAY  as RULES.md §4 lists them.
Actions are put in a canonical order first, so the order the GM entered them never changes the outcome.
Pure: no I/O, no clock; every random value comes from `Rolls` and is recorded.
"""
from __future__ import annotations

__all__ = ["resolve_night", "current_boss", "check_win"]

from collections import defaultdict
from dataclasses import dataclass, replace
from typing import Iterable, Sequence

from .actions import Action, available_abilities
from .order import ORDER, Stage
from .outcome import Death, NightOutcome, Private, Public, Refusal, SilenceOut
from .rolls import Roll, Rolls
from .ruleset import Ability, Role, Ruleset
from .state import GameState, LastAction, Player, Silence, find_player


def current_boss(ruleset: Ruleset, state: GameState) -> str | None:
    """The boss now: the first living holder of a role in the ruleset's succession list."""
    for role_name in ruleset.succession:
        for p in state.players:
            if p.alive and p.role == role_name:
                return p.nick
    return None


def check_win(ruleset: Ruleset, state: GameState) -> str | None:
    """RULES.md §5 for the ranked games: the side id that has won, "nobody" if all are dead, else None."""
    alive = [p for p in state.players if p.alive]
    if not alive:
        return "nobody"
    side_of = {p.nick: ruleset.sides[ruleset.role(p.role).side] for p in alive}
    solos = [p for p in alive if side_of[p.nick].kind == "solo" and side_of[p.nick].hostile]
    mafia = [p for p in alive if side_of[p.nick].kind == "mafia"]
    # a solo role wins when alone or alone with one other player
    if solos and len(alive) <= 2 and len({side_of[p.nick].id for p in solos}) == 1:
        return side_of[solos[0].nick].id
    if not mafia and not solos:
        return next((s.id for s in ruleset.sides.values() if s.kind == "town"), "town")
    if mafia and not solos and len(mafia) >= len(alive) - len(mafia):
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

    @property
    def kind(self) -> str:
        return self.card.kind


@dataclass
class _Attack:
    victim: str
    act: _Act
    side: str
    role: str


class _Night:
    def __init__(self, ruleset: Ruleset, state: GameState, rolls: Rolls | None):
        self.r, self.s = ruleset, state
        self.k = state.night + 1
        self.n = len(state.alive)     # RULES.md §3.15: alive counts are taken at the start of the phase
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

    # -- helpers -------------------------------------------------------------------------------------
    def player(self, nick: str) -> Player:
        return self.s.player(nick)

    def role_of(self, nick: str) -> Role:
        return self.r.role(self.player(nick).role)

    def name(self, nick: str) -> str:
        return self.player(nick).name

    def refuse(self, act_or_action, reason: str) -> None:
        action = act_or_action.action if isinstance(act_or_action, _Act) else act_or_action
        if isinstance(act_or_action, _Act):
            act_or_action.refused = True
        self.refused.append(Refusal(action.actor, action.ability, reason))
        self.log.append(f"refused: {action.actor} {action.ability} {list(action.targets)}: {reason}")

    def roll(self, actor: str, name: str, p: float) -> bool:
        result = self.rolls.roll(actor, name, p)
        self.roll_log.append(result)
        self.log.append(f"roll {name} for {actor}: p={p} -> {'yes' if result.value else 'no'}"
                        + (" (forced by the GM)" if result.forced else ""))
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
            return self.refuse(action, "not in the game")
        action = replace(action, actor=p.nick)
        if not p.alive:
            return self.refuse(action, f"dead actor ({p.died})")
        if p.nick in self.s.under_active:
            need = self.r.votes.get("min_posts_for_night_action", 0)
            return self.refuse(action, f"under-active: fewer than {need} posts during the day (the 3-posts rule)")
        available = available_abilities(self.r, self.s, p.nick)
        if action.ability not in available:
            return self.refuse(action, f"{p.role} has no ability {action.ability!r} tonight")
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
                return self.refuse(action, f"target {t!r} is not in the game")
            if not tp.alive:
                return self.refuse(action, f"target {tp.nick} is dead")
            targets.append(tp.nick)
        targets = tuple(targets)
        if len(set(targets)) != len(targets):
            return self.refuse(action, "the same target twice")
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
            return self.refuse(action, f"{card.name} needs {card.min_targets} target(s)")
        if p.nick in targets and not card.self_target:
            return self.refuse(action, f"{card.name} cannot target oneself")
        if card.requires_alive_gt and self.n <= card.requires_alive_gt:
            return self.refuse(action, f"not allowed with {self.n} alive: {card.name} needs more than {card.requires_alive_gt}")
        if card.requires_killing_sides and self.killing_sides() < card.requires_killing_sides:
            return self.refuse(action, f"{card.name} is lost: only one hostile side with a kill remains")
        use_key = self.use_key(p.nick, card, copied)
        if card.uses and self.s.uses.get(use_key, 0) >= card.uses:
            return self.refuse(action, f"used up: {card.name} is {card.uses} time(s) a game")
        last = self.last_night(p.nick)
        if card.cooldown_when_alive_lt and self.n < card.cooldown_when_alive_lt and any(a.ability == card.name for a in last):
            return self.refuse(action, f"{card.name} not two nights running with fewer than {card.cooldown_when_alive_lt} alive")
        if card.no_repeat and not self.lifted:
            group = card.repeat_group or card.name
            same = [a for a in last if (self.group_of(p.nick, a) == group)]
            if card.kind == "heal_from_role":
                key = self.killer_key(action.role)
                if any(a.kind == "heal_from_role" and a.option == key for a in same):
                    return self.refuse(action, f"repeat target: heal from {action.role} two nights running")
            else:
                before = {t for a in same for t in (*a.targets, *a.covered)}
                again = [t for t in targets if t in before]
                if again:
                    return self.refuse(action, f"repeat target: {', '.join(again)} also last night (lifted only with "
                                               f"{self.r.no_repeat_lifted_at_alive} alive)")
        if card.kind == "heal_from_role" and not self.killer_key(action.role):
            return self.refuse(action, f"heal from {action.role!r}: no such role or side")
        if card.kind == "hire":
            employer = targets[0]
            if employer in self.hire_spent.get(p.nick, ()):
                return self.refuse(action, f"already hired with {employer}: an employer through whom a kill was made is not hired again")
            if len(action.kill) > 1:
                return self.refuse(action, "the hire brings one kill")
            for v in action.kill:
                victim = find_player(self.s.players, v)
                if victim is None:
                    return self.refuse(action, f"target {v!r} is not in the game")
                if victim.nick == employer:
                    return self.refuse(action, "the hire's kill cannot be the employer")
                if not victim.alive:
                    return self.refuse(action, f"target {victim.nick} is dead")
        if card.kind == "deferred_kill":
            credits = [e for e in self.hire_credits.get(p.nick, ()) if self.player(e).alive]
            if not credits:
                return self.refuse(action, "no kill kept from an earlier hire whose employer is alive")
        boss_channel = self.r.boss_ability(card.name) is card and not copied
        act = _Act(action, p.nick, owner, card, targets, on_behalf=on_behalf, boss_channel=boss_channel, copied=copied)
        self.acts.append(act)

    def admit_copy(self, action: Action, card: Ability) -> tuple[Role, Ability] | None:
        copied = self.r.find_role(action.role) if action.role else None
        if copied is None or copied.name not in {p.role for p in self.s.players}:
            self.refuse(action, f"copy: role {action.role!r} is not in this game's setup")
            return None
        cards = list(copied.abilities)
        if self.r.succession and copied.name == self.r.succession[0]:
            cards += list(self.r.boss_abilities)
        names = [c.name for c in cards]
        wanted = action.copy or (names[0] if len(names) == 1 else "")
        inner = next((c for c in cards if c.name == wanted), None)
        if inner is None or inner.kind == "copy":
            self.refuse(action, f"copy: {copied.name} has no ability {wanted!r} to copy (one of: {', '.join(names) or 'none'})")
            return None
        if inner.kind in card.copy_once and self.s.uses.get(f"{action.actor}/copy:{inner.kind}", 0) >= 1:
            self.refuse(action, f"used up: copying {inner.kind} is allowed once a game")
            return None
        if card.must_change:
            for last in self.last_night(action.actor):
                if last.option == copied.name:
                    self.refuse(action, f"must change: copied {copied.name} last night too")
                    return None
                if last.kind == inner.kind:
                    self.refuse(action, f"must change: used {inner.kind} last night too")
                    return None
                again = set(last.targets) & {getattr(find_player(self.s.players, t), "nick", t) for t in action.targets}
                if again:
                    self.refuse(action, f"must change: {', '.join(sorted(again))} was the target last night too")
                    return None
        # Абрахам's copy is weaker than the original: his copied block loses every mutual block
        return copied, replace(inner, block_rank=card.copy_block_rank, uses=0, no_repeat=False)

    def use_key(self, nick: str, card: Ability, copied: str) -> str:
        return f"{nick}/copy:{card.kind}" if copied else f"{nick}/{card.name}"

    def group_of(self, nick: str, last: LastAction) -> str:
        role = self.role_of(nick)
        card = role.ability(last.ability)
        return (card.repeat_group or card.name) if card else last.ability

    def killer_key(self, name: str) -> str:
        """Heal-from-role names the killer as a role or a side; both mean the killer's side ("от мафии")."""
        if not name:
            return ""
        side = self.r.side_id(name)
        if side:
            return "side:" + side
        role = self.r.find_role(name)
        return "side:" + role.side if role else ""

    def one_action_each(self) -> None:
        seen: dict[str, _Act] = {}
        pairs: dict[str, _Act] = {}
        role_order = {r.name: i for i, r in enumerate(self.r.roles)}
        for act in sorted(self.acts, key=lambda a: (role_order[self.player(a.actor).role], a.action.sort_key())):
            key = act.actor + ("/boss" if act.on_behalf else "")
            if key in seen:
                self.refuse(act, f"one action a night: {act.actor} already acts with {seen[key].action.ability}")
                continue
            seen[key] = act
            group = act.card.shared_action
            if group and not act.copied:
                if group in pairs:
                    self.refuse(act, f"the pair has one action a night: {pairs[group].actor}'s {pairs[group].action.ability} is used")
                    continue
                pairs[group] = act
        self.acts = [a for a in self.acts if not a.refused]
        # the boss's action: the boss's own, else the highest rank's in submission order (RULES.md §4 boss row)
        order = {name: i for i, name in enumerate(self.r.submission_order)}
        channel = [a for a in self.acts if a.boss_channel]
        channel.sort(key=lambda a: (a.actor != self.boss, order.get(self.player(a.actor).role, 99), a.action.sort_key()))
        for act in channel[1:]:
            self.refuse(act, f"the boss's action is the one sent by {channel[0].actor}")
        if channel:
            self.log.append(f"boss's action: {channel[0].action.ability} {list(channel[0].targets)} sent by {channel[0].actor}"
                            + (" on the boss's behalf" if channel[0].on_behalf else ""))
        self.acts = [a for a in self.acts if not a.refused]
        self.accepted = list(self.acts)

    # -- BLOCKS --------------------------------------------------------------------------------------
    def blocks(self) -> None:
        blocks = [a for a in self.acts if a.kind == "block"]
        blocked: dict[str, str] = {}
        if self.r.block_mode == "parallel":
            for b in blocks:
                for t in b.targets:
                    blocked.setdefault(t, b.actor)
                self.log.append(f"block: {b.actor} blocks {', '.join(b.targets)} (all blocks land at once)")
        else:
            for rank in sorted({b.card.block_rank for b in blocks}, reverse=True):
                group = [b for b in blocks if b.card.block_rank == rank]
                landing = [b for b in group if b.actor not in blocked]
                for b in group:
                    if b not in landing:
                        b.blocked_by = blocked[b.actor]
                        self.refuse(b, f"blocked by {blocked[b.actor]} (a higher-priority block)")
                for b in landing:
                    for t in b.targets:
                        blocked.setdefault(t, b.actor)
                    self.log.append(f"block: {b.actor} ({b.role.name}) blocks {', '.join(b.targets)}")
        for act in self.acts:
            if act.kind != "block" and act.actor in blocked:
                act.blocked_by = blocked[act.actor]
                self.refuse(act, f"blocked by {blocked[act.actor]}")
                if act.kind == "hire":   # the hireling hears every night whether the hire worked
                    self.private.append(Private(act.actor, "hire", f"Найм у {self.name(act.targets[0])} не удался"))
        self.acts = [a for a in self.acts if not a.refused]
        for b in self.acts:
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

    def protect(self) -> None:
        for act in self.acts:
            if act.kind == "heal":
                for t in act.targets:
                    self.healed[t].append(act.actor)
                    self.log.append(f"heal: {act.actor} heals {t}")
            elif act.kind == "heal_from_role":
                self.from_role.append((act.actor, self.killer_key(act.action.role)))
                self.log.append(f"heal from role: {act.actor} heals the victims of {act.action.role}")

    def kills(self) -> None:
        healed, from_role = self.healed, self.from_role
        attacks: list[_Attack] = []
        for act in self.acts:
            side = self.r.sides[act.role.side].id
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
                self.log.append(f"deferred kill: {act.actor} uses the kill owed by the hire with {employer}")
            elif act.kind == "hire":
                employer = act.targets[0]
                if self.hire_succeeds(act):
                    self.private.append(Private(act.actor, "hire", f"Найм у {self.name(employer)} удался"))
                    if act.action.kill:
                        victims = tuple(find_player(self.s.players, v).nick for v in act.action.kill)
                        self.hire_spent.setdefault(act.actor, []).append(employer)
                    else:
                        self.hire_credits.setdefault(act.actor, []).append(employer)
                        self.log.append(f"hire: {act.actor} keeps a kill owed by {employer}")
                else:
                    self.private.append(Private(act.actor, "hire", f"Найм у {self.name(employer)} не удался"))
                    self.log.append(f"hire: {employer} is not a combat role tonight; the hire fails")
            role_name = "boss" if act.boss_channel else act.role.name
            attacks += [_Attack(v, act, side, role_name) for v in victims]
        attacked = {a.victim for a in attacks}
        for at in sorted(attacks, key=lambda a: (a.victim, a.act.actor)):
            victim = self.role_of(at.victim)
            cause = f"killed by {at.act.actor} ({'boss' if at.act.boss_channel else at.role})"
            for doctor, key in from_role:
                if key == f"side:{at.side}":
                    self.covered[doctor].add(at.victim)
            if "night_kill" in victim.immune:
                self.log.append(f"kill: {at.victim} is immune to night kills ({cause})")
                continue
            if "heal" not in victim.immune and healed.get(at.victim):
                self.saved.add(at.victim)
                self.log.append(f"kill: {at.victim} attacked ({cause}) but healed by {', '.join(healed[at.victim])}")
                continue
            covering = [d for d, key in from_role if at.victim in self.covered[d]
                        and not self.healed_last_night(d, at.victim)]
            if "heal" not in victim.immune and covering:
                self.saved.add(at.victim)
                self.log.append(f"kill: {at.victim} attacked ({cause}) but healed from the role by {', '.join(covering)}")
                continue
            if "heal" in victim.immune and (healed.get(at.victim) or any(at.victim in self.covered[d] for d, _ in from_role)):
                self.log.append(f"kill: {at.victim} cannot be healed")
            self.died[at.victim].append(cause)
            self.log.append(f"kill: {at.victim} dies ({cause})")
            if victim.killer_gets_alibi:
                self.protection[at.act.actor] = self.protection.get(at.act.actor, 0) + 1
                self.log.append(f"{at.act.actor} killed {at.victim} and gets one alibi")
        for doctor, key in from_role:
            for v in sorted(self.covered[doctor]):
                if self.healed_last_night(doctor, v):
                    self.log.append(f"heal from role: {doctor} healed {v} last night, so {v} is not covered (the GM "
                                    "silently does not accept it)")
        # the shahid's chain: attacked -> the target dies even if the shahid was healed (a blocked shahid
        # was refused above, so only the shahid dies)
        for act in self.acts:
            if act.kind != "shahid" or act.actor not in attacked:
                continue
            t = act.targets[0]
            trole = self.role_of(t)
            if "heal" not in trole.immune and healed.get(t):
                self.saved.add(t)
                self.log.append(f"shahid: {act.actor} was attacked; {t} would die but is healed")
                continue
            self.died[t].append(f"taken by the shahid {act.actor}")
            self.log.append(f"shahid: {act.actor} was attacked; {t} dies with them")
            if trole.killer_gets_alibi and act.actor not in self.died:
                self.protection[act.actor] = self.protection.get(act.actor, 0) + 1
        self.saved -= set(self.died)

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
        self.log.append(f"silence: {player} for {days} day(s), {'announced' if announced else 'secret'} ({cause})")

    def silence_stage(self) -> None:
        for act in self.acts:
            if act.kind == "silence":
                for t in act.targets:
                    self.add_silence(t, 1, True, f"intimidated by {act.actor}")
            elif act.kind == "kill_silence":
                self.add_silence(act.targets[1], 1, True, f"intimidated by {act.actor}")
            elif act.kind == "poison":
                for t in act.targets:
                    self.add_silence(t, act.card.silence_days, True, f"poisoned by {act.actor}")
            c = act.card
            if (c.hidden_vote_loss_from_targets and len(act.targets) >= c.hidden_vote_loss_from_targets) or \
                    (c.hidden_vote_loss_half_alive and 2 * len(act.targets) >= self.n):
                self.hidden_vote_loss.add(act.actor)
                self.log.append(f"hidden vote loss: {act.actor}'s vote counts 0 next day (not announced)")

    # -- INFORMATION ---------------------------------------------------------------------------------
    def information(self) -> None:
        for act in self.acts:
            if act.kind == "side_check":
                t = act.targets[0]
                trole = self.role_of(t)
                answers = act.card.answers
                answer = answers.get(trole.appears_as) or answers.get(trole.side) or answers.get("*") \
                    or f"не {next(iter(answers.values()), '')}".strip()
                self.private.append(Private(act.actor, "side_check", f"{self.name(t)}: {answer}"))
                self.log.append(f"side check: {act.actor} checks {t}: {answer}")
            elif act.kind == "role_check":
                t = act.targets[0]
                trole = self.role_of(t)
                data = {"actor_role": act.role.name, "target_role": trole.name,
                        "target_role_gent": trole.forms.get("gent", trole.name)}
                if act.card.announce:
                    text = act.card.announce.format(**data)
                    self.public.append(Public("interview", text, data))
                else:
                    self.private.append(Private(act.actor, "role_check", f"{self.name(t)}: {trole.name}"))
                self.log.append(f"role check: {act.actor} checks {t}: {trole.name}")
            elif act.kind == "serum":
                t = act.targets[0]
                trole = self.role_of(t)
                if "serum" in trole.immune:
                    self.log.append(f"serum: {t} cannot be revealed by the serum; nothing is shown")
                else:
                    text = self.r.text("serum", "Сыворотка правды: {player} - {role}").format(player=self.name(t), role=trole.name)
                    self.public.append(Public("serum", text, {"player": t, "role": trole.name}))
                    self.log.append(f"serum: {act.actor} reveals {t}: {trole.name}")
                if act.card.evidence and self.roll(act.actor, "evidence", act.card.evidence[0]):
                    text = self.r.text("serum_evidence", "Сыворотку подложил {actor}").format(actor=self.name(act.actor))
                    self.public.append(Public("evidence", text, {"player": act.actor, "role": act.role.name}))
            elif act.kind == "question":
                self.private.append(Private(act.actor, "question",
                                            f"Вопрос ведущему (ответ да/нет): {act.action.question or '(текст вопроса не введён)'}"))

    # -- ALIBIS --------------------------------------------------------------------------------------
    def alibi_stage(self) -> None:
        for act in self.acts:
            if act.kind == "alibi":
                self.alibis.update(act.targets)
                self.log.append(f"alibi: {act.actor} gives {', '.join(act.targets)} an alibi for the next day")
        for act in self.acts:
            if act.kind == "strip_alibi":
                for t in act.targets:
                    if t in self.alibis:
                        self.alibis.discard(t)
                        self.log.append(f"alibi stripped: {act.actor} removes {t}'s alibi")
                    else:
                        self.log.append(f"strip alibi: {t} had no alibi")

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
    nt = _Night(ruleset, state, rolls)
    nt.log.append(f"night {nt.k}: {nt.n} alive at the start; boss: {nt.boss or 'none'}")
    for action in sorted(actions, key=Action.sort_key):   # the GM's order never matters
        nt.admit(action)
    for stage in ORDER:
        handler = _HANDLERS.get(stage)
        if handler is not None:
            handler(nt)
    return _finish(nt)


# What runs at each stage of `order.ORDER`. Stages without a handler have no ranked-game role acting in them
# (hiding, redirects, piercing kills belong to 003/004); SUCCESSION and NEXT_DAY are `_finish`.
_HANDLERS = {
    Stage.CHECK_ACTIONS: _Night.one_action_each,
    Stage.BLOCKS: _Night.blocks,
    Stage.PROTECT: _Night.protect,
    Stage.KILLS: _Night.kills,
    Stage.SILENCES: _Night.silence_stage,
    Stage.INFORMATION: _Night.information,
    Stage.ALIBIS: _Night.alibi_stage,
    Stage.EVIDENCE: _Night.evidence,
}


def _death_text(ruleset: Ruleset, player: Player, role: Role, revealed: bool) -> str:
    side = ruleset.sides[role.side]
    if not revealed:
        return ruleset.text("death_hidden", "{player}").format(player=player.name)
    label = role.death_label or side.title_for(player.gender)
    return ruleset.text("death", "{player} - {role} ({side})").format(player=player.name, role=role.name, side=label)


def _finish(nt: _Night) -> NightOutcome:
    r, s = nt.r, nt.s
    deaths = []
    for nick in sorted(nt.died, key=lambda n: [p.nick for p in s.players].index(n)):
        p = s.player(nick)
        role = r.role(p.role)
        revealed = nt.n > r.reveal_while_alive_gt or role.always_revealed or nick in nt.reveal_forced
        deaths.append(Death(nick, role.name, role.side, revealed, tuple(nt.died[nick])))
        nt.public.insert(len([x for x in nt.public if x.kind == "death"]),
                         Public("death", _death_text(r, p, role, revealed),
                                {"player": nick, "role": role.name if revealed else None,
                                 "side": role.side if revealed else None}))
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
    for act in nt.accepted:
        option = act.copied or (nt.killer_key(act.action.role) if act.kind == "heal_from_role" else "")
        memory = LastAction(nt.k, act.action.ability if not act.copied else act.card.name, act.kind, act.targets, option,
                            tuple(sorted(nt.covered.get(act.actor, ()))) if act.kind == "heal_from_role" else ())
        last[act.actor] = tuple(a for a in last.get(act.actor, ()) if a.night == nt.k) + (memory,)
        key = nt.use_key(act.actor, act.card, act.copied)
        uses[key] = uses.get(key, 0) + 1
    alive_after = tuple(p.nick for p in players if p.alive)
    protection = {k: v for k, v in nt.protection.items() if v > 0 and k in alive_after}
    # RULES.md §4 lawyer row: the alibi holds even if the lawyer died or was promoted; a dead holder needs none
    alibis = tuple(sorted((a for a in nt.alibis if a in alive_after), key=order.index))
    new_state = replace(s, players=players, night=nt.k, silences=tuple(silences.values()), alibis=alibis,
                        hidden_vote_loss=tuple(sorted(h for h in nt.hidden_vote_loss if h in alive_after)),
                        hang_protection=protection, last=last, uses=uses,
                        hire_credits={k: tuple(v) for k, v in nt.hire_credits.items() if v},
                        hire_spent={k: tuple(v) for k, v in nt.hire_spent.items() if v},
                        under_active=frozenset())
    new_boss = current_boss(r, new_state)
    if new_boss != nt.boss and new_boss is not None:
        role = r.role(new_state.player(new_boss).role)
        kept = [a.name for a in role.abilities if a.kept_as_boss]
        nt.log.append(f"succession: {new_boss} ({role.name}) is the boss now"
                      + (f", keeps {', '.join(kept)} (one action a night)" if kept else
                         ", and loses the role's own ability" if role.abilities else ""))
        nt.private.append(Private(new_boss, "succession", "Вы теперь босс"))
    winner = check_win(r, new_state)
    if winner:
        nt.log.append(f"game over: {winner} wins")
    next_alibis = tuple(sorted(set(alibis) | set(protection), key=order.index))
    return NightOutcome(
        night=nt.k, deaths=tuple(deaths), saved=tuple(sorted(nt.saved, key=order.index)), silenced=silenced,
        public=tuple(nt.public), private=tuple(nt.private), refused=tuple(nt.refused), rolls=tuple(nt.roll_log),
        alive=alive_after, alibis=next_alibis, hidden_vote_loss=new_state.hidden_vote_loss,
        log=tuple(nt.log), state=new_state, winner=winner)
