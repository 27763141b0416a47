"""mafvote.heap: the allocator's freed memory given back (glibc's malloc_trim), and nothing done elsewhere."""
from __future__ import annotations

import gc
import os

import pytest

from mafvote import heap


def test_on_glibc_give_back_trims_every_arena(monkeypatch):
    calls = []
    monkeypatch.setattr(heap, "_trim", calls.append)
    assert heap.give_back() is True
    assert calls == [0]          # malloc_trim(0): keep no padding at the top of the heap


def test_on_this_linux_glibc_is_found_and_the_real_call_returns(monkeypatch):
    monkeypatch.setattr(heap, "_trim", None)
    assert os.confstr("CS_GNU_LIBC_VERSION").startswith("glibc")
    assert heap.give_back() is True
    assert heap._trim is not False


def test_a_c_library_other_than_glibc_is_a_no_op(monkeypatch):
    def not_glibc(name):
        raise ValueError(f"unrecognized configuration name {name!r}")     # musl, macOS: no such name

    monkeypatch.setattr(heap, "_trim", None)
    monkeypatch.setattr(os, "confstr", not_glibc)
    assert heap.give_back() is False
    assert heap.give_back() is False          # looked up once
    assert heap._trim is False


def test_a_platform_without_confstr_is_a_no_op(monkeypatch):
    monkeypatch.setattr(heap, "_trim", None)
    monkeypatch.delattr(os, "confstr")         # Windows
    assert heap.give_back() is False


@pytest.mark.parametrize("counts, generation", [
    ((900, 0, 0), 0),        # after a call: its own young objects
    ((900, 9, 9), 0),
    ((900, 10, 0), 1),       # every 10th young pass takes the middle generation too (gc's threshold[1])
    ((900, 10, 9), 1),
    ((900, 10, 10), 2),      # and every 10th of those the whole heap (threshold[2])
])
def test_collect_young_keeps_the_collectors_own_rhythm(monkeypatch, counts, generation):
    # the daemon's calls run with the collector paused, so its automatic passes almost never run: collect_young
    # takes the generation the collector would have taken
    passes = []
    monkeypatch.setattr(gc, "get_count", lambda: counts)
    monkeypatch.setattr(gc, "get_threshold", lambda: (700, 10, 10))
    monkeypatch.setattr(gc, "collect", lambda g=2: passes.append(g) or 0)
    heap.collect_young()
    assert passes == [generation]


def test_collect_young_leaves_a_collector_the_caller_turned_off_off():
    gc.disable()
    try:
        with heap.collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()              # a pause inside the caller's leaves it to the caller
        assert heap.collect_young() == 0 and not gc.isenabled()
    finally:
        gc.enable()
    with heap.collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
