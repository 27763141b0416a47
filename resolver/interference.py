"""The stages that stop or move other actions: HIDE, BLOCKS, REDIRECTS (RULES.md §4.1-4.3) and 004's SLOWDOWN.

Each stage is a function over the night (`night.Night`) and a table of handlers per ability kind: the stage
does what concerns every action at once (who is hidden, which blocks land by rank, where a redirected action
goes, which later actions a slowdown loses), the table holds what each kind does itself.
"""
from __future__ import annotations

__all__ = ["BLOCKS", "HIDE", "REDIRECTS", "SLOWDOWN", "blocks", "hide", "redirects", "slowdown"]

from collections import defaultdict
from typing import Callable

from .journal import Line
from .night import Act, Night, run_kinds
from .order import STAGE_OF_KIND, Stage
from .outcome import Private, Public


# -- HIDE ----------------------------------------------------------------------------------------------------
def lie_low(nt: Night, act: Act, visitors: list[str]) -> None:
    """004 Хавьер "залечь на дно": the GM's log says so; with `sees_visitors` the hider learns who came."""
    nick = act.actor
    nt.log.append(Line.said("hide", f"hide: {nick} hides tonight", player=nick))
    if act.card.sees_visitors and not nt.heir(nick):   # a passive: never the heir's
        names = ", ".join(nt.name(v) for v in sorted(set(visitors)))
        nt.private.append(Private(nick, "info", f"Ваши гости этой ночью: {names}" if names
                                  else "Этой ночью у вас гостей не было"))


HIDE: dict[str, Callable[[Night, Act, list[str]], None]] = {"hide": lie_low}


def hide(nt: Night) -> None:
    """004 Хавьер "залечь на дно": nothing acts on the hider tonight (every action on him is refused)."""
    hiders = {a.actor: a for a in nt.acts if a.kind in HIDE}
    nt.hidden = set(hiders)
    visitors: dict[str, list[str]] = defaultdict(list)
    for act in nt.acts:
        if act.kind in HIDE:
            continue
        hit = [t for t in act.targets if t in nt.hidden and t != act.actor]
        if hit and "hide" not in act.card.ignores:
            for t in hit:
                visitors[t].append(act.actor)
            nt.refuse(act, Line.said("refusal.hiding", f"{', '.join(hit)} is hiding tonight (залёг на дно): nothing acts on them", players=", ".join(hit)))
    for nick, act in sorted(hiders.items()):
        HIDE[act.kind](nt, act, visitors[nick])
    nt.drop_refused()


# -- BLOCKS --------------------------------------------------------------------------------------------------
def after_block(nt: Night, act: Act) -> None:
    """A block that landed: its "Узнает, если ..." passive, and 001's 50 % silence of each target."""
    nt.tell(act, act.targets)
    if act.card.silence_p:
        for t in act.targets:
            if nt.roll(act.actor, "silence", act.card.silence_p):
                nt.add_silence(t, 1, True, f"silenced by {act.actor}'s visit")


BLOCKS: dict[str, Callable[[Night, Act], None]] = {"block": after_block}


