"""`mafvote crawl` and `mafvote posts` (INTERFACE.md) against a local forum, through the real entry point."""
from __future__ import annotations

import json
import socket
import sqlite3
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from mafvote.cli import main
from mafvote.cli.crawl import plain_text
from mafvote.forumsim import ForumSim
from mafvote.store import Store
from mafvote_scraper.fetch import FetchedMeta
from mafvote_scraper.model import ParsedPage, ParsedPost
from support.forum import CRAWL_CONFIG, CRAWL_T0
from support.games import msk_at, red_span, store_game_config
from support.paths import RED


def shown(minutes: int) -> str:
    """A post's time as `crawl` and `posts` write every time, in the game's zone: `02.12 03:23 МСК`."""
    return f"{(CRAWL_T0 + timedelta(minutes=minutes)).astimezone(ZoneInfo('Europe/Moscow')):%d.%m %H:%M} МСК"


def make_reread_due(config) -> None:
    conn = sqlite3.connect(config.parent / "state" / "mafvote.db")
    conn.execute("update topics set last_reread_at = '2026-01-01T00:00:00+00:00'")
    conn.commit()
    conn.close()


@pytest.fixture
def forum():
    with ForumSim(per_page=3) as f:
        f.add_topic(1, "Игра: Новогодняя мафия")
        f.add_topic(2, "Голосование — День 2")
        f.add_post(1, "Ведущий", "Ночь первая. Город засыпает.", time=CRAWL_T0)
        for i, (who, target) in enumerate([("Ronin", "Соня"), ("Соня", "Ronin"), ("Puss", "Соня"),
                                           ("Enzo", "Puss")]):
            f.add_post(2, who, f"Голосую {RED.format(target)}<br />\nдосрочно",
                       time=CRAWL_T0 + timedelta(minutes=10 + i))
        yield f


@pytest.fixture
def config(forum, tmp_path, monkeypatch):
    path = tmp_path / "config.toml"
    path.write_text(CRAWL_CONFIG.format(base=forum.base_url), encoding="utf-8")
    monkeypatch.chdir(tmp_path)           # -c defaults to ./config.toml
    return path


def run(argv, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    out, err = capsys.readouterr()
    return exit_info.value.code, out, err


def test_crawl_prints_new_posts_per_topic(forum, config, capsys):
    code, out, err = run(["crawl"], capsys)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith(f"ny, игровая тема {forum.url_of(1)}: новых — 1, изменённых — 0, удалённых — 0 (1 страница, 1 запрос")
    assert lines[1] == f"  новый     #1 {shown(0)} Ведущий: Ночь первая. Город засыпает."
    assert lines[2].startswith(f"ny, тема голосования {forum.url_of(2)}: новых — 4, изменённых — 0, удалённых — 0 (2 страницы, 2 запроса")
    assert lines[3:] == [
        f"  новый     #2 {shown(10)} Ronin: Голосую Соня",
        f"  новый     #3 {shown(11)} Соня: Голосую Ronin",
        f"  новый     #4 {shown(12)} Puss: Голосую Соня",
        f"  новый     #5 {shown(13)} Enzo: Голосую Puss"]
    assert (config.parent / "state" / "mafvote.db").is_file()


# A quote as a real MyBB 1.8.37 renders it (fixtures/html/mybb/NOTES.md, "Quote block", real HTML from pid 11).
MYBB_QUOTE = ('<blockquote class="mycode_quote"><cite><span> (12-30-2026, 08:07 PM)</span>РэдДи Wrote:  '
              '<a href="http://127.0.0.1:8081/showthread.php?pid=10#pid10" class="quick_jump"></a></cite>'
              'Ну что, начнём. Мне Соня вчера очень не понравилась.</blockquote><br />\n')


def test_the_listing_shows_a_posts_own_words_not_what_it_quotes(forum, config, capsys):
    # the GM skims the listing for what was said: a reply's first line is its own, not the quote's header
    forum.add_post(1, "Соня", MYBB_QUOTE + "За что?! Я мирная", time=CRAWL_T0 + timedelta(minutes=1))
    forum.add_post(1, "Puss", MYBB_QUOTE, time=CRAWL_T0 + timedelta(minutes=2))
    code, out, err = run(["crawl"], capsys)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[2] == f"  новый     #6 {shown(1)} Соня: За что?! Я мирная"
    # a post that is nothing but a quote still shows a line, as a reader sees it
    assert lines[3] == (f"  новый     #7 {shown(2)} Puss: (12-30-2026, 08:07 PM)РэдДи Wrote: Ну что, начнём. "
                        "Мне Соня вчера очень не понравилась.")


def test_poll_reports_new_posts_and_a_deletion_on_the_last_page(forum, config, capsys):
    assert run(["crawl", "--game", "ny"], capsys)[0] == 0
    forum.add_post(2, "Ronin", "Я передумал", time=CRAWL_T0 + timedelta(minutes=20))
    forum.delete_post(5)                 # page 2 of 3 posts each: 5 -> 6
    forum.edit_post(3, "другое")         # page 1: not read by a plain poll
    code, out, err = run(["crawl", "-c", str(config), "--game", "ny"], capsys)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].endswith(": новых — 0, изменённых — 0, удалённых — 0 (1 страница, 1 запрос, 0 КБ)")
    assert ": новых — 1, изменённых — 0, удалённых — 0 (1 страница, 1 запрос," in lines[1]
    # post 5 is not in the run's id range (it could have moved back to page 1): not deleted yet
    assert lines[2:] == [f"  новый     #6 {shown(20)} Ronin: Я передумал"]


