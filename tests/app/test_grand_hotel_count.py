"""The count of a 004 («Гранд Отель») game as its GM sees it: a colour-blind game's count never speaks of red and
blue (RULES.md §3.4), while the colour games keep both; a post that names a player but is no vote, and a vote
posted in the night before the day, are flagged to the GM (§2, §3.1); a tie that hangs all but a protected player
says who hangs and who survives (§3.10). The game's end of 004 is in test_game_end.py, its modkill in
test_modkill.py."""
from __future__ import annotations

import json
import tomllib
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from mafvote import alert_rules
from mafvote.render import build_data, render
from mafvote_resolver import GameState, apply_day, new_game
from mafvote_tally import (DayState, Player, Post, Roster, Shield, Tally, VoteRules, count_day, format_bbcode,
                           format_text)
from support.cli import ok
from support.game_dir import DAY_1_DEADLINE, GRAND_HOTEL_ROLES, grand_hotel_night_1
from support.nights import GH, GRAND_HOTEL_ACCOUNTS, GRAND_HOTEL_RENDER_ROSTER

ROOT = Path(__file__).resolve().parents[2]
GH_VOTES = VoteRules.from_mapping(tomllib.loads((ROOT / "rulesets" / "grand_hotel.toml").read_text("utf-8"))["votes"])
COLOUR_VOTES = VoteRules.from_mapping({"colors_matter": True})
MSK = ZoneInfo("Europe/Moscow")
GM = "Ведущий"
NICKS = tuple(n for n, _, _ in GRAND_HOTEL_ACCOUNTS)
PLAYERS = Roster(tuple(Player(n) for n in NICKS), gms=(GM,))


def at(day: int, hhmm: str) -> datetime:
    h, m = (int(x) for x in hhmm.split(":"))
    return datetime(2026, 11, 21 + day, h, m, tzinfo=MSK)


_ids = iter(range(1, 10**6))


def post(author: str, when: datetime, html: str) -> Post:
    return Post(next(_ids), "vote", author, when, html)


def red(name: str) -> str:
    return f'<span style="color: red;" class="mycode_color">{name}</span>'


def day_1(**kw) -> DayState:
    """Day 1 of the test game: night 1 from 20.11 20:00, day 1 from 21.11 21:30 to 22.11 21:00."""
    base = dict(day=1, deadline=at(1, "21:00"), alive=NICKS, start=at(0, "21:30"),
                night_start=datetime(2026, 11, 20, 20, 0, tzinfo=MSK))
    return DayState(**{**base, **kw})


def gh_count(posts, *, rules: VoteRules = GH_VOTES, view: str = "gm", as_of: datetime | None = None,
             **kw) -> Tally:
    return count_day(posts, day_1(**kw), PLAYERS, rules, game="gh", view=view, as_of=as_of)


def flags(t: Tally, kind: str) -> list[tuple[str | None, str]]:
    return [(f.player, f.detail) for f in t.flags if f.kind == kind]


# --- #9 a colour-blind game's count never speaks of red and blue (RULES.md §3.4) ------------------------------

def open_004_count() -> Tally:
    # s26: two votes on Юка, one on Трубодур; day 1 still open (as of noon)
    return gh_count([post("Ромашка", at(1, "10:01"), red("Юка")), post("Нелепость", at(1, "10:02"), "<b>Юка</b>"),
                     post("King EcitoN", at(1, "10:03"), "Трубодур")], view="public", as_of=at(1, "12:00"))


def test_rule_3_4_the_004_live_count_post_says_against_never_red_or_blue():
    t = open_004_count()
    assert t.colors_matter is False and t.to_json()["colors_matter"] is False
    text = format_bbcode(t, at(1, "12:00"))
    assert text.splitlines()[:8] == [
        "[b]Подсчёт голосов, день 1[/b]", "",
        "[u]Против:[/u]",
        "[color=#FF0000]Юка[/color] — 2 голоса (Ромашка, Нелепость)",
        "[color=#FF0000]Трубодур[/color] — 1 голос (King EcitoN)", "",
        "[u]Итого:[/u]",
        "Юка: 2",
    ]
    assert "Трубодур: 1\n" in text
    for word in ("Красные", "красных", "Синие", "синих", "В защиту", "в защиту"):
        assert word not in text


