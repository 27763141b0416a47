"""`mafvote crawl` and `mafvote posts` (INTERFACE.md) against a local forum, through the real entry point."""
from __future__ import annotations

import json
import sqlite3
from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest

from mafvote.cli import main
from mafvote.cli.crawl import plain_text
from mafvote.forumsim import ForumSim
from support import CRAWL_CONFIG, CRAWL_T0, RED


def shown(minutes: int) -> str:
    return f"{(CRAWL_T0 + timedelta(minutes=minutes)).astimezone(ZoneInfo('Europe/Moscow')):%d.%m.%Y %H:%M}"


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
    assert "  ОШИБКА: cannot read" in out
    assert err.startswith(f"error: ny game topic: cannot read {forum.url_of(1)} after 1 attempts: "
                          "HTTP 503 Service Unavailable; ny vote topic: cannot read")


def test_crawl_with_layout_not_recognised_exits_1_never_no_new_posts(forum, config, capsys):
    forum.unknown_theme = True
    code, out, err = run(["crawl"], capsys)
    assert code == 1
    assert "error: ny game topic: layout not recognised: " in err
    assert "(engine mybb): no posts" in err


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
