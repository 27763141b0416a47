"""`[alerts] language = "ru"`: every alert text in Russian for Russian-speaking GMs, built from the tally's
facts (never by translating its English sentences), numbers agreeing with their nouns (mafvote.grammar),
keys and kinds the same in every language, English unchanged by default."""
from __future__ import annotations

import copy
import json
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import httpx
import pytest

from mafvote_tally import FLAG_KINDS
from mafvote import alert_texts
from mafvote.alert_rules import (CrawlHealth, count_lines, crawl_alerts, day_alerts, deadline_alerts,
                                 early_close_alerts, flag_alerts, flag_text, gm_report_data, silent_alerts)
from mafvote.alerts import Alert, EmailChannel, channels_from_config
from mafvote.config import ConfigError, load_config
from support.config import game_config
from support.count import PLAYERS, at, blue, count, post, red

DATA = Path(__file__).parents[1] / "data" / "alerts_language"
TALLY = json.loads((DATA / "tally_day3_gm.json").read_text(encoding="utf-8"))
DEADLINE = datetime(2026, 12, 30, 19, 0, tzinfo=timezone.utc)      # 22:00 Moscow
OFFSETS = [timedelta(minutes=60), timedelta(minutes=15)]
MSK = ZoneInfo("Europe/Moscow")
POST = "https://forum.example.org/showthread.php?pid={post_id}#pid{post_id}"
THREAD = "https://forum.example.org/showthread.php?tid=2"
REPO = Path(__file__).resolve().parents[2]


def ru_deadline(now, tally=TALLY, **kw):
    return deadline_alerts("ny", tally, deadline=DEADLINE, now=now, before_deadline=OFFSETS, thread_url=THREAD,
                           tz=MSK, language="ru", **kw)


def by_key(alerts):
    return {a.key: a for a in alerts}


# ------------------------------------------------------------------------------- deadline_soon, deadline

def test_deadline_soon_in_russian_names_the_tie_the_non_voters_and_the_count():
    [alert] = ru_deadline(DEADLINE - timedelta(minutes=59, seconds=30))
    assert (alert.kind, alert.key, alert.phase) == ("deadline_soon", "deadline_soon:day3:60m", "day3")
    assert alert.text.splitlines() == [
        "День 3 закрывается через 1 час (30.12 22:00 МСК)",
        "Ничья на первом месте (3 голоса): Лайм, Ронин",
        "Не проголосовали (1): Петя",
        "Лайм — 3 голоса (Ронин, Соня, Енох)",
        "Ронин — 3 голоса (Лайм, Маша, Коля)",
        "Соня — 1 голос (Петя ×0)",        # Петя is silenced: his vote weighs 0 (the GM view)
    ]


@pytest.mark.parametrize("left, words", [
    (timedelta(minutes=1), "через 1 минуту"),
    (timedelta(minutes=2), "через 2 минуты"),
    (timedelta(minutes=5), "через 5 минут"),
    (timedelta(minutes=11), "через 11 минут"),
    (timedelta(minutes=15), "через 15 минут"),
    (timedelta(minutes=21), "через 21 минуту"),
    (timedelta(minutes=22), "через 22 минуты"),
    # a whole hour or day is said as GMs say it, not in minutes
    (timedelta(minutes=60), "через 1 час"),
    (timedelta(minutes=90), "через 1 час 30 минут"),
    (timedelta(minutes=120), "через 2 часа"),
    (timedelta(minutes=300), "через 5 часов"),
    (timedelta(days=1), "через сутки"),
    (timedelta(days=2), "через 2 суток"),
])
def test_minutes_left_agree_with_the_number(left, words):
    offsets = [left + timedelta(minutes=10)]
    [alert] = deadline_alerts("ny", TALLY, deadline=DEADLINE, now=DEADLINE - left, before_deadline=offsets,
                              tz=MSK, language="ru")
    assert alert.text.splitlines()[0] == f"День 3 закрывается {words} (30.12 22:00 МСК)"


@pytest.mark.parametrize("total, votes", [(1, "1 голос"), (2, "2 голоса"), (5, "5 голосов"),
                                          (11, "11 голосов"), (21, "21 голос"), (22, "22 голоса")])
