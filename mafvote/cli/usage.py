"""click's usage errors in the GM's language: a mistyped option, a missing one, a value of the wrong kind, an
unknown command, a word too many, with the `Usage:` and `Try … --help` lines that come with them (the usage line's `[OPTIONS]` and metavars worded
as `--help` words them: mafvote.cli.help_text.usage_pieces).

click words its messages in English through `gettext`; a catalogue for click's strings would go through the
process-wide `messages` domain and pick its language from the environment (`LANGUAGE`, `LANG`), not from the
config (`--help` speaks the config's language the same way: mafvote.cli.help_text). So the group catches click's
exceptions (`mafvote.cli.group._Group`) and words them here from their structured fields (`NoSuchOption.option_name`
and `.possibilities`, `NoSuchCommand.command_name`, `MissingParameter.param`, `BadParameter.param` and its
type: `Choice.choices`, `IntRange`'s bounds, a number type; `BadOptionUsage.option_name`), through the catalogue
(`cli.usage.*` in `mafvote/messages/*_errors.py`). A value refused by a callback of ours keeps its own message.
Two errors click gives no field for are recognised here: a path refused (every path parameter of mafvote is a
`WordedPath`, whose refusal carries the path and what is wrong with it) and `Missing command.` (click's own
`gettext` msgid, compared in whatever language click's domain speaks).

    Запуск: `mafvote tally [ПАРАМЕТРЫ]`
    Справка: `mafvote tally --help`

    ошибка: нет параметра --sinse (может быть, --since?)
"""
from __future__ import annotations

import os
import stat
from gettext import gettext
from pathlib import Path

import click

from .. import messages
from .help_text import HelpInLanguage, usage_pieces, usage_word
from .language import config_language

__all__ = ["ExtraArguments", "PathRefused", "UsageCommand", "UsageGroup", "WordedPath", "WordedUsageError",
           "config_read", "word"]

t = messages.text


class ExtraArguments(click.UsageError):
    """Words left over after a command's arguments (click says so only in words: `Got unexpected extra argument`)."""

    def __init__(self, args: list[str], ctx: click.Context):
        super().__init__(f"Got unexpected extra argument{'s' if len(args) > 1 else ''} ({' '.join(args)})", ctx)
        self.args = list(args)


class PathRefused(click.BadParameter):
    """A path click refused (`WordedPath`): the path as typed and what is wrong with it: `missing`, `file` (a
    directory was wanted), `directory` (a file was wanted), `unreadable`, `unwritable`, `unexecutable`."""

    def __init__(self, message: str, path: str, problem: str, ctx: click.Context | None, param: click.Parameter | None):
        super().__init__(message, ctx=ctx, param=param)
        self.path, self.problem = path, problem


class WordedPath(click.Path):
    """`click.Path` whose refusal is a `PathRefused`: click says which check failed only in words."""

    def convert(self, value, param, ctx):
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter as exc:
            raise PathRefused(exc.message, os.fsdecode(value), self._problem(value), ctx, param) from None

    def _problem(self, value) -> str:
        # click's checks, in click's order, asked again of the path it refused
        try:
            found = os.stat(value)
        except OSError:
            return "missing"
        if not self.file_okay and stat.S_ISREG(found.st_mode):
            return "file"
        if not self.dir_okay and stat.S_ISDIR(found.st_mode):
            return "directory"
        if self.readable and not os.access(value, os.R_OK):
            return "unreadable"
        if self.writable and not os.access(value, os.W_OK):
            return "unwritable"
        return "unexecutable"

    @property
    def kind(self) -> str:
        """What the parameter takes: `file`, `directory` or `path` (either)."""
        if self.file_okay and not self.dir_okay:
            return "file"
        return "directory" if self.dir_okay and not self.file_okay else "path"


