"""What public posts must not give away (issue 14, RULES.md §3 "Two views"): a reason the public totals do not
show, a tie worded as «первый раз» (after a public tie that hid a real result, a second «первый раз» tells
the players the first was not real), phrases of secret events, a side the post does not show; and 004's
«постояльцы» are the mafia, never everyone in the hotel."""
from __future__ import annotations

import pytest

from mafvote import rulesets
from mafvote.render import THEMES, load_theme, make_environment, render, roles_from_ruleset
from mafvote_tally.format import outcome_text, public_outcome, shown_reason
from support.games import red_span
from support.posts import cand, public_count


def test_rule_3_a_public_two_two_tie_decided_by_hidden_weights_gives_no_reason():
    # the public count: Enzo 2, Соня 2; the real count (a prosecutor's double red) hangs Enzo
    count = public_count([cand("Enzo", ["А", "Б"]), cand("Соня", ["В", "Г"])],
                         {"reason": "plurality", "eliminated": ["Enzo"]})
    assert shown_reason(count) == "undisclosed"
    assert public_outcome(count)["reason"] == "undisclosed"
    assert public_outcome(count)["eliminated"] == ["Enzo"]
    assert outcome_text(count) == "Enzo покидает игру"
    # the same hanging the public totals give themselves keeps its reason
    clear = public_count([cand("Enzo", ["А", "Б", "В"]), cand("Соня", ["Г"])],
                         {"reason": "plurality", "eliminated": ["Enzo"]})
    assert shown_reason(clear) == "plurality"


def phrases(theme: str) -> dict[str, tuple[str, ...]]:
    return dict(load_theme(make_environment("text"), theme).phrases)


@pytest.mark.parametrize("theme", THEMES)
def test_rule_3_9_no_tie_is_worded_as_the_first(theme):
    for key, variants in phrases(theme).items():
        if key.startswith("day.reason."):
            for v in variants:
                assert "перв" not in v.lower(), (key, v)
    tie = public_count([cand("Enzo", ["А"]), cand("Соня", ["Б"])], {"reason": "tie_forgiven", "tied": ["Enzo", "Соня"]})
    assert outcome_text(tie) == "ничья, не вешается никто"


@pytest.mark.parametrize("theme", THEMES)
def test_no_theme_tells_of_a_stolen_vote_or_of_a_player_lying_low(theme):
    text = "\n".join(v for variants in phrases(theme).values() for v in variants)
    for secret in ("пропал голос", "залёг на дно", "залег на дно"):
        assert secret not in text, (theme, secret)


def test_004_everyone_in_the_hotel_is_obitateli_never_the_mafias_postoyaltsy():
    texts = [v for variants in phrases("grand_hotel").values() for v in variants]
    assert not [t for t in texts if "постоял" in t.lower()]
    assert "СУД ОБИТАТЕЛЕЙ ОТЕЛЯ" in phrases("grand_hotel")["paper.court"]
    assert "Остальные обитатели отеля провели ночь спокойно." in phrases("grand_hotel")["paper.quiet"]


PECULIAR = roles_from_ruleset(rulesets.load("peculiar"))


@pytest.mark.parametrize("revealed", [False, True])
def test_000_the_game_over_post_does_not_contradict_its_winner(revealed):
    dead = {"player": "Клэр Денсмор", "role": "Пустота", "side": "hollows", "revealed": revealed,
            "causes": ["hanged"]}
    data = {"roster": [{"nick": "Клэр Денсмор", "gender": "f"}], **PECULIAR,
            "outcome": {"day": 3, "deaths": [dead], "saved": [], "public": [], "winner": "peculiar"}}
    out = render("peculiar", "day", data, fmt="text", variant=2)
    assert "Победа странных детей." in out
    assert "Пустоты смеются" not in out
    first = out.splitlines()[0]
    assert first == ("Странные дети ликуют: Клэр Денсмор покидает петлю. Она была Пустотой (пустота)." if revealed
                     else "Решение принято: Клэр Денсмор покидает петлю.")


def test_rule_3_a_real_public_two_two_tie_that_gerda_decides_says_undisclosed(new_game):
    # 001: the public count Enzo 2, Соня 2; Герда's red counts 2 (hidden), so the real count hangs Enzo
    g = new_game("new_year", [("Ронин", "Санта Клаус", "m"), ("Герда", "Герда", "f"), ("Алиса", "мирная зверюшка", "f"),
                              ("Enzo", "мирная зверюшка", "m"), ("Соня", "мирная зверюшка", "f"),
                              ("Пусс", "мирная зверюшка", "m"), ("Мотя", "мирная зверюшка", "f")])
    for i, (voter, html) in enumerate([("Герда", red_span("Enzo")), ("Алиса", red_span("Enzo")),
                                       ("Ронин", red_span("Соня")), ("Пусс", red_span("Соня"))]):
        g.vote(voter, html, f"2026-11-21T10:{i:02d}")
    g.ok("crawl")
    g.ok("night", "resolve", "--night", "1")
    assert g.json("tally", "--day", "1", "--view", "gm")["outcome"]["reason"] == "plurality"
    g.ok("day", "close", "--day", "1")
    public = g.json("tally", "--day", "1")
    assert public["outcome"]["eliminated"] == ["Enzo"]
    assert public["outcome"]["reason"] == "undisclosed"          # was "plurality" over a public 2–2 tie
    assert g.ok("render", "votecount", "1", "--format", "text").splitlines()[-1] == \
        "Голосование закрыто. Итог: Enzo покидает игру"
