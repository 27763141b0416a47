"""One or more table-driven tests per rule of RULES.md §2 and §3, each named after its rule."""
from __future__ import annotations

import pytest

from mafvote_tally import DayState, Replacement, Shield, Silence, Transfer, VoteRules, Weight, count_day
from support.count import (GM, PLAYERS, PLAYERS_000, RULES_000, VoteThread, at, blue, count, counted, day3_000, day_at,
                           flags, post, red, roster, roster_000, totals)

# ------------------------------------------------------------------ §2 recognising a vote: colour

RED_FORMS = [
    '<span style="color: #FF0000">Петя</span>', '<span style="color:#FC0000;">Петя</span>',
    '<span style="color: #E60000;">Петя</span>', '<span style="color: red">Петя</span>',
    '<span style="color: darkred">Петя</span>', '<span style="color: crimson">Петя</span>',
    '<span style="color: rgb(255, 0, 0)">Петя</span>', '<span style="color:#F00">Петя</span>',
    '<font color="Red">Петя</font>', '<span style="color: #ff0000;" class="mycode_color">Петя</span>',
    '<span class="bbc_color" style="color: red;">Петя</span>',
    '<span class="p-color" style="color: darkred;">Петя</span>',
    '<span style="color: rgb(226, 80, 65)">Петя</span>', '<span class="bbc-color-red">Петя</span>',
]
BLUE_FORMS = [
    '<span style="color: #0000FF">Петя</span>', '<span style="color: blue">Петя</span>',
    '<span style="color: navy">Петя</span>', '<span style="color: mediumblue">Петя</span>',
    '<span style="color: #3366FF">Петя</span>', '<span style="color: royalblue">Петя</span>',
    '<font color="#0000ff">Петя</font>', '<span style="color: hsl(240, 100%, 50%)">Петя</span>',
]
OTHER_FORMS = ["green", "purple", "orange", "grey", "pink", "#00FF00", "magenta"]


@pytest.mark.parametrize("html", RED_FORMS)
def test_rule_2_red_shade_in_any_engine_form_is_a_red_vote(html):
    t = count([post("Соня", "10:00", html)])
    assert counted(t) == {"Соня": ("Петя", "red")}
    assert next(c for c in t.candidates if c.player == "Петя").red == 1


@pytest.mark.parametrize("html", BLUE_FORMS)
def test_rule_2_blue_shade_in_any_engine_form_is_a_blue_vote(html):
    t = count([post("Соня", "10:00", html)])
    assert counted(t) == {"Соня": ("Петя", "blue")}
    assert next(c for c in t.candidates if c.player == "Петя").blue == 1


@pytest.mark.parametrize("colour", OTHER_FORMS)
def test_rule_2_other_colour_is_not_a_vote_and_is_flagged_unrecognised(colour):
    t = count([post("Соня", "10:00", red("Вася")),
               post("Соня", "11:00", f'<span style="color: {colour}">Петя</span>')])
    assert counted(t) == {"Соня": ("Вася", "red")}
    assert flags(t, "unrecognised_colour") == [("unrecognised_colour", "Соня")]


@pytest.mark.parametrize("html,color", [
    ("Петя КРАСНЫМ", "red"), ("Петя красным", "red"), ("Петя красным цветом", "red"),
    ("голосую: Петя Красным!", "red"), ("Петя СИНИМ", "blue"), ("Петю синим цветом", "blue"),
])
def test_rule_2_colour_words_krasnym_sinim(html, color):
    assert counted(count([post("Соня", "10:00", html)])) == {"Соня": ("Петя", color)}


@pytest.mark.parametrize("html,target", [
    ("<b>Петя</b>", "Петя"),
    ('<span style="color: green">Петя</span>', "Петя"),
    ('<span style="color: blue">Петя</span>', "Петя"),
    ("Долго думал.<br>Петя<br>", "Петя"),
    ("Я думаю, что Петя мафия", None),
    ("Петя СИНИМ", "Петя"),
])
def test_rule_2_colors_do_not_matter_highlight_or_alone_on_a_line(html, target):
    t = count([post("Соня", "10:00", html)], rules={"colors_matter": False})
    assert counted(t) == ({"Соня": (target, "red")} if target else {})
    if target:
        assert next(c for c in t.candidates if c.player == target).red == 1


QUOTES = [
    '<blockquote class="mycode_quote"><cite>Вася Wrote:</cite>{v}</blockquote>',
    '<div class="quote">{v}</div>', '<div class="bbc_standard_quote">{v}</div>',
    '<div class="q-wrap"><div class="q">{v}</div></div>', '<div class="bbcode_quote">{v}</div>',
    '<blockquote class="ipsQuote">{v}</blockquote>', '<div class="post-block quote">{v}</div>',
    '<div class="sp-wrap"><div class="sp-body">{v}</div></div>', '<div class="spoiler">{v}</div>',
    '<details><summary>спойлер</summary>{v}</details>', '<div class="signature">{v}</div>',
    '<div class="post-sig">{v}</div>',
]