def test_vote_totals_agree_with_the_number(total, votes):
    tally = copy.deepcopy(TALLY)
    tally["candidates"] = [dict(tally["candidates"][0], total=total)]
    assert count_lines(tally, language="ru") == [f"Лайм — {votes} (Ронин, Соня, Енох)"]
    [alert] = ru_deadline(DEADLINE - timedelta(minutes=14), tally)
    assert f"Лидер: Лайм ({votes})" in alert.text.splitlines()


def test_a_blue_vote_and_a_penalty_in_russian():
    tally = copy.deepcopy(TALLY)
    tally["candidates"] = [{"player": "Петя", "total": 2, "red": 1, "blue": 1, "penalty": 2, "voters": [
        {"voter": "Соня", "color": "red", "weight": 1}, {"voter": "Вася", "color": "blue", "weight": 1}]}]
    # the parts add up as written: 1 against − 1 in defence + the penalty 2
    assert count_lines(tally, language="ru") == ["Петя — итого 2: против +1 (Соня), в защиту −1 (Вася), штраф +2"]
    assert count_lines(tally) == count_lines(tally, language="ru")     # Russian is the default
    assert count_lines(tally, language="en") == ["Петя — total 2: red +1 (Соня), blue -1 (Вася), penalty +2"]


def test_deadline_in_russian_carries_the_final_count_the_result_and_the_day_post():
    post_text = "[b]Итоги дня 3[/b]\nНичья: Лайм и Ронин. Никто не покидает игру."
    [alert] = ru_deadline(DEADLINE + timedelta(seconds=5), day_post=post_text)
    assert (alert.kind, alert.key, alert.time) == ("deadline", "deadline:day3", DEADLINE)
    assert alert.text == "\n".join([
        "День 3: время голосования истекло (30.12 22:00 МСК) — итоговый подсчёт (для ведущего):",
        "Лайм — 3 голоса (Ронин, Соня, Енох)",
        "Ронин — 3 голоса (Лайм, Маша, Коля)",
        "Соня — 1 голос (Петя ×0)",        # Петя is silenced: his vote weighs 0 (the GM view)
        "Ничья на первом месте (3 голоса): Лайм, Ронин",
        "Не проголосовали (1): Петя",
        "Итог: никто (ничья)",
        "",
        "Предлагаемый пост итогов дня:",
        post_text,
    ])


@pytest.mark.parametrize("reason, eliminated, line", [
    ("plurality", ["Лайм"], "Итог: Лайм (большинство)"),
    ("tie_forgiven", [], "Итог: никто (ничья, первая за игру: не вешается никто)"),
    ("tie_all", ["Лайм", "Ронин"], "Итог: Лайм, Ронин (ничья: вешаются все, набравшие поровну)"),
    ("alibi", [], "Итог: никто (отмаза)"),
    ("unhangable", [], "Итог: никто (повесить нельзя)"),
    ("protected", [], "Итог: никто (защита от казни)"),
    ("no_votes", [], "Итог: никто (нет голосов против)"),
    ("modkill", ["Петя"], "Итог: Петя (модкилл)"),
])
def test_every_result_reason_in_russian(reason, eliminated, line):
    tally = copy.deepcopy(TALLY)
    tally["outcome"].update(reason=reason, eliminated=eliminated)
    [alert] = ru_deadline(DEADLINE + timedelta(minutes=1), tally)
    assert line in alert.text.splitlines()


def test_a_day_closed_early_and_nobody_left_to_vote_in_russian():
    tally = copy.deepcopy(TALLY)
    tally.update(closed=True, closed_early="2026-12-30T16:05:00+00:00", not_voted=[],
                 candidates=[dict(c, total=0) for c in tally["candidates"]])
    [alert] = ru_deadline(DEADLINE - timedelta(hours=2), tally)
    lines = alert.text.splitlines()
    assert lines[0] == "День 3 закрыт досрочно в 30.12 19:05 МСК — итоговый подсчёт (для ведущего):"
    assert "Ни у кого нет голосов против" in lines and "Проголосовали все" in lines


def test_a_zone_is_shown_relative_to_moscow_as_russian_forums_write_it():
    [alert] = deadline_alerts("ny", TALLY, deadline=DEADLINE, now=DEADLINE - timedelta(minutes=15),
                              before_deadline=OFFSETS, tz=ZoneInfo("Asia/Yekaterinburg"), language="ru")
    assert alert.text.splitlines()[0] == "День 3 закрывается через 15 минут (31.12 00:00 МСК+2)"