def test_reread_reports_edits_and_deletions(forum, config, capsys):
    assert run(["crawl"], capsys)[0] == 0
    forum.edit_post(3, f"Голосую {RED.format('Puss')}")
    forum.delete_post(4)                 # page 1: post 5 moves back to page 1
    make_reread_due(config)
    code, out, err = run(["crawl"], capsys)
    assert code == 0, err
    vote = out[out.index("ny, тема голосования"):].splitlines()
    assert ": новых — 0, изменённых — 1, удалённых — 1 (1 страница, 1 запрос," in vote[0]   # 3 posts: one page now
    assert vote[1:] == [f"  изменён   #3 {shown(11)} Соня: Голосую Puss",
                        f"  удалён    #4 {shown(12)} Puss: Голосую Соня"]


def test_crawl_of_a_forum_that_is_down_exits_1_with_the_error(forum, config, capsys):
    forum.fail_for(60)
    code, out, err = run(["crawl"], capsys)
    assert code == 1
    assert f"  ОШИБКА: не удалось прочитать {forum.url_of(1)} за 1 попытку: форум ответил HTTP 503 " in out
    assert err == (f"ошибка: ny, игровая тема: не удалось прочитать {forum.url_of(1)} за 1 попытку: форум ответил "
                   f"HTTP 503 (`Service Unavailable`); ny, тема голосования: не удалось прочитать {forum.url_of(2)} за "
                   "1 попытку: форум ответил HTTP 503 (`Service Unavailable`)\n")


def test_crawl_with_layout_not_recognised_exits_1_never_no_new_posts(forum, config, capsys):
    forum.unknown_theme = True
    code, out, err = run(["crawl"], capsys)
    assert code == 1
    assert "ошибка: ny, игровая тема: страница не распознана: " in err
    assert "(движок `mybb`): нет постов: ничто не подходит под " in err


def test_posts_json_has_the_interface_shape(forum, config, capsys):
    run(["crawl"], capsys)
    forum.edit_post(2, f"Голосую {RED.format('Enzo')}")
    forum.delete_post(3)
    make_reread_due(config)              # page 1 changed: only a re-read sees it
    assert run(["crawl"], capsys)[0] == 0
    code, out, err = run(["posts", "--game", "ny", "--topic", "vote", "--format", "json"], capsys)
    assert code == 0, err
    posts = json.loads(out)
    assert [p["post_id"] for p in posts] == [2, 3, 4, 5]
    first = posts[0]
    assert {"post_id", "topic", "page", "author", "time", "edited", "deleted", "text", "html"} <= set(first)
    assert first["topic"] == "vote" and first["page"] == 1 and first["author"] == "Ronin"
    assert first["time"] == (CRAWL_T0 + timedelta(minutes=10)).astimezone(ZoneInfo("Europe/Moscow")).isoformat()
    assert first["time"].endswith("+03:00")
    assert first["edited"] is True and first["deleted"] is False and first["versions"] == 2
    assert first["text"] == "Голосую Enzo"
    assert first["html"] == f"Голосую {RED.format('Enzo')}"
    assert posts[1]["deleted"] is True and posts[1]["text"] == "Голосую Ronin\nдосрочно"
    assert posts[3]["page"] == 1          # post 5 moved back to page 1 after the deletion


def test_posts_text_for_the_game_topic(forum, config, capsys):
    run(["crawl"], capsys)
    code, out, err = run(["posts", "--topic", "game"], capsys)
    assert code == 0, err
    assert out == f"#1 игра с.1 {shown(0)} Ведущий\n    Ночь первая. Город засыпает.\n"


def test_posts_of_an_unknown_game_is_bad_input(config, capsys):
    code, out, err = run(["posts", "--game", "nyy"], capsys)
    assert code == 2 and 'нет игры с `id` "nyy"' in err


@pytest.mark.parametrize("html, text", [
    ("Голосую <span style=\"color: red;\" class=\"mycode_color\">Соня</span>", "Голосую Соня"),
    ("строка 1<br />\nстрока 2", "строка 1\nстрока 2"),
    ('<blockquote class="mycode_quote"><cite>Ronin Wrote:</cite>Соня</blockquote><br />\nPuss',
     "Ronin Wrote:Соня\n\nPuss"),
    ("  &laquo;пробелы&nbsp;&nbsp;и   табы&raquo; ", "«пробелы и табы»"),
])
def test_plain_text(html, text):
    assert plain_text(html) == text


def test_posts_before_any_crawl_says_what_to_do(config, capsys):
    code, out, err = run(["posts"], capsys)
    assert code == 0 and out == ""
    assert err == "постов игры ny ещё нет; запустите `mafvote crawl`\n"


