"""The service facade: `GameService` is one game over the store, put together from the concerns, and
`service_for` is the one way to open it (the CLI's `open_service`, the daemon and `mafvote status` use it).

    GameService = Days (close, modkill) + Nights (night file, resolve) + Replacements + HandSet (state set by
                  hand) + VoteHistory (a player's votes, post links); each builds on Counting, NightDuties,
                  GameEnd (the winner), Undo and GameCore (the stored steps, the current phase)
"""
from __future__ import annotations

from pathlib import Path

from mafvote_resolver import RulesetError

from .. import gm_text, rulesets
from ..config import GameConfig
from ..errors import MafvoteError
from ..store import Store
from .days import Days
from .hand import HandSet
from .nights import Nights
from .records import GameError
from .replacement import Replacements
from .votes import VoteHistory

__all__ = ["GameService", "bot_account", "open_service", "service_for"]


class GameService(Days, Nights, Replacements, HandSet, VoteHistory):
    """One game's state over the store, and the GM's game operations. Open per command (`service_for`);
    nothing is cached between commands. Only these operations touch the store, the files and the clock
    (`now` is passed in by the caller)."""


def bot_account(forum) -> str:
    """The account mafvote posts the count from on `forum` (its `login.user`), "" without a login."""
    return forum.login.user if forum.login is not None else ""


def service_for(config, game: GameConfig, store: Store | None = None) -> GameService:
    """The service of `game` of a loaded config: its ruleset loaded (a bad one is a `GameError` naming the file),
    the forum's engine and address for post links, the bot account whose posts are not votes, the night files
    beside the store. Over `store` when given (the daemon's one store for every game), else over a store opened
    here, which the caller closes (`service.store.close()`)."""
    try:
        ruleset = rulesets.load(game.ruleset_path)
    except RulesetError as exc:
        raise GameError(gm_text.resolver_error(exc)) from None
    forum = config.forum(game.forum)
    opened = store is None
    store = Store(config.store.path) if store is None else store
    try:
        return GameService(store, game, ruleset, nights_dir=Path(config.store.path).parent / "nights",
                           engine=forum.engine, base_url=forum.base_url, bot=bot_account(forum))
    except MafvoteError:
        if opened:
            store.close()
        raise


def open_service(config, game: GameConfig) -> tuple[Store, GameService]:
    """The store and the service for a game of a loaded config (the CLI closes the store)."""
    service = service_for(config, game)
    return service.store, service
