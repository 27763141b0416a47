"""The GM's game commands (INTERFACE.md): `night add|roll|resolve`, `day close`, `modkill`, `replace`, `undo`,
`state` and its hand-set subcommands (`silence`, `alibi`, `kill`, `excuse`). Thin: each parses its arguments, calls `mafvote.game.GameService`,
prints the result; errors leave through the group (exit 2 bad input, 1 failure)."""
from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path

import click

from mafvote_resolver import CHOICE_ROLLS, ROLL_NAMES
from mafvote_resolver.state import find_player
from mafvote_scraper.untrusted import visible

from .. import game as game_mod
from .. import gm_text
from ..messages import text as t
from ..game import GameService
from ..phase_post import private_letters
from ..shown_names import public_names, shown_by_account
from .group import cli
from .service import game_service
from .common import config_option, format_option, game_option, local_time, parse_cli_time, zoned_time

__all__ = ["day", "night", "state_group"]


def _echo_json(data) -> None:
    click.echo(json.dumps(data, ensure_ascii=False, indent=1))


def _winner(service: GameService, winner: str | None) -> None:
    """RULES.md §5: the game is over and who won, in the words of the game's posts («победа маньяка»)."""
    if winner:
        click.echo(t("cli.winner", result=service.winner_text(winner)))


def _applied(kind: str, number: int, dry_run: bool) -> str:
    return t("cli.dry_run" if dry_run else "cli.applied", phase=t(f"when.{kind}", n=number))


# --- night ----------------------------------------------------------------------------------------

@cli.group("night")
def night() -> None:
    # Night actions: add them as players write them, force rolls, resolve the night.
    pass


@night.command("add")
@config_option
@game_option
@click.option("--night", "number", type=int, required=True)
@click.option("--actor", required=True, metavar="NICK")
@click.argument("text")
def night_add(config_path: Path, game_id: str | None, number: int, actor: str, text: str) -> None:
    # Add a night action written as the player wrote it (`Лечу Васю`); prints how it was read.
    with game_service() as service:
        actions = service.add_action(number, actor, text)
        for a in actions:
            click.echo(t("cli.read", text=gm_text.describe(a)))
        click.echo(t("cli.added", path=service.night_path(number)))


@night.command("roll")
@config_option
@game_option
@click.option("--night", "number", type=int, required=True)
@click.option("--actor", required=True, metavar="NICK")
@click.argument("roll", type=click.Choice(list(ROLL_NAMES)), metavar="ROLL")
@click.argument("value", metavar="yes|no|NICK")
def night_roll(config_path: Path, game_id: str | None, number: int, actor: str, roll: str, value: str) -> None:
    # Force a random roll of that actor's action (e.g. after throwing real dice): `ROLL yes|no`, or for a roll
    # that picks a player (004 `visitor`: who of the bloody kill's target's visitors is at risk) `ROLL NICK`.
    # INTERFACE.md `ROLL yes|no`; a choice roll (resolver.CHOICE_ROLLS) takes a player's name instead
    if roll not in CHOICE_ROLLS and value.lower() not in ("yes", "no"):
        picks = ", ".join(CHOICE_ROLLS)
        raise click.BadParameter(t("cli.roll.yes_no", roll=roll, value=value, quoted=repr(value), picks=picks),
                                 param_hint="`yes|no|NICK`")
    if roll in CHOICE_ROLLS and value.lower() in ("yes", "no"):
        raise click.BadParameter(t("cli.roll.pick", roll=roll, value=value, quoted=repr(value)),
                                 param_hint="`yes|no|NICK`")
    with game_service() as service:
        nick = service.force_roll(number, actor, roll, value if roll in CHOICE_ROLLS else value.lower() == "yes")
        shown = (t("roll.yes") if value.lower() == "yes" else t("roll.no")) if roll not in CHOICE_ROLLS else value
        click.echo(t("cli.roll", roll=gm_text.roll_name(roll), actor=nick, night=number, value=shown,
                     path=service.night_path(number)))


