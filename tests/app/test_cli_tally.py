"""`mafvote tally` and `mafvote votes` from the store (issue 3 items 5-6): the bundled MyBB vote thread
(fixtures/html/mybb, a real MyBB 1.8.37 board, day 2 of the New Year game: deadline 01.01.2027 18:00 MSK)
stored through `Store.upsert_page` as a crawl after every post would have stored it, then counted through
the real `mafvote` entry point with the day state from the store (roles, a GM-set secret silence)."""
from __future__ import annotations

import json
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

import pytest

import mafvote.game as game_mod
from mafvote.cli.tally import local_times
from support.cli import day_tally, ok, run
from support.game_dir import WINDOW, fill_store_post_by_post, make_game_dir
from support.games import NEW_YEAR_ROSTER, CliGame, msk_at, quiet_night, red_span

MSK = ZoneInfo("Europe/Moscow")
BASE = "http://127.0.0.1:8081/"


@pytest.fixture
def game_dir(tmp_path, monkeypatch):
    """The test game with each post first seen at its own time, as a crawl after every post would have stored it."""
    return make_game_dir(tmp_path, monkeypatch, fill=fill_store_post_by_post)


def tally_json(*args: str) -> dict:
    code, out, err = run("tally", *WINDOW, "--format", "json", *args)
    assert code == 0, err
    return json.loads(out)


def totals(t: dict) -> dict[str, int]:
    return {c["player"]: c["total"] for c in t["candidates"]}


def test_public_view_every_vote_weight_one_puss_hanged(game_dir):
    t = tally_json("--view", "public")
    assert (t["game"], t["day"], t["view"], t["closed"]) == ("ny", 1, "public", True)
    assert t["since"] == "2026-12-30T20:00:00+03:00" and t["deadline"] == "2027-01-01T18:00:00+03:00"
    assert totals(t) == {"Puss": 6, "Алукард": 0, "Nejka": 0, "Соня": -1, "Alisa": -1}
    puss = t["candidates"][0]
    assert [v["voter"] for v in puss["voters"]] == ["Alisa", "Гафф", "Алукард", "Соня", "РэдДи", "Enzo"]
    assert {v["weight"] for c in t["candidates"] for v in c["voters"]} == {1}
    assert t["outcome"]["eliminated"] == ["Puss"] and t["outcome"]["reason"] == "plurality"
    assert t["not_voted"] == [] and t["silenced"] == []


def test_gm_view_prosecutor_red_counts_two_from_the_ruleset_role(game_dir):
    t = tally_json("--view", "gm")
    # Enzo is Герда (new_year: red_weight = 2): Puss has 7 in the GM's count, 6 in public
    assert totals(t)["Puss"] == 7
    enzo = next(v for v in t["candidates"][0]["voters"] if v["voter"] == "Enzo")
    assert enzo["weight"] == 2
    assert t["outcome"]["eliminated"] == ["Puss"]


def test_secret_silence_set_by_the_gm_shows_only_in_the_gm_view(game_dir):
    code, out, err = run("state", "silence", "--player", "Гафф", "--day", "1", "--secret")
    assert code == 0, err
    gm = tally_json("--view", "gm")
    public = tally_json("--view", "public")
    gaff = next(v for v in gm["votes"] if v["voter"] == "Гафф" and v["counted"])
    assert (gaff["target"], gaff["weight"], gaff["reason"]) == ("Puss", 0, "silenced (secret)")
    assert totals(gm)["Puss"] == 6 and gm["silenced"] == ["Гафф"]
    assert totals(public)["Puss"] == 6 and public["silenced"] == []
    assert all(v["weight"] == 1 for v in public["votes"] if v["voter"] == "Гафф" and v["counted"])


def test_at_a_past_moment_counts_what_was_stored_then(game_dir):
    # 01.01 16:00 MSK: the GM's interim tally (pid 48); the day is open, so the public view shows no result
    t = tally_json("--view", "public", "--at", "2027-01-01T16:00:01")
    puss = next(c for c in t["candidates"] if c["player"] == "Puss")
    assert [v["voter"] for v in puss["voters"]] == ["РэдДи", "Alisa", "Гафф", "Алукард", "Соня"]
    assert puss["red"] == 5 and not t["closed"] and t["outcome"]["reason"] == "pending"
    assert t["as_of"] == "2027-01-01T16:00:01+03:00"


def test_open_day_counted_as_of_now(game_dir, monkeypatch):
    monkeypatch.setattr(game_mod, "utc_now", lambda: datetime(2027, 1, 1, 9, 0, tzinfo=timezone.utc))
    t = tally_json("--view", "public")
    assert not t["closed"] and t["outcome"]["reason"] == "pending"
    assert t["votes"] and all(datetime.fromisoformat(p["time"]) <= datetime(2027, 1, 1, 9, 0, tzinfo=timezone.utc)
                              for p in t["votes"])


