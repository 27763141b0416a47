"""A count made with a matcher that counted the day before (the daemon's: both views after each poll, one matcher
per roster) says exactly what a count from scratch says. `count_day` goes on from the matcher's last walk of the
day's posts when its posts come first in this window and the day state, roster, rules, close and what `as_of` shows
of their edits are the same (tally/count.py `_Walk`, issue 17); these tests count a day post by post the way the
daemon does and compare every count with a fresh one."""
from __future__ import annotations

from datetime import timedelta, timezone

import pytest
from hypothesis import strategies as st
from hypothesis import given, settings
from msgspec.structs import replace

from mafvote_tally import RosterMatcher, TallyError, VoteRules, count_day, count_day_views
from support.count import GM, PLAYERS, at, blue, day_state, post, red, roster

NAMES = PLAYERS + ("Нежку", "Петю", "Зинаида")


@st.composite
def days(draw):
    """A day's thread in time order, some posts edited (a second version seen later) or deleted."""
    n = draw(st.integers(min_value=1, max_value=20))
    posts = [post("Соня", "00:00", "я тут", pid=999)]
    minutes = sorted(draw(st.lists(st.integers(min_value=1, max_value=23 * 60), min_size=n, max_size=n)))
    for i, minute in enumerate(minutes):
        author = draw(st.sampled_from(PLAYERS + (GM, "Гость")))
        kind = draw(st.sampled_from(["red", "blue", "word", "chat", "early", "gm", "named"]))
        target = draw(st.sampled_from(NAMES))
        html = {"red": red(target), "blue": blue(target), "word": f"{target} КРАСНЫМ", "chat": "просто болтаю",
                "early": red(target) + " досрочно", "gm": f"{draw(st.sampled_from(PLAYERS))} — {red(target)}",
                "named": f"голосую {target}"}[kind]
        when = f"{minute // 60:02d}:{minute % 60:02d}"
        extra: dict = {}
        change = draw(st.sampled_from(["none", "none", "edit", "delete"]))
        if change == "edit":
            later = at(when) + timedelta(minutes=draw(st.integers(min_value=1, max_value=600)))
            extra = {"versions": ((at(when), html), (later, red(draw(st.sampled_from(NAMES))))), "edited": True}
        elif change == "delete":
            extra = {"deleted": True, "deleted_at": at(when) + timedelta(minutes=draw(st.integers(1, 600)))}
        posts.append(post(author, when, html, pid=1000 + i, **extra))
    return posts


@settings(max_examples=30, deadline=None)
@given(days(), st.sampled_from([{}, {"edited_vote": "void", "colors_matter": False},
                                {"early_close_from_day": 1, "early_close": "auto"},
                                {"early_close_from_day": 1, "early_close_majority_alert": True}]))
def test_a_day_counted_post_by_post_with_one_matcher_counts_as_a_fresh_count(posts, rules_table):
    rules = VoteRules.from_mapping(rules_table)
    ros = roster()
    state = day_state()
    warm = RosterMatcher.from_roster(ros)
    for k in range(1, len(posts) + 1):
        shown = posts[:k]
        now = shown[-1].time + timedelta(minutes=1)
        for view in ("gm", "public"):
            for as_of in (now, None):
                got = count_day(shown, state, ros, rules, view=view, as_of=as_of, matcher=warm)
                assert got.to_json() == count_day(shown, state, ros, rules, view=view, as_of=as_of).to_json()


@settings(max_examples=30, deadline=None)
@given(days(), st.sampled_from([{}, {"edited_vote": "void", "colors_matter": False},
                                {"early_close_from_day": 1, "early_close": "auto"}]),
       st.sampled_from(["whole day", "after a night"]))
