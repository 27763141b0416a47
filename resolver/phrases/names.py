"""Names in a phrase: the roster's (the vote counter's `RosterMatcher`, plus each word of a several-word
nick, look-alike letters folded) and the ruleset's roles and sides (`find_entry`: exact, case forms,
a unique first word; several or none is an `ActionError`, never a guess)."""
from __future__ import annotations

__all__ = [
    "NAME_STEPS", "clean", "find_entry", "name_chunks", "never_a_name", "one_script", "roster_matcher", "split_chunks",
    "without_prepositions", "word_forms",
]

import re
from typing import Callable, Sequence

from mafvote_tally.names import RosterMatcher, default_morph

from ..errors import ActionError, Problem
from ..journal import Line
from .problems import NIGHT_ADD, where_phrase
from .vocabulary import PREPOSITIONS


_ENDINGS = ("ами", "ями", "ой", "ей", "ом", "ем", "ою", "ею", "а", "я", "у", "ю", "е", "ы", "и")


def _morph():
    return default_morph()   # the tally's one analyzer: the dictionaries take a while to load


def clean(s: str) -> str:
    return re.sub(r"[^\w' -]", " ", s.lower().replace("ё", "е").replace("’", "'")).strip()


def word_forms(word: str) -> set[str]:
    word = clean(word)
    out = {word}
    if re.fullmatch(r"[а-я-]+", word):
        out |= {p.normal_form.replace("ё", "е") for p in _morph().parse(word)[:4]}
        out |= {word[: -len(e)] for e in _ENDINGS if word.endswith(e) and len(word) - len(e) >= 3}
    return out


def _label_forms(label: str) -> list[set[str]]:
    return [{w, *(word_forms(w))} for w in clean(label).split()]


def _matches(chunk: str, label: str) -> bool:
    words = clean(chunk).split()
    lab = _label_forms(label)
    if len(words) != len(lab):
        return False
    return all(word_forms(w) & forms for w, forms in zip(words, lab))


def find_entry(chunk: str, entries: Sequence[tuple[str, Sequence[str]]], what: str, text: str) -> str:
    """The one entry a chunk names: exact label, then case forms, then a unique word prefix."""
    c = clean(chunk)
    exact = {key for key, labels in entries if any(clean(l) == c for l in labels)}
    if len(exact) == 1:
        return exact.pop()
    by_forms = {key for key, labels in entries if any(_matches(chunk, l) for l in labels)}
    if len(by_forms) == 1:
        return by_forms.pop()
    if not by_forms:
        # "Еноха" for "Енох О'Коннор": the first word's forms match a longer name
        first = word_forms(c.split()[0]) if c else set()
        by_forms = {key for key, labels in entries for l in labels
                    if len(c.split()) == 1 and first & _label_forms(l)[0]}
        if len(by_forms) == 1:
            return by_forms.pop()
    candidates = sorted(by_forms or exact)
    if candidates:
        raise ActionError(Problem(NIGHT_ADD, where_phrase(text), Line(f"phrase.{what}_several", "{what} {written} fits several: "
                                                                   "{candidates}", what=what, written=repr(chunk),
                                                                   chunk=chunk, candidates=", ".join(candidates)),
                                  Line("hint.full_name", "write the full name")))
    raise ActionError(Problem(NIGHT_ADD, where_phrase(text), Line(f"phrase.{what}_unknown", "{what} {written} is not in the game",
                                                             what=what, written=repr(chunk), chunk=chunk),
                              Line("hint.spelling", "check the spelling or add an alias to the roster")))


def never_a_name(word: str) -> bool:
    return False


def split_chunks(rest: str) -> list[str]:
    return re.split(r"\s+и\s+|\s*[,;\n]\s*", rest.strip())


def without_prepositions(chunk: str, is_name: Callable[[str], bool] = never_a_name) -> str:
    """"на Васю" -> "Васю"; a word that is a roster name stays (the nick «За»)."""
    return " ".join(w for w in chunk.split() if w.lower().replace("ё", "е") not in PREPOSITIONS or is_name(w))


def name_chunks(rest: str) -> list[str]:
    """The name chunks of a clause's rest: split at "и" and commas, prepositions dropped."""
    return [name for name in map(without_prepositions, split_chunks(rest)) if name]


# the matcher's steps that say a single word is a roster name; "prefix" and "fuzzy" would take "на" or "свое"
# for the start of a nick
NAME_STEPS = ("exact", "lookalike", "translit", "inflected")
# the look-alike letters of tally.names (its `lookalike` step), both ways and both cases; the matcher folds them
# for a whole name only ("Cоня" with a Latin C is Соня, "Cоню" is no name to it)
_CYRILLIC_LOOKS = dict(zip("авекмнорстухАВЕКМНОРСТУХ", "abekmhopctyxABEKMHOPCTYX"))
_LATIN_LOOKS = {latin: c for c, latin in _CYRILLIC_LOOKS.items()}


def one_script(text: str) -> str:
    """Each word written in two alphabets in the alphabet most of its letters are in: "Cоню" (a Latin C) ->
    "Соню", "Rоnina" (a Cyrillic о) -> "Ronina". RULES.md §2 "Names": look-alike letters never matter, in any
    case form; a word in one alphabet is left as written."""
    def fold(m: re.Match) -> str:
        word = m.group(0)
        cyrillic = sum("а" <= ch.lower() <= "я" or ch in "ёЁ" for ch in word)
        latin = sum("a" <= ch.lower() <= "z" for ch in word)
        if not cyrillic or not latin:
            return word
        table = _LATIN_LOOKS if cyrillic >= latin else _CYRILLIC_LOOKS
        return "".join(table.get(ch, ch) for ch in word)

    return re.sub(r"\w+", fold, text)


def roster_matcher(players: Sequence[tuple[str, Sequence[str]]]) -> RosterMatcher:
    """The vote counter's matcher over the roster; each word (4+ letters) of a several-word nick is one more name
    of its player, so it is inflected too ("Кинга" for "King EcitoN": the matcher alone takes "King" but not its
    cases). A word two nicks share names both: the GM is asked."""
    def parts(name: str) -> list[str]:
        words = name.split()
        return [w for w in words if len(re.sub(r"\W", "", w)) >= 4] if len(words) > 1 else []

    return RosterMatcher({nick: [n for name in names for n in (name, *parts(name)) if n != nick]
                          for nick, names in players}, morph=_morph())
