"""Runs a night/day scenario file (tests/data/nights/*.toml): players + phases + forced rolls -> expected outcome.

A scenario holds `rule` (what it pins), `ruleset`, `[[players]]` or the shorthand `roster = {Nick = "Role"}`,
`dead` (dead before it starts), and `[[phases]]`, each `kind = "night"` with `actions`, `rolls`,
`under_active` (000 rule 12) and `unchecked` (skip the night-file checks to pin the engine's own refusals),
or `kind = "day"` with `eliminated`; each phase may have `[phases.expect]`:

    deaths = ["Nejka"]                    # exactly these died, in any order
    roles = { Nejka = "Злой эльф" }       # role of each death
    revealed = { Nejka = true }
    saved = ["Enzo"]                      # exactly
    silenced = { "РэдДи" = 1 }            # exactly these, with days left (announced unless in `secret`)
    hidden_vote_loss = ["Ronin"]          # exactly
    alibis = ["Ronin"]                    # exactly (next day)
    refused = [{ actor = "X", reason = "blocked by" }]   # exactly this many, each reason a substring
    public = ["Нежка - Злой эльф (мафия)"] # each text appears among the public lines
    public_count = 3                      # optional: exact number of public lines
    no_public = ["evidence"]              # kinds that must not appear
    private = [{ to = "X", text = "удался" }]
    boss = "Trium"                        # the boss after the phase
    winner = "town"                       # or "" for none
    alerts = ["must kill"]                # each a substring of one GM alert (004: the mafia entered no kill)
    transfers = [["stolen", "Teresa", "Diego"]]   # exactly (004 vote steal / gift for the next day)
    roles_now = { Benjamin = "Хавьер" }   # the role a player holds after the phase (004 inheritance)
    duty = { Enoch = "missed" }           # night_duty's status of each player named (RULES.md §3.6, §3.17)
    no_alerts = ["не прислала"]           # no GM alert contains any of these
    no_private = [{ to = "X", text = "гости" }]   # no private note to X containing the text ("" = none at all)

A day phase with `[phases.count]` (the day's count as `day close` reads it: `resolver.DayCount`'s fields, in the
state's nicks) is closed by `resolver.close_day`, the rules of a day's close; `hanged = [...]` there is the GM's own
decision (`day close --eliminate`). The day-close scenarios live in tests/data/days/, one per rule, and may
start from `[state] misses = {Nick = n}`. Their `[phases.expect]` also takes:

    decided_by = "count"                  # or "gm"
    misses = { B = 2 }                    # exactly the state's misses after the close
    modkill_candidates = ["B"]            # exactly, in order (RULES.md §3.6)
    under_active = ["Enoch"]              # exactly: listed and kept in the state (RULES.md §3.13)
    owes_night_action = ["Enoch"]         # exactly (RULES.md §3.6)
    note = "modkill_cut_short"            # the GM note's key ("" = no note); note_facts = { names = "…" }
    counted = false                       # the count's misses and activity were not recorded
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from support.nights import DAY_SCENARIO_FILES, SCENARIO_FILES, run_file

# The runner (build, night_actions, check, run_file) is in support/nights.py: other night tests replay these files too.


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=[p.stem for p in SCENARIO_FILES])
def test_scenario_pins_its_rule(path: Path) -> None:
    """Each file names the rule it pins in its `rule` key; its phases must produce what it expects."""
    scenario, outcomes = run_file(path)
    assert scenario.get("rule"), f"{path.name}: say which rule the scenario pins"
    assert outcomes


@pytest.mark.parametrize("path", DAY_SCENARIO_FILES, ids=[p.stem for p in DAY_SCENARIO_FILES])
def test_day_close_scenario_pins_its_rule(path: Path) -> None:
    """A day-close scenario (tests/data/days) is named after the RULES.md section its `rule` cites, closes at
    least one day by `close_day`, and its phases produce what it expects."""
    scenario, outcomes = run_file(path)
    section = re.match(r"RULES\.md §(\d+)\.(\d+)", scenario.get("rule", ""))
    assert section, f"{path.name}: `rule` starts with the RULES.md section it pins"
    assert path.stem.startswith(f"rule_{section.group(1)}_{section.group(2)}_"), f"{path.name}: named after §{section.group(0)}"
    assert any(p["kind"] == "day" and ("count" in p or "hanged" in p) for p in scenario["phases"])
    assert len(outcomes) == len(scenario["phases"])


def test_every_rule_of_closing_a_day_has_a_scenario() -> None:
    """The rules `day close` applies each have their scenario file (issue 16): a miss and its penalty, a modkill
    candidate, an under-active player, 004's modkill-closed day, a missed night action."""
    names = {p.stem for p in DAY_SCENARIO_FILES}
    for start in ("rule_3_6_first_missed_vote", "rule_3_6_second_missed_vote_is_a_modkill_candidate",
                  "rule_3_6_004_cumulative_penalty", "rule_3_13_under_active", "rule_3_14_004_modkill_closes_the_day",
                  "rule_3_6_missed_night_action"):
        assert any(n.startswith(start) for n in names), f"no day-close scenario {start}*"
