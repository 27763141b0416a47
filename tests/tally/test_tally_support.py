"""The count's inputs: the bad-input errors of issue 3 ("Done when", last bullet) and posts made from the store's
record. The builders the tally tests share (at, post, count, ...) are in tests/support.py."""
from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from mafvote_tally import (BadDayState, BadRoster, BadRules, NoRosterPlayer, Player, Post, Replacement, Roster,
                           RosterMatcher, Silence, StoredKey, VoteRules, count_day)
from support.count import PLAYERS, at, blue, count, counted, day_state, flags, post, red, roster, totals

# ------------------------------------------------------------------------------ bad input errors

def test_bad_input_roster_nick_twice_is_an_error():
    with pytest.raises(BadRoster, match=r"roster\[2\]: nick 'соня' appears twice"):
        Roster((Player("Соня"), Player("Петя"), Player("соня")))


def test_bad_input_replacement_nick_already_playing_is_an_error():
    with pytest.raises(BadRoster, match="appears twice"):
        Roster((Player("Соня"), Player("Петя", replacements=(Replacement("Соня", at("12:00")),))))


def test_bad_input_day_without_deadline_is_an_error():
    with pytest.raises(BadDayState, match="day 1 has no deadline"):
        count([post("Соня", "10:00", red("Петя"))], deadline=None)


def test_bad_input_thread_with_posts_but_no_roster_player_is_an_error():
    posts = [post("Незнакомец", "10:00", red("Петя")), post("Гость", "11:00", "привет")]
    with pytest.raises(NoRosterPlayer, match="2 posts in the day but none by a roster player"):
        count(posts)


def test_bad_input_empty_thread_is_a_count_with_everybody_not_voted():
    # An empty thread is not an error: nobody voted, and the GM view shows the penalties.
    t = count([])
    assert t.not_voted == PLAYERS
    assert totals(t) == {p: 2 for p in PLAYERS}
    assert (t.outcome.reason, t.outcome.tied) == ("tie", PLAYERS)
    pub = count([], view="public", as_of=at("12:00"))
    assert pub.candidates == () and pub.outcome.reason == "pending"


def test_bad_input_naive_time_is_an_error():
    with pytest.raises(BadDayState, match="has no time zone"):
        count([], deadline=datetime(2027, 1, 1, 22, 0))


def test_bad_input_state_names_a_player_not_on_the_roster():
    with pytest.raises(BadDayState, match="'Гоша' in the day state is not on the roster"):
        count([], silences=(Silence("Гоша"),))


def test_bad_input_rules_every_problem_reported_at_once():
    with pytest.raises(BadRules) as e:
        VoteRules.from_mapping({"tie": "everyone", "penalty_votes": "2", "colours": True})
    msg = str(e.value)
    assert "[votes].tie: 'everyone' is not one of nobody, nobody_once_then_all" in msg
    assert "[votes].penalty_votes: expected int" in msg
    assert "[votes].colours: unknown key" in msg


def test_post_from_the_stores_record_keeps_the_first_seen_html_and_versions(tmp_path):
    from mafvote.store import Store
    from mafvote_scraper.fetch import FetchedMeta
    from mafvote_scraper.model import EditNotice, ParsedPage, ParsedPost

    store = Store(tmp_path / "s.db")
    store.ensure_forum("f", engine="mybb", base_url="http://127.0.0.1/", timezone_name="Europe/Moscow")
    topic = store.ensure_topic("f", "2", url="http://127.0.0.1/t2", kind="vote", game_id="g")

    def page(html, seen, edit=None):
        p = ParsedPost(post_id=7, topic_id="2", page=1, position=0, author="Соня", author_id=None,
                       time=at("10:00"), html=html, edit=edit, content_hash=html)
        store.upsert_page(topic, ParsedPage(url="u", engine="mybb", topic_id="2", page=1, last_page=None,
                                            next_url=None, posts=[p]), FetchedMeta(url="u", fetched_at=seen))
    page(red("Петя"), at("10:01"))
    page(red("Вася"), at("10:40"), EditNotice(at=at("10:30")))
    [sp] = store.posts(kind="vote")
    p = Post.from_stored(sp)
    assert (p.topic, p.html, p.edited, p.edited_at) == ("vote", red("Петя"), True, at("10:30"))
    assert [h for _, h in p.versions] == [red("Петя"), red("Вася")]
    t = count([p])
    assert counted(t) == {"Соня": ("Петя", "red")} and flags(t, "edited") == [("edited", "Соня")]
    assert counted(count([p], rules={"edited_vote": "void"})) == {}
    store.close()


