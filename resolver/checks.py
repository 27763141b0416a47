"""The rules the night file's check (`actions.check_action`, so `night add`) and the night engine
(`engine`, CHECK_ACTIONS) both ask, so that the two always agree: who the boss is now, and whether a target
repeats; which cards a player may send tonight (`available_abilities`) and who holds one (`night_actors`, which
a day's count asks: here, so that a count never loads the night's actions, outcome and duty; issue 17).
They live here, below both, so each imports them one way at the top (issue 16: no import circles).
"""
from __future__ import annotations

from typing import Sequence

from .errors import ResolverError
from .journal import Line
from .ruleset import Ability, Ruleset
from .state import GameState, LastAction, alive_at_start, linked_partner

__all__ = ["available_abilities", "current_boss", "killer_key", "night_actors", "repeat_target"]


def current_boss(ruleset: Ruleset, state: GameState) -> str | None:
    """The boss now: the first living holder of a role in the ruleset's succession list."""
    for role_name in ruleset.succession:
        for p in state.players:
            if p.alive and p.role == role_name:
                return p.nick
    return None


def killer_key(ruleset: Ruleset, name: str) -> str:
    """Heal-from-role names the killer as a role or a side; both mean the killer's side ("от мафии")."""
    if not name:
        return ""
    side = ruleset.side_id(name)
    if side:
        return "side:" + side
    role = ruleset.find_role(name)
    return "side:" + role.side if role else ""


def repeat_target(ruleset: Ruleset, state: GameState, nick: str, card: Ability, targets: Sequence[str],
                  role: str = "") -> str:
    """Why the night refuses `nick`'s `card` on these (resolved) targets as a repeat, or "": a `no_repeat` card
    on last night's target of its `repeat_group` ("не может лечить 2 ночи подряд одного игрока"; lifted when the
    night starts with `no_repeat_lifted_at_alive` or fewer), heal-from-role from the same killer two nights
    running, a `no_repeat_ever` card on anyone it visited before (004 Хулио). CHECK_ACTIONS and the night
    file's check (`actions.check_action`, so `night add`) ask this one rule."""
    if card.no_repeat_ever:
        again = [t for t in targets if state.counters.get(f"{nick}/{card.name}>{t}", 0)]
        if again:
            return Line("refusal.repeat_ever", "repeat target: {targets} was visited before (never twice)",
                        targets=", ".join(again))
    if not card.no_repeat or alive_at_start(state) <= ruleset.no_repeat_lifted_at_alive:
        return ""
    group = card.repeat_group or card.name
    own = ruleset.role(state.player(nick).role)

    def group_of(last: LastAction) -> str:
        done = own.ability(last.ability)
        return (done.repeat_group or done.name) if done else last.ability

    same = [a for a in state.last.get(nick, ()) if a.night == state.night and group_of(a) == group]
    if card.kind == "heal_from_role":
        key = killer_key(ruleset, role)
        return Line("refusal.repeat_killer", "repeat target: heal from {role} two nights running", role=role) if any(
            a.kind == "heal_from_role" and a.option == key for a in same) else ""
    before = {t for a in same for t in (*a.targets, *a.covered)}
    again = [t for t in targets if t in before]
    if not again:
        return ""
    lifted_at = ruleset.no_repeat_lifted_at_alive
    if lifted_at:
        return Line("refusal.repeat_lifted", "repeat target: {targets} also last night (lifted only with {alive} alive)",
                    targets=", ".join(again), alive=lifted_at)
    return Line("refusal.repeat_never", "repeat target: {targets} also last night (never twice running in this game)",
                targets=", ".join(again))


def available_abilities(ruleset: Ruleset, state: GameState, nick: str) -> dict[str, tuple[Ability, bool]]:
    """The abilities a player may send tonight: name -> (card, sent on the boss's behalf)."""
    player = state.player(nick)
    role = ruleset.role(player.role)
    boss = current_boss(ruleset, state)
    out: dict[str, tuple[Ability, bool]] = {}
    if nick == boss:
        # RULES.md §4.10: the successor loses its own ability, except the blackmailer's block
        own = role.abilities if role.name == (ruleset.succession or ("",))[0] else [a for a in role.abilities if a.kept_as_boss]
        out.update({a.name: (a, False) for a in own})
        out.update({a.name: (a, False) for a in ruleset.boss_abilities})
        return out
    link = linked_partner(state, nick)
    if link is not None and link[1] and state.player(link[0]).alive:
        # 004 Андрес: "НД Андреса меняется на НД матери и выполняется вместе с ней (одно на двоих)"
        out.update({a.name: (a, False) for a in ruleset.role(state.player(link[0]).role).abilities})
    else:
        out.update({a.name: (a, False) for a in role.abilities})
    if role.name in ruleset.submission_order and boss is not None:
        for a in ruleset.boss_abilities:
            out.setdefault(a.name, (a, True))
    # 003: the items the player holds, each an extra card (once, "Каждый предмет единоразовый")
    for name in state.items.get(nick, ()):
        card = ruleset.item(name)
        if card is not None:
            out.setdefault(card.name, (card, False))
    return out


def night_actors(ruleset: Ruleset, state: GameState) -> tuple[str, ...] | None:
    """The living players who hold a night ability in `state` (their role's, the boss's, 003's items): the ones
    the 3-posts rule (RULES.md §3.13) can refuse something; None while a role is unknown."""
    if any(not p.role for p in state.players):
        return None
    out = []
    for p in state.players:
        if not p.alive:
            continue
        try:
            if available_abilities(ruleset, state, p.nick):
                out.append(p.nick)
        except (ResolverError, KeyError):
            out.append(p.nick)      # when in doubt, the GM is told
    return tuple(out)
