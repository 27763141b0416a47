"""Russian grammar for the themed posts: gender agreement, cases of names and role names, lists, numerals.

Pure functions over strings and small records; the only state is pymorphy3's analyzer, loaded once on first
use. The renderer (`mafvote.render`) registers them as Jinja filters:

    {{ p|case("accs") }}          Соня -> Соню;  King Eciton, lolbabe -> unchanged;  Алукард (no gender) -> игрока Алукард
    {{ p|g("Повешен", "Повешена", "Выбывает") }}   agreement with the player's (or role's) gender; the third
                                  form, one that needs no gender, for an unknown one (no «Повешен(а)» in a post)
    {{ names|join_ru }}            "A", "A и B", "A, B и C"
    {{ n|numeral("голос") }}       1 голос, 2 голоса, 5 голосов, 11 голосов, 21 голос, 22 голоса

A name is declined only where every word's form is sure (`person_case`; RULES.md §6: "roster entries may give
forms by hand, otherwise they are inflected automatically"); where one is not, the post keeps the name as written
after «игрока», «игроку»… in the sentence's case (`case_or_apposition`: «теряем игрока Алукард»): a wrong case
ending in a result post is worse than any wording. Sure: a hand-written form (`forms = { accs = "Соню" }`); a
name in Latin letters (`King Eciton`, `lolbabe`), never declined on Russian forums; a first name or surname
pymorphy3 knows, in the roster's gender or the one the first name shows (`Гораций` -> Горация); a common noun by
its own dictionary declension (`Шляпник` -> Шляпника for a man and stays for a woman, «у Анны Кот», so without a
gender a masculine noun in a consonant, -ь or -й is not sure; `Дельта` -> Дельту, `Мышь` -> Мыши, `Солнышко` ->
Солнышка; a masculine noun in a consonant takes the animate accusative, «повесили Тумана», one in -а/-я its own,
«теряем Папу»), a noun before a surname of the same spelling (`Королева` -> Королевы), a first name before the
noun (`Любовь` -> Любови), a title before a name whoever holds it (`Мастер Йода` -> Мастера Йоду, `Доктор Голан`
-> Доктором Голан; a feminine title shows the gender: `Мисс Перегрин`); a phrase of common words like a role name
(`Серый Волк` -> Серого Волка, by the same gender rule); a word no dictionary knows by its ending: -а/-я after a
consonant for anyone (`Нежка` -> Нежку, `Йода` -> Йоду), a hard consonant for a man (`Ронин` -> Ронина,
`Сомнассон` -> Сомнассона) and as written for a woman (`Гафф`, `Фраунфелид`), -и/-о/-у/-э/-е/-ю as written
(`Энни`, `Хью`). Not sure: a consonant-final word of a player whose gender nobody knows (`Алукард`), soft and
hushing endings for a man, a word with digits, Latin or inner capitals mixed in. No form adds a ё the nick is
written without (`Тема` -> Тему, `Ежик` -> Ежика). `inflection_note` tells the GM which names have no sure form
(give `gender` or `forms`), which were left as written and which were declined by their ending alone (to check).

A role name is a noun phrase: adjectives agree with the head noun (`Мирного жителя`, `Злого эльфа`), a
genitive complement and brackets keep their case (`босса мафии`), and a title or first name followed by names
in apposition declines every one of them (`Деда Мороза`, `Мистером Бароном`, `Санты Клауса`, `Еноха О'Коннора`)
except the indeclinable (`Хулио Ольмедо`, `Диего Муркиа`) and a woman's consonant surname (`Доктором Голан`,
`Эммой Блум`). Names pymorphy3 does not know are declined by the same endings as nicks.
"""
from __future__ import annotations

__all__ = [
    "CASES", "Gender", "Person", "RoleName", "case_of", "gender_from_name", "gender_of", "gender_word",
    "case_or_apposition", "inflect_name", "inflect_phrase", "inflection_note", "join_ru", "numeral", "person_case",
    "plural",
]

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

Gender = Literal["m", "f", "unknown"]
# pymorphy3's case tags, as the config's `forms` keys (mafvote.config.FORM_CASES)
CASES = ("nomn", "gent", "datv", "accs", "ablt", "loct")

