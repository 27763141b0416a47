"""No module reaches into another's private names (issue 16): what one module uses of another is a public name
of the owner (in its `__all__` where it has one), so renaming a `_helper` never breaks a caller it did not know
about. Neither by import (`from .engine import _death_text`) nor through an object (`service._read_night(n)`,
`config._path = …` set by a loader on a model it does not define). Read from the sources with `ast`, over the
four packages."""
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


# namedtuple's public API is spelled with an underscore so that it cannot clash with a field name
_NAMEDTUPLE_API = frozenset({"_replace", "_asdict", "_fields", "_make", "_field_defaults"})
# Another library's private name, on purpose: httpx cannot pass a network backend to its pool, so netguard sets
# httpcore's, and fails loudly when a later httpcore moved it (scraper/netguard.py, GuardedTransport); httpx's
# `cookies` setter copies a jar into a plain `Cookies`, so the fetcher sets its `_cookies` (scraper/fetch.py
# `_AnswerCookies`; moved by a later httpx, the client keeps httpx's own jar and test_fetch's spy fails).
_THIRD_PARTY = {("scraper/netguard.py", "_network_backend"), ("scraper/fetch.py", "_cookies")}


def _own_names(tree: ast.AST) -> set[str]:
    """The names a module defines itself: functions, classes, any name it binds, what it sets on `self`/`cls`,
    and its `__slots__`."""
    own: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            own.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            own.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and _on_self(node):
            own.add(node.attr)
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__slots__" for t in node.targets):
            own.update(c.value for c in ast.walk(node.value) if isinstance(c, ast.Constant) and isinstance(c.value, str))
    return own


def _on_self(node: ast.Attribute) -> bool:
    return isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")


def _private_attributes(source: str, shown: str) -> list[str]:
    """`obj._name`, read or set, where `_name` is no name of this module's own."""
    tree = ast.parse(source)
    own = _own_names(tree)
    return [f"{shown}:{node.lineno}: {ast.unparse(node)}" for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
            and not _on_self(node) and node.attr not in own and node.attr not in _NAMEDTUPLE_API
            and (shown, node.attr) not in _THIRD_PARTY]


def _sources():
    for pkg in PACKAGES:
        for path in sorted((ROOT / pkg).rglob("*.py")):
            yield path.read_text(encoding="utf-8"), str(path.relative_to(ROOT))


def test_the_check_sees_a_private_attribute_of_another_module():
    assert _private_attributes("def page(service):\n    return service._read_night(1)\n", "mafvote/pages.py") == [
        "mafvote/pages.py:2: service._read_night"]
    assert _private_attributes("def load(config, file):\n    config._path = file\n", "mafvote/config/load.py") == [
        "mafvote/config/load.py:2: config._path"]
    # its own: a private method of a class here, called on another instance; set on self; a namedtuple's API
    assert _private_attributes("class Forum:\n    def _respond(self):\n        self._lock = 1\n\n"
                               "def handle(h):\n    h.forum._respond()\n    h.forum._lock\n", "x.py") == []
    assert _private_attributes("def f(parts):\n    return parts._replace(path='')\n", "x.py") == []


def test_no_module_uses_another_modules_private_attributes():
    found = [hit for source, shown in _sources() for hit in _private_attributes(source, shown)]
    assert found == [], "give these a public name in the module that defines them:\n" + "\n".join(found)


def test_the_check_sees_a_private_import():
    assert _private_imports("from .engine import check_win, _death_text\n", "resolver/day.py") == [
        "resolver/day.py:1: from .engine import _death_text"]
    assert _private_imports("from __future__ import annotations\nfrom .engine import check_win\n", "x.py") == []


def test_no_module_imports_another_modules_private_names():
    found = [hit for source, shown in _sources() for hit in _private_imports(source, shown)]
    assert found == [], "give these a public name in the owning module:\n" + "\n".join(found)
