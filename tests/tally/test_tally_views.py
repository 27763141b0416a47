"""RULES.md §3 "Two views of one count": for each hidden modifier, the public view shows no trace
of it (not in to_json, the text table or the bbcode post), while the GM view and the outcome use it."""
from __future__ import annotations

import json

import pytest

from mafvote_tally import Outcome, Silence, Weight, format_bbcode, format_text
from support.count import HIDDEN, PLAYERS, POSTS, at, blue, count, post, red, totals


def _public(as_of, **mod):
    t = count(POSTS, view="public", as_of=as_of, **mod)
    return t, json.dumps(t.to_json(), ensure_ascii=False), format_text(t), format_bbcode(t, at("13:00"))


@pytest.mark.parametrize("name", HIDDEN)
def test_rule_3_views_public_open_day_shows_no_trace_of_hidden_modifier(name):
    plain = _public(at("13:00"))
    hidden = _public(at("13:00"), **HIDDEN[name])
    assert hidden[1] == plain[1]          # to_json identical
    assert hidden[2] == plain[2]          # text table identical
    assert hidden[3] == plain[3]          # bbcode identical
    for word in ("×", "secret", "stolen", "gifted", "silenced (", "Лишены"):
        assert word not in hidden[1] + hidden[2] + hidden[3]


@pytest.mark.parametrize("name", HIDDEN)
def test_rule_3_views_public_closed_day_differs_only_in_the_gm_outcome(name):
    plain, hidden = _public(None)[0].to_json(), _public(None, **HIDDEN[name])[0].to_json()
    plain.pop("outcome"), hidden.pop("outcome")
    assert hidden == plain


@pytest.mark.parametrize("name,gm_totals,eliminated", [
    ("doctor_triple_blue", {"Петя": 2 - 3, "Вася": 3}, ("Вася",)),
    ("prosecutor_double_red", {"Петя": 3 - 1, "Вася": 3}, ("Вася",)),
    ("boss_hidden_vote_loss", {"Петя": 1 - 1, "Вася": 3}, ("Вася",)),
    ("laura_unannounced_silence", {"Петя": 2 - 1, "Вася": 2}, ("Вася",)),
    ("stolen_vote", {"Петя": 3 - 1, "Вася": 2}, ()),
    ("gifted_vote", {"Петя": 3 - 1, "Вася": 3}, ("Вася",)),
])
def test_rule_3_views_gm_view_and_outcome_use_the_modifier(name, gm_totals, eliminated):
    gm = count(POSTS, **HIDDEN[name])
    assert totals(gm) == gm_totals
    assert gm.outcome.eliminated == eliminated
    pub = count(POSTS, view="public", **HIDDEN[name])
    assert totals(pub) == {"Петя": 2 - 1, "Вася": 3}   # every vote weight 1
    assert pub.outcome.eliminated == gm.outcome.eliminated      # the result is the GM's
    if gm.outcome.reason == "plurality":
        assert pub.outcome == gm.outcome
    else:
        # a tie over Вася's clear public lead would tell of the stolen vote: the public view gives no reason
        assert (name, gm.outcome.reason, pub.outcome) == ("stolen_vote", "tie", Outcome((), "undisclosed"))


def test_rule_3_views_announced_silence_is_public():
    pub = count(POSTS, view="public", as_of=at("13:00"), silences=(Silence("Вася", announced=True),))
    assert pub.silenced == ("Вася",)
    assert totals(pub) == {"Петя": 1 - 1, "Вася": 3}   # Вася's red for Петя weighs 0
    assert "Лишены голоса: Вася" in format_bbcode(pub, at("13:00"))


def test_rule_3_views_gm_only_flags_are_not_public():
    posts = [post(p, "10:00", red("Соня" if p != "Соня" else "Петя"))
             for p in ("Соня", "Петя", "Вася", "Ronin", "Nejka")]
    kw = dict(rules={"min_posts_for_night_action": 3}, misses_so_far={"Алукард": 1})
    gm = count(posts, **kw)
    assert {f.kind for f in gm.flags} == {"modkill_candidate", "under_active"}
    assert count(posts, view="public", **kw).flags == ()


def test_rule_3_views_a_public_tie_over_a_smaller_real_tie_names_the_public_tie_in_the_public_tally():
    # public: Петя 3 red − 1 blue = 2, Вася 2, Ronin 2 (a tie of three); real: Соня's blue weighs 3 (the doctor),
    # Петя 0, so the real tie is Вася and Ronin. The public Tally (what the daemon publishes and posts render)
    # gives the tie its own totals show, never the real tied pair that would out the doctor.
    players = PLAYERS + ("Гафф", "Мотя")
    posts = [post("Вася", "10:00", red("Петя")), post("Ronin", "10:01", red("Петя")),
             post("Nejka", "10:02", red("Петя")), post("Соня", "10:03", blue("Петя")),
             post("Петя", "10:04", red("Вася")), post("Алукард", "10:05", red("Вася")),
             post("Гафф", "10:06", red("Ronin")), post("Мотя", "10:07", red("Ronin"))]
    weights = {"Соня": Weight(blue=3)}
    gm = count(posts, players=players, alive=players, weights=weights)
    assert (gm.outcome.reason, gm.outcome.tied) == ("tie", ("Вася", "Ronin"))
    public = count(posts, players=players, alive=players, weights=weights, view="public")
    assert public.outcome.to_json() == {"eliminated": [], "reason": "tie", "saved": [], "spent": [],
                                        "tied": ["Петя", "Вася", "Ronin"]}
    # without the doctor the public tally is the same: nothing in it depends on the hidden weight
    assert count(posts, players=players, alive=players, view="public").to_json() == public.to_json()
