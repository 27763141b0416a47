"""The GM report in the GM's language (`[alerts] language`), alert
count lines whose numbers add up as written, no English inside a Russian alert, one HTML document in the
published count file, and the account playing a replaced slot named in the alerts."""
from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from html.parser import HTMLParser
from zoneinfo import ZoneInfo

import pytest

from mafvote import alert_texts
from mafvote.alert_rules import (JUDGMENT_FLAGS, CrawlHealth, count_lines, crawl_alerts, day_alerts, deadline_alerts,
                                 death_cause, flag_alerts, flag_text, gm_report_data, silent_alerts)
from mafvote.publish import html_page, is_html_document, write_count_files
from mafvote.render import build_data, render
from mafvote_tally import FLAG_KINDS, Shield
from support.count import MSK, PLAYERS, at, blue, count, post, red
from support.daemon import DAEMON_CONFIG, Recorder, daemon_for, msk, write_daemon_config
from support.nights import load_ruleset

MOSCOW = ZoneInfo("Europe/Moscow")
PECULIAR = load_ruleset("peculiar")
THREAD = "http://127.0.0.1:42567/showthread.php?tid=2"


def green(name: str) -> str:
    return f'<span style="color: green;" class="mycode_color">{name}</span>'


# ------------------------------------------------------------------ the GM report in Russian

REPORT_PLAYERS = ("Ронин", "Нежка", "Любовь", "King Eciton")


def closed_day_1():
    """Day 1 closed at 22:00: Нежка votes for herself, Любовь writes a name in green, Ронин alone writes three
    posts (the rest are under the 3-post minimum), King Eciton has written nothing since the game began."""
    return count([post("Ронин", "10:00", red("Нежку"), pid=101), post("Нежка", "10:02", red("Нежка"), pid=102),
                  post("Любовь", "10:10", green("Ронин"), pid=106), post("Ронин", "11:00", "думаю", pid=110),
                  post("Ронин", "12:00", "всё ещё думаю", pid=111)],
                 players=REPORT_PLAYERS, alive=REPORT_PLAYERS, as_of=at("23:00"), closed_at=at("22:00"),
                 game_start=datetime(2026, 12, 31, 12, 0, tzinfo=MSK), rules={"min_posts_for_night_action": 3})


def report_data(language: str):
    outcome = {"day": 1, "deaths": [{"player": "Нежка", "role": "Доктор Голан", "side": "hollows", "revealed": True,
                                     "causes": ["hanged"]}]}
    game = {"id": "g", "title": "Тест", "players": [{"nick": "Ронин", "gender": "m"}, {"nick": "Нежка", "gender": "f"},
                                                   {"nick": "Любовь", "gender": "f"}, {"nick": "King Eciton"}]}
    data = build_data(outcome=outcome, tally=closed_day_1().to_json(), game=game, ruleset=PECULIAR, phase=1)
    return gm_report_data(data, language=language, tz=MOSCOW)


def section(text: str, title: str) -> list[str]:
    lines = text.splitlines()
    start = lines.index(title) + 1
    end = next((i for i in range(start, len(lines)) if not lines[i].startswith("- ")), len(lines))
    return lines[start:end]


def test_the_russian_gm_report_words_flags_sides_and_causes_in_russian():
    text = render("peculiar", "gm_report", report_data("ru"), fmt="text")
    assert section(text, "Выбыли") == [
        "- Нежка: Доктор Голан (пустота); роль открыта; причина: повешение"]
    assert section(text, "Голосование: требует решения") == [
        "- голос за себя: Нежка, пост 102 — подан красным; не засчитан",
        "- непонятный цвет: Любовь, пост 106 — Имя «Ронин» написано другим цветом (не красным и не синим); не "
        "засчитано как голос",
        "- мало постов: Нежка — 1 пост за день (нужно не меньше 3): следующее ночное действие не принимается",
        "- мало постов: Любовь — 1 пост за день (нужно не меньше 3): следующее ночное действие не принимается",
        "- мало постов: King Eciton — 0 постов за день (нужно не меньше 3): следующее ночное действие не принимается",
        "- День 1: King Eciton ничего не пишет уже 35 часов (с 31.12 12:00 МСК): кандидат на замену",
    ]
    # the notes below (render.gm_notes: genders and declension) are Russian too (tests/app/test_grammar_roles.py)
    flagged = text.split("Проверьте в постах")[0]
    assert not re.search(r"\b(posts|wrote|voted|hollows|hanged|colour|silent_player|under_active)\b", flagged)


