"""`--help` in the GM's language (issue 14): the texts of `mafvote`, of every command and of every option come from
the catalogue (`help.*` in `mafvote/messages/*_help.py`), and so do click's own words around them (`Usage:`,
`Options:`, `Commands:`, the `Arguments:` section click itself does not have, `[OPTIONS]`, a metavar's `FILE`, `[default: …]`, `[required]`, the help and version
options' lines).

click is extended where it means to be: the command classes of mafvote (`_Group`, `UsageCommand`, `UsageGroup`)
take `HelpInLanguage` first, which overrides `get_help` (the language), `format_usage`, `format_help_text`,
`format_options` and `format_commands`; an option's row is built from click's own `get_help_record` (its spellings
and metavar) and `get_help_extra` (its default, range, `required`). click's `gettext` is left alone: its domain
would take its language from the environment, and `--help` has to speak the config's.

The language: no config is read before help is shown, and help must stay fast, so it is the `[alerts] language` of
the config the command would read (mafvote.cli.language: the same rule as a usage error's, `mafvote.cli.usage.word`,
and `--version`'s).
"""
from __future__ import annotations

import inspect
import re

import click

from .. import messages
from .language import config_language, typed_config

__all__ = ["HelpInLanguage", "command_key", "language", "metavar", "short_help",
           "usage_pieces", "usage_word"]

t = messages.text
_METAVAR_WORD = re.compile(r"[A-Z][A-Z_]*")


def language(ctx: click.Context) -> str:
    """The language `--help` speaks for the command line `ctx` belongs to (the module docstring)."""
    argv = ctx.find_root().meta.get("mafvote.argv") or []
    return config_language(typed_config(argv)) or messages.DEFAULT_LANGUAGE


def _path(ctx: click.Context) -> str:
    """The command's key in the catalogue: `tally`, `night.add`, or `mafvote` for the group itself."""
    names = []
    while ctx.parent is not None:
        names.append(ctx.info_name or "")
        ctx = ctx.parent
    return ".".join(reversed(names)) or "mafvote"


def command_key(ctx: click.Context, name: str) -> str:
    """The catalogue key of the command `name` of the group whose context is `ctx`."""
    path = _path(ctx)
    return f"help.{name}" if path == "mafvote" else f"help.{path}.{name}"


def _text(key: str, fallback: str | None) -> str:
    if messages.has(key):
        return t(key)
    return inspect.cleandoc(fallback or "")      # a command with no text in the catalogue yet speaks for itself


def short_help(key: str, fallback: click.Command | None, limit: int) -> str:
    """A command's line in its group's list: the first sentence of its text, cut to `limit`."""
    if messages.has(key) or fallback is None:
        # click's own cut of a help to its first sentence; `make_default_short_help` is deprecated (removed in Click 9)
        return click.Command(None, help=_text(key, None)).get_short_help_str(limit)
    return fallback.get_short_help_str(limit)


def metavar(words: str) -> str:
    """`FILE`, `INTEGER`, `yes|no|NICK` in the current language, word by word (a choice's values stay as typed)."""
    def one(found: re.Match) -> str:
        key = f"help.metavar.{found[0]}"
        return t(key) if messages.has(key) else found[0]
    return re.sub(r"\s+", " ", _METAVAR_WORD.sub(one, words)).strip()


def _range(kind: click.IntRange | click.FloatRange) -> str:
    if kind.min is not None and kind.max is not None:
        return t("help.range.between", low=str(kind.min), high=str(kind.max))
    if kind.min is not None:
        return t("help.range.at_least", low=str(kind.min))
    return t("help.range.at_most", high=str(kind.max))


