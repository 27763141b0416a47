"""Every error that may reach the GM, turned into an exit status and one message, in one place.

Four packages, four roots: `MafvoteError` (the application), `ScraperError` (the crawler), `TallyError` (the count)
and `ResolverError` (the night engine and the rulesets). They share no base class, on purpose: the layering
(`.importlinter`) has `tally` and `resolver` import nothing from `mafvote` or `scraper`, and `scraper` nothing from
the other three, so no package is below all four, and a fifth package only to hold one class would be a layer that
means nothing. Each package keeps its one root and says, in its own words, what went wrong; what that means for a
command (exit 2: the GM's input is wrong; 1: the operation failed; INTERFACE.md) and how it is worded in the GM's
language is decided here, by `failure`, which the CLI's group calls once for every command:

    MafvoteError   its own `exit_code` (BadInput 2, OperationFailed 1)   its text (worded where it was raised, or
                                                                         by its `text()`: a PhrasedError's key)
    ScraperError   1: the forum could not be read as the profile says    its key and facts, worded (crawl_text)
    TallyError     2: the roster, the day or the [votes] rules given     its key and facts, worded (gm_text)
    ResolverError  2: a ruleset or night file, a phrase, a roll          every problem, worded (gm_text)
    sqlite3's DatabaseError   the store's own line (mafvote.store), or None: a bug of ours keeps its traceback

The pure packages' roots are looked up in `sys.modules` and never imported: a command that has not loaded the count
cannot have raised its error, and `mafvote --version` must not pay for loading it (issue 17). Anything else is a
bug of ours: `failure` gives None and the traceback stays.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from mafvote_scraper import ScraperError     # light: the package imports only its model

from .crawl_text import describe
from .errors import BAD_INPUT, OPERATION_FAILED, MafvoteError, PhrasedError

__all__ = ["Failure", "failure"]


@dataclass(frozen=True)
class Failure:
    """What the GM gets for an error: the command's exit status and the message (without the `error: ` frame)."""

    exit_code: int
    text: str


def failure(exc: BaseException, store: Path | str | None = None) -> Failure | None:
    """The exit status and message of `exc`; None when it is none of ours (a bug: keep its traceback). `store`
    names the database file in the line for an SQLite error (None: the command read no config that names it)."""
    if isinstance(exc, MafvoteError):
        # the publisher's and the alert channels' errors keep English in str() (the log) and word themselves in the
        # GM's language (`PhrasedError.text`); the others were worded where they were raised
        return Failure(exc.exit_code, exc.text() if isinstance(exc, PhrasedError) else str(exc))
    if isinstance(exc, ScraperError):
        return Failure(OPERATION_FAILED, describe(exc))
    tally = sys.modules.get("mafvote_tally.model")
    if tally is not None and isinstance(exc, tally.TallyError):
        from .gm_text import tally_error  # start-up: the catalogue's wording (imports the resolver), only on an error
        return Failure(BAD_INPUT, tally_error(exc))
    resolver = sys.modules.get("mafvote_resolver.errors")
    if resolver is not None and isinstance(exc, resolver.ResolverError):
        from .gm_text import resolver_error  # start-up: the catalogue's wording (imports tally), only on an error
        return Failure(BAD_INPUT, resolver_error(exc))
    sqlite3 = sys.modules.get("sqlite3")
    if sqlite3 is not None and isinstance(exc, sqlite3.DatabaseError):
        # The store went bad after it opened (a page past the header is malformed, a table was dropped): one line
        # naming the file and what to do, whichever command read it.
        from .store import database_problem  # start-up: the store (sqlite3, sqlite-utils), only on an error
        problem = database_problem(store, exc)
        return None if problem is None else Failure(problem.exit_code, str(problem))
    return None