def test_the_report_and_the_alerts_word_a_flag_from_one_table():
    # the report's line holds exactly the text the GM's alert sends for the same flag
    tally = closed_day_1().to_json()
    alerts = {a.key: a.text for a in flag_alerts("g", tally, now=at("22:30"), tz=MOSCOW, language="ru")}
    report = render("peculiar", "gm_report", report_data("ru"), fmt="text")
    colour = "Имя «Ронин» написано другим цветом (не красным и не синим); не засчитано как голос"
    assert alerts["vote_flag:post106:unrecognised_colour"] == f"День 1, непонятный цвет: Любовь: {colour}"
    assert f"- непонятный цвет: Любовь, пост 106 — {colour}" in report.splitlines()


def test_the_english_gm_report_keeps_its_lines_and_names_the_side():
    text = render("peculiar", "gm_report", report_data("en"), fmt="text")
    assert section(text, "Выбыли") == [
        "- Нежка: Доктор Голан (пустота); роль открыта; причина: hanged"]
    flags = section(text, "Голосование: требует решения")
    assert flags[0] == "- self_vote: Нежка, пост 102: Нежка voted for themselves (red); not counted"
    assert flags[2] == ("- under_active: Нежка: Нежка wrote 1 post today (fewer than 3): the next night action is "
                        "refused")
    assert flags[-1].startswith("- silent_player: King Eciton has written nothing for 35 h")


def test_a_report_without_the_language_pass_still_renders_as_before():
    # data that did not go through gm_report_data (another caller): the tally's sentences and the side's id
    outcome = {"day": 1, "deaths": [{"player": "Нежка", "role": "Доктор Голан", "side": "hollows", "revealed": True,
                                     "causes": ["hanged"]}]}
    data = build_data(outcome=outcome, tally=closed_day_1().to_json(), ruleset=PECULIAR, phase=1)
    text = render("peculiar", "gm_report", data, fmt="text")
    assert "- Нежка: Доктор Голан, сторона hollows; роль открыта; причина: hanged" in text.splitlines()
    assert "- self_vote: Нежка, пост 102: Нежка voted for themselves (red); not counted" in text.splitlines()


@pytest.mark.parametrize("cause, russian", [
    ("hanged", "повешение"),
    ("modkill", "модкилл"),
    ("killed by Ронин (boss)", "убийство: Ронин (босс)"),
    ("killed by Ронин (Маньяк)", "убийство: Ронин (Маньяк)"),
    ("role shot by Ронин", "выстрел в роль: Ронин"),
    ("wrong role shot by Ронин", "неверный выстрел в роль: Ронин"),
    ("bloody kill by Ронин", "кровавое убийство: Ронин"),
    ("visitor of Нежка, bloody kill by Ронин", "гость у Нежка при кровавом убийстве (Ронин)"),
    ("counter-strike by Нежка", "ответный удар: Нежка"),
    ("died guarding Нежка", "охрана (Нежка): погибает вместо подопечного"),
    ("taken by the shahid Ронин", "шахид Ронин забирает с собой"),
    ("struck by lightning", "struck by lightning"),        # a cause the table does not know: as recorded
])
def test_each_cause_of_death_the_resolver_records_in_russian(cause, russian):
    assert death_cause(cause, language="ru") == russian
    assert death_cause(cause, language="en") == cause


# ------------------------------------------------------------------ the count line adds up

def penalty_and_blue():
    """Ёжик did not vote (+2) and Мари defends him (−1): his total is 1; Ронин and Нежка vote each other."""
    players = ("Ёжик в тумане", "Мари", "Ронин", "Нежка")
    return count([post("Мари", "10:00", blue("Ёжик в тумане")), post("Ронин", "10:05", red("Нежку")),
                  post("Нежка", "10:10", red("Ронина"))], players=players, alive=players, as_of=at("23:00"),
                 closed_at=at("22:00"))