_CYRILLIC_WORD = re.compile(r"^[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*$")
_NAME_TAGS = ("Name", "Surn", "Patr")
# readings of proper nouns: "Мирный" is also a town (Geox), but before a noun it is the adjective
_PROPER_TAGS = ("Geox", "Name", "Surn", "Patr", "Orgn")
# a nick declined by its ending is one plain word: no inner capitals (РэдДи), digits, Latin or symbols
_PLAIN_WORD = re.compile(r"^[А-ЯЁа-яё][а-яё]+$")
# a name inside a role name: Мороз, Куо-Рама, О'Коннор
_NAME_WORD = re.compile(r"^(?:[А-ЯЁ]['’])?[А-ЯЁ][а-яё]+(?:-[А-ЯЁа-яё][а-яё]+)*$")
# a consonant-final name is declined only after these: after ж ш ч щ ц the instrumental is -ом or -ем by the
# stress, which the spelling does not show; after й and ь the endings are soft
_HARD_CONSONANTS = frozenset("бвгдзклмнпрстфх")
_VOWELS = frozenset("аеёиоуыэюя")
# endings of a name declined by its ending: a man's consonant-final (Ронин), -а (Нежка), -я (Катя), -ия (Мария)
_ENDINGS = {
    "cons": {"gent": "а", "datv": "у", "accs": "а", "ablt": "ом", "loct": "е"},
    "a": {"gent": "ы", "datv": "е", "accs": "у", "ablt": "ой", "loct": "е"},
    "ya": {"gent": "и", "datv": "е", "accs": "ю", "ablt": "ей", "loct": "е"},
    "iya": {"gent": "и", "datv": "и", "accs": "ю", "ablt": "ей", "loct": "и"},
}
# words of a role name that never change: conjunctions and prepositions ("Мено и Куо-Рама")
_FIXED_WORDS = {"и", "или", "из", "с", "со", "де", "дель", "ла", "фон", "ван"}


@lru_cache(maxsize=1)
def _morph():
    import pymorphy3  # start-up: pymorphy3's dictionaries, loaded once on the first inflection

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
    """The gender of a role name's head noun (`мирная зверюшка` -> f, `Злой эльф` -> m, `Мирный житель` -> m);
    failing that, of a first name pymorphy3 only guesses (`Джейкоб Портман` -> m)."""
    words = phrase.split()
    for i, word in enumerate(words):
        if not _CYRILLIC_WORD.match(word):
            continue
        parses = [p for p in _morph().parse(word) if p.is_known and "nomn" in p.tag]
        if i + 1 < len(words) and any(p.tag.POS == "ADJF" for p in parses):
            # "Мирный житель": an adjective before a noun, not the town of Мирный
            parses = [p for p in parses if not any(t in p.tag for t in _PROPER_TAGS)]
        for p in parses:
            if p.tag.POS == "NOUN" and "sing" in p.tag:
                if "masc" in p.tag:
                    return "m"
                if "femn" in p.tag:
                    return "f"
                break
    for word in words:
        if not _NAME_WORD.match(word) or any(p.is_known for p in _morph().parse(word)):
            continue
        for p in _morph().parse(word):
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


def _restore_caps(original: str, word: str) -> str:
    """pymorphy3's lowercase form written as `original` was: `ДЕД` -> ДЕДОМ, `Дед` -> Дедом, and each part of
    a hyphenated name (`Санта-Клаус` -> Санта-Клаусом); without a ё `original` does not have (`_keep_yo`)."""
    if len(original) > 1 and original.isupper():
        return _keep_yo(original, word).upper()
    parts, shown = word.split("-"), original.split("-")
    if len(parts) != len(shown):
        parts, shown = [word], [original]
    parts = [_keep_yo(s, p) for p, s in zip(parts, shown)]
    return "-".join(p[:1].upper() + p[1:] if s[:1].isupper() else p for p, s in zip(parts, shown))


def _a_noun(word: str) -> bool:
    """Whether `word` ends in -а/-я: such a noun has its own accusative (-у/-ю) whatever its gender («Папу»,
    «Слугу»); only a masculine noun ending in a consonant, -ь or -й takes the genitive («Тумана», «Льва»)."""
    return word[-1:].lower() in ("а", "я")


