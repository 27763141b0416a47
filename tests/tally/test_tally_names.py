"""Roster matching (RULES.md §2 "Names"): every step, and what is not guessed."""
from __future__ import annotations

import pytest

from mafvote_tally import RosterMatcher
from mafvote_tally.names import fold, normalise

ROSTER = {n: () for n in ["РэдДи", "King Eciton", "Соня", "Trusiki Kayfa", "Алукард", "Nejka",
                          "Гафф", "Enzo", "Nevermore", "Alisa", "Ronin", "Puss"]}
ROSTER["Ronin"] = ("Ронин",)
M = RosterMatcher(ROSTER)


@pytest.mark.parametrize("written,player,step", [
    ("Соня", "Соня", "exact"), ("СОНЯ", "Соня", "exact"), ("соня!", "Соня", "exact"),
    ("king eciton", "King Eciton", "exact"), ("KingEciton", "King Eciton", "exact"),
    ("Trusiki-Kayfa", "Trusiki Kayfa", "exact"), ("Ронин", "Ronin", "exact"),
    ("Рuss", "Puss", "lookalike"), ("Аlisa", "Alisa", "lookalike"), ("РэдДи", "РэдДи", "exact"),
    ("Нежка", "Nejka", "translit"), ("Алиса", "Alisa", "translit"), ("Энзо", "Enzo", "translit"),
    ("Пусс", "Puss", "translit"), ("Редди", "РэдДи", "translit"), ("Alukard", "Алукард", "translit"),
    ("Соню", "Соня", "inflected"), ("Сони", "Соня", "inflected"), ("Соне", "Соня", "inflected"),
    ("Нежку", "Nejka", "inflected"), ("Алукарда", "Алукард", "inflected"),
    ("Ронина", "Ronin", "inflected"), ("Пуссу", "Puss", "inflected"), ("Гаффа", "Гафф", "inflected"),
    ("Алук", "Алукард", "prefix"), ("Never", "Nevermore", "prefix"), ("Kayfa", "Trusiki Kayfa", "prefix"),
    ("Nevermroe", "Nevermore", "fuzzy"), ("Alukrad", "Алукард", "fuzzy"),
])
def test_rule_2_names_match_step_by_step(written, player, step):
    m = M.match(written)
    assert (m.status, m.player, m.step) == ("match", player, step)


@pytest.mark.parametrize("written,candidates", [
    ("Нейка", ("Nejka",)),               # fuzzy 80: plausible but not confident
    ("Енцо", ("Enzo",)),
])
def test_rule_2_names_not_confident_is_not_guessed(written, candidates):
    m = M.match(written)
    assert (m.status, m.player, m.candidates) == ("ambiguous", None, candidates)


def test_rule_2_names_not_unique_is_not_guessed():
    m = RosterMatcher({"Виктор Бонтли": ("Виктор",), "Бронвин Бонтли": ("Бронвин",), "Сэйба": ()})
    r = m.match("Бонтли")
    assert (r.status, r.candidates) == ("ambiguous", ("Виктор Бонтли", "Бронвин Бонтли"))
    assert m.match("Виктора").player == "Виктор Бонтли"
    r2 = RosterMatcher({"Соня": (), "Сонька": ()}).match("Сон")
    assert (r2.status, r2.candidates) == ("ambiguous", ("Соня", "Сонька"))


@pytest.mark.parametrize("written", ["НЕ", "красный", "синий", "мафия", "Вася", "за", ""])
def test_rule_2_names_ordinary_words_match_nobody(written):
    assert M.match(written).status == "none"


def test_rule_2_names_found_inside_a_sentence():
    hits = M.find_in("голосую против Сони, а не Алукарда")
    assert [(m.player, s, e) for s, e, m in hits] == [("Соня", 15, 19), ("Алукард", 26, 34)]
    assert M.find_in("R o n i n")[0][2].player == "Ronin"


def test_rule_2_names_dictionary_inflections_with_fleeting_vowels():
    m = RosterMatcher({"Лев": (), "Павел": (), "Пётр": ()})
    assert [m.match(w).player for w in ("Льва", "Павла", "Петра", "Петру")] == ["Лев", "Павел", "Пётр", "Пётр"]


# The one name normaliser (issue 16): what it folds and what it keeps. `fold` is how the config's roster check, a
# player named on the command line, a ruleset's roles and a theme's name table compare names; `normalise` (the
# count's exact step) is `fold` without punctuation and spaces.
@pytest.mark.parametrize("written, folded, normalised", [
    ("Соня", "соня", "соня"),                                  # case
    ("АЛЁНА", "алена", "алена"),                               # ё is е, upper case too
    ("  Гораций   Сомнассон ", "гораций сомнассон", "горацийсомнассон"),   # spaces: one inside, none at the ends
    ("Гораций\tСомнассон", "гораций сомнассон", "горацийсомнассон"),       # a tab is a space
    ("D’Artagnan", "d'artagnan", "dartagnan"),                 # the typographic apostrophe is the plain one
    ("Straße", "strasse", "strasse"),                          # case folded, not only lowered
    ("Е\u0308лка", "елка", "елка"),                            # NFC: е + combining diaeresis is ё, then е
    ("Trusiki-Kayfa!", "trusiki-kayfa!", "trusikikayfa"),      # punctuation is kept; only the count drops it
    ("ｎｅｊｋａ", "ｎｅｊｋａ", "nejka"),                       # full-width letters: only the count's NFKC folds them
    ("Rоnin", "rоnin", "rоnin"),                               # a Cyrillic о stays (look-alikes are a later step)
])
def test_rule_2_one_name_normaliser_folds_case_yo_spaces_and_apostrophes(written, folded, normalised):
    assert fold(written) == folded
    assert normalise(written) == normalised
