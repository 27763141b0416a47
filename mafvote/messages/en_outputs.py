"""The `en` catalogue's texts of what the commands print around their results; the same keys as `ru_outputs`."""
from __future__ import annotations

MESSAGES: dict[str, str] = {
    "cli.warning": "warning: {text}",
    "cli.crawl_warning.unfinished": "the vote thread's last crawl (started {started}) did not finish (stopped, or "
                                    "still running)",
    "cli.crawl_warning.failed": "the vote thread's last crawl ({started}) failed: {error}",
    "cli.crawl_warning": "{what}; the count may miss votes: run `mafvote crawl` again",
    "cli.render.no_private": "{phase}: no private messages",
    "cli.modkill.closes_day": "Day {day} is closed by this modkill: by the game's rules the modkilled player leaves "
                              "instead of a hanging and night {night} begins. `mafvote undo` undoes the day's close, "
                              "once more the modkill",
    "cli.modkill.after_day_end": "Day {day} had already ended ({ended}) before this modkill: the day's count stays as "
                                 "it was at the end (the modkilled player's votes and the votes for them count as "
                                 "cast); close the day: `mafvote day close --day {day}`",
    "cli.modkill.day_kept": "Day {day} stays open (--keep-day), though by the game's rules a modkill closes the day: "
                            "close it with `mafvote day close --day {day}` (the day's result is this modkill)",
    "cli.render.gm_and_private": "--gm and --private exclude each other: the GM's report and the private messages "
                                 "are different outputs, choose one",
    "cli.render.private_votecount": "--private: private messages come from a night's or a day's results "
                                    "(`render night N --private`, `render day N --private`)",
    "publish.login.hint": "add `login = {{ user = \"...\", password_env = \"...\" }}` to the `[[forums]]` table "
                          "of forum \"{forum}\", or set forum = false in [publish]",
    "serve.token_missing": "--gm-token-env {var}: the variable is empty or not set; export it with a long random "
                           "token (for example `export {var}=$(python3 -c 'import secrets; "
                           "print(secrets.token_urlsafe(24))')`)",
    "serve.cannot_listen": "cannot listen on {host}:{port} ({reason}); choose another --port or --host",
    "serve.public": "Public pages: http://{host}:{port}/  (files: {dir})",
    "serve.gm": "GM pages: http://127.0.0.1:{port}/gm/  ({where}; files: {dir})",
    "serve.gm.token": "from any address with the token link: `/gm/?token=…`",
    "serve.gm.local": "from this computer only",
    "serve.stop_hint": "Ctrl-C to stop.",
    "serve.stopped": "Stopped.",
    # the titles of the count page and of the day-at-a-glance pages (mafvote.publish, mafvote.pages)
    "publish.count_page.title": "Vote count — {game}",
    "pages.title.index": "Games",
    "pages.title.index.gm": "Games — pages for the GM",
    "pages.title.game.day": "{game} — day {number}",
    "pages.title.game.night": "{game} — night {number}",
    "pages.title.day": "{game} — day {day}",
    "pages.title.chart": "Day {day}: votes over time",
}
