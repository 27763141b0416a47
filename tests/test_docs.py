"""Every command of the CLI is documented in the README (sqlite-utils' test_docs habit), and the README's
first screen gives the two set-up commands CI runs."""
from __future__ import annotations

import re
from pathlib import Path

import click
import pytest

from mafvote.alert_record import ALERT_KINDS
from mafvote.cli import cli, load_all_commands

# the commands load lazily (mafvote.cli._COMMANDS): every one of them, whatever else this run imported
load_all_commands()
ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
INTERFACE = (ROOT / "docs" / "INTERFACE.md").read_text(encoding="utf-8")


def _commands(group: click.Group, prefix: str = "mafvote") -> list[str]:
    found = []
    for name, command in sorted(group.commands.items()):
        path = f"{prefix} {name}"
        if isinstance(command, click.Group):
            found.extend(_commands(command, path))
            if command.invoke_without_command:
                found.append(path)
        else:
            found.append(path)
    return found


@pytest.mark.parametrize("command", _commands(cli))
def test_every_command_is_in_the_readme(command):
    assert f"`{command}" in README, f"{command} is not documented in README.md"


def test_readme_first_screen_has_the_demo_and_the_test_command():
    first_screen = "\n".join(README.splitlines()[:40])
    blocks = re.findall(r"```sh\n(.*?)\n```", first_screen, re.S)
    assert len(blocks) == 2
    assert blocks[0].rstrip().endswith("mafvote demo")
    test_command = blocks[1].split("&&")[-1].strip()
    assert test_command in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_readme_night_file_example_names_every_key_the_night_file_takes():
    """The README's night file shows every key a GM may write by hand, commented or not."""
    import tomllib

    from mafvote_resolver.actions import _ACTION_KEYS

    block = re.search(r"```toml\n(night = .*?)```", README, re.S).group(1)
    shown = set(re.findall(r"^#?\s*(\w+) =", block, re.M))
    assert _ACTION_KEYS <= shown
    tomllib.loads(block)   # and the uncommented part is valid TOML as written


def test_the_webhook_kinds_in_interface_and_readme_are_every_alert_kind():
    """Issue 14: INTERFACE.md's list lacked `publish_failing`. Both documents name exactly the kinds the webhook
    may carry (`ALERT_KINDS`), in their order; the README adds a word on some of them."""
    listed = re.search(r"with\s+`kind` among (.*?)\.\n", INTERFACE, re.S).group(1)
    assert tuple(re.findall(r"`(\w+)`", listed)) == ALERT_KINDS
    readme = re.search(r"with `kind` among (.*?)\. Each alert", README, re.S).group(1)
    kinds = re.findall(r"`([a-z]+_?[a-z_]*)`", readme)
    assert tuple(kind for kind in kinds if kind in ALERT_KINDS) == ALERT_KINDS
    assert set(kinds) - set(ALERT_KINDS) == {"dead_voter"}
