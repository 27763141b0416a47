"""The GM's alerts for what nobody sent tonight: 004's mafia kill (`must_kill`) and a shared action (the boss's,
a side's one kill, 001's sheriff + sergeant pair: `shared_not_sent`). Nothing here is public or punished:
the GM is told privately and may penalise by hand (RULES.md §3.17).
"""
from __future__ import annotations

__all__ = ["KILL_KINDS", "must_kill", "shared_not_sent"]

from typing import Iterable

from .actions import Action
from .checks import available_abilities
from .journal import Line
from .night import Night
from .state import find_player

KILL_KINDS = ("kill", "kill_silence", "role_shot", "bloody_kill")   # what counts as the side's kill tonight


def must_kill(nt: Night) -> None:
    """004: "Мафия обязана убивать каждую ночь" — the GM is alerted when the side entered no kill."""
    side = nt.r.must_kill
    if not side or not any(nt.role_of(n).side == side for n in nt.s.alive):
        return
    if not any(a.kind in KILL_KINDS and a.role.side == side for a in nt.accepted):
        title = nt.r.sides[side].title
        nt.alerts.append(Line.said("alert.must_kill", f"no kill from the {title} side tonight: the rules say it must kill every night; "
                           "enter its kill (night add) or note the penalty", side=title))
        nt.log.append(Line.said("must_kill", f"alert: the {side} side entered no kill", side=title))


def shared_not_sent(nt: Night, entered: Iterable[Action]) -> None:
    """RULES.md §3.17 (issue 15): a shared action nobody sent (the boss's action, 003's one mafia kill "от 1 из
    мафии", 001's sheriff + sergeant pair) is the side's, not a player's duty: nobody is punished and nothing
    is public; the GM is told privately and may penalise by hand. 004's mafia kill has its own alert
    (`must_kill`). Extra cards (003's role shot, the items) are never owed."""
    channels: dict[str, list[str]] = {}          # channel -> living players who could send it
    for nick in nt.s.alive:
        for card, on_behalf in available_abilities(nt.r, nt.s, nick).values():
            if card.is_extra_on(nt.k):
                continue
            channel = "boss" if on_behalf or nt.r.boss_ability(card.name) is card else card.shared_action
            if channel and nick not in channels.setdefault(channel, []):
                channels[channel].append(nick)
    sent = set()
    for action in entered:
        p = find_player(nt.s.players, action.actor)
        if p is None or not p.alive:
            continue
        found = available_abilities(nt.r, nt.s, p.nick).get(action.ability)
        if found is None:
            continue
        card, on_behalf = found
        if on_behalf or nt.r.boss_ability(card.name) is card:
            sent.add("boss")
        elif card.shared_action:
            sent.add(card.shared_action)
    for channel, holders in channels.items():
        if channel in sent:
            continue
        side_id = nt.shared_side(channel) if channel != "boss" else nt.role_of(holders[0]).side
        if side_id is not None and side_id == nt.r.must_kill:
            continue
        nt.alerts.append(shared_alert(nt, channel, side_id, holders))
        nt.log.append(Line.said("shared_missing", f"alert: nobody sent the shared action {channel} "
                                  f"({', '.join(holders)} could)", holders=", ".join(holders)))


def shared_alert(nt: Night, channel: str, side_id: str | None, holders: list[str]) -> Line:
    """The GM's private alert for a shared action nobody sent: a line keyed `alert.shared.<what>[.side]` (the
    GM's language words it without inflecting a name), its English here."""
    who = ", ".join(holders)
    tail = f" on night {nt.k} (could send: {who}); no automatic penalty, any penalty is the GM's call"
    if side_id is None:
        return Line.said("alert.shared.pair", "the pair sent no shared action" + tail, night=nt.k, holders=who)
    side = nt.r.sides[side_id]
    if channel == "boss":
        what, words = "boss", "no boss's action"
    else:
        kinds = {c.kind for role in nt.r.roles for c in role.abilities if c.shared_action == channel}
        what, words = ("kill", "no kill") if kinds <= {"kill", "kill_silence", "bloody_kill"} else \
            ("action", "no shared action")
    # "мафия" for a mafia side whatever its title, another side by its title in quotes
    if side.kind == "mafia":
        return Line.said(f"alert.shared.{what}.mafia", f"the mafia sent {words}" + tail, night=nt.k, holders=who)
    return Line.said(f"alert.shared.{what}.side", f'the side "{side.title}" sent {words}' + tail, night=nt.k,
                     holders=who, side=side.title)