# ------------------------------------------------------------------------------- the tally's alerts

def _final(n):
    return [post(v, f"12:{i:02d}", red("Соня" if v != "Соня" else "Петя") + " досрочно")
            for i, v in enumerate(PLAYERS[:n])]


@pytest.mark.parametrize("posts, rules, text", [
    (_final(6), {"early_close_from_day": 1, "early_close": "auto"},
     "День 1: все, кто должен голосовать, проголосовали досрочно (голоса окончательные); день закрывается сейчас"),
    (_final(6), {"early_close_from_day": 1, "early_close": "gm"},
     "День 1: все, кто должен голосовать, проголосовали досрочно (голоса окончательные); закройте день "
     "командой `mafvote day close`, если никто не отозвал согласие"),
    (_final(4), {"early_close_from_day": 1, "early_close": "auto", "early_close_majority_alert": True},
     "День 1: досрочно 4 голоса из 6 — большинство; ведущий может закрыть день"),
])
def test_rule_3_11_early_close_alerts_in_russian(posts, rules, text):
    t = count(posts, rules=rules, as_of=at("14:00"))
    [alert] = early_close_alerts("ny", t, language="ru")
    assert (alert.kind, alert.text) == ("early_close", text)


def test_rule_3_13_silent_player_in_russian_with_the_hours_agreeing():
    posts = [post("Соня", "10:00", red("Петя"), day=1), post("Петя", "20:00", "тут", day=1),
             post("Вася", "09:00", red("Петя"), day=2)]
    t = count(posts, alive=("Соня", "Петя", "Вася"), start=at("09:00", 1), deadline=at("22:00", 2),
              as_of=at("10:30", 2))
    [alert] = silent_alerts("ny", t, now=at("10:30", 2), tz=MSK, language="ru")
    assert (alert.key, alert.text) == (
        "silent_player:day1:Соня", "День 1: Соня ничего не пишет уже 24 часа (с 01.01 10:00 МСК): кандидат на замену")
    [fixture] = silent_alerts("ny", TALLY, now=DEADLINE, tz=MSK, language="ru")
    assert fixture.text == "День 3: Петя ничего не пишет уже 45 часов (с 28.12 23:55 МСК): кандидат на замену"


def test_rule_3_6_modkill_candidate_in_russian():
    posts = [post(p, "10:00", red("Соня" if p != "Соня" else "Петя")) for p in PLAYERS if p != "Вася"]
    t = count(posts, rules={"penalty": "fixed"}, misses_so_far={"Вася": 1})
    [alert] = [a for a in flag_alerts("ny", t, now=at("22:00"), language="ru") if a.kind == "modkill_candidate"]
    assert (alert.key, alert.text) == (
        "modkill_candidate:day1:Вася",
        "День 1: Вася — 2 пропуска за игру (голосования и ночные действия): по правилам модкилл (или замена)")


@pytest.mark.parametrize("posts_written, words", [(1, "1 пост"), (2, "2 поста")])
def test_rule_3_13_under_active_in_russian_before_the_night_deadline(posts_written, words):
    posts = [post("Соня", f"1{i}:00", red("Петя") if i == 0 else "ещё") for i in range(posts_written)]
    t = count(posts, rules={"min_posts_for_night_action": 3}, alive=("Соня", "Петя"), players=("Соня", "Петя"))
    night = datetime(2027, 1, 1, 22, 30, tzinfo=MSK)
    alerts = by_key(flag_alerts("ny", t, now=at("22:05"), night_deadline=night, tz=MSK, language="ru"))
    assert alerts["under_active:day1:Соня"].text == (
        f"День 1: Соня — {words} за день (нужно не меньше 3): следующее ночное действие не принимается "
        "(до дедлайна ночи 01.01 22:30 МСК)")
    assert alerts["under_active:day1:Петя"].text.startswith("День 1: Петя — 0 постов за день")
    assert flag_alerts("ny", t, now=night, night_deadline=night, language="ru") == []


# ------------------------------------------------------------------------------- vote flags

PLAYERS_SON = ("Соня", "Сонька", "Петя", "Вася")


