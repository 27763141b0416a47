"""The engine registry: every module in this package that defines `PROFILE` is one engine.

Modules are discovered with pkgutil, so adding an engine is adding a file `<engine>.py` with
`PROFILE = EngineProfile(name="<engine>", ...)`; nobody edits a shared list. `detect_engine`
recognises the engine of a page for `engine = "auto"` from each profile's `detect` selectors.
"""
from __future__ import annotations

import importlib
import pkgutil

from selectolax.lexbor import LexborHTMLParser

from ..model import LayoutNotRecognised, ScraperError
from ..profile import EngineProfile

__all__ = ["PROFILES", "UnknownEngine", "detect_engine", "get_profile"]


class UnknownEngine(ScraperError, KeyError):
    def __init__(self, name: str):
        self.name = name
        super().__init__(f"unknown forum engine {name!r}; valid engines: {', '.join(sorted(PROFILES))}, auto")

    def __str__(self) -> str:  # KeyError would quote the message
        return self.args[0]


def _discover() -> dict[str, EngineProfile]:
    found: dict[str, EngineProfile] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        profile = getattr(module, "PROFILE", None)
        if isinstance(profile, EngineProfile):
            found[profile.name] = profile
    return found


PROFILES: dict[str, EngineProfile] = _discover()


def get_profile(name: str) -> EngineProfile:
    try:
        return PROFILES[name]
    except KeyError:
        raise UnknownEngine(name) from None


def detect_engine(html: str, *, url: str = "") -> str:
    """The engine whose `detect` selectors (its own or a variant's) match the page best.

    The score is the number of `detect` selectors present, so profiles should list markers
    particular to the engine; a tie goes to the engine first in alphabetical order.

    Raises LayoutNotRecognised when no profile recognises the page.
    """
    tree = LexborHTMLParser(html)
    best, best_score = None, 0
    for name, profile in PROFILES.items():
        score = max(sum(1 for sel in markup.detect if tree.css_first(sel) is not None)
                    for markup in (profile, *profile.variants))
        if score > best_score:
            best, best_score = name, score
    if best is None:
        raise LayoutNotRecognised(url or "<page>", "auto",
                                  f"no engine recognised the page (tried {', '.join(sorted(PROFILES))}); "
                                  "set `engine` in config.toml",
                                  ("no_engine", {"engines": ", ".join(sorted(PROFILES))}))
    return best