def _known_name_parse(word: str, tags: tuple[str, ...] = _NAME_TAGS):
    """The parse of `word` as a known first name / surname (one of `tags`) in the nominative, written as it is
    (`_same_letters`: «Королева» is not the surname Королёва's form, but «Семенов» is Семёнов)."""
    for p in _morph().parse(word):
        if p.is_known and any(t in p.tag for t in tags) and "nomn" in p.tag and "sing" in p.tag \
                and _same_letters(p.word, word):
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


def _by_ending(word: str, case: str, gender: str | None, a_genders: tuple[str, ...] = ("f",)) -> str | None:
    """`word`, one Cyrillic name pymorphy3 does not know, in `case` by its ending; None when the ending does not
    say how it declines. A consonant-final name declines only for a man (`Ронина`; a woman's `Гафф` does not); a
    name in -а/-я declines for the genders in `a_genders` (`Нежку`; `Санты` for a man too in role names)."""
    low = word.lower()
    if len(low) < 3 or case not in _ENDINGS["cons"]:
        return None
    last, before = low[-1], low[-2]
    if last in _HARD_CONSONANTS:
        return word + _ENDINGS["cons"][case] if gender == "m" else None
    if gender not in a_genders:
        return None
    if last == "а" and before not in _VOWELS:       # -иа, -уа (Муркиа, Гамсахурдиа) never decline
        ending = _ENDINGS["a"][case]
        if case == "gent" and before in "кгхжшчщ":  # the ы/и spelling rule: Нежки, Маши
            ending = "и"
        if case == "ablt" and before in "жшчщц":    # an unstressed о after a hushing letter is е: Машей
            ending = "ей"
        return word[:-1] + ending
    if last == "я" and before == "и":
        return word[:-1] + _ENDINGS["iya"][case]
    if last == "я" and before not in _VOWELS:       # Катя, Донья; Зоя, Майя: left alone
        return word[:-1] + _ENDINGS["ya"][case]
    return None


def _nick_by_ending(nick: str, case: str, gender: str | None) -> str | None:
    """A one-word Cyrillic nick pymorphy3 does not know (or knows only as a name) declined by its ending, for a
    player whose gender the roster gives; None for anything else (it stays as written)."""
    if gender not in ("m", "f") or case == "nomn" or not _PLAIN_WORD.match(nick):
        return None
    if any(p.is_known and not any(t in p.tag for t in _NAME_TAGS) for p in _morph().parse(nick)):
        return None          # a common word ("Ёжик", "Лиса"): its own declension may differ from the guess
    return _by_ending(nick, case, gender)


def _appositive_case(word: str, case: str, gender: str | None) -> str | None:
    """A name (or title) in a role name in `case`: `Мороз` -> Мороза, `Голан` of a woman -> Голан (her
    consonant surname does not decline), `Хулио` -> Хулио (indeclinable), `О'Коннор` -> О'Коннора; None when
    neither pymorphy3 nor the ending tells (`Нежка` of an unknown gender)."""
    prefix = re.match(r"^([А-ЯЁ]['’])(.+)$", word)
    bare = prefix[2] if prefix else word         # О'Коннор: the part after the apostrophe declines
    parses = [] if prefix else [p for p in _morph().parse(word)
                                if p.is_known and p.tag.POS == "NOUN" and "nomn" in p.tag and "sing" in p.tag]
    if not parses:
        if gender == "f" and bare[-1:].lower() not in _VOWELS:
            return word                          # a woman's consonant-final surname: "Алисией Аларкон"
        declined = _by_ending(bare, case, gender, ("m", "f"))
        return (prefix[1] + declined if prefix else declined) if declined else None
    p = parses[0]
    wanted = {"m": "masc", "f": "femn"}.get(gender or "")
    if wanted:
        matching = [q for q in parses if wanted in q.tag]
        common = [q for q in parses if not any(t in q.tag for t in _PROPER_TAGS)]
        if matching:
            p = matching[0]
        elif common:
            p = common[0]                        # a title declines whoever holds it: "Доктором"
        else:
            return word                          # a woman with a man's name does not decline it ("у Гафф")
    if "Fixd" in p.tag:
        return word
    q = p.inflect({case, "sing"})
    if case == "accs" and "inan" in p.tag and "masc" in p.tag and not _a_noun(bare):
        q = p.inflect({"gent", "sing"})          # a role is a person: accusative as genitive
    return _restore_caps(word, q.word) if q is not None else word


