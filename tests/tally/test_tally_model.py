"""The count's records (tally/model.py, tally/recognise.py): the seven a count makes by the thousand are frozen
`msgspec.Struct`s (issue 17's cold count); they keep what the frozen dataclasses they replace gave the count: the
signature and defaults, a fresh default for each record, immutability, equality, hashing and `replace`."""
from __future__ import annotations

import inspect
from datetime import datetime, timedelta, timezone

import pytest
from msgspec.structs import replace

from mafvote_tally.model import Candidate, Flag, Post, Voter, VoteRecord
from mafvote_tally.recognise import Reading, ReadVote

T = datetime(2026, 12, 2, 12, 0, tzinfo=timezone.utc)


def test_the_records_keep_their_fields_in_order_with_their_defaults() -> None:
    assert [(p.name, p.default) for p in inspect.signature(Post).parameters.values()] == [
        ("post_id", inspect.Parameter.empty), ("topic", inspect.Parameter.empty), ("author", inspect.Parameter.empty),
        ("time", inspect.Parameter.empty), ("html", inspect.Parameter.empty), ("versions", ()), ("edited", False),
        ("edited_at", None), ("deleted", False), ("deleted_at", None), ("edit_reason", None), ("edit_seen_at", None)]
    post = Post(7, "vote", "Петя", T, "<p>Голосую</p>")
    assert (post.versions, post.edited, post.deleted_at, post.edit_seen_at) == ((), False, None, None)
    assert post == Post(post_id=7, topic="vote", author="Петя", time=T, html="<p>Голосую</p>") != replace(post, post_id=8)
    record = VoteRecord("Петя", "Вася", "red", 1, False, True, "counts", 7, T)
    assert record.written == "" and record == VoteRecord(*(getattr(record, n) for n in (
        "voter", "target", "color", "weight", "early", "counted", "reason", "post_id", "time")))
    with pytest.raises(TypeError, match="Missing required argument 'html'"):
        Post(7, "vote", "Петя", T)  # type: ignore[call-arg]


def test_each_flag_gets_its_own_facts() -> None:
    a, b = Flag("self_vote", "Петя", 7, "Петя voted for themselves"), Flag("self_vote", "Петя", 8, "again")
    assert a.data == {} and a.data is not b.data
    given = {"color": "red"}
    assert Flag("self_vote", "Петя", 7, "d", given).data is given
    # a flag is a key of the pages' kept lines (mafvote/pages.py): it hashes without its facts, and equals only
    # a flag with the same facts
    flag = Flag("late", "Петя", 1, "d", {"time": "21:00"})
    assert {flag: 1}[Flag("late", "Петя", 1, "d", {"time": "21:00"})] == 1
    assert flag != Flag("late", "Петя", 1, "d", {"time": "22:00"})
    assert Flag("late", None, 1, "d").to_json() == {"kind": "late", "player": None, "post_id": 1, "detail": "d",
                                                    "data": {}}


def test_the_records_stay_frozen_hashable_and_replaceable() -> None:
    reading = Reading((), True, (("Вася", "green"),), "text")
    with pytest.raises(AttributeError, match="immutable"):
        reading.early = False  # type: ignore[misc]
    assert hash(reading) == hash(Reading((), True, (("Вася", "green"),), "text"))
    assert replace(reading, text="other") == Reading((), True, (("Вася", "green"),), "other")
    assert repr(Flag("late", None, 1, "d")) == "Flag(kind='late', player=None, post_id=1, detail='d', data={})"
    voter = Voter("Петя", "red", 1, 7, T)
    line = Candidate("Вася", 1, 1, 0, 0, (voter,))
    assert {line: 1}[Candidate("Вася", 1, 1, 0, 0, (Voter("Петя", "red", 1, 7, T),))] == 1
    assert line.to_json()["voters"] == [{"voter": "Петя", "color": "red", "weight": 1, "post_id": 7,
                                         "time": "2026-12-02T12:00:00+00:00"}]
    # a record is equal only to a record of its own class, as a dataclass is
    assert ReadVote.__struct_config__.frozen and Post(7, "vote", "Петя", T, "x") != (7, "vote", "Петя", T, "x")


def test_a_record_s_time_in_the_json_is_its_own_with_its_zone_whatever_was_written_before() -> None:
    # the JSON's times are kept by the datetime object (tally.model._iso: the daemon's count files and GM alerts give
    # the day's votes at every poll); one moment in two zones is two texts, and a time made after another was freed
    # (Python may give it the freed one's id) is its own
    moscow = timezone(timedelta(hours=3))
    utc_vote = VoteRecord("Петя", "Вася", "red", 1, False, True, "counts", 7, T)
    msk_vote = replace(utc_vote, time=T.astimezone(moscow))
    assert utc_vote.time == msk_vote.time
    assert [utc_vote.to_json()["time"], msk_vote.to_json()["time"], utc_vote.to_json()["time"]] == [
        "2026-12-02T12:00:00+00:00", "2026-12-02T15:00:00+03:00", "2026-12-02T12:00:00+00:00"]
    for minute in range(60):
        when = T + timedelta(minutes=minute)
        assert Voter("Петя", "red", 1, 7, when).to_json()["time"] == f"2026-12-02T12:{minute:02d}:00+00:00"
        del when


def test_the_records_json_keeps_its_keys_in_order_with_plain_times_and_facts() -> None:
    # the count files' JSON (INTERFACE.md) is written as the records give it, byte for byte from one poll to the
    # next: the keys in the fields' order, the time as ISO text, the facts a dict of their own (issue 17: the
    # records' JSON made from msgspec's asdict)
    at = datetime(2027, 1, 1, 15, 40, tzinfo=timezone(timedelta(hours=3)))
    voter = Voter("Соня", "red", 1, 7, at)
    assert list(voter.to_json().items()) == [("voter", "Соня"), ("color", "red"), ("weight", 1), ("post_id", 7),
                                             ("time", "2027-01-01T15:40:00+03:00")]
    cand = Candidate("Ронин", 1, 1, 0, 0, (voter,))
    assert list(cand.to_json()) == ["player", "total", "red", "blue", "penalty", "voters"]
    assert cand.to_json()["voters"] == [voter.to_json()]
    vote = VoteRecord("Соня", "Ронин", "red", 1, False, True, "", 7, at)
    assert list(vote.to_json().items()) == [
        ("voter", "Соня"), ("target", "Ронин"), ("color", "red"), ("weight", 1), ("early", False), ("counted", True),
        ("reason", ""), ("post_id", 7), ("time", "2027-01-01T15:40:00+03:00"), ("written", "")]
    facts = {"posts": 1}
    flag = Flag("under_active", "Соня", None, "wrote 1 post", facts)
    shown = flag.to_json()
    assert list(shown) == ["kind", "player", "post_id", "detail", "data"]
    assert shown["data"] == facts and shown["data"] is not facts
