"""The stages where players die or are saved: PIERCING, PROTECT, KILLS (RULES.md §4.4-4.6) and 004's FIND.

    PIERCING  003 role shot, 004 bloody kill (with the visitor rolls): attacks that join the kills;
    PROTECT   004 Хулио's veil first (positive actions on a veiled target fail), then heals, heal-from-role and
              protections;
    KILLS     every kind's attacks (`KILLS`) land all at once: one check, `defended`, for every attack (004
              Аяла's counter-strike included): immunities, protections, one-time and universal shields, heals,
              each unless the attack ignores it; then chained deaths (the shahid); 004 protections earn
              universal shields (for the card's owner); 004 Лаура (`dies_when_found_own`): the night her
              search finds a partner, no heal or protection saves her;
    FIND      004 Лаура's search for partners.
Each stage is a table of handlers per ability kind; the stage function does what concerns every action at once.
"""
from __future__ import annotations

__all__ = ["CHAINED_KINDS", "FIND", "KILLS", "PIERCING", "POSITIVE_KINDS", "PROTECT", "defended", "find", "kills",
           "piercing", "protect"]

from typing import Callable

from .journal import Line
from .night import Act, Attack, Night, ordinal, run_kinds, visited
from .order import DEATH_ORDER, Stage
from .outcome import Private
from .state import find_player

Handler = Callable[[Night, Act], None]


# -- PIERCING ------------------------------------------------------------------------------------------------
def role_shot(nt: Night, act: Act) -> None:
    """003: name + guessed role; right -> the target dies, wrong -> the sender dies (neither is healable)."""
    t = act.targets[0]
    guessed = nt.r.role(act.action.role).name
    if nt.role_of(t).name == guessed:
        nt.log.append(Line.said("role_shot.right", f"role shot: {act.actor} guesses {t} is {guessed}: right", actor=act.actor, target=t, role=guessed))
        nt.attacks.append(nt.attack(t, act, 0, {"heal", "block", "protection"}, cause=f"role shot by {act.actor}"))
    else:
        # 003: "если ошибаются, то умирает маф, от чьего имени направлен доп.удар" (unhealable)
        nt.log.append(Line.said("role_shot.wrong", f"role shot: {act.actor} guesses {t} is {guessed}: wrong, the sender dies", actor=act.actor, target=t, role=guessed))
        nt.attacks.append(nt.attack(act.actor, act, 0, {"heal", "block", "protection"},
                                    cause=f"wrong role shot by {act.actor}"))


def bloody_kill(nt: Night, act: Act) -> None:
    """004 Хавьер: the target for sure; one random visitor of the target with the card's chance (unhealable)."""
    t = act.targets[0]
    nt.attacks.append(nt.attack(t, act, 0, {"heal", "block", "protection"}, cause=f"bloody kill by {act.actor}"))
    visitors = sorted({a.actor for a in nt.acts if a is not act and t in visited(a) and a.actor not in (act.actor, t)})
    forced = nt.rolls.forced.get((act.actor, "visitor"))
    if isinstance(forced, str) and forced not in visitors:
        # the GM's die named a player who did not come (e.g. Бенхамин, who visits only whom he redirects)
        nt.alerts.append(Line.said("alert.bloody.forced_absent", f"the visitor forced for {act.actor}'s bloody kill, {forced}, did not visit {t} "
                                   f"tonight (visitors: {', '.join(visitors) or 'none'}): the roll picks among the "
                                   "visitors; force one of them (night roll ... visitor NICK) if the die said otherwise", actor=act.actor, forced=forced, target=t, visitors=", ".join(visitors)))
        nt.log.append(Line.said("bloody.forced_absent", f"bloody kill: the forced visitor {forced} did not visit {t}; not used", forced=forced, target=t))
    if not visitors:
        nt.log.append(Line.said("bloody.no_visitor", f"bloody kill: {t} had no visitor tonight", target=t))
        return
    pick = nt.rolls.choose(act.actor, "visitor", visitors)
    nt.roll_log.append(pick)
    nt.log.append(Line.said("roll.visitor", f"roll visitor for {act.actor}: one of {visitors} -> {pick.value}"
                            + (" (forced by the GM)" if pick.forced else ""), actor=act.actor, visitors=", ".join(visitors), value=pick.value, forced=pick.forced))
    if nt.roll(act.actor, "bloody", act.card.visitor_p):
        # "по второму вычисляется рандом (50/50)": the visitor cannot be healed
        nt.attacks.append(nt.attack(str(pick.value), act, 1, {"heal"}, chained=True,
                                    cause=f"visitor of {t}, bloody kill by {act.actor}"))