def test_a_penalty_minus_a_blue_vote_is_written_as_its_parts():
    tally = penalty_and_blue().to_json()
    assert count_lines(tally, language="ru") == [
        "Ёжик в тумане — итого 1: в защиту −1 (Мари), штраф +2",
        "Нежка — 1 голос (Ронин)",
        "Ронин — 1 голос (Нежка)",
    ]
    assert count_lines(tally, language="en") == [
        "Ёжик в тумане — total 1: blue -1 (Мари), penalty +2",
        "Нежка — 1 (Ронин)",
        "Ронин — 1 (Нежка)",
    ]


def test_the_deadline_alert_carries_the_line_that_adds_up():
    deadline = datetime(2027, 1, 1, 22, 0, tzinfo=MSK)
    [alert] = deadline_alerts("g", penalty_and_blue().to_json(), deadline=deadline, now=deadline + timedelta(minutes=1),
                              before_deadline=[], tz=MOSCOW, language="ru")
    assert "Ёжик в тумане — итого 1: в защиту −1 (Мари), штраф +2" in alert.text.splitlines()
    assert "из них" not in alert.text


def test_weights_penalty_and_both_colours_add_up_to_the_total():
    tally = {"view": "gm", "day": 2, "candidates": [
        {"player": "Петя", "total": 3, "red": 4, "blue": 3, "penalty": 2, "voters": [
            {"voter": "Соня", "color": "red", "weight": 2}, {"voter": "Вася", "color": "red", "weight": 1},
            {"voter": "Коля", "color": "red", "weight": 1}, {"voter": "Доктор", "color": "blue", "weight": 3}]},
        {"player": "Маша", "total": 2, "red": 0, "blue": 0, "penalty": 2, "voters": []},
        {"player": "Лев", "total": -2, "red": 1, "blue": 3, "penalty": 0, "voters": [
            {"voter": "Петя", "color": "red", "weight": 1}, {"voter": "Доктор", "color": "blue", "weight": 3}]}]}
    assert count_lines(tally, language="ru") == [
        "Петя — итого 3: против +4 (Соня ×2, Вася, Коля), в защиту −3 (Доктор ×3), штраф +2",
        "Маша — итого 2: штраф +2",
        "Лев — итого −2: против +1 (Петя), в защиту −3 (Доктор ×3)",    # one minus sign in a line
    ]
    assert count_lines(tally, language="en")[-1] == "Лев — total -2: red +1 (Петя), blue -3 (Доктор ×3)"


# ------------------------------------------------------------------ no English in a Russian alert

def test_an_unrecognised_colour_is_said_in_russian_without_the_class_name():
    players = ("Любовь", "Ронин")
    tally = count([post("Любовь", "10:10", green("Ронин"), pid=106)], players=players, alive=players,
                  as_of=at("12:00")).to_json()
    [alert] = [a for a in flag_alerts("g", tally, now=at("12:00"), tz=MOSCOW, language="ru") if a.kind == "vote_flag"]
    assert alert.text == ("День 1, непонятный цвет: Любовь: Имя «Ронин» написано другим цветом (не красным и не "
                          "синим); не засчитано как голос")
    assert "other" not in alert.text


FIRST_FAILURE = datetime(2026, 11, 30, 9, 42, tzinfo=timezone.utc)


def failing(error: str) -> str:
    health = CrawlHealth(topic="vote", failures_in_a_row=3, first_failure_at=FIRST_FAILURE, last_error=error,
                         url=THREAD)
    [alert] = crawl_alerts("g", health, now=FIRST_FAILURE + timedelta(minutes=6), phase="day1", tz=MOSCOW,
                           language="ru")
    return alert.text


def test_crawl_failing_says_in_russian_what_failed_and_marks_the_crawlers_error():
    error = f"cannot read {THREAD} after 5 attempts: connection failed ([Errno 111] Connection refused)"
    assert failing(error).splitlines() == [
        f"Чтение {THREAD} не удалось 3 раза подряд, начиная с 30.11 12:42 МСК: сервер форума отклоняет соединение. "
        "Подсчёт голосов не актуален; проверьте форум и сеть",
        # stored with no key (mafvote before store migration 8): read back from its English and worded in Russian
        f"Ошибка: не удалось прочитать {THREAD} за 5 попыток: нет соединения с форумом (`[Errno 111] Connection "
        "refused`)",
    ]


OLD = "ошибка, записанная прежней версией mafvote: "


