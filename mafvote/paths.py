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


def data_file(installed_name: str, source_name: str) -> Path:
    """A single bundled file, named `installed_name` inside the package and `source_name` in the repo."""
    for candidate in (_PACKAGE_DATA / installed_name, _REPO_ROOT / source_name):
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(f"bundled file {installed_name!r} is missing from this install")
