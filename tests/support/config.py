"""The config builder: `game_config` writes a config.toml text from the values a test cares about, the
rest defaulted to the shape INTERFACE.md gives."""
from __future__ import annotations

import json


def toml_value(value) -> str:
    """A value as config.toml writes it: a string, number or boolean (JSON's spelling is TOML's), a list, an
    inline table."""
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


def _keys(table: dict) -> list[str]:
    return [f"{k} = {toml_value(v)}" for k, v in table.items() if v is not None]


def game_config(base: str = "http://127.0.0.1:1/", *, store: str | None = "m.db", forum: dict | None = None,
                game: dict | None = None, schedule: dict | None = None, players=(), **tables: dict) -> str:
    """config.toml of one game (ruleset new_year, GM «Ведущий», game topic tid=1, vote thread tid=2) on one MyBB
    forum at `base`, the night first. `forum`, `game` and `schedule` add or override keys of their table (None
    leaves a key out); `players` are (nick, role) pairs or whole entries; `tables` are more top-level tables
    (`alerts={...}`, `publish={...}`). `store=None` leaves out [store]."""
    forum_keys = {"id": "f", "engine": "mybb", "base_url": base, "timezone": "Europe/Moscow", **(forum or {})}
    game_keys = {"id": "g", "forum": forum_keys["id"], "ruleset": "new_year",
                 "game_topic": f"{base}showthread.php?tid=1", "vote_thread": f"{base}showthread.php?tid=2",
                 "gm": ["Ведущий"], **(game or {})}
    schedule_keys = {"start": "2026-12-27T20:00", "starts_with": "night", "first_deadline": "2026-12-28T23:30",
                     "day_deadline": "22:00", "night_deadline": "22:30", **(schedule or {})}
    lines = ["[store]", *_keys({"path": store}), ""] if store is not None else []
    lines += ["[[forums]]", *_keys(forum_keys), "", "[[games]]", *_keys(game_keys), "",
              "[games.schedule]", *_keys(schedule_keys)]
    for player in players:
        lines += ["", "[[games.players]]", *_keys(player if isinstance(player, dict) else
                                                   {"nick": player[0], "role": player[1]})]
    for name, table in tables.items():
        lines += ["", f"[{name}]", *_keys(table)]
    return "\n".join(lines) + "\n"
