"""Gender: the one a roster gives, a first name shows or a role name's head noun has, and the word that
agrees with it (`gender_word`; both forms at once, `Повешен(а)`, only where a template asks for it)."""
from __future__ import annotations

__all__ = ["Gender", "gender_from_name", "gender_of", "gender_word", "phrase_gender"]

from typing import Literal

from .words import CYRILLIC_WORD, NAME_WORD, PROPER_TAGS, morph


Gender = Literal["m", "f", "unknown"]


def gender_of(given: str | None, name: str) -> Gender:
    """The roster's gender when given, else the one a Russian first name shows, else "unknown"."""
    if given in ("m", "f"):
        return given  # type: ignore[return-value]
    return gender_from_name(name) or "unknown"


def gender_from_name(name: str) -> Literal["m", "f"] | None:
    """`Соня` -> f, `Гораций` -> m; `Саша` (either), `Нежка` (unknown word), `lolbabe` (Latin) -> None."""
    words = name.split()
    if not words or not CYRILLIC_WORD.match(words[0]):
        return None
    found: set[str] = set()
    for p in morph().parse(words[0]):
        if "Name" in p.tag and "nomn" in p.tag and "sing" in p.tag and p.is_known:
            if "ms-f" in p.tag:
                return None
            if "masc" in p.tag:
                found.add("m")
            elif "femn" in p.tag:
                found.add("f")
    return found.pop() if len(found) == 1 else None  # type: ignore[return-value]


def phrase_gender(phrase: str) -> Gender:
    """The gender of a role name's head noun (`мирная зверюшка` -> f, `Злой эльф` -> m, `Мирный житель` -> m);
    failing that, of a first name pymorphy3 only guesses (`Джейкоб Портман` -> m)."""
    words = phrase.split()
    for i, word in enumerate(words):
        if not CYRILLIC_WORD.match(word):
            continue
        parses = [p for p in morph().parse(word) if p.is_known and "nomn" in p.tag]
        if i + 1 < len(words) and any(p.tag.POS == "ADJF" for p in parses):
            # "Мирный житель": an adjective before a noun, not the town of Мирный
            parses = [p for p in parses if not any(t in p.tag for t in PROPER_TAGS)]
        for p in parses:
            if p.tag.POS == "NOUN" and "sing" in p.tag:
                if "masc" in p.tag:
                    return "m"
                if "femn" in p.tag:
                    return "f"
                break
    for word in words:
        if not NAME_WORD.match(word) or any(p.is_known for p in morph().parse(word)):
            continue
        for p in morph().parse(word):
            if "Name" in p.tag and "nomn" in p.tag and "sing" in p.tag and "ms-f" not in p.tag:
                return "m" if "masc" in p.tag else "f" if "femn" in p.tag else "unknown"
    return "unknown"


def gender_word(gender: str | None, masculine: str, feminine: str, unknown: str | None = None) -> str:
    """The word that agrees with `gender`. Unknown: `unknown` when given, else both at once as forum posts
    write them (the GM is told the gender is missing): the ending in brackets where the feminine is the
    masculine plus an ending (`Повешен(а)`, `выбыл(а)`, `Он(а)`, `погиб(ла)`), a reflexive verb
    (`являлся(ась)`) or an adjective (`мирный(ая)`); else both words with a slash (`его/её`, `одного/одну`,
    `Казнён/Казнена`): a bracket glued from a shared prefix (`его(ё)`, `одного(у)`) is not Russian.
    Phrases of several words agree word by word (`был(а) заблокирован(а)`)."""
    if gender == "m":
        return masculine
    if gender == "f":
        return feminine
    if unknown is not None:
        return unknown
    m_words, f_words = masculine.split(" "), feminine.split(" ")
    if len(m_words) > 1 and len(m_words) == len(f_words):
        both = [_both_forms(m, f) for m, f in zip(m_words, f_words)]
        if not any("/" in w for w in both):
            return " ".join(both)
    return _both_forms(masculine, feminine)


# endings the bracket form is written with: the feminine adds at most this much to the masculine
_ADDED_ENDING = 2
# an adjective's ending and its feminine (мирный -> мирная, синий -> синяя): written `мирный(ая)`
_ADJECTIVE_ENDINGS = (("ый", "ая"), ("ой", "ая"), ("ий", "ая"), ("ий", "яя"))


def _both_forms(masculine: str, feminine: str) -> str:
    """One word (or phrase) in both genders: `Повешен(а)`, `являлся(ась)`, `мирный(ая)`, else `его/её`."""
    if masculine == feminine:
        return masculine
    if " " not in feminine and feminine.startswith(masculine) \
            and 0 < len(feminine) - len(masculine) <= _ADDED_ENDING:
        return f"{masculine}({feminine[len(masculine):]})"
    if masculine.endswith("ся") and feminine.endswith("сь") and len(masculine) > 3 \
            and feminine == masculine[:-2] + "ась":
        return f"{masculine}(ась)"                 # являлся -> являлась, затерялся -> затерялась
    for m_end, f_end in _ADJECTIVE_ENDINGS:
        if masculine.endswith(m_end) and feminine == masculine[:-len(m_end)] + f_end and len(masculine) > 3:
            return f"{masculine}({f_end})"         # мирный(ая)
    return f"{masculine}/{feminine}"
