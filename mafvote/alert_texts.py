"""The wording of every alert to the GM, one table per language (`[alerts] language`, "en" or "ru").

    alert_rules.*(..., language)  ──> phrase(language, key, **facts) ──> the table's template, filled
    EmailChannel(language)        ──> subject(language, game, phase, text, kind)

A table maps a key to a `str.format` template. The facts are plain values; a whole number is formatted
by its format spec, so agreement with the number lives in the template, not in code:

    "{total}"                       3                     (English: no noun after the number)
    "{total:голос}"                 1 голос, 2 голоса, 5 голосов, 21 голос  (mafvote.grammar.numeral)
    "{minutes:минуту|минуты|минут}"  the forms given, for a case other than the nominative ("через 1 минуту")

English keeps the sentences the tally writes (`detail`), so its texts are those of earlier versions
(GMs' scripts match them). Russian builds each text from the facts the tally records beside the sentence
(`Flag.data`, `Alert.data`), never by translating it. A key ending in `~` is the fallback used when
a fact is missing (a tally JSON written before the facts were recorded): a shorter text that needs
only the player and the day.

Both tables have exactly the same keys (checked on import), so a wording cannot exist in one language
only. Keys for flags are `flag.<kind>` (+ `.label`, `~`), one per flag kind of INTERFACE.md.

The GM report (`render ... --gm`, through `alert_rules.gm_report_data`) words its flags and alerts from the
same keys, plus `report.*` (its line around them) and `cause.*` (a cause of death the resolver records).
"""
from __future__ import annotations

from datetime import datetime, tzinfo
from typing import Any, Mapping

from .grammar import numeral

__all__ = ["DEFAULT_LANGUAGE", "LANGUAGES", "TABLES", "at", "color", "has", "phase_label", "phrase", "reason",
           "subject"]

DEFAULT_LANGUAGE = "en"

# INTERFACE.md flag kinds (tally.FLAG_KINDS), and `proxy_vote` (alert_rules.JUDGMENT_FLAGS)
FLAG_KINDS = ("ambiguous_name", "multiple_votes", "self_vote", "unknown_target", "dead_voter", "edited",
              "changed_final_vote", "unrecognised_colour", "late", "modkill_candidate", "under_active",
              "proxy_vote", "not_a_vote", "early_post", "unknown_author", "target_removed")
# tally.Outcome reasons; `decision`: the GM's own `day close --eliminate` / `--nobody` replaced the count's result
# (mafvote/game.py); `undisclosed` is the public posts' (tally.format), never an alert's
REASONS = ("plurality", "tie", "tie_forgiven", "tie_all", "alibi", "unhangable", "protected", "no_votes",
           "modkill", "pending", "decision")

_EN_FLAGS: dict[str, str] = {}
for _kind in FLAG_KINDS:
    # English shows the flag as before: its kind identifier and the tally's sentence
    _EN_FLAGS[f"flag.{_kind}.label"] = _kind
    _EN_FLAGS[f"flag.{_kind}"] = "{detail}"
    _EN_FLAGS[f"flag.{_kind}~"] = "{detail}"
for _variant in ("flag.unknown_target.dead", "flag.edited.void", "flag.edited.first_seen", "flag.edited.after_close",
                 "flag.not_a_vote.plain", "flag.early_post.again", "flag.unknown_author.before_replacement",
                 "flag.unknown_author.replaced"):
    _EN_FLAGS[_variant] = "{detail}"
# a vote for a player already out of the game: English keeps the kind as its label (scripts match it); the
# tally's sentence says the player is not alive
_EN_FLAGS["flag.unknown_target.dead.label"] = "unknown_target"