PIERCING: dict[str, Handler] = {"role_shot": role_shot, "bloody_kill": bloody_kill}


def piercing(nt: Night) -> None:
    """Their attacks join the kills (`Night.attacks`), which land all at once."""
    run_kinds(nt, PIERCING)


# -- PROTECT -------------------------------------------------------------------------------------------------
# The actions a veil annuls (004 Хулио "Месть за сестру": "положительные НД")
POSITIVE_KINDS = ("heal", "heal_from_role", "protect", "vote_gift", "alibi")


def annul(nt: Night, act: Act) -> None:
    """004 Хулио "Месть за сестру": on a target he veiled last night ("Неиспользованные метки, сгорают в
    следующую ночь") every positive action fails; Лаура visiting him annuls veils on her partners."""
    t = act.targets[0]
    if nt.s.counters.get(f"{act.actor}/mark>{t}") != nt.k - 1:
        nt.refuse(act, Line.said("refusal.no_veil", f"no black veil on {t} from last night (a veil burns the next night)", target=t))
        return
    guards = [a.actor for a in nt.accepted if a.actor != act.actor and act.actor in visited(a)
              and a.role.annuls_marks_on_visit and a.role.side == nt.role_of(t).side]
    if guards:
        nt.refuse(act, Line.said("refusal.veil_annulled", f"{guards[0]} visited {act.actor}: the veil on a partner is annulled", guard=guards[0], actor=act.actor))
        return
    for other in nt.acts:
        if other.kind in POSITIVE_KINDS and t in other.targets and not other.refused:
            nt.refuse(other, Line.said("refusal.veil", f"annulled: {t} carries {act.actor}'s black veil", target=t, actor=act.actor))
    nt.log.append(Line.said("annul", f"annul: {act.actor}'s revenge on {t}: positive actions on them fail", actor=act.actor, target=t))


def guard_target(nt: Night, act: Act) -> None:
    """A protection (004 Анхела, Аяла's guard): it saves from a kill unless the attack passes protections."""
    for t in act.targets:
        nt.protected[t].append(act.actor)
        nt.log.append(Line("protect", "protect: {actor} protects {target}", actor=act.actor, target=t))
    nt.tell(act, act.targets)


def heal(nt: Night, act: Act) -> None:
    for t in act.targets:
        nt.healed[t].append(act.actor)
        nt.log.append(Line("heal", "heal: {actor} heals {target}", actor=act.actor, target=t))


def heal_from_role(nt: Night, act: Act) -> None:
    """The victims of the named killer (a role or a side) are healed; who they were is known at the kills."""
    nt.from_role.append((act.actor, nt.killer_key(act.action.role)))
    nt.log.append(Line.said("heal_from_role", f"heal from role: {act.actor} heals the victims of {act.action.role}", actor=act.actor, role=act.action.role))


PROTECT: dict[str, Handler] = {"annul": annul, "protect": guard_target, "heal": heal, "heal_from_role": heal_from_role}


def protect(nt: Night) -> None:
    run_kinds(nt, PROTECT, ("annul",))   # the veils first: the positive actions they annul never land
    nt.drop_refused()
    run_kinds(nt, PROTECT, [k for k in PROTECT if k != "annul"])


# -- KILLS ---------------------------------------------------------------------------------------------------
def strike(nt: Night, act: Act, victims) -> None:
    """The action's attacks, one per victim (its place among the targets orders the GM's list of deaths)."""
    nt.strikes += [nt.attack(v, act, i) for i, v in enumerate(victims)]


def kill(nt: Night, act: Act) -> None:
    strike(nt, act, act.targets)


def kill_silence(nt: Night, act: Act) -> None:
    """The boss's "kill one, intimidate one": the first target is attacked (the second is silenced at SILENCES)."""
    strike(nt, act, act.targets[:1])


def deferred_kill(nt: Night, act: Act) -> None:
    """000 Мено: the kill kept from an earlier hire, owed by an employer still alive."""
    employer = sorted(e for e in nt.hire_credits.get(act.actor, ()) if nt.player(e).alive)[0]
    nt.hire_credits[act.actor].remove(employer)
    nt.hire_spent.setdefault(act.actor, []).append(employer)
    nt.log.append(Line.said("hire.deferred", f"deferred kill: {act.actor} uses the kill owed by the hire with {employer}", actor=act.actor, employer=employer))
    strike(nt, act, act.targets)


