"""The application's errors. Each carries the exit status the CLI returns (INTERFACE.md:
1 the operation failed, 2 bad input) and a message a GM can act on."""
from __future__ import annotations


class MafvoteError(Exception):
    exit_code = 1


class BadInput(MafvoteError):
    """The GM's input (config, command line, night file) is wrong; exit status 2."""

    exit_code = 2


class OperationFailed(MafvoteError):
    """The forum is down, a page is not recognised, a channel refused; exit status 1."""

    exit_code = 1