EN: dict[str, str] = {
    "at": "{when} {zone}",
    "phase.day": "day{n}",
    "phase.night": "night{n}",
    "subject": "[mafvote {game}] {phase}: {first}",
    "nobody": "nobody",
    "or": "or",
    "color.red": "red",
    "color.blue": "blue",
    "vote": "{written} ({color})",
    # deadline_soon / deadline
    "soon": "Day {day} closes in {minutes} min ({at})",
    "deadline.closed_early": "Day {day} closed early at {at}",
    "deadline.reached": "Day {day} deadline reached ({at})",
    "deadline.final": "{head} — final count (GM view):",
    "deadline.result": "Result: {eliminated} ({reason})",
    "deadline.day_post": "Suggested day post:",
    "summary.tie": "Tie at the top ({total}): {names}",
    "summary.leader": "Leader: {names} ({total})",
    "summary.none": "Nobody has a positive total",
    # the leader (or some of the tied) saved from the hanging by the outcome "if the day closed now" (GM view)
    "summary.saved": " — not hanged: {reason}",
    "summary.saved_some": " — not hanged ({reason}): {names}",
    "soon.result": "Result if the day closed now: {eliminated} ({reason})",
    "summary.not_voted": "Not voted ({n}): {names}",
    "summary.all_voted": "Not voted (0): nobody",
    # a line whose votes are all red and without a penalty is its total and who voted; otherwise the total and
    # the parts it is made of, each part's voters after it, so the numbers add up as written
    "count.line": "{player} — {total}{voters}",
    "count.sum": "{player} — total {total}: {parts}",
    "count.red": "red +{n}{voters}",
    "count.blue": "blue -{n}{voters}",
    "count.penalty": "penalty +{penalty}",
    "count.voters": " ({voters})",
    **{f"reason.{r}": r for r in REASONS},
    "reason.decision": "the GM's decision",
    # the tally's alerts
    "early_close": "Day {day}: {detail}",
    "early_close~": "Day {day}: {detail}",
    "early_close.gm": "Day {day}: {detail}",
    "early_close_majority": "Day {day}: {detail}",
    "early_close_majority~": "Day {day}: {detail}",
    "silent_player": "Day {day}: {detail}",
    "silent_player~": "Day {day}: {detail}",
    # flags as alerts
    "modkill_candidate": "Day {day}: {text}",
    "under_active": "Day {day}: {text}{before}",
    "under_active.before": " (night deadline {night_iso})",
    "vote_flag": "Day {day}, {label}: {who}{text}",
    "vote_flag.who": "{player}: ",
    **_EN_FLAGS,
    "edit.deleted": "deleted",
    "edit.at": "edited at {at}",
    "edit.plain": "edited",
    "edit.before_seen": ", before mafvote first saw the post",
    "edit.reason": " (reason: «{reason}»)",
    "edit.change": " (the edit changed the votes: now {votes})",
    "edit.no_votes": "none",
    # the crawler
    # the GM report (`render ... --gm`, templates/_base/gm_report.j2): English lines as the report always wrote
    # them (the flag's kind and the tally's sentence; a cause of death as the resolver recorded it)
    "report.flag": "{kind}: {player_or_dash}{post}: {detail}",
    "report.post": ", пост {post_id}",
    "report.alert": "{kind}: {detail}",
    **{f"cause.{c}": "{cause}" for c in ("hanged", "modkill", "killed", "killed_boss", "role_shot",
                                         "wrong_role_shot", "bloody_kill", "bloody_visitor", "counter_strike",
                                         "guarding", "shahid")},
    # English quotes the crawler's own sentence in place (as before: scripts match it); the causes are for the
    # languages that cannot show that sentence as the message
    "crawl.error": ": {error}",
    "crawl.layout": "The page layout of {where} was not recognised{error}. The forum may have changed its "
                    "theme; check `forums[].engine` or report the page",
    "crawl.failing": "Crawling {where} failed {failures} times in a row since {stamp}{error}. The count is "
                     "not current; check the forum and the network",
    "publish.login": "The forum {forum} refused the bot's login as {user}: the count was not posted to the "
                     "forum. Check the account and its password (environment variable {env}){error}",
    **{f"crawl.cause.{c}": t for c, t in (
        ("timeout", ": the forum does not answer (timed out)"),
        ("refused", ": the forum's server refuses connections"),
        ("dns", ": the forum's address is not found (DNS)"),
        ("tls", ": the secure connection failed (certificate or TLS)"),
        ("connection", ": no connection to the forum"),
        ("not_found", ": the page is not found (HTTP {status})"),
        ("forbidden", ": access is denied (HTTP {status}); is the topic public to guests?"),
        ("rate_limited", ": the forum asks to wait (HTTP {status})"),
        ("server", ": the forum answers with a server error (HTTP {status})"),
        ("http", ": the forum answers HTTP {status}"))},
}