def _ru_flags(t):
    """{kind: (label, text)} of every flag of a real count, in Russian."""
    return {f["kind"]: flag_text(f, t, tz=MSK, language="ru") for f in t.to_json()["flags"]}


def test_a_dead_players_vote_reaches_the_gm_once_as_an_alert_with_its_post():
    # issue 15.10: the flag was shown in the count, but no alert told the GM
    t = count([post("Петя", "10:00", red("Вася")), post("Алукард", "10:30", red("Петя"), pid=777)],
              alive=PLAYERS[:5], as_of=at("11:00"))
    alerts = [a for a in flag_alerts("ny", t, now=at("11:00"), post_url=POST, tz=MSK) if "dead_voter" in a.key]
    assert [(a.kind, a.key, a.post_url, a.text) for a in alerts] == [
        ("vote_flag", "vote_flag:post777:dead_voter", POST.format(post_id=777),
         "День 1, голос выбывшего: Алукард: игрок сегодня не в игре; голос не засчитан")]
    # the next crawl sees the same post: the same key, which the alert log sends once
    later = count([post("Петя", "10:00", red("Вася")), post("Алукард", "10:30", red("Петя"), pid=777),
                   post("Соня", "12:00", red("Вася"))], alive=PLAYERS[:5], as_of=at("12:30"))
    assert [a.key for a in flag_alerts("ny", later, now=at("12:30"), post_url=POST, tz=MSK)
            if "dead_voter" in a.key] == ["vote_flag:post777:dead_voter"]


@pytest.mark.parametrize("make, kind, label, text", [
    (lambda: count([post("Петя", "10:00", red("Вася")), post("Петя", "11:00", red("Сон"))],
                   players=PLAYERS_SON, alive=PLAYERS_SON),
     "ambiguous_name", "неоднозначное имя",
     "«Сон» может означать Соня или Сонька: голос не засчитан (в силе прежний голос игрока); решите, кого имели в виду"),
    (lambda: count([post("Соня", "10:00", red("Петя") + " и ещё " + red("Вася") + "<br>" + blue("Ronin"))]),
     "multiple_votes", "несколько голосов",
     "несколько голосов в одном посте: Петя (красным), Вася (красным), Ronin (синим); засчитывается последний "
     "действительный"),
    (lambda: count([post("Соня", "10:00", red("Соня"))]),
     "self_vote", "голос за себя", "подан красным; не засчитан"),
    (lambda: count([post("Петя", "10:00", red("Алукард"))], alive=PLAYERS[:5]),
     "unknown_target", "голос за выбывшего ранее", "голос не засчитан: Алукард сегодня не в игре"),
    (lambda: count([post("Алукард", "10:00", red("Петя"))], alive=PLAYERS[:5]),
     "dead_voter", "голос выбывшего", "игрок сегодня не в игре; голос не засчитан"),
    (lambda: count([post("Соня", "10:00", red("Петя"),
                         versions=((at("10:01"), red("Петя")), (at("10:30"), red("Вася"))))]),
     "edited", "пост изменён",
     "пост изменён в 01.01 10:30 МСК; засчитан голос в первой увиденной версии (правка изменила голоса: "
     "теперь Вася (красным))"),
    (lambda: count([post("Соня", "09:00", red("Вася")),
                    post("Соня", "10:00", red("Петя"), edited=True, edited_at=at("10:05"))],
                   rules={"edited_vote": "void"}),
     "edited", "пост изменён",
     "пост изменён в 01.01 10:05 МСК: голос в изменённом посте недействителен (игрок не проголосовал, если "
     "позже нет голоса без правки)"),
    (lambda: count([post("Соня", "10:00", red("Петя"), deleted=True)]),
     "edited", "пост изменён", "пост удалён; засчитан голос в первой увиденной версии"),
    (lambda: count([post("Соня", "10:00", red("Петя") + " досрочно", pid=901), post("Соня", "11:00", red("Вася"))],
                   rules={"early_close_from_day": 1}),
     "changed_final_vote", "смена окончательного голоса",
     "окончательный голос — Петя (красным), досрочно в посте 901; смена на Вася (красным) не учтена"),
    (lambda: count([post("Соня", "10:00", red("Вася")),
                    post("Соня", "11:00", '<span style="color: #00FF00">Петя</span>')]),
     "unrecognised_colour", "непонятный цвет",
     "Имя «Петя» написано другим цветом (не красным и не синим); не засчитано как голос"),
    (lambda: count([post("Соня", "10:00", red("Вася")), post("Соня", "22:01", red("Петя"))]),
     "late", "голос после закрытия",
     "голос подан в 01.01 22:01 МСК, когда день уже закрыт (01.01 22:00 МСК); не засчитан"),
])
def test_each_flag_kind_has_a_russian_wording_from_the_tallys_facts(make, kind, label, text):
    assert _ru_flags(make())[kind] == (label, text)


