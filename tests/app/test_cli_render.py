"""`mafvote render` end to end (issue 5 items 1, 4, 7): the themed post of a stored night, of a closed day and
the live count of a day, from a config and a store of our own (the bundled MyBB vote thread, New Year roles).
The post is exactly what `mafvote.render.render` makes of the stored outcome; the flavour text goes at the top,
the next phase's deadline at the bottom; the GM's override folder wins over the bundled theme; no public post
carries a hidden fact; a phase not applied yet, a missing file or a bad folder exit 2 naming the problem."""
from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from mafvote import rulesets
from mafvote.config import load_config
from mafvote.render import RenderError, build_data, render
from support.cli import ok, run
from support.game_dir import make_render_dir, resolve_night_1, write_render_config

ROOT = Path(__file__).resolve().parents[2]
MSK = ZoneInfo("Europe/Moscow")


@pytest.fixture
def game_dir(tmp_path, monkeypatch):
    """The render test game (tests/data/cli_render/config.toml), the whole thread stored, the clock after day 1."""
    return make_render_dir(tmp_path, monkeypatch)


def render_data(folder: Path, **kw) -> dict:
    game = load_config(folder / "config.toml").game("ny")
    return build_data(game=game, ruleset=rulesets.load("new_year"), templates_dir=game.templates_dir, **kw)


# --- night -----------------------------------------------------------------------------------------

def test_night_post_is_the_theme_render_of_the_stored_outcome_with_the_next_deadline(game_dir):
    outcome = resolve_night_1()
    out = ok("render", "night", "1", "--format", "text", "--variant", "1")
    # the lines a GM posts: the dead with the role, the announced silence, day 1's deadline (31.12 18:00 MSK)
    assert out == ("Трупы: Alisa - мирная зверюшка\n"
                   "Лишены голоса: Соня\n"
                   "\n"
                   "Жду голоса до 31 декабря, 18:00.\n")
    data = render_data(game_dir, outcome=outcome, phase=1, deadline=datetime(2026, 12, 31, 18, 0, tzinfo=MSK))
    assert out == render("new_year", "night", data, fmt="text", variant=1)
    # without a style in the config: the theme's first, the same as the renderer's; BBCode by default
    bb = ok("render", "night", "1")
    assert bb == render("new_year", "night", data, fmt="bbcode")
    assert bb.rstrip("\n").endswith("[/b]") and "Alisa - мирная зверюшка" in bb and "Соня" in bb


def test_night_post_hides_rolls_refusals_and_private_results_which_the_gm_report_shows(game_dir):
    resolve_night_1(("Гафф", "Проверяю Ронина"))
    for fmt in ("bbcode", "text", "html"):
        out = ok("render", "night", "1", "--format", fmt)
        assert "Alisa" in out
        # Puss's forced roll, Гафф's check of Ronin and the healed Nejka are not for the players
        for hidden in ("Puss", "Ronin", "Гафф", "Nejka", "Щелкунчик", "p=0.5", "нейтрал"):
            assert hidden not in out, (fmt, hidden)
    report = ok("render", "night", "1", "--gm", "--format", "text").splitlines()
    assert "- Бросок «лишение голоса» (Puss, вероятность 50 %): да (задан ведущим)" in report
    # sides by the ruleset's name (feminine for a woman), not its id (the report through alert_rules.gm_report_data)
    assert "- Alisa: мирная зверюшка (мирная); роль открыта; причина: убийство: РэдДи (босс)" in report
    private = ok("render", "night", "1", "--private", "--format", "text")
    assert private.startswith("== Гафф ==\n") and "Ronin" in private
    assert "Alisa" not in private


def test_night_not_resolved_yet_exits_2_naming_the_command(game_dir):
    code, out, err = run("render", "night", "1")
    assert code == 2 and out == ""
    assert "ночь 1 игры ny ещё не разобрана" in err and "`mafvote night resolve --night 1`" in err
    resolve_night_1()
    code, _, err = run("render", "night", "2")
    assert code == 2 and "`mafvote night resolve --night 2`" in err and "(сейчас день 1)" in err


# --- day -------------------------------------------------------------------------------------------

