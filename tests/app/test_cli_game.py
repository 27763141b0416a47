"""The GM's game commands end to end through the `mafvote` entry point (issue 4 item 4): night add →
night resolve (--dry-run shows, apply writes) → day close from the count of the stored MyBB vote thread →
undo → state; modkill, replace, the hand-set state; bad input exits 2 naming the line, nothing applied."""
from __future__ import annotations

import json
import time as time_mod
from datetime import datetime, timezone
from pathlib import Path

import pytest

import mafvote.game as game_mod
from support.cli import config_and_game, ok, run, state
from support.game_dir import AFTER, DAY_1_DEADLINE, GRAND_HOTEL_ROLES, TIME_MACHINE_ROLES, fill_store
from support.games import msk_at

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "tests" / "data" / "game" / "config.toml"
NIGHT1 = "state/nights/ny/night-1.toml"


def enter_night_1() -> None:
    for actor, text in (("РэдДи", "Убиваю Алису"), ("Алукард", "Лечу Нежку"), ("Puss", "Блокирую Соню"),
                        ("Невермор", "Забираю Ронина")):
        ok("night", "add", "--night", "1", "--actor", actor, text)
    ok("night", "roll", "--night", "1", "--actor", "Puss", "silence", "yes")


def test_night_add_prints_how_it_read_and_appends_to_the_night_file(game_dir):
    out = ok("night", "add", "--night", "1", "--actor", "Рэдди", "Убиваю Алису")
    assert "прочитано: РэдДи: убийство → Alisa" in out
    out = ok("night", "add", "--night", "1", "--actor", "Алукард", "Лечу Нежку")
    assert "прочитано: Алукард: лечение → Nejka" in out
    text = (game_dir / NIGHT1).read_text(encoding="utf-8")
    assert text.startswith("night = 1\n")
    assert text.count("[[actions]]") == 2 and 'targets = ["Alisa"]' in text and 'targets = ["Nejka"]' in text


def test_full_flow_resolve_close_undo_state(game_dir):
    enter_night_1()
    # --dry-run shows the outcome and stores nothing
    dry = json.loads(ok("night", "resolve", "--night", "1", "--dry-run", "--format", "json"))
    assert [(d["player"], d["role"], d["revealed"]) for d in dry["deaths"]] == [("Alisa", "мирная зверюшка", True)]
    assert dry["silenced"] == [{"player": "Соня", "days": 1, "announced": True}]
    assert set(dry) >= {"night", "deaths", "saved", "silenced", "public", "private", "refused", "rolls",
                        "next_day", "log"}
    assert dry["rolls"] == [{"actor": "Puss", "name": "silence", "p": 0.5, "value": True, "forced": True}]
    assert state()["applied"] == [] and len(state()["alive"]) == 12
    # applied: the same outcome, now the state
    applied = json.loads(ok("night", "resolve", "--night", "1", "--format", "json"))
    assert applied["deaths"] == dry["deaths"] and applied["public"] == dry["public"]
    st = state()
    assert st["phase"] == {"kind": "day", "number": 1, "start": "2026-12-30T20:00:00+03:00",
                           "deadline": "2026-12-31T18:00:00+03:00"}
    assert [p["player"] for p in st["alive"]] == ["РэдДи", "King Eciton", "Соня", "Trusiki Kayfa", "Алукард",
                                                  "Nejka", "Гафф", "Enzo", "Nevermore", "Ronin", "Puss"]
    assert st["dead"] == [{"player": "Alisa", "died": "night 1", "causes": ["killed by РэдДи (boss)"],
                           "role": "мирная зверюшка"}]
    assert st["silences"] == [{"player": "Соня", "days": 1, "announced": True}]
    # a night cannot be applied twice
    code, _, err = run("night", "resolve", "--night", "1")
    assert code == 2 and "ночь 1 игры ny уже разобрана" in err and "mafvote undo" in err

    # day 1, the GM moved the deadline to 01.01 18:00: the count hangs Puss. Alisa is dead (her vote does not
    # count), Соня is silenced (weight 0), Enzo is Герда (red ×2): Puss has 5 in the GM's count
    out = json.loads(ok("day", "close", "--day", "1", "--deadline", "2027-01-01T18:00", "--format", "json"))
    assert out["decided_by"] == "count"
    assert [(d["player"], d["role"], d["side"], d["revealed"]) for d in out["day"]["deaths"]] == [
        ("Puss", "Щелкунчик", "mafia", True)]
    puss = out["count"]["candidates"][0]
    assert (puss["player"], puss["total"], puss["red"]) == ("Puss", 5, 5)
    assert [(v["voter"], v["weight"]) for v in puss["voters"]] == [
        ("Гафф", 1), ("Алукард", 1), ("Соня", 0), ("РэдДи", 1), ("Enzo", 2)]
    assert ("dead_voter", "Alisa") in {(f["kind"], f["player"]) for f in out["count"]["flags"]}
    assert out["day"]["public"][0]["text"] == "Выбывает Puss - Щелкунчик (мафия)"   # Puss: no gender in the roster
    st = state()
    assert st["phase"]["kind"] == "night" and st["phase"]["number"] == 2
    # the next phase starts at the deadline the day was closed with
    assert st["phase"]["start"] == "2027-01-01T18:00:00+03:00" and st["phase"]["deadline"] == "2027-01-01T20:00:00+03:00"
    assert "Puss" not in [p["player"] for p in st["alive"]] and st["silences"] == []
    assert [a["how"] for a in st["applied"]] == ["resolve", "close"]
    # the closed day is counted again from its stored bounds and the state it was closed on
    again = json.loads(ok("tally", "--day", "1", "--view", "gm", "--format", "json"))
    assert (again["since"], again["deadline"]) == ("2026-12-30T20:00:00+03:00", "2027-01-01T18:00:00+03:00")
    assert again["candidates"] == out["count"]["candidates"] and again["silenced"] == ["Соня"]

    # undo drops the day's close: Puss is back, day 1 is current again, Соня still silenced
    out = ok("undo")
    assert "отменено: #2 закрыт день 1 (применено 02.01 03:00 МСК)" in out and "текущая фаза: день 1" in out
    st = state()
    assert st["phase"]["kind"] == "day" and "Puss" in [p["player"] for p in st["alive"]]
    assert st["silences"] == [{"player": "Соня", "days": 1, "announced": True}]
    # the GM's own decision instead of the count
    out = ok("day", "close", "--day", "1", "--eliminate", "Невермор")
    assert "решение ведущего" in out and "  Выбывает Nevermore - Хлопушка (сторона мирных)\n" in out
    text = ok("state")
    assert text.startswith("Игра ny: ночь 2, с 31.12 18:00 до 31.12 20:00 МСК\n")
    assert "Выбыли: Alisa — ночь 1, мирная зверюшка; Nevermore — день 1, Хлопушка" in text     # in the order they died


