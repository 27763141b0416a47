"""Pure formatters of a ``Tally``: a terminal table (``format_text``) and the live-count post
(``format_bbcode``, RULES.md §6 "Live vote count"). No clock: ``now`` is passed in.

Player names and written names are escaped for BBCode so that a nick such as
``[/color][url=…]`` cannot close a tag or inject one (RULES.md §6): a zero-width space after
every ``[`` keeps the text as typed but stops the forum from reading it as a tag.
"""
from __future__ import annotations

import io
import re
from datetime import datetime

from rich.console import Console
from rich.table import Table

from .model import Tally

__all__ = ["format_text", "format_bbcode", "bb_escape"]

_REASON_RU = {
    "plurality": "повешен(а) {who}",
    "tie": "ничья: не вешается никто",
    "tie_forgiven": "ничья (первая за игру): не вешается никто",
    "tie_all": "ничья: вешаются все, набравшие поровну: {who}",
    "alibi": "обреченный отмазан, не вешается никто",
    "unhangable": "обреченного нельзя повесить, не вешается никто",
    "protected": "обреченный защищён от казни, не вешается никто",
    "no_votes": "не вешается никто",
    "modkill": "модкилл: {who}",
    "pending": "голосование идёт",
}


_OPEN = re.compile("\\[(?!\u200b)")
_CLOSE = re.compile("(?<!\u200b)\\]")


def bb_escape(value: object) -> str:
    """Text that a BBCode forum shows as typed and never reads as a tag: a zero-width space after every `[`
    and before every `]` (idempotent, so a value escaped twice stays the same). The one escaping of BBCode
    in mafvote: the themed posts use it too."""
    return _CLOSE.sub("\u200b]", _OPEN.sub("[\u200b", str(value)))


def _outcome_text(t: Tally) -> str:
    o = t.outcome
    text = _REASON_RU.get(o.reason, o.reason).format(who=", ".join(o.eliminated) or "—")
    if o.reason == "tie_all" and o.saved:
        # RULES.md §3.10: a protected player survives the tie and the others still hang
        if not o.eliminated:
            text = "ничья: не вешается никто"
        text += f" (защита от казни спасла: {', '.join(o.saved)})"
    return text


def format_text(tally: Tally, width: int = 110) -> str:
    """A terminal table: per target red, blue, penalty, total and voters; then the rest."""
    t = tally
    table = Table(title=f"{t.game} day {t.day} ({t.view}) — deadline {t.deadline.isoformat()}"
                  + (f", as of {t.as_of.isoformat()}" if t.as_of else ""), expand=False)
    # colors_matter = false (004, RULES.md §3.4): every vote is a vote to hang, one "votes" column
    cols = ("player", "total", "red", "blue", "penalty", "voters") if t.colors_matter else \
        ("player", "total", "votes", "penalty", "voters")
    for col in cols:
        table.add_column(col, justify="left" if col in ("player", "voters") else "right")
    for c in t.candidates:
        voters = ", ".join(
            f"{v.voter}{'' if v.color == 'red' else ' (blue)'}{'' if v.weight == 1 else f' ×{v.weight}'}"
            for v in c.voters)
        counts = (str(c.red), str(c.blue)) if t.colors_matter else (str(c.red),)
        table.add_row(c.player, str(c.total), *counts, str(c.penalty), voters or "—")
    buf = io.StringIO()
    console = Console(file=buf, width=width, color_system=None, force_terminal=False, legacy_windows=False)
    console.print(table)
    lines = [buf.getvalue().rstrip("\n")]
    lines.append(f"not voted: {', '.join(t.not_voted) or 'nobody'}")
    if t.silenced:
        lines.append(f"silenced: {', '.join(t.silenced)}")
    if t.final:
        lines.append(f"final (досрочно): {', '.join(t.final)}")
    state = "closed" if t.closed else "open"
    if t.closed_early:
        state = f"closed early at {t.closed_early.isoformat()}"
    lines.append(f"day {state}; outcome: {t.outcome.reason}"
                 + (f" → {', '.join(t.outcome.eliminated)}" if t.outcome.eliminated else "")
                 + (f" (saved: {', '.join(t.outcome.saved)})" if t.outcome.saved else "")
                 + (f" (tied: {', '.join(t.outcome.tied)})" if t.outcome.tied else ""))
    for f in t.flags:
        lines.append(f"! {f.kind}: {f.player or '-'} post {f.post_id if f.post_id is not None else '-'}: {f.detail}")
    for a in t.alerts:
        lines.append(f"!! {a.kind}: {a.detail}")
    return "\n".join(lines) + "\n"


def _left(deadline: datetime, now: datetime) -> str:
    secs = int((deadline - now).total_seconds())
    if secs <= 0:
        return "голосование закрыто"
    h, m = divmod(secs // 60, 60)
    return f"осталось {h} ч {m:02d} мин"


def format_bbcode(tally: Tally, now: datetime) -> str:
    """The live-count post: per target the voters in order, red and blue apart, totals,
    non-voters, the deadline and time left, early votes. Meant for the public view."""
    t = tally
    e = bb_escape
    out = [f"[b]Подсчёт голосов, день {t.day}[/b]"]
    reds = [c for c in t.candidates if any(v.color == "red" for v in c.voters)]
    blues = [c for c in t.candidates if any(v.color == "blue" for v in c.voters)]

    def voter_list(c, color: str) -> str:  # noqa: ANN001
        names = []
        for v in c.voters:
            if v.color != color:
                continue
            s = e(v.voter)
            if v.voter in t.final:
                s += " [i]досрочно[/i]"
            if v.weight != 1:
                s += f" (×{v.weight})"
            names.append(s)
        return ", ".join(names)

    if reds:
        # 004 (colors_matter = false): no colours to speak of, every vote is against (RULES.md §3.4)
        out += ["", "[u]Красные:[/u]" if t.colors_matter else "[u]Против:[/u]"]
        for c in reds:
            n = sum(v.weight for v in c.voters if v.color == "red")
            out.append(f"[color=#FF0000]{e(c.player)}[/color] — {n} ({voter_list(c, 'red')})")
    if blues:
        out += ["", "[u]Синие:[/u]"]
        for c in blues:
            n = sum(v.weight for v in c.voters if v.color == "blue")
            out.append(f"[color=#0000FF]{e(c.player)}[/color] — {n} ({voter_list(c, 'blue')})")
    out += ["", "[u]Итого:[/u]"]
    if t.candidates:
        for c in t.candidates:
            if t.colors_matter:
                extra = f", штраф +{c.penalty}" if c.penalty else ""
                out.append(f"{e(c.player)}: {c.total} (красных {c.red}, синих {c.blue}{extra})")
            else:
                out.append(f"{e(c.player)}: {c.total}" + (f" (голосов: {c.red}, штраф +{c.penalty})"
                                                           if c.penalty else ""))
    else:
        out.append("голосов нет")
    out += ["", f"Не проголосовали: {', '.join(e(p) for p in t.not_voted) or 'все проголосовали'}"]
    if t.silenced:
        out.append(f"Лишены голоса: {', '.join(e(p) for p in t.silenced)}")
    if t.final:
        out.append(f"Досрочно: {', '.join(e(p) for p in t.final)}")
    dl = t.deadline.strftime("%d.%m %H:%M")
    if t.closed:
        out += ["", f"Голосование закрыто. Итог: {e(_outcome_text(t))}"]
    else:
        out += ["", f"Голосование до [b]{dl}[/b] ({_left(t.deadline, now)})"]
    return "\n".join(out) + "\n"
