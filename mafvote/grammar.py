"""Russian grammar for the themed posts: gender agreement, cases of names and role names, lists, numerals.

Pure functions over strings and small records; the only state is pymorphy3's analyzer, loaded once on first
use. The renderer (`mafvote.render`) registers them as Jinja filters:

    {{ p|case("accs") }}          Соня -> Соню;  King Eciton, lolbabe -> unchanged
    {{ p|g("Повешен", "Повешена") }}   agreement with the player's (or role's) gender; unknown -> "Повешен(а)"
    {{ names|join_ru }}            "A", "A и B", "A, B и C"
    {{ n|numeral("голос") }}       1 голос, 2 голоса, 5 голосов, 11 голосов, 21 голос, 22 голоса

Inflection is deliberately conservative (RULES.md §6: "roster entries may give forms by hand, otherwise they
are inflected automatically"): a hand-written form (`forms = { accs = "Соню" }`) always wins; a name is
inflected only when pymorphy3 knows every Cyrillic word of it as a first name or surname; a nick it does not
know (`Нежка`, `РэдДи`), a Latin nick (`King Eciton`, `lolbabe`) or an indeclinable name (`Энни`, `Фредди`)
stays as written, and `inflection_note` tells the GM which nicks would need `forms`. A wrong case ending in a
result post is worse than an uninflected nick, which forum players read every day.
"""
from __future__ import annotations

__all__ = [
    "CASES", "Gender", "Person", "RoleName", "case_of", "gender_from_name", "gender_of", "gender_word",
    "inflect_name", "inflect_phrase", "inflection_note", "join_ru", "numeral", "plural",
]

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, Literal, Mapping

Gender = Literal["m", "f", "unknown"]
# pymorphy3's case tags, as the config's `forms` keys (mafvote.config.FORM_CASES)
CASES = ("nomn", "gent", "datv", "accs", "ablt", "loct")

_CYRILLIC_WORD = re.compile(r"^[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*$")
_NAME_TAGS = ("Name", "Surn", "Patr")
# words of a role name that never change: conjunctions and prepositions ("Мено и Куо-Рама")
_FIXED_WORDS = {"и", "или", "из", "с", "со", "де", "дель", "ла", "фон", "ван"}


@lru_cache(maxsize=1)
def _morph():
    import pymorphy3  # loaded once, on the first inflection: the dictionaries take a while

    return pymorphy3.MorphAnalyzer()


@dataclass(frozen=True)
class Person:
    """A player as the grammar sees them: the name posts use, the roster's gender and hand-written cases."""

    nick: str
    name: str = ""
    gender: str | None = None                     # "m" | "f" from the roster; None: not given
    forms: Mapping[str, str] = field(default_factory=dict)

    @property
    def shown(self) -> str:
        return self.forms.get("nomn") or self.name or self.nick

    @property
    def grammatical_gender(self) -> Gender:
        return gender_of(self.gender, self.shown)

    def __str__(self) -> str:
        return self.shown


@dataclass(frozen=True)
class RoleName:
    """A role (or side) name with its grammatical gender and hand-written cases (ruleset or theme)."""

    name: str
    gender: str | None = None
    forms: Mapping[str, str] = field(default_factory=dict)

    @property
    def grammatical_gender(self) -> Gender:
        if self.gender in ("m", "f"):
            return self.gender  # type: ignore[return-value]
        return _phrase_gender(self.name)

    def __str__(self) -> str:
        return self.forms.get("nomn") or self.name


def gender_of(given: str | None, name: str) -> Gender:
    """The roster's gender when given, else the one a Russian first name shows, else "unknown"."""
    if given in ("m", "f"):
        return given  # type: ignore[return-value]
    return gender_from_name(name) or "unknown"


def gender_from_name(name: str) -> Literal["m", "f"] | None:
    """`Соня` -> f, `Гораций` -> m; `Саша` (either), `Нежка` (unknown word), `lolbabe` (Latin) -> None."""
    words = name.split()
    if not words or not _CYRILLIC_WORD.match(words[0]):
        return None
    found: set[str] = set()
    for p in _morph().parse(words[0]):
        if "Name" in p.tag and "nomn" in p.tag and "sing" in p.tag and p.is_known:
            if "ms-f" in p.tag:
                return None
            if "masc" in p.tag:
                found.add("m")
            elif "femn" in p.tag:
                found.add("f")
    return found.pop() if len(found) == 1 else None  # type: ignore[return-value]


