"""Count a day's votes: pure functions from posts + day state + rules to a count and an outcome.

    posts (Post) ─┐
    roster ───────┼─> count_day(..., view="gm"|"public", as_of=…) ─> Tally ─> to_json()
    DayState ─────┤        │ read_post (recognise) + RosterMatcher (names)    format_text()
    VoteRules ────┘        └ views.vote_weight (public: weight 1, announced  format_bbcode()
                             silences only)

No I/O, no clock, no randomness: everything comes in as data (``as_of``/``now`` included).
"""
from .colors import classify as classify_color
from .count import count_day, count_day_views
from .format import bb_escape, format_bbcode, format_text
from .model import (
    FLAG_KINDS, Alert, BadDayState, BadRoster, BadRules, Candidate, DayState, Flag, NoRosterPlayer,
    Outcome, Player, Post, Replacement, Roster, RuleProblem, Shield, Silence, StoredKey, Tally, TallyError, Transfer,
    VoteRecord, VoteRules, Voter, Weight,
)
from .names import NameMatch, RosterMatcher
from .recognise import Reading, ReadVote, read_post

__all__ = [
    "count_day", "count_day_views", "format_text", "format_bbcode", "bb_escape", "read_post", "classify_color",
    "RosterMatcher", "NameMatch", "Reading", "ReadVote",
    "Post", "StoredKey", "Player", "Replacement", "Roster", "Silence", "Shield", "Weight", "Transfer",
    "DayState", "VoteRules", "Tally", "Candidate", "Voter", "VoteRecord", "Flag", "Alert",
    "Outcome", "FLAG_KINDS",
    "TallyError", "BadRoster", "BadDayState", "BadRules", "RuleProblem", "NoRosterPlayer",
]