@pytest.mark.parametrize("wrapper", QUOTES)
def test_rule_2_quotes_spoilers_signatures_never_count(wrapper):
    html = wrapper.format(v=red("Вася") + " досрочно") + "<br>Не согласен. " + red("Петя")
    t = count([post("Соня", "10:00", html)], rules={"early_close_from_day": 1})
    assert counted(t) == {"Соня": ("Петя", "red")}
    assert t.final == ()        # the quoted "досрочно" does not make Соня's vote final
    assert flags(t, "multiple_votes") == []


@pytest.mark.parametrize("html", [
    '<span style="color: red">голосую против Сони</span>',
    '<span style="color: red">мой голос — Соня, без сомнений</span>',
    '<font color="red"><b>Со</b>ня</font>',
    '<span style="color: red"><i>Со</i><u>ня</u></span>',
])
def test_rule_2_span_holding_more_than_the_name_and_names_split_by_tags(html):
    assert counted(count([post("Петя", "10:00", html)])) == {"Петя": ("Соня", "red")}


NAMES = [
    ("петя", "Петя"), ("ПЕТЯ", "Петя"), ("Нежка", "Nejka"), ("Nejka", "Nejka"), ("Ронин", "Ronin"),
    ("R o n i n", "Ronin"), ("Ronin!", "Ronin"), ("Rоnin", "Ronin"),  # Cyrillic о inside
    ("Петю", "Петя"), ("Пети", "Петя"), ("Алукарда", "Алукард"), ("Нежку", "Nejka"),
    ("Алук", "Алукард"), ("Alukard", "Алукард"), ("Васю", "Вася"), ("Roninа", "Ronin"),
]


@pytest.mark.parametrize("written,player", NAMES)
def test_rule_2_names_matched_against_the_roster(written, player):
    voter = "Соня" if player != "Соня" else "Петя"
    assert counted(count([post(voter, "10:00", red(written))])) == {voter: (player, "red")}


def test_rule_2_names_aliases_masks_and_yo():
    ros = roster(("Соня", "Петя", "Вася"), **{"Вася": {"aliases": ("Васёк",)},
                                             "Петя": {"mask": "Гораций"}})
    t = count_day([post("Соня", "10:00", red("Васек")), post("Гораций", "11:00", red("Соню"))],
                  DayState(day=1, deadline=at("22:00"), alive=("Соня", "Петя", "Вася")),
                  ros, VoteRules())
    assert counted(t) == {"Соня": ("Вася", "red"), "Петя": ("Соня", "red")}


def test_rule_2_ambiguous_name_is_not_guessed_and_previous_vote_stands():
    players = ("Соня", "Сонька", "Петя", "Вася")
    t = count([post("Петя", "10:00", red("Вася")), post("Петя", "11:00", red("Сон"))], players=players,
              alive=players)
    assert counted(t) == {"Петя": ("Вася", "red")}
    [f] = [f for f in t.flags if f.kind == "ambiguous_name"]
    assert "Соня, Сонька" in f.detail and f.player == "Петя"


def test_rule_2_not_confident_fuzzy_name_is_flagged_with_candidates():
    t = count([post("Соня", "10:00", red("Вася")), post("Соня", "11:00", red("Нейка"))])
    assert counted(t) == {"Соня": ("Вася", "red")}
    [f] = [f for f in t.flags if f.kind == "ambiguous_name"]
    assert "Nejka" in f.detail


def test_rule_2_several_votes_in_one_post_last_counts_and_is_flagged():
    t = count([post("Соня", "10:00", red("Петя") + " и ещё " + red("Вася") + "<br>" + blue("Ronin"))])
    assert counted(t) == {"Соня": ("Ronin", "blue")}
    assert flags(t, "multiple_votes") == [("multiple_votes", "Соня")]


@pytest.mark.parametrize("html,voter,target,color", [
    ("Вася голосует Петю красным", "Вася", "Петя", "red"),
    ("Голос по СМС:<br>Вася — " + red("Петя"), "Вася", "Петя", "red"),
    ("Вася: " + blue("Соня"), "Вася", "Соня", "blue"),
    ("Ronin - " + red("Nejka") + " досрочно", "Ronin", "Nejka", "red"),
])
def test_rule_2_gm_proxy_votes_count_for_the_player(html, voter, target, color):
    t = count([post(GM, "10:00", html)], rules={"early_close_from_day": 1})
    assert counted(t) == {voter: (target, color)}
    assert next(v for v in t.votes if v.counted).time == at("10:00")


