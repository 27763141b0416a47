"""Files a web server or a browser reads while mafvote rewrites them: the count files and the pages.

Each file is replaced atomically: its new bytes go to a temp file in the same folder, the temp file is flushed
to the disk (`fsync`), then renamed over the old one. A reader, or a crash at any moment, finds the old file or
the new one, never a torn one. A file whose bytes did not change is not written at all (its time stays).

`write_changed` writes several files at once (a tick writes the count files and both views' pages): every temp
file is written first, then they are flushed side by side in a few threads, then renamed one by one. Each file
still has its own `fsync` before its rename, as when they were written one after the other; flushed together,
the file system puts them in one journal commit instead of one commit each (bench/README.md, issue 17: a tick
with one new post wrote six files, and their six commits in a row were the largest part of it). When a flush
fails nothing is renamed: every file stays as it was.

`stage` does the first half and hands back a `Staged` whose `commit` waits for the flushes and renames: the daemon
stages the count files, builds the pages while the disk flushes them, and commits them with the pages, so a tick
with a new post waits for the disk once, not twice.
"""
from __future__ import annotations

import itertools
import os
import threading
from concurrent.futures import Future, ThreadPoolExecutor, wait
from pathlib import Path
from typing import Mapping

__all__ = ["Staged", "stage", "write_changed", "write_if_changed"]

_FLUSHERS = 8                # threads flushing temp files side by side: more files than this queue for a thread
_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()


def write_if_changed(path: Path, text: str | bytes) -> bool:
    """Write `text` (or bytes, already UTF-8) to `path` atomically unless the file already holds it."""
    return bool(write_changed({Path(path): text}))


def write_changed(files: Mapping[Path, str | bytes]) -> list[Path]:
    """Write each file (text, or bytes already UTF-8) whose bytes changed, atomically; returns those written, in
    the order given. An `OSError` (a folder that cannot be made, a full disk) leaves every file as it was, unless
    it came in the renames at the end (the files renamed before it are new, the others old: each one whole)."""
    return stage(files).commit()


class Staged:
    """Files written to temp files beside their targets, their flushes under way: `commit` renames them."""

    def __init__(self, temps: list[tuple[int | None, str, Path]], flushes: list[Future]) -> None:
        self._temps = temps          # (open descriptor, temp file, target)
        self._flushes = flushes
        self.paths = [path for _, _, path in temps]      # the files that change, in the order given

    def commit(self) -> list[Path]:
        """Wait for the flushes, then rename each temp file over its target; returns the files written. A failed
        flush raises its `OSError` with nothing renamed and no temp file left."""
        temps, self._temps = self._temps, []
        written: list[Path] = []
        try:
            wait(self._flushes)      # every flush ended before a failure is raised: the descriptors close below
            for flush in self._flushes:
                flush.result()
            for i, (fd, tmp, path) in enumerate(temps):
                os.close(fd)  # type: ignore[arg-type]
                temps[i] = (None, tmp, path)
                os.replace(tmp, path)
                written.append(path)
        finally:
            _discard(temps, written)
        return written

    def discard(self) -> None:
        """Leave every target as it was and remove the temp files."""
        temps, self._temps = self._temps, []
        wait(self._flushes)
        _discard(temps, [])


def stage(files: Mapping[Path, str | bytes]) -> Staged:
    """The first half of `write_changed`: each changed file's bytes in a temp file beside it, flushed in the
    background; `Staged.commit()` renames them. An `OSError` here leaves every file as it was."""
    todo: list[tuple[Path, bytes]] = []
    for path, text in files.items():
        path = Path(path)
        data = text if isinstance(text, bytes) else text.encode("utf-8")
        try:
            if path.read_bytes() == data:
                continue
        except FileNotFoundError:
            pass
        todo.append((path, data))
    temps: list[tuple[int | None, str, Path]] = []
    try:
        for path, data in todo:
            fd, tmp = _temp_beside(path)
            temps.append((fd, tmp, path))
            rest = memoryview(data)
            while rest:
                rest = rest[os.write(fd, rest):]
            os.fchmod(fd, 0o644)  # whatever the umask: the page is for the web server to read
        return Staged(temps, _flush([fd for fd, _, _ in temps]))  # type: ignore[misc]
    except BaseException:
        _discard(temps, [])
        raise


_temps = itertools.count()
_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)


def _temp_beside(path: Path) -> tuple[int, str]:
    """A new temp file beside `path`, open for writing, named by this process and a counter (`tempfile.mkstemp`'s
    random name and a Python file object cost ≈ 0.1 ms a file a tick, issue 17). Made as mkstemp makes it: never
    over a file or link already there (a name left by a process of the same id is passed over), readable by this
    user only until `fchmod`. The folder is made when it is missing."""
    for _ in range(100):
        tmp = f"{path.parent}{os.sep}.{path.name}.{os.getpid()}-{next(_temps)}.tmp"
        try:
            return os.open(tmp, _FLAGS, 0o600), tmp
        except FileExistsError:
            continue
        except FileNotFoundError:
            path.parent.mkdir(parents=True, exist_ok=True)
            return os.open(tmp, _FLAGS, 0o600), tmp
    raise FileExistsError(f"no free temp file name beside {path}")


def _discard(temps: list[tuple[int | None, str, Path]], written: list[Path]) -> None:
    for fd, tmp, path in temps:
        if fd is not None:
            os.close(fd)
        if path not in written:
            try:
                os.unlink(tmp)
            except FileNotFoundError:
                pass


def _flush(fds: list[int]) -> list[Future]:
    """`fsync` every descriptor in the flushing threads, side by side, so that one journal commit takes them all."""
    if not fds:
        return []
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ThreadPoolExecutor(max_workers=_FLUSHERS, thread_name_prefix="mafvote-fsync")
    return [_pool.submit(os.fsync, fd) for fd in fds]
