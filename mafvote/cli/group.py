"""The `mafvote` click group (`mafvote.cli.cli`): thin click commands over the library (INTERFACE.md lists them).

Every error of ours is caught once here, in the group, and printed as one line; exit status 0
success, 1 the operation failed, 2 bad input (`mafvote.failures` decides both for the four packages' errors).
Catching in the group (not only in `main`) gives tests under click's CliRunner the same exit codes a GM sees.

Commands load lazily (issue 17): `mafvote --help` imports no command module (and `mafvote --version` not even this
one: mafvote.cli.main answers it before click is imported), and a command imports only its own module (`_COMMANDS`
names it), so `mafvote tally` never pays for the crawler, the daemon or the demo forum. `--help` lists the commands from `_COMMANDS` and their texts in the catalogue
(mafvote.cli.help_text) without importing them; tests/app/test_cli_startup.py checks that listing.
"""
from __future__ import annotations

import importlib

import click

from . import common  # (first: a Ctrl-C during the command's imports that follow is quiet)
from . import command_starts, help_text, usage, version_line
from .language import typed_config
from .. import messages

# command -> its module under mafvote.cli (its `--help` texts, and its line in `mafvote --help`, are in the catalogue:
# `help.<command>` in mafvote/messages/*_help.py)
_COMMANDS: dict[str, str] = {
    "check": "check",
    "crawl": "crawl",
    "day": "game",
    "demo": "demo",
    "modkill": "game",
    "night": "game",
    "posts": "crawl",
    "render": "render",
    "replace": "game",
    "run": "daemon",
    "serve": "serve",
    "state": "game",
    "status": "daemon",
    "tally": "tally",
    "undo": "game",
    "votes": "tally",
}


def load_all_commands() -> None:
    """Import every command module (what `--help` avoids; a test compares the two)."""
    for module in _COMMANDS.values():
        importlib.import_module(f"{__package__}.{module}")


class _Group(help_text.HelpInLanguage, click.Group):
    # every command and group under `mafvote` words its usage errors' facts (mafvote.cli.usage)
    command_class = usage.UsageCommand
    group_class = usage.UsageGroup

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(_COMMANDS) | set(self.commands))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in _COMMANDS:
            importlib.import_module(f"{__package__}.{_COMMANDS[cmd_name]}")   # it registers itself on `cli`
        return self.commands.get(cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        # the listing fed from `_COMMANDS` and the catalogue, without importing the commands (a command imported
        # already, or added outside the table, speaks for itself when it is hidden or has no text there)
        names = self.list_commands(ctx)
        if not names:
            return
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = []
        for name in names:
            command = self.commands.get(name)
            if command is not None and command.hidden:
                continue
            rows.append((name, help_text.short_help(help_text.command_key(ctx, name), command, limit)))
        with formatter.section(messages.text("help.commands")):
            formatter.write_dl(rows)

    def make_context(self, info_name, args, parent=None, **extra) -> click.Context:
        # a usage error of the group's own options: nothing is read yet, so the default language speaks
        try:
            ctx = super().make_context(info_name, args, parent=parent, **extra)
        except click.exceptions.NoArgsIsHelpError:
            raise
        except click.UsageError as exc:
            raise usage.word(exc, typed_config(args)) from None
        return ctx

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        # the words typed, before click reads them: for a usage error of a command below, and for the language of
        # `--help` (printed while they are read)
        ctx.meta["mafvote.argv"] = list(args)
        return super().parse_args(ctx, args)

    def invoke(self, ctx: click.Context):
        # each command starts in the default language; reading the config makes its language the current one
        # (common._cached), and the language goes back when the command ends (one process may run many)
        with messages.using(messages.DEFAULT_LANGUAGE):
            try:
                return super().invoke(ctx)
            except (click.exceptions.NoArgsIsHelpError, usage.WordedUsageError):
                raise
            except KeyboardInterrupt:
                # click would print its English `Aborted!` and exit 1; a shell's Ctrl-C is 130 (README)
                click.echo(messages.text("cli.interrupted"), err=True)
                raise click.exceptions.Exit(common.INTERRUPTED) from None
            except click.UsageError as exc:
                # worded now, in the language of the moment (the config's once the command read it)
                typed = typed_config(ctx.meta.get("mafvote.argv", [])) or ctx.params.get("config_path")
                raise usage.word(exc, typed) from None
            except Exception as exc:
                # the store an SQLite error is about: the loaded config's (None: no config read, the line says
                # where the path is set)
                # start-up: the four packages' errors (the crawler's model, ≈ 20 ms), only when one is raised
                from ..failures import failure

                found = failure(exc, ctx.meta.get(common.STORE_PATH))
                if found is None:
                    raise       # a bug of ours keeps its traceback
                _error_line(found.text)
                raise click.exceptions.Exit(found.exit_code) from None


def _error_line(message: str) -> None:
    """One error line on stderr, in the current language (the config's once the command read it; Russian when it could
    not be read), scrubbed of the secrets the config names (a forum's answer may quote the password)."""
    from ..secret_registry import scrub_known  # start-up: `html` and its entities, only for an error line

    click.echo(messages.text("cli.error", message=scrub_known(message)), err=True)


def _print_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        click.echo(version_line(help_text.language(ctx)))
        ctx.exit()


def _config_defaults(group: click.Group, path: str) -> dict:
    """`default_map` giving every command under `group` (nested groups too) the config file `path`: the commands
    loaded, which include the one being invoked (click resolves it before the group's callback runs)."""
    out: dict = {}
    for name, command in group.commands.items():
        entry: dict = {"config_path": path}
        if isinstance(command, click.Group):
            entry.update(_config_defaults(command, path))
        out[name] = entry
    return out


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
# not click's version_option (an English line; its version from importlib.metadata unless given: 10-20 ms at start):
# the line mafvote.cli.main prints without click, in the language `--help` speaks
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_print_version)
@click.option("-c", "--config", "config_path", type=usage.WordedPath(dir_okay=False), default=None)
@click.pass_context
def cli(ctx: click.Context, config_path: str | None) -> None:
    # Vote counter and results daemon for forum mafia games.
    command_starts()
    # `mafvote -c FILE posts` as well as `mafvote posts -c FILE` (the command's own -c wins)
    if config_path is not None:
        ctx.default_map = _config_defaults(cli, config_path)
