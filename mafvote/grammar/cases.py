"""The entry points templates use (`|case`): `case_of` for a person, a role or a plain string, and
`case_or_apposition`, which puts a name too unsure to decline after «игрока» in the sentence's case."""
from __future__ import annotations

__all__ = ["APPOSITION_NOUN", "CASES", "case_of", "case_or_apposition"]

from .nicks import person_case, person_form
from .noun_phrases import inflect_name, inflect_phrase
from .records import Person, RoleName
from .words import noun_parse


# pymorphy3's case tags, as the config's `forms` keys (mafvote.config.FORM_CASES)
CASES = ("nomn", "gent", "datv", "accs", "ablt", "loct")
# the word a name too unsure to decline stands after, in the case the sentence needs: «теряем игрока Алукард»
APPOSITION_NOUN = "игрок"


def case_or_apposition(x: object, case: str, noun: str = APPOSITION_NOUN) -> str:
    """`x` in `case` when its form is sure; else `noun` in that case before the name as written, which
    needs no case of its own: «Улики указывают на игрока Алукард», «оказался последним для игрока Алукард»."""
    if isinstance(x, Person) and case != "nomn":
        form = person_case(x, case)
        if form is None:
            p = noun_parse(noun)
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
        return person_form(x, case)[0]
    if isinstance(x, RoleName):
        if case in x.forms:
            return x.forms[case]
        return inflect_phrase(str(x), case, x.grammatical_gender)
    text = str(x)
    by_name = inflect_name(text, case)
    return by_name if by_name != text else inflect_phrase(text, case)
