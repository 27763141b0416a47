"""Hostile posts and hostile input files (issue 13): no post can stop the count or reach the terminal raw,
and every bad config or full disk is a clear error.

The forum is `mafvote.forumsim.ForumSim` on 127.0.0.1 (MyBB 1.8 markup copied from the captured pages in
fixtures/html/mybb); the unclosed-comment page is the captured phpBB 3 page fixtures/html/phpbb/
viewtopic_t7_page1.html with a comment opened in one post and closed in another, as a board that lets
posts carry raw HTML would serve it. Commands run through the real entry point, as the GM runs them.
"""
from __future__ import annotations

import json
import sqlite3
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from mafvote.forumsim import ForumSim
from mafvote.store import MIGRATIONS, Store
from mafvote_scraper import parse as parse_module
from mafvote_scraper.model import LayoutNotRecognised
from mafvote_scraper.parse import parse_page
from mafvote_tally.recognise import READING_VERSION, flatten
from support.cli import run_main as run
from support.forum import crawl_config

ROOT = Path(__file__).resolve().parents[2]
MSK = ZoneInfo("Europe/Moscow")
T0 = datetime.now(timezone.utc).replace(second=0, microsecond=0) - timedelta(hours=3)
RED = '<span style="color: red;" class="mycode_color">{}</span>'


def local(dt: datetime) -> str:
    return f"{dt.astimezone(MSK):%Y-%m-%dT%H:%M}"


def write_config(path: Path, base: str, nicks: list[str]) -> Path:
    """The game g on the local forum at `base`, day 1 from an hour before T0 to a day after it, pages to public/."""
    path.write_text(crawl_config(base, store="mafvote.db", forum={"timeout": 10}, game={"id": "g", "title": "Игра"},
                                 schedule={"start": local(T0 - timedelta(hours=1)), "starts_with": "day",
                                           "first_deadline": local(T0 + timedelta(days=1))},
                                 players=[{"nick": n} for n in nicks], publish={"dir": "public/"}), encoding="utf-8")
    return path


def forum_with(posts: list[tuple[str, str]]) -> ForumSim:
    sim = ForumSim(per_page=10).start()
    sim.add_topic(1, "Игра")
    sim.add_topic(2, "Голосование")
    sim.add_post(1, "Ведущий", "День первый.", time=T0)
    for i, (who, html) in enumerate(posts):
        sim.add_post(2, who, html, time=T0 + timedelta(minutes=10 + i))
    return sim


def totals(out: str) -> dict[str, int]:
    return {c["player"]: c["total"] for c in json.loads(out)["candidates"]}


# --- 8. no recursion over the poster's nesting -------------------------------------------------------

def test_a_vote_under_10000_nested_tags_is_counted_by_tally_render_and_the_daemon(tmp_path, capsys):
    deep = "<span>" * 10_000 + "Голосую " + RED.format("Соня") + "</span>" * 10_000
    sim = forum_with([("Ronin", deep), ("Соня", "Голосую " + RED.format("Ronin")),
                      ("Puss", "Голосую " + RED.format("Соня"))])
    try:
        config = write_config(tmp_path / "config.toml", sim.base_url, ["Ronin", "Соня", "Puss"])
        code, _, err = run(capsys, "crawl", "-c", str(config))
        assert code == 0, err
        code, out, err = run(capsys, "tally", "-c", str(config), "--day", "1", "--format", "json")
        assert code == 0, err
        assert totals(out) == {"Соня": 2, "Ronin": 1}
        code, out, err = run(capsys, "tally", "-c", str(config), "--day", "1", "--format", "text")
        assert code == 0 and "RecursionError" not in err
        code, out, err = run(capsys, "render", "-c", str(config), "votecount", "1", "--format", "bbcode")
        assert code == 0, err
        assert "Соня" in out and "Traceback" not in err
        code, out, err = run(capsys, "run", "-c", str(config), "--once")
        assert code == 0, err
        assert "RecursionError" not in err + out
    finally:
        sim.stop()


# --- 9. rich markup in nicks is text -----------------------------------------------------------------

@pytest.mark.parametrize("nick", ["[/color]", "[b]Петя[/b]", "[bold red]Вася"])
def test_a_nick_that_looks_like_rich_markup_is_shown_as_written_in_every_text_output(tmp_path, capsys, nick):
    sim = forum_with([(nick, "Голосую " + RED.format("Ronin")), ("Ronin", "Голосую " + RED.format(nick))])
    try:
        config = write_config(tmp_path / "config.toml", sim.base_url, ["Ronin", nick])
        code, out, err = run(capsys, "crawl", "-c", str(config))
        assert code == 0, err
        assert f"{nick}: Голосую Ronin" in out
        code, out, err = run(capsys, "tally", "-c", str(config), "--day", "1", "--format", "text")
        assert code == 0, err
        table = [line for line in out.splitlines() if "│" in line]
        assert any(f"│ {nick}" in line and "│ Ronin" in line for line in table)      # the voter column of Ronin
        assert any(line.startswith(f"│ Ronin") and nick in line for line in table)
        for argv in (["posts"], ["votes", "--player", "Ronin"], ["state"], ["status"],
                     ["tally", "--day", "1", "--format", "bbcode"]):
            code, out, err = run(capsys, *argv, "-c", str(config))
            assert code == 0, (argv, err)
            assert "MarkupError" not in err
        code, out, _ = run(capsys, "posts", "-c", str(config))
        assert f" {nick}\n    Голосую Ronin" in out
    finally:
        sim.stop()


