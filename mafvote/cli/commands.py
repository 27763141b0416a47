"""Registers the command modules; each one owns its commands."""
from . import crawl  # noqa: E402,F401  (mafvote crawl, mafvote posts)
from . import check  # noqa: E402,F401  (mafvote check)
from . import demo  # noqa: E402,F401  (mafvote demo)
from . import game  # noqa: E402,F401  (night, day, modkill, replace, undo, state)
from . import tally  # noqa: E402,F401  (mafvote tally, mafvote votes)
from . import daemon  # noqa: E402,F401  (mafvote run, mafvote status)
from . import render  # noqa: E402,F401  (mafvote render)
