"""`mafvote replace`: a substitute takes a slot (RULES.md §2). A nick votes would read as an existing player's is
refused; after a замена the slot's votes and night actions answer to the old account and name the new one; `--at`
may not reach into a closed phase. The game: tests/data/gm_ruleset (the MyBB test game, its thread stored), or the
same game new, with nothing applied (`new_game_dir`)."""
from __future__ import annotations

import json

import pytest

from mafvote.render import render, roster_with_replacements, shown_names
from mafvote_tally.format import format_bbcode
from support.cli import day_tally, ok, run, state
from support.game_dir import make_ruleset_game_dir, refused, to_night_2, undo_steps
from support.games import msk_at, quiet_night
from support.posts import TIME_MACHINE_RULES, cand, day_outcome, death, public_count


@pytest.fixture
def game_dir(tmp_path, monkeypatch):
    """The test game, its vote thread stored, the clock past day 1's deadline."""
    return make_ruleset_game_dir(tmp_path, monkeypatch)


# ---- replace --at outside the current phase

def test_replace_at_a_time_in_a_closed_day_is_refused_naming_the_current_phase(new_game_dir):
    to_night_2()       # night 2 runs from day 1's deadline, 2026-12-31 18:00 MSK
    before = state()["applied"]
    assert refused("replace", "--player", "Ronin", "--by", "Новичок", "--at", "2026-12-31T12:00") == (
        "`replace --at` 31.12.2026 12:00 МСК: это в дне 1, который уже закрыт; замена с того момента пересчитала бы "
        "закрытые дни (голоса заменённого аккаунта пропали бы, а новый считался бы не проголосовавшим). Укажите "
        "время в текущей фазе (ночь 2, с 31.12.2026 18:00 МСК) или уберите --at (тогда — сейчас); если подсчёт "
        "закрытого дня должен измениться, сначала вернитесь к тому дню через `mafvote undo`")
    # a slip of the month: before the game began
    assert refused("replace", "--player", "Ronin", "--by", "Новичок", "--at", "2026-11-30T12:00").startswith(
        "`replace --at` 30.11.2026 12:00 МСК: это до начала игры (29.12.2026 20:00 МСК); замена с того момента "
        "пересчитала бы закрытые дни")
    # a slip of the year: after the current phase, the new account's votes would not count until then
    assert refused("replace", "--player", "Ronin", "--by", "Новичок", "--at", "2030-01-01T00:00") == (
        "`replace --at` 01.01.2030 00:00 МСК: это позже текущей фазы (ночь 2, до 31.12.2026 20:00 МСК); до того "
        "момента голоса нового аккаунта не считались бы за этого игрока. Укажите время в текущей фазе или уберите --at "
        "(тогда — сейчас); будущую замену вносят, когда она происходит")
    after = state()
    assert after["applied"] == before and after["replacements"] == []


def test_replace_at_the_current_phases_start_or_inside_it_is_taken(new_game_dir):
    to_night_2()
    assert ok("replace", "--player", "Ronin", "--by", "Новичок", "--at", "2026-12-31T18:00") == (
        "замена: слот Ronin — теперь Новичок, с 31.12 18:00 МСК\n")
    assert state()["replacements"] == [{"old": "Ronin", "new": "Новичок"}]
    ok("undo")
    assert ok("replace", "--player", "Ronin", "--by", "Новичок", "--at", "2026-12-31T19:30") == (
        "замена: слот Ronin — теперь Новичок, с 31.12 19:30 МСК\n")


def test_replace_before_the_first_phase_ends_may_date_from_before_the_start(new_game_dir):
    # a player who dropped out at sign-up: no phase is closed, so no count can change
    assert ok("replace", "--player", "Ronin", "--by", "Новичок", "--at", "2026-12-28T12:00") == (
        "замена: слот Ronin — теперь Новичок, с 28.12 12:00 МСК\n")


# --- `replace --by` a name votes would read as an existing player; names after a замена

