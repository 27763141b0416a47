"""What the posts a GM publishes show and hide (found by playing 000, 001 and 003 through the CLI), each with the exact text:

1. a modkill that does not close the day (000, 001, 003) keeps the vote's result in the day post; a modkill made
   during a night is announced in that night's post (RULES.md §6);
2. when hidden weights make the real result differ from the public count, posts say who is hanged or «не вешается
   никто», never a reason, and the GM report says why (RULES.md §3 "Two views");
3. 001's private messages come from the GM, not from a town role; the evidence line takes the accusative (§6);
4. the game's last post names every mask with its account, and no post before it does (§5);
5. one live-count text: `render votecount` is `tally.format.format_bbcode`, as the daemon publishes it (§6);
6. after a replacement the posts and the count name the account playing the slot now, with the slot's gender.
"""
from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest

import mafvote_tally
from mafvote import rulesets
from mafvote.render import (gm_notes, render, render_private, roles_from_ruleset,
                            roster_with_replacements, shown_names)
from mafvote_tally.format import format_bbcode, hidden_outcome, outcome_text, shown_reason
from support import cand, make_render_dir, ok, public_count, resolve_night_1

NEW_YEAR = roles_from_ruleset(rulesets.load("new_year"))
PECULIAR = roles_from_ruleset(rulesets.load("peculiar"))
TIME_MACHINE = roles_from_ruleset(rulesets.load("time_machine"))
GRAND_HOTEL = roles_from_ruleset(rulesets.load("grand_hotel"))
DEADLINE = "2027-01-11T22:30+03:00"


# 001: Пусс leads the public count 2 to 1, the doctor's hidden triple blue makes it a tie
R6_PUBLIC = [cand("Пусс", ["Алиса", "Энзо", "Соня"], ["Доктор"]), cand("Ронин", ["Пусс"]), cand("Соня", ["Ронин"])]
R6_ROSTER = [{"nick": "Ронин", "gender": "m"}, {"nick": "Доктор", "gender": "m"}, {"nick": "Алиса", "gender": "f"},
             {"nick": "Пусс", "gender": "m"}, {"nick": "Энзо", "gender": "m"}, {"nick": "Соня", "gender": "f"}]


@pytest.fixture
def game_dir(tmp_path, monkeypatch):
    """The render test game (tests/data/cli_render/config.toml), the whole thread stored, the clock after day 1."""
    return make_render_dir(tmp_path, monkeypatch)


def day_outcome(deaths=(), public=()) -> dict:
    return {"day": 1, "deaths": list(deaths), "saved": [], "public": list(public)}


def death(player: str, role: str, side: str, cause: str, revealed: bool = True) -> dict:
    return {"player": player, "role": role, "side": side, "revealed": revealed, "causes": [cause]}


# --- 1. modkills ------------------------------------------------------------------------------------------


def test_rule_6_a_modkill_that_does_not_close_the_day_keeps_the_tie_in_the_day_post():
    # 003: Эпсилон modkilled during day 1, the vote ends in a tie
    roster = [{"nick": "Эпсилон", "gender": "m"}, {"nick": "Эта", "gender": "m"}, {"nick": "Каппа", "gender": "f"}]
    count = public_count([cand("Эта", ["А", "Б", "В"]), cand("Каппа", ["Г", "Д", "Е"])],
                         {"reason": "tie", "tied": ["Эта", "Каппа"]})
    outcome = day_outcome([death("Эпсилон", "Маньяк", "maniac", "modkill", revealed=False)],
                          [{"kind": "nobody", "text": "Не вешается никто", "data": {}},
                           {"kind": "modkill", "text": "Модкилл: Эпсилон", "data": {"player": "Эпсилон"}}])
    data = {"roster": roster, **TIME_MACHINE, "outcome": outcome, "tally": count, "deadline": DEADLINE}
    assert render("time_machine", "day", data, fmt="text", variant=1) == (
        "Казнь дня 1:\n"
        "Голоса разделились поровну: никто не выбывает.\n"
        "Эпсилон выброшен из потока времени (модкилл).\n"
        "\n"
        "Жду НД до 11 января, 22:30.\n")