@night.command("resolve")
@config_option
@game_option
@click.option("--night", "number", type=int, required=True)
@click.option("--dry-run", is_flag=True)
@format_option(["text", "json"])
def night_resolve(config_path: Path, game_id: str | None, number: int, dry_run: bool, fmt: str) -> None:
    # Resolve the night from its night file; applies it unless --dry-run.
    with game_service() as service:
        result = service.resolve_night_with_duty(number, now=game_mod.utc_now(), dry_run=dry_run)
        outcome = result.outcome
        if not service.night_path(number).exists():
            click.echo(t("cli.no_night_file", path=service.night_path(number)), err=True)
        if fmt == "json":
            _echo_json(result.to_json())     # the GM alerts are its "alerts" (stored with the night as well)
        else:
            # ends its GM lines with "ВНИМАНИЕ: <alert>" for each alert
            click.echo(gm_text.night_text(outcome, _letters(service, outcome.to_json(), number)))
            if result.duty is not None:
                _print_duty(result)
            _winner(service, outcome.winner)
        if fmt == "json":
            # the text above already ends with "ВНИМАНИЕ: <alert>"; with json on stdout, the GM reads them here
            for alert in outcome.alerts:
                click.echo(t("cli.alert", text=gm_text.night_alert(alert)), err=True)
        click.echo(_applied("night", number, dry_run), err=True)


def _letters(service: GameService, outcome: dict, number: int) -> dict[str, str] | None:
    """The step's private letters as the GM sends them (the theme's words; issue 14: not the resolver's plain
    «Вы теперь босс»), with the characters a forum nick may hide made visible, as `render --private` prints them."""
    letters = private_letters(service, outcome, number)
    return None if letters is None else {to: visible(text) for to, text in letters.items()}


def _print_duty(result: game_mod.NightResult) -> None:
    """RULES.md §3.6: who missed the night action, so the GM can excuse them before the day closes."""
    duty = result.duty
    assert duty is not None
    # the resolver gives who missed and who was excused; the words are the GM's language's (issue 14)
    click.echo(t("cli.duty.missed", names=", ".join(duty.missed)) if duty.missed else t("cli.duty.missed.none"))
    if duty.excused:
        click.echo(t("cli.duty.excused", names=", ".join(duty.excused)))
    if duty.missed:
        click.echo(t("cli.duty.hint", day=result.day_after))
        for d in duty.duties:
            if d.status == "missed":
                click.echo(f"  {d.player}: {gm_text.journal(d.detail)}")


# --- day ------------------------------------------------------------------------------------------

@cli.group("day")
def day() -> None:
    # The day's end.
    pass


@day.command("close")
@config_option
@game_option
@click.option("--day", "number", type=int, required=True)
@click.option("--eliminate", metavar="NICK", default=None)
@click.option("--nobody", is_flag=True)
@click.option("--closed-at", "closed_at", metavar="TIME", default=None)
@click.option("--since", default=None, metavar="TIME")
@click.option("--deadline", default=None, metavar="TIME")
@click.option("--dry-run", is_flag=True)
@format_option(["text", "json"])
def day_close(config_path: Path, game_id: str | None, number: int, eliminate: str | None, nobody: bool,
              closed_at: str | None, since: str | None, deadline: str | None, dry_run: bool, fmt: str) -> None:
    # Apply the day's count (the hanging), or the GM's own decision.
    if eliminate is not None and nobody:
        raise click.UsageError(t("cli.close.exclusive"))
    with game_service() as service:
        at = parse_cli_time(closed_at, service.tz, option="--closed-at") if closed_at else None
        result = service.close_day(
            number, now=game_mod.utc_now(), eliminate=eliminate, nobody=nobody, closed_at=at, dry_run=dry_run,
            since=parse_cli_time(since, service.tz, option="--since") if since else None,
            deadline=parse_cli_time(deadline, service.tz, option="--deadline") if deadline else None)
        if fmt == "json":
            _echo_json(result.to_json())
        else:
            if eliminate is not None:
                # how the typed name was read (a typo is matched like a vote's name), as `night add` shows it:
                # a hanging is not undone by a glance at the post
                hanged = [d.player for d in result.outcome.deaths if "hanged" in d.causes]
                click.echo(t("cli.eliminate", written=eliminate, read=", ".join(hanged) or t("cli.eliminate.nobody")))
            _print_close(service, result)
        click.echo(_applied("day", number, dry_run), err=True)


def _death_order(service: GameService, died: str | None) -> int:
    """The phase a death happened in ("night 2", "day 1"), as its place in the game; unknown ones last."""
    m = re.fullmatch(r"(night|day) (\d+)", died or "")
    return game_mod.phase_index(m.group(1), int(m.group(2)), service.game.schedule.starts_with) if m else 1 << 30


