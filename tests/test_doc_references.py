"""Every rule the code cites resolves inside the repository: `RULES.md §3.10` names section 3, item 10 of
docs/RULES.md, and `001 rule 5.1` names rule 5.1 of the seed 001 in docs/seeds/ (issue 16: a newcomer must be
able to follow every reference without the steering folder)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
SOURCES = [
    path
    for folder in ("mafvote", "scraper", "tally", "resolver", "rulesets", "templates", "tests", "bench")
    for path in sorted((ROOT / folder).rglob("*"))
    if path.suffix in {".py", ".toml", ".j2", ".jinja", ".html", ".txt", ".md"} and path.is_file()
    and "data" not in path.relative_to(ROOT).parts[1:2]
] + [ROOT / "README.md", ROOT / "config.toml"]

# `§3.10`, `§4`, `§3.8-3.10`; the part after the dot is the numbered item of that section.
SECTION_REF = re.compile(r"§\s?(\d+)(?:\.(\d+))?")
SEED_REF = re.compile(r"\b(00[0-9]) rule (\d+(?:\.\d+)?)")


def _rules_items() -> dict[int, set[int]]:
    """Section number → the numbers of its numbered items, read from docs/RULES.md."""
    items: dict[int, set[int]] = {}
    section = None
    for line in (DOCS / "RULES.md").read_text(encoding="utf-8").splitlines():
        heading = re.match(r"## (\d+)\. ", line)
        if heading:
            section = int(heading.group(1))
            items[section] = set()
            continue
        item = re.match(r"(\d+)\. ", line)
        if item and section is not None:
            items[section].add(int(item.group(1)))
    return items


RULES_ITEMS = _rules_items()


def _refs(pattern: re.Pattern) -> list[tuple[str, re.Match]]:
    found = []
    for path in SOURCES:
        if path.name == Path(__file__).name:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for match in pattern.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            found.append((f"{path.relative_to(ROOT)}:{line}", match))
    return found


def test_the_rules_reference_has_the_sections_the_code_cites():
    assert set(RULES_ITEMS) >= {1, 2, 3, 4, 5, 6}
    assert max(RULES_ITEMS[3]) >= 17 and max(RULES_ITEMS[4]) == 11


def test_every_section_the_code_cites_resolves_in_docs_rules():
    refs = _refs(SECTION_REF)
    assert len(refs) > 100   # the code does cite the rules; a broken pattern must not pass by finding none
    dangling = []
    for where, match in refs:
        section, item = int(match.group(1)), match.group(2)
        if section not in RULES_ITEMS or (item is not None and int(item) not in RULES_ITEMS[section]):
            dangling.append(f"{where}: {match.group(0)}")
    assert not dangling, "references to no section of docs/RULES.md:\n" + "\n".join(dangling)


def _seed_rules(path: Path) -> set[str]:
    numbers = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        match = re.match(r"\s*(\d+(?:\.\d+)?)[.)\s]", line)
        if match:
            numbers.add(match.group(1))
    return numbers


SEEDS = {path.name[:3]: _seed_rules(path) for path in (DOCS / "seeds").glob("0*.txt")}


def test_the_four_seeds_are_in_the_repo():
    assert set(SEEDS) == {"000", "001", "003", "004"}


@pytest.mark.parametrize("where,match", _refs(SEED_REF), ids=lambda value: value if isinstance(value, str) else "")
def test_every_seed_rule_the_code_cites_is_in_the_seed(where, match):
    seed, rule = match.group(1), match.group(2)
    assert seed in SEEDS, f"{where}: no seed {seed} in docs/seeds/"
    assert rule in SEEDS[seed], f"{where}: seed {seed} has no rule {rule}"
