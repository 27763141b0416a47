"""CHECK_ACTIONS (RULES.md §4): each action is admitted or refused with a reason, then one action each.

`admit` checks what every action must pass (dead, under-active, out of actions, a card not held tonight,
targets, limits, repeat target, used up, cooldown, parity, alive-count switches), then its kind's own check
(`ENTRY_CHECKS`: a role shot's guess, a heal-from-role's killer, a hire's kill, a kept kill, a search already
done); the stage's own kind, Абрахам's `copy` (`CHECK_ACTIONS`), turns into the copied card before the targets
are checked. `one_action_each` keeps one action per role, per shared group and for the boss; a
`partners_only` card (004 Элиса's "Я все узнаю") only on a partner, with a known choice.
The night file's check (`actions.check_action`, so `night add`) asks the same rules (`checks`, `actions`).
"""
from __future__ import annotations

__all__ = ["CHECK_ACTIONS", "ENTRY_CHECKS", "admit", "one_action_each"]

from dataclasses import replace
from typing import Callable

from .actions import Action, item_gone, repeated_targets, self_targeted
from .checks import available_abilities, repeat_target
from .journal import Line
from .night import Act, Night
from .ruleset import WATCH_OPTIONS, Ability, Role, not_partners, shot_guess, watch_option
from .state import find_player, linked_partner


