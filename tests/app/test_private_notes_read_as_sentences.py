"""Players' private notes read as a GM writes them, not as log lines (issue 14): «Нежка этой ночью убивала»,
not «Нежка — убийство этой ночью: да, на цели черная вуаль»; «Этой ночью к игроку Ронин приходили: Нежка», not
«Ронин — гости: Нежка»; Абрахам's copied check is never told as Джейкоб's; the serum's evidence agrees with a
woman. Rendered as `mafvote render night N --private` renders them."""
from __future__ import annotations

from mafvote import rulesets
from mafvote.render import render, roles_from_ruleset
from mafvote_resolver import Action, Rolls, new_game, resolve_night
from support.cli import ok
from support.game_dir import GRAND_HOTEL_ROLES
from support.nights import load_ruleset, private_notes

HOTEL = [{"nick": "Ронин", "role": "Хулио Ольмедо", "gender": "m"}, {"nick": "Нежка", "role": "Донья Элиса", "gender": "f"},
         {"nick": "Соня", "role": "Лаура", "gender": "f"}, {"nick": "Алиса", "role": "Алисия Аларкон", "gender": "f"},
         {"nick": "Франклин", "role": "Андрес Аларкон", "gender": "m"}, {"nick": "Хавьер", "role": "Хавьер", "gender": "m"},
         {"nick": "Бен", "role": "Бенхамин", "gender": "m"}, {"nick": "Тереса", "role": "Донья Тереса", "gender": "f"}]


def test_004_the_truth_check_is_a_sentence_that_agrees_with_the_player():
    got = private_notes("grand_hotel", HOTEL, [Action("Ронин", "truth", ("Нежка",)), Action("Нежка", "kill", ("Соня",))])
    assert got["Ронин"] == "Нежка этой ночью убивала. Вы оставили на цели чёрную вуаль."
    got = private_notes("grand_hotel", HOTEL, [Action("Ронин", "truth", ("Франклин",))])
    assert got["Ронин"] == "Франклин этой ночью не убивал."
    nobody = [dict(p, gender=None) if p["nick"] == "Франклин" else p for p in HOTEL]
    assert private_notes("grand_hotel", nobody, [Action("Ронин", "truth", ("Франклин",))])["Ронин"] == \
        "На счету игрока Франклин этой ночью нет убийства."


def test_004_the_watch_names_the_visitors_in_a_sentence():
    got = private_notes("grand_hotel", HOTEL, [Action("Алиса", "watch", ("Соня",)), Action("Нежка", "kill", ("Соня",))])
    assert got["Алиса"] == "Этой ночью к игроку Соня приходили: Нежка."


def test_004_the_neutral_taking_the_maniacs_place_is_told_what_it_means():
    from mafvote_resolver.engine import inherit

    r = load_ruleset("grand_hotel")
    state = new_game("g", HOTEL, r).with_player("Хавьер", alive=False)
    _, _, private = inherit(r, state)
    assert [(p.to, p.text) for p in private] == [
        ("Бен", "Хавьер выбывает из игры: вы занимаете его место и теперь вы — маньяк. Ночные действия роли «Хавьер» "
                "теперь ваши, своё ночное действие вы теряете; пассивки роли к вам не переходят.")]   # issue 15 point 3


def test_000_abrahams_copied_check_is_told_to_him_not_as_jacobs():
    data = {"roster": [{"nick": "Абрахам", "gender": "m"}], **roles_from_ruleset(rulesets.load("peculiar")),
            "outcome": {"night": 2, "private": [{"to": "Абрахам", "kind": "side_check", "text": "Энни — пустота"}]},
            "to": "Абрахам"}
    out = render("peculiar", "private", data, fmt="text")
    assert out.splitlines()[-1] == "Вы вглядываетесь в глаза: Энни — пустота"
    assert "Джейкоб" not in out


def test_001_the_serum_evidence_agrees_with_a_woman_and_needs_no_gender_without_one():
    r = load_ruleset("new_year")
    for gender, line in (("f", "Сыворотку подложила Гафф"), ("m", "Сыворотку подложил Гафф"),
                         (None, "Сыворотку подложил игрок Гафф")):
        players = [{"nick": "Гафф", "role": "Снеговик", "gender": gender}, {"nick": "Ронин", "role": "Злой тролль", "gender": "m"},
                   {"nick": "Пусс", "role": "мирная зверюшка"}, {"nick": "Соня", "role": "мирная зверюшка", "gender": "f"}]
        out = resolve_night(r, new_game("g", players, r), [Action("Гафф", "serum", ("Ронин",))],
                            Rolls("g", 1, {("Гафф", "evidence"): True}))
        assert line in [p.text for p in out.public]


def test_the_gm_reports_v_post_line_declines_the_nick_as_the_post_does():
    data = {"roster": [{"nick": "Алукард", "gender": "m"}, {"nick": "Пусс"}], **roles_from_ruleset(rulesets.load("new_year")),
            "outcome": {"night": 2, "deaths": [], "public": [
                {"kind": "evidence", "text": "Улики указывают на Алукард", "data": {"player": "Алукард"}},
                {"kind": "evidence", "text": "Улики указывают на Пусс", "data": {"player": "Пусс"}}]}}
    lines = render("new_year", "gm_report", data, fmt="text").splitlines()
    assert "- На снегу остались следы: улики указывают на Алукарда" in lines
    assert "- На снегу остались следы: улики указывают на игрока Пусс" in lines
    assert not any(line.endswith("указывают на Алукард") for line in lines)


def test_004_the_block_on_a_watched_role_is_told_as_a_sentence_by_night_resolve_and_render(play):
    # issue 14: «Блок: Alisa - София Аларкон» read like a log; Эрнандо's «узнает, если заблокировал Софию, Хулио,
    # Донью Тересу» is told in a sentence, by the command the GM resolves the night with and by the private post
    play("grand_hotel", {**GRAND_HOTEL_ROLES, "мирная зверюшка": "София Аларкон", "Щелкунчик": "Донья Тереса"})
    ok("night", "add", "--night", "1", "--actor", "РэдДи", "Арестовываю Алису")
    ok("night", "add", "--night", "1", "--actor", "King Eciton", "Убиваю Нежку")
    lines = ok("night", "resolve", "--night", "1").splitlines()
    # `night resolve` shows each letter as the theme words it (b0b3479): the recipient's line, then the letter
    letter = lines.index("ЛС РэдДи:")
    assert lines[letter + 1:letter + 3] == ["  РэдДи, записка от портье (ночь 1):",
                                            "  Ваше действие «блок» пришлось на игрока Alisa: это София Аларкон."]
    assert not any("Блок:" in line for line in lines)
    private = ok("render", "night", "1", "--private", "--format", "text")
    assert "Ваше действие «блок» пришлось на игрока Alisa: это София Аларкон." in private.splitlines()