def test_day_post_of_the_closed_day_with_the_next_nights_deadline(game_dir):
    resolve_night_1()
    code, _, err = run("render", "day", "1")
    assert code == 2 and "день 1 игры ny ещё не закрыт" in err and "`mafvote day close --day 1`" in err
    closed = json.loads(ok("day", "close", "--day", "1", "--deadline", "2027-01-01T18:00", "--format", "json"))
    out = ok("render", "day", "1", "--variant", "0")
    # night 2 starts at the moved deadline (01.01 18:00) and ends at the next 20:00
    assert out == ("Повешен Puss - Щелкунчик (мафия)\n"
                   "\n"
                   "[b]Жду НД до 1 января, 20:00.[/b]\n")
    data = render_data(game_dir, outcome=closed["day"], phase=1, deadline=datetime(2027, 1, 1, 20, 0, tzinfo=MSK))
    assert out == render("new_year", "day", data, fmt="bbcode", variant=0)
    # the GM's report of the day lists what needs judgment in the count; the public post does not
    report = ok("render", "day", "1", "--gm", "--format", "text")
    assert "- голос выбывшего: Alisa, пост 18 — игрок сегодня не в игре; голос не засчитан" in report.splitlines()
    assert "dead_voter" not in out


def test_day_post_says_why_nobody_is_hanged(game_dir):
    resolve_night_1()
    shown = ok("day", "close", "--day", "1", "--dry-run")
    # the GM is told why the post will give no reason
    [warning] = [line for line in shown.splitlines() if line.startswith("ВНИМАНИЕ:")]
    assert "открытый подсчёт показывает лидера: Puss" in warning
    closed = json.loads(ok("day", "close", "--day", "1", "--format", "json"))
    reason = closed["count"]["outcome"]["reason"]
    assert closed["day"]["deaths"] == [] and reason == "tie"
    out = ok("render", "day", "1", "--format", "text", "--variant", "0")
    # Enzo's hidden double red (Герда) makes the tie; the public count shows Puss ahead (3 to 2), so the
    # post says no reason that would tell whose vote weighed more (RULES.md §3 "Two views")
    assert out.splitlines()[0] == "Не вешается никто."
    # only the reason of the count reaches the post: the GM view's totals stay out
    assert "Enzo" not in out and "Puss" not in out


# --- the live count --------------------------------------------------------------------------------


def test_votecount_bbcode_is_the_public_count_with_time_left(midday_dir):
    (midday_dir / "flavor" / "votecount-1.txt").write_text("*бьют куранты*", encoding="utf-8")
    out = ok("render", "votecount", "1", "--variant", "0")
    assert out.startswith("*бьют куранты*\n\n[b]Подсчёт голосов, день 1[/b]\n")
    lines = out.splitlines()
    # the live count is the formatter's text, the same as the daemon's published count
    assert "[color=#FF0000]Puss[/color] — 3 голоса (РэдДи, Nejka, Trusiki Kayfa)" in lines
    assert "[color=#FF0000]Алукард[/color] — 2 голоса (Enzo, King Eciton [i]досрочно[/i])" in lines
    assert "Лишены голоса: Соня" in lines
    assert lines[-1] == "[b]Голосование до 31 декабря, 18:00 (осталось 50 минут).[/b]"


def test_votecount_never_shows_hidden_weights_or_secret_silences(midday_dir):
    gm = json.loads(ok("tally", "--day", "1", "--view", "gm", "--format", "json"))
    totals = {c["player"]: c["total"] for c in gm["candidates"]}
    # the GM view: Enzo (Герда) counts 2, Nejka's vote counts 0
    assert totals["Алукард"] == 3 and totals["Puss"] == 2
    for fmt in ("bbcode", "text", "html"):
        out = ok("render", "votecount", "1", "--format", fmt)
        assert "Лишены голоса: Соня" in out and "Nejka и" not in out and "Соня и Nejka" not in out
        assert "(2)" not in out and "×2" not in out
    text = ok("render", "votecount", "1", "--format", "text").splitlines()
    assert "Алукард: 2 (против 2, в защиту 0)" in text and "Puss: 3 (против 3, в защиту 0)" in text
    # the GM view itself is refused by the renderer for a public post
    with pytest.raises(RenderError, match="^пост подсчёта: это подсчёт для ведущего"):
        render("new_year", "votecount", {"tally": gm}, fmt="bbcode")


