"""The store owns all SQL (issue 16): no module outside the package `mafvote/store/` talks to the database connection or
writes an SQL statement. A new query belongs in a named, typed method of `mafvote.store.Store`.

Read from the sources themselves, so a statement added anywhere in the four packages fails here with its file
and line. Catching `sqlite3.DatabaseError` to tell the GM what went wrong is allowed: that is not talking to it.
"""
from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("mafvote", "scraper", "tally", "resolver")
STORE = ROOT / "mafvote" / "store"

# a call on a connection or a sqlite_utils database, or the store's database reached from outside
_CONNECTION = re.compile(r"\.(execute|executemany|executescript|query)\(|\.db\s*[.\[]|sqlite3\.connect\("
                         r"|sqlite_utils\.Database\(")
# an SQL statement written in a string
_STATEMENT = re.compile(r"\b(select\s.+\sfrom\s|insert\s+(or\s+\w+\s+)?into\s|delete\s+from\s|update\s+\w+\s+set\s"
                        r"|create\s+(table|index)\s|alter\s+table\s|drop\s+table\s|pragma\s+\w+)", re.I | re.S)


def _outside_the_store() -> list[Path]:
    return [p for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py"))
            if STORE not in p.parents]


def _offences(path: Path, root: Path = ROOT) -> list[str]:
    text = path.read_text(encoding="utf-8")
    where = path.relative_to(root)
    out = []
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        line = token.start[0]
        if token.type == tokenize.STRING and _STATEMENT.search(token.string):
            out.append(f"{where}:{line}: SQL in a string: {token.string[:60]}")
    for n, line in enumerate(text.splitlines(), start=1):
        code = line.split("#", 1)[0]
        if _CONNECTION.search(code):
            out.append(f"{where}:{n}: talks to the database: {line.strip()[:80]}")
    return out


def test_the_guard_sees_what_it_forbids(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('rows = store.db.query("select * from game_phases where game_id = ?", [g])\n'
                      'cur.execute("INSERT OR IGNORE INTO alerts (game) VALUES (?)", [g])\n', encoding="utf-8")
    assert _offences(sample, tmp_path) == [
        'sample.py:1: SQL in a string: "select * from game_phases where game_id = ?"',
        'sample.py:2: SQL in a string: "INSERT OR IGNORE INTO alerts (game) VALUES (?)"',
        'sample.py:1: talks to the database: rows = store.db.query("select * from game_phases where game_id = ?", [g])',
        'sample.py:2: talks to the database: cur.execute("INSERT OR IGNORE INTO alerts (game) VALUES (?)", [g])',
    ]


def test_no_sql_outside_the_store():
    files = _outside_the_store()
    assert ROOT / "mafvote" / "daemon.py" in files and ROOT / "mafvote" / "store" / "posts.py" not in files
    assert not (ROOT / "mafvote" / "store.py").exists()
    offences = [o for path in files for o in _offences(path)]
    assert offences == [], "move these into a named method of mafvote.store.Store:\n" + "\n".join(offences)
