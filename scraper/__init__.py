"""Fetch and parse forum topics: engine profiles, dates, pagination, the incremental crawl.

The names load lazily (PEP 562): `import mafvote_scraper` (and so `mafvote_scraper.untrusted`, which `mafvote
tally` uses to keep control characters off the terminal) does not load the crawler's model, its three record
classes and its errors until one is named (issue 17: ≈ 15 M instructions of a `tally`).
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

__all__ = ["EditNotice", "FetchError", "LayoutNotRecognised", "ParsedPage", "ParsedPost", "ScraperError"]

if TYPE_CHECKING:
    from .model import EditNotice, FetchError, LayoutNotRecognised, ParsedPage, ParsedPost, ScraperError


def __getattr__(name: str) -> object:
    # every public name lives in .model
    if name in __all__:
        return getattr(importlib.import_module(".model", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