def test_bbcode_and_text_formats(game_dir):
    code, out, _ = run("tally", *WINDOW, "--format", "bbcode")
    assert code == 0
    assert "[color=#FF0000]Puss[/color] — 6 голосов (Alisa, Гафф, Алукард, Соня, РэдДи [i]досрочно[/i], Enzo)" in out
    assert "Итог: Puss покидает игру" in out
    code, out, _ = run("tally", *WINDOW, "--format", "text", "--view", "gm")
    assert code == 0 and "итог: большинство → Puss" in out and "ny, день 1 (подсчёт ведущего)" in out


def test_default_bounds_are_the_scheduled_day(game_dir):
    # without --since/--deadline: day 1 is 30.12 20:00 (night 1's deadline) to 31.12 18:00
    code, out, err = run("tally", "--format", "json", "--view", "gm")
    assert code == 0, err
    t = json.loads(out)
    assert (t["since"], t["deadline"]) == ("2026-12-30T20:00:00+03:00", "2026-12-31T18:00:00+03:00")
    # the votes' times read in the game's zone, as the GM's clock shows them
    assert t["votes"] and all(v["time"].endswith("+03:00") for v in t["votes"])
    assert all("2026-12-30T20:00" <= v["time"] < "2026-12-31T18:00" for v in t["votes"])


def test_a_day_far_ahead_needs_explicit_bounds(game_dir):
    code, _, err = run("tally", "--day", "3")
    assert code == 2
    assert "день 3 ещё не начался (текущая фаза: ночь 1)" in err and "укажите --since и --deadline" in err


def test_votes_history_with_links_to_the_posts(game_dir):
    code, out, err = run("votes", "--player", "Ронин", "--format", "json")
    assert code == 0, err
    data = json.loads(out)
    assert data["player"] == "Ronin"
    got = [(v["post_id"], v["target"], v["color"], v["url"], v["day"]) for v in data["votes"]]
    assert got == [
        (19, "Alisa", "blue", f"{BASE}showthread.php?tid=2&pid=19#pid19", "day 1"),
        (40, "Nevermore", "red", f"{BASE}showthread.php?tid=2&pid=40#pid40", ""),
        (40, "Alisa", "blue", f"{BASE}showthread.php?tid=2&pid=40#pid40", ""),
    ]
    code, out, _ = run("votes", "--player", "Ronin")
    assert code == 0
    assert f"#19 в защиту Alisa  {BASE}showthread.php?tid=2&pid=19#pid19" in out


def test_votes_of_an_unknown_player_is_bad_input(game_dir):
    code, _, err = run("votes", "--player", "Вася")
    assert code == 2 and "игрок «Вася»: такого нет в игре ny" in err


def test_rule_3_1_a_day_counted_again_after_later_days_flags_only_its_own_late_votes(game):
    game.votes(("Рики", "12 10:00", "Юну"), ("Юна", "12 10:05", "Рики"))
    late, = game.votes(("Алтея", "12 22:40", "Рики"))                      # night 2: after day 1's close
    game.votes(("Рики", "13 10:00", "Бетти"), ("Юна", "13 11:00", "Бетти"),  # day 2's votes
               ("Алтея", "13 12:00", "Бетти"))
    quiet_night(1)
    ok("day", "close", "--day", "1", "--nobody")
    quiet_night(2)
    ok("day", "close", "--day", "2", "--nobody")
    day1 = day_tally(1)
    assert [(f["kind"], f["player"], f["post_id"]) for f in day1["flags"] if f["kind"] == "late"] == [
        ("late", "Алтея", late)]
    # the same vote is day 2's `early_post` (posted in the night before it)
    assert [(f["kind"], f["player"], f["post_id"]) for f in day_tally(2)["flags"] if f["kind"] in ("late", "early_post")] == [
        ("early_post", "Алтея", late)]


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


def test_an_ambiguous_name_is_told_as_what_it_could_mean_not_guessed(tmp_path):
    # issue 14: the flag said «не угадано»; `tally --view gm` words it as what the name could mean and what to do
    roster = [(n, r) if n != "Маша" else ("Сонька", r) for n, r in NEW_YEAR_ROSTER]
    g = CliGame(tmp_path, roster=roster).open()
    g.svc.resolve_night(1, now=msk_at("2026-11-11T22:40"))
    g.post("Петя", msk_at("2026-11-12T10:00"), red_span("Вася"))
    pid = g.post("Петя", msk_at("2026-11-12T11:00"), red_span("Сон"))
    g.store.close()
    code, out, err = g.cli("tally", "--day", "1", "--view", "gm", moment=msk_at("2026-11-12T12:00"))
    assert code == 0, err
    assert [line for line in out.splitlines() if "неоднозначное имя" in line] == [
        f"! неоднозначное имя: Петя, пост {pid} — «Сон» может означать Соня или Сонька: голос не засчитан (в силе "
        "прежний голос игрока); решите, кого имели в виду"]
    assert "угадан" not in out
