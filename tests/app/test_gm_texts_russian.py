"""Issue 14: every word a GM reads is Russian by default. The demo game is played with the default config (no
`language` key) and every GM command is run on it — check, crawl, posts, night add/roll/resolve (with a block
and a roll), day close, tally (text, both views), votes, state and its subcommands, status, render --gm,
replace, modkill, undo — plus every alert kind and the GM report; each output fails on a Latin-letter word
that is not a nick, a role written in Latin, a URL, a path or a command (a small allowlist below). Every
message of the Russian catalogue is checked the same way with its placeholders filled.

The corrected texts the issue lists are pinned, each in its exact corrected form, at the end."""
from __future__ import annotations

import ast
import re
import shutil
import string
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from click.testing import CliRunner

import mafvote.game as game_mod
from mafvote import config as cfg
from mafvote import alert_rules, alert_texts, gm_text, messages
from mafvote.alert_rules import CrawlHealth
from mafvote.cli import cli
from mafvote.config import schema
from mafvote.messages import text as t
from mafvote.paths import data_dir
from mafvote.render import RenderError, render
from mafvote.rulesets import bundled_rulesets
from mafvote.tally_text import tally_text
from mafvote_tally.format import format_text
from mafvote_resolver.errors import RulesetError
from mafvote_resolver.journal import Line
from mafvote_resolver.ruleset import check_ruleset, loads_ruleset
from mafvote_scraper.fetch import off_origin_error, page_too_big_error
from mafvote_scraper.model import FetchError
from support.config import game_config
from support.count import blue as tally_blue
from support.count import count as tally_count
from support.count import post as tally_post
from support.count import red as tally_red
from support.forum import PUBLISH_FAILURES, publish_failure

MSK = ZoneInfo("Europe/Moscow")

# Words a Russian GM text may hold in Latin letters: the program and the technical names a GM types or
# reads in the forum's settings. Nicks, URLs, paths, `commands` and options (-c, --config) are taken out before the check.
ALLOWED = {"mafvote", "MyBB", "HTTP", "HTML", "DNS", "TLS", "UTC", "SQLite", "gender", "forms", "gent", "m", "f",
           "TOML", "UTF", "ANSI", "IANA",     # the config's format, encodings and time-zone names, as editors name them
           "Ctrl", "C",   # the keys to press (`mafvote serve`: «Ctrl-C — остановить»), as the keyboard shows them
           "ny",     # the demo game's id (the config's `id`, as the GM named it)
           "BBCode"}     # the forums' markup, as they name it (the pages link the count «в BBCode»)
NICKS = {"King", "Eciton", "Trusiki", "Kayfa", "Nejka", "Ronin", "Alisa", "Enzo", "Nevermore", "Puss", "Кот"}

_TECHNICAL = re.compile(r"(?:https?|file)://\S+|`[^`]*`|(?<!\w)--[\w-]+|(?<![\w-])-[A-Za-z]\b|(?:/[\w.\-]+)+/?|\b[\w-]+\.(?:toml|db)\b"
                        r"|\[(?:/?[a-z]+)(?:=[^\]]*)?\]")


