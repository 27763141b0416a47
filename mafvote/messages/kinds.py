"""The identifiers the catalogue words: flag kinds (INTERFACE.md) and outcome reasons (tally.Outcome)."""
from __future__ import annotations

# INTERFACE.md flag kinds (tally.FLAG_KINDS), and `proxy_vote` (alert_rules.JUDGMENT_FLAGS)
FLAG_KINDS = ("ambiguous_name", "multiple_votes", "self_vote", "unknown_target", "dead_voter", "edited",
              "changed_final_vote", "unrecognised_colour", "late", "modkill_candidate", "under_active",
              "proxy_vote", "not_a_vote", "early_post", "unknown_author", "target_removed")
# tally.Outcome reasons; `decision`: the GM's own `day close --eliminate` / `--nobody` replaced the count's result
# (mafvote/game/days.py); `undisclosed` is the public posts' (tally.format), never an alert's
REASONS = ("plurality", "tie", "tie_forgiven", "tie_all", "alibi", "unhangable", "protected", "no_votes",
           "modkill", "pending", "decision")
