"""Where the bundled data lives: inside the installed package, or at the repo root when run from source."""
from __future__ import annotations

from pathlib import Path

_PACKAGE_DATA = Path(__file__).resolve().parent / "_data"
_REPO_ROOT = Path(__file__).resolve().parent.parent


def data_dir(name: str) -> Path:
    """`templates`, `rulesets` or `fixtures/html`, wherever this install keeps them."""
    for base in (_PACKAGE_DATA, _REPO_ROOT):
        candidate = base / name
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"bundled data folder {name!r} is missing from this install")


def data_file(name: str) -> Path:
    """A single bundled file (`config.toml`, the documented example), wherever this install keeps it."""
    for base in (_PACKAGE_DATA, _REPO_ROOT):
        candidate = base / name
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(f"bundled file {name!r} is missing from this install")
