"""Votes that used to vanish without a word to the GM (found by playing 000 and 003 through the CLI), each pinned to
the rule it breaks: RULES.md §2 "Names" (a multi-word mask name in another case, a three-letter nick in
another case) and §3.2 (a vote for a name nobody on the roster has is invalid and flagged, the previous
valid vote stands). The two real days are data files in tests/data/tally_lost_votes/."""
from __future__ import annotations

from pathlib import Path

import pytest

from mafvote_tally import RosterMatcher, count_day
from support.count import blue, count, counted, flags, load_tally_scenario, post, red

# 000's mask names are two words; the GM lists no aliases here, so only the new step can find them.
MASKS = ("Гораций Сомнассон", "Фиона Фраунфелид", "Эддисон МакГенри", "Виктор Бонтли", "Алтея", "Франклин")
M = RosterMatcher({n: () for n in MASKS})
SHORT = RosterMatcher({n: () for n in ("Эта", "Юка", "Ася", "Рэй", "Каппа", "Бета")})


def bold(name: str) -> str:
    return f"<b>{name}</b>"


def green(name: str) -> str:
    return f'<span style="color: green">{name}</span>'


# ------------------------------------------------------------ §2 names: a word of a multi-word name

@pytest.mark.parametrize("written,player", [
    ("Горация", "Гораций Сомнассон"),          # genitive/accusative of the first name
    ("Горацию", "Гораций Сомнассон"),
    ("Гораций", "Гораций Сомнассон"),          # nominative first name (worked before)
    ("Фиону", "Фиона Фраунфелид"),
    ("Фионы", "Фиона Фраунфелид"),
    ("Виктора", "Виктор Бонтли"),
    ("Виктору", "Виктор Бонтли"),
    ("Бонтли", "Виктор Бонтли"),               # surname alone
    ("Эддисона", "Эддисон МакГенри"),
    ("МакГенри", "Эддисон МакГенри"),
    ("Сомнассона", "Гораций Сомнассон"),       # surname in another case
    ("Горация Сомнассона", "Гораций Сомнассон"),   # both words inflected
    ("Фионы Фраунфелид", "Фиона Фраунфелид"),
    ("Франклина", "Франклин"),                 # one-word nick (worked before)
])
def test_rule_2_names_a_word_of_a_multi_word_name_in_another_case(written, player):
    m = M.match(written)
    assert (m.status, m.player) == ("match", player)
    assert M.match(written, fuzzy=False).player == player      # also inside a sentence


def test_rule_2_names_a_shared_word_of_multi_word_names_is_not_guessed():
    m = RosterMatcher({"Виктор Бонтли": (), "Бронвин Бонтли": (), "Виктор Зайцев": ()})
    for written, candidates in [("Бонтли", ("Виктор Бонтли", "Бронвин Бонтли")),
                                ("Виктора", ("Виктор Бонтли", "Виктор Зайцев"))]:
        r = m.match(written)
        assert (r.status, r.player, r.candidates) == ("ambiguous", None, candidates)
    assert m.match("Бронвину").player == "Бронвин Бонтли"
    assert m.match("Виктора Зайцева").player == "Виктор Зайцев"


@pytest.mark.parametrize("written", ["Горизонт", "голосую", "против", "Фигню", "Викторина", "Сомна"])
def test_rule_2_names_words_near_a_mask_name_are_not_it(written):
    # "Сомна" begins a surname but is not a case of it (only a whole name has a prefix step)
    assert M.match(written, fuzzy=False).status == "none"


def test_rule_2_names_found_in_a_sentence_in_another_case():
    hits = M.find_in("голосую против Горация, а не Фионы")
    assert [(m.player, s, e) for s, e, m in hits] == [("Гораций Сомнассон", 15, 22),
                                                        ("Фиона Фраунфелид", 29, 34)]


# ------------------------------------------------------------ §2 names: three-letter nicks