def test_votecount_html_page(midday_dir):
    out = ok("render", "votecount", "1", "--format", "html")
    assert out.startswith("<!doctype html>")
    assert ('<tr><td>Puss</td>\n<td class="red">3: РэдДи, Nejka, Trusiki Kayfa</td>\n<td class="blue">0</td>\n'
            "<td>3</td></tr>") in out
    assert "Голосование до 31 декабря, 18:00 (осталось 50 минут)." in out


def test_votecount_of_a_day_not_begun_exits_2(midday_dir):
    code, _, err = run("render", "votecount", "3")
    assert code == 2 and "день 3 ещё не начался" in err


# --- flavour ---------------------------------------------------------------------------------------

def test_flavour_from_the_folder_or_the_option_goes_at_the_top(game_dir):
    write_render_config(game_dir, 'flavor_dir = "flavor"')
    (game_dir / "flavor").mkdir()
    (game_dir / "flavor" / "night-1.txt").write_text("\ufeffАууу где все..\n", encoding="utf-8")
    resolve_night_1()
    out = ok("render", "night", "1", "--format", "text", "--variant", "1")
    assert out.startswith("Аууу где все..\n\nТрупы: Alisa - мирная зверюшка\n")
    # --flavor wins over the folder; hostile markup in it cannot open a tag in the BBCode post
    (game_dir / "mine.txt").write_text("[url=http://x]клик[/url]", encoding="utf-8")
    out = ok("render", "night", "1", "--variant", "1", "--flavor", "mine.txt")
    assert out.startswith("[\u200burl=http://x\u200b]клик[\u200b/url\u200b]\n\nТрупы: Alisa")
    assert "Аууу" not in out
    # a phase without a file in the folder has no flavour
    assert ok("render", "night", "1", "--format", "text", "--variant", "1", "--gm").startswith("Отчёт ведущему")


def test_missing_flavour_file_exits_2_naming_it(game_dir):
    resolve_night_1()
    code, out, err = run("render", "night", "1", "--flavor", "nope.txt")
    assert (code, out) == (2, "") and err.endswith("ошибка: --flavor: нет такого файла: `nope.txt`\n"), err


# --- the GM's templates and theme ------------------------------------------------------------------

def test_override_folder_wins_over_the_bundled_theme(game_dir):
    write_render_config(game_dir, 'templates_dir = "mine"')
    (game_dir / "mine" / "new_year").mkdir(parents=True)
    (game_dir / "mine" / "new_year" / "theme.toml").write_text(
        '[phrases.night]\ndeaths = "Под ёлкой остались: {{ deaths|map(attribute=\'person\')|join_ru }}"\n',
        encoding="utf-8")
    resolve_night_1()
    out = ok("render", "night", "1", "--format", "text", "--variant", "1").splitlines()
    assert out[0] == "Под ёлкой остались: Alisa"
    assert out[1] == "Лишены голоса: Соня"           # the phrases not overridden stay the theme's
    # a whole template of the same name replaces the bundled one
    (game_dir / "mine" / "new_year" / "night.j2").write_text("НОЧЬ {{ n }}: {{ deaths|length }} труп\n",
                                                             encoding="utf-8")
    assert ok("render", "night", "1", "--format", "text") == "НОЧЬ 1: 1 труп\n"


def test_a_theme_of_the_gms_own_in_the_override_folder(game_dir):
    write_render_config(game_dir, 'theme = "winter"\ntemplates_dir = "mine"')
    (game_dir / "mine" / "winter").mkdir(parents=True)
    (game_dir / "mine" / "winter" / "theme.toml").write_text(
        '[theme]\ntitle = "Зима"\n[phrases.night]\ntitle = "Зимняя ночь {{ n }}"\n', encoding="utf-8")
    resolve_night_1()
    out = ok("render", "night", "1", "--format", "text").splitlines()
    assert out[0] == "Зимняя ночь 1"


def test_bad_post_keys_exit_2_with_the_key_path_and_a_hint(game_dir):
    (game_dir / "flavor.txt").write_text("x", encoding="utf-8")
    write_render_config(game_dir, 'theme = "new_yaer"\ntemplates_dir = "absent"\nflavor_dir = "flavor.txt"')
    code, out, err = run("render", "night", "1")
    assert code == 2 and out == ""
    assert "games[0].theme: нет темы «new_yaer» (подсказка: может быть, `new_year`?" in err
    assert "games[0].templates_dir: папки «absent» нет" in err
    assert "games[0].flavor_dir: «flavor.txt» — файл, а не папка" in err
    assert "или исправьте путь (относительно папки конфига)" in err


