"""What every family of tables shares: the store's database (`db`) and the scrubbing of free text on its way in.

`Store` (`mafvote.store.file`) is made of one class per family of tables (topics and pages, posts, stored
readings, crawl runs, the game journal, the alert log, published counts), each a `TableFamily`; only these
classes hold SQL.
"""
from __future__ import annotations

import json
from typing import Any, Callable

from .database import StoreDatabase

__all__ = ["Phrase", "TableFamily", "map_strings", "read_phrase"]

# an error's catalogue key and its facts; a fact that is itself a phrase is a `(key, facts)` pair
Phrase = tuple[str, dict[str, Any]]


class TableFamily:
    """The part of `Store` every family of tables uses; `Store.__init__` sets both attributes."""

    db: StoreDatabase
    _scrub: Callable[[str], str]

    def _clean(self, text: str | None) -> str | None:
        """Free text on its way into the store, without secrets."""
        return self._scrub(text) if text else text

    def _clean_json(self, value: Any) -> str:
        # each string inside is scrubbed, not the JSON text: a secret holding `"` or `\` is escaped in JSON
        return json.dumps(map_strings(value, self._scrub), ensure_ascii=False)

    def _phrase_json(self, phrase: Phrase | None) -> str | None:
        """An error's key and facts as stored beside its English: JSON `{"key": ..., "facts": {...}}`, scrubbed."""
        return None if phrase is None else self._clean_json({"key": phrase[0], "facts": phrase[1]})

    def has_tables(self, *names: str) -> bool:
        return all(self.db.table_exists(name) for name in names)


def map_strings(value: Any, change: Callable[[str], str], *, sequence: Callable[[list], Any] = list) -> Any:
    """`value` (JSON-like) with `change` applied to every string in it, keys included (the secrets' scrubber;
    migration 7's `visible`), each list or tuple in it made by `sequence` (the game journal keeps its parts as tuples);
    iterative, since a journal note is user text of any depth."""
    if isinstance(value, str):
        return change(value)
    if not isinstance(value, (dict, list, tuple)):
        return value
    root: list[Any] = [None]
    todo: list[tuple[Any, list | dict, Any]] = [(value, root, 0)]
    made: list[tuple[list, list | dict, Any]] = []      # the lists made, in order, for `sequence`
    while todo:
        item, parent, slot = todo.pop()
        if isinstance(item, dict):
            out: Any = {}
            for k, v in item.items():
                key = change(k) if isinstance(k, str) else k
                out[key] = None
                todo.append((v, out, key))
        elif isinstance(item, (list, tuple)):
            out = [None] * len(item)
            todo.extend((v, out, i) for i, v in enumerate(item))
            made.append((out, parent, slot))
        else:
            out = change(item) if isinstance(item, str) else item
        parent[slot] = out
    if sequence is not list:
        # a list made later is inside one made earlier (or beside it): each is whole when its turn comes
        for out, parent, slot in reversed(made):
            parent[slot] = sequence(out)
    return root[0]


def read_phrase(stored: str | None) -> Phrase | None:
    """A key and facts as `TableFamily._phrase_json` stored them; None for a row with none."""
    if not stored:
        return None
    value = json.loads(stored)
    return value["key"], {name: _fact(fact) for name, fact in value["facts"].items()}


def _fact(value: Any) -> Any:
    # JSON has no tuples: a nested phrase comes back as [key, facts]
    if isinstance(value, list) and len(value) == 2 and isinstance(value[0], str) and isinstance(value[1], dict):
        return value[0], {name: _fact(fact) for name, fact in value[1].items()}
    return value
