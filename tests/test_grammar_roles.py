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
from mafvote.grammar import Person, RoleName, case_of, inflect_phrase, inflection_note
from mafvote.render import build_data, load_theme, make_environment, render

ROOT = Path(__file__).resolve().parent.parent

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
    ("Шляпник", None): ("Шляпника", "Шляпнику", "Шляпника", "Шляпником", "Шляпнике"),
    ("Туман", "m"): ("Тумана", "Туману", "Тумана", "Туманом", "Тумане"),
    ("Дельта", None): ("Дельты", "Дельте", "Дельту", "Дельтой", "Дельте"),
    ("Ночь", "f"): ("Ночи", "Ночи", "Ночь", "Ночью", "Ночи"),
}

# nicks that stay as written in every case
UNCHANGED = [
    ("Ронин", "f"),          # a woman's consonant-final nick does not decline
    ("Франклин", "f"),
    ("Нежка", "m"),          # -а declines only for a woman (conservative: Дюма, Тома)
    ("Нежка", None),         # no gender in the roster: no guess
    ("Ронин", None),
    ("Ronin", "m"),          # Latin
    ("King Eciton", "m"),
    ("Кот2", "m"),           # digits
    ("РэдДи", "f"),          # inner capitals
    ("ЛИСА", "f"),           # capitals
    ("Ёжик в тумане", "m"),  # several words
    ("Кот", "f"),            # a man's consonant noun for a woman does not decline, as a name would not
    ("Лапуш", "m"),          # after ш the instrumental is -ом or -ем by the stress
    ("Муркиа", "f"),         # -иа never declines
    ("Энни", "f"),           # indeclinable
    ("Фредди", "m"),
    ("Кофе", None),          # an indeclinable noun
]

CASES = ("gent", "datv", "accs", "ablt", "loct")


@pytest.mark.parametrize("nick,gender", sorted(NICK_FORMS), ids=lambda x: str(x))
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
        "Сегодняшним днём мы теряем Пусс - Деда Мороза (мирный/мирная)"
