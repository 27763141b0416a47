"""Hue classification of every CSS colour form (RULES.md §2: colour by hue, not by a fixed list)."""
from __future__ import annotations

import pytest

from mafvote_tally.colors import classify, hue_of_element, parse_rgb
from support.count import count, counted, post


@pytest.mark.parametrize("value,hue", [
    ("#FF0000", "red"), ("#FC0000", "red"), ("#E60000", "red"), ("red", "red"), ("Red", "red"),
    ("darkred", "red"), ("crimson", "red"), ("maroon", "red"), ("firebrick", "red"),
    ("rgb(255, 0, 0)", "red"), ("rgba(200,0,0,0.9)", "red"), ("rgb(100%, 0%, 0%)", "red"),
    ("#F00", "red"), ("#f00f", "red"), ("#ff0000ff", "red"), ("hsl(0, 100%, 40%)", "red"),
    ("hsl(350deg 80% 45%)", "red"), ("#e74c3c", "red"), ("FF0000", "red"), ("red !important", "red"),
    ("#0000FF", "blue"), ("blue", "blue"), ("navy", "blue"), ("mediumblue", "blue"),
    ("#3366FF", "blue"), ("royalblue", "blue"), ("dodgerblue", "blue"), ("#3498db", "blue"),
    ("rgb(41, 105, 176)", "blue"), ("hsl(240, 100%, 50%)", "blue"), ("darkblue", "blue"),
    ("green", "other"), ("purple", "other"), ("orange", "other"), ("grey", "other"),
    ("pink", "other"), ("salmon", "other"), ("magenta", "other"), ("deepskyblue", "other"),
    ("black", "other"), ("white", "other"), ("#808080", "other"), ("indigo", "other"),
    (None, "none"), ("", "none"), ("inherit", "none"), ("transparent", "none"), ("bogus", "none"),
])
def test_rule_2_colour_by_hue(value, hue):
    assert classify(value) == hue


def test_rule_2_colour_parse_forms():
    assert parse_rgb("#abc") == (0xAA, 0xBB, 0xCC)
    assert parse_rgb("rgb(10 20 30 / 50%)") == (10, 20, 30)
    assert parse_rgb("hsl(120, 100%, 25%)") == (0, 128, 0)


@pytest.mark.parametrize("tag,attrs,hue", [
    ("span", {"style": "color: #FF0000"}, "red"),                      # phpBB 3.0
    ("span", {"style": "color:#FF0000"}, "red"),                       # phpBB 3.2+ (s9e)
    ("font", {"color": "Red"}, "red"),                                 # vBulletin 3/4
    ("span", {"class": "bbc_color", "style": "color: blue;"}, "blue"),  # SMF
    ("span", {"class": "mycode_color", "style": "color: #0000FF;"}, "blue"),   # MyBB
    ("span", {"class": "p-color", "style": "color: darkred;"}, "red"),        # TorrentPier
    ("span", {"style": "color: rgb(226, 80, 65)"}, "red"),             # XenForo 2
    ("span", {"style": "color:#ff0000;"}, "red"),                      # IPB
    ("span", {"class": "bbc-color-red"}, "red"),                       # class-only engines
    ("span", {"style": "font-weight: bold; color: green"}, "other"),
    ("span", {"style": "background-color: red"}, "none"),              # not the text colour
    ("b", {}, "none"),
])
def test_rule_2_colour_of_an_element_in_every_engine_form(tag, attrs, hue):
    assert hue_of_element(tag, attrs) == hue


@pytest.mark.parametrize("style,color", [("COLOR: RED", "red"), ("COLOR: #ff0000", "red"), ("Color: Blue", "blue"),
                                         ("FONT-WEIGHT: bold; COLOR: #0000FF", "blue")])
def test_rule_2_a_colour_written_in_upper_case_css_is_a_vote(style, color):
    t = count([post("Соня", "10:00", f'<span style="{style}">Петя</span>')])
    assert counted(t) == {"Соня": ("Петя", color)} and t.flags == ()
    [petya] = [c for c in t.candidates if c.player == "Петя"]
    assert (petya.red, petya.blue) == ((1, 0) if color == "red" else (0, 1))
