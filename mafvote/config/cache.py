"""The validated config kept as plain data, so that a command whose config has not changed reads it without the
validator (pydantic's import and model build are most of a command's start, issue 17).

`load_cached(path)` is what the commands call. It reads the file's bytes and looks for its cache beside it
(`.config.toml.mafvote-cache` for `config.toml`). The cache is used only when all of these hold; on any doubt the
file is validated again as `load_config` does (`load.validated`, the one validator) and the cache rewritten:

- the cache's own digest matches its contents (a torn or hand-edited cache is never read);
- it was written by this mafvote: the same version and the same validating code (a digest of `mafvote/config/`'s
  sources and `mafvote/rulesets.py`, so a development checkout's edit counts too);
- for this file (its resolved path) with exactly these bytes (SHA-256);
- every other file the validation looked at is as it was: each game's ruleset file (its bytes), the games'
  `templates_dir` and `flavor_dir` (still folders), and the themes' `theme.toml` files, bundled and the GM's own
  (the list of them and their bytes).

What is cached is the records as validated, before `complete` (paths resolved, times placed in their zone):
completion runs on every load, so it follows the file's folder, `~` and the time zone database of the moment.
A file with problems is never cached (its problems are reported, with their lines, by the validator each time),
nor one with warnings (`mafvote check` lists them). The cache holds nothing the config does not: it is written only
when the store exists, with the store's file mode (never more open than the config's own), atomically; a folder
mafvote cannot write simply has no cache. `mafvote check` always validates (`check_file`).
"""
from __future__ import annotations

import hashlib
import json
import os
from dataclasses import fields, is_dataclass
from datetime import datetime, time, timedelta, timezone
from pathlib import Path
from typing import Any

from .. import __version__
from ..paths import data_dir
from .complete import complete
from .records import RECORDS, Config

__all__ = ["cache_file", "load_cached"]

# the layout of the cache file; a cache of another layout is validated again
CACHE_FORMAT = 1
_SOURCES = (Path(__file__).resolve().parent, Path(__file__).resolve().parent.parent / "rulesets.py")


class _Doubt(Exception):
    """The cache cannot be trusted, or a config cannot be cached: validate."""


def cache_file(file: Path) -> Path:
    """Where the cache of the config file `file` is kept: beside it, hidden, named after it."""
    resolved = file.resolve()
    return resolved.parent / f".{resolved.name}.mafvote-cache"


def load_cached(path: str | Path) -> Config:
    """The config at `path` (as `load_config` gives it), from its cache when the cache is sure to be the validator's
    answer for these bytes; else validated (raising `ConfigError` as `load_config` does) and cached."""
    file, shown = Path(path), str(path)
    try:
        data = file.read_bytes()
    except OSError:
        data = None                        # the validator says what is wrong with the file, as always
    if data is not None:
        try:
            return _from_cache(file, data, shown)
        except (_Doubt, OSError, ValueError, TypeError, KeyError, AttributeError):
            pass
    from .load import validated  # start-up: pydantic and the schema, only for a file not seen validated

    config, warnings = validated(path)
    try:
        record = _encode(config)
    except _Doubt:
        record = None
    complete(config, file, shown, warnings)
    if record is not None and data is not None and not warnings:
        _save(file, data, record, config)
    return config


def _key(file: Path, data: bytes) -> dict[str, str]:
    return {"format": str(CACHE_FORMAT), "mafvote": __version__, "code": _code_digest(),
            "file": str(file.resolve()), "sha256": hashlib.sha256(data).hexdigest()}


def _code_digest() -> str:
    digest = hashlib.sha256()
    # os.listdir, not Path.glob: the same names, without compiling a pattern each run (issue 17)
    for source in sorted(p for s in _SOURCES
                         for p in ([s] if s.is_file() else (s / n for n in os.listdir(s) if n.endswith(".py")))):
        digest.update(source.name.encode() + b"\0" + source.read_bytes() + b"\0")
    return digest.hexdigest()


def _from_cache(file: Path, data: bytes, shown: str) -> Config:
    digest, _, payload = cache_file(file).read_bytes().partition(b"\n")
    if hashlib.sha256(payload).hexdigest().encode() != digest:
        raise _Doubt("the cache's digest does not match its contents")
    content = json.loads(payload)
    if content["key"] != _key(file, data):
        raise _Doubt("another file, other bytes or another mafvote")
    config = _decode(content["config"])
    if not isinstance(config, Config):
        raise _Doubt("not a config")
    complete(config, file, shown, [])
    if content["depends"] != _depends(config):
        raise _Doubt("a file the validation read has changed")
    return config


