"""The `ru` catalogue's error texts of the CLI's edge: the `ошибка:` lead of every error line, the store's errors
(`mafvote.store`), the crawl's errors (the scraper raises them with a key and facts; `mafvote.crawl_text` words
them), the publisher's (`mafvote.publish_text`, the same way), click's usage errors (`mafvote.cli.usage`) and the
times typed on the command line (`parse_cli_time`). The same keys as `en_errors`. Kept apart from `ru.py` so each
table stays readable. What the GM types or reads in a file (options, config keys, commands) is written in backticks;
what SQLite or the forum said is quoted as it said it, in backticks too."""
from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- the lead of every error line the CLI prints (mafvote/cli/group.py, common.py)
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
    # the store named when the command read no config that says its path (an SQLite error met before)
    "store.unnamed": "(файл из `[store].path` в конфиге)",
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
    # --- the crawl's errors (mafvote/crawl_text.py words the scraper's key and facts; crawl.error.<key>)
    "crawl.error.failed_topic": "{game}, {topic}: {error}",
    "crawl.error.fetch.attempts": "не удалось прочитать {url} за {attempts:попытку|попытки|попыток}: {failure}",
    "crawl.error.none": "ни одной попытки",
    "crawl.error.timeout": "форум не ответил вовремя (за {seconds} с нет полного ответа)",
    "crawl.error.timeout.kind": "форум не ответил вовремя (`{name}`)",
    "crawl.error.connection": "нет соединения с форумом (`{detail}`)",
    "crawl.error.decoding": "сжатый ответ форума не распаковался (`{detail}`)",
    "crawl.error.request": "ошибка запроса (`{name}: {detail}`)",
    "crawl.error.http": "форум ответил HTTP {status} (`{reason}`)",
    "crawl.error.fetch.status": "не удалось прочитать {url}: форум ответил HTTP {status} (`{reason}`); проверьте адрес "
                                "темы в конфиге (тема открыта гостям?)",
    "crawl.error.fetch.wait": "не удалось прочитать {url}: форум ответил HTTP {status} (`{reason}`) и просит подождать "
                              "{wait} с (больше {most} с); попробуйте позже",
    "crawl.error.fetch.unsupported": "не удалось прочитать {url}: `{detail}` (форум перенаправил не на веб-адрес, "
                                     "или в адресе нет `http://`); проверьте адрес темы в конфиге",
    "crawl.error.fetch.invalid_url": "не удалось прочитать {url}: это не адрес (`{detail}`); исправьте адрес темы в "
                                     "конфиге",
    "crawl.error.fetch.too_big": "не удалось прочитать {url}: ответ больше {mb} МиБ (`max_page_mb` в `[[forums]]`); "
                                 "страница форума так не весит: проверьте адрес темы или, если страница и правда "
                                 "такая, поднимите `max_page_mb`",
    "crawl.error.fetch.encoding": "не удалось прочитать {url}: форум упаковал ответ как `{encoding}`, а mafvote об "
                                  "этом не просил (он просит `gzip` или `deflate`)",
    "crawl.error.fetch.off_origin": "{url}: {how} на {target}, другой адрес ({origin}; адрес форума в конфиге — "
                                    "{home}). mafvote не ходит на другие адреса и не отправляет им ни страниц, ни "
                                    "пароля. Если форум действительно переехал, поменяйте `base_url` в его "
                                    "`[[forums]]` и адреса тем игры (`game_topic`, `vote_thread`) на новые",
    "crawl.error.off_origin.link": "ссылка ведёт",
    "crawl.error.off_origin.redirect": "форум перенаправил",
    "crawl.error.fetch.stopped": "{url}: чтение прервано: mafvote остановлен (Ctrl-C или сигнал `SIGTERM`)",
    "crawl.error.fetch.not_modified": "{url}: форум ответил «304 не изменилось» на запрос, который ни с чем не "
                                      "сравнивал (mafvote не посылал ни `ETag`, ни `Last-Modified`): страница не "
                                      "прочитана; если это повторяется, откройте адрес в браузере — ответ подменяет "
                                      "кэш или прокси на пути к форуму",
    "crawl.error.fetch.redirect_loop": "не удалось прочитать {url}: перенаправления по кругу (больше {most:"
                                       "перенаправления|перенаправлений|перенаправлений}, последнее — на {last}; вход "
                                       "только для участников или тема переехала?): откройте адрес в браузере и "
                                       "укажите в конфиге собственный адрес темы",
    "crawl.error.layout": "страница не распознана: {url} (движок `{engine}`): {detail}",
    "crawl.error.quoted": "`{text}`",
    "crawl.error.first_page": "первая страница: эта ссылка открывает страницу {page} темы, а ссылки на страницу 1 на "
                              "ней нет; укажите в конфиге адрес первой страницы темы",
    "crawl.error.charset": "кодировка: `{tried}`; форум присылает текст не в той кодировке, которую называет: "
                           "откройте страницу в браузере и сообщите администратору форума",
    "crawl.error.no_posts": "нет постов: ничто не подходит под `{selector}` с `{attr}` ~ `/{pattern}/` ({page}; "
                            "проверьте `engine` или адрес)",
    "crawl.error.page.empty": "страница пуста",
    "crawl.error.page.content": "на странице что-то есть",
    "crawl.error.topic_id": "номер темы: в адресе нет `{param}=`{selector}; укажите собственный адрес темы",
    "crawl.error.topic_id.selector": " и ничто не подходит под `{selector}`",
    "crawl.error.nothing": "",
    "crawl.error.nested_post": "в теле поста {pid} оказалось начало другого поста (`{other}`): незакрытый "
                               "HTML-комментарий или тег в посте форума, где посты могут содержать HTML; страница не "
                               "считается, чтобы голос одного поста не достался автору другого. Откройте страницу в "
                               "браузере; когда пост исправят, следующий опрос прочитает её",
    "crawl.error.duplicate_post": "пост {pid} на странице дважды (посты №{first} и №{second}, `{selector}`); форум "
                                  "никогда не повторяет пост: откройте страницу в браузере и проверьте `engine` в "
                                  "конфиге",
    "crawl.error.post_field": "{what} поста {pid} (№{n} на странице {page}): {detail}",
    "crawl.error.field.author": "автор",
    "crawl.error.field.time": "время",
    "crawl.error.field.edit_time": "время правки",
    "crawl.error.field.message_body": "текст",
    "crawl.error.nothing_matches": "ничто не подходит под `{selector}`",
    "crawl.error.garbled_lost": "ник «{author}» содержит `U+FFFD` (символ потерян раньше, чем mafvote его прочитал; "
                                "страница прочитана как `{charset}`): форум прислал ник испорченным; откройте страницу "
                                "в браузере и сообщите администратору форума",
    "crawl.error.garbled_cp1251": "ник «{author}» похож на UTF-8, прочитанный как `windows-1251` (страница прочитана "
                                  "как `{charset}`): ошибка кодировки; откройте страницу в браузере: если ник там "
                                  "правильный, сообщите адрес форума разработчикам mafvote, если испорченный — "
                                  "администратору форума",
    "crawl.error.date": "дата «{text}» не распознана (`{reason}`)",
    "crawl.note.page_cap": "прочитано {pages} стр. темы за один обход (предел `max_pages` = {most} в `[[forums]]`); "
                           "остальные страницы, с {next}-й, будут прочитаны при следующем опросе",
    # a run stored by mafvote before store migration 8 whose English has no known shape (crawl_text)
    "crawl.error.legacy": "ошибка, записанная прежней версией mafvote: `{text}`",
    "crawl.error.internal": "внутренняя ошибка mafvote: `{name}: {detail}`",
    "crawl.error.no_engine": "ни один движок не узнал страницу (проверены: `{engines}`); укажите `engine` в "
                             "`config.toml`",
    # --- the count's errors (mafvote_tally.TallyError's key and facts, worded by mafvote.gm_text.tally_error)
    "tally.error.roster.empty_nick": "у игрока №{n} в списке игроков пустой ник: укажите каждому игроку аккаунт "
                                     "форума, с которого он пишет",
    "tally.error.roster.twice": "ник «{nick}» в списке игроков дважды (у игрока №{n} и у «{also}»): один аккаунт "
                                "форума играет только за одного игрока; уберите повтор",
    "tally.error.roster.unknown": "«{nick}» нет в списке игроков (игроки: {roster})",
    "tally.error.day.naive": "время `{what}` = `{time}` дано без часового пояса; укажите его со смещением, например "
                             "`+03:00`",
    "tally.error.day.view": "подсчёт бывает публичный (`public`) или для ведущего (`gm`), а не `{view}`",
    "tally.error.day.no_deadline": "у дня {day} нет дедлайна: задайте `day_deadline` в расписании игры или укажите "
                                   "--deadline; без него в подсчёт попали бы все посты после дня",
    "tally.error.day.start_after_end": "день {day}: начало ({start}) не раньше дедлайна ({deadline}); проверьте "
                                       "--since и --deadline",
    "tally.error.day.not_on_roster": "день {day}: «{name}» есть в состоянии игры, но нет в списке игроков "
                                     "({roster}); исправьте состояние (`mafvote state`) или список игроков",
    "tally.error.day.no_roster_posts": "день {day}: в теме голосования за день {posts:пост|поста|постов}, но ни "
                                       "одного от игрока из списка или ведущего (авторы: {authors}); проверьте "
                                       "`games.vote_thread` и `games.players` в конфиге",
    # --- the publisher's errors (mafvote/publish.py raises them with a key and facts; publish_text words them)
    "daemon.game_error": "игра {game}: {error}",
    # the count page's title when the theme's page cannot be rendered and the BBCode is wrapped in a page (daemon)
    "daemon.count_page.title": "{title} — голосование, день {day}",
    "daemon.internal": "{game}: внутренняя ошибка mafvote: `{name}: {detail}`; подробности в логе",
    "publish.failed": "игра {game}, подсчёт на форум не выложен: {error}",
    "publish.error.write_count": "подсчёт не записан в папку {folder}: {cause}",
    "publish.error.write_pages": "страницы не записаны в {where}: {cause}",
    # why a folder cannot be written (`publish_text.write_cause`, by the OS's error number) and what to do
    "publish.error.write.no_space": "на диске не осталось места; освободите место или укажите в {setting} папку на "
                                    "другом диске",
    "publish.error.write.denied": "у mafvote нет прав на запись в эту папку; дайте их пользователю, под которым "
                                  "запущен mafvote, или укажите в {setting} другую папку",
    "publish.error.write.read_only": "диск с этой папкой доступен только для чтения; укажите в {setting} папку на "
                                     "диске, куда можно писать",
    "publish.error.write.not_a_folder": "на месте папки (или папки над ней) лежит файл; уберите его или укажите в "
                                        "{setting} другую папку",
    "publish.error.write.other": "`{reason}`; проверьте {setting} в конфиге, права на папку и место на диске",
    # the publisher's "not now" (`PublishResult` too_soon): the forum's count is updated later by itself
    "publish.error.too_soon.flood": "форум ограничил частоту сообщений; подсчёт на форуме обновится не раньше {until}",
    "publish.error.too_soon.interval": "подсчёт на форуме обновлялся в {last}, а между обновлениями не меньше "
                                       "`[publish].interval`; следующее — не раньше {next}",
    "publish.waiting": "игра {game}, подсчёт на форуме пока не обновлён: {text}",
    "publish.write_failed": "игра {game}: {error}",
    "publish.error.server_error": "форум не работает: {url} ответил HTTP {status}; подсчёт будет выложен при одном "
                                  "из следующих опросов, делать ничего не нужно",
    "publish.error.post_server_error": "форум {base} не работает: на отправку поста он ответил HTTP {status}; подсчёт "
                                       "будет выложен при одном из следующих опросов, делать ничего не нужно",
    "publish.error.form_off_origin": "форма форума {base} отправляется на {target}, другой адрес ({origin}; адрес "
                                     "форума в конфиге — {home}): mafvote её не отправил и не отправляет другим "
                                     "адресам ни страниц, ни пароля. Если форум действительно переехал, поменяйте "
                                     "`base_url` в его `[[forums]]` и адреса тем игры (`game_topic`, `vote_thread`) "
                                     "на новые",
    "publish.error.crawl": "{error}",
    "publish.error.redirects": "форум {base}: {url} перенаправляет по кругу (больше 20 перенаправлений); откройте "
                               "адрес в браузере и проверьте `base_url` форума в конфиге",
    "publish.error.flood": "форум {base} пока не даёт {doing}: бот пишет слишком часто (ограничение форума на "
                           "частоту сообщений{wait}); mafvote попробует снова сам, делать ничего не нужно",
    "publish.error.flood.wait": ", ждать {seconds} с",
    "publish.error.refused": "форум {base} не дал {doing}: `{said}`; откройте тему в браузере под учётной записью "
                             "бота и проверьте, может ли она там писать",
    "publish.error.doing.reply": "ответить в теме {topic}",
    "publish.error.doing.edit": "изменить пост {post} с подсчётом",
    "publish.error.logged_out": "форум {base} снова показывает форму входа ({url}), хотя бот только что вошёл: вход "
                                "не держится. Проверьте в браузере, может ли учётная запись бота войти и писать в "
                                "теме",
    "publish.error.no_form": "на странице {url} нет формы для поста{said}: тема закрыта или удалена, или у бота нет "
                             "права в ней писать? Откройте адрес в браузере под учётной записью бота",
    "publish.error.said": " (форум пишет: `{text}`)",
    "publish.error.no_login_form": "на {url} нет формы входа: это не форум на движке `{engine}`? Проверьте `engine` "
                                   "и `base_url` форума в конфиге",
    "publish.error.login": "форум {base} не пустил бота под именем {user}: {reason}; проверьте `login.user` форума в "
                           "конфиге и пароль в переменной окружения, которую называет `password_env`",
    "publish.error.login.said": "`{text}`",
    "publish.error.login.silent": "форум не принял вход",
    "publish.error.topic_id": "в адресе темы для голосования {url} нет номера темы (`{param}=`): укажите в "
                              "`vote_thread` адрес темы так, как его показывает форум",
    "publish.error.no_post_id": "mafvote отправил ответ с подсчётом в тему {thread}, но форум {base} не вернул "
                                "номер поста{said}; откройте тему и, если подсчёт там дважды, удалите лишний пост "
                                "руками",
    "publish.error.no_table": "в хранилище {path} нет таблицы `published_counts`: запустите любую команду mafvote "
                              "(она обновит хранилище) и повторите",
    "publish.error.gm_view": "подсчёт игры {game} в виде `{view}` на форум не выкладывается: публикуется только "
                             "открытый подсчёт (в подсчёте ведущего видны скрытые молчанки и модификаторы)",
    "publish.error.network": "подсчёт не выложен на форум {base}: {failure}; mafvote попробует снова при следующем "
                             "опросе",
    # --- click's usage errors (mafvote/cli/usage.py words them from click's fields)
    "cli.usage.usage": "Запуск: `{usage}`",
    "cli.usage.help": "Справка: `{command} --help`",
    "cli.usage.guess": " (может быть, {names}?)",
    "cli.usage.no_option": "нет параметра {option}{guess}",
    "cli.usage.no_command": "нет команды `{command}`{guess}",
    "cli.usage.missing.option": "не указан параметр {name}",
    "cli.usage.missing.argument": "не указан аргумент {name}",
    "cli.usage.choices": "; варианты: {choices}",
    "cli.usage.bad.choice": "{name}: нужно одно из: {choices}",
    "cli.usage.bad.between": "{name}: нужно целое число от {low} до {high}",
    "cli.usage.bad.at_least": "{name}: нужно целое число не меньше {low}",
    "cli.usage.bad.at_most": "{name}: нужно целое число не больше {high}",
    "cli.usage.bad.int": "{name}: нужно целое число",
    "cli.usage.bad.float": "{name}: нужно число",
    # a path refused (mafvote.cli.usage.WordedPath): what the parameter takes, what is wrong with the path typed
    "cli.usage.path.missing.file": "{name}: нет такого файла: `{path}`",
    "cli.usage.path.missing.directory": "{name}: нет такой папки: `{path}`",
    "cli.usage.path.missing.path": "{name}: нет ни файла, ни папки `{path}`",
    "cli.usage.path.file": "{name}: `{path}` — файл, а нужна папка",
    "cli.usage.path.directory": "{name}: `{path}` — папка, а нужен файл",
    "cli.usage.path.unreadable": "{name}: `{path}` не прочитать: нет прав на чтение",
    "cli.usage.path.unwritable": "{name}: в `{path}` не записать: нет прав на запись",
    "cli.usage.path.unexecutable": "{name}: `{path}` не запустить: нет прав на выполнение",
    # `mafvote -c FILE` with no command after it
    "cli.usage.no_command_given": "не указана команда",
    "cli.usage.commands": " (одна из: {names})",
    "cli.usage.bad": "{name}: {said}",
    "cli.usage.flag_value": "параметр {option} пишется без значения",
    "cli.usage.needs_value": "после {option} нужно значение",
    "cli.usage.extra": "{n:лишнее слово|лишних слова|лишних слов} в команде: {words}",
    # --- mafvote's own refusals of an option's value (mafvote/cli/render.py --variant, game.py night roll, day close)
    "cli.variant.bad_value": "«{value}»: напишите номер стиля (`1`) или фразу и номер (`night.deaths=2`)",
    "cli.variant.styles": "{number}: в теме `{theme}` {n:стиль|стиля|стилей} ({which}); напишите `--variant {most}` "
                          "или меньше",
    "cli.variant.no_phrase": "{key}={number}: в теме `{theme}` нет фразы `{key}`; {hint}",
    "cli.variant.hint.close": "может быть, `{names}`?",
    "cli.variant.hint.several": "фразы темы с вариантами: `{names}`",
    "cli.variant.hint.one": "у каждой фразы темы один вариант",
    "cli.variant.variants": "{key}={number}: у фразы `{key}` темы `{theme}` {n:вариант|варианта|вариантов} ({which})",
    "cli.roll.yes_no": "бросок `{roll}` — «да» или «нет» (`yes` или `no`), а не «{value}» (имя игрока пишется для "
                       "бросков `{picks}`)",
    "cli.roll.pick": "бросок `{roll}` выбирает игрока: напишите имя игрока (например, `{roll} Вася`), а не «{value}»",
    "cli.close.exclusive": "--eliminate и --nobody вместе не пишутся: выберите одно",
    # --- an alert channel's failure (mafvote.alerts.ChannelError's key and facts, stored beside its English since
    # store migration 9 and worded by mafvote.alerts.describe_delivery_error in `mafvote status`)
    "alert.channel.error": "канал оповещений {channel}: {detail}",
    "alert.channel.telegram.unreachable": "нет связи с Телеграмом (`{name}: {detail}`)",
    "alert.channel.telegram.rate_limited": "Телеграм просит подождать (`{description}`)",
    "alert.channel.telegram.token": "Телеграм не принял токен бота (`{description}`): проверьте токен в переменной "
                                    "окружения, которую называет `[alerts.telegram].token_env`",
    "alert.channel.telegram.forbidden": "бот не может писать в этот чат (`{description}`): начните с ботом личный чат "
                                        "или добавьте его в группу",
    "alert.channel.telegram.chat_id": "Телеграм отклонил сообщение (`{description}`): проверьте "
                                      "`[alerts.telegram].chat_id`",
    "alert.channel.telegram.answered": "Телеграм ответил ошибкой: `{description}`",
    "alert.channel.webhook.unreachable": "нет связи с {url} (`{name}: {detail}`)",
    "alert.channel.webhook.status": "{url} ответил HTTP {status}",
    "alert.channel.email.unencrypted": "пароль почтового сервера не отправляется на {host}:{port} без шифрования: "
                                       "укажите в `[alerts.email]` `starttls = true` или `port = 465`",
    "alert.channel.email.login": "{host} не принял вход {user} (код {code}): проверьте пароль в переменной "
                                 "окружения, которую называет `[alerts.email].password_env`",
    "alert.channel.email.failed": "не удалось отправить письмо через {host}:{port} (`{name}: {detail}`)",
    "alert.channel.missing_secret": "переменная окружения {variable} не задана: задайте её и перезапустите mafvote "
                                    "(тогда уйдут и неотправленные оповещения)",
    "alert.channel.bug": "внутренняя ошибка mafvote: `{name}: {detail}`",
}