def test_rule_2_gm_tallies_and_rules_are_not_votes():
    html = ("Промежуточный подсчёт:<br>" + red("Петя") + " — 3 (Соня, Вася, Ronin)<br>"
            + blue("Соня") + " — 1 (Nejka)<br>Не проголосовали: Алукард<br>"
            "Если не получается покрасить, пишите «Ник КРАСНЫМ»")
    t = count([post(GM, "10:00", html)])
    assert t.votes == ()


@pytest.mark.parametrize("word", ["досрочно", "Досрочно", "ДОСРОЧНО", "досрочный", "досрочн."])
def test_rule_2_early_word_any_form_marks_the_post_final(word):
    t = count([post("Соня", "10:00", red("Петя") + " " + word), post("Соня", "11:00", red("Вася"))],
              rules={"early_close_from_day": 1})
    assert counted(t) == {"Соня": ("Петя", "red")}
    assert t.final == ("Соня",)


def test_rule_2_early_word_means_nothing_before_early_days_and_in_004():
    posts = [post("Соня", "10:00", red("Петя") + " досрочно"), post("Соня", "11:00", red("Вася"))]
    for rules, day in (({"early_close_from_day": 3}, 2), ({"early_close_from_day": 0}, 5)):
        t = count(posts, rules=rules, day=day)
        assert counted(t) == {"Соня": ("Вася", "red")} and t.final == ()


@pytest.mark.parametrize("phrase", ["снимаю голос", "Снимаю голос с Пети", "unvote", "голос снят"])
def test_rule_2_withdrawal_phrases_do_nothing(phrase):
    t = count([post("Соня", "10:00", red("Петя")), post("Соня", "11:00", phrase)])
    assert counted(t) == {"Соня": ("Петя", "red")}


def test_rule_2_replacement_speaks_for_the_slot_from_its_time():
    ros = roster(PLAYERS, **{"Вася": {"replacements": (Replacement("Новичок", at("12:00")),)}})
    posts = [post("Новичок", "11:00", red("Соня")),          # before the replacement: nobody
             post("Вася", "11:30", red("Петя")),
             post("Вася", "13:00", red("Ronin")),            # the old account after: nobody
             post("Соня", "14:00", red("Новичок"))]          # the new nick names the slot
    t = count(posts, ros=ros)
    assert counted(t) == {"Вася": ("Петя", "red"), "Соня": ("Вася", "red")}


# ------------------------------------------------------------------------------- §3 counting

@pytest.mark.parametrize("hhmm,counts", [("21:59", True), ("21:59:59", True), ("22:00", False),
                                         ("22:01", False)])
def test_rule_3_1_only_posts_strictly_before_the_deadline(hhmm, counts):
    t = count([post("Соня", "10:00", red("Вася")), post("Соня", hhmm, red("Петя"))])
    assert counted(t)["Соня"] == (("Петя" if counts else "Вася"), "red")
    assert flags(t, "late") == ([] if counts else [("late", "Соня")])


def test_rule_3_1_posts_before_the_day_start_do_not_count():
    t = count([post("Соня", "09:00", red("Петя"))], start=at("10:00"))
    assert counted(t) == {}


@pytest.mark.parametrize("bad,flag", [
    (red("Соня"), "self_vote"), (blue("Соня"), "self_vote"), (red("Алукард"), "unknown_target"),
    # a red would-be name that is nobody on the roster is flagged, not dropped
    (red("Зинаида Петровна"), "unknown_target"), ("Зинаида КРАСНЫМ", "unknown_target"),
    (red("Сон"), "ambiguous_name"),
])
def test_rule_3_2_invalid_vote_leaves_the_previous_valid_one(bad, flag):
    players = PLAYERS + ("Сонька",)
    alive = tuple(p for p in players if p != "Алукард")
    t = count([post("Соня", "10:00", red("Петя")), post("Соня", "11:00", bad)], players=players,
              alive=alive)
    assert counted(t) == {"Соня": ("Петя", "red")}
    assert [f.kind for f in t.flags] == ([flag] if flag else [])


def test_rule_3_2_invalid_vote_without_a_previous_one_means_not_voted():
    t = count([post("Соня", "10:00", red("Соня"))])
    assert "Соня" in t.not_voted and totals(t)["Соня"] == 2


def test_rule_3_2_last_valid_vote_counts():
    t = count([post("Соня", "10:00", red("Петя")), post("Соня", "11:00", blue("Вася")),
               post("Соня", "12:00", red("Ronin"))])
    assert counted(t) == {"Соня": ("Ronin", "red")}
    assert [v.reason for v in t.votes] == ["replaced by a later vote"] * 2 + ["counted"]


