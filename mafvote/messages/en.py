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
    "problem.with_hint": "{text} ({hint})",
    "journal.list.none": "none",
    "journal.list.or": " or ",
    "journal.hint.learn.option": "learn = \"{option}\" ({words})",
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
    "crawl.moved.forum": "forum {forum} {old} -> {new}",
    "crawl.moved.game": "game topic {old} -> {new}",
    "crawl.moved.vote": "vote topic {old} -> {new}",
    "crawl.moved": "{game}: the address changed in {file}: {moved}; reading the new address from now on (the "
                   "stored posts are kept)",
    "posts.none": "no posts stored for game {game} yet; run `mafvote crawl`",
    "posts.head": "#{id} {topic} p{page} {time} {author}{flags}",
    "posts.topic.game": "game",
    "posts.topic.vote": "vote",
    "posts.flag.edited": "edited",
    "posts.flag.deleted": "deleted",
    "demo.pages": "The pages: the day at a glance, for players and for the GM",
    "demo.pages.public": "Public pages: {url}",
    "demo.pages.gm": "The GM's pages (never publish): {url}",
    "demo.pages.serve": "Show in a browser: mafvote serve -c {path}",
    "demo.pages.temporary": "These files go with the demo; to keep them: mafvote demo --keep DIR, then mafvote serve "
                            "-c DIR/config.toml",
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
    "status.unfinished": "did not finish (stopped, or still running)",
    "run.signal": "received {signal}: stopping after the current job",
    "run.stopped": "mafvote run: stopped cleanly",
    "span.days": "{d} d {h} h",
    "span.hours": "{h} h {m:02} min",
    "span.minutes": "{m} min",
    "span.passed": "passed {text} ago",
    "votes.head": "Votes of {player}:",
    "votes.none": "  no votes in the thread (or the posts are not crawled yet: `mafvote crawl`)",
    "votes.line": "  {time}{phase} #{id} {color} {target}{early}  {url}",
    "votes.red": "red",
    "votes.blue": "blue",
    "votes.unknown": "'{written}' (not recognised)",
    "votes.early": " final (досрочно)",
    "demo.daemon.forum": "Demo forum (MyBB) at {url}; config {path}",
    "demo.daemon.replay": "The vote thread's day is replayed from {start} to past the {deadline} deadline (MSK), "
                          "{step} game minutes per step, about {speed} s per game hour.",
    "demo.daemon.alert": "  ALERT [{kind}] {at}",
    "demo.daemon.problem": "[{at}] crawl problem: {text}",
    "demo.daemon.no_votes": "no votes yet",
    "demo.daemon.crawl": "[{at}] crawl: {posts} posts in the thread; count: {count}; not voted {not_voted}",
    "demo.daemon.files": "The live count files: {path} and .html",
    "demo.daemon.summary": "{crawls} crawls, {alerts} alerts, each sent once.",
    **{f"demo.daemon.kind.{k}": k for k in ("deadline_soon", "deadline", "early_close", "early_close_majority",
                                             "modkill_candidate", "under_active", "silent_player", "vote_flag",
                                             "crawl_failing")},
    "step.what.excuse_night": "excuse {player} from the night action of night {night}",
    "step.what.excuse_day": "excuse {player} on day {day}",
    "step.what.silence": "silence {player} on day {day}",
    "step.what.silence_secret": "secret silence {player} on day {day}",
    "step.what.alibi": "alibi {player} on day {day}",
    "step.what.dead": "{player} dead",
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
    # a game operation refused (mafvote.game's GameError, printed as `error:`)
    "err.roster_roles": "game {game}: {problems} (see `mafvote check`)",
    "err.roster_role": "players[{i}].role: {role!r} is not a role of ruleset {ruleset}",
    "err.items_without_roles": "game {game}: items are given in the roster but not every player has a role; set "
                               "games.players[].role for everyone (see `mafvote check`)",
    "err.the_roster": "the roster",
    "err.roster_state": "config: {error}; fix {where} (see `mafvote check`)",
    "err.far_beyond.day": "day {n} is far beyond the game's current phase ({current}); give a day number near the "
                          "current one",
    "err.far_beyond.night": "night {n} is far beyond the game's current phase ({current}); give a night number near "
                            "the current one",
    "err.no_roles": "game {game}: no role for {players}; the night and day rules need every role: set {keys} in the "
                    "config",
    "err.what.player": "player",
    "err.name_prefix": "{what} {name!r}: only the beginning of a name ({candidates}); a command that kills a player "
                       "does not guess: write the nick in full, as the roster has it",
    "err.name_ambiguous": "{what} {name!r} could be any of {candidates} in game {game}; not guessed: write the nick "
                          "as the roster has it",
    "err.name_guess": "{what} {name!r} could be {candidates} in game {game}; not guessed: write the nick as the "
                      "roster has it",
    "err.name_unknown": "{what} {name!r} is not in game {game} (players: {players})",
    "err.name_dead": "{what} {nick} is dead ({died}); only living players can be meant here",
    "err.set_by_gm": " (set by the GM)",
    "err.day_not_begun.far": "day {day} has not begun (the current phase is {current}); the latest day to count now "
                             "is day {latest}",
    "err.day_not_begun": "day {day} has not begun (the current phase is {current}); give --since and --deadline to "
                         "count a stretch of the thread anyway",
    "err.at_future": "--at {at} is in the future; --at counts as mafvote knew the thread at a past moment",
    "err.numbered.day": "day {n}: days are numbered from 1",
    "err.numbered.night": "night {n}: nights are numbered from 1",
    "err.day_closed": "day {day} is already closed; `mafvote undo` reverts it if it must be redone",
    "err.day_not_current.night": "day {day} is not the current phase ({current}); resolve night {n} first with "
                                 "`mafvote night resolve`",
    "err.day_not_current.day": "day {day} is not the current phase ({current}); close day {n} first",
    "err.closed_at_before": "{shown} is not after day {day} began ({began}); check the date",
    "err.closed_at_future": "{shown} is in the future; a day is closed at a moment that has passed",
    "err.closed_at_after": "{shown} is after day {day}'s deadline ({end}), where the count stops anyway: leave "
                           "--closed-at out; if you extended the day, give --deadline {deadline} instead",
    "err.modkill_closes_no_day": "a modkill closes no day now in game {game} (the current phase is {current}; "
                                 "ruleset {ruleset})",
    "err.modkill_not_applied": "the modkill of {player} is not applied: day {day} could not be closed with it "
                               "({error}); fix that, or modkill with --keep-day and close the day yourself",
    "err.unhangable": "--eliminate {nick}: the role {role} can never be hanged (RULES.md §3.10); to remove the "
                      "player anyway use `mafvote modkill --player {nick}`",
    "err.state_day": "day {day}: the state can be set for the current or coming day only (day {coming}; the current "
                     "phase is {current})",
    "err.days_min": "--days must be 1 or more",
    "err.secret_days": "--days {days} with --secret: a secret silence is for one day; enter it again (`mafvote state "
                       "silence --secret`) for the next day",
    "err.excuse_no_duty": "state excuse --night: in this game a missed night action is not punished; nothing to "
                          "excuse (ruleset {ruleset}: night_action_is_duty = false). To excuse the day's vote, leave "
                          "out --night",
    "err.excuse_no_night": "day {day} of game {game} has no night before it (the game starts with a day); excuse the "
                           "vote without --night",
    "err.already_excused": "{nick} is already excused ({what}); `mafvote undo` takes an excuse back",
    "err.night_numbered": "night {night}: nights are numbered from 1 (the game's next night is {next})",
    "err.night_applied": "night {night} of game {game} is already applied; `mafvote undo` reverts it if it must be "
                         "redone",
    "err.night_next": "night {night}: the game's next night is {next}",
    "err.night_not_current.day": "night {night} is not the current phase ({current}, deadline {deadline}); close day "
                                 "{n} first with `mafvote day close`",
    "err.night_not_current.night": "night {night} is not the current phase ({current}, deadline {deadline}); resolve "
                                   "night {n} first",
    "err.what.actor": "actor",
    "err.roll_unknown": "roll {roll!r}: one of {rolls}",
    "err.roll_picks": "roll {roll} picks a player: give a player's name instead of yes/no (`mafvote night roll "
                      "--night {night} --actor {nick} {roll} НИК`)",
    "err.what.roll_player": "roll {roll}: player",
    "err.roll_yes_no": "roll {roll} takes yes or no, not {value!r}; a player's name is for: {rolls}",
    "err.replace_offset": "replace --at {at}: give the time with an offset",
    "err.replace_in.day": "in day {n}, already closed",
    "err.replace_in.night": "in night {n}, already resolved",
    "err.replace_before_start": "before the game's start ({start})",
    "err.replace_closed": "replace --at {at}: that is {where}; a replacement from then would recount the closed days "
                          "(the replaced account's votes dropped, the new one counted as not voting). Give a time in "
                          "the current phase ({current}, from {start}) or leave --at out (now); if a closed day's "
                          "count must change, `mafvote undo` back to that day first",
    "err.replace_later": "replace --at {at}: that is after the current phase ({current}, to {deadline}); until then "
                         "the new account's votes would not count for the slot. Give a time in the current phase or "
                         "leave --at out (now); a later replacement is entered when it happens",
    "err.replace_empty": "replace --by {by!r}: the new account's nick is empty (spaces and invisible characters do "
                         "not count); give the nick exactly as the forum shows it",
    "err.replace_gm": "replace --by {nick!r}: that is the GM's account {gm!r} of game {game} (games.gm in the "
                      "config), whose posts are never votes; give the new player's nick",
    "err.replaced_step": "{old} was replaced by {new} at {when} (step #{seq}); to replace again: mafvote replace "
                         "--player {new} --by NEWNICK",
    "err.replaced_config": "{old} was replaced by {new} (replaced_by in the config); to replace again: mafvote "
                           "replace --player {new} --by NEWNICK",
    "err.undo_nothing": "game {game}: nothing applied yet, nothing to undo",
    "err.render_not_applied.night": "night {n} of game {game} is not resolved yet (the current phase is {current}); "
                                    "apply it with `{command}`, then render it",
    "err.render_not_applied.day": "day {n} of game {game} is not closed yet (the current phase is {current}); apply "
                                  "it with `{command}`, then render it",
}

# English words a journal line, a refusal, an ability and a roll as the resolver wrote them (its sentence, its
# identifiers): the keys exist so that both catalogues have the same ones
from .ru import MESSAGES as _RU  # noqa: E402

MESSAGES.update({k: ("{text}" if k.startswith("journal.") else k.split(".", 1)[1])
                 for k in _RU if k.startswith(("journal.", "ability.", "roll.")) and k not in MESSAGES})
