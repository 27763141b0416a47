"""`mafvote render votecount`, the live count a GM posts: `--variant` names the styles and phrases that exist; a
player a night silenced is marked among the voters. The game: tests/data/gm_ruleset (the MyBB test game, its thread
stored), the clock past day 1's deadline."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from mafvote.render import render
from mafvote_tally.format import format_bbcode
from support.cli import ok, run
from support.game_dir import make_ruleset_game_dir
from support.posts import R6_PUBLIC, cand, public_count


@pytest.fixture
def game_dir(tmp_path, monkeypatch):
    return make_ruleset_game_dir(tmp_path, monkeypatch)


@pytest.mark.parametrize("variant, message", [
    ("99", "ошибка: --variant: 99: в теме `new_year` 3 стиля (0–2); напишите `--variant 2` или меньше"),
    ("foo=1", "ошибка: --variant: foo=1: в теме `new_year` нет фразы `foo`; фразы темы с вариантами: `night.title, "
              "night.deaths, night.no_deaths, night.silenced, night.deadline, day.hanged, day.deadline`"),
    ("night.deths=1", "ошибка: --variant: night.deths=1: в теме `new_year` нет фразы `night.deths`; может быть, "
                      "`night.deaths, night.no_deaths, night.deadline`?"),
    ("night.deaths=3", "ошибка: --variant: night.deaths=3: у фразы `night.deaths` темы `new_year` 3 варианта (0–2)"),
    ("x=y", "ошибка: --variant: «x=y»: напишите номер стиля (`1`) или фразу и номер (`night.deaths=2`)"),
])
def test_rule_render_variant_that_does_not_exist_is_exit_2_naming_what_does(game_dir, variant, message):
    code, out, err = run("render", "votecount", "1", "--variant", variant)
    assert code == 2 and out == ""
    assert " ".join(err.split()).endswith(message)


def test_rule_render_variant_that_exists_renders(game_dir):
    assert ok("render", "votecount", "1", "--variant", "2").startswith("[b]Подсчёт голосов, день 1[/b]")
    assert ok("render", "votecount", "1", "--variant", "night.deaths=2").startswith("[b]Подсчёт голосов, день 1[/b]")


def test_rule_3_5_live_count_after_a_silencing_night_marks_the_silenced(game_dir):
    for actor, text in (("РэдДи", "Убиваю Алису"), ("Алукард", "Лечу Нежку"), ("Puss", "Блокирую Соню"),
                        ("Невермор", "Забираю Ронина")):
        ok("night", "add", "--night", "1", "--actor", actor, text)
    ok("night", "roll", "--night", "1", "--actor", "Puss", "silence", "yes")
    ok("night", "resolve", "--night", "1")
    post_ = ok("render", "votecount", "1")
    line = next(x for x in post_.splitlines() if "Соня" in x and "голос" in x and x.startswith("[color=#FF0000]"))
    assert "без голоса: Соня" in line
    assert "Лишены голоса: Соня" in post_


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


def _count_page_data():
    count = public_count(R6_PUBLIC, {}, closed=False)
    return count, datetime(2027, 1, 11, 9, 0, tzinfo=timezone.utc)


def test_the_count_page_formats_the_count_text_only_for_a_template_that_prints_it(tmp_path, monkeypatch):
    # the daemon renders the HTML count page after every new post (issue 17, the tick); the bundled page lays the
    # count out as a table and never prints `count`, the whole live count as text, so it is not made for it; a
    # GM's own page that prints it gets the live count's one wording, as before
    import mafvote.render.context as context

    count, now = _count_page_data()
    made = []
    real = context.format_bbcode
    monkeypatch.setattr(context, "format_bbcode", lambda *a, **k: (made.append(k), real(*a, **k))[1])
    page = render("new_year", "votecount", {"tally": count, "now": now.isoformat()}, fmt="html")
    assert "<table>" in page and made == []
    folder = tmp_path / "templates"
    (folder / "new_year").mkdir(parents=True)
    (folder / "new_year" / "votecount.html.j2").write_text("<pre>{{ count }}</pre>{{ count }}", encoding="utf-8")
    page = render("new_year", "votecount", {"tally": count, "now": now.isoformat()}, fmt="html", templates_dir=folder)
    text = real(count, now, markup=False)
    assert "Пусс — 3 голоса" in text and page == f"<pre>{text}</pre>{text}".strip("\n") + "\n" and len(made) == 1
    # and through a phrase: the GM's theme.toml may print it in one
    (folder / "new_year" / "votecount.html.j2").write_text("{{ phrase('votecount.title') }}", encoding="utf-8")
    (folder / "new_year" / "theme.toml").write_text("[phrases.votecount]\ntitle = \"Итоги: {{ count }}\"\n",
                                                    encoding="utf-8")
    page = render("new_year", "votecount", {"tally": count, "now": now.isoformat()}, fmt="html", templates_dir=folder)
    assert page == f"Итоги: {text}".strip("\n") + "\n"


def test_the_count_page_raises_no_template_not_found_and_no_attribute_miss_once_made(monkeypatch):
    # issue 17, the tick: the bundled count page's render looked for the theme's own two templates (four "not found"
    # raised and caught a render) and read each row's fields as attributes first (an AttributeError each)
    import jinja2

    count, now = _count_page_data()
    data = {"tally": count, "now": now.isoformat()}
    first = render("new_year", "votecount", data, fmt="html")
    raised, fallbacks = [], []
    real_init, real_getattr = jinja2.TemplateNotFound.__init__, jinja2.Environment.getattr
    monkeypatch.setattr(jinja2.TemplateNotFound, "__init__", lambda self, *a, **k: (raised.append(a), real_init(self, *a, **k))[1])
    monkeypatch.setattr(jinja2.Environment, "getattr", lambda self, o, a: (fallbacks.append(a), real_getattr(self, o, a))[1])
    assert render("new_year", "votecount", data, fmt="html") == first
    assert raised == [] and fallbacks == []