RU: dict[str, str] = {
    "at": "{when} {zone_abbr}",
    "phase.day": "день {n}",
    "phase.night": "ночь {n}",
    "subject": "[mafvote {game}] {phase}: {first}",
    "nobody": "никто",
    "or": "или",
    "color.red": "красным",
    "color.blue": "синим",
    "vote": "{written} ({color})",
    # deadline_soon / deadline
    "soon": "День {day} закрывается через {minutes:минуту|минуты|минут} ({at})",
    "deadline.closed_early": "День {day} закрыт досрочно в {at}",
    "deadline.reached": "День {day}: время голосования истекло ({at})",
    "deadline.final": "{head} — итоговый подсчёт (для ведущего):",
    "deadline.result": "Итог: {eliminated} ({reason})",
    "deadline.day_post": "Предлагаемый пост итогов дня:",
    "summary.tie": "Ничья на первом месте ({total:голос}): {names}",
    "summary.leader": "Лидер: {names} ({total:голос})",
    "summary.none": "Ни у кого нет голосов против",
    # «не вешается» agrees with any gender (the alerts do not know the players' genders)
    "summary.saved": " — не вешается: {reason}",
    "summary.saved_some": " — не вешается ({reason}): {names}",
    "soon.result": "Итог, если закрыть день сейчас: {eliminated} ({reason})",
    "summary.not_voted": "Не проголосовали ({n}): {names}",
    "summary.all_voted": "Проголосовали все",
    # «Ёжик — итого 1: в защиту −1 (Мари), штраф +2»: a penalty is no vote, and a blue vote takes one away
    "count.line": "{player} — {total:голос}{voters}",
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
                      "закройте день командой `mafvote day close`, если никто не отозвал согласие "
                      "(правило 5.1 игры 001)",
    "early_close~": "День {day}: все голоса окончательные (досрочно); проверьте, можно ли закрыть день",
    "early_close_majority": "День {day}: досрочно {final:голос} из {entitled} — большинство; ведущий может "
                            "закрыть день",
    "early_close_majority~": "День {day}: большинство голосов окончательные (досрочно); ведущий может "
                             "закрыть день",
    "silent_player": "День {day}: {player} ничего не пишет уже {hours:час} (с {since}): кандидат на замену",
    "silent_player~": "День {day}: {player} давно ничего не пишет: кандидат на замену",
    # flags as alerts
    "modkill_candidate": "День {day}: {player} — {text}",
    "under_active": "День {day}: {player} — {text}{before}",
    "under_active.before": " (до дедлайна ночи {night_at})",
    "vote_flag": "День {day}, {label}: {who}{text}",
    "vote_flag.who": "{player}: ",
    # one wording per flag kind (INTERFACE.md); `~`: without the tally's facts
    "flag.ambiguous_name.label": "неоднозначное имя",
    "flag.ambiguous_name": "«{written}» — это может быть {candidates}; не угадано, решите, кого имели в виду",
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
    "edit.no_votes": "голосов нет",
    "flag.changed_final_vote.label": "смена окончательного голоса",
    "flag.changed_final_vote": "окончательный голос — {final}, досрочно в посте {final_post}; смена на {new} "
                               "не учтена",
    "flag.changed_final_vote~": "попытка сменить окончательный (досрочный) голос; смена не учтена",
    "flag.unrecognised_colour.label": "непонятный цвет",
    # the tally's `hue` is its class name (`other`): not a word to show a Russian-speaking GM
    "flag.unrecognised_colour": "«{written}» написан другим цветом (не красным и не синим); не засчитан как голос",
    "flag.unrecognised_colour~": "имя написано цветом, который не красный и не синий; не засчитано как голос",
    "flag.late.label": "голос после закрытия",
    "flag.late": "голос в {time} подан не раньше закрытия дня ({close}); не засчитан",
    "flag.late~": "голос подан после закрытия дня; не засчитан",
    "flag.modkill_candidate.label": "кандидат на модкилл",
    "flag.modkill_candidate": "{misses:пропуск} за игру (голосования и ночные действия): по правилам модкилл "
                              "(или замена)",
    "flag.modkill_candidate~": "второй пропуск за игру (голосования и ночные действия): по правилам модкилл "
                               "(или замена)",
    "flag.under_active.label": "мало постов",
    "flag.under_active": "{posts:пост} за день (нужно не меньше {min}): следующее ночное действие не "
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
                                              "{time} не засчитан. Если {author} уже играл(а) за слот, отмените "
                                              "замену (`mafvote undo`) и внесите её снова с `--at`",
    "flag.unknown_author.replaced": "{author} заменён(а): с {at} за слот {slot} играет {by}; голос в {time} не "
                                    "засчитан",
    "flag.unknown_author~": "голос аккаунта, которого нет в списке игроков, среди замен и ведущих; не засчитан",
    # a vote for a player the GM modkilled later that day (tally/count.py): counted as cast, weighs nothing
    "flag.target_removed.label": "голос за выбывшего",
    "flag.target_removed": "{written} ({target}) выбыл(а) по модкиллу после этого голоса: голос учтён как поданный "
                           "(без штрафа), но ничего не весит; игрок может проголосовать заново",
    "flag.target_removed~": "цель голоса выбыла по модкиллу после голоса: без штрафа; можно проголосовать заново",
    "flag.proxy_vote.label": "голос через ведущего",
    "flag.proxy_vote": "голос за игрока подал ведущий; проверьте, что игрок его просил",
    "flag.proxy_vote~": "голос за игрока подал ведущий; проверьте, что игрок его просил",
    # the crawler
    # the GM report (`render ... --gm`): a flag as its alert words it, the alert as sent
    "report.flag": "{label}: {where} — {text}",
    "report.post": ", пост {post_id}",
    "report.alert": "{text}",
    # causes of death the resolver records (resolver/engine.py, resolver/day.py), in the GM report
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
    "crawl.failing": "Чтение {where} не удалось {failures:раз} подряд, начиная с {since}{cause}. Подсчёт "
                     "голосов не актуален; проверьте форум и сеть{error}",
    "publish.login": "Форум {forum} не пустил бота под именем {user}: подсчёт на форуме не опубликован. "
                     "Проверьте учётную запись и её пароль (переменная окружения {env}){error}",
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

TABLES: Mapping[str, Mapping[str, str]] = {"en": EN, "ru": RU}
LANGUAGES = tuple(TABLES)

# A wording in one language only would fall back to a KeyError in the other at the worst moment.
for _lang, _keys in TABLES.items():
    if set(_keys) != set(EN):
        raise RuntimeError(f"alert_texts: the {_lang!r} table differs from 'en' in "
                           f"{sorted(set(_keys) ^ set(EN))}")
del _lang, _keys, _kind, _variant


class _Count(int):
    """A whole number whose format spec is the noun that follows it (see the module docstring)."""

    def __format__(self, spec: str) -> str:
        if not spec:
            return str(int(self))
        if "|" in spec:
            one, few, many = spec.split("|")
            return numeral(int(self), one, (one, few, many))
        return numeral(int(self), spec)


def _table(language: str) -> Mapping[str, str]:
    try:
        return TABLES[language]
    except KeyError:
        raise ValueError(f"alert language {language!r} is not one of {', '.join(LANGUAGES)}") from None


def phrase(language: str, key: str, **facts: Any) -> str:
    """The table's template for `key`, filled with `facts`; when a fact is missing, the `key~` fallback."""
    table = _table(language)
    values = {k: _Count(v) if isinstance(v, int) and not isinstance(v, bool) else v for k, v in facts.items()}
    try:
        return table[key].format_map(values)
    except KeyError:
        if key + "~" in table:
            return table[key + "~"].format_map(values)
        raise


def has(language: str, key: str) -> bool:
    return key in _table(language)


def color(language: str, value: str) -> str:
    return _table(language).get(f"color.{value}", value)


def reason(language: str, value: str) -> str:
    """An outcome reason (`tie`) in words; a reason the table does not know is shown as it is."""
    return _table(language).get(f"reason.{value}", value)


def at(language: str, dt: datetime, tz: tzinfo | None) -> str:
    """`30.12 22:00 Europe/Moscow` (en, as before) or `30.12 22:00 MSK` (ru: the zone's abbreviation,
    `UTC+05` where the zone has none)."""
    local = dt.astimezone(tz) if tz is not None else dt
    abbr = local.tzname() or ""
    if abbr[:1] in "+-":
        abbr = "UTC" + abbr
    return phrase(language, "at", when=local.strftime("%d.%m %H:%M"),
                  zone=str(tz) if tz is not None else local.tzname(), zone_abbr=abbr)


def phase_label(language: str, phase: str) -> str:
    """`day3` -> `day3` / `день 3`; a phase key of another shape is shown as it is."""
    for kind in ("day", "night"):
        if phase.startswith(kind) and phase[len(kind):].isdigit():
            return phrase(language, f"phase.{kind}", n=phase[len(kind):])
    return phase


def subject(language: str, game: str, phase: str, text: str, kind: str) -> str:
    """The e-mail subject: the game, the phase and the alert's first line, at most 200 characters."""
    first = text.strip().splitlines()[0] if text.strip() else kind
    return phrase(language, "subject", game=game, phase=phase_label(language, phase), first=first)[:200]