def test_vote_flag_alerts_in_russian_keep_their_keys_and_links():
    alerts = by_key(flag_alerts("ny", TALLY, now=DEADLINE, post_url=POST, tz=MSK, language="ru"))
    assert set(alerts) == {"vote_flag:post5007:edited", "vote_flag:post5012:ambiguous_name",
                           "modkill_candidate:day3:Петя"}
    assert alerts["vote_flag:post5012:ambiguous_name"].text == (
        "День 3, неоднозначное имя: Маша: «Ро» может означать Ронин или Роза: голос не засчитан (в силе прежний голос игрока); решите, кого имели в виду")
    assert alerts["vote_flag:post5007:edited"].text == (
        "День 3, пост изменён: Соня: пост изменён в 30.12 13:05 МСК; засчитан голос в первой увиденной версии "
        "(правка изменила голоса: теперь Ронин (красным))")
    assert alerts["vote_flag:post5012:ambiguous_name"].post_url == POST.format(post_id=5012)
    assert alerts["vote_flag:post5012:ambiguous_name"].kind == "vote_flag"


def test_unknown_name_and_flags_without_facts_get_the_short_russian_wording():
    flag = {"kind": "unknown_target", "player": "Вася", "post_id": 77, "detail": "'Гоша' is not a player",
            "data": {"written": "Гоша"}}
    assert flag_text(flag, language="ru") == ("неизвестное имя",
                                              "«Гоша»: такого игрока нет в списке; решите, кого имели в виду")
    # the GM report's line: one dash, after the post (issue 14: «пост 35 — «Гафф» — такого игрока нет»)
    report = gm_report_data({"tally": {"view": "gm", "day": 1, "flags": [flag]}}, language="ru")
    assert report["tally"]["flags"][0]["line"] == ("неизвестное имя: Вася, пост 77 — «Гоша»: такого игрока нет в "
                                                   "списке; решите, кого имели в виду")
    # a tally JSON written before the facts were recorded (tests/data/alerts/): no English leaks through
    old = json.loads((Path(__file__).parents[1] / "data" / "alerts" / "tally_day3_gm.json").read_text(encoding="utf-8"))
    alerts = by_key(day_alerts("ny", old, now=DEADLINE - timedelta(hours=3), deadline=DEADLINE,
                               before_deadline=OFFSETS, tz=MSK, language="ru"))
    assert alerts["vote_flag:post5007:edited"].text == (
        "День 3, пост изменён: Соня: пост с голосом изменён или удалён; проверьте правку")
    assert alerts["early_close_majority:day3"].text == (
        "День 3: большинство голосов окончательные (досрочно); ведущий может закрыть день")
    assert alerts["silent_player:day3:Петя"].text == "День 3: Петя давно ничего не пишет: кандидат на замену"
    # the number of misses is in the tally's `misses` even without the flag's facts
    assert alerts["modkill_candidate:day3:Петя"].text.startswith("День 3: Петя — 2 пропуска за игру")
    assert not any(word in a.text for a in alerts.values() for word in ("edited", "matches", "Day", "has written"))


def test_every_flag_kind_of_the_tally_has_a_russian_label_and_wording():
    for kind in FLAG_KINDS:
        for key in (f"flag.{kind}", f"flag.{kind}.label", f"flag.{kind}~"):
            assert alert_texts.TABLES["ru"][key] != alert_texts.TABLES["en"][key], key
    assert set(alert_texts.TABLES["ru"]) == set(alert_texts.TABLES["en"])


# ------------------------------------------------------------------------------- crawl_failing

