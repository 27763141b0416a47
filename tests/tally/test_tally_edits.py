"""An edit or a deletion of a vote post (RULES.md §3.1, §3.12): 004 (`edited_vote = "void"`) voids a vote only when its
post was edited or deleted before the day's end (004 rule 2.3); an edit after it leaves the vote as it stood at the
end, flagged; games that count the first seen version are unchanged by the edit's time."""
from __future__ import annotations

import pytest

from mafvote_tally import Post
from mafvote_tally.edits import touched
from support.count import GRAND_HOTEL_VOTES, at, bold, count, counted, penalties_of, post, red, totals

# ------------------------------------------------- an edit or deletion after the day's end (§3.1, §3.12)

def _day_votes(**soni) -> list[Post]:
    """Вася 3 (Соня, Петя, Ronin), Соня 2 (Вася, Nejka), Петя 1 (Алукард): Вася is hanged. ``soni``: how Соня's
    vote post was edited or deleted."""
    return [post("Соня", "12:00", bold("Вася"), pid=101, **soni),
            post("Петя", "12:01", bold("Вася"), pid=102),
            post("Ronin", "12:02", bold("Вася"), pid=103),
            post("Вася", "12:03", bold("Соня"), pid=104),
            post("Nejka", "12:04", bold("Соня"), pid=105),
            post("Алукард", "12:05", bold("Петя"), pid=106)]


EDITED = bold("Вася") + " (опечатку поправила)"
# (case, how Соня's post changed, the GM's close or None, Соня's vote counts?, hanged, Соня's penalty)
EDIT_CASES = [
    ("notice_after_deadline", dict(edited=True, edited_at=at("22:30"),
                                   versions=((at("12:00"), bold("Вася")), (at("22:35"), EDITED))),
     None, True, ("Вася",), 0),
    ("new_version_first_seen_after_deadline", dict(versions=((at("12:00"), bold("Вася")), (at("23:10"), EDITED))),
     None, True, ("Вася",), 0),
    ("deleted_after_deadline", dict(deleted=True, deleted_at=at("22:40")), None, True, ("Вася",), 0),
    ("notice_before_deadline", dict(edited=True, edited_at=at("21:30"),
                                    versions=((at("12:00"), bold("Вася")), (at("21:35"), EDITED))),
     None, False, ("Соня",), 1),
    # the forum's notice time decides, though the reread saw the new version only after the deadline
    ("notice_before_deadline_seen_after", dict(edited=True, edited_at=at("21:30"),
                                               versions=((at("12:00"), bold("Вася")), (at("23:00"), EDITED))),
     None, False, ("Соня",), 1),
    ("new_version_first_seen_before_deadline", dict(versions=((at("12:00"), bold("Вася")), (at("21:50"), EDITED))),
     None, False, ("Соня",), 1),
    ("deleted_before_deadline", dict(deleted=True, deleted_at=at("21:00")), None, False, ("Соня",), 1),
    # the GM closed the day at 18:00: the close is the end
    ("notice_after_the_gms_close", dict(edited=True, edited_at=at("19:00"),
                                        versions=((at("12:00"), bold("Вася")), (at("19:05"), EDITED))),
     at("18:00"), True, ("Вася",), 0),
    ("notice_before_the_gms_close", dict(edited=True, edited_at=at("17:00"),
                                         versions=((at("12:00"), bold("Вася")), (at("17:05"), EDITED))),
     at("18:00"), False, ("Соня",), 1),
]