def hire_succeeds(nt: Night, act: Act) -> bool:
    employer = act.targets[0]
    role = nt.role_of(employer)
    copy = next((a for a in nt.accepted if a.actor == employer and a.copied), None)
    if copy is not None:   # 000: with Абрахам only when he copies a combat role that night
        return copy.role.combat
    return role.combat



def hire(nt: Night, act: Act) -> None:
    """000 Мено: the hire works with a combat employer; its kill lands now or is kept for a later night. The
    hireling hears every night whether the hire worked."""
    employer = act.targets[0]
    if hire_succeeds(nt, act):
        nt.private.append(Private(act.actor, "hire", nt.hire_note(employer, True)))
        if act.action.kill:
            strike(nt, act, tuple(find_player(nt.s.players, v).nick for v in act.action.kill))
            nt.hire_spent.setdefault(act.actor, []).append(employer)
        else:
            nt.hire_credits.setdefault(act.actor, []).append(employer)
            nt.log.append(Line.said("hire.kept", f"hire: {act.actor} keeps a kill owed by {employer}", actor=act.actor, employer=employer))
    else:
        nt.private.append(Private(act.actor, "hire", nt.hire_note(employer, False)))
        nt.log.append(Line.said("hire.fails", f"hire: {employer} is not a combat role tonight; the hire fails",
                                employer=employer))


def shahid(nt: Night, act: Act) -> None:
    """The shahid's chain: attacked -> the target dies even if the shahid was healed (a blocked shahid was
    refused before, so only the shahid dies)."""
    if act.actor not in nt.attacked:
        return
    t = act.targets[0]
    trole = nt.role_of(t)
    if "heal" not in trole.immune and nt.healed.get(t):
        nt.saved.add(t)
        nt.log.append(Line.said("shahid.healed", f"shahid: {act.actor} was attacked; {t} would die but is healed", actor=act.actor, target=t))
        return
    nt.died[t].append(f"taken by the shahid {act.actor}")
    nt.death_key.setdefault(t, (nt.order.index(Stage.KILLS), DEATH_ORDER["chained"], act.rank, 0))
    nt.log.append(Line.said("shahid", f"shahid: {act.actor} was attacked; {t} dies with them", actor=act.actor, target=t))
    if trole.killer_gets_alibi and act.actor not in nt.died:
        nt.protection[act.actor] = nt.protection.get(act.actor, 0) + 1


KILLS: dict[str, Handler] = {"kill": kill, "kill_silence": kill_silence, "deferred_kill": deferred_kill, "hire": hire,
                             "shahid": shahid}
CHAINED_KINDS = ("shahid",)   # their deaths follow another's attack: they act once every attack has landed


def kills(nt: Night) -> None:
    """All kills at once (with the piercing attacks), then the chained deaths, then 004's earned shields."""
    run_kinds(nt, KILLS, [k for k in KILLS if k not in CHAINED_KINDS])
    attacks = nt.strikes + nt.attacks
    for at in attacks:
        nt.killers.add(at.act.actor)
    nt.attacked = {a.victim for a in attacks}
    for at in sorted(attacks, key=lambda a: (a.victim, a.act.actor, a.chained, a.cause)):
        cause = at.cause or f"killed by {at.act.actor} ({'boss' if at.act.boss_channel else at.role})"
        if defended(nt, at, cause):
            continue
        nt.kill(at, cause)
        if nt.role_of(at.victim).killer_gets_alibi and "heal" not in at.ignores:
            nt.protection[at.act.actor] = nt.protection.get(at.act.actor, 0) + 1
            nt.log.append(Line.said("alibi.killer", f"{at.act.actor} killed {at.victim} and gets one alibi", actor=at.act.actor, victim=at.victim))
    for doctor, _ in nt.from_role:
        for v in sorted(nt.covered[doctor]):
            if nt.healed_last_night(doctor, v):
                nt.log.append(Line.said("heal_from_role.repeat", f"heal from role: {doctor} healed {v} last night, so {v} is not covered (the GM "
                                        "silently does not accept it)", actor=doctor, target=v))
    run_kinds(nt, KILLS, CHAINED_KINDS)
    nt.saved -= set(nt.died)
    earn_shields(nt)
    for act in nt.acts:
        if act.kind in ("kill", "bloody_kill") and act.card.tells_if_target:
            nt.tell(act, act.targets)


