"""The live tier: mafvote against real forum engines started here (../shared/live-forums, its README).

Every test module in tests/live carries `pytestmark = pytest.mark.live`. The README's plain
`python -m pytest -q` deselects the tier (pyproject's addopts `-m "not live"`); `python -m pytest -q -m live
tests/live` runs it. Where no engines folder exists (a clone without ../shared/live-forums, or
$MAFVOTE_LIVE_FORUMS naming a missing folder) the tier is deselected too: it cannot fail for lack of engines.

What a test gets from here:
- `board_for(engine)` / the module-scoped fixtures `mybb_board`, `punbb_board`, `phpbb_board`, `smf_board`
  (and `board`, parametrized over the four): a fresh board started by `start_board.sh ENGINE WORKDIR PORT`
  on a free port of 127.0.0.1 in a tmp WORKDIR, always stopped by `stop_board.sh` at the module's end.
  `LiveBoard.driver` is the live-forums driver (`boards.py`: register, login, post, quote, edit, signature);
  `LiveBoard.clock` the board's clock (libfaketime, an offset from the real clock).
- `Mafvote(tmp_path, board)`: a config for one game on that board and the mafvote CLI run as a separate
  process under libfaketime at the board's own clock, so relative dates («Сегодня», «Yesterday») read on
  the page mean to mafvote what they mean to the board.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from livekit import ENGINES, board_for, live_available, scratch


def pytest_collection_modifyitems(config, items):
    """No engines folder: the tier is deselected (reported as deselected, never failed or skipped)."""
    if live_available():
        return
    here = Path(__file__).parent
    live = [item for item in items if here in Path(str(item.fspath)).parents]
    if live:
        config.hook.pytest_deselected(items=live)
        items[:] = [item for item in items if item not in live]


def _engine_fixture(engine: str):
    @pytest.fixture(scope="module", name=f"{engine}_board")
    def fixture(tmp_path_factory):
        yield from board_for(engine, tmp_path_factory)
    return fixture


mybb_board = _engine_fixture("mybb")
punbb_board = _engine_fixture("punbb")
phpbb_board = _engine_fixture("phpbb")
smf_board = _engine_fixture("smf")


@pytest.fixture(scope="module", params=ENGINES)
def board(request, tmp_path_factory):
    """One board per engine per module, one engine at a time (pytest orders the module's tests by engine)."""
    yield from board_for(request.param, tmp_path_factory)




@pytest.fixture
def workdir(tmp_path_factory):
    """A folder for mafvote's config and store (in memory when there is room, as the boards are)."""
    with scratch(tmp_path_factory, "mafvote") as folder:
        yield folder