def test_rule_2_replace_by_a_look_alike_nick_is_refused_and_changes_nothing(game_dir):
    before = undo_steps()
    code, _, err = run("replace", "--player", "Puss", "--by", "Rоnin")    # Cyrillic о
    assert code == 2
    # issue 14: the resolver's refusal reaches the GM in Russian (it was its English)
    assert err == ("ошибка: замена: «Rоnin» пишется так же, как ник игрока Ronin игры ny, только латинскими буквами "
                   "вместо похожих кириллических (или наоборот), и голоса двух игроков будет не различить; проверьте "
                   "ник нового аккаунта так, как его показывает форум\n")
    code, _, err = run("replace", "--player", "Puss", "--by", "алиса")     # Alisa's alias, another case
    assert code == 2
    assert err == ("ошибка: замена: «алиса» — то же имя, что у игрока Alisa игры ny (регистр, ё/е, пробелы и знаки "
                   "препинания не в счёт), и голоса двух игроков будет не различить; проверьте ник нового аккаунта "
                   "так, как его показывает форум\n")
    assert undo_steps() == before
    assert [p["player"] for p in json.loads(ok("state", "--format", "json"))["alive"]][-2:] == ["Ronin", "Puss"]


def test_rule_2_replace_by_a_taken_name_is_refused_in_english_with_language_en(game_dir):
    with open(game_dir / "config.toml", "a", encoding="utf-8") as config:
        config.write('\n[alerts]\nlanguage = "en"\n')
    code, _, err = run("replace", "--player", "Puss", "--by", "Rоnin")    # Cyrillic о
    assert code == 2
    assert err == ('error: replace: "Rоnin" looks the same (Latin/Cyrillic look-alike letters) as Ronin, a player '
                   "of game ny: votes could not tell the two apart (RULES.md §2); check the new account's nick as "
                   "the forum shows it\n")
    code, _, err = run("replace", "--player", "Puss", "--by", "алиса")
    assert code == 2
    assert err == ('error: replace: "алиса" is the same name (case, ё/е, spaces and punctuation aside) as Alisa, a '
                   "player of game ny: votes could not tell the two apart (RULES.md §2); check the new account's "
                   "nick as the forum shows it\n")


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
    assert err == ("ошибка: `mafvote night add`: «Убиваю Nejka»: «Nejka» — старый аккаунт места, на котором теперь "
                   "играет Снежок (замена) (напишите Снежок)\n")
    ok("night", "add", "--night", "1", "--actor", "РэдДи", "Убиваю Снежка")


def test_a_substitute_who_voted_before_the_replacement_was_entered_is_flagged_then_counted_with_at(game):
    omega, = game.votes(("Омега", "12 10:00", "Рики"))
    stranger, = game.votes(("Зритель", "12 11:00", "Юну"))
    game.posts("vote", ("Зритель", "12 11:05", "интересная игра"))               # talk: no flag
    game.votes(*((n, "12 12:00", "Рики") for n in ("Франклин", "Бетти", "Алтея", "Юна", "Дельта")),
               ("Рики", "12 12:00", "Юну"))
    quiet_night(1)
    out = ok("replace", "--player", "Бетси", "--by", "Омега")                   # at: now (20.01 15:00 MSK)
    assert out == "замена: слот Бетси — теперь Омега, с 20.01 15:00 МСК\n"
    gm = day_tally(1)
    flags = [(f["kind"], f["player"], f["post_id"], f["data"].get("case")) for f in gm["flags"]
             if f["kind"] == "unknown_author"]
    assert flags == [("unknown_author", None, omega, "before_replacement"),
                     ("unknown_author", None, stranger, "stranger")]
    assert gm["not_voted"] == ["Бетси"]
    assert not [f for f in day_tally(1, "public")["flags"] if f["kind"] == "unknown_author"]   # the GM's business

    assert ok("undo") == ("отменено: #2 замена, день 1: Бетси → Омега (применено 20.01 15:00 МСК)\n"
                          "текущая фаза: день 1 (дедлайн 12.01 22:30 МСК)\n")
    out = ok("replace", "--player", "бетси", "--by", "Омега", "--at", "2027-01-12T09:00")
    assert out == "замена: слот Бетси — теперь Омега, с 12.01 09:00 МСК\n"
    gm = day_tally(1)
    assert gm["not_voted"] == []
    assert [(v["voter"], v["target"]) for v in gm["votes"] if v["post_id"] == omega] == [("Бетси", "Рики")]
    assert [f["post_id"] for f in gm["flags"] if f["kind"] == "unknown_author"] == [stranger]

    code, _, err = run("replace", "--player", "Рики", "--by", "Пси", "--at", "12.01 09:00")
    assert code == 2 and "--at: «12.01 09:00» — не время; напишите дату и время в виде" in err