def test_rule_6_a_modkill_and_a_hanging_on_one_day_are_both_in_the_post():
    roster = [{"nick": "Пусс", "gender": "m"}, {"nick": "Алиса", "gender": "f"}]
    outcome = day_outcome([death("Пусс", "мирная зверюшка", "town", "hanged"),
                           death("Алиса", "Снежинка", "mafia", "modkill", revealed=False)])
    count = public_count([cand("Пусс", ["А", "Б"])], {"reason": "plurality", "eliminated": ["Пусс"]})
    out = render("new_year", "day", {"roster": roster, **NEW_YEAR, "outcome": outcome, "tally": count}, fmt="text",
                 variant=0)
    assert out == "Повешен Пусс - мирная зверюшка\nМодкилл: Алиса\n"


def test_rule_3_14_the_004_modkill_that_closes_the_day_is_the_days_only_result():
    roster = [{"nick": "Тристам", "gender": "m"}]
    outcome = day_outcome([death("Тристам", "Андрес Аларкон", "town", "modkill")])
    count = public_count([cand("Юка", ["Ромашка"])], {"reason": "modkill", "eliminated": ["Тристам"]})
    out = render("grand_hotel", "day", {"roster": roster, **GRAND_HOTEL, "outcome": outcome, "tally": count},
                 fmt="text", variant=1)
    assert out.splitlines()[-1] == "Тристам выселен администрацией отеля (модкилл; персонал отеля, город)."
    assert "выбывает" not in out and "вешается" not in out


def test_rule_6_the_cli_day_post_keeps_the_vote_result_beside_the_days_modkill(game_dir):
    resolve_night_1()
    ok("modkill", "--player", "Ronin")
    closed = json.loads(ok("day", "close", "--day", "1", "--format", "json"))
    assert closed["count"]["outcome"]["reason"] == "tie"
    out = ok("render", "day", "1", "--format", "text", "--variant", "0")
    # Enzo's hidden double red makes the tie (see 2.): the post says nobody is hanged, without the reason
    assert out == "Не вешается никто.\nМодкилл: Ronin\n\nЖду НД до 31 декабря, 20:00.\n"


def test_rule_6_a_modkill_made_during_the_night_is_announced_in_the_nights_post(game_dir):
    # 003: the GM modkills during night 1, before resolving it; the night's post names it on its own line
    assert ok("modkill", "--player", "Trusiki Kayfa").splitlines() == ["Модкилл: Trusiki Kayfa"]
    resolve_night_1()
    out = ok("render", "night", "1", "--format", "text", "--variant", "1")
    assert out == ("Трупы: Alisa - мирная зверюшка\n"
                   "Модкилл: Trusiki Kayfa\n"
                   "Лишены голоса: Соня\n"
                   "\n"
                   "Жду голоса до 31 декабря, 18:00.\n")
    # the modkill is not a victim of the night: the day after names it nowhere again
    ok("day", "close", "--day", "1", "--eliminate", "Puss")
    assert "Trusiki" not in ok("render", "day", "1", "--format", "text", "--variant", "0")


def test_rule_6_a_night_post_with_only_a_modkill_says_no_one_else_died():
    roster = [{"nick": "Каппа", "gender": "f"}]
    outcome = {"night": 1, "deaths": [death("Каппа", "Мирный житель", "town", "modkill", revealed=False)],
               "silenced": [], "public": [], "private": [], "saved": []}
    out = render("time_machine", "night", {"roster": roster, **TIME_MACHINE, "outcome": outcome}, fmt="text",
                 variant=0)
    assert out == ("Журнал путешествий во времени, ночь 1:\n"
                   "Каппа выброшена из потока времени (модкилл).\n")


# --- 2. hidden weights ---------------------------------------------------------------------------------------


def test_rule_3_two_views_a_tie_made_by_the_hidden_triple_blue_is_posted_without_its_reason():
    count = public_count(R6_PUBLIC, {"reason": "tie", "tied": ["Ронин", "Соня", "Пусс"]})
    assert shown_reason(count) == "undisclosed"
    assert hidden_outcome(count) == (
        "the public count shows Пусс leads with 2, but the real count (hidden vote weights) gives tie (Ронин, Соня, "
        "Пусс): the posts say only who is hanged (or that nobody is), never why; tell no one the reason")
    data = {"roster": R6_ROSTER, **NEW_YEAR, "outcome": day_outcome([], [{"kind": "nobody", "text": "x", "data": {}}]),
            "tally": count, "deadline": DEADLINE}
    for variant in (0, 1, 2):
        assert render("new_year", "day", data, fmt="text", variant=variant).splitlines()[0] == "Не вешается никто."
    assert render("new_year", "votecount", {"roster": R6_ROSTER, "tally": count}, fmt="text").splitlines()[-1] == (
        "Голосование закрыто. Итог: не вешается никто")
    assert "[b]Голосование закрыто.[/b] Итог: не вешается никто" in format_bbcode(count, None).splitlines()