def test_undo_with_nothing_applied_is_bad_input(game_dir):
    code, _, err = run("undo")
    assert code == 2 and "ещё ничего не применено, отменять нечего" in err


def test_phase_order_is_enforced(game_dir):
    code, _, err = run("day", "close", "--day", "1", "--nobody")
    assert code == 2 and "день 1 — не текущая фаза (сейчас ночь 1); сначала разберите ночь 1" in err
    code, _, err = run("night", "resolve", "--night", "2")
    assert code == 2 and "ночь 2: следующая ночь игры — 1" in err
    ok("night", "resolve", "--night", "1")
    code, _, err = run("night", "add", "--night", "1", "--actor", "Алукард", "Лечу Нежку")
    assert code == 2 and "ночь 1 игры ny уже разобрана" in err


def test_bad_phrases_exit_2_and_write_nothing(game_dir):
    enter_night_1()
    ok("night", "resolve", "--night", "1")
    ok("day", "close", "--day", "1", "--nobody")
    before = state()
    cases = [
        ("Alisa", "Лечу Соню", "игрок Alisa уже не в игре (ночь 1)"),                          # a dead actor
        ("РэдДи", "Убиваю Васю", "ошибка: `mafvote night add`: «Убиваю Васю»: игрока «Васю» нет в игре (проверьте "
                                 "написание или добавьте имя в псевдонимы состава (`aliases`))\n"),   # not in the game
        ("Ronin", "Лечу Соню", "ошибка: `mafvote night add`: «Лечу Соню»: роль Снежная королева так не может "
                               "(лечение) (роль может: "),                                  # an ability the role lacks
        ("Алукард", "Танцую с Соней", "ошибка: `mafvote night add`: «Танцую с Соней»: нет глагола действия в "
                                      "«Танцую с Соней» (напишите, как в правилах игры: "),    # not understood
        ("РэдДи", "Убиваю Алису", "новая запись (не записана): `targets`: Alisa — уже вне игры (ночь 1) (выберите "
                                  "живого игрока)\n"),                                      # a dead target
    ]
    for actor, text, message in cases:
        code, _, err = run("night", "add", "--night", "2", "--actor", actor, text)
        assert code == 2, (actor, text)
        assert message in err, err
    assert not (game_dir / "state/nights/ny/night-2.toml").exists()
    assert state() == before


def test_night_file_errors_name_the_line_and_nothing_is_applied(game_dir):
    path = game_dir / NIGHT1
    path.parent.mkdir(parents=True)
    path.write_text('night = 1\n\n[[actions]]\nactor = "РэдДи"\nability = "kill"\ntargets = [Alisa]\n',
                    encoding="utf-8")
    code, _, err = run("night", "resolve", "--night", "1")
    assert code == 2 and f"{NIGHT1}: строка 6: ошибка синтаксиса TOML: недопустимое значение (имена — в кавычках" in err
    path.write_text('night = 1\n\n[[actions]]\nactor = "РэдДи"\nability = "kill"\ntargets = ["Alisa"]\n\n'
                    '[[actions]]\nactor = "Ronin"\nability = "heal"\ntargets = ["Вася"]\n', encoding="utf-8")
    code, _, err = run("night", "resolve", "--night", "1")
    assert code == 2
    assert f"{NIGHT1}: строка 8: `targets`: игрока «Вася» нет в игре\n" in err
    assert f"{NIGHT1}: строка 8: у игрока Ronin (Снежная королева) этой ночью нет действия `heal` (роль может: " in err
    assert state()["applied"] == [] and len(state()["alive"]) == 12


def test_a_phrase_is_refused_when_it_would_break_the_night_file(game_dir):
    ok("night", "add", "--night", "1", "--actor", "Алукард", "Лечу Нежку")
    before = (game_dir / NIGHT1).read_text(encoding="utf-8")
    code, _, err = run("night", "add", "--night", "1", "--actor", "Алукард", "Лечу Соню")
    assert code == 2 and err.endswith("новая запись (не записана): у игрока Алукард уже есть действие (строка 3) (у "
                                      "роли одно действие за ночь; оставьте одну запись)\n")
    assert (game_dir / NIGHT1).read_text(encoding="utf-8") == before


