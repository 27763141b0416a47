"""A player's name in a case only where every word's form is sure (`person_case`, RULES.md §6): hand-written
forms, Latin as written, common nouns and phrases by the dictionary, titles before names, known names
in the roster's gender, unknown words by their ending; None where a guess would be needed."""
from __future__ import annotations

__all__ = ["dictionary_case", "person_case", "person_form"]

import re
from typing import Literal

from .endings import unknown_word_case
from .gender import gender_from_name
from .noun_phrases import inflect_phrase, name_word_case, phrase_words
from .records import Person
from .words import (CYRILLIC_WORD, FIXED_WORDS, NAME_TAGS, NAME_WORD, PLAIN_WORD, a_noun, known_name_parse, morph,
                    noun_parse, restore_caps)


def _noun_nick_case(nick: str, case: str, gender: str | None) -> str | None:
    """A one-word nick that is a common noun (`Шляпник`, `Ёжик`, `Дельта`, `Мышь`) in `case` by the noun's own
    declension in pymorphy3's dictionary (no guess: «у Шляпника», «Дельту», «для Мыши»); None when the nick is
    no such noun or should stay as written.

    A player is a person, so a masculine noun ending in a consonant, -ь or -й takes the genitive for the
    accusative («повесили Тумана», «Льва»); a noun in -а/-я of any gender has its own accusative («теряем
    Папу», «Слугу», «Дельту»), and so has a feminine -ь or a neuter noun («теряем Мышь», «Солнышко»). The
    gender of the player changes nothing but one thing, as with a surname («у Анны Кот»): a masculine noun
    ending in a consonant, -ь or -й is not declined for a woman. A man called `Мышь` or `Ночь` is «для Мыши»,
    «у Ночи», as players write it (a nickname keeps the noun's declension), and a neuter noun is declined for
    anyone («у Солнышка»). A nick that is also a first name declines as the name (`Любовь` -> Любови, not the
    noun's «любви»). An indeclinable noun (`Кофе`) is its own form. No form adds a ё (`_keep_yo`)."""
    if case == "nomn" or not PLAIN_WORD.match(nick):
        return None
    p = noun_parse(nick)
    if p is None:
        return None
    if "Fixd" in p.tag:
        return nick
    if gender == "f" and "masc" in p.tag and not a_noun(nick):
        return None
    name = known_name_parse(nick, ("Name",))
    if name is not None and "Fixd" not in name.tag:
        p = name                                 # Любовь -> Любови (the noun: любви); Лев, Роза agree anyway
    wanted = "gent" if case == "accs" and "masc" in p.tag and not a_noun(nick) else case
    q = p.inflect({wanted, "sing"})
    if q is None:
        return None
    return restore_caps(nick, q.word)


# one word of a nick of several common words: `Ёжик`, `в`, `тумане` (no Latin, digits or inner capitals)
_PHRASE_WORD = re.compile(r"^[А-ЯЁа-яё][а-яё]*$")


def _phrase_nick_case(nick: str, case: str, gender: str | None) -> str | None:
    """A nick of several words pymorphy3 knows, with a common noun at its head (`Серый Волк`, `Ёжик в
    тумане`, `Кот в сапогах`, `Чёрная Кошка`), in `case` the way role names are declined (`inflect_phrase`:
    «Серого Волка», «Ёжика в тумане», «Чёрную Кошку»); the words after the head keep their case. The same
    gender rule as a one-word noun: a singular masculine head ending in a consonant, -ь or -й is not declined for a
    woman («у Серый Волк»). None when the nick is no such phrase or should stay as written."""
    words = nick.split(" ")
    if case == "nomn" or len(words) < 2 or not all(_PHRASE_WORD.match(w) for w in words) \
            or not all(any(p.is_known for p in morph().parse(w)) for w in words):
        return None
    analysed = phrase_words(words)
    if analysed is None:
        return None
    head = next(((w, p) for w, kind, p in analysed if kind in ("head", "name")), None)
    if head is None or head[1] is None or any(t in head[1].tag for t in NAME_TAGS):
        return None                              # "Иван Грозный": a name, not a common noun
    word, p = head
    if gender == "f" and "masc" in p.tag and "sing" in p.tag and not a_noun(word):
        return None                              # a plural («Злые Близнецы») is no man's name: declined
    declined = inflect_phrase(nick, case, gender if gender in ("m", "f") else None)
    if declined == nick and p.inflect({case, "sing"}) is not None \
            and p.inflect({case, "sing"}).word != p.word:
        return None                              # inflect_phrase gave up on a word
    return declined


def dictionary_case(nick: str, case: str, gender: str | None) -> str | None:
    """A nick of common words in `case` by pymorphy3's dictionary (one noun, or a phrase); None otherwise."""
    if " " in nick:
        return _phrase_nick_case(nick, case, gender)
    return _noun_nick_case(nick, case, gender)


def _noun_before_name(nick: str) -> bool:
    """Whether a one-word nick is a common noun that pymorphy3 also knows as a surname but not as a first
    name: the noun's declension comes first («для Королевы», «Головы», «Машины»: the surnames Королёва,
    Голова, Машина decline like adjectives, «для Королёвой»). A first name keeps its own («Любови»)."""
    return PLAIN_WORD.match(nick) is not None and noun_parse(nick) is not None \
        and known_name_parse(nick, ("Name",)) is None


