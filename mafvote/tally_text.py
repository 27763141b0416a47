"""`tally --format text`: the day's count as a terminal table, worded from the message catalogue."""
from __future__ import annotations

import io
from typing import Any, Mapping

from rich.console import Console
from rich.table import Table
from rich.text import Text

from mafvote_tally.format import public_outcome

from . import messages
from .alert_rules import gm_report_data
from .alert_texts import zone_name
from .gm_text import reason
from .messages import text as t

__all__ = ["tally_text"]


def tally_text(tally: Any, width: int = 110, *, names: Mapping[str, str] | None = None, tz: Any = None) -> str:
    """`tally --format text`: a terminal table (per target the total, red, blue, penalty and voters), then who
    has not voted, the final votes, the day's state and outcome, the flags and the alerts, in words.
    `names`: the name each slot is shown by (tally.format.format_text)."""
    shown = dict(names or {})

    def n(player: str) -> str:
        return shown.get(player, player)

    def names_of(players: Any) -> str:
        return ", ".join(n(p) for p in players or ())

    def when(dt: Any) -> str:
        local = dt.astimezone(tz) if tz is not None else dt
        return t("tally.time", iso=dt.isoformat(), when=f"{local:%d.%m.%Y %H:%M}", zone=zone_name(dt, tz))

    view = t(f"tally.view.{tally.view}") if messages.has(f"tally.view.{tally.view}") else tally.view
    # cells are `Text`, never markup: a nick `[/color]` would crash the table, `[b]Петя[/b]` lose its brackets
    table = Table(title=Text(t("tally.title", game=tally.game, day=tally.day, view=view, deadline=when(tally.deadline),
                               as_of=t("tally.as_of", at=when(tally.as_of)) if tally.as_of else "")), expand=False)
    # colors_matter = false (004, RULES.md §3.4): every vote is a vote to hang, one "votes" column
    cols = ("player", "total", "red", "blue", "penalty", "voters") if tally.colors_matter else \
        ("player", "total", "votes", "penalty", "voters")
    for col in cols:
        table.add_column(t(f"tally.col.{col}"), justify="left" if col in ("player", "voters") else "right")
    for c in tally.candidates:
        voters = ", ".join(
            n(v.voter) + ("" if v.color == "red" else t("tally.blue")) + ("" if v.weight == 1 else f" ×{v.weight}")
            for v in c.voters)
        counts = (str(c.red), str(c.blue)) if tally.colors_matter else (str(c.red),)
        table.add_row(Text(n(c.player)), str(c.total), *counts, str(c.penalty), Text(voters or "—"))
    buf = io.StringIO()
    Console(file=buf, width=width, color_system=None, force_terminal=False, legacy_windows=False).print(table)
    lines = [buf.getvalue().rstrip("\n")]
    lines.append(t("tally.not_voted", names=names_of(tally.not_voted)) if tally.not_voted else t("tally.all_voted"))
    if tally.silenced:
        lines.append(t("tally.silenced", names=names_of(tally.silenced)))
    if tally.final:
        lines.append(t("tally.final", names=names_of(tally.final)))
    state = t("tally.closed") if tally.closed else t("tally.open")
    if tally.closed_early:
        state = t("tally.closed_early", at=when(tally.closed_early))
    # the public view never names the real tied or saved players the public totals do not show (RULES.md §3)
    o = public_outcome(tally)
    lines.append(t("tally.outcome", state=state, reason=reason(str(o.get("reason"))),
                   eliminated=t("tally.eliminated", names=names_of(o.get("eliminated"))) if o.get("eliminated") else "",
                   saved=t("tally.saved", names=names_of(o.get("saved"))) if o.get("saved") else "",
                   tied=t("tally.tied", names=names_of(o.get("tied"))) if o.get("tied") else ""))
    # the flags and alerts as the alerts and the GM report word them (one wording per kind)
    worded = gm_report_data({"tally": tally.to_json()}, language=messages.current(), tz=tz)["tally"]
    for f in worded.get("flags") or ():
        post_id = f.get("post_id")
        lines.append(t("tally.flag", kind=f["kind"], label=f.get("label", f["kind"]), player=f.get("player") or "-",
                       post=t("tally.flag.post", post_id=post_id) if post_id is not None else "",
                       post_id="-" if post_id is None else post_id, detail=f.get("detail", ""),
                       text=f.get("text", "")))
    for a in worded.get("alerts") or ():
        lines.append(t("tally.alert", kind=a.get("kind"), detail=a.get("detail", ""), text=a.get("text", "")))
    return "\n".join(lines) + "\n"
