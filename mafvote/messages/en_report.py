"""The `en` catalogue's texts of one area: the count's and the report's notes: a hidden result, `day close`'s notes,
`tally --format text`, the GM report's notes on names, a step refused after the game's end. The same keys as
`ru_report`."""
from __future__ import annotations

MESSAGES: dict[str, str] = {
    "hidden.leader": "the public count shows {names} leads with {top}",
    "hidden.leaders": "the public count shows {names} lead with {top}",
    "hidden.none": "the public count shows no positive total",
    "hidden.head": "{shown}, but the real count (hidden vote weights) gives {reason}{real}",
    "hidden.real": " ({names})",
    "hidden.tie": "{head}: the posts give the tie the public count shows ({tie}), never the real reason; tell no "
                  "one the reason{later}",
    "hidden.later": "; the real count has had no tie, so the next real tie is still forgiven (RULES.md §3.9); "
                    "the posts word every tie alike, so that one does not show it",
    "hidden.plain": "{head}: the posts say only who is hanged (or that nobody is), never why; tell no one the "
                    "reason",

    "note.no_count": "no count ({error}); misses and activity are not recorded",
    "note.hanged_already_out": "the vote's result is {names}, already out by a modkill after the day's end: nobody "
                               "is hanged (the votes stand as cast); to decide otherwise, `mafvote undo` and "
                               "`day close --eliminate NAME` or `--nobody`",
    "note.no_posts": "no post in the vote thread between {start} and {deadline}: misses and activity are not "
                     "recorded; check the thread and the bounds (--since/--deadline), or `mafvote undo` and close "
                     "the day again",
    "note.modkill_cut_short": "the day was closed by the modkill before its deadline: no missed vote recorded for "
                              "{names}",
    "tally.title": "{game} day {day} ({view}) — deadline {deadline}{as_of}",
    "tally.time": "{iso}",
    "tally.as_of": ", as of {at}",
    "tally.view.public": "public",
    "tally.view.gm": "gm",
    "tally.col.player": "player",
    "tally.col.total": "total",
    "tally.col.red": "red",
    "tally.col.blue": "blue",
    "tally.col.votes": "votes",
    "tally.col.penalty": "penalty",
    "tally.col.voters": "voters",
    "tally.blue": " (blue)",
    "tally.not_voted": "not voted: {names}",
    "tally.all_voted": "not voted: nobody",
    "tally.silenced": "silenced: {names}",
    "tally.final": "final (досрочно): {names}",
    "tally.closed": "day closed",
    "tally.open": "day open",
    "tally.closed_early": "day closed early at {at}",
    "tally.outcome": "{state}; outcome: {reason}{eliminated}{saved}{tied}",
    "tally.eliminated": " → {names}",
    "tally.saved": " (saved: {names})",
    "tally.tied": " (tied: {names})",
    "tally.flag": "! {kind}: {player} post {post_id}: {detail}",
    "tally.flag.post": "",
    "tally.alert": "!! {kind}: {detail}",
    "reason.undisclosed": "undisclosed",
    "note.gender_inferred": "{nick}: gender not in the roster; taken as {inferred} from the name «{shown}» "
                            "(add gender = \"m\"/\"f\" to be sure)",
    "note.gender_unknown": "{nick}: gender unknown; posts use wordings without one («Выбывает …», «не может "
                           "голосовать»); add gender = \"m\" or \"f\" to the player in the config",
    "note.gender.m": "m",
    "note.gender.f": "f",
    "note.hidden": "day {day}: {hidden}",
    "note.event": "event {kind} has no phrase in theme {theme}; its plain text is posted: {text}",
    "report.days": "{n} дн.",
    "describe.head": "{actor}: {ability}",
    "describe.targets": " -> {targets}",
    "describe.kill": "; kill -> {targets}",
    "over": "game {game} is over: {winner}, since step {step}; {what}. If that step was entered by mistake, "
            "{undo} and the game goes on",
    "over.undo": "`mafvote undo` takes it back",
    "over.undo_n": "`mafvote undo` {times} times takes it back (with the {after:step|steps} after it)",
    "over.night_add": "no action for night {night} is taken",
    "over.night_resolve": "night {night} cannot be resolved",
    "over.day_close": "day {day} cannot be closed",
}
