"""The GM's excuses and the night-action duty end to end through `mafvote` (RULES.md §3.5, §3.6, §3.13):
`night resolve` lists who missed their night action, the next day's GM count adds the penalty (+2) and
`day close` records the miss; `state excuse` (for a day, or `--night` for the night action only) takes the
penalty away, and `undo` takes the excuse back.

The test game is tests/data/game/config.toml (the bundled MyBB vote thread, New Year roles) played under a copy
of the New Year ruleset with `night_action_is_duty = true` (as 000 and 003 have it)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import mafvote.game as game_mod
from support.cli import day_tally, ok, run, state
from support.game_dir import AFTER, GAME_CONFIG, fill_store
from support.games import PECULIAR_PLAYERS, quiet_night

ROOT = Path(__file__).resolve().parents[2]

# Night 1: everyone with a night ability sends one except the doctor Алукард (Снеговик). Соня (the girl) sends a
# block and Puss blocks her (she sent: no miss, RULES.md §3.6), King Eciton (rank 2) has no card of his own,
# Nejka (Дед Мороз) is covered by Гафф's check for the pair, Alisa dies: none of them owes anything.
SONYA_SENDS = ("Соня", "Блокирую Трусики")
NIGHT_1 = (("РэдДи", "Убиваю Алису"), ("Puss", "Блокирую Соню"), SONYA_SENDS, ("Невермор", "Забираю Ронина"),
           ("Трусики", "Отмазываю себя"), ("Гафф", "Проверяю Рэдди"), ("Enzo", "Снимаю отмаз с Рэдди"),
           ("Ронин", "Убиваю Алису"))
DAY_1_DEADLINE = "2027-01-01T18:00"


def write_game(tmp_path: Path, *, duty: bool = True, starts_with: str = "night") -> None:
    text = GAME_CONFIG.read_text(encoding="utf-8").replace("{store}", "state/m.db")
    ruleset = (ROOT / "rulesets" / "new_year.toml").read_text(encoding="utf-8")
    if duty:
        assert "night_action_is_duty = false" in ruleset
        ruleset = ruleset.replace("night_action_is_duty = false", "night_action_is_duty = true")
        (tmp_path / "new_year_duty.toml").write_text(ruleset, encoding="utf-8")
        text = text.replace('ruleset = "new_year"', 'ruleset = "new_year_duty.toml"')
    if starts_with == "day":
        text = text.replace('starts_with = "night"', 'starts_with = "day"')
    (tmp_path / "config.toml").write_text(text, encoding="utf-8")
    fill_store(tmp_path / "state" / "m.db")


@pytest.fixture
def game_dir(tmp_path, monkeypatch):
    write_game(tmp_path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(game_mod, "utc_now", lambda: AFTER)
    return tmp_path


def enter_night_1() -> None:
    for actor, text in NIGHT_1:
        ok("night", "add", "--night", "1", "--actor", actor, text)


def gm_count(deadline: str = DAY_1_DEADLINE) -> dict:
    return json.loads(ok("tally", "--day", "1", "--deadline", deadline, "--view", "gm", "--format", "json"))


def penalties(count: dict) -> dict[str, int]:
    return {c["player"]: c["penalty"] for c in count["candidates"] if c["penalty"]}


def test_rule_3_6_doctor_who_sends_nothing_pays_two_votes_and_a_miss(game_dir):
    enter_night_1()
    out = ok("night", "resolve", "--night", "1")
    assert "Пропустили НД: Алукард\n" in out
    assert "`mafvote state excuse --player НИК --day 1 --night`" in out
    assert "  Алукард: ночное действие не прислано (доступно: лечение, лечение от роли, отравление, сыворотка)" in out
    row = json.loads(ok("state", "--format", "json"))
    assert [a["how"] for a in row["applied"]] == ["resolve"]

    # the next day's GM count: everyone voted, so the doctor's only penalty is the missed night action
    count = gm_count()
    assert count["not_voted"] == []
    assert penalties(count) == {"Алукард": 2}
    doc = next(c for c in count["candidates"] if c["player"] == "Алукард")
    assert (doc["total"], doc["red"], doc["blue"]) == (2, 1, 1)
    # the day is over by then: the public count shows the penalty as well (the tally's views decide that)
    public = json.loads(ok("tally", "--day", "1", "--deadline", DAY_1_DEADLINE, "--view", "public", "--format", "json"))
    assert public["closed"] is True and penalties(public) == {"Алукард": 2}

    closed = json.loads(ok("day", "close", "--day", "1", "--deadline", DAY_1_DEADLINE, "--format", "json"))
    assert closed["owes_night_action"] == ["Алукард"]
    assert closed["count"]["misses"] == {"Алукард": 1}
    assert json.loads(ok("state", "--format", "json"))["misses"] == {"Алукард": 1}


def test_rule_3_6_night_resolve_json_carries_the_duty(game_dir):
    enter_night_1()
    data = json.loads(ok("night", "resolve", "--night", "1", "--dry-run", "--format", "json"))
    duty = data["night_duty"]
    assert duty["missed"] == ["Алукард"] and duty["excused"] == []
    status = {p["player"]: p["status"] for p in duty["players"]}
    assert status == {"РэдДи": "sent", "King Eciton": "no_ability", "Соня": "sent", "Trusiki Kayfa": "sent",
                      "Алукард": "missed", "Nejka": "covered", "Гафф": "sent", "Enzo": "sent", "Nevermore": "sent",
                      "Alisa": "no_ability", "Ronin": "sent", "Puss": "sent"}
    # a dry run stores nothing
    assert json.loads(ok("state", "--format", "json"))["applied"] == []


def test_rule_3_6_excused_after_the_night_no_penalty_no_miss(game_dir):
    enter_night_1()
    ok("night", "resolve", "--night", "1")
    out = ok("state", "excuse", "--player", "Алукард", "--day", "1", "--night")
    assert "Алукард: освобождение от ночного действия ночи 1: ни штрафа, ни пропуска за него на подсчёте дня 1" in out
    assert json.loads(ok("state", "--format", "json"))["excused"] == {"night 1": ["Алукард"]}
    assert "Освобождены ведущим: ночное действие ночи 1: Алукард" in ok("state")
    assert penalties(gm_count()) == {}
    # undo takes the excuse back: the penalty returns
    assert "отменено: #2 состояние задано вручную, день 1: освобождение: Алукард, ночное действие ночи 1" in ok("undo")
    assert penalties(gm_count()) == {"Алукард": 2}
    ok("state", "excuse", "--player", "Алукард", "--day", "1", "--night")
    closed = json.loads(ok("day", "close", "--day", "1", "--deadline", DAY_1_DEADLINE, "--format", "json"))
    assert closed["owes_night_action"] == [] and closed["count"]["misses"] == {}
    assert json.loads(ok("state", "--format", "json"))["misses"] == {}


def test_rule_3_6_excused_before_the_night_gm_was_warned(game_dir):
    enter_night_1()
    ok("state", "excuse", "--player", "Алукард", "--day", "1", "--night")
    out = ok("night", "resolve", "--night", "1")
    assert "Пропустили НД: никто" in out.splitlines() and "Освобождены от НД ведущим: Алукард" in out.splitlines()
    assert penalties(gm_count()) == {}


def test_rule_3_6_the_duty_lists_are_worded_in_the_gms_language(game_dir):
    # the resolver gives who missed and who was excused; `night resolve` words them with `[alerts] language`
    # (issue 14: they were hard-coded Russian in the resolver)
    with open(game_dir / "config.toml", "a", encoding="utf-8") as config:
        config.write('\n[alerts]\nlanguage = "en"\n')
    enter_night_1()
    ok("state", "excuse", "--player", "Соня", "--day", "1", "--night")
    lines = ok("night", "resolve", "--night", "1", "--dry-run").splitlines()
    assert "Missed the night action: Алукард" in lines
    assert "Excused from the night action by the GM: Соня" not in lines     # Соня sent her block: not excused
    ok("state", "excuse", "--player", "Алукард", "--day", "1", "--night")
    lines = ok("night", "resolve", "--night", "1", "--dry-run").splitlines()
    assert "Missed the night action: nobody" in lines
    assert "Excused from the night action by the GM: Алукард" in lines
    assert not [x for x in lines if "НД" in x]


def test_rule_3_5_excused_for_the_day_no_vote_penalty_and_not_in_the_quorum(game_dir):
    enter_night_1()
    ok("night", "resolve", "--night", "1")
    # by 31.12 01:00 Гафф and Puss have not voted; Алукард has, but missed the night action
    early = "2026-12-31T01:00"
    count = gm_count(early)
    assert {"Гафф", "Puss"} <= set(count["not_voted"])
    assert penalties(count)["Puss"] == 2 and penalties(count)["Алукард"] == 2
    ok("state", "excuse", "--player", "Пусс", "--day", "1")
    ok("state", "excuse", "--player", "Алукард", "--day", "1")
    assert json.loads(ok("state", "--format", "json"))["excused"] == {"day 1": ["Puss", "Алукард"]}
    count = gm_count(early)
    assert "Puss" not in count["not_voted"] and "Гафф" in count["not_voted"]
    # a day's excuse covers the night action punished at that day too (the tally's reading of `excused`)
    assert "Puss" not in penalties(count) and "Алукард" not in penalties(count)
    assert penalties(count)["Гафф"] == 2


def test_excuse_twice_or_without_a_night_is_a_clear_error(game_dir):
    ok("state", "excuse", "--player", "Алукард", "--day", "1", "--night")
    code, _, err = run("state", "excuse", "--player", "Алукард", "--day", "1", "--night")
    assert code == 2 and ("Алукард уже освобождён ведущим (ночное действие ночи 1); `mafvote undo` отменит "
                          "освобождение") in err
    code, _, err = run("state", "excuse", "--player", "Алукард", "--day", "3")
    assert code == 2 and "день 3: состояние задаётся только для текущего или наступающего дня (день 1" in err


def test_excuse_night_in_a_game_that_starts_with_a_day(tmp_path, monkeypatch):
    write_game(tmp_path, starts_with="day")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(game_mod, "utc_now", lambda: AFTER)
    code, _, err = run("state", "excuse", "--player", "Алукард", "--day", "1", "--night")
    assert code == 2 and "перед днём 1 игры ny ночи не было (игра начинается с дня)" in err
    assert "Алукард: освобождение на день 1" in ok("state", "excuse", "--player", "Алукард", "--day", "1")


def test_ruleset_without_the_duty_lists_nothing_and_says_so(tmp_path, monkeypatch):
    write_game(tmp_path, duty=False)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(game_mod, "utc_now", lambda: AFTER)
    for actor, text in NIGHT_1:
        ok("night", "add", "--night", "1", "--actor", actor, text)
    code, out, err = run("state", "excuse", "--player", "Алукард", "--day", "1", "--night")
    assert code == 2 and "в этой игре за пропуск ночного действия не наказывают, освобождать не от чего" in err
    assert json.loads(ok("night", "resolve", "--night", "1", "--dry-run", "--format", "json"))["night_duty"] is None
    out = ok("night", "resolve", "--night", "1")
    assert "Пропустили НД" not in out
    assert penalties(gm_count()) == {}


def test_rule_3_6_game_starting_with_a_day_punishes_night_1_at_day_2(tmp_path, monkeypatch):
    # 003 plays day 1, night 1, day 2: a night action missed on night 1 is punished at day 2's count
    write_game(tmp_path, starts_with="day")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(game_mod, "utc_now", lambda: AFTER)
    ok("day", "close", "--day", "1", "--nobody")
    enter_night_1()
    out = ok("night", "resolve", "--night", "1")
    assert "Пропустили НД: Алукард\n" in out and "--day 2 --night" in out
    count = json.loads(ok("tally", "--day", "2", "--view", "gm", "--format", "json"))
    # King Eciton and Nevermore have not voted by day 2's deadline; Алукард voted but missed night 1
    assert set(count["not_voted"]) == {"King Eciton", "Nevermore"}
    assert penalties(count) == {"Алукард": 2, "King Eciton": 2, "Nevermore": 2}
    ok("state", "excuse", "--player", "Алукард", "--day", "2", "--night")
    count = json.loads(ok("tally", "--day", "2", "--view", "gm", "--format", "json"))
    assert penalties(count) == {"King Eciton": 2, "Nevermore": 2}


def test_rule_3_6_blocked_and_silent_pays_two_publicly_blocked_sender_does_not(game_dir):
    """Issue 19: Puss blocks Соня on both runs; the run where she sent nothing gives her the +2 and a miss in the
    next day's public count, the run where she sent a block gives her nothing."""
    def day_after(night: tuple) -> tuple[dict, dict, str]:
        for actor, text in night:
            ok("night", "add", "--night", "1", "--actor", actor, text)
        out = ok("night", "resolve", "--night", "1")
        public = json.loads(ok("tally", "--day", "1", "--deadline", DAY_1_DEADLINE, "--view", "public",
                               "--format", "json"))
        closed = json.loads(ok("day", "close", "--day", "1", "--deadline", DAY_1_DEADLINE, "--format", "json"))
        return public, closed, out

    silent = tuple(x for x in NIGHT_1 if x != SONYA_SENDS)
    public, closed, out = day_after(silent)
    assert "Пропустили НД: Соня, Алукард\n" in out
    assert ("  Соня: ночное действие не прислано (доступно: блок); в ту ночь был блок (Puss), но прислать действие "
            "всё равно было нужно") in out
    assert public["closed"] is True and penalties(public) == {"Соня": 2, "Алукард": 2}
    assert closed["owes_night_action"] == ["Соня", "Алукард"] and closed["count"]["misses"] == {"Соня": 1, "Алукард": 1}

    ok("undo")
    ok("undo")
    next((game_dir / "state" / "nights").rglob("night-1.toml")).unlink()     # the GM enters the night afresh
    public, closed, out = day_after(NIGHT_1)
    assert "Пропустили НД: Алукард\n" in out
    assert public["closed"] is True and penalties(public) == {"Алукард": 2}
    assert closed["owes_night_action"] == ["Алукард"] and closed["count"]["misses"] == {"Алукард": 1}