def admit(nt: Night, action: Action) -> None:
    """Admit one action to the night (`Night.acts`) or refuse it with a reason: the actor (alive, active,
    not out of actions), the card (held tonight; Абрахам's copy becomes the copied card), the targets (in the
    game, alive, once each, as many as the card takes), then the card's limits (partners only, what to learn,
    oneself, alive counts, uses, parity, cooldowns, last night's target), then its kind's own check."""
    p = find_player(nt.s.players, action.actor)
    if p is None:
        return nt.refuse(action, Line("refusal.not_in_game", "not in the game"))
    action = replace(action, actor=p.nick)
    if not p.alive:
        return nt.refuse(action, Line("refusal.dead_actor", "dead actor ({died})", died=p.died))
    if p.nick in nt.s.under_active:
        need = nt.r.votes.get("min_posts_for_night_action", 0)
        return nt.refuse(action, Line("refusal.under_active", "under-active: fewer than {need} posts during the day "
                                        "(the 3-posts rule)", need=need))
    if nt.s.counters.get(f"{p.nick}/lost"):
        return nt.refuse(action, Line.said("refusal.lost", f"no actions for the rest of the game (lost on night {nt.s.counters[f'{p.nick}/lost']})", night=nt.s.counters[f"{p.nick}/lost"]))
    available = available_abilities(nt.r, nt.s, p.nick)
    if action.ability not in available:
        gone = item_gone(nt.r, nt.s, p.nick, action.ability)   # 003: an item used up, on which night
        return nt.refuse(action, Line("refusal.no_ability", "{role} has no ability {ability_repr} tonight{gone_en}",
                                        role=p.role, ability=action.ability, ability_repr=repr(action.ability),
                                        gone=gone or "", gone_en=f": {gone}" if gone else ""))
    card, on_behalf = available[action.ability]
    owner = nt.r.role(p.role)
    copied = ""
    if card.kind in CHECK_ACTIONS:   # Абрахам: becomes the copied card before anything else is checked
        result = CHECK_ACTIONS[card.kind](nt, action, card)
        if result is None:
            return
        owner, card = result
        copied = owner.name
    targets = []
    for t in action.targets:
        tp = find_player(nt.s.players, t)
        if tp is None:
            return nt.refuse(action, Line("refusal.unknown_target", "target {target_repr} is not in the game",
                                            target=t, target_repr=repr(t)))
        if not tp.alive:
            return nt.refuse(action, Line("refusal.dead_target", "target {target} is dead", target=tp.nick))
        targets.append(tp.nick)
    targets = tuple(targets)
    twice = repeated_targets(targets)   # the night file's check asks the same rule (night add refuses it)
    if twice:
        return nt.refuse(action, twice)
    most = card.max_targets
    why = ""
    if card.single_target_when_alive_le and nt.n <= card.single_target_when_alive_le and most > 1:
        most, why = 1, Line("refusal.one_target_alive", "not allowed with {alive} alive: one target at most when the "
                            "night starts with {le}", alive=nt.n, le=card.single_target_when_alive_le)
    if card.max_targets_when_alive_lt and nt.n < card.max_targets_when_alive_lt[0] and most > card.max_targets_when_alive_lt[1]:
        most = card.max_targets_when_alive_lt[1]
        why = Line("refusal.max_targets_alive", "not allowed with {alive} alive: at most {n} targets when fewer than "
                   "{lt} are alive", alive=nt.n, n=most, lt=card.max_targets_when_alive_lt[0])
    if len(targets) > most:
        return nt.refuse(action, why or Line("refusal.max_targets", "{ability} takes at most {n} target(s)",
                                             ability=card.name, n=most))
    if len(targets) < card.min_targets:
        return nt.refuse(action, Line.said("refusal.min_targets", f"{card.name} needs {card.min_targets} target(s)", ability=card.name, n=card.min_targets))
    if card.partners_only:
        # 004 Элиса "Я все узнаю": "гостей своих подельников ... Своих гостей - не знает"
        itself, strangers = not_partners(p.nick, owner.side, [(t, nt.role_of(t).side) for t in targets])
        if itself:
            return nt.refuse(action, Line.said("refusal.watch_partner", f"{card.name} watches a partner, never oneself («Своих гостей - не знает»): "
                                       "choose a living partner", ability=card.name))
        if strangers:
            return nt.refuse(action, Line.said("refusal.watch_partners_only", f"{card.name} watches partners only («гостей своих подельников»): "
                                       f"{', '.join(strangers)} is not of the {nt.r.sides[owner.side].title} side", ability=card.name))
    if card.watch_options and watch_option(card, action.learn) not in card.watch_options:
        return nt.refuse(action, Line.said("refusal.learn", f"{card.name}: what to learn? write learn = "
                                   + " or ".join(f'"{o}" ({WATCH_OPTIONS[o][0]})' for o in card.watch_options)
                                   + f", not {action.learn!r}", ability=card.name))
    oneself = self_targeted(card, p.nick, targets)
    if oneself:
        return nt.refuse(action, oneself)
    if card.requires_alive_gt and nt.n <= card.requires_alive_gt:
        return nt.refuse(action, Line.said("refusal.alive_gt", f"not allowed with {nt.n} alive: {card.name} needs more than {card.requires_alive_gt}", ability=card.name, alive=nt.n, need=card.requires_alive_gt))
    if card.requires_killing_sides and nt.killing_sides() < card.requires_killing_sides:
        return nt.refuse(action, Line.said("refusal.lost_one_side", f"{card.name} is lost: only one hostile side with a kill remains", ability=card.name))
    use_key = nt.use_key(p.nick, card, copied)
    if card.uses and nt.s.uses.get(use_key, 0) >= card.uses:
        return nt.refuse(action, Line.said("refusal.used_up", f"used up: {card.name} is {card.uses} time(s) a game"
                           + (" for the whole side" if card.uses_scope == "side" else ""), ability=card.name, n=card.uses, side=card.uses_scope == "side"))
    if card.parity and (nt.k % 2 == 0) != (card.parity == "even"):
        return nt.refuse(action, Line.said("refusal.parity", f"{card.name} only on {card.parity} nights (this is night {nt.k})", ability=card.name, parity=card.parity, night=nt.k))
    if card.cooldown:
        used = nt.s.counters.get(f"{p.nick}/{card.name}@night", 0)
        if used and nt.k - used <= card.cooldown:
            return nt.refuse(action, Line.said("refusal.cooldown", f"{card.name}: once in {card.cooldown + 1} nights (used on night {used})", ability=card.name, every=card.cooldown + 1, used=used))
    last = nt.last_night(p.nick)
    if card.cooldown_when_alive_lt and nt.n < card.cooldown_when_alive_lt and any(a.ability == card.name for a in last):
        return nt.refuse(action, Line.said("refusal.cooldown_alive", f"{card.name} not two nights running with fewer than {card.cooldown_when_alive_lt} alive", ability=card.name, alive=card.cooldown_when_alive_lt))
    again = repeat_target(nt.r, nt.s, p.nick, card, targets, action.role)   # night add asks it too
    if again:
        return nt.refuse(action, again)
    why = ENTRY_CHECKS[card.kind](nt, action, card, targets) if card.kind in ENTRY_CHECKS else ""
    if why:
        return nt.refuse(action, why)
    boss_channel = nt.r.boss_ability(card.name) is card and not copied
    act = Act(action, p.nick, owner, card, targets, on_behalf=on_behalf, boss_channel=boss_channel, copied=copied)
    nt.acts.append(act)


# -- each kind's own check (after the checks every action passes) ----------------------------------------------
def role_shot_named(nt: Night, action: Action, card: Ability, targets: tuple[str, ...]) -> str:
    """003: the role shot names the guessed role, one the card may guess."""
    guessed, allowed = shot_guess(nt.r, card, action.role)
    if guessed is None:
        return Line.said("refusal.role_shot_role", f"role shot: name the guessed role, one of {', '.join(sorted(allowed))} "
                         f"(got {action.role!r})", roles=", ".join(sorted(allowed)), got=action.role or "")
    return ""


