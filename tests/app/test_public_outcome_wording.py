"""The public count's and the day result's wording, each with the exact
text a GM or a player sees:

1. nobody hanged under a public tie is posted as that tie, whatever hidden weights did to the real count: the tie
   sentence never comes and goes with the doctor's triple blue (RULES.md §3 "Two views", §3.9); 004's public first
   tie over a real save is the forgiven tie;
2. a save by a protection from hanging has its own line, and the line `day close` and the GM report offer "for the
   post" is the public post's (RULES.md §3.10);
3. the GM-view live count in BBCode is marked as not a post;
4. after the GM's own decision (`day close --eliminate` / `--nobody`) the closed count says what was applied;
5. the time left agrees with its number («остался 1 час», «осталась 1 минута»), days beyond 48 h.

The CLI games run on a local ForumSim (127.0.0.1) with the votes of the games that found these.
"""
from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

import mafvote_resolver
from mafvote import rulesets
from mafvote.render import render, roles_from_ruleset
from mafvote_resolver import apply_day, loads_ruleset
from mafvote_tally.format import (GM_WARNING, format_bbcode, hidden_outcome, outcome_text, public_outcome, shown_reason,
                                  time_left)
from support.games import FORUM_GAME_NOW, ForumGame

ROOT = Path(__file__).resolve().parents[2]
MSK = ZoneInfo("Europe/Moscow")
GRAND_HOTEL = roles_from_ruleset(rulesets.load("grand_hotel"))


def red(x: str) -> str:
    return f'<span style="color: red;" class="mycode_color">{x}</span>'


def blue(x: str) -> str:
    return f'<span style="color: blue;" class="mycode_color">{x}</span>'


def new_year_doctor_game(make, doctor_role: str) -> ForumGame:
    """001: public count Ронин 2, Пусс 2 (3 red − 1 blue from Доктор), Соня 2; with Доктор as Снеговик
    (blue ×3, hidden) the real count is Ронин 2, Соня 2, Пусс 0: a tie of two."""
    g = make("new_year", [("Ронин", "Санта Клаус", "m"), ("Доктор", doctor_role, "m"),
                          ("Алиса", "мирная зверюшка", "f"), ("Пусс", "мирная зверюшка", "m"),
                          ("Энзо", "мирная зверюшка", "m"), ("Соня", "мирная зверюшка", "f"),
                          ("Гафф", "мирная зверюшка", "m"), ("Мотя", "мирная зверюшка", "f")])
    for i, (voter, html) in enumerate([("Алиса", red("Пусс")), ("Энзо", red("Пусс")), ("Соня", red("Пусс")),
                                       ("Доктор", blue("Пусс")), ("Пусс", red("Ронин")), ("Гафф", red("Ронин")),
                                       ("Ронин", red("Соня")), ("Мотя", red("Соня"))]):
        g.vote(voter, html, f"2026-11-21T10:{i:02d}")
    g.ok("crawl")
    g.ok("night", "resolve", "--night", "1")
    return g


HOTEL = [("Тереса", "Донья Тереса", "f"), ("Диего", "Диего Муркиа", "m"), ("Альфредо", "Альфредо Вергара", "m"),
         ("Лаура", "Лаура", "f"), ("Элиса", "Донья Элиса", "f"), ("Анхела", "Анхела Салинас", "f"),
         ("Каталина", "Каталина", "f"), ("Эрнандо", "Эрнандо", "m"), ("София", "София Аларкон", "f"),
         ("Хавьер", "Хавьер", "m"), ("Хулио", "Хулио Ольмедо", "m")]


