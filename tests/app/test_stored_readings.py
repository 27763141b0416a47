"""Stored post readings (issue 17): each post version's reading (`tally.recognise.Flat`: its text without quotes,
spoilers and signatures, each character's colour and boldness) is stored with the version, with the version of the
reading code; a count reads those, not the HTML, and gives exactly the count the HTML gives; a reading of other
code is read again when the store opens, never trusted.

The posts are the bundled real MyBB vote thread (fixtures/html/mybb, a MyBB 1.8.37 board), stored as a crawl after
every post would have stored them (`support.fill_store_post_by_post`)."""
from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

import pytest
import selectolax.lexbor

import mafvote_tally.recognise as recognise
from mafvote.store import Store
from mafvote_scraper.parse import parse_page
from mafvote_tally.model import StoredKey
from mafvote_tally.names import RosterMatcher
from mafvote_tally.recognise import READING_VERSION, Flat, flatten
from support.cli import run
from support.game_dir import CAPTURE, WINDOW, fill_store_post_by_post, make_game_dir
from support.paths import MOSCOW, MYBB

# sha256 of the flat readings of the corpus below, per READING_VERSION. A failure here means `flatten` reads some
# post differently: bump READING_VERSION in tally/recognise.py (stores then read every post again when they open)
# and put the new fingerprint under the new number.
FINGERPRINTS = {1: "090e07ec22198cbe9d037769b0f2010afed4ecee8ef2c47e67689878824bbe91",
                2: "bbd0b6f6456149298b5d836604a7050149e0e40b84e0c5042a3cb7eabb0dd61d",
                3: "29977240e4659ee2c169a36d228f113891aa811e1dfc803552a4c3c4aefca97f"}

# markup every engine's votes come in, beside the real posts: colours in each way engines render [color],
# bold, quotes, spoilers and signatures (which never count), line breaks by blocks and <br>
MARKUP = [
    '<span style="color: red">Соня</span>', '<font color="#ff0000">Алу</font>кард', '<span class="mycode_color" '
    'style="color:#0000FF">Puss</span> досрочно', "<b>Вася</b> КРАСНЫМ", '<blockquote><span style="color:red">'
    'Петя</span></blockquote>мой голос', '<div class="spoiler"><font color=red>X</font></div><br>Y',
    '<div class="signature"><span style="color:red">Подпись</span></div>', '<p>a</p><p>b<br/>c</p>',
    '<span style="font-weight: bold">жирный</span> <strong>и ещё</strong>', "простой текст без цвета",
]


@pytest.fixture
def game_dir(tmp_path, monkeypatch):
    """The test game with each post first seen at its own time, as a crawl after every post would have stored it."""
    return make_game_dir(tmp_path, monkeypatch, fill=fill_store_post_by_post)


def _corpus() -> list[str]:
    bodies = []
    for page in sorted(MYBB.glob("showthread_tid2_page[1-5].html")) + [MYBB / "showthread_tid1_game_page1.html"]:
        parsed = parse_page(page.read_bytes(), url="http://127.0.0.1/showthread.php", profile="mybb", tz=MOSCOW,
                            now=CAPTURE)
        bodies += [p.html for p in parsed.posts]
    return bodies + MARKUP


def test_the_reading_version_names_what_flatten_gives():
    digest = hashlib.sha256("\n".join(flatten(html).to_json() for html in _corpus()).encode()).hexdigest()
    assert FINGERPRINTS.get(READING_VERSION) == digest, (
        "mafvote_tally.recognise.flatten reads these posts differently from READING_VERSION's fingerprint: bump "
        f"READING_VERSION and record {digest} under the new number")


def test_a_flat_reading_survives_its_json():
    for html in MARKUP:
        flat = flatten(html)
        assert Flat.from_json(flat.to_json()) == flat
    assert flatten('<span style="color: red">Соня</span> и <b>Петя</b>') == Flat(
        "Соня и Петя", ((0, 4, "red"),), ((7, 11),), True, vote_word=False, fewest_words=3)
    # the talk facts are of the markup-stripped HTML, quotes included: a vote word in a quote, a one-word line
    assert flatten("<blockquote>голосую</blockquote>ну и ну<br>Петя!") == Flat(
        "ну и ну\nПетя!", (), (), False, vote_word=True, fewest_words=1)


