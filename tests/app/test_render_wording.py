"""Russian in the themes' posts and the masks after a замена, each with the exact text:

1. a player without a gender gets a wording that needs none (`Выбывает`, `не может голосовать`, `сторона
   мирных`), never both forms (`Повешен(а)`, `его/её`: no GM writes them) (RULES.md §6); every `g(...)` of
   every theme;
2. a private message after a day (the new boss after a hanging) is headed «(день N)», after a night «(ночь N)»;
3. 004's newspaper does not repeat its section header inside the section's lines;
4. «являлась Мено и Куо-Рамой»; the hollows do not laugh at their own hanged member; no nested brackets in a
   side label; 003's block agrees with the player;
5. a mask played by two accounts is named with both in the final post (RULES.md §5, 000 rule 14 «Все подмаски
   будут оглашены»), and `mafvote state` names the замена by the mask like every other living player.
"""
from __future__ import annotations

import re

import pytest

from mafvote import rulesets
from mafvote.grammar import gender_word
from mafvote.render import (THEMES, load_theme, make_environment, render, render_private, roles_from_ruleset,
                            roster_with_replacements)
from mafvote.render.context import post_context
from mafvote.render.phrases import Phrases
from mafvote.render.views import Event, Views
from support.cli import ok, state
from support.posts import NEW_YEAR_RULES, PECULIAR_RULES, POST_DEADLINE, cand, day_outcome, death, public_count

RULES = {theme: roles_from_ruleset(rulesets.load(theme)) for theme in THEMES}

# --- 1. both genders for a player without one ----------------------------------------------------------------

# every g(masculine, feminine, unknown) of the bundled templates -> the wording for a player without a gender,
# one that needs none (no GM writes «Повешен(а)»); a g() with two forms stands only inside `{% if x is gendered %}`
UNKNOWN_FORMS = {
    ("Повешен", "Повешена", "Выбывает"),
    ("Казнён", "Казнена", "Выбывает"),
    ("брал", "брала", "берёт"),
    ("избежал", "избежала", "избегает"),
    ("подложил", "подложила", "подложил игрок"),
    ("покинул", "покинула", "покидает"),
    ("погиб", "погибла", "гибнет"),
    ("выселен", "выселена", "выселяется"),
    ("выброшен", "выброшена", "выбывает"),
    ("вышел", "вышла", "выходит"),
    ("застыл на месте", "застыла на месте", "не может сдвинуться с места"),
    ("не смог выйти", "не смогла выйти", "не выходит"),
    ("был заблокирован", "была заблокирована", "под блоком"),
    ("лишен возможности голосовать", "лишена возможности голосовать", "не может голосовать"),
    ("Затерялся во времени", "Затерялась во времени", "Время не отпустило"),
    ("Из петли времени не вернулся", "Из петли времени не вернулась", "Петля времени не отпустила"),
}
G_CALL = re.compile(r"\|g\('([^']*)',\s*'([^']*)'(?:,\s*'([^']*)')?\)")


def theme_phrase_sources() -> list[str]:
    out = []
    for theme in THEMES:
        out += [v for variants in load_theme(make_environment("text"), theme).phrases.values() for v in variants]
    return out


def test_rule_6_every_gender_word_of_every_theme_has_a_wording_without_gender():
    # a new g(...) in a theme needs a third form (or an `is gendered` test around it), listed here
    three = {m.groups() for src in theme_phrase_sources() for m in G_CALL.finditer(src) if m.group(3) is not None}
    assert three == UNKNOWN_FORMS
    for src in theme_phrase_sources():
        if any(m.group(3) is None for m in G_CALL.finditer(src)):
            assert " is gendered " in src, src


@pytest.mark.parametrize("forms", sorted(UNKNOWN_FORMS), ids=lambda k: "-".join(k))
def test_rule_6_a_player_without_gender_gets_a_wording_without_one(forms):
    masculine, feminine, unknown = forms
    assert gender_word(None, masculine, feminine, unknown) == unknown
    assert gender_word("m", masculine, feminine, unknown) == masculine
    assert gender_word("f", masculine, feminine, unknown) == feminine


