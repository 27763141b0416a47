"""The count's records (tally/model.py): `quick_init`, the faster `__init__` of the records a count makes by the
thousand, keeps every behaviour of the dataclass's own."""
from __future__ import annotations

import inspect
from dataclasses import FrozenInstanceError, dataclass, field, replace
from datetime import datetime, timezone

import pytest

from mafvote_tally.model import Flag, Post, VoteRecord, quick_init
from mafvote_tally.recognise import Reading

T = datetime(2026, 12, 2, 12, 0, tzinfo=timezone.utc)


def test_quick_init_keeps_the_dataclass_signature_and_defaults() -> None:
    @quick_init
    @dataclass(frozen=True)
    class Plain:
        a: int
        b: str = "x"

    assert str(inspect.signature(Post.__init__)) == (
        "(self, post_id, topic, author, time, html, versions=(), edited=False, edited_at=None, deleted=False, "
        "deleted_at=None, edit_reason=None, edit_seen_at=None)")
    assert str(inspect.signature(Flag.__init__)) == "(self, kind, player, post_id, detail, data=<factory>)"
    assert Plain(1).b == "x" and Plain(1, b="y") == Plain(a=1, b="y") != Plain(1)
    post = Post(7, "vote", "Петя", T, "<p>Голосую</p>")
    assert (post.versions, post.edited, post.deleted_at, post.edit_seen_at) == ((), False, None, None)
    record = VoteRecord("Петя", "Вася", "red", 1, False, True, "counts", 7, T)
    assert record.written == "" and record == VoteRecord(*(getattr(record, n) for n in (
        "voter", "target", "color", "weight", "early", "counted", "reason", "post_id", "time")))


def test_quick_init_makes_each_default_factory_value_afresh() -> None:
    a, b = Flag("self_vote", "Петя", 7, "Петя voted for themselves"), Flag("self_vote", "Петя", 8, "again")
    assert a.data == {} and a.data is not b.data
    given = {"color": "red"}
    assert Flag("self_vote", "Петя", 7, "d", given).data is given


def test_quick_init_records_stay_frozen_hashable_and_replaceable() -> None:
    reading = Reading((), True, (("Вася", "green"),), "text")
    with pytest.raises(FrozenInstanceError):
        reading.early = False  # type: ignore[misc]
    assert hash(reading) == hash(Reading((), True, (("Вася", "green"),), "text"))
    assert replace(reading, text="other") == Reading((), True, (("Вася", "green"),), "other")
    assert repr(Flag("late", None, 1, "d")) == "Flag(kind='late', player=None, post_id=1, detail='d', data={})"


def test_quick_init_runs_post_init_and_refuses_what_it_cannot_make() -> None:
    @quick_init
    @dataclass(frozen=True)
    class Doubled:
        n: int

        def __post_init__(self) -> None:
            object.__setattr__(self, "twice", self.n * 2)

    assert Doubled(4).twice == 8  # type: ignore[attr-defined]

    @dataclass(frozen=True)
    class Hidden:
        n: int
        cache: dict = field(default_factory=dict, init=False)

    with pytest.raises(TypeError, match="Hidden.cache: quick_init takes plain positional fields"):
        quick_init(Hidden)
