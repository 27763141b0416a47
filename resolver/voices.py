"""The stages that decide how players vote the coming day: SILENCES (RULES.md §4.7: intimidation, 50 %
silences, poison, 004's vote steal and gift, the hidden loss of a vote for too many targets) and ALIBIS (§4.9:
alibis, then alibi stripping). Each is a table of handlers per ability kind over the night (`night.Night`).
"""
from __future__ import annotations

__all__ = ["ALIBIS", "SILENCES", "alibis", "silences"]

from typing import Callable

from .journal import Line
from .night import Act, Night, run_kinds

Handler = Callable[[Night, Act], None]


# -- SILENCES ------------------------------------------------------------------------------------------------
def silence(nt: Night, act: Act) -> None:
    """The boss's intimidation (announced); 004 Лаура's serum: "О блоке голоса ... игрок не уведомляется" (secret)."""
    for t in act.targets:
        nt.add_silence(t, act.card.silence_days, act.card.announced, f"silenced by {act.actor}"
                       if not act.card.announced else f"intimidated by {act.actor}")


def kill_silence(nt: Night, act: Act) -> None:
    """The boss's "kill one, intimidate one": the second target is silenced (the first was attacked at KILLS)."""
    nt.add_silence(act.targets[1], 1, True, f"intimidated by {act.actor}")


def poison(nt: Night, act: Act) -> None:
    for t in act.targets:
        nt.add_silence(t, act.card.silence_days, True, f"poisoned by {act.actor}")


def vote_steal(nt: Night, act: Act) -> None:
    """004 Диего: the target's vote counts 0, the thief's one more: "Игрок об этом не знает" — never public."""
    for t in act.targets:
        nt.transfers.append(("stolen", t, act.actor))
        nt.log.append(Line("vote_steal", "vote steal: {actor} takes {target}'s vote for the coming day "
                           "(secret)", actor=act.actor, target=t))


def vote_gift(nt: Night, act: Act) -> None:
    """004 Альфредо: the target's vote counts one more."""
    for t in act.targets:
        nt.transfers.append(("gifted", act.actor, t))
        nt.log.append(Line("vote_gift", "vote gift: {actor} gives {target} one more vote for the coming day",
                           actor=act.actor, target=t))
    nt.tell(act, act.targets)


SILENCES: dict[str, Handler] = {"silence": silence, "kill_silence": kill_silence, "poison": poison,
                                "vote_steal": vote_steal, "vote_gift": vote_gift}


def hidden_vote_loss(nt: Night, act: Act) -> None:
    """A card's price in votes, whatever its kind: too many targets (`hidden_vote_loss_from_targets`) or half
    the living (`hidden_vote_loss_half_alive`) and the sender's vote counts 0 next day, unannounced."""
    c = act.card
    if (c.hidden_vote_loss_from_targets and len(act.targets) >= c.hidden_vote_loss_from_targets) or \
            (c.hidden_vote_loss_half_alive and 2 * len(act.targets) >= nt.n):
        nt.hidden_vote_loss.add(act.actor)
        nt.log.append(Line("hidden_vote_loss", "hidden vote loss: {actor}'s vote counts 0 next day (not "
                           "announced)", actor=act.actor))


def silences(nt: Night) -> None:
    for act in nt.acts:
        handler = SILENCES.get(act.kind)
        if handler is not None:
            handler(nt, act)
        hidden_vote_loss(nt, act)


# -- ALIBIS --------------------------------------------------------------------------------------------------
def alibi(nt: Night, act: Act) -> None:
    nt.alibis.update(act.targets)
    nt.log.append(Line.said("alibi", f"alibi: {act.actor} gives {', '.join(act.targets)} an alibi for the next day", actor=act.actor, targets=", ".join(act.targets)))


def strip_alibi(nt: Night, act: Act) -> None:
    for t in act.targets:
        if t in nt.alibis:
            nt.alibis.discard(t)
            nt.log.append(Line.said("alibi.stripped", f"alibi stripped: {act.actor} removes {t}'s alibi", actor=act.actor, target=t))
        else:
            nt.log.append(Line.said("alibi.none", f"strip alibi: {t} had no alibi", target=t))


ALIBIS: dict[str, Handler] = {"alibi": alibi, "strip_alibi": strip_alibi}


def alibis(nt: Night) -> None:
    """Every alibi first, then the stripping (RULES.md §4.9: a strip removes an alibi given the same night)."""
    run_kinds(nt, ALIBIS, ("alibi",))
    run_kinds(nt, ALIBIS, ("strip_alibi",))
