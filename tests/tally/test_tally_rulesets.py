"""The [votes] contract: every shipped ruleset's [votes] table is read by tally.VoteRules.from_mapping
with exactly the switches RULES.md §2–§3 give its game."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from mafvote_tally import BadRules, VoteRules

RULESETS = Path(__file__).resolve().parents[2] / "rulesets"

EXPECTED = {
    # 001: fixed 2 (rule 4), early votes from day 1 closed by the GM (5.1), silent 24 h (rule 3)
    "new_year": VoteRules(early_close_from_day=1, early_close="gm", silent_alert_hours=24),
    # 000: early from day 3 (13) with "или большинство", missed night action = miss (2), 3 posts (12)
    "peculiar": VoteRules(early_close_from_day=3, early_close="auto", early_close_majority_alert=True,
                          night_action_is_duty=True, min_posts_for_night_action=3),
    # 003: like 000 without the activity rule
    "time_machine": VoteRules(early_close_from_day=3, early_close="auto",
                              early_close_majority_alert=True, night_action_is_duty=True),
    # 004: 2.1, 2.3, 3/3.1, 4, 2 (silenced must vote), general rule 1 (modkill closes the day)
    "grand_hotel": VoteRules(colors_matter=False, edited_vote="void", penalty="cumulative",
                             penalty_votes=1, tie="nobody_once_then_all", early_close_from_day=0,
                             silenced_must_vote=True, modkill_closes_day=True),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_ruleset_votes_table_matches_its_game(name):
    data = tomllib.loads((RULESETS / f"{name}.toml").read_text(encoding="utf-8"))
    assert data["game"]["name"] == name
    assert VoteRules.from_mapping(data["votes"], where=f"rulesets/{name}.toml [votes]") == EXPECTED[name]


def test_ruleset_time_machine_starts_with_a_day_grand_hotel_with_a_night():
    tm = tomllib.loads((RULESETS / "time_machine.toml").read_text(encoding="utf-8"))
    gh = tomllib.loads((RULESETS / "grand_hotel.toml").read_text(encoding="utf-8"))
    assert (tm["game"]["starts_with"], gh["game"]["starts_with"]) == ("day", "night")


def test_ruleset_votes_error_names_the_file_and_key():
    with pytest.raises(BadRules, match=r"rulesets/x.toml \[votes\].edited_vote: 'last' is not one of first_seen, void"):
        VoteRules.from_mapping({"edited_vote": "last"}, where="rulesets/x.toml [votes]")