def test_rule_3_3_final_vote_cannot_be_changed_and_change_is_flagged():
    t = count([post("Соня", "10:00", red("Петя") + " досрочно"), post("Соня", "11:00", red("Вася")),
               post("Соня", "12:00", red("Петя"))], rules={"early_close_from_day": 1})
    assert counted(t) == {"Соня": ("Петя", "red")}
    assert flags(t, "changed_final_vote") == [("changed_final_vote", "Соня")]   # not the restatement


def test_rule_3_3_each_change_of_a_final_vote_is_flagged_with_its_post_and_the_final_vote_it_changes():
    # the same change again is flagged again, post by post; two players' finals changed alike each name their own
    t = count([post("Соня", "10:00", red("Петя") + " досрочно", pid=1),
               post("Ronin", "10:05", blue("Петя") + " досрочно", pid=2), post("Соня", "11:00", red("Вася"), pid=3),
               post("Ronin", "11:05", red("Вася"), pid=4), post("Соня", "12:00", red("Вася"), pid=5)],
              rules={"early_close_from_day": 1})
    changed = [f for f in t.flags if f.kind == "changed_final_vote"]
    assert [(f.player, f.post_id) for f in changed] == [("Соня", 3), ("Ronin", 4), ("Соня", 5)]
    assert [f.detail for f in changed] == [
        "Соня's vote Петя (red) is final since post 1; the change to Вася (red) is ignored",
        "Ronin's vote Петя (blue) is final since post 2; the change to Вася (red) is ignored",
        "Соня's vote Петя (red) is final since post 1; the change to Вася (red) is ignored"]
    assert [f.data["final"]["post_id"] for f in changed] == [1, 2, 1]
    assert changed[1].to_json()["data"] == {"final": {"written": "Петя", "color": "blue", "post_id": 2},
                                            "new": {"written": "Вася", "color": "red"}}



def test_rule_3_3_a_resumed_count_names_the_final_vote_its_walk_took_not_one_another_walk_left_at_its_index():
    # the sentences of `changed_final_vote` are kept by the final cast's index and shared by a walk's copies; one
    # left there for another final cast (a walk that went another way, or failed part way) is not taken
    from mafvote_tally import RosterMatcher
    from mafvote_tally.casting import Cast
    from support.count import day_state, roster

    ros, rules = roster(), VoteRules.from_mapping({"early_close_from_day": 1})
    final = post("Соня", "10:00", red("Петя") + " досрочно", pid=1)
    matcher = RosterMatcher.from_roster(ros)
    count_day([final], day_state(), ros, rules, matcher=matcher)
    other = Cast("Ronin", "Петя", "Петя", "blue", 2, final.time, early=True)
    matcher.walk.day.changes[0, "Вася", "red"] = (other, ("Ronin's vote Петя (blue) is final since post 2; ...", {}))
    t = count_day([final, post("Соня", "11:00", red("Вася"), pid=3)], day_state(), ros, rules, matcher=matcher)
    [changed] = [f for f in t.flags if f.kind == "changed_final_vote"]
    assert changed.detail == "Соня's vote Петя (red) is final since post 1; the change to Вася (red) is ignored"
    assert changed.data["final"]["post_id"] == 1

@pytest.mark.parametrize("weights,expect", [
    ({}, {"Петя": 1 - 1, "Вася": 1}),
    ({"Соня": Weight(blue=3)}, {"Петя": 1 - 3, "Вася": 1}),       # doctor's blue ×3
    ({"Ronin": Weight(red=2)}, {"Петя": 2 - 1, "Вася": 1}),       # prosecutor's red ×2
])
def test_rule_3_4_weights_red_plus_blue_minus_and_role_weights(weights, expect):
    posts = [post("Соня", "10:00", blue("Петя")), post("Ronin", "10:05", red("Петя")),
             post("Nejka", "10:10", red("Вася"))]
    others = ("Петя", "Вася", "Алукард")
    t = count(posts, weights=weights, excused=others)
    assert totals(t) == expect


def test_rule_3_4_colours_do_not_matter_every_vote_weight_one_to_hang():
    t = count([post("Соня", "10:00", blue("Петя")), post("Ronin", "10:05", "Петя СИНИМ")],
              rules={"colors_matter": False}, excused=("Петя", "Вася", "Nejka", "Алукард"))
    assert totals(t) == {"Петя": 2}
    assert {v.color for v in t.votes} == {"red"}


@pytest.mark.parametrize("announced,must_vote,penalised", [
    (True, False, False), (True, True, True), (False, False, True), (False, True, True),
])
def test_rule_3_5_silenced_vote_counts_zero(announced, must_vote, penalised):
    posts = [post("Соня", "10:00", red("Петя")), post("Ronin", "10:00", red("Петя"))]
    t = count(posts, silences=(Silence("Соня", announced), Silence("Вася", announced)),
              rules={"silenced_must_vote": must_vote}, excused=("Петя", "Nejka", "Алукард"))
    assert totals(t)["Петя"] == 1                     # Ronin only: Соня's vote weighs 0
    assert ("Вася" in t.not_voted) is penalised      # silenced Вася did not vote
    assert totals(t).get("Вася", 0) == (2 if penalised else 0)


