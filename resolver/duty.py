"""Who owed a night action and sent none: the duty of RULES.md §3.6 with `night_action_is_duty`
(000 GM rule 2, 003 rule 2: "Пропуск нд (без предупреждения ГМа) ... карается так же").

    duty = night_duty(ruleset, state, actions, outcome, excused=("Вася",))
    duty.missed        # -> the next day's `owes_night_action` (tally §3.6: +penalty and one more miss)
    duty.excused       # who would have missed but the GM excused: the application words both lists for the GM

Data flow: the state at the start of the night + the actions the GM entered + the night's outcome
(`resolve_night` of the same three) -> one `Duty` line per player alive at the start, with a status:

  sent          the GM entered an action for the player (whatever became of it: refused, blocked or used);
  under_active  000 rule 12: the action would be refused ("НД ведущий не принимает"), so none was owed;
  no_ability    no own night ability usable that night: none at all (мирный, Миллард, a rank without a card),
                used up (`uses`), under cooldown (`cooldown_when_alive_lt`), not with this many alive
                (`requires_alive_gt`, `requires_killing_sides`), lost by succession (`available_abilities`),
                a kept kill with no living employer (`deferred_kill`);
  dead          died that night (a penalty would fall on a dead player);
  covered       the player's action is a shared one and a partner sent it: the boss's action
                (`[[boss.abilities]]`) sent by any rank of `[night].submission_order` on the boss's behalf,
                or a shared one (`shared_action = "<group>"` on the cards: 001's sheriff + sergeant pair, 003's
                mafia kill "от 1 из мафии") sent by another member of the group;
  shared        the player's only action is a shared one (the boss's action, the side's one kill, the pair's
                action) and nobody sent it: not a duty (RULES.md §3.17), nobody is punished automatically; the
                GM is alerted privately by the night's outcome (`resolver.engine`, "мафия не прислала убийство")
                and may penalise by hand;
  excused       would have missed, but the GM excused the player (the GM was warned);
  missed        owed an action and sent none: punished like a missed vote at the next day's count.

Readings (where RULES.md §3.6 / §4 leave room):
* Only the player's *own* cards make a duty. A rank's boss cards are a fallback ("если не приходит сообщение
  от 1го ранга - тогда вступает в силу сообщение от 2го ранга"), never a duty: ranks without a card of their
  own owe nothing; ranks with one (Голан, Пустота, Арчер, Кай, Щелкунчик) owe it, unless they sent the boss's
  action themselves: any entered action is the player's night message ("sent").
* The boss's action and a shared action (the sheriff + sergeant pair, 003's mafia kill) are the side's, not a
  player's duty (RULES.md §3.17, issue 15: "a shared action not sent punishes nobody automatically and shows
  nothing publicly"): when nobody sent it, its members are `shared`, never `missed`; a member who also holds an
  own card (Пустота as boss keeps the block) owes that one. A sent action counts even if it was refused.
* A block does not excuse (RULES.md §3.6, issue 19: "Sending is the duty: a player who sent nothing misses even
  if a block ... would have stopped the action that night — the player could not know"): the duty reads what
  was sent, never what the night resolved, for every kind of block (003's clock, 000's Пустота and Эмма, a
  block Абрахам copies). The detail names the block, so the GM sees it before deciding to excuse.
* A successor keeps its duty only through the cards `available_abilities` leaves it (Пустота as boss: the
  block or the boss's action, one of them).
* Cards marked `extra` (003 items, the role shot: "not the player's one action of the night") are never owed,
  and sending only one of them is not sending the night action.
Pure: no I/O, no clock, no randomness.
"""
from __future__ import annotations

__all__ = ["DUTY_STATUSES", "Duty", "NightDuty", "night_duty", "usable_abilities"]

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from .actions import Action, copied_card
from .checks import available_abilities
from .errors import ResolverError
from .journal import Line
from .outcome import NightOutcome
from .ruleset import Ability, Ruleset
from .state import GameState, find_player

DUTY_STATUSES = ("sent", "missed", "excused", "no_ability", "under_active", "dead", "covered", "shared")