def test_rule_3_4_the_004_gm_count_shows_the_penalty_without_colours():
    t = gh_count([post("Ромашка", at(1, "10:01"), red("Юка"))])       # closed: penalties count
    text = format_bbcode(t, at(1, "22:00"))
    assert "Юка: 2 (голосов: 1, штраф +1)" in text
    assert "Nejka: 1 (голосов: 0, штраф +1)" in text
    assert "красн" not in text and "синих" not in text
    table = format_text(t)
    header = next(line for line in table.splitlines() if "player" in line)
    assert [w for w in header.replace("┃", " ").split()] == ["player", "total", "votes", "penalty", "voters"]


def test_the_colour_games_keep_red_and_blue_in_the_count_post():
    t = gh_count([post("Ромашка", at(1, "10:01"), red("Юка"))], rules=COLOUR_VOTES, view="public",
                 as_of=at(1, "12:00"))
    text = format_bbcode(t, at(1, "12:00"))
    # one wording of the live count for every producer: red is «Против», blue «В защиту» (RULES.md §2)
    assert "[u]Против:[/u]" in text and "Юка: 1 (против 1, в защиту 0)" in text


def test_rule_3_4_the_published_004_html_page_has_no_defence_column():
    data = build_data(tally=open_004_count().to_json(), game={"id": "gh", "title": "Гранд Отель",
                                                              "players": GRAND_HOTEL_RENDER_ROSTER},
                      ruleset=GH, now=at(1, "12:00"), deadline=at(1, "21:00"))
    html = render("grand_hotel", "votecount", data, fmt="html")
    assert "<tr><th>Игрок</th><th>Голоса</th><th>Итого</th></tr>" in html
    assert "В защиту" not in html and 'class="blue"' not in html
    assert '<td class="red">2: Ромашка, Нелепость</td>' in html
    # the BBCode of `render votecount` was already right: «Против:»
    assert "[u]Против:[/u]" in render("grand_hotel", "votecount", data, fmt="bbcode")


def test_rule_3_4_the_colour_games_html_page_keeps_both_columns():
    t = gh_count([post("Ромашка", at(1, "10:01"), red("Юка"))], rules=COLOUR_VOTES, view="public",
                 as_of=at(1, "12:00"))
    html = render("new_year", "votecount", build_data(tally=t.to_json(), now=at(1, "12:00")), fmt="html")
    assert "<tr><th>Игрок</th><th>Против</th><th>В защиту</th><th>Итого</th></tr>" in html


# --- #10 (a) a post that names a player but is no vote (RULES.md §2) ------------------------------------------

def test_rule_2_004_a_name_in_a_sentence_is_no_vote_and_is_flagged_not_a_vote():
    t = gh_count([post("Нелепость", at(1, "10:00"), "голосую Трубодур")])
    assert [v for v in t.votes if v.voter == "Нелепость"] == []
    assert "Нелепость" in t.not_voted
    assert flags(t, "not_a_vote") == [(
        "Нелепость", "'Трубодур' is written in plain text (not in a colour, not bold, not alone on a line), so it "
                     "is not a vote (RULES.md §2); if the player meant to vote, ask them to vote again")]
    f = next(f for f in t.flags if f.kind == "not_a_vote")
    assert f.data == {"names": [{"written": "Трубодур", "player": "Трубодур"}], "colors_matter": False}


def test_rule_2_colour_games_a_name_without_colour_is_no_vote_and_is_flagged():
    t = gh_count([post("Нелепость", at(1, "10:00"), "Трубодур"),
                  post("Буба", at(1, "10:05"), "мой голос против Масини")], rules=COLOUR_VOTES)
    assert flags(t, "not_a_vote") == [
        ("Нелепость", "'Трубодур' is written without red or blue and without КРАСНЫМ/СИНИМ, so it is not a vote "
                      "(RULES.md §2); if the player meant to vote, ask them to vote again"),
        ("Буба", "'Масини' is written without red or blue and without КРАСНЫМ/СИНИМ, so it is not a vote "
                 "(RULES.md §2); if the player meant to vote, ask them to vote again")]


