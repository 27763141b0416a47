"""The GM's own theme and template files (`templates_dir`) as Notepad saves them: another encoding is a render error
naming the file (and the line) and how to save it; a BOM is read past; `mafvote render` exits 2 with that error."""
from __future__ import annotations

from pathlib import Path

import pytest

from mafvote.render import RenderError, load_theme, make_environment, render
from support.cli import ok
from support.game_dir import refused

SAVE_AS_UTF8 = "(подсказка: сохраните его в UTF-8: в Блокноте — «Сохранить как», кодировка UTF-8)"
NIGHT = {"outcome": {"night": 1, "deaths": []}}


def gm_folder(tmp_path: Path, name: str, data: bytes) -> Path:
    folder = tmp_path / "my"
    (folder / "new_year").mkdir(parents=True)
    (folder / "new_year" / name).write_bytes(data)
    return folder


THEME = '[phrases.night]\nno_deaths = "Все живы: Дед Мороз доволен"\n'
TEMPLATE = "Ночь {{ 1 + 1 }}\n{{ phrase('night.no_deaths') }}\n"


@pytest.mark.parametrize("name, data, where, what", [
    ("theme.toml", THEME.encode("cp1251"), "строка 2: ", "файл не в UTF-8 (сохранён как ANSI / `windows-1251`?)"),
    ("theme.toml", THEME.encode("utf-16"), "", "файл в кодировке UTF-16 («Юникод» в Блокноте), а нужна UTF-8"),
    ("night.j2", TEMPLATE.encode("cp1251"), "строка 1: ", "файл не в UTF-8 (сохранён как ANSI / `windows-1251`?)"),
    ("night.j2", TEMPLATE.encode("utf-16"), "", "файл в кодировке UTF-16 («Юникод» в Блокноте), а нужна UTF-8"),
])
def test_a_gm_file_in_another_encoding_is_a_render_error_naming_it(tmp_path, name, data, where, what):
    folder = gm_folder(tmp_path, name, data)
    with pytest.raises(RenderError) as info:
        render("new_year", "night", NIGHT, fmt="text", templates_dir=folder)
    assert str(info.value) == f"{folder / 'new_year' / name}: {where}{what} {SAVE_AS_UTF8}"


def test_a_bom_is_read_past_in_a_theme_file_and_in_a_template(tmp_path):
    theme = gm_folder(tmp_path / "t", "theme.toml", THEME.encode("utf-8-sig"))
    assert render("new_year", "night", NIGHT, fmt="text", templates_dir=theme) == "Все живы: Дед Мороз доволен\n"
    template = gm_folder(tmp_path / "j", "night.j2", TEMPLATE.replace("\n", "\r\n").encode("utf-8-sig"))
    out = render("new_year", "night", NIGHT, fmt="bbcode", templates_dir=template, variant=1)
    assert out == "Ночь 2\nТрупов нет: все дожили до утра!\n"     # no U+FEFF first, no \r


