"""`mafvote replace`: a substitute takes a slot (RULES.md §2). A nick votes would read as an existing player's is
refused; after a замена the slot's votes and night actions answer to the old account and name the new one; `--at`
may not reach into a closed phase. The game: tests/data/gm_ruleset (the MyBB test game, its thread stored), or the
same game new, with nothing applied (`new_game_dir`)."""
from __future__ import annotations

import json

import pytest

from support import make_ruleset_game_dir, ok, refused, run, state, to_night_2, undo_steps


@pytest.fixture
def game_dir(tmp_path, monkeypatch):
    """The test game, its vote thread stored, the clock past day 1's deadline."""
    return make_ruleset_game_dir(tmp_path, monkeypatch)


# ---- replace --at outside the current phase

def test_replace_at_a_time_in_a_closed_day_is_refused_naming_the_current_phase(new_game_dir):
    to_night_2()       # night 2 runs from day 1's deadline, 2026-12-31 18:00 MSK
    before = state()["applied"]
    assert refused("replace", "--player", "Ronin", "--by", "Новичок", "--at", "2026-12-31T12:00") == (
        "`replace --at` 2026-12-31 12:00: это в дне 1, который уже закрыт; замена с того момента пересчитала бы "
        "закрытые дни (голоса заменённого аккаунта пропали бы, а новый считался бы не проголосовавшим). Укажите "
        "время в текущей фазе (ночь 2, с 2026-12-31 18:00) или уберите --at (тогда — сейчас); если подсчёт "
        "закрытого дня должен измениться, сначала вернитесь к тому дню через `mafvote undo`")
    # a slip of the month: before the game began
    assert refused("replace", "--player", "Ronin", "--by", "Новичок", "--at", "2026-11-30T12:00").startswith(
        "`replace --at` 2026-11-30 12:00: это до начала игры (2026-12-29 20:00); замена с того момента "
        "пересчитала бы закрытые дни")
    # a slip of the year: after the current phase, the new account's votes would not count until then
    assert refused("replace", "--player", "Ronin", "--by", "Новичок", "--at", "2030-01-01T00:00") == (
        "`replace --at` 2030-01-01 00:00: это позже текущей фазы (ночь 2, до 2026-12-31 20:00); до того момента "
        "голоса нового аккаунта не считались бы за этого игрока. Укажите время в текущей фазе или уберите --at "
        "(тогда — сейчас); будущую замену вносят, когда она происходит")
    after = state()
    assert after["applied"] == before and after["replacements"] == []


def test_replace_at_the_current_phases_start_or_inside_it_is_taken(new_game_dir):
    to_night_2()
    assert ok("replace", "--player", "Ronin", "--by", "Новичок", "--at", "2026-12-31T18:00") == (
        "замена: слот Ronin — теперь Новичок, с 2026-12-31 18:00\n")
    assert state()["replacements"] == [{"old": "Ronin", "new": "Новичок"}]
    ok("undo")
    assert ok("replace", "--player", "Ronin", "--by", "Новичок", "--at", "2026-12-31T19:30") == (
        "замена: слот Ronin — теперь Новичок, с 2026-12-31 19:30\n")


def test_replace_before_the_first_phase_ends_may_date_from_before_the_start(new_game_dir):
    # a player who dropped out at sign-up: no phase is closed, so no count can change
    assert ok("replace", "--player", "Ronin", "--by", "Новичок", "--at", "2026-12-28T12:00") == (
        "замена: слот Ronin — теперь Новичок, с 2026-12-28 12:00\n")


# --- `replace --by` a name votes would read as an existing player; names after a замена

def test_rule_2_replace_by_a_look_alike_nick_is_refused_and_changes_nothing(game_dir):
    before = undo_steps()
    code, _, err = run("replace", "--player", "Puss", "--by", "Rоnin")    # Cyrillic о
    assert code == 2
    assert err == ('error: replace: "Rоnin" looks the same (Latin/Cyrillic look-alike letters) as Ronin, a player '
                   "of game ny: votes could not tell the two apart (RULES.md §2); check the new account's nick as "
                   "the forum shows it\n")
    code, _, err = run("replace", "--player", "Puss", "--by", "алиса")     # Alisa's alias, another case
    assert code == 2 and '"алиса" is the same name (case, ё/е, spaces and punctuation aside) as Alisa' in err
    assert undo_steps() == before
    assert [p["player"] for p in json.loads(ok("state", "--format", "json"))["alive"]][-2:] == ["Ronin", "Puss"]


def test_rule_2_votes_of_the_old_account_are_the_slots_history(game_dir):
    ok("replace", "--player", "Nejka", "--by", "Снежок", "--at", "2027-01-01T12:00")
    by_old = ok("votes", "--player", "Nejka")
    assert by_old == ok("votes", "--player", "Снежок")
    lines = by_old.splitlines()
    assert lines[0] == "Nejka — голоса:" and len(lines) > 1   # the slot's votes, the old account's among them
    assert json.loads(ok("votes", "--player", "nejka", "--format", "json"))["player"] == "Nejka"
    assert ok("votes", "--player", "Нежка") == by_old     # the old account in Cyrillic, as votes read it


def test_rule_2_night_action_naming_the_old_account_says_who_plays_the_slot(game_dir):
    ok("replace", "--player", "Nejka", "--by", "Снежок")
    code, _, err = run("night", "add", "--night", "1", "--actor", "РэдДи", "Убиваю Nejka")
    assert code == 2
    assert err == ("error: `mafvote night add`: «Убиваю Nejka»: «Nejka» — старый аккаунт места, на котором теперь "
                   "играет Снежок (замена) (напишите Снежок)\n")
    ok("night", "add", "--night", "1", "--actor", "РэдДи", "Убиваю Снежка")
