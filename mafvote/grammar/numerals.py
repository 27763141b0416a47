"""Lists and numbers: `join_ru` («A, B и C»), `plural` and `numeral` («21 голос», «5 голосов»)."""
from __future__ import annotations

__all__ = ["join_ru", "numeral", "plural"]

from collections.abc import Iterable
from functools import lru_cache

from .words import morph, restore_caps


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
    p = next((p for p in morph().parse(word) if p.tag.POS == "NOUN" and "nomn" in p.tag), None)
    if p is None:
        return word, word, word
    one = p.make_agree_with_number(1)
    few = p.make_agree_with_number(2)
    many = p.make_agree_with_number(5)
    if not (one and few and many):
        return word, word, word
    return tuple(restore_caps(word, x.word) for x in (one, few, many))  # type: ignore[return-value]


def numeral(n: int, word: str, forms: tuple[str, str, str] | None = None) -> str:
    """`1 голос`, `2 голоса`, `5 голосов`, `11 голосов`, `21 голос`, `22 голоса` (forms by pymorphy3 or given)."""
    one, few, many = forms or _forms_of_noun(word)
    return f"{n} {plural(n, one, few, many)}"
