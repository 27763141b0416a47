"""Names no dictionary knows, declined by their ending alone: a man's hard consonant (`Ронин` -> Ронина),
-а/-я (`Нежка` -> Нежку), -ия; the endings that never decline (-и, -о, -у, -э, -е, -ю)."""
from __future__ import annotations

__all__ = ["VOWELS", "by_ending", "unknown_word_case"]

from .words import PLAIN_WORD


# a consonant-final name is declined only after these: after ж ш ч щ ц the instrumental is -ом or -ем by the
# stress, which the spelling does not show; after й and ь the endings are soft
_HARD_CONSONANTS = frozenset("бвгдзклмнпрстфх")
VOWELS = frozenset("аеёиоуыэюя")
# endings of a name declined by its ending: a man's consonant-final (Ронин), -а (Нежка), -я (Катя), -ия (Мария)
_ENDINGS = {
    "cons": {"gent": "а", "datv": "у", "accs": "а", "ablt": "ом", "loct": "е"},
    "a": {"gent": "ы", "datv": "е", "accs": "у", "ablt": "ой", "loct": "е"},
    "ya": {"gent": "и", "datv": "е", "accs": "ю", "ablt": "ей", "loct": "е"},
    "iya": {"gent": "и", "datv": "и", "accs": "ю", "ablt": "ей", "loct": "и"},
}


def by_ending(word: str, case: str, gender: str | None, a_genders: tuple[str, ...] = ("f",)) -> str | None:
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
    if last == "а" and before not in VOWELS:       # -иа, -уа (Муркиа, Гамсахурдиа) never decline
        ending = _ENDINGS["a"][case]
        if case == "gent" and before in "кгхжшчщ":  # the ы/и spelling rule: Нежки, Маши
            ending = "и"
        if case == "ablt" and before in "жшчщц":    # an unstressed о after a hushing letter is е: Машей
            ending = "ей"
        return word[:-1] + ending
    if last == "я" and before == "и":
        return word[:-1] + _ENDINGS["iya"][case]
    if last == "я" and before not in VOWELS:       # Катя, Донья; Зоя, Майя: left alone
        return word[:-1] + _ENDINGS["ya"][case]
    return None


# the endings after which a word nobody knows is indeclinable: Энни, Фредди, Пьеро, Хью, Кофе
_INDECLINABLE_ENDINGS = frozenset("иоуэеюё")


def unknown_word_case(word: str, case: str, gender: str | None) -> str | None:
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
    if not PLAIN_WORD.match(word) or len(low) < 3:
        return None
    last = low[-1]
    if last in _HARD_CONSONANTS:
        if gender == "f":
            return word
        return by_ending(word, case, "m") if gender == "m" else None
    if last in ("а", "я"):
        return by_ending(word, case, "f")      # the -а/-я declension is the same for a man (Никиту)
    if gender == "f" and last not in ("ь", "й"):
        return word                             # a woman's name in ж/ш/ч/щ/ц: stays (Бэтш)
    return None