def test_crawl_failing_in_russian_with_the_failures_agreeing():
    first = datetime(2026, 12, 30, 12, 0, tzinfo=timezone.utc)
    texts = {}
    for n in (3, 5, 21, 22):
        health = CrawlHealth(topic="vote", failures_in_a_row=n, first_failure_at=first,
                             last_error="HTTP 503 from forum.example.org", url=THREAD)
        [alert] = crawl_alerts("ny", health, now=first + timedelta(minutes=10), phase="day3", tz=MSK, language="ru")
        assert alert.key == "crawl_failing:vote:2026-12-30T12:00:00+00:00"
        texts[n] = alert.text
    assert texts[3] == (f"Чтение {THREAD} не удалось 3 раза подряд, начиная с 30.12 15:00 МСК: форум отвечает "
                        "ошибкой сервера (HTTP 503). Подсчёт голосов не актуален; проверьте форум и сеть\n"
                        "Ошибка: ошибка, записанная прежней версией mafvote: `HTTP 503 from forum.example.org`")
    assert "не удалось 5 раз подряд" in texts[5]
    assert "не удалось 21 раз подряд" in texts[21]
    assert "не удалось 22 раза подряд" in texts[22]


def test_layout_not_recognised_in_russian():
    first = datetime(2026, 12, 30, 12, 0, tzinfo=timezone.utc)
    health = CrawlHealth(topic="vote", failures_in_a_row=1, first_failure_at=first, layout_unrecognised=True,
                         last_error="no posts found on page 4", url=THREAD)
    [alert] = crawl_alerts("ny", health, now=first, phase="day3", language="ru")
    assert alert.key == "crawl_failing:layout:vote:2026-12-30T12:00:00+00:00"
    assert alert.text == (f"Разметка страницы {THREAD} не распознана. Возможно, форум сменил оформление; "
                          "проверьте `forums[].engine` или пришлите эту страницу разработчикам\n"
                          "Ошибка: ошибка, записанная прежней версией mafvote: `no posts found on page 4`")


# ------------------------------------------------------------------------------- the same keys in every language

@pytest.mark.parametrize("minutes_left", [180, 59, 14, 0, -30])
def test_keys_kinds_times_and_links_are_the_same_in_both_languages(minutes_left):
    def alerts(language):
        return [(a.key, a.kind, a.time, a.phase, a.post_url) for a in day_alerts(
            "ny", TALLY, now=DEADLINE - timedelta(minutes=minutes_left), deadline=DEADLINE, before_deadline=OFFSETS,
            post_url=POST, thread_url=THREAD, tz=MSK, night_deadline=DEADLINE + timedelta(hours=1),
            language=language)]
    assert alerts("ru") == alerts("en")
    assert alerts("ru")      # every moment has something to alert


def test_crawl_keys_are_the_same_in_both_languages():
    first = datetime(2026, 12, 30, 12, 0, tzinfo=timezone.utc)
    for layout in (False, True):
        health = CrawlHealth(topic="vote", failures_in_a_row=4, first_failure_at=first, layout_unrecognised=layout)
        en, ru = (crawl_alerts("ny", health, now=first, phase="day3", language=lang) for lang in ("en", "ru"))
        assert [a.key for a in en] == [a.key for a in ru] and len(en) == 1


def test_russian_is_the_default_and_english_is_unchanged():
    now = DEADLINE - timedelta(minutes=59, seconds=30)
    default = day_alerts("ny", TALLY, now=now, deadline=DEADLINE, before_deadline=OFFSETS, tz=MSK)
    assert default == day_alerts("ny", TALLY, now=now, deadline=DEADLINE, before_deadline=OFFSETS, tz=MSK,
                                 language="ru")
    english = day_alerts("ny", TALLY, now=now, deadline=DEADLINE, before_deadline=OFFSETS, tz=MSK, language="en")
    texts = {a.key: a.text for a in english}
    assert texts["deadline_soon:day3:60m"].splitlines()[0] == "Day 3 closes in 60 min (30.12 22:00 Europe/Moscow)"
    assert texts["vote_flag:post5012:ambiguous_name"] == "Day 3, ambiguous_name: Маша: 'Ро' could be: Ронин, Роза; not guessed"
    assert texts["early_close_majority:day3"] == (
        "Day 3: 4 of 7 votes are final (досрочно): the majority; the GM may close the day")


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError, match="language 'fr' is not one of en, ru"):
        deadline_alerts("ny", TALLY, deadline=DEADLINE, now=DEADLINE, before_deadline=OFFSETS, language="fr")


