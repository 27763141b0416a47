"""Read a night action as players write it to the GM: `Лечу Васю`, `Убиваю Петю и Васю`, `копирую Еноха, лечу себя`.

`read_action(text, actor_role, roster, ruleset, actor=..., state=...)` finds the heads of the text's actions: a
verb (the table `VERBS`), a card's own name (its `words`: «Блицкриг», «Честь семьи», 003's items and role shot),
a verb that uses the card named next ("жму кнопку"). Each head's action runs to the next head, across commas,
«и» and sentence ends ("Убиваю Каппу и лечу себя книгой", "Убиваю Эту. Доп. удар: Дельта — доктор" are two
actions each); a card and a verb of its kind are one ("лечу себя книгой", "Книга: лечу Васю"). It finds each
kind on the cards the actor holds tonight (with `state`: `available_abilities`, so 004 Андрес linked to his mother
reads her protection; without it: the role's cards, or the boss's), and matches the names to the roster as votes
are matched (tally's `RosterMatcher`: case endings, transliteration, aliases, fuzzy; a roster nick is never taken
for a filler word, a preposition or a verb, 004's nick «Игрок»). Actions combine:
`копирую X, <действие>` is Абрахам's copy, `нанимаюсь у X, убиваю Y` is the hire with its kill, the boss's
`убиваю X, пугаю Y` is kill + intimidate.

Nothing written is dropped: a word is a head, a name, or one of the few words that name nothing (`LEAD`,
`FILLER`, the actor's own nick or role as a label); anything else makes the whole message an `ActionError`
naming it, as does a name that is unknown or fits several players: the GM is asked, never guessed for, and
never gets half a message read.

Where each step lives:

    vocabulary.py  VERBS and the words that name nothing
    clauses.py     the message cut into actions (split_clauses)
    names.py       roster names and role / side labels in a phrase
    cards.py       the actor's cards, and what a card's action needs written (role shot, redirect, watch choice)
    problems.py    where a refusal points and what it tells the GM to write
    reader.py      read_action
"""
from __future__ import annotations

__all__ = ["read_action", "VERBS"]

from .reader import read_action
from .vocabulary import VERBS
