"""The day's timeline (`tally.timeline`, the pages' step chart): each step equals the pure count of the posts
written by that moment (`count_day(..., as_of=the moment)`, its votes' totals), in both views, through replaced votes, досрочно,
self-votes, unknown names, votes for a player modkilled later, hidden weights and silences; the last step is the
count's own totals (penalties once the day is closed)."""
from __future__ import annotations

import pytest
from hypothesis import strategies as st
from hypothesis import given, settings

from mafvote_tally import Silence, Transfer, VoteRules, Weight
from mafvote_tally.timeline import timeline
from support.count import PLAYERS, at, blue, count, day_state, post, red

DAY = [
    post("Соня", "10:00", blue("Петя")),
    post("Петя", "10:30", red("Вася")),
    post("Вася", "11:00", red("Петя")),
    post("Ronin", "11:30", red("Петя") + " досрочно"),
    post("Вася", "11:40", red("Вася")),                          # self-vote: changes nothing
    post("Nejka", "12:00", red("Вася")),
    post("Петя", "12:10", red("Nejka")),                         # Петя moves his vote
    post("Алукард", "12:30", red("Гоша")),                       # an unknown name: changes nothing
    post("Ronin", "12:40", red("Соня")),                         # after his final vote: changes nothing
    post("Алукард", "13:00", red("Вася")),
]

HIDDEN = {
    "none": {},
    "doctor_triple_blue": dict(weights={"Соня": Weight(blue=3)}),
    "prosecutor_double_red": dict(weights={"Ronin": Weight(red=2)}),
    "hidden_silence": dict(silences=(Silence("Вася", announced=False),)),
    "announced_silence": dict(silences=(Silence("Nejka", announced=True),)),
    "stolen_vote": dict(transfers=(Transfer("stolen", "Алукард", "Ronin"),)),
    "gifted_vote": dict(transfers=(Transfer("gifted", "Петя", "Вася"),)),
}
RULES = {"early_close_from_day": 1}


def _steps(posts, view, as_of=None, rules=RULES, **mod):
    t = count(posts, view=view, as_of=as_of, rules=rules, **mod)
    return t, timeline(t, day_state(**mod), VoteRules.from_mapping(rules))


def _at_moment(posts, moment, view, rules=RULES, **mod):
    written = [p for p in posts if p.time <= moment]
    t = count(written, view=view, as_of=moment, rules=rules, **mod)
    # the votes' totals (the GM view adds the penalties «if the day closed now» all day: the chart shows them at
    # the last step only)
    return {c.player: c.red - c.blue for c in t.candidates if c.red - c.blue}


@pytest.mark.parametrize("view", ["public", "gm"])
@pytest.mark.parametrize("name", HIDDEN)
def test_each_step_equals_the_count_at_that_moment(view, name):
    t, steps = _steps(DAY, view, as_of=at("14:00"), **HIDDEN[name])
    votes = [s for s in steps if not s.closing and s.voter is not None]
    assert [s.post_id for s in votes] == [DAY[i].post_id for i in (0, 1, 2, 3, 5, 6, 9)]
    for s in votes:
        assert s.nonzero() == _at_moment(DAY, s.time, view, **HIDDEN[name]), s
    # the last point is the count now
    assert steps[-1].nonzero() == {c.player: c.total for c in t.candidates if c.total}
    assert steps[-1].time == at("14:00") and not steps[-1].closing


def test_public_steps_never_depend_on_a_hidden_modifier():
    plain = _steps(DAY, "public", as_of=at("14:00"))[1]
    for name, mod in HIDDEN.items():
        if name in ("none", "announced_silence"):
            continue
        assert _steps(DAY, "public", as_of=at("14:00"), **mod)[1] == plain, name


def test_gm_steps_show_the_weights():
    steps = _steps(DAY, "gm", as_of=at("14:00"), weights={"Соня": Weight(blue=3)})[1]
    assert steps[0].totals == {"Петя": -3}
    assert steps[0].color == "blue" and steps[3].early and steps[3].voter == "Ronin"


def test_closed_day_ends_on_the_totals_with_penalties():
    t, steps = _steps(DAY[:4], "public")
    assert t.closed
    assert steps[-1].closing and steps[-1].time == at("22:00")
    # the non-voters' penalty (+2 each) shows only at the close
    assert steps[-2].nonzero() == {"Петя": 1, "Вася": 1}
    assert steps[-1].nonzero() == {c.player: c.total for c in t.candidates if c.total}
    assert steps[-1].totals["Nejka"] == 2


