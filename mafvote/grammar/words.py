"""pymorphy3 (its analyzer loaded once, on the first inflection) and what the rules read of a word: its
shape (Cyrillic, a name, a plain word), its known readings as a name or a common noun, and how a form
found in the dictionary is written back as the nick was (capitals, no ё it did not have)."""
from __future__ import annotations

__all__ = [
    "CYRILLIC_WORD", "FIXED_WORDS", "NAME_TAGS", "NAME_WORD", "PLAIN_WORD", "PROPER_TAGS", "a_noun", "known_name_parse",
    "morph", "noun_parse", "restore_caps",
]

import re
from functools import lru_cache


CYRILLIC_WORD = re.compile(r"^[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*$")
NAME_TAGS = ("Name", "Surn", "Patr")
# readings of proper nouns: "Мирный" is also a town (Geox), but before a noun it is the adjective
PROPER_TAGS = ("Geox", "Name", "Surn", "Patr", "Orgn")
# a nick declined by its ending is one plain word: no inner capitals (РэдДи), digits, Latin or symbols
PLAIN_WORD = re.compile(r"^[А-ЯЁа-яё][а-яё]+$")
# a name inside a role name: Мороз, Куо-Рама, О'Коннор
NAME_WORD = re.compile(r"^(?:[А-ЯЁ]['’])?[А-ЯЁ][а-яё]+(?:-[А-ЯЁа-яё][а-яё]+)*$")
# words of a role name that never change: conjunctions and prepositions ("Мено и Куо-Рама")
FIXED_WORDS = {"и", "или", "из", "с", "со", "де", "дель", "ла", "фон", "ван"}


@lru_cache(maxsize=1)
def morph():
    import pymorphy3  # start-up: pymorphy3's dictionaries, loaded once on the first inflection

    return pymorphy3.MorphAnalyzer()


def _same_letters(dictionary_word: str, written: str) -> bool:
    """Whether pymorphy3's `dictionary_word` is `written` (any case): letter for letter, except that an е
    written where the dictionary has ё matches (most people skip the ё: `Ежик` is ёжик), but a written ё
    never matches an е (`Тёма` is not the noun «тема»)."""
    low = written.lower()
    return len(dictionary_word) == len(low) and all(
        d == w or (d == "ё" and w == "е") for d, w in zip(dictionary_word, low))


def _keep_yo(original: str, word: str) -> str:
    """`word` (a form of `original`) without a ё where `original` is written with е: a nick's spelling is
    its owner's («Тема» -> Тему, not Тёму; «Ежик» -> Ежика); a ё in the ending stays (`Судья` -> Судьёй)."""
    low = original.lower()
    return "".join("е" if c == "ё" and i < len(low) and low[i] == "е" else c for i, c in enumerate(word))


def restore_caps(original: str, word: str) -> str:
    """pymorphy3's lowercase form written as `original` was: `ДЕД` -> ДЕДОМ, `Дед` -> Дедом, and each part of
    a hyphenated name (`Санта-Клаус` -> Санта-Клаусом); without a ё `original` does not have (`_keep_yo`)."""
    if len(original) > 1 and original.isupper():
        return _keep_yo(original, word).upper()
    parts, shown = word.split("-"), original.split("-")
    if len(parts) != len(shown):
        parts, shown = [word], [original]
    parts = [_keep_yo(s, p) for p, s in zip(parts, shown)]
    return "-".join(p[:1].upper() + p[1:] if s[:1].isupper() else p for p, s in zip(parts, shown))


def a_noun(word: str) -> bool:
    """Whether `word` ends in -а/-я: such a noun has its own accusative (-у/-ю) whatever its gender («Папу»,
    «Слугу»); only a masculine noun ending in a consonant, -ь or -й takes the genitive («Тумана», «Льва»)."""
    return word[-1:].lower() in ("а", "я")


def known_name_parse(word: str, tags: tuple[str, ...] = NAME_TAGS):
    """The parse of `word` as a known first name / surname (one of `tags`) in the nominative, written as it is
    (`_same_letters`: «Королева» is not the surname Королёва's form, but «Семенов» is Семёнов)."""
    for p in morph().parse(word):
        if p.is_known and any(t in p.tag for t in tags) and "nomn" in p.tag and "sing" in p.tag \
                and _same_letters(p.word, word):
            return p
    return None


@lru_cache(maxsize=512)
def noun_parse(word: str):
    """The parse of `word` as a known common noun (no first name, surname or patronymic) in the nominative
    singular, written as it is; None when pymorphy3 knows no such reading."""
    for p in morph().parse(word):
        if (p.is_known and p.tag.POS == "NOUN" and "nomn" in p.tag and "sing" in p.tag
                and not any(t in p.tag for t in NAME_TAGS) and _same_letters(p.word, word)):
            return p
    return None