def test_modkill_replace_and_undo(game_dir):
    out = ok("modkill", "--player", "Трусики")
    assert out.strip() == "Модкилл: Trusiki Kayfa"
    st = state()
    assert st["dead"][0]["player"] == "Trusiki Kayfa" and st["dead"][0]["causes"] == ["modkill"]
    assert st["phase"]["kind"] == "night" and st["phase"]["number"] == 1      # a modkill does not end a phase
    ok("replace", "--player", "Puss", "--by", "Кот")
    st = state()
    assert "Кот" in [p["player"] for p in st["alive"]] and "Puss" not in [p["player"] for p in st["alive"]]
    assert st["replacements"] == [{"old": "Puss", "new": "Кот"}]
    code, _, err = run("replace", "--player", "Кот", "--by", "Ronin")
    # no empty ": : " before it; in Russian (issue 14: it was the resolver's English)
    assert code == 2 and err == ("ошибка: замена: «Ronin» — то же имя, что у игрока Ronin игры ny (регистр, ё/е, "
                                 "пробелы и знаки препинания не в счёт), и голоса двух игроков будет не различить; "
                                 "проверьте ник нового аккаунта так, как его показывает форум\n")
    assert "отменено: #2 замена, ночь 1: Puss → Кот" in ok("undo")
    assert "отменено: #1 модкилл, ночь 1: Trusiki Kayfa" in ok("undo")
    assert state()["dead"] == [] and state()["applied"] == []


def test_group_config_option_picks_the_game_of_a_state_subcommand(game_dir):
    # `mafvote state -c b/config.toml silence ...` from game a's folder: the secret silence lands in game b, never
    # in ./config.toml's game (the subcommand's own `config.toml` default used to hide the group's -c)
    other = game_dir / "b"
    other.mkdir()
    (other / "config.toml").write_text((game_dir / "config.toml").read_text(encoding="utf-8"), encoding="utf-8")
    fill_store(other / "state" / "m.db")
    ok("state", "-c", "b/config.toml", "silence", "--player", "Гафф", "--day", "1", "--secret")
    ok("state", "-c", "b/config.toml", "alibi", "--player", "Puss", "--day", "1")
    assert state()["hidden_vote_loss"] == [] and state()["alibis"] == []
    b = json.loads(ok("state", "-c", "b/config.toml", "--format", "json"))
    assert b["hidden_vote_loss"] == ["Гафф"] and b["alibis"] == ["Puss"]
    # a -c typed on the subcommand still wins over the group's
    ok("state", "-c", "b/config.toml", "silence", "-c", "config.toml", "--player", "Соня", "--day", "1", "--secret")
    assert state()["hidden_vote_loss"] == ["Соня"]


def test_a_typed_config_option_wins_over_mafvote_config_in_the_environment(game_dir, monkeypatch):
    # $MAFVOTE_CONFIG names game b (set long ago in the shell); a -c the GM types names game a: a is meant,
    # wherever the -c stands (root, group, subcommand)
    other = game_dir / "b"
    other.mkdir()
    (other / "config.toml").write_text((game_dir / "config.toml").read_text(encoding="utf-8"), encoding="utf-8")
    fill_store(other / "state" / "m.db")
    monkeypatch.setenv("MAFVOTE_CONFIG", str(other / "config.toml"))
    ok("-c", "config.toml", "state", "silence", "--player", "Гафф", "--day", "1", "--secret")
    ok("state", "-c", "config.toml", "alibi", "--player", "Puss", "--day", "1")
    ok("state", "silence", "-c", "config.toml", "--player", "Соня", "--day", "1", "--secret")
    a = json.loads(ok("state", "-c", "config.toml", "--format", "json"))
    assert a["hidden_vote_loss"] == ["Гафф", "Соня"] and a["alibis"] == ["Puss"]
    # nothing typed: the environment's game
    b = state()
    assert b["hidden_vote_loss"] == [] and b["alibis"] == []


def test_hand_set_state_silence_alibi_kill(game_dir):
    ok("state", "silence", "--player", "Соня", "--day", "1", "--days", "2")
    ok("state", "silence", "--player", "Гафф", "--day", "1", "--secret")
    ok("state", "alibi", "--player", "Puss", "--day", "1")
    ok("state", "kill", "--player", "Alisa", "--reveal")
    st = state()
    assert st["silences"] == [{"player": "Соня", "days": 2, "announced": True}]
    assert st["hidden_vote_loss"] == ["Гафф"] and st["alibis"] == ["Puss"]
    assert st["dead"] == [{"player": "Alisa", "died": "night 1 (set by the GM)", "causes": ["gm"],
                           "role": "мирная зверюшка"}]
    text = ok("state")
    assert "Лишены голоса: Соня (2 дня)" in text and "Тайно лишены голоса: Гафф" in text
    assert "Отмазаны: Puss" in text
    code, _, err = run("state", "alibi", "--player", "Puss", "--day", "3")
    assert code == 2 and "состояние задаётся только для текущего или наступающего дня (день 1" in err
    # the alibi saves Puss from the count, and the resolver spends it
    ok("night", "resolve", "--night", "1")
    out = json.loads(ok("day", "close", "--day", "1", "--deadline", "2027-01-01T18:00", "--format", "json"))
    assert out["count"]["outcome"]["reason"] == "alibi" and out["count"]["outcome"]["saved"] == ["Puss"]
    assert out["day"]["deaths"] == [] and out["day"]["saved"] == [{"player": "Puss", "reason": "alibi"}]
    assert out["day"]["public"][0]["text"] == "Обречённый отмазан, не вешается никто"