def test_rule_6_an_adjective_and_a_same_form_word_stay_short():
    assert gender_word(None, "мирный", "мирная") == "мирный(ая)"
    assert gender_word(None, "покидает", "покидает") == "покидает"


# Женя: a name of either gender (pymorphy3 "ms-f"), no gender in the roster; Puss: Latin, no gender
UNSURE = [{"nick": "Женя"}, {"nick": "Puss"}, {"nick": "Соня", "gender": "f"}]
# a word with a bracket glued to it (`Повешен(а)`), or two forms with a slash (`его/её`, `мирный/мирная`)
BOTH_FORMS = re.compile(r"[А-Яа-яЁё]+\([А-Яа-яЁё]*\)|[А-Яа-яЁё]+/[А-Яа-яЁё]+")


def phrase_samples(theme: str) -> list[tuple[str, int, str]]:
    """Every variant of every phrase of `theme` that agrees with a player, rendered for Женя (no gender)."""
    env = make_environment("text")
    th = load_theme(env, theme)
    roles = RULES[theme]
    role = next(r for r, info in roles["roles"].items() if not info.get("plain"))
    side = roles["roles"][role]["side"]
    dead = {"player": "Женя", "role": role, "side": side, "revealed": True, "causes": ["hanged"]}
    data = {"roster": UNSURE, **roles, "outcome": {"day": 2, "deaths": [dead], "saved": [], "public": []}}
    views = Views(data, th)
    ctx = post_context(th, "day", data, views, True)
    d = views.death(dead, "day")
    p = views.person("Женя")
    ev = Event("block", "", {"player": "Женя", "actor_role": role, "target_role": role, "role": role})
    out = []
    for key, variants in sorted(th.phrases.items()):
        for i, source in enumerate(variants):
            if "|g(" not in source and " is gendered" not in source:
                continue
            phrases = Phrases(env, th, 0, {key: i}, ctx)
            ctx["phrase"] = phrases
            ctx["each"] = lambda k, seq, var="d", phrases=phrases: [phrases(k, **{var: x}) for x in seq]
            for why in ("protected", "alibi"):
                text = str(phrases(key, d=d, p=p, why=why, ev=ev, people=[p], deaths=[d]))
                out.append((key, i, text))
    return out


@pytest.mark.parametrize("theme", THEMES)
def test_rule_6_every_gendered_phrase_of_every_theme_reads_for_a_player_without_gender(theme):
    samples = phrase_samples(theme)
    assert len(samples) >= 8
    for key, i, text in samples:
        assert "Жен" in text or key.startswith("event.interview"), (key, i, text)   # Женя, Женю
        assert not BOTH_FORMS.search(text), (key, i, text)      # no «Повешен(а)», «его/её»
        depth = 0
        for ch in text:                     # no bracket inside a bracket: «(мирный(ая))»
            depth += {"(": 1, ")": -1}.get(ch, 0)
            assert depth <= 1, (key, i, text)


GRAND_HOTEL_TIE = {"day": 2, "saved": [{"player": "Женя", "reason": "protected"}], "public": [],
                   "deaths": [{"player": "Puss", "role": "Лаура", "side": "town", "revealed": True,
                               "causes": ["hanged"]}]}


