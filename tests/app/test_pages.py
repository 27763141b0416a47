"""The pages (mafvote/pages.py, issue 18) without a browser: no hidden fact in a public page or its source, the
GM's pages never in the public folder, the pages of the demo game, and `mafvote serve`'s rule for /gm/ over a
real socket (a client on 127.0.0.1 is let in; one from 127.0.0.2, another address of this machine, is not
without the token)."""
from __future__ import annotations

import html
import http.client
import re
import shutil
import socket
import struct
import threading
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import jinja2
import pytest
from click.testing import CliRunner

from mafvote import game as game_mod
from mafvote import messages, rulesets
from mafvote.cli import cli
from mafvote.config import load_config
from mafvote.game import open_service
from mafvote import pages as pages_mod
from mafvote.pages import (Fragment, PageCache, PagesError, _env, day_page, day_view, game_pages, gm_pages_dir,
                           index_page, publish_pages, render_page, write_all_pages)
from mafvote.serve import PagesServer, gm_allowed, is_local_client
from mafvote_scraper.profile import post_link
from mafvote_tally import VoteRules
from support.count import HIDDEN, POSTS, at, count, day_state
from mafvote.pages_words import shown_times, winner_in
from mafvote.paths import data_dir
from support.cli import day_tally, ok
from support.game_dir import game_service, make_ruleset_game_dir

MSK = timezone(timedelta(hours=3))
RULES = VoteRules()
GAME = {"id": "t", "title": "Тест"}


def _link(post_id: int) -> str:
    # the link the pages put on each vote: the MyBB engine's rule, as the demo forum's
    return post_link("mybb", topic_url="http://forum.test/showthread.php?tid=2", post_id=post_id, topic="2",
                     base_url="http://forum.test/")


def _page(view: str, as_of=None, **mod) -> str:
    t = count(POSTS, view=view, as_of=as_of, **mod)
    day = day_view(t, day_state(**mod), RULES, view=view, names={}, tz=MSK, link=_link, now=as_of)
    return day_page(day, game=GAME, view=view)


@pytest.mark.parametrize("as_of", [at("13:00"), None], ids=["open day", "closed day"])
@pytest.mark.parametrize("name", HIDDEN)


def test_public_day_page_is_the_same_file_with_or_without_a_hidden_modifier(name, as_of):
    # triple blue, double red, a hidden silence (boss, serum), a stolen vote, a gifted vote: the public page's
    # source (chart, table, log, outcome) is byte for byte the page of the same day without it
    plain, hidden = _page("public", as_of), _page("public", as_of, **HIDDEN[name])
    if as_of is None and name == "stolen_vote":
        # the stolen vote changes the result (a tie): the public page tells who hangs, never why
        assert "не вешается никто" in hidden and "ничья" not in hidden
        plain = plain.replace("Вася покидает игру", "не вешается никто")
    assert hidden == plain
    for word in ("×", "тайно", "украден", "подарен", "вес 0", "secret", "stolen", "gifted"):
        assert word not in hidden


@pytest.mark.parametrize("name,shown", [
    ("doctor_triple_blue", "Соня ×3"), ("prosecutor_double_red", "Ronin ×2"),
    ("boss_hidden_vote_loss", "лишён голоса тайно"), ("laura_unannounced_silence", "лишён голоса тайно"),
    ("stolen_vote", "голос украден"), ("gifted_vote", "украденные и подаренные"),
])


def test_gm_day_page_shows_each_hidden_modifier(name, shown):
    page = _page("gm", at("13:00"), **HIDDEN[name])
    assert shown in page
    assert "Страница ведущего" in page


def test_a_mask_games_public_page_never_names_the_account_behind_a_mask():
    # names: what the public count calls each slot (mafvote.render.public_names); the slot's nick is the account
    masks = {"Соня": "Снежинка", "Петя": "Олень"}
    t = count(POSTS, view="public", as_of=at("13:00"))
    page = day_page(day_view(t, day_state(), RULES, view="public", names=masks, tz=MSK, link=_link, now=at("13:00")),
                    game=GAME, view="public")
    assert "Соня" not in page and "Петя" not in page
    assert '<tr data-player="Олень" data-total="1">' in page
    assert '<g class="series" data-player="Олень" data-total="1">' in page


@pytest.mark.parametrize("view", ["public", "gm"])


def test_a_name_that_looks_like_a_fragment_marker_leaves_the_page_as_it_would_be(view):
    # the log's rows, the flags and the chart are set into the page after Jinja, where markers "\x00N\x00" stand
    # (mafvote.pages.render_bytes); a name holding one (the store cleans control characters out, so this is the
    # safeguard) must not move them: the page is rendered whole, and reads as the page with any other name
    weird = "\x000\x00\x001\x00"
    t = count(POSTS, view=view, as_of=at("13:00"))

    def page(name: str) -> str:
        day = day_view(t, day_state(), RULES, view=view, names={"Петя": name}, tz=MSK, link=_link, now=at("13:00"))
        return day_page(day, game=GAME, view=view)

    plain = page("Олень")
    # a lone NUL too: the skeleton is split at each NUL, and any that is not a marker's renders the page whole
    for name in (weird, "Оле\x00нь"):
        odd = page(name)
        assert name in odd
        assert odd.replace(name, "Олень") == plain
    assert plain.count("<svg") == 2 and plain.count('<table class="log">') == 1
    assert len(re.findall(r'<tr class="(?:on|off)" data-voter=', plain)) == len(t.votes) == 6


def test_a_pages_words_are_the_catalogues_in_its_language_and_a_w_of_another_kind_is_asked_each_word():
    """The pages' bare words (`w("key")`) are written into the templates per language (mafvote.pages._BareWords):
    a Russian page and then an English one in the same process each read their own language's words; a template
    rendered with a `w` that is not `page_words`' (a caller's own) gets that `w`'s words, not the catalogue's."""
    now = datetime(2025, 1, 1, 15, 10, tzinfo=timezone.utc)
    games = [{"id": "t", "title": "Тест", "href": "t/index.html", "phase": "день 1", "deadline": "", "deadline_iso":
              now.isoformat(), "time_left": "", "winner": ""}]
    ru = index_page(games, view="public", now=now)
    with messages.using("en"):
        en = index_page(games, view="gm", now=now)
    assert '<html lang="ru">' in ru and "Все игры" not in en
    assert '<html lang="en">' in en and "All games" not in ru
    for language, page in (("ru", ru), ("en", en)):
        for key in ("all_games", "time_up", "left.under_a_minute"):
            assert html.escape(messages.text(f"pages.w.{key}", language)) in page, (language, key)
    own = render_page("index.html.j2", w=lambda key, **facts: f"<{key}>", lang="xx", games=games, view="public",
                      gm=False, index_href="index.html", live_clock=True, title="Игры", updated="")
    assert "&lt;time_up&gt;" in own and '<html lang="xx">' in own
    assert "Все игры" not in own