@pytest.mark.parametrize("html", [
    "<b>Трубодур</b>",                                              # 004: bold is a vote
    "Трубодур<br />\nпотому что он подозрительно молчит",            # 004: alone on a line is a vote
    '<blockquote class="mycode_quote"><cite>Nejka написал:</cite>голосую Трубодур</blockquote>согласен',
    "Я пока воздержусь, но присматриваюсь к Трубодуру.",             # talk: no vote word
    "Трубодур, серьёзно? Ты же вчера молчал",                         # talk addressed to a player
    "голосую Нелепость",                                             # the author's own name
    "голосую Масини",                                                # Масини is dead today
])
def test_rule_2_not_a_vote_stays_quiet_for_votes_quotes_talk_and_own_name(html):
    alive = tuple(n for n in NICKS if n != "Масини")
    t = gh_count([post("Нелепость", at(1, "10:00"), html)], alive=alive)
    assert flags(t, "not_a_vote") == []


def test_rule_2_a_player_with_a_counted_vote_and_a_vote_without_colour_keeps_the_counted_one():
    t = gh_count([post("Нелепость", at(1, "10:00"), red("Юка")), post("Нелепость", at(1, "11:00"), "голосую Трубодур")])
    assert [(v.voter, v.target) for v in t.votes if v.counted] == [("Нелепость", "Юка")]
    assert [p for p, _ in flags(t, "not_a_vote")] == ["Нелепость"]


def test_rule_2_the_gm_posts_and_the_dead_are_never_flagged_not_a_vote():
    alive = tuple(n for n in NICKS if n != "Буба")
    t = gh_count([post(GM, at(1, "10:00"), "Напоминаю: голосуем за Трубодура или Масини до 21:00"),
                  post("Буба", at(1, "10:05"), "голосую Трубодур")], alive=alive)
    assert flags(t, "not_a_vote") == []


# --- #10 (b) a vote posted in the night before the day (RULES.md §3.1) ----------------------------------------

def test_rule_3_1_a_vote_posted_at_night_does_not_count_and_is_flagged_early_post():
    # s28: Буба votes during night 1 (21.11 21:00, before the day's start at 21:30) and not again
    t = gh_count([post("Буба", at(0, "21:00"), red("Трубодур")), post("Юка", at(1, "20:59"), red("Трубодур"))])
    assert [(v.voter, v.target, v.counted) for v in t.votes] == [("Юка", "Трубодур", True)]
    assert "Буба" in t.not_voted
    assert flags(t, "early_post") == [(
        "Буба", "vote at 2026-11-21T21:00:00+03:00 is before the day's start 2026-11-21T21:30:00+03:00: not counted "
                "(a vote posted at night does not carry over; the player must vote again during the day)")]
    f = next(f for f in t.flags if f.kind == "early_post")
    assert f.data == {"time": "2026-11-21T21:00:00+03:00", "start": "2026-11-21T21:30:00+03:00",
                      "votes": [{"written": "Трубодур", "color": "red"}], "voted_again": False}
    # like `late`, it is about how a post was read: the public view shows it too (tally/views.py)
    assert [f.kind for f in gh_count([post("Буба", at(0, "21:00"), red("Трубодур"))], view="public").flags] == \
        ["early_post"]


def test_rule_3_1_a_night_vote_followed_by_a_day_vote_says_the_player_voted_again():
    t = gh_count([post("Буба", at(0, "21:00"), red("Трубодур")), post("Буба", at(1, "10:00"), red("Масини"))])
    assert [(v.voter, v.target, v.counted) for v in t.votes] == [("Буба", "Масини", True)]
    assert flags(t, "early_post") == [(
        "Буба", "vote at 2026-11-21T21:00:00+03:00 is before the day's start 2026-11-21T21:30:00+03:00: not counted "
                "(the player voted again during the day)")]
    flag = next(f.to_json() for f in t.flags if f.kind == "early_post")
    assert alert_rules.flag_text(flag, t, tz=MSK, language="ru") == (
        "голос до начала дня", "голос в 21.11 21:00 МСК подан до начала дня (21.11 21:30 МСК); не засчитан — днём "
                               "игрок проголосовал заново")


