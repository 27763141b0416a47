"""The GM report's note on a name: left as written in some case, no sure form (posts write «игрока …»), or
declined by its ending alone (to check); in the GM's language."""
from __future__ import annotations

__all__ = ["inflection_note"]

from collections.abc import Iterable

from .nicks import dictionary_case, person_case, person_form
from .records import Person
from .words import CYRILLIC_WORD, known_name_parse


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
    found = {c: person_form(person, c) for c in cases if c not in person.forms}
    guessed = [c for c, (_, by_ending) in found.items() if by_ending]
    missing = [c for c, (form, _) in found.items() if form == person.shown
               and dictionary_case(person.shown, c, person.gender) is None]
    if guessed:
        shown = ", ".join(f"{labels.get(c, c)} {found[c][0]}" for c in guessed)
        return texts["guessed"].format(nick=person.nick, shown=person.shown, forms=shown, case=guessed[0])
    if not missing:
        return None
    if not all(CYRILLIC_WORD.match(w) for w in person.shown.split(" ")):
        return None            # Latin nicks are not inflected on Russian forums either
    if any(known_name_parse(w) is not None and "Fixd" in known_name_parse(w).tag for w in person.shown.split(" ")):
        return None
    return texts["missing"].format(nick=person.nick, shown=person.shown, case=missing[0],
                                   cases=", ".join(labels.get(c, c) for c in missing))