def _crawl(config: Path, capsys) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exit_info:
        main(["-c", str(config), "crawl"])
    out, err = capsys.readouterr()
    return exit_info.value.code, out, err


def test_a_forum_address_changed_in_the_config_is_followed_and_nothing_is_lost_or_doubled(tmp_path, capsys):
    now = datetime.now(timezone.utc).replace(microsecond=0)
    config = tmp_path / "config.toml"

    def write(base: str) -> None:
        config.write_text(store_game_config(base, "new_year", start="2026-11-10T23:00", first="2026-11-11T22:30",
                                            starts_with="night", night="22:30", players=[{"nick": "Ronin"}, {"nick": "Соня"}]),
                          encoding="utf-8")

    with ForumSim(per_page=2) as forum:
        forum.add_topic(1, "Игра")
        forum.add_topic(2, "Голосование")
        forum.add_post(1, "Ведущий", "Ночь первая", time=now - timedelta(hours=2))
        for i in range(5):
            forum.add_post(2, ("Ronin", "Соня")[i % 2], red_span(("Соня", "Ronin")[i % 2]),
                           time=now - timedelta(minutes=60 - i))
        old = forum.base_url
        write(old)
        code, out, err = _crawl(config, capsys)
        assert code == 0, err
        assert "тема голосования" in out and ": новых — 5," in out
        # the forum moves to another port; the old one answers nothing (held, so it is not reused)
        forum.stop()
        with socket.socket() as held:
            held.bind(("127.0.0.1", int(old.rsplit(":", 1)[1].strip("/"))))
            forum.start()
            new = forum.base_url
            assert new != old
            forum.add_post(2, "Ronin", red_span("Соня"), time=now - timedelta(minutes=10))
            write(new)
            code, out, err = _crawl(config, capsys)
            assert code == 0, err + out
            assert err.count("адрес в config.toml изменился") == 1
            assert (f"g: адрес в config.toml изменился: форум f: {old} → {new}; игровая тема: "
                    f"{old}showthread.php?tid=1 → {new}showthread.php?tid=1; тема голосования: {old}showthread.php?tid=2 "
                    f"→ {new}showthread.php?tid=2; дальше читается новый адрес") in err
            assert f"g, тема голосования {new}showthread.php?tid=2: новых — 1, изменённых — 0, удалённых — 0" in out
            # said once: the next crawl finds the store at the new address
            code, out, err = _crawl(config, capsys)
            assert code == 0, err
            assert "адрес в config.toml изменился" not in err and "address changed" not in err
            assert old not in out + err
    with Store(tmp_path / "m.db") as store:
        posts = store.posts(game_id="g", kind="vote", include_deleted=True)
        assert [p.post_id for p in posts] == [2, 3, 4, 5, 6, 7]
        assert not any(p.deleted for p in posts)
        assert all(page.url.startswith(new) for t in store.topics("g") for page in store.pages(t))


@pytest.mark.parametrize("old, new, pages_after", [
    # to https and into a folder: every page moves with the topic
    ("http://old.example/showthread.php?tid=2", "https://new.example/forum/showthread.php?tid=2",
     ["https://new.example/forum/showthread.php?tid=2", "https://new.example/forum/showthread.php?tid=2&page=2"]),
    # no common tail to move the pages by: the pages are forgotten (a page kept with a next link to the old
    # address would lead the crawl back there); the next crawl reads the topic again from the new URL
    ("http://old.example/showthread.php?tid=2", "http://old.example/showthread.php?tid=2&mode=linear", []),
])
def test_a_topics_stored_pages_follow_its_new_url_and_its_posts_stay(tmp_path, old, new, pages_after):
    with Store(tmp_path / "m.db") as store:
        store.ensure_forum("f", engine="mybb", base_url="http://old.example/", timezone_name="Europe/Moscow")
        topic = store.ensure_topic("f", "2", url=old, kind="vote", game_id="g")
        for n in (1, 2):
            url = old if n == 1 else f"{old}&page=2"
            post = ParsedPost(post_id=n, topic_id="2", page=n, position=0, author="Ronin", author_id=None,
                              time=msk_at("2026-11-12T10:00") + timedelta(minutes=n), html=red_span("Соня"), edit=None,
                              content_hash=f"h{n}")
            page = ParsedPage(url=url, engine="mybb", topic_id="2", page=n, last_page=2,
                              next_url=f"{old}&page=2" if n == 1 else None, posts=[post], title="Голосование")
            store.upsert_page(topic, page, FetchedMeta(url, msk_at("2026-11-12T11:00")))
        assert store.url_changes("f", "http://old.example/", "g", [("vote", new)]) == [("vote", old, new)]
        store.ensure_topic("f", "2", url=new, kind="vote", game_id="g")
        assert [p.url for p in store.pages(topic)] == pages_after
        if len(pages_after) == 2:
            assert store.pages(topic)[0].next_url == pages_after[1]
        assert [p.post_id for p in store.posts(game_id="g")] == [1, 2]
        assert store.url_changes("f", "http://old.example/", "g", [("vote", new)]) == []