@pytest.mark.parametrize("error, cause, shown", [
    ("cannot read URL after 5 attempts: timed out (ReadTimeout)", ": форум не отвечает (истекло время ожидания)",
     "не удалось прочитать URL за 5 попыток: форум не ответил вовремя (`ReadTimeout`)"),
    ("cannot read URL after 5 attempts: connection failed ([Errno -2] Name or service not known)",
     ": адрес форума не найден (DNS)",
     "не удалось прочитать URL за 5 попыток: нет соединения с форумом (`[Errno -2] Name or service not known`)"),
    ("cannot read URL after 5 attempts: connection failed ([SSL: CERTIFICATE_VERIFY_FAILED] certificate verify "
     "failed)", ": не удалось защищённое соединение (сертификат или TLS)",
     "не удалось прочитать URL за 5 попыток: нет соединения с форумом (`[SSL: CERTIFICATE_VERIFY_FAILED] certificate "
     "verify failed`)"),
    ("cannot read URL after 5 attempts: connection failed (Server disconnected without sending a response.)",
     ": нет соединения с форумом",
     "не удалось прочитать URL за 5 попыток: нет соединения с форумом (`Server disconnected without sending a "
     "response.`)"),
    ("cannot read URL: HTTP 404 Not Found; check the topic URL in the config (is the topic public to guests?)",
     ": страница не найдена (HTTP 404)",
     "не удалось прочитать URL: форум ответил HTTP 404 (`Not Found`); проверьте адрес темы в конфиге (тема открыта "
     "гостям?)"),
    ("cannot read URL: HTTP 403 Forbidden; check the topic URL in the config (is the topic public to guests?)",
     ": доступ запрещён (HTTP 403); тема открыта гостям?",
     "не удалось прочитать URL: форум ответил HTTP 403 (`Forbidden`); проверьте адрес темы в конфиге (тема открыта "
     "гостям?)"),
    ("cannot read URL: HTTP 429 Too Many Requests, the forum asks to wait 900 s (more than 300 s); try again later",
     ": форум просит подождать (HTTP 429)",
     "не удалось прочитать URL: форум ответил HTTP 429 (`Too Many Requests`) и просит подождать 900 с (больше 300 с); "
     "попробуйте позже"),
    ("cannot read URL after 5 attempts: HTTP 502 Bad Gateway", ": форум отвечает ошибкой сервера (HTTP 502)",
     "не удалось прочитать URL за 5 попыток: форум ответил HTTP 502 (`Bad Gateway`)"),
    # shapes mafvote never wrote: quoted as an older version's error
    ("cannot read URL: HTTP 418 I'm a teapot", ": форум отвечает HTTP 418", OLD + "`cannot read URL: HTTP 418 I'm a teapot`"),
    ("the store is locked", "", OLD + "`the store is locked`"),          # no known shape: no cause, still shown, marked
])
def test_each_shape_of_crawler_error_has_a_russian_cause(error, cause, shown):
    # stored with no key, as mafvote before store migration 8 kept them: the cause read from the English, the
    # error read back into its key, or quoted as an older version's
    first, second = failing(error).splitlines()
    assert first == (f"Чтение {THREAD} не удалось 3 раза подряд, начиная с 30.11 12:42 МСК{cause}. Подсчёт голосов "
                     "не актуален; проверьте форум и сеть")
    assert second == f"Ошибка: {shown}"


def test_the_english_crawl_alert_is_unchanged():
    health = CrawlHealth(topic="vote", failures_in_a_row=3, first_failure_at=FIRST_FAILURE,
                         last_error="HTTP 503 from forum", url=THREAD)
    [alert] = crawl_alerts("g", health, now=FIRST_FAILURE, phase="day1", language="en")
    assert alert.text == (f"Crawling {THREAD} failed 3 times in a row since 2026-11-30T09:42:00+00:00: HTTP 503 from "
                          "forum. The count is not current; check the forum and the network")


def test_every_crawl_cause_exists_in_both_languages():
    causes = {k for k in alert_texts.TABLES["ru"] if k.startswith("crawl.cause.")}
    assert len(causes) == 10 and causes == {k for k in alert_texts.TABLES["en"] if k.startswith("crawl.cause.")}


# ------------------------------------------------------------------ one HTML document

class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.doctypes, self.tags = 0, []

    def handle_decl(self, decl: str) -> None:
        self.doctypes += decl.lower().startswith("doctype")

    def handle_starttag(self, tag, attrs) -> None:
        self.tags.append((tag, dict(attrs)))


