"""Role names as noun phrases: adjectives agree with the head noun, a complement and brackets keep
their case, names in apposition decline each (`Деда Мороза`, `Санты Клауса (босс мафии)`);
`inflect_name` for a person's name pymorphy3 knows word by word."""
from __future__ import annotations

__all__ = ["inflect_name", "inflect_phrase", "name_word_case", "phrase_words"]

import re
from typing import Any

from .endings import VOWELS, by_ending
from .gender import Gender, phrase_gender
from .words import (CYRILLIC_WORD, FIXED_WORDS, NAME_TAGS, NAME_WORD, PROPER_TAGS, a_noun, known_name_parse, morph,
                    restore_caps)


def name_word_case(word: str, case: str, gender: Gender) -> str | None:
    """One word of a person's name in `case`, or None when it should not be touched."""
    p = known_name_parse(word)
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
    return restore_caps(word, q.word)


def inflect_name(name: str, case: str, gender: str | None = None) -> str:
    """A person's name in `case`; unchanged unless pymorphy3 knows every Cyrillic word as a name."""
    if case == "nomn" or not name:
        return name
    words = name.split(" ")
    if not all(CYRILLIC_WORD.match(w) for w in words):
        return name
    out = []
    g = gender if gender in ("m", "f") else "unknown"
    for w in words:
        inflected = name_word_case(w, case, g)  # type: ignore[arg-type]
        if inflected is None:
            return name
        out.append(inflected)
    return " ".join(out)


def _appositive_case(word: str, case: str, gender: str | None) -> str | None:
    """A name (or title) in a role name in `case`: `Мороз` -> Мороза, `Голан` of a woman -> Голан (her
    consonant surname does not decline), `Хулио` -> Хулио (indeclinable), `О'Коннор` -> О'Коннора; None when
    neither pymorphy3 nor the ending tells (`Нежка` of an unknown gender)."""
    prefix = re.match(r"^([А-ЯЁ]['’])(.+)$", word)
    bare = prefix[2] if prefix else word         # О'Коннор: the part after the apostrophe declines
    parses = [] if prefix else [p for p in morph().parse(word)
                                if p.is_known and p.tag.POS == "NOUN" and "nomn" in p.tag and "sing" in p.tag]
    if not parses:
        if gender == "f" and bare[-1:].lower() not in VOWELS:
            return word                          # a woman's consonant-final surname: "Алисией Аларкон"
        declined = by_ending(bare, case, gender, ("m", "f"))
        return (prefix[1] + declined if prefix else declined) if declined else None
    p = parses[0]
    wanted = {"m": "masc", "f": "femn"}.get(gender or "")
    if wanted:
        matching = [q for q in parses if wanted in q.tag]
        common = [q for q in parses if not any(t in q.tag for t in PROPER_TAGS)]
        if matching:
            p = matching[0]
        elif common:
            p = common[0]                        # a title declines whoever holds it: "Доктором"
        else:
            return word                          # a woman with a man's name does not decline it ("у Гафф")
    if "Fixd" in p.tag:
        return word
    q = p.inflect({case, "sing"})
    if case == "accs" and "inan" in p.tag and "masc" in p.tag and not a_noun(bare):
        q = p.inflect({"gent", "sing"})          # a role is a person: accusative as genitive
    return restore_caps(word, q.word) if q is not None else word


def _nominative_name(word: str) -> bool:
    """Whether a capitalised word after the head is a name in apposition (`Мороз` in «Дед Мороз»), not a
    complement in another case (`Мафии`): unknown words are taken as names, known ones need a nominative."""
    if not NAME_WORD.match(word):
        return False
    bare = re.sub(r"^[А-ЯЁ]['’]", "", word)
    parses = morph().parse(bare)
    if not any(p.is_known for p in parses):
        return True
    return any(p.is_known and p.tag.POS == "NOUN" and "nomn" in p.tag and "sing" in p.tag for p in parses)


def phrase_words(words: list[str]) -> list[tuple[str, str, Any]] | None:
    """Each word of a role name with what it is: `adj` (agrees with the head), `head` (a common noun),
    `name` (a name or title in apposition, declined by `_appositive_case`), `keep` (stays as written).
    None when a word pymorphy3 does not know comes before the head: the phrase is left as written."""
    out: list[tuple[str, str, Any]] = []
    head_at = None
    for i, w in enumerate(words):
        if w.lower() in FIXED_WORDS:
            out.append((w, "keep", None))
            continue
        cands = [p for p in morph().parse(w) if p.is_known and "nomn" in p.tag and p.tag.POS in ("NOUN", "ADJF")] \
            if CYRILLIC_WORD.match(w) else []
        if not cands:
            if NAME_WORD.match(w) and all(kind == "adj" for _, kind, _ in out):
                out.append((w, "name", None))     # a name pymorphy3 does not know: "Джейкоб", "Санта", "Аяла"
                head_at = i
                break
            return None
        nouns = [c for c in cands if c.tag.POS == "NOUN"]
        adjs = [c for c in cands if c.tag.POS == "ADJF"]
        if adjs and i + 1 < len(words) and all(any(t in c.tag for t in PROPER_TAGS) for c in nouns):
            nouns = []                            # "Мирный житель": the adjective, not the town of Мирный
        if nouns:
            head = nouns[0]
            proper = any(t in head.tag for t in NAME_TAGS) and w[:1].isupper()
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
    analysed = phrase_words(words)
    if analysed is None:
        return phrase
    g = gender if gender in ("m", "f") else phrase_gender(main)
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
            out.append(restore_caps(w, q.word))
        else:
            q = p.inflect({case, number})
            if case == "accs" and q is not None and "inan" in p.tag and head_gender == "masc" and not a_noun(w):
                q = p.inflect({"gent", number})
            if q is None:
                return phrase
            out.append(restore_caps(w, q.word))
    return leading + " ".join(out) + trailing + tail
