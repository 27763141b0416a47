"""Publishing from the daemon (issue 6 item 1: "after each crawl that changed the vote thread: recount,
publish files (and the forum if enabled)"), and `mafvote run --once`."""
from __future__ import annotations

import errno
import os
import re
import shutil
from datetime import timedelta

from click.testing import CliRunner

from mafvote import atomic_files, pages, publish
from mafvote.cli import cli
from mafvote.config import load_config
from mafvote.daemon import Daemon
from mafvote.game import open_service
from mafvote.pages import gm_pages_dir, publish_pages
from mafvote.config import ForumConfig, LoginConfig
from mafvote.publish import ForumPublisher, PublishLog, PublishResult, PublishState
from mafvote.store import Store
from support.daemon import DAEMON_CONFIG, DAY, Recorder, msk, quick_client, run_day, vote
from support.paths import MOSCOW


class FakePublisher:
    """Stands in for publish.ForumPublisher (tested against recorded forms in test_publish_forum.py)."""

    made: list["FakePublisher"] = []

    def __init__(self, store, *, game, forum, vote_thread, interval, clock):  # noqa: ARG002
        self.game, self.vote_thread, self.interval, self.clock = game, vote_thread, interval, clock
        self.calls: list[tuple] = []
        FakePublisher.made.append(self)

    def publish(self, text, *, view, day=None):
        self.calls.append((self.clock(), view, day, text))
        return PublishResult("edited", 77)

    def close(self):
        pass


def _config(tmp_path, base):
    text = DAEMON_CONFIG.format(base=base, poll="5m").replace(
        'retries = 0\n', 'retries = 0\nlogin = { user = "mafvote-bot", password_env = "T_BOT_PASSWORD" }\n')
    text = text.replace('[publish]\ndir = "public"', '[publish]\ndir = "public"\nforum = true\ninterval = "10m"')
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_public_count_goes_to_the_files_and_the_forum_after_each_change_and_at_the_deadline(forum, tmp_path):
    FakePublisher.made.clear()
    config = load_config(_config(tmp_path, forum.base_url))
    with Daemon(config, channels={"webhook": Recorder()}, client_factory=quick_client, sleep=lambda s: None,
                forum_publisher_factory=FakePublisher) as daemon:
        reports = []
        run_day(daemon, forum, msk("10:00"), msk("22:30"), timedelta(minutes=5), reports=reports)
    [publisher] = FakePublisher.made
    assert publisher.interval == timedelta(minutes=10)
    moments = [now.astimezone(msk("10:00").tzinfo).strftime("%H:%M") for now, *_ in publisher.calls]
    # the first look, each crawl that changed the thread, T−60, T−15 and the deadline; never in between
    assert moments == ["10:00", "10:10", "12:05", "13:40", "15:35", "21:00", "21:30", "21:45", "22:00", "22:05"]
    assert {view for _, view, _, _ in publisher.calls} == {"public"}
    assert {day for _, _, day, _ in publisher.calls} == {1}
    final = publisher.calls[-2][3]
    assert final.startswith("[b]Подсчёт голосов, день 1[/b]")
    assert final.rstrip("\n").endswith("[b]Голосование закрыто.[/b] Итог: Соня покидает игру")
    # the files hold the same final public count
    assert (tmp_path / "public" / "votecount-ny.bbcode").read_text(encoding="utf-8").rstrip("\n") == \
        publisher.calls[-1][3].rstrip("\n")


def test_mafvote_run_once_crawls_every_game_and_exits(forum, tmp_path):
    path = tmp_path / "config.toml"
    path.write_text(DAEMON_CONFIG.format(base=forum.base_url, poll="5m"), encoding="utf-8")
    forum.add_post(2, "Ronin", DAY[0][2], time=msk("10:07"))
    result = CliRunner().invoke(cli, ["run", "-c", str(path), "--once", "--log-level", "WARNING"])
    assert result.exit_code == 0, result.output
    from mafvote.store import Store

    with Store(tmp_path / "state" / "mafvote.db") as store:
        runs = store.crawl_runs()
        assert len(runs) == 2 and all(r.error is None for r in runs)
        assert [p.author for p in store.posts(game_id="ny", kind="vote")] == ["Ведущий", "Ronin"]


