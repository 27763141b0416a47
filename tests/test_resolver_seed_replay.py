"""The real logs at the end of seeds 001 and 000 replay from actions consistent with them."""
from __future__ import annotations

import json

from test_resolver_scenarios import SCENARIOS, run_file


def test_seed_001_new_year_nights_1_to_3_and_days_1_2_replay() -> None:
    _, outcomes = run_file(SCENARIOS / "seed_001_new_year_nights_1_3.toml")
    night1, day1, night2, day2, night3 = outcomes
    assert [p.text for p in night1.public] == ["Нежка - Злой эльф (мафия)"]
    assert [p.text for p in day1.public] == ["Повешена lolbabe - Кай (мафия)"]
    assert [d.player for d in night2.deaths] == ["King Eciton"]
    # "Лишены голоса: РэдДи, Alisa, Trusiki Kayfa" — in roster order, announced, one day
    assert [(s.player, s.days, s.announced) for s in night2.silenced] == [
        ("РэдДи", 1, True), ("Trusiki Kayfa", 1, True), ("Alisa", 1, True)]
    assert [d.player for d in day2.deaths] == ["Соня"]
    assert [p.text for p in night3.public] == ["Гафф - Хлопушка (мирная)", "Ронин - Санта Клаус (босс мафии)"]
    assert night3.deaths[1].causes == ("taken by the shahid Гафф",)
    assert len(night3.state.alive) == 11


def test_seed_000_peculiar_night_1_and_day_1_replay() -> None:
    _, (night1, day1) = run_file(SCENARIOS / "seed_000_peculiar_night_1_day_1.toml")
    deaths = [p.text for p in night1.public if p.kind == "death"]
    assert deaths == ["Sailor - Пустота", "Эсми - Енох О'Коннор", "Фредди - Мено и Куо-Рама"]
    assert [p.text for p in night1.public if p.kind == "interview"] == ["Доктор Голан брала интервью у Оливии"]
    assert [s.player for s in night1.silenced] == ["Эддисон МакГенри", "Энни"]
    # the boss's double kill: his vote silently counts 0 the next day (never public)
    assert night1.hidden_vote_loss == ("Рики",)
    assert all("Рики" not in p.text for p in night1.public)
    assert [d.player for d in day1.deaths] == ["Гораций Сомнассон"]
    assert day1.deaths[0].role == "Странный ребёнок"


def test_night_resolve_json_has_the_interface_shape() -> None:
    _, (night1, _) = run_file(SCENARIOS / "seed_000_peculiar_night_1_day_1.toml")
    data = json.loads(json.dumps(night1.to_json(), ensure_ascii=False))
    assert {"night", "deaths", "saved", "silenced", "public", "private", "refused", "rolls", "next_day", "log"} <= set(data)
    assert data["night"] == 1
    assert set(data["deaths"][0]) == {"player", "role", "side", "revealed", "causes"}
    assert set(data["silenced"][0]) == {"player", "days", "announced"}
    assert {"kind", "text"} <= set(data["public"][0])
    assert set(data["rolls"][0]) == {"actor", "name", "p", "value", "forced"}
    assert data["next_day"] == {"alive": list(night1.alive), "alibis": ["Рики"], "hidden_vote_loss": ["Рики"]}
    assert len(data["next_day"]["alive"]) == 12
    forced = {(r["actor"], r["name"]): r["value"] for r in data["rolls"]}
    assert forced == {("Рики", "evidence"): False, ("Клэр Денсмор", "evidence"): False,
                      ("Юна", "silence"): True, ("Сайлар", "silence"): True}
    assert all(r["forced"] for r in data["rolls"])
    assert any("Эсми" in line and "dies" in line for line in data["log"])