def test_rule_3_1_only_the_night_before_the_day_is_flagged_not_earlier_days():
    # day 2 of the game: its night began at day 1's deadline; day 1's votes are not day 2's early posts
    state = dict(day=2, deadline=at(2, "21:00"), start=at(1, "22:30"), night_start=at(1, "21:00"))
    t = gh_count([post("Буба", at(1, "20:00"), red("Трубодур")), post("Юка", at(1, "21:10"), red("Масини")),
                  post(GM, at(1, "21:20"), "Буба — " + red("Масини"))], **state)
    assert [p for p, _ in flags(t, "early_post")] == ["Юка"]
    # without the night's start (a first day with no night before) nothing is flagged
    assert flags(gh_count([post("Юка", at(1, "21:10"), red("Масини"))], **{**state, "night_start": None}),
                 "early_post") == []


def test_the_new_flags_alert_the_gm_in_russian():
    t = gh_count([post("Нелепость", at(1, "10:00"), "голосую Трубодур"), post("Буба", at(0, "21:00"), red("Трубодур"))])
    alerts = alert_rules.flag_alerts("gh", t, now=at(1, "12:00"), language="ru", tz=MSK,
                                     post_url="http://f/p{post_id}")
    assert sorted(a.text for a in alerts) == [
        "День 1, голос до начала дня: Буба: голос в 21.11 21:00 МСК подан до начала дня (21.11 21:30 МСК); "
        "не засчитан — игрок должен проголосовать заново днём",
        "День 1, имя без голоса: Нелепость: «Трубодур»: имя написано простым текстом (не цветом, не жирным и не "
        "отдельной строкой) — по правилам игры это не голос; если игрок хотел проголосовать, попросите его "
        "проголосовать заново",
    ]
    assert {a.kind for a in alerts} == {"vote_flag"}
    en = alert_rules.flag_alerts("gh", t, now=at(1, "12:00"), tz=MSK, language="en")
    assert sorted(a.text.split(":")[0] for a in en) == ["Day 1, early_post", "Day 1, not_a_vote"]


def test_the_colour_games_not_a_vote_alert_names_the_colours():
    t = gh_count([post("Нелепость", at(1, "10:00"), "Трубодур")], rules=COLOUR_VOTES)
    label, text = alert_rules.flag_text(next(f.to_json() for f in t.flags if f.kind == "not_a_vote"), t,
                                        language="ru")
    assert (label, text) == ("имя без голоса", "«Трубодур»: имя написано не красным и не синим и без слов "
                             "КРАСНЫМ/СИНИМ — это не голос; если игрок хотел проголосовать, попросите его "
                             "проголосовать заново")


# --- #12 a tie that hangs everyone but a protected player (RULES.md §3.10) ------------------------------------

def gh_game() -> GameState:
    return new_game("gh", [{"nick": n, "gender": g, "role": r} for n, g, r in GRAND_HOTEL_ACCOUNTS], GH)


def test_rule_3_10_tie_all_with_a_protected_player_hangs_the_others_and_says_who_survived():
    out = apply_day(GH, gh_game(), ["Юка", "Масини"], day=2)       # Юка (София): one-time hang protection
    assert [p.text for p in out.public] == ["Юка избежала казни (защита от казни)", "Повешен Масини (город)"]
    assert "не вешается никто" not in " ".join(p.text for p in out.public).lower()
    assert [d.player for d in out.deaths] == ["Масини"] and out.saved == (("Юка", "protected"),)


@pytest.mark.parametrize("gender, line", [("f", "Юка избежала казни (защита от казни)"),
                                          ("m", "Юка избежал казни (защита от казни)"),
                                          (None, "Юка избегает казни (защита от казни)")])
def test_rule_6_the_survivor_of_a_tie_all_is_told_without_a_guessed_gender(gender, line):
    # issue 14: no GM writes «избежал(а)»; a player without a gender gets the present tense («избегает»)
    genders = {n: g for n, g, _ in GRAND_HOTEL_ACCOUNTS} | {"Юка": gender}
    players = [{"nick": n, "role": r, **({"gender": genders[n]} if genders[n] else {})}
               for n, _, r in GRAND_HOTEL_ACCOUNTS]
    out = apply_day(GH, new_game("gh", players, GH), ["Юка", "Масини"], day=2)
    assert [p.text for p in out.public] == [line, "Повешен Масини (город)"]
    assert "(а)" not in " ".join(p.text for p in out.public)