def _print_close(service: GameService, result: game_mod.DayClose) -> None:
    o = result.outcome
    how = t("cli.close.by_count") if result.decided_by == "count" else t("cli.close.by_gm")
    click.echo(t("cli.close.head", day=o.day, how=how))
    for p in o.public:
        click.echo(f"  {p.text}")
    # like the night's: the letters `render day N --private` gives, as the theme words them
    for line in gm_text.private_lines(o.private, _letters(service, o.to_json(), o.day)):
        click.echo(line)
    if result.count is not None:
        c = result.count
        # the count keys slots by their first nick; the GM reads them by the name the posts use now
        shown = public_names(service.game.players, service.state().replacements)
        top = ", ".join(f"{shown.get(x.player, x.player)} {x.total}" for x in c.candidates[:5]) or \
            t("cli.close.no_votes")
        click.echo(t("cli.close.count", top=top, reason=gm_text.reason(c.outcome.reason)))
        if c.not_voted:
            click.echo(t("cli.close.not_voted", names=", ".join(shown.get(p, p) for p in c.not_voted)))
    if result.owes_night_action:
        click.echo(t("cli.close.owes_night", names=", ".join(result.owes_night_action)))
    if result.count is not None and result.public is not None:
        # RULES.md §3 "Two views": the real result over the public totals; the post then gives no reason. The
        # public count is the close's own (same --since/--deadline/--closed-at): a recount over the schedule's
        # bounds would compare two different days (a false warning in a --dry-run)
        public = result.public.to_json()
        hidden = gm_text.hidden_outcome({**public, "closed": True, "outcome": result.count.to_json()["outcome"]})
        if hidden:
            click.echo(t("cli.close.hidden", text=hidden))
    for nick, shield in result.overridden:
        # RULES.md §3.10: the shield saves from the vote's hanging, not from the GM's own decision
        what = t("cli.close.override.alibi" if shield == "alibi" else "cli.close.override.protection")
        click.echo(t("cli.close.override", player=nick, what=what))
        click.echo(t("cli.close.override.warning", player=nick, what=what), err=True)
    if result.modkill_candidates:
        click.echo(t("cli.close.modkill", names=", ".join(result.modkill_candidates)))
    if result.under_active:
        click.echo(t("cli.close.under_active", names=", ".join(result.under_active)))
    if result.note:
        click.echo(t("cli.close.note", text=result.note))
    click.echo(t("cli.close.journal"))
    for line in o.log:
        click.echo(f"  {gm_text.journal(line)}")
    _winner(service, o.winner)


# --- removals, replacements, undo ------------------------------------------------------------------

@cli.command("modkill")
@config_option
@game_option
@click.option("--player", required=True, metavar="NICK")
@click.option("--reveal", is_flag=True)
@click.option("--keep-day", is_flag=True)
def modkill_command(config_path: Path, game_id: str | None, player: str, reveal: bool, keep_day: bool) -> None:
    # The GM removes a player (rules: модкилл). In a game whose rules close the day with it (004, RULES.md
    # §3.14) a modkill during the day closes the day: the modkilled player is its elimination, the night begins.
    with game_service() as service:
        now = game_mod.utc_now()
        ended = service.day_end_passed(now)
        day = service.day_a_modkill_closes()
        if day is not None and not keep_day:
            out, closed = service.modkill_closing_day(player, now=now, reveal=reveal)
            for p in out.public:
                click.echo(p.text)
            night = game_mod.phase_of_index(day.index + 1, service.game.schedule.starts_with)[1]
            # RULES.md §3.14: the modkilled player is the day's elimination, the night begins
            click.echo(t("cli.modkill.closes_day", day=day.number, night=night))
            _print_close(service, closed)
            return
        current = service.current_phase()
        out = service.modkill(player, now=now, reveal=reveal)
        for p in out.public:
            click.echo(p.text)
        if ended is not None:
            # RULES.md §3.1: the day's count is the thread up to its end; a modkill after it changes nothing there
            click.echo(t("cli.modkill.after_day_end", day=current.number, ended=zoned_time(ended, service.tz)))
        if day is not None:
            click.echo(t("cli.modkill.day_kept", day=day.number))
        _winner(service, out.winner)


@cli.command("replace")
@config_option
@game_option
@click.option("--player", required=True, metavar="NICK")
@click.option("--by", "by", required=True, metavar="NEWNICK")
@click.option("--at", "at", default=None, metavar="TIME")
def replace_command(config_path: Path, game_id: str | None, player: str, by: str, at: str | None) -> None:
    # A new account takes over a player's slot and role (замена) from now on, or from --at (a substitute who
    # voted before the GM entered the replacement).
    with game_service() as service:
        now = game_mod.utc_now()
        when = parse_cli_time(at, service.tz, option="--at") if at else None
        new = service.replace_player(player, by, now=now, at=when)
        old, by = new.replacements[-1]
        # nicks are not inflected («вместо Зета» would be wrong for a female nick): the slot, then the new account
        # as stored (invisible characters and outer spaces dropped)
        click.echo(t("cli.replaced", old=old, new=by, at=zoned_time(when or now, service.tz)))