def _nominative_name(word: str) -> bool:
    """Whether a capitalised word after the head is a name in apposition (`Мороз` in «Дед Мороз»), not a
    complement in another case (`Мафии`): unknown words are taken as names, known ones need a nominative."""
    if not _NAME_WORD.match(word):
        return False
    bare = re.sub(r"^[А-ЯЁ]['’]", "", word)
    parses = _morph().parse(bare)
    if not any(p.is_known for p in parses):
        return True
    return any(p.is_known and p.tag.POS == "NOUN" and "nomn" in p.tag and "sing" in p.tag for p in parses)


def _phrase_words(words: list[str]) -> list[tuple[str, str, Any]] | None:
    """Each word of a role name with what it is: `adj` (agrees with the head), `head` (a common noun),
    `name` (a name or title in apposition, declined by `_appositive_case`), `keep` (stays as written).
    None when a word pymorphy3 does not know comes before the head: the phrase is left as written."""
    out: list[tuple[str, str, Any]] = []
    head_at = None
    for i, w in enumerate(words):
        if w.lower() in _FIXED_WORDS:
            out.append((w, "keep", None))
            continue
        cands = [p for p in _morph().parse(w) if p.is_known and "nomn" in p.tag and p.tag.POS in ("NOUN", "ADJF")] \
            if _CYRILLIC_WORD.match(w) else []
        if not cands:
            if _NAME_WORD.match(w) and all(kind == "adj" for _, kind, _ in out):
                out.append((w, "name", None))     # a name pymorphy3 does not know: "Джейкоб", "Санта", "Аяла"
                head_at = i
                break
            return None
        nouns = [c for c in cands if c.tag.POS == "NOUN"]
        adjs = [c for c in cands if c.tag.POS == "ADJF"]
        if adjs and i + 1 < len(words) and all(any(t in c.tag for t in _PROPER_TAGS) for c in nouns):
            nouns = []                            # "Мирный житель": the adjective, not the town of Мирный
        if nouns:
            head = nouns[0]
            proper = any(t in head.tag for t in _NAME_TAGS) and w[:1].isupper()
            out.append((w, "name" if proper else "head", head))
            head_at = i
            break
        out.append((w, "adj", adjs[0]))
    if head_at is None:
        return None
    head = out[-1][2]
    j = head_at + 1
    if head is None or "sing" in head.tag:       # a plural head ("Близнецы") takes no apposition
        while j < len(words) and _nominative_name(words[j]):
            out.append((words[j], "name", None))  # "Дед Мороз", "Мистер Барон", "Енох О'Коннор"
            j += 1
    out.extend((w, "keep", None) for w in words[j:])   # "босс мафии": the complement keeps its case
    return out