def test_a_pages_dot_look_up_reads_what_jinjas_reads():
    """`a.b` in a page template: the pages' environment takes a plain dict's item first (mafvote.render.environment.
    ItemFirstEnvironment), which must read what Jinja's own look-up reads: the attribute (a dict's method) for a
    method's name even when the dict has such a key, the item for any other, an error for a missing one."""
    source = "{{ d.x }}|{{ d.items is callable }}|{{ d.get('x') }}|{{ s.upper() }}|{{ o.x }}"
    jinja_env = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined)

    class Sub(dict):
        x = "attribute"

    for values in ({"d": {"x": "<item>", "items": "key"}, "s": "abc", "o": Sub(x="item")},
                   {"d": {"x": 1, "get": 2, "keys": 3}, "s": "", "o": {"x": None}}):
        assert _env(None).from_string(source).render(**values) == jinja_env.from_string(source).render(**values)
    assert _env(None).from_string("{{ d.items is callable }}").render(d={"items": 1}) == "True"
    for env in (_env(None), jinja_env):
        with pytest.raises(jinja2.UndefinedError):
            env.from_string("{{ d.missing }}").render(d={"x": 1})


def test_public_page_loads_nothing_from_anywhere():
    page = _page("public", at("13:00"))
    # no src= or <link href> to any host: the style is inline and the chart is inline SVG
    assert not re.search(r"""(?:src|srcset)\s*=""", page)
    assert re.findall(r"<link[^>]*>", page) == ['<link rel="icon" href="data:,">']
    assert "@import" not in page and "url(" not in page
    # every vote links to its post on the forum
    assert 'href="http://forum.test/showthread.php?tid=2&amp;pid=' in page or "pid=" in page