def _versions(db: Path) -> list[tuple]:
    with sqlite3.connect(db) as conn:
        return conn.execute("select html, reading, reading_code from post_versions order by forum, post_id, n"
                            ).fetchall()


def test_every_post_version_is_stored_with_its_reading(tmp_path):
    db = tmp_path / "m.db"
    fill_store_post_by_post(db)
    rows = _versions(db)
    assert len(rows) == len(_corpus()) - len(MARKUP)          # every post of both topics, once (none edited)
    for html, reading, code in rows:
        assert code == READING_VERSION
        assert Flat.from_json(reading) == flatten(html)


def test_a_count_reads_the_stored_readings_not_the_html(game_dir, monkeypatch):
    expected = run("tally", "--view", "gm", "--format", "json", *WINDOW)
    assert expected[0] == 0
    count = json.loads(expected[1])
    # as test_cli_tally: Puss leads with 6 red votes, 7 in the GM's view (the prosecutor's red counts 2)
    assert (count["candidates"][0]["player"], count["candidates"][0]["red"]) == ("Puss", 7)

    def no_parse(*args, **kwargs):
        raise AssertionError("a post's HTML was parsed during a count from stored readings")

    # recognise imports the parser where it reads HTML (issue 17: a count from readings never imports it)
    monkeypatch.setattr(selectolax.lexbor, "LexborHTMLParser", no_parse)
    assert run("tally", "--view", "gm", "--format", "json", *WINDOW)[1] == expected[1]
    public = json.loads(run("tally", "--view", "public", "--format", "json", *WINDOW)[1])
    assert (public["candidates"][0]["player"], public["candidates"][0]["red"]) == ("Puss", 6)


def test_a_count_reads_no_html_from_the_store(game_dir, monkeypatch):
    """The count asks the store for its posts without their HTML (issue 17, `Store.count_posts`): every version it
    is handed is named by its content key, with its reading, and the count is the one the HTML gives."""
    expected = run("tally", "--view", "gm", "--format", "json", *WINDOW)[1]
    handed: list = []
    real = Store.count_posts

    def count_posts(self, game_id, **kw):
        got = real(self, game_id, **kw)
        handed.append(got)
        return got

    monkeypatch.setattr(Store, "count_posts", count_posts)
    assert run("tally", "--view", "gm", "--format", "json", *WINDOW)[1] == expected
    posts = [p for read in handed for p in read.posts.values()]
    readings = {key: reading for read in handed for key, reading in read.readings.items()}
    keys = [key for p in posts for _, key in p.versions]
    assert len(keys) >= 40
    assert all(isinstance(key, StoredKey) and Flat.from_json(readings[key]).text is not None for key in keys)
    assert all(isinstance(p.html, StoredKey) for p in posts)


def test_a_store_read_without_html_gives_the_html_of_a_version_without_a_current_reading(tmp_path):
    db = tmp_path / "m.db"
    fill_store_post_by_post(db)
    with sqlite3.connect(db) as conn:
        conn.execute("update post_versions set reading_code = ? where post_id % 2 = 0", [READING_VERSION - 1])
        htmls = dict(conn.execute("select post_id, html from post_versions"))
    with Store(db, read_only=True) as store:
        posts = store.posts(game_id="ny", html=False)
    assert len(posts) == len(htmls)
    for p in posts:
        (v,) = p.versions
        if p.post_id % 2 == 0:            # its reading is of other code: the HTML, no reading
            assert (v.html, v.reading, p.html, p.first_html) == (htmls[p.post_id], None, htmls[p.post_id],
                                                                   htmls[p.post_id])
        else:
            assert v.html is None and Flat.from_json(v.reading) == flatten(htmls[p.post_id])