def parse(text: str) -> _Page:
    page = _Page()
    page.feed(text)
    return page


def test_the_published_count_page_is_one_document_with_one_refresh(forum, tmp_path):
    forum.add_post(2, "Ronin", f"Голосую {red('Соня')}", time=msk("10:07"))
    with daemon_for(write_daemon_config(tmp_path, forum.base_url), {"webhook": Recorder()}) as daemon:
        daemon.tick(msk("10:10"))
    page = parse((tmp_path / "public" / "votecount-ny.html").read_text(encoding="utf-8"))
    assert page.doctypes == 1
    assert [t for t, _ in page.tags].count("html") == 1 and [t for t, _ in page.tags].count("body") == 1
    refresh = [a for t, a in page.tags if t == "meta" and a.get("http-equiv") == "refresh"]
    assert len(refresh) == 1
    assert [t for t, _ in page.tags].count("table") == 1      # the themed count itself is in it


@pytest.mark.parametrize("language", ["ru", "en"])
def test_the_count_page_wrapped_by_the_daemon_is_titled_in_russian_whatever_the_gms_language(forum, tmp_path,
                                                                                             language):
    """When the theme's page cannot be rendered (here the GM's own copy of it is broken), the daemon writes the
    BBCode wrapped in a page of its own: a public page, the players', titled in Russian whatever `[alerts] language`
    (issue 14 made it follow the GM's language; with "en" that was an English title over the Russian count)."""
    title = "Новогодняя мафия — голосование, день 1"
    (tmp_path / "mine" / "_base").mkdir(parents=True)
    (tmp_path / "mine" / "_base" / "votecount.html.j2").write_text("{% if %}", encoding="utf-8")
    config = write_daemon_config(tmp_path, forum.base_url)
    config.write_text(config.read_text(encoding="utf-8")
                      .replace('language = "en"', f'language = "{language}"')
                      .replace('poll_interval = "5m"', f'poll_interval = "5m"\ntemplates_dir = "{tmp_path / "mine"}"'),
                      encoding="utf-8")
    forum.add_post(2, "Ronin", f"Голосую {red('Соня')}", time=msk("10:07"))
    with daemon_for(config, {"webhook": Recorder()}) as daemon:
        daemon.tick(msk("10:10"))
    page = (tmp_path / "public" / "votecount-ny.html").read_text(encoding="utf-8")
    assert "<pre>" in page and re.findall(r"<title>(.*?)</title>", page) == [title]


def test_a_whole_page_is_written_as_it_is_and_a_fragment_is_wrapped(tmp_path):
    whole = "<!doctype html>\n<html lang=\"ru\"><head><meta http-equiv=\"refresh\" content=\"120\"></head>" \
            "<body><p>Соня: 2</p></body></html>\n"
    write_count_files(tmp_path, "a", bbcode="[b]x[/b]", html_body=whole)
    assert (tmp_path / "votecount-a.html").read_text(encoding="utf-8") == whole
    write_count_files(tmp_path, "b", bbcode="[b]x[/b]", html_body="<pre>Соня: 2</pre>", title="Тест")
    assert (tmp_path / "votecount-b.html").read_text(encoding="utf-8") == html_page("Тест", "<pre>Соня: 2</pre>")
    assert is_html_document("\n<!-- a GM's comment -->\n<HTML>") and not is_html_document("<pre><html></pre>")


# ------------------------------------------------------------------ the account playing the slot now

def test_the_silent_player_alert_names_the_account_playing_the_slot():
    tally = {"view": "gm", "day": 1, "alerts": [
        {"kind": "silent_player", "time": "2027-01-01T12:00:00+03:00", "player": "Ёжик",
         "detail": "Ёжик has written nothing for 47 h (since 2026-12-30T13:00:00+03:00): a replacement candidate",
         "data": {"hours": 47, "since": "2026-12-30T13:00:00+03:00"}}]}
    [alert] = silent_alerts("g", tally, now=at("12:00"), tz=MOSCOW, language="ru", names={"Ёжик": "НовыйЁж"})
    assert alert.text == "День 1: НовыйЁж ничего не пишет уже 47 часов (с 30.12 13:00 МСК): кандидат на замену"
    assert alert.key == "silent_player:day1:Ёжик"       # the slot's key: a replacement does not alert again


