"""The two views of one count (RULES.md §3 "Two views of one count").

``gm``: the true count: role weights (doctor's blue 3, prosecutor's red 2), every silence (secret
ones too: boss's hidden vote loss, Laura's serum), stolen and gifted votes, the reason for every
vote counted or not, game-wide misses and ties, modkill and activity flags.

``public``: what the live-count post may show: every vote at weight 1, only announced silences
(weight 0), penalties only once the day is closed, no GM-only flags, no alerts, and no result before the close
(``pending``; after the close the result is the GM's). Nothing here may depend on a hidden
modifier: ``tests/tally/test_tally_views.py`` proves it for each one.
"""
from __future__ import annotations

from typing import Literal

from .model import DayState, VoteRules, Weight

__all__ = ["vote_weight", "GM_ONLY_FLAGS", "public_flag"]

# Flags about how a post was read (`not_a_vote`, `early_post`, `late`, `ambiguous_name`, …) reveal nothing
# hidden and stay in the public view; only the GM's judgments of players are the GM's.
GM_ONLY_FLAGS = frozenset({"modkill_candidate", "under_active"})


def vote_weight(view: Literal["public", "gm"], voter: str, color: str, state: DayState,
                rules: VoteRules, bonus: int) -> tuple[int, str]:
    """The weight of ``voter``'s counted vote and why, in one view.

    ``bonus``: votes the voter holds on top of their own today (004 Диего's stolen, Альфредо's
    gifted; RULES.md §3.7), already 0 when the voter did not vote."""
    announced = {s.player for s in state.silences if s.announced}
    if voter in announced:
        return 0, "silenced"
    if view == "public":
        return 1, "counted"
    if voter in {s.player for s in state.silences}:
        return 0, "silenced (secret)"
    if voter in {t.source for t in state.transfers if t.kind == "stolen"}:
        return 0, "vote stolen"
    w = state.weights.get(voter, Weight())
    base = w.red if (color == "red" or not rules.colors_matter) else w.blue
    why = "counted"
    if base != 1:
        why = f"counted ×{base}"
    if bonus:
        why += f" +{bonus} (stolen/gifted)"
    return base + bonus, why


def public_flag(kind: str) -> bool:
    return kind not in GM_ONLY_FLAGS