@pytest.mark.parametrize("rules,misses_before,expect_penalty,modkill", [
    ({"penalty": "fixed", "penalty_votes": 2}, 0, 2, False),
    ({"penalty": "fixed", "penalty_votes": 2}, 1, 2, True),
    ({"penalty": "cumulative"}, 0, 1, False),
    ({"penalty": "cumulative"}, 1, 2, False),
    ({"penalty": "cumulative"}, 3, 4, False),
])
def test_rule_3_6_penalty_for_not_voting(rules, misses_before, expect_penalty, modkill):
    posts = [post(p, "10:00", red("Соня" if p != "Соня" else "Петя")) for p in PLAYERS if p != "Вася"]
    t = count(posts, rules=rules, misses_so_far={"Вася": misses_before})
    assert next(c for c in t.candidates if c.player == "Вася").penalty == expect_penalty
    assert t.misses == {"Вася": misses_before + 1}
    assert flags(t, "modkill_candidate") == ([("modkill_candidate", "Вася")] if modkill else [])


def test_rule_3_6_missed_night_action_is_punished_like_a_missed_vote():
    posts = [post(p, "10:00", red("Соня" if p != "Соня" else "Петя")) for p in PLAYERS]
    t = count(posts, rules={"night_action_is_duty": True}, owes_night_action=("Вася", "Ronin"),
              excused=("Ronin",), misses_so_far={"Вася": 1})
    assert {c.player: c.penalty for c in t.candidates if c.penalty} == {"Вася": 2}
    assert t.misses == {"Вася": 2}
    assert flags(t, "modkill_candidate") == [("modkill_candidate", "Вася")]
    t2 = count(posts, rules={"night_action_is_duty": False}, owes_night_action=("Вася",))
    assert all(c.penalty == 0 for c in t2.candidates)


@pytest.mark.parametrize("transfers,thief_votes,expect", [
    ((Transfer("stolen", "Соня", "Ronin"),), True, {"Петя": 0 + 2, "Вася": 1}),
    ((Transfer("stolen", "Соня", "Ronin"),), False, {"Вася": 1}),
    ((Transfer("gifted", "Nejka", "Ronin"),), True, {"Петя": 1 + 2, "Вася": 1}),
    ((Transfer("gifted", "Nejka", "Ronin"),), False, {"Петя": 1, "Вася": 1}),
])
def test_rule_3_7_stolen_and_gifted_votes(transfers, thief_votes, expect):
    posts = [post("Соня", "10:00", red("Петя")), post("Nejka", "10:00", red("Вася"))]
    if thief_votes:
        posts.append(post("Ronin", "10:00", red("Петя")))
    t = count(posts, transfers=transfers, excused=("Петя", "Вася", "Алукард", "Ronin"),
              rules={"colors_matter": False})
    assert {p: v for p, v in totals(t).items() if v} == expect


@pytest.mark.parametrize("votes,eliminated,reason", [
    ({"Соня": red("Петя"), "Вася": red("Петя"), "Ronin": red("Вася")}, ("Петя",), "plurality"),
    ({"Соня": red("Петя"), "Вася": blue("Петя")}, (), "no_votes"),
    ({"Соня": blue("Петя")}, (), "no_votes"),
])
def test_rule_3_8_unique_highest_positive_total(votes, eliminated, reason):
    posts = [post(v, "10:00", h) for v, h in votes.items()]
    t = count(posts, excused=PLAYERS)
    assert (t.outcome.eliminated, t.outcome.reason) == (eliminated, reason)


@pytest.mark.parametrize("tie_rule,ties_before,eliminated,reason", [
    ("nobody", 0, (), "tie"), ("nobody", 3, (), "tie"),
    ("nobody_once_then_all", 0, (), "tie_forgiven"),
    ("nobody_once_then_all", 1, ("Петя", "Вася"), "tie_all"),
])
def test_rule_3_9_ties(tie_rule, ties_before, eliminated, reason):
    posts = [post("Соня", "10:00", red("Петя")), post("Ronin", "10:00", red("Вася")),
             post("Nejka", "10:00", red("Ronin") + " " + blue("Ronin"))]
    t = count(posts, rules={"tie": tie_rule}, ties_so_far=ties_before, excused=PLAYERS)
    assert (set(t.outcome.eliminated), t.outcome.reason) == (set(eliminated), reason)
    assert set(t.outcome.tied) == {"Петя", "Вася"}
    assert t.ties == ties_before + 1