def test_the_published_count_names_players_as_the_posts_do_masks_and_replacements(forum, tmp_path):
    # a mask game (000): the public count calls each slot by its mask, like `tally --format bbcode` and the posts
    text = DAEMON_CONFIG.format(base=forum.base_url, poll="5m")
    for nick, mask in (("Ronin", "Гораций"), ("Соня", "Фиона"), ("Puss", "Енох"), ("Alisa", "Эмма")):
        text = text.replace(f'nick = "{nick}"\n', f'nick = "{nick}"\nmask = "{mask}"\n', 1)
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    with Daemon(load_config(path), channels={"webhook": Recorder()}, client_factory=quick_client,
                sleep=lambda s: None) as daemon:
        run_day(daemon, forum, msk("10:00"), msk("16:00"), timedelta(minutes=5), script=DAY[:4])
        shown = daemon._names(daemon.games["ny"])
    published = (tmp_path / "public" / "votecount-ny.bbcode").read_text(encoding="utf-8")
    assert shown == {"Ronin": "Гораций", "Соня": "Фиона", "Puss": "Енох", "Alisa": "Эмма"}
    assert "[color=#FF0000]Фиона[/color] — 2 голоса (Гораций [i]досрочно[/i], Енох [i]досрочно[/i])" in published
    for account in ("Ronin", "Puss", "Alisa"):
        assert account not in published


def test_the_published_count_follows_a_gm_step_and_a_gm_crawl_without_waiting_for_a_new_post(forum, tmp_path):
    path = tmp_path / "config.toml"
    path.write_text(DAEMON_CONFIG.format(base=forum.base_url, poll="5m"), encoding="utf-8")
    published = tmp_path / "public" / "votecount-ny.bbcode"
    with Daemon(load_config(path), channels={"webhook": Recorder()}, client_factory=quick_client,
                sleep=lambda s: None) as daemon:
        run_day(daemon, forum, msk("10:00"), msk("15:40"), timedelta(minutes=5), script=DAY[:4])
        assert "Соня[/color] — 2 голоса (Ronin [i]досрочно[/i], Puss [i]досрочно[/i])" in published.read_text(
            encoding="utf-8")
        # the GM marks Puss dead (a death worked out outside mafvote): his vote no longer counts
        daemon.games["ny"].service.set_dead("Puss", now=msk("15:41"))
        daemon.tick(msk("15:42"))                   # no crawl due, no new post
        text = published.read_text(encoding="utf-8")
        assert "Соня[/color] — 1 голос (Ronin [i]досрочно[/i])" in text
        # the pages follow too (issue 18): the public page's count, and the GM's beside the store, not in public/
        page = tmp_path / "public" / "ny" / "index.html"
        assert '<tr data-player="Соня" data-total="1">' in page.read_text(encoding="utf-8")
        gm_page = gm_pages_dir(daemon.config) / "ny" / "index.html"
        assert "Страница ведущего" in gm_page.read_text(encoding="utf-8")
        assert (tmp_path / "public") not in gm_page.parents
        # the GM's own `mafvote crawl` (another process) reads Alisa's vote before the daemon's next poll
        forum.add_post(2, "Alisa", '<span style="color: red;" class="mycode_color">Соня</span>', time=msk("15:43"))
        from mafvote.cli import cli
        assert CliRunner().invoke(cli, ["crawl", "-c", str(path)]).exit_code == 0
        daemon.tick(msk("15:44"))
        assert "Соня[/color] — 2 голоса (Ronin [i]досрочно[/i], Alisa)" in published.read_text(encoding="utf-8")
        assert '<tr data-player="Соня" data-total="2">' in page.read_text(encoding="utf-8")