def inflect_phrase(phrase: str, case: str, gender: str | None = None) -> str:
    """A role name in `case`: `мирная зверюшка` -> мирную зверюшку, `Мирный житель` -> Мирным жителем, `Злой
    эльф` -> Злого эльфа, `босс мафии` -> босса мафии, `Дед Мороз` -> Деда Мороза, `Санта Клаус (босс мафии)`
    -> Санты Клауса (босс мафии), `Доктор Голан` of a woman -> Доктором Голан. `gender` is the role's (a
    woman's consonant surname does not decline); None: the phrase's own. A word pymorphy3 does not know before
    the head (other than a leading name) leaves the whole phrase as written."""
    if case == "nomn" or not phrase:
        return phrase
    main, bracket, rest = phrase.partition("(")
    tail = bracket + rest                        # "(босс мафии)": brackets stay as written
    if not main.strip():
        return phrase
    if len(main.strip()) > 1 and main.isupper():  # "ДЕД МОРОЗ": declined as "Дед Мороз", written in capitals
        title = re.sub(r"(^|[\s'’-])([а-яё])", lambda m: m[1] + m[2].upper(), main.lower())
        declined = inflect_phrase(title, case, gender)
        return (declined.upper() if declined != title else main) + tail
    leading = main[:len(main) - len(main.lstrip())]
    trailing = main[len(main.rstrip()):]
    words = main.split()
    analysed = _phrase_words(words)
    if analysed is None:
        return phrase
    g = gender if gender in ("m", "f") else _phrase_gender(main)
    if g == "unknown":                           # "Злая Нежка": the adjective shows the gender
        adj = next((p for _, kind, p in analysed if kind == "adj" and p.tag.gender in ("masc", "femn")), None)
        g = {"masc": "m", "femn": "f"}.get(adj.tag.gender if adj is not None else "", "unknown")
    head = next((p for _, kind, p in analysed if kind in ("head", "name")), None)   # None: an unknown name
    number = "plur" if head is not None and "plur" in head.tag else "sing"
    head_gender = (head.tag.gender if head is not None else None) or {"m": "masc", "f": "femn"}.get(g)
    out = []
    head_at = next(i for i, (_, kind, _) in enumerate(analysed) if kind in ("head", "name"))
    for i, (w, kind, p) in enumerate(analysed):
        if kind == "keep" or (p is not None and "Fixd" in p.tag):
            out.append(w)
        elif kind == "name":
            declined = _appositive_case(w, case, g)
            if declined is None and i == head_at:
                return phrase                    # the head itself cannot be declined: "Злая Нежка" stays
            out.append(declined or w)
        elif kind == "adj":
            wanted = {case, number}
            if number == "sing" and head_gender:
                wanted.add(head_gender)
            if case == "accs" and (number == "plur" or head_gender == "masc"):
                wanted.add("anim")   # a role is a person: "Злого эльфа"
            q = p.inflect(wanted)
            if q is None:
                return phrase
            out.append(_restore_caps(w, q.word))
        else:
            q = p.inflect({case, number})
            if case == "accs" and q is not None and "inan" in p.tag and head_gender == "masc" and not _a_noun(w):
                q = p.inflect({"gent", number})
            if q is None:
                return phrase
            out.append(_restore_caps(w, q.word))
    return leading + " ".join(out) + trailing + tail


@lru_cache(maxsize=512)
def _noun_parse(word: str):
    """The parse of `word` as a known common noun (no first name, surname or patronymic) in the nominative
    singular, written as it is; None when pymorphy3 knows no such reading."""
    for p in _morph().parse(word):
        if (p.is_known and p.tag.POS == "NOUN" and "nomn" in p.tag and "sing" in p.tag
                and not any(t in p.tag for t in _NAME_TAGS) and _same_letters(p.word, word)):
            return p
    return None


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
    if case == "nomn" or not _PLAIN_WORD.match(nick):
        return None
    p = _noun_parse(nick)
    if p is None:
        return None
    if "Fixd" in p.tag:
        return nick
    if gender == "f" and "masc" in p.tag and not _a_noun(nick):
        return None
    name = _known_name_parse(nick, ("Name",))
    if name is not None and "Fixd" not in name.tag:
        p = name                                 # Любовь -> Любови (the noun: любви); Лев, Роза agree anyway
    wanted = "gent" if case == "accs" and "masc" in p.tag and not _a_noun(nick) else case
    q = p.inflect({wanted, "sing"})
    if q is None:
        return None
    return _restore_caps(nick, q.word)


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
            or not all(any(p.is_known for p in _morph().parse(w)) for w in words):
        return None
    analysed = _phrase_words(words)
    if analysed is None:
        return None
    head = next(((w, p) for w, kind, p in analysed if kind in ("head", "name")), None)
    if head is None or head[1] is None or any(t in head[1].tag for t in _NAME_TAGS):
        return None                              # "Иван Грозный": a name, not a common noun
    word, p = head
    if gender == "f" and "masc" in p.tag and "sing" in p.tag and not _a_noun(word):
        return None                              # a plural («Злые Близнецы») is no man's name: declined
    declined = inflect_phrase(nick, case, gender if gender in ("m", "f") else None)
    if declined == nick and p.inflect({case, "sing"}) is not None \
            and p.inflect({case, "sing"}).word != p.word:
        return None                              # inflect_phrase gave up on a word
    return declined


