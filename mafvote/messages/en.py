"""The `en` catalogue: every GM-facing text in English (`[alerts] language = "en"`).

English keeps the sentences earlier versions printed (GMs' scripts match them): where a text is a sentence the
tally or the resolver writes in English, the entry is that sentence (`{detail}`, `{line}`).
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

    # the resolver's night (mafvote.gm_text), laid out as `NightOutcome.to_text`
    "night.head": "Night {night}",
    "night.nothing_public": "(nothing public)",
    "night.hidden_vote_loss": "Hidden vote loss: {names}",
    "night.alibis": "Alibis for the day: {names}",
    "night.saved": "Saved: {names}",
    "night.private": "PM {to}: {text}",
    "night.refused.line": "Refused: {text}",
    "night.refused": "{actor} {ability}: {reason}",
    "night.roll": "Roll {name} ({actor}, p={p}): {value}{forced}",
    "night.roll.forced": " (forced by the GM)",
    "night.transfer": "Vote transfer ({kind}): {source} -> {to}",
    "night.transfer.stolen": "Vote transfer ({kind}): {source} -> {to}",
    "night.transfer.gifted": "Vote transfer ({kind}): {source} -> {to}",
    "night.alert": "ATTENTION: {text}",
    "night.journal": "Journal:",
    "roll.yes": "yes",
    "roll.no": "no",
    "percent": "{p}",
    "cause.silenced": "{cause}",
    "cause.intimidated": "{cause}",
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
    "over": "game {game} is over: победа {winner}, since step {step}; {what}. If that step was entered by mistake, "
            "{undo} and the game goes on",
    "over.undo": "`mafvote undo` takes it back",
    "over.undo_n": "`mafvote undo` {times} times takes it back (with the {after:step|steps} after it)",
    "over.night_add": "no action for night {night} is taken",
    "over.night_resolve": "night {night} cannot be resolved",
    "over.day_close": "day {day} cannot be closed",
    "check.ok": "{file}: OK — {forums:forum|forums}, {games:game|games}, {players:player|players}{warned}",
    "check.warnings": " ({n:warning|warnings})",
    "check.problems": "{file}: {n:problem|problems} found",
    "crawl.head": "{game} {topic} topic {url}: {new} new, {edited} edited, {deleted} deleted ({pages} pages, "
                  "{requests} requests, {kb} KB)",
    "crawl.topic.game": "game",
    "crawl.topic.vote": "vote",
    "crawl.label.new": "new",
    "crawl.label.edited": "edited",
    "crawl.label.deleted": "deleted",
    "crawl.more.new": "  ... and {n} more new (see `mafvote posts`)",
    "crawl.more.edited": "  ... and {n} more edited (see `mafvote posts`)",
    "crawl.more.deleted": "  ... and {n} more deleted (see `mafvote posts`)",
    "crawl.failed": "  FAILED: {error}",
    "crawl.interrupted": "interrupted: {pages:page|pages} stored; run `mafvote crawl` again to continue",
    "crawl.moved": "{game}: the address changed in {file}: {moved}; reading the new address from now on (the "
                   "stored posts are kept)",
    "posts.none": "no posts stored for game {game} yet; run `mafvote crawl`",
    "posts.head": "#{id} {topic} p{page} {time} {author}{flags}",
    "posts.topic.game": "game",
    "posts.topic.vote": "vote",
    "posts.flag.edited": "edited",
    "posts.flag.deleted": "deleted",
    "demo.forum": "Demo forum (MyBB, bundled pages) at {url}",
    "demo.config": "Config: {path}",
    "demo.check": "Check the configuration",
    "demo.first_crawl": "First crawl: the vote thread has 3 pages so far",
    "demo.poll": "The thread grew to 5 pages: a poll reads only what is new",
    "demo.night_add": "Night {night}: the GM enters the night actions as the players wrote them",
    "demo.night": "Night {night}",
    "demo.night_resolve": "Night {night}: resolved",
    "demo.day1": "Day 1: the GM's own decision (its vote thread is not among the bundled pages)",
    "demo.tally_public": "Day 2: the live count players see (public view)",
    "demo.tally_gm": "Day 2: the GM's count (hidden weights, reasons, flags)",
    "demo.close": "Day 2: closed at its deadline from the count",
    "demo.post_night": "The themed post of night 2",
    "demo.post_day": "The themed post of day 2",
    "status.phase": "  phase:         {line}",
    "status.phase.line": "{phase} (from {start}), deadline {deadline} {tz}",
    "status.night_over": "; the night is over by the clock: day {day} is running, deadline {deadline} (resolve the "
                         "night with `mafvote night resolve`)",
    "status.over": "  game over:     {winner} ({side}); nothing more to close or resolve (`mafvote undo` reverts "
                   "the last step if it was entered by mistake)",
    "status.left": "  time left:     {left}",
    "status.left.closed_early": "none: the day closed early (досрочно) at {at}",
    "status.left.close": " (close the day with `mafvote day close --game {game} --day {day}`)",
    "status.crawls": "  last crawl:    {crawls}",
    "status.crawl.ok": "{topic} {at} ok ({new} new, {changed} edited, {requests} requests)",
    "status.crawl.failed": "{topic} {at} FAILED: {error}",
    "status.crawl.never": "never (start `mafvote run` or `mafvote crawl`)",
    "status.daemon": "  daemon:        {text}",
    "status.overdue": "{overdue}",
    "status.error": "  last error:    {at} {topic}: {error}{again}",
    "status.error.unfinished": " (run `mafvote crawl` to read the rest)",
    "status.error.failing": " ({n} in a row, still failing)",
    "status.error.recovered": " (recovered since)",
    "status.error.none": "  last error:    none",
    "status.jobs": "  next jobs:     {jobs}",
    "status.jobs.none": "none",
    "status.job.crawl": "{label}",
    "status.job.deadline_soon": "{label}",
    "status.job.deadline": "{label}",
    "status.unsent": "  unsent alerts: {n} (of {sent} alerts)",
    "status.unsent.item": "    {channel}: {key} ({attempts} attempts{retry}){why}",
    "status.unsent.retry": ", next try {at}",
    "status.unsent.none": "  unsent alerts: none ({sent} alerts sent)",
    "status.note": "note: {text}",
    "span.days": "{d} d {h} h",
    "span.hours": "{h} h {m:02} min",
    "span.minutes": "{m} min",
    "span.passed": "passed {text} ago",
    # --- the CLI's game commands: English as earlier versions printed it
    "when.day": "day {n}",
    "when.night": "night {n}",
    "cli.read": "read: {text}",
    "cli.added": "added to {path}",
    "cli.roll": "roll {roll} of {actor} on night {night}: {value} (written to {path})",
    "cli.no_night_file": "note: no night file {path}: the night had no actions",
    "cli.alert": "alert: {text}",
    "cli.applied": "{phase}: applied",
    "cli.dry_run": "{phase}: dry run, nothing applied",
    "cli.duty.hint": "  penalty and a miss at day {day}'s count; if the player warned the GM: "
                     "mafvote state excuse --player NICK --day {day} --night",
    "cli.winner": "Game over: {side} wins",
    "cli.eliminate": "--eliminate {written}: {read}",
    "cli.eliminate.nobody": "nobody hanged",
    "cli.close.head": "Day {day} ({how})",
    "cli.close.by_count": "by the count",
    "cli.close.by_gm": "the GM's decision",
    "cli.close.count": "Count: {top}; outcome: {reason}",
    "cli.close.no_votes": "no votes",
    "cli.close.not_voted": "Not voted: {names}",
    "cli.close.owes_night": "Penalty for a missed night action: {names}",
    "cli.close.hidden": "WARNING: {text}",
    "cli.close.override": "WARNING: {player} had {what} today, but the GM's decision (--eliminate) comes first: "
                          "hanged. If this is a mistake: `mafvote undo`",
    "cli.close.override.alibi": "an alibi",
    "cli.close.override.protection": "a protection from hanging",
    "cli.close.override.warning": "warning: {player} had {what} today; hanged by the GM's --eliminate "
                                  "(`mafvote undo` reverts it)",
    "cli.close.modkill": "Modkill candidates (second miss): {names}",
    "cli.close.under_active": "Under-active, the night action will be refused: {names}",
    "cli.close.note": "Note: {text}",
    "cli.close.journal": "Journal:",
    "cli.undone": "undone: {what}",
    "cli.current": "current phase: {phase} (deadline {deadline})",
    "cli.replaced": "replacement: slot {old} is now {new}, from {at}",
    "cli.silence": "{player}: silence on day {day}",
    "cli.silence.secret": "{player}: secret silence on day {day}",
    "cli.alibi": "{player}: alibi on day {day}",
    "cli.kill": "{player}: dead",
    "cli.excuse.night": "{player}: excused from the night action of night {night}: no penalty and no miss for it "
                        "at day {day}'s count",
    "cli.excuse.not_missed": "note: {player} did not miss night {night}'s action ({status}); the excuse changes "
                             "nothing",
    "cli.excuse.both": "{player}: excused on day {day}: no penalty and no miss for the vote, nor for the night "
                       "action of night {night}",
    "cli.excuse.vote": "{player}: excused on day {day}: no penalty and no miss for the vote",
    "state.over": "Game {game} is over: {winner} (after step #{seq}: {what}); `mafvote undo` reverts the last step "
                  "if it was a mistake",
    "state.over.modkill": "modkill, {phase}",
    "state.phase": "Game {game}: {phase}, from {start} to {deadline}",
    "state.alive": "Alive ({n}): {names}",
    "state.dead": "Out: {items}",
    "state.dead.item": "{player} ({when})",
    "state.dead.item.role": "{player} ({when}, {role})",
    "state.silences": "Silenced: {items}",
    "state.silence.item": "{player} (days: {days})",
    "state.silence.item.secret": "{player} (days: {days}, secret)",
    "state.hidden_vote_loss": "Secretly silenced: {names}",
    "state.alibis": "Alibis: {names}",
    "state.items": "Items: {items}",
    "state.item": "{player}: {things}",
    "state.hang_protection": "Protected from hanging: {items}",
    "state.transfers": "Vote transfers: {items}",
    "state.transfer.stolen": "{source} -> {to} (stolen)",
    "state.transfer.gifted": "{source} -> {to} (gifted)",
    "state.misses": "Misses: {items}",
    "state.excused": "Excused by the GM: {items}",
    "state.excused.day": "day {n}",
    "state.excused.night": "night action of night {n}",
    "state.applied": "Steps applied: {n}; last: {last}",
    "state.winner": "{side} wins",
    "step.resolve": "#{seq} resolved {phase}{extra} (applied {at} UTC)",
    "step.close": "#{seq} closed {phase}{extra} (applied {at} UTC)",
    "step.modkill": "#{seq} modkill in {phase}{extra} (applied {at} UTC)",
    "step.replace": "#{seq} replacement in {phase}{extra} (applied {at} UTC)",
    "step.set": "#{seq} state set by hand in {phase}{extra} (applied {at} UTC)",
}

# English words a journal line, a refusal, an ability and a roll as the resolver wrote them (its sentence, its
# identifiers): the keys exist so that both catalogues have the same ones
from .ru import MESSAGES as _RU  # noqa: E402

MESSAGES.update({k: ("{text}" if k.startswith("journal.") else k.split(".", 1)[1])
                 for k in _RU if k.startswith(("journal.", "ability.", "roll.")) and k not in MESSAGES})