@pytest.mark.parametrize("shields,eliminated,reason,spent", [
    ((Shield("Петя", "alibi", "Кай"),), (), "alibi", ()),
    ((Shield("Петя", "alibi", "Кай", stripped=True),), ("Петя",), "plurality", ()),
    ((Shield("Петя", "unhangable", "Миллард"),), (), "unhangable", ()),
    ((Shield("Петя", "alibi", "killer of Миллард", consumable=True),), (), "alibi", (("Петя", "alibi"),)),
    ((Shield("Петя", "protected", "София", consumable=True),), (), "protected", (("Петя", "protected"),)),
    ((Shield("Вася", "alibi"),), ("Петя",), "plurality", ()),
])
def test_rule_3_10_cannot_be_hanged(shields, eliminated, reason, spent):
    posts = [post("Соня", "10:00", red("Петя")), post("Ronin", "10:00", red("Петя"))]
    t = count(posts, shields=shields, excused=PLAYERS)
    assert (t.outcome.eliminated, t.outcome.reason, t.outcome.spent) == (eliminated, reason, spent)
    if reason != "plurality":
        assert t.outcome.saved == ("Петя",)


def test_rule_3_10_tie_all_protected_player_survives_others_hang():
    posts = [post("Соня", "10:00", red("Петя")), post("Ronin", "10:00", red("Вася")),
             post("Nejka", "10:00", red("Алукард"))]
    t = count(posts, rules={"tie": "nobody_once_then_all"}, ties_so_far=1, excused=PLAYERS,
              shields=(Shield("Вася", "protected", "Хавьер", consumable=True),))
    assert t.outcome.reason == "tie_all"
    assert set(t.outcome.eliminated) == {"Петя", "Алукард"}
    assert t.outcome.saved == ("Вася",) and t.outcome.spent == (("Вася", "protected"),)


def _all_final(n_final: int, hh: str = "12"):
    voters = [p for p in PLAYERS][:n_final]
    return [post(v, f"{hh}:{i:02d}", red("Соня" if v != "Соня" else "Петя") + " досрочно")
            for i, v in enumerate(voters)]


def test_rule_3_11_early_close_auto_when_every_entitled_vote_is_final():
    posts = _all_final(6) + [post("Соня", "13:00", red("Вася"))]
    t = count(posts, rules={"early_close_from_day": 3, "early_close": "auto"}, day=3, as_of=at("14:00"))
    assert t.closed and t.closed_early == at("12:05")
    assert counted(t)["Соня"] == ("Петя", "red")
    assert flags(t, "late") == [("late", "Соня")]
    assert [a.kind for a in t.alerts] == ["early_close"]
    assert "the day closes now" in t.alerts[0].detail


def test_rule_3_11_early_close_gm_mode_only_alerts():
    t = count(_all_final(6), rules={"early_close_from_day": 1, "early_close": "gm"}, as_of=at("14:00"))
    assert not t.closed and t.closed_early is None
    assert [a.kind for a in t.alerts] == ["early_close"]
    assert "mafvote day close" in t.alerts[0].detail


def test_rule_3_11_majority_alert_and_quorum():
    rules = {"early_close_from_day": 3, "early_close": "auto", "early_close_majority_alert": True}
    t = count(_all_final(4), rules=rules, day=3, as_of=at("14:00"))
    assert [a.kind for a in t.alerts] == ["early_close_majority"] and not t.closed
    t3 = count(_all_final(3), rules=rules, day=3, as_of=at("14:00"))
    assert t3.alerts == ()                     # 3 of 6 is not a majority
    # excused and announced-silenced players are not in the quorum; a secret silence is
    t4 = count(_all_final(4), rules=rules, day=3, as_of=at("14:00"),
               excused=("Nejka",), silences=(Silence("Алукард", True),))
    assert t4.closed_early == at("12:03")
    t5 = count(_all_final(4), rules=rules, day=3, as_of=at("14:00"),
               excused=("Nejka",), silences=(Silence("Алукард", False),))
    assert t5.closed_early is None


def test_rule_3_12_edited_vote_first_seen_counts_and_edit_is_flagged():
    p = post("Соня", "10:00", red("Петя"), versions=((at("10:01"), red("Петя")), (at("10:30"), red("Вася"))))
    t = count([p])
    assert counted(t) == {"Соня": ("Петя", "red")}
    [f] = [f for f in t.flags if f.kind == "edited"]
    assert "10:30" in f.detail and "now Вася (red)" in f.detail


def test_rule_3_12_edited_vote_void_means_not_voted():
    posts = [post("Соня", "09:00", red("Вася")),
             post("Соня", "10:00", red("Петя"), edited=True, edited_at=at("10:05"))]
    t = count(posts, rules={"edited_vote": "void", "penalty": "cumulative"})
    assert counted(t).get("Соня") is None and "Соня" in t.not_voted
    assert totals(t)["Соня"] == 1
    later = count(posts + [post("Соня", "11:00", red("Ronin"))], rules={"edited_vote": "void"})
    assert counted(later)["Соня"] == ("Ronin", "red")