class UsageCommand(HelpInLanguage, click.Command):
    """A command whose words left over are an `ExtraArguments` (its fields: the words), its `--help` in the GM's
    language (mafvote.cli.help_text)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        return _parse_keeping_extra(super().parse_args, ctx, args)


class UsageGroup(HelpInLanguage, click.Group):
    """A group of commands (`night`, `state`, `day`) whose commands and groups are these classes too."""

    command_class = UsageCommand
    group_class = type


def _parse_keeping_extra(parse, ctx: click.Context, args: list[str]) -> list[str]:
    allowed = ctx.allow_extra_args
    ctx.allow_extra_args = True
    try:
        rest = parse(ctx, args)
    finally:
        ctx.allow_extra_args = allowed
    if rest and not allowed and not ctx.resilient_parsing:
        raise ExtraArguments(rest, ctx)
    return rest


class WordedUsageError(click.UsageError):
    """A usage error worded when it was caught (in the language current then); click shows it as it is."""

    def __init__(self, text: str, exit_code: int):
        super().__init__(text)
        self.text = text
        self.exit_code = exit_code

    def show(self, file=None) -> None:
        click.echo(self.text, err=True)


def word(exc: click.UsageError, config_path: str | Path | None = None) -> WordedUsageError:
    """`exc` as the GM reads it: the usage line and the help hint (when click knows the command), a blank line, and
    the error line with mafvote's lead. Worded in the current language, or, when the command has not read its
    config yet, in the `[alerts] language` of the config it would read (`config_path`, else $MAFVOTE_CONFIG, else
    ./config.toml) when that file is TOML that names one; else the default, Russian."""
    language = config_language(config_path) if not config_read(exc.ctx) else None
    with messages.using(language or messages.current()):
        return _word(exc)


def config_read(ctx: click.Context | None) -> bool:
    while ctx is not None:
        if ctx.meta.get("mafvote.config") is not None:
            return True
        ctx = ctx.parent
    return False


def _word(exc: click.UsageError) -> WordedUsageError:
    ctx = exc.ctx
    lines = []
    if ctx is not None:
        pieces = " ".join([ctx.command_path, *usage_pieces(ctx.command, ctx)])     # as --help words it
        lines.append(t("cli.usage.usage", usage=pieces))
        if ctx.command.get_help_option(ctx) is not None:
            lines.append(t("cli.usage.help", command=ctx.command_path))
        lines.append("")
    lines.append(t("cli.error", message=_message(exc)))
    return WordedUsageError("\n".join(lines), exc.exit_code)


def _message(exc: click.UsageError) -> str:
    if isinstance(exc, click.NoSuchOption):
        return t("cli.usage.no_option", option=exc.option_name, guess=_guess(exc.possibilities))
    if isinstance(exc, click.exceptions.NoSuchCommand):
        # start-up: difflib, only for a command name mistyped
        import difflib

        # the group loads its commands lazily: click's guesses know only the loaded ones
        known = exc.ctx.command.list_commands(exc.ctx) if exc.ctx is not None and isinstance(exc.ctx.command,
                                                                                             click.Group) else []
        guesses = difflib.get_close_matches(exc.command_name, known) or exc.possibilities
        return t("cli.usage.no_command", command=exc.command_name, guess=_guess(guesses, "`{}`"))
    if isinstance(exc, click.MissingParameter):
        return _missing(exc)
    if isinstance(exc, click.BadParameter):
        return _bad_value(exc)
    if isinstance(exc, click.BadOptionUsage):
        return _option_usage(exc)
    if isinstance(exc, ExtraArguments):
        return t("cli.usage.extra", n=len(exc.args), words=" ".join(exc.args))
    if type(exc) is click.UsageError and exc.message == gettext("Missing command."):
        return _missing_command(exc.ctx)
    return exc.message       # a command's own refusal (already in the GM's language), or click's words


def _guess(possibilities, shape: str = "{}") -> str:
    if not possibilities:
        return ""
    return t("cli.usage.guess", names=", ".join(shape.format(p) for p in sorted(possibilities)))


def _hint(param: click.Parameter | None, ctx: click.Context | None) -> str:
    if param is None:
        return ""
    if isinstance(param, click.Option):
        return " / ".join(param.opts)
    shown = param.make_metavar(ctx) if ctx is not None else param.human_readable_name
    return f"`{usage_word(param, shown)}`"      # as --help words it


def _missing(exc: click.MissingParameter) -> str:
    param = exc.param
    kind = "argument" if isinstance(param, click.Argument) else "option"
    text = t(f"cli.usage.missing.{kind}", name=_hint(param, exc.ctx))
    if param is not None and isinstance(param.type, click.Choice):
        text += t("cli.usage.choices", choices=_choices(param.type))
    return text


def _choices(choice: click.Choice) -> str:
    return ", ".join(f"`{c}`" for c in choice.choices)


def _bad_value(exc: click.BadParameter) -> str:
    param = exc.param
    kind = param.type if param is not None else None
    name = _hint(param, exc.ctx) if param is not None else (exc.param_hint or "")
    if isinstance(kind, click.Choice):
        return t("cli.usage.bad.choice", name=name, choices=_choices(kind))
    if isinstance(kind, click.IntRange | click.FloatRange):
        if kind.min is not None and kind.max is not None:
            return t("cli.usage.bad.between", name=name, low=str(kind.min), high=str(kind.max))
        if kind.min is not None:
            return t("cli.usage.bad.at_least", name=name, low=str(kind.min))
        return t("cli.usage.bad.at_most", name=name, high=str(kind.max))
    if kind is click.INT:
        return t("cli.usage.bad.int", name=name)
    if kind is click.FLOAT:
        return t("cli.usage.bad.float", name=name)
    if isinstance(exc, PathRefused) and isinstance(kind, WordedPath):
        problem = f"missing.{kind.kind}" if exc.problem == "missing" else exc.problem
        return t(f"cli.usage.path.{problem}", name=name, path=exc.path)
    return t("cli.usage.bad", name=name, said=exc.message)      # a callback of ours: its own words


def _missing_command(ctx: click.Context | None) -> str:
    group = ctx.command if ctx is not None else None
    if not isinstance(group, click.Group):
        return t("cli.usage.no_command_given")
    names = [n for n in group.list_commands(ctx) if not getattr(group.commands.get(n), "hidden", False)]
    return t("cli.usage.no_command_given") + t("cli.usage.commands", names=", ".join(f"`{n}`" for n in names))


def _option_usage(exc: click.BadOptionUsage) -> str:
    ctx = exc.ctx
    option = None
    if ctx is not None:
        option = next((p for p in ctx.command.get_params(ctx)
                       if isinstance(p, click.Option) and exc.option_name in p.opts + p.secondary_opts), None)
    if option is not None and (option.is_flag or option.count):
        return t("cli.usage.flag_value", option=exc.option_name)
    return t("cli.usage.needs_value", option=exc.option_name)
