"""Posts that never guess a form (issue 14): a name is declined only where every word's form is sure, else the
sentence keeps it in the nominative after «игрока»/«игроку»…; a player without a gender gets wordings that need
none; one post style for the whole game.

The check of every case a template uses: each post is rendered once for a player whose roster `forms` are
markers (⟨accs⟩, ⟨gent⟩, …), which shows which case each place of each phrase asks for, and once for the real
name; the real post must be the marker post with each marker replaced by the form expected for that case.
"""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from mafvote import rulesets
from mafvote.render import THEMES, RenderError, load_theme, make_environment, render, roles_from_ruleset
from mafvote.render.context import post_context
from mafvote.render.phrases import Phrases
from mafvote.render.views import Event, Views

ROOT = Path(__file__).resolve().parents[2]
CASES = ("nomn", "gent", "datv", "accs", "ablt", "loct")
RULES = {theme: roles_from_ruleset(rulesets.load(theme)) for theme in THEMES}

# name, roster gender -> (grammatical gender the posts agree with, its forms by case)
EXPECTED = {
    ("Гораций Сомнассон", None): ("m", ("Гораций Сомнассон", "Горация Сомнассона", "Горацию Сомнассону",
                                        "Горация Сомнассона", "Горацием Сомнассоном", "Горации Сомнассоне")),
    ("Фиона Фраунфелид", None): ("f", ("Фиона Фраунфелид", "Фионы Фраунфелид", "Фионе Фраунфелид",
                                       "Фиону Фраунфелид", "Фионой Фраунфелид", "Фионе Фраунфелид")),
    ("Мастер Йода", "m"): ("m", ("Мастер Йода", "Мастера Йоды", "Мастеру Йоде", "Мастера Йоду", "Мастером Йодой",
                                 "Мастере Йоде")),
    # no gender and a consonant ending: «Алукарда» for a man, «Алукард» for a woman; never guessed
    ("Алукард", None): (None, ("Алукард", "игрока Алукард", "игроку Алукард", "игрока Алукард", "игроком Алукард",
                               "игроке Алукард")),
    ("Алукард", "m"): ("m", ("Алукард", "Алукарда", "Алукарду", "Алукарда", "Алукардом", "Алукарде")),
    ("Гафф", "f"): ("f", ("Гафф",) * 6),
}
MARKERS = {c: f"⟨{c}⟩" for c in CASES}


def role_of(theme: str) -> tuple[str, str]:
    roles = RULES[theme]["roles"]
    role = next(r for r, info in roles.items() if not info.get("plain") and info.get("side"))
    return role, roles[role]["side"]


def posts(theme: str, player: dict, variant: int) -> list[str]:
    """The day post (hanged, then a modkill) and the night post (death, silence, evidence, serum, block, trace)
    of `theme` in one style, for `player`."""
    nick = player["nick"]
    role, side = role_of(theme)
    roster = [player, {"nick": "Соня", "gender": "f"}]
    data = {"roster": roster, **RULES[theme]}
    out = []
    for cause in ("hanged", "modkill"):
        dead = {"player": nick, "role": role, "side": side, "revealed": True, "causes": [cause]}
        outcome = {"day": 2, "deaths": [dead], "saved": [], "public": []}
        out.append(render(theme, "day", {**data, "outcome": outcome}, fmt="text", variant=variant))
    public = [{"kind": "evidence", "text": "x", "data": {"player": nick}},
              {"kind": "evidence", "text": "x", "data": {"player": nick, "role": role}},
              {"kind": "block", "text": "x", "data": {"player": nick}},
              {"kind": "trace", "text": "x", "data": {"player": nick, "role": role}},
              {"kind": "silence", "text": "x", "data": {"player": nick}}]
    night = {"night": 2, "deaths": [{"player": nick, "role": role, "side": side, "revealed": True, "causes": ["x"]}],
             "silenced": [{"player": nick, "days": 1, "announced": True}], "public": public, "private": [],
             "saved": []}
    out.append(render(theme, "night", {**data, "outcome": night}, fmt="text", variant=variant))
    return out


STYLES = [(theme, v) for theme in THEMES for v in range(load_theme(make_environment("text"), theme).styles)]


@pytest.mark.parametrize("name,gender", sorted(EXPECTED, key=str), ids=lambda x: str(x))
@pytest.mark.parametrize("theme,variant", STYLES)
def test_rule_6_every_case_a_template_uses_is_the_sure_form_or_the_nominative_after_igrok(theme, variant, name,
                                                                                           gender):
    shown_gender, forms = EXPECTED[(name, gender)]
    marker = {"nick": name, "forms": dict(MARKERS)}
    if shown_gender:
        marker["gender"] = shown_gender
    real = {"nick": name} if gender is None else {"nick": name, "gender": gender}
    for template, post in zip(posts(theme, marker, variant), posts(theme, real, variant)):
        used = set(re.findall(r"⟨(\w+)⟩", template))
        assert used, template
        expected = template
        for case, form in zip(CASES, forms):
            expected = expected.replace(MARKERS[case], form)
        assert post == expected, (theme, variant, sorted(used))