def test_rule_6_004_the_saved_player_without_gender_in_both_styles():
    data = {"roster": UNSURE, **RULES["grand_hotel"], "outcome": GRAND_HOTEL_TIE}
    assert render("grand_hotel", "day", data, fmt="text", variant=0) == (
        "«ВЕСТНИК КАНТАЛОА» · вечерний выпуск, день 2\n"
        "━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━\n"
        "СУД ОБИТАТЕЛЕЙ ОТЕЛЯ\n"
        "Суд обитателей отеля: Puss покидает отель навсегда (персонал отеля, город).\n"
        "Из набравших поровну в отеле остаётся Женя: спасла защита от казни.\n")
    assert render("grand_hotel", "day", data, fmt="text", variant=1).splitlines()[-1] == \
        "Женя избегает казни: спасла защита."
    data["roster"] = [{"nick": "Женя", "gender": "f"}, {"nick": "Puss", "gender": "m"}]
    assert render("grand_hotel", "day", data, fmt="text", variant=0).splitlines()[-1] == \
        "Суд обитателей отеля пощадил одну из набравших поровну: Женя остаётся в отеле, её спасла защита от казни."
    assert render("grand_hotel", "day", data, fmt="text", variant=1).splitlines()[-1] == \
        "Женя избежала казни: её спасла защита."


def test_rule_6_a_block_without_gender_needs_no_gender():
    outcome = {"night": 2, "deaths": [], "silenced": [], "private": [], "saved": [],
               "public": [{"kind": "block", "text": "x", "data": {"player": "Женя"}}]}
    out = render("new_year", "night", {"roster": UNSURE, **RULES["new_year"], "outcome": outcome}, fmt="text",
                 variant=0)
    assert out == "трупов нет\nЖеня этой ночью под блоком\n"


def test_rule_6_the_side_label_of_a_player_without_gender_needs_no_gender():
    dead = {"player": "Puss", "role": "Хлопушка", "side": "town", "revealed": True, "causes": ["hanged"]}
    data = {"roster": UNSURE, **RULES["new_year"], "outcome": {"day": 1, "deaths": [dead], "saved": [], "public": []}}
    assert render("new_year", "day", data, fmt="text", variant=0) == "Выбывает Puss - Хлопушка (сторона мирных)\n"


# --- 2. private messages after a day -------------------------------------------------------------------------

HEADERS = {
    "new_year": "Нежка, письмо от ведущего ({} 5):",
    "peculiar": "Нежка, весточка от мисс Перегрин ({} 5):",
    "grand_hotel": "Нежка, записка от портье ({} 5):",
    "time_machine": "Нежка, сообщение из лаборатории ({} 5):",
}
SUCCESSION = {"to": "Нежка", "kind": "succession", "text": "Вы теперь босс"}


@pytest.mark.parametrize("theme", THEMES)
def test_rule_6_a_private_message_after_a_day_is_headed_with_the_day(theme):
    data = {"roster": [{"nick": "Нежка", "gender": "f"}], **RULES[theme]}
    day = {"day": 5, "deaths": [], "saved": [], "public": [], "private": [SUCCESSION]}
    night = {"night": 5, "deaths": [], "silenced": [], "public": [], "saved": [], "private": [SUCCESSION]}
    after_day = render_private(theme, {**data, "outcome": day})["Нежка"]
    after_night = render_private(theme, {**data, "outcome": night})["Нежка"]
    assert after_day.splitlines()[0] == HEADERS[theme].format("день")
    assert after_night.splitlines()[0] == HEADERS[theme].format("ночь")


def test_rule_6_a_private_message_after_a_day_new_year_whole_text():
    day = {"day": 5, "deaths": [], "saved": [], "public": [], "private": [SUCCESSION]}
    data = {"roster": [{"nick": "Нежка", "gender": "f"}], **RULES["new_year"], "outcome": day}
    assert render_private("new_year", data) == {
        "Нежка": "Нежка, письмо от ведущего (день 5):\n"
                 "Теперь вы ведёте свиту Санты Клауса: ночное действие босса за вами.\n"}