def _dictionary_case(nick: str, case: str, gender: str | None) -> str | None:
    """A nick of common words in `case` by pymorphy3's dictionary (one noun, or a phrase); None otherwise."""
    if " " in nick:
        return _phrase_nick_case(nick, case, gender)
    return _noun_nick_case(nick, case, gender)


def _noun_before_name(nick: str) -> bool:
    """Whether a one-word nick is a common noun that pymorphy3 also knows as a surname but not as a first
    name: the noun's declension comes first («для Королевы», «Головы», «Машины»: the surnames Королёва,
    Голова, Машина decline like adjectives, «для Королёвой»). A first name keeps its own («Любови»)."""
    return _PLAIN_WORD.match(nick) is not None and _noun_parse(nick) is not None \
        and _known_name_parse(nick, ("Name",)) is None


# the endings after which a word nobody knows is indeclinable: Энни, Фредди, Пьеро, Хью, Кофе
_INDECLINABLE_ENDINGS = frozenset("иоуэеюё")


def _unknown_word_case(word: str, case: str, gender: str | None) -> str | None:
    """A word pymorphy3 does not know as a nominative (a nick, a foreign surname) in `case`, when its ending
    says for sure how it declines; None when it does not.

    Sure: a word in -и, -о, -у, -э, -е, -ю stays (Энни, Хью); a word in -а/-я after a consonant takes -у/-ы/-ой
    whoever bears it (Нежку, Йоду, Никиту); a word in a hard consonant takes -а/-у/-ом for a man (Ронина,
    Сомнассона) and stays for a woman (Гафф, Фраунфелид). Not sure: a consonant-final word of a player whose
    gender nobody knows (Алукард: «Алукарда» for a man, «Алукард» for a woman), a soft or hushing ending (the
    ending then hangs on the stress or the gender), -ая/-ой (an adjective?), a word with inner capitals
    (РэдДи-like nicks keep their spelling; one in -и stays anyway) or a hyphen."""
    low = word.lower()
    if low[-1:] in _INDECLINABLE_ENDINGS:
        return word
    if not _PLAIN_WORD.match(word) or len(low) < 3:
        return None
    last = low[-1]
    if last in _HARD_CONSONANTS:
        if gender == "f":
            return word
        return _by_ending(word, case, "m") if gender == "m" else None
    if last in ("а", "я"):
        return _by_ending(word, case, "f")      # the -а/-я declension is the same for a man (Никиту)
    if gender == "f" and last not in ("ь", "й"):
        return word                             # a woman's name in ж/ш/ч/щ/ц: stays (Бэтш)
    return None


def _noun_case_sure(word: str, case: str, gender: str | None, title: bool = False) -> str | None:
    """A common noun used as a name (`Шляпник`, `Дельта`) or as a title before one (`Мастер` Йода) in `case`
    by its dictionary declension; None when not sure. A title declines whoever holds it («Мастера Йоду»,
    «Доктором Голан»); a nick that is a masculine noun ending in a consonant, -ь or -й declines for a man
    («Шляпника») and stays for a woman («у Анны Кот»), so without a gender it is not sure."""
    p = _noun_parse(word)
    if p is None:
        return None
    if "Fixd" in p.tag:
        return word
    if not title and "masc" in p.tag and not _a_noun(word) and gender != "m":
        return word if gender == "f" else None
    if title:
        wanted = "gent" if case == "accs" and "masc" in p.tag and not _a_noun(word) else case
        q = p.inflect({wanted, "sing"})
        return _restore_caps(word, q.word) if q is not None else None
    return _noun_nick_case(word, case, gender)


def _title_gender(words: list[str]) -> Literal["m", "f"] | None:
    """The gender a feminine title before a name shows (`Мисс Перегрин`, `Леди Винтер`: f); a masculine title
    (`Мастер`, `Доктор`) is held by women too, so it shows none."""
    if len(words) < 2:
        return None
    p = _noun_parse(words[0])
    return "f" if p is not None and "femn" in p.tag and "anim" in p.tag else None