# --- 4. control characters and bidi overrides -------------------------------------------------------

ESC_TITLE = "\x1b]0;pwned\x07"


def test_control_characters_and_bidi_overrides_never_reach_the_terminal_or_the_files(tmp_path, capsys):
    nick = "Пет\u202eя"
    sim = forum_with([(nick, f"Голосую {ESC_TITLE}" + RED.format("Ronin") + "\x9b31m"),
                      ("Ronin", "Голосую " + RED.format("Петя"))])
    try:
        config = write_config(tmp_path / "config.toml", sim.base_url, ["Ronin", "Петя"])
        outputs = []
        for argv in (["crawl"], ["posts"], ["posts", "--format", "json"], ["tally", "--day", "1"],
                     ["tally", "--day", "1", "--format", "json"], ["tally", "--day", "1", "--format", "bbcode"],
                     ["render", "votecount", "1", "--format", "html"], ["run", "--once"]):
            code, out, err = run(capsys, *argv, "-c", str(config))
            assert code == 0, (argv, err)
            outputs.append(out + err)
        # every file written: the count files and the pages (issue 18: public/<game>/, and the GM's beside the store)
        from mafvote.config import load_config
        from mafvote.pages import gm_pages_dir

        folders = (tmp_path / "public", gm_pages_dir(load_config(config)))
        files = sorted(p for folder in folders for p in folder.rglob("*") if p.is_file())
        assert {"votecount-g.bbcode", "votecount-g.html", "index.html"} <= {p.name for p in files}
        assert any(p.parent.name == "g" for p in files)
        outputs += [p.read_text(encoding="utf-8") for p in files]
        assert len(outputs) == 8 + len(files)
        for text in outputs:
            assert not any(ch in text for ch in "\x1b\x07\x9b\u202e"), text[:300]
        # the nick without its override is the roster's Петя: the vote for Ronin is his
        code, out, _ = run(capsys, "tally", "-c", str(config), "--day", "1", "--format", "json")
        assert totals(out) == {"Ronin": 1, "Петя": 1}
    finally:
        sim.stop()


def test_a_store_filled_before_the_cleaning_shows_no_control_codes_and_still_counts_the_vote(tmp_path, capsys,
                                                                                             monkeypatch):
    """A store a mafvote from before the cleaning filled (its parser kept control characters and bidi overrides, its
    schema was version 6): the first command of this one removes them from what the store kept (migration 7), so it
    holds what a crawl by this mafvote stores, `posts` shows none, the nick with the override is the roster's Петя,
    and the next crawl takes no post for edited."""
    nick = "Пет\u202eя"
    sim = forum_with([(nick, f"Голосую {ESC_TITLE}" + RED.format("Ronin") + "\x9b31m"),
                      ("Ronin", "Голосую " + RED.format("Петя"))])
    try:
        config = write_config(tmp_path / "config.toml", sim.base_url, ["Ronin", "Петя"])
        db = tmp_path / "mafvote.db"
        with monkeypatch.context() as old_mafvote:
            old_mafvote.setattr(parse_module, "visible", lambda text: text)
            code, _, err = run(capsys, "crawl", "-c", str(config))
            assert code == 0, err
        with sqlite3.connect(db) as conn:
            conn.execute("update schema_version set version = 6")
            kept = conn.execute("select author, html, content_hash from posts join post_versions "
                                "using (forum, post_id) order by post_id").fetchall()
        conn.close()
        assert kept[1][0] == nick and ESC_TITLE in kept[1][1]             # what the old parser stored

        code, out, err = run(capsys, "posts", "-c", str(config))
        assert code == 0, err
        assert " Петя\n    Голосую ]0;pwnedRonin31m" in out
        assert not any(ch in out + err for ch in "\x1b\x07\x9b\u202e")
        (tmp_path / "fresh").mkdir()                                      # this mafvote's crawl, for comparison
        fresh = write_config(tmp_path / "fresh" / "config.toml", sim.base_url, ["Ronin", "Петя"])
        assert run(capsys, "crawl", "-c", str(fresh))[0] == 0
        with Store(db) as old, Store(tmp_path / "fresh" / "mafvote.db") as new:
            assert old.schema_version == len(MIGRATIONS)
            assert [(p.post_id, p.author, p.html) for p in old.posts(game_id="g")] == [
                (p.post_id, p.author, p.html) for p in new.posts(game_id="g")]
            assert [(p.author, p.versions[0].content_hash) for p in old.posts(game_id="g")] == [
                (author.replace("\u202e", ""), digest) for author, _, digest in kept]
            assert all(v.reading == flatten(v.html).to_json() for p in old.posts(game_id="g") for v in p.versions)
        with sqlite3.connect(db) as conn:
            assert conn.execute("select distinct reading_code from post_versions").fetchall() == [(READING_VERSION,)]
        conn.close()

        code, out, _ = run(capsys, "tally", "-c", str(config), "--day", "1", "--format", "json")
        assert code == 0 and totals(out) == {"Ronin": 1, "Петя": 1}
        added = sim.add_post(2, "Ronin", "Голосую " + RED.format("Петя") + " ещё раз", time=T0 + timedelta(minutes=30))
        assert run(capsys, "crawl", "-c", str(config))[0] == 0
        with Store(db) as old:
            posts = old.posts(game_id="g")
        assert [(p.post_id, p.versions_count) for p in posts] == [(1, 1), (2, 1), (3, 1), (added, 1)]
    finally:
        sim.stop()


