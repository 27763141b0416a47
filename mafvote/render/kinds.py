"""What can be rendered: the post kinds and formats, the bundled themes, and the event, private-message and
day-outcome kinds every theme has a phrase for (tests check them against the resolver's and the tally's)."""
from __future__ import annotations

__all__ = ["DAY_REASONS", "EVENT_KINDS", "FORMATS", "KINDS", "LIST_EVENTS", "PRIVATE_KINDS", "PUBLIC_KINDS", "THEMES"]

KINDS = ("night", "day", "votecount", "gm_report", "private")
PUBLIC_KINDS = ("night", "day", "votecount")
FORMATS = ("bbcode", "text", "html")
THEMES = ("new_year", "peculiar", "time_machine", "grand_hotel")

# The public event kinds the templates render, one phrase `event.<kind>` each (resolver's `Public.kind`).
# `death` and `silence` are rendered from `deaths` / `silenced` (the lists), not as single events.
# The resolver should export this list as `resolver.EVENT_KINDS`; tests check both against its source.
EVENT_KINDS = (
    "death", "silence", "interview", "serum", "evidence", "trace",          # night (ranked games)
    "block", "protected",                                                   # night (004 newspaper, 003)
    "hanged", "alibi", "nobody", "modkill",                                 # day
)
# private messages (resolver's `Private.kind`), one phrase `private.<kind>` each
PRIVATE_KINDS = ("side_check", "role_check", "hire", "question", "succession", "info", "takeover")
# the tally's `outcome.reason` values, one phrase `day.reason.<reason>` each (the live count's words for them
# are `tally.format.outcome_text`)
# `undisclosed`: hidden vote weights made the real result disagree with the public count; posts say who is
# hanged or that nobody is, never why (`tally.format.hidden_outcome`, RULES.md §3 "Two views")
# `decision`: the GM's own `day close --eliminate` / `--nobody` replaced the count's result (mafvote/game/days.py)
DAY_REASONS = ("plurality", "tie", "tie_forgiven", "tie_all", "alibi", "unhangable", "protected", "no_votes",
               "modkill", "pending", "undisclosed", "decision")
# rendered from the outcome's lists (deaths by cause, announced silences), not one line per event
LIST_EVENTS = {"death", "silence", "hanged", "modkill"}