def test_rule_3_two_views_the_gm_report_says_why_the_post_gives_no_reason():
    count = public_count(R6_PUBLIC, {"reason": "tie", "tied": ["Ронин", "Соня", "Пусс"]})
    notes = gm_notes({"roster": R6_ROSTER, "public_tally": count, "outcome": day_outcome()}, theme="new_year")
    assert notes[-1] == ("day 1: the public count shows Пусс leads with 2, but the real count (hidden vote weights) "
                         "gives tie (Ронин, Соня, Пусс): the posts say only who is hanged (or that nobody is), "
                         "never why; tell no one the reason")


def test_rule_3_two_views_a_hanging_the_public_count_does_not_show_names_who_hangs_and_no_reason():
    # the public count: Пусс 2, Ронин 1; the real count: the prosecutor's double red on Ронин makes him the leader
    count = public_count([cand("Пусс", ["А", "Б"]), cand("Ронин", ["Соня"])],
                         {"reason": "plurality", "eliminated": ["Ронин"]})
    # the public totals do not give this hanging: the reason is undisclosed (never «plurality»), the post names him
    assert hidden_outcome(count) is not None and shown_reason(count) == "undisclosed"
    outcome = day_outcome([death("Ронин", "Санта Клаус", "mafia", "hanged")])
    out = render("new_year", "day", {"roster": R6_ROSTER, **NEW_YEAR, "outcome": outcome, "tally": count},
                 fmt="text", variant=0)
    assert out == "Повешен Ронин - Санта Клаус (босс мафии)\n"
    assert outcome_text(count) == "Ронин покидает игру"


def test_rule_3_two_views_a_tie_all_the_public_count_does_not_show_names_the_hanged_only():
    # 004 with a stolen vote: the public count shows Юка alone ahead, the real count a tie Юка/Масини (second of the
    # game: all tied hang, Юка's protection saves her)
    count = public_count([cand("Юка", ["А", "Б", "В"]), cand("Масини", ["Г", "Д"])],
                         {"reason": "tie_all", "eliminated": ["Масини"], "saved": ["Юка"], "tied": ["Юка", "Масини"]})
    assert outcome_text(count) == "Масини покидает игру"
    roster = [{"nick": "Масини", "gender": "m"}, {"nick": "Юка", "gender": "f"}]
    outcome = {**day_outcome([death("Масини", "Диего", "mafia", "hanged")]),
               "saved": [{"player": "Юка", "reason": "protected"}]}
    out = render("grand_hotel", "day", {"roster": roster, **GRAND_HOTEL, "outcome": outcome, "tally": count},
                 fmt="text", variant=1)
    assert "Повешен Масини (постоялец, мафия)" in out.splitlines()
    assert "Юка" not in out and "казни" not in out


def test_rule_3_two_views_a_real_tie_the_public_count_also_shows_is_told_with_its_reason():
    count = public_count([cand("Пусс", ["А", "Б"]), cand("Ронин", ["В", "Г"])],
                         {"reason": "tie", "tied": ["Пусс", "Ронин"]})
    assert hidden_outcome(count) is None
    data = {"roster": R6_ROSTER, **NEW_YEAR, "outcome": day_outcome(), "tally": count}
    assert render("new_year", "day", data, fmt="text", variant=0) == "Голоса разделились поровну: не вешается никто.\n"
    assert format_bbcode(count, None).endswith("[b]Голосование закрыто.[/b] Итог: ничья, не вешается никто\n")


def test_rule_3_two_views_the_cli_gm_report_warns_where_the_day_post_hides_the_reason(game_dir):
    resolve_night_1()
    ok("day", "close", "--day", "1")
    report = ok("render", "day", "1", "--gm", "--format", "text").splitlines()
    assert ("- день 1: открытый подсчёт показывает лидера: Puss (3 голоса), но настоящий подсчёт (со скрытыми весами "
            "голосов) даёт другое: ничья (Алукард, Puss). В постах — только кто повешен (или что никто), без причины; "
            "причину никому не сообщайте") in report


# --- 3. 001's letters and the evidence line --------------------------------------------------------------------


