"""The `ru` catalogue's texts of what the commands print around their results: notes on stderr, `mafvote serve`'s
lines, the modkill's word on the day it closes or leaves open. The same keys as `en_outputs`."""
from __future__ import annotations

MESSAGES: dict[str, str] = {
    "cli.warning": "внимание: {text}",
    "cli.crawl_warning.unfinished": "последний обход темы голосования (начат {started}) не закончился "
                                    "(остановлен или ещё идёт)",
    "cli.crawl_warning.failed": "последний обход темы голосования ({started}) не удался: {error}",
    "cli.crawl_warning": "{what}; в подсчёте могут не хватать голосов — запустите `mafvote crawl` ещё раз",
    "cli.render.no_private": "{phase}: личных сообщений нет",
    "cli.modkill.closes_day": "День {day} закрыт этим модкиллом: по правилам игры модкилленный игрок уходит вместо "
                              "повешения, объявляется ночь {night}. `mafvote undo` отменяет закрытие дня, ещё раз — "
                              "модкилл",
    "cli.modkill.after_day_end": "День {day} уже закончился ({ended}) до этого модкилла: подсчёт дня остаётся как на "
                                 "момент конца (голоса модкилленного и за него учтены как поданы); закройте день: "
                                 "`mafvote day close --day {day}`",
    "cli.modkill.day_kept": "День {day} остаётся открытым (--keep-day), хотя по правилам игры модкилл закрывает "
                            "день: закройте его командой `mafvote day close --day {day}` (итог дня — этот модкилл)",
    "cli.render.gm_and_private": "--gm и --private вместе не бывают: отчёт ведущего и личные сообщения — разные "
                                 "выводы, выберите один",
    "cli.render.private_votecount": "--private: личные сообщения бывают только в итогах ночи или дня "
                                    "(`render night N --private`, `render day N --private`)",
    "publish.login.hint": "добавьте `login = {{ user = \"...\", password_env = \"...\" }}` в таблицу "
                          "`[[forums]]` форума «{forum}» или напишите `forum = false` в `[publish]`",
    "serve.token_missing": "--gm-token-env {var}: переменная пуста или не задана; задайте в ней длинный случайный "
                           "токен, например `export {var}=$(python3 -c 'import secrets; "
                           "print(secrets.token_urlsafe(24))')`",
    "serve.cannot_listen": "не удаётся слушать {host}:{port} ({reason}); выберите другой --port или --host",
    "serve.public": "Публичные страницы: http://{host}:{port}/  (файлы: {dir})",
    "serve.gm": "Страницы ведущего: http://127.0.0.1:{port}/gm/  ({where}; файлы: {dir})",
    "serve.gm.token": "с любого адреса по ссылке с токеном: `/gm/?token=…`",
    "serve.gm.local": "только с этого компьютера",
    "serve.stop_hint": "Ctrl-C — остановить.",
    "serve.stopped": "Остановлено.",
    # the titles of the count page and of the day-at-a-glance pages (mafvote.publish, mafvote.pages)
    "publish.count_page.title": "Голосование — {game}",
    "pages.title.index": "Игры",
    "pages.title.index.gm": "Игры — страницы ведущего",
    "pages.title.game.day": "{game} — день {number}",
    "pages.title.game.night": "{game} — ночь {number}",
    "pages.title.day": "{game} — день {day}",
    "pages.title.chart": "День {day}: голоса по времени",
}
