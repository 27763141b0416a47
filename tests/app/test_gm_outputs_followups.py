"""What the GM's alerts and outputs say, each with the exact text a GM reads:

* a vote for a player modkilled later that day (`target_removed`) is a flag kind with its Russian wording and an
  alert (the GM tells the voter to vote again); a 004 edit after the day's end (`edited`, rule `after_close`)
  and the GM's own decision (reason `decision`) have their words;
* the `deadline_soon` alerts say when the leader is saved (an alibi) and who would hang if the day closed now;
* a vote for a player already dead is labelled as such, not «неизвестное имя»;
* `tally` text shows its times in the game's zone, to the minute; `votes --format json` times carry the game's
  offset like `posts`;
* a nick that is a common noun (Шляпник, Ёжик) is declined in the posts and draws no GM note; the notes are
  Russian for a Russian-speaking GM;
* the HTML count page's time left is the live count's («осталась 1 минута»).
"""
from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pytest

from mafvote_tally import FLAG_KINDS, Shield
from mafvote import alert_texts
from mafvote.alert_rules import JUDGMENT_FLAGS, day_alerts, deadline_alerts, flag_alerts, flag_text, gm_report_data
from mafvote.cli.tally import local_times
from mafvote.grammar import Person, case_of, inflection_note
from mafvote.render import gm_notes, render
from support import MSK, PLAYERS, WINDOW, at, count, fill_store_post_by_post, make_game_dir, post, red, run

ALIVE_AFTER = tuple(p for p in PLAYERS if p != "Алукард")     # the GM modkilled Алукард during the day
DEADLINE = at("22:00")
OFFSETS = (timedelta(minutes=60), timedelta(minutes=15))


@pytest.fixture
def game_dir(tmp_path, monkeypatch):
    """The test game with each post first seen at its own time, as a crawl after every post would have stored it."""
    return make_game_dir(tmp_path, monkeypatch, fill=fill_store_post_by_post)


def by_key(alerts):
    return {a.key: a for a in alerts}


# ----------------------------------------------------------------------------------------- item 1: tables

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
    assert (alert_texts.reason("ru", "decision"), alert_texts.reason("en", "decision")) == (
        "решение ведущего", "the GM's decision")
    t = count([post("Соня", "10:00", red("Петя")), post("Петя", "10:01", red("Соня"))], as_of=at("22:30")).to_json()
    t["outcome"] = {"eliminated": ["Петя"], "reason": "decision", "saved": [], "spent": [], "tied": []}
    [alert] = deadline_alerts("ny", t, deadline=DEADLINE, now=at("22:30"), before_deadline=OFFSETS, tz=MSK,
                              language="ru")
    assert "Итог: Петя (решение ведущего)" in alert.text.splitlines()


# ----------------------------------------------------------------- item 2: a saved leader before the deadline

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


# ------------------------------------------------------------------- item 3: a vote for a player already dead

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


# ------------------------------------------------------------------------------ item 4: times in the game's zone

def test_local_times_puts_every_instant_in_the_games_zone_to_the_minute():
    text = "ny day 2 (gm) — deadline 2026-11-30T13:05:00+03:00, as of 2026-11-30T09:39:02.558244+00:00\nat 10:00"
    assert local_times(text, MSK) == "ny day 2 (gm) — deadline 2026-11-30T13:05+03:00, as of 2026-11-30T12:39+03:00\n" \
                                     "at 10:00"


def test_tally_text_and_votes_json_read_in_the_games_zone(game_dir, monkeypatch):
    import mafvote.game as game_mod
    monkeypatch.setattr(game_mod, "utc_now", lambda: datetime(2027, 1, 1, 9, 0, 12, 345678, tzinfo=timezone.utc))
    code, out, err = run("tally", *WINDOW, "--format", "text", "--view", "gm")
    assert code == 0, err
    assert "ny, день 1 (подсчёт ведущего) — дедлайн 01.01.2027 18:00 МСК, по состоянию на 01.01.2027 12:00 МСК" in out
    assert "! пост изменён: Trusiki Kayfa, пост 28 — пост изменён в 31.12 17:20 МСК" in out
    assert "(причина: «опечатка в нике»)" in out and "засчитан голос в первой увиденной версии" in out
    assert "+00:00" not in out
    code, out, err = run("votes", "--player", "Ронин", "--format", "json")
    assert code == 0, err
    times = [v["time"] for v in json.loads(out)["votes"]]
    assert times == ["2026-12-31T00:20:00+03:00", "2027-01-01T08:00:00+03:00", "2027-01-01T08:00:00+03:00"]
    # the same instants as before (UTC): scripts comparing them keep working
    assert datetime.fromisoformat(times[0]) == datetime(2026, 12, 30, 21, 20, tzinfo=timezone.utc)


