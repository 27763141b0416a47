"""`mafvote render` (INTERFACE.md, issue 5 item 7): a themed post of one phase of a game, from the store.

    night N      the stored outcome of resolved night N       (`mafvote night resolve --night N` stores it)
    day N        the stored outcome of closed day N           (`mafvote day close --day N` stores it)
    votecount N  the live count of day N, public view only    (the stored posts, the stored phase's deadline)

The theme is the game's `theme` (else the ruleset's `[game].theme`); the GM's `templates_dir` overrides
bundled files; the flavour text is `--flavor FILE`, else the phase's file in the game's `flavor_dir`
(`night-1.txt`, `day-2.txt`, `votecount-2.txt`); the next phase's deadline goes at the bottom, in the
game's time zone. `--gm` renders the GM's private report of the phase instead, `--private` the players'
private messages of a night: neither is ever to be posted.

Thin: the data comes from `mafvote.game.GameService`, the post from `mafvote.render`; errors leave through
the group (exit 2 for a phase not applied yet, a missing file, a bad template).
"""
from __future__ import annotations

import difflib
from pathlib import Path

import click
from mafvote_scraper.untrusted import visible

from .. import game as game_mod
from ..alert_rules import gm_report_data
from ..config import GameConfig
from ..game import AppliedPhase, GameError, GameService
from ..gm_files import UnreadableFile, file_problem, read_gm_text
from ..messages import text as t
from ..phase_post import next_deadline, public_day_count, theme_of, with_modkills
from ..render import NoTheme, RenderError, Theme, build_data, load_flavor, load_theme, make_environment, render, render_private
from .group import cli
from .common import config_option, format_option, game_option, load_game
from .service import game_service
from .usage import WordedPath

__all__ = ["render_command"]


def _stored(service: GameService, kind: str, number: int) -> AppliedPhase:
    """The row that applied night N (`resolve`) or day N (`close`); a GameError says how to apply it."""
    how = "resolve" if kind == "night" else "close"
    for row in service.applied():
        if row.how == how and row.kind == kind and row.number == number:
            return row
    command = (f"mafvote night resolve --night {number}" if kind == "night"
               else f"mafvote day close --day {number}")
    current = service.current_phase()
    raise GameError(t(f"err.render_not_applied.{kind}", n=number, game=service.game.id, current=current.label_ru,
                      command=command))


def _flavor(game: GameConfig, flavor_file: Path | None, kind: str, number: int) -> str | None:
    if flavor_file is not None:
        try:
            return read_gm_text(flavor_file)
        except UnreadableFile as exc:
            raise RenderError(file_problem(f"--flavor {flavor_file}", *exc.worded(flavor_file.name))) from None
        except OSError as exc:
            raise RenderError(file_problem(f"--flavor {flavor_file}",
                                           *UnreadableFile.from_os_error(exc).worded(flavor_file.name))) from None
    if game.flavor_dir is not None:
        return load_flavor(game.flavor_dir, kind, number)
    return None


def _variant(values: tuple[str, ...]) -> int | dict[str, int] | None:
    """`--variant 1` (every phrase) and/or `--variant night.deaths=2` (one phrase) -> render's `variant`."""
    if not values:
        return None
    picks: dict[str, int] = {}
    for value in values:
        key, _, number = value.rpartition("=")
        try:
            picks[key.strip() or "*"] = int(number)
        except ValueError:
            raise click.BadParameter(t("cli.variant.bad_value", value=value, quoted=repr(value)),
                                     param_hint="--variant") from None
    return picks["*"] if list(picks) == ["*"] else picks


def _check_variant(variant: int | dict[str, int] | None, theme: Theme) -> None:
    """A `--variant` the theme has: a style number below its `styles`, a phrase key it has with one of that
    phrase's variants. The render would otherwise wrap a number round silently (99 -> some style) and ignore a
    phrase it does not have, so the GM would post another text than the one asked for."""
    if variant is None:
        return
    picks = {"*": variant} if isinstance(variant, int) else variant
    for key, number in picks.items():
        if key == "*":
            if not 0 <= number < theme.styles:
                raise click.BadParameter(t("cli.variant.styles", number=str(number), theme=theme.name, n=theme.styles,
                                           which=_span(theme.styles), most=str(theme.styles - 1)),
                                         param_hint="--variant")
            continue
        variants = theme.phrases.get(key)
        if variants is None:
            close = difflib.get_close_matches(key, list(theme.phrases), n=3, cutoff=0.6)
            # the phrases a GM can choose among: those written in more than one variant
            several = [k for k, v in theme.phrases.items() if len(v) > 1]
            hint = (t("cli.variant.hint.close", names=", ".join(close)) if close
                    else t("cli.variant.hint.several", names=", ".join(several)) if several
                    else t("cli.variant.hint.one"))
            raise click.BadParameter(t("cli.variant.no_phrase", key=key, number=str(number), theme=theme.name,
                                       quoted=repr(key), hint=hint), param_hint="--variant")
        if not 0 <= number < len(variants):
            raise click.BadParameter(t("cli.variant.variants", key=key, number=str(number), theme=theme.name,
                                       n=len(variants), which=_span(len(variants))), param_hint="--variant")


