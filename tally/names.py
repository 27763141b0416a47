"""Match a name as a player wrote it to a roster slot (RULES.md §2 "Names").

Data flow: ``RosterMatcher(players)`` precomputes several keys for every name of every slot (nick,
mask, aliases, replacement nicks); ``match(text)`` tries, in order, each step below and stops at
the first step that finds anything:

1. ``exact``: case, ``ё/е``, spaces and punctuation ignored;
2. ``lookalike``: Latin/Cyrillic look-alike letters folded (``Pоня`` with a Latin P);
3. ``translit``: both sides reduced to one phonetic Latin key (``Ронин`` = ``Ronin``,
   ``Нежка`` = ``Nejka``: ж/zh/j → j, х/kh/h → h, ц/ts/tz/c → c, й/y/i → i, doubled letters once);
4. ``inflected``: Russian case endings (``Соню``, ``Сони`` → ``Соня``) through pymorphy3's normal
   forms and a small table of endings (so nicks the dictionary does not know, ``Нежку``, work too);
   a nick of three letters (``Эта``, ``Юка``) drops its ending too (``Эту``, ``Юке``), but only when
   the text is the whole name (``fuzzy=True``): inside a sentence ``эту``/``это`` are ordinary words;
5. ``prefix``: one word of a multi-word name, as written (``Kayfa`` → ``Trusiki Kayfa``) or in
   another case (``Горация`` → ``Гораций Сомнассон``, ``Фиону``, ``Бонтли``; ``Горация Сомнассона``:
   every written word in its own case; a Cyrillic case form of a Latin word, ``Кайфу``, ``Трусиков``,
   ``Кингу``, through its phonetic key), or the text is the beginning (≥ 3 letters) of exactly one name;
6. ``fuzzy``: rapidfuzz ratio of phonetic keys ≥ ``confident`` (default 85) and at least 8 points
   ahead of the next player.

If a step finds more than one slot, or the best fuzzy score is only ≥ ``plausible`` (default 70),
nothing is guessed: the result is ``ambiguous`` with the candidates (the GM decides; the previous
valid vote stands, RULES.md §2). ``near(text)`` is asked only for a vote that ``match`` found no one for:
the players it may still mean (a two-letter start, a fuzzy match without the case ending), never a match.
pymorphy3 is slow to construct (~0.15 s): pass one analyzer in, or
let ``default_morph()`` build the one shared instance on first use.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Literal, Sequence

from rapidfuzz import fuzz

__all__ = ["NameMatch", "RosterMatcher", "fold", "normalise", "phonetic_key", "default_morph"]

Step = Literal["exact", "lookalike", "translit", "inflected", "prefix", "fuzzy"]


@dataclass(frozen=True)
class NameMatch:
    """What a written name means: one player, several (ambiguous) or none, and the step that decided."""
    status: Literal["match", "ambiguous", "none"]
    player: str | None = None
    candidates: tuple[str, ...] = ()
    step: Step | None = None
    score: float = 0.0


NO_MATCH = NameMatch("none")

_PUNCT = re.compile(r"[\W_]+", re.UNICODE)
# Cyrillic letters that look like Latin ones (upper or lower case), folded to Latin.
_LOOKALIKE = str.maketrans({
    "а": "a", "в": "b", "е": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c",
    "т": "t", "у": "y", "х": "x", "і": "i", "ј": "j", "ѕ": "s", "ԁ": "d",
})
_TRANSLIT = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ж": "j", "з": "z", "и": "i",
    "й": "i", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s",
    "т": "t", "у": "u", "ф": "f", "х": "h", "ц": "c", "ч": "ch", "ш": "sh", "щ": "sh", "ъ": "",
    "ы": "i", "ь": "", "э": "e", "ю": "iu", "я": "ia", "і": "i", "ї": "i", "є": "e",
}
# Latin spellings folded to the same key as the Cyrillic letters above.
_LATIN_FOLD = [
    ("shch", "sh"), ("sch", "sh"), ("zh", "j"), ("kh", "h"), ("ts", "c"), ("tz", "c"),
    ("yu", "iu"), ("ju", "iu"), ("ya", "ia"), ("ja", "ia"), ("ph", "f"), ("ck", "k"),
    ("w", "v"), ("x", "ks"), ("q", "k"), ("y", "i"),
]
_DOUBLE = re.compile(r"(.)\1+")
_PHON_FINAL = re.compile(r"(ia|iu|[aeiou])$")   # a phonetic key's final vowel (the nominative ending)

# Russian case endings (noun-like nicks); used when the dictionary does not know the nick.
_ENDINGS = ("ами", "ями", "ого", "его", "ому", "ему", "ой", "ей", "ом", "ем", "ою", "ею",
            "ам", "ям", "ах", "ях", "ую", "юю", "а", "я", "у", "ю", "ы", "и", "е", "о")
_NAME_FINALS = ("а", "я", "й", "ь", "о", "е", "ы", "и")
# The case endings a three-letter nick may take, by its final letter (Эта → Эты/Эте/Эту/Этой;
# Рэй → Рэя/Рэю/Рэем): only these, so "это" is not "Эта" (a nick in -о, -е, -и does not decline).
_SHORT_CASES = {
    "а": ("ы", "и", "е", "у", "ой", "ою"), "я": ("и", "е", "ю", "ей", "ею"),
    "й": ("я", "ю", "е", "ем"), "ь": ("я", "ю", "е", "ем", "и"),
}
# an -а nick takes -и for -ы only after these (Юка → Юки, but Эта → Эты: "эти" is not «Эта»)
_VELARS = "гкхжшчщ"
_LATIN_ENDINGS = ("a", "u", "e", "om", "oi", "y", "i")
_CYRILLIC = re.compile(r"[а-яё]")
_FIND_TOKEN = re.compile(r"[^\s,;:!?()«»\"“”„—–/|]+")


def fold(text: str) -> str:
    """How a name is compared wherever it is looked up by its spelling: the project's one name normaliser (issue 16:
    the config's roster check, a player named on the command line or in a night file, a role of a ruleset, a
    theme's name table). Unicode NFC, case folded, ``ё`` as ``е``, the typographic apostrophe ``’`` as ``'``, runs
    of spaces as one and none at the ends. Here, in the lowest layer, because every package but the crawler
    imports the count's names."""
    text = unicodedata.normalize("NFC", str(text)).casefold().replace("ё", "е").replace("’", "'")
    return " ".join(text.split())


