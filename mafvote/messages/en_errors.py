"""The `en` catalogue's error texts of the CLI's edge (see `ru_errors`); the same keys as `ru_errors`: the English
mafvote always printed."""
from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- the lead of every error line the CLI prints (mafvote/cli/group.py, common.py)
    "cli.error": "error: {message}",
    # --- the store (mafvote/store/errors.py, file.py, database.py)
    "store.none": "no store at {path} yet: run `mafvote crawl` first (or check [store].path in the config)",
    "store.folder": "store {path} is a folder, not a file; check [store].path in the config (it names the SQLite "
                    "file, e.g. mafvote.db)",
    "store.empty": "store {path} is empty (0 bytes): it was truncated (a full disk? a copy cut short?); restore it "
                   "from a backup, or delete the file to start a new store (the nights resolved and days closed "
                   "would have to be entered again)",
    "store.locked": "store {path} is locked: another program kept writing it for {seconds} s (a second `mafvote "
                    "crawl`, `mafvote run`, or an SQLite tool with a transaction open); try again when it is done",
    "store.disk_full": "store {path}: the disk is full ({what}); free space and run again; the store is intact (the "
                       "change that did not fit was not written)",
    "store.damaged": "store {path} is damaged ({what}); restore it from a backup, or move it away and run "
                     "`mafvote crawl` to read the topics again (the nights resolved and days closed are in it too "
                     "and would have to be entered again)",
    "store.damaged.sqlite": "{error}",
    "store.damaged.no_table": "table {table} is missing",
    "store.damaged.no_column": "table {table} has no column {columns}",
    "store.damaged.check": "SQLite's check found: {problem}",
    "store.damaged.nothing_written": "; nothing was written",
    "store.unnamed": "(the file [store].path names)",
    "store.not_sqlite": "not a mafvote store: {path} is not an SQLite database ({error}); check [store].path in the "
                        "config",
    "store.foreign": "not a mafvote store: {path} has tables {tables}{more} and no mafvote schema; check "
                     "[store].path in the config",
    "store.foreign.more": " and {n} more",
    "store.cannot_open": "store {path}: cannot open ({error}); check [store].path in the config and the folder's "
                         "permissions",
    "store.newer": "store {path} has schema version {found}, newer than this mafvote knows ({known}); upgrade "
                   "mafvote or point [store].path elsewhere",
    "store.read_only.upgrade": "store {path} is read-only and needs an upgrade to schema version {version} (it has "
                               "{found}): make it and its folder writable and run any mafvote command once",
    "store.read_only": "store {path} is read-only (this user cannot write the file or its folder, or the disk is "
                       "mounted read-only): this command needs to write it; make both writable (chmod u+w), run "
                       "mafvote as the user who owns them, or point [store].path at a writable copy. Commands that "
                       "only read (state, tally, posts, votes, render, status) work on it as it is",
    "store.read_only.daemon": "mafvote run needs to write the store {path}, which is read-only for this user; run "
                              "it as the store's owner or fix the file's permissions",
    # --- a time typed on the command line (mafvote/cli/common.py parse_cli_time)
    "cli.time.date_only": "{label}{quoted} has no time of day; write {accepted}",
    "cli.time.bad": "{label}{quoted} is not a time; write {accepted}",
    "cli.time.accepted": "ISO 8601 such as 2026-12-28T22:00 (the game's time zone) or 2026-12-28T22:00+03:00",
    # --- the crawl's errors (mafvote/crawl_text.py words the scraper's key and facts; crawl.error.<key>)
    "crawl.error.failed_topic": "{game} {topic} topic: {error}",
    "crawl.error.fetch.attempts": "cannot read {url} after {attempts} attempts: {failure}",
    "crawl.error.none": "no attempt made",
    "crawl.error.timeout": "timed out (no whole answer in {seconds} s)",
    "crawl.error.timeout.kind": "timed out ({name})",
    "crawl.error.connection": "connection failed ({detail})",
    "crawl.error.decoding": "the forum's compressed answer could not be unpacked ({detail})",
    "crawl.error.request": "{name}: {detail}",
    "crawl.error.http": "HTTP {status} {reason}",
    "crawl.error.fetch.status": "cannot read {url}: HTTP {status} {reason}; check the topic URL in the config (is the "
                                "topic public to guests?)",
    "crawl.error.fetch.wait": "cannot read {url}: HTTP {status} {reason}, the forum asks to wait {wait} s (more than "
                              "{most} s); try again later",
    "crawl.error.fetch.unsupported": "cannot read {url}: {detail} (the forum redirected to a non-web address, or the "
                                     "URL lacks http://); check the topic URL in the config",
    "crawl.error.fetch.invalid_url": "cannot read {url}: not a valid URL ({detail}); fix the topic URL in the config",
    "crawl.error.fetch.too_big": "cannot read {url}: the answer is larger than {mb} MiB (max_page_mb in [[forums]]); "
                                 "no forum page weighs that much: check the topic URL, or, if the page really is that "
                                 "big, raise max_page_mb",
    "crawl.error.fetch.encoding": "cannot read {url}: the forum packed its answer as {encoding}, which mafvote did not "
                                  "ask for (it asks for gzip or deflate)",
    "crawl.error.fetch.off_origin": "{url}: {how} to {target}, another address ({origin}; the forum's address in the "
                                    "config is {home}). mafvote goes to no other address and sends it neither pages "
                                    "nor the password. If the forum really moved, change base_url in its [[forums]] "
                                    "and the game's topic addresses (game_topic, vote_thread) to the new ones",
    "crawl.error.off_origin.link": "a link leads",
    "crawl.error.off_origin.redirect": "the forum redirected",
    "crawl.error.fetch.stopped": "{url}: reading stopped: mafvote is stopping (SIGINT/SIGTERM)",
    "crawl.error.fetch.not_modified": "{url}: the forum answered \"304 Not Modified\" to a request that compared "
                                      "nothing (mafvote sent neither ETag nor Last-Modified): the page was not read; "
                                      "if this repeats, open the address in a browser: a cache or a proxy on the way "
                                      "to the forum answers in its place",
    "crawl.error.fetch.redirect_loop": "cannot read {url}: redirect loop (more than {most} redirects, the last to "
                                       "{last}; a login wall or a moved topic?): open the URL in a browser and put the "
                                       "topic's own address in the config",
    "crawl.error.layout": "layout not recognised: {url} (engine {engine}): {detail}",
    "crawl.error.quoted": "{text}",
    "crawl.error.first_page": "first page: this link opens page {page} of the topic and the page links no page 1; "
                              "give the topic's first page as its URL in the config",
    "crawl.error.charset": "charset: {tried}; the forum sends bytes in no charset it names: check the page in a "
                           "browser and tell the forum's admin",
    "crawl.error.no_posts": "no posts: nothing matches `{selector}` with {attr} ~ /{pattern}/ ({page}; check the "
                            "engine or the URL)",
    "crawl.error.page.empty": "page is empty",
    "crawl.error.page.content": "page has content",
    "crawl.error.topic_id": "topic id: no `{param}=` in the URL{selector}; use the topic's own URL",
    "crawl.error.topic_id.selector": " and nothing matches `{selector}`",
    "crawl.error.nothing": "",
    "crawl.error.nested_post": "the body of post {pid} holds the start of another post ({other}): an unclosed HTML "
                               "comment or tag in a post of a forum whose posts may hold HTML; the page is not "
                               "counted, so that one post's vote never goes to another's author. Open the page in a "
                               "browser; once the post is fixed, the next poll reads it",
    "crawl.error.duplicate_post": "post id {pid} is on the page twice (posts #{first} and #{second}, `{selector}`); a "
                                  "forum never repeats a post: open the page in a browser, and check the engine in "
                                  "the config",
    "crawl.error.post_field": "{what} of post {pid} (#{n} on page {page}): {detail}",
    "crawl.error.field.author": "author",
    "crawl.error.field.time": "time",
    "crawl.error.field.edit_time": "edit time",
    "crawl.error.field.message_body": "message body",
    "crawl.error.nothing_matches": "nothing matches `{selector}`",
    "crawl.error.garbled_lost": "{quoted} holds U+FFFD (a character lost before mafvote read it; page read as "
                                "{charset}): the forum sent the nick garbled; check the page in a browser and tell the "
                                "forum's admin",
    "crawl.error.garbled_cp1251": "{quoted} reads like UTF-8 read as windows-1251 (page read as {charset}): a charset "
                                  "problem; check the page in a browser, and if it shows the nick right, tell "
                                  "mafvote's developers the forum's address; if it shows it garbled, tell the forum's "
                                  "admin",
    "crawl.error.date": "{english}",
    "crawl.note.page_cap": "read {pages} pages of the topic in one crawl (the limit max_pages = {most} in [[forums]]); "
                           "the rest, from page {next} on, is read at the next poll",
    # a run stored by mafvote before store migration 8 whose English has no known shape (crawl_text)
    "crawl.error.legacy": "{text}",
    "crawl.error.internal": "internal error: {name}: {detail}",
    "crawl.error.no_engine": "no engine recognised the page (tried {engines}); set `engine` in config.toml",
    "tally.error.roster.empty_nick": "roster[{i}]: empty nick; give every player the forum account they post from",
    "tally.error.roster.twice": "roster[{i}]: nick {nick} appears twice (also roster entry for {also}); each forum "
                                "account may play one slot only: remove the duplicate",
    "tally.error.roster.unknown": "{nick} is not on the roster (roster: {roster})",
    "tally.error.day.naive": "{what} {time} has no time zone; give it with an offset",
    "tally.error.day.view": "view {view}: use public or gm",
    "tally.error.day.no_deadline": "day {day} has no deadline: set the schedule's day_deadline or pass --deadline; "
                                   "a count without one would take every later post",
    "tally.error.day.start_after_end": "day {day}: start {start} is not before the deadline {deadline}",
    "tally.error.day.not_on_roster": "day {day}: {name} in the day state is not on the roster ({roster}); fix the "
                                     "state or the roster",
    "tally.error.day.no_roster_posts": "day {day}: the vote thread has {posts:post|posts} in the day but none by a "
                                       "roster player or GM (authors: {authors}); check games.vote_thread and "
                                       "games.players in the config",
    # --- the publisher's errors (mafvote/publish.py raises them with a key and facts; publish_text words them)
    "daemon.game_error": "game {game}: {error}",
    # the count page's title when the theme's page cannot be rendered and the BBCode is wrapped in a page (daemon)
    "daemon.count_page.title": "{title} — vote count, day {day}",
    "daemon.internal": "{game}: internal error: {name}: {detail}",
    "publish.failed": "game {game} publish: {error}",
    "publish.error.write_count": "cannot write the count to {folder}: {cause}",
    "publish.error.write_pages": "cannot write the pages to {where}: {cause}",
    "publish.error.write.no_space": "no space left on the disk; free some or set {setting} to a folder on another "
                                    "disk",
    "publish.error.write.denied": "mafvote may not write in this folder; give the user running mafvote that right or "
                                  "set {setting} to another folder",
    "publish.error.write.read_only": "the disk of this folder is read-only; set {setting} to a folder on a writable "
                                     "disk",
    "publish.error.write.not_a_folder": "a file stands where the folder (or one above it) should be; remove it or set "
                                        "{setting} to another folder",
    "publish.error.write.other": "{reason}; check {setting} in the config, the folder's permissions and the free "
                                 "disk space",
    "publish.error.too_soon.flood": "the forum's flood limit; the count on the forum is updated at {until} at the "
                                    "earliest",
    "publish.error.too_soon.interval": "the count on the forum was updated at {last}, and [publish].interval keeps "
                                       "updates apart; the next one at {next} at the earliest",
    "publish.waiting": "game {game}: the count on the forum is not updated yet: {text}",
    "publish.write_failed": "game {game}: {error}",
    "publish.error.server_error": "the forum is down: {url} answered HTTP {status}; the count is posted on a later "
                                  "crawl, nothing to do",
    "publish.error.post_server_error": "the forum {base} is down: posting answered HTTP {status}; the count is posted "
                                       "on a later crawl, nothing to do",
    "publish.error.form_off_origin": "the form of the forum {base} is sent to {target}, another address ({origin}; "
                                     "the forum's address in the config is {home}): mafvote did not send it and "
                                     "sends other addresses neither pages nor the password. If the forum really "
                                     "moved, change base_url in its [[forums]] and the game's topic addresses "
                                     "(game_topic, vote_thread) to the new ones",
    "publish.error.crawl": "{error}",
    "publish.error.redirects": "forum {base}: {url}: more than 20 redirects; open the address in a browser and check "
                               "the forum's base_url in the config",
    "publish.error.flood": "the forum {base} does not allow {doing} yet: the bot posts too often (the forum's flood "
                           "limit{wait}); mafvote tries again by itself, nothing to do",
    "publish.error.flood.wait": ", wait {seconds} s",
    "publish.error.refused": "the forum {base} refused {doing}: {said}; open the topic in a browser as the bot's "
                             "account and check that it may post there",
    "publish.error.doing.reply": "replying in topic {topic}",
    "publish.error.doing.edit": "editing the count post {post}",
    "publish.error.logged_out": "the forum {base} shows the login form again ({url}) right after the bot logged in: "
                                "the login does not hold. Check in a browser that the bot's account can log in and "
                                "post in the topic",
    "publish.error.no_form": "{url} has no posting form{said}: is the topic closed or deleted, or may the bot not "
                             "post in it? Open the address in a browser as the bot's account",
    "publish.error.said": " (the forum said: {text})",
    "publish.error.no_login_form": "no login form at {url}: is this not a {engine} forum? Check the forum's engine "
                                   "and base_url in the config",
    "publish.error.login": "the forum {base} refused the bot's login as {user}: {reason}; check the forum's "
                           "login.user in the config and the password in the variable password_env names",
    "publish.error.login.said": "{text}",
    "publish.error.login.silent": "the forum did not accept the login",
    "publish.error.topic_id": "the vote thread URL {url} has no topic id ({param}=): set vote_thread to the topic's "
                              "address as the forum shows it",
    "publish.error.no_post_id": "the count was sent as a reply in {thread}, but the forum {base} gave no post "
                                "id back{said}; check the topic and remove a duplicate count post by hand if there "
                                "is one",
    "publish.error.no_table": "the store {path} has no published_counts table: run any mafvote command (it upgrades "
                              "the store) and try again",
    "publish.error.gm_view": "refusing to post the {view} view of game {game} to the forum: only the public view may "
                             "be published (the GM view shows hidden silences and modifiers)",
    "publish.error.network": "the count was not posted to the forum {base}: {failure}; mafvote tries again at the "
                             "next poll",
    # --- click's usage errors (mafvote/cli/usage.py words them from click's fields)
    "cli.usage.usage": "Usage: {usage}",
    "cli.usage.help": "Try '{command} --help' for help.",
    "cli.usage.guess": " (did you mean {names}?)",
    "cli.usage.no_option": "no such option: {option}{guess}",
    "cli.usage.no_command": "no such command `{command}`{guess}",
    "cli.usage.missing.option": "missing option {name}",
    "cli.usage.missing.argument": "missing argument {name}",
    "cli.usage.choices": "; choose from: {choices}",
    "cli.usage.bad.choice": "invalid value for {name}: choose from: {choices}",
    "cli.usage.bad.between": "invalid value for {name}: a whole number from {low} to {high}",
    "cli.usage.bad.at_least": "invalid value for {name}: a whole number of at least {low}",
    "cli.usage.bad.at_most": "invalid value for {name}: a whole number of at most {high}",
    "cli.usage.bad.int": "invalid value for {name}: a whole number",
    "cli.usage.bad.float": "invalid value for {name}: a number",
    "cli.usage.path.missing.file": "invalid value for {name}: no such file: {path}",
    "cli.usage.path.missing.directory": "invalid value for {name}: no such directory: {path}",
    "cli.usage.path.missing.path": "invalid value for {name}: no such file or directory: {path}",
    "cli.usage.path.file": "invalid value for {name}: {path} is a file, not a directory",
    "cli.usage.path.directory": "invalid value for {name}: {path} is a directory, not a file",
    "cli.usage.path.unreadable": "invalid value for {name}: {path} is not readable",
    "cli.usage.path.unwritable": "invalid value for {name}: {path} is not writable",
    "cli.usage.path.unexecutable": "invalid value for {name}: {path} is not executable",
    "cli.usage.no_command_given": "missing command",
    "cli.usage.commands": " (one of: {names})",
    "cli.usage.bad": "invalid value for {name}: {said}",
    "cli.usage.flag_value": "option {option} takes no value",
    "cli.usage.needs_value": "option {option} requires a value",
    "cli.usage.extra": "unexpected extra {n:argument|arguments}: {words}",
    # --- mafvote's own refusals of an option's value (mafvote/cli/render.py --variant, game.py night roll, day close)
    "cli.variant.bad_value": "{quoted}: write a style number (1) or a phrase and a number (night.deaths=2)",
    "cli.variant.styles": "{number}: theme {theme} has {n:style|styles} ({which}); write --variant {most} or less",
    "cli.variant.no_phrase": "{key}={number}: theme {theme} has no phrase {quoted}; {hint}",
    "cli.variant.hint.close": "did you mean {names}?",
    "cli.variant.hint.several": "its phrases with variants: {names}",
    "cli.variant.hint.one": "its phrases have one variant each",
    "cli.variant.variants": "{key}={number}: phrase {key} of theme {theme} has {n:variant|variants} ({which})",
    "cli.roll.yes_no": "roll {roll} takes yes or no, not {quoted} (a player's name is for: {picks})",
    "cli.roll.pick": "roll {roll} picks a player: give the player's name (e.g. `{roll} Вася`), not {quoted}",
    "cli.close.exclusive": "--eliminate and --nobody exclude each other",
    # --- an alert channel's failure (mafvote.alerts.ChannelError's key and facts, stored beside its English since
    # store migration 9 and worded by mafvote.alerts.describe_delivery_error in `mafvote status`)
    "alert.channel.error": "alert channel {channel}: {detail}",
    "alert.channel.telegram.unreachable": "cannot reach the Bot API ({name}: {detail})",
    "alert.channel.telegram.rate_limited": "rate limited: {description}",
    "alert.channel.telegram.token": "{description} (check the bot token in the variable [alerts.telegram].token_env "
                                    "names)",
    "alert.channel.telegram.forbidden": "{description} (the bot cannot write to this chat: start a chat with the bot "
                                        "or add it to the group)",
    "alert.channel.telegram.chat_id": "{description} (check [alerts.telegram].chat_id)",
    "alert.channel.telegram.answered": "the Bot API answered {description}",
    "alert.channel.webhook.unreachable": "cannot reach {url} ({name}: {detail})",
    "alert.channel.webhook.status": "{url} answered HTTP {status}",
    "alert.channel.email.unencrypted": "refusing to send the SMTP password to {host}:{port} unencrypted; set "
                                       "starttls = true, or port = 465 for SSL",
    "alert.channel.email.login": "{host} refused the login of {user} ({code}); check the password in the variable "
                                 "[alerts.email].password_env names",
    "alert.channel.email.failed": "{host}:{port}: {name}: {detail}",
    "alert.channel.missing_secret": "environment variable {variable} is not set; export it and restart mafvote "
                                    "(pending alerts are sent then)",
    "alert.channel.bug": "{name}: {detail}",
}