@pytest.mark.parametrize("written,player", [
    ("Эту", "Эта"), ("Эты", "Эта"), ("Эте", "Эта"), ("Этой", "Эта"),
    ("Юку", "Юка"), ("Юке", "Юка"), ("Юки", "Юка"),
    ("Асю", "Ася"), ("Аси", "Ася"), ("Рэя", "Рэй"), ("Рэю", "Рэй"), ("Рэем", "Рэй"),
])
def test_rule_2_names_a_three_letter_nick_in_another_case(written, player):
    m = SHORT.match(written)
    assert (m.status, m.player) == ("match", player)


@pytest.mark.parametrize("written", ["это", "Это", "эти", "Эти", "Этом"])
def test_rule_2_names_a_three_letter_nick_takes_only_its_own_endings(written):
    # "это" is not a case of «Эта» (an -а nick has no -о case); -и for -ы only after к, г, х, ж, ш…
    assert SHORT.match(written).status == "none"


def test_rule_2_names_three_letter_nicks_sharing_a_stem_are_not_guessed():
    m = RosterMatcher({"Эта": (), "Этя": (), "Соня": ()})
    r = m.match("Эте")                      # -е is a case of both
    assert (r.status, r.candidates) == ("ambiguous", ("Эта", "Этя"))
    assert m.match("Эту").player == "Эта"   # -у only of «Эта»
    assert m.match("Этю").player == "Этя"


def test_rule_2_names_a_three_letter_nick_in_another_case_is_not_read_out_of_a_sentence():
    # "эту"/"эти" are ordinary words: only a whole coloured run (or the word before КРАСНЫМ) is the nick
    assert SHORT.find_in("за эту ночь Бету") == [(12, 16, SHORT.match("Бету"))]
    assert SHORT.match("Эту", fuzzy=False).status == "none"


# ------------------------------------------------------------ counting the inflected names

DAY_PLAYERS = MASKS + ("Эта", "Юка")


@pytest.mark.parametrize("html,target,color", [
    (red("Горация"), "Гораций Сомнассон", "red"),
    (red("голосую против Горация"), "Гораций Сомнассон", "red"),
    (red("Фиону"), "Фиона Фраунфелид", "red"),
    (red("Виктора"), "Виктор Бонтли", "red"),
    (red("Бонтли"), "Виктор Бонтли", "red"),
    (blue("Эддисона"), "Эддисон МакГенри", "blue"),
    ("Горация КРАСНЫМ", "Гораций Сомнассон", "red"),
    ("Фиону синим цветом", "Фиона Фраунфелид", "blue"),
    (red("Эту"), "Эта", "red"),
    ("Эту КРАСНЫМ", "Эта", "red"),
    (red("Юку"), "Юка", "red"),
    (blue("Юке"), "Юка", "blue"),
])
def test_rule_2_inflected_mask_and_short_names_are_votes(html, target, color):
    t = count([post("Алтея", "10:00", html)], players=DAY_PLAYERS, alive=DAY_PLAYERS)
    assert counted(t) == {"Алтея": (target, color)}
    assert flags(t) == []


# ------------------------------------------------------------ §3.2 a vote run naming nobody

@pytest.mark.parametrize("html,written", [
    (red("Пупкин"), "Пупкин"),
    (red("Пупкина"), "Пупкина"),
    (blue("Пупкин"), "Пупкин"),
    (red("голосую против Пупкина"), "Пупкина"),
    (red("Голосую против Пупкина, он точно мафия и врёт"), "Пупкина"),   # vote words: however long
    (red("Мой голос за Мафию"), "Мафию"),                                # vote words, then a capital
    (red("Зинаида Петровна"), "Зинаида Петровна"),
    (red("Зинаида Петровна!"), "Зинаида Петровна"),
    (red("Zorro"), "Zorro"),
    (red("zorro"), "zorro"),                                           # a Latin word is a nick
    (red("Пупкин мафия"), "Пупкин"),
])
def test_rule_3_2_a_vote_run_naming_nobody_is_flagged_unknown_target(html, written):
    t = count([post("Соня", "10:00", red("Петя")), post("Соня", "11:00", html)])
    assert counted(t) == {"Соня": ("Петя", "red")}                    # the previous valid vote stands
    assert flags(t) == [("unknown_target", "Соня")]
    assert t.flags[0].data == {"written": written}
    assert t.flags[0].detail == f"{written!r} is not a player on the roster"


