"""The stages where players and the post learn something: INFORMATION (RULES.md §4.8: checks, the serum,
interviews, watchers, 004's killer check, the boss's question) and EVIDENCE (§4.10: the evidence rolls of the
kills). Each is a table of handlers per ability kind over the night (`night.Night`), run in the night's order.
"""
from __future__ import annotations

__all__ = ["EVIDENCE", "INFORMATION", "evidence", "information"]

from collections import Counter
from typing import Callable

from .journal import Line
from .night import KIND_NAMES, Act, Night, run_kinds, visited
from .outcome import Private, Public
from .ruleset import watch_option

Handler = Callable[[Night, Act], None]


# -- INFORMATION ---------------------------------------------------------------------------------------------
def side_check(nt: Night, act: Act) -> None:
    """The answer by the target's labels, appearance or side (the card's `answers`); 004 Андрес's check of
    Анхела (`links_label`) links the two: their night action is one for both from now on."""
    t = act.targets[0]
    trole = nt.role_of(t)
    answers = act.card.answers
    by_label = next((answers[l] for l in sorted(trole.labels) if l in answers), "")
    answer = by_label or answers.get(trole.appears_as) or answers.get(trole.side) or answers.get("*") \
        or f"не {next(iter(answers.values()), '')}".strip()
    nt.private.append(Private(act.actor, "side_check", nt.about(t, answer)))
    if act.card.links_label and act.card.links_label in trole.labels and t not in nt.died \
            and act.actor not in nt.died:
        nt.counters[f"{act.actor}/link>{t}"] = nt.k   # "происходит знакомство"
        # "происходит знакомство ... НД выполняется вместе с ней (одно на двоих)": who found her and
        # what it means for her, with no verb (it would need his gender) and the nick uninflected
        nt.private.append(Private(t, "info", f"Знакомство с игроком {nt.name(act.actor)}: "
                                               "ночное действие у вас теперь одно на двоих"))
        nt.log.append(Line.said("link", f"link: {act.actor} and {t} now act together", actor=act.actor, target=t))
    nt.log.append(Line("side_check", "side check: {actor} checks {target}: {answer}", actor=act.actor,
                         target=t, answer=answer))


def role_check(nt: Night, act: Act) -> None:
    """Голан's interview, announced without names (`announce`); 004 Алисия privately."""
    t = act.targets[0]
    trole = nt.role_of(t)
    data = {"actor_role": act.role.name, "target_role": trole.name,
            "target_role_gent": trole.forms.get("gent", trole.name)}
    if act.card.announce:
        text = act.card.announce.format(**data)
        nt.public.append(Public("interview", text, data))
    else:
        nt.private.append(Private(act.actor, "role_check", nt.about(t, trole.name)))
    nt.log.append(Line("role_check", "role check: {actor} checks {target}: {role}", actor=act.actor,
                         target=t, role=trole.name))


def serum(nt: Night, act: Act) -> None:
    """The target's role in the post (unless immune to the serum); the evidence roll may name the sender."""
    t = act.targets[0]
    trole = nt.role_of(t)
    if "serum" in trole.immune:
        nt.log.append(Line.said("serum.resists", f"serum: {t} cannot be revealed by the serum; nothing is shown", target=t))
    else:
        text = nt.r.text("serum", "Сыворотка правды: {player} - {role}").format(player=nt.name(t), role=trole.name)
        nt.public.append(Public("serum", text, {"player": t, "role": trole.name}))
        nt.log.append(Line.said("serum", f"serum: {act.actor} reveals {t}: {trole.name}", actor=act.actor, target=t, role=trole.name))
    if act.card.evidence and nt.roll(act.actor, "evidence", act.card.evidence[0]):
        # the verb agrees with the actor: «подложила» for a woman; without a gender «подложил игрок X»
        gender = nt.player(act.actor).gender
        if gender == "f":
            text = nt.r.text("serum_evidence_f", "Сыворотку подложила {actor}").format(actor=nt.name(act.actor))
        elif gender == "m":
            text = nt.r.text("serum_evidence", "Сыворотку подложил {actor}").format(actor=nt.name(act.actor))
        else:
            text = nt.r.text("serum_evidence_x", "Сыворотку подложил игрок {actor}").format(actor=nt.name(act.actor))
        nt.public.append(Public("evidence", text, {"player": act.actor, "role": act.role.name}))


