"""A public post never contains hidden information (RULES.md §3 "Two views", §4 reveal rule, §6): one test per
kind of hidden fact. The GM's report, which is never posted, shows each of them."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from mafvote.render import RenderError, gm_notes, render
from mafvote_tally.format import format_bbcode, hidden_outcome, outcome_text, shown_reason
from support.cli import ok
from support.game_dir import resolve_night_1
from support.posts import (GRAND_HOTEL_RULES, NEW_YEAR_RULES, POST_DEADLINE, R6_PUBLIC, R6_ROSTER, cand, day_outcome,
                           death, public_count)

DATA = Path(__file__).resolve().parents[1] / "data" / "render"

ROSTER = [{"nick": "Вася", "gender": "m"}, {"nick": "Маша", "gender": "f"}, {"nick": "Enzo", "gender": "m"},
          {"nick": "Ronin", "gender": "m"}, {"nick": "Trium", "gender": "m"}, {"nick": "Exlay", "gender": "f"},
          {"nick": "Puss", "gender": "m"}]
RANKED = {
    "roles": {"Снеговик": {"side": "town"}, "Санта Клаус": {"side": "mafia", "label": "босс мафии"},
              "Снегурочка": {"side": "town"}, "мирная зверюшка": {"side": "town", "plain": True}},
    "sides": {"town": {"kind": "town", "title": "мирный", "title_f": "мирная"},
              "mafia": {"kind": "mafia", "title": "мафия"}},
}
HOTEL = {
    "roles": {"Хавьер": {"side": "maniac"}, "Донья Элиса": {"side": "mafia"}, "Каталина": {"side": "town"}},
    "sides": {"town": {"kind": "town", "title": "город"}, "mafia": {"kind": "mafia", "title": "мафия"},
              "maniac": {"kind": "solo", "title": "маньяк"}},
}
TIME = {
    "roles": {"Комиссар": {"side": "town"}, "Маньяк": {"side": "maniac"}, "Мафиози": {"side": "mafia"}},
    "sides": {"town": {"kind": "town", "title": "город"}, "mafia": {"kind": "mafia", "title": "мафия"},
              "maniac": {"kind": "solo", "title": "маньяк"}},
}


def night(deaths=(), silenced=(), public=(), **more) -> dict:
    return {"night": 2, "deaths": list(deaths), "saved": more.get("saved", []), "silenced": list(silenced),
            "public": list(public), "private": more.get("private", []), "refused": more.get("refused", []),
            "rolls": more.get("rolls", []),
            "next_day": {"alive": [p["nick"] for p in ROSTER], "alibis": more.get("alibis", []),
                         "hidden_vote_loss": more.get("hidden_vote_loss", [])},
            "winner": None, "log": more.get("log", [])}


def post(theme: str, kind: str, outcome: dict, rules: dict = RANKED, fmt: str = "bbcode") -> str:
    return render(theme, kind, {"roster": ROSTER, **rules, "outcome": outcome}, fmt=fmt)


def all_formats(theme: str, kind: str, outcome: dict, rules: dict = RANKED) -> list[str]:
    return [post(theme, kind, outcome, rules, fmt) for fmt in ("bbcode", "text", "html")]


def test_rule_ranked_1_role_and_side_hidden_past_the_reveal_threshold():
    outcome = night([{"player": "Enzo", "role": "Снеговик", "side": "town", "revealed": False, "causes": ["boss"]}])
    for theme in ("new_year", "peculiar"):
        for out in all_formats(theme, "night", outcome):
            assert "Enzo" in out
            assert "Снеговик" not in out and "мирн" not in out and "МЖ" not in out
    # a hanging past the threshold too
    day = {"day": 3, "deaths": [{"player": "Ronin", "role": "Санта Клаус", "side": "mafia", "revealed": False,
                                 "causes": ["hanged"]}], "saved": [], "public": []}
    for out in all_formats("new_year", "day", day):
        assert "Ronin" in out and "Санта" not in out and "мафи" not in out
    assert "Санта Клаус" in post("new_year", "gm_report", day)


def test_rule_004_side_only_and_the_maniac_shows_as_town():
    outcome = night([{"player": "Вася", "role": "Хавьер", "side": "maniac", "revealed": True, "causes": ["x"]},
                     {"player": "Маша", "role": "Донья Элиса", "side": "mafia", "revealed": True, "causes": ["y"]}])
    for out in all_formats("grand_hotel", "night", outcome, HOTEL):
        assert "Хавьер" not in out and "Элиса" not in out and "маньяк" not in out
        assert "Вася (персонал отеля, город)" in out
        assert "Маша (постоялец, мафия)" in out
    day = {"day": 2, "deaths": [{"player": "Вася", "role": "Хавьер", "side": "maniac", "revealed": True,
                                 "causes": ["hanged"]}], "saved": [], "public": []}
    for out in all_formats("grand_hotel", "day", day, HOTEL):
        assert "Хавьер" not in out and "маньяк" not in out and "город" in out


def test_rule_004_a_ruleset_side_shown_as_town_reads_as_town():
    rules = {"roles": {"Хавьер": {"side": "son"}},
             "sides": {"town": {"kind": "town", "title": "город"},
                       "son": {"kind": "solo", "title": "маньяк", "shown_as": "town"}}}
    outcome = night([{"player": "Вася", "role": "Хавьер", "side": "son", "revealed": True, "causes": ["x"]}])
    for out in all_formats("grand_hotel", "night", outcome, rules):
        assert "Вася (персонал отеля, город)" in out and "маньяк" not in out


def test_rule_003_no_role_at_night_the_role_at_an_execution():
    outcome = night([{"player": "Маша", "role": "Комиссар", "side": "town", "revealed": True, "causes": ["x"]}])
    for out in all_formats("time_machine", "night", outcome, TIME):
        assert "Маша" in out and "Комиссар" not in out and "комиссар" not in out and "город" not in out
    day = {"day": 2, "deaths": [{"player": "Маша", "role": "Комиссар", "side": "town", "revealed": True,
                                 "causes": ["hanged"]}], "saved": [], "public": []}
    out = post("time_machine", "day", day, TIME, "text")
    assert "Машу" in out and "Комиссаром (город)" in out


def test_rule_3_5_secret_silences_and_hidden_vote_loss_are_not_announced():
    outcome = night(silenced=[{"player": "Маша", "days": 1, "announced": True},
                              {"player": "Trium", "days": 1, "announced": False}],
                    hidden_vote_loss=["Ronin"])
    for theme in ("new_year", "peculiar", "time_machine", "grand_hotel"):
        for out in all_formats(theme, "night", outcome):
            assert "Маша" in out
            assert "Trium" not in out and "Ronin" not in out
    report = post("new_year", "gm_report", outcome, fmt="text")
    assert "Trium: 1 дн.; СКРЫТО (не объявлять)" in report
    assert "Голос не засчитывается (скрыто): Ronin" in report


def test_rule_3_4_no_triple_blue_in_the_public_count():
    counts = json.loads((DATA / "tally_001_day1.json").read_text(encoding="utf-8"))
    # the GM view (Alisa's blue counts 3) is refused for a public post
    with pytest.raises(RenderError) as info:
        render("new_year", "votecount", {"tally": counts["gm_open"]}, fmt="bbcode")
    assert str(info.value) == ("пост подсчёта: это подсчёт для ведущего (`view` = `gm`); в публичный пост идёт только "
                               "публичный: `mafvote tally --view public`")
    # a tally marked public that still carries a weight of 3 is refused too
    leaky = json.loads(json.dumps(counts["gm_open"]))
    leaky["view"] = "public"
    with pytest.raises(RenderError) as info:
        render("new_year", "votecount", {"tally": leaky}, fmt="text")
    assert str(info.value) == ("пост подсчёта: подсчёт помечен публичным, но в нём скрытые веса голосов: Enzo (2), Alisa (3); "
                               "посчитайте заново с `view = \"public\"`")
    out = render("new_year", "votecount", {"tally": counts["public_open"], "now": counts["now"]}, fmt="text")
    # Trium: Сальвия and Ronin red, Alisa blue: 2 - 1 = 1 in public (the GM's -1 would reveal the doctor)
    assert "Trium — 2 голоса (Сальвия, Ronin)" in out
    assert "Trium — 1 голос (Alisa)" in out
    assert "Trium: 1 (против 2, в защиту 1)\n" in out
    assert "×" not in out and "-1" not in out and "Trium: -1" not in out


def test_rule_6_private_results_refusals_rolls_saves_and_alibis_stay_out_of_public_posts():
    outcome = night(
        [{"player": "Puss", "role": "мирная зверюшка", "side": "town", "revealed": True, "causes": ["boss"]}],
        saved=["Enzo"], alibis=["Ronin"],
        private=[{"to": "Exlay", "kind": "side_check", "text": "Trium: мафия"}],
        refused=[{"actor": "Вася", "ability": "heal", "reason": "blocked by Маша"}],
        rolls=[{"actor": "Ronin", "name": "evidence", "p": 0.75, "value": False, "forced": False}],
        log=["Enzo is healed by Вася"])
    for theme in ("new_year", "peculiar", "time_machine", "grand_hotel"):
        for out in all_formats(theme, "night", outcome):
            assert "Puss" in out
            for hidden in ("Enzo", "Ronin", "Trium", "Exlay", "Вася", "Маша", "blocked", "evidence", "0.75"):
                assert hidden not in out, (theme, hidden)
    report = post("new_year", "gm_report", outcome, fmt="text")
    for shown in ("- Enzo", "Отмазы на день: Ronin", "Exlay: Trium: мафия",
                  "Вася (heal): blocked by Маша", "Ronin evidence: p=0.75 → нет", "Enzo is healed by Вася"):
        assert shown in report


def test_rule_6_a_private_message_goes_to_its_player_only():
    outcome = night(private=[{"to": "Exlay", "kind": "side_check", "text": "Trium: мафия"},
                             {"to": "Вася", "kind": "hire", "text": "Найм у Ronin удался"}])
    out = render("new_year", "private", {"roster": ROSTER, "outcome": outcome, "to": "Exlay"}, fmt="text")
    assert out == "Exlay, письмо от ведущего (ночь 2):\nСнегурочка узнала: Trium: мафия\n"
    from mafvote.render import render_private
    both = render_private("peculiar", {"roster": ROSTER, "outcome": outcome})
    assert set(both) == {"Exlay", "Вася"}
    assert "Найм у Ronin удался" in both["Вася"] and "Trium" not in both["Вася"]


def test_a_gm_template_that_prints_the_role_still_cannot_show_a_hidden_one(tmp_path):
    # the GM's override folder comes first; its phrase asks for the role, the data has none to give
    for theme in ("grand_hotel", "time_machine", "new_year"):
        (tmp_path / theme).mkdir()
        (tmp_path / theme / "theme.toml").write_text(
            '[phrases]\ndeath = "{{ d.person }}/{{ d.role }}/{{ d.side_label }}"\n', encoding="utf-8")
    hotel = night([{"player": "Вася", "role": "Хавьер", "side": "maniac", "revealed": True, "causes": ["x"]}])
    tm = night([{"player": "Маша", "role": "Комиссар", "side": "town", "revealed": True, "causes": ["x"]}])
    ranked = night([{"player": "Enzo", "role": "Снеговик", "side": "town", "revealed": False, "causes": ["x"]}])
    for theme, outcome, rules, secret in (("grand_hotel", hotel, HOTEL, "Хавьер"), ("time_machine", tm, TIME, "Комиссар"),
                                          ("new_year", ranked, RANKED, "Снеговик")):
        for fmt in ("bbcode", "text", "html"):
            out = render(theme, "night", {"roster": ROSTER, **rules, "outcome": outcome}, fmt=fmt,
                         templates_dir=tmp_path)
            assert secret not in out, (theme, fmt, out)
    # the override is really used: its line replaced the theme's
    out = render("new_year", "night", {"roster": ROSTER, **RANKED, "outcome": ranked}, fmt="text",
                 templates_dir=tmp_path, variant=1)
    assert "Трупы: Enzo//\n" in out


def test_gm_report_shows_a_choice_roll_by_name_and_the_nights_alerts():
    # 004: the bloody kill's visitor roll records a player, and "the mafia entered no kill" is an alert
    outcome = {"night": 2, "deaths": [], "saved": [], "silenced": [], "public": [], "private": [], "refused": [],
               "rolls": [{"actor": "Хавьер", "name": "visitor", "p": 1.0, "value": "Алукард", "forced": True}],
               "next_day": {"alive": [], "alibis": [], "hidden_vote_loss": []}, "log": [],
               "alerts": ["мафия не прислала убийство"]}
    text = render("grand_hotel", "gm_report", {"outcome": outcome, "roster": [{"nick": "Хавьер"}, {"nick": "Алукард"}]},
                  fmt="text")
    assert "- Хавьер visitor: p=1.0 → Алукард (задано ведущим)" in text
    assert "- night: мафия не прислала убийство" in text


def test_rule_3_two_views_a_tie_made_by_the_hidden_triple_blue_is_posted_without_its_reason():
    count = public_count(R6_PUBLIC, {"reason": "tie", "tied": ["Ронин", "Соня", "Пусс"]})
    assert shown_reason(count) == "undisclosed"
    assert hidden_outcome(count) == (
        "the public count shows Пусс leads with 2, but the real count (hidden vote weights) gives tie (Ронин, Соня, "
        "Пусс): the posts say only who is hanged (or that nobody is), never why; tell no one the reason")
    data = {"roster": R6_ROSTER, **NEW_YEAR_RULES, "outcome": day_outcome([], [{"kind": "nobody", "text": "x", "data": {}}]),
            "tally": count, "deadline": POST_DEADLINE}
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
    out = render("new_year", "day", {"roster": R6_ROSTER, **NEW_YEAR_RULES, "outcome": outcome, "tally": count},
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
    out = render("grand_hotel", "day", {"roster": roster, **GRAND_HOTEL_RULES, "outcome": outcome, "tally": count},
                 fmt="text", variant=1)
    assert "Повешен Масини (постоялец, мафия)" in out.splitlines()
    assert "Юка" not in out and "казни" not in out


def test_rule_3_two_views_a_real_tie_the_public_count_also_shows_is_told_with_its_reason():
    count = public_count([cand("Пусс", ["А", "Б"]), cand("Ронин", ["В", "Г"])],
                         {"reason": "tie", "tied": ["Пусс", "Ронин"]})
    assert hidden_outcome(count) is None
    data = {"roster": R6_ROSTER, **NEW_YEAR_RULES, "outcome": day_outcome(), "tally": count}
    assert render("new_year", "day", data, fmt="text", variant=0) == "Голоса разделились поровну: не вешается никто.\n"
    assert format_bbcode(count, None).endswith("[b]Голосование закрыто.[/b] Итог: ничья, не вешается никто\n")


def test_rule_3_two_views_the_cli_gm_report_warns_where_the_day_post_hides_the_reason(render_dir):
    resolve_night_1()
    ok("day", "close", "--day", "1")
    report = ok("render", "day", "1", "--gm", "--format", "text").splitlines()
    assert ("- день 1: открытый подсчёт показывает лидера: Puss (3 голоса), но настоящий подсчёт (со скрытыми весами "
            "голосов) даёт другое: ничья (Алукард, Puss). В постах — только кто повешен (или что никто), без причины; "
            "причину никому не сообщайте") in report
