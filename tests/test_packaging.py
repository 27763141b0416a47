"""How mafvote ships (README, "How it is built"): one distribution whose import names are all its own — `mafvote`
and the pure packages `mafvote_scraper`, `mafvote_tally`, `mafvote_resolver`, kept in the folders scraper/,
tally/ and resolver/. These tests fail on the two slips that would break an installed mafvote while every test
run from the checkout still passes: a package folder left out of pyproject's list, and an import of a bare folder
name (which only the checkout's root on sys.path can satisfy)."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent
while not (ROOT / "pyproject.toml").exists():
    ROOT = ROOT.parent
FOLDERS = ("mafvote", "scraper", "tally", "resolver")


def _setuptools() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def _import_name(folder: Path, package_dir: dict[str, str]) -> str:
    """The import name setuptools gives a package folder: its top folder mapped by package-dir."""
    parts = folder.relative_to(ROOT).parts
    top = {where: name for name, where in package_dir.items() if where != "."}.get(parts[0], parts[0])
    return ".".join((top, *parts[1:]))


def test_every_package_folder_is_in_the_wheel_under_its_own_name():
    config = _setuptools()
    folders = sorted(p.parent for top in FOLDERS for p in (ROOT / top).rglob("__init__.py"))
    expected = {_import_name(f, config["package-dir"]) for f in folders}
    listed = set(config["packages"]) - {"mafvote._data"}
    assert expected - listed == set(), "add these to [tool.setuptools] packages in pyproject.toml"
    assert listed - expected == set(), "pyproject.toml lists packages that have no folder"


def test_the_pure_packages_claim_no_global_name():
    names = dict(_setuptools()["package-dir"])
    assert names.pop("mafvote._data") == "."
    assert names == {"mafvote_scraper": "scraper", "mafvote_tally": "tally", "mafvote_resolver": "resolver"}


BARE_IMPORT = re.compile(r"^\s*(?:from|import)\s+(scraper|tally|resolver)\b", re.M)


def test_no_source_imports_a_bare_folder_name():
    """`import tally` works from the checkout's root and nowhere else: every import uses the installed name."""
    offenders = []
    for top in (*FOLDERS, "tests", "bench"):
        for path in sorted((ROOT / top).rglob("*.py")):
            for m in BARE_IMPORT.finditer(path.read_text(encoding="utf-8")):
                line = path.read_text(encoding="utf-8").count("\n", 0, m.start()) + 1
                offenders.append(f"{path.relative_to(ROOT)}:{line}: {m.group(0).strip()}")
    assert offenders == []