def test_rule_6_a_gms_own_theme_takes_the_base_header_for_a_day_and_a_night(tmp_path):
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "theme.toml").write_text('[theme]\ntitle = "Моя"\n', encoding="utf-8")
    day = {"day": 3, "deaths": [], "saved": [], "public": [], "private": [SUCCESSION]}
    night = {"night": 4, "deaths": [], "silenced": [], "public": [], "saved": [], "private": [SUCCESSION]}
    data = {"roster": [{"nick": "Нежка", "gender": "f"}]}
    assert render_private("mine", {**data, "outcome": day}, templates_dir=tmp_path)["Нежка"].splitlines()[0] == \
        "Нежка, результат дня 3:"
    assert render_private("mine", {**data, "outcome": night}, templates_dir=tmp_path)["Нежка"].splitlines()[0] == \
        "Нежка, результат ночи 4:"


# the succession letter each theme gives King Eciton after a night that killed his boss
SUCCESSION_LETTERS = {
    "new_year": ["King Eciton, письмо от ведущего (ночь 1):",
                 "Теперь вы ведёте свиту Санты Клауса: ночное действие босса за вами."],
    "peculiar": ["King Eciton, весточка от мисс Перегрин (ночь 1):",
                 "Пустоты теперь слушают вас: вы отдаёте приказ за Барона."],
    # the base theme's words (these two themes have no succession phrase of their own)
    "grand_hotel": ["King Eciton, записка от портье (ночь 1):",
                    "Вы теперь во главе своей стороны: ночное действие босса теперь ваше."],
    "time_machine": ["King Eciton, сообщение из лаборатории (ночь 1):",
                     "Вы теперь во главе своей стороны: ночное действие босса теперь ваше."],
}


@pytest.mark.parametrize("theme", THEMES)
def test_rule_6_night_resolve_prints_the_letter_the_gm_sends(play, theme):
    # issue 14: `night resolve` printed the resolver's plain «ЛС King Eciton: Вы теперь босс»; it prints the
    # game's theme's letter, the text `render night 1 --private` gives, each line under «ЛС <nick>:» indented by two
    root = play("new_year")
    config = root / "config.toml"
    config.write_text(config.read_text(encoding="utf-8").replace('ruleset = "new_year"',
                                                                 f'ruleset = "new_year"\ntheme = "{theme}"'),
                      encoding="utf-8")
    ok("night", "add", "--night", "1", "--actor", "Ронин", "Убиваю Рэдди")
    lines = ok("night", "resolve", "--night", "1").splitlines()
    at = lines.index("ЛС King Eciton:")
    assert lines[at + 1:at + 3] == [f"  {x}" for x in SUCCESSION_LETTERS[theme]]
    assert not lines[at + 3].startswith("  ")           # the letter ends there
    assert "Вы теперь босс" not in "\n".join(lines)
    private = ok("render", "night", "1", "--private", "--format", "text").splitlines()
    assert private == ["== King Eciton ==", *SUCCESSION_LETTERS[theme]]


def test_rule_6_the_cli_heads_the_private_message_of_a_day_with_the_day(game):
    # 000: the boss Франклин is hanged on day 1; the next hollow leads (a succession message to Бетти)
    ok("night", "add", "--night", "1", "--actor", "Франклин", "Вопрос: есть ли Джейкоб?")
    ok("night", "resolve", "--night", "1")
    ok("day", "close", "--day", "1", "--eliminate", "Франклин")
    out = ok("render", "day", "1", "--private")
    assert out == ("== Бетти ==\n"
                   "Бетти, весточка от мисс Перегрин (день 1):\n"
                   "Пустоты теперь слушают вас: вы отдаёте приказ за Барона.\n")


# --- 3. 004's newspaper ---------------------------------------------------------------------------------------