def hotel_public_tie_game(make) -> ForumGame:
    """004: Диего steals София's vote, Альфредо gives Анхела one more. Public count: Лаура 3, Элиса 3 (a tie);
    real count: Лаура 3, Элиса 4, and Элиса's one-time protection from hanging saves her."""
    g = make("grand_hotel", HOTEL)
    g.ok("night", "add", "--night", "1", "--actor", "Элиса", "Убиваю Каталину")
    g.ok("night", "add", "--night", "1", "--actor", "Диего", "Забираю голос Софии")
    g.ok("night", "add", "--night", "1", "--actor", "Альфредо", "Дарю голос Анхеле")
    g.ok("night", "resolve", "--night", "1")
    for i, (voter, target) in enumerate([("София", "Лаура"), ("Диего", "Лаура"), ("Эрнандо", "Лаура"),
                                         ("Тереса", "Элиса"), ("Анхела", "Элиса"), ("Альфредо", "Элиса"),
                                         ("Лаура", "Хулио"), ("Элиса", "Хулио"), ("Хавьер", "Тереса"),
                                         ("Хулио", "Тереса")]):
        g.vote(voter, red(target), f"2026-11-21T10:{i:02d}")
    g.ok("crawl")
    return g


# --- 1. a public tie is posted as the tie -------------------------------------------------------------------------

def test_rule_3_two_views_001_a_public_tie_that_hidden_weights_shrink_is_posted_as_the_public_tie(new_game):
    posts = {}
    for label, role in (("doctor", "Снеговик"), ("control", "мирная зверюшка")):
        g = new_year_doctor_game(new_game, role)
        close = g.ok("day", "close", "--day", "1").splitlines()
        assert close[:2] == ["День 1 (по подсчёту голосов)", "  Голоса разделились поровну, не вешается никто"]
        day = g.ok("render", "day", "1", "--variant", "0", "--format", "text")
        count = g.ok("render", "votecount", "1", "--format", "text")
        public = g.json("tally", "--day", "1")
        posts[label] = (day, count, public["outcome"], g.ok("tally", "--day", "1").splitlines()[-1])
    # the day post, the count and the public outcome are the same whether or not Доктор's blue weighed 3
    assert posts["doctor"] == posts["control"]
    day, count, outcome, text = posts["doctor"]
    assert day == "Голоса разделились поровну: не вешается никто.\n\nЖду НД до 21 ноября, 23:30.\n"
    assert count.splitlines()[-1] == "Голосование закрыто. Итог: ничья, не вешается никто"
    assert outcome == {"eliminated": [], "reason": "tie", "saved": [], "spent": [], "tied": ["Ронин", "Пусс", "Соня"]}
    assert text == "день закрыт; итог: ничья (Ронин, Пусс, Соня)"


def test_rule_3_two_views_001_the_gm_is_told_the_post_gives_the_public_tie(new_game):
    g = new_year_doctor_game(new_game, "Снеговик")
    close = g.ok("day", "close", "--day", "1").splitlines()
    note = ("открытый подсчёт показывает лидеров: Ронин, Пусс, Соня (по 2 голоса), но настоящий подсчёт (со скрытыми "
            "весами голосов) даёт другое: ничья (Ронин, Соня). В постах — ничья, которую видно в открытом подсчёте "
            "(ничья), и никогда настоящая причина; причину никому не сообщайте")
    assert f"ВНИМАНИЕ: {note}" in close
    report = g.ok("render", "day", "1", "--gm", "--format", "text").splitlines()
    assert f"- день 1: {note}" in report
    assert "- Голоса разделились поровну, не вешается никто" in report
    # the GM view keeps the real tie
    assert g.json("tally", "--day", "1", "--view", "gm")["outcome"]["tied"] == ["Ронин", "Соня"]


