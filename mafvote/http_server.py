"""The threaded HTTP server of mafvote's local servers (`mafvote serve`'s pages, `mafvote demo`'s forum,
`mafvote.forumsim`), one class for all: a client that goes away mid-request is not an error of the server's."""
from __future__ import annotations

import logging
import sys
from http.server import ThreadingHTTPServer

__all__ = ["LocalHTTPServer"]

log = logging.getLogger("mafvote.http")


class LocalHTTPServer(ThreadingHTTPServer):
    """`ThreadingHTTPServer` whose threads do not hold the process open, and which logs a client gone mid-request (a
    browser tab closed, a reload, a crawler that stopped reading a page over its size limit: a reset connection or a
    broken pipe) at debug level: socketserver's default prints a Python traceback on the terminal for it."""

    daemon_threads = True

    def handle_error(self, request, client_address) -> None:  # noqa: ANN001 - socketserver's signature
        if isinstance(sys.exc_info()[1], ConnectionError):
            log.debug("%s went away mid-request", client_address[0])
            return
        super().handle_error(request, client_address)