# ------------------------------------------------------------------------------- the e-mail subject, the webhook

def _alert(text="День 3 закрывается через 1 час (30.12 22:00 МСК)\nНе проголосовали (1): Петя", phase="day3"):
    return Alert(game="ny", kind="deadline_soon", text=text, time=DEADLINE, phase=phase, post_url=THREAD,
                 key="deadline_soon:day3:60m")


def test_email_subject_in_russian_names_the_phase_in_russian():
    channel = EmailChannel(host="127.0.0.1", port=25, starttls=False, sender="m@example.org", to=["gm@example.org"],
                           language="ru")
    message = channel.build(_alert())
    # the first line names the day already: the subject does not say it twice
    assert message["Subject"] == "[mafvote ny] День 3 закрывается через 1 час (30.12 22:00 МСК)"
    assert message["X-Mafvote-Key"] == "ny/deadline_soon:day3:60m"
    assert _alert(phase="night2").subject_in("ru") == (
        "[mafvote ny] ночь 2: День 3 закрывается через 1 час (30.12 22:00 МСК)")
    assert _alert(text="Чтение темы не удалось 3 раза подряд").subject_in("ru") == (
        "[mafvote ny] день 3: Чтение темы не удалось 3 раза подряд")
    assert _alert().subject == "[mafvote ny] День 3 закрывается через 1 час (30.12 22:00 МСК)"
    assert _alert().subject_in("en") == "[mafvote ny] day3: День 3 закрывается через 1 час (30.12 22:00 МСК)"


def test_webhook_payload_keeps_its_keys_and_the_english_kind():
    [alert] = ru_deadline(DEADLINE - timedelta(minutes=10))
    payload = alert.payload()
    assert set(payload) == {"game", "kind", "text", "time", "phase", "post_url"}
    assert (payload["kind"], payload["phase"]) == ("deadline_soon", "day3")
    assert payload["text"].startswith("День 3 закрывается через 10 минут")


# ------------------------------------------------------------------------------- the config

def _config(tmp_path, language=None):
    """The game ny on the forum hyper with e-mail alerts, `[alerts] language` as given (None: no such line; it is
    line 25, which the error test names)."""
    path = tmp_path / "config.toml"
    path.write_text(game_config("https://forum.example.org/", store=None, forum={"id": "hyper"}, game={"id": "ny"},
                                alerts={"before_deadline": ["60m", "15m"], "channels": ["email"], "language": language,
                                        "email": {"host": "127.0.0.1", "port": 2525, "starttls": False,
                                                  "sender": "m@example.org", "to": ["gm@example.org"]}}),
                    encoding="utf-8")
    return path


def test_config_language_defaults_to_russian_and_reaches_the_email_channel(tmp_path):
    assert load_config(_config(tmp_path)).alerts.language == "ru"
    assert load_config(_config(tmp_path, "en")).alerts.language == "en"
    config = load_config(_config(tmp_path, "ru"))
    assert config.alerts.language == "ru"
    with httpx.Client() as client:
        email = channels_from_config(config.alerts, client=client, environ={})["email"]
    assert email.build(_alert(phase="night2"))["Subject"].startswith("[mafvote ny] ночь 2: ")


def test_config_unknown_language_is_an_error_naming_the_line(tmp_path):
    path = _config(tmp_path, "fr")
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    assert str(caught.value) == (f'{path}: строка 25: alerts.language: "fr" — не одно из: en, ru '
                                 '(подсказка: mafvote говорит по-русски и по-английски: `language = "ru"` или `"en"`)')


def test_config_near_miss_language_gets_a_did_you_mean(tmp_path):
    with pytest.raises(ConfigError, match=r'alerts.language: "RU" — не одно из: en, ru \(подсказка: может быть, `ru`\?\)'):
        load_config(_config(tmp_path, "RU"))


def test_the_documented_example_config_mentions_the_language_key():
    text = (REPO / "config.toml").read_text(encoding="utf-8")
    assert '# language = "en"' in text and '"ru" (the default)' in text.split('# language = "en"')[1].splitlines()[0]