def test_a_count_from_stored_readings_without_html_is_the_count_from_the_html():
    """Issue 17: the store hands the count each post version's reading (`Flat`) under its content key
    (`StoredKey`), not its HTML; the count, its flags (a colourless «голосую Петя», talk naming a player, an
    edit) and its texts are the ones the HTML gives."""
    from mafvote_tally.recognise import add_stored, flatten

    days = [("Соня", "10:00", [red("Петя")]), ("Вася", "10:05", ["голосую Петя"]),
            ("Ronin", "10:10", ["<blockquote>голосую</blockquote>Соня<br>ну и ну"]),
            ("Nejka", "10:15", [blue("Вася"), red("Соня")]), ("Петя", "10:20", ["Вася КРАСНЫМ"]),
            ("Алукард", "10:30", ["просто разговор о погоде и мафии"])]
    from_html, keyed, flats = [], [], {}
    for i, (who, hhmm, versions) in enumerate(days):
        seen = [(at(hhmm) + timedelta(minutes=k), html) for k, html in enumerate(versions)]
        from_html.append(post(who, hhmm, versions[0], pid=100 + i, versions=tuple(seen)))
        keys = []
        for t, html in seen:
            key = StoredKey(f"sha256:{hash(html)}")
            flats[key] = flatten(html)
            keys.append((t, key))
        keyed.append(post(who, hhmm, keys[0][1], pid=100 + i, versions=tuple(keys)))
    for rules in ({}, {"colors_matter": False}):
        expected = count(from_html, rules=rules)
        matcher = RosterMatcher.from_roster(roster())
        matcher.flats.update(flats)
        got = count_day(keyed, day_state(), roster(), VoteRules.from_mapping(rules), game="test", matcher=matcher)
        assert got.to_json() == expected.to_json()
        # the readings as the store keeps them (JSON), decoded only when the count reads their post
        matcher = RosterMatcher.from_roster(roster())
        add_stored(matcher, {key: flat.to_json() for key, flat in flats.items()})
        got = count_day(keyed, day_state(), roster(), VoteRules.from_mapping(rules), game="test", matcher=matcher)
        assert got.to_json() == expected.to_json()
    assert ("not_a_vote", "Вася") in flags(count(from_html))
    assert counted(count(from_html))["Соня"] == ("Петя", "red")


def test_slots_of_gives_each_posts_slot_at_its_time_as_slot_of_author_does():
    # the count takes a day's slots in one call (`Roster.slots_of`): a replaced account speaks for its slot only
    # before the replacement, the newcomer only after it, a mask for its player, a stranger for nobody
    ros = Roster((Player("Соня", mask="Маска"), Player("Петя", replacements=(Replacement("Новичок", at("12:00")),))))
    posts = [post("Петя", "11:00", "а"), post("Новичок", "11:30", "б"), post("Петя", "12:30", "в"),
             post("Новичок", "13:00", "г"), post("соня", "13:10", "д"), post("Маска", "13:20", "е"),
             post("Гость", "13:30", "ж"), post("Соня", "14:00", "з"), post("Гость", "14:10", "и")]
    slots = ros.slots_of(posts)
    assert [slots[p.post_id] for p in posts] == ["Петя", None, None, "Петя", "Соня", "Соня", None, "Соня", None]
    assert slots == {p.post_id: ros.slot_of_author(p.author, p.time) for p in posts}