def search_not_done(nt: Night, action: Action, card: Ability, targets: tuple[str, ...]) -> str:
    """004 Лаура: the search is lost once it found the partners."""
    if nt.s.counters.get(f"{action.actor}/{card.name}:found"):
        return Line.said("refusal.partners_found", f"{card.name} is lost: the partners were found", ability=card.name)
    return ""


def killer_named(nt: Night, action: Action, card: Ability, targets: tuple[str, ...]) -> str:
    """Heal-from-role names the killer as a role or a side of the ruleset."""
    if not nt.killer_key(action.role):
        return Line.said("refusal.heal_from_role", f"heal from {action.role!r}: no such role or side", role=action.role or "")
    return ""


def hire_allowed(nt: Night, action: Action, card: Ability, targets: tuple[str, ...]) -> str:
    """000 Мено: an employer through whom a kill was made is not hired again; one kill, not the employer's,
    on a living player."""
    employer = targets[0]
    if employer in nt.hire_spent.get(action.actor, ()):
        return Line.said("refusal.hired_again", f"already hired with {employer}: an employer through whom a kill was made is not hired again", employer=employer)
    if len(action.kill) > 1:
        return Line.said("refusal.hire_one_kill", "the hire brings one kill")
    for v in action.kill:
        victim = find_player(nt.s.players, v)
        if victim is None:
            return Line.said("refusal.unknown_target", f"target {v!r} is not in the game", target=v)
        if victim.nick == employer:
            return Line.said("refusal.hire_employer", "the hire's kill cannot be the employer")
        if not victim.alive:
            return Line.said("refusal.dead_target", f"target {victim.nick} is dead", target=victim.nick)
    return ""


def kill_kept(nt: Night, action: Action, card: Ability, targets: tuple[str, ...]) -> str:
    """000 Мено: the deferred kill needs a kill kept from an earlier hire whose employer is alive."""
    credits = [e for e in nt.hire_credits.get(action.actor, ()) if nt.player(e).alive]
    if not credits:
        return Line.said("refusal.no_kept_kill", "no kill kept from an earlier hire whose employer is alive")
    return ""


# Kinds of other stages whose actions have a check of their own at entry (a kind without one needs none)
ENTRY_CHECKS: dict[str, Callable[[Night, Action, Ability, tuple[str, ...]], str]] = {
    "role_shot": role_shot_named, "find_own": search_not_done, "heal_from_role": killer_named,
    "hire": hire_allowed, "deferred_kill": kill_kept,
}


def become_copied(nt: Night, action: Action, card: Ability) -> tuple[Role, Ability] | None:
    """000 Абрахам: the copied role and card (`role`, `copy`), or None when refused (not in the setup, no such
    card, a kind copied once already, `must_change` against last night's copy)."""
    copied = nt.r.find_role(action.role) if action.role else None
    if copied is None or copied.name not in {p.role for p in nt.s.players}:
        nt.refuse(action, Line.said("refusal.copy_role", f"copy: role {action.role!r} is not in this game's setup", role=action.role or ""))
        return None
    cards = list(copied.abilities)
    if nt.r.succession and copied.name == nt.r.succession[0]:
        cards += list(nt.r.boss_abilities)
    names = [c.name for c in cards]
    wanted = action.copy or (names[0] if len(names) == 1 else "")
    inner = next((c for c in cards if c.name == wanted), None)
    if inner is None or inner.kind == "copy":
        nt.refuse(action, Line.said("refusal.copy_ability", f"copy: {copied.name} has no ability {wanted!r} to copy (one of: {', '.join(names) or 'none'})", role=copied.name, ability=wanted))
        return None
    if inner.kind in card.copy_once and nt.s.uses.get(f"{action.actor}/copy:{inner.kind}", 0) >= 1:
        nt.refuse(action, Line.said("refusal.copy_used", f"used up: copying {inner.kind} is allowed once a game", kind=inner.kind))
        return None
    if card.must_change:
        for last in nt.last_night(action.actor):
            if last.option == copied.name:
                nt.refuse(action, Line.said("refusal.copy_same_role", f"must change: copied {copied.name} last night too", role=copied.name))
                return None
            if last.kind == inner.kind:
                nt.refuse(action, Line.said("refusal.copy_same_kind", f"must change: used {inner.kind} last night too", kind=inner.kind))
                return None
            again = set(last.targets) & {getattr(find_player(nt.s.players, t), "nick", t) for t in action.targets}
            if again:
                nt.refuse(action, Line.said("refusal.copy_same_target", f"must change: {', '.join(sorted(again))} was the target last night too", targets=", ".join(sorted(again))))
                return None
    # Абрахам's copy is weaker than the original: his copied block loses every mutual block
    return copied, replace(inner, block_rank=card.copy_block_rank, uses=0, no_repeat=False)