def _save(file: Path, data: bytes, record: Any, config: Config) -> None:
    try:
        if file.read_bytes() != data:      # changed while it was validated: the record may be of other bytes
            return
        mode = os.stat(config.store.path).st_mode & os.stat(file).st_mode & 0o777
    except OSError:
        return                             # no store yet: the command that creates it will be the next to try
    payload = json.dumps({"key": _key(file, data), "depends": _depends(config), "config": record},
                         ensure_ascii=False, sort_keys=True).encode()
    target = cache_file(file)
    # start-up: tempfile (with shutil and random) only when a cache is written, not for each command that reads one
    import tempfile
    try:
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=target.name, suffix=".tmp")
    except OSError:
        return                             # a folder mafvote cannot write: no cache, the file is validated each time
    try:
        with os.fdopen(fd, "wb") as out:
            os.fchmod(out.fileno(), mode)
            out.write(hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload)
        os.replace(tmp, target)
    except OSError:
        Path(tmp).unlink(missing_ok=True)


def _depends(config: Config) -> list[list[str]]:
    """Every other file or folder the validation looked at, with what it found there."""
    paths: set[Path] = set()
    try:
        themes = [data_dir("templates")]
    except FileNotFoundError:
        themes = []
    for game in config.games:
        try:
            paths.add(game.ruleset_path)
        except RuntimeError:               # not found
            raise _Doubt("a game's ruleset is not found") from None
        for folder in (game.templates_dir, game.flavor_dir):
            if folder is not None:
                paths.add(folder)
        if game.templates_dir is not None:
            themes.append(game.templates_dir)
    for folder in themes:
        paths.update(folder.glob("*/theme.toml"))
    return [[str(path), _state(path)] for path in sorted(paths)]


def _state(path: Path) -> str:
    if path.is_dir():
        return "folder"
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except FileNotFoundError:
        return "missing"
    except OSError:
        return "unreadable"


# The records as JSON: each value tagged with its type, so that it reads back as exactly what was written.

def _encode(value: Any) -> Any:
    if is_dataclass(value) and type(value).__name__ in RECORDS:
        return {"record": type(value).__name__,
                "fields": {f.name: _encode(getattr(value, f.name)) for f in fields(value) if f.init}}
    if isinstance(value, Path):
        return {"path": str(value)}
    if isinstance(value, datetime):
        if value.tzinfo is not None and type(value.tzinfo) is not timezone:
            raise _Doubt("a time zone other than a fixed offset")
        return {"datetime": value.isoformat()}
    if isinstance(value, time):
        if value.tzinfo is not None:
            raise _Doubt("a time of day with a zone")
        return {"time": value.isoformat()}
    if isinstance(value, timedelta):
        return {"timedelta": [value.days, value.seconds, value.microseconds]}
    if isinstance(value, list):
        return [_encode(v) for v in value]
    if isinstance(value, dict):
        if not all(isinstance(k, str) for k in value):
            raise _Doubt("a table with keys that are not text")
        return {"table": {k: _encode(v) for k, v in value.items()}}
    if value is None or type(value) in (str, int, float, bool):
        return value
    raise _Doubt(f"a value of type {type(value).__name__}")


def _decode(value: Any) -> Any:
    if isinstance(value, list):
        return [_decode(v) for v in value]
    if not isinstance(value, dict):
        return value
    if value.keys() == {"record", "fields"}:
        record = RECORDS[value["record"]]
        names = {f.name for f in fields(record) if f.init}
        if value["fields"].keys() != names:
            raise _Doubt(f"{record.__name__} with other fields")
        return record(**{k: _decode(v) for k, v in value["fields"].items()})
    if len(value) != 1:
        raise _Doubt("an unknown value")
    ((tag, content),) = value.items()
    if tag == "path" and isinstance(content, str):
        return Path(content)
    if tag == "datetime" and isinstance(content, str):
        return datetime.fromisoformat(content)
    if tag == "time" and isinstance(content, str):
        return time.fromisoformat(content)
    if tag == "timedelta" and isinstance(content, list) and all(type(c) is int for c in content):
        return timedelta(*content)
    if tag == "table" and isinstance(content, dict):
        return {k: _decode(v) for k, v in content.items()}
    raise _Doubt("an unknown value")