def test_a_count_read_gives_the_html_of_a_version_without_a_current_reading(tmp_path):
    db = tmp_path / "m.db"
    fill_store_post_by_post(db)
    with sqlite3.connect(db) as conn:
        conn.execute("update post_versions set reading_code = ? where post_id % 2 = 0", [READING_VERSION - 1])
        htmls = dict(conn.execute("select post_id, html from post_versions"))
    with Store(db, read_only=True) as store:
        read = store.count_posts("ny")
    assert sorted(pid for _, pid in read.posts) == sorted(htmls)
    for (_, pid), p in read.posts.items():
        ((_, key),) = p.versions
        if pid % 2 == 0:                  # its reading is of other code: the HTML, no reading
            assert key == htmls[pid] and not isinstance(key, StoredKey) and key not in read.readings
        else:
            assert isinstance(key, StoredKey) and Flat.from_json(read.readings[key]) == flatten(htmls[pid])


def test_the_colour_and_the_talk_facts_of_a_stored_reading_are_read_without_decoding_it():
    # what a count reads of a stored reading before it decodes one (`recognise.add_stored`): a post without colour
    # in a game where colours matter is never decoded
    for html in _corpus():
        flat = flatten(html)
        text = flat.to_json()
        assert Flat.coloured_in_json(text) == flat.coloured
        assert Flat.talk_in_json(text) == (flat.vote_word, flat.fewest_words)
    assert {Flat.coloured_in_json(flatten(html).to_json()) for html in MARKUP} == {True, False}
    # a reading without the talk facts (reading code 1) reads as "read the text", as `from_json` has it
    assert Flat.talk_in_json('[0,"ну, 1,2",[],[[0,2]]]') == (True, 0)


def test_readings_of_other_code_are_read_again_when_the_store_opens(game_dir, monkeypatch):
    db = game_dir / "state" / "m.db"
    expected = run("tally", "--view", "gm", "--format", "json", *WINDOW)[1]
    stale = Flat("Соня", ((0, 4, "red"),), (), True).to_json()          # a reading that would count a vote
    with sqlite3.connect(db) as conn:
        conn.execute("update post_versions set reading = ?, reading_code = ?", [stale, READING_VERSION - 1])
        conn.execute("update post_versions set reading = null, reading_code = null where post_id % 2 = 0")
    # a read-only open reads the HTML of those versions instead (and leaves the file alone)
    with Store(db, read_only=True) as store:
        assert all(v.reading is None for p in store.posts(game_id="ny") for v in p.versions)
    assert {code for _, _, code in _versions(db)} == {READING_VERSION - 1, None}
    # the first writable open (any command) reads them again
    assert run("tally", "--view", "gm", "--format", "json", *WINDOW)[1] == expected
    for html, reading, code in _versions(db):
        assert code == READING_VERSION and Flat.from_json(reading) == flatten(html)


def test_a_newer_reading_code_is_not_trusted_either(tmp_path):
    db = tmp_path / "m.db"
    fill_store_post_by_post(db)
    with sqlite3.connect(db) as conn:
        conn.execute("update post_versions set reading = '[0,\"\",[],[]]', reading_code = ?", [READING_VERSION + 1])
    with Store(db):
        pass
    assert all(code == READING_VERSION and Flat.from_json(reading) == flatten(html)
               for html, reading, code in _versions(db))


@pytest.mark.parametrize("html", MARKUP)
def test_reading_from_the_store_and_from_the_html_agree(html):
    from mafvote_tally.names import RosterMatcher

    names = {"Соня": [], "Алукард": [], "Puss": [], "Вася": [], "Петя": []}
    from_html = recognise.read_post(html, RosterMatcher(names), colors_matter=True)
    stored = RosterMatcher(names)
    stored.flats[html] = Flat.from_json(flatten(html).to_json())
    assert recognise.read_post(html, stored, colors_matter=True) == from_html
    for colors_matter in (False,):
        assert (recognise.read_post(html, stored, colors_matter=colors_matter)
                == recognise.read_post(html, RosterMatcher(names), colors_matter=colors_matter))
    # read by its content key, without the HTML (`Post.key_of` of a version read with html=False)
    keyed = RosterMatcher(names)
    key = StoredKey("sha256:" + hashlib.sha256(html.encode()).hexdigest())
    keyed.flats[key] = Flat.from_json(flatten(html).to_json())
    for colors_matter in (True, False):
        assert (recognise.read_post(key, keyed, colors_matter=colors_matter)
                == recognise.read_post(html, RosterMatcher(names), colors_matter=colors_matter))
        # given as the store keeps it (JSON), decoded when read
        lazy = RosterMatcher(names)
        recognise.add_stored(lazy, {key: flatten(html).to_json()})
        assert (recognise.read_post(key, lazy, colors_matter=colors_matter)
                == recognise.read_post(html, RosterMatcher(names), colors_matter=colors_matter))