def test_day_close_records_misses_and_modkill_candidates(game_dir):
    ok("night", "resolve", "--night", "1")
    # the scheduled day 1 (30.12 20:00 - 31.12 18:00): Гафф wrote no vote, Nevermore's (pid 29) is late
    out = json.loads(ok("day", "close", "--day", "1", "--format", "json"))
    assert out["count"]["not_voted"] == ["Гафф", "Nevermore"] and out["modkill_candidates"] == []
    assert state()["misses"] == {"Гафф": 1, "Nevermore": 1}
    ok("night", "resolve", "--night", "2")
    # day 2 closed at 01.01 12:00-18:00: six players miss; it is Nevermore's second miss (rule 4: modkill)
    out = json.loads(ok("day", "close", "--day", "2", "--since", "2027-01-01T12:00", "--deadline",
                        "2027-01-01T18:00", "--format", "json"))
    assert out["count"]["not_voted"] == ["King Eciton", "Nejka", "Nevermore", "Alisa", "Ronin", "Puss"]
    assert out["modkill_candidates"] == ["Nevermore"]
    puss = out["count"]["candidates"][0]
    # Гафф, Алукард, Соня, РэдДи, Enzo (Герда, ×2) + the penalty of 2 for not voting
    assert (puss["player"], puss["red"], puss["penalty"], puss["total"]) == ("Puss", 6, 2, 8)
    assert [d["player"] for d in out["day"]["deaths"]] == ["Puss"]
    assert state()["misses"] == {"Гафф": 1, "Nevermore": 2, "King Eciton": 1, "Nejka": 1, "Alisa": 1,
                                 "Ronin": 1, "Puss": 1}


def test_a_day_with_no_post_in_the_vote_thread_records_no_misses(game_dir):
    # The GM gives day 1 bounds that hold no post of the stored vote thread (it begins 30.12 20:00): a gap
    # in the data (a thread not crawled, wrong bounds), not twelve players missing their vote.
    ok("night", "resolve", "--night", "1")
    out = ok("day", "close", "--day", "1", "--nobody", "--since", "2026-12-30T10:00", "--deadline", "2026-12-30T19:00")
    assert "Примечание: в теме голосования нет ни одного поста с 30.12 10:00 МСК до 30.12 19:00 МСК: пропуски и " \
           "активность не записаны; проверьте тему и границы дня (--since/--deadline) или `mafvote undo` и закройте " \
           "день снова" in out.splitlines()
    assert state()["misses"] == {}
    # a day with posts still records the misses: these six cast no vote between 01.01 12:00 and 18:00
    ok("undo")
    ok("day", "close", "--day", "1", "--since", "2027-01-01T12:00", "--deadline", "2027-01-01T18:00")
    assert state()["misses"] == {p: 1 for p in ("King Eciton", "Nejka", "Nevermore", "Alisa", "Ronin", "Puss")}


# -- `night add` reads every action of a message or none (acceptance hunt 003, h20 r2: "Убиваю Каппу и лечу
# себя книгой" was entered as the book alone, the kill lost and its sender given the missed-night-action +2)
TM_PLAYERS = (("Альфа", "Мафиозо", ["book"]), ("Бета", "Мафиозо", []), ("Гамма", "Комиссар", ["button"]),
              ("Дельта", "Доктор", []), ("Эпсилон", "Маньяк", []), ("Зета", "Мирный житель", ["clock"]),
              ("Эта", "Мирный житель", []), ("Каппа", "Мирный житель", []))


@pytest.fixture
def tm_dir(tmp_path, monkeypatch):
    """The test game's config with the 003 ruleset (time_machine) and a roster holding its three items."""
    text = CONFIG.read_text(encoding="utf-8").replace("{store}", "state/m.db")
    text = text[:text.index("[[games.players]]")].replace('ruleset = "new_year"', 'ruleset = "time_machine"')
    text += "".join(f'[[games.players]]\nnick = "{nick}"\nrole = "{role}"\nitems = {json.dumps(items, ensure_ascii=False)}\n'
                    for nick, role, items in TM_PLAYERS)
    (tmp_path / "config.toml").write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(game_mod, "utc_now", lambda: AFTER)
    return tmp_path


def test_night_add_of_two_actions_in_one_sentence_prints_and_writes_both(tm_dir):
    import tomllib

    out = ok("night", "add", "--night", "1", "--actor", "Альфа", "Убиваю Каппу и лечу себя книгой")
    assert out.startswith("прочитано: Альфа: убийство → Каппа\nпрочитано: Альфа: книга → Альфа\nзаписано в ")
    out = ok("night", "add", "--night", "1", "--actor", "Гамма", "Проверяю Бету и жму кнопку на Эпсилона")
    assert out.startswith("прочитано: Гамма: проверка → Бета\nпрочитано: Гамма: кнопка → Эпсилон\nзаписано в ")
    text = (tm_dir / NIGHT1).read_text(encoding="utf-8")
    assert [(a["actor"], a["ability"], a["targets"]) for a in tomllib.loads(text)["actions"]] == [
        ("Альфа", "kill", ["Каппа"]), ("Альфа", "book", ["Альфа"]), ("Гамма", "check", ["Бета"]),
        ("Гамма", "button", ["Эпсилон"])]
    # both kills go, and the two senders are not taken for players who sent nothing (rule 2: +2 on the day)
    dry = json.loads(ok("night", "resolve", "--night", "1", "--dry-run", "--format", "json"))
    assert [d["player"] for d in dry["deaths"]] == ["Эпсилон", "Каппа"]   # in roster order
    assert dry["night_duty"]["missed"] == ["Дельта"]