# ------------------------------------------------------------------------------ the demo game's pages


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    folder = tmp_path_factory.mktemp("demo")
    result = CliRunner().invoke(cli, ["demo", "--keep", str(folder)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return folder, result.output


def _texts(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): p.read_text(encoding="utf-8") for p in sorted(folder.rglob("*.html"))}


def test_demo_ends_by_writing_the_pages_and_saying_where(demo):
    folder, out = demo
    assert f"Публичные страницы: {(folder / 'public' / 'index.html').as_uri()}" in out
    assert f"Страницы ведущего (не публиковать): {(folder / 'gm-pages' / 'index.html').as_uri()}" in out
    public = _texts(folder / "public")
    assert sorted(public) == ["index.html", "ny/day-1.html", "ny/day-2.html", "ny/index.html"]
    assert sorted(_texts(folder / "gm-pages")) == sorted(public)
    # day 2 closed: Puss hanged by 6 public votes (7 in the GM's count: Соня is Герда, her red counts 2)
    day2 = public["ny/day-2.html"]
    assert "Puss покидает игру" in day2
    assert re.search(r'<tr data-player="Puss" data-total="6">', day2)
    assert re.search(r'<tr data-player="Puss" data-total="7">', _texts(folder / "gm-pages")["ny/day-2.html"])
    assert re.search(r'<g class="series" data-player="Puss" data-total="6">', day2)
    # the count table's rows, written in Python since issue 17 (`pages._count_row`): byte for byte the template's
    gm_day1, gm_day2 = (_texts(folder / "gm-pages")[f"ny/day-{n}.html"] for n in (1, 2))
    voters = '<span class="red">Alisa</span>, <span class="red">Гафф</span>, <span class="red">Алукард</span>, ' \
             '<span class="red">Соня{}</span>, <span class="red">РэдДи</span>, <span class="red">Enzo</span>'
    for page, total, weight in ((day2, 6, ""), (gm_day2, 7, " ×2")):
        assert (f'<tr data-player="Puss" data-total="{total}">\n<td><span class="swatch" style="background: #7b3fb3">'
                f'</span><b>Puss</b>\n<div class="voters">{voters.format(weight)}</div></td>\n<td class="num"><span '
                f'class="vote red" data-red="{total}">{total}</span></td>\n<td class="num"><span class="vote blue" '
                f'data-blue="0">0</span></td><td class="num hide-phone">—</td>\n<td class="num total">{total}</td></tr>'
                f'\n') in page
    assert ('<tr data-player="Puss" data-total="2">\n<td><span class="swatch" style="background: #e69f00"></span>'
            '<b>Puss</b>\n<div class="voters"></div></td>\n<td class="num"><span class="vote red" data-red="0">0</span>'
            '</td>\n<td class="num"><span class="vote blue" data-blue="0">0</span></td><td class="num hide-phone">+2'
            '</td>\n<td class="num total">2</td></tr>\n</tbody></table>') in gm_day1
    # the game page: night 3 now, the past, the living (Puss is gone)
    game = public["ny/index.html"]
    assert "Сейчас ночь 3" in game and "Трупов нет: все дожили до утра!" in game
    living = re.search(r'<ul class="chips living">(.*?)</ul>', game, re.S).group(1)
    assert "Puss" not in living and living.count("<li>") == 11


def test_no_role_of_a_living_player_and_no_gm_page_in_the_public_folder(demo):
    folder, _ = demo
    config = load_config(folder / "config.toml")
    public = _texts(folder / "public")
    gm = _texts(folder / "gm-pages")
    living_roles = {"Снеговик", "Дед Мороз", "Герда", "Снегурочка", "Злой эльф", "Хлопушка", "Кай", "Злой тролль",
                    "Снежинка", "Санта Клаус"}
    for name, text in public.items():
        assert "Страница ведущего" not in text, name
        for role in living_roles:
            assert role not in text, (name, role)
        assert "×2" not in text and "тайно" not in text
    assert all(role in gm["ny/index.html"] for role in living_roles)
    # the GM's folder is beside the store, never the public one nor inside it
    assert gm_pages_dir(config) == folder / "gm-pages"
    assert not any((folder / "public").rglob("gm-pages"))


def test_a_hidden_silence_set_by_the_gm_stays_off_the_public_pages(demo, tmp_path):
    folder, _ = demo
    work = tmp_path / "copy"
    shutil.copytree(folder, work)
    config_path = work / "config.toml"
    text = config_path.read_text(encoding="utf-8").replace(str(folder), str(work))
    config_path.write_text(text, encoding="utf-8")
    moment = datetime(2027, 1, 1, 18, 10, tzinfo=ZoneInfo("Europe/Moscow"))
    with game_mod.clock_at(moment):
        write_all_pages(load_config(config_path), now=moment)
        before = _texts(work / "public")
        result = CliRunner().invoke(cli, ["state", "silence", "-c", str(config_path), "--player", "Enzo", "--day", "3",
                                          "--secret"], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        write_all_pages(load_config(config_path), now=moment)
    after = _texts(work / "public")
    assert after == before
    # the GM's page marks it on Enzo's row
    gm = _texts(work / "gm-pages")["ny/index.html"]
    assert re.search(r"<td>Enzo</td><td>Кай</td>(?:(?!</tr>).)*<span class=\"pill gm\">тайная потеря голоса</span>.*?</tr>", gm, re.S)


_TITLES = {
    "ru": {"index.html": "Игры", "gm/index.html": "Игры — страницы ведущего",
           "ny/index.html": "Новогодняя мафия — ночь 3", "ny/day-1.html": "Новогодняя мафия — день 1",
           "ny/day-2.html": "Новогодняя мафия — день 2", "chart": "День 2: голоса по времени"},
    "en": {"index.html": "Games", "gm/index.html": "Games — pages for the GM",
           "ny/index.html": "Новогодняя мафия — night 3", "ny/day-1.html": "Новогодняя мафия — day 1",
           "ny/day-2.html": "Новогодняя мафия — day 2", "chart": "Day 2: votes over time"},
}


def _demo_pages(demo, tmp_path, language: str) -> dict[str, dict[str, str]]:
    """The demo's pages written afresh with `[alerts] language` `language`: {"public"/"gm-pages": {path: text}}."""
    folder, _ = demo
    work = tmp_path / f"copy-{language}"
    config_path = _demo_without_pages(folder, work)
    moment = datetime(2027, 1, 1, 18, 10, tzinfo=ZoneInfo("Europe/Moscow"))
    with game_mod.clock_at(moment), messages.using(language):
        write_all_pages(load_config(config_path), now=moment)
    return {name: _texts(work / name) for name in ("public", "gm-pages")}


@pytest.mark.parametrize("language", sorted(_TITLES))


def test_the_public_pages_titles_are_russian_and_the_gms_in_the_gms_language(demo, tmp_path, language):
    """The public pages are the players', who read the Russian forum: titled in Russian whatever `[alerts]
    language` (with "en" they were English over a Russian body). The GM's pages are titled in the GM's language:
    Russian by default, English with `language = "en"`."""
    written = _demo_pages(demo, tmp_path, language)
    for folder_name, titles in (("public", _TITLES["ru"]), ("gm-pages", _TITLES[language])):
        pages = written[folder_name]
        assert sorted(pages) == ["index.html", "ny/day-1.html", "ny/day-2.html", "ny/index.html"]
        index = titles["gm/index.html" if folder_name == "gm-pages" else "index.html"]
        assert re.findall(r"<title>(.*?)</title>", pages["index.html"]) == [index], folder_name
        assert re.findall(r"<h1>(.*?)</h1>", pages["index.html"]) == [index], folder_name
        for name in ("ny/index.html", "ny/day-1.html", "ny/day-2.html"):
            assert re.findall(r"<title>(.*?)</title>", pages[name].split("<body", 1)[0]) == [titles[name]], \
                (folder_name, name)
        # the chart of day 2 (two sizes) on its own page, titled as a picture
        assert re.findall(r'<svg [^>]*><title>(.*?)</title>', pages["ny/day-2.html"]) == [titles["chart"]] * 2


def test_the_public_pages_are_the_same_russian_pages_whatever_the_gms_language(demo, tmp_path):
    """`language = "en"` changes nothing a player reads: every public page is byte for byte the one written with the
    default language (titles and body in Russian, as the themed posts)."""
    ru, en = _demo_pages(demo, tmp_path, "ru"), _demo_pages(demo, tmp_path, "en")
    assert sorted(en["public"]) == ["index.html", "ny/day-1.html", "ny/day-2.html", "ny/index.html"]
    assert en["public"] == ru["public"]
    assert "<title>Игры</title>" in en["public"]["index.html"]
    # the GM's differ, in their titles
    assert en["gm-pages"] != ru["gm-pages"]


def test_the_gms_pages_are_worded_in_the_gms_language_the_public_in_russian(demo, tmp_path):
    """The words of the pages' templates (`pages.w.*` in the catalogue) follow the GM's language on the GM's pages:
    with `language = "en"` none of the Russian ones is left there, and the page says it is English; the public pages
    keep them (they are the players')."""
    written = {language: _demo_pages(demo, tmp_path, language) for language in ("ru", "en")}
    gm_en, gm_ru, public_en = written["en"]["gm-pages"], written["ru"]["gm-pages"], written["en"]["public"]
    game_en = gm_en["ny/index.html"]
    for words in ('<html lang="en">', '<a href="../index.html">All games</a>',
                  '<div class="gmbar">The GM&#39;s page: it shows the hidden weights and reasons. Do not publish '
                  'it.</div>', "<h2>Earlier in the game</h2>", "<h2>Players</h2>",
                  "<th>Player</th><th>Role</th><th>Alive</th><th class=\"num\">Misses</th><th>Marks</th>",
                  "<p><b>Actions entered:</b></p>", "<footer>Updated 01.01 18:10 · mafvote</footer>"):
        assert words in game_en, words
    assert "<h2>The count at the close</h2>" in gm_en["ny/day-2.html"]
    assert "<h2>Vote log</h2>" in gm_en["ny/day-2.html"]
    assert '<html lang="ru">' in gm_ru["ny/index.html"] and "<h2>Прошлое игры</h2>" in gm_ru["ny/index.html"]
    russian = [re.sub(r"\{[a-z_]+\}", "", words) for key, words in messages.TABLES["ru"].items()
               if key.startswith("pages.w.")]
    russian = [words for words in russian if len(words) >= 8]
    assert len(russian) > 30
    for name, page in gm_en.items():
        assert '<html lang="en">' in page, name
        left = [words for words in russian if words in page]
        assert left == [], name
    for name, page in public_en.items():
        assert '<html lang="ru">' in page and "Все игры" in page, name


def _names_in(config_path: Path) -> list[str]:
    """What a page may show in Russian whatever its language: the game's title, the players' names (nicks, aliases,
    masks, replacements) and the GMs', and the ruleset's role and side names."""
    config = load_config(config_path)
    out: list[str] = []
    for game in config.games:
        out += [game.title or "", *game.gm]
        for p in game.players:
            out += [p.nick, *p.aliases, p.mask or "", p.replaced_by.nick if p.replaced_by else ""]
        ruleset = rulesets.load(game.ruleset_path)
        out += [role.name for role in ruleset.roles] + [role.side for role in ruleset.roles]
    return sorted({x for x in out if x}, key=len, reverse=True)


def test_a_gm_page_in_english_has_no_russian_but_names_roles_and_the_forums_text(demo, tmp_path):
    """Under `language = "en"` the GM's pages have no Cyrillic left outside the players', roles' and game's names and
    the forum's own text (the themed posts the GM publishes, the night file as typed, what a post wrote in quotes, an
    edit's reason)."""
    pages = _demo_pages(demo, tmp_path, "en")["gm-pages"]
    names = _names_in(tmp_path / "copy-en" / "config.toml")
    assert sorted(pages) == ["index.html", "ny/day-1.html", "ny/day-2.html", "ny/index.html"]
    for name, page in pages.items():
        # the forum's text: the themed posts, the night file, a name a post wrote, an edit's reason as the forum shows it
        text = re.sub(r'<div class="post">.*?</div>|<pre class="file">.*?</pre>|«[^»]*»|\(reason: [^)]*\)', " ", page,
                      flags=re.S)
        text = html.unescape(re.sub(r"<[^>]+>", " ", text))
        for known in names:
            text = text.replace(known, " ")
        left = sorted(set(re.findall(r"\S*[А-Яа-яЁё]+\S*", text)))
        assert left == [], name


@pytest.mark.parametrize("language, words", [("ru", "<p><b>Лишения голоса:</b> Ronin: 2 дн.</p>"),
                                             ("en", "<p><b>Votes taken away:</b> Ronin: 2 d</p>")])


def test_the_gms_page_lists_the_silences_in_the_gms_language(tmp_path, language, words):
    store, svc = game_service(tmp_path)
    with store:
        now = datetime(2026, 12, 30, 21, 0, tzinfo=ZoneInfo("Europe/Moscow"))
        svc.set_silence("Ronin", 1, now=now, days=2)
        with messages.using(language):
            page = game_pages(svc, view="gm", now=now)["ny/index.html"].decode("utf-8")
    assert words in page


def _held(value) -> list[bytes | str]:
    """Every text and byte string a page cache holds."""
    out, stack = [], [value]
    while stack:
        x = stack.pop()
        if isinstance(x, (bytes, str)):
            out.append(x)
        elif isinstance(x, dict):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, (list, tuple)):
            stack.extend(x)
        elif isinstance(x, memoryview):
            out.append(x.tobytes())
        elif isinstance(x, Fragment):
            stack.extend(x.parts)
        elif isinstance(x, PageCache):
            stack.extend(vars(x).values())
        elif hasattr(type(x), "__slots__"):       # what a cache keeps of a past entry
            stack.extend(getattr(x, name, None) for name in type(x).__slots__)
    return out


# the demo game's moment its pages are first written at in the cache tests below (its day 3 running)
_MOMENT = datetime(2027, 1, 1, 18, 10, tzinfo=ZoneInfo("Europe/Moscow"))


def _demo_copy(demo, tmp_path) -> tuple[Path, Any]:
    """The demo's config and store copied without its pages (`_demo_without_pages`): (the copy's folder, config)."""
    folder, _ = demo
    work = tmp_path / "copy"
    return work, load_config(_demo_without_pages(folder, work))


def _written_once(config) -> dict:
    """The pages written at `_MOMENT` with caches kept (the daemon's first regeneration): the caches."""
    caches: dict = {}
    with game_mod.clock_at(_MOMENT):
        write_all_pages(config, now=_MOMENT, caches=caches)
    return caches


def _fresh_then_kept(config, caches: dict, at: datetime) -> tuple[dict[str, bytes], dict]:
    """The game page of both views made from nothing at `at`, then the pages written with `caches` kept (the daemon's
    way): (the fresh game pages, what the write wrote)."""
    store, service = open_service(config, config.games[0])
    try:
        with game_mod.clock_at(at):
            fresh = {view: game_pages(service, view=view, now=at)["ny/index.html"] for view in ("public", "gm")}
            written = write_all_pages(config, now=at, caches=caches)
    finally:
        store.close()
    return fresh, written


def test_a_closed_days_page_is_written_once_and_again_only_when_its_file_is_gone_or_changed(demo, tmp_path):
    # issue 17: the daemon kept every closed day's page, both views', of every game, and grew day after day (the
    # soak). It keeps what the game's page shows of a closed day, not the page: the next regeneration leaves the
    # closed days' files alone, and writes again, the same bytes, a page deleted or changed since
    work, config = _demo_copy(demo, tmp_path)
    moment = _MOMENT
    caches: dict = {}
    day_pages = ["ny/day-1.html", "ny/day-2.html"]
    with game_mod.clock_at(moment):
        first = write_all_pages(config, now=moment, caches=caches)
        assert sorted(str(p.relative_to(work / "public")) for p in first["public"]) == [
            "index.html", *day_pages, "ny/index.html"]
        pages = {view: _texts(work / view) for view in ("public", "gm-pages")}
        # no page and no vote log row in the caches: the closed days' result, chart, steps and themed post only
        held = _held(caches)
        assert not [x for x in held if "<!doctype html>" in str(x).lower() or "data-voter=" in str(x)]
        assert sum(len(x) for x in held) < sum(len(pages[v][d]) for v in pages for d in day_pages) / 2
        # the game's page still shows each closed day: its result and chart
        assert "Puss покидает игру" in pages["public"]["ny/index.html"]
        assert pages["public"]["ny/index.html"].count('<g class="series" data-player="Puss"') >= 1

        assert write_all_pages(config, now=moment, caches=caches) == {"public": [], "gm": []}
        (work / "public" / "ny" / "day-1.html").unlink()
        (work / "gm-pages" / "ny" / "day-2.html").write_text("испорчено", encoding="utf-8")
        again = write_all_pages(config, now=moment, caches=caches)
    assert again == {"public": [work / "public" / "ny" / "day-1.html"], "gm": [work / "gm-pages" / "ny" / "day-2.html"]}
    assert {view: _texts(work / view) for view in ("public", "gm-pages")} == pages


def test_a_closed_days_chart_and_post_are_read_back_from_its_page_not_kept(demo, tmp_path):
    # issue 17's soak: each closed day's chart (both sizes) and themed post, kept for the game's page of both views,
    # grew the daemon by ≈ 30 KiB a game and game day. Once the pages are in their files the cache keeps where the
    # game page's entry of the day lies in it; the game's page made again reads it back, byte for byte what a build
    # with no cache makes; a day page changed since is made again, and the game's page with it
    work, config = _demo_copy(demo, tmp_path)
    caches = _written_once(config)
    later = _MOMENT + timedelta(minutes=7)
    day2 = _texts(work / "public")["ny/day-2.html"]
    post = html.unescape(re.search(r'<div class="post">(.*?)</div>', day2, re.S).group(1))
    assert "Puss" in post
    held = "".join(str(x) for x in _held(caches))
    assert "<svg" not in held and post not in held and html.escape(post) not in held
    # two closed days of the demo's game, both views: what is kept of them is their result and a few numbers
    assert sum(len(str(x)) for x in _held(caches)) < 2_500

    store, service = open_service(config, config.games[0])
    try:
        with game_mod.clock_at(later):
            expected = {view: game_pages(service, view=view, now=later)["ny/index.html"]
                        for view in ("public", "gm")}
            write_all_pages(config, now=later, caches=caches)
            assert {"public": (work / "public" / "ny" / "index.html").read_bytes(),
                    "gm": (work / "gm-pages" / "ny" / "index.html").read_bytes()} == expected
            assert expected["public"].count(b'<g class="series" data-player="Puss"') >= 2
            assert html.escape(post, quote=False).encode("utf-8") in expected["public"]

            # a day page edited by hand: made again (not read back from the edited file), the game's page the same
            day_file = work / "public" / "ny" / "day-2.html"
            day_file.write_bytes(day_file.read_bytes().replace(b"<svg", b"<SVG"))
            again = write_all_pages(config, now=later, caches=caches)
    finally:
        store.close()
    assert again == {"public": [day_file], "gm": []}
    assert (work / "public" / "ny" / "index.html").read_bytes() == expected["public"]
    assert day_file.read_text(encoding="utf-8") == day2


def _past_posts(page: str) -> list[str]:
    """The texts the game page's past shows: each closed day's result and themed post, each night's post, the GM's
    night actions and journal lines, unescaped."""
    past = page[page.index('<section class="card past">'):page.index('<section class="card players">')]
    texts = re.findall(r'<div class="post">(.*?)</div>', past, re.S)
    texts += re.findall(r'</a> — (.*?)</h3>', past)
    texts += re.findall(r'<ol><li>(.*?)</li>', past, re.S)
    return [html.unescape(t) for t in texts]


def test_the_game_pages_past_is_read_back_from_its_file_not_kept(demo, tmp_path):
    # issue 17's soak: every closed day's result and post and every night's post (the GM's: the night file, the
    # actions read, the journal), kept for the game's page of both views, grew the daemon by ≈ 4 KB a game and game
    # day. Once the game's page is in its file the cache keeps where each entry of its past lies in it and reads
    # them back: the next regeneration's page is byte for byte what a build with no cache makes
    work, config = _demo_copy(demo, tmp_path)
    caches = _written_once(config)
    later = _MOMENT + timedelta(minutes=7)
    shown = {view: _past_posts((work / folder_ / "ny" / "index.html").read_text(encoding="utf-8"))
             for view, folder_ in (("public", "public"), ("gm", "gm-pages"))}
    assert "Puss покидает игру" in shown["public"] and "Трупов нет" in "".join(shown["public"])
    assert len(shown["gm"]) > len(shown["public"]) >= 4
    held = [str(x) if isinstance(x, str) else x.decode("utf-8", "replace") for x in _held(caches)]
    for text in shown["public"] + shown["gm"]:
        assert not [x for x in held if text in x or html.escape(text) in x], text
    # what is kept of 2 closed days and 2 nights in 2 views: where each lies in two files, and the keys
    assert sum(len(x) for x in held) < 600

    expected, written = _fresh_then_kept(config, caches, later)
    assert sorted(str(p.relative_to(work)) for view in written for p in written[view]) == [
        "gm-pages/index.html", "gm-pages/ny/index.html", "public/index.html", "public/ny/index.html"]
    assert {"public": (work / "public" / "ny" / "index.html").read_bytes(),
            "gm": (work / "gm-pages" / "ny" / "index.html").read_bytes()} == expected


def test_a_past_the_template_sets_among_other_markup_is_read_back_where_it_lies(demo, tmp_path, monkeypatch):
    # the cache keeps where the game page's past lies in its file and each entry's length: the page sets the past as
    # one piece, its entries next to each other, newest first. A theme's `game.html.j2` with its own markup before
    # and after the past (a rule each side) moves where the entries lie, not their order: each is read back from
    # where the page put it, and each page is byte for byte what a build with no cache makes
    piece = "{{ past }}"
    source = (data_dir("templates") / "_pages" / "game.html.j2").read_text(encoding="utf-8")
    assert source.count(piece) == 1
    edited = source.replace(piece, "<hr>{{ past }}<hr>")

    def with_rules(language):  # noqa: ANN001, ANN202
        env = _env(language)
        env.loader = jinja2.ChoiceLoader([jinja2.DictLoader({"game.html.j2": edited}), env.loader])
        return env

    monkeypatch.setattr(pages_mod, "_env", with_rules)
    monkeypatch.setattr(pages_mod, "_ENVS", {})
    work, config = _demo_copy(demo, tmp_path)
    caches = _written_once(config)
    public, gm = work / "public" / "ny" / "index.html", work / "gm-pages" / "ny" / "index.html"
    assert public.read_bytes().count(b"<hr>  <article") == 1 and public.read_bytes().count(b"</article>\n<hr></section>") == 1
    assert public.read_bytes().count(b"</article>") == 4                # two closed days and two nights
    read_back = []
    inner = pages_mod.PageCache._read_section
    monkeypatch.setattr(pages_mod.PageCache, "_read_section",
                        lambda self: read_back.append(1) or inner(self))
    for later in (_MOMENT + timedelta(minutes=3), _MOMENT + timedelta(minutes=6)):
        expected, _ = _fresh_then_kept(config, caches, later)
        assert {"public": public.read_bytes(), "gm": gm.read_bytes()} == expected
        assert expected["public"].count(b"</article>") == 4
    assert read_back            # the kept pages' past came from their files


def test_a_game_page_deleted_or_edited_by_hand_is_made_again_whole(demo, tmp_path):
    # the past is read back from the game's page only while it is the file written: one deleted, or edited by hand
    # in its past, is made again as a build with no cache makes it (not from the edited bytes, nor from nothing)
    work, config = _demo_copy(demo, tmp_path)
    caches = _written_once(config)
    public, gm = work / "public" / "ny" / "index.html", work / "gm-pages" / "ny" / "index.html"
    pages = {"public": public.read_bytes(), "gm": gm.read_bytes()}
    for step, later in enumerate((_MOMENT + timedelta(minutes=3), _MOMENT + timedelta(minutes=6))):
        public.unlink()
        # the same size, another text: the past's posts edited in place
        gm.write_bytes(gm.read_bytes().replace("Puss".encode(), "Пус".encode()[:4]))
        expected, _ = _fresh_then_kept(config, caches, later)
        assert {"public": public.read_bytes(), "gm": gm.read_bytes()} == expected, step
        assert expected["gm"].count(b"Puss") == pages["gm"].count(b"Puss") > 2
        # and the next regeneration reads the made-again page back, as written
        with game_mod.clock_at(later):
            assert write_all_pages(config, now=later, caches=caches) == {"public": [], "gm": []}


def test_gm_folder_inside_the_public_folder_is_refused(tmp_path):
    config = tmp_path / "config.toml"
    from mafvote.demo import write_demo_config

    write_demo_config(tmp_path, "http://127.0.0.1:9/")
    text = re.sub(r"(?m)^dir = .*$", lambda m: f'{m[0]}\ngm_dir = "{(tmp_path / "public" / "gm").as_posix()}"',
                  config.read_text(encoding="utf-8"))
    config.write_text(text, encoding="utf-8")
    with pytest.raises(PagesError, match=r"\[publish\]\.gm_dir .* is inside the public folder"):
        gm_pages_dir(load_config(config))


# ------------------------------------------------------------------------------ mafvote serve


def test_access_rule_of_the_gm_pages():
    assert is_local_client("127.0.0.1") and is_local_client("::1") and is_local_client("::ffff:127.0.0.1")
    assert not is_local_client("127.0.0.2") and not is_local_client("192.168.1.5") and not is_local_client("junk")
    assert gm_allowed("127.0.0.1", None, None)
    assert not gm_allowed("192.168.1.5", None, None)
    assert not gm_allowed("192.168.1.5", None, "anything")          # no token set: nobody from outside
    assert not gm_allowed("192.168.1.5", "s3cret-token", "wrong")
    assert gm_allowed("192.168.1.5", "s3cret-token", "s3cret-token")


@pytest.fixture
def server(tmp_path):
    public, gm = tmp_path / "public", tmp_path / "gm"
    (public / "ny").mkdir(parents=True)
    (gm / "ny").mkdir(parents=True)
    (public / "ny" / "index.html").write_text("<p>публичная</p>", encoding="utf-8")
    (gm / "ny" / "index.html").write_text("<p>ведущему: Соня ×3</p>", encoding="utf-8")
    srv = PagesServer(("127.0.0.1", 0), public_dir=public, gm_dir=gm, token="tok-123")
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield srv
    srv.shutdown()
    srv.server_close()


def _get(srv, path: str, *, source: str = "127.0.0.1", headers: dict | None = None):
    conn = http.client.HTTPConnection("127.0.0.1", srv.server_address[1], timeout=5, source_address=(source, 0))
    try:
        conn.request("GET", path, headers=headers or {})
        response = conn.getresponse()
        return response.status, response.read().decode("utf-8"), dict(response.getheaders())
    finally:
        conn.close()


def test_serve_a_browser_gone_mid_request_prints_no_traceback_and_the_next_page_is_served(server, capfd):
    # a tab closed or reloaded mid-request resets its connection: socketserver's default printed a Python traceback
    # on the GM's terminal for it; it is no error of the server's
    for _ in range(3):
        s = socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=5)
        s.sendall(b"GET /ny/index.ht")
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))    # close with a reset
        s.close()
    time.sleep(0.3)
    assert _get(server, "/ny/index.html")[:2] == (200, "<p>публичная</p>")
    assert "Traceback" not in capfd.readouterr().err