def _option_row(command: click.Command, ctx: click.Context, option: click.Option) -> tuple[str, str] | None:
    record = option.get_help_record(ctx)
    if record is None:         # hidden
        return None
    spec = record[0]
    if not option.is_flag and not option.count and not isinstance(option.type, click.Choice):
        shown = option.make_metavar(ctx)
        spec = spec.replace(f" {shown}", f" {metavar(shown)}")
    path = _path(ctx)
    if option is command.get_help_option(ctx):
        keys = ["help.option.help"]
    else:
        keys = [f"help.{path}.{option.name}"]
        if isinstance(option.type, click.Choice) and "json" in option.type.choices:
            keys.append(f"help.option.{option.name}.json")
        keys.append(f"help.option.{option.name}")
    key = next((k for k in keys if messages.has(k)), "")
    text = _text(key, option.help)
    extra = option.get_help_extra(ctx)
    items = []
    if "default" in extra:
        items.append(t("help.default", default=extra["default"]))
    if "range" in extra and isinstance(option.type, click.IntRange | click.FloatRange):
        items.append(_range(option.type))
    if "required" in extra:
        items.append(t("help.required"))
    if items:
        text = f"{text}  [{'; '.join(items)}]" if text else f"[{'; '.join(items)}]"
    return spec, text


def usage_word(param: click.Parameter, piece: str) -> str:
    """A parameter's usage piece in the current language; a choice's values stay as typed, unless it is named by
    a metavar (`night roll ROLL` → `БРОСОК`, its values listed in its line)."""
    return piece if isinstance(param.type, click.Choice) and param.metavar is None else metavar(piece)


def _argument_row(ctx: click.Context, argument: click.Argument) -> tuple[str, str]:
    """An argument's row: as the usage line writes it (`ТЕКСТ`, `{night|day|votecount}`), and its text
    (`help.<command path>.<parameter>`)."""
    spec = " ".join(usage_word(argument, piece) for piece in argument.get_usage_pieces(ctx))
    return spec, _text(f"help.{_path(ctx)}.{argument.name}", None)


def usage_pieces(command: click.Command, ctx: click.Context) -> list[str]:
    """`[OPTIONS] ARG… COMMAND [ARGS]...` in the current language."""
    pieces = [t("help.options_metavar")] if command.options_metavar else []
    for param in command.get_params(ctx):
        for piece in param.get_usage_pieces(ctx):
            pieces.append(usage_word(param, piece))
    if isinstance(command, click.Group) and command.subcommand_metavar:
        optional = command.subcommand_metavar.startswith("[")
        pieces.append(t("help.subcommand_metavar.optional" if optional else "help.subcommand_metavar"))
    return pieces


class HelpInLanguage:
    """Put first in a `click.Command` subclass: its `--help` in the language of `language(ctx)`."""

    def get_help(self, ctx: click.Context) -> str:
        with messages.using(language(ctx)):
            return super().get_help(ctx)  # type: ignore[misc]

    def format_usage(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        formatter.write_usage(ctx.command_path, " ".join(usage_pieces(self, ctx)),  # type: ignore[arg-type]
                              prefix=t("help.usage"))

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        text = _text(f"help.{_path(ctx)}", self.help).partition("\f")[0]  # type: ignore[attr-defined]
        if text:
            formatter.write_paragraph()
            with formatter.indentation():
                formatter.write_text(text)

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        # click shows no section for arguments (their help is the command's text): mafvote lists each with its line
        arguments = [_argument_row(ctx, param) for param in self.get_params(ctx)  # type: ignore[attr-defined]
                     if isinstance(param, click.Argument)]
        if arguments:
            with formatter.section(t("help.arguments")):
                formatter.write_dl(arguments)
        rows = [row for param in self.get_params(ctx)  # type: ignore[attr-defined]
                if isinstance(param, click.Option) and (row := _option_row(self, ctx, param)) is not None]
        if rows:
            with formatter.section(t("help.options")):
                formatter.write_dl(rows)
        if isinstance(self, click.Group):
            self.format_commands(ctx, formatter)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        group: click.Group = self  # type: ignore[assignment]
        commands = [(name, command) for name in group.list_commands(ctx)
                    if (command := group.get_command(ctx, name)) is not None and not command.hidden]
        if not commands:
            return
        limit = formatter.width - 6 - max(len(name) for name, _ in commands)
        rows = [(name, short_help(command_key(ctx, name), command, limit)) for name, command in commands]
        with formatter.section(t("help.commands")):
            formatter.write_dl(rows)
