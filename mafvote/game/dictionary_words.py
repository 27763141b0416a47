"""The dictionary's answers for the words the count looked up, kept beside the store so that the next command does
not load the dictionary (issue 17: pymorphy3's import and dictionary were ≈ 0.1 s of every `mafvote tally`).

The count's name matcher asks pymorphy3 about a few written words (Cyrillic words that begin like some name: is it
a word the dictionary knows, and its normal forms; `RosterMatcher.lemmas`). The answer depends on the word and the
dictionary alone, not on the game, so it is kept per store in `.<store file>.mafvote-words` (JSON, with a digest of
its contents) and handed to the next matcher. It is used only when it was written for this dictionary and this
reading of it: its key is the bytes of pymorphy3's and its Russian dictionary's version files, of the dictionary's
`meta.json`, and of the count's names module (`tally/names.py`, where the words are read), none of them imported to
find it. On any doubt (another key, a torn or hand-edited file) it is not read: the dictionary is asked again and
the file rewritten. Written atomically, with the store's own file mode; a folder mafvote cannot write has no file.
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
import os
from pathlib import Path

import mafvote_tally.names

__all__ = ["load_words", "save_words", "words_file"]

# the layout of the file; another layout is not read
WORDS_FORMAT = 1
Words = dict[str, "tuple[str, ...] | None"]


def words_file(store_path: Path) -> Path:
    """Where the words of the store at `store_path` are kept: beside it, hidden, named after it."""
    return store_path.parent / f".{store_path.name}.mafvote-words"


def _key() -> str | None:
    """A digest of what the answers depend on, or None when the dictionary's files are not found."""
    digest = hashlib.sha256(f"{WORDS_FORMAT}\0".encode())
    try:
        for package, files in (("pymorphy3", ("version.py",)),
                               ("pymorphy3_dicts_ru", ("version.py", "data/meta.json"))):
            spec = importlib.util.find_spec(package)       # the top-level package found, not imported
            if spec is None or not spec.submodule_search_locations:
                return None
            folder = Path(next(iter(spec.submodule_search_locations)))
            for name in files:
                digest.update(f"{package}/{name}\0".encode() + (folder / name).read_bytes() + b"\0")
        digest.update(Path(mafvote_tally.names.__file__).read_bytes())
    except (OSError, ImportError, ValueError):
        return None
    return digest.hexdigest()


def load_words(store_path: Path) -> Words:
    """The words kept for the store at `store_path`: {} when there are none this dictionary's reading can trust."""
    try:
        digest, _, payload = words_file(store_path).read_bytes().partition(b"\n")
    except OSError:
        return {}
    if hashlib.sha256(payload).hexdigest().encode() != digest:
        return {}
    try:
        content = json.loads(payload)
        if content["key"] != _key() or content["key"] is None:
            return {}
        return {word: None if forms is None else tuple(forms) for word, forms in content["words"].items()}
    except (ValueError, KeyError, TypeError, AttributeError):
        return {}


def save_words(store_path: Path, words: Words) -> None:
    """Keep `words` for the store at `store_path` (quietly nothing when it cannot be written)."""
    key = _key()
    if key is None:
        return
    try:
        mode = os.stat(store_path).st_mode & 0o777
        # start-up: tempfile (with shutil and random) only when the words are written, not for each count
        import tempfile
        fd, tmp = tempfile.mkstemp(dir=store_path.parent, prefix=words_file(store_path).name, suffix=".tmp")
    except OSError:
        return
    payload = json.dumps({"key": key, "words": words}, ensure_ascii=False, sort_keys=True).encode()
    try:
        with os.fdopen(fd, "wb") as out:
            os.fchmod(out.fileno(), mode)
            out.write(hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload)
        os.replace(tmp, words_file(store_path))
    except OSError:
        Path(tmp).unlink(missing_ok=True)