def _noun_case_sure(word: str, case: str, gender: str | None, title: bool = False) -> str | None:
    """A common noun used as a name (`Шляпник`, `Дельта`) or as a title before one (`Мастер` Йода) in `case`
    by its dictionary declension; None when not sure. A title declines whoever holds it («Мастера Йоду»,
    «Доктором Голан»); a nick that is a masculine noun ending in a consonant, -ь or -й declines for a man
    («Шляпника») and stays for a woman («у Анны Кот»), so without a gender it is not sure."""
    p = noun_parse(word)
    if p is None:
        return None
    if "Fixd" in p.tag:
        return word
    if not title and "masc" in p.tag and not a_noun(word) and gender != "m":
        return word if gender == "f" else None
    if title:
        wanted = "gent" if case == "accs" and "masc" in p.tag and not a_noun(word) else case
        q = p.inflect({wanted, "sing"})
        return restore_caps(word, q.word) if q is not None else None
    return _noun_nick_case(word, case, gender)


def _title_gender(words: list[str]) -> Literal["m", "f"] | None:
    """The gender a feminine title before a name shows (`Мисс Перегрин`, `Леди Винтер`: f); a masculine title
    (`Мастер`, `Доктор`) is held by women too, so it shows none."""
    if len(words) < 2:
        return None
    p = noun_parse(words[0])
    return "f" if p is not None and "femn" in p.tag and "anim" in p.tag else None


def _name_word_sure(word: str, case: str, gender: str | None, *, title: bool = False) -> str | None:
    """One word of a person's name in `case` when its form is sure, else None: a hand-known first name or
    surname by the dictionary, a common noun by its own declension, any other word by `unknown_word_case`."""
    if word.lower() in FIXED_WORDS:
        return word
    prefix = re.match(r"^([А-ЯЁ]['’])([А-ЯЁ][а-яё]+)$", word)
    if prefix:                                   # О'Коннор: the part after the apostrophe declines
        rest = _name_word_sure(prefix[2], case, gender)
        return prefix[1] + rest if rest is not None else None
    if not CYRILLIC_WORD.match(word):
        return None
    if _noun_before_name(word):
        return _noun_case_sure(word, case, gender, title)
    name = known_name_parse(word)
    if name is not None:
        if "Fixd" in name.tag:
            return word
        if gender == "f" and "masc" in name.tag and not a_noun(word):
            return word                          # a woman with a man's name does not decline it
        if not (gender == "m" and "femn" in name.tag):
            g = gender or ("m" if "masc" in name.tag else "f" if "femn" in name.tag else None)
            # a name in -а/-я declines for anyone (Тёма, Никита); the others by the gender
            declined = name_word_case(word, case, "unknown" if a_noun(word) else g or "unknown")  # type: ignore[arg-type]
            if declined is not None:
                return declined
    if noun_parse(word) is not None:
        return _noun_case_sure(word, case, gender, title)
    if any(p.is_known and "nomn" in p.tag for p in morph().parse(word)):
        return None                              # an adjective or another known word: no sure name form
    return unknown_word_case(word, case, gender)


def person_case(person: Person, case: str) -> str | None:
    """`person`'s name in `case` when every word's form is sure, else None (the post then keeps the name in
    the nominative with a construction around it, `case_or_apposition`): a wrong ending in a result post is
    worse than any wording.

    Sure: the roster's hand-written `forms`; a name in Latin letters, with digits or symbols, as written (forum
    players never decline them); a common noun or a phrase of common words by the dictionary (`Шляпник`,
    `Серый Волк`); every word of a name when each is sure by `_name_word_sure`, the gender being the roster's,
    else the one a first name shows («Гораций Сомнассон» -> Горация Сомнассона, «Фиона Фраунфелид» -> Фиону
    Фраунфелид, «Мастер Йода» -> Мастера Йоду)."""
    if case == "nomn":
        return person.forms.get("nomn") or person.shown
    if case in person.forms:
        return person.forms[case]
    shown = person.shown
    words = shown.split(" ")
    if not any(re.search(r"[А-Яа-яЁё]", w) for w in words):
        return shown                             # King Eciton, lolbabe: never declined on Russian forums
    if not all(CYRILLIC_WORD.match(w) or NAME_WORD.match(w) for w in words):
        return None                              # Cyrillic with Latin, digits or symbols: Вася99
    gender = person.gender if person.gender in ("m", "f") else gender_from_name(shown) or _title_gender(words)
    if len(words) > 1 and all(_PHRASE_WORD.match(w) for w in words) \
            and all(any(p.is_known for p in morph().parse(w)) for w in words):
        analysed = phrase_words(words) or []
        head = next(((w, p) for w, kind, p in analysed if kind == "head"), None)
        # a nick of common words (`Серый Волк`, `Ёжик в тумане`), not a title before a name (`Мастер Йода`)
        if head is not None and not any(kind == "keep" and w[:1].isupper() for w, kind, _ in analysed):
            word, p = head
            if "masc" in p.tag and "sing" in p.tag and not a_noun(word) and gender != "m":
                # «Серого Волка» for a man, «у Серый Волк» for a woman: unknown gender, no sure form
                return shown if gender == "f" else None
            return _phrase_nick_case(shown, case, gender)
    out = []
    for i, w in enumerate(words):
        # a common noun before another word of the name is a title: «Мастер Йода», «Доктор Голан»
        form = _name_word_sure(w, case, gender, title=i + 1 < len(words))
        if form is None:
            return None
        out.append(form)
    return " ".join(out)


def person_form(person: Person, case: str) -> tuple[str, bool]:
    """`person`'s name in `case` (as written when not sure) and whether it was declined by its ending alone
    (a word no dictionary knows: a rule the GM may check)."""
    form = person_case(person, case)
    if form is None:
        return person.shown, False
    if case in person.forms or form == person.shown:
        return form, False
    unknown = [w for w in person.shown.split(" ") if CYRILLIC_WORD.match(w)
               and not any(p.is_known and "nomn" in p.tag for p in morph().parse(w))]
    return form, bool(unknown)