def _span(count: int) -> str:
    """The numbers of `count` styles or variants: "0", "0–2"."""
    return "0" if count == 1 else f"0–{count - 1}"


@cli.command("render")
@config_option
@game_option
@click.argument("kind", type=click.Choice(["night", "day", "votecount"]))
@click.argument("number", type=click.IntRange(min=1), metavar="N")
@format_option(["bbcode", "text", "html"])
@click.option("--flavor", "flavor_file", type=WordedPath(exists=True, dir_okay=False, path_type=Path), default=None)
@click.option("--variant", "variants", multiple=True, metavar="N|PHRASE=N")
@click.option("--gm", "gm_report", is_flag=True)
@click.option("--private", "private", is_flag=True)
def render_command(config_path: Path, game_id: str | None, kind: str, number: int, fmt: str,
                   flavor_file: Path | None, variants: tuple[str, ...], gm_report: bool, private: bool) -> None:
    # A themed post: the results of night N or day N, or the live vote count of day N.
    if gm_report and private:
        raise click.UsageError(t("cli.render.gm_and_private"))
    if private and kind == "votecount":
        raise click.UsageError(t("cli.render.private_votecount"))
    variant = _variant(variants)
    with game_service() as service:
        game = service.game
        theme = theme_of(game, service)
        try:
            # before any data is built: a wrong --variant is the GM's typo, refused at once
            _check_variant(variant, load_theme(make_environment(fmt, game.templates_dir), theme))
        except RenderError:
            pass   # a theme that is missing or broken: the render below names it, with the config key to fix
        now = game_mod.utc_now().astimezone(service.tz)
        # замена (`mafvote replace`): posts and counts name the account playing the slot now
        common = dict(game=game, ruleset=service.ruleset, templates_dir=game.templates_dir, phase=number,
                      replacements=service.state().replacements)
        if kind == "votecount":
            # the public view only: the GM view holds hidden weights and secret silences (RULES.md §3)
            count = service.count(number, view="gm" if gm_report else "public", now=now)
            data = build_data(tally=count.to_json(), now=now,
                              deadline=count.deadline.astimezone(service.tz) if count.deadline else None, **common)
        else:
            row = _stored(service, kind, number)
            deadline = next_deadline(service, kind, number)
            if kind == "night":
                data = build_data(outcome=with_modkills(service, row), deadline=deadline, now=now, **common)
            else:
                public = public_day_count(service, row)
                tally = service.stored_count(row) if gm_report else public
                data = build_data(outcome=with_modkills(service, row), tally=tally, public_tally=public,
                                  deadline=deadline, now=now, **common)
        if gm_report:
            # the report's flags, alerts and causes of death in the GM's language (`[alerts] language`)
            data = gm_report_data(data, language=load_game()[0].alerts.language, tz=service.tz)
    try:
        if private:
            messages = render_private(theme, data, fmt=fmt, variant=variant, templates_dir=game.templates_dir)
            if not messages:
                click.echo(t("cli.render.no_private", phase=t(f"when.{kind}", n=number)), err=True)
            for i, (to, text) in enumerate(messages.items()):
                click.echo(("\n" if i else "") + f"== {to} ==")
                click.echo(visible(text), nl=False)
            return
        out = render(theme, "gm_report" if gm_report else kind, data, fmt=fmt, variant=variant,
                     templates_dir=game.templates_dir,
                     flavor=None if gm_report else _flavor(game, flavor_file, kind, number))
    except NoTheme as exc:
        # which key of the config named the theme, and how to fix it
        config, _ = load_game()
        key = f"games[{config.games.index(game)}]"
        source = (t("render.theme.source.game", key=key) if game.theme
                  else t("render.theme.source.ruleset", ruleset=service.ruleset.name))
        raise RenderError(t("render.theme.none.config", error=exc, source=source, key=key, game=game.id,
                            theme=exc.theme)) from None
    click.echo(visible(out), nl=False)
