"""A modkill in the count (RULES.md §3.2, §3.14): a vote for a player modkilled later the same day is a vote that
weighs nothing (`target_removed`), a later vote replaces it; a 004 day a modkill cut short gives no non-voter a
penalty."""
from __future__ import annotations

import pytest

from mafvote_tally import DayState, VoteRules
from support.count import (GRAND_HOTEL_VOTES, PLAYERS, at, blue, bold, count, counted, flags, penalties_of, post, red,
                           totals)

ALIVE_AFTER = tuple(p for p in PLAYERS if p != "Алукард")     # the GM modkilled Алукард during the day


# (case, posts, the day state's modkill time, counted, not voted, the target_removed flags (player, final))
REMOVED_CASES = [
    ("voted_then_modkilled", [post("Соня", "10:00", red("Алукард"))], {},
     {"Соня": ("Алукард", "red")}, ("Петя", "Вася", "Ronin", "Nejka"), [("Соня", False)]),
    ("final_vote_then_modkilled_votes_again", [post("Соня", "10:00", red("Алукард") + " досрочно"),
                                               post("Соня", "13:00", red("Петя"))], {},
     {"Соня": ("Петя", "red")}, ("Петя", "Вася", "Ronin", "Nejka"), [("Соня", True)]),
    ("gm_proxy_final_vote", [post("Ведущий", "10:00", "Соня — " + red("Алукард") + " досрочно"),
                             post("Соня", "13:00", blue("Вася"))], {},
     {"Соня": ("Вася", "blue")}, ("Петя", "Вася", "Ronin", "Nejka"), [("Соня", True)]),
    # a vote posted after the modkill is a vote for the dead: not counted, the voter has not voted
    ("voted_after_the_modkill", [post("Соня", "12:30", red("Алукард"))], {"Алукард": at("12:00")},
     {}, ("Соня", "Петя", "Вася", "Ronin", "Nejka"), []),
    ("voted_before_the_modkill", [post("Соня", "11:59", red("Алукард"))], {"Алукард": at("12:00")},
     {"Соня": ("Алукард", "red")}, ("Петя", "Вася", "Ronin", "Nejka"), []),
]


@pytest.mark.parametrize("case,posts,modkilled_at,votes,not_voted,removed", REMOVED_CASES,
                         ids=[c[0] for c in REMOVED_CASES])
def test_rule_3_2_a_vote_for_a_player_modkilled_later_that_day_is_a_vote_that_weighs_nothing(
        case, posts, modkilled_at, votes, not_voted, removed):
    t = count(posts, rules={"early_close_from_day": 1}, alive=ALIVE_AFTER, modkilled=("Алукард",),
              **({"modkilled_at": modkilled_at} if modkilled_at else {}))
    assert counted(t) == votes
    assert t.not_voted == not_voted
    assert "Соня" not in penalties_of(t) or "Соня" in not_voted
    assert "Алукард" not in totals(t)
    if case == "voted_before_the_modkill":
        removed = [("Соня", False)]
    assert [(f.player, f.data["final"]) for f in t.flags if f.kind == "target_removed"] == removed
    assert flags(t, "changed_final_vote") == []
    if case == "voted_after_the_modkill":
        assert [(f.kind, f.data.get("dead")) for f in t.flags] == [("unknown_target", "Алукард")]


def test_rule_3_2_target_removed_is_public_and_the_vote_shows_weight_zero():
    posts = [post("Соня", "10:00", red("Алукард") + " досрочно")]
    t = count(posts, rules={"early_close_from_day": 1}, alive=ALIVE_AFTER, modkilled=("Алукард",), view="public",
              as_of=at("12:00"))
    [f] = t.flags
    assert (f.kind, f.player, f.post_id) == ("target_removed", "Соня", posts[0].post_id)
    assert f.detail == ("'Алукард' (Алукард) was modkilled after this vote: Соня has voted (no penalty), the vote "
                        "weighs nothing; Соня may vote again (it was final, досрочно: that no longer binds, its "
                        "target has left the game)")
    [v] = t.votes
    assert (v.counted, v.weight, v.early) == (True, 0, False) and t.final == ()
    closed = count(posts, rules={"early_close_from_day": 1}, alive=ALIVE_AFTER, modkilled=("Алукард",))
    assert penalties_of(closed) == {p: 2 for p in ("Петя", "Вася", "Ronin", "Nejka")}


# (case, rules, the day's close, penalties, misses)
CUT_CASES = [
    ("004_modkill_before_the_deadline", GRAND_HOTEL_VOTES, at("12:01"), {}, {}),
    ("004_modkill_at_the_deadline", GRAND_HOTEL_VOTES, None, {"Вася": 1, "Ronin": 1, "Nejka": 1},
     {"Вася": 1, "Ronin": 1, "Nejka": 1}),
    ("003_modkill_does_not_close_the_day", {**GRAND_HOTEL_VOTES, "modkill_closes_day": False}, at("12:01"),
     {"Вася": 1, "Ronin": 1, "Nejka": 1}, {"Вася": 1, "Ronin": 1, "Nejka": 1}),
]


@pytest.mark.parametrize("case,rules,closed_at,penalties,misses", CUT_CASES, ids=[c[0] for c in CUT_CASES])
def test_rule_3_14_a_day_a_modkill_cut_short_gives_no_penalty(case, rules, closed_at, penalties, misses):
    posts = [post("Соня", "10:00", bold("Петя")), post("Петя", "11:00", bold("Соня"))]
    st = dict(alive=ALIVE_AFTER, modkilled=("Алукард",), closed_at=closed_at)
    gm = count(posts, rules=rules, **st)
    public = count(posts, rules=rules, view="public", **st)
    for t in (gm, public):
        assert penalties_of(t) == penalties
        assert t.not_voted == ("Вася", "Ronin", "Nejka") and t.closed
    assert gm.misses == misses
    assert (gm.outcome.eliminated, gm.outcome.reason) == (
        (("Алукард",), "modkill") if rules["modkill_closes_day"] else ((), "tie_forgiven"))
    assert DayState(day=1, deadline=at("22:00"), alive=ALIVE_AFTER, modkilled=("Алукард",),
                      closed_at=closed_at).modkill_cut_short(VoteRules.from_mapping(rules)) is (not penalties)