def test_night_add_of_a_message_read_only_in_part_exits_2_and_writes_nothing(tm_dir):
    ok("night", "add", "--night", "1", "--actor", "Альфа", "Убиваю Каппу")
    before = (tm_dir / NIGHT1).read_text(encoding="utf-8")
    for actor, text, message in (
            ("Дельта", "Лечу Эту и танцую", "«Лечу Эту и танцую»: игрока «танцую» нет в игре"),   # half not understood
            ("Зета", "Жму часы", "новая запись (не записана): «часы»: нужно целей — не меньше 1, указано — 0"),  # an item on nobody
            ("Гамма", "Жму на Бету", "«Жму на Бету»: не понято: «Жму на Бету» — не названы ни карта, ни предмет")):
        code, out, err = run("night", "add", "--night", "1", "--actor", actor, text)
        assert code == 2, (actor, text)
        assert message in err and "read:" not in out
    assert (tm_dir / NIGHT1).read_text(encoding="utf-8") == before


# --- night add and night roll in a 003 game on the test thread (the order of entry; what a roll may force)

def test_rule_4_003_night_add_order_decides_whose_kill_is_used(play) -> None:
    # РэдДи and King Eciton are mafiosi; the GM enters King Eciton's kill first
    play("time_machine", TIME_MACHINE_ROLES, starts_with="day")
    assert run("day", "close", "--day", "1", "--deadline", DAY_1_DEADLINE)[0] == 0
    assert run("night", "add", "--night", "1", "--actor", "King Eciton", "Убиваю Гаффа")[0] == 0
    assert run("night", "add", "--night", "1", "--actor", "РэдДи", "Убиваю Алису")[0] == 0
    # the GM reads the refusal in Russian (issue 14: the resolver wrote it in Russian whatever the language)
    assert ("Отказ: РэдДи, убийство — у мафии один выстрел за ночь: используется выстрел игрока King Eciton"
            in ok("night", "resolve", "--night", "1", "--dry-run").splitlines())
    code, out, err = run("night", "resolve", "--night", "1", "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert [d["player"] for d in data["deaths"]] == ["Гафф"]
    # JSON's reason is the resolver's English, for scripts (as every other refusal's)
    assert {"actor": "РэдДи", "ability": "kill",
            "reason": "the mafia has one shot a night: King Eciton's is used"} in data["refused"]


def test_rule_4_003_a_role_shot_guessing_a_role_it_cannot_name_is_refused_when_entered(play) -> None:
    # the guess decides who dies (the target, or the sender): refused while the GM can still ask the player
    play("time_machine", TIME_MACHINE_ROLES, starts_with="day")
    assert run("day", "close", "--day", "1", "--deadline", DAY_1_DEADLINE)[0] == 0
    code, _, err = run("night", "add", "--night", "1", "--actor", "РэдДи", "Доп. удар: Нежка — мирный житель")
    assert code == 2
    assert err.endswith("новая запись (не записана): выстрел в роль: в `role` нужна угадываемая роль, одна из: "
                        "Комиссар, Доктор, Маньяк (написано: «Мирный житель») (впишите `role = \"...\"`)\n")
    assert run("night", "add", "--night", "1", "--actor", "РэдДи", "Доп. удар: Нежка — доктор")[0] == 0


def test_rule_4_003_night_add_of_a_used_up_item_names_the_night_not_a_line(play) -> None:
    root = play("time_machine", TIME_MACHINE_ROLES, starts_with="day", items={"Alisa": ["book"]})
    assert run("day", "close", "--day", "1", "--deadline", DAY_1_DEADLINE)[0] == 0
    assert run("night", "add", "--night", "1", "--actor", "Alisa", "Лечу книгой Гаффа")[0] == 0
    assert run("night", "resolve", "--night", "1")[0] == 0
    assert run("day", "close", "--day", "2", "--nobody")[0] == 0
    code, _, err = run("night", "add", "--night", "2", "--actor", "Alisa", "Лечу книгой Гаффа")
    assert code == 2
    assert err.endswith("night-2.toml: новая запись (не записана): у игрока Alisa (Мирный житель) этой ночью нет "
                        "действия `book`: предмет «книга» израсходован в ночь 1 (каждый предмет — на один раз) (этой "
                        "ночью Alisa может: нет)\n")
    assert "строка" not in err
    assert not (root / "state" / "nights" / "ny" / "night-2.toml").exists()


def test_rule_4_003_state_names_the_items_held_in_russian(play) -> None:
    # issue 14: «Предметы: King Eciton: book» named the item by the ruleset's identifier
    play("time_machine", TIME_MACHINE_ROLES, starts_with="day", items={"Alisa": ["book"], "Nejka": ["clock"]})
    code, out, _ = run("state")
    assert code == 0 and "Предметы: Nejka — часы; Alisa — книга" in out.splitlines(), out


def test_night_roll_for_an_action_without_that_roll_is_refused_at_entry(play) -> None:
    root = play("time_machine", TIME_MACHINE_ROLES, starts_with="day", items={"Alisa": ["book"]})
    assert run("day", "close", "--day", "1", "--deadline", DAY_1_DEADLINE)[0] == 0
    assert run("night", "add", "--night", "1", "--actor", "Alisa", "Лечу книгой Гаффа")[0] == 0
    night_text = root / "state" / "nights" / "ny" / "night-1.toml"
    before = night_text.read_text(encoding="utf-8")
    code, _, err = run("night", "roll", "--night", "1", "--actor", "Alisa", "evidence", "yes")
    assert code == 2
    assert err == ("ошибка: у игрока Alisa этой ночью нет броска «улики»: броски внесённых действий игрока (книга): "
                   "нет; задайте бросок тому игроку, чьё действие его вызывает\n")
    code, _, err = run("night", "roll", "--night", "1", "--actor", "Ронин", "evidence", "yes")
    assert code == 2 and "у игрока Ronin этой ночью нет броска «улики»: броски внесённых действий игрока (нет): нет;" in err
    assert night_text.read_text(encoding="utf-8") == before


def test_night_roll_names_the_rolls_the_actors_actions_draw(play) -> None:
    # New Year: РэдДи is the boss (a double kill has 75 % evidence, a single one 0 %); Puss blocks (50 % silence)
    root = play("new_year")
    assert run("night", "add", "--night", "1", "--actor", "РэдДи", "Убиваю Алису")[0] == 0
    assert run("night", "add", "--night", "1", "--actor", "Puss", "Блокирую Соню")[0] == 0
    code, _, err = run("night", "roll", "--night", "1", "--actor", "РэдДи", "evidence", "yes")
    assert code == 2
    assert err == ("ошибка: у игрока РэдДи этой ночью нет броска «улики»: броски внесённых действий игрока "
                   "(убийство): нет; бросок бывает только у действия «убийство» или «убийство с запугиванием» игрока "
                   "РэдДи (вероятность зависит от целей): сначала внесите это действие (`mafvote night add`)\n")
    code, _, err = run("night", "roll", "--night", "1", "--actor", "Puss", "evidence", "yes")
    assert code == 2 and "броски внесённых действий игрока (блок): «лишение голоса»;" in err
    code, out, err = run("night", "roll", "--night", "1", "--actor", "Puss", "silence", "yes")
    assert code == 0, err
    assert '[[rolls]]\nactor = "Puss"\nname = "silence"\nvalue = true\n' in \
        (root / "state" / "nights" / "ny" / "night-1.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize("language, lines", [
    ("ru", ["ВНИМАНИЕ: мафия не прислала ход босса в ночь 1 (могли прислать: РэдДи, King Eciton, Trusiki Kayfa, "
            "Puss); автоматического штрафа нет, штраф — на усмотрение ведущего",
            "ВНИМАНИЕ: пара не прислала свой общий ход в ночь 1 (могли прислать: Nejka, Гафф); автоматического "
            "штрафа нет, штраф — на усмотрение ведущего"]),
    ("en", ["ATTENTION: the mafia sent no boss's action on night 1 (could send: РэдДи, King Eciton, Trusiki Kayfa, "
            "Puss); no automatic penalty, any penalty is the GM's call",
            "ATTENTION: the pair sent no shared action on night 1 (could send: Nejka, Гафф); no automatic penalty, "
            "any penalty is the GM's call"]),
])
def test_rule_3_17_a_shared_action_not_sent_is_alerted_in_the_gms_language(game_dir, language, lines):
    # issue 14: the alert was Russian in the resolver whatever `[alerts] language` said
    if language == "en":
        with open(game_dir / "config.toml", "a", encoding="utf-8") as config:
            config.write('\n[alerts]\nlanguage = "en"\n')
    out = ok("night", "resolve", "--night", "1", "--dry-run").splitlines()
    assert [x for x in out if x.startswith(("ВНИМАНИЕ: ", "ATTENTION: "))] == lines


