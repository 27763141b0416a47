"""SUCCESSION and NEXT_DAY (RULES.md §4.10, §4.11, §5, §6): what a night leaves for the day.

`finish` turns the resolved night (`night.Night`) into its `NightOutcome`: the deaths and their public words
(`death_text`, `reveal_mode`), the next state (silences, uses, last night's targets, 004's transfers, shields,
veils and links, 003's items), 004's inheritance (`inherit`), the next boss and the winner (`check_win`).
The day (`day`) uses the same words for a hanging and the same check of the winner.
Deaths are listed in the game's player order (the kill order would tell who killed whom); the GM's log keeps
the kill order, `(stage, chained, role's place in the ruleset, target's place in the action)`.
003 `blocked_action_spends = false`: a blocked move is not carried out, so it spends no use or item and is
not last night's target; elsewhere a blocked action still counts as used (004 D2).
"""
from __future__ import annotations

__all__ = ["check_win", "death_text", "finish", "inherit", "reveal_mode", "transfer_stands"]

from dataclasses import replace

from .checks import current_boss
from .journal import Line
from .night import Night, heir_key
from .outcome import Death, NightOutcome, Private, Public, SilenceOut
from .ruleset import Role, Ruleset
from .state import PHASE_ALIVE, GameState, LastAction, Player, Silence, linked_partner


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
        # пропадает»: the counter marks an heir, whose cards then carry no passive (`Night.heir`)
        state = replace(state.with_player(p.nick, role=heir_of), counters={**state.counters, heir_key(p.nick): 1})
        log.append(Line.said("inheritance", f"inheritance: {p.nick} ({role.name}) takes the place of {heir_of}; the own "
                             "action is gone, no passive comes with the role", player=p.nick, role=role.name,
                             heir_of=heir_of))
        side = ruleset.sides[ruleset.role(heir_of).side].title
        private.append(Private(p.nick, "takeover", f"{heir_of} выбывает из игры: вы занимаете его место и теперь "
                                                   f"вы — {side}. Ночные действия роли «{heir_of}» теперь ваши, своё "
                                                   "ночное действие вы теряете; пассивки роли к вам не переходят."))
    return state, log, private


def transfer_stands(transfer: tuple[str, str, str], alive_after: tuple[str, ...]) -> bool:
    """Whether a vote stolen or gifted tonight reaches the coming day. RULES.md §4.6 "a player killed tonight
    still acts tonight" and §3.7: a gift stands while its receiver lives (Альфредо dead or alive); a steal
    stands while the owner lives: the owner's vote counts 0 (a secret silence), and a thief who died tonight
    gains nothing (he does not vote). 004 decision D1 in rulesets/grand_hotel.toml."""
    kind, source, to = transfer
    return (to if kind == "gifted" else source) in alive_after


def finish(nt: Night) -> NightOutcome:
    """SUCCESSION and NEXT_DAY: the night's deaths (listed in the game's player order), silences, uses and
    memories, 004's veils, links and inheritance, 003's items, the next boss and the winner: the outcome."""
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
            # RULES.md §6: the verb agrees with the player's gender ("лишен" / "лишена"); without one, a wording
            # that needs none
            template = r.text("silence", "Сегодня {player} лишен возможности голосовать")
            if p.gender == "f":
                template = r.text("silence_f", template)
            elif p.gender != "m":
                template = r.text("silence_x", "Сегодня {player} не может голосовать")
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
                        transfers=tuple(t for t in nt.transfers if transfer_stands(t, alive_after)))
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
