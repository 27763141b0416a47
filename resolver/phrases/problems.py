"""How a refusal of a written action says where it is and what to write instead: the `night add`
command and the phrase as typed, the hints, the actor's own cards as the seed names them."""
from __future__ import annotations

__all__ = ["COPY_HINT", "NIGHT_ADD", "ROLE_SHOT_HINT", "not_understood", "own_hint", "where_phrase"]

from typing import Sequence

from ..errors import ActionError, Problem
from ..journal import Line
from ..ruleset import Ability
from .vocabulary import KIND_VERB


def own_hint(cards: Sequence[Ability]) -> str:
    """The refusal's hint: what this actor can write tonight, by the seed's own names where the card has them
    (issue 15 point 4: not 000/001's verbs to a 004 role)."""
    shown = []
    for c in cards:
        said = f"«{c.words[0][:1].upper()}{c.words[0][1:]}»" if c.words else KIND_VERB.get(c.kind, c.name)
        if said not in shown:
            shown.append(said)
    return Line.said("phrase.own_hint", "напишите, как в правилах игры: " + ", ".join(shown) + " — и цель (например «… - Вася»)")


NIGHT_ADD = Line("where.command", "{command}", command="night add")   # the command whose input is wrong


def where_phrase(text: str) -> Line:
    """Where a phrase's problem is: the phrase as the GM typed it, quoted."""
    return Line("where.phrase", "{quoted}", quoted=repr(text), phrase=text)


ROLE_SHOT_HINT = Line("hint.role_shot", "write it as 'Доп. удар: Вася — доктор'")
COPY_HINT = Line("hint.copy", "write it as 'копирую Еноха, лечу Васю'")


def not_understood(text: str, what: Line, hint: Line) -> ActionError:
    return ActionError(Problem(NIGHT_ADD, where_phrase(text), Line("phrase.not_understood", "not understood: {reason}",
                                                              reason=what), hint))
