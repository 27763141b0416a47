"""`mafvote serve` (INTERFACE.md): the public pages and the GM's pages on a local web server (mafvote/serve.py)."""
from __future__ import annotations

import os
from pathlib import Path

import click

from .. import game as game_mod
from ..errors import BadInput
from ..messages import text as t
from ..pages import gm_pages_dir, public_pages_dir
from ..serve import PagesServer
from ..serve_pages import ServedPages
from .group import cli
from .common import config_option, load

__all__ = ["serve_command"]


@cli.command("serve")
@config_option
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", type=click.IntRange(0, 65535), default=8080, show_default=True)
@click.option("--gm-token-env", "token_env", metavar="VAR", default=None)
@click.option("--no-write", "no_write", is_flag=True)
def serve_command(config_path: Path, host: str, port: int, token_env: str | None, no_write: bool) -> None:
    # Show the public pages and (on 127.0.0.1, or with a token) the GM's pages in a browser.
    config = load()
    token = None
    if token_env:
        token = os.environ.get(token_env, "").strip()
        if not token:
            raise BadInput(t("serve.token_missing", var=token_env))
    public, gm = public_pages_dir(config), gm_pages_dir(config)
    # the games' services and their pages kept from refresh to refresh: one costs what changed since the last
    write = None if no_write else ServedPages(config, now=game_mod.utc_now)
    try:
        server = PagesServer((host, port), public_dir=public, gm_dir=gm, token=token, write=write)
    except OSError as exc:
        if write is not None:
            write.close()
        raise BadInput(t("serve.cannot_listen", host=host, port=port, reason=exc.strerror or exc)) from None
    server.refresh_pages(force=True)
    shown = f"[{host}]" if ":" in host else host
    real_port = server.server_address[1]
    click.echo(t("serve.public", host=shown, port=real_port, dir=public))
    click.echo(t("serve.gm", port=real_port, where=t("serve.gm.token" if token else "serve.gm.local"), dir=gm))
    click.echo(t("serve.stop_hint"))
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        click.echo(t("serve.stopped"))
    finally:
        server.server_close()
        if write is not None:
            write.close()
