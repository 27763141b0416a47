"""No module reaches into another's private names (issue 16): what one module uses of another is a public name
of the owner (in its `__all__` where it has one), so renaming a `_helper` never breaks a caller it did not know
about. Read from the sources with `ast`, over the four packages."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("mafvote", "scraper", "tally", "resolver")


def _private_imports(source: str, shown: str) -> list[str]:
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module != "__future__":
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    out.append(f"{shown}:{node.lineno}: from {'.' * node.level}{node.module or ''} import {alias.name}")
    return out


def test_the_check_sees_a_private_import():
    assert _private_imports("from .engine import check_win, _death_text\n", "resolver/day.py") == [
        "resolver/day.py:1: from .engine import _death_text"]
    assert _private_imports("from __future__ import annotations\nfrom .engine import check_win\n", "x.py") == []


def test_no_module_imports_another_modules_private_names():
    found = [hit for pkg in PACKAGES for path in sorted((ROOT / pkg).rglob("*.py"))
             for hit in _private_imports(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))]
    assert found == [], "give these a public name in the owning module:\n" + "\n".join(found)