def normalise(text: str) -> str:
    """Case, ``ё/е``, spaces and punctuation ignored: ``fold`` of the compatibility form (NFKC: ``ｎ`` is ``n``)
    without any punctuation or space (the count's ``exact`` step)."""
    return _PUNCT.sub("", fold(unicodedata.normalize("NFKC", text)))


def _lookalike(key: str) -> str:
    return key.translate(_LOOKALIKE)


@lru_cache(maxsize=65536)
def phonetic_key(text: str) -> str:
    """One Latin key for Cyrillic and Latin spellings of a name (``Нежка``/``Nejka`` → ``nejka``)."""
    key = normalise(text)
    out = "".join(_TRANSLIT.get(ch, ch) for ch in key)
    for a, b in _LATIN_FOLD:
        out = out.replace(a, b)
    return _DOUBLE.sub(r"\1", out)


@lru_cache(maxsize=1)
def default_morph() -> Any:
    """The one shared pymorphy3 analyzer (built on first use: it reads its dictionaries once)."""
    import pymorphy3  # start-up: pymorphy3 and its dictionaries, built on the first name that needs them
    import pymorphy3_dicts_ru  # start-up: (the same)

    # the dictionary's path given: without it pymorphy3 looks for its dictionaries through every installed
    # package's entry points, half of the analyzer's start (≈ 35 ms of `mafvote tally`'s, issue 17)
    return pymorphy3.MorphAnalyzer(path=pymorphy3_dicts_ru.get_path(), lang="ru")


