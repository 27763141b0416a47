"""Imports sit at the top of a module (issue 16; STYLE.md): an import inside a function hides a module's
dependencies and can paper over an import circle. The one exception is an import that defers a measured start-up
cost (issue 17: the lazy CLI, the crawler and httpx, jinja2, apscheduler, pymorphy3's dictionaries, ...); such an
import says so with a comment containing `start-up` on its line or the line above, naming what it defers.
This test walks every module of the four packages and names each function-local import without one."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent
while not (ROOT / "pyproject.toml").exists():
    ROOT = ROOT.parent
FOLDERS = ("mafvote", "scraper", "tally", "resolver")
MARK = "start-up"


def _local_imports(path: Path) -> list[int]:
    """Line numbers of the imports inside a function (or a method, or a function nested in either) of `path`."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    lines: set[int] = set()
    for function in ast.walk(tree):
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            lines.update(node.lineno for node in ast.walk(function) if isinstance(node, (ast.Import, ast.ImportFrom)))
    return sorted(lines)


def _unmarked(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8").splitlines()
    found = []
    for line in _local_imports(path):
        here, above = text[line - 1], text[line - 2] if line >= 2 else ""
        if not any("#" in source and MARK in source.split("#", 1)[1] for source in (here, above)):
            found.append(f"{path.relative_to(ROOT)}:{line}: {here.strip()}")
    return found


def test_the_walk_finds_a_local_import_and_accepts_only_a_start_up_comment(tmp_path):
    # the checker itself: a function-local import is found at its exact line, nested or in a method, and only a
    # `start-up` comment (on the line or the one above) lets it stay
    module = tmp_path / "mod.py"
    module.write_text(
        "import os\n"
        "def f():\n"
        "    import json\n"
        "class C:\n"
        "    def m(self):\n"
        "        def inner():\n"
        "            from pathlib import Path  # start-up: defers nothing, a test\n"
        "        # start-up: the next line is marked from above\n"
        "        from re import compile\n"
        "        import csv  # start up, misspelt\n",
        encoding="utf-8")
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        assert _local_imports(module) == [3, 7, 9, 10]
        assert _unmarked(module) == ["mod.py:3: import json", "mod.py:10: import csv  # start up, misspelt"]
    finally:
        ROOT = saved


def test_no_function_local_import_without_a_start_up_comment():
    modules = [path for folder in FOLDERS for path in sorted((ROOT / folder).rglob("*.py"))]
    assert len(modules) > 50          # the walk found the packages (a moved folder must not pass this silently)
    found = [problem for path in modules for problem in _unmarked(path)]
    assert found == [], (
        "imports inside functions: move each to the top of its module, or, if it defers a measured start-up cost, "
        "say which with a trailing `# start-up: ...` comment:\n" + "\n".join(found))