def earn_shields(nt: Night) -> None:
    """004 Анхела: "За каждые 2 удачных защиты получает одну универсальную ..., но не более 2-ух одновременно";
    a save made by Андрес with her card (the pair's "одно на двоих") is hers: counted and earned by her."""
    for victim in sorted(set(nt.saved_by) - set(nt.died)):
        for protector in sorted(nt.saved_by[victim]):
            act = next(a for a in nt.acts if a.actor == protector and a.kind == "protect")
            card, owner = act.card, nt.card_owner(act)
            key = f"{owner}/saves"
            nt.counters[key] = nt.counters.get(key, 0) + 1
            if card.earn_every and nt.counters[key] % card.earn_every == 0:
                if nt.universal_shields.get(owner, 0) < card.earn_max:
                    nt.universal_shields[owner] = nt.universal_shields.get(owner, 0) + 1
                    nt.protection[owner] = nt.protection.get(owner, 0) + 1
                    nt.log.append(Line.said("protect.earned", f"protect: {owner} has {nt.counters[key]} saves and earns a universal protection"
                                            + (f" (this save sent by {protector} with {owner}'s card)" if owner != protector else ""), player=owner, saves=nt.counters[key]))
                    nt.private.append(Private(owner, "info", "Вы получили универсальную защиту (повес/убийство)"))
                else:
                    nt.log.append(Line.said("protect.max", f"protect: {owner} already holds {card.earn_max} universal protections", player=owner, n=card.earn_max))


def defended(nt: Night, at: Attack, cause: str) -> bool:
    """The defences one attack meets, in one place for every attack of the night (the kills, the piercing
    attacks, Аяла's counter-strike): immunities, the family a kill spares, protections (Аяла's guard among
    them), one-time and universal shields, heals, each unless the attack ignores it. True when the victim
    lives (a spent shield or a save is recorded); False when the attack lands (the caller kills)."""
    victim = nt.role_of(at.victim)
    # 004 Лаура "При нахождении своих в ночь своей смерти - умирает, даже если ее убивают свои": the night her
    # search finds a partner, every kill on her passes heals and protections (shields too), her side's kill included
    if victim.dies_when_found_own and finds_own_tonight(nt, at.victim) and not {"heal", "protection"} <= at.ignores:
        at.ignores = at.ignores | {"heal", "protection"}
        nt.log.append(Line.said("kill.partner", f"kill: {at.victim} finds a partner tonight: no heal or protection saves them from "
                        f"{at.act.actor}'s attack", victim=at.victim, actor=at.act.actor))
    passive = at.victim not in nt.blocked   # 004: a block stops passives too
    if passive and nt.k in victim.kill_immune_nights:
        nt.log.append(Line.said("kill.night_immune", f"kill: {at.victim} cannot be killed on night {nt.k} ({cause})", victim=at.victim, night=nt.k, cause=cause))
        return True
    if passive and victim.kill_immune_until_used and at.side not in victim.kill_immune_except and \
            not nt.s.uses.get(f"{at.victim}/{victim.kill_immune_until_used}", 0):
        nt.log.append(Line.said("kill.immune_until", f"kill: {at.victim} cannot be killed before using {victim.kill_immune_until_used} ({cause})", victim=at.victim, ability=victim.kill_immune_until_used, cause=cause))
        return True
    if at.act.card.spares_label and at.act.card.spares_label in victim.labels:
        nt.log.append(Line.said("kill.family", f"kill: {at.victim} is of the family {at.act.card.spares_label}; {at.act.actor}'s kill spares them", victim=at.victim, actor=at.act.actor, family=at.act.card.spares_label))
        return True
    if "protection" not in at.ignores and nt.protected.get(at.victim) and guard(nt, at):
        nt.saved.add(at.victim)
        nt.saved_by[at.victim].update(nt.protected[at.victim])
        nt.log.append(Line("kill.protected", "kill: {victim} attacked ({cause}) but protected by {by}",
                             victim=at.victim, cause=cause, by=", ".join(nt.protected[at.victim])))
        return True
    if "protection" not in at.ignores and passive and nt.night_shields.get(at.victim, 0) > 0:
        nt.night_shields[at.victim] -= 1
        nt.saved.add(at.victim)
        nt.log.append(Line("kill.shield", "kill: {victim} attacked ({cause}); a one-time protection saves them "
                             "and is spent", victim=at.victim, cause=cause))
        return True
    if "protection" not in at.ignores and passive and nt.universal_shields.get(at.victim, 0) > 0:
        nt.universal_shields[at.victim] -= 1
        nt.protection[at.victim] = nt.protection.get(at.victim, 0) - 1
        nt.saved.add(at.victim)
        nt.log.append(Line("kill.universal", "kill: {victim} attacked ({cause}); a universal protection saves "
                             "them and is spent", victim=at.victim, cause=cause))
        return True
    if "heal" in at.ignores:
        return False   # `kill` logs the death once, saying what it passed
    for doctor, key in nt.from_role:
        if key == f"side:{at.side}":
            nt.covered[doctor].add(at.victim)
    if "night_kill" in victim.immune:
        nt.log.append(Line("kill.immune", "kill: {victim} is immune to night kills ({cause})", victim=at.victim,
                             cause=cause))
        return True
    if "heal" not in victim.immune and nt.healed.get(at.victim):
        nt.saved.add(at.victim)
        nt.log.append(Line("kill.healed", "kill: {victim} attacked ({cause}) but healed by {by}", victim=at.victim,
                             cause=cause, by=", ".join(nt.healed[at.victim])))
        return True
    covering = [d for d, key in nt.from_role if at.victim in nt.covered[d]
                and not nt.healed_last_night(d, at.victim)]
    if "heal" not in victim.immune and covering:
        nt.saved.add(at.victim)
        nt.log.append(Line("kill.healed_from_role", "kill: {victim} attacked ({cause}) but healed from the role "
                             "by {by}", victim=at.victim, cause=cause, by=", ".join(covering)))
        return True
    if "heal" in victim.immune and (nt.healed.get(at.victim) or any(at.victim in nt.covered[d] for d, _ in nt.from_role)):
        nt.log.append(Line("kill.unhealable", "kill: {victim} cannot be healed", victim=at.victim))
    return False