def test_serve_gm_pages_on_loopback_and_refused_from_another_address_without_the_token(server):
    status, body, headers = _get(server, "/ny/index.html", source="127.0.0.2")
    assert (status, body) == (200, "<p>публичная</p>")
    assert "default-src 'none'" in headers["Content-Security-Policy"]
    assert _get(server, "/gm/ny/index.html")[:2] == (200, "<p>ведущему: Соня ×3</p>")
    status, body, _ = _get(server, "/gm/ny/index.html", source="127.0.0.2")
    assert status == 403 and "Соня" not in body and "только на этом компьютере" in body
    assert _get(server, "/gm/ny/index.html?token=nope", source="127.0.0.2")[0] == 403
    status, body, headers = _get(server, "/gm/ny/index.html?token=tok-123", source="127.0.0.2")
    assert (status, body) == (200, "<p>ведущему: Соня ×3</p>")
    cookie = headers["Set-Cookie"]
    assert cookie.startswith("mafvote_gm=tok-123;") and "HttpOnly" in cookie and "Path=/gm/" in cookie
    # the cookie then opens the other GM pages; a bearer header does too
    assert _get(server, "/gm/ny/index.html", source="127.0.0.2", headers={"Cookie": "mafvote_gm=tok-123"})[0] == 200
    assert _get(server, "/gm/ny/index.html", source="127.0.0.2",
                headers={"Authorization": "Bearer tok-123"})[0] == 200
    # no way out of the folders, no folder listing
    assert _get(server, "/../gm/ny/index.html", source="127.0.0.2")[0] == 404
    assert _get(server, "/ny/", source="127.0.0.2")[:2] == (200, "<p>публичная</p>")     # the folder's index.html
    status, body, _ = _get(server, "/", source="127.0.0.2")                             # no index.html, no listing
    assert status == 404 and "нет такой страницы" in body