# --- 10. one post's body holding another post's container ------------------------------------------

def test_an_unclosed_comment_swallowing_the_next_posts_is_refused_not_misattributed():
    raw = (ROOT / "fixtures" / "html" / "phpbb" / "viewtopic_t7_page1.html").read_text(encoding="utf-8")
    url = "http://127.0.0.1:8081/phpbb/viewtopic.php?f=2&t=7"
    page = parse_page(raw, url=url, profile="phpbb", tz=MSK, now=datetime(2027, 1, 1, tzinfo=timezone.utc))
    first, third = page.posts[1], page.posts[3]
    assert first.author != third.author
    # post #2 opens a comment (raw HTML allowed); post #4's body closes it and votes: its text would land in
    # post #2's body, counted for post #2's author
    first_text = raw.index('<div class="content">', raw.index(f'id="p{first.post_id}"')) + len('<div class="content">')
    third_text = raw.index('<div class="content">', raw.index(f'id="p{third.post_id}"')) + len('<div class="content">')
    hostile = (raw[:first_text] + "<!-- " + raw[first_text:third_text] + "--> Голосую Соня "
               + raw[third_text:])
    with pytest.raises(LayoutNotRecognised) as info:
        parse_page(hostile, url=url, profile="phpbb", tz=MSK, now=datetime(2027, 1, 1, tzinfo=timezone.utc))
    message = str(info.value)
    assert message.startswith(f"layout not recognised: {url} (engine phpbb): в теле поста {first.post_id} "
                              f'оказалось начало другого поста (id="p')
    assert "незакрытый HTML-комментарий" in message


def test_a_comment_that_hides_text_inside_one_post_is_still_read():
    raw = (ROOT / "fixtures" / "html" / "phpbb" / "viewtopic_t7_page1.html").read_text(encoding="utf-8")
    url = "http://127.0.0.1:8081/phpbb/viewtopic.php?f=2&t=7"
    page = parse_page(raw, url=url, profile="phpbb", tz=MSK, now=datetime(2027, 1, 1, tzinfo=timezone.utc))
    at = raw.index('<div class="content">', raw.index(f'id="p{page.posts[1].post_id}"')) + len('<div class="content">')
    closed = raw[:at] + "<!-- скрыто -->" + raw[at:]
    again = parse_page(closed, url=url, profile="phpbb", tz=MSK, now=datetime(2027, 1, 1, tzinfo=timezone.utc))
    assert [p.author for p in again.posts] == [p.author for p in page.posts]


# --- 11. a full disk is named as such ---------------------------------------------------------------

