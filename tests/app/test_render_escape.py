"""Nicks, roles and flavour text with BBCode or HTML cannot break or inject into a generated post (RULES.md §6,
issue 5 item 6). BBCode: a zero-width space after `[` and before `]` keeps the text but no tag; HTML: autoescape."""
from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mafvote.render import THEMES, bb_escape, render

EVIL_NICK = "[/color][url=http://evil.example/]жми[/url]"
EVIL_HTML = "<script>alert(1)</script>"
EVIL_ROLE = "[b]Мафиози[/b][img]http://evil.example/x.png[/img]"
ROSTER = [{"nick": EVIL_NICK, "gender": "m"}, {"nick": EVIL_HTML, "gender": "f"}, {"nick": "Соня", "gender": "f"}]
RULES = {"roles": {EVIL_ROLE: {"side": "mafia"}, "мирная зверюшка": {"side": "town", "plain": True}},
         "sides": {"mafia": {"kind": "mafia", "title": "мафия"}, "town": {"kind": "town", "title": "мирный"}}}
FLAVOR = "Ночь.[/quote][url=http://evil.example/]тык[/url] <script>alert(2)</script> {{ 7*7 }}"


def night_outcome() -> dict:
    return {"night": 1,
            "deaths": [{"player": EVIL_NICK, "role": EVIL_ROLE, "side": "mafia", "revealed": True, "causes": []},
                       {"player": EVIL_HTML, "role": "мирная зверюшка", "side": "town", "revealed": True,
                        "causes": []}],
            "silenced": [{"player": "Соня", "days": 1, "announced": True},
                         {"player": EVIL_NICK, "days": 1, "announced": True}],
            "public": [{"kind": "trace", "text": "", "data": {"player": EVIL_HTML, "role": EVIL_ROLE}},
                       {"kind": "weird_new_kind", "text": f"{EVIL_NICK} {EVIL_HTML}", "data": {}}],
            "private": [], "refused": [], "rolls": [], "saved": []}


def public_tally() -> dict:
    return {"view": "public", "day": 1, "deadline": "2026-12-28T22:00+03:00", "closed": False,
            "candidates": [{"player": EVIL_NICK, "total": 1, "red": 2, "blue": 1, "penalty": 0,
                            "voters": [{"voter": EVIL_HTML, "color": "red", "weight": 1},
                                       {"voter": "Соня", "color": "red", "weight": 1},
                                       {"voter": "Соня", "color": "blue", "weight": 1}]}],
            "not_voted": [EVIL_HTML], "silenced": [EVIL_NICK], "final": [EVIL_NICK],
            "outcome": {"eliminated": [], "reason": "pending"}}


def tags(bbcode: str) -> list[str]:
    """The BBCode tags a forum would see: `[name...]` / `[/name]` with no zero-width space inside."""
    return re.findall(r"\[/?([a-z]+)[^\]\u200b]*\]", bbcode)


@pytest.mark.parametrize("theme", THEMES)
def test_hostile_nick_role_and_flavour_cannot_inject_bbcode(theme):
    data = {"roster": ROSTER, **RULES, "outcome": night_outcome(), "deadline": "2026-12-28T22:00+03:00"}
    out = render(theme, "night", data, fmt="bbcode", flavor=FLAVOR)
    assert "[url" not in out and "[/color]" not in out and "[/quote]" not in out and "[img" not in out
    # only the theme's own markup is a tag: the deadline in bold (and the newspaper's headings)
    assert set(tags(out)) <= {"b", "u"}
    assert tags(out).count("b") % 2 == 0 and tags(out).count("u") % 2 == 0
    # the text itself is kept as typed, only defused
    assert bb_escape(FLAVOR) in out
    assert bb_escape(EVIL_NICK) in out
    # the flavour text is never read as a template
    assert "{{ 7*7 }}" in out and "49" not in out


@pytest.mark.parametrize("theme", THEMES)
def test_hostile_names_cannot_inject_into_the_live_count(theme):
    out = render(theme, "votecount", {"roster": ROSTER, "tally": public_tally()}, fmt="bbcode", flavor=FLAVOR)
    assert "[url" not in out and "[/url]" not in out
    # every [color=...] the post opens is its own and is closed once
    assert tags(out).count("color") == 4          # two rows (red and blue), opened and closed
    assert out.count("[color=") == out.count("[/color]") == 2
    assert bb_escape(EVIL_NICK) in out


@pytest.mark.parametrize("kind", ["night", "votecount"])
def test_html_output_autoescapes(kind):
    data = {"roster": ROSTER, **RULES, "outcome": night_outcome(), "tally": public_tally(),
            "deadline": "2026-12-28T22:00+03:00"}
    out = render("grand_hotel", kind, data, fmt="html", flavor=FLAVOR)
    assert "<script>" not in out
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in out
    assert "&lt;script&gt;alert(2)&lt;/script&gt;" in out


def test_bb_escape_is_idempotent_and_keeps_the_text():
    once = bb_escape(EVIL_NICK)
    assert bb_escape(once) == once
    assert once.replace("\u200b", "") == EVIL_NICK


def test_plain_text_output_keeps_names_as_typed():
    data = {"roster": ROSTER, **RULES, "outcome": night_outcome()}
    out = render("new_year", "night", data, fmt="text", variant=1)
    assert f"Трупы: {EVIL_NICK} - {EVIL_ROLE} (мафия), {EVIL_HTML} - мирная зверюшка" in out


@given(st.text(alphabet=st.sampled_from("[]/=abc:<>\"' \n\u200b"), max_size=40))
def test_no_text_can_open_or_close_a_bbcode_tag(text):
    escaped = bb_escape(text)
    # every bracket is followed / preceded by the zero-width space: no forum parser reads a tag
    assert not re.search("\\[(?!\u200b)", escaped)
    assert not re.search("(?<!\u200b)\\]", escaped)
    if "\u200b" not in text:
        assert escaped.replace("\u200b", "") == text
