"""The live count written to files (issue 6 item 4): `votecount-<game>.bbcode` and a self-refreshing
`votecount-<game>.html`, atomically, and only when the count changed; `atomic_files.write_changed`, which writes them
and the pages: each file on the disk before it replaces the old one, several flushed side by side."""
from __future__ import annotations

import itertools
import os
import re
import stat

import pytest

from mafvote import atomic_files, messages
from mafvote.atomic_files import write_changed
from mafvote.publish import PublishError, write_count_files

BB = "[b]Голосование, день 3[/b]\nЛайм — 2 (Ронин, Соня)"
BODY = "<h2>Голосование, день 3</h2>\n<p>Лайм — 2 (Ронин, Соня)</p>"


def test_both_files_written_with_meta_refresh_and_the_count(tmp_path):
    out = tmp_path / "public"
    written = write_count_files(out, "ny", bbcode=BB, html_body=BODY, title="Новогодняя мафия", refresh=120)
    assert written == [out / "votecount-ny.bbcode", out / "votecount-ny.html"]
    assert (out / "votecount-ny.bbcode").read_text(encoding="utf-8") == BB + "\n"
    page = (out / "votecount-ny.html").read_text(encoding="utf-8")
    assert '<meta http-equiv="refresh" content="120">' in page
    assert '<meta charset="utf-8">' in page
    assert "<title>Новогодняя мафия</title>" in page
    assert BODY in page
    # readable by the web server that serves the page, not only by mafvote
    assert stat.S_IMODE(os.stat(out / "votecount-ny.html").st_mode) == 0o644
    assert sorted(p.name for p in out.iterdir()) == ["votecount-ny.bbcode", "votecount-ny.html"]


@pytest.mark.parametrize("language", ["ru", "en"])
def test_a_count_page_given_no_title_is_titled_in_russian_whatever_the_gms_language(tmp_path, language):
    # the compact count page is the players', who read the Russian forum: its fallback title (the caller names
    # none) is the catalogue's Russian one with `language = "en"` too, as the public pages' titles are
    title = "Голосование — ny"
    with messages.using(language):
        write_count_files(tmp_path, "ny", bbcode=BB, html_body=BODY)
    page = (tmp_path / "votecount-ny.html").read_text(encoding="utf-8")
    assert re.findall(r"<title>(.*?)</title>", page) == [title]


def test_an_unchanged_count_leaves_the_files_untouched(tmp_path):
    write_count_files(tmp_path, "ny", bbcode=BB, html_body=BODY)
    before = {p.name: p.stat().st_mtime_ns for p in tmp_path.iterdir()}
    os.utime(tmp_path / "votecount-ny.html", ns=(1, 1))
    assert write_count_files(tmp_path, "ny", bbcode=BB, html_body=BODY) == []
    assert (tmp_path / "votecount-ny.html").stat().st_mtime_ns == 1
    assert (tmp_path / "votecount-ny.bbcode").stat().st_mtime_ns == before["votecount-ny.bbcode"]


def test_a_changed_count_replaces_the_file_by_rename(tmp_path):
    write_count_files(tmp_path, "ny", bbcode=BB, html_body=BODY)
    inode = (tmp_path / "votecount-ny.bbcode").stat().st_ino
    reader = open(tmp_path / "votecount-ny.bbcode", encoding="utf-8")  # a web server mid-read
    new_bb = BB.replace("Лайм — 2 (Ронин, Соня)", "Лайм — 3 (Ронин, Соня, Енох)")
    written = write_count_files(tmp_path, "ny", bbcode=new_bb, html_body=BODY)
    assert written == [tmp_path / "votecount-ny.bbcode"]  # the html body did not change
    assert (tmp_path / "votecount-ny.bbcode").stat().st_ino != inode
    assert reader.read() == BB + "\n"  # the old file stays whole for whoever had it open
    reader.close()
    assert (tmp_path / "votecount-ny.bbcode").read_text(encoding="utf-8") == new_bb + "\n"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_two_games_keep_their_own_files(tmp_path):
    write_count_files(tmp_path, "ny", bbcode=BB, html_body=BODY)
    write_count_files(tmp_path, "hotel", bbcode="[b]Отель[/b]", html_body="<p>Отель</p>")
    assert (tmp_path / "votecount-ny.bbcode").read_text(encoding="utf-8") == BB + "\n"
    assert (tmp_path / "votecount-hotel.bbcode").read_text(encoding="utf-8") == "[b]Отель[/b]\n"