@pytest.mark.parametrize("case,change,closed_at,counts,hanged,penalty", EDIT_CASES, ids=[c[0] for c in EDIT_CASES])
def test_rule_3_12_004_an_edit_voids_a_vote_only_before_the_days_end(case, change, closed_at, counts, hanged,
                                                                     penalty):
    t = count(_day_votes(**change), rules=GRAND_HOTEL_VOTES, closed_at=closed_at)
    assert ("Соня" in counted(t)) is counts
    assert t.outcome.eliminated == hanged
    assert penalties_of(t) == ({"Соня": penalty} if penalty else {})
    [f] = [f for f in t.flags if f.kind == "edited"]
    assert f.player == "Соня" and f.post_id == 101
    if counts:
        assert "after the close: the vote as it stood at the close counts" in f.detail
        assert f.data["rule"] == "after_close"
        assert counted(t)["Соня"] == ("Вася", "red") and totals(t)["Вася"] == 3
        assert "Соня" not in t.not_voted
    else:
        assert f.data["rule"] == "void" and "Соня" in t.not_voted
        assert totals(t) == {"Соня": 3, "Вася": 2, "Петя": 1}


def test_rule_3_12_004_the_count_does_not_depend_on_when_the_reread_ran():
    # the GM closes the day before the reread saw the late edit and the deletion, and after it: the same count
    before = _day_votes()
    after = [post("Соня", "12:00", bold("Вася"), pid=101, edited=True, edited_at=at("22:30"),
                  versions=((at("12:00"), bold("Вася")), (at("22:45"), bold("Nejka")))),
             *[p if p.post_id != 102 else Post(102, "vote", "Петя", at("12:01"), bold("Вася"), deleted=True,
                                                  deleted_at=at("22:45"))
               for p in _day_votes()[1:]]]
    for posts in (before, after):
        t = count(posts, rules=GRAND_HOTEL_VOTES)
        assert totals(t) == {"Вася": 3, "Соня": 2, "Петя": 1}
        assert t.outcome.eliminated == ("Вася",) and t.not_voted == ()
    # as mafvote knew the thread at 22:10 (before the reread), the same
    assert totals(count(after, rules=GRAND_HOTEL_VOTES, as_of=at("22:10"))) == {"Вася": 3, "Соня": 2, "Петя": 1}
    t = count(after, rules=GRAND_HOTEL_VOTES)
    assert [(f.player, f.detail) for f in t.flags if f.kind == "edited"] == [
        ("Соня", "edited at 2027-01-01T22:30:00+03:00 after the close: the vote as it stood at the close counts "
                 "(the edit changed the votes: now Nejka (red))"),
        ("Петя", "deleted after the close: the vote as it stood at the close counts")]


def test_rule_3_12_first_seen_games_are_unchanged_by_the_edit_time():
    p = post("Соня", "10:00", red("Петя"), versions=((at("10:01"), red("Петя")), (at("23:00"), red("Вася"))))
    t = count([p])
    assert counted(t) == {"Соня": ("Петя", "red")}
    [f] = [f for f in t.flags if f.kind == "edited"]
    assert f.data["rule"] == "first_seen" and "the vote as first seen counts" in f.detail


def test_post_from_stored_carries_when_the_deletion_was_seen():
    class Stored:    # the store's StoredPost, duck-typed as the tally reads it
        post_id, kind, author, time, first_html, versions = 7, "vote", "Соня", at("12:00"), bold("Вася"), ()
        edited, edit_at, deleted, deleted_at = False, None, True, at("22:40")

    p = Post.from_stored(Stored())
    assert (p.deleted, p.deleted_at) == (True, at("22:40"))


def test_every_way_a_post_changes_makes_it_touched_and_a_post_as_first_seen_is_not():
    # `edits.touched` is the one test by which `edit_of`, `take_post` and a walk resumed as of another moment
    # (`count._seen_by`) skip a post that reads the same whenever: each edit case above is an edit to them all
    for _, change, *_ in EDIT_CASES:
        assert touched(post("Соня", "12:00", bold("Вася"), **change))
    assert touched(post("Соня", "12:00", bold("Вася"), edited=True))      # a notice, no new version captured
    assert not touched(post("Соня", "12:00", bold("Вася")))
    assert not touched(post("Соня", "12:00", bold("Вася"), versions=((at("12:00"), bold("Вася")),)))
