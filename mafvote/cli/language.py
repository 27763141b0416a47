"""The language of what mafvote says before any config is loaded: `--help`, a usage error and `--version`.

It is the `[alerts] language` of the config the command would read (`-c FILE` as typed, else $MAFVOTE_CONFIG, else
./config.toml), read with `tomllib` alone and only for that key, when that file is TOML and names one; else the
default, Russian. Kept free of click and of the catalogue (plain `open`, no `pathlib`): `mafvote --version` asks it
before anything else is imported (issue 17: its start-up is measured; mafvote.cli.main).
"""
from __future__ import annotations

import os

__all__ = ["config_language", "typed_config"]


def typed_config(args: list[str]) -> str | None:
    """The config file named on the command line (`-c FILE`, `--config FILE`, `--config=FILE`)."""
    for i, arg in enumerate(args):
        if arg in ("-c", "--config") and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--config="):
            return arg.removeprefix("--config=")
    return None


def config_language(path: str | os.PathLike[str] | None) -> str | None:
    """The `[alerts] language` of the config at `path` (else $MAFVOTE_CONFIG, else ./config.toml) when that file is
    TOML that names a known one; None otherwise."""
    path = path or os.environ.get("MAFVOTE_CONFIG") or "config.toml"
    try:
        with open(path, "rb") as file:
            import tomllib  # start-up: tomllib (≈ 5 ms), only where there is a config to read

            raw = tomllib.load(file)
    except (OSError, ValueError):      # no file, not TOML, not UTF-8: the default speaks
        return None
    alerts = raw.get("alerts")
    found = alerts.get("language") if isinstance(alerts, dict) else None
    # start-up: the catalogue's module (with `typing`, ≈ 5 ms) only once a config names a language
    from ..messages import LANGUAGES

    return found if found in LANGUAGES else None