def test_rule_3_13_day_close_lists_as_under_active_only_the_living_with_a_night_ability(game):
    # every player votes once (one post); Бетти writes three posts in all, Дельта is hanged
    game.votes(("Франклин", "12 10:00", "Дельту"), ("Бетти", "12 10:01", "Дельту"), ("Алтея", "12 10:02", "Дельту"),
               ("Рики", "12 10:03", "Дельту"), ("Юна", "12 10:04", "Рики"), ("Дельта", "12 10:05", "Рики"),
               ("Бетси", "12 10:06", "Дельту"))
    game.chat("Бетти", "12 11:00", "12 12:00")
    quiet_night(1)
    out = ok("day", "close", "--day", "1")
    lines = out.splitlines()
    assert "  Повешена Дельта" in lines
    # Рики, Юна (Странный ребёнок), Бетси (Миллард) have no night action; Дельта is hanged; Бетти wrote 3 posts
    assert "Мало постов, ночное действие будет отклонено: Франклин, Алтея" in lines
    assert state()["applied"][-1]["how"] == "close"
    closed = json.loads(ok("state", "--format", "json"))
    assert [p["player"] for p in closed["alive"]] == ["Франклин", "Бетти", "Алтея", "Рики", "Юна", "Бетси"]
    # the count (GM view) flags the same players: only those with a night ability
    assert sorted(f["player"] for f in day_tally(1)["flags"] if f["kind"] == "under_active") == [
        "Алтея", "Дельта", "Франклин"]