REPLACED = [{"nick": "Зета", "gender": "f", "forms": {"accs": "Зету"}, "replaced_by": {"nick": "Омега"}},
            {"nick": "Эта", "gender": "m"}]


def test_replacement_the_count_names_the_account_playing_the_slot_now():
    count = public_count([cand("Зета", ["Альфа", "Бета"]), cand("Эта", ["Зета"])], {}, closed=False,
                         not_voted=["Зета"])
    out = render("time_machine", "votecount", {"roster": REPLACED, "tally": count}, fmt="text")
    assert "Омега — 2 голоса (Альфа, Бета)" in out.splitlines()
    assert "Эта — 1 голос (Омега)" in out.splitlines()
    assert "Не проголосовали: Омега" in out.splitlines()
    assert "Зета" not in out
    assert shown_names(REPLACED) == {"Зета": "Омега", "Эта": "Эта"}


def test_replacement_the_count_page_kept_between_counts_names_the_new_account_at_once():
    # issue 17: the daemon keeps a game's players, roles and sides (`Views`) from one count page to the next
    # (`render(..., memo=)`); a replacement changes the roster, and the very next page names the account playing now
    count = public_count([cand("Зета", ["Альфа", "Бета"]), cand("Эта", ["Зета"])], {}, closed=False,
                         not_voted=["Зета"])
    memo: dict = {}
    before = [{"nick": "Зета", "gender": "f", "forms": {"accs": "Зету"}}, {"nick": "Эта", "gender": "m"}]
    first = render("time_machine", "votecount", {"roster": before, "tally": count}, fmt="text", memo=memo)
    assert "Зета — 2 голоса (Альфа, Бета)" in first.splitlines()
    kept = memo["views"][2]
    again = render("time_machine", "votecount", {"roster": [dict(p) for p in before], "tally": count}, fmt="text",
                   memo=memo)
    assert again == first and memo["views"][2] is kept          # the same players: kept, not made again
    after = render("time_machine", "votecount", {"roster": REPLACED, "tally": count}, fmt="text", memo=memo)
    assert after == render("time_machine", "votecount", {"roster": REPLACED, "tally": count}, fmt="text")
    assert "Омега — 2 голоса (Альфа, Бета)" in after.splitlines() and "Зета" not in after


@pytest.mark.parametrize("replaced_by, line", [
    ({"nick": "Омега"}, "Казнена Омега - Мирный житель"),                    # the slot's gender
    ({"nick": "Омега", "gender": "m"}, "Казнён Омега - Мирный житель"),      # the new account's, when given
])
def test_replacement_the_day_post_keeps_the_slots_gender_unless_the_new_accounts_is_given(replaced_by, line):
    roster = [{"nick": "Зета", "gender": "f", "replaced_by": replaced_by}]
    outcome = day_outcome([death("Омега", "Мирный житель", "town", "hanged")])
    out = render("time_machine", "day", {"roster": roster, **TIME_MACHINE_RULES, "outcome": outcome}, fmt="text", variant=1)
    assert out == f"Казнь дня 1:\n{line}\n"


def test_replacement_the_old_accounts_cases_are_not_used_for_the_new_one():
    outcome = day_outcome([death("Омега", "Мирный житель", "town", "hanged")])
    out = render("time_machine", "day", {"roster": REPLACED, **TIME_MACHINE_RULES, "outcome": outcome}, fmt="text",
                 variant=0)
    assert "Зету" not in out and "Омег" in out


def test_replacement_the_game_states_replacements_become_the_rosters():
    roster = [{"nick": "Зета", "gender": "f"}, {"nick": "Эта", "gender": "m"}]
    out = roster_with_replacements(roster, [("Зета", "Омега"), ("Омега", "Пси")])
    assert out[0] == {"nick": "Зета", "gender": "f", "replaced_by": {"nick": "Пси"}, "accounts": ["Зета", "Омега", "Пси"]}
    assert out[1] == {"nick": "Эта", "gender": "m"} and roster[0] == {"nick": "Зета", "gender": "f"}


def test_replacement_none_made_leaves_the_roster_a_copy_and_a_stream_of_them_is_read_once():
    # the daemon asks for the roster four times a tick, most games with no replacement (issue 17): a copy all the same
    roster = [{"nick": "Зета", "gender": "f"}, {"nick": "Эта", "gender": "m"}]
    out = roster_with_replacements(roster, iter(()))
    out[0]["nick"] = "Омега"
    assert out[1] == {"nick": "Эта", "gender": "m"} and roster[0] == {"nick": "Зета", "gender": "f"}
    streamed = roster_with_replacements(roster, (pair for pair in [("Зета", "Омега"), ("Омега", "Пси")]))
    assert streamed == roster_with_replacements(roster, [("Зета", "Омега"), ("Омега", "Пси")])
    assert streamed[0]["replaced_by"] == {"nick": "Пси"}


