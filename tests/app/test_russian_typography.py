"""Typography of mafvote's own Russian (issue 14): ё written wherever it belongs, a dash (—) between words, never
a spaced hyphen, and no internal rule number (`RULES.md` §3.10, «правило 5.1 игры 001») the GM never saw. Checked
over every text of the Russian catalogue and every phrase of every theme; the rulesets' [texts] keep the seeds'
own formulas as the GMs wrote them («Сегодня Вася лишен возможности голосовать») and are not checked here."""
from __future__ import annotations

import re

import pytest

from mafvote import messages
from mafvote.render import THEMES, load_theme, make_environment

# words whose е is ё in standard spelling, as they occur in the texts of a vote counter and its posts («отправлен»
# is not one: отпра́влен)
YO_WORDS = ("еще", "ее", "черный", "черная", "черную", "черной", "обреченный", "обреченного", "учтен", "учтенный",
            "подсчет", "подсчета", "подсчете", "счет", "отчет", "отчета", "зеленый", "желтый", "четный", "нечетный",
            "ребенок", "ребенка", "елка", "елкой", "пришел", "ушел", "нашел", "прошел", "вперед", "идет", "придет",
            "ждет", "дает", "берет", "ведет", "живет", "мертвый", "тяжелый", "серьезный", "решен", "отменен",
            "сохранен", "включен", "определен", "лишенный", "приведен")
_YO = re.compile(r"(?<![а-яёА-ЯЁ])(" + "|".join(YO_WORDS) + r")(?![а-яёА-ЯЁ])", re.IGNORECASE)
_RULE_NUMBER = re.compile(r"RULES\.md|§|правил[оа]? *\d|игры 00\d")


def catalogue() -> list[tuple[str, str]]:
    return sorted(messages.TABLES["ru"].items())


def theme_phrases() -> list[tuple[str, str]]:
    env = make_environment("text")
    return [(f"{theme}: {key}", v) for theme in (*THEMES, "_base")
            for key, variants in sorted(load_theme(env, theme).phrases.items()) for v in variants]


@pytest.mark.parametrize("source", [catalogue, theme_phrases], ids=["catalogue", "themes"])
def test_yo_is_written_where_it_belongs(source):
    texts = source()
    assert len(texts) > 100
    assert [(key, _YO.findall(text)) for key, text in texts if _YO.search(text)] == []


@pytest.mark.parametrize("source", [catalogue, theme_phrases], ids=["catalogue", "themes"])
def test_a_dash_between_words_never_a_spaced_hyphen(source):
    # the one hyphen kept: right after a player, the seeds' own «Ник - Роль» of their posts («трупы: Нежка -
    # Злобный эльф», «Сыворотка правды: … - …», «… - жертва Джейкоба»)
    assert [(key, text) for key, text in source()
            if " - " in text.replace("}} - ", "").replace("{% if d.role %} - ", "")] == []


@pytest.mark.parametrize("source", [catalogue, theme_phrases], ids=["catalogue", "themes"])
def test_no_text_cites_a_rule_number_the_gm_never_saw(source):
    assert [(key, text) for key, text in source() if _RULE_NUMBER.search(text)] == []


def test_the_peculiar_alibi_line_is_obrechyonny():
    env = make_environment("text")
    assert load_theme(env, "peculiar").phrases["day.reason.alibi"] == ("Обречённый отмазан и не вешается никто.",)