@pytest.mark.parametrize("theme,variant", STYLES)
def test_rule_6_a_player_without_gender_is_never_written_with_both_forms(theme, variant):
    for post in posts(theme, {"nick": "Алукард"}, variant):
        assert not re.search(r"[А-Яа-яЁё]+\([а-яё]*\)|[А-Яа-яЁё]+/[А-Яа-яЁё]+", post), post
        for wrong in ("теряем Алукард", "для Алукард", "на Алукард", "выставляет Алукард", "отправляет Алукард"):
            assert wrong not in post, post


def test_rule_6_issue_14_lines_read_right():
    data = {"roster": [{"nick": "Алукард"}], **RULES["new_year"]}
    dead = {"player": "Алукард", "role": "Хлопушка", "side": "town", "revealed": True, "causes": ["hanged"]}
    outcome = {"day": 2, "deaths": [dead], "saved": [], "public": []}
    assert [render("new_year", "day", {**data, "outcome": outcome}, fmt="text", variant=v).splitlines()[0]
            for v in (0, 1, 2)] == ["Выбывает Алукард - Хлопушка (сторона мирных)",
                                    "Сегодняшним днём мы теряем игрока Алукард - Хлопушку (сторона мирных)",
                                    "Праздничный салют оказался последним для игрока Алукард - Хлопушки "
                                    "(сторона мирных)"]
    peculiar = {"roster": [{"nick": "Гораций Сомнассон"}], **RULES["peculiar"]}
    dead = {"player": "Гораций Сомнассон", "role": "Пустота", "side": "hollows", "revealed": True,
            "causes": ["modkill"]}
    out = render("peculiar", "day", {**peculiar, "outcome": {"day": 1, "deaths": [dead], "saved": [], "public": []}},
                 fmt="text")
    assert out.startswith("Мисс Перегрин выставляет Горация Сомнассона из петли (модкилл). Он являлся Пустотой.")
    tm = {"roster": [{"nick": "Гораций Сомнассон"}], **RULES["time_machine"]}
    dead = {"player": "Гораций Сомнассон", "role": "Маньяк", "side": "maniac", "revealed": True, "causes": ["hanged"]}
    out = render("time_machine", "day", {**tm, "outcome": {"day": 1, "deaths": [dead], "saved": [], "public": []}},
                 fmt="text", variant=0)
    assert "Машина времени отправляет Горация Сомнассона в один конец. Он был Маньяком (нейтрал)." in out


def test_rule_6_the_bundled_config_gives_every_player_a_gender():
    config = tomllib.loads((ROOT / "config.toml").read_text(encoding="utf-8"))
    players = config["games"][0]["players"]
    assert players and all(p.get("gender") in ("m", "f") for p in players), \
        [p["nick"] for p in players if p.get("gender") not in ("m", "f")]
    # seed 001: «12. Гафф - Хлопушка (выбыла в третью ночь)»
    assert next(p for p in players if p["nick"] == "Гафф")["gender"] == "f"


# -- one style per game ------------------------------------------------------------------------------------

def night(n: int, deaths: list[str]) -> dict:
    return {"night": n, "deaths": [{"player": d, "role": "мирная зверюшка", "side": "town", "revealed": True,
                                    "causes": ["x"]} for d in deaths], "silenced": [], "public": [], "saved": []}


@pytest.mark.parametrize("game_id", ["ny", "game-2", "новогодняя", "x"])
def test_one_style_for_every_post_of_a_game(game_id):
    roster = [{"nick": "Соня", "gender": "f"}, {"nick": "Нежка", "gender": "f"}, {"nick": "Ронин", "gender": "m"}]
    data = {"game": {"id": game_id, "title": "t"}, "roster": roster, **RULES["new_year"]}
    firsts = {render("new_year", "night", {**data, "outcome": night(n, ["Соня"])}, fmt="text").splitlines()[0]
              .split(":")[0] for n in (1, 2, 3, 4, 5)}
    assert len(firsts) == 1, firsts


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("game_id", ["ny", "game-2", "отель", "x"])
def test_every_night_and_day_post_of_a_game_is_in_one_style(theme, game_id):
    """Issue 14: 004 printed two newspaper titles and 003 two journals in one game. Every night and day post of a
    game (no `style` in the config) is the post of one and the same style k, nights 1–4 and days 1–4."""
    role, side = role_of(theme)
    data = {"game": {"id": game_id, "title": "t"}, "roster": [{"nick": "Соня", "gender": "f"}], **RULES[theme]}
    dead = {"player": "Соня", "role": role, "side": side, "revealed": True, "causes": ["hanged"]}
    posts = {("night", n): {**data, "outcome": {**night(n, []), "deaths": [{**dead, "causes": ["x"]}]}}
             for n in (1, 2, 3, 4)}
    posts |= {("day", n): {**data, "outcome": {"day": n, "deaths": [dead], "saved": [], "public": []}}
              for n in (1, 2, 3, 4)}
    styles = load_theme(make_environment("text"), theme).styles
    shown = {key: render(theme, key[0], d, fmt="text") for key, d in posts.items()}
    same = [k for k in range(styles)
            if all(shown[key] == render(theme, key[0], d, fmt="text", variant=k) for key, d in posts.items())]
    assert same, {key: post.splitlines()[0] for key, post in shown.items()}