def test_rule_3_10_a_single_protected_doomed_reads_the_protection_not_an_alibi():
    # «Обречённый отмазан» is an alibi's line; a protection has its own kind and line
    out = apply_day(GH, gh_game(), ["Юка"], day=2)
    assert [(p.kind, p.text) for p in out.public] == [
        ("protected", "У обречённого была защита от казни, не вешается никто")]


def tie_all_count(view: str) -> Tally:
    # s10 day 2: six votes each on Юка and Масини, the second tie of the game; Юка is protected
    votes = [(v, "Юка") for v in ("King EcitoN", "Nejka", "Нелепость", "Alex306", "Буба", "Krassa")]
    votes += [(v, "Масини") for v in ("Тристам", "Алиша", "Трубодур", "Ромашка", "Игрок", "Соня")]
    votes += [("Юка", "Ронин"), ("Ронин", "Алиша"), ("Масини", "Ронин")]
    posts = [post(v, at(1, "10:00") + timedelta(minutes=i), red(target)) for i, (v, target) in enumerate(votes)]
    return gh_count(posts, view=view, ties_so_far=1,
                    shields=(Shield("Юка", "protected", "one-time protection from hanging", consumable=True),))


def test_rule_3_10_the_count_result_line_names_the_hanged_and_the_saved():
    gm = tie_all_count("gm")
    assert (gm.outcome.reason, gm.outcome.eliminated, gm.outcome.saved) == ("tie_all", ("Масини",), ("Юка",))
    assert format_bbcode(tie_all_count("public"), at(1, "22:00")).splitlines()[-1] == (
        "[b]Голосование закрыто.[/b] Итог: ничья (Юка, Масини), вешаются все, набравшие поровну: Масини; "
        "защита от казни спасла: Юка")
    data = build_data(tally=tie_all_count("public").to_json(), game={"id": "gh", "players": GRAND_HOTEL_RENDER_ROSTER},
                      ruleset=GH)
    # `render votecount` is the same live count as the daemon's (tally.format.format_bbcode)
    assert render("grand_hotel", "votecount", data).splitlines()[-1] == (
        "[b]Голосование закрыто.[/b] Итог: ничья (Юка, Масини), вешаются все, набравшие поровну: Масини; "
        "защита от казни спасла: Юка")


@pytest.mark.parametrize("variant,line", [
    (0, "Суд обитателей отеля пощадил одну из набравших поровну: Юка остаётся в отеле, её спасла защита от казни."),
    (1, "Юка избежала казни: её спасла защита."),
])
def test_rule_3_10_the_day_post_says_who_hangs_and_that_the_protected_survives(variant, line):
    out = apply_day(GH, gh_game(), ["Юка", "Масини"], day=2)
    data = build_data(outcome=out.to_json(), game={"id": "gh", "players": GRAND_HOTEL_RENDER_ROSTER}, ruleset=GH,
                      deadline="2026-11-23T22:30+03:00")
    lines = render("grand_hotel", "day", data, variant=variant).splitlines()
    hanged = ("Суд обитателей отеля: Масини покинул отель навсегда (персонал отеля, город)." if variant == 0
              else "Повешен Масини (персонал отеля, город)")
    assert lines[3:5] == [hanged, line]
    assert not any("не вешается никто" in x.lower() or "никто не выбывает" in x.lower() for x in lines)


# --- the CLI: `tally --format bbcode` of a 004 game (RULES.md §3.4) ----------------------------------------

def test_rule_3_4_tally_format_bbcode_of_a_004_game_says_against(play):
    play("grand_hotel", GRAND_HOTEL_ROLES)
    grand_hotel_night_1()
    text = ok("tally", "--day", "1", "--deadline", DAY_1_DEADLINE, "--format", "bbcode")
    assert "[u]Против:[/u]" in text.splitlines()
    assert not any(w in text for w in ("Красные", "Синие", "красных", "синих"))
    assert json.loads(ok("tally", "--day", "1", "--deadline", DAY_1_DEADLINE, "--format", "json"))[
        "colors_matter"] is False
