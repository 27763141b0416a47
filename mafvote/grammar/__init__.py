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

Where each part lives (the names above are the package's face, `__all__`):

    words.py         pymorphy3 and what the rules read of a word
    gender.py        gender_of, gender_from_name, gender_word
    records.py       Person, RoleName
    endings.py       unknown names declined by their ending alone
    noun_phrases.py  inflect_phrase (role names), inflect_name
    nicks.py         person_case: a player's name where every word's form is sure
    cases.py         case_of, case_or_apposition (the `|case` filter)
    notes.py         inflection_note (the GM report)
    numerals.py      join_ru, plural, numeral
"""
from __future__ import annotations

__all__ = [
    "CASES", "Gender", "Person", "RoleName", "case_of", "gender_from_name", "gender_of", "gender_word",
    "case_or_apposition", "inflect_name", "inflect_phrase", "inflection_note", "join_ru", "numeral", "person_case",
    "plural",
]

from .cases import CASES, case_of, case_or_apposition
from .gender import Gender, gender_from_name, gender_of, gender_word
from .nicks import person_case
from .notes import inflection_note
from .noun_phrases import inflect_name, inflect_phrase
from .numerals import join_ru, numeral, plural
from .records import Person, RoleName