def test_rule_3_12_edit_seen_after_as_of_is_not_yet_an_edit():
    p = post("Соня", "10:00", red("Петя"), versions=((at("10:01"), red("Петя")), (at("15:00"), red("Вася"))))
    t = count([p], rules={"edited_vote": "void"}, as_of=at("12:00"))
    assert counted(t) == {"Соня": ("Петя", "red")} and flags(t, "edited") == []


def test_rule_3_13_activity_counts_both_topics_and_under_active_flag():
    posts = [post("Соня", "10:00", red("Петя")), post("Соня", "11:00", "привет", topic="game"),
             post("Соня", "12:00", "ещё", topic="game"), post("Петя", "10:00", red("Соня")),
             post("Петя", "23:00", "после дедлайна", topic="game")]
    t = count(posts, rules={"min_posts_for_night_action": 3})
    assert t.activity["Соня"] == 3 and t.activity["Петя"] == 1
    under = {p for k, p in flags(t, "under_active")}
    assert under == {"Петя", "Вася", "Ronin", "Nejka", "Алукард"}


def test_rule_3_13_silent_for_24_hours_is_a_replacement_alert():
    posts = [post("Соня", "10:00", red("Петя"), day=1), post("Петя", "20:00", "тут", day=1),
             post("Вася", "09:00", red("Петя"), day=2)]
    t = count(posts, alive=("Соня", "Петя", "Вася"), start=at("09:00", 1), deadline=at("22:00", 2),
              as_of=at("10:30", 2))
    assert [a.player for a in t.alerts if a.kind == "silent_player"] == ["Соня"]
    assert not [a for a in count(posts, view="public", alive=("Соня", "Петя", "Вася"), start=at("09:00", 1),
                                 deadline=at("22:00", 2), as_of=at("10:30", 2)).alerts
                if a.kind == "silent_player"]


@pytest.mark.parametrize("proxy", ["Соня голосует Петю красным", "Голос по СМС:<br>Соня — " + red("Петя")])
def test_rule_3_13_a_gm_proxy_vote_is_the_players_activity_for_the_silence_alert(proxy):
    # issue 15.10: Соня's only post today is the vote the GM posted for her (RULES.md §2): she has not
    # fallen silent; Вася, who wrote nothing since yesterday morning, has
    posts = [post("Соня", "10:00", red("Петя"), day=1), post("Вася", "10:05", red("Петя"), day=1),
             post("Петя", "20:00", "тут", day=1), post(GM, "09:00", proxy, day=2)]
    t = count(posts, alive=("Соня", "Петя", "Вася"), start=at("09:00", 1), deadline=at("22:00", 2),
              as_of=at("10:30", 2))
    assert counted(t) == {"Соня": ("Петя", "red"), "Вася": ("Петя", "red")}
    assert [(a.player, a.data["hours"]) for a in t.alerts if a.kind == "silent_player"] == [("Вася", 24)]


def test_rule_3_14_modkill_in_004_closes_the_day_with_that_player():
    posts = [post("Соня", "10:00", red("Петя")), post("Вася", "10:00", red("Петя"))]
    t = count(posts, rules={"modkill_closes_day": True}, modkilled=("Ronin",))
    assert (t.outcome.eliminated, t.outcome.reason) == (("Ronin",), "modkill")
    t2 = count(posts, rules={"modkill_closes_day": False}, modkilled=("Ronin",), excused=PLAYERS)
    assert t2.outcome.reason == "plurality"


def test_rule_3_15_alive_counts_come_from_the_start_of_the_day():
    # The quorum for an early close is the alive list of the day state (taken at the start of
    # the phase): a player the GM later modkills is still counted in today's majority threshold.
    rules = {"early_close_from_day": 1, "early_close": "gm", "early_close_majority_alert": True}
    t = count(_all_final(3), rules=rules, as_of=at("14:00"))
    assert t.alerts == ()
    t2 = count(_all_final(3), rules=rules, as_of=at("14:00"), alive=PLAYERS[:5])
    assert [a.kind for a in t2.alerts] == ["early_close_majority"]


def test_rule_3_1_since_and_deadline_override_count_any_stretch():
    posts = [post("Соня", "08:00", red("Петя")), post("Соня", "12:00", red("Вася")),
             post("Вася", "15:00", red("Соня"))]
    t = count_day(posts, DayState(day=1, deadline=at("22:00"), alive=PLAYERS, start=at("00:00")),
                  roster(), VoteRules(), since=at("10:00"), deadline=at("14:00"))
    assert counted(t) == {"Соня": ("Вася", "red")}
    assert (t.since, t.deadline) == (at("10:00"), at("14:00"))
    assert flags(t, "late") == [("late", "Вася")]


