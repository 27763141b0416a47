"""The `ru` catalogue's texts of one area: the game commands (mafvote/cli/game.py), `state`, the steps of the history
and the refused game steps. The same keys as `en_game`."""
from __future__ import annotations

MESSAGES: dict[str, str] = {
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
    "cli.duty.missed": "Пропустили НД: {names}",
    "cli.duty.missed.none": "Пропустили НД: никто",
    "cli.duty.excused": "Освобождены от НД ведущим: {names}",
    "cli.duty.hint": "  штраф и пропуск на подсчёте дня {day}; если игрок предупредил ведущего: "
                     "`mafvote state excuse --player НИК --day {day} --night`",
    "cli.winner": "Игра окончена: {result}",
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
    "winner.side": "стороны «{side}»",
    "state.winner": "победа {side}",
    "state.winner.nobody": "победителей нет",
    # a step of the game's history (mafvote.game.AppliedPhase.describe)
    "step.resolve": "#{seq} разобрана {phase}{extra} (применено {at})",
    "step.close": "#{seq} закрыт {phase}{extra} (применено {at})",
    "step.modkill": "#{seq} модкилл, {phase}{extra} (применено {at})",
    "step.replace": "#{seq} замена, {phase}{extra} (применено {at})",
    "step.set": "#{seq} состояние задано вручную, {phase}{extra} (применено {at})",
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
    "err.unhangable": "--eliminate {nick}: роль «{role}» повесить нельзя никогда (так в правилах игры); чтобы всё же "
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
    "err.step_gone": "игра {game}: шаг {seq} журнала отменён, пока эта команда его читала (другой процесс mafvote); "
                     "повторите команду",
    "err.undo_nothing": "игра {game}: ещё ничего не применено, отменять нечего",
    "err.render_not_applied.night": "ночь {n} игры {game} ещё не разобрана (сейчас {current}); примените её командой "
                                    "`{command}`, затем выводите пост",
    "err.render_not_applied.day": "день {n} игры {game} ещё не закрыт (сейчас {current}); примените его командой "
                                  "`{command}`, затем выводите пост",
}