def _mybb_html(bbcode: str) -> str:
    """The count post as MyBB shows it: [color] as `span.mycode_color`, [b]/[i] as tags, lines as <br />."""
    import re

    html = re.sub(r"\[color=([^\]]+)\](.*?)\[/color\]",
                  lambda m: f'<span style="color: {m[1]};" class="mycode_color">{m[2]}</span>', bbcode)
    html = re.sub(r"\[(/?)b\]", r"<\1strong>", html)
    html = re.sub(r"\[(/?)i\]", r"<\1em>", html)
    return html.replace("\n", "<br />\n")


class ForumBot(FakePublisher):
    """Posts the count into the local forum as the bot account (`login.user`), then edits that one post."""

    sim = None

    def publish(self, text, *, view, day=None):
        self.calls.append((self.clock(), view, day, text))
        if not hasattr(self, "pid") and "[color" not in text:
            # the GM turned forum publishing on once the first votes were in (the first post names them)
            return PublishResult("unchanged", None)
        if not hasattr(self, "pid"):
            self.pid = self.sim.add_post(2, "mafvote-bot", _mybb_html(text), time=self.clock())
            return PublishResult("posted", self.pid)
        self.sim.edit_post(self.pid, _mybb_html(text), at=self.clock())
        return PublishResult("edited", self.pid)


def test_the_bots_own_count_post_is_neither_counted_nor_flagged_nor_alerted(forum, tmp_path):
    FakePublisher.made.clear()
    ForumBot.sim = forum
    config = load_config(_config(tmp_path, forum.base_url))
    channel = Recorder()
    with Daemon(config, channels={"webhook": channel}, client_factory=quick_client, sleep=lambda s: None,
                forum_publisher_factory=ForumBot) as daemon:
        run_day(daemon, forum, msk("10:00"), msk("21:50"), timedelta(minutes=5))
        bot_posts = [p for p in forum.posts(2) if p.author == "mafvote-bot"]
        # the count post is in the thread, holding coloured names, and was read by the crawls
        assert len(bot_posts) == 1 and "mycode_color" in bot_posts[0].html
        service = daemon.games["ny"].service
        gm = service.count(1, view="gm", now=msk("21:50"))
    assert [f.kind for f in gm.flags if f.kind == "unknown_author"] == []
    assert all(f.post_id != bot_posts[0].pid for f in gm.flags)
    assert {c.player: c.total for c in gm.candidates}["Соня"] == 3
    # nothing about the bot reached the GM: the alerts are the day's own
    assert channel.keys() == ["deadline_soon:day1:60m", "early_close:day1", "deadline_soon:day1:15m"]


class RefusedLogin(FakePublisher):
    """The forum refuses the bot's login (a changed password), as ForumPublisher reports it."""

    def publish(self, text, *, view, day=None):
        self.calls.append((self.clock(), view, day, text))
        said = ("Please correct the following errors before continuing: You have entered an invalid "
                "username/password combination.")
        return PublishResult("failed", None, f"sim: login as mafvote-bot refused: {said}", login_refused=True,
                             phrase=("login", {"base": "http://sim.test/", "user": "mafvote-bot",
                                               "reason": ("login.said", {"text": said})}))


def test_a_refused_login_is_an_error_of_the_tick_and_one_alert_to_the_gm_in_russian(forum, tmp_path, monkeypatch):
    FakePublisher.made.clear()
    monkeypatch.setenv("T_BOT_PASSWORD", "Zq7-kot-sapog")
    text = _config(tmp_path, forum.base_url).read_text(encoding="utf-8").replace(
        'language = "en"', 'language = "ru"')
    (tmp_path / "config.toml").write_text(text, encoding="utf-8")
    channel = Recorder()
    with Daemon(load_config(tmp_path / "config.toml"), channels={"webhook": channel}, client_factory=quick_client,
                sleep=lambda s: None, forum_publisher_factory=RefusedLogin) as daemon:
        first = daemon.tick(msk("10:00"))
        forum.add_post(2, "Ronin", DAY[0][2], time=msk("10:07"))
        second = daemon.tick(msk("10:10"))
    # the tick's error and the alert word the refusal in the GM's language (issue 14); the forum's words are quoted
    refusal = ("форум http://sim.test/ не пустил бота под именем mafvote-bot: `Please correct the following errors "
               "before continuing: You have entered an invalid username/password combination.`; проверьте "
               "`login.user` форума в конфиге и пароль в переменной окружения, которую называет `password_env`")
    assert first.errors == second.errors == [f"игра ny, подсчёт на форум не выложен: {refusal}"]
    refused = [a for a in channel.sent if a.kind == "publish_failing"]
    assert len(refused) == 1                      # once a day, not once a poll
    assert refused[0].key == "publish_failing:login:day1"
    assert refused[0].text == (
        "Форум sim не пустил бота под именем mafvote-bot: подсчёт на форуме не опубликован. Проверьте учётную "
        f"запись и её пароль (переменная окружения T_BOT_PASSWORD)\nОшибка: {refusal}")
    assert "Zq7-kot-sapog" not in refused[0].text