def _phrase_gender(phrase: str) -> Gender:
    """The gender of a role name's head noun (`мирная зверюшка` -> f, `Злой эльф` -> m)."""
    for word in phrase.split():
        if not _CYRILLIC_WORD.match(word):
            continue
        for p in _morph().parse(word):
            if p.tag.POS == "NOUN" and "nomn" in p.tag and "sing" in p.tag and p.is_known:
                if "masc" in p.tag:
                    return "m"
                if "femn" in p.tag:
                    return "f"
                break
    return "unknown"


def gender_word(gender: str | None, masculine: str, feminine: str, unknown: str | None = None) -> str:
    """The word that agrees with `gender`. Unknown: both at once as forum posts write them,
    `Повешен(а)`, `выбыл(а)`, `мирный(ая)`, `являлся(ась)`, `Он(а)` (the GM is told the gender is missing)."""
    if gender == "m":
        return masculine
    if gender == "f":
        return feminine
    if unknown is not None:
        return unknown
    prefix = 0
    while prefix < min(len(masculine), len(feminine)) and masculine[prefix] == feminine[prefix]:
        prefix += 1
    if prefix == 0:
        return f"{masculine}/{feminine}"
    return f"{masculine}({feminine[prefix:]})"


def _restore_caps(original: str, word: str) -> str:
    if original[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


def _known_name_parse(word: str):  # noqa: ANN202 - a pymorphy3 Parse
    """The parse of `word` as a known first name / surname in the nominative, if there is exactly that."""
    key = word.lower().replace("ё", "е")
    for p in _morph().parse(word):
        if p.is_known and any(t in p.tag for t in _NAME_TAGS) and "nomn" in p.tag and "sing" in p.tag \
                and p.word.replace("ё", "е") == key:
            return p
    return None


def _name_word_case(word: str, case: str, gender: Gender) -> str | None:
    """One word of a person's name in `case`, or None when it should not be touched."""
    p = _known_name_parse(word)
    if p is None:
        return None
    if "Fixd" in p.tag:                      # Энни, Фредди: indeclinable
        return word
    if gender == "f" and "masc" in p.tag:    # a woman with a man's name does not decline it ("у Гафф")
        return word
    if gender == "m" and "femn" in p.tag:
        return None
    q = p.inflect({case, "sing"})
    if q is None:
        return None
    return _restore_caps(word, q.word)


def inflect_name(name: str, case: str, gender: str | None = None) -> str:
    """A person's name in `case`; unchanged unless pymorphy3 knows every Cyrillic word as a name."""
    if case == "nomn" or not name:
        return name
    words = name.split(" ")
    if not all(_CYRILLIC_WORD.match(w) for w in words):
        return name
    out = []
    g = gender if gender in ("m", "f") else "unknown"
    for w in words:
        inflected = _name_word_case(w, case, g)  # type: ignore[arg-type]
        if inflected is None:
            return name
        out.append(inflected)
    return " ".join(out)


def inflect_phrase(phrase: str, case: str) -> str:
    """A role name (`мирная зверюшка`, `Странный ребёнок`, `Злой эльф`) in `case`: the head noun takes the
    case, adjectives before it agree with it, words after it keep theirs (`босс мафии` -> `босса мафии`); any
    word pymorphy3 does not know before the head leaves the whole phrase unchanged."""
    if case == "nomn" or not phrase:
        return phrase
    words = phrase.split(" ")
    parses = []
    head = None
    for w in words:
        if w.lower() in _FIXED_WORDS or head is not None:
            parses.append(None)   # after the head noun: a genitive complement ("босс мафии") keeps its case
            continue
        if not _CYRILLIC_WORD.match(w):
            return phrase
        cands = [p for p in _morph().parse(w) if p.is_known and "nomn" in p.tag and p.tag.POS in ("NOUN", "ADJF")]
        if not cands:
            return phrase
        p = next((c for c in cands if c.tag.POS == "NOUN"), None) if head is None else None
        if p is not None:
            head = p
        parses.append(p or next((c for c in cands if c.tag.POS == "ADJF"), cands[0]))
    if head is None:
        return phrase
    number = "plur" if "plur" in head.tag else "sing"
    gender = head.tag.gender
    out = []
    for w, p in zip(words, parses):
        if p is None:
            out.append(w)
            continue
        if "Fixd" in p.tag:
            out.append(w)
            continue
        if p.tag.POS == "ADJF":
            wanted = {case, number}
            if number == "sing" and gender:
                wanted.add(gender)
            if case == "accs" and (number == "plur" or gender == "masc"):
                wanted.add("anim")   # a role is a person: "Злого эльфа"
            q = p.inflect(wanted)
        else:
            q = p.inflect({case, number})
            if case == "accs" and q is not None and ("inan" in p.tag) and gender == "masc":
                q = p.inflect({"gent", number})
        if q is None:
            return phrase
        out.append(_restore_caps(w, q.word))
    return " ".join(out)


def case_of(x: object, case: str) -> str:
    """`x` (a `Person`, a `RoleName` or a plain string) in `case`: hand-written forms first."""
    if case not in CASES:
        raise ValueError(f"unknown grammatical case {case!r}; use one of {', '.join(CASES)}")
    if isinstance(x, Person):
        if case in x.forms:
            return x.forms[case]
        return inflect_name(x.shown, case, x.grammatical_gender)
    if isinstance(x, RoleName):
        if case in x.forms:
            return x.forms[case]
        return inflect_phrase(str(x), case)
    text = str(x)
    by_name = inflect_name(text, case)
    return by_name if by_name != text else inflect_phrase(text, case)


def inflection_note(person: Person, cases: Iterable[str] = ("gent", "accs", "ablt")) -> str | None:
    """A line for the GM when a name is left as written in some case (the GM may add `forms`), else None."""
    missing = [c for c in cases if c not in person.forms and case_of(person, c) == person.shown]
    if not missing:
        return None
    if not all(_CYRILLIC_WORD.match(w) for w in person.shown.split(" ")):
        return None            # Latin nicks are not inflected on Russian forums either
    if any(_known_name_parse(w) is not None and "Fixd" in _known_name_parse(w).tag for w in person.shown.split(" ")):
        return None
    return (f"{person.nick}: «{person.shown}» is left as written in {', '.join(missing)}; if it should change, "
            f"add forms = {{ {missing[0]} = \"…\" }} to the player in the config")


def join_ru(items: Iterable[object], conj: str = "и", sep: str = ", ") -> str:
    """`A`, `A и B`, `A, B и C`; `conj=""` joins every item with `sep` (`РэдДи, Alisa, Trusiki Kayfa`)."""
    parts = [str(i) for i in items]
    if not conj or len(parts) < 2:
        return sep.join(parts)
    return f"{sep.join(parts[:-1])} {conj} {parts[-1]}"


def plural(n: int, one: str, few: str, many: str) -> str:
    """The form of a noun after the number `n`: 1, 21 -> one; 2-4, 22 -> few; 5-20, 11-14 -> many."""
    n = abs(int(n))
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


@lru_cache(maxsize=256)
def _forms_of_noun(word: str) -> tuple[str, str, str]:
    p = next((p for p in _morph().parse(word) if p.tag.POS == "NOUN" and "nomn" in p.tag), None)
    if p is None:
        return word, word, word
    one = p.make_agree_with_number(1)
    few = p.make_agree_with_number(2)
    many = p.make_agree_with_number(5)
    if not (one and few and many):
        return word, word, word
    return tuple(_restore_caps(word, x.word) for x in (one, few, many))  # type: ignore[return-value]


def numeral(n: int, word: str, forms: tuple[str, str, str] | None = None) -> str:
    """`1 голос`, `2 голоса`, `5 голосов`, `11 голосов`, `21 голос`, `22 голоса` (forms by pymorphy3 or given)."""
    one, few, many = forms or _forms_of_noun(word)
    return f"{n} {plural(n, one, few, many)}"