@dataclass(frozen=True)
class Duty:
    player: str
    status: str          # one of DUTY_STATUSES
    detail: str = ""

    def to_json(self) -> dict:
        return {"player": self.player, "status": self.status, "detail": self.detail}


@dataclass(frozen=True)
class NightDuty:
    night: int
    duties: tuple[Duty, ...]

    @property
    def missed(self) -> tuple[str, ...]:
        return tuple(d.player for d in self.duties if d.status == "missed")

    @property
    def excused(self) -> tuple[str, ...]:
        return tuple(d.player for d in self.duties if d.status == "excused")

    def status(self, player: str) -> str:
        return next((d.status for d in self.duties if d.player == player), "")

    def to_json(self) -> dict:
        return {"night": self.night, "missed": list(self.missed), "excused": list(self.excused),
                "players": [d.to_json() for d in self.duties]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "NightDuty":
        return cls(int(data["night"]), tuple(Duty(d["player"], d["status"], d.get("detail", ""))
                                             for d in data.get("players", ())))


def _last_night(state: GameState, nick: str):
    return tuple(a for a in state.last.get(nick, ()) if a.night == state.night)


def _killing_sides(ruleset: Ruleset, state: GameState) -> int:
    # the same count the engine uses for heal-from-role's `requires_killing_sides`
    sides = set()
    for p in state.players:
        if not p.alive:
            continue
        role = ruleset.role(p.role)
        side = ruleset.sides[role.side]
        if side.kind == "town":
            continue
        if side.kind == "mafia" or any(a.kind in ("kill", "kill_silence") for a in role.abilities):
            sides.add(side.id)
    return len(sides)


def _unusable(ruleset: Ruleset, state: GameState, nick: str, card: Ability) -> str:
    """Why `card` cannot be used by `nick` on the coming night, or "" when it can."""
    n = len(state.alive)     # RULES.md §3.15: alive counts at the start of the phase
    if card.uses and state.uses.get(f"{nick}/{card.name}", 0) >= card.uses:
        return f"{card.name} used up ({card.uses} a game)"
    if (card.cooldown_when_alive_lt and n < card.cooldown_when_alive_lt
            and any(a.ability == card.name for a in _last_night(state, nick))):
        return f"{card.name}: not two nights running with fewer than {card.cooldown_when_alive_lt} alive"
    if card.requires_alive_gt and n <= card.requires_alive_gt:
        return f"{card.name}: not with {n} alive (needs more than {card.requires_alive_gt})"
    if card.requires_killing_sides and _killing_sides(ruleset, state) < card.requires_killing_sides:
        return f"{card.name}: lost, one hostile side with a kill remains"
    if card.kind == "deferred_kill" and not any(
            find_player(state.players, e) is not None and find_player(state.players, e).alive
            for e in state.hire_credits.get(nick, ())):
        return f"{card.name}: no kept kill with a living employer"
    return ""


def usable_abilities(ruleset: Ruleset, state: GameState, nick: str) -> tuple[tuple[Ability, ...], tuple[str, ...]]:
    """The player's own cards usable on the coming night (boss cards included for the boss, never a rank's
    fallback ones), and why each other own card is not."""
    usable, why = [], []
    for card, on_behalf in available_abilities(ruleset, state, nick).values():
        if on_behalf or getattr(card, "extra", False):
            continue
        reason = _unusable(ruleset, state, nick, card)
        if reason:
            why.append(reason)
        else:
            usable.append(card)
    return tuple(usable), tuple(why)


def _card(ruleset: Ruleset, state: GameState, action: Action, nick: str) -> Ability | None:
    """The card an action plays (for Абрахам: the copied one), or None when the engine would not know it."""
    found = available_abilities(ruleset, state, nick).get(action.ability)
    if found is None:
        return None
    card = found[0]
    return card if card.kind != "copy" else copied_card(ruleset, action)


def _channel(ruleset: Ruleset, card: Ability, copied: bool = False) -> str:
    """A shared action's channel ("boss", "shared:<group>"), or "" for a player's own action."""
    if not copied and ruleset.boss_ability(card.name) is card:
        return "boss"
    if card.shared_action and not copied:
        return "shared:" + card.shared_action
    return ""


def night_duty(ruleset: Ruleset, state: GameState, actions: Iterable[Action], outcome: NightOutcome,
               excused: Iterable[str] = ()) -> NightDuty:
    """Who owed an action on the night `outcome` resolved and sent none (see the module docstring).

    `state` is the state at the start of that night, `actions` what the GM entered for it, `excused` the
    players whose night action the GM excused (nicks, display names or aliases)."""
    alive_after = set(outcome.alive)
    refused = {(r.actor, r.ability) for r in outcome.refused}
    excused_nicks = {p.nick for p in (find_player(state.players, e) for e in excused) if p is not None}

    senders: dict[str, list[tuple[Action, Ability | None]]] = {}
    for a in actions:
        p = find_player(state.players, a.actor)
        if p is None or not p.alive:
            continue
        senders.setdefault(p.nick, []).append((a, _card(ruleset, state, a, p.nick)))

    # blocks that landed: a block entered and not refused (a blocked blocker, a repeat target are refused)
    blocked: dict[str, str] = {}
    for nick, sent in senders.items():
        for a, card in sent:
            if card is None or card.kind != "block" or (nick, a.ability) in refused:
                continue
            for t in a.targets:
                tp = find_player(state.players, t)
                if tp is not None:
                    blocked.setdefault(tp.nick, nick)

    # who sent each shared channel
    channel_sender: dict[str, str] = {}
    for nick, sent in senders.items():
        for a, card in sent:
            if card is None or getattr(card, "extra", False):
                continue
            found = available_abilities(ruleset, state, nick).get(a.ability)
            ch = _channel(ruleset, card, copied=found is not None and found[0].kind == "copy")
            if ch:
                channel_sender.setdefault(ch, nick)

    duties = []
    for p in state.players:
        if not p.alive:
            continue
        nick = p.nick
        main = [a.ability for a, card in senders.get(nick, ()) if card is None or not getattr(card, "extra", False)]
        if main:
            duties.append(Duty(nick, "sent", ", ".join(main)))
            continue
        if nick in state.under_active:
            duties.append(Duty(nick, "under_active", "000 rule 12: fewer posts than needed during the day"))
            continue
        cards, why = usable_abilities(ruleset, state, nick)
        if not cards:
            duties.append(Duty(nick, "no_ability", "; ".join(why) or "no night ability"))
            continue
        if nick not in alive_after:
            duties.append(Duty(nick, "dead", "died this night"))
            continue
        partners = [(ch, channel_sender[ch]) for ch in dict.fromkeys(_channel(ruleset, c) for c in cards)
                    if ch and ch in channel_sender and channel_sender[ch] != nick]
        if partners:
            ch, by = partners[0]
            what = "the boss's action" if ch == "boss" else f"the shared action {ch.split(':', 1)[1]!r}"
            duties.append(Duty(nick, "covered", f"{what} was sent by {by}"))
            continue
        own = [c for c in cards if not _channel(ruleset, c)]
        if not own:
            names = ", ".join(c.name for c in cards)
            # keyed like the misses (issue 14: it was Russian here whatever the GM's language)
            duties.append(Duty(nick, "shared", Line.said("duty.shared", f"{names}: the side's shared action was not "
                                                         "sent; any penalty is the GM's call",
                                                         abilities=[c.name for c in cards])))
            continue
        names = ", ".join(c.name for c in own)
        # a block that landed does not excuse (issue 19); the GM reads it beside the miss
        block = f" (blocked by {blocked[nick]} that night: sending was the duty)" if nick in blocked else ""
        # keyed, so the GM's language words it (`night resolve`'s list of who missed)
        key = "duty.missed.blocked" if nick in blocked else "duty.missed"
        facts = {"abilities": [c.name for c in own], **({"by": blocked[nick]} if nick in blocked else {})}
        if nick in excused_nicks:
            duties.append(Duty(nick, "excused", Line.said(f"{key}.excused", f"could send {names}{block}; excused by the GM",
                                                         **facts)))
            continue
        duties.append(Duty(nick, "missed", Line.said(key, f"could send {names}{block}", **facts)))
    return NightDuty(outcome.night, tuple(duties))
