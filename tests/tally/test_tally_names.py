"""Roster matching (RULES.md §2 "Names"): every step, and what is not guessed."""
from __future__ import annotations

import pytest

from mafvote_tally import RosterMatcher, Weight
from mafvote_tally.names import fold, normalise
from support.count import blue, count, counted, flags, post, red, totals

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


class _NoDictionary:
    """A dictionary that must not be asked (the words are in `lemmas` already)."""

    def word_is_known(self, word):
        raise AssertionError(f"the dictionary was asked about {word!r}")

    parse = word_is_known


def test_rule_2_names_the_dictionarys_answers_are_kept_and_a_second_matcher_needs_no_dictionary():
    # issue 17: the dictionary's answer for each word it was asked (normal forms, or None for a word it does not
    # know) is in `lemmas`; a matcher given those answers matches the same without ever asking it
    first = RosterMatcher({"Лев": (), "Павел": (), "Пётр": ()})
    written = ("Льва", "Павла", "Петра", "Петру", "Пылесоса", "Пкрщу")
    found = [first.match(w).player for w in written]
    assert found == ["Лев", "Павел", "Пётр", "Пётр", None, None]
    # the words the endings table did not place (Петра, Петру: Пётр without its ending) were asked
    # (Пкрщу: a word it does not know)
    assert first.lemmas == {"льва": ("лев",), "павла": ("павел",), "пылесоса": ("пылесос",), "пкрщу": None}
    second = RosterMatcher({"Лев": (), "Павел": (), "Пётр": ()}, morph=_NoDictionary())
    second.lemmas.update(first.lemmas)
    assert [second.match(w).player for w in written] == found
    # a word none of them knows is asked; and a matcher told to use no dictionary ignores the answers given
    with pytest.raises(AssertionError, match="the dictionary was asked about 'льву'"):
        second.match("Льву")
    plain = RosterMatcher({"Лев": ()}, use_morph=False)
    plain.lemmas.update(first.lemmas)
    assert plain.match("Льва").status == "none"


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


ROSTER2 = ("Ronin", "Соня", "Trusiki Kayfa", "King Eciton", "Snowman", "Катя", "Кадзуо", "Мари")


# (as written in red, the slot it names, or the candidates shown to the GM)
NAME_CASES = [
    ("Кайфу", "Trusiki Kayfa", None), ("Кайфе", "Trusiki Kayfa", None), ("Кайфой", "Trusiki Kayfa", None),
    ("Трусиков", "Trusiki Kayfa", None), ("Кингу", "King Eciton", None), ("Кинга", "King Eciton", None),
    ("Кингом", "King Eciton", None), ("голосую против Кайфу", "Trusiki Kayfa", None),
    # «Сноумен» is how Snowman is spoken, not its transliteration: shown to the GM, not guessed
    ("Сноумена", None, ("Snowman",)), ("голосую против Сноумена", None, ("Snowman",)),
    # Мари's red «Ка», the start of two names and of a word of a third
    ("Ка", None, ("Trusiki Kayfa", "Катя", "Кадзуо")), ("Ки", None, ("King Eciton",)),
]


@pytest.mark.parametrize("written,player,candidates", NAME_CASES, ids=[c[0] for c in NAME_CASES])
def test_rule_2_names_a_red_case_form_of_a_transliterated_nick_is_matched_or_shown_never_dropped(
        written, player, candidates):
    t = count([post("Ronin", "10:00", blue("Соня")), post("Ronin", "11:00", red(written))], players=ROSTER2,
              alive=ROSTER2)
    if player is not None:
        assert counted(t)["Ronin"] == (player, "red")
        assert flags(t, "ambiguous_name") == [] and flags(t, "unknown_target") == []
    else:
        # the previous valid vote stands, the GM sees who it may be
        assert counted(t)["Ronin"] == ("Соня", "blue")
        [f] = [f for f in t.flags if f.kind == "ambiguous_name"]
        assert (f.player, f.data["written"], tuple(f.data["candidates"])) == ("Ronin", written.split()[-1],
                                                                               candidates)


def test_rule_2_names_a_vote_for_kayfu_counts_and_the_voter_takes_no_penalty():
    # 001: Ronin's «Кайфу» is a vote, so Ronin takes no +2 and Trusiki Kayfa ties Nejka: nobody is
    # hanged (the tool dropped the vote and hanged Ronin, 5 against 2 + 2)
    roster = ("Ronin", "Соня", "Вася", "Петя", "Маша", "Дима", "Trusiki Kayfa", "Nejka")
    posts = [post(a, f"13:0{i}", red(w)) for i, (a, w) in enumerate(
        [("Соня", "Ронина"), ("Вася", "Ронину"), ("Петя", "Нежку"), ("Маша", "Нежки"), ("Дима", "Трусики"),
         ("Ronin", "Кайфу")])]
    t = count(posts, players=roster, alive=roster, weights={"Соня": Weight(red=2)})   # Герда's red counts 2
    assert totals(t) == {"Trusiki Kayfa": 4, "Nejka": 4, "Ronin": 3}
    assert t.not_voted == ("Trusiki Kayfa", "Nejka")
    assert (t.outcome.eliminated, t.outcome.reason) == ((), "tie")
    assert [f.kind for f in t.flags] == []


def test_rule_2_names_a_short_red_run_that_begins_a_players_name_is_flagged_not_ignored():
    # Мари's red «Ка» was ignored with no flag and Мари took the non-voter's penalty in silence
    t = count([post("Мари", "10:06", red("Ка"))], players=ROSTER2, alive=ROSTER2)
    assert [(f.kind, f.player, f.data["candidates"]) for f in t.flags] == [
        ("ambiguous_name", "Мари", ["Trusiki Kayfa", "Катя", "Кадзуо"])]
    assert "Мари" in t.not_voted


@pytest.mark.parametrize("html", [red("Мафия"), red("Внимание"), red("Мафия не пройдёт"), red("красный"),
                                  "<b>Да</b>", red("Зи")])
def test_rule_2_names_ordinary_red_words_and_bold_emphasis_stay_no_vote_and_no_flag(html):
    t = count([post("Ronin", "10:00", html)], players=ROSTER2, alive=ROSTER2,
              rules={"colors_matter": "<b>" not in html})
    assert counted(t) == {} and t.flags == ()
