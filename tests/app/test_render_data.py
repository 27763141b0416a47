"""The renderer's inputs from the application (config players, rulesets) and the posts only the GM reads:
the live count's deadline and time left, the HTML count page, the GM's report of a seed night."""
from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from mafvote import rulesets
from mafvote.config import PlayerConfig
from mafvote.render import build_data, load_flavor, render, roles_from_ruleset, roster_from_config
from support.count import MSK

DATA = Path(__file__).resolve().parents[1] / "data" / "render"


def test_roles_from_the_bundled_rulesets_mark_plain_roles_and_death_labels():
    ny = roles_from_ruleset(rulesets.load("new_year"))
    assert ny["roles"]["мирная зверюшка"]["plain"] is True
    assert ny["roles"]["Злой эльф"]["plain"] is False          # a rank: shown with its side
    assert ny["roles"]["Санта Клаус"]["label"] == "босс мафии"
    assert ny["sides"]["town"] == {"kind": "town", "title": "мирный", "title_f": "мирная"}
    pec = roles_from_ruleset(rulesets.load("peculiar"))
    assert pec["roles"]["Оливия Абрахолос Элефанта"]["forms"]["gent"] == "Оливии"
    assert pec["roles"]["Странный ребёнок"]["plain"] is True


def test_build_data_from_config_players_and_a_ruleset_renders_the_seed_line():
    players = [PlayerConfig(nick="Соня", gender="f", forms={"accs": "Соню"}),
               PlayerConfig(nick="Ronin", aliases=["Ронин"], gender="m", forms={"nomn": "Ронин"}),
               PlayerConfig(nick="Гафф", gender="f")]
    assert roster_from_config(players)[0] == {"nick": "Соня", "aliases": [], "gender": "f", "mask": "",
                                              "forms": {"accs": "Соню"}, "replaced_by": None}
    outcome = {"night": 3, "deaths": [
        {"player": "Гафф", "role": "Хлопушка", "side": "town", "revealed": True, "causes": ["boss"]},
        {"player": "Ronin", "role": "Санта Клаус", "side": "mafia", "revealed": True, "causes": ["shahid"]}],
        "silenced": [], "public": []}
    data = build_data(outcome=outcome, game={"id": "ny", "title": "Новогодняя мафия", "players": players},
                      ruleset=rulesets.load("new_year"), deadline="2026-12-30T22:00+03:00")
    out = render("new_year", "night", data, fmt="bbcode", variant=1)
    assert out == ("Трупы: Гафф - Хлопушка (мирная), Ронин - Санта Клаус (босс мафии)\n"
                   "\n"
                   "[b]Жду голоса до 30 декабря, 22:00.[/b]\n")


def counts() -> dict:
    return json.loads((DATA / "tally_001_day1.json").read_text(encoding="utf-8"))


def test_live_count_shows_voters_in_order_totals_non_voters_and_time_left():
    c = counts()
    out = render("new_year", "votecount", {"tally": c["public_open"], "now": c["now"],
                                           "deadline": c["public_open"]["deadline"]}, fmt="text")
    assert out.splitlines()[:4] == [
        "Подсчёт голосов, день 1", "", "Против:",
        "lolbabe — 10 голосов (Дени, РэдДи, King Eciton, Trium, Exlay, Гафф, Алукард, Enzo, Nevermore, Соня)"]
    assert "Не проголосовали: Puss" in out
    assert out.rstrip().endswith("Голосование до 28 декабря, 22:00 (осталось 2 часа).")
    closed = render("new_year", "votecount", {"tally": c["public_closed"]}, fmt="text")
    assert "Puss: 2 (против 0, в защиту 0, штраф +2)" in closed
    assert closed.rstrip().endswith("Голосование закрыто. Итог: lolbabe покидает игру")


def test_live_count_html_page():
    c = counts()
    out = render("new_year", "votecount", {"tally": c["public_open"], "now": c["now"],
                                           "deadline": c["public_open"]["deadline"]}, fmt="html")
    assert out.startswith("<!doctype html>")
    assert "<tr><td>Trium</td>\n<td class=\"red\">2: Сальвия, Ronin</td>\n<td class=\"blue\">1: Alisa</td>\n" \
           "<td>1</td></tr>" in out
    assert "осталось 2 часа" in out


def test_gm_report_of_the_seed_000_night_says_what_happened_and_why():
    doc = json.loads((DATA / "seed_000_peculiar.json").read_text(encoding="utf-8"))
    data = {k: doc[k] for k in ("game", "roster", "roles", "sides")}
    data["outcome"] = doc["phases"][0]["outcome"]
    out = render("peculiar", "gm_report", data, fmt="text")
    for line in ("Отчёт ведущему, ночь 1",
                 "- Фредди: Мено и Куо-Рама, сторона peculiar; роль открыта; причина: killed by Рики (boss)",
                 "- Эддисон МакГенри: 1 дн.; объявлено",
                 "Отмазы на день: Рики",
                 "Голос не засчитывается (скрыто): Рики",
                 "- Фредди: Клэр Денсмор: найм удался",
                 "- Рики evidence: p=0.75 → нет (задано ведущим)",
                 "- Доктор Голан брала интервью у Оливии"):
        assert line in out.splitlines(), line


def test_flavour_file_per_phase_from_a_folder(tmp_path):
    (tmp_path / "night-2.txt").write_text("\ufeffАууу где все.. куда разбежались после фейервека?\n", encoding="utf-8")
    (tmp_path / "day1.txt").write_text("*все водят хоровод вокруг ёлочки*", encoding="utf-8")
    assert load_flavor(tmp_path, "night", 2) == "Аууу где все.. куда разбежались после фейервека?\n"
    assert load_flavor(tmp_path, "day", 1) == "*все водят хоровод вокруг ёлочки*"
    assert load_flavor(tmp_path, "night", 3) is None
    doc = json.loads((DATA / "seed_001_new_year.json").read_text(encoding="utf-8"))
    data = {"roster": doc["roster"], "roles": doc["roles"], "sides": doc["sides"], "outcome": doc["phases"][2]["outcome"]}
    out = render("new_year", "night", data, fmt="text", flavor=load_flavor(tmp_path, "night", 2), variant=1)
    assert out.startswith("Аууу где все.. куда разбежались после фейервека?\n\nТрупы: King Eciton - мирная зверюшка\n")


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
