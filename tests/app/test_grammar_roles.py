"""Cases of role names and nicks in the posts (RULES.md §6: names take the case the sentence needs; roster
entries may give forms by hand, otherwise they are inflected automatically).

Every role of every bundled ruleset is checked by hand in the accusative, genitive and instrumental (the
cases the themes use: «мы теряем …», «последним для …», «Он был …»), without the ruleset's or theme's hand
forms: the automatic inflection alone must be right. Nicks are declined by their ending only when the roster
gives the gender and the nick is one plain Cyrillic word pymorphy3 does not know (or knows only as a name)."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from mafvote import rulesets
from mafvote.alert_rules import gm_report_data
from mafvote.grammar import Person, RoleName, case_of, case_or_apposition, inflect_phrase, inflection_note, person_case
from mafvote.render import build_data, gm_notes, load_theme, make_environment, render

ROOT = Path(__file__).resolve().parents[2]

# (ruleset, role as the theme shows it) -> accs, gent, ablt; checked by hand
ROLE_FORMS = {
    ("new_year", "Санта Клаус"): ("Санту Клауса", "Санты Клауса", "Сантой Клаусом"),
    ("new_year", "Злой тролль"): ("Злого тролля", "Злого тролля", "Злым троллем"),
    ("new_year", "Злобный эльф"): ("Злобного эльфа", "Злобного эльфа", "Злобным эльфом"),
    ("new_year", "Кай"): ("Кая", "Кая", "Каем"),
    ("new_year", "Щелкунчик"): ("Щелкунчика", "Щелкунчика", "Щелкунчиком"),
    ("new_year", "Снежная королева"): ("Снежную королеву", "Снежной королевы", "Снежной королевой"),
    ("new_year", "Дед Мороз"): ("Деда Мороза", "Деда Мороза", "Дедом Морозом"),
    ("new_year", "Снегурочка"): ("Снегурочку", "Снегурочки", "Снегурочкой"),
    ("new_year", "Снеговик"): ("Снеговика", "Снеговика", "Снеговиком"),
    ("new_year", "Снежинка"): ("Снежинку", "Снежинки", "Снежинкой"),
    ("new_year", "Герда"): ("Герду", "Герды", "Гердой"),
    ("new_year", "Хлопушка"): ("Хлопушку", "Хлопушки", "Хлопушкой"),
    ("new_year", "мирная зверюшка"): ("мирную зверюшку", "мирной зверюшки", "мирной зверюшкой"),
    ("peculiar", "Мистер Барон"): ("Мистера Барона", "Мистера Барона", "Мистером Бароном"),
    ("peculiar", "Доктор Голан"): ("Доктора Голан", "Доктора Голан", "Доктором Голан"),     # Голан is a woman
    ("peculiar", "Мистер Арчер"): ("Мистера Арчера", "Мистера Арчера", "Мистером Арчером"),
    ("peculiar", "Пустота"): ("Пустоту", "Пустоты", "Пустотой"),
    ("peculiar", "Абрахам"): ("Абрахама", "Абрахама", "Абрахамом"),
    ("peculiar", "Джейкоб Портман"): ("Джейкоба Портмана", "Джейкоба Портмана", "Джейкобом Портманом"),
    ("peculiar", "Енох О'Коннор"): ("Еноха О'Коннора", "Еноха О'Коннора", "Енохом О'Коннором"),
    ("peculiar", "Эмма Блум"): ("Эмму Блум", "Эммы Блум", "Эммой Блум"),
    ("peculiar", "Оливия Абрахолос Элефанта"): ("Оливию Абрахолос Элефанту", "Оливии Абрахолос Элефанты",
                                                "Оливией Абрахолос Элефантой"),
    ("peculiar", "Мено и Куо-Рама"): ("Мено и Куо-Рама", "Мено и Куо-Рама", "Мено и Куо-Рама"),  # a pair: as written
    ("peculiar", "Миллард Наллингс"): ("Милларда Наллингса", "Милларда Наллингса", "Миллардом Наллингсом"),
    ("peculiar", "Странный ребёнок"): ("Странного ребёнка", "Странного ребёнка", "Странным ребёнком"),
    ("grand_hotel", "Донья Тереса"): ("Донью Тересу", "Доньи Тересы", "Доньей Тересой"),
    ("grand_hotel", "Алисия Аларкон"): ("Алисию Аларкон", "Алисии Аларкон", "Алисией Аларкон"),
    ("grand_hotel", "София Аларкон"): ("Софию Аларкон", "Софии Аларкон", "Софией Аларкон"),
    ("grand_hotel", "Хулио Ольмедо"): ("Хулио Ольмедо", "Хулио Ольмедо", "Хулио Ольмедо"),
    ("grand_hotel", "Диего Муркиа"): ("Диего Муркиа", "Диего Муркиа", "Диего Муркиа"),
    ("grand_hotel", "Анхела Салинас"): ("Анхелу Салинас", "Анхелы Салинас", "Анхелой Салинас"),
    ("grand_hotel", "Альфредо Вергара"): ("Альфредо Вергару", "Альфредо Вергары", "Альфредо Вергарой"),
    ("grand_hotel", "Андрес Аларкон"): ("Андреса Аларкона", "Андреса Аларкона", "Андресом Аларконом"),
    ("grand_hotel", "Каталина"): ("Каталину", "Каталины", "Каталиной"),
    ("grand_hotel", "Донья Элиса"): ("Донью Элису", "Доньи Элисы", "Доньей Элисой"),
    ("grand_hotel", "Аяла"): ("Аялу", "Аялы", "Аялой"),
    ("grand_hotel", "Эрнандо"): ("Эрнандо", "Эрнандо", "Эрнандо"),
    ("grand_hotel", "Лаура"): ("Лауру", "Лауры", "Лаурой"),
    ("grand_hotel", "Хавьер"): ("Хавьера", "Хавьера", "Хавьером"),
    ("grand_hotel", "Бенхамин"): ("Бенхамина", "Бенхамина", "Бенхамином"),
    ("time_machine", "Мафиозо"): ("Мафиозо", "Мафиозо", "Мафиозо"),
    ("time_machine", "Комиссар"): ("Комиссара", "Комиссара", "Комиссаром"),
    ("time_machine", "Доктор"): ("Доктора", "Доктора", "Доктором"),
    ("time_machine", "Мирный житель"): ("Мирного жителя", "Мирного жителя", "Мирным жителем"),
    ("time_machine", "Маньяк"): ("Маньяка", "Маньяка", "Маньяком"),
}


def bundled_roles() -> dict[tuple[str, str], RoleName]:
    """Every role of rulesets/*.toml as the posts show it: the theme's name and gender, no hand forms."""
    out = {}
    for path in sorted((ROOT / "rulesets").glob("*.toml")):
        ruleset = rulesets.load(path.stem)
        themed = load_theme(make_environment("text"), ruleset.theme).roles
        raw = {r["name"]: r for r in tomllib.loads(path.read_text(encoding="utf-8")).get("roles", [])}
        for role in ruleset.roles:
            t = themed.get(role.name, {})
            out[(path.stem, t.get("name", role.name))] = RoleName(t.get("name", role.name),
                                                                  t.get("gender", raw[role.name].get("gender")))
    return out


ROLES = bundled_roles()


def test_rule_6_the_table_covers_every_role_of_every_bundled_ruleset():
    # a new role needs its hand-checked forms here
    assert sorted(ROLES) == sorted(ROLE_FORMS)


@pytest.mark.parametrize("key", sorted(ROLE_FORMS), ids=lambda k: f"{k[0]}-{k[1]}")
def test_rule_6_every_role_takes_the_case_of_the_sentence(key):
    role = ROLES[key]
    assert tuple(case_of(role, c) for c in ("accs", "gent", "ablt")) == ROLE_FORMS[key]
    assert case_of(role, "nomn") == key[1]


def test_rule_6_an_adjective_before_a_noun_is_not_read_as_a_town():
    # «Мирный» is also a town in pymorphy3's dictionary; before «житель» it is the adjective
    assert inflect_phrase("Мирный житель", "ablt") == "Мирным жителем"
    assert inflect_phrase("Мирный житель", "datv") == "Мирному жителю"
    assert RoleName("Мирный житель").grammatical_gender == "m"


def test_rule_6_complements_and_brackets_keep_their_case():
    assert inflect_phrase("босс мафии", "ablt") == "боссом мафии"
    assert inflect_phrase("Санта Клаус (босс мафии)", "gent") == "Санты Клауса (босс мафии)"
    assert inflect_phrase("Дед Мороз (мирный)", "accs") == "Деда Мороза (мирный)"


def test_rule_6_adjectives_agree_with_a_name_pymorphy_does_not_know():
    assert inflect_phrase("Злой Санта", "accs") == "Злого Санту"
    assert inflect_phrase("Злая Нежка", "ablt") == "Злой Нежкой"


def test_rule_6_a_role_gender_decides_a_consonant_surname():
    assert inflect_phrase("Доктор Голан", "ablt", "f") == "Доктором Голан"
    assert inflect_phrase("Доктор Голан", "ablt", "m") == "Доктором Голаном"
    assert inflect_phrase("Алисия Аларкон", "gent") == "Алисии Аларкон"       # the first name says f


def test_rule_6_capitals_and_spacing_are_kept():
    assert inflect_phrase("ДЕД МОРОЗ", "ablt") == "ДЕДОМ МОРОЗОМ"
    assert inflect_phrase("ЕНОХ О'КОННОР", "gent") == "ЕНОХА О'КОННОРА"
    assert inflect_phrase("Дед  Мороз ", "gent") == "Деда Мороза "
    assert inflect_phrase("Санта-Клаус", "gent").endswith("-Клауса")   # the capital after the hyphen stays


def test_rule_6_hand_forms_of_a_role_still_win():
    assert case_of(RoleName("Джейкоб Портман", forms={"gent": "Джейкоба"}), "gent") == "Джейкоба"
    assert case_of(RoleName("Джейкоб Портман", forms={"gent": "Джейкоба"}), "ablt") == "Джейкобом Портманом"


# -- nicks ---------------------------------------------------------------------------------------------

# nick, gender -> gent, datv, accs, ablt, loct
NICK_FORMS = {
    ("Ронин", "m"): ("Ронина", "Ронину", "Ронина", "Ронином", "Ронине"),
    ("Алукард", "m"): ("Алукарда", "Алукарду", "Алукарда", "Алукардом", "Алукарде"),
    ("Пусс", "m"): ("Пусса", "Пуссу", "Пусса", "Пуссом", "Пуссе"),
    ("Лапух", "m"): ("Лапуха", "Лапуху", "Лапуха", "Лапухом", "Лапухе"),
    ("Нежка", "f"): ("Нежки", "Нежке", "Нежку", "Нежкой", "Нежке"),         # и after к
    ("Мурыська", "f"): ("Мурыськи", "Мурыське", "Мурыську", "Мурыськой", "Мурыське"),
    ("Кукуша", "f"): ("Кукуши", "Кукуше", "Кукушу", "Кукушей", "Кукуше"),   # и, ей after ш
    ("Каркуша", "f"): ("Каркуши", "Каркуше", "Каркушу", "Каркушей", "Каркуше"),
    ("Сирения", "f"): ("Сирении", "Сирении", "Сирению", "Сиренией", "Сирении"),
    # known names: pymorphy3's forms, as before
    ("Соня", "f"): ("Сони", "Соне", "Соню", "Соней", "Соне"),
    ("Гораций", "m"): ("Горация", "Горацию", "Горация", "Горацием", "Горации"),
    ("Франклин", "m"): ("Франклина", "Франклину", "Франклина", "Франклином", "Франклине"),
    # common nouns pymorphy3 knows: the dictionary's own declension, a masculine accusative animate
    ("Ёжик", "m"): ("Ёжика", "Ёжику", "Ёжика", "Ёжиком", "Ёжике"),
    ("Туман", "m"): ("Тумана", "Туману", "Тумана", "Туманом", "Тумане"),
    ("Дельта", None): ("Дельты", "Дельте", "Дельту", "Дельтой", "Дельте"),
    ("Ночь", "f"): ("Ночи", "Ночи", "Ночь", "Ночью", "Ночи"),
    ("Лев", None): ("Льва", "Льву", "Льва", "Львом", "Льве"),
    # a noun in -а/-я has its own accusative, a masculine one too («теряем Папу», not «Папы»)
    ("Папа", "m"): ("Папы", "Папе", "Папу", "Папой", "Папе"),
    ("Дядя", None): ("Дяди", "Дяде", "Дядю", "Дядей", "Дяде"),
    ("Слуга", "f"): ("Слуги", "Слуге", "Слугу", "Слугой", "Слуге"),
    ("Мужчина", None): ("Мужчины", "Мужчине", "Мужчину", "Мужчиной", "Мужчине"),
    ("Судья", "m"): ("Судьи", "Судье", "Судью", "Судьёй", "Судье"),            # a ё in the ending stays
    # a noun that is also a surname (Королёва, Голова, Машина decline like adjectives): the noun
    ("Королева", "f"): ("Королевы", "Королеве", "Королеву", "Королевой", "Королеве"),
    ("Королева", None): ("Королевы", "Королеве", "Королеву", "Королевой", "Королеве"),
    ("Голова", "f"): ("Головы", "Голове", "Голову", "Головой", "Голове"),
    ("Машина", None): ("Машины", "Машине", "Машину", "Машиной", "Машине"),
    # first names that are nouns decline as the name (Любовь: not the noun's «любви»)
    ("Любовь", "f"): ("Любови", "Любови", "Любовь", "Любовью", "Любови"),
    ("Роза", None): ("Розы", "Розе", "Розу", "Розой", "Розе"),
    # no ё the nick does not have (pymorphy3 writes тёма, ёжик, ёлка, фёст)
    ("Тема", "m"): ("Темы", "Теме", "Тему", "Темой", "Теме"),
    ("Тема", "f"): ("Темы", "Теме", "Тему", "Темой", "Теме"),
    ("Ежик", "m"): ("Ежика", "Ежику", "Ежика", "Ежиком", "Ежике"),
    ("Елка", None): ("Елки", "Елке", "Елку", "Елкой", "Елке"),
    ("Фест", "m"): ("Феста", "Фесту", "Феста", "Фестом", "Фесте"),
    # a man's feminine -ь noun and a neuter noun keep the noun's declension («для Мыши», «у Солнышка»)
    ("Мышь", "m"): ("Мыши", "Мыши", "Мышь", "Мышью", "Мыши"),
    ("Любовь", "m"): ("Любови", "Любови", "Любовь", "Любовью", "Любови"),
    ("Солнышко", "f"): ("Солнышка", "Солнышку", "Солнышко", "Солнышком", "Солнышке"),
    # nicks of several common words decline like role names; the words after the head keep their case
    ("Серый Волк", "m"): ("Серого Волка", "Серому Волку", "Серого Волка", "Серым Волком", "Сером Волке"),
    ("Ёжик в тумане", "m"): ("Ёжика в тумане", "Ёжику в тумане", "Ёжика в тумане", "Ёжиком в тумане",
                             "Ёжике в тумане"),
    ("Кот в сапогах", "m"): ("Кота в сапогах", "Коту в сапогах", "Кота в сапогах", "Котом в сапогах",
                              "Коте в сапогах"),
    ("Чёрная Кошка", "m"): ("Чёрной Кошки", "Чёрной Кошке", "Чёрную Кошку", "Чёрной Кошкой", "Чёрной Кошке"),
    ("Большой Папа", "m"): ("Большого Папы", "Большому Папе", "Большого Папу", "Большим Папой", "Большом Папе"),
    ("Злые Близнецы", "f"): ("Злых Близнецов", "Злым Близнецам", "Злых Близнецов", "Злыми Близнецами",
                             "Злых Близнецах"),
    ("Мистер Икс", "m"): ("Мистера Икса", "Мистеру Иксу", "Мистера Икса", "Мистером Иксом", "Мистере Иксе"),
}

# nicks that stay as written in every case
UNCHANGED = [
    ("Ронин", "f"),          # a woman's consonant-final nick does not decline
    ("Франклин", "f"),
    ("Ронин", None),
    ("Ronin", "m"),          # Latin
    ("King Eciton", "m"),
    ("Кот2", "m"),           # digits
    ("РэдДи", "f"),          # inner capitals
    ("ЛИСА", "f"),           # capitals
    ("Ёжик в тумане", "f"),  # several words: a masculine head for a woman, as one word
    ("Серый Волк", "f"),
    ("Ежик", "f"),           # no ё added either
    ("Тёмный Lord", "m"),    # a Latin word
    ("Кот2 в сапогах", "m"),
    ("Кот", "f"),            # a man's consonant noun for a woman does not decline, as a name would not
    ("Лапуш", "m"),          # after ш the instrumental is -ом or -ем by the stress
    ("Муркиа", "f"),         # -иа never declines
    ("Энни", "f"),           # indeclinable
    ("Фредди", "m"),
    ("Кофе", None),          # an indeclinable noun
]

CASES = ("gent", "datv", "accs", "ablt", "loct")


@pytest.mark.parametrize("nick,gender", sorted(NICK_FORMS, key=str), ids=lambda x: str(x))
def test_rule_6_nicks_take_the_case_of_the_sentence(nick, gender):
    person = Person(nick, gender=gender)
    assert tuple(case_of(person, c) for c in CASES) == NICK_FORMS[(nick, gender)]
    assert case_of(person, "nomn") == nick


@pytest.mark.parametrize("nick,gender", UNCHANGED, ids=lambda x: str(x))
def test_rule_6_nicks_the_endings_do_not_decide_stay_as_written(nick, gender):
    person = Person(nick, gender=gender)
    assert [case_of(person, c) for c in CASES] == [nick] * len(CASES)


def test_rule_6_roster_forms_win_over_the_ending():
    person = Person("Ronin", "Ронин", "m", {"accs": "Ронина-сана"})
    assert case_of(person, "accs") == "Ронина-сана"
    assert case_of(person, "gent") == "Ронина"
    assert case_of(Person("Нежка", gender="f", forms={"ablt": "Нежечкой"}), "ablt") == "Нежечкой"


def test_rule_6_the_gm_is_told_which_nicks_were_declined_by_their_ending():
    assert inflection_note(Person("Ронин", gender="m")) == (
        "Ронин: «Ронин» is declined by its ending (gent Ронина, accs Ронина, ablt Ронином); if that is wrong, "
        "add forms = { gent = \"…\" } to the player in the config")
    full = {"gent": "Ронина", "accs": "Ронина", "ablt": "Ронином"}
    assert inflection_note(Person("Ронин", gender="m", forms=full)) is None
    assert inflection_note(Person("Соня", gender="f")) is None
    assert inflection_note(Person("Ронин", gender="f")) == (
        "Ронин: «Ронин» is left as written in gent, accs, ablt; if it should change, "
        "add forms = { gent = \"…\" } to the player in the config")
    report = render("new_year", "gm_report", {"roster": [{"nick": "Нежка", "gender": "f"}], "outcome": {"night": 1}},
                    fmt="text")
    assert "Нежка: «Нежка» is declined by its ending (gent Нежки, accs Нежку, ablt Нежкой)" in report


@pytest.mark.parametrize("nick,gender", [("Папа", "m"), ("Дядя", "f"), ("Слуга", None), ("Мужчина", "m"),
                                         ("Дедушка", None), ("Юноша", "m"), ("Зайка", "f"), ("Лама", None)])
def test_rule_6_a_masculine_noun_in_a_or_ya_takes_its_own_accusative_not_the_genitive(nick, gender):
    # «теряем Папу», «указывают на Дядю»: accusative = genitive is for 2nd-declension masculines only
    person = Person(nick, gender=gender)
    assert case_of(person, "accs") == nick[:-1] + {"а": "у", "я": "ю"}[nick[-1]]
    assert case_of(person, "accs") != case_of(person, "gent")


@pytest.mark.parametrize("nick,accs", [("Туман", "Тумана"), ("Лев", "Льва"), ("Орёл", "Орла"), ("Пень", "Пня"),
                                       ("Соловей", "Соловья"), ("Кот", "Кота")])
def test_rule_6_a_masculine_noun_in_a_consonant_takes_the_animate_accusative(nick, accs):
    assert case_of(Person(nick, gender="m"), "accs") == accs
    # without a gender it is not sure («Кота» for a man, «Кот» for a woman): the post uses «игрока Кот»;
    # «Лев» is also a man's first name, which shows the gender
    if nick != "Лев":
        assert person_case(Person(nick), "accs") is None
        assert case_or_apposition(Person(nick), "accs") == f"игрока {nick}"


@pytest.mark.parametrize("nick", ["Королева", "Голова", "Машина", "Турбина", "Свинина", "Гущина"])
@pytest.mark.parametrize("gender", ["m", "f", None])
def test_rule_6_a_noun_nick_that_is_also_a_surname_declines_as_the_noun(nick, gender):
    # the surnames Королёва, Голова decline like adjectives («для Королёвой»); the nick is the noun
    person = Person(nick, gender=gender)
    stem = nick[:-1]
    assert [case_of(person, c) for c in ("gent", "datv", "accs", "ablt")] == \
        [stem + "ы", stem + "е", stem + "у", stem + "ой"]


@pytest.mark.parametrize("nick", ["Тема", "Сема", "Ежик", "Елка", "Фест", "Орел", "Королева"])
@pytest.mark.parametrize("gender", ["m", "f", None])
def test_rule_6_a_nick_written_without_yo_gets_no_yo(nick, gender):
    person = Person(nick, gender=gender)
    assert all("ё" not in case_of(person, c).lower() for c in CASES)


def test_rule_6_a_nick_with_yo_is_not_the_word_without_it():
    # «Тёма» is the name, not the noun «тема» («Тёмы», «Тёмой» either way, but never the noun's reading)
    assert [case_of(Person("Тёма", gender="m"), c) for c in ("gent", "accs", "ablt")] == ["Тёмы", "Тёму", "Тёмой"]
    assert [case_of(Person("Ёжик", gender="m"), c) for c in ("gent", "accs", "ablt")] == ["Ёжика", "Ёжика", "Ёжиком"]


def test_rule_6_the_gm_is_told_nothing_about_nicks_the_dictionary_declines():
    for nick, gender in [("Серый Волк", "m"), ("Мышь", "m"), ("Солнышко", "f"), ("Королева", "f"), ("Папа", None)]:
        assert inflection_note(Person(nick, gender=gender), language="ru") is None, nick
    assert inflection_note(Person("Серый Волк", gender="f"), language="ru") == (
        "Серый Волк: «Серый Волк» в постах не склоняется (род., вин., твор.: как написано); если должно, "
        "добавьте игроку в конфиге forms = { gent = \"…\" }")


# -- the posts -----------------------------------------------------------------------------------------

def day_post(ruleset: str, nick: str, gender: str | None, role: str, side: str, variant: int) -> str:
    outcome = {"day": 2, "deaths": [{"player": nick, "role": role, "side": side, "revealed": True,
                                     "causes": ["hanged"]}], "saved": [], "public": []}
    data = build_data(outcome=outcome, game={"id": "g", "title": "t", "players": [{"nick": nick, "gender": gender}]},
                      ruleset=rulesets.load(ruleset))
    theme = rulesets.load(ruleset).theme
    return render(theme, "day", data, fmt="text", variant=variant).strip().splitlines()


def test_rule_6_time_machine_day_post_puts_the_role_in_the_instrumental():
    assert "Машина времени отправляет Ронина в один конец. Он был Мирным жителем." in \
        day_post("time_machine", "Ронин", "m", "Мирный житель", "town", 0)


@pytest.mark.parametrize("role,side,line", [
    ("Мистер Барон", "hollows", "Она являлась Мистером Бароном (пустота)"),
    ("Мистер Арчер", "hollows", "Она являлась Мистером Арчером (пустота)"),
    ("Джейкоб Портман", "peculiar", "Она являлась Джейкобом Портманом (МЖ)"),
    ("Енох О'Коннор", "peculiar", "Она являлась Енохом О'Коннором (МЖ)"),
    ("Доктор Голан", "peculiar", "Она являлась Доктором Голан (МЖ)"),
])
def test_rule_6_peculiar_day_post_declines_every_name_of_the_role(role, side, line):
    assert day_post("peculiar", "Нежка", "f", role, side, 1)[0] == f"Общим решением Нежка выбывает! {line}"


def test_rule_6_new_year_day_posts_decline_the_nick_and_the_role():
    assert day_post("new_year", "Ронин", "m", "Санта Клаус", "mafia", 1)[0] == \
        "Сегодняшним днём мы теряем Ронина - Санту Клауса (босс мафии)"
    assert day_post("new_year", "Ронин", "m", "Санта Клаус", "mafia", 2)[0] == \
        "Праздничный салют оказался последним для Ронина - Санты Клауса (босс мафии)"
    assert day_post("new_year", "Нежка", "f", "Дед Мороз", "town", 1)[0] == \
        "Сегодняшним днём мы теряем Нежку - Деда Мороза (мирная)"
    assert day_post("new_year", "Нежка", "f", "Дед Мороз", "town", 2)[0] == \
        "Праздничный салют оказался последним для Нежки - Деда Мороза (мирная)"
    assert day_post("new_year", "Пусс", None, "Дед Мороз", "town", 1)[0] == \
        "Сегодняшним днём мы теряем игрока Пусс - Деда Мороза (сторона мирных)"


@pytest.mark.parametrize("nick,gender,role,variant,line", [
    ("Папа", "m", "Дед Мороз", 1, "Сегодняшним днём мы теряем Папу - Деда Мороза (мирный)"),
    ("Королева", "f", "Снегурочка", 2, "Праздничный салют оказался последним для Королевы - Снегурочки (мирная)"),
    ("Голова", "f", "Снегурочка", 2, "Праздничный салют оказался последним для Головы - Снегурочки (мирная)"),
    ("Мышь", "m", "Кай", 2, "Праздничный салют оказался последним для Мыши - Кая (мирный)"),
    ("Серый Волк", "m", "Дед Мороз", 1, "Сегодняшним днём мы теряем Серого Волка - Деда Мороза (мирный)"),
    ("Серый Волк", None, "Дед Мороз", 1, "Сегодняшним днём мы теряем игрока Серый Волк - Деда Мороза (сторона мирных)"),
    ("Тема", "m", "Кай", 1, "Сегодняшним днём мы теряем Тему - Кая (мирный)"),
])
def test_rule_6_new_year_day_posts_decline_noun_nicks(nick, gender, role, variant, line):
    assert day_post("new_year", nick, gender, role, "town", variant)[0] == line


def test_rule_6_time_machine_day_post_declines_a_noun_nick_in_the_accusative():
    assert "Машина времени отправляет Папу в один конец. Он был Мирным жителем." in \
        day_post("time_machine", "Папа", "m", "Мирный житель", "town", 0)
    assert "Машина времени отправляет Королеву в один конец. Она была Мирным жителем." in \
        day_post("time_machine", "Королева", "f", "Мирный житель", "town", 0)


@pytest.mark.parametrize("nick,gender,gent,accs", [
    ("Шляпник", "m", "Шляпника", "Шляпника"), ("Ёжик", "m", "Ёжика", "Ёжика"), ("Дельта", "f", "Дельты", "Дельту")])
def test_a_common_noun_nick_is_declined_by_the_dictionary_and_needs_no_note(nick, gender, gent, accs):
    person = Person(nick, gender=gender)
    assert (case_of(person, "gent"), case_of(person, "accs")) == (gent, accs)
    assert inflection_note(person) is None and inflection_note(person, language="ru") is None


def test_a_nick_really_left_as_written_gets_the_note_in_the_gms_language():
    assert inflection_note(Person("Голан", gender="f"), language="ru") == (
        "Голан: «Голан» в постах не склоняется (род., вин., твор.: как написано); если должно, добавьте игроку в "
        "конфиге forms = { gent = \"…\" }")
    assert inflection_note(Person("Ронин", gender="m"), language="ru") == (
        "Ронин: «Ронин» просклонено по окончанию (род. Ронина, вин. Ронина, твор. Ронином); если неверно, добавьте "
        "игроку в конфиге forms = { gent = \"…\" }")


def test_the_gm_report_of_a_russian_speaking_gm_has_russian_notes_and_the_post_declines_the_noun():
    roster = [{"nick": "Шляпник", "gender": "m"}, {"nick": "Голан", "gender": "f"}, {"nick": "Соня"}]
    outcome = {"night": 1, "deaths": [], "public": [
        {"kind": "evidence", "text": "улики", "data": {"player": "Шляпник"}},
        {"kind": "evidence", "text": "улики", "data": {"player": "Голан"}},
        {"kind": "evidence", "text": "улики", "data": {"player": "Соня"}}]}
    data = {"roster": roster, "outcome": outcome}
    post_text = render("new_year", "night", data, fmt="text")
    assert "На снегу остались следы: улики указывают на Шляпника" in post_text
    notes = gm_notes(gm_report_data(data, language="ru"), theme="new_year")
    assert notes == [
        ("Голан: «Голан» в постах не склоняется (род., вин., твор.: как написано); если должно, добавьте игроку "
         "в конфиге forms = { gent = \"…\" }"),
        ("Соня: пола нет в списке игроков; по имени «Соня» взят женский пол (чтобы не гадать, добавьте игроку "
         "gender = \"m\"/\"f\")")]
    report = render("new_year", "gm_report", gm_report_data(data, language="ru"), fmt="text")
    assert "Шляпник:" not in report and "is left as written" not in report
    # English for an English-speaking GM, as before
    assert gm_notes(gm_report_data(data, language="en"), theme="new_year")[0] == (
        "Голан: «Голан» is left as written in gent, accs, ablt; if it should change, add forms = { gent = \"…\" } "
        "to the player in the config")
