"""The `ru` catalogue, the default: every GM-facing text in Russian.

Russian builds each text from the facts the tally and the resolver record beside their English sentence
(`Flag.data`, `Alert.data`, a journal line's facts), never by translating the sentence. A number's noun agrees
with it through the format spec `{n:голос|голоса|голосов}` (CLDR's one|few|many, chosen by Babel).
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
    "flag.self_vote": "голос за себя ({color}); не засчитан",
    "flag.self_vote~": "голос за себя; не засчитан",
    "flag.unknown_target.label": "неизвестное имя",
    "flag.unknown_target": "«{written}» — такого игрока нет в списке; решите, кого имели в виду",
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

    # --- the resolver's night and journal, as `night resolve`, `day close` and `render --gm` print them
    # (mafvote.gm_text; resolver.journal keys). A nick stays in the nominative, so a line never needs its
    # case or gender: «убийство: Гафф — нападение (…), спасает лечение: РэдДи»
    "night.head": "Ночь {night}",
    "night.nothing_public": "(ничего публичного)",
    "night.hidden_vote_loss": "Тайно лишены голоса: {names}",
    "night.alibis": "Отмазаны на день: {names}",
    "night.saved": "Спасены: {names}",
    "night.private": "ЛС {to}: {text}",
    "night.refused.line": "Отказ: {text}",
    "night.refused": "{actor}, {ability} — {reason}",
    "night.roll": "Бросок «{name}» ({actor}, вероятность {p}): {value}{forced}",
    "night.roll.forced": " (задан ведущим)",
    "night.transfer": "Передача голоса: {source} → {to}",
    "night.transfer.stolen": "Голос украден: {source} → {to}",
    "night.transfer.gifted": "Голос подарен: {source} → {to}",
    "night.alert": "ВНИМАНИЕ: {text}",
    "night.journal": "Ход разбора:",
    "roll.yes": "да",
    "roll.no": "нет",
    "percent": "{n} %",
    "journal.night": "ночь {night}: в игре на начало ночи — {alive}; {boss}",
    "journal.night.boss": "босс — {boss}",
    "journal.night.no_boss": "босса нет",
    "journal.day": "день {day}: в игре на начало дня — {alive}",
    "journal.refused": "отказ: {actor}, {ability} → {targets}: {reason}",
    "journal.roll": "бросок «{name}» ({actor}): вероятность {p}, выпало «{value}»{forced}",
    "journal.boss_action": "действие босса: {ability} → {targets} (прислано: {actor}{behalf})",
    "journal.boss_action.behalf": ", за босса",
    "journal.block.parallel": "блок: {actor} → {targets} (все блоки срабатывают одновременно)",
    "journal.block": "блок: {actor} ({role}) → {targets}",
    "journal.block.unblockable": "блок: действие «{card}» ({actor}) заблокировать нельзя",
    "journal.protect": "защита: {actor} → {target}",
    "journal.heal": "лечение: {actor} → {target}",
    "journal.kill.protected": "убийство: {victim} — нападение: {cause}; спасает защита: {by}",
    "journal.kill.shield": "убийство: {victim} — нападение: {cause}; спасает разовая защита (израсходована)",
    "journal.kill.universal": "убийство: {victim} — нападение: {cause}; спасает универсальная защита "
                              "(израсходована)",
    "journal.kill.immune": "убийство: {victim} — нападение: {cause}; неуязвимость к ночным убийствам",
    "journal.kill.healed": "убийство: {victim} — нападение: {cause}; спасает лечение: {by}",
    "journal.kill.healed_from_role": "убийство: {victim} — нападение: {cause}; спасает лечение от роли: {by}",
    "journal.kill.unhealable": "убийство: {victim} — вылечить нельзя",
    "journal.kill.dies": "убийство: {victim} — гибель; нападение: {cause}{past}",
    "journal.kill.past": "; не спасают: {what}",
    "journal.kill.past.heals": "лечение",
    "journal.kill.past.protections": "защита",
    "journal.silence": "лишение голоса: {player} — {days:день|дня|дней}, {how}; кто: {cause}",
    "journal.silence.announced": "объявляется",
    "journal.silence.secret": "тайно",
    "journal.vote_steal": "кража голоса: {actor} → {target}, голос на следующий день украден (тайно)",
    "journal.vote_gift": "подарок голоса: {actor} → {target}, на следующий день у цели на голос больше",
    "journal.hidden_vote_loss": "тайная потеря голоса: {actor} — на следующий день голос весит 0 (не "
                                "объявляется)",
    "journal.side_check": "проверка стороны: {actor} → {target}: {answer}",
    "journal.role_check": "проверка роли: {actor} → {target}: {role}",
    "journal.killer_check": "проверка на убийство: {actor} → {target}: {answer}",
    "journal.day.unhangable": "{player} ({role}) — повесить нельзя; никто не покидает игру",
    "journal.day.alibi": "{player} — отмаза; никто не покидает игру",
    "journal.day.protected": "{player} — защита от казни ({what}), она израсходована",
    "journal.day.hanged": "{player} — повешение ({role}){shahid}",
    "journal.day.hanged.shahid": "; повешенный шахид никого не забирает",
    "journal.death_order": "порядок гибели (только для ведущего; в посте погибшие идут в порядке списка игроков): "
                           "{deaths}",
    "journal.death_order.item": "{player} — {causes}",
    "journal.succession": "преемник: теперь босс — {boss}",
    "journal.game_over": "игра окончена",
    "journal.modkill": "модкилл: {player} ({role})",
    "journal.refusal.not_in_game": "такого игрока нет в игре",
    "journal.refusal.dead_actor": "игрок уже выбыл ({died})",
    "journal.refusal.under_active": "мало постов за день (нужно не меньше {need})",
    "journal.refusal.no_ability": "у роли {role} этой ночью нет действия «{ability}»{gone}",
    "journal.refusal.no_ability.gone": ": предмет израсходован",
    "journal.refusal.unknown_target": "цели «{target}» нет в игре",
    "journal.refusal.dead_target": "цель уже выбыла: {target}",
    "journal.refusal.one_a_night": "одно действие за ночь: уже действует {other} ({ability})",
    "journal.refusal.boss_channel": "действие босса уже прислано: {other}",
    "journal.refusal.blocked_higher": "заблокировано: {by} (блок старше)",
    "journal.refusal.blocked": "заблокировано: {by}",
    "journal.refusal.lost": "действий больше нет до конца игры (потеряны в ночь {night})",
    "journal.refusal.min_targets": "«{ability}»: нужно целей — не меньше {n}",
    "journal.refusal.watch_partner": "«{ability}»: следят за подельником, не за собой; выберите живого подельника",
    "journal.refusal.watch_partners_only": "«{ability}»: следят только за подельниками",
    "journal.refusal.learn": "«{ability}»: что узнать? впишите `learn = …`",
    "journal.refusal.alive_gt": "«{ability}» нельзя, когда в игре {alive}: нужно больше {need}",
    "journal.refusal.lost_one_side": "«{ability}» потеряно: осталась одна враждебная сторона с убийством",
    "journal.refusal.used_up": "«{ability}» уже использовано: {n:раз|раза|раз} за игру{side}",
    "journal.refusal.used_up.side": " на всю сторону",
    "journal.refusal.partners_found": "«{ability}» потеряно: подельники найдены",
    "journal.refusal.parity": "«{ability}» — только в {parity} ночи (сейчас ночь {night})",
    "journal.refusal.parity.odd": "нечётные",
    "journal.refusal.parity.even": "чётные",
    "journal.refusal.cooldown": "«{ability}» — раз в {every:ночь|ночи|ночей} (было в ночь {used})",
    "journal.refusal.role_shot_role": "выстрел в роль: назовите угадываемую роль, одну из: {roles} (написано "
                                      "«{got}»)",
    "journal.refusal.cooldown_alive": "«{ability}» нельзя две ночи подряд, когда в игре меньше {alive}",
    "journal.refusal.heal_from_role": "лечение от роли: роли или стороны «{role}» нет",
    "journal.refusal.hired_again": "найм уже был (наниматель: {employer}): нанимателя, через которого уже убили, "
                                   "не нанимают снова",
    "journal.refusal.hire_one_kill": "найм даёт одно убийство",
    "journal.refusal.hire_employer": "убийство по найму не может быть против нанимателя",
    "journal.refusal.no_kept_kill": "нет убийства, оставшегося от прошлого найма с живым нанимателем",
    "journal.refusal.copy_role": "копирование: роли «{role}» нет в этой игре",
    "journal.refusal.copy_ability": "копирование: у роли {role} нет действия «{ability}»",
    "journal.refusal.copy_used": "копирование «{kind}» — только раз за игру",
    "journal.refusal.copy_same_role": "нужно сменить: роль {role} копировали и прошлой ночью",
    "journal.refusal.copy_same_kind": "нужно сменить: «{kind}» было и прошлой ночью",
    "journal.refusal.copy_same_target": "нужно сменить цель: {targets} — цель и прошлой ночью",
    "journal.refusal.hiding": "цель залегла на дно: {players} — на неё ничего не действует",
    "journal.refusal.slowed": "замедление: {by}",
    "journal.refusal.no_veil": "на цели нет чёрной вуали с прошлой ночи: {target} (вуаль сгорает следующей ночью)",
    "journal.refusal.veil_annulled": "вуаль на подельнике снята: {guard} навещает {actor}",
    "journal.refusal.veil": "снято: на цели чёрная вуаль ({target}, вуаль: {actor})",
    "journal.hide": "залечь на дно: {player}",
    "journal.redirect.landed": "перенаправление: «{ability}» ({actor}) уже сработало на {targets}; остаётся там",
    "journal.redirect": "перенаправление: {actor} переводит «{ability}» ({other}) с {old} на {to}",
    "journal.role_shot.right": "выстрел в роль: {actor} → {target} — «{role}»: верно",
    "journal.role_shot.wrong": "выстрел в роль: {actor} → {target} — «{role}»: неверно, стрелявший погибает",
    "journal.bloody.forced_absent": "кровавое убийство: назначенный гость {forced} не навещал цель {target}; не "
                                    "учтён",
    "journal.bloody.no_visitor": "кровавое убийство: у цели {target} этой ночью гостей не было",
    "journal.roll.visitor": "бросок «гость под ударом» ({actor}): из {visitors} выпал {value}{forced}",
    "journal.find": "поиск подельников: {actor} → {target}: {found}",
    "journal.find.yes": "найден",
    "journal.find.no": "не найден",
    "journal.annul": "месть: {actor} → {target}: полезные действия на цель не срабатывают",
    "journal.heal_from_role": "лечение от роли: {actor} лечит жертв роли {role}",
    "journal.hire.deferred": "отложенное убийство: {actor} использует убийство по найму (наниматель: {employer})",
    "journal.hire.kept": "найм: {actor} сохраняет убийство (наниматель: {employer})",
    "journal.hire.fails": "найм: {employer} этой ночью не боевая роль; найм не удался",
    "journal.alibi.killer": "отмаза убийце: {actor} (жертва — {victim}) получает одну отмазу",
    "journal.heal_from_role.repeat": "лечение от роли: {actor} → {target} — как и прошлой ночью: повтор не "
                                     "засчитан (ведущий молча не принимает)",
    "journal.shahid.healed": "шахид: {actor} — нападение; {target} спасает лечение",
    "journal.shahid": "шахид: {actor} — нападение; вместе с шахидом погибает {target}",
    "journal.protect.earned": "защита: {player} — спасений {saves}, заработана универсальная защита",
    "journal.protect.max": "защита: {player} — универсальных защит уже {n}, больше нельзя",
    "journal.kill.partner": "убийство: {victim} этой ночью находит подельника — ни лечение, ни защита не спасают "
                            "от нападения ({actor})",
    "journal.kill.night_immune": "убийство: {victim} — нападение: {cause}; в ночь {night} убить нельзя",
    "journal.kill.immune_until": "убийство: {victim} — нападение: {cause}; убить нельзя, пока не использовано "
                                  "«{ability}»",
    "journal.kill.family": "убийство: {victim} — из семьи «{family}», убийство ({actor}) эту семью щадит",
    "journal.guard.dies": "охрана: {actor} спасает цель {target} в {n}-й раз и погибает вместо неё",
    "journal.guard.strikes": "охрана: {actor} наносит ответный удар: {target}",
    "journal.link": "связь: {actor} и {target} теперь действуют вместе",
    "journal.serum.resists": "сыворотка: {target} — раскрыть сывороткой нельзя; ничего не показано",
    "journal.serum": "сыворотка: {actor} → {target}: {role}",
    "journal.watch.kinds": "слежка: {actor} → {target}: типы действий — {kinds}",
    "journal.watch.kinds.none": "ни одного",
    "journal.watch.visitors": "слежка: {actor} → {target}: гости — {visitors}",
    "journal.watch.visitors.none": "никого",
    "journal.alibi": "отмаза: {actor} → {targets} на следующий день",
    "journal.alibi.stripped": "снятие отмазы: {actor} → {target}: отмаза снята",
    "journal.alibi.none": "снятие отмазы: у цели {target} отмазы не было",
    "journal.shared_missing": "внимание: общий ход не прислан (могли прислать: {holders})",
    "journal.must_kill": "внимание: сторона «{side}» не внесла убийство",
    "journal.inheritance": "наследование: {player} ({role}) занимает место роли {heir_of}; собственное действие "
                           "потеряно",
    "journal.veil_killed": "вуаль ({actor}) убила: {targets} — действий больше нет до конца игры",
    "journal.link.died": "связь: {player} погибает; {partner} остаётся в игре, но теряет действия",
    "journal.items.lost": "предметы: {player} выбывает с неиспользованными: {items} — они потеряны",
    "journal.succession.kept": "преемник: теперь босс — {boss} ({role}){kept}",
    "journal.succession.kept.some": ", сохраняет: {kept} (одно действие за ночь)",
    "journal.succession.kept.none": "",
    "journal.alert.bloody.forced_absent": "назначенный для кровавого убийства ({actor}) гость {forced} этой ночью "
                                          "не навещал цель {target} (гости: {visitors}): бросок выбирает среди "
                                          "гостей; если кубик сказал иное, задайте одного из них (`mafvote night "
                                          "roll … visitor НИК`)",
    "journal.alert.must_kill": "этой ночью нет убийства от стороны «{side}»: по правилам она должна убивать "
                               "каждую ночь; внесите её убийство (`mafvote night add`) или отметьте штраф",
    # a ruleset's ability identifiers (rulesets/*.toml `name`), as the GM reads them; one the catalogue does
    # not know (a GM's own ruleset) is shown as written
    **{f"ability.{k}": v for k, v in (
        ("kill", "убийство"), ("block", "блок"), ("check", "проверка"), ("heal", "лечение"),
        ("take", "отбор голоса"), ("shoot", "выстрел"), ("serum", "сыворотка"), ("question", "вопрос"),
        ("poison", "отравление"), ("kill_intimidate", "убийство с запугиванием"), ("intimidate", "запугивание"),
        ("alibi", "отмаза"), ("watch", "слежка"), ("truth", "сыворотка правды"), ("strip", "обыск"),
        ("steal", "кража голоса"), ("slowdown", "замедление"), ("serum_vote", "сыворотка (голос)"),
        ("serum_night", "сыворотка (ночь)"), ("role_shot", "выстрел в роль"), ("revenge", "месть"),
        ("redirect", "перенаправление"), ("random_redirect", "случайное перенаправление"),
        ("protect", "защита"), ("mother", "материнская защита"), ("learn", "узнать"),
        ("interview", "интервью"), ("hire", "найм"), ("hide", "залечь на дно"),
        ("heal_from_role", "лечение от роли"), ("guard", "охрана"), ("find", "поиск подельников"),
        ("face", "лицо"), ("copy", "копирование"), ("clock", "часы"), ("button", "кнопка"), ("book", "книга"),
        ("bloody", "кровавое убийство"), ("blitz", "блиц"), ("arrest", "арест"))},
    # resolver.ROLL_NAMES
    **{f"roll.{k}": v for k, v in (
        ("evidence", "улики"), ("silence", "лишение голоса"), ("reveal", "раскрытие роли"),
        ("second_kill", "второе убийство"), ("visitor", "гость под ударом"), ("bloody", "второе убийство"),
        ("learn", "узнать"))},
    # a cause as the journal names it after «нападение:» / «кто:» (the report's `cause.*` is a whole phrase)
    **{f"journal.cause.{k}": v for k, v in (
        ("hanged", "повешение"), ("modkill", "модкилл"), ("killed_boss", "{actor} (босс)"),
        ("killed", "{actor} ({role})"), ("role_shot", "выстрел в роль, {actor}"),
        ("wrong_role_shot", "неверный выстрел в роль, {actor}"), ("bloody_kill", "кровавое убийство, {actor}"),
        ("bloody_visitor", "кровавое убийство, {actor}; гость цели {target}"),
        ("counter_strike", "ответный удар, {actor}"), ("guarding", "охрана цели {target}"),
        ("shahid", "шахид {actor}"), ("silenced", "{actor}"), ("intimidated", "{actor} (запугивание)"))},
    # causes of a silence (resolver/night.py `add_silence`)
    "cause.silenced": "лишение голоса: {actor}",
    "cause.intimidated": "запугивание: {actor}",
    # tally.format.hidden_outcome's facts: the real result over the public totals (RULES.md §3 «Two views»)
    "hidden.leader": "открытый подсчёт показывает лидера: {names} ({top:голос|голоса|голосов})",
    "hidden.leaders": "открытый подсчёт показывает лидеров: {names} (по {top:голосу|голоса|голосов})",
    "hidden.none": "в открытом подсчёте ни у кого нет голосов против",
    "hidden.head": "{shown}, но настоящий подсчёт (со скрытыми весами голосов) даёт другое: {reason}{real}",
    "hidden.real": " ({names})",
    "hidden.tie": "{head}. В постах — ничья, которую видно в открытом подсчёте ({tie}), и никогда настоящая "
                  "причина; причину никому не сообщайте{later}",
    "hidden.later": ". Настоящих ничьих ещё не было, поэтому следующая настоящая ничья тоже прощается; посты "
                    "пишут любую ничью одинаково, так что по ней это не видно",
    "hidden.plain": "{head}. В постах — только кто повешен (или что никто), без причины; причину никому не "
                    "сообщайте",
    # `day close`'s notes (mafvote/game/days.py `close_day`)
    "note.no_count": "подсчёта нет ({error}); пропуски и активность не записаны",
    "note.hanged_already_out": "итог голосования — {names}, но после конца дня по модкиллу уже не в игре: не "
                               "вешается никто (голоса учтены как поданы); если решаете иначе — `mafvote undo` и "
                               "`day close --eliminate ИМЯ` или `--nobody`",
    "note.no_posts": "в теме голосования нет ни одного поста с {start} до {deadline}: пропуски и активность не "
                     "записаны; проверьте тему и границы дня (--since/--deadline) или `mafvote undo` и закройте "
                     "день снова",
    "note.modkill_cut_short": "день закрыт модкиллом до дедлайна: пропуск голосования не записан для {names}",
    "journal.day.closed_by_modkill": "день закрывается модкиллом: {players}",
    # `tally --format text` (mafvote.tally_text)
    "tally.title": "{game}, день {day} ({view}) — дедлайн {deadline}{as_of}",
    "tally.time": "{when} {zone}",
    "tally.as_of": ", по состоянию на {at}",
    "tally.view.public": "открытый подсчёт",
    "tally.view.gm": "подсчёт ведущего",
    "tally.col.player": "игрок",
    "tally.col.total": "итого",
    "tally.col.red": "против",
    "tally.col.blue": "в защиту",
    "tally.col.votes": "голоса",
    "tally.col.penalty": "штраф",
    "tally.col.voters": "кто голосовал",
    "tally.blue": " (в защиту)",
    "tally.not_voted": "не проголосовали: {names}",
    "tally.all_voted": "проголосовали все",
    "tally.silenced": "без голоса: {names}",
    "tally.final": "досрочно: {names}",
    "tally.closed": "день закрыт",
    "tally.open": "день идёт",
    "tally.closed_early": "день закрыт досрочно в {at}",
    "tally.outcome": "{state}; итог: {reason}{eliminated}{saved}{tied}",
    "tally.eliminated": " → {names}",
    "tally.saved": " (не повешены: {names})",
    "tally.tied": " ({names})",
    "tally.flag": "! {label}: {player}{post} — {text}",
    "tally.flag.post": ", пост {post_id}",
    "tally.alert": "!! {text}",
    # the public posts' reason where hidden weights decided (tally.format.shown_reason)
    "reason.undisclosed": "не называется (решили скрытые веса голосов)",
    # the GM report's notes (mafvote.render.gm_notes)
    "note.gender_inferred": "{nick}: пола нет в списке игроков; по имени «{shown}» взят {inferred} (чтобы не "
                            "гадать, добавьте игроку gender = \"m\"/\"f\")",
    "note.gender_unknown": "{nick}: пол неизвестен; посты обходятся словами без рода («Выбывает …», «не может "
                           "голосовать»); добавьте игроку в конфиге gender = \"m\" или \"f\"",
    "note.gender.m": "мужской пол",
    "note.gender.f": "женский пол",
    "note.hidden": "день {day}: {hidden}",
    "note.event": "для события {kind} в теме {theme} нет фразы; в пост идёт текст резолвера: {text}",
    "report.days": "{n:день|дня|дней}",
    "describe.head": "{actor}: {ability}",
    "describe.targets": " → {targets}",
    "describe.kill": "; убийство → {targets}",
    # a step refused after the game's end (mafvote/game/winner.py `_not_over`, RULES.md §5)
    "over": "игра {game} окончена: победа {winner}, с шага {step}; {what}. Если этот шаг внесён по ошибке, {undo}, "
            "и игра продолжится",
    "over.undo": "`mafvote undo` отменит его",
    "over.undo_n": "`mafvote undo` {times:раз|раза|раз} подряд отменит его (и {after:шаг|шага|шагов} после "
                   "него)",
    "over.night_add": "действия ночи {night} не принимаются",
    "over.night_resolve": "ночь {night} не разобрать",
    "over.day_close": "день {day} не закрыть",
    # `check`, `crawl`, `posts` (mafvote/cli/check.py, crawl.py)
    "check.ok": "{file}: всё в порядке — {forums:форум|форума|форумов}, {games:игра|игры|игр}, "
                "{players:игрок|игрока|игроков}{warned}",
    "check.warnings": " ({n:предупреждение|предупреждения|предупреждений})",
    "check.problems": "{file}: {n:ошибка|ошибки|ошибок}",
    "crawl.head": "{game}, {topic} {url}: новых — {new}, изменённых — {edited}, удалённых — {deleted} "
                  "({pages:страница|страницы|страниц}, {requests:запрос|запроса|запросов}, {kb} КБ)",
    "crawl.topic.game": "игровая тема",
    "crawl.topic.vote": "тема голосования",
    "crawl.label.new": "новый",
    "crawl.label.edited": "изменён",
    "crawl.label.deleted": "удалён",
    "crawl.more.new": "  … и ещё {n:новый пост|новых поста|новых постов} (см. `mafvote posts`)",
    "crawl.more.edited": "  … и ещё {n:изменённый пост|изменённых поста|изменённых постов} (см. `mafvote posts`)",
    "crawl.more.deleted": "  … и ещё {n:удалённый пост|удалённых поста|удалённых постов} (см. `mafvote posts`)",
    "crawl.failed": "  ОШИБКА: {error}",
    "crawl.interrupted": "прервано: сохранено {pages:страница|страницы|страниц}; запустите `mafvote crawl` ещё раз, "
                         "чтобы продолжить",
    "crawl.moved.forum": "форум {forum}: {old} → {new}",
    "crawl.moved.game": "игровая тема: {old} → {new}",
    "crawl.moved.vote": "тема голосования: {old} → {new}",
    "crawl.moved": "{game}: адрес в {file} изменился: {moved}; дальше читается новый адрес (сохранённые посты "
                   "остаются)",
    "posts.none": "постов игры {game} ещё нет; запустите `mafvote crawl`",
    "posts.head": "#{id} {topic} с.{page} {time} {author}{flags}",
    "posts.topic.game": "игра",
    "posts.topic.vote": "голосование",
    "posts.flag.edited": "изменён",
    "posts.flag.deleted": "удалён",
    # `mafvote demo` (mafvote/cli/demo.py): the headings between the commands
    "demo.pages": "Страницы: день одним взглядом — для игроков и для ведущего",
    "demo.pages.public": "Публичные страницы: {url}",
    "demo.pages.gm": "Страницы ведущего (не публиковать): {url}",
    "demo.pages.serve": "Показать в браузере: `mafvote serve -c {path}`",
    "demo.pages.temporary": "Эти файлы удаляются вместе с демо; чтобы их сохранить: `mafvote demo --keep DIR`, затем "
                            "`mafvote serve -c DIR/config.toml`",
    "demo.forum": "Демо-форум (MyBB, страницы из комплекта) на {url}",
    "demo.config": "Конфиг: {path}",
    "demo.check": "Проверка конфига",
    "demo.first_crawl": "Первое чтение: в теме голосования пока 3 страницы",
    "demo.poll": "Тема выросла до 5 страниц: опрос читает только новое",
    "demo.night_add": "Ночь {night}: ведущий вносит ночные действия так, как их написали игроки",
    "demo.night": "Ночь {night}",
    "demo.night_resolve": "Ночь {night}: разбор",
    "demo.day1": "День 1: решение ведущего (тема голосования дня 1 не входит в комплект страниц)",
    "demo.tally_public": "День 2: подсчёт, который видят игроки (открытый)",
    "demo.tally_gm": "День 2: подсчёт ведущего (скрытые веса, причины, отметки)",
    "demo.close": "День 2: закрыт в дедлайн по подсчёту",
    "demo.post_night": "Пост итогов ночи 2 в оформлении игры",
    "demo.post_day": "Пост итогов дня 2 в оформлении игры",
    # `status` (mafvote/cli/daemon.py)
    "status.phase": "  фаза:             {line}",
    "status.phase.line": "{phase} (с {start}), дедлайн {deadline} {zone}",
    "status.night_over": "; ночь по часам закончилась: идёт день {day}, дедлайн {deadline} (разберите ночь: "
                         "`mafvote night resolve`)",
    "status.over": "  игра окончена:    {winner}; больше нечего закрывать и разбирать (`mafvote undo` отменяет "
                   "последний шаг, если он внесён по ошибке)",
    "status.left": "  осталось:         {left}",
    "status.left.closed_early": "нисколько: день закрыт досрочно в {at}",
    "status.left.close": " (закройте день: `mafvote day close --game {game} --day {day}`)",
    "status.crawls": "  последнее чтение: {crawls}",
    "status.crawl.ok": "{topic} {at} — успешно (новых — {new}, изменённых — {changed}, "
                       "{requests:запрос|запроса|запросов})",
    "status.crawl.failed": "{topic} {at} — ОШИБКА: {error}",
    "status.crawl.never": "ещё не было (запустите `mafvote run` или `mafvote crawl`)",
    "status.daemon": "  демон:            {text}",
    "status.overdue": "чтения не было {left} (опрос каждые {every}): запущен ли `mafvote run`?",
    "status.error": "  последняя ошибка: {at} {topic}: {error}{again}",
    "status.error.unfinished": " (запустите `mafvote crawl`, чтобы дочитать)",
    "status.error.failing": " ({n:раз|раза|раз} подряд, всё ещё не удаётся)",
    "status.error.recovered": " (с тех пор всё в порядке)",
    "status.error.none": "  последняя ошибка: нет",
    "status.jobs": "  дальше:           {jobs}",
    "status.jobs.none": "ничего",
    "status.job.crawl": "чтение каждые {every}",
    "status.job.deadline_soon": "день {day}: напоминание за {offset}",
    "status.job.deadline": "день {day}: дедлайн",
    "status.unsent": "  не отправлено:    {n} (из {sent:оповещения|оповещений|оповещений})",
    "status.unsent.item": "    {channel}: {key} ({attempts:попытка|попытки|попыток}{retry}){why}",
    "status.unsent.retry": ", следующая — {at}",
    "status.unsent.none": "  не отправлено:    ничего (отправлено оповещений: {sent})",
    "status.note": "примечание: {text}",
    "status.unfinished": "не закончено (остановлено или ещё идёт)",
    # `mafvote run` (mafvote/jobs.py): a signal, and the clean end
    "run.signal": "получен {signal}: mafvote останавливается (запрос к форуму, если он идёт, прерывается)",
    "run.stopped": "`mafvote run` остановлен штатно",
    "span.days": "{d} сут {h} ч",
    "span.hours": "{h} ч {m:02} мин",
    "span.minutes": "{m} мин",
    "span.passed": "время вышло {text} назад",
    # `votes` (mafvote/cli/tally.py): «Puss — голоса:», the nick never in a case
    "votes.head": "{player} — голоса:",
    "votes.none": "  голосов в ветке нет (или посты ещё не собраны: `mafvote crawl`)",
    "votes.line": "  {time}{phase} #{id} {color} {target}{early}  {url}",
    "votes.red": "против",
    "votes.blue": "в защиту",
    "votes.unknown": "«{written}» (не распознан)",
    "votes.early": " досрочно",
    "demo.daemon.forum": "Демо-форум (MyBB) на {url}; конфиг {path}",
    "demo.daemon.replay": "День темы голосования проигрывается с {start} до момента после дедлайна {deadline} (МСК), "
                          "{step} игровых минут за шаг, около {speed} с на игровой час.",
    "demo.daemon.alert": "  ОПОВЕЩЕНИЕ: {kind}, {at}",
    "demo.daemon.problem": "[{at}] ошибка чтения: {text}",
    "demo.daemon.no_votes": "голосов пока нет",
    "demo.daemon.crawl": "[{at}] чтение: постов в теме — {posts}; подсчёт: {count}; не проголосовали — {not_voted}",
    "demo.daemon.files": "Файлы живого подсчёта: {path} и {html}",
    "demo.daemon.summary": "{crawls:чтение|чтения|чтений}, {alerts:оповещение|оповещения|оповещений}, каждое "
                           "отправлено один раз.",
    **{f"demo.daemon.kind.{k}": v for k, v in (
        ("deadline_soon", "скоро дедлайн"), ("deadline", "дедлайн"), ("early_close", "досрочное закрытие"),
        ("early_close_majority", "большинство досрочно"), ("modkill_candidate", "кандидат на модкилл"),
        ("under_active", "мало постов"), ("silent_player", "игрок молчит"), ("vote_flag", "отметка в голосе"),
        ("crawl_failing", "чтение не удаётся"))},
    "step.what.excuse_night": "освобождение: {player}, ночное действие ночи {night}",
    "step.what.excuse_day": "освобождение: {player}, день {day}",
    "step.what.silence": "лишение голоса: {player}, день {day}",
    "step.what.silence_secret": "тайное лишение голоса: {player}, день {day}",
    "step.what.alibi": "отмаза: {player}, день {day}",
    "step.what.dead": "выбывает: {player}",
    # --- the CLI's game commands (mafvote/cli/game.py)
    "when.day": "день {n}",
    "when.night": "ночь {n}",
    "cli.read": "прочитано: {text}",
    "cli.added": "записано в {path}",
    "cli.roll": "бросок «{roll}» ({actor}), ночь {night}: {value} (записано в {path})",
    "cli.no_night_file": "примечание: файла ночи {path} нет — ночью не было действий",
    "cli.alert": "внимание: {text}",
    "cli.applied": "{phase}: применено",
    "cli.dry_run": "{phase}: пробный прогон, ничего не применено",
    "cli.duty.hint": "  штраф и пропуск на подсчёте дня {day}; если игрок предупредил ведущего: "
                     "`mafvote state excuse --player НИК --day {day} --night`",
    "cli.winner": "Игра окончена: победа {side}",
    "cli.eliminate": "--eliminate {written}: {read}",
    "cli.eliminate.nobody": "никто не повешен",
    "cli.close.head": "День {day} ({how})",
    "cli.close.by_count": "по подсчёту голосов",
    "cli.close.by_gm": "решение ведущего",
    "cli.close.count": "Подсчёт: {top}; итог: {reason}",
    "cli.close.no_votes": "голосов нет",
    "cli.close.not_voted": "Не проголосовали: {names}",
    "cli.close.owes_night": "Штраф за пропуск ночного действия: {names}",
    "cli.close.hidden": "ВНИМАНИЕ: {text}",
    "cli.close.override": "ВНИМАНИЕ: {player} — {what} на этот день, но решение ведущего (--eliminate) выше: игрок "
                          "повешен ({what} спасает от повешения по голосованию). Если это ошибка: `mafvote undo`",
    "cli.close.override.alibi": "отмаза",
    "cli.close.override.protection": "защита от казни",
    "cli.close.override.warning": "внимание: {player} — {what} на этот день; повешение — решение ведущего "
                                  "(--eliminate), `mafvote undo` его отменяет",
    "cli.close.modkill": "Кандидаты на модкилл (второй пропуск): {names}",
    "cli.close.under_active": "Мало постов, ночное действие будет отклонено: {names}",
    "cli.close.note": "Примечание: {text}",
    "cli.close.journal": "Ход:",
    "cli.undone": "отменено: {what}",
    "cli.current": "текущая фаза: {phase} (дедлайн {deadline})",
    "cli.replaced": "замена: слот {old} — теперь {new}, с {at}",
    "cli.silence": "{player}: лишение голоса на день {day}",
    "cli.silence.secret": "{player}: тайное лишение голоса на день {day}",
    "cli.alibi": "{player}: отмаза на день {day}",
    "cli.kill": "{player}: выбывает",
    "cli.excuse.night": "{player}: освобождение от ночного действия ночи {night}: ни штрафа, ни пропуска за него "
                        "на подсчёте дня {day}",
    "cli.excuse.not_missed": "примечание: {player} не пропускал(а) ночное действие ночи {night} ({status}); "
                             "освобождение ничего не меняет",
    "cli.excuse.both": "{player}: освобождение на день {day}: ни штрафа, ни пропуска за голосование и за ночное "
                       "действие ночи {night}",
    "cli.excuse.vote": "{player}: освобождение на день {day}: ни штрафа, ни пропуска за голосование",
    # `state` (mafvote/cli/game.py `_print_state`)
    "state.over": "Игра {game} окончена: {winner} (после шага #{seq}: {what}); `mafvote undo` отменяет последний "
                  "шаг, если он внесён по ошибке",
    "state.over.modkill": "модкилл, {phase}",
    "state.phase": "Игра {game}: {phase}, с {start} до {deadline}",
    "state.alive": "Живы ({n}): {names}",
    "state.dead": "Выбыли: {items}",
    "state.dead.item": "{player} — {when}",
    "state.dead.item.role": "{player} — {when}, {role}",
    "state.silences": "Лишены голоса: {items}",
    "state.silence.item": "{player} ({days:день|дня|дней})",
    "state.silence.item.secret": "{player} ({days:день|дня|дней}, тайно)",
    "state.hidden_vote_loss": "Тайно лишены голоса: {names}",
    "state.alibis": "Отмазаны: {names}",
    "state.items": "Предметы: {items}",
    "state.item": "{player} — {things}",
    "state.hang_protection": "Защита от повешения: {items}",
    "state.transfers": "Передача голоса: {items}",
    "state.transfer.stolen": "{source} → {to} (украден)",
    "state.transfer.gifted": "{source} → {to} (подарен)",
    "state.misses": "Пропуски: {items}",
    "state.excused": "Освобождены ведущим: {items}",
    "state.excused.day": "день {n}",
    "state.excused.night": "ночное действие ночи {n}",
    "state.applied": "Применено шагов: {n}; последний: {last}",
    "state.winner": "победа {side}",
    # a step of the game's history (mafvote.game.AppliedPhase.describe)
    "step.resolve": "#{seq} разобрана {phase}{extra} (применено {at} UTC)",
    "step.close": "#{seq} закрыт {phase}{extra} (применено {at} UTC)",
    "step.modkill": "#{seq} модкилл, {phase}{extra} (применено {at} UTC)",
    "step.replace": "#{seq} замена, {phase}{extra} (применено {at} UTC)",
    "step.set": "#{seq} состояние задано вручную, {phase}{extra} (применено {at} UTC)",
    # a game operation refused (mafvote.game's GameError, printed as `error:`)
    "err.roster_roles": "игра {game}: {problems} (см. `mafvote check`)",
    "err.roster_role": "`players[{i}].role`: роли «{role}» нет в наборе правил `{ruleset}`",
    "err.items_without_roles": "игра {game}: в составе указаны предметы, но роль есть не у каждого игрока; задайте "
                               "`games.players[].role` всем (см. `mafvote check`)",
    "err.the_roster": "состав",
    "err.roster_state": "конфиг: {error}; исправьте {where} (см. `mafvote check`)",
    "err.far_beyond.day": "день {n} далеко за текущей фазой игры ({current}); укажите номер дня рядом с текущим",
    "err.far_beyond.night": "ночь {n} далеко за текущей фазой игры ({current}); укажите номер ночи рядом с текущим",
    "err.no_roles": "игра {game}: нет роли у {players}; правилам ночи и дня нужна роль каждого: задайте {keys} в "
                    "конфиге",
    "err.what.player": "игрок",
    "err.name_prefix": "{what} «{name}»: это только начало имени ({candidates}); команда, которая убивает игрока, не "
                       "угадывает — напишите ник полностью, как в составе",
    "err.name_ambiguous": "{what} «{name}» в игре {game} может быть любым из: {candidates}; ведущий не угадывает — "
                          "напишите ник, как в составе",
    "err.name_guess": "{what} «{name}» в игре {game} — возможно, {candidates}; наугад не принимается — напишите ник, "
                      "как в составе",
    "err.name_unknown": "{what} «{name}»: такого нет в игре {game} (игроки: {players})",
    "err.name_dead": "{what} {nick} уже не в игре ({died}); здесь речь может идти только о живых",
    "err.set_by_gm": " (задано ведущим)",
    "err.day_not_begun.far": "день {day} ещё не начался (текущая фаза: {current}); последний день, который можно "
                             "подсчитать сейчас, — день {latest}",
    "err.day_not_begun": "день {day} ещё не начался (текущая фаза: {current}); чтобы всё же подсчитать отрезок темы, "
                         "укажите --since и --deadline",
    "err.at_future": "--at {at} — это будущее; --at считает так, как mafvote знал тему в прошлый момент",
    "err.numbered.day": "день {n}: дни нумеруются с 1",
    "err.numbered.night": "ночь {n}: ночи нумеруются с 1",
    "err.day_closed": "день {day} уже закрыт; если его нужно закрыть заново, `mafvote undo` отменит закрытие",
    "err.day_not_current.night": "день {day} — не текущая фаза (сейчас {current}); сначала разберите ночь {n}: "
                                 "`mafvote night resolve`",
    "err.day_not_current.day": "день {day} — не текущая фаза (сейчас {current}); сначала закройте день {n}",
    "err.closed_at_before": "{shown} — не позже начала дня {day} ({began}); проверьте дату",
    "err.closed_at_future": "{shown} — это будущее; день закрывают моментом, который уже прошёл",
    "err.closed_at_after": "{shown} — позже дедлайна дня {day} ({end}), а подсчёт всё равно останавливается на "
                           "дедлайне: уберите --closed-at; если вы продлили день, укажите вместо этого --deadline "
                           "{deadline}",
    "err.modkill_closes_no_day": "модкилл сейчас не закрывает день в игре {game} (текущая фаза: {current}; набор "
                                 "правил `{ruleset}`)",
    "err.modkill_not_applied": "модкилл {player} не применён: день {day} не удалось им закрыть ({error}); исправьте "
                               "это или сделайте модкилл с --keep-day и закройте день сами",
    "err.unhangable": "--eliminate {nick}: роль «{role}» повесить нельзя никогда (`RULES.md` §3.10); чтобы всё же "
                      "вывести игрока, используйте `mafvote modkill --player {nick}`",
    "err.state_day": "день {day}: состояние задаётся только для текущего или наступающего дня (день {coming}; сейчас "
                     "{current})",
    "err.days_min": "--days: не меньше 1",
    "err.secret_days": "--days {days} вместе с --secret: тайное лишение голоса — на один день; на следующий день "
                       "внесите его снова (`mafvote state silence --secret`)",
    "err.excuse_no_duty": "`state excuse --night`: в этой игре за пропуск ночного действия не наказывают, "
                          "освобождать не от чего (набор правил `{ruleset}`: `night_action_is_duty = false`). Чтобы "
                          "освободить от дневного голосования, уберите --night",
    "err.excuse_no_night": "перед днём {day} игры {game} ночи не было (игра начинается с дня); освободите от "
                           "голосования без --night",
    "err.already_excused": "{nick} уже освобождён ведущим ({what}); `mafvote undo` отменит освобождение",
    "err.night_numbered": "ночь {night}: ночи нумеруются с 1 (следующая ночь игры — {next})",
    "err.night_applied": "ночь {night} игры {game} уже разобрана; если её нужно разобрать заново, `mafvote undo` "
                         "отменит разбор",
    "err.night_next": "ночь {night}: следующая ночь игры — {next}",
    "err.night_not_current.day": "ночь {night} — не текущая фаза (сейчас {current}, дедлайн {deadline}); сначала "
                                 "закройте день {n}: `mafvote day close`",
    "err.night_not_current.night": "ночь {night} — не текущая фаза (сейчас {current}, дедлайн {deadline}); сначала "
                                   "разберите ночь {n}",
    "err.what.actor": "игрок",
    "err.roll_unknown": "бросок «{roll}»: один из `{rolls}`",
    "err.roll_picks": "бросок `{roll}` выбирает игрока: вместо да/нет укажите имя (`mafvote night roll --night "
                      "{night} --actor {nick} {roll} НИК`)",
    "err.what.roll_player": "бросок `{roll}`: игрок",
    "err.roll_yes_no": "бросок `{roll}` принимает да или нет, а не «{value}»; имя игрока — для бросков `{rolls}`",
    "err.replace_offset": "`replace --at` {at}: укажите время со смещением часового пояса",
    "err.replace_in.day": "в дне {n}, который уже закрыт",
    "err.replace_in.night": "в ночи {n}, которая уже разобрана",
    "err.replace_before_start": "до начала игры ({start})",
    "err.replace_closed": "`replace --at` {at}: это {where}; замена с того момента пересчитала бы закрытые дни "
                          "(голоса заменённого аккаунта пропали бы, а новый считался бы не проголосовавшим). Укажите "
                          "время в текущей фазе ({current}, с {start}) или уберите --at (тогда — сейчас); если "
                          "подсчёт закрытого дня должен измениться, сначала вернитесь к тому дню через `mafvote undo`",
    "err.replace_later": "`replace --at` {at}: это позже текущей фазы ({current}, до {deadline}); до того момента "
                         "голоса нового аккаунта не считались бы за этого игрока. Укажите время в текущей фазе или "
                         "уберите --at (тогда — сейчас); будущую замену вносят, когда она происходит",
    "err.replace_empty": "`replace --by` {by!r}: ник нового аккаунта пуст (пробелы и невидимые символы не в счёт); "
                         "укажите ник точно как на форуме",
    "err.replace_gm": "`replace --by` «{nick}»: это аккаунт ведущего «{gm}» игры {game} (`games.gm` в конфиге), его "
                      "посты никогда не голоса; укажите ник нового игрока",
    "err.replaced_step": "{old} заменён на {new} в {when} (шаг #{seq}); чтобы заменить снова: `mafvote replace "
                         "--player {new} --by НОВЫЙ_НИК`",
    "err.replaced_config": "{old} заменён на {new} (`replaced_by` в конфиге); чтобы заменить снова: `mafvote replace "
                           "--player {new} --by НОВЫЙ_НИК`",
    "err.undo_nothing": "игра {game}: ещё ничего не применено, отменять нечего",
    "err.render_not_applied.night": "ночь {n} игры {game} ещё не разобрана (сейчас {current}); примените её командой "
                                    "`{command}`, затем выводите пост",
    "err.render_not_applied.day": "день {n} игры {game} ещё не закрыт (сейчас {current}); примените его командой "
                                  "`{command}`, затем выводите пост",
}