def guard(nt: Night, at: Attack) -> bool:
    """004 Аяла: a guard saves the partner with a counter-strike on the attacker; at the n-th save
    (`dies_instead_after`) the guard dies instead of the target. Plain protections just save. The
    counter-strike is an attack like any other: it meets the attacker's defences (`defended`)."""
    for protector in list(nt.protected[at.victim]):
        guard_act = next(a for a in nt.acts if a.actor == protector and a.kind == "protect")
        card = guard_act.card
        if not card.dies_instead_after:
            continue
        key = f"{protector}/guards"
        nt.counters[key] = nt.counters.get(key, 0) + 1
        if nt.counters[key] >= card.dies_instead_after:
            nt.log.append(Line.said("guard.dies", f"guard: {protector} saves {at.victim} for the {ordinal(nt.counters[key])} time and dies instead", actor=protector, target=at.victim, n=nt.counters[key]))
            nt.kill(Attack(protector, at.act, at.side, at.role, 0, at.ignores, True,
                          f"died guarding {at.victim}"), f"died guarding {at.victim}")
        elif card.counter_strike and at.act.actor not in nt.died and at.act is not guard_act:
            nt.log.append(Line.said("guard.strikes", f"guard: {protector} strikes back at {at.act.actor}", actor=protector, target=at.act.actor))
            strike = nt.attack(at.act.actor, guard_act, 0, chained=True, cause=f"counter-strike by {protector}")
            if not defended(nt, strike, strike.cause):
                nt.kill(strike, strike.cause)
    return True


# -- FIND ----------------------------------------------------------------------------------------------------
def search_finds(nt: Night, act: Act) -> bool:
    """004 Лаура's search answers "свой" when the target is of her side (the answer does not depend on the kills)."""
    return nt.role_of(act.targets[0]).side == act.role.side


def finds_own_tonight(nt: Night, nick: str) -> bool:
    """The player's search, not blocked, not refused at a hider, finds a partner tonight (run before FIND:
    004 Лаура's "При нахождении своих в ночь своей смерти" acts at the kills)."""
    return any(a.kind in FIND and a.actor == nick and not a.refused and search_finds(nt, a) for a in nt.acts)


def find_own(nt: Night, act: Act) -> None:
    """004 Лаура "поиск своих": learns whether the target is a partner; once found, the search is lost."""
    t = act.targets[0]
    found = search_finds(nt, act)
    if found:
        nt.counters[f"{act.actor}/{act.card.name}:found"] = nt.k
    # «из своих», not «свой»/«своя»: the answer must not need the target's gender
    nt.private.append(Private(act.actor, "info", nt.about(t, "из своих" if found else "не из своих")))
    nt.log.append(Line.said("find", f"find: {act.actor} looks for partners at {t}: {'found' if found else 'not found'}", actor=act.actor, target=t, found=found))


FIND: dict[str, Handler] = {"find_own": find_own}


def find(nt: Night) -> None:
    run_kinds(nt, FIND)