def test_rule_3_9_004_a_public_first_tie_over_a_real_protection_is_the_forgiven_tie(new_game):
    g = hotel_public_tie_game(new_game)
    assert g.json("tally", "--day", "1", "--view", "gm")["outcome"]["reason"] == "protected"
    close = g.ok("day", "close", "--day", "1").splitlines()
    assert close[:2] == ["День 1 (по подсчёту голосов)",
                         "  Голоса разделились поровну, не вешается никто"]
    assert "отмазан" not in "\n".join(close)
    assert ("ВНИМАНИЕ: открытый подсчёт показывает лидеров: Лаура, Элиса (по 3 голоса), но настоящий подсчёт (со "
            "скрытыми весами голосов) даёт другое: защита от казни (Элиса). В постах — ничья, которую видно в открытом "
            "подсчёте (ничья, первая за игру: не вешается никто), и никогда настоящая причина; причину никому не "
            "сообщайте. Настоящих ничьих ещё не было, поэтому следующая настоящая ничья тоже прощается; посты пишут "
            "любую ничью одинаково, так что по ней это не видно") in close
    # the theme's two wordings of the forgiven tie (templates/grand_hotel/theme.toml `day.reason.tie_forgiven`)
    for variant, line in (("0", "Голоса разделились поровну: отель прощает всех, никто не покидает отель."),
                          ("1", "Ничья: никто не выбывает.")):
        post = g.ok("render", "day", "1", "--variant", variant, "--format", "text")
        assert line in post.splitlines() and "защит" not in post
    assert g.ok("render", "votecount", "1", "--format", "text").splitlines()[-1] == (
        "Голосование закрыто. Итог: ничья, не вешается никто")
    assert g.json("tally", "--day", "1")["outcome"] == {
        "eliminated": [], "reason": "tie_forgiven", "saved": [], "spent": [], "tied": ["Лаура", "Элиса"]}
    report = g.ok("render", "day", "1", "--gm", "--format", "text").splitlines()
    assert "- Голоса разделились поровну, не вешается никто" in report
    # the protection is spent all the same: the result is the GM view's (RULES.md §3 "Two views")
    assert g.json("state")["hang_protection"].get("Элиса") is None


def cand(player: str, total: int) -> dict:
    return {"player": player, "total": total, "red": total, "blue": 0, "penalty": 0, "voters": []}


def closed_public(candidates: list[dict], outcome: dict, **extra) -> dict:
    return {"game": "g", "day": 2, "view": "public", "deadline": "2026-11-22T22:00:00+03:00", "closed": True,
            "closed_early": None, "candidates": candidates, "not_voted": [], "silenced": [], "final": [],
            "colors_matter": False, "outcome": {"eliminated": [], "saved": [], "spent": [], "tied": [], **outcome},
            **extra}


def test_rule_3_9_004_a_public_tie_over_a_real_tie_of_others_is_the_forgiven_tie_the_counter_moves_with():
    count = closed_public([cand("Лаура", 3), cand("Элиса", 3), cand("Хулио", 2)],
                          {"reason": "tie_forgiven", "tied": ["Лаура", "Хулио"]})
    assert shown_reason(count) == "tie_forgiven"
    assert outcome_text(count) == "ничья, не вешается никто"
    assert public_outcome(count)["tied"] == ["Лаура", "Элиса"]


def test_rule_3_9_004_after_a_real_tie_a_public_tie_that_hangs_nobody_gives_no_reason():
    # a second tie hangs all the tied (RULES.md §3.9): nobody hanged cannot be told as the public tie
    count = closed_public([cand("Лаура", 3), cand("Элиса", 3)], {"reason": "protected", "saved": ["Элиса"]},
                          ties_before=1)
    assert shown_reason(count) == "undisclosed"
    assert outcome_text(count) == "не вешается никто"
    assert public_outcome(count) == {"eliminated": [], "reason": "undisclosed", "saved": [], "spent": [], "tied": []}
    assert hidden_outcome(count).endswith("the posts say only who is hanged (or that nobody is), never why; "
                                          "tell no one the reason")
    data = {"roster": [{"nick": "Лаура", "gender": "f"}, {"nick": "Элиса", "gender": "f"}], **GRAND_HOTEL,
            "outcome": {"day": 2, "deaths": [], "saved": [], "public": []}, "tally": count}
    post = render("grand_hotel", "day", data, fmt="text", variant=0)
    assert "Не вешается никто." in post.splitlines()
    assert "поровну" not in post and "Ничья" not in post and "защит" not in post