def test_the_config_style_is_kept_and_variant_overrides_one_post():
    roster = [{"nick": "Соня", "gender": "f"}]
    data = {"game": {"id": "ny", "title": "t"}, "roster": roster, **RULES["new_year"], "style": 2}
    for n in (1, 2, 3):
        out = render("new_year", "night", {**data, "outcome": night(n, ["Соня"])}, fmt="text").splitlines()
        assert out[:2] == [f"Итоги новогодней ночи {n}:", "Под ёлкой нашли: Соня - мирная зверюшка"]
    dead = {"player": "Соня", "role": "мирная зверюшка", "side": "town", "revealed": True, "causes": ["hanged"]}
    day = {**data, "outcome": {"day": 1, "deaths": [dead], "saved": [], "public": []}}
    assert render("new_year", "day", day, fmt="text").splitlines()[0] == \
        "Праздничный салют оказался последним для Сони - мирной зверюшки"
    assert render("new_year", "day", day, fmt="text", variant=1).splitlines()[0] == \
        "Сегодняшним днём мы теряем Соню - мирную зверюшку"
    with pytest.raises(RenderError) as info:
        render("new_year", "day", {**day, "style": 3}, fmt="text")
    assert str(info.value) == ("`style = 3`: в теме «new_year» 3 стиля (0–2); укажите в конфиге стиль игры — один из "
                               "них")


# -- every phrase of every theme ---------------------------------------------------------------------------

def every_phrase(theme: str) -> list[tuple[str, int, str]]:
    """Every variant of every phrase of `theme`, rendered for a player without a gender whose nick, mask and
    role are Cyrillic: whatever Latin the text then has is the theme's own."""
    from datetime import datetime

    env = make_environment("text")
    th = load_theme(env, theme)
    role, side = role_of(theme)
    dead = {"player": "Женя", "role": role, "side": side, "revealed": True, "causes": ["hanged"]}
    data = {"roster": [{"nick": "Женя"}, {"nick": "Соня", "gender": "f", "mask": "Эсми"}], **RULES[theme],
            "outcome": {"day": 2, "deaths": [dead], "saved": [], "public": [], "winner": side}}
    views = Views(data, th)
    ctx = post_context(th, "day", data, views, True)
    ctx.update(day=2, deadline=datetime(2026, 12, 28, 22, 0), time_left="осталось 2 часа", masks=[("Эсми", "Соня")])
    d, p = views.death(dead, "day"), views.person("Женя")
    ev = Event("block", "текст", {"player": "Женя", "actor_role": role, "target_role": role, "role": role})
    out = []
    for key, variants in sorted(th.phrases.items()):
        for i in range(len(variants)):
            phrases = Phrases(env, th, 0, {key: i}, ctx)
            ctx["phrase"] = phrases
            ctx["each"] = lambda k, seq, var="d", phrases=phrases: [phrases(k, **{var: x}) for x in seq]
            for why in ("alibi", "protected"):
                out.append((key, i, str(phrases(key, d=d, p=p, why=why, ev=ev, people=[p], deaths=[d],
                                                m=Event("info", "текст", {}, "Женя"), to=p))))
    return out


@pytest.mark.parametrize("theme", THEMES)
def test_every_phrase_of_every_theme_is_russian_and_needs_no_gender(theme):
    samples = every_phrase(theme)
    assert len(samples) > 40
    for key, i, text in samples:
        # no Latin word: the nick, mask and role given are Cyrillic, so any Latin would be the theme's own text
        assert not re.search(r"[A-Za-z]", text), (key, i, text)
        # no «Повешен(а)», «его/её», «мирный/мирная»: a player without a gender gets a wording without one
        assert not re.search(r"[А-Яа-яЁё]+\([а-яё]*\)|[А-Яа-яЁё]+/[А-Яа-яЁё]+", text), (key, i, text)


def test_check_refuses_a_style_the_games_theme_does_not_have(tmp_path):
    from click.testing import CliRunner

    from mafvote.cli import cli

    text = (ROOT / "config.toml").read_text(encoding="utf-8")
    assert "\nstyle = 1 " in text
    for style, code in ((2, 0), (3, 2)):
        (tmp_path / "config.toml").write_text(text.replace("\nstyle = 1 ", f"\nstyle = {style} "), encoding="utf-8")
        result = CliRunner().invoke(cli, ["check", "-c", str(tmp_path / "config.toml")])
        assert result.exit_code == code, result.output
    assert "games[0].style: `style = 3`: в теме «new_year» 3 стиля (0–2)" in result.output