def test_both_views_from_one_walk_are_each_views_own_count(posts, rules_table, bounds):
    # the daemon's two views after each poll come from one walk of the day (count_day_views): each says what its
    # own count from scratch says, the flags of the late and the night's votes once each, not twice
    rules = VoteRules.from_mapping(rules_table)
    ros = roster()
    state = day_state() if bounds == "whole day" else day_state(start=at("04:00"), night_start=at("00:00"))
    warm = RosterMatcher.from_roster(ros)
    for k in range(1, len(posts) + 1):
        shown = posts[:k]
        now = shown[-1].time + timedelta(minutes=1)
        for as_of in (now, None):
            try:
                got = count_day_views(shown, state, ros, rules, views=("gm", "public"), as_of=as_of, matcher=warm)
            except TallyError as exc:      # a night's votes and a guest's post only: no roster player in the day
                with pytest.raises(type(exc)):
                    count_day(shown, state, ros, rules, as_of=as_of)
                continue
            assert list(got) == ["gm", "public"]
            for view in ("gm", "public"):
                assert got[view].to_json() == count_day(shown, state, ros, rules, view=view, as_of=as_of).to_json()


def test_a_recount_after_the_day_state_changed_is_not_taken_from_the_last_walk():
    # the GM modkilled Петя after his vote (the day state changes): the warm matcher's walk was made with Петя
    # alive and voting; the count after the modkill must read the posts again
    posts = [post("Соня", "10:00", red("Петю") + " досрочно", pid=1), post("Петя", "11:00", red("Соню"), pid=2),
             post("Вася", "12:00", red("Соню"), pid=3)]
    ros, rules = roster(), VoteRules.from_mapping({})
    warm = RosterMatcher.from_roster(ros)
    before = count_day(posts, day_state(), ros, rules, as_of=at("14:00"), matcher=warm)
    assert [(c.player, c.red) for c in before.candidates if c.red] == [("Соня", 2), ("Петя", 1)]
    after_modkill = day_state(alive=tuple(p for p in PLAYERS if p != "Петя"), modkilled=("Петя",),
                              modkilled_at={"Петя": at("13:00")})
    got = count_day(posts, after_modkill, ros, rules, as_of=at("14:00"), matcher=warm)
    assert [(c.player, c.red) for c in got.candidates if c.red] == [("Соня", 1)]
    assert [(f.kind, f.player) for f in got.flags] == [("target_removed", "Соня"), ("dead_voter", "Петя")]
    assert got.to_json() == count_day(posts, after_modkill, ros, rules, as_of=at("14:00")).to_json()


def test_an_edit_seen_between_two_counts_is_read_again():
    # Вася's vote for Соня is edited into a vote for Петя at 15:00: a count as of 14:00 reads the vote as first
    # seen and no edit; the count as of 16:00 with the same matcher must see the edit (first_seen: flagged)
    posts = [post("Соня", "10:00", red("Петю"), pid=1),
             post("Вася", "12:00", red("Соню"), pid=2,
                  versions=((at("12:00"), red("Соню")), (at("15:00"), red("Петю"))))]
    ros, rules = roster(), VoteRules.from_mapping({})
    warm = RosterMatcher.from_roster(ros)
    early = count_day(posts, day_state(), ros, rules, as_of=at("14:00"), matcher=warm)
    assert [f.kind for f in early.flags] == []
    later = count_day(posts, day_state(), ros, rules, as_of=at("16:00"), matcher=warm)
    assert [(f.kind, f.player) for f in later.flags] == [("edited", "Вася")]
    assert later.to_json() == count_day(posts, day_state(), ros, rules, as_of=at("16:00")).to_json()


def test_the_same_posts_in_another_time_zone_are_walked_again():
    # a count shows the posts' times in the zone they come in (the game's): the same instants in UTC after a count in
    # Moscow time must not come back with Moscow's offsets from the last walk
    posts = [post("Соня", "10:00", red("Петю") + " досрочно", pid=1), post("Соня", "11:00", red("Васю"), pid=2)]
    utc = [replace(p, time=p.time.astimezone(timezone.utc)) for p in posts]
    ros, rules = roster(), VoteRules.from_mapping({"early_close_from_day": 1})
    warm = RosterMatcher.from_roster(ros)
    count_day(posts, day_state(), ros, rules, as_of=at("12:00"), matcher=warm)
    got = count_day(utc, day_state(), ros, rules, as_of=at("12:00"), matcher=warm)
    assert [v["time"] for v in got.to_json()["votes"]] == ["2027-01-01T07:00:00+00:00", "2027-01-01T08:00:00+00:00"]