def test_serve_command_is_refused_with_an_empty_token_variable(tmp_path, monkeypatch):
    from mafvote.demo import write_demo_config

    config = write_demo_config(tmp_path, "http://127.0.0.1:9/")
    (tmp_path / "mafvote.db").touch()
    monkeypatch.delenv("NO_SUCH_TOKEN", raising=False)
    result = CliRunner().invoke(cli, ["serve", "-c", str(config), "--gm-token-env", "NO_SUCH_TOKEN"])
    assert result.exit_code == 2
    assert ("--gm-token-env NO_SUCH_TOKEN: переменная пуста или не задана; задайте в ней длинный случайный токен, "
            "например `export NO_SUCH_TOKEN=$(python3 -c 'import secrets; print(secrets.token_urlsafe(24))')`\n"
            in result.output)


def _copy_demo(folder: Path, work: Path) -> Path:
    shutil.copytree(folder, work)
    config_path = work / "config.toml"
    config_path.write_text(config_path.read_text(encoding="utf-8").replace(str(folder), str(work)), encoding="utf-8")
    return config_path


def _demo_without_pages(folder: Path, work: Path) -> Path:
    """The demo copied to `work` (`_copy_demo`) with no page written yet: its config's path."""
    config_path = _copy_demo(folder, work)
    shutil.rmtree(work / "public")
    shutil.rmtree(work / "gm-pages")
    return config_path