# ------------------------------------------------------------------- item 5: nicks that are common nouns

@pytest.mark.parametrize("nick,gender,gent,accs", [
    ("Шляпник", "m", "Шляпника", "Шляпника"), ("Ёжик", "m", "Ёжика", "Ёжика"), ("Дельта", "f", "Дельты", "Дельту")])
def test_a_common_noun_nick_is_declined_by_the_dictionary_and_needs_no_note(nick, gender, gent, accs):
    person = Person(nick, gender=gender)
    assert (case_of(person, "gent"), case_of(person, "accs")) == (gent, accs)
    assert inflection_note(person) is None and inflection_note(person, language="ru") is None


def test_a_nick_really_left_as_written_gets_the_note_in_the_gms_language():
    assert inflection_note(Person("Голан", gender="f"), language="ru") == (
        "Голан: «Голан» в постах не склоняется (род., вин., твор.: как написано); если должно, добавьте игроку в "
        "конфиге forms = { gent = \"…\" }")
    assert inflection_note(Person("Ронин", gender="m"), language="ru") == (
        "Ронин: «Ронин» просклонено по окончанию (род. Ронина, вин. Ронина, твор. Ронином); если неверно, добавьте "
        "игроку в конфиге forms = { gent = \"…\" }")


def test_the_gm_report_of_a_russian_speaking_gm_has_russian_notes_and_the_post_declines_the_noun():
    roster = [{"nick": "Шляпник", "gender": "m"}, {"nick": "Голан", "gender": "f"}, {"nick": "Соня"}]
    outcome = {"night": 1, "deaths": [], "public": [
        {"kind": "evidence", "text": "улики", "data": {"player": "Шляпник"}},
        {"kind": "evidence", "text": "улики", "data": {"player": "Голан"}},
        {"kind": "evidence", "text": "улики", "data": {"player": "Соня"}}]}
    data = {"roster": roster, "outcome": outcome}
    post_text = render("new_year", "night", data, fmt="text")
    assert "На снегу остались следы: улики указывают на Шляпника" in post_text
    notes = gm_notes(gm_report_data(data, language="ru"), theme="new_year")
    assert notes == [
        ("Голан: «Голан» в постах не склоняется (род., вин., твор.: как написано); если должно, добавьте игроку "
         "в конфиге forms = { gent = \"…\" }"),
        ("Соня: пола нет в списке игроков; по имени «Соня» взят женский пол (чтобы не гадать, добавьте игроку "
         "gender = \"m\"/\"f\")")]
    report = render("new_year", "gm_report", gm_report_data(data, language="ru"), fmt="text")
    assert "Шляпник:" not in report and "is left as written" not in report
    # English for an English-speaking GM, as before
    assert gm_notes(gm_report_data(data, language="en"), theme="new_year")[0] == (
        "Голан: «Голан» is left as written in gent, accs, ablt; if it should change, add forms = { gent = \"…\" } "
        "to the player in the config")


# --------------------------------------------------------------------- item 6: the HTML page's time left

@pytest.mark.parametrize("left,text", [
    (timedelta(minutes=1), "(осталась 1 минута)"), (timedelta(hours=1), "(остался 1 час)"),
    (timedelta(hours=2, minutes=5), "(осталось 2 часа 5 минут)"), (timedelta(hours=50), "(осталось 2 дня 2 часа)")])
def test_the_html_count_page_says_the_time_left_as_the_live_count_does(left, text):
    deadline = datetime(2027, 1, 1, 18, 0, tzinfo=MSK)
    t = {"view": "public", "day": 2, "deadline": deadline.isoformat(), "closed": False, "candidates": [],
         "not_voted": [], "silenced": [], "final": [], "outcome": {"eliminated": [], "reason": "pending"}}
    page = render("new_year", "votecount", {"tally": t, "deadline": deadline.isoformat(),
                                            "now": (deadline - left).isoformat()}, fmt="html")
    assert f"Голосование до 1 января, 18:00 {text}." in page