def test_a_night_alert_is_shown_once_in_the_text_and_on_stderr_beside_json(game_dir):
    # the pair Nejka/Гафф sends no shared action: one alert. The text ends with it; a second copy on stderr would
    # show it twice on the GM's terminal. With --format json on stdout the GM reads it on stderr.
    ok("night", "add", "--night", "1", "--actor", "РэдДи", "Убиваю Алису")
    alert = ("пара не прислала свой общий ход в ночь 1 (могли прислать: Nejka, Гафф); автоматического штрафа нет, "
             "штраф — на усмотрение ведущего")
    code, out, err = run("night", "resolve", "--night", "1", "--dry-run")
    assert code == 0, err
    assert f"ВНИМАНИЕ: {alert}" in out.splitlines()
    assert err == "ночь 1: пробный прогон, ничего не применено\n"
    code, out, err = run("night", "resolve", "--night", "1", "--dry-run", "--format", "json")
    assert code == 0, err
    assert err.splitlines() == [f"внимание: {alert}", "ночь 1: пробный прогон, ничего не применено"]


def test_cli_names_are_read_as_votes_read_them_and_an_ambiguous_one_is_refused(game):
    # Latin look-alike letters (`Aлтея` with a Latin A), as a vote would be read; case forms: see the test below
    out = ok("night", "add", "--night", "1", "--actor", "\u0041лтея", "Лечу Дельту")
    assert "прочитано: Алтея: лечение → Дельта" in out
    code, _, err = run("night", "add", "--night", "1", "--actor", "Бет", "Отмазываю Юну")
    assert code == 2
    assert err == ("ошибка: игрок «Бет» в игре g может быть любым из: Бетти, Бетси; ведущий не угадывает — напишите "
                   "ник, как в составе\n")
    code, _, err = run("state", "alibi", "--player", "Гамма", "--day", "1")
    assert code == 2 and "игрок «Гамма»: такого нет в игре g (игроки: Франклин, Бетти," in err


