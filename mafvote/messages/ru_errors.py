"""The `ru` catalogue's error texts of the CLI's edge: the `ошибка:` lead of every error line, the store's errors
(`mafvote.store`), the crawl's errors (the scraper raises them with a key and facts; `mafvote.crawl_text` words
them), click's usage errors (`mafvote.cli.usage`) and the times typed on the command line (`parse_cli_time`). The
same keys as `en_errors`. Kept apart from `ru.py` so each table stays readable. What the GM types or reads in a
file (options, config keys, commands) is written in backticks; what SQLite or the forum said is quoted as it
said it, in backticks too."""
from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- the lead of every error line the CLI prints (mafvote/cli/__init__.py, common.py)
    "cli.error": "ошибка: {message}",
    # --- the store (mafvote/store/errors.py, file.py, database.py)
    "store.none": "хранилища {path} ещё нет: сначала запустите `mafvote crawl` (или проверьте `[store].path` в "
                  "конфиге)",
    "store.folder": "хранилище {path} — папка, а не файл; проверьте `[store].path` в конфиге (там указывается файл "
                    "SQLite, например `mafvote.db`)",
    "store.empty": "хранилище {path} пусто (0 байт): файл обрезан (переполнен диск? копия оборвалась?); восстановите "
                   "его из резервной копии или удалите файл, чтобы начать новое хранилище (разобранные ночи и "
                   "закрытые дни придётся внести заново)",
    "store.locked": "хранилище {path} занято: другая программа пишет в него дольше {seconds} с (второй `mafvote "
                    "crawl`, `mafvote run` или программа для SQLite с открытой транзакцией); повторите, когда она "
                    "закончит",
    "store.disk_full": "хранилище {path}: диск переполнен (`{what}`); освободите место и запустите снова; хранилище "
                       "цело (изменение, которое не поместилось, не записано)",
    "store.damaged": "хранилище {path} повреждено ({what}); восстановите его из резервной копии или уберите файл "
                     "в сторону и запустите `mafvote crawl`, чтобы прочитать темы заново (разобранные ночи и "
                     "закрытые дни хранятся в нём же, их придётся внести заново)",
    "store.damaged.sqlite": "SQLite: `{error}`",
    "store.damaged.no_table": "нет таблицы `{table}`",
    "store.damaged.no_column": "в таблице `{table}` нет столбцов `{columns}`",
    "store.damaged.check": "проверка SQLite нашла: `{problem}`",
    "store.damaged.nothing_written": "; ничего не записано",
    "store.not_sqlite": "{path} — не хранилище mafvote: это не база SQLite (`{error}`); проверьте `[store].path` в "
                        "конфиге",
    "store.foreign": "{path} — не хранилище mafvote: в нём таблицы `{tables}`{more} и нет схемы mafvote; проверьте "
                     "`[store].path` в конфиге",
    "store.foreign.more": " и ещё {n}",
    "store.cannot_open": "хранилище {path} не открывается (`{error}`); проверьте `[store].path` в конфиге и права "
                         "на папку",
    "store.newer": "у хранилища {path} версия схемы {found}, а этот mafvote знает только до {known}; обновите "
                   "mafvote или укажите в `[store].path` другой файл",
    "store.read_only.upgrade": "хранилище {path} доступно только для чтения, а его нужно обновить до версии схемы "
                               "{version} (сейчас {found}): разрешите запись в файл и его папку и запустите любую "
                               "команду mafvote один раз",
    "store.read_only": "хранилище {path} доступно только для чтения (у этого пользователя нет права писать в файл "
                       "или его папку, или диск смонтирован только для чтения), а этой команде нужно в него писать: "
                       "разрешите запись в оба (`chmod u+w`), запустите mafvote от имени их владельца или укажите "
                       "в `[store].path` копию, доступную для записи. Команды, которые только читают (`state`, "
                       "`tally`, `posts`, `votes`, `render`, `status`), работают с ним как есть",
    "store.read_only.daemon": "`mafvote run` нужно писать в хранилище {path}, а этому пользователю оно доступно "
                              "только для чтения; запустите его от имени владельца хранилища или исправьте права "
                              "на файл",
    # --- a time typed on the command line (mafvote/cli/common.py parse_cli_time)
    "cli.time.date_only": "{label}«{text}» — одна дата, без времени суток (полночь подразумевается редко); напишите "
                          "{accepted}",
    "cli.time.bad": "{label}«{text}» — не время; напишите {accepted}",
    "cli.time.accepted": "дату и время в виде `2026-12-28T22:00` (в часовом поясе игры) или `2026-12-28T22:00+03:00`",
}