def test_rule_3_6_a_modkill_candidate_is_listed_once_though_two_duties_were_missed(game):
    # Алтея (the doctor) sends no night action on night 1 (a miss at day 1) and none on night 2 nor a vote on day 2
    everyone = [n for n, _, _ in PECULIAR_PLAYERS]
    game.votes(*((n, f"12 10:{i:02d}", "Рики" if n != "Рики" else "Юну") for i, n in enumerate(everyone)))
    game.votes(*((n, f"13 10:{i:02d}", "Рики" if n != "Рики" else "Юну") for i, n in enumerate(everyone)
                 if n != "Алтея"))
    for n in everyone:          # three posts a day each: nobody's night action is refused (§3.13)
        game.chat(n, "12 11:00", "12 12:00", "13 11:00", "13 12:00")
    for n in (1, 2):
        # 000: Арчер's alibi and Эмма's block never on the same player two nights running (night add refuses it)
        for actor, text in (("Франклин", "Вопрос: есть ли Джейкоб?"), ("Бетти", ("Отмазываю Юну", "Отмазываю Рики")[n - 1]),
                            ("Дельта", ("Блокирую Франклина", "Блокирую Бетси")[n - 1])):
            ok("night", "add", "--night", str(n), "--actor", actor, text)
        ok("night", "resolve", "--night", str(n))
        out = ok("day", "close", "--day", str(n), "--nobody")
        if n == 1:
            assert "Кандидаты на модкилл" not in out
    assert "Кандидаты на модкилл (второй пропуск): Алтея" in out.splitlines()
    assert state()["misses"] == {"Алтея": 3}
