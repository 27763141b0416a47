"""The `ru` catalogue's texts of one area: the night as `night resolve`, `day close` and `render --gm` print it: the
resolver's journal lines, the names of abilities and rolls, the causes of deaths and silences. The same keys as
`en_night`, counting the resolver's own words English takes for the journal, abilities and rolls
(messages/__init__.py)."""
from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- the resolver's night and journal, as `night resolve`, `day close` and `render --gm` print them
    # (mafvote.gm_text; resolver.journal keys). A nick stays in the nominative, so a line never needs its
    # case or gender: «убийство: Гафф — нападение (…), спасает лечение: РэдДи»
    "night.head": "Ночь {night}",
    "night.nothing_public": "(ничего публичного)",
    "night.hidden_vote_loss": "Тайно лишены голоса: {names}",
    "night.alibis": "Отмазаны на день: {names}",
    "night.saved": "Спасены: {names}",
    "night.private": "ЛС {to}: {text}",
    "night.private.head": "ЛС {to}:",
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
    "journal.day.protected": "{player}: от казни спасает {what}; защита израсходована",
    "journal.day.protected.killer_alibi": "отмаза убийцы Милларда",
    "journal.day.protected.hang_once": "разовая защита",
    "journal.day.protected.universal": "универсальная защита",
    "journal.day.hanged": "{player} — повешение ({role}){shahid}",
    "journal.day.hanged.shahid": "; повешенный шахид никого не забирает",
    "journal.death_order": "порядок гибели (только для ведущего; в посте погибшие идут в порядке списка игроков): "
                           "{deaths}",
    "journal.death_order.item": "{player} — {causes}",
    "journal.succession": "преемник: теперь босс — {boss}",
    # the roster the state is built from (resolver.state.new_game), read before every game command
    "journal.roster.nick_twice": "игра {game}: один ник дважды в составе",
    "journal.roster.item_unknown": "игра {game}: у игрока {nick} предмет «{item}», а в наборе правил «{ruleset}» его "
                                   "нет (предметы набора: {known})",
    # the resolver's refusals of a day's step (resolver.day, resolver.state); the CLI checks a typed name first,
    # these are what is left when a step still names a player the state does not have
    "journal.day.not_living": "день {day}: среди живых игроков игры {game} нет «{name}»; проверьте имя в "
                              "`day close --eliminate`",
    "journal.day.no_count": "день {day}: нет подсчёта голосов, по которому закрыть день; укажите, кого повесить "
                            "(`--eliminate НИК`), или `--nobody`",
    "journal.modkill.not_living": "модкилл: среди живых игроков игры {game} нет «{name}»; проверьте ник в "
                                  "`mafvote modkill --player`",
    "journal.replace.not_living": "замена: среди живых игроков игры {game} нет «{name}»; проверьте ник в "
                                  "`mafvote replace --player`",
    "journal.replace.same_name": "замена: «{by}» — то же имя, что у игрока {slot} игры {game} (регистр, ё/е, пробелы и "
                                 "знаки препинания не в счёт), и голоса двух игроков будет не различить; проверьте "
                                 "ник нового аккаунта так, как его показывает форум",
    "journal.replace.lookalike_name": "замена: «{by}» пишется так же, как ник игрока {slot} игры {game}, только "
                                      "латинскими буквами вместо похожих кириллических (или наоборот), и голоса "
                                      "двух игроков будет не различить; проверьте ник нового аккаунта так, как его "
                                      "показывает форум",
    "journal.misses.not_a_player": "пропуски: в игре {game} нет игрока «{name}»",
    "journal.state.no_player": "в игре {game} нет игрока «{name}»",
    # who missed the night action (resolver.duty), listed under «Пропустили НД»
    "journal.duty.missed": "ночное действие не прислано (доступно: {abilities})",
    "journal.duty.missed.blocked": "ночное действие не прислано (доступно: {abilities}); в ту ночь был блок ({by}), "
                                   "но прислать действие всё равно было нужно",
    "journal.duty.missed.excused": "ночное действие не прислано (доступно: {abilities}); ведущий освободил от штрафа",
    "journal.duty.missed.blocked.excused": "ночное действие не прислано (доступно: {abilities}); в ту ночь был блок "
                                           "({by}); ведущий освободил от штрафа",
    "journal.duty.shared": "{abilities}: общий ход стороны не прислан; штраф — на усмотрение ведущего",
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
    # a ruleset's ability identifiers (rulesets/*.toml `name`), as the GM reads them; one the catalogue does
    # not know (a GM's own ruleset) is shown as written
    **{f"ability.{k}": v for k, v in (
        ("kill", "убийство"), ("block", "блок"), ("check", "проверка"), ("heal", "лечение"),
        ("take", "отбор голоса"), ("shoot", "выстрел"), ("serum", "сыворотка"), ("question", "вопрос"),
        ("poison", "отравление"), ("kill_intimidate", "убийство с запугиванием"), ("intimidate", "запугивание"),
        ("alibi", "отмаза"), ("watch", "слежка"), ("truth", "«Правда дороже»"), ("strip", "обыск"),
        ("steal", "кража голоса"), ("slowdown", "замедление"), ("serum_vote", "сыворотка (голос)"),
        ("serum_night", "сыворотка (ночь)"), ("role_shot", "выстрел в роль"), ("revenge", "месть"),
        ("redirect", "перенаправление"), ("random_redirect", "случайное перенаправление"),
        ("protect", "защита"), ("mother", "поиск матери"), ("gift", "подарок голоса"), ("learn", "узнать"),
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
        ("shahid", "шахид {actor}"), ("silenced", "{actor}"), ("silenced_visit", "{actor} (визит блока)"), ("intimidated", "{actor} (запугивание)"))},
    # causes of a silence (resolver/night.py `add_silence`)
    "cause.silenced": "лишение голоса: {actor}",
    "cause.silenced_visit": "лишение голоса: визит блока ({actor})",
    "cause.intimidated": "запугивание: {actor}",
}