def latin_words(text: str, nicks: set[str] = NICKS) -> list[str]:
    """The Latin-letter words of `text` that are none of the allowed kinds."""
    found = []
    for line in text.splitlines():
        # a crawled post's first line (`  новый #8 30.12 20:00 МСК Автор: текст`) quotes the forum
        line = re.sub(r"^(\s*\S+\s+#\d+ [\d.]+ [\d:]+ [^:]+):.*$", r"\1", line)
        line = re.sub(r"^(#\d+ .*? с\.\d+ [\d.]+ [\d:]+ .*)$", "", line)
        line = re.sub(r"^    .*$", "", line)       # `posts`: the post's text, indented
        line = re.sub(r"^\$ mafvote .*$", "", line)   # `demo`: the command it runs
        line = _TECHNICAL.sub(" ", line)
        found += [w for w in re.findall(r"[A-Za-z][A-Za-z'’]*", line) if w not in ALLOWED and w not in nicks]
    return found


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    """The demo game played to the end of day 2 (default config: Russian), its folder kept."""
    root = tmp_path_factory.mktemp("ru") / "demo"
    result = CliRunner().invoke(cli, ["demo", "--keep", str(root)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return root, result.stdout + result.stderr


def run(root: Path, *args: str, code: int = 0) -> str:
    result = CliRunner().invoke(cli, [*args, "-c", str(root / "config.toml")], catch_exceptions=False)
    assert result.exit_code == code, result.output
    return result.stdout + result.stderr


def test_the_demo_shows_russian_throughout(demo):
    _, output = demo
    assert latin_words(output) == []
    # its own headings and every command's lines are Russian
    for line in ("== Проверка конфига ==", "всё в порядке — 1 форум, 1 игра, 12 игроков", "Ход разбора:",
                 "  убийство: Гафф — нападение: Ronin (босс); спасает лечение: РэдДи",
                 "день закрыт; итог: большинство → Puss", "день 2: применено"):
        assert line in output, line


def test_every_gm_command_speaks_russian(demo, monkeypatch):
    root, _ = demo
    monkeypatch.setattr(game_mod, "utc_now", lambda: datetime(2027, 1, 1, 15, 10, tzinfo=timezone.utc))
    outputs = {
        "state": run(root, "state"),
        "status": run(root, "status", "--now", "2027-01-01T18:10"),
        "posts": run(root, "posts", "--topic", "vote"),
        "votes": run(root, "votes", "--player", "Puss"),
        "tally gm": run(root, "tally", "--day", "2", "--since", "2026-12-30T20:00", "--deadline",
                        "2027-01-01T18:00", "--view", "gm"),
        "render night --gm": run(root, "render", "night", "2", "--gm"),
        "render day --gm": run(root, "render", "day", "2", "--gm"),
        # night 3: the boss's double kill, a second kill the boss's channel refuses, a block, the evidence
        # roll forced by the GM
        "night add": run(root, "night", "add", "--night", "3", "--actor", "Ronin", "Убиваю Соню и Гаффа")
        + run(root, "night", "add", "--night", "3", "--actor", "Nejka", "Убиваю Алукарда")
        + run(root, "night", "add", "--night", "3", "--actor", "Alisa", "Блокирую Enzo"),
        "night roll": run(root, "night", "roll", "--night", "3", "--actor", "Ronin", "evidence", "yes"),
        "night resolve --dry-run": run(root, "night", "resolve", "--night", "3", "--dry-run"),
        "night resolve": run(root, "night", "resolve", "--night", "3"),
        "state silence": run(root, "state", "silence", "--player", "Trusiki Kayfa", "--day", "3"),
        "state alibi": run(root, "state", "alibi", "--player", "Алукард", "--day", "3"),
        "state excuse": run(root, "state", "excuse", "--player", "Enzo", "--day", "3"),
        "replace": run(root, "replace", "--player", "Alisa", "--by", "Кот"),
        "state after": run(root, "state"),
        "undo": run(root, "undo"),
        "modkill": run(root, "modkill", "--player", "Enzo"),
        "undo again": run(root, "undo"),
    }
    for name, out in outputs.items():
        assert latin_words(out) == [], (name, out)
    night = outputs["night resolve"]
    assert "Отказ: Nejka, убийство — действие босса уже прислано: Ronin" in night
    assert "Бросок «улики» (Ronin, вероятность 75 %): да (задан ведущим)" in night
    assert "ночь 3: применено" in night
    assert "Живы (" in outputs["state"] and "Выбыли: Puss — день 2, мирная зверюшка" in outputs["state"]
    assert "  осталось:         " in outputs["status"]


def test_every_gm_command_refuses_in_russian(demo, monkeypatch):
    """Issue 14: what the GM commands print as `ошибка:` when they refuse (mafvote.game's GameError) is Russian by
    default: each refusal exits 2 and fails on a Latin word outside the allowlist; a few are pinned exactly."""
    root, _ = demo
    monkeypatch.setattr(game_mod, "utc_now", lambda: datetime(2027, 1, 1, 15, 10, tzinfo=timezone.utc))
    refusals = {
        "day close, a closed day": ("day", "close", "--day", "1"),
        "night resolve, a resolved night": ("night", "resolve", "--night", "1"),
        "night add, night 0": ("night", "add", "--night", "0", "--actor", "Ronin", "Убиваю Соню"),
        "night roll, a resolved night": ("night", "roll", "--night", "1", "--actor", "Ronin", "evidence", "yes"),
        "state silence, a far day": ("state", "silence", "--player", "Enzo", "--day", "99"),
        "state excuse --night without the duty": ("state", "excuse", "--player", "Enzo", "--day", "3", "--night"),
        "modkill, an unknown player": ("modkill", "--player", "Гендальф"),
        "modkill, a dead player": ("modkill", "--player", "Puss"),
        "modkill, a beginning of a name": ("modkill", "--player", "Trus"),
        "replace, an empty nick": ("replace", "--player", "Ronin", "--by", " "),
        "replace, the GM's account": ("replace", "--player", "Ronin", "--by", "Ведущий"),
        "replace, before the game": ("replace", "--player", "Ronin", "--by", "Кот", "--at", "2020-01-01T12:00"),
        "tally, a day not begun": ("tally", "--day", "999"),
        "tally, a moment in the future": ("tally", "--day", "2", "--at", "2099-01-01T12:00"),
        "render, a night not resolved": ("render", "night", "9"),
        "state excuse, a far day": ("state", "excuse", "--player", "Enzo", "--day", "99"),
        # the count's own refusal (mafvote_tally's key and facts, worded by mafvote)
        "tally, a start after the deadline": ("tally", "--day", "2", "--since", "2027-01-02T00:00", "--deadline",
                                              "2027-01-01T18:00"),
    }
    outputs = {name: run(root, *args, code=2) for name, args in refusals.items()}
    for name, out in outputs.items():
        # the `ошибка:` lead (`error:` with `language = "en"`) and the message after it are in the GM's language
        assert out.startswith("ошибка: ") and out.count("\n") == 1, (name, out)
        assert latin_words(out, NICKS | {"Trus"}) == [], (name, out)   # the name typed
    assert outputs["day close, a closed day"] == (
        "ошибка: день 1 уже закрыт; если его нужно закрыть заново, `mafvote undo` отменит закрытие\n")
    assert outputs["night add, night 0"].startswith("ошибка: ночь 0: ночи нумеруются с 1 (следующая ночь игры — ")
    assert outputs["tally, a start after the deadline"] == (
        "ошибка: день 2: начало (02.01.2027 00:00 МСК) не раньше дедлайна (01.01.2027 18:00 МСК); проверьте --since "
        "и --deadline\n")
    assert outputs["modkill, a dead player"] == (
        "ошибка: игрок Puss уже не в игре (день 2); здесь речь может идти только о живых\n")
    assert outputs["modkill, an unknown player"].startswith("ошибка: игрок «Гендальф»: такого нет в игре ny (игроки: ")
    assert outputs["replace, the GM's account"] == (
        "ошибка: `replace --by` «Ведущий»: это аккаунт ведущего «Ведущий» игры ny (`games.gm` в конфиге), его посты "
        "никогда не голоса; укажите ник нового игрока\n")
    assert outputs["state excuse --night without the duty"] == (
        "ошибка: `state excuse --night`: в этой игре за пропуск ночного действия не наказывают, освобождать не от "
        "чего (набор правил `new_year`: `night_action_is_duty = false`). Чтобы освободить от дневного голосования, "
        "уберите --night\n")


def test_every_alert_kind_and_the_gm_report_speak_russian(demo, monkeypatch):
    root, _ = demo
    monkeypatch.setattr(game_mod, "utc_now", lambda: datetime(2027, 1, 1, 15, 10, tzinfo=timezone.utc))
    import json

    tally = json.loads(run(root, "tally", "--day", "2", "--since", "2026-12-30T20:00", "--deadline",
                           "2027-01-01T18:00", "--at", "2027-01-01T17:00", "--view", "gm", "--format", "json"))
    deadline = datetime(2027, 1, 1, 15, 0, tzinfo=timezone.utc)
    texts = []
    for now in (deadline - timedelta(minutes=59), deadline + timedelta(seconds=5)):
        texts += [a.text for a in alert_rules.day_alerts("ny", tally, now=now, deadline=deadline,
                                                         before_deadline=[timedelta(hours=1)], tz=MSK,
                                                         day_post="[b]Итоги дня 2[/b]")]
    for error in ("HTTP 503 from forum", "layout not recognised: no posts"):
        # a crawl stored before its error's key was kept: the English is quoted after «Ошибка:»
        health = CrawlHealth(topic="vote", failures_in_a_row=3, first_failure_at=deadline, last_error=error,
                             url="http://127.0.0.1/showthread.php?tid=2")
        texts += [a.text.split("\nОшибка:")[0] for a in alert_rules.crawl_alerts("ny", health, now=deadline,
                                                                                phase="day2", tz=MSK)]
    for error in CRAWL_STOPS:
        # a crawl error with its key: the whole alert is Russian, the error too
        health = CrawlHealth(topic="vote", failures_in_a_row=3, first_failure_at=deadline, last_error=str(error),
                             url=THREAD, last_error_phrase=error.phrase)
        [alert] = alert_rules.crawl_alerts("ny", health, now=deadline, phase="day2", tz=MSK)
        assert "\nОшибка: " in alert.text
        texts.append(alert.text)
    assert len(texts) >= 3 + len(CRAWL_STOPS)
    for text in texts:
        assert latin_words(text) == [], text


THREAD = "http://127.0.0.1/showthread.php?tid=2"
# crawl errors as the scraper raises them (scraper/fetch.py), each with its key and facts
CRAWL_STOPS = (
    FetchError(f"cannot read {THREAD}: HTTP 404 Not Found; check the topic URL in the config (is the topic public to "
               "guests?)", "fetch.status", url=THREAD, status="404", reason="Not Found"),
    FetchError(f"cannot read {THREAD} after 3 attempts: timed out (no whole answer in 20 s)", "fetch.attempts",
               url=THREAD, attempts=3, failure=("timeout", {"seconds": "20"})),
    off_origin_error(THREAD, "http://mirror.example/showthread.php?tid=2", "http://127.0.0.1/"),
    off_origin_error(THREAD, "http://mirror.example/showthread.php?tid=2&page=2", "http://127.0.0.1/", link=True),
    FetchError(f"{THREAD}: reading stopped: mafvote is stopping (SIGINT/SIGTERM)", "fetch.stopped", url=THREAD),
    FetchError(f'{THREAD}: the forum answered "304 Not Modified" to a request that compared nothing', "fetch.not_modified",
               url=THREAD),
    page_too_big_error(THREAD, 2 * 1024 * 1024),
)


def _filled(template: str) -> str:
    """`template` with every placeholder filled: a count for a plural spec, a Russian word otherwise."""
    facts = {}
    for _, field, spec, _ in string.Formatter().parse(template):
        if field is None:
            continue
        facts[field] = 2 if spec else "Соня"
    return template.format_map({k: messages._Count(v) if isinstance(v, int) else v for k, v in facts.items()})


def test_ru_and_en_have_the_same_keys_area_by_area():
    """Every text exists in both languages, in the same area's table (messages/ru_night.py beside en_night.py, …);
    the only keys English does not write itself are the resolver's own words for the journal, abilities and rolls
    (filled in messages/__init__.py)."""
    assert set(messages.TABLES["ru"]) == set(messages.TABLES["en"])
    assert len(messages.AREAS["ru"]) == len(messages.AREAS["en"]) == 11
    for ru_part, en_part in zip(messages.AREAS["ru"], messages.AREAS["en"]):
        assert en_part.__name__ == ru_part.__name__.replace(".ru", ".en")
        assert set(en_part.MESSAGES) - set(ru_part.MESSAGES) == set(), en_part.__name__
        assert {k for k in set(ru_part.MESSAGES) - set(en_part.MESSAGES)
                if not k.startswith(("journal.", "ability.", "roll."))} == set(), ru_part.__name__


@pytest.mark.parametrize("case", PUBLISH_FAILURES)
def test_every_publish_failure_and_its_login_alert_are_russian(case, tmp_path):
    """Issue 14: each step of posting the count that can fail (tests/app/test_publish_errors.py pins the texts), as
    the daemon shows it to the GM — its tick line and, for a refused login, the alert — has no Latin-letter word but
    the forum's address, the bot's nick and what the GM types (in backticks)."""
    result = publish_failure(case, tmp_path)
    error = result.text()
    texts = [messages.text("publish.failed", game="ny", error=error)]
    if result.login_refused:
        [alert] = alert_rules.publish_login_alerts("ny", forum="клуб", user="mafvote-bot", env="MAFVOTE_CLUB_PASSWORD",
                                                   error=error, day=1, now=datetime(2027, 1, 1, tzinfo=timezone.utc),
                                                   phase="day1")
        assert alert.text.endswith("\nОшибка: " + error)
        texts.append(alert.text.replace("MAFVOTE_CLUB_PASSWORD", ""))
    for text in texts:
        assert latin_words(text, NICKS | {"bot"}) == [], text


def test_every_russian_catalogue_text_is_russian():
    bad = {}
    for key, template in messages.TABLES["ru"].items():
        if key.startswith(("ability.", "cause.", "crawl.cause.")) and "{" not in template:
            pass
        words = latin_words(_filled(template))
        if words:
            bad[key] = words
    assert bad == {}


# ------------------------------------------------------------------ the corrected texts, each exactly

def test_the_deadline_is_said_in_hours_and_days():
    assert alert_texts.duration("ru", 60) == "через 1 час"
    assert alert_texts.duration("ru", 1440) == "через сутки"
    assert alert_texts.duration("ru", 90) == "через 1 час 30 минут"
    assert alert_texts.duration("ru", 15) == "через 15 минут"


def test_a_zone_is_moscow_time_in_russian_never_msk():
    at = datetime(2026, 12, 30, 19, 0, tzinfo=timezone.utc)
    assert alert_texts.at("ru", at, MSK) == "30.12 22:00 МСК"
    assert alert_texts.at("ru", at, ZoneInfo("Asia/Yekaterinburg")) == "31.12 00:00 МСК+2"


def test_the_email_subject_does_not_repeat_the_day():
    text = "День 3 закрывается через 1 час (30.12 22:00 МСК)"
    assert alert_texts.subject("ru", "ny", "day3", text, "deadline_soon") == f"[mafvote ny] {text}"


def test_flag_texts_in_their_corrected_form():
    flag = {"kind": "target_removed", "player": "Соня", "post_id": 5,
            "data": {"written": "Лису", "target": "Лиса"}, "detail": "x"}
    assert alert_rules.flag_text(flag, language="ru")[1] == (
        "голос «Лису» — за игрока Лиса, выбывшего по модкиллу после этого голоса: голос учтён как поданный (без "
        "штрафа), но ничего не весит; голосовавший может проголосовать заново")
    assert t("flag.unrecognised_colour", written="Соня") == (
        "Имя «Соня» написано другим цветом (не красным и не синим); не засчитано как голос")
    assert t("flag.late", time="01.01 22:01 МСК", close="01.01 22:00 МСК") == (
        "голос подан в 01.01 22:01 МСК, когда день уже закрыт (01.01 22:00 МСК); не засчитан")
    assert "не угадано" not in t("flag.ambiguous_name", written="Ро", candidates="Ронин или Роза")
    assert t("early_close.gm", day=1).endswith("если никто не отозвал согласие")


def test_the_journal_refusals_and_rolls_in_russian():
    assert gm_text.journal(Line("kill.healed", "kill: {victim} attacked ({cause}) but healed by {by}",
                                victim="King Eciton", cause="killed by Ronin (boss)", by="Шляпник")) == (
        "убийство: King Eciton — нападение: Ronin (босс); спасает лечение: Шляпник")
    assert gm_text.journal(Line("night", "night {night}: {alive} alive at the start; boss: {boss_en}", night=1,
                                alive=15, boss="Алукард", boss_en="Алукард")) == (
        "ночь 1: в игре на начало ночи — 15; босс — Алукард")
    refusal = {"actor": "Лиса", "ability": "alibi", "reason": "blocked by Шляпник",
               "reason_line": Line("refusal.blocked", "blocked by {by}", by="Шляпник").to_json()}
    assert gm_text.refusal(refusal) == "Лиса, отмаза — заблокировано: Шляпник"
    assert gm_text.roll_text({"actor": "Лиса", "name": "silence", "p": 0.5, "value": True, "forced": False}) == (
        "Бросок «лишение голоса» (Лиса, вероятность 50 %): да")
    assert t("night.transfer.gifted", source="Соня", to="Лиса") == "Голос подарен: Соня → Лиса"
    assert gm_text.reason("plurality") == "большинство" and gm_text.reason("alibi") == "отмаза"
    assert gm_text.phase("night 1") == "ночь 1"


def test_the_hidden_result_warning_in_russian():
    public = {"view": "public", "closed": True, "day": 1, "tie": "nobody",
              "candidates": [{"player": "Puss", "total": 3}, {"player": "Алукард", "total": 2}],
              "outcome": {"reason": "tie", "eliminated": [], "tied": ["Алукард", "Puss"]}}
    assert gm_text.hidden_outcome(public) == (
        "открытый подсчёт показывает лидера: Puss (3 голоса), но настоящий подсчёт (со скрытыми весами голосов) "
        "даёт другое: ничья (Алукард, Puss). В постах — только кто повешен (или что никто), без причины; причину "
        "никому не сообщайте")


def test_english_stays_available():
    assert alert_texts.duration("en", 60) == "in 60 min"
    with messages.using("en"):
        assert gm_text.journal(Line("heal", "heal: {actor} heals {target}", actor="A", target="B")) == "heal: A heals B"
        assert t("tally.not_voted", names="A") == "not voted: A"


# ------------------------------------------------------------------ `mafvote check` over broken configs

# A file that has every kind of problem the config's checks know, each once: the schema (unknown keys with and
# without a near miss, a secret, a missing key and table, a wrong type, a value not in its list, number bounds,
# durations, times, zones, URLs, ids, environment variable names, forms), the cross-checks (ids used twice, an
# unknown forum and ruleset, the vote thread, the first deadline, roster names, folders, theme, style, channels,
# a forum login for posting), and the warnings (plain http with a login, an unlisted channel, a GM in the roster).
BROKEN = '''
[[forums]]
id = "hyper"
engine = "mybbb"
base_url = "http://forum.example.org/"
timezone = "Europe/Moskow"
min_delay = "fast"
timeout = true
retries = -1
max_page_mb = 0
login = { user = "bot", password = "hunter2" }

[[forums]]
id = "hyper"
engine = "mybb"
base_url = "ftp://forum.example.org/"
timezone = "Europe/Moscow"
timeout = 1e309
max_pages = 100001
login = { user = "", password_env = "hunter 2" }

[[games]]
id = "ny game"
forum = "hyperr"
ruleset = "new_yeer"
game_topic = "https://forum.example.org/showthread.php?tid=1"
vote_thread = "https://forum.example.org/showthread.php?tid=1"
gm = ["Ведущий"]
pol_interval = "2m"
poll_interval = "2s"
reread_interval = "2 minutes"
templates_dir = "absent"
flavor_dir = "config.toml"
theme = "new_yaer"
zzz = 1

[games.schedule]
start = "2026-12-27"
starts_with = "evening"
first_deadline = "2026-12-28T23:30"
day_deadline = "10 pm"

[[games.players]]
nick = "Соня"
forms = { "вин" = "Соню" }
aliases = ["Сонечка"]

[[games.players]]
nick = "соня"

[[games.players]]
nick = "Ронин"
mask = "Сонечка"

[[games.players]]
nick = "\\u200b"

[[games.players]]
nick = "Ли\\u0007са"

[[games.players]]
nick = "Ведущий"

[[games]]
id = "ny"
forum = "hyper"
ruleset = "new_year"
game_topic = "https://forum.example.org/showthread.php?tid=3"
vote_thread = "https://forum.example.org/showthread.php?tid=4"
gm = "Ведущий"
style = 7
poll_interval = 120
schedule = { timezone = "Europe/Moscow", start = "2026-12-27T20:00", starts_with = "night", first_deadline = "2026-12-27T19:00", day_deadline = "22:00", night_deadline = "22:30" }

[[games]]
id = "ny"
forum = "hyper"
ruleset = "new_year"
game_topic = "https://forum.example.org/showthread.php?tid=5"
vote_thread = "https://forum.example.org/showthread.php?tid=6"
gm = ["Ведущий"]
schedule = "tomorrow"

[alerts]
channels = ["telegram", "console", "email"]
before_deadline = [60, "400d", "8d"]
language = "ru "
webhook = { url = "https://example.org/hook" }

[publish]
forum = true
interval = "1s"
'''

# roles and items of a game checked against its ruleset, and the warnings of a file that is otherwise fine
ROSTER = game_config(
    "http://forum.example.org/", store=None,
    forum={"id": "hyper", "login": {"user": "bot", "password_env": "MAFVOTE_TEST_UNSET_PW"}},
    game={"id": "ny", "game_topic": "https://forum.example.org/showthread.php?tid=1",
          "vote_thread": "https://forum.example.org/showthread.php?tid=2"},
    players=[{"nick": "Соня", "role": "Снiговик", "items": ["часики"]}, {"nick": "Ведущий", "role": "Непонятная роль"}],
    alerts={"channels": ["telegram"], "telegram": {"token_env": "MAFVOTE_TEST_UNSET_TG", "chat_id": "1"},
            "email": {"host": "smtp.example.org", "sender": "gm@example.org", "to": ["gm@example.org"]}},
    publish={"forum": True})


def _config_words() -> set[str]:
    """What a GM writes in the config in Latin letters: every key and table name of the schema, and the values a
    key takes from a list (engines, channels, languages, bundled rulesets and themes)."""
    words: set[str] = set()
    for model in (schema.Config, schema.StoreConfig, schema.ForumConfig, schema.LoginConfig, schema.GameConfig,
                  schema.PlayerConfig, schema.Replacement, schema.ScheduleConfig, schema.AlertsConfig,
                  schema.TelegramConfig, schema.EmailConfig, schema.WebhookConfig, schema.PublishConfig):
        words |= set(model.model_fields)
    words |= set(cfg.ENGINES) | set(cfg.CHANNELS) | set(messages.LANGUAGES) | set(bundled_rulesets())
    words |= {p.parent.name for p in (Path(__file__).resolve().parents[2] / "templates").glob("*/theme.toml")}
    return {w for word in words for w in re.findall(r"[A-Za-z]+", word)}


def _gm_words(line: str) -> str:
    """`line` without what the GM wrote and mafvote quotes back: a value in double quotes, a name in «», the key path
    at the start of a problem (`games[0].players[3].nick`)."""
    line = re.sub(r'"(?:[^"\\]|\\.)*"|«[^»]*»', " ", line)
    return re.sub(r"^[^:]+: (?:строка \d+(?:, столбец \d+)?: )?[\w\[\].\"-]+: ", "", line)


@pytest.mark.parametrize("name, text, code, count", [
    ("broken", BROKEN, 2, 48),
    ("roster", ROSTER, 2, 8),
    ("syntax", '[[forums]]\nid = hyper\n', 2, 1),
    ("no_forums", 'forums = []\n[games]\nid = "x"\n', 2, 2),
    ("utf16", BROKEN.encode("utf-16"), 2, 1),
    ("cp1251", ROSTER.encode("cp1251"), 2, 1),
])
def test_every_check_problem_is_russian_by_default(tmp_path, monkeypatch, name, text, code, count):
    """Issue 14: `mafvote check` (default language) over files with every kind of problem the config's checks know:
    no Latin-letter word but config keys and the values they take, nicks, file names, URLs and commands."""
    monkeypatch.chdir(tmp_path)
    for variable in ("MAFVOTE_TEST_UNSET_PW", "MAFVOTE_TEST_UNSET_TG"):
        monkeypatch.delenv(variable, raising=False)
    (tmp_path / "config.toml").write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    result = CliRunner().invoke(cli, ["check"])
    assert result.exit_code == code, result.output
    lines = result.stdout.splitlines()
    assert len(lines) == count, result.stdout
    allowed = _config_words() | {"true", "false"}      # TOML's own literals, as the GM writes them
    for line in lines + result.stderr.splitlines():
        assert [w for w in latin_words(_gm_words(line)) if w not in allowed] == [], line


def test_a_missing_config_and_a_language_the_file_asks_for(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["check"])
    assert result.exit_code == 2 and latin_words(_gm_words(result.output)) == [], result.output
    # `language = "en"` keeps English, also for a file that is otherwise wrong
    (tmp_path / "config.toml").write_text('[alerts]\nlanguage = "en"\n[[forums]]\nid = 1\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["check"])
    assert result.stdout.splitlines()[0] == ("config.toml: line 4: forums[0].id: expected text in double quotes, "
                                             "got 1 (hint: write it like id = \"hyper\")")
    assert result.stderr == "config.toml: 5 problems found\n"


# a ruleset with the mistakes its checker words (mafvote_resolver.ruleset's keyed problems)
BROKEN_RULESET = '''
[game]
title = "Правила"
reveal_while_alive_gt = "ten"
reveal_day = "sometimes"
colour = 1

[votes]
penalty_vote = 2
zzz = 1

[night]
block_mode = "strict"
order = ["kills", "healz"]

[texts]
deth = "Трупы"
death = "{player} ({rank})"

[sides.mafia]
kind = "mafia"

[sides.town]
kind = "townish"

[[roles]]
name = "Доктор"
side = "towm"

[[roles]]
name = "Вор"

[[roles]]
side = "mafia"

[[roles]]
name = "Дон"
side = "mafia"

[[roles.abilities]]
kind = "kil"
evidence = [1.5]

[[roles.abilities]]
kind = "kill"
evidence = [1.5]
'''


def test_every_ruleset_problem_is_russian_by_default(tmp_path, monkeypatch):
    """Issue 14: the ruleset checker's problems (`mafvote check` of a game's ruleset) in the default language: no
    Latin-letter word but the ruleset's keys and the values they take, written in backticks or quotes."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.toml").write_text(BROKEN_RULESET, encoding="utf-8")
    (tmp_path / "config.toml").write_text(ROSTER.replace('ruleset = "new_year"', 'ruleset = "mine.toml"')
                                          .replace("http://", "https://").replace('items = ["часики"]\n', ""),
                                          encoding="utf-8")
    result = CliRunner().invoke(cli, ["check"])
    assert result.exit_code == 2, result.output
    lines = [line for line in result.stdout.splitlines() if line.startswith("mine.toml: ")]
    assert lines[:3] == [
        'mine.toml: game.reveal_while_alive_gt: нужно: целое число; написано: "ten" (подсказка: пишите так: '
        "`reveal_while_alive_gt = 10`)",
        "mine.toml: game.colour: неизвестный ключ",
        "mine.toml: game.name: не хватает обязательного ключа (подсказка: добавьте `name = \"<имя файла>\"` в `[game]`)",
    ]
    assert lines[-1] == ("mine.toml: texts.death: неизвестная подстановка `{rank}` (подсказка: этой строке даются "
                         "`{player}, {role}, {side}`)")
    assert len(lines) == 16, result.stdout
    for line in lines:
        assert latin_words(_gm_words(line)) == [], line


# Every other kind of problem the ruleset's reader (mafvote_resolver.ruleset, ruleset_shapes, ruleset_model) and the
# count's [votes] reader (mafvote_tally.VoteRules.from_mapping) report, each once: the card checks, the roles'
# cross-references, the ranks, [votes] values, a stray brace in [texts]
BROKEN_CARDS = '''
[game]
name = "mine"
starts_with = "evening"
reveal_night = "all"

[votes]
tie = "random"
penalty_votes = -1
colors_matter = "yes"
silent_alert_hours = true

[night]
order = ["kills", "kills"]
must_kill = "maniac"
succession = ["Дон", "Капо"]

[texts]
death = "{player} {"
deaths_header = "Трупы: {player}"

[sides]
ghost = 1

[sides.mafia]
kind = "mafia"
wins_with_roles = ["Маньяк"]

[sides.town]
kind = "town"

[[roles]]
name = "Дон"
side = "mafia"
rank = 1
immune = ["fire"]
inherits = "Капо"
dies_when_found_own = true
kill_immune_until_used = "spell"
kill_immune_except = ["maniac"]

[[roles.abilities]]
kind = "kill"
ignores = ["armour"]
announce = "{actor} был тут"
min_targets = 3
max_targets = 1
parity = "sometimes"
uses_scope = "team"

[[roles.abilities]]
kind = "kill"

[[roles.abilities]]
name = "watch"
kind = "heal"
watch_options = ["roles"]
earn_every = 2
silence_p = 2.0
tells_if_target = ["Шериф"]

[[roles.abilities]]
name = "shot"
kind = "role_shot"

[[roles.abilities]]
name = "redir"
kind = "redirect"

[[roles.abilities]]
name = "bloody"
kind = "bloody_kill"

[[roles]]
name = "Громила"
aliases = ["Дон"]
side = "mafia"
rank = 3
abilities = [1]

[[items]]
kind = "role_shot"
guess_roles = ["Никто"]
'''
BROKEN_CARDS_CHECK = [
    "mine.toml: game.starts_with: должно быть одним из: `night, day`",
    "mine.toml: game.reveal_night: должно быть одним из: `rule, role, side, none`",
    "mine.toml: night.order: этап ночи назван дважды (подсказка: назовите каждый этап один раз)",
    "mine.toml: sides.ghost: нужна таблица; написано: 1 (подсказка: пишите таблицей `[sides.ghost]` с ключами под ней)",
    "mine.toml: sides.ghost.kind: должно быть одним из: `town, mafia, solo`",
    "mine.toml: roles[0].immune: неизвестная неуязвимость «fire» (подсказка: допустимо: `night_kill, heal, hang, "
    "serum`)",
    "mine.toml: roles[0].abilities[0].ignores: неизвестная защита «armour» (подсказка: допустимо: `heal, "
    "protection, block, hide`)",
    "mine.toml: roles[0].abilities[0].uses_scope: должно быть одним из: `player, side`",
    "mine.toml: roles[0].abilities[0].parity: должно быть одним из: `even, odd`",
    "mine.toml: roles[0].abilities[0].announce: неизвестная подстановка `{actor}` (подсказка: здесь бывают "
    "`{actor_role}`, `{target_role}` и `{target_role_gent}`)",
    "mine.toml: roles[0].abilities[0].min_targets: `min_targets` больше, чем `max_targets`",
    "mine.toml: roles[0].abilities[2].watch_options: неизвестный выбор наблюдения «roles» (подсказка: допустимо: "
    "`nicks, kinds`)",
    "mine.toml: roles[0].abilities[2].watch_options: выбирать, что узнать, может только карта наблюдения "
    "(подсказка: пишите `kind = \"watch\"`)",
    "mine.toml: roles[0].abilities[2].earn_max: при `earn_every` нужен и `earn_max` — сколько защит можно держать "
    "сразу",
    "mine.toml: roles[0].abilities[2].silence_p: вероятность должна быть от 0 до 1",
    "mine.toml: roles[0].abilities[3].guess_roles: выстрелу в роль нужен список ролей, которые можно назвать "
    "(подсказка: например: `guess_roles = [\"Комиссар\", \"Доктор\"]`)",
    "mine.toml: roles[0].abilities[4].max_targets: у перенаправления две цели: чьё действие и куда оно теперь "
    "уходит (подсказка: пишите `min_targets = 2` и `max_targets = 2`)",
    "mine.toml: roles[0].abilities[5].visitor_p: кровавому убийству нужна вероятность гибели гостя (больше 0, не "
    "больше 1) (подсказка: например: `visitor_p = 0.5`)",
    "mine.toml: roles[0].abilities: у двух способностей одно имя (подсказка: дайте каждой своё имя)",
    "mine.toml: roles[0]: неизвестная сторона «maniac» (подсказка: допустимо: `mafia, town`)",
    "mine.toml: roles[1].abilities: нужно: список таблиц (`[[...]]`); написано: [1] (подсказка: пишите так: "
    "`[[abilities]]`)",
    "mine.toml: roles[1].name: имя «Дон» уже занято ролью «Дон»",
    "mine.toml: roles: у стороны «mafia» ранги 1, 3 (подсказка: ранги идут подряд: 1, 2, 3… без пропусков и повторов)",
    "mine.toml: roles[0].inherits: неизвестная роль «Капо»",
    "mine.toml: roles[0].dies_when_found_own: у роли «Дон» нет карты `find_own`: найти своих ей нечем (подсказка: "
    "дайте роли карту `kind = \"find_own\"` или уберите этот ключ)",
    "mine.toml: roles[0].kill_immune_until_used: у роли «Дон» нет способности «spell» (подсказка: допустимо: "
    "`kill, watch, shot, redir, bloody`)",
    "mine.toml: roles[0].abilities[2]: неизвестная роль «Шериф»",
    "mine.toml: sides.mafia.wins_with_roles: неизвестная роль «Маньяк»",
    "mine.toml: items[0]: неизвестная роль «Никто»",
    "mine.toml: night.must_kill: неизвестная сторона «maniac» (подсказка: допустимо: `mafia, town`)",
    "mine.toml: night.succession[1]: неизвестная роль «Капо»",
    'mine.toml: votes.tie: "random" здесь не подходит; допустимо: `nobody, nobody_once_then_all`',
    "mine.toml: votes.penalty_votes: должно быть 0 или больше; написано: -1",
    'mine.toml: votes.colors_matter: нужно: `true` или `false`; написано: "yes"',
    "mine.toml: votes.silent_alert_hours: нужно: число; написано: true",
    "mine.toml: texts.death: фигурная скобка не открывает подстановку (подсказка: саму скобку пишите двойной: "
    "`{{` или `}}`)",
    "mine.toml: texts.deaths_header: неизвестная подстановка `{player}` (подсказка: в этой строке подстановок нет)",
]

# keys the reader writes that no ruleset file can make `mafvote check` show, and why
_NOT_FROM_CHECK = {
    "ability.not_table": "a card that is not a table is refused first by the shape check (`expected`)",
    "ability.not_table.hint": "the same",
    "ability.invalid": "keys are filtered before the card is built (a guard, `pragma: no cover`)",
    "role.not_in_ruleset": "a role looked up by the game, not the file's check: worded below",
    "votes.unknown_key": "the ruleset's reader names an unknown [votes] key itself (`unknown_key`)",
    "votes.other": "a plain-text BadRules, which the count's reader never raises for a key",
}


def _reader_keys() -> set[str]:
    """Every key the ruleset's reader gives a problem's message or hint (`Line("key", …)`, `Line.said("key", …)` in
    resolver/ruleset*.py), and the [votes] reader's kinds (`RuleProblem(…, "kind", …)`) as `votes.<kind>`."""
    keys: set[str] = set()
    root = Path(__file__).resolve().parents[2]
    for path in (*sorted((root / "resolver").glob("ruleset*.py")), root / "tally" / "model.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if path.name == "model.py":
                if name == "RuleProblem" and len(node.args) > 1 and isinstance(node.args[1], ast.Constant):
                    keys.add(f"votes.{node.args[1].value}")
            elif name in ("Line", "said"):
                keys.add(node.args[0].value)
    return keys


def _ruleset_check(tmp_path: Path, monkeypatch, text: str) -> list[str]:
    """`mafvote check` (default language) of the roster game with `text` as its ruleset: the lines about the ruleset."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.toml").write_text(text, encoding="utf-8")
    (tmp_path / "config.toml").write_text(ROSTER.replace('ruleset = "new_year"', 'ruleset = "mine.toml"')
                                          .replace("http://", "https://").replace('items = ["часики"]\n', ""),
                                          encoding="utf-8")
    result = CliRunner().invoke(cli, ["check"])
    assert result.exit_code == 2, result.output
    return [line for line in result.stdout.splitlines() if line.startswith("mine.toml: ")]


RULESET_SYNTAX = '[game]\nname = "mine"\ntitle = Правила\n'
RULESET_NO_SIDES = '[game]\nname = "mine"\n\n[[roles]]\nname = "Дон"\n'


def test_every_kind_of_ruleset_problem_is_russian_by_default(tmp_path, monkeypatch):
    """Issue 14: every problem the ruleset's reader and the count's [votes] reader can report, through `mafvote
    check` in the default language: each pinned, none with a Latin word but the file's keys and values; the
    readers' keys are all worded (a new problem without a catalogue text fails here)."""
    lines = _ruleset_check(tmp_path, monkeypatch, BROKEN_CARDS)
    assert lines == BROKEN_CARDS_CHECK
    # a TOML slip: `check` words it as the config's; the other commands load the ruleset with the resolver's reader
    syntax = _ruleset_check(tmp_path, monkeypatch, RULESET_SYNTAX)
    assert syntax == ["mine.toml: строка 3, столбец 9: ошибка синтаксиса TOML: недопустимое значение (подсказка: "
                      "текст пишется в двойных кавычках (`name = \"Ronin\"`), время тоже (`\"22:00\"`))"]
    syntax += [gm_text.problem(p) for p in check_ruleset(RULESET_SYNTAX, "mine.toml")]
    assert syntax[1] == ("mine.toml: строка 3: ошибка синтаксиса TOML: недопустимое значение (исправьте строку: текст "
                         "пишется в кавычках, таблицы — в `[скобках]`)")
    no_sides = _ruleset_check(tmp_path, monkeypatch, RULESET_NO_SIDES)
    assert no_sides == ["mine.toml: roles[0].side: у роли «Дон» нет стороны (подсказка: добавьте таблицы "
                        "`[sides.<id>]` с `kind = \"town\" | \"mafia\" | \"solo\"` и роли — `side = \"<id>\"`)"]
    for line in lines + syntax + no_sides:
        # TOML's own literals, as the GM wrote them (`written: true`)
        assert [w for w in latin_words(_gm_words(line)) if w not in ("true", "false")] == [], line
    # a role the game looks up that the ruleset lacks
    ruleset = loads_ruleset(bundled_rulesets()["new_year"].read_text(encoding="utf-8"), "new_year.toml")
    with pytest.raises(RulesetError) as exc:
        ruleset.role("Снеговк")
    assert gm_text.resolver_error(exc.value) == ("new_year.toml: roles: роли «Снеговк» нет в наборе правил «new_year» "
                                                 "(может быть, `Снеговик`?)")
    # every key the readers write: shown by `check` above (or by BROKEN_RULESET's test), or known not to reach it
    seen = {getattr(part, "key", None) for text in (BROKEN_RULESET, BROKEN_CARDS, RULESET_SYNTAX, RULESET_NO_SIDES)
            for p in check_ruleset(text, "mine.toml") for part in (p.where, p.message, p.hint)}
    keys = _reader_keys()
    assert len(keys) > 50 and keys - seen - set(_NOT_FROM_CHECK) == set()
    for key in keys - {"votes.other"}:
        assert all(messages.has(f"ruleset.{key}", language) for language in messages.LANGUAGES), key
    # English stays available: the same file's first problems in the GM's other language
    with messages.using("en"):
        first = [gm_text.problem(p) for p in check_ruleset(BROKEN_CARDS, "mine.toml")[:3]]
    assert first == ["mine.toml: game.starts_with: must be one of night, day",
                     "mine.toml: game.reveal_night: must be one of rule, role, side, none",
                     "mine.toml: night.order: a stage appears twice (name each stage once)"]


THEME_OVERRIDE = '[phrases.night]\nno_deaths = "Все живы"\n'


@pytest.mark.parametrize("name, text, expected", [
    ("theme.toml", THEME_OVERRIDE.encode("cp1251"),
     "{file}: строка 2: файл не в UTF-8 (сохранён как ANSI / `windows-1251`?) (подсказка: сохраните его в UTF-8: в "
     "Блокноте — «Сохранить как», кодировка UTF-8)"),
    ("theme.toml", THEME_OVERRIDE.encode("utf-16"),
     "{file}: файл в кодировке UTF-16 («Юникод» в Блокноте), а нужна UTF-8 (подсказка: сохраните его в UTF-8: в "
     "Блокноте — «Сохранить как», кодировка UTF-8)"),
    ("theme.toml", b'[phrases.night]\nno_deaths = = 1\n',
     "{file}: строка 2, столбец 13: ошибка синтаксиса TOML: недопустимое значение (подсказка: исправьте строку: "
     "фраза пишется в кавычках, её варианты — списком `[\"…\", \"…\"]`)"),
    ("theme.toml", b'[phrases.night]\nno_deaths = 1\n',
     "{file}: phrases.night.no_deaths: фраза должна быть текстом или списком текстов (вариантов) (подсказка: пишите "
     "так: `no_deaths = \"…\"` или `no_deaths = [\"…\", \"…\"]`)"),
    ("theme.toml", b'[reveal]\nnight = "all"\n',
     "new_year/theme.toml: reveal.night: так раскрывать нельзя: `all` (подсказка: допустимо: `\"role\"`, `\"side\"` "
     "или `\"none\"`)"),
    ("theme.toml", '[phrases.night]\nno_deaths = "{% if живы %}Все живы"\n'.encode(),
     "new_year/theme.toml: phrases.night.no_deaths: шаблон кончился, а блок `if` не закрыт (нужен один из тегов "
     "`elif`, `else`, `endif`) (подсказка: исправьте фразу: теги пишутся `{% if … %}` … `{% endif %}`, подстановки "
     "— `{{ … }}`)"),
    ("theme.toml", '[phrases.night]\nno_deaths = "{{ живых }}"\n'.encode(),
     "new_year/theme.toml: phrases.night.no_deaths: неизвестное имя `живых` (подсказка: в данных поста этого вида "
     "такого имени нет: проверьте, как оно написано)"),
    ("night.j2", "Ночь\n{{ phrase('night.no_deaths') }}\n".encode("cp1251"),
     "{file}: строка 1: файл не в UTF-8 (сохранён как ANSI / `windows-1251`?) (подсказка: сохраните его в UTF-8: в "
     "Блокноте — «Сохранить как», кодировка UTF-8)"),
    ("night.j2", "Ночь\n".encode("utf-16"),
     "{file}: файл в кодировке UTF-16 («Юникод» в Блокноте), а нужна UTF-8 (подсказка: сохраните его в UTF-8: в "
     "Блокноте — «Сохранить как», кодировка UTF-8)"),
    ("night.j2", "Ночь\n{% if deaths %}\n".encode(),
     "{file}: строка 2: шаблон кончился, а блок `if` не закрыт (нужен один из тегов `elif`, `else`, `endif`) "
     "(подсказка: исправьте эту строку шаблона: теги пишутся `{% if … %}` … `{% endif %}`, подстановки — `{{ … }}`)"),
    ("night.j2", "Ночь\n{% fi %}\n".encode(),
     "{file}: строка 2: неизвестный или лишний тег `fi` (подсказка: исправьте эту строку шаблона: теги пишутся "
     "`{% if … %}` … `{% endif %}`, подстановки — `{{ … }}`)"),
    ("night.j2", "Ночь {{ deaths|каждый }}\n".encode(),
     "{file}: строка 1: нет фильтра `каждый` (подсказка: исправьте эту строку шаблона: теги пишутся `{% if … %}` … "
     "`{% endif %}`, подстановки — `{{ … }}`)"),
    ("night.j2", "Ночь {{ трупы }}\n".encode(),
     "{file}: неизвестное имя `трупы` (подсказка: в данных поста этого вида такого имени нет: проверьте, как оно "
     "написано)"),
    ("night.j2", "Ночь {{ phrase('night.трупы') }}\n".encode(),
     "new_year/theme.toml: phrases.night.трупы: в теме нет такой фразы (подсказка: добавьте её в "
     "`templates/new_year/theme.toml` или в `_base/theme.toml`)"),
], ids=["theme-1251", "theme-utf16", "theme-toml", "phrase-type", "reveal", "phrase-syntax", "phrase-undefined",
        "template-1251", "template-utf16", "unclosed-block", "unknown-tag", "unknown-filter", "undefined",
        "no-phrase"])
def test_a_gm_template_that_cannot_be_read_is_told_in_russian(tmp_path, name, text, expected):
    """Issue 14: the GM's own theme file or template (`templates_dir`) in another encoding, with a TOML or Jinja
    slip, or using a name the post lacks: the file, the line and what to do, in Russian by default."""
    folder = tmp_path / "my" / "new_year"
    folder.mkdir(parents=True)
    (folder / name).write_bytes(text)
    with pytest.raises(RenderError) as info:
        render("new_year", "night", {"outcome": {"night": 1, "deaths": []}}, fmt="text", templates_dir=tmp_path / "my")
    assert str(info.value) == expected.replace("{file}", str(folder / name))
    assert latin_words(_gm_words(str(info.value).replace(str(tmp_path), ""))) == [], str(info.value)


_DAY = {"outcome": {"day": 1, "eliminated": []}}
# a post that cannot be rendered from what it was given (mafvote.render), each in its exact Russian
RENDER_REFUSALS = {
    "unknown kind": (("new_year", "results", {}, "text"),
                     "неизвестный вид поста `results`; допустимо: `night`, `day`, `votecount`, `gm_report`, `private`"),
    "unknown format": (("new_year", "night", {"outcome": {}}, "pdf"),
                       "неизвестный формат `pdf`; допустимо: `bbcode`, `text`, `html`"),
    "no theme": (("wild_west", "night", {"outcome": {}}, "text"),
                 "у темы «wild_west» нет файла `wild_west/theme.toml`; встроенные темы: `new_year`, `peculiar`, "
                 "`time_machine`, `grand_hotel`"),
    "style out of range": (("new_year", "day", {**_DAY, "style": 7}, "text"),
                           "`style = 7`: в теме «new_year» 3 стиля (0–2); укажите в конфиге стиль игры — один из них"),
    "no outcome (night)": (("new_year", "night", {}, "text"),
                           "пост ночи: в данных нет `outcome` (итогов разобранной ночи)"),
    "no outcome (day)": (("new_year", "day", {}, "text"), "пост дня: в данных нет `outcome` (итогов закрытого дня)"),
    "no tally": (("new_year", "votecount", {}, "text"), "пост подсчёта: в данных нет `tally` (подсчёта дня)"),
    "a deadline that is no time": (("new_year", "day", {**_DAY, "deadline": "завтра"}, "text"),
                                   "данные поста: `deadline` = `завтра` — не дата со временем; пишите так: "
                                   "`2026-12-28T22:00+03:00`"),
    "a roster entry without a nick": (("new_year", "day", {**_DAY, "roster": [{"gender": "f"}]}, "text"),
                                      "данные поста: у `roster[0]` нет ника; укажите его: `{\"nick\": …}`"),
}


@pytest.mark.parametrize("name", RENDER_REFUSALS)
def test_a_post_that_cannot_be_rendered_is_told_in_russian(name):
    (theme, kind, data, fmt), expected = RENDER_REFUSALS[name]
    with pytest.raises(RenderError) as info:
        render(theme, kind, data, fmt=fmt)
    assert str(info.value) == expected
    assert latin_words(_gm_words(str(info.value))) == [], str(info.value)     # the theme's name, as written


def test_a_ruleset_theme_with_no_templates_is_told_in_russian_with_the_key_to_set(demo, tmp_path):
    # through `mafvote render`: the ruleset's [game].theme names a theme no folder has
    root = tmp_path / "game"
    shutil.copytree(demo[0], root)
    ruleset = (data_dir("rulesets") / "new_year.toml").read_text(encoding="utf-8")
    (root / "house.toml").write_text(ruleset.replace('theme = "new_year"', 'theme = "house"'), encoding="utf-8")
    config = (root / "config.toml").read_text(encoding="utf-8")
    (root / "config.toml").write_text(config.replace('\nruleset = "new_year"', '\nruleset = "house.toml"'),
                                      encoding="utf-8")
    err = run(root, "render", "night", "1", code=2)
    assert err == ("ошибка: у темы «house» нет файла `house/theme.toml`; встроенные темы: `new_year`, `peculiar`, "
                   "`time_machine`, `grand_hotel` (тема задана в `[game].theme` набора правил `new_year`); укажите в "
                   "конфиге игры ny `games[0].theme = \"new_year\"` (или другую тему) или добавьте в её "
                   "`templates_dir` папку `house/` с файлом `theme.toml`\n")
    assert latin_words(_gm_words(err)) == [], err


@pytest.mark.parametrize("text, expected", [
    ('night = 1\n[[actions]]\nactor = "РэдДи"\n'.encode("cp1251"),
     "строка 3: файл не в UTF-8 (сохранён как ANSI / `windows-1251`?) (сохраните его в UTF-8: в Блокноте — «Сохранить "
     "как», кодировка UTF-8)"),
    ("night = 1\n".encode("utf-16"),
     "файл в кодировке UTF-16 («Юникод» в Блокноте), а нужна UTF-8 (сохраните его в UTF-8: в Блокноте — «Сохранить "
     "как», кодировка UTF-8)"),
    ('night = 1\n[[actions]]\nactor = РэдДи\n'.encode(),
     "строка 3: ошибка синтаксиса TOML: недопустимое значение (имена — в кавычках: `actor = \"Вася\"`; списки — в "
     "скобках: `targets = [\"Петя\"]`)"),
    ('night = 1\n[[actions]]\nactor = "РэдДи\n'.encode(),
     "строка 3: ошибка синтаксиса TOML: строка не закрыта (имена — в кавычках: `actor = \"Вася\"`; списки — в "
     "скобках: `targets = [\"Петя\"]`)"),
], ids=["windows-1251", "utf-16", "unquoted", "unclosed"])
def test_a_night_file_that_cannot_be_read_is_told_in_russian(game_dir, text, expected):
    """Issue 14: a night file saved as ANSI or UTF-16, or with a TOML slip: `night resolve` names the file and the
    line and says what to do, in Russian by default."""
    path = game_dir / "state" / "nights" / "ny" / "night-1.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text)
    result = CliRunner().invoke(cli, ["night", "resolve", "--night", "1", "--dry-run"])
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("ошибка: "), result.stderr
    message = result.stderr.removeprefix("ошибка: ").rstrip("\n")
    assert message == f"{path.resolve()}: {expected}"
    assert latin_words(_gm_words(message.replace(str(game_dir.resolve()), ""))) == [], message


def test_the_text_count_is_worded_from_the_catalogue():
    """Issue 14: `mafvote tally`'s table is the count's one table (mafvote_tally.format.format_text) with the
    catalogue's words (mafvote.tally_text): Russian by default, English with `language = "en"`, and the count's own
    English when no words are given (scripts, the count's tests)."""
    t = tally_count([tally_post("Соня", "10:00", tally_red("Петя")), tally_post("Вася", "11:00", tally_blue("Петя")),
                     tally_post("Nejka", "23:00", tally_red("Соня"), pid=9)], rules={"early_close_from_day": 1})
    ru = tally_text(t, tz=MSK).splitlines()
    assert ru[0].strip() == "test, день 1 (подсчёт ведущего) — дедлайн 01.01.2027 22:00 МСК"
    assert [c.strip() for c in ru[2].split("┃")[1:-1]] == ["игрок", "итого", "против", "в защиту", "штраф",
                                                          "кто голосовал"]
    assert "│ Соня, Вася (в защиту) │" in ru[4]
    assert ru[-3:] == ["не проголосовали: Петя, Ronin, Nejka, Алукард",
                       "день закрыт; итог: ничья (Петя, Ronin, Nejka, Алукард)",
                       "! голос после закрытия: Nejka, пост 9 — голос подан в 01.01 23:00 МСК, когда день уже закрыт "
                       "(01.01 22:00 МСК); не засчитан"]
    assert latin_words("\n".join(ru)) == []
    with messages.using("en"):
        en = tally_text(t, tz=MSK).splitlines()
    assert en[-3:] == ["not voted: Петя, Ronin, Nejka, Алукард",
                       "day closed; outcome: tie (tied: Петя, Ronin, Nejka, Алукард)",
                       "! late: Nejka post 9: vote at 2027-01-01T23:00:00+03:00 is not before the close "
                       "2027-01-01T22:00:00+03:00: not counted"]
    assert format_text(t).splitlines()[-3:] == en[-3:]
