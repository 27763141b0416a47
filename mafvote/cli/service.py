"""`game_service`: the game a command names, opened over its store for the command's length. Its own module so
that the commands which only read a game (`tally`, `votes`, `render`) do not import the night and day commands
of `mafvote.cli.game` (issue 17, start-up time)."""
from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from ..game import GameService, open_service
from .common import load_game

__all__ = ["game_service"]


@contextmanager
def game_service() -> Iterator[GameService]:
    """The service of the game the command names (`--game`), its store closed when the command ends."""
    config, game = load_game()
    store, service = open_service(config, game)
    try:
        yield service
    finally:
        store.close()