REPLACED = DAEMON_CONFIG.replace('''[[games.players]]
nick = "Alisa"''', '''[[games.players]]
nick = "Ёжик"
replaced_by = {{ nick = "НовыйЁж", at = "2026-12-30T09:00" }}
[[games.players]]
nick = "Alisa"''').replace('start = "2026-12-30T10:00"', 'start = "2026-12-29T10:00"').replace(
    'language = "en"', 'language = "ru"')


def test_the_daemons_alerts_name_the_replacement_not_the_replaced_account(forum, tmp_path):
    config = tmp_path / "config.toml"
    config.write_text(REPLACED.format(base=forum.base_url, poll="5m"), encoding="utf-8")
    for who in ("Ronin", "Соня", "Puss", "Alisa"):
        forum.add_post(2, who, "здесь", time=msk("10:01"))
    channel = Recorder()
    with daemon_for(config, {"webhook": channel}) as daemon:
        daemon.tick(msk("21:30"))
    texts = {a.key: a.text for a in channel.sent}
    assert texts["silent_player:day1:Ёжик"] == (
        "День 1: НовыйЁж ничего не пишет уже 35 часов (с 29.12 10:00 МСК): кандидат на замену")
    soon = texts["deadline_soon:day1:60m"].splitlines()
    assert "Не проголосовали (5): Ronin, Соня, Puss, НовыйЁж, Alisa" in soon
    assert "НовыйЁж — итого 2: штраф +2" in soon
    assert not any("Ёжик" in text for text in texts.values())


ALIVE_AFTER = tuple(p for p in PLAYERS if p != "Алукард")     # the GM modkilled Алукард during the day


DEADLINE = at("22:00")


OFFSETS = (timedelta(minutes=60), timedelta(minutes=15))


def by_key(alerts):
    return {a.key: a for a in alerts}


def test_target_removed_is_a_flag_kind_with_russian_words_and_an_alert():
    assert "target_removed" in FLAG_KINDS and "target_removed" in alert_texts.FLAG_KINDS
    assert "target_removed" in JUDGMENT_FLAGS
    t = count([post("Соня", "10:00", red("Алукард"), pid=501)], alive=ALIVE_AFTER, modkilled=("Алукард",))
    [flag] = [f.to_json() for f in t.flags if f.kind == "target_removed"]
    assert flag_text(flag, language="ru") == (
        "голос за выбывшего",
        ("голос «Алукард» — за игрока Алукард, выбывшего по модкиллу после этого голоса: голос учтён как поданный "
         "(без штрафа), но ничего не весит; голосовавший может проголосовать заново"))
    # English: the kind and the count's own sentence, as every English flag
    assert flag_text(flag, language="en") == ("target_removed", flag["detail"])
    alerts = by_key(flag_alerts("ny", t, now=at("12:00"), language="ru", names={"Соня": "Соня2"}))
    assert alerts["vote_flag:post501:target_removed"].text == (
        "День 1, голос за выбывшего: Соня2: голос «Алукард» — за игрока Алукард, выбывшего по модкиллу после этого "
        "голоса: голос учтён как поданный (без штрафа), но ничего не весит; голосовавший может проголосовать заново")
    # a flag without its facts (an older tally JSON): the short wording
    bare = {"kind": "target_removed", "player": "Соня", "post_id": 501, "detail": "x"}
    assert flag_text(bare, language="ru")[1] == (
        "цель голоса выбыла по модкиллу после голоса: без штрафа; можно проголосовать заново")


def test_an_edit_after_the_close_says_the_vote_as_it_stood_at_the_close_counts():
    flag = {"kind": "edited", "player": "Соня", "post_id": 7, "detail": "edited at … after the close",
            "data": {"deleted": False, "at": "2027-01-01T22:30:00+03:00", "rule": "after_close",
                     "now": [{"written": "Петя", "color": "red"}]}}
    assert flag_text(flag, tz=MSK, language="ru") == (
        "пост изменён",
        ("пост изменён в 01.01 22:30 МСК после закрытия дня: засчитан голос, каким он был на момент "
         "закрытия (правка изменила голоса: теперь Петя (красным))"))
    unchanged = {**flag, "data": {**flag["data"], "now": None}}
    assert flag_text(unchanged, tz=MSK, language="ru")[1] == (
        "пост изменён в 01.01 22:30 МСК после закрытия дня: засчитан голос, каким он был на момент закрытия")