def test_rule_4_004_a_night_without_the_mafia_kill_alerts_the_gm_in_text_json_and_the_store(play):
    play("grand_hotel", GRAND_HOTEL_ROLES)
    ok("night", "add", "--night", "1", "--actor", "Гафф", "Забираю голос Энзо")
    alert = ("no kill from the мафия side tonight: the rules say it must kill every night; enter its kill "
             "(night add) or note the penalty")
    words = ("этой ночью нет убийства от стороны «мафия»: по правилам она должна убивать каждую ночь; внесите её "
             "убийство (`mafvote night add`) или отметьте штраф")
    code, out, err = run("night", "resolve", "--night", "1", "--dry-run")
    assert code == 0
    assert f"ВНИМАНИЕ: {words}" in out.splitlines()
    assert words not in err                 # once on the terminal: the text above already ends with it
    code, out, err = run("night", "resolve", "--night", "1", "--format", "json")
    assert code == 0 and f"внимание: {words}" in err.splitlines()     # beside json, on stderr
    data = json.loads(out)
    assert data["alerts"] == [alert]        # JSON keeps the resolver's sentence (scripts read it)
    # what the daemon reads: the stored outcome of the resolved night
    store, service = game_mod.open_service(*config_and_game())
    try:
        assert service.night_alerts(1) == (alert,)
        # kept out of the journal the daemon holds between ticks, read from the store (`full_outcome`)
        assert "alerts" not in service.applied()[-1].outcome
        assert service.full_outcome(service.applied()[-1])["alerts"] == [alert]
        assert service.night_alerts(2) == ()
    finally:
        store.close()


def test_night_roll_visitor_takes_a_player_and_decides_who_dies_with_the_bloody_kill(play):
    root = play("grand_hotel", GRAND_HOTEL_ROLES)
    ok("night", "add", "--night", "1", "--actor", "Ронин", "Кровавое убийство Алисы")
    ok("night", "add", "--night", "1", "--actor", "Алукард", "Защищаю Алису")
    ok("night", "add", "--night", "1", "--actor", "РэдДи", "Убиваю Нежку")
    out = ok("night", "roll", "--night", "1", "--actor", "Ронин", "visitor", "Алукард")
    assert "бросок «гость под ударом» (Ronin), ночь 1: Алукард" in out
    ok("night", "roll", "--night", "1", "--actor", "Ронин", "bloody", "yes")
    text = (root / "state" / "nights" / "ny" / "night-1.toml").read_text(encoding="utf-8")
    assert '[[rolls]]\nactor = "Ronin"\nname = "visitor"\nvalue = "Алукард"\n' in text
    data = json.loads(ok("night", "resolve", "--night", "1", "--format", "json"))
    # in roster order, never the kill order (the target before its visitor would say who visited whom)
    assert [d["player"] for d in data["deaths"]] == ["Алукард", "Nejka", "Alisa"]
    assert {"actor": "Ronin", "name": "visitor", "p": 1.0, "value": "Алукард", "forced": True} in data["rolls"]


@pytest.mark.parametrize("name", ["bloody", "second_kill"])
def test_night_roll_second_kill_is_the_bloody_kills_50_50_on_the_visitor(play, name):
    # INTERFACE.md's `second_kill` ("the 50/50 second kill") is the roll the engine draws as `bloody`
    play("grand_hotel", GRAND_HOTEL_ROLES)
    ok("night", "add", "--night", "1", "--actor", "Ронин", "Кровавое убийство Алисы")
    ok("night", "add", "--night", "1", "--actor", "Алукард", "Защищаю Алису")
    ok("night", "roll", "--night", "1", "--actor", "Ронин", "visitor", "Алукард")
    deaths = {}
    for value in ("yes", "no"):
        ok("night", "roll", "--night", "1", "--actor", "Ронин", name, value)
        data = json.loads(ok("night", "resolve", "--night", "1", "--format", "json", "--dry-run"))
        deaths[value] = [d["player"] for d in data["deaths"]]
        assert {"actor": "Ronin", "name": "bloody", "p": 0.5, "value": value == "yes", "forced": True} in data["rolls"]
    assert deaths == {"yes": ["Алукард", "Alisa"], "no": ["Alisa"]}   # roster order


@pytest.mark.parametrize("roll,value,message", [
    ("visitor", "yes", "ошибка: `yes|no|NICK`: бросок `visitor` выбирает игрока: напишите имя игрока (например, "
                       "`visitor Вася`), а не «yes»\n"),
    ("evidence", "Алукард", "ошибка: `yes|no|NICK`: бросок `evidence` — «да» или «нет» (`yes` или `no`), а не «Алукард» "
                            "(имя игрока пишется для бросков `visitor`)\n"),
    ("visitor", "Гендальф", "бросок `visitor`: игрок «Гендальф»: такого нет в игре ny"),
])
def test_night_roll_a_bad_roll_value_pair_exits_2_and_writes_nothing(play, roll, value, message):
    root = play("grand_hotel", GRAND_HOTEL_ROLES)
    code, _, err = run("night", "roll", "--night", "1", "--actor", "Ронин", roll, value)
    assert code == 2 and message in err
    assert not (root / "state" / "nights" / "ny" / "night-1.toml").exists()