def _stem(key: str) -> str:
    """A name key without its nominative ending (``соня`` → ``сон``)."""
    if len(key) > 3 and key.endswith(_NAME_FINALS):
        return key[:-1]
    return key


def _ending_forms(lk: str) -> set[str]:
    """A normalised word without each Russian case ending it may carry (``горация`` → ``гораци``…)."""
    if _CYRILLIC.search(lk):
        return {lk[: -len(end)] for end in _ENDINGS if lk.endswith(end) and len(lk) - len(end) >= 2}
    # Latin nicks inflected with Russian endings: "Ronin'а", "Puss'у", "Ronina"
    return {lk[: -len(end)] for end in (*_LATIN_ENDINGS, *_ENDINGS)
            if lk.endswith(end) and len(lk) - len(end) >= 3}


class RosterMatcher:
    """Matches written names to slots. ``names`` maps each slot to every name it goes by."""

    def __init__(self, names: dict[str, Sequence[str]], *, morph: Any = None,
                 confident: float = 85.0, plausible: float = 70.0, use_morph: bool = True):
        self.slots = list(names)
        self.confident, self.plausible = confident, plausible
        self._morph = morph
        self._use_morph = use_morph
        self._exact: dict[str, set[str]] = {}
        self._look: dict[str, set[str]] = {}
        self._phon: dict[str, set[str]] = {}
        self._stems: dict[str, set[str]] = {}
        self._phon_list: list[tuple[str, str]] = []
        self._phon_stems: dict[str, set[str]] = {}
        self._parts: dict[str, set[str]] = {}
        # the words of multi-word names without their nominative ending ("фиона" → "фион"), and each
        # multi-word name as its words' keys: the case-ending step for "Фиону", "Горация Сомнассона"
        self._part_stems: dict[str, set[str]] = {}
        self._multi: list[tuple[tuple[tuple[frozenset[str], frozenset[str]], ...], str]] = []
        # three-letter nicks without their final letter ("эта" → "эт") → (slot, final): "Эту", "Асю"
        # (whole texts only)
        self._short_stems: dict[str, set[tuple[str, str]]] = {}
        self._part_heads: set[str] = set()          # first letters of the words of multi-word names
        self._forms: dict[str, tuple[str, set[str]]] = {}   # _word_forms, per written word
        for slot, written in names.items():
            for name in (slot, *written):
                k = normalise(name)
                if not k:
                    continue
                self._exact.setdefault(k, set()).add(slot)
                self._look.setdefault(_lookalike(k), set()).add(slot)
                p = phonetic_key(name)
                self._phon.setdefault(p, set()).add(slot)
                self._stems.setdefault(_stem(k), set()).add(slot)
                if len(k) == 3 and k[-1] in _SHORT_CASES and _CYRILLIC.search(k):
                    self._short_stems.setdefault(k[:-1], set()).add((slot, k[-1]))
                self._phon_list.append((p, slot))
                self._phon_stems.setdefault(_PHON_FINAL.sub("", p) or p, set()).add(slot)
                words = name.split()
                if len(words) > 1:
                    # one word of a multi-word nick ("Kayfa" for "Trusiki Kayfa")
                    keyed = []
                    for w in words:
                        nw, pw = normalise(w), phonetic_key(w)
                        keyed.append((frozenset({nw, pw}), frozenset({_stem(nw)})))
                        if len(nw) >= 4:
                            self._parts.setdefault(nw, set()).add(slot)
                            self._parts.setdefault(pw, set()).add(slot)
                            if _stem(nw) != nw:
                                self._part_stems.setdefault(_stem(nw), set()).add(slot)
                            ps = _PHON_FINAL.sub("", pw)
                            if ps != pw and len(ps) >= 3:
                                self._part_stems.setdefault(ps, set()).add(slot)
                    self._multi.append((tuple(keyed), slot))
                    # as written and as the phonetic key begins: a Cyrillic case form of a Latin word
                    # ("Кайфу" for "Kayfa", "Кингу" for "King") is found by its key's first letter
                    self._part_heads.update(normalise(w)[:1] for w in words)
                    self._part_heads.update(phonetic_key(w)[:1] for w in words)
        self._heads = {k[:1] for k in self._exact} | {p[:1] for p, _ in self._phon_list}
        # the longest name in words: how many words find_in tries as one name
        self.max_words = max((len(n.split()) for slot, ns in names.items() for n in (slot, *ns)),
                             default=1)
        self._cache: dict[tuple[str, bool], NameMatch] = {}
        self._near: dict[str, NameMatch] = {}
        self._runs_found: dict[tuple[str, bool], tuple[tuple[int, int, NameMatch], ...]] = {}
        # recognise.read_post keeps its readings here: one matcher per roster, reused across
        # counts (the public and GM views, every poll) reads each post version once.
        self.readings: dict[tuple, Any] = {}
        # recognise.Flat of post versions by their HTML, as the store keeps them: read_post uses these
        # instead of parsing the HTML (the caller fills it; empty, every post is parsed)
        self.flats: dict[str, Any] = {}
        # the same as the store keeps them (`Flat.to_json`), decoded into `flats` when a count first needs one
        # (`recognise.add_stored`): a post without colour, in a game where colours matter, is never decoded
        self.stored: dict[str, str] = {}
        # what a player's coloured post holds, by the stored reading's first JSON value (its coloured runs, colour
        # words and early mark, where they stand in the text: `recognise._read`): the posts that vote the same way
        # at the same place («Голосую Соня» in red) are matched once (issue 17's cold count)
        self.heads: dict[str, Any] = {}
        # tally.count keeps its last walk of a day's posts here (`count._Walk`): the next count of the same day
        # (the other view, the next poll's) goes on from where it stopped instead of taking every post again
        self.walk: Any = None
        # the dictionary's answer for each word it was asked about (`_dictionary_forms`): the word's normal forms, or
        # None for a word it does not know. The answer depends on the word and the dictionary alone, never on the
        # roster: the caller may fill it from an earlier run's (mafvote keeps it beside the store, issue 17), and a
        # count whose words are all in it never loads the dictionary (pymorphy3's start, ~0.1 s). Only for the
        # default dictionary (`morph` not given): another analyzer's answers are its own
        self.lemmas: dict[str, tuple[str, ...] | None] = {}

    def post_versions(self) -> int:
        """How many entries the matcher keeps by post version (readings, flats, stored readings, heads): what grows
        with the posts it has read, game day after game day, where one matcher serves a game's life."""
        return len(self.readings) + len(self.flats) + len(self.stored) + len(self.heads)

    def forget_posts(self) -> None:
        """Drop what the matcher keeps by post version; its names, the dictionary's answers and the day's walk stay.
        The next count reads its posts' stored readings again (the caller gives them: `recognise.add_stored`)."""
        self.readings.clear()
        self.flats.clear()
        self.stored.clear()
        self.heads.clear()

    @classmethod
    def from_roster(cls, roster: Any, **kw: Any) -> "RosterMatcher":
        return cls({p.nick: p.names() for p in roster.players}, **kw)

    @property
    def morph(self) -> Any:
        if self._morph is None and self._use_morph:
            self._morph = default_morph()
        return self._morph

    def _dictionary_forms(self, lk: str) -> tuple[str, ...] | None:
        """The normal forms (normalised) of the normalised word `lk` by the dictionary, at most four; None when the
        dictionary does not know it (or no dictionary is used). Kept in `lemmas`, which the caller may fill."""
        if not self._use_morph and self._morph is None:
            return None
        if lk in self.lemmas:
            return self.lemmas[lk]
        m = self.morph
        if m is None:
            return None
        known = (tuple(dict.fromkeys(normalise(p.normal_form) for p in m.parse(lk)[:4])) if m.word_is_known(lk)
                 else None)
        if len(self.lemmas) < 100_000:
            self.lemmas[lk] = known
        return known

    # ------------------------------------------------------------------------------------ match
    def match(self, text: str, *, fuzzy: bool = True) -> NameMatch:
        """The slot ``text`` names, or why none is guessed."""
        ck = (text, fuzzy)
        hit = self._cache.get(ck)
        if hit is None:
            hit = self._match(text, fuzzy)
            if len(self._cache) < 100_000:
                self._cache[ck] = hit
        return hit

    def _found(self, slots: Iterable[str], step: Step, score: float = 100.0) -> NameMatch:
        s = tuple(sorted(set(slots), key=self.slots.index))
        if len(s) == 1:
            return NameMatch("match", s[0], s, step, score)
        return NameMatch("ambiguous", None, s, step, score)

    def _match(self, text: str, fuzzy: bool) -> NameMatch:
        k = normalise(text)
        if not k:
            return NO_MATCH
        if k in self._exact:
            return self._found(self._exact[k], "exact")
        lk = _lookalike(k)
        if lk in self._look:
            return self._found(self._look[lk], "lookalike")
        pk = phonetic_key(text)
        if pk in self._phon:
            return self._found(self._phon[pk], "translit")
        slots = self._inflected(text, k, whole=fuzzy)
        if slots:
            return self._found(slots, "inflected")
        if k in self._parts or pk in self._parts:
            return self._found(self._parts.get(k, set()) | self._parts.get(pk, set()), "prefix")
        slots = self._inflected_part(text)
        if slots:
            # RULES.md §2: several players share the word ("Бонтли") → ambiguous, never guessed. Labelled
            # "prefix" like the uninflected part above: one word of a longer name is not sure enough to
            # say a plain-text sentence names the player (count.py's not_a_vote uses exact…inflected only).
            return self._found(slots, "prefix")
        if len(k) >= 3:
            pre = {s for name, ss in self._exact.items() if name.startswith(k) for s in ss}
            pre |= {s for p, s in self._phon_list if len(pk) >= 3 and p.startswith(pk)}
            if pre:
                return self._found(pre, "prefix")
        if not fuzzy or len(k) < 3:
            return NO_MATCH
        best: dict[str, float] = {}
        for p, slot in self._phon_list:
            sc = fuzz.ratio(pk, p)
            if sc > best.get(slot, 0.0):
                best[slot] = sc
        ranked = sorted(best.items(), key=lambda kv: -kv[1])
        if not ranked or ranked[0][1] < self.plausible:
            return NO_MATCH
        top, score = ranked[0]
        runner = ranked[1][1] if len(ranked) > 1 else 0.0
        if score >= self.confident and score - runner >= 8.0:
            return NameMatch("match", top, (top,), "fuzzy", score)
        close = tuple(s for s, sc in ranked if s == top or (sc >= self.plausible and score - sc < 8.0))
        return NameMatch("ambiguous", None, close, "fuzzy", score)

    def _inflected(self, text: str, key: str, *, whole: bool = True) -> set[str]:
        words = text.split()
        if not words:
            return set()
        # Inflect the last word only: "Ронина", "King Eciton'а" keep earlier words as written.
        head = normalise(" ".join(words[:-1]))
        lk = normalise(words[-1])
        cyrillic = bool(_CYRILLIC.search(lk))
        forms = _ending_forms(lk)
        slots = self._slots_of_forms(head, lk, forms)
        if not slots and whole and not head and len(lk) in (3, 4) and self._short_stems:
            # a three-letter nick: "Эту"/"Эты" → "Эта", "Асю" → "Ася"; unique or ambiguous like any step
            stem, end = lk[:2], lk[2:]
            slots = {slot for slot, final in self._short_stems.get(stem, ())
                     if end in _SHORT_CASES[final] and (end != "и" or final != "а" or stem[-1] in _VELARS)}
        # The dictionary is slow (~50 µs a word): asked only when the endings table found nothing
        # and the word begins like some name (an inflected name keeps its first letter).
        if not slots and cyrillic and (lk[:1] in self._heads or phonetic_key(lk)[:1] in self._heads):
            # only words the dictionary knows (names are in it: Лев/Льва, Павел/Павла); guessing
            # by analogy for unknown words is what the endings table already does, 20x cheaper
            known = self._dictionary_forms(lk)
            if known is not None:
                slots = self._slots_of_forms(head, lk, set(known))
        return slots

    def _word_forms(self, word: str) -> tuple[str, set[str]]:
        """(the normalised word, the forms it may be an inflection of: endings off, dictionary normal forms)."""
        hit = self._forms.get(word)
        if hit is not None:
            return hit
        lk = normalise(word)
        forms = _ending_forms(lk)
        # the dictionary (Лев/Льва, Трусиков/трусики) only for a word that begins like a word of some
        # multi-word name
        if _CYRILLIC.search(lk) and self._part_head(lk):
            forms |= set(self._dictionary_forms(lk) or ())
        forms.discard(lk)
        if len(self._forms) < 100_000:
            self._forms[word] = (lk, forms)
        return lk, forms

    def _part_head(self, key: str) -> bool:
        """Whether a normalised word begins like some word of a multi-word name (as written or phonetically)."""
        return key[:1] in self._part_heads or phonetic_key(key)[:1] in self._part_heads

    def _inflected_part(self, text: str) -> set[str]:
        """Slots whose multi-word name holds the written word(s) in another case: ``Горация`` →
        ``Гораций Сомнассон``, ``Фиону`` → ``Фиона Фраунфелид``, ``Горация Сомнассона``."""
        if not self._multi:
            return set()
        words = [w for w in text.split() if normalise(w)]
        # an inflected word keeps its first letter: a word no name-word begins with rules the text out
        if not words or not all(self._part_head(normalise(w)) for w in words):
            return set()
        if len(words) == 1:
            _, forms = self._word_forms(words[0])
            slots: set[str] = set()
            for f in forms:
                pf = phonetic_key(f)
                slots |= self._parts.get(f, set()) | self._parts.get(pf, set())
                if len(f) >= 3:
                    slots |= self._part_stems.get(f, set()) | self._part_stems.get(pf, set())
            return slots
        # several words: each written word (as written or in another case) is the next word of the name
        written = [self._word_forms(w) for w in words]
        slots = set()
        for keyed, slot in self._multi:
            for off in range(len(keyed) - len(written) + 1):
                if all(lk in keyed[off + i][0]
                       or any(f in keyed[off + i][0] or (len(f) >= 3 and f in keyed[off + i][1])
                              for f in forms)
                       for i, (lk, forms) in enumerate(written)):
                    slots.add(slot)
                    break
        return slots

    def _slots_of_forms(self, head: str, lk: str, forms: set[str]) -> set[str]:
        slots: set[str] = set()
        for f in forms:
            full = head + f
            if full in self._exact:
                slots |= self._exact[full]
            elif _lookalike(full) in self._look:
                slots |= self._look[_lookalike(full)]
            if full in self._stems and f != lk:
                slots |= self._stems[full]
            pf = phonetic_key(full)
            if pf in self._phon:
                slots |= self._phon[pf]
            if len(pf) >= 3 and pf in self._phon_stems and f != lk:
                slots |= self._phon_stems[pf]
        return slots

    def near(self, text: str) -> NameMatch:
        """The players a vote's name that ``match`` found no one for may still mean: ``ambiguous`` with them
        (never a sure match: RULES.md §2, "an unsure match is reported to the GM with the candidates, never
        dropped"), or ``none``. Asked only for a red/blue run (or a colour word) naming nobody, so its
        cost is off the path of every ordinary word:

        * a two-letter word that begins a name or a word of one («Ка» → Кадзуо, Катя): too short for
          ``match``'s unique prefix (≥ 3 letters), too likely a typed-off vote to ignore;
        * the name without a Russian case ending, fuzzily ≥ ``plausible`` to a name or a word of one
          («Сноумена» → Snowman: «Сноумен» is spoken English, not a transliteration of it)."""
        hit = self._near.get(text)
        if hit is None:
            hit = self._near_uncached(text)
            if len(self._near) < 100_000:
                self._near[text] = hit
        return hit

    def _near_uncached(self, text: str) -> NameMatch:
        words = text.split()
        k = normalise(text)
        if not words or len(k) < 2:
            return NO_MATCH
        if len(words) == 1 and len(k) == 2:
            pk = phonetic_key(text)
            keys = [*self._exact, *(p for p, _ in self._phon_list), *self._parts]
            slots: set[str] = set()
            for key in keys:
                if key.startswith(k) or (len(pk) >= 2 and key.startswith(pk)):
                    slots |= (self._exact.get(key, set()) | self._phon.get(key, set())
                              | self._parts.get(key, set()))
            if not slots:
                return NO_MATCH
            s = tuple(sorted(slots, key=self.slots.index))
            return NameMatch("ambiguous", None, s, "prefix", 0.0)
        return self._near_fuzzy(words)

    def _near_fuzzy(self, words: list[str]) -> NameMatch:
        head = normalise(" ".join(words[:-1]))
        last = normalise(words[-1])
        forms = {last} | _ending_forms(last)
        targets = [*self._phon_list, *((p, s) for p, ss in self._parts.items() for s in ss)]
        best: dict[str, float] = {}
        for f in forms:
            pf = phonetic_key(head + f)
            if len(pf) < 3:
                continue
            for p, slot in targets:
                sc = fuzz.ratio(pf, p)
                if sc >= self.plausible and sc > best.get(slot, 0.0):
                    best[slot] = sc
        if not best:
            return NO_MATCH
        ranked = sorted(best, key=lambda sl: (-best[sl], self.slots.index(sl)))
        return NameMatch("ambiguous", None, tuple(ranked), "fuzzy", best[ranked[0]])

    # ------------------------------------------------------------------------------------ search
    def find_in(self, text: str, *, fuzzy_whole: bool = True) -> list[tuple[int, int, NameMatch]]:
        """Every roster name in a longer text, as ``(start, end, match)`` in reading order.

        n-grams of up to ``max_words`` words are tried longest first; inside a sentence only the
        exact…prefix steps apply (fuzzy guesses there would turn ordinary words into names);
        a text of one or two words as a whole may also match fuzzily."""
        # kept per text: a thread's coloured runs are mostly its players' names, the same few texts again and again
        key = (text, fuzzy_whole)
        hit = self._runs_found.get(key)
        if hit is None:
            hit = tuple(self._find_in(text, fuzzy_whole))
            if len(self._runs_found) < 100_000:
                self._runs_found[key] = hit
        return list(hit)

    def _find_in(self, text: str, fuzzy_whole: bool) -> list[tuple[int, int, NameMatch]]:
        if text.isalnum():
            tokens = [(0, len(text))]          # the usual coloured run: just the name
        else:
            tokens = [m.span() for m in _FIND_TOKEN.finditer(text)]
        if not tokens:
            return []
        if fuzzy_whole and len(tokens) <= self.max_words + 6:
            # the whole run as one name: "R o n i n", and fuzzily when it is one or two words
            whole = self.match(text[tokens[0][0]:tokens[-1][1]], fuzzy=len(tokens) <= 2)
            if whole.status != "none" and (len(tokens) <= 2 or whole.step in ("exact", "lookalike", "translit")):
                return [(tokens[0][0], tokens[-1][1], whole)]
        out: list[tuple[int, int, NameMatch]] = []
        i = 0
        while i < len(tokens):
            hit = None
            for n in range(min(self.max_words, len(tokens) - i), 0, -1):
                s, e = tokens[i][0], tokens[i + n - 1][1]
                if n > 1 and any(text[tokens[k][1]:tokens[k + 1][0]].strip()
                                 for k in range(i, i + n - 1)):
                    continue   # a name does not span punctuation ("Сони, а")
                piece = text[s:e].strip(".'’-")
                if len(normalise(piece)) < 2:
                    continue
                m = self.match(piece, fuzzy=False)
                if m.status != "none":
                    hit = (s, e, m, n)
                    break
            if hit:
                out.append(hit[:3])
                i += hit[3]
            else:
                i += 1
        return out