def test_rule_6_004_the_chronicle_does_not_repeat_its_header():
    outcome = {"night": 1, "deaths": [], "silenced": [], "private": [], "saved": [],
               "public": [{"kind": "block", "text": "x", "data": {"player": "Соня"}},
                          {"kind": "protected", "text": "x", "data": {}}]}
    data = {"roster": UNSURE, **RULES["grand_hotel"], "outcome": outcome}
    assert render("grand_hotel", "night", data, fmt="text", variant=0) == (
        "«ВЕСТНИК КАНТАЛОА» · утренний выпуск, ночь 1\n"
        "━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━\n"
        "НЕКРОЛОГИ\n"
        "Этой ночью в отеле никто не погиб.\n"
        "\n"
        "ХРОНИКА ПРОИСШЕСТВИЙ\n"
        "Этой ночью Соня так и не вышла из номера.\n"
        "Этой ночью в отеле сорвалось покушение.\n"
        "━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━\n")
    assert "Хроника происшествий" not in render("grand_hotel", "night", data, fmt="text", variant=1)


# --- 4. minor wording ------------------------------------------------------------------------------------------

def test_rule_6_000_the_twins_role_is_declined_in_the_day_post():
    dead = {"player": "Гафф", "role": "Мено и Куо-Рама", "side": "peculiar", "revealed": True, "causes": ["hanged"]}
    data = {"roster": [{"nick": "Гафф", "gender": "f"}], **RULES["peculiar"],
            "outcome": {"day": 1, "deaths": [dead], "saved": [], "public": []}}
    assert render("peculiar", "day", data, fmt="text", variant=0) == \
        "Общим решением Гафф выбывает!\nОна являлась Мено и Куо-Рамой (МЖ)\n"
    assert render("peculiar", "day", data, fmt="text", variant=2) == \
        "Пустоты смеются: Гафф покидает петлю. Она была Мено и Куо-Рамой (МЖ).\n"


def test_rule_6_000_the_hollows_do_not_laugh_at_their_own_hanged():
    dead = {"player": "Франклин", "role": "Мистер Барон", "side": "hollows", "revealed": True, "causes": ["hanged"]}
    data = {"roster": [{"nick": "Франклин", "gender": "m"}], **RULES["peculiar"],
            "outcome": {"day": 1, "deaths": [dead], "saved": [], "public": []}}
    assert render("peculiar", "day", data, fmt="text", variant=2) == \
        "Странные дети ликуют: Франклин покидает петлю. Он был Мистером Бароном (пустота).\n"
    hidden = {**dead, "revealed": False}      # the side not shown: the line tells nothing of it
    data["outcome"] = {"day": 1, "deaths": [hidden], "saved": [], "public": []}
    assert render("peculiar", "day", data, fmt="text", variant=2) == "Решение принято: Франклин покидает петлю.\n"


def test_rule_6_003_a_block_agrees_with_the_player():
    outcome = {"night": 2, "deaths": [], "silenced": [], "private": [], "saved": [],
               "public": [{"kind": "block", "text": "x", "data": {"player": "Соня"}}]}
    out = render("time_machine", "night", {"roster": UNSURE, **RULES["time_machine"], "outcome": outcome},
                 fmt="text", variant=0)
    assert out.splitlines()[-1] == "Кто-то остановил время: Соня застыла на месте"


# --- 5. masks after a замена ------------------------------------------------------------------------------------

MASKED = [{"nick": "acc_baron", "gender": "m", "mask": "Вечный"}, {"nick": "acc_kid1", "gender": "f", "mask": "Эсми"},
          {"nick": "acc_kid2", "gender": "m", "mask": "Джулиус"}]
BARON_HANGED = {"day": 1, "saved": [], "public": [], "winner": "peculiar",
                "deaths": [{"player": "acc_baron", "role": "Мистер Барон", "side": "hollows", "revealed": True,
                            "causes": ["hanged"]}]}


def test_rule_5_the_final_post_names_every_account_that_played_a_mask():
    roster = roster_with_replacements(MASKED, [("acc_kid1", "acc_new"), ("acc_new", "acc_third")])
    out = render("peculiar", "day", {"roster": roster, **RULES["peculiar"], "outcome": BARON_HANGED}, fmt="text",
                 variant=1)
    assert out.endswith("Подмаски:\n"
                        "Вечный — acc_baron\n"
                        "Эсми — acc_kid1, затем acc_new, затем acc_third\n"
                        "Джулиус — acc_kid2\n")