def test_a_vote_for_a_player_modkilled_later_weighs_nothing_as_the_count_reads_it():
    # the chart is the day as the count reads the thread now: a modkill makes the votes for the player weigh 0
    posts = [post("Соня", "10:00", red("Петя")), post("Вася", "11:00", red("Петя")),
             post("Соня", "13:00", red("Вася"))]
    mod = dict(modkilled=("Петя",), modkilled_at={"Петя": at("12:00")}, alive=tuple(p for p in PLAYERS if p != "Петя"))
    t, steps = _steps(posts, "public", as_of=at("14:00"), **mod)
    assert [s.nonzero() for s in steps[:-1]] == [{}, {}, {"Вася": 1}]
    assert steps[-1].nonzero() == {c.player: c.total for c in t.candidates if c.total}


_voters = st.sampled_from(PLAYERS)
_targets = st.sampled_from(PLAYERS + ("Гоша",))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(_voters, _targets, st.booleans(), st.booleans()), max_size=14),
       st.sampled_from(sorted(HIDDEN)), st.sampled_from(["public", "gm"]))
def test_property_steps_equal_the_count_at_each_moment(votes, name, view):
    posts = [post(v, f"{10 + i // 6}:{(i % 6) * 10:02d}", (red if r else blue)(tg) + (" досрочно" if e else ""))
             for i, (v, tg, r, e) in enumerate(votes)]
    t, steps = _steps(posts, view, as_of=at("20:00"), **HIDDEN[name])
    for s in steps[:-1]:
        assert s.nonzero() == _at_moment(posts, s.time, view, **HIDDEN[name])
    assert steps[-1].nonzero() == {c.player: c.total for c in t.candidates if c.total}


def _days_as_the_daemon_sees_them(posts, view, **mod):
    """The day after each post (counted at that post's minute, as a tick counts), then with the third post deleted,
    then with a silence applied (another day state): (tally, day state) each."""
    out = []
    for i in range(1, len(posts) + 1):
        out.append((count(posts[:i], view=view, as_of=posts[i - 1].time, rules=RULES, **mod), day_state(**mod)))
    gone = posts[:2] + posts[3:]
    out.append((count(gone, view=view, as_of=at("14:00"), rules=RULES, **mod), day_state(**mod)))
    silenced = dict(mod, silences=(*mod.get("silences", ()), Silence("Алукард", announced=True)))
    out.append((count(gone, view=view, as_of=at("14:00"), rules=RULES, **silenced), day_state(**silenced)))
    return out


@pytest.mark.parametrize("view", ["public", "gm"])
@pytest.mark.parametrize("name", HIDDEN)
def test_a_timeline_resumed_from_the_last_call_is_the_timeline_made_whole(view, name):
    # issue 17: the pages keep the running day's replay (`memo`) and replay only the new posts' records; a deleted
    # post or another day state replays the day whole: every call equals the timeline made from nothing
    memo: dict = {}
    before: tuple = ()
    kept = []
    for tally, state in _days_as_the_daemon_sees_them(DAY, view, **HIDDEN[name]):
        rules = VoteRules.from_mapping(RULES)
        steps = timeline(tally, state, rules, memo=memo)
        assert steps == timeline(tally, state, rules)
        # were the steps of the votes before the last call's own (resumed, not replayed)?
        kept.append(bool(before[:-1]) and all(a is b for a, b in zip(before[:-1], steps)))
        before = steps
    # resumed after each new post from the first vote's on; the deletion and the silence replayed the day whole
    assert kept == [False, *[True] * (len(DAY) - 1), False, False]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(_voters, _targets, st.booleans(), st.booleans()), min_size=3, max_size=14),
       st.sampled_from(sorted(HIDDEN)), st.sampled_from(["public", "gm"]))
def test_property_a_resumed_timeline_equals_the_whole_one(votes, name, view):
    posts = [post(v, f"{10 + i // 6}:{(i % 6) * 10:02d}", (red if r else blue)(tg) + (" досрочно" if e else ""))
             for i, (v, tg, r, e) in enumerate(votes)]
    memo: dict = {}
    for tally, state in _days_as_the_daemon_sees_them(posts, view, **HIDDEN[name]):
        rules = VoteRules.from_mapping(RULES)
        assert timeline(tally, state, rules, memo=memo) == timeline(tally, state, rules)