def _name_word_sure(word: str, case: str, gender: str | None, *, title: bool = False) -> str | None:
    """One word of a person's name in `case` when its form is sure, else None: a hand-known first name or
    surname by the dictionary, a common noun by its own declension, any other word by `_unknown_word_case`."""
    if word.lower() in _FIXED_WORDS:
        return word
    prefix = re.match(r"^([А-ЯЁ]['’])([А-ЯЁ][а-яё]+)$", word)
    if prefix:                                   # О'Коннор: the part after the apostrophe declines
        rest = _name_word_sure(prefix[2], case, gender)
        return prefix[1] + rest if rest is not None else None
    if not _CYRILLIC_WORD.match(word):
        return None
    if _noun_before_name(word):
        return _noun_case_sure(word, case, gender, title)
    name = _known_name_parse(word)
    if name is not None:
        if "Fixd" in name.tag:
            return word
        if gender == "f" and "masc" in name.tag and not _a_noun(word):
            return word                          # a woman with a man's name does not decline it
        if not (gender == "m" and "femn" in name.tag):
            g = gender or ("m" if "masc" in name.tag else "f" if "femn" in name.tag else None)
            # a name in -а/-я declines for anyone (Тёма, Никита); the others by the gender
            declined = _name_word_case(word, case, "unknown" if _a_noun(word) else g or "unknown")  # type: ignore[arg-type]
            if declined is not None:
                return declined
    if _noun_parse(word) is not None:
        return _noun_case_sure(word, case, gender, title)
    if any(p.is_known and "nomn" in p.tag for p in _morph().parse(word)):
        return None                              # an adjective or another known word: no sure name form
    return _unknown_word_case(word, case, gender)


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
    if not all(_CYRILLIC_WORD.match(w) or _NAME_WORD.match(w) for w in words):
        return None                              # Cyrillic with Latin, digits or symbols: Вася99
    gender = person.gender if person.gender in ("m", "f") else gender_from_name(shown) or _title_gender(words)
    if len(words) > 1 and all(_PHRASE_WORD.match(w) for w in words) \
            and all(any(p.is_known for p in _morph().parse(w)) for w in words):
        analysed = _phrase_words(words) or []
        head = next(((w, p) for w, kind, p in analysed if kind == "head"), None)
        # a nick of common words (`Серый Волк`, `Ёжик в тумане`), not a title before a name (`Мастер Йода`)
        if head is not None and not any(kind == "keep" and w[:1].isupper() for w, kind, _ in analysed):
            word, p = head
            if "masc" in p.tag and "sing" in p.tag and not _a_noun(word) and gender != "m":
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


def _person_case(person: Person, case: str) -> tuple[str, bool]:
    """`person`'s name in `case` (as written when not sure) and whether it was declined by its ending alone
    (a word no dictionary knows: a rule the GM may check)."""
    form = person_case(person, case)
    if form is None:
        return person.shown, False
    if case in person.forms or form == person.shown:
        return form, False
    unknown = [w for w in person.shown.split(" ") if _CYRILLIC_WORD.match(w)
               and not any(p.is_known and "nomn" in p.tag for p in _morph().parse(w))]
    return form, bool(unknown)


# the word a name too unsure to decline stands after, in the case the sentence needs: «теряем игрока Алукард»
APPOSITION_NOUN = "игрок"


def case_or_apposition(x: object, case: str, noun: str = APPOSITION_NOUN) -> str:
    """`x` in `case` when its form is sure; else `noun` in that case before the name as written, which
    needs no case of its own: «Улики указывают на игрока Алукард», «оказался последним для игрока Алукард»."""
    if isinstance(x, Person) and case != "nomn":
        form = person_case(x, case)
        if form is None:
            p = _noun_parse(noun)
            q = p.inflect({"gent" if case == "accs" else case, "sing"}) if p is not None else None
            return f"{q.word if q is not None else noun} {x.shown}"
        return form
    return case_of(x, case)