def test_folders_are_relative_to_the_config_files_folder(game_dir, tmp_path_factory, monkeypatch):
    write_render_config(game_dir, 'templates_dir = "mine"\nflavor_dir = "flavor"')
    (game_dir / "mine").mkdir()
    (game_dir / "flavor").mkdir()
    (game_dir / "flavor" / "night-1.txt").write_text("Тишина.", encoding="utf-8")
    resolve_night_1()
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    monkeypatch.chdir(elsewhere)
    out = ok("render", "-c", str(game_dir / "config.toml"), "night", "1", "--format", "text")
    assert out.startswith("Тишина.\n\n")


def test_unknown_phase_and_bad_numbers_exit_2(game_dir):
    code, _, err = run("render", "evening", "1")
    assert code == 2 and "ошибка: `{night|day|votecount}`: нужно одно из: `night`, `day`, `votecount`\n" in err
    code, _, err = run("render", "night", "0")
    assert code == 2 and err.endswith("\n\nошибка: `НОМЕР`: нужно целое число не меньше 1\n")
    code, _, err = run("render", "votecount", "1", "--private")
    assert code == 2 and "render day N --private" in err
    code, _, err = run("render", "night", "1", "--variant", "two")
    assert code == 2 and "--variant" in err


def test_day_post_names_the_gms_modkill_of_that_day(game_dir):
    resolve_night_1()
    ok("modkill", "--player", "Ronin")
    ok("day", "close", "--day", "1", "--deadline", "2027-01-01T18:00")
    out = ok("render", "day", "1", "--format", "text", "--variant", "0").splitlines()
    # (whether Puss's role shows is the resolver's reveal rule: 10 alive at the close after the modkill)
    assert out[0].startswith("Повешен Puss") and out[1] == "Модкилл: Ronin"
    # the role of a modkill without --reveal stays hidden
    assert "Снежная королева" not in "\n".join(out)


def test_a_ruleset_theme_without_templates_exits_2_saying_which_key_to_set(game_dir):
    resolve_night_1()
    ruleset = (ROOT / "rulesets" / "new_year.toml").read_text(encoding="utf-8")
    assert 'theme = "new_year"' in ruleset
    (game_dir / "house.toml").write_text(ruleset.replace('theme = "new_year"', 'theme = "house"'), encoding="utf-8")
    text = (game_dir / "config.toml").read_text(encoding="utf-8")
    (game_dir / "config.toml").write_text(text.replace('ruleset = "new_year"', 'ruleset = "house.toml"'),
                                          encoding="utf-8")
    code, out, err = run("render", "night", "1")
    assert code == 2 and out == ""
    assert err == ("ошибка: у темы «house» нет файла `house/theme.toml`; встроенные темы: `new_year`, `peculiar`, "
                   "`time_machine`, `grand_hotel` (тема задана в `[game].theme` набора правил `new_year`); укажите в "
                   "конфиге игры ny `games[0].theme = \"new_year\"` (или другую тему) или добавьте в её `templates_dir` "
                   "папку `house/` с файлом `theme.toml`\n")
    # the config's theme wins over the ruleset's
    write_render_config(game_dir, 'theme = "new_year"')
    text = (game_dir / "config.toml").read_text(encoding="utf-8")
    (game_dir / "config.toml").write_text(text.replace('ruleset = "new_year"', 'ruleset = "house.toml"'),
                                          encoding="utf-8")
    assert ok("render", "night", "1", "--format", "text", "--variant", "1").startswith("Трупы: Alisa")


def test_render_private_of_a_night_with_no_private_message_says_so_in_russian(game_dir):
    resolve_night_1()
    code, out, err = run("render", "night", "1", "--private")
    assert (code, out) == (0, "")
    assert err == "ночь 1: личных сообщений нет\n"


def test_render_refuses_gm_with_private_and_private_votecount_in_russian(game_dir):
    code, out, err = run("render", "night", "1", "--gm", "--private")
    assert code == 2 and out == ""
    assert "--gm и --private вместе не бывают: отчёт ведущего и личные сообщения — разные выводы, выберите один" in err
    code, out, err = run("render", "votecount", "1", "--private")
    assert code == 2
    assert ("--private: личные сообщения бывают только в итогах ночи или дня (`render night N --private`, "
            "`render day N --private`)") in err