@cli.command("undo")
@config_option
@game_option
def undo_command(config_path: Path, game_id: str | None) -> None:
    # Revert the last applied step (a resolved night, a closed day, a modkill, a replacement, a hand-set state).
    with game_service() as service:
        dropped = service.undo()
        click.echo(t("cli.undone", what=dropped.describe(service.tz)))
        current = service.current_phase()
        click.echo(t("cli.current", phase=t(f"when.{current.kind}", n=current.number),
                     deadline=zoned_time(current.deadline, service.tz)))


# --- state ----------------------------------------------------------------------------------------

def state_json(service: GameService) -> dict:
    applied = service.applied()
    st = service.state(applied)
    current = service.current_phase(applied)
    winner = service.winner(applied)
    ended_by = service.game_over_step(applied)
    # a замена of a mask game plays the mask: named by it like every other player
    shown = shown_by_account(service.game.players, st.replacements)
    return {
        "game": service.game.id,
        "phase": current.to_json(),
        # RULES.md §5: after the game's end `phase` is the one that would come next; nothing more is resolved
        "game_over": winner is not None,
        "winner": winner,
        "winner_text": service.winner_text(winner) if winner else None,
        "game_over_step": ({"seq": ended_by.seq, "kind": ended_by.kind, "number": ended_by.number,
                            "how": ended_by.how} if ended_by is not None else None),
        "applied": [{"seq": r.seq, "kind": r.kind, "number": r.number, "how": r.how,
                     "applied_at": r.applied_at.isoformat()} for r in applied],
        "alive": [{"player": p.nick, "name": p.name if p.name != p.nick else shown.get(p.nick, p.name)}
                  for p in st.players if p.alive],
        # in the order they died (the roster's order within a phase): the GM reads the game's story
        "dead": [{"player": p.nick, "died": p.died, "causes": list(p.causes),
                  "role": p.role if p.revealed else None}
                 for p in sorted((p for p in st.players if not p.alive), key=lambda p: _death_order(service, p.died))],
        "silences": [{"player": s.player, "days": s.days, "announced": s.announced} for s in st.silences],
        "alibis": list(st.alibis),
        "hidden_vote_loss": list(st.hidden_vote_loss),
        "misses": dict(st.misses),
        "replacements": [{"old": a, "new": b} for a, b in st.replacements],
        "excused": {k: list(v) for k, v in st.excused.items() if v},
        # 003 items still held; 004 protections left (from hanging, from a kill) and the coming day's transfers
        "items": {k: list(v) for k, v in st.items.items() if v},
        "hang_protection": {k: v for k, v in st.hang_protection.items() if v > 0},
        "night_shields": {k: v for k, v in st.night_shields.items() if v > 0},
        "transfers": [{"kind": k, "source": a, "to": b} for k, a, b in st.transfers],
    }


def _print_state(service: GameService) -> None:
    data = state_json(service)
    ph = data["phase"]
    if data["game_over"]:
        step = data["game_over_step"]
        phase = t(f"when.{step['kind']}", n=step["number"])
        what = t("state.over.modkill", phase=phase) if step["how"] == "modkill" else phase
        click.echo(t("state.over", game=data["game"], winner=data["winner_text"], seq=step["seq"], what=what))
    else:
        click.echo(t("state.phase", game=data["game"], phase=t(f"when.{ph['kind']}", n=ph["number"]),
                     start=local_time(ph["start"], service.tz),
                     deadline=zoned_time(datetime.fromisoformat(ph["deadline"]), service.tz)))
    click.echo(t("state.alive", n=len(data["alive"]), names=", ".join(
        p["player"] + (f" ({p['name']})" if p["name"] != p["player"] else "") for p in data["alive"])))
    if data["dead"]:
        # «Соня — ночь 1, Герда»: the phase in words, the role after it, one pair of brackets at most
        click.echo(t("state.dead", items="; ".join(
            t("state.dead.item.role" if d["role"] else "state.dead.item", player=d["player"],
              when=gm_text.phase(d["died"] or ""), role=d["role"]) for d in data["dead"])))
    if data["silences"]:
        click.echo(t("state.silences", items=", ".join(
            t("state.silence.item" if s["announced"] else "state.silence.item.secret", player=s["player"],
              days=s["days"]) for s in data["silences"])))
    if data["hidden_vote_loss"]:
        click.echo(t("state.hidden_vote_loss", names=", ".join(data["hidden_vote_loss"])))
    if data["alibis"]:
        click.echo(t("state.alibis", names=", ".join(data["alibis"])))
    if data["items"]:
        click.echo(t("state.items", items="; ".join(
            t("state.item", player=k, things=", ".join(gm_text.ability(x) for x in v))
            for k, v in data["items"].items())))
    if data["hang_protection"]:
        click.echo(t("state.hang_protection", items=", ".join(f"{k} {v}" for k, v in data["hang_protection"].items())))
    if data["transfers"]:
        click.echo(t("state.transfers", items=", ".join(
            t(f"state.transfer.{x['kind']}" if x["kind"] in ("stolen", "gifted") else "state.transfer.gifted",
              source=x["source"], to=x["to"]) for x in data["transfers"])))
    if data["misses"]:
        click.echo(t("state.misses", items=", ".join(f"{k} {v}" for k, v in data["misses"].items())))
    if data["excused"]:
        def label(key: str) -> str:
            kind, number = key.split()
            return t("state.excused.day" if kind == "day" else "state.excused.night", n=number)
        click.echo(t("state.excused", items="; ".join(
            f"{label(k)}: {', '.join(v)}" for k, v in data["excused"].items())))
    if data["applied"]:
        click.echo(t("state.applied", n=len(data["applied"]), last=service.applied()[-1].describe(service.tz)))


