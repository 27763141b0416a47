"""mafvote.heap: the allocator's freed memory given back (glibc's malloc_trim), and nothing done elsewhere."""
from __future__ import annotations

import os

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
