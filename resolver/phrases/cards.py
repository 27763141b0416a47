"""The ability cards an actor can name and what a card's action needs written: the role's and the
boss's cards, a kind's card, 003's role shot (a player and a role), 004's redirect and watch choice."""
from __future__ import annotations

__all__ = ["card_action", "card_for", "cards_of", "parity_fits", "watch_choice"]

import re
from typing import Sequence

from ..actions import Action
from ..errors import ActionError, Problem
from ..journal import Line
from ..ruleset import WATCH_OPTIONS, Ability, Role, Ruleset
from .clauses import lower_in_place
from .names import find_entry
from .problems import NIGHT_ADD, ROLE_SHOT_HINT, where_phrase
from .vocabulary import KIND_CARDS


def cards_of(role: Role, ruleset: Ruleset) -> list[Ability]:
    cards = list(role.abilities)
    if role.name in ruleset.submission_order or role.name in ruleset.succession:
        cards += list(ruleset.boss_abilities)
    return cards


def card_for(kind: str, cards: Sequence[Ability], role: Role, text: str) -> Ability:
    wanted = KIND_CARDS.get(kind, (kind,))
    for k in wanted:
        for card in cards:
            if card.kind == k:
                return card
    raise ActionError(Problem(NIGHT_ADD, where_phrase(text), Line("phrase.cannot", "{role} cannot do this ({kind})",
                                                             role=role.name, kind=kind),
                              Line("hint.role_can", "the role can: {listed}", listed=", ".join(c.name for c in cards)
                                   or "nothing", abilities=[c.name for c in cards])))


# words around 004 Элиса's choice that name no player: "узнаю типы НД, направленные на Аялу", "кто ходил к Лауре"
_OPTION_FILLER = re.compile(r"и|у|на|к|ко|о|об|про|направлен\w*|которые|какие|ходил\w*|приходил\w*|заходил\w*")


def watch_choice(card: Ability, rest: str, text: str) -> tuple[str, str]:
    """004 Элиса "Я все узнаю": (what is left to name the target, the choice) for a card with `watch_options`:
    "типы НД у Аялы" -> ("Аялы", "kinds"), "ники гостей Лауры" -> ("Лауры", "nicks"), "Аялу" -> ("Аялу", "")
    (the engine's default: the nicks). The words are `ruleset.WATCH_OPTIONS`, longest first."""
    if not card.watch_options:
        return rest, ""
    low = rest.lower().replace("ё", "е")
    words = sorted(((w.lower(), opt) for opt in card.watch_options for w in WATCH_OPTIONS[opt]), key=lambda wo: -len(wo[0]))
    chosen = ""
    for word, opt in words:
        found = re.search(r"(?<!\w)" + re.escape(word) + r"(?!\w)", low)
        if found is None:
            continue
        if chosen and chosen != opt:
            raise ActionError(Problem(NIGHT_ADD, where_phrase(text), Line("phrase.learn_both", "both the visitors' nicks and "
                                                                     "the kinds of actions asked"),
                                      Line("hint.learn_one", "one of the two each use: 'узнаю ники гостей Аялы' or "
                                           "'узнаю типы НД у Аялы'")))
        chosen = opt
        low = low[:found.start()] + " " * len(word) + low[found.end():]
        rest = rest[:found.start()] + " " * len(word) + rest[found.end():]
    if chosen:   # the linking words left around the choice ("направленные на", "у", "кто ходил к")
        rest = " ".join(w for w in re.split(r"[\s,:;—–]+", rest)
                        if w and w != "-" and not _OPTION_FILLER.fullmatch(w.lower().replace("ё", "е")))
    return rest.strip(), chosen


# words around the role shot's player and role that name neither: "по Гертруде, она комиссар", "Коле как комиссару"
_SHOT_FILLER = {"она", "он", "это", "как", "роль", "роли", "ролью", "по", "в", "на", "и", "у", "с", "является", "есть"}


def _role_shot(rest: str, targets_of, roles, text: str) -> tuple[str, str]:
    """003's role shot: (player, role) however written: "Вася — доктор", "Коле как комиссару", "по Гертруде, она
    комиссар", "Гертруда комиссар", "в Гертруду (комиссар)", the role first too. Without a dash or a colon
    between them, the one way to cut the words into a player and a role; none or two ways: the GM is asked."""
    parts = re.split(r"\s+[—–-]\s+|\s*:\s*|\s+как\s+|\s+это\s+|\s+-\s*", rest.strip(), maxsplit=1)
    if len(parts) == 2:
        try:
            targets = targets_of(parts[0])
            if len(targets) == 1:
                return targets[0], find_entry(parts[1], roles, "role", text)
        except ActionError:
            pass
    words = [w for w in re.sub(r"\s[-–—]+|[-–—]+\s|[—–]|[,:;()\[\]«»\"!?]|\.(?=\s|$)", " ", rest).split()
             if lower_in_place(w) not in _SHOT_FILLER]
    readings: set[tuple[str, str]] = set()
    for k in range(1, len(words)):
        for who, what in ((words[:k], words[k:]), (words[k:], words[:k])):
            try:
                targets = targets_of(" ".join(who))
                role = find_entry(" ".join(what), roles, "role", text)
            except ActionError:
                continue
            if len(targets) == 1:
                readings.add((targets[0], role))
    if len(readings) == 1:
        return readings.pop()
    if readings:
        raise ActionError(Problem(NIGHT_ADD, where_phrase(text), Line("phrase.role_shot_several", "the role shot reads several "
                                                                 "ways: {readings}", readings="; ".join(
                                                                     f"{p} — {r}" for p, r in sorted(readings))),
                                  ROLE_SHOT_HINT))
    if len(parts) == 2:   # "player — role" written: name what is wrong with either half
        targets = targets_of(parts[0])
        role = find_entry(parts[1], roles, "role", text)
        if len(targets) == 1:
            return targets[0], role
    raise ActionError(Problem(NIGHT_ADD, where_phrase(text), Line("phrase.role_shot_needs", "the role shot needs a player and "
                                                             "a role"), ROLE_SHOT_HINT))


def card_action(card: Ability, rest: str, actor: str, targets_of, roles, text: str) -> Action:
    """An action on a card named by its words: no targets (hiding), name + role (the role shot), two
    targets (a redirect: "Перевожу Васю на Петю"), else the names."""
    if card.max_targets == 0:
        return Action(actor, card.name, ())
    if card.kind == "role_shot":
        target, role = _role_shot(rest, targets_of, roles, text)
        return Action(actor, card.name, (target,), role=role)
    if card.kind == "redirect":
        parts = re.split(r"\s+(?:на|в|к)\s+|\s*[→>]\s*", rest.strip(), maxsplit=1)
        if len(parts) != 2:
            raise ActionError(Problem(NIGHT_ADD, where_phrase(text), Line("phrase.redirect_needs", "a redirect needs whose "
                                                                     "action and where it goes"),
                                      Line("hint.redirect", "write it as 'Перевожу Васю на Петю'")))
        return Action(actor, card.name, targets_of(parts[0]) + targets_of(parts[1]))
    rest, choice = watch_choice(card, rest, text)
    return Action(actor, card.name, targets_of(rest), learn=choice)


def parity_fits(card: Ability, night: int) -> bool:
    return not card.parity or (night % 2 == 0) == (card.parity == "even")
