"""The GM's guide in Russian (docs/guide.ru.md, issue 14): linked from the README's first screen; every command
in its code blocks exists and takes the options it is written with; its example config passes `mafvote check`;
it explains every alert kind and every vote flag a GM receives."""
from __future__ import annotations

import re
import shlex
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

import mafvote_tally as tally
from mafvote.cli import cli

ROOT = Path(__file__).resolve().parent.parent
GUIDE = (ROOT / "docs" / "guide.ru.md").read_text(encoding="utf-8")
README = (ROOT / "README.md").read_text(encoding="utf-8")
ALERT_KINDS = ("deadline_soon", "deadline", "early_close", "modkill_candidate", "under_active", "silent_player",
               "vote_flag", "crawl_failing")


def guide_commands() -> list[str]:
    lines = []
    for block in re.findall(r"```sh\n(.*?)```", GUIDE, re.S):
        for line in block.splitlines():
            for part in line.split("&&"):
                if part.strip().startswith("mafvote"):
                    lines.append(part.strip())
    return lines


def test_the_readme_first_screen_links_the_guide():
    first_screen = "\n".join(README.splitlines()[:40])
    assert "(docs/guide.ru.md)" in first_screen


def test_the_guide_shows_the_daily_routine():
    commands = {" ".join(c.split()[:3]) for c in guide_commands()}
    for needed in ("mafvote check -c", "mafvote crawl -c", "mafvote night add", "mafvote night resolve",
                   "mafvote day close", "mafvote render -c", "mafvote undo -c", "mafvote run -c"):
        assert any(c.startswith(needed) for c in commands), needed


@pytest.mark.parametrize("line", guide_commands())
def test_every_command_of_the_guide_parses(line):
    args = shlex.split(line)[1:]
    ctx = cli.make_context("mafvote", [], resilient_parsing=True)
    command: click.Command = cli
    path = ["mafvote"]
    # the groups load their commands lazily: ask each group for the next word's command
    while isinstance(command, click.Group) and args:
        sub = command.get_command(ctx, args[0])
        if sub is None:
            break
        path.append(args.pop(0))
        command = sub
    assert not isinstance(command, click.Group) or command.invoke_without_command, f"{line}: needs a subcommand"
    # parses the options and arguments exactly as click would; an unknown option or a missing argument raises
    with command.make_context(" ".join(path), list(args), parent=ctx) as parsed:
        assert parsed.command is command


def test_the_guide_config_passes_check(tmp_path):
    block = re.search(r"```toml\n(\[store\].*?)```", GUIDE, re.S).group(1)
    (tmp_path / "config.toml").write_text(block, encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "-c", str(tmp_path / "config.toml")])
    assert result.exit_code == 0, result.output


def test_the_guide_explains_every_alert_and_every_vote_flag():
    table = GUIDE.split("## 5.", 1)[1]
    for kind in ALERT_KINDS:
        assert f"| `{kind}` |" in table, kind
    flags = set(tally.FLAG_KINDS) | {"not_a_vote", "early_post", "unknown_author", "target_removed"}
    # flags that are alerts of their own kind above, not `vote_flag` lines
    flags -= {"modkill_candidate", "under_active"}
    for flag in sorted(flags):
        assert f"`{flag}`" in table, flag