def test_rule_5_a_replacement_from_the_config_is_named_in_the_final_post_too():
    roster = [dict(MASKED[0]), {**MASKED[1], "replaced_by": {"nick": "acc_new"}}]
    out = render("peculiar", "day", {"roster": roster, **RULES["peculiar"], "outcome": BARON_HANGED}, fmt="bbcode",
                 variant=1)
    assert out.endswith("Подмаски:\nВечный — acc_baron\nЭсми — acc_kid1, затем acc_new\n")


def test_rule_5_every_account_of_a_slot_is_named_by_what_posts_show():
    from mafvote.render import shown_by_account

    class P:   # a config player
        def __init__(self, nick, mask=""):
            self.nick, self.mask, self.aliases, self.gender, self.forms, self.replaced_by = nick, mask, (), None, {}, None

    shown = shown_by_account([P("acc_kid1", "Эсми"), P("Рики")], [("acc_kid1", "acc_new"), ("Рики", "Пси")])
    assert shown == {"acc_kid1": "Эсми", "acc_new": "Эсми", "Рики": "Пси", "Пси": "Пси"}


MASKS = {"Франклин": "Вечный", "Бетти": "Фиона", "Алтея": "Клэр", "Рики": "Эсми", "Юна": "Джулиус",
         "Дельта": "Эмма", "Бетси": "Миллард"}


def test_rule_5_state_and_the_last_post_name_the_replacement_by_the_mask(game):
    config = game.path / "config.toml"
    text = config.read_text(encoding="utf-8")
    for nick, mask in MASKS.items():
        text = text.replace(f'nick = "{nick}"\n', f'nick = "{nick}"\nmask = "{mask}"\n')
    config.write_text(text, encoding="utf-8")
    ok("replace", "--player", "Эсми", "--by", "acc_new", "--at", "2027-01-11T12:00")
    for nick in ("Юна", "Бетси"):     # a third `state kill` would end the game at once (issue 15 point 6)
        ok("state", "kill", "--player", nick)
    ok("night", "add", "--night", "1", "--actor", "Франклин", "Убиваю Дельту")
    ok("night", "resolve", "--night", "1")                # 2 hollows, 2 others: the hollows win
    alive = ok("state").splitlines()[1]
    assert alive == "Живы (4): Франклин (Вечный), Бетти (Фиона), Алтея (Клэр), acc_new (Эсми)"
    assert {"player": "acc_new", "name": "Эсми"} in state()["alive"]
    out = ok("render", "night", "1", "--format", "text")
    assert out.endswith("Подмаски:\n"
                        "Вечный — Франклин\n"
                        "Фиона — Бетти\n"
                        "Клэр — Алтея\n"
                        "Эсми — Рики, затем acc_new\n"
                        "Джулиус — Юна\n"
                        "Эмма — Дельта\n"
                        "Миллард — Бетси\n")


def test_rule_6_001_private_messages_come_from_the_gm_even_to_the_mafia():
    roster = [{"nick": "Энзо", "gender": "m"}]
    outcome = {"night": 1, "deaths": [], "silenced": [], "public": [], "saved": [],
               "private": [{"to": "Энзо", "kind": "succession", "text": "x"}]}
    assert render_private("new_year", {"roster": roster, **NEW_YEAR_RULES, "outcome": outcome}) == {
        "Энзо": "Энзо, письмо от ведущего (ночь 1):\n"
                "Теперь вы ведёте свиту Санты Клауса: ночное действие босса за вами.\n"}


MASKED_ROSTER = [{"nick": "Франклин", "gender": "m", "mask": "Мистер Икс"}, {"nick": "Алтея", "gender": "f", "mask": "Эмма"},
          {"nick": "Рики", "gender": "m"}]