def test_replacement_the_cli_count_and_posts_name_the_new_account(midday_dir):
    ok("replace", "--player", "Puss", "--by", "Котофей")
    published = ok("tally", "--day", "1", "--format", "bbcode").splitlines()
    assert "[color=#FF0000]Котофей[/color] — 3 голоса (РэдДи, Nejka, Trusiki Kayfa)" in published
    assert not any("Puss" in line for line in published)
    assert ok("render", "votecount", "1").splitlines()[0] == "[b]Подсчёт голосов, день 1[/b]"
    assert "Котофей: 3 (против 3, в защиту 0)" in ok("render", "votecount", "1", "--format", "text").splitlines()
    # the GM's terminal table names the slot as the posts do; only the JSON keeps the slot's nick, for scripts
    text = ok("tally", "--day", "1", "--format", "text")
    assert "Котофей" in text and "Puss" not in text
    assert "Puss" in {c["player"] for c in json.loads(ok("tally", "--day", "1", "--format", "json"))["candidates"]}
    # and so does day close's summary of the count
    closed = ok("day", "close", "--day", "1", "--dry-run").splitlines()
    [summary] = [line for line in closed if line.startswith("Подсчёт: ")]
    assert "Котофей " in summary and "Puss" not in summary
    assert format_bbcode is format_bbcode


@pytest.mark.parametrize("by, shown", [("", "''"), ("   ", "'   '"), ("\u200b", "'\\u200b'"),
                                       (" \u200b\u2060 ", "' \\u200b\\u2060 '")])
def test_replace_by_an_empty_or_invisible_nick_is_refused(new_year_game, by, shown):
    code, out, err = new_year_game.cli("replace", "--player", "Ronin", "--by", by)
    assert (code, out) == (2, "")
    assert err == (f"ошибка: `replace --by` {shown}: ник нового аккаунта пуст (пробелы и невидимые символы не в "
                   "счёт); укажите ник точно как на форуме\n")
    code, out, err = new_year_game.cli("state", "--format", "json")
    assert '"replacements": []' in out


@pytest.mark.parametrize("by", ["Ведущий", " ведущий ", "ВЕДУЩИЙ!", "Веду\u200bщий"])
def test_replace_by_the_gms_account_is_refused(new_year_game, by):
    code, out, err = new_year_game.cli("replace", "--player", "Ronin", "--by", by)
    assert (code, out) == (2, "")
    assert err.endswith("»: это аккаунт ведущего «Ведущий» игры g (`games.gm` в конфиге), его посты никогда не "
                        "голоса; укажите ник нового игрока\n")


def test_replace_keeps_the_nick_without_its_invisible_characters_and_spaces(new_year_game):
    code, out, err = new_year_game.cli("replace", "--player", "Ronin", "--by", " Zed\u200b ",
                            "--at", "2026-11-12T09:00", moment=msk_at("2026-11-12T09:30"))
    assert (code, out, err) == (0, "замена: слот Ronin — теперь Zed, с 12.11 09:00 МСК\n", "")


def test_a_second_replace_of_the_old_nick_says_who_plays_the_slot_now(new_year_game):
    code, _, err = new_year_game.cli("replace", "--player", "Ronin", "--by", "Zed", "--at", "2026-11-12T09:00",
                          moment=msk_at("2026-11-12T09:30"))
    assert code == 0, err
    code, out, err = new_year_game.cli("replace", "--player", "ronin", "--by", "Yan", moment=msk_at("2026-11-12T10:00"))
    assert (code, out) == (2, "")
    assert err == ("ошибка: Ronin заменён на Zed в 12.11 09:00 МСК (шаг #2); чтобы заменить снова: "
                   "`mafvote replace --player Zed --by НОВЫЙ_НИК`\n")
    code, out, err = new_year_game.cli("replace", "--player", "Zed", "--by", "Yan", moment=msk_at("2026-11-12T10:00"))
    assert (code, out, err) == (0, "замена: слот Zed — теперь Yan, с 12.11 10:00 МСК\n", "")
