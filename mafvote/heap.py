"""Giving the memory the daemon freed back to the system (issue 17's soak: RSS flat after warm-up).

A tick that did work (a crawl that found posts, a count, pages written) builds and drops megabytes of short-lived
objects: pages, counts, parsed posts. CPython hands what is bigger than 512 bytes to the C allocator, and glibc's
malloc keeps what is freed in its arenas (one per thread that allocated: the daemon's and the fsync pool's) for
reuse rather than returning it, so the process's RSS follows the highest transient so far, not what is in use
(bench_soak's `malloc_free_kib`, glibc's `mallinfo2().fordblks`). `give_back` calls glibc's `malloc_trim(0)`, which
returns the free pages of every arena. Elsewhere (musl, macOS, Windows) there is no such call and it does nothing.

    Daemon.tick / crawl / run_due ── did work ──> give_back() ── glibc ──> malloc_trim(0)
                                                              └─ else ──> nothing
"""
from __future__ import annotations

import os
from typing import Callable

__all__ = ["give_back"]

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
