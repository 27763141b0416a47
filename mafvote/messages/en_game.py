"""The `en` catalogue's texts of one area: the game commands (mafvote/cli/game.py), `state`, the steps of the history
and the refused game steps. The same keys as `ru_game`."""
from __future__ import annotations

MESSAGES: dict[str, str] = {
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
    "cli.duty.missed": "Missed the night action: {names}",
    "cli.duty.missed.none": "Missed the night action: nobody",
    "cli.duty.excused": "Excused from the night action by the GM: {names}",
    "cli.duty.hint": "  penalty and a miss at day {day}'s count; if the player warned the GM: "
                     "mafvote state excuse --player NICK --day {day} --night",
    "cli.winner": "Game over: {result}",
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
    "winner.side": "the {side} side",
    "state.winner": "{side} wins",
    "state.winner.nobody": "nobody wins",
    "step.resolve": "#{seq} resolved {phase}{extra} (applied {at})",
    "step.close": "#{seq} closed {phase}{extra} (applied {at})",
    "step.modkill": "#{seq} modkill in {phase}{extra} (applied {at})",
    "step.replace": "#{seq} replacement in {phase}{extra} (applied {at})",
    "step.set": "#{seq} state set by hand in {phase}{extra} (applied {at})",
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
    "err.step_gone": "game {game}: step {seq} of the journal was undone while this command read it (another mafvote "
                     "process); run the command again",
    "err.undo_nothing": "game {game}: nothing applied yet, nothing to undo",
    "err.render_not_applied.night": "night {n} of game {game} is not resolved yet (the current phase is {current}); "
                                    "apply it with `{command}`, then render it",
    "err.render_not_applied.day": "day {n} of game {game} is not closed yet (the current phase is {current}); apply "
                                  "it with `{command}`, then render it",
}