def test_rule_5_the_last_post_names_every_mask_with_its_account():
    outcome = {**day_outcome([death("Франклин", "Мистер Барон", "hollows", "hanged")]), "winner": "peculiar"}
    out = render("peculiar", "day", {"roster": MASKED_ROSTER, **PECULIAR_RULES, "outcome": outcome}, fmt="text", variant=1)
    assert out == ("Общим решением Мистер Икс выбывает! Он являлся Мистером Бароном (пустота)\n"
                   "\n"
                   "Петля замкнулась: игра окончена! Победа странных детей.\n"
                   "\n"
                   "Подмаски:\n"
                   "Мистер Икс — Франклин\n"
                   "Эмма — Алтея\n")


def test_rule_5_the_night_that_ends_the_game_names_the_masks_too():
    outcome = {"night": 3, "deaths": [death("Алтея", "Эмма Блум", "peculiar", "boss")], "silenced": [], "public": [],
               "private": [], "saved": [], "winner": "hollows"}
    out = render("peculiar", "night", {"roster": MASKED_ROSTER, **PECULIAR_RULES, "outcome": outcome}, fmt="text", variant=1)
    assert out.endswith("Петля замкнулась: игра окончена! Победа пустот.\n\nПодмаски:\nМистер Икс — Франклин\n"
                        "Эмма — Алтея\n")


def test_rule_5_no_post_before_the_end_names_an_account_behind_a_mask():
    outcome = day_outcome([death("Франклин", "Мистер Барон", "hollows", "hanged")])
    data = {"roster": MASKED_ROSTER, **PECULIAR_RULES, "outcome": outcome, "deadline": POST_DEADLINE}
    for theme in ("peculiar", "new_year"):
        for fmt in ("bbcode", "text", "html"):
            out = render(theme, "day", data, fmt=fmt)
            # the mask as the sentence needs it (new_year: «последним для Мистера Икса»), never the account
            assert ("Мистер Икс" in out or "Мистера Икса" in out) and "Франклин" not in out and "Подмаски" not in out
    count = public_count([cand("Франклин", ["Алтея"])], {}, closed=False, not_voted=["Рики"])
    for fmt in ("bbcode", "text", "html"):
        out = render("peculiar", "votecount", {"roster": MASKED_ROSTER, "tally": count}, fmt=fmt)
        assert "Мистер Икс" in out and "Эмма" in out and "Франклин" not in out and "Алтея" not in out


def test_a_player_named_in_any_spelling_is_the_rosters_person_and_a_stranger_is_named_as_written(monkeypatch):
    # Views.person keeps each spelling's player (the daemon's count page names the same players after every post,
    # issue 17, the tick): the roster's person for any case or ё, the name as written for one not in the roster,
    # the spelling folded once
    import mafvote.render.views as views_module

    views = Views({"roster": [{"nick": "Алёна", "gender": "f"}, {"nick": "Puss"}]},
                  load_theme(make_environment("bbcode"), "new_year"))
    folded = []
    real = views_module.roster_key
    monkeypatch.setattr(views_module, "roster_key", lambda name: (folded.append(name), real(name))[1])
    alena = views.person("Алёна")
    assert alena.nick == "Алёна" and alena.gender == "f"
    for spelling in ("Алёна", "АЛЕНА", "алена", " Алёна "):
        assert views.person(spelling) is alena and views.person(spelling) is alena
    assert folded == ["Алёна", "АЛЕНА", "алена", " Алёна "]
    stranger = views.person("Кот")
    assert stranger.nick == "Кот" and stranger.gender is None and str(stranger) == "Кот"
    assert views.person("PUSS").nick == "Puss" and views.person("").nick == "?"
    for n in range(50):                              # many spellings: what is kept stays bounded
        assert views.person("puss" + " " * n).nick == "Puss"
    assert len(views._found) <= 8