def test_a_theme_file_edited_between_two_posts_of_one_process_is_read_again(tmp_path):
    # the daemon keeps each theme file parsed (issue 17: the count page of every tick); the GM's edit is
    # another text, so the next post has it, and a file broken by the edit is an error each time
    folder = gm_folder(tmp_path, "theme.toml", THEME.encode("utf-8"))
    assert render("new_year", "night", NIGHT, fmt="text", templates_dir=folder) == "Все живы: Дед Мороз доволен\n"
    (folder / "new_year" / "theme.toml").write_text(THEME.replace("доволен", "счастлив"), encoding="utf-8")
    assert render("new_year", "night", NIGHT, fmt="text", templates_dir=folder) == "Все живы: Дед Мороз счастлив\n"
    (folder / "new_year" / "theme.toml").write_text(THEME + "[phrases\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(RenderError, match="theme.toml: строка 3"):
            render("new_year", "night", NIGHT, fmt="text", templates_dir=folder)
    (folder / "new_year" / "theme.toml").write_text(THEME, encoding="utf-8")
    assert render("new_year", "night", NIGHT, fmt="text", templates_dir=folder) == "Все живы: Дед Мороз доволен\n"


def test_a_theme_is_made_once_for_the_same_files_and_again_after_an_edit(tmp_path):
    # the daemon renders the count page after every new post (issue 17): the files are read each time, the theme
    # made of the same texts is the one made before; the GM's edit makes another
    folder = gm_folder(tmp_path, "theme.toml", THEME.encode("utf-8"))
    env = make_environment("text", folder)
    first = load_theme(env, "new_year")
    assert load_theme(env, "new_year") is first
    assert first.phrases["night.no_deaths"] == ("Все живы: Дед Мороз доволен",)
    (folder / "new_year" / "theme.toml").write_text(THEME.replace("доволен", "счастлив"), encoding="utf-8")
    edited = load_theme(env, "new_year")
    assert edited is not first and edited.phrases["night.no_deaths"] == ("Все живы: Дед Мороз счастлив",)
    assert first.phrases["night.no_deaths"] == ("Все живы: Дед Мороз доволен",)


def test_a_template_the_gm_adds_is_used_at_the_next_post_while_the_bundled_files_are_read_once(tmp_path, monkeypatch):
    # the bundled templates do not change while mafvote runs: read once, a name they lack looked for once (the count
    # page of every tick looked for the theme's own template twice and read both theme.toml files, issue 17); the
    # GM's folder is looked at each time
    import mafvote.render.environment as environment

    folder = gm_folder(tmp_path, "theme.toml", THEME.encode("utf-8"))
    assert render("new_year", "night", NIGHT, fmt="text", templates_dir=folder) == "Все живы: Дед Мороз доволен\n"
    read: list[Path] = []
    real = environment.read_gm_text
    monkeypatch.setattr(environment, "read_gm_text", lambda path: (read.append(path), real(path))[1])
    assert render("new_year", "night", NIGHT, fmt="text", templates_dir=folder) == "Все живы: Дед Мороз доволен\n"
    assert read == [folder / "new_year" / "theme.toml"]
    (folder / "new_year" / "night.j2").write_text(TEMPLATE, encoding="utf-8")
    assert render("new_year", "night", NIGHT, fmt="text", templates_dir=folder) == "Ночь 2\nВсе живы: Дед Мороз доволен\n"


def test_render_command_names_the_ansi_theme_file_and_exits_2(new_game_dir):
    config = new_game_dir / "config.toml"
    config.write_text(config.read_text(encoding="utf-8").replace('gm = ["Ведущий"]',
                                                                 'gm = ["Ведущий"]\ntemplates_dir = "my"'),
                      encoding="utf-8")
    (new_game_dir / "my" / "new_year").mkdir(parents=True)
    (new_game_dir / "my" / "new_year" / "theme.toml").write_bytes(THEME.encode("cp1251"))
    ok("night", "resolve", "--night", "1")
    assert refused("render", "night", "1") == (f"{(new_game_dir / 'my' / 'new_year' / 'theme.toml').resolve()}: строка 2: "
                                              f"файл не в UTF-8 (сохранён как ANSI / `windows-1251`?) {SAVE_AS_UTF8}")


@pytest.mark.parametrize("fmt", ["bbcode", "html", "text"])
def test_a_gm_template_renders_by_render_values_as_by_jinjas_render(tmp_path, fmt):
    # render_values (issue 17, the tick) makes one context of the globals and the values where Jinja's render
    # copies them twice: the same text for what a GM's template may do (globals, a value named as a global, `set`,
    # an include and a macro with the context, a deferred value), the same error, and a template with globals of
    # its own rendered by Jinja itself
    import jinja2

    from mafvote.render.environment import Deferred, render_values

    folder = tmp_path / "templates"
    (folder / "new_year").mkdir(parents=True)
    (folder / "new_year" / "part.j2").write_text("[{{ who }}|{{ fmt }}]", encoding="utf-8")
    (folder / "new_year" / "page.j2").write_text(
        "{% macro m(x) %}{{ x }}:{{ who }}{% endmacro %}{% set n = 2 %}{{ b(who) }} {{ color(who, 'red') }} {{ fmt }} "
        "{{ range(n)|list }} {{ m(n) }} {% include 'new_year/part.j2' %} {{ later }}", encoding="utf-8")
    env = make_environment(fmt, folder)
    template = env.get_template("new_year/page.j2")
    made = []
    values = {"who": "<Соня>", "later": Deferred(lambda: made.append(1) or "потом")}
    assert render_values(template, values) == template.render(values)
    assert len(made) == 1 and "потом" in render_values(template, values)
    shadowed = {**values, "fmt": "свой"}
    assert render_values(template, shadowed) == template.render(shadowed) and "свой" in template.render(shadowed)
    for render_with in (render_values, jinja2.Template.render):
        with pytest.raises(jinja2.UndefinedError, match="'who' is undefined"):
            render_with(template, {"later": ""})
    own = env.get_template("new_year/part.j2", globals={"who": "свой"})
    assert render_values(own, {}) == own.render() == f"[свой|{fmt}]"