def case_of(x: object, case: str) -> str:
    """`x` (a `Person`, a `RoleName` or a plain string) in `case`: a person's name by `person_case` (as written
    when its form is not sure: posts use `case_or_apposition`); a role by `inflect_phrase` with the role's
    gender; a plain string as a person's name, else as a role."""
    if case not in CASES:
        raise ValueError(f"unknown grammatical case {case!r}; use one of {', '.join(CASES)}")
    if isinstance(x, Person):
        return _person_case(x, case)[0]
    if isinstance(x, RoleName):
        if case in x.forms:
            return x.forms[case]
        return inflect_phrase(str(x), case, x.grammatical_gender)
    text = str(x)
    by_name = inflect_name(text, case)
    return by_name if by_name != text else inflect_phrase(text, case)


# the GM report's notes (`render ... --gm`) in the GM's language (`[alerts] language`)
_NOTE_TEXTS = {
    "en": {"guessed": "{nick}: «{shown}» is declined by its ending ({forms}); if that is wrong, add "
                      "forms = {{ {case} = \"…\" }} to the player in the config",
           "missing": "{nick}: «{shown}» is left as written in {cases}; if it should change, add "
                      "forms = {{ {case} = \"…\" }} to the player in the config",
           "unsure": "{nick}: «{shown}» has no sure form in {cases}: posts write «игрока {shown}»; add gender = "
                     "\"m\"/\"f\" or forms = {{ {case} = \"…\" }} to the player in the config"},
    "ru": {"guessed": "{nick}: «{shown}» просклонено по окончанию ({forms}); если неверно, добавьте игроку в "
                      "конфиге forms = {{ {case} = \"…\" }}",
           "missing": "{nick}: «{shown}» в постах не склоняется ({cases}: как написано); если должно, добавьте "
                      "игроку в конфиге forms = {{ {case} = \"…\" }}",
           "unsure": "{nick}: у «{shown}» нет точной формы ({cases}): посты пишут «игрока {shown}»; добавьте игроку "
                     "в конфиге gender = \"m\"/\"f\" или forms = {{ {case} = \"…\" }}"},
}
_CASE_LABELS = {"en": {}, "ru": {"nomn": "им.", "gent": "род.", "datv": "дат.", "accs": "вин.", "ablt": "твор.",
                                 "loct": "предл."}}


def inflection_note(person: Person, cases: Iterable[str] = ("gent", "accs", "ablt"), *,
                    language: str = "en") -> str | None:
    """A line for the GM when a name is left as written in some case (the GM may add `forms`), or declined by
    its ending (the GM may check it); else None. `language`: "en" or "ru" (the GM report's, `[alerts]
    language`); a case is named as the `forms` key in English, by its Russian abbreviation in Russian.

    "Left as written" is only a nick no rule declined: a common noun pymorphy3 declines by its own dictionary
    (`Шляпник` -> Шляпника) is no note, nor a form that equals the nominative by that declension (a woman's
    `Мышь` in the accusative), nor an indeclinable noun or name (`Кофе`, `Мари`)."""
    texts = _NOTE_TEXTS.get(language, _NOTE_TEXTS["en"])
    labels = _CASE_LABELS.get(language, {})
    unsure = [c for c in cases if c not in person.forms and person_case(person, c) is None]
    if unsure:
        return texts["unsure"].format(nick=person.nick, shown=person.shown, case=unsure[0],
                                      cases=", ".join(labels.get(c, c) for c in unsure))
    found = {c: _person_case(person, c) for c in cases if c not in person.forms}
    guessed = [c for c, (_, by_ending) in found.items() if by_ending]
    missing = [c for c, (form, _) in found.items() if form == person.shown
               and _dictionary_case(person.shown, c, person.gender) is None]
    if guessed:
        shown = ", ".join(f"{labels.get(c, c)} {found[c][0]}" for c in guessed)
        return texts["guessed"].format(nick=person.nick, shown=person.shown, forms=shown, case=guessed[0])
    if not missing:
        return None
    if not all(_CYRILLIC_WORD.match(w) for w in person.shown.split(" ")):
        return None            # Latin nicks are not inflected on Russian forums either
    if any(_known_name_parse(w) is not None and "Fixd" in _known_name_parse(w).tag for w in person.shown.split(" ")):
        return None
    return texts["missing"].format(nick=person.nick, shown=person.shown, case=missing[0],
                                   cases=", ".join(labels.get(c, c) for c in missing))


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