def test_gm_page_lists_the_night_actions_entered_and_the_journal_in_russian_the_public_pages_none(demo, tmp_path):
    folder, _ = demo
    work = tmp_path / "copy"
    config_path = _copy_demo(folder, work)

    def ok(*args: str) -> str:
        result = CliRunner().invoke(cli, [*args[:2], "-c", str(config_path), *args[2:]], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        return result.stdout

    assert ok("night", "add", "--night", "3", "--actor", "Ronin", "Убиваю Алукарда").startswith(
        "прочитано: Ronin: убийство → Алукард\n")
    assert ok("night", "add", "--night", "3", "--actor", "РэдДи", "Лечу Гаффа").startswith(
        "прочитано: РэдДи: лечение → Гафф\n")
    resolved = ok("night", "resolve", "--night", "3")
    journal = ["ночь 3: в игре на начало ночи — 11; босс — Ronin",
               "действие босса: убийство → Алукард (прислано: Ronin)",
               "лечение: РэдДи → Гафф",
               "убийство: Алукард — гибель; нападение: Ronin (босс)",
               "внимание: общий ход не прислан (могли прислать: King Eciton, Trusiki Kayfa)"]
    # the page's journal is the one `night resolve` showed the GM, line for line
    assert resolved.split("Ход разбора:\n", 1)[1].splitlines() == [f"  {line}" for line in journal]
    moment = datetime(2026, 12, 31, 12, 0, tzinfo=ZoneInfo("Europe/Moscow"))
    write_all_pages(load_config(config_path), now=moment)

    gm = _texts(work / "gm-pages")["ny/index.html"]
    night3 = re.search(r'<article class="past-night" id="night-3">(.*?)</article>', gm, re.S).group(1)
    assert re.findall(r"<li>(.*?)</li>", re.search(r'<ul class="actions">(.*?)</ul>', night3, re.S).group(1)) == [
        "Ronin: убийство → Алукард", "РэдДи: лечение → Гафф"]
    shown = re.search(r"<summary>Журнал разрешения ночи</summary><ol>(.*?)</ol>", night3, re.S).group(1)
    assert re.findall(r"<li>(.*?)</li>", shown) == journal
    assert "<b>Смерти:</b> Алукард — мирная зверюшка" in night3
    assert 'actor = &#34;Ronin&#34;' in night3          # the night file itself, under «Файл ночи»
    # nights 1 and 2 (the demo's) are worded the same way: no English journal line on the GM's page
    assert "alive at the start" not in gm and "sent by" not in gm and "heals" not in gm

    public = _texts(work / "public")
    public_night3 = re.search(r'<article class="past-night" id="night-3">(.*?)</article>', public["ny/index.html"],
                              re.S).group(1)
    assert "Трупы: Алукард - мирная зверюшка" in public_night3          # the night's public post, and nothing else
    for name, text in public.items():
        for secret in ("убийство →", "лечение →", "Ronin (босс)", "прислано:", "Журнал разрешения", "Файл ночи",
                       "Введённые действия", "в игре на начало ночи", "night = 3", "ability ="):
            assert secret not in text, (name, secret)


def test_serve_command_on_a_port_in_use_says_so_in_russian_and_what_to_do(tmp_path):
    from mafvote.demo import write_demo_config

    config = write_demo_config(tmp_path, "http://127.0.0.1:9/")
    (tmp_path / "mafvote.db").touch()
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        result = CliRunner().invoke(cli, ["serve", "-c", str(config), "--port", str(port)])
    assert result.exit_code == 2
    assert f"не удаётся слушать 127.0.0.1:{port} (Address already in use); выберите другой --port или --host\n" \
        in result.output


@pytest.mark.parametrize("language, words, index", [
    ("ru", '<span class="big">Игра окончена</span><span class="result">победа мирных</span>',
     '<p class="result">Игра окончена: победа мирных</p>'),
    ("en", '<span class="big">The game is over</span><span class="result">the мирный side wins</span>',
     '<p class="result">The game is over: the мирный side wins</p>')])


def test_a_finished_games_page_names_the_winner_in_the_gms_language(tmp_path, language, words, index):
    """The GM's page of a game that is over says who won in the GM's language: in Russian «победа» and the theme's
    genitive («победа мирных», as the posts word it; «победителей нет» when all are dead); in English an English sentence around the ruleset's name of the side
    (data, never inflected). The players' page stays Russian."""
    store, svc = game_service(tmp_path)
    with store:
        now = datetime(2026, 12, 30, 21, 0, tzinfo=ZoneInfo("Europe/Moscow"))
        # the mafia (Санта Клаус, Злой тролль, Кай, Щелкунчик) and the Snow Queen dead: the town has won
        for nick in ("РэдДи", "King Eciton", "Trusiki Kayfa", "Puss", "Ronin"):
            svc.set_dead(nick, now=now)
        assert svc.winner() == "town"
        # everyone dead (resolver.check_win): no side's name to give
        assert winner_in(svc, "nobody", "en") == "nobody wins"
        assert winner_in(svc, "nobody", "ru") == "победителей нет"
        assert (svc.winner_text("nobody", "ru"), svc.winner_text("town", "ru")) == ("победителей нет", "победа мирных")
        assert (svc.winner_text("nobody", "en"), svc.winner_text("town", "en")) == ("nobody wins",
                                                                                    "the мирный side wins")
        with messages.using(language):
            gm = game_pages(svc, view="gm", now=now)["ny/index.html"].decode("utf-8")
            public = game_pages(svc, view="public", now=now)["ny/index.html"].decode("utf-8")
            publish_pages([svc], public_dir=tmp_path / "public", gm_dir=tmp_path / "gm", now=now)
    assert re.findall(r'<div class="phase">\s*(.*?)\s*</div>', gm, re.S) == [words]
    # the list of games
    assert re.findall(r'<p class="result">.*?</p>', (tmp_path / "gm" / "index.html").read_text(encoding="utf-8")) \
        == [index]
    assert re.findall(r'<p class="result">.*?</p>', (tmp_path / "public" / "index.html").read_text(encoding="utf-8")) \
        == ['<p class="result">Игра окончена: победа мирных</p>']
    assert re.findall(r'<div class="phase">\s*(.*?)\s*</div>', public, re.S) == [
        '<span class="big">Игра окончена</span><span class="result">победа мирных</span>']


_FLAG_TIMES = {
    "ru": ("<li><b>Оповещение</b> (29.12 20:00): День 1: Ronin ничего не пишет уже 48 часов (с 27.12 20:00 МСК): "
           "кандидат на замену</li>",
           "<li><b>пост изменён</b> — Соня: пост изменён в 01.01 15:42 МСК — ещё до того, как mafvote его увидел "
           "(причина: «добавила красный»); засчитан голос в первой увиденной версии"),
    "en": ("<li><b>Alert</b> (29.12 20:00): Day 1: Ronin has written nothing for 48 h (since 27.12 20:00 "
           "Europe/Moscow): a replacement candidate</li>",
           "<li><b>edited</b> — Соня: edited at 01.01 15:42 Europe/Moscow before mafvote first saw the post "
           "(reason: добавила красный); the vote as first seen counts"),
}


@pytest.mark.parametrize("language", sorted(_FLAG_TIMES))


def test_the_times_in_the_gms_flags_and_alerts_are_the_games_clock(demo, tmp_path, language):
    """A flag or an alert on the GM's page gives its moments in the game's zone, day and clock as the rest of the page
    (English shows the count's own sentence, which wrote them as ISO timestamps: «at 2027-01-01T15:42:00+03:00»)."""
    pages = _demo_pages(demo, tmp_path, language)["gm-pages"]
    alert, edited = _FLAG_TIMES[language]
    assert alert in pages["ny/day-1.html"]
    assert edited in pages["ny/day-2.html"]
    for name, page in pages.items():
        lines = re.findall(r"<li>.*?</li>", page, re.S)
        assert [li for li in lines if re.search(r"\d{4}-\d\d-\d\dT\d\d:\d\d", li)] == [], name


def test_a_moment_in_a_command_stays_iso_in_the_games_zone_the_rest_is_the_pages_clock():
    # the English sentence of an account's vote before its replacement (tally/casting.py), as the GM's page shows it
    text = ("Омега is not on the roster, not a replacement and not a GM: the vote is not counted; if this account "
            "took over a slot, enter it with `mafvote replace --player NICK --by Омега --at 2027-01-13T11:00:00+00:00`"
            "; vote at 2027-01-13T11:00:00+00:00")
    assert shown_times(text, ZoneInfo("Europe/Moscow"), "en") == (
        "Омега is not on the roster, not a replacement and not a GM: the vote is not counted; if this account took "
        "over a slot, enter it with `mafvote replace --player NICK --by Омега --at 2027-01-13T14:00+03:00`; vote at "
        "13.01 14:00 Europe/Moscow")


# a GM's copy of the New Year ruleset whose doctor silences in secret for two days, as 004's Laura does with her serum
# (rulesets/grand_hotel.toml `serum_vote`, `announced = false`, even nights); the GM's own `state silence --secret`
# is the coming day's hidden loss of a vote instead (a mark on the player's row: test above)
_SECRET_POISON = ('kind = "poison"', 'kind = "silence"\nannounced = false\nwords = ["травлю"]')


@pytest.mark.parametrize("language, words", [("ru", "<p><b>Лишения голоса:</b> Ronin: 2 дн. (тайно)</p>"),
                                             ("en", "<p><b>Votes taken away:</b> Ronin: 2 d (in secret)</p>")])


def test_rule_3_5_a_secret_silence_by_a_night_action_counts_zero_and_shows_on_the_gms_page_only(
        tmp_path, monkeypatch, language, words):
    """RULES.md §3.5: a secret silence (Laura's serum) makes the vote count 0 in the GM's view and changes nothing
    anyone can see; the GM's page lists it with its days, marked secret, in the GM's language."""
    folder = make_ruleset_game_dir(tmp_path, monkeypatch, ruleset_edit=_SECRET_POISON)
    ok("night", "add", "--night", "1", "--actor", "Алукард", "Травлю Ронина")
    ok("night", "resolve", "--night", "1")
    gm, public = day_tally(1, "gm"), day_tally(1, "public")
    ronin = [(v["target"], v["weight"], v["reason"]) for v in gm["votes"] if v["voter"] == "Ronin" and v["counted"]]
    assert ronin and all(weight == 0 and reason == "silenced (secret)" for _, weight, reason in ronin), ronin
    assert "Ronin" in gm["silenced"] and public["silenced"] == []
    assert all(v["weight"] == 1 for v in public["votes"] if v["voter"] == "Ronin" and v["counted"])
    moment = datetime(2026, 12, 31, 12, 0, tzinfo=ZoneInfo("Europe/Moscow"))
    with game_mod.clock_at(moment), messages.using(language):
        written = write_all_pages(load_config(folder / "config.toml"), now=moment)
    [gm_index] = [p for p in written["gm"] if p.parts[-2:] == ("ny", "index.html")]
    gm_page = gm_index.read_text(encoding="utf-8")
    assert re.findall(r"<p><b>(?:Лишения голоса|Votes taken away):</b>.*?</p>", gm_page) == [words]
    assert written["public"]
    for page in written["public"]:
        text = page.read_text(encoding="utf-8")
        assert "тайно" not in text and "Лишения голоса" not in text and "без голоса" not in text, page.name