def test_rule_3_1_as_of_counts_only_posts_seen_by_then():
    # a post written at 11:00 but first captured at 13:00 is unknown to a count as of 12:00
    late_seen = post("Соня", "11:00", red("Вася"), versions=((at("13:00"), red("Вася")),))
    t = count([post("Соня", "10:00", red("Петя")), late_seen], as_of=at("12:00"))
    assert counted(t) == {"Соня": ("Петя", "red")} and not t.closed
    assert counted(count([post("Соня", "10:00", red("Петя")), late_seen], as_of=at("13:00"))) == {
        "Соня": ("Вася", "red")}


def test_rule_3_2_dead_voter_is_not_counted_and_flagged():
    t = count([post("Алукард", "10:00", red("Петя"))], alive=PLAYERS[:5])
    assert counted(t) == {} and flags(t, "dead_voter") == [("dead_voter", "Алукард")]
    assert totals(t)["Петя"] == 2     # Петя's own penalty for not voting; no vote from Алукард


def test_rule_3_12_deleted_post_first_seen_counts_void_does_not():
    posts = [post("Соня", "10:00", red("Петя"), deleted=True)]
    assert counted(count(posts)) == {"Соня": ("Петя", "red")}
    assert counted(count(posts, rules={"edited_vote": "void"})) == {}


# --- a 000 day: the closing post is activity (000 rule 12), only night roles are under-active (RULES.md §3.13),
# `late` ends at the next day (§3.1)

def test_rule_3_13_the_post_that_closes_the_day_early_counts_as_activity():
    th = VoteThread()
    for who in ("Алтея", "Рики", "Юна", "Энни"):
        th.add(who, day_at(13, "09:00"), "обсуждаем", topic="game")
        th.add(who, day_at(13, "09:30"), "ещё мысль", topic="game")
        th.vote(who, day_at(13, "10:00"), "Рики" if who == "Энни" else "Энни", early=True)
    th.add("Франклин", day_at(13, "09:00"), "я мирный", topic="game")
    th.add("Франклин", day_at(13, "09:30"), "честно", topic="game")
    closing = th.vote("Франклин", day_at(13, "20:00"), "Энни", early=True)   # his third post; the day closes at it
    th.add("Франклин", day_at(13, "20:00"), "после закрытия", topic="game")  # at the close: not the day's
    t = count_day(th.posts, day3_000(), roster_000(), RULES_000)
    assert t.closed_early == day_at(13, "20:00")
    assert [v.counted for v in t.votes if v.post_id == closing] == [True]
    assert t.activity == {"Франклин": 3, "Алтея": 3, "Рики": 3, "Юна": 3, "Энни": 3}
    assert [f.kind for f in t.flags] == []


def test_rule_3_13_only_players_with_a_night_ability_are_flagged_under_active():
    th = VoteThread()
    for who in PLAYERS_000:
        th.vote(who, day_at(13, "10:00"), "Рики" if who != "Рики" else "Юну")
    state = day3_000(night_actors=("Франклин", "Алтея"))
    t = count_day(th.posts, state, roster_000(), RULES_000, as_of=day_at(14, "00:00"))
    assert [(f.kind, f.player, f.data) for f in t.flags] == [
        ("under_active", "Франклин", {"posts": 1, "min": 3}), ("under_active", "Алтея", {"posts": 1, "min": 3})]
    # without the abilities known (None), everyone with too few posts, as before
    everyone = count_day(th.posts, day3_000(), roster_000(), RULES_000, as_of=day_at(14, "00:00"))
    assert [f.player for f in everyone.flags if f.kind == "under_active"] == list(PLAYERS_000)


def test_rule_3_1_late_flags_stop_at_the_next_days_start():
    th = VoteThread()
    th.vote("Рики", day_at(13, "10:00"), "Юну")
    night = th.vote("Юна", day_at(13, "22:40"), "Рики")       # the night after day 3
    th.vote("Алтея", day_at(14, "10:00"), "Рики")             # day 4's vote
    th.vote("Энни", day_at(15, "10:00"), "Рики")              # day 5's
    rules = VoteRules()
    bounded = count_day(th.posts, day3_000(next_day_start=day_at(13, "23:00")), roster_000(), rules)
    assert [(f.kind, f.player, f.post_id) for f in bounded.flags] == [("late", "Юна", night)]
    unbounded = count_day(th.posts, day3_000(), roster_000(), rules)
    assert [(f.kind, f.player) for f in unbounded.flags] == [("late", "Юна"), ("late", "Алтея"), ("late", "Энни")]
    # a next day's start not after the close (a --deadline moved past it) bounds nothing
    moved = count_day(th.posts, day3_000(next_day_start=day_at(13, "20:00")), roster_000(), rules)
    assert [f.player for f in moved.flags] == ["Юна", "Алтея", "Энни"]