def test_rule_6_001_private_messages_come_from_the_gm_even_to_the_mafia():
    roster = [{"nick": "Энзо", "gender": "m"}]
    outcome = {"night": 1, "deaths": [], "silenced": [], "public": [], "saved": [],
               "private": [{"to": "Энзо", "kind": "succession", "text": "x"}]}
    assert render_private("new_year", {"roster": roster, **NEW_YEAR, "outcome": outcome}) == {
        "Энзо": "Энзо, письмо от ведущего (ночь 1):\n"
                "Теперь вы ведёте свиту Санты Клауса: ночное действие босса за вами.\n"}


@pytest.mark.parametrize("theme, roles, nick, line", [
    ("peculiar", PECULIAR, "Франклин", "Улики указывают на Франклина"),
    ("new_year", NEW_YEAR, "Ронин", "На снегу остались следы: улики указывают на Ронина"),
    ("time_machine", TIME_MACHINE, "Соня", "Улики указывают на Соню"),
])
def test_rule_6_the_evidence_line_names_the_boss_in_the_accusative(theme, roles, nick, line):
    outcome = {"night": 1, "deaths": [], "silenced": [], "private": [], "saved": [],
               "public": [{"kind": "evidence", "text": "x", "data": {"player": nick}}]}
    out = render(theme, "night", {"roster": [{"nick": nick, "gender": "f" if nick == "Соня" else "m"}], **roles,
                                  "outcome": outcome}, fmt="text", variant=0 if theme != "new_year" else 1)
    assert line in out.splitlines()


# --- 4. the masks at the end --------------------------------------------------------------------------------

MASKED = [{"nick": "Франклин", "gender": "m", "mask": "Мистер Икс"}, {"nick": "Алтея", "gender": "f", "mask": "Эмма"},
          {"nick": "Рики", "gender": "m"}]


def test_rule_5_the_last_post_names_every_mask_with_its_account():
    outcome = {**day_outcome([death("Франклин", "Мистер Барон", "hollows", "hanged")]), "winner": "peculiar"}
    out = render("peculiar", "day", {"roster": MASKED, **PECULIAR, "outcome": outcome}, fmt="text", variant=1)
    assert out == ("Общим решением Мистер Икс выбывает! Он являлся Мистером Бароном (пустота)\n"
                   "\n"
                   "Петля замкнулась: игра окончена! Победа странных детей.\n"
                   "\n"
                   "Подмаски:\n"
                   "Мистер Икс — Франклин\n"
                   "Эмма — Алтея\n")


def test_rule_5_the_night_that_ends_the_game_names_the_masks_too():
    outcome = {"night": 3, "deaths": [death("Алтея", "Эмма Блум", "peculiar", "boss")], "silenced": [], "public": [],
               "private": [], "saved": [], "winner": "hollows"}
    out = render("peculiar", "night", {"roster": MASKED, **PECULIAR, "outcome": outcome}, fmt="text", variant=1)
    assert out.endswith("Петля замкнулась: игра окончена! Победа пустот.\n\nПодмаски:\nМистер Икс — Франклин\n"
                        "Эмма — Алтея\n")


def test_rule_5_no_post_before_the_end_names_an_account_behind_a_mask():
    outcome = day_outcome([death("Франклин", "Мистер Барон", "hollows", "hanged")])
    data = {"roster": MASKED, **PECULIAR, "outcome": outcome, "deadline": DEADLINE}
    for theme in ("peculiar", "new_year"):
        for fmt in ("bbcode", "text", "html"):
            out = render(theme, "day", data, fmt=fmt)
            # the mask as the sentence needs it (new_year: «последним для Мистера Икса»), never the account
            assert ("Мистер Икс" in out or "Мистера Икса" in out) and "Франклин" not in out and "Подмаски" not in out
    count = public_count([cand("Франклин", ["Алтея"])], {}, closed=False, not_voted=["Рики"])
    for fmt in ("bbcode", "text", "html"):
        out = render("peculiar", "votecount", {"roster": MASKED, "tally": count}, fmt=fmt)
        assert "Мистер Икс" in out and "Эмма" in out and "Франклин" not in out and "Алтея" not in out


# --- 5. one live count ---------------------------------------------------------------------------------------