def test_rule_3_two_views_a_clear_public_leader_nobody_hangs_still_gives_no_reason():
    count = closed_public([cand("Лаура", 4), cand("Элиса", 3)], {"reason": "tie", "tied": ["Лаура", "Элиса"]},
                          colors_matter=True)
    assert shown_reason(count) == "undisclosed"


# --- 2. the protection's own line; the line for the post ----------------------------------------------------------

def test_rule_3_10_004_a_protection_saves_the_clear_leader_with_its_own_line(new_game):
    # 004: Элиса is the clear leader, public and real; her one-time protection saves her
    g = new_game("grand_hotel", HOTEL[:6])
    g.ok("night", "add", "--night", "1", "--actor", "Лаура", "Убиваю Анхелу")
    g.ok("night", "resolve", "--night", "1")
    for voter in ("Тереса", "Диего", "Альфредо", "Лаура"):
        g.vote(voter, red("Элиса"), "2026-11-21T10:00")
    g.vote("Элиса", red("Тереса"), "2026-11-21T10:01")
    g.ok("crawl")
    closed = g.json("day", "close", "--day", "1")
    assert closed["day"]["public"] == [{"kind": "protected", "text": "У обречённого была защита от казни, не вешается никто",
                                        "data": {"player": "Элиса"}}]
    assert "Никто не выбывает: у обречённого была защита." in g.ok(
        "render", "day", "1", "--variant", "1", "--format", "text").splitlines()
    report = g.ok("render", "day", "1", "--gm", "--format", "text").splitlines()
    assert "- У обречённого была защита от казни, не вешается никто" in report


def test_rule_3_10_apply_day_gives_the_public_posts_line_when_the_public_count_shows_no_save():
    ruleset = loads_ruleset((ROOT / "rulesets" / "grand_hotel.toml").read_text(encoding="utf-8"),
                            "rulesets/grand_hotel.toml")
    state = mafvote_resolver.new_game("g", [{"nick": n, "role": role, "gender": gender} for n, role, gender in HOTEL],
                                      ruleset)
    out = apply_day(ruleset, state, ["Элиса"], day=1, reason="tie_forgiven")
    assert out.saved == (("Элиса", "protected"),)
    assert [(p.kind, p.text) for p in out.public] == [
        ("nobody", "Голоса разделились поровну, не вешается никто")]
    out = apply_day(ruleset, state, ["Элиса"], day=1, reason="undisclosed")
    assert [(p.kind, p.text) for p in out.public] == [("nobody", "Не вешается никто")]
    out = apply_day(ruleset, state, ["Элиса"], day=1, reason="protected")
    assert [(p.kind, p.text) for p in out.public] == [
        ("protected", "У обречённого была защита от казни, не вешается никто")]


# --- 3. the GM view's live count is no post ------------------------------------------------------------------------

def test_rule_3_two_views_the_gm_bbcode_count_is_marked_and_has_no_post_title(new_game):
    g = new_year_doctor_game(new_game, "Снеговик")
    gm = g.ok("tally", "--day", "1", "--view", "gm", "--format", "bbcode").splitlines()
    assert gm[:2] == ["[ГМ — НЕ ПУБЛИКОВАТЬ: здесь скрытые веса]", "[b]Подсчёт ведущего, день 1[/b]"]
    assert "Подсчёт голосов" not in "\n".join(gm)
    assert "[color=#0000FF]Пусс[/color] — 3 голоса (Доктор ×3)" in gm
    public = g.ok("tally", "--day", "1", "--format", "bbcode").splitlines()
    assert public[0] == "[b]Подсчёт голосов, день 1[/b]" and GM_WARNING not in public


# --- 4. the GM's own decision in the closed count ------------------------------------------------------------------

