"""What a validated config gets from where its file is, after validation (`load_config`) or after the cache
(`cache`): relative paths resolved against the file's folder, times without an offset placed in the schedule's time
zone, a schedule without a time zone taking its forum's, each game's ruleset file found. None of it is kept in the
cache: it depends on the file's place and on the machine, not on the file's bytes.
"""
from __future__ import annotations

from pathlib import Path

from ..rulesets import resolve_ruleset
from .records import Config
from .values import localize

__all__ = ["complete"]


def complete(config: Config, file: Path, shown: str, warnings: list) -> Config:
    """`config` (records as validated) completed in place for the file `file`, named `shown` in messages, with the
    file's `warnings`."""
    base = file.resolve().parent
    config.read_from(file.resolve(), shown, warnings)
    if not config.store.path.is_absolute():
        config.store.path = base / config.store.path.expanduser()
    if config.publish.dir is not None and not config.publish.dir.is_absolute():
        config.publish.dir = base / config.publish.dir.expanduser()
    if config.publish.gm_dir is not None and not config.publish.gm_dir.is_absolute():
        config.publish.gm_dir = base / config.publish.gm_dir.expanduser()
    for i, forum in enumerate(config.forums):
        if forum.login is not None:
            forum.login.locate(f"{shown}: forums[{i}].login.password_env")
    forums = {f.id: f for f in config.forums}
    for game in config.games:
        schedule = game.schedule
        if schedule.timezone is None:
            schedule.timezone = forums[game.forum].timezone
        tz = schedule.tz
        schedule.start = localize(schedule.start, tz)
        schedule.first_deadline = localize(schedule.first_deadline, tz)
        for player in game.players:
            if player.replaced_by is not None:
                player.replaced_by.at = localize(player.replaced_by.at, tz)
        if not game.title:
            game.title = game.id
        for key in ("templates_dir", "flavor_dir"):
            folder = getattr(game, key)
            if folder is not None and not folder.is_absolute():
                setattr(game, key, base / folder.expanduser())
        game.found_ruleset(resolve_ruleset(game.ruleset, base))
    return config
