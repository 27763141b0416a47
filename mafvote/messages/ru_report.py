"""The `ru` catalogue's texts of one area: the count's and the report's notes: a hidden result, `day close`'s notes,
`tally --format text`, the GM report's notes on names, a step refused after the game's end. The same keys as
`en_report`."""
from __future__ import annotations

MESSAGES: dict[str, str] = {
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
    "over": "игра {game} окончена: {winner}, с шага {step}; {what}. Если этот шаг внесён по ошибке, {undo}, "
            "и игра продолжится",
    "over.undo": "`mafvote undo` отменит его",
    "over.undo_n": "`mafvote undo` {times:раз|раза|раз} подряд отменит его (и {after:шаг|шага|шагов} после "
                   "него)",
    "over.night_add": "действия ночи {night} не принимаются",
    "over.night_resolve": "ночь {night} не разобрать",
    "over.day_close": "день {day} не закрыть",
}