def test_a_post_version_without_html_or_reading_is_an_error_not_a_parse_of_its_key():
    from mafvote_tally.names import RosterMatcher

    with pytest.raises(LookupError, match="no stored reading"):
        recognise.read_post(StoredKey("sha256:00"), RosterMatcher({"Соня": []}), colors_matter=False)


def test_a_vote_is_counted_from_what_the_reading_stores_ahead_of_the_marks(monkeypatch):
    """Reading code 3 (issue 17): the stored reading writes the coloured runs, the colour words and the early mark
    first, then the text, then its colours and bold; a count where colours matter reads a player's post with a vote
    from the first two (no `Flat` built), a GM's post from the first two and its text (its proxy lines; no `Flat`
    built either), and the whole reading only of a coloured post that holds no vote (its text is read for a name
    written as talk). The count is the one the HTML gives."""
    from support.count import GM, as_stored, count, post, red

    for html in _corpus():
        flat = flatten(html)
        stored = flat.to_json()
        head, end = recognise._SCAN_JSON(stored, 0)
        assert head == json.loads(json.dumps([int(flat.coloured), int(flat.vote_word), flat.fewest_words,
                                              int(flat.early), flat.runs, flat.words]))
        assert recognise._SCAN_JSON(stored, end)[0] == flat.text
    touching = flatten('<font color="red">Со<b>ня</b></font> Досрочно<br>ну, Петя синим цветом')
    assert (touching.runs, touching.early) == (((0, "red", "Соня"),), True)
    assert touching.words == ((14, 23, False, "ну, Петя "),)        # "Соня Досрочно\n" before its line
    posts = [post("Соня", "10:00", red("Петя") + " досрочно"), post("Вася", "10:05", "Петя КРАСНЫМ"),
             post("Петя", "10:10", '<span style="color: green">Соня</span>'),
             post("Ronin", "10:15", red("ну и ну") + "<br>голосую Вася"),
             post(GM, "10:20", f"Ronin — {red('Соня')}")]
    rules = {"early_close_from_day": 1}
    expected = count(posts, rules=rules)
    keyed, readings = as_stored(posts)
    decoded: list[str] = []
    real = Flat.from_json.__func__

    def from_json(cls, text):
        decoded.append(text)
        return real(cls, text)

    monkeypatch.setattr(Flat, "from_json", classmethod(from_json))
    from mafvote_tally import RosterMatcher, VoteRules, count_day
    from support.count import day_state, roster
    matcher = RosterMatcher.from_roster(roster())
    recognise.add_stored(matcher, readings)
    assert count_day(keyed, day_state(), roster(), VoteRules.from_mapping(rules), game="test",
                     matcher=matcher).to_json() == expected.to_json()
    # Ronin's run that names nobody is decoded; the three posts with a vote, a colour word or a colour that is not a
    # vote are not, nor the GM's proxy post
    assert decoded == [readings[keyed[3].html]]
    assert [(v.voter, v.target, v.color, v.early) for v in expected.votes if v.counted] == [
        ("Соня", "Петя", "red", True), ("Вася", "Петя", "red", False), ("Ronin", "Соня", "red", False)]
    assert [(f.kind, f.player) for f in expected.flags] == [("unrecognised_colour", "Петя"), ("not_a_vote", "Ronin")]


