"""Giving the memory the daemon freed back to the system (issue 17's soak: RSS flat after warm-up).

A daemon call (a tick, a crawl, the deadline jobs' `run_due`) runs with Python's cyclic collector paused
(`collector_paused`), and one that did work collects the young objects it made (`collect_young`) before the heap
is given back. Without it the tick's reference cycles outlived it: httpx's every response (`Response.stream` ->
`BoundSyncStream._response` -> the response, encode/httpx#3733, with its request, headers and the pool's request and
events) and each game or day page's imported macros (Jinja's `{% from ... import ... with context %}` makes a module
whose macros and context hold each other, with a copy of all the page's values): ≈ 160 KiB a tick at the soak's 10
games, passed through the collector's generations while the tick ran and freed at a later pass, after the trim, with
the next tick's objects already placed around them.

A tick that did work (a crawl that found posts, a count, pages written) builds and drops megabytes of short-lived
objects: pages, counts, parsed posts. CPython hands what is bigger than 512 bytes to the C allocator, and glibc's
malloc keeps what is freed in its arenas (one per thread that allocated: the daemon's and the fsync pool's) for
reuse rather than returning it, so the process's RSS follows the highest transient so far, not what is in use
(bench_soak's `malloc_free_kib`, glibc's `mallinfo2().fordblks`). `give_back` calls glibc's `malloc_trim(0)`, which
returns the free pages of every arena. Elsewhere (musl, macOS, Windows) there is no such call and it does nothing.

    Daemon.tick / crawl / run_due, inside collector_paused()
        └─ did work ──> collect_young() ──> give_back() ── glibc ──> malloc_trim(0)
                                                      └─ else ──> nothing
"""
from __future__ import annotations

import gc
import os
from contextlib import contextmanager
from typing import Callable, Iterator

__all__ = ["collect_young", "collector_paused", "give_back"]


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused for the block: the daemon's calls and a count (issue 17). A cold
    count of a 3,000-post day makes some 50,000 objects that stay alive to its end (the posts, their readings, the
    count's records), and the collector's passes over them as they pile up (about 66 young and 6 middle
    generation passes) were 15 % of its CPU, for no garbage: what a count drops is freed by its reference count.
    What a paused block leaves in cycles stays young, for `collect_young` (the daemon's calls) or the first pass
    after; a pause inside a pause leaves it to the outer."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def collect_young() -> int:
    """One pass of the collector over what was made since its last pass: after a paused daemon call, the call's
    own objects, so its cycles are freed now, before `give_back`, not at a pass during the next call. Every
    `threshold[1]`-th pass takes the middle generation too and every `threshold[2]`-th of those the whole heap, the
    collector's own rhythm (its automatic passes only run when it is on while objects are made, which the
    daemon's pauses leave it seldom). A collector the caller turned off stays off: nothing collected, 0."""
    if not gc.isenabled():
        return 0
    counts, limits = gc.get_count(), gc.get_threshold()
    generation = 0
    if counts[1] >= limits[1]:
        generation = 2 if counts[2] >= limits[2] else 1
    return gc.collect(generation)


# malloc_trim of the process's C library once found; None: not looked up yet; False: this platform has none
_trim: Callable[[int], int] | None | bool = None


def _find_trim() -> Callable[[int], int] | bool:
    try:
        glibc = os.confstr("CS_GNU_LIBC_VERSION")
    except (AttributeError, ValueError, OSError):     # no confstr (Windows), or not a name this libc knows
        glibc = None
    if not glibc:
        return False
    import ctypes  # start-up: ctypes (≈ 2 ms) only once the daemon has done a tick's work, never for the CLI's others

    try:
        return ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return False


def give_back() -> bool:
    """Return the C allocator's free pages to the system (glibc); False where there is no way to (nothing done)."""
    global _trim
    if _trim is None:
        _trim = _find_trim()
    if _trim is False:
        return False
    _trim(0)
    return True
