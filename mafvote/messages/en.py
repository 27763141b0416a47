"""The `en` catalogue: every GM-facing text in English (`[alerts] language = "en"`).

English keeps the sentences earlier versions printed (GMs' scripts match them): where a text is a sentence the
tally or the resolver writes in English, the entry is that sentence (`{detail}`, `{line}`).

This table holds the alerts and the GM report's lines (and the words they share); the other areas are
en_night.py, en_night_input.py, en_report.py, en_cli.py, en_game.py, en_config.py, en_outputs.py
(merged in messages/__init__.py, which also gives English the resolver's own words for the
journal, abilities and rolls).
"""
from __future__ import annotations

from .kinds import FLAG_KINDS, REASONS

_EN_FLAGS: dict[str, str] = {}
for _kind in FLAG_KINDS:
    # English shows the flag as before: its kind identifier and the tally's sentence
    _EN_FLAGS[f"flag.{_kind}.label"] = _kind
    _EN_FLAGS[f"flag.{_kind}"] = "{detail}"
    _EN_FLAGS[f"flag.{_kind}~"] = "{detail}"
for _variant in ("flag.unknown_target.dead", "flag.edited.void", "flag.edited.first_seen", "flag.edited.after_close",
                 "flag.not_a_vote.plain", "flag.early_post.again", "flag.unknown_author.before_replacement",
                 "flag.unknown_author.replaced"):
    _EN_FLAGS[_variant] = "{detail}"
# a vote for a player already out of the game: English keeps the kind as its label (scripts match it); the
# tally's sentence says the player is not alive
_EN_FLAGS["flag.unknown_target.dead.label"] = "unknown_target"


MESSAGES: dict[str, str] = {
    # --- alerts (mafvote.alert_rules) and the GM report ------------------------------------------
    "at": "{when} {zone}",
    "phase.day": "day{n}",
    "phase.night": "night{n}",
    "subject": "[mafvote {game}] {phase}: {first}",
    "subject.bare": "[mafvote {game}] {first}",
    "nobody": "nobody",
    "or": "or",
    "color.red": "red",
    "color.blue": "blue",
    "vote": "{written} ({color})",
    # deadline_soon / deadline
    "soon": "Day {day} closes {when_in} ({at})",
    "duration.in": "in {minutes} min",
    "duration.one_day": "1 day",
    "duration.days": "{n:day|days}",
    "duration.hours": "{n:hour|hours}",
    "duration.minutes": "{n:minute|minutes}",
    "deadline.closed_early": "Day {day} closed early at {at}",
    "deadline.reached": "Day {day} deadline reached ({at})",
    "deadline.final": "{head} — final count (GM view):",
    "deadline.result": "Result: {eliminated} ({reason})",
    "deadline.day_post": "Suggested day post:",
    "summary.tie": "Tie at the top ({total}): {names}",
    "summary.leader": "Leader: {names} ({total})",
    "summary.none": "Nobody has a positive total",
    # the leader (or some of the tied) saved from the hanging by the outcome "if the day closed now" (GM view)
    "summary.saved": " — not hanged: {reason}",
    "summary.saved_some": " — not hanged ({reason}): {names}",
    "soon.result": "Result if the day closed now: {eliminated} ({reason})",
    "summary.not_voted": "Not voted ({n}): {names}",
    "summary.all_voted": "Not voted (0): nobody",
    # a line whose votes are all red and without a penalty is its total and who voted; otherwise the total and
    # the parts it is made of, each part's voters after it, so the numbers add up as written
    "count.line": "{player} — {total}{voters}",
    "count.sum": "{player} — total {total}: {parts}",
    "count.red": "red +{n}{voters}",
    "count.blue": "blue -{n}{voters}",
    "count.penalty": "penalty +{penalty}",
    "count.voters": " ({voters})",
    **{f"reason.{r}": r for r in REASONS},
    "reason.decision": "the GM's decision",
    # the tally's alerts
    "early_close": "Day {day}: {detail}",
    "early_close~": "Day {day}: {detail}",
    "early_close.gm": "Day {day}: {detail}",
    "early_close_majority": "Day {day}: {detail}",
    "early_close_majority~": "Day {day}: {detail}",
    "silent_player": "Day {day}: {detail}",
    "silent_player~": "Day {day}: {detail}",
    # flags as alerts
    "modkill_candidate": "Day {day}: {text}",
    "under_active": "Day {day}: {text}{before}",
    "under_active.before": " (night deadline {night_iso})",
    "vote_flag": "Day {day}, {label}: {who}{text}",
    "vote_flag.who": "{player}: ",
    **_EN_FLAGS,
    "edit.deleted": "deleted",
    "edit.at": "edited at {at}",
    "edit.plain": "edited",
    "edit.before_seen": ", before mafvote first saw the post",
    "edit.reason": " (reason: «{reason}»)",
    "edit.change": " (the edit changed the votes: now {votes})",
    "publish.write": "mafvote cannot write the count files or the game's pages (since {since}): they keep an old "
                     "count. Once writing works again, mafvote updates them by itself{error}",
    "publish.login": "The forum {forum} refused the bot's login as {user}: the count was not posted to the "
                     "forum. Check the account and its password (environment variable {env}){error}",
    "edit.no_votes": "none",
    # the crawler
    # the GM report (`render ... --gm`, templates/_base/gm_report.j2): English lines as the report always wrote
    # them (the flag's kind and the tally's sentence; a cause of death as the resolver recorded it)
    "report.flag": "{kind}: {player_or_dash}{post}: {detail}",
    "report.post": ", пост {post_id}",
    "report.alert": "{kind}: {detail}",
    **{f"cause.{c}": "{cause}" for c in ("hanged", "modkill", "killed", "killed_boss", "role_shot",
                                         "wrong_role_shot", "bloody_kill", "bloody_visitor", "counter_strike",
                                         "guarding", "shahid")},
    # English quotes the crawler's own sentence in place (as before: scripts match it); the causes are for the
    # languages that cannot show that sentence as the message
    "crawl.error": ": {error}",
    "crawl.layout": "The page layout of {where} was not recognised{error}. The forum may have changed its "
                    "theme; check `forums[].engine` or report the page",
    "crawl.failing": "Crawling {where} failed {failures} times in a row since {stamp}{error}. The count is "
                     "not current; check the forum and the network",
    **{f"crawl.cause.{c}": t for c, t in (
        ("timeout", ": the forum does not answer (timed out)"),
        ("refused", ": the forum's server refuses connections"),
        ("dns", ": the forum's address is not found (DNS)"),
        ("tls", ": the secure connection failed (certificate or TLS)"),
        ("connection", ": no connection to the forum"),
        ("not_found", ": the page is not found (HTTP {status})"),
        ("forbidden", ": access is denied (HTTP {status}); is the topic public to guests?"),
        ("rate_limited", ": the forum asks to wait (HTTP {status})"),
        ("server", ": the forum answers with a server error (HTTP {status})"),
        ("http", ": the forum answers HTTP {status}"))},
}