@cli.group("state", invoke_without_command=True)
@config_option
@game_option
@format_option(["text", "json"])
@click.pass_context
def state_group(ctx: click.Context, config_path: Path, game_id: str | None, fmt: str) -> None:
    # Show the game's state (current phase, the living, silences, alibis); subcommands set it by hand.
    if ctx.invoked_subcommand is not None:
        return
    with game_service() as service:
        if fmt == "json":
            _echo_json(state_json(service))
        else:
            _print_state(service)


@state_group.command("silence")
@config_option
@game_option
@click.option("--player", required=True, metavar="NICK")
@click.option("--day", "number", type=int, required=True)
@click.option("--secret", is_flag=True)
@click.option("--days", type=int, default=1, show_default=True)
def state_silence(config_path: Path, game_id: str | None, player: str, number: int, secret: bool, days: int) -> None:
    # Silence a player for a day (лишение голоса).
    with game_service() as service:
        service.set_silence(player, number, now=game_mod.utc_now(), secret=secret, days=days)
        click.echo(t("cli.silence.secret" if secret else "cli.silence", player=player, day=number))


@state_group.command("alibi")
@config_option
@game_option
@click.option("--player", required=True, metavar="NICK")
@click.option("--day", "number", type=int, required=True)
def state_alibi(config_path: Path, game_id: str | None, player: str, number: int) -> None:
    # Give a player an alibi for a day (отмаза): the count cannot hang them.
    with game_service() as service:
        service.set_alibi(player, number, now=game_mod.utc_now())
        click.echo(t("cli.alibi", player=player, day=number))


@state_group.command("kill")
@config_option
@game_option
@click.option("--player", required=True, metavar="NICK")
@click.option("--reveal", is_flag=True)
def state_kill(config_path: Path, game_id: str | None, player: str, reveal: bool) -> None:
    # Mark a player dead (a death worked out outside mafvote).
    with game_service() as service:
        service.set_dead(player, now=game_mod.utc_now(), reveal=reveal)
        click.echo(t("cli.kill", player=service.killed_name(player)))
        _winner(service, service.winner())


@state_group.command("excuse")
@config_option
@game_option
@click.option("--player", required=True, metavar="NICK")
@click.option("--day", "number", type=int, required=True)
@click.option("--night", "night_only", is_flag=True)
def state_excuse(config_path: Path, game_id: str | None, player: str, number: int, night_only: bool) -> None:
    # Excuse a player (the GM was warned): no penalty and no miss for the day's vote and the night action
    # before it; with --night for that night action only. `mafvote undo` takes it back.
    with game_service() as service:
        new = service.set_excuse(player, number, now=game_mod.utc_now(), night=night_only)
        found = find_player(new.players, player)
        player = found.nick if found is not None else player
        night = service.night_before_day(number)
        if night_only:
            # the set_excuse refused it in a game without night-action duty: here the action is a duty
            click.echo(t("cli.excuse.night", player=player, night=night, day=number))
            duty = service.stored_night_duty(night)
            if duty is not None and duty.status(player) not in ("missed", "excused", ""):
                click.echo(t("cli.excuse.not_missed", player=player, night=night, status=duty.status(player)),
                           err=True)
        elif service.night_action_is_duty and night >= 1:
            click.echo(t("cli.excuse.both", player=player, day=number, night=night))
        else:
            click.echo(t("cli.excuse.vote", player=player, day=number))
