"""The real logs at the end of seeds 001 and 000 replay from actions consistent with them."""
from __future__ import annotations

import json

from support.nights import SCENARIOS, load_ruleset, run_file


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
    # the seed's GM wrote them in the kill order ("трупы: Фредди - Мено и Куо-Рама, Эсми - Енох О'Коннор, Sailor -
    # Пустота": the boss's kills first); the post lists them in roster order, since the kill order tells who
    # killed whom where roles are hidden, and the GM's log keeps the kill order
    assert deaths == ["Sailor - Пустота", "Эсми - Енох О'Коннор", "Фредди - Мено и Куо-Рама"]
    assert [d.player for d in night1.deaths] == ["Сайлар", "Эсми", "Фредди"]
    assert "order of deaths (GM only; the post lists them in roster order): Фредди (killed by Рики (boss)), " \
           "Эсми (killed by Рики (boss)), Сайлар (killed by Клэр Денсмор (Джейкоб Портман))" in night1.log
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


def test_rule_4_6_deaths_are_listed_in_roster_order_and_the_kill_order_is_the_gms() -> None:
    """The public list and `deaths` are in roster order, whatever killed them (the kill order tells who
    killed whom); the GM's log keeps the kill order: the boss's kills first, as the boss named them, then other
    killers by role order, then chained deaths."""
    from mafvote_resolver import Action, Rolls, new_game, resolve_night

    ny = load_ruleset("new_year")
    roster = {"A": "мирная зверюшка", "B": "мирная зверюшка", "C": "мирная зверюшка", "Boss": "Санта Клаус",
              "Queen": "Снежная королева", "Shahid": "Хлопушка", "Ded": "Дед Мороз", "D": "мирная зверюшка",
              "E": "мирная зверюшка", "F": "мирная зверюшка", "G": "мирная зверюшка", "H": "мирная зверюшка"}
    state = new_game("order", [{"nick": n, "role": r} for n, r in roster.items()], ny)
    actions = [Action("Queen", "kill", ("A",)), Action("Boss", "kill", ("Shahid", "B")), Action("Shahid", "take", ("C",)),
               Action("Ded", "kill", ("D",))]
    for acts in (actions, list(reversed(actions))):
        out = resolve_night(ny, state, acts, Rolls("order", 1, {("Boss", "evidence"): False}))
        assert [d.player for d in out.deaths] == ["A", "B", "C", "Shahid", "D"]
        assert [p.data["player"] for p in out.public if p.kind == "death"] == ["A", "B", "C", "Shahid", "D"]
        order = next(line for line in out.log if line.startswith("order of deaths"))
        assert [part.split(" (")[0] for part in order.split(": ", 1)[1].split("), ")] == ["Shahid", "B", "A", "D", "C"]