def test_rule_3_the_count_of_a_day_the_gm_decided_says_the_applied_result(new_game):
    g = new_year_doctor_game(new_game, "мирная зверюшка")     # a plain tie Ронин / Пусс / Соня
    g.ok("day", "close", "--day", "1", "--eliminate", "Гафф")
    assert g.ok("render", "day", "1", "--format", "text", "--variant", "2").splitlines()[0] == \
        "Праздничный салют оказался последним для Гаффа"
    for view in ("public", "gm"):
        assert g.ok("tally", "--day", "1", "--view", view).splitlines()[-1] == "день закрыт; итог: решение ведущего → Гафф"
        assert g.json("tally", "--day", "1", "--view", view)["outcome"] == {
            "eliminated": ["Гафф"], "reason": "decision", "saved": [], "spent": [], "tied": []}
    assert g.ok("render", "votecount", "1").splitlines()[-1] == (
        "[b]Голосование закрыто.[/b] Итог: решение ведущего: Гафф покидает игру")
    assert g.ok("tally", "--day", "1", "--format", "bbcode").splitlines()[-1] == (
        "[b]Голосование закрыто.[/b] Итог: решение ведущего: Гафф покидает игру")
    # undo: the count's own result again
    g.ok("undo")
    g.ok("day", "close", "--day", "1", "--nobody")
    assert g.ok("render", "votecount", "1", "--format", "text").splitlines()[-1] == (
        "Голосование закрыто. Итог: решение ведущего: не вешается никто")
    g.ok("undo")
    g.ok("day", "close", "--day", "1")
    assert g.ok("render", "votecount", "1", "--format", "text").splitlines()[-1] == (
        "Голосование закрыто. Итог: ничья, не вешается никто")


# --- 5. the time left ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("left,text", [
    (timedelta(seconds=30), "осталось меньше минуты"),
    (timedelta(minutes=1), "осталась 1 минута"),
    (timedelta(minutes=2), "осталось 2 минуты"),
    (timedelta(minutes=21), "осталась 21 минута"),
    (timedelta(minutes=11), "осталось 11 минут"),
    (timedelta(hours=1), "остался 1 час"),
    (timedelta(hours=1, minutes=5), "остался 1 час 5 минут"),
    (timedelta(hours=21, minutes=1), "остался 21 час 1 минута"),
    (timedelta(hours=3, minutes=1), "осталось 3 часа 1 минута"),
    (timedelta(hours=11, minutes=21), "осталось 11 часов 21 минута"),
    (timedelta(hours=47, minutes=59), "осталось 47 часов 59 минут"),
    (timedelta(hours=48), "осталось 2 дня"),
    (timedelta(days=2, hours=3, minutes=40), "осталось 2 дня 3 часа"),
    (timedelta(days=21, hours=1), "остался 21 день 1 час"),
    (timedelta(hours=729, minutes=22), "осталось 30 дней 9 часов"),
])
def test_rule_6_the_time_left_agrees_with_its_first_number(left, text):
    assert time_left(FORUM_GAME_NOW + left, FORUM_GAME_NOW) == text


def test_rule_6_the_live_count_writes_the_time_left_with_its_verb():
    count = closed_public([cand("Лаура", 1)], {"reason": "pending"}, closed=False)
    deadline = datetime(2026, 11, 22, 22, 0, tzinfo=MSK)
    assert format_bbcode(count, deadline - timedelta(hours=1)).splitlines()[-1] == (
        "[b]Голосование до 22 ноября, 22:00 (остался 1 час).[/b]")
    assert format_bbcode(count, deadline - timedelta(minutes=1), markup=False).splitlines()[-1] == (
        "Голосование до 22 ноября, 22:00 (осталась 1 минута).")
    assert format_bbcode(count, deadline + timedelta(minutes=1), markup=False).splitlines()[-1] == (
        "Голосование до 22 ноября, 22:00.")