def test_posts_whose_stored_readings_begin_alike_are_matched_once_each_with_its_own_text(monkeypatch):
    """A cold count matches the votes of a player's coloured post from its stored reading's first value (the runs,
    colour words and early mark where they stand, issue 17): posts that vote the same way at the same place are
    matched once per matcher (`RosterMatcher.heads`), each reading keeps its own text, and the count is the HTML's.
    The matcher is the roster's: another roster (Петя renamed Пётр) matches the same readings afresh."""
    from mafvote_tally import RosterMatcher, VoteRules, count_day
    from support.count import PLAYERS, as_stored, count, day_state, post, red, roster

    posts = [post("Соня", "10:00", red("Петя") + "<br>ну и ну"), post("Вася", "10:05", red("Петя") + "<br>ладно"),
             post("Ronin", "10:10", red("Петя") + "<br>ну и ну, " + red("Вася")),
             post("Nejka", "10:15", red("Пётр") + "<br>ладно")]
    expected = count(posts)
    keyed, readings = as_stored(posts)
    heads = [readings[p.html][:recognise._SCAN_JSON(readings[p.html], 0)[1]] for p in keyed]
    assert heads[0] == heads[1] and heads[2] != heads[0]
    matched = _votes_matched(monkeypatch)
    got, matcher = _cold_count(keyed, readings)
    assert got.to_json() == expected.to_json()
    assert len(matched) == 3            # the first two posts' alike first value matched once
    assert [recognise.read_post(p.html, matcher).text for p in keyed[:2]] == ["Петя\nну и ну", "Петя\nладно"]
    assert [(v.voter, v.target) for v in got.votes if v.counted] == [("Соня", "Петя"), ("Вася", "Петя"),
                                                                   ("Ronin", "Вася")]
    renamed = roster(tuple("Пётр" if p == "Петя" else p for p in PLAYERS))
    other = RosterMatcher.from_roster(renamed)
    recognise.add_stored(other, readings)
    state = day_state(alive=tuple(p.nick for p in renamed.players))
    again = count_day(keyed, state, renamed, VoteRules(), game="test", matcher=other)
    assert again.to_json() == count(posts, ros=renamed, alive=state.alive).to_json()
    assert [(v.voter, v.target) for v in again.votes if v.counted] == [("Ronin", "Вася"), ("Nejka", "Пётр")]


def test_a_head_with_a_run_that_ends_in_a_bracket_is_matched_as_its_html_gives(monkeypatch):
    """A cold count looks a post's head up by its stored reading cut at the first `]"` (issue 17: no decode of the
    heads a day's posts share); a coloured run that ends in `]` puts a `]"` inside the head, so that cut is short:
    such posts are still matched from their whole head, once for posts alike, and count as their HTML does."""
    from support.count import as_stored, count, post, red

    posts = [post("Соня", "10:00", red("[Петя]") + "<br>ну и ну"), post("Вася", "10:05", red("[Петя]") + "<br>ну и да"),
             post("Ronin", "10:10", red("Вася]") + "<br>вот")]
    expected = count(posts)
    keyed, readings = as_stored(posts)
    assert all(readings[p.html].find(']"') + 1 < recognise._SCAN_JSON(readings[p.html], 0)[1] for p in keyed)
    matched = _votes_matched(monkeypatch)
    got, _ = _cold_count(keyed, readings)
    assert got.to_json() == expected.to_json()
    assert len(matched) == 2            # the first two posts' alike head matched once
    assert [(v.voter, v.target) for v in got.votes if v.counted] == [("Соня", "Петя"), ("Вася", "Петя"),
                                                                   ("Ronin", "Вася")]


def test_a_cold_count_decodes_no_text_of_a_post_with_a_vote_and_read_post_still_gives_it(monkeypatch):
    """A cold count reads a player's post with a vote from its stored reading's head alone: the post's text, which
    the count reads only of a post without votes (`not_a_vote`), is not decoded (`read_post(…, text=False)`, issue
    17: the bench's 3,000-post day, 1,927 such posts). The count is the HTML's, and `read_post` on the same matcher
    still gives each post's whole reading, its text included."""
    from support.count import as_stored, count, post, red

    posts = [post("Соня", "10:00", red("Петя") + "<br>ну и ну"), post("Вася", "10:05", red("Петя") + "<br>ладно"),
             post("Ronin", "10:10", red("Вася") + "<br>вот так")]
    expected = count(posts)
    keyed, readings = as_stored(posts)
    scanned: list[int] = []
    real = recognise._SCAN_JSON

    def scan(text, at):
        scanned.append(at)
        return real(text, at)

    monkeypatch.setattr(recognise, "_SCAN_JSON", scan)
    got, matcher = _cold_count(keyed, readings)
    assert got.to_json() == expected.to_json()
    assert [(v.voter, v.target) for v in got.votes if v.counted] == [("Соня", "Петя"), ("Вася", "Петя"),
                                                                   ("Ronin", "Вася")]
    assert scanned and set(scanned) == {0}        # each new head decoded from the start: no text after it
    assert [recognise.read_post(p.html, matcher).text for p in keyed] == ["Петя\nну и ну", "Петя\nладно",
                                                                           "Вася\nвот так"]
    assert [r.votes for r in (recognise.read_post(p.html, matcher, text=False) for p in keyed)] == [
        recognise.read_post(p.html, matcher).votes for p in keyed]