def watch(nt: Night, act: Act) -> None:
    """004 Алисия, Элиса: every visitor of the target (a dead or blocked target too), or the kinds of their actions."""
    t = act.targets[0]
    visits = [a for a in nt.accepted if t in visited(a) and a.actor not in (act.actor, t) and not a.blocked_by]
    if act.card.watch_options and watch_option(act.card, act.action.learn) == "kinds":
        # 004 Элиса: "типы НД, направленные на них": each kind once, "×n" when it came n times
        count = Counter(KIND_NAMES[a.kind] for a in visits)
        kinds = ", ".join(k + (f" ×{count[k]}" if count[k] > 1 else "")
                          for k in dict.fromkeys(KIND_NAMES.values()) if count[k])
        nt.private.append(Private(act.actor, "info", nt.visitors_note(t, f"приходили с действиями: {kinds}"
                                                                          if kinds else "не приходили ни с одним действием")))
        nt.log.append(Line.said("watch.kinds", f"watch: {act.actor} learns the kinds of actions on {t}: "
                                  f"{kinds or 'none'}", actor=act.actor, target=t, kinds=kinds or ""))
        return
    came = sorted({a.actor for a in visits})
    names = ", ".join(nt.name(v) for v in came)
    nt.private.append(Private(act.actor, "info", nt.visitors_note(t, f"приходили: {names}" if names
                                                                      else "никто не приходил")))
    nt.log.append(Line.said("watch.visitors", f"watch: {act.actor} sees the visitors of {t}: {came}",
                              actor=act.actor, target=t, visitors=", ".join(came)))


def killer_check(nt: Night, act: Act) -> None:
    """004 Хулио: did the target kill tonight; if so, a black veil for tomorrow's revenge (`marks`)."""
    t = act.targets[0]
    # a sentence, not a log line: the verb agrees with the roster's gender; without one the nick
    # stands after «игрока» (no verb, no case of the nick)
    killed, gender, name = t in nt.killers, nt.player(t).gender, nt.name(t)
    if gender in ("m", "f"):
        verb = ("убивал" if gender == "m" else "убивала") if killed else \
            ("не убивал" if gender == "m" else "не убивала")
        answer = f"{name} этой ночью {verb}"
    else:
        answer = f"На счету игрока {name} этой ночью {'есть' if killed else 'нет'} убийств{'о' if killed else 'а'}"
    if killed and act.card.marks:   # "Если да, оставляет на ней черную вуаль"
        nt.counters[f"{act.actor}/mark>{t}"] = nt.k
        answer += ". Вы оставили на цели чёрную вуаль"
    nt.private.append(Private(act.actor, "info", answer + "."))
    nt.log.append(Line("killer_check", "killer check: {actor} checks {target}: {answer}", actor=act.actor,
                         target=t, answer=answer))


def question(nt: Night, act: Act) -> None:
    """The boss's yes/no question: the GM pastes the note, with the answer's place marked."""
    # the GM pastes this to the boss: the answer has its place, marked so it is never sent blank
    nt.private.append(Private(act.actor, "question",
                                f"Ваш вопрос: {act.action.question or '(текст вопроса не введён)'} "
                                "Ответ ведущего: ___ (впишите «да» или «нет»)"))



INFORMATION: dict[str, Handler] = {"side_check": side_check, "role_check": role_check, "serum": serum, "watch": watch,
                                   "killer_check": killer_check, "question": question}


def information(nt: Night) -> None:
    run_kinds(nt, INFORMATION)


# -- EVIDENCE ------------------------------------------------------------------------------------------------
def kill_evidence(nt: Night, act: Act) -> None:
    """A kill's evidence roll (its chance by the number of targets): 001's nick of the killer in the post, or
    a trace ("жертва {role}") with 000's chance to reveal the victim's role when few are alive."""
    c = act.card
    if not c.evidence:
        return
    p = c.evidence[min(len(act.targets), len(c.evidence)) - 1]
    if c.evidence_kind == "trace":
        for v in act.targets:
            if v in nt.died and any(act.actor in cause for cause in nt.died[v]):
                if p and nt.roll(act.actor, "evidence", p):
                    text = nt.r.text("evidence_trace", "{player} - жертва {role}").format(player=nt.name(v), role=act.role.name)
                    nt.public.append(Public("trace", text, {"player": v, "role": act.role.name}))
                if c.reveal_victim_p and nt.n <= c.reveal_victim_when_alive_le and \
                        nt.roll(act.actor, "reveal", c.reveal_victim_p):
                    nt.reveal_forced.add(v)
    elif p and nt.roll(act.actor, "evidence", p):
        text = nt.r.text("evidence_nick", "Улики указывают на {actor}").format(actor=nt.name(act.actor))
        nt.public.append(Public("evidence", text, {"player": act.actor}))


EVIDENCE: dict[str, Handler] = {"kill": kill_evidence, "kill_silence": kill_evidence}


def evidence(nt: Night) -> None:
    run_kinds(nt, EVIDENCE)