def blocks(nt: Night) -> None:
    """By block rank, highest first (a blocked blocker does nothing), or all at once (`parallel`, 004: a blocked
    player's passives are off too); every other action of a blocked actor is refused unless its card `ignores`
    blocks. Then each block that stands does what its kind does (`BLOCKS`)."""
    blocks = [a for a in nt.acts if a.kind in BLOCKS]
    blocked: dict[str, str] = {}
    if nt.r.block_mode == "parallel":
        for b in blocks:
            for t in b.targets:
                blocked.setdefault(t, b.actor)
            nt.log.append(Line("block.parallel", "block: {actor} blocks {targets} (all blocks land at once)",
                               actor=b.actor, targets=", ".join(b.targets)))
    else:
        for rank in sorted({b.card.block_rank for b in blocks}, reverse=True):
            group = [b for b in blocks if b.card.block_rank == rank]
            # a block that passes blocks (003's clock used by a blocked holder, `ignores = ["block"]`) lands
            landing = [b for b in group if b.actor not in blocked or "block" in b.card.ignores]
            for b in group:
                if b not in landing:
                    b.blocked_by = blocked[b.actor]
                    nt.refuse(b, Line("refusal.blocked_higher", "blocked by {by} (a higher-priority block)",
                                      by=blocked[b.actor]))
            for b in landing:
                for t in b.targets:
                    blocked.setdefault(t, b.actor)
                nt.log.append(Line("block", "block: {actor} ({role}) blocks {targets}", actor=b.actor,
                                   role=b.role.name, targets=", ".join(b.targets)))
    nt.blocked = set(blocked)
    if "block" in nt.r.texts:   # 004 newspaper: a block is reported as a fact, without who
        order = [p.nick for p in nt.s.players]
        # Лаура's serum is not told, but it never hides another's announced block on the same player
        told = {t for b in blocks if b.card.announced and not b.refused for t in b.targets}
        for t in sorted(set(blocked) & told, key=order.index):
            nt.public.append(Public("block", nt.r.texts["block"].format(player=nt.name(t)), {"player": t}))
    for act in nt.acts:
        if act.kind not in BLOCKS and act.actor in blocked and "block" in act.card.ignores:
            nt.log.append(Line("block.unblockable", "block: {actor}'s {card} cannot be blocked", actor=act.actor,
                               card=act.card.name))
        elif act.kind not in BLOCKS and act.actor in blocked:
            act.blocked_by = blocked[act.actor]
            nt.refuse(act, Line("refusal.blocked", "blocked by {by}", by=blocked[act.actor]))
    nt.drop_refused()
    run_kinds(nt, BLOCKS)


# -- REDIRECTS -----------------------------------------------------------------------------------------------
def redirect(nt: Night, red: Act) -> None:
    """004 Бенхамин: the first target's action goes to the second target instead (the GM's die for the
    "ненаправленный перевод" is entered as the second target). An action of a stage that came before the
    redirects (a block: "блоки ... параллельно", RULES.md §4 steps 2, 3) has already landed and stays where
    it landed, so its visit is seen there."""
    landed = set(nt.order[:nt.order.index(Stage.REDIRECTS)])
    who, to = red.targets
    for act in nt.acts:
        if act.actor != who or act is red or not act.targets:
            continue
        if STAGE_OF_KIND[act.kind] in landed:
            nt.log.append(Line.said("redirect.landed", f"redirect: {who}'s {act.card.name} already landed on {', '.join(act.targets)} "
                                    f"({STAGE_OF_KIND[act.kind].value} come before the redirects); it stays there", actor=who, ability=act.card.name, targets=", ".join(act.targets)))
            continue
        old = act.targets[0]
        act.targets = (to, *act.targets[1:])
        nt.log.append(Line.said("redirect", f"redirect: {red.actor} sends {who}'s {act.card.name} from {old} to {to}", actor=red.actor, other=who, ability=act.card.name, old=old, to=to))
    nt.tell(red, [who])
    if red.card.tells_if_target and nt.role_of(who).name in nt.tells_roles(red.card) and \
            nt.roll(red.actor, "learn", 0.5):
        # "Может узнать на кого перевел": no verb, so the nick needs no gender or case
        nt.private.append(Private(red.actor, "info", f"Вы перевели действие игрока {nt.name(who)} на "
                                                     f"игрока {nt.name(to)}."))


REDIRECTS: dict[str, Callable[[Night, Act], None]] = {"redirect": redirect}


def redirects(nt: Night) -> None:
    run_kinds(nt, REDIRECTS)


# -- SLOWDOWN ------------------------------------------------------------------------------------------------
def slow_down(nt: Night, sd: Act) -> None:
    """004 Каталина "Столбняк": the target does not remember where it went: its later actions are lost."""
    later = {st for st in nt.order[nt.order.index(Stage.SLOWDOWN) + 1:]}
    for act in nt.acts:
        if act.actor in sd.targets and act is not sd and STAGE_OF_KIND[act.kind] in later and not act.refused:
            nt.refuse(act, Line.said("refusal.slowed", f"slowed down by {sd.actor} (замедление)", by=sd.actor))
    nt.tell(sd, sd.targets)


SLOWDOWN: dict[str, Callable[[Night, Act], None]] = {"slowdown": slow_down}


def slowdown(nt: Night) -> None:
    run_kinds(nt, SLOWDOWN)
    nt.drop_refused()