def test_003_game_day_1_from_the_count_then_night_1_kill_healed_and_the_next_day(play):
    play("time_machine", TIME_MACHINE_ROLES, starts_with="day", items={"Nejka": ["clock"]})
    st = state()
    assert (st["phase"]["kind"], st["phase"]["number"]) == ("day", 1) and st["items"] == {"Nejka": ["clock"]}

    # day 1 (the GM moved the deadline): the count hangs Puss; 003 reveals the role at an execution
    closed = json.loads(ok("day", "close", "--day", "1", "--deadline", DAY_1_DEADLINE, "--format", "json"))
    assert closed["decided_by"] == "count" and closed["count"]["outcome"]["eliminated"] == ["Puss"]
    assert closed["day"]["public"][0]["text"] == "Выбывает Puss - Мафиозо (мафия)"
    st = state()
    assert (st["phase"]["kind"], st["phase"]["number"]) == ("night", 1)

    # night 1: the mafia kills Alisa, the doctor heals her; the commissar blocks the maniac with the clock
    # (his item) and checks РэдДи
    for actor, text in (("РэдДи", "Убиваю Алису"), ("Алукард", "Лечу Алису"), ("Ронин", "Убиваю Гаффа"),
                        ("Нежка", "Блокирую часами Ронина"), ("Нежка", "Проверяю Рэдди")):
        ok("night", "add", "--night", "1", "--actor", actor, text)
    data = json.loads(ok("night", "resolve", "--night", "1", "--format", "json"))
    assert data["deaths"] == [] and data["saved"] == ["Alisa"]
    assert {"actor": "Ronin", "ability": "kill", "reason": "blocked by Nejka"} in [
        {k: r[k] for k in ("actor", "ability", "reason")} for r in data["refused"]]
    assert {"to": "Nejka", "kind": "side_check", "text": "РэдДи — мафия"} in data["private"]
    assert data["night_duty"]["missed"] == []

    # the next day's state: day 2, everyone but Puss alive, the clock used up
    st = state()
    assert (st["phase"]["kind"], st["phase"]["number"]) == ("day", 2)
    assert len(st["alive"]) == 11 and [d["player"] for d in st["dead"]] == ["Puss"]
    assert st["items"] == {}
    assert [a["how"] for a in st["applied"]] == ["close", "resolve"]


def test_a_secret_silence_for_several_days_is_refused_and_one_day_is_kept(new_year_game):
    code, out, err = new_year_game.cli("state", "silence", "--player", "Маша", "--day", "1", "--secret", "--days", "2")
    assert (code, out) == (2, "")
    assert err == ("ошибка: --days 2 вместе с --secret: тайное лишение голоса — на один день; на следующий день "
                   "внесите его снова (`mafvote state silence --secret`)\n")
    code, out, err = new_year_game.cli("state", "silence", "--player", "Маша", "--day", "1", "--secret", "--days", "1")
    assert (code, out, err) == (0, "Маша: тайное лишение голоса на день 1\n", "")


@pytest.mark.parametrize("argv", [["tally", "--day", "10000000"], ["render", "votecount", "10000000"],
                                  ["tally", "--day", "3"]])
def test_a_day_beyond_the_next_one_is_refused_at_once_naming_the_current_phase(new_year_game, argv):
    started = time_mod.monotonic()
    code, out, err = new_year_game.cli(*argv, moment=msk_at("2026-11-12T12:00"))
    assert time_mod.monotonic() - started < 5
    assert (code, out) == (2, "")
    day = argv[-1]
    tail = ("последний день, который можно подсчитать сейчас, — день 1" if day == "10000000" else
            "чтобы всё же подсчитать отрезок темы, укажите --since и --deadline")
    assert err == f"ошибка: день {day} ещё не начался (текущая фаза: день 1); {tail}\n"


def test_a_huge_day_with_since_and_deadline_is_refused_too(new_year_game):
    code, out, err = new_year_game.cli("tally", "--day", "10000000", "--since", "2026-11-12T10:00",
                            "--deadline", "2026-11-12T22:00", moment=msk_at("2026-11-12T12:00"))
    assert (code, out) == (2, "")
    assert err == ("ошибка: день 10000000 ещё не начался (текущая фаза: день 1); последний день, который можно "
                   "подсчитать сейчас, — день 1\n")


# 22:30 UTC on 1 January is 01:30 on 2 January in Moscow: the applied-at time is written in the game's zone, with
# the date it has there (issue 14: as `mafvote status` writes times, not «2027-01-01 22:30 UTC»)
LATE_EVENING_UTC = datetime(2027, 1, 1, 22, 30, tzinfo=timezone.utc)


def _resolve_night_1_late(monkeypatch) -> None:
    monkeypatch.setattr(game_mod, "utc_now", lambda: LATE_EVENING_UTC)
    ok("night", "add", "--night", "1", "--actor", "Алукард", "Лечу Нежку")
    ok("night", "resolve", "--night", "1")


def test_state_and_undo_write_the_applied_time_in_the_games_zone_in_russian(game_dir, monkeypatch):
    _resolve_night_1_late(monkeypatch)
    lines = ok("state").splitlines()
    assert lines[0] == "Игра ny: день 1, с 30.12 20:00 до 31.12 18:00 МСК"
    assert lines[-1] == "Применено шагов: 1; последний: #1 разобрана ночь 1 (применено 02.01 01:30 МСК)"
    # the JSON keeps the ISO instant of INTERFACE.md
    assert [a["applied_at"] for a in state()["applied"]] == ["2027-01-01T22:30:00+00:00"]
    assert ok("undo") == ("отменено: #1 разобрана ночь 1 (применено 02.01 01:30 МСК)\n"
                          "текущая фаза: ночь 1 (дедлайн 30.12 20:00 МСК)\n")


def test_state_and_undo_write_the_applied_time_in_the_games_zone_in_english(game_dir, monkeypatch):
    config = game_dir / "config.toml"
    config.write_text(config.read_text(encoding="utf-8") + '\n[alerts]\nlanguage = "en"\n', encoding="utf-8")
    _resolve_night_1_late(monkeypatch)
    lines = ok("state").splitlines()
    assert lines[0] == "Game ny: day 1, from 30.12 20:00 to 31.12 18:00 Europe/Moscow"
    assert lines[-1] == "Steps applied: 1; last: #1 resolved night 1 (applied 02.01 01:30 Europe/Moscow)"
    assert [a["applied_at"] for a in state()["applied"]] == ["2027-01-01T22:30:00+00:00"]
    assert ok("undo") == ("undone: #1 resolved night 1 (applied 02.01 01:30 Europe/Moscow)\n"
                          "current phase: night 1 (deadline 30.12 20:00 Europe/Moscow)\n")