def test_rule_6_render_votecount_is_the_formatters_live_count(midday_dir):
    flavour = "*бьют куранты*"
    (midday_dir / "flavor" / "votecount-1.txt").write_text(flavour, encoding="utf-8")
    rendered = ok("render", "votecount", "1")
    published = ok("tally", "--day", "1", "--format", "bbcode")
    assert rendered == f"{flavour}\n\n{published}"
    assert published == (
        "[b]Подсчёт голосов, день 1[/b]\n"
        "\n"
        "[u]Против:[/u]\n"
        "[color=#FF0000]Puss[/color] — 3 голоса (РэдДи, Nejka, Trusiki Kayfa)\n"
        "[color=#FF0000]Алукард[/color] — 2 голоса (Enzo, King Eciton [i]досрочно[/i])\n"
        "[color=#FF0000]РэдДи[/color] — 0 голосов (без голоса: Соня)\n"
        "[color=#FF0000]Nejka[/color] — 1 голос (Puss)\n"
        "\n"
        "[u]В защиту:[/u]\n"
        "[color=#0000FF]Nejka[/color] — 1 голос (Алукард)\n"
        "\n"
        "[u]Итого:[/u]\n"
        "Puss: 3 (против 3, в защиту 0)\n"
        "Алукард: 2 (против 2, в защиту 0)\n"
        "РэдДи: 0 (против 0, в защиту 0)\n"
        "Nejka: 0 (против 1, в защиту 1)\n"
        "\n"
        "Не проголосовали: Гафф, Nevermore, Ronin\n"
        "Лишены голоса: Соня\n"
        "Досрочно: King Eciton\n"
        "\n"
        "[b]Голосование до 31 декабря, 18:00 (осталось 50 минут).[/b]\n")
    text = ok("render", "votecount", "1", "--format", "text")
    assert "Puss — 3 голоса (РэдДи, Nejka, Trusiki Kayfa)" in text.splitlines()
    assert "[" not in text


def test_rule_6_the_daemons_count_text_is_the_same_as_the_rendered_one():
    count = public_count(R6_PUBLIC, {}, closed=False)
    now = datetime(2027, 1, 11, 9, 0, tzinfo=timezone.utc)       # 12:00 MSK, 10 hours left
    rendered = render("new_year", "votecount", {"tally": count, "now": now.isoformat()})
    assert rendered == format_bbcode(count, now)
    assert rendered.splitlines()[-1] == "[b]Голосование до 11 января, 22:00 (осталось 10 часов).[/b]"
    assert "Проголосовали все." in rendered.splitlines()


def test_rule_6_the_live_count_agrees_numbers_with_their_nouns():
    for n, words in ((1, "1 голос"), (3, "3 голоса"), (5, "5 голосов"), (11, "11 голосов"), (21, "21 голос"),
                     (22, "22 голоса")):
        count = public_count([cand("Соня", [f"v{i}" for i in range(n)])], {}, closed=False)
        assert f"[color=#FF0000]Соня[/color] — {words} (" in format_bbcode(count, None)


# --- 6. replacements -------------------------------------------------------------------------------------------

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


@pytest.mark.parametrize("replaced_by, line", [
    ({"nick": "Омега"}, "Казнена Омега - Мирный житель"),                    # the slot's gender
    ({"nick": "Омега", "gender": "m"}, "Казнён Омега - Мирный житель"),      # the new account's, when given
])
def test_replacement_the_day_post_keeps_the_slots_gender_unless_the_new_accounts_is_given(replaced_by, line):
    roster = [{"nick": "Зета", "gender": "f", "replaced_by": replaced_by}]
    outcome = day_outcome([death("Омега", "Мирный житель", "town", "hanged")])
    out = render("time_machine", "day", {"roster": roster, **TIME_MACHINE, "outcome": outcome}, fmt="text", variant=1)
    assert out == f"Казнь дня 1:\n{line}\n"


def test_replacement_the_old_accounts_cases_are_not_used_for_the_new_one():
    outcome = day_outcome([death("Омега", "Мирный житель", "town", "hanged")])
    out = render("time_machine", "day", {"roster": REPLACED, **TIME_MACHINE, "outcome": outcome}, fmt="text",
                 variant=0)
    assert "Зету" not in out and "Омег" in out


def test_replacement_the_game_states_replacements_become_the_rosters():
    roster = [{"nick": "Зета", "gender": "f"}, {"nick": "Эта", "gender": "m"}]
    out = roster_with_replacements(roster, [("Зета", "Омега"), ("Омега", "Пси")])
    assert out[0] == {"nick": "Зета", "gender": "f", "replaced_by": {"nick": "Пси"}, "accounts": ["Зета", "Омега", "Пси"]}
    assert out[1] == {"nick": "Эта", "gender": "m"} and roster[0] == {"nick": "Зета", "gender": "f"}


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
    assert mafvote_tally.format_bbcode is format_bbcode