def test_a_cold_count_keeps_no_reading_by_post_of_a_players_vote_or_talk_read_from_the_store():
    """A cold count reads a player's stored post with a vote from its head, which the matcher keeps once for the posts
    that share it (`RosterMatcher.heads`), and a stored talk post whose talk facts say it has no line to read from
    those facts alone: the matcher keeps no reading by post of either (issue 17: the bench's 3,000-post day, 2,906 such
    posts; a daemon's matcher holds a day's counts, `KEPT_POST_VERSIONS`). Posts alike share their head's reading; the
    count is the HTML's, talk with a line worth reading still flagged `not_a_vote`."""
    from support.count import as_stored, count, post, red

    talk = "Обсуждаем дальше, читайте лог внимательно и не торопитесь"
    posts = [post("Соня", "10:00", red("Петя") + "<br>ну и ну"), post("Вася", "10:05", red("Петя") + "<br>ладно"),
             post("Ronin", "10:10", talk), post("Nejka", "10:15", talk + "<br>голосую Вася")]
    expected = count(posts)
    keyed, readings = as_stored(posts)
    got, matcher = _cold_count(keyed, readings)
    assert got.to_json() == expected.to_json()
    assert [(f.kind, f.player) for f in got.flags] == [("not_a_vote", "Nejka")]
    by_post = {x for key in matcher.readings for x in key if isinstance(x, StoredKey)}
    assert by_post == {keyed[3].html}           # only the talk with a line to read: its names are kept
    first, second = (recognise.read_post(p.html, matcher, text=False) for p in keyed[:2])
    assert first is second and [v.target.player for v in first.votes] == ["Петя"]


def _votes_matched(monkeypatch) -> list:
    """The coloured runs `recognise._votes` is asked to match, in order (it still matches them)."""
    matched: list = []
    real = recognise._votes

    def votes(runs, *args):
        matched.append(runs)
        return real(runs, *args)

    monkeypatch.setattr(recognise, "_votes", votes)
    return matched


def _cold_count(keyed, readings):
    """The day counted as a cold count is: a fresh matcher handed the stored readings, the default roster and rules."""
    from mafvote_tally import RosterMatcher, VoteRules, count_day
    from support.count import day_state, roster

    matcher = RosterMatcher.from_roster(roster())
    recognise.add_stored(matcher, readings)
    return count_day(keyed, day_state(), roster(), VoteRules(), game="test", matcher=matcher), matcher


def test_stored_readings_given_again_leave_a_decoded_reading_decoded():
    # `add_stored`: a cold matcher takes every reading as given; a matcher that decoded one (the daemon's, handed the
    # posts it reads again) keeps its decoded `Flat`, and the reading is not put back to be decoded once more
    html_a, html_b = '<span style="color: red">Соня</span>', "просто разговор"
    key_a, key_b = StoredKey("sha256:a"), StoredKey("sha256:b")
    readings = {key_a: flatten(html_a).to_json(), key_b: flatten(html_b).to_json()}
    matcher = RosterMatcher({"Соня": []})
    recognise.add_stored(matcher, readings)
    assert matcher.stored == readings and matcher.stored is not readings and not matcher.flats
    flat = recognise.stored_flat(key_a, matcher)
    assert flat == flatten(html_a) and key_a not in matcher.stored
    recognise.add_stored(matcher, readings)
    assert matcher.flats[key_a] is flat and set(matcher.stored) == {key_b}
    assert readings == {key_a: flatten(html_a).to_json(), key_b: flatten(html_b).to_json()}   # the caller's, as given