def test_the_gms_decision_is_a_reason_with_words_in_both_languages():
    assert "decision" in alert_texts.REASONS
    assert (alert_texts.reason("ru", "decision"), alert_texts.reason("en", "decision")) == ("решение ведущего", "the GM's decision")
    t = count([post("Соня", "10:00", red("Петя")), post("Петя", "10:01", red("Соня"))], as_of=at("22:30")).to_json()
    t["outcome"] = {"eliminated": ["Петя"], "reason": "decision", "saved": [], "spent": [], "tied": []}
    [alert] = deadline_alerts("ny", t, deadline=DEADLINE, now=at("22:30"), before_deadline=OFFSETS, tz=MSK,
                              language="ru")
    assert "Итог: Петя (решение ведущего)" in alert.text.splitlines()


def _alibi_day():
    """Вася leads with 3 red votes (Петя 2, Соня 1; everybody voted) and holds an alibi: if the day closed now,
    nobody hangs."""
    posts = [post(v, f"10:0{i}", red(target)) for i, (v, target) in enumerate(
        (("Соня", "Вася"), ("Петя", "Вася"), ("Ronin", "Вася"), ("Вася", "Петя"), ("Nejka", "Петя"),
         ("Алукард", "Соня")))]
    return count(posts, shields=(Shield("Вася", "alibi"),), as_of=at("21:45"))


def test_deadline_soon_says_the_leader_is_saved_and_who_would_hang():
    t = _alibi_day()
    assert t.outcome.reason == "alibi" and t.outcome.saved == ("Вася",)
    [soon] = deadline_alerts("ny", t, deadline=DEADLINE, now=at("21:45"), before_deadline=OFFSETS, tz=MSK,
                             language="ru")
    assert soon.text.splitlines()[:4] == [
        "День 1 закрывается через 15 минут (01.01 22:00 МСК)",
        "Лидер: Вася (3 голоса) — не вешается: отмаза",
        "Проголосовали все",
        "Итог, если закрыть день сейчас: никто (отмаза)"]
    [soon_en] = deadline_alerts("ny", t, deadline=DEADLINE, now=at("21:45"), before_deadline=OFFSETS, tz=MSK,
                                language="en")
    assert soon_en.text.splitlines()[1] == "Leader: Вася (3) — not hanged: alibi"
    assert soon_en.text.splitlines()[3] == "Result if the day closed now: nobody (alibi)"
    # the final alert says it too, beside its «Итог»
    [final] = deadline_alerts("ny", t, deadline=DEADLINE, now=at("22:00"), before_deadline=OFFSETS, tz=MSK,
                              language="ru")
    assert "Лидер: Вася (3 голоса) — не вешается: отмаза" in final.text.splitlines()
    assert "Итог: никто (отмаза)" in final.text.splitlines()


def test_deadline_soon_of_an_ordinary_leader_is_unchanged():
    posts = [post(v, f"10:0{i}", red("Вася")) for i, v in enumerate(PLAYERS) if v != "Вася"]
    t = count(posts + [post("Вася", "10:09", red("Петя"))], as_of=at("21:45"))
    [soon] = deadline_alerts("ny", t, deadline=DEADLINE, now=at("21:45"), before_deadline=OFFSETS, tz=MSK,
                             language="ru")
    assert soon.text.splitlines()[1] == "Лидер: Вася (5 голосов)"
    assert not any(line.startswith("Итог") for line in soon.text.splitlines())


def test_a_vote_for_a_dead_player_is_labelled_as_one_not_as_an_unknown_name():
    t = count([post("Петя", "10:00", red("Алукард"), pid=601)], alive=PLAYERS[:5])
    alerts = by_key(day_alerts("ny", t, now=at("12:00"), deadline=DEADLINE, before_deadline=OFFSETS, tz=MSK,
                               language="ru"))
    assert alerts["vote_flag:post601:unknown_target"].text == (
        "День 1, голос за выбывшего ранее: Петя: голос не засчитан: Алукард сегодня не в игре")
    # a name nobody has is still an unknown name
    t = count([post("Петя", "10:00", red("Гоша"), pid=602)])
    [flag] = [f.to_json() for f in t.flags]
    assert flag_text(flag, language="ru")[0] == "неизвестное имя"
