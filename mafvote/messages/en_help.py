"""The `en` catalogue's texts of one area: `--help` of `mafvote` and of every command (mafvote/cli/help_text.py): a
command's text (`help.<command path>`, its first sentence is its line in the group's list), an option's
(`help.<command path>.<parameter>`, or `help.option.<parameter>` for the options every command shares) and click's
own words around them. The same keys as `ru_help`."""
from __future__ import annotations

MESSAGES: dict[str, str] = {
    # click's own words
    "help.usage": "Usage: ",
    "help.options": "Options",
    "help.commands": "Commands",
    "help.arguments": "Arguments",
    "help.options_metavar": "[OPTIONS]",
    "help.subcommand_metavar": "COMMAND [ARGS]...",
    "help.subcommand_metavar.optional": "[COMMAND] [ARGS]...",
    "help.default": "default: {default}",
    "help.required": "required",
    "help.range.between": "{low} to {high}",
    "help.range.at_least": "at least {low}",
    "help.range.at_most": "at most {high}",
    # what an option or an argument takes (its metavar), word by word
    "help.metavar.TEXT": "TEXT",
    "help.metavar.INTEGER": "INTEGER",
    "help.metavar.FLOAT": "FLOAT",
    "help.metavar.FILE": "FILE",
    "help.metavar.DIRECTORY": "DIRECTORY",
    "help.metavar.PATH": "PATH",
    "help.metavar.RANGE": "RANGE",
    "help.metavar.NICK": "NICK",
    "help.metavar.ROLL": "ROLL",
    "help.metavar.NEWNICK": "NEWNICK",
    "help.metavar.TIME": "TIME",
    "help.metavar.ID": "ID",
    "help.metavar.VAR": "VAR",
    "help.metavar.N": "N",
    "help.metavar.PHRASE": "PHRASE",
    # the options every command shares
    "help.option.help": "Show this message and exit.",
    "help.option.version": "Show the version and exit.",
    "help.option.config_path": "The configuration file.",
    "help.option.game_id": "The game's id in the config file (may be omitted when the file has one game).",
    "help.option.fmt": "Output format.",
    "help.option.fmt.json": "Output format; json is for scripts (its keys only grow).",
    # the group
    "help.mafvote": "Vote counter and results daemon for forum mafia games.",
    "help.mafvote.config_path": "The configuration file, for any command (also accepted after the command).",
    # the commands, in the order of `mafvote --help`
    "help.check": "Validate the config file and the rulesets it names.",
    "help.crawl": "One crawl of every topic of every game (or --game) now.",
    "help.day": "The day's end.",
    "help.day.close": "Apply the day's count (the hanging), or the GM's own decision.",
    "help.day.close.number": "The day's number.",
    "help.day.close.eliminate": "The GM's decision: this player leaves.",
    "help.day.close.nobody": "The GM's decision: nobody leaves.",
    "help.day.close.closed_at": "When the day closed (default: now, or the deadline once it has passed). Votes shown "
                                "in that minute count, as with a plain close; a time after the deadline is refused.",
    "help.day.close.since": "The day's start, if not the scheduled one.",
    "help.day.close.deadline": "The day's deadline, if not the scheduled one.",
    "help.day.close.dry_run": "Show what would be applied.",
    "help.demo": "Run the whole job on the bundled «Новогодняя мафия» pages, served on 127.0.0.1.",
    "help.demo.keep": "Keep the demo's config and store in this folder (default: a temporary one).",
    "help.demo.daemon": "Run the daemon over the day in about a minute of compressed time: crawls, the count "
                        "changing, the alerts and the deadline post.",
    "help.modkill": "The GM removes a player (rules: модкилл). In a game whose rules close the day with it (as in "
                    "004) a modkill during the day closes the day: the modkilled player is its "
                    "elimination, the night begins.",
    "help.modkill.player": "The player removed.",
    "help.modkill.reveal": "Show the player's role in the announcement.",
    "help.modkill.keep_day": "Where a modkill closes the day (004), leave the day open (a modkill for another "
                             "reason).",
    "help.night": "Night actions: add them as players write them, force rolls, resolve the night.",
    "help.night.add": "Add a night action written as the player wrote it (`Лечу Васю`); prints how it was read.",
    "help.night.add.number": "The night's number.",
    "help.night.add.actor": "Who sent the action (nick, mask or alias).",
    "help.night.add.text": "The action in the player's words, as in their message to the GM (`Лечу Васю`); in "
                           "quotes when it has spaces.",
    "help.night.resolve": "Resolve the night from its night file; applies it unless --dry-run.",
    "help.night.resolve.number": "The night's number.",
    "help.night.resolve.dry_run": "Show the outcome without applying it.",
    "help.night.roll": "Force a random roll of that actor's action (e.g. after throwing real dice): `ROLL yes|no`, or "
                       "for a roll that picks a player (004 `visitor`: who of the bloody kill's target's visitors is "
                       "at risk) `ROLL NICK`.",
    "help.night.roll.number": "The night's number.",
    "help.night.roll.actor": "Whose action the roll is of (nick, mask or alias).",
    "help.night.roll.roll": "Which roll to force: `evidence`, `silence`, `reveal`, `second_kill`, `bloody` (the "
                            "second kill), `visitor` (the visitor at risk), `learn`.",
    "help.night.roll.value": "The roll's result: `yes` (it happens) or `no` (it does not); for a roll that picks a "
                             "player (`visitor`), that player's nick.",
    "help.posts": "The stored posts of a game, deleted ones included (marked).",
    "help.posts.kind": "Only the vote thread or only the game topic.",
    "help.render": "A themed post: the results of night N or day N, or the live vote count of day N.",
    "help.render.kind": "What to render: `night` the night's results, `day` the day's results, `votecount` the "
                        "day's live vote count.",
    "help.render.number": "The night's or the day's number.",
    "help.render.flavor_file": "Flavour text for the top of the post (default: the phase's file in the game's "
                               "flavor_dir).",
    "help.render.variants": "The phrase style to use (0, 1, ...), or one phrase's variant (night.deaths=2); "
                            "repeatable. Default: the game's style (config `style`, else 0), the same for every post.",
    "help.render.gm_report": "The GM's private report of the phase instead (never post it).",
    "help.render.private": "The players' private messages of the night or the day instead (one block per player).",
    "help.replace": "A new account takes over a player's slot and role (замена) from now on, or from --at (a "
                    "substitute who voted before the GM entered the replacement).",
    "help.replace.player": "The player replaced.",
    "help.replace.by": "The new account's nick.",
    "help.replace.at": "When the new account took over (ISO 8601; default now): its posts from then on count.",
    "help.run": "The daemon: crawl on schedule, keep the count current, alert before deadlines, publish.",
    "help.run.log_level": "Least important events written to the log.",
    "help.run.log_file": "Write the log to this file instead of stderr.",
    "help.run.once": "Crawl every game once, send what is due, and exit (for cron).",
    "help.serve": "Show the public pages and (on 127.0.0.1, or with a token) the GM's pages in a browser.",
    "help.serve.host": "The address to listen on: 0.0.0.0 shows the public pages to your network (the GM's pages "
                       "stay on 127.0.0.1 unless --gm-token-env is given).",
    "help.serve.port": "The port (0: any free one).",
    "help.serve.token_env": "An environment variable holding a token: with it, the GM's pages open from other "
                            "computers at /gm/?token=… .",
    "help.serve.no_write": "Serve the pages as they are on disk (the daemon writes them) instead of writing them "
                           "from the store.",
    "help.state": "Show the game's state (current phase, the living, silences, alibis); subcommands set it by hand.",
    "help.state.alibi": "Give a player an alibi for a day (отмаза): the count cannot hang them.",
    "help.state.alibi.player": "The player.",
    "help.state.alibi.number": "The current or coming day.",
    "help.state.excuse": "Excuse a player (the GM was warned): no penalty and no miss for the day's vote and the "
                         "night action before it; with --night for that night action only. `mafvote undo` takes it "
                         "back.",
    "help.state.excuse.player": "The player.",
    "help.state.excuse.number": "The current or coming day.",
    "help.state.excuse.night_only": "Excuse only the night action of the night before that day (the vote stays a duty).",
    "help.state.kill": "Mark a player dead (a death worked out outside mafvote).",
    "help.state.kill.player": "The player.",
    "help.state.kill.reveal": "The role was shown.",
    "help.state.silence": "Silence a player for a day (лишение голоса).",
    "help.state.silence.player": "The player.",
    "help.state.silence.number": "The current or coming day.",
    "help.state.silence.secret": "A secret silence (the vote counts 0, nothing is shown).",
    "help.state.silence.days": "For how many days (announced only).",
    "help.status": "Per game: phase, deadline and time left, last crawl, last error, next jobs, unsent alerts.",
    "help.tally": "The day's count from the stored posts.",
    "help.tally.number": "The day (default: the current day; at night the day last closed).",
    "help.tally.since": "Count from this time instead of the day's start.",
    "help.tally.deadline": "Count up to this time instead of the day's deadline.",
    "help.tally.at": "Count as mafvote knew the thread at this moment.",
    "help.tally.view": "public: what players may see; gm: every hidden modifier and the reason for each vote.",
    "help.undo": "Revert the last applied step (a resolved night, a closed day, a modkill, a replacement, a hand-set "
                 "state).",
    "help.votes": "One player's vote history with links to the posts.",
    "help.votes.player": "The player.",
}