def test_unwritable_folder_names_the_config_key(tmp_path):
    blocker = tmp_path / "public"
    blocker.write_text("a file where the folder should be")
    with pytest.raises(PublishError, match=r"\[publish\]\.dir"):
        write_count_files(blocker, "ny", bbcode=BB, html_body=BODY)


def test_a_temp_file_is_never_made_over_a_file_or_link_at_its_name_and_the_page_is_readable_whatever_the_umask(
        tmp_path, monkeypatch):
    # the temp files are named by the process and a counter (issue 17: not mkstemp's random name), so a link planted
    # at the next name in a shared folder must be passed over as mkstemp would, its target left alone
    target = tmp_path / "elsewhere.txt"
    target.write_text("чужой файл", encoding="utf-8")
    monkeypatch.setattr(atomic_files, "_temps", itertools.count(7))
    (tmp_path / f".page.html.{os.getpid()}-7.tmp").symlink_to(target)
    umask = os.umask(0o077)
    try:
        assert write_changed({tmp_path / "page.html": "страница"}) == [tmp_path / "page.html"]
    finally:
        os.umask(umask)
    assert target.read_text(encoding="utf-8") == "чужой файл"
    assert (tmp_path / "page.html").read_text(encoding="utf-8") == "страница"
    assert stat.S_IMODE(os.stat(tmp_path / "page.html").st_mode) == 0o644
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")) == [f".page.html.{os.getpid()}-7.tmp"]


def test_each_file_is_flushed_to_the_disk_before_it_replaces_the_old_one(tmp_path, monkeypatch):
    # a crash after a rename must find the new bytes on the disk, never a torn or empty file: each file's own
    # fsync comes before its rename, also when several are flushed side by side
    events: list[tuple[str, int]] = []
    fsync, replace = os.fsync, os.replace

    def flushed(fd: int) -> None:
        fsync(fd)
        events.append(("fsync", os.fstat(fd).st_ino))

    def renamed(src, dst) -> None:
        events.append(("replace", os.stat(src).st_ino))
        replace(src, dst)

    monkeypatch.setattr(atomic_files.os, "fsync", flushed)
    monkeypatch.setattr(atomic_files.os, "replace", renamed)
    (tmp_path / "same.html").write_text("как было", encoding="utf-8")
    files = {tmp_path / f"page-{i}.html": f"страница {i}" for i in range(11)}
    written = write_changed({**files, tmp_path / "same.html": "как было"})
    assert written == list(files)
    assert [(p.read_text(encoding="utf-8")) for p in files] == [f"страница {i}" for i in range(11)]
    renames = [ino for what, ino in events if what == "replace"]
    assert len(renames) == 11
    for ino in renames:
        assert events.index(("fsync", ino)) < events.index(("replace", ino))


def test_a_failed_flush_leaves_every_file_as_it_was(tmp_path, monkeypatch):
    write_count_files(tmp_path, "ny", bbcode=BB, html_body=BODY)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    fsync = os.fsync
    calls = []

    def full_disk(fd: int) -> None:
        calls.append(fd)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        fsync(fd)

    monkeypatch.setattr(atomic_files.os, "fsync", full_disk)
    with pytest.raises(PublishError, match=r"No space left on device.*\[publish\]\.dir"):
        write_count_files(tmp_path, "ny", bbcode=BB + "\nЕнох — 1", html_body=BODY + "<p>Енох — 1</p>")
    assert len(calls) == 2
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before     # no temp file left either
