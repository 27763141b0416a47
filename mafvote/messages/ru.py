"""The `ru` catalogue, the default: every GM-facing text in Russian.

Russian builds each text from the facts the tally and the resolver record beside their English sentence
(`Flag.data`, `Alert.data`, a journal line's facts), never by translating the sentence. A number's noun agrees
with it through the format spec `{n:голос|голоса|голосов}` (CLDR's one|few|many, chosen by Babel).

This table holds the alerts and the GM report's lines (and the words they share); the other areas are
ru_night.py, ru_night_input.py, ru_report.py, ru_cli.py, ru_game.py, ru_config.py, ru_outputs.py
(merged in messages/__init__.py).
"""
from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- alerts (mafvote.alert_rules) and the GM report ------------------------------------------
    "at": "{when} {zone_abbr}",
    "phase.day": "день {n}",
    "phase.night": "ночь {n}",
    "subject": "[mafvote {game}] {phase}: {first}",
    "subject.bare": "[mafvote {game}] {first}",
    "nobody": "никто",
    "or": "или",
    "color.red": "красным",
    "color.blue": "синим",
    "vote": "{written} ({color})",
    # deadline_soon / deadline
    "soon": "День {day} закрывается {when_in} ({at})",
    "duration.in": "через {parts}",
    "duration.one_day": "сутки",
    "duration.days": "{n:сутки|суток|суток}",
    "duration.hours": "{n:час|часа|часов}",
    "duration.minutes": "{n:минуту|минуты|минут}",
    "deadline.closed_early": "День {day} закрыт досрочно в {at}",
    "deadline.reached": "День {day}: время голосования истекло ({at})",
    "deadline.final": "{head} — итоговый подсчёт (для ведущего):",
    "deadline.result": "Итог: {eliminated} ({reason})",
    "deadline.day_post": "Предлагаемый пост итогов дня:",
    "summary.tie": "Ничья на первом месте ({total:голос|голоса|голосов}): {names}",
    "summary.leader": "Лидер: {names} ({total:голос|голоса|голосов})",
    "summary.none": "Ни у кого нет голосов против",
    # «не вешается» agrees with any gender (the alerts do not know the players' genders)
    "summary.saved": " — не вешается: {reason}",
    "summary.saved_some": " — не вешается ({reason}): {names}",
    "soon.result": "Итог, если закрыть день сейчас: {eliminated} ({reason})",
    "summary.not_voted": "Не проголосовали ({n}): {names}",
    "summary.all_voted": "Проголосовали все",
    # «Ёжик — итого 1: в защиту −1 (Мари), штраф +2»: a penalty is no vote, and a blue vote takes one away
    "count.line": "{player} — {total:голос|голоса|голосов}{voters}",
    "count.sum": "{player} — итого {total}: {parts}",
    "count.red": "против +{n}{voters}",
    "count.blue": "в защиту −{n}{voters}",
    "count.penalty": "штраф +{penalty}",
    "count.voters": " ({voters})",
    # Outcome reasons (tally.Outcome; RULES.md §3.8–§3.10, §3.11)
    "reason.plurality": "большинство",
    "reason.tie": "ничья",
    "reason.tie_forgiven": "ничья, первая за игру: не вешается никто",
    "reason.tie_all": "ничья: вешаются все, набравшие поровну",
    "reason.alibi": "отмаза",
    "reason.unhangable": "повесить нельзя",
    "reason.protected": "защита от казни",
    "reason.no_votes": "нет голосов против",
    "reason.modkill": "модкилл",
    "reason.pending": "день не закрыт",
    "reason.decision": "решение ведущего",
    # the tally's alerts (RULES.md §3.11, §3.13)
    "early_close": "День {day}: все, кто должен голосовать, проголосовали досрочно (голоса окончательные); "
                   "день закрывается сейчас",
    "early_close.gm": "День {day}: все, кто должен голосовать, проголосовали досрочно (голоса окончательные); "
                      "закройте день командой `mafvote day close`, если никто не отозвал согласие",
    "early_close~": "День {day}: все голоса окончательные (досрочно); проверьте, можно ли закрыть день",
    "early_close_majority": "День {day}: досрочно {final:голос|голоса|голосов} из {entitled} — большинство; ведущий может "
                            "закрыть день",
    "early_close_majority~": "День {day}: большинство голосов окончательные (досрочно); ведущий может "
                             "закрыть день",
    "silent_player": "День {day}: {player} ничего не пишет уже {hours:час|часа|часов} (с {since}): кандидат на замену",
    "silent_player~": "День {day}: {player} давно ничего не пишет: кандидат на замену",
    # flags as alerts
    "modkill_candidate": "День {day}: {player} — {text}",
    "under_active": "День {day}: {player} — {text}{before}",
    "under_active.before": " (до дедлайна ночи {night_at})",
    "vote_flag": "День {day}, {label}: {who}{text}",
    "vote_flag.who": "{player}: ",
    # one wording per flag kind (INTERFACE.md); `~`: without the tally's facts
    "flag.ambiguous_name.label": "неоднозначное имя",
    "flag.ambiguous_name": "«{written}» может означать {candidates}: голос не засчитан (в силе прежний голос "
                            "игрока); решите, кого имели в виду",
    "flag.ambiguous_name~": "имя в голосе неоднозначно; решите, кого имели в виду",
    "flag.multiple_votes.label": "несколько голосов",
    "flag.multiple_votes": "несколько голосов в одном посте: {votes}; засчитывается последний действительный",
    "flag.multiple_votes~": "несколько голосов в одном посте; засчитывается последний действительный",
    "flag.self_vote.label": "голос за себя",
    "flag.self_vote": "подан {color}; не засчитан",
    "flag.self_vote~": "голос за себя; не засчитан",
    "flag.unknown_target.label": "неизвестное имя",
    "flag.unknown_target": "«{written}»: такого игрока нет в списке; решите, кого имели в виду",
    "flag.unknown_target.dead.label": "голос за выбывшего ранее",
    "flag.unknown_target.dead": "голос не засчитан: {dead} сегодня не в игре",
    "flag.unknown_target~": "имя в голосе не найдено среди живых игроков; решите, кого имели в виду",
    "flag.dead_voter.label": "голос выбывшего",
    "flag.dead_voter": "игрок сегодня не в игре; голос не засчитан",
    "flag.dead_voter~": "игрок сегодня не в игре; голос не засчитан",
    "flag.edited.label": "пост изменён",
    "flag.edited": "{edit}; проверьте правку",
    "flag.edited.void": "{edit}: голос в изменённом посте недействителен (игрок не проголосовал, если позже "
                        "нет голоса без правки)",
    "flag.edited.first_seen": "{edit}; засчитан голос в первой увиденной версии{change}",
    # 004: an edit at or after the day's end; the count is the thread as it stood at the close
    "flag.edited.after_close": "{edit} после закрытия дня: засчитан голос, каким он был на момент закрытия{change}",
    "flag.edited~": "пост с голосом изменён или удалён; проверьте правку",
    "edit.deleted": "пост удалён",
    "edit.at": "пост изменён в {at}",
    "edit.plain": "пост изменён",
    "edit.before_seen": " — ещё до того, как mafvote его увидел",
    "edit.reason": " (причина: «{reason}»)",
    "edit.change": " (правка изменила голоса: теперь {votes})",
    "publish.write": "mafvote не может записать файлы подсчёта или страницы игры (с {since}): в них остаётся "
                     "устаревший подсчёт. Когда запись снова получится, mafvote обновит их сам{error}",
    "publish.login": "Форум {forum} не пустил бота под именем {user}: подсчёт на форуме не опубликован. "
                     "Проверьте учётную запись и её пароль (переменная окружения {env}){error}",
    "edit.no_votes": "голосов нет",
    "flag.changed_final_vote.label": "смена окончательного голоса",
    "flag.changed_final_vote": "окончательный голос — {final}, досрочно в посте {final_post}; смена на {new} "
                               "не учтена",
    "flag.changed_final_vote~": "попытка сменить окончательный (досрочный) голос; смена не учтена",
    "flag.unrecognised_colour.label": "непонятный цвет",
    # the tally's `hue` is its class name (`other`): not a word to show a Russian-speaking GM
    "flag.unrecognised_colour": "Имя «{written}» написано другим цветом (не красным и не синим); не засчитано как "
                                 "голос",
    "flag.unrecognised_colour~": "имя написано цветом, который не красный и не синий; не засчитано как голос",
    "flag.late.label": "голос после закрытия",
    "flag.late": "голос подан в {time}, когда день уже закрыт ({close}); не засчитан",
    "flag.late~": "голос подан после закрытия дня; не засчитан",
    "flag.modkill_candidate.label": "кандидат на модкилл",
    "flag.modkill_candidate": "{misses:пропуск|пропуска|пропусков} за игру (голосования и ночные действия): по правилам модкилл "
                              "(или замена)",
    "flag.modkill_candidate~": "второй пропуск за игру (голосования и ночные действия): по правилам модкилл "
                               "(или замена)",
    "flag.under_active.label": "мало постов",
    "flag.under_active": "{posts:пост|поста|постов} за день (нужно не меньше {min}): следующее ночное действие не "
                         "принимается",
    "flag.under_active~": "меньше постов за день, чем нужно: следующее ночное действие не принимается",
    # RULES.md §2: a name that is no vote (the colour games: no red, blue or colour word; 004 `.plain`: not in a
    # colour, not bold, not alone on a line)
    "flag.not_a_vote.label": "имя без голоса",
    "flag.not_a_vote": "{names}: имя написано не красным и не синим и без слов КРАСНЫМ/СИНИМ — это не голос; "
                       "если игрок хотел проголосовать, попросите его проголосовать заново",
    "flag.not_a_vote.plain": "{names}: имя написано простым текстом (не цветом, не жирным и не отдельной "
                             "строкой) — по правилам игры это не голос; если игрок хотел проголосовать, "
                             "попросите его проголосовать заново",
    "flag.not_a_vote~": "пост называет игрока, но голоса в нём нет; если игрок хотел проголосовать, попросите "
                        "его проголосовать заново",
    # RULES.md §3.1: posts before the day's start do not count
    "flag.early_post.label": "голос до начала дня",
    "flag.early_post": "голос в {time} подан до начала дня ({start}); не засчитан — игрок должен проголосовать "
                       "заново днём",
    "flag.early_post.again": "голос в {time} подан до начала дня ({start}); не засчитан — днём игрок "
                             "проголосовал заново",
    "flag.early_post~": "голос подан до начала дня; не засчитан — игрок должен проголосовать заново днём",
    # a vote by an account that speaks for no slot then (RULES.md §3: only the roster votes); `author` is quoted as
    # the forum shows it (an account, not a name to inflect)
    "flag.unknown_author.label": "голос не игрока",
    "flag.unknown_author": "{author} голосует: {votes}, но его нет в списке игроков, среди замен и ведущих; голос "
                           "не засчитан. Если это замена, внесите её: `mafvote replace --player НИК --by {author} "
                           "--at {time_iso}`",
    "flag.unknown_author.before_replacement": "{author} играет за {slot} только с {at} (время замены); голос в "
                                              "{time} не засчитан. Если замена на деле была раньше, отмените её "
                                              "(`mafvote undo`) и внесите снова с `--at`",
    "flag.unknown_author.replaced": "{author} больше не в игре: с {at} за слот {slot} играет {by}; голос в {time} не "
                                    "засчитан",
    "flag.unknown_author~": "голос аккаунта, которого нет в списке игроков, среди замен и ведущих; не засчитан",
    # a vote for a player the GM modkilled later that day (tally/count.py): counted as cast, weighs nothing
    "flag.target_removed.label": "голос за выбывшего",
    # the voter's word («Лису») stays quoted as written; the player is named in the nominative after «игрока», so
    # the sentence needs neither a case nor a gender
    "flag.target_removed": "голос «{written}» — за игрока {target}, выбывшего по модкиллу после этого голоса: "
                           "голос учтён как поданный (без штрафа), но ничего не весит; голосовавший может "
                           "проголосовать заново",
    "flag.target_removed~": "цель голоса выбыла по модкиллу после голоса: без штрафа; можно проголосовать заново",
    "flag.proxy_vote.label": "голос через ведущего",
    "flag.proxy_vote": "голос за игрока подал ведущий; проверьте, что игрок его просил",
    "flag.proxy_vote~": "голос за игрока подал ведущий; проверьте, что игрок его просил",
    # the crawler
    # the GM report (`render ... --gm`): a flag as its alert words it, the alert as sent
    "report.flag": "{label}: {where} — {text}",
    "report.post": ", пост {post_id}",
    "report.alert": "{text}",
    # causes of death the resolver records (resolver/kills.py, resolver/day.py), in the GM report
    "cause.hanged": "повешение",
    "cause.modkill": "модкилл",
    "cause.killed": "убийство: {actor} ({role})",
    "cause.killed_boss": "убийство: {actor} (босс)",
    "cause.role_shot": "выстрел в роль: {actor}",
    "cause.wrong_role_shot": "неверный выстрел в роль: {actor}",
    "cause.bloody_kill": "кровавое убийство: {actor}",
    "cause.bloody_visitor": "гость у {target} при кровавом убийстве ({actor})",
    "cause.counter_strike": "ответный удар: {actor}",
    "cause.guarding": "охрана ({target}): погибает вместо подопечного",
    "cause.shahid": "шахид {actor} забирает с собой",
    # the crawler's sentence is English: the message says in Russian what failed (`cause`, from the error's
    # known shapes), and the error follows on its own line, marked as the technical text to pass on
    "crawl.error": "\nОшибка: {error}",
    "crawl.layout": "Разметка страницы {where} не распознана. Возможно, форум сменил оформление; "
                    "проверьте `forums[].engine` или пришлите эту страницу разработчикам{error}",
    "crawl.failing": "Чтение {where} не удалось {failures:раз|раза|раз} подряд, начиная с {since}{cause}. Подсчёт "
                     "голосов не актуален; проверьте форум и сеть{error}",
    "crawl.cause.timeout": ": форум не отвечает (истекло время ожидания)",
    "crawl.cause.refused": ": сервер форума отклоняет соединение",
    "crawl.cause.dns": ": адрес форума не найден (DNS)",
    "crawl.cause.tls": ": не удалось защищённое соединение (сертификат или TLS)",
    "crawl.cause.connection": ": нет соединения с форумом",
    "crawl.cause.not_found": ": страница не найдена (HTTP {status})",
    "crawl.cause.forbidden": ": доступ запрещён (HTTP {status}); тема открыта гостям?",
    "crawl.cause.rate_limited": ": форум просит подождать (HTTP {status})",
    "crawl.cause.server": ": форум отвечает ошибкой сервера (HTTP {status})",
    "crawl.cause.http": ": форум отвечает HTTP {status}",
}