def test_a_full_disk_is_named_as_full_never_as_damage_and_the_store_stays_usable(tmp_path, capsys, monkeypatch):
    sim = forum_with([("Ronin", "Голосую " + RED.format("Соня"))])
    try:
        config = write_config(tmp_path / "config.toml", sim.base_url, ["Ronin", "Соня"])
        code, _, err = run(capsys, "crawl", "-c", str(config))
        assert code == 0, err
        for i in range(40):
            sim.add_post(2, "Соня", "Голосую " + RED.format("Ronin") + " очень длинный пост " * 200,
                         time=T0 + timedelta(minutes=30 + i))
        import mafvote.store.file as store_module
        real_connect = store_module._connect

        def full_disk(path, *, read_only):
            # SQLite's own SQLITE_FULL: the file may not grow past its present size (a disk with no room left)
            conn = real_connect(path, read_only=read_only)
            pages = conn.execute("PRAGMA page_count").fetchone()[0]
            conn.execute(f"PRAGMA max_page_count = {pages + 1}")
            return conn
        monkeypatch.setattr(store_module, "_connect", full_disk)
        code, out, err = run(capsys, "crawl", "-c", str(config))
        assert code == 1
        assert f"хранилище {tmp_path / 'mafvote.db'}: диск переполнен (`database or disk is full`); освободите " \
               "место и запустите снова; хранилище цело" in err + out
        assert "повреждено" not in err + out
        monkeypatch.setattr(store_module, "_connect", real_connect)
        code, _, err = run(capsys, "crawl", "-c", str(config))
        assert code == 0, err
        conn = sqlite3.connect(tmp_path / "mafvote.db")
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("select count(*) from posts").fetchone()[0] == 42
        conn.close()
    finally:
        sim.stop()


# --- 12. any config problem, however deep, is a clear exit-2 error ----------------------------------

@pytest.mark.parametrize("value", ["[" * 5000 + "]" * 5000, "{a=" * 5000 + "1" + "}" * 5000],
                         ids=["arrays", "inline tables"])
@pytest.mark.parametrize("command", ["check", "state"])
def test_a_config_line_nested_5000_deep_is_a_syntax_error_with_its_line(tmp_path, capsys, command, value):
    config = write_config(tmp_path / "config.toml", "http://127.0.0.1:9/", ["Ronin", "Соня"])
    lines = config.read_text(encoding="utf-8").splitlines()
    at = lines.index('gm = ["Ведущий"]') + 1
    lines.insert(at, f"deep = {value}")
    config.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = run(capsys, command, "-c", str(config))
    assert code == 2
    assert f"{config}: строка {at + 1}, столбец " in out + err
    assert "вложены глубже 100 уровней" in out + err
    assert "Traceback" not in out + err and "RecursionError" not in out + err


# --- 13. nicks of invisible or control characters ---------------------------------------------------

@pytest.mark.parametrize("nick, problem", [
    ("\u200b\u200b", "состоит только из невидимых символов (`U+200B U+200B`)"),
    ("\u3164", "состоит только из невидимых символов (`U+3164`)"),
    ("Пе\x00тя", "есть управляющий символ `U+0000`"),
    ("Петя\u202e", "есть управляющий символ `U+202E`"),
], ids=["zero-width", "hangul filler", "NUL", "RLO"])
def test_check_refuses_an_invisible_nick_or_one_with_a_control_character_with_its_line(tmp_path, capsys, nick,
                                                                                        problem):
    config = write_config(tmp_path / "config.toml", "http://127.0.0.1:9/", ["Ronin", nick])
    line = config.read_text(encoding="utf-8").splitlines().index(f"nick = {json.dumps(nick, ensure_ascii=False)}") + 1
    code, out, err = run(capsys, "check", "-c", str(config))
    assert code == 2
    assert f"{config}: строка {line}: games[0].players[1].nick: " in out
    assert problem in out


def test_check_warns_about_a_login_over_plain_http_to_another_machine(tmp_path, capsys):
    config = write_config(tmp_path / "config.toml", "http://forum.example.org/", ["Ronin", "Соня"])
    text = config.read_text(encoding="utf-8").replace(
        "retries = 0\n", 'retries = 0\nlogin = { user = "bot", password_env = "MAFVOTE_TEST_PASSWORD" }\n')
    config.write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "check", "-c", str(config))
    assert code == 0
    assert ("forums[0].base_url: предупреждение: пароль бота пойдёт по сети открытым текстом (адрес `http://`, а не "
            "`https://`)") in out
    # a warning stops nothing: the file is read (it was refused as a whole, «0 форумов»)
    assert out.endswith(": всё в порядке — 1 форум, 1 игра, 2 игрока (1 предупреждение)\n")
    # the same forum on this machine, or over https, is not warned about
    for base in ("http://127.0.0.1:8081/", "https://forum.example.org/"):
        config.write_text(text.replace("http://forum.example.org/", base), encoding="utf-8")
        code, out, _ = run(capsys, "check", "-c", str(config))
        assert "открытым текстом" not in out



def test_no_page_of_a_real_forum_is_flattened():
    # the nesting guard only ever touches pages deeper than any real board's (fixtures/html: captured pages)
    from mafvote_scraper.nesting import shallow

    pages = sorted((ROOT / "fixtures" / "html").rglob("*.html"))
    assert len(pages) >= 20
    for path in pages:
        text = path.read_text(encoding="utf-8", errors="replace")
        assert shallow(text) is text, path
    deep = "<div>" * 2000 + "Голосую " + RED.format("Соня") + "</div>" * 2000
    flat = shallow(deep)
    assert flat.count("<div>") == 500 and RED.format("Соня") in flat