def test_mafvote_run_once_fails_when_the_count_cannot_be_posted(forum, tmp_path, monkeypatch):
    # the local forum has no log-in form (member.php answers 404): the count never reaches the forum
    monkeypatch.setenv("T_BOT_PASSWORD", "Zq7-kot-sapog")
    path = _config(tmp_path, forum.base_url)
    forum.add_post(2, "Ronin", DAY[0][2], time=msk("10:07"))
    result = CliRunner().invoke(cli, ["run", "-c", str(path), "--once", "--log-level", "WARNING"])
    assert result.exit_code == 1, result.output
    assert "Zq7-kot-sapog" not in result.output


def test_the_games_page_links_the_compact_live_count_files_while_the_day_runs(forum, tmp_path):
    # votecount-<game>.html (the theme's self-refreshing table) and .bbcode are kept (INTERFACE.md names them):
    # the running day's section of the public game page links both; the GM's page, in another folder, does not
    path = tmp_path / "config.toml"
    path.write_text(DAEMON_CONFIG.format(base=forum.base_url, poll="5m"), encoding="utf-8")
    config = load_config(path)
    public = tmp_path / "public"
    with Daemon(config, channels={"webhook": Recorder()}, client_factory=quick_client, sleep=lambda s: None) as daemon:
        run_day(daemon, forum, msk("10:00"), msk("12:10"), timedelta(minutes=5))
        page = (public / "ny" / "index.html").read_text(encoding="utf-8")
        links = re.search(r'<p class="meta count-files">(.*?)</p>', page).group(1)
        assert links == ('<a href="../votecount-ny.html">компактная таблица подсчёта (обновляется сама)</a> · '
                         '<a href="../votecount-ny.bbcode">подсчёт в BBCode, для поста на форуме</a>')
        # the links resolve from the page's folder to the files the daemon wrote, holding the same count
        assert (public / "ny" / "../votecount-ny.html").resolve().is_file()
        bbcode = (public / "ny" / "../votecount-ny.bbcode").read_text(encoding="utf-8")
        assert re.findall(r'<tr data-player="([^"]+)" data-total="(\d+)">', page) == [("Ronin", "1"), ("Соня", "1")]
        assert re.findall(r"(?m)^(\S+): (\d+) \(против", bbcode) == [("Ronin", "1"), ("Соня", "1")]
        assert "votecount-" not in (gm_pages_dir(config) / "ny" / "index.html").read_text(encoding="utf-8")
        # after the deadline the day is closed by the GM: the night has no running count, so no link
        run_day(daemon, forum, msk("12:15"), msk("22:30"), timedelta(minutes=15))
        result = CliRunner().invoke(cli, ["day", "close", "-c", str(path), "--day", "1"], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        run_day(daemon, forum, msk("22:45"), msk("23:00"), timedelta(minutes=15), script=[])
    page = (public / "ny" / "index.html").read_text(encoding="utf-8")
    assert "Сейчас ночь 1" in page and "count-files" not in page and "votecount-" not in page


def _russian(tmp_path, base, *, forum_publishing=False):
    path = _config(tmp_path, base) if forum_publishing else tmp_path / "config.toml"
    if not forum_publishing:
        path.write_text(DAEMON_CONFIG.format(base=base, poll="5m"), encoding="utf-8")
    path.write_text(path.read_text(encoding="utf-8").replace('language = "en"', 'language = "ru"'), encoding="utf-8")
    return load_config(path)


def test_files_that_cannot_be_written_are_a_tick_line_and_one_alert_until_they_are_written_again(
        forum, tmp_path, monkeypatch):
    # issue 14: the daemon only logged it; the GM learns it in Russian, with the folder and what to do (a full disk)
    def full_disk(files):
        raise OSError(errno.ENOSPC, "No space left on device", str(next(iter(files))))

    config = _russian(tmp_path, forum.base_url)
    public, gm = tmp_path / "public", tmp_path / "state" / "gm-pages"
    channel = Recorder()
    monkeypatch.setattr(publish, "stage", full_disk)
    monkeypatch.setattr(pages, "write_changed", full_disk)
    with Daemon(config, channels={"webhook": channel}, client_factory=quick_client, sleep=lambda s: None) as daemon:
        first = daemon.tick(msk("10:00"))
        second = daemon.tick(msk("10:05"))          # still full: the tick says so again, the alert is not repeated
        monkeypatch.undo()
        fixed = daemon.tick(msk("10:10"))           # space freed: written at the next poll, without a new post
        monkeypatch.setattr(publish, "stage", full_disk)
        monkeypatch.setattr(pages, "write_changed", full_disk)
        forum.add_post(2, "Ronin", DAY[0][2], time=msk("10:12"))
        again = daemon.tick(msk("10:15"))           # full once more: a new run of failures, a new alert
    lines = [f"игра ny: подсчёт не записан в папку {public}: на диске не осталось места; освободите место или "
             "укажите в `[publish].dir` папку на другом диске",
             f"игра ny: страницы не записаны в {public} / {gm}: на диске не осталось места; освободите место или "
             "укажите в `[publish].dir` / `[publish].gm_dir` папку на другом диске"]
    assert first.errors == second.errors == again.errors == lines
    assert fixed.errors == []
    assert (public / "votecount-ny.bbcode").is_file() and (public / "ny" / "index.html").is_file()
    alerts = [a for a in channel.sent if a.kind == "publish_failing"]
    assert [a.key for a in alerts] == ["publish_failing:write:2026-12-30T10:00:00+03:00",
                                       "publish_failing:write:2026-12-30T10:15:00+03:00"]
    assert alerts[0].text == (
        "mafvote не может записать файлы подсчёта или страницы игры (с 30.12 10:00 МСК): в них остаётся устаревший "
        "подсчёт. Когда запись снова получится, mafvote обновит их сам\n"
        f"Ошибка: подсчёт не записан в папку {public}: на диске не осталось места; освободите место или укажите в "
        "`[publish].dir` папку на другом диске\n"
        f"Ошибка: страницы не записаны в {public} / {gm}: на диске не осталось места; освободите место или укажите в "
        "`[publish].dir` / `[publish].gm_dir` папку на другом диске")


def test_a_folder_without_write_permission_is_told_with_what_to_do(forum, tmp_path, monkeypatch):
    def denied(files):
        raise OSError(errno.EACCES, "Permission denied", str(next(iter(files))))

    config = _russian(tmp_path, forum.base_url)
    monkeypatch.setattr(publish, "stage", denied)
    with Daemon(config, channels={"webhook": Recorder()}, client_factory=quick_client, sleep=lambda s: None) as daemon:
        report = daemon.tick(msk("10:00"))
    assert report.errors[0] == (f"игра ny: подсчёт не записан в папку {tmp_path / 'public'}: у mafvote нет прав на "
                                "запись в эту папку; дайте их пользователю, под которым запущен mafvote, или укажите "
                                "в `[publish].dir` другую папку")
    result = CliRunner().invoke(cli, ["run", "-c", str(tmp_path / "config.toml"), "--once", "--log-level", "ERROR"])
    assert result.exit_code == 1, result.output


def _publisher(tmp_path, state: PublishState) -> ForumPublisher:
    store = Store(tmp_path / "m.db")
    PublishLog(store).save(state)
    forum_cfg = ForumConfig(id="sim", engine="mybb", base_url="http://forum.test/", timezone="Europe/Moscow",
                            login=LoginConfig(user="bot", password_env="MAFVOTE_UNSET_PASSWORD"))
    return ForumPublisher(store, game="ny", forum=forum_cfg, vote_thread="http://forum.test/showthread.php?tid=2",
                          interval=timedelta(minutes=10), clock=lambda: msk("10:15"),
                          password=lambda: "Wq4-pub-wait-secret")     # a scrubbed secret: not a common letter


def test_the_publishers_waits_are_worded_in_russian_in_the_games_zone(tmp_path):
    # issue 14: «flood limit until …», «last published …» were English with ISO times
    pub = _publisher(tmp_path, PublishState(game="ny", post_id=77, day=1, updated_at=msk("10:10"), content_hash="x"))
    try:
        waiting = pub.publish("[b]Голосование[/b]", view="public", day=1)
    finally:
        pub.close()
    assert (waiting.status, waiting.retry_at) == ("too_soon", msk("10:20"))
    assert waiting.text("ru", MOSCOW) == ("подсчёт на форуме обновлялся в 30.12 10:10 МСК, а между обновлениями не "
                                          "меньше `[publish].interval`; следующее — не раньше 30.12 10:20 МСК")
    assert waiting.message == "last published 2026-12-30T07:10:00+00:00, interval 0:10:00"    # the log's English
    pub = _publisher(tmp_path, PublishState(game="ny", post_id=77, day=1, not_before=msk("10:40")))
    try:
        flooded = pub.publish("[b]Голосование[/b]", view="public", day=1)
    finally:
        pub.close()
    assert (flooded.status, flooded.retry_at) == ("too_soon", msk("10:40"))
    assert flooded.text("ru", MOSCOW) == ("форум ограничил частоту сообщений; подсчёт на форуме обновится не раньше "
                                          "30.12 10:40 МСК")
    assert flooded.text("en", MOSCOW) == ("the forum's flood limit; the count on the forum is updated at 30.12 10:40 "
                                          "Europe/Moscow at the earliest")


class WaitingPublisher(FakePublisher):
    """The forum's count was updated at 10:10 and [publish].interval is 10 minutes: too soon until 10:20."""

    def publish(self, text, *, view, day=None):
        now = self.clock()
        self.calls.append((now, view, day, text))
        if now < msk("10:20") and len(self.calls) > 1:
            return PublishResult("too_soon", 77, "last published ...", retry_at=msk("10:20"),
                                 phrase=("too_soon.interval", {"last": msk("10:10"), "next": msk("10:20")}))
        return PublishResult("edited", 77)


def test_a_count_that_waits_for_the_interval_is_a_note_and_is_posted_when_the_wait_is_over(forum, tmp_path):
    WaitingPublisher.made.clear()
    config = _russian(tmp_path, forum.base_url, forum_publishing=True)
    with Daemon(config, channels={"webhook": Recorder()}, client_factory=quick_client, sleep=lambda s: None,
                forum_publisher_factory=WaitingPublisher) as daemon:
        daemon.tick(msk("10:10"))
        forum.add_post(2, "Ronin", DAY[0][2], time=msk("10:12"))
        waiting = daemon.tick(msk("10:15"))
        posted = daemon.tick(msk("10:20"))       # no new post: the count that waited goes out at its time
    assert waiting.notes == ["игра ny, подсчёт на форуме пока не обновлён: подсчёт на форуме обновлялся в 30.12 10:10 "
                             "МСК, а между обновлениями не меньше `[publish].interval`; следующее — не раньше 30.12 "
                             "10:20 МСК"]
    assert waiting.errors == posted.errors == posted.notes == []
    [publisher] = WaitingPublisher.made
    assert [now for now, *_ in publisher.calls] == [msk("10:10"), msk("10:15"), msk("10:20")]
    assert "forum:edited:77" in posted.published


def test_the_first_tick_writes_the_count_files_and_a_page_that_links_them(forum, tmp_path, monkeypatch):
    # the count files are flushed while the pages are made and put in place with them (issue 17: the tick waits
    # for the disk once): the first tick's page links them already, and each file is flushed before its rename
    path = tmp_path / "config.toml"
    path.write_text(DAEMON_CONFIG.format(base=forum.base_url, poll="5m"), encoding="utf-8")
    config = load_config(path)
    public = tmp_path / "public"
    forum.add_post(2, "Ronin", '<span style="color: red;" class="mycode_color">Соня</span>', time=msk("10:01"))
    events: list[tuple[str, str]] = []
    fsync, replace = atomic_files.os.fsync, atomic_files.os.replace
    monkeypatch.setattr(atomic_files.os, "fsync", lambda fd: (fsync(fd), events.append(("fsync", os.fstat(fd).st_ino))))
    monkeypatch.setattr(atomic_files.os, "replace",
                        lambda src, dst: (events.append(("replace", os.stat(src).st_ino)), replace(src, dst)))
    with Daemon(config, channels={"webhook": Recorder()}, client_factory=quick_client, sleep=lambda s: None) as daemon:
        report = daemon.tick(msk("10:05"))
    assert not report.errors
    written = [p for p in report.published if "votecount-" in p]
    assert sorted(written) == [str(public / "votecount-ny.bbcode"), str(public / "votecount-ny.html")]
    assert report.published[:2] == written           # first, as when they were written before the pages
    page = (public / "ny" / "index.html").read_text(encoding="utf-8")
    assert '<a href="../votecount-ny.html">' in page and '<a href="../votecount-ny.bbcode">' in page
    bbcode = (public / "votecount-ny.bbcode").read_text(encoding="utf-8")
    assert "Соня[/color] — 1 голос (Ronin)" in bbcode
    renamed = [ino for what, ino in events if what == "replace"]
    assert len(renamed) == len(report.published) >= 4
    assert all(events.index(("fsync", ino)) < events.index(("replace", ino)) for ino in renamed)
    assert not list(public.glob(".*.tmp"))


def _files(folder) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_the_pages_kept_from_tick_to_tick_are_the_bytes_a_fresh_build_writes(forum, tmp_path):
    # issue 17: the daemon keeps what the pages show between ticks (the log's rows, the running day's timeline and
    # chart, the closed days, the counts of the posts it did not read again) and builds only what a post changed;
    # after every tick each page of both views is, byte for byte, what a fresh process building them from the store
    # alone writes: through new votes, a change of vote, a day's close, its undo, a late post and the close again
    path = tmp_path / "config.toml"
    path.write_text(DAEMON_CONFIG.format(base=forum.base_url, poll="5m"), encoding="utf-8")
    config = load_config(path)
    public, gm = tmp_path / "public", gm_pages_dir(config)
    script = [("10:07", "Ronin", vote("Соня")), ("10:21", "Соня", vote("Ronin")),
              ("10:33", "Ronin", vote("Puss")),                      # a change of vote: the earlier row changes
              ("10:46", "Puss", "Я пока думаю."), ("10:58", "Alisa", vote("Снегирь")),     # nobody of that name
              ("11:12", "Puss", vote("Alisa", early=True)), ("11:25", "Соня", vote("Puss")),
              ("11:39", "Puss", vote("Ronin"))]                     # after a final vote: it stays
    checked = []

    def same_as_fresh(now, label: str, day_pages: tuple[str, ...] = ()) -> None:
        fresh_public, fresh_gm = tmp_path / f"fresh-{label}" / "public", tmp_path / f"fresh-{label}" / "gm"
        fresh_public.mkdir(parents=True)
        for name in ("votecount-ny.html", "votecount-ny.bbcode"):          # the count files the page links
            shutil.copy(public / name, fresh_public / name)
        store, service = open_service(load_config(path), config.games[0])
        try:
            publish_pages([service], public_dir=fresh_public, gm_dir=fresh_gm, now=now)
        finally:
            store.close()
        fresh = {"public": _files(fresh_public), "gm": _files(fresh_gm)}
        # the kept folders may hold the page of a day no longer closed (an undone close): not linked, not compared
        kept = {view: {rel: text for rel, text in _files(folder).items() if rel in fresh[view]}
                for view, folder in (("public", public), ("gm", gm))}
        assert sorted(fresh["public"]) == ["index.html", *day_pages, "ny/index.html", "votecount-ny.bbcode",
                                           "votecount-ny.html"]
        assert kept == fresh, label
        checked.append(label)

    with Daemon(config, channels={"webhook": Recorder()}, client_factory=quick_client, sleep=lambda s: None) as daemon:
        for at, who, body in script:
            forum.add_post(2, who, body, time=msk(at))
            now = msk(at) + timedelta(minutes=2)
            report = daemon.tick(now)
            assert not report.errors and report.counts
            same_as_fresh(now, at)
        page = (public / "ny" / "index.html").read_text(encoding="utf-8")
        service = daemon.games["ny"].service
        # the GM closes day 1 after its deadline, undoes the close, a post of the day is read late, the close again
        service.close_day(1, now=msk("22:05"))
        assert not daemon.tick(msk("22:06")).errors
        same_as_fresh(msk("22:06"), "closed", ("ny/day-1.html",))
        service.undo()
        assert not daemon.tick(msk("22:08")).errors
        same_as_fresh(msk("22:08"), "undone")
        forum.add_post(2, "Alisa", vote("Puss"), time=msk("21:50"))
        assert daemon.tick(msk("22:12")).counts          # the next poll (every 5 minutes) reads it
        same_as_fresh(msk("22:12"), "late post")
        service.close_day(1, now=msk("22:14"))
        assert not daemon.tick(msk("22:15")).errors
        same_as_fresh(msk("22:15"), "closed again", ("ny/day-1.html",))
    # the late post is in the closed day's page: its vote counted, the last of the log
    closed = (public / "ny" / "day-1.html").read_text(encoding="utf-8")
    assert re.findall(r'<tr class="(on|off)" data-voter="([^"]+)"', closed)[-1] == ("on", "Alisa")
    rows = re.findall(r'<tr class="(on|off)" data-voter="([^"]+)".*?<td class="status">(.*?)<span', page)
    assert rows == [("off", "Ronin", "заменён следующим голосом"), ("off", "Соня", "заменён следующим голосом"),
                    ("on", "Ronin", "<b>засчитан</b>"), ("on", "Puss", "<b>засчитан, досрочно</b>"),
                    ("on", "Соня", "<b>засчитан</b>"), ("off", "Puss", "после досрочного голоса: не меняет его")]
    assert checked == [at for at, *_ in script] + ["closed", "undone", "late post", "closed again"]


def test_the_count_page_names_a_replacement_from_the_next_tick_and_makes_the_players_once_until_then(
        forum, tmp_path, monkeypatch):
    # the themed count page's players, roles and sides are kept from tick to tick (issue 17, the tick); a
    # replacement the GM makes is on the page at the next tick, as the BBCode count has it
    import mafvote.render as render_package

    path = tmp_path / "config.toml"
    path.write_text(DAEMON_CONFIG.format(base=forum.base_url, poll="5m"), encoding="utf-8")
    page = tmp_path / "public" / "votecount-ny.html"
    made = []
    real = render_package.build_data
    monkeypatch.setattr(render_package, "build_data", lambda **k: (made.append(sorted(k)), real(**k))[1])
    with Daemon(load_config(path), channels={"webhook": Recorder()}, client_factory=quick_client,
                sleep=lambda s: None) as daemon:
        run_day(daemon, forum, msk("10:00"), msk("15:40"), timedelta(minutes=5), script=DAY[:4])
        assert "Puss" in page.read_text(encoding="utf-8")
        assert sum("game" in k for k in made) == 1 and sum("tally" in k for k in made) > 1
        daemon.games["ny"].service.replace_player("Puss", "Кот", now=msk("15:41"))
        daemon.tick(msk("15:42"))
        assert sum("game" in k for k in made) == 2
        text = page.read_text(encoding="utf-8")
        bbcode = (tmp_path / "public" / "votecount-ny.bbcode").read_text(encoding="utf-8")
    assert "Кот" in bbcode and "Кот" in text and "Puss" not in text