# The stage's own kind: what it turns into before anything else is checked (None: refused)
CHECK_ACTIONS: dict[str, Callable[[Night, Action, Ability], tuple[Role, Ability] | None]] = {"copy": become_copied}


def one_action_each(nt: Night) -> None:
    """One action per role (extra cards apart: 003 items and role shot), one per shared group (sheriff +
    sergeant, a side's one kill), one boss action (the highest sender); what stands is `Night.accepted`."""
    seen: dict[str, Act] = {}
    pairs: dict[str, Act] = {}
    role_order = {r.name: i for i, r in enumerate(nt.r.roles)}
    # a side's one action goes to the sender written first in the night file (003: "от кого, мафия решает
    # сама"); otherwise, and without lines, the role's place in the ruleset decides (001: the pair's Дед Мороз
    # first, rulesets/new_year.toml), then the canonical order
    def entered(a: Act) -> tuple:
        by_side = a.card.shared_action and nt.shared_side(a.card.shared_action) is not None
        # 004 Андрес + Анхела «одно на двоих»: the first entered counts too (decision of issue 15)
        paired = linked_partner(nt.s, a.actor) is not None
        return (0, a.action.line) if (by_side or paired) and a.action.line else (1, 0)

    for act in sorted(nt.acts, key=lambda a: (entered(a), role_order[nt.player(a.actor).role], a.action.sort_key())):
        extra = act.card.is_extra_on(nt.k)
        link = linked_partner(nt.s, act.actor)
        who = "+".join(sorted((act.actor, link[0]))) if link and nt.player(link[0]).alive else act.actor
        key = who + ("/boss" if act.on_behalf else "") + (f"/{act.card.name}" if extra else "")
        act.rank = (-1 if act.boss_channel else role_order.get(act.role.name, 99),)
        if key in seen:
            nt.refuse(act, Line("refusal.one_a_night", "one action a night: {other} already acts with {ability}",
                                  other=seen[key].actor, ability=seen[key].action.ability))
            continue
        seen[key] = act
        group = act.card.shared_action
        if group and not act.copied:
            if group in pairs:
                nt.refuse(act, shared_refusal(nt, group, pairs[group]))
                continue
            pairs[group] = act
    nt.acts = [a for a in nt.acts if not a.refused]
    # the boss's action: the boss's own, else the highest rank's in submission order (RULES.md §4 boss row)
    order = {name: i for i, name in enumerate(nt.r.submission_order)}
    channel = [a for a in nt.acts if a.boss_channel]
    channel.sort(key=lambda a: (a.actor != nt.boss, order.get(nt.player(a.actor).role, 99), a.action.sort_key()))
    for act in channel[1:]:
        nt.refuse(act, Line("refusal.boss_channel", "the boss's action is the one sent by {other}",
                              other=channel[0].actor))
    if channel:
        nt.log.append(Line("boss_action", "boss's action: {ability} {targets_repr} sent by {actor}{behalf_en}",
                             ability=channel[0].action.ability, targets_repr=str(list(channel[0].targets)),
                             targets=", ".join(channel[0].targets), actor=channel[0].actor,
                             behalf=bool(channel[0].on_behalf),
                             behalf_en=" on the boss's behalf" if channel[0].on_behalf else ""))
    nt.acts = [a for a in nt.acts if not a.refused]
    nt.accepted = list(nt.acts)


def shared_refusal(nt: Night, group: str, used: Act) -> str:
    """Why a second sender of a shared action is refused, naming whose action is used."""
    side_id = nt.shared_side(group)
    if side_id is None:
        return Line("refusal.pair_one", "the pair has one action a night: {actor}'s {ability} is used",
                    actor=used.actor, ability=used.action.ability)
    side = nt.r.sides[side_id]
    kinds = {c.kind for role in nt.r.roles for c in role.abilities if c.shared_action == group}
    what, words = ("shot", "one shot") if kinds <= {"kill", "kill_silence", "bloody_kill"} else \
        ("extra", "one extra shot") if kinds == {"role_shot"} else ("action", "one action")
    # keyed `refusal.side_one.<what>.<mafia|side>`: the GM's language words it without inflecting a name ("у мафии"
    # for a mafia side whatever its title, another side quoted; "игрока X" keeps the nick in the nominative)
    whose = "the mafia" if side.kind == "mafia" else f'the side "{side.title}"'
    return Line.said(f"refusal.side_one.{what}.{'mafia' if side.kind == 'mafia' else 'side'}",
                     f"{whose} has {words} a night: {used.actor}'s is used", actor=used.actor, side=side.title)