@pytest.mark.parametrize("html", [
    red("Внимание"), red("ВНИМАНИЕ"), red("НЕ"), red("Я"), red("красный"), red("пупкин"),
    red("Мафия"), red("Мафия не пройдёт"), red("Я думаю, что Пупкин врёт уже третий день"),
    red("голосую против всех"), red("голосую"), red("!!!"), red("42"),
    green("Пупкин"),                                        # not a vote colour: not a vote at all
])
def test_rule_3_2_a_vote_run_that_is_not_a_name_is_not_flagged(html):
    t = count([post("Соня", "10:00", red("Петя")), post("Соня", "11:00", html)])
    assert counted(t) == {"Соня": ("Петя", "red")}
    assert flags(t) == []


def test_rule_3_2_an_unknown_name_without_a_previous_vote_means_not_voted():
    t = count([post("Соня", "10:00", red("Пупкин"))])
    assert "Соня" in t.not_voted
    assert flags(t) == [("unknown_target", "Соня")]


def test_rule_3_2_an_unknown_name_after_a_vote_in_the_same_post_leaves_that_vote():
    t = count([post("Соня", "10:00", red("Петя") + "<br>а вообще " + red("Пупкин"))])
    assert counted(t) == {"Соня": ("Петя", "red")}
    assert sorted(flags(t)) == [("multiple_votes", "Соня"), ("unknown_target", "Соня")]


def test_rule_3_2_a_roster_name_in_the_run_is_the_vote_and_nothing_is_flagged():
    t = count([post("Соня", "10:00", red("Пупкин, а лучше Петя"))])
    assert counted(t) == {"Соня": ("Петя", "red")}
    assert flags(t) == []


def test_rule_3_2_unknown_name_with_a_colour_word_is_flagged_once():
    t = count([post("Соня", "10:00", red("Пупкин КРАСНЫМ"))])
    assert [(f.kind, f.data) for f in t.flags] == [("unknown_target", {"written": "Пупкин"})]


def test_rule_2_gm_post_coloured_words_are_not_unknown_votes():
    # role reveals and tallies in a GM post are not proxy votes for unknown names
    t = count([post("Ведущий", "10:00", "Вася — " + red("Мафиозо") + "<br>Итоги: " + red("Пупкин"))])
    assert counted(t) == {} and flags(t) == []


@pytest.mark.parametrize("html,flagged", [
    (bold("Пупкин"), True), (green("Пупкин"), True), (red("Пупкин"), True), (blue("Зинаида Петровна"), True),
    (bold("Важно"), False), (green("Внимание"), False), (bold("Я думаю, что Пупкин врёт третий день"), False),
])
def test_rule_3_2_colors_do_not_matter_any_highlight_naming_nobody(html, flagged):
    t = count([post("Соня", "10:00", bold("Петя")), post("Соня", "11:00", html)],
              rules={"colors_matter": False})
    assert counted(t) == {"Соня": ("Петя", "red")}
    assert flags(t) == ([("unknown_target", "Соня")] if flagged else [])


# ------------------------------------------------------------ the two real days, end to end

DATA = Path(__file__).resolve().parents[1] / "data" / "tally_lost_votes"
FILES = sorted(DATA.glob("*.toml"))


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_rule_3_8_lost_votes_day_hangs_the_right_player(path):
    sc, _base, roster, state, posts, rules = load_tally_scenario(path)
    assert len(FILES) == 2
    for exp in sc["expect"]:
        t = count_day(posts, state, roster, rules, game=path.stem, view="gm")
        assert list(t.outcome.eliminated) == exp["eliminated"]
        assert t.outcome.reason == exp["reason"]
        assert {c.player: c.total for c in t.candidates} == exp["totals"]
        assert {v.voter: [v.target, v.color] for v in t.votes if v.counted} == exp["votes"]
        assert list(t.not_voted) == exp["not_voted"]
        assert sorted([f.kind, f.player] for f in t.flags) == sorted(exp["flags"])
