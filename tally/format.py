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
from typing import Any, Callable, Mapping, Sequence

from .model import Tally

__all__ = ["clock", "day_and_clock", "date_and_clock", "format_text", "table_text", "TEXT_WORDS", "format_bbcode", "bb_escape", "hidden_outcome", "hidden_outcome_facts", "outcome_text", "public_outcome",
           "shown_reason", "time_left", "GM_WARNING"]

_REASON_RU = {
    "plurality": "{who} покидает игру",
    "tie": "ничья, не вешается никто",
    # 004's forgiven first tie reads as any tie: «первая» would tell that an earlier public tie was not real
    "tie_forgiven": "ничья, не вешается никто",
    "tie_all": "ничья, вешаются все, набравшие поровну: {who}",   # with the tied and saved: outcome_text
    "alibi": "обречённый отмазан, не вешается никто",
    "unhangable": "не вешается никто",
    "protected": "обречённый избежал казни, не вешается никто",
    "no_votes": "не вешается никто",
    "modkill": "модкилл {who}",
    "pending": "голосование идёт",
}


# the first line of a GM-view live count (`mafvote tally --view gm --format bbcode`): never to be posted
GM_WARNING = "[ГМ — НЕ ПУБЛИКОВАТЬ: здесь скрытые веса]"

_OPEN = re.compile("\\[(?!\u200b)")
_CLOSE = re.compile("(?<!\u200b)\\]")


def bb_escape(value: object) -> str:
    """Text that a BBCode forum shows as typed and never reads as a tag: a zero-width space after every `[`
    and before every `]` (idempotent, so a value escaped twice stays the same). The one escaping of BBCode
    in mafvote: the themed posts use it too."""
    return _CLOSE.sub("\u200b]", _OPEN.sub("[\u200b", str(value)))


def outcome_text(tally: Tally | Mapping[str, Any], names: Mapping[str, str] | None = None) -> str:
    """The closed count's result as the live count states it after «Итог:» (`Пусс покидает игру`, `ничья, не
    вешается никто`); the reason only where the public count agrees with it (`shown_reason`)."""
    t = _json(tally)
    o = t.get("outcome") or {}
    shown = names or {}
    reason = shown_reason(t)

    def who(players: Any) -> str:
        return ", ".join(shown.get(p, p) for p in players or ()) or "—"

    eliminated = list(o.get("eliminated") or ())
    if reason == "decision":
        # the GM's own decision (`day close --eliminate` / `--nobody`) replaced the count's result: the closing
        # line says what was applied, so the count never contradicts the day post
        if not eliminated:
            return "решение ведущего: не вешается никто"
        return f"решение ведущего: {who(eliminated)} {'покидают' if len(eliminated) > 1 else 'покидает'} игру"
    if reason == "undisclosed":
        # hidden weights changed the result: who hangs, never why (see `hidden_outcome`)
        if not eliminated:
            return "не вешается никто"
        return f"{who(eliminated)} {'покидают' if len(eliminated) > 1 else 'покидает'} игру"
    if reason == "tie_all":
        # RULES.md §3.10: a protected player survives the tie and the others still hang
        tied = f" ({who(o.get('tied'))})" if o.get("tied") else ""
        text = f"ничья{tied}, " + (f"вешаются все, набравшие поровну: {who(eliminated)}" if eliminated
                                   else "вешаются все, набравшие поровну, но не вешается никто")
        if o.get("saved"):
            text += f"; защита от казни спасла: {who(o.get('saved'))}"
        return text
    return _REASON_RU.get(reason or "", reason or "").format(who=who(eliminated))


# `format_text`'s words when the caller gives none: the count's own English, as its JSON and flags are written
# (scripts, the count's tests). The application passes the GM's language instead (mafvote.tally_text, catalogue
# `tally.<key>`, the same keys): `say(key, **facts)` returns the text of `key` filled with `facts`.
TEXT_WORDS: Mapping[str, str] = {
    "title": "{game} day {day} ({view}) — deadline {deadline}{as_of}",
    "as_of": ", as of {at}",
    "col.player": "player", "col.total": "total", "col.red": "red", "col.blue": "blue", "col.votes": "votes",
    "col.penalty": "penalty", "col.voters": "voters",
    "blue": " (blue)",
    "not_voted": "not voted: {names}",
    "all_voted": "not voted: nobody",
    "silenced": "silenced: {names}",
    "final": "final (досрочно): {names}",
    "closed": "closed",
    "open": "open",
    "closed_early": "closed early at {at}",
    "outcome": "day {state}; outcome: {reason}{eliminated}{saved}{tied}",
    "eliminated": " → {names}",
    "saved": " (saved: {names})",
    "tied": " (tied: {names})",
    "flag": "! {kind}: {player} post {post_id}: {detail}",
    "alert": "!! {kind}: {detail}",
}


def _english(key: str, **facts: Any) -> str:
    """`format_text`'s default `say`: a time as ISO 8601, a view and a reason as the JSON has them."""
    if key == "time":
        return facts["at"].isoformat()
    if key in ("view", "reason"):
        return str(facts[key])
    if key == "flag":
        facts = {**facts, "player": facts["player"] or "-", "post_id": "-" if facts["post_id"] is None else facts["post_id"]}
    return TEXT_WORDS[key].format(**facts)


# The characters rich measures as one cell without its width table (rich.cells' `_SINGLE_CELL_UNICODE_RANGES`) and the
# two dashes the table writes: a table of only these is drawn by `_plain_table`
_ONE_CELL = re.compile("[\u0020-\u007e\u00a0-\u00ac\u00ae-\u02ff\u0370-\u0482\u2013\u2014\u2500-\u25fc]*")
# a word and the spaces after it, as rich wraps a line (rich._wrap.re_word)
_WORD = re.compile(r"\s*\S+\s*")


def table_text(title: str, columns: Sequence[tuple[str, bool]], rows: Sequence[Sequence[str]], width: int) -> str:
    """The count's table as rich draws it (box HEAVY_HEAD, the title centred above it; no colours): `columns` are
    (header, left-aligned: else right-aligned), each row a text per column, shown as written (never markup).

    A table that fits `width` as it is, of one-cell characters on one line each (the usual count), is drawn here
    with the same characters (`_plain_table`), without importing rich (≈ 25 ms of `mafvote tally`'s start, issue
    17); any other (a row to wrap, a wide or combining character, a header rich would read as markup) by rich."""
    plain = _plain_table(title, columns, rows, width)
    return plain if plain is not None else _rich_table(title, columns, rows, width)


def _rich_table(title: str, columns: Sequence[tuple[str, bool]], rows: Sequence[Sequence[str]], width: int) -> str:
    from rich.console import Console  # start-up: rich (≈ 25 ms), only for a table _plain_table does not draw
    from rich.table import Table  # start-up: (the same)
    from rich.text import Text  # start-up: (the same)

    # Cells are `Text`, never markup: a nick `[/color]` crashed the table and `[b]Петя[/b]` lost its brackets.
    table = Table(title=Text(title), expand=False)
    for header, left in columns:
        table.add_column(header, justify="left" if left else "right")
    for row in rows:
        table.add_row(*(Text(cell) if left else cell for cell, (_, left) in zip(row, columns)))
    buf = io.StringIO()
    console = Console(file=buf, width=width, color_system=None, force_terminal=False, legacy_windows=False)
    console.print(table)
    return buf.getvalue().rstrip("\n")


def _plain_table(title: str, columns: Sequence[tuple[str, bool]], rows: Sequence[Sequence[str]],
                 width: int) -> str | None:
    """`table_text`'s table drawn as rich draws it, or None when rich is needed: a row wider than the room (rich
    wraps its cells or shrinks the columns), a word of the title wider than the table (rich folds it), a character
    rich measures by its width table (or a line break), a right-aligned cell or header rich would read as markup or
    an emoji code (`[`, `:`)."""
    headers = [h for h, _ in columns]
    texts = [title, *headers, *(cell for row in rows for cell in row)]
    if not all(_ONE_CELL.fullmatch(text) for text in texts):
        return None
    # rich's markup and emoji codes are read in the headers and the right-aligned cells (plain strings to it)
    if any("[" in s or ":" in s for s in (*headers, *(c for row in rows for c, (_, left) in zip(row, columns)
                                                       if not left))):
        return None
    # a column as wide as its widest text, spaces at the end included (rich strips them only to place the text)
    widths = [max(len(cell) for cell in (header, *(row[i] for row in rows))) for i, (header, _) in enumerate(columns)]
    inner = sum(widths) + 3 * len(widths) - 1            # a space either side of each cell, a line between
    room = inner + 2
    titled = _wrap(title, room) if title else []          # rich leaves out an empty title, not a blank one
    if room > width or titled is None:
        return None

    def line(cells: Sequence[str], bar: str) -> str:
        return bar + bar.join(f" {c.ljust(w) if left else c.rstrip().rjust(w)} "
                              for c, w, (_, left) in zip(cells, widths, columns)) + bar

    def rule(left: str, middle: str, right: str, fill: str) -> str:
        return left + middle.join(fill * (w + 2) for w in widths) + right

    # the title centred over the table, each of its lines as rich centres it (the odd space after the text)
    out = [" " * ((room - len(t)) // 2) + t + " " * (room - len(t) - (room - len(t)) // 2) for t in titled]
    out += [rule("┏", "┳", "┓", "━"), line(headers, "┃"), rule("┡", "╇", "┩", "━"), *(line(row, "│") for row in rows),
            rule("└", "┴", "┘", "─")]
    return "\n".join(out)


def _wrap(text: str, width: int) -> list[str] | None:
    """A one-line text of one-cell characters in lines of at most `width` as rich wraps it (`rich._wrap.divide_line`:
    a word with the spaces after it, moved to the next line when it does not fit), each line's end stripped; None
    when a word is longer than a line (rich folds it)."""
    breaks, used = [0], 0
    for word in _WORD.finditer(text):
        length = len(word[0].rstrip())
        if width - used >= length:
            used += len(word[0])
        elif length > width:
            return None
        elif used and word.start():
            breaks.append(word.start())
            used = len(word[0])
    return [text[a:b].rstrip() for a, b in zip(breaks, [*breaks[1:], len(text)])]


def format_text(tally: Tally, width: int = 110, *, names: Mapping[str, str] | None = None,
                say: Callable[..., str] | None = None) -> str:
    """A terminal table: per target red, blue, penalty, total and voters; then the rest.

    `names`: the name each slot is shown by, as in `format_bbcode` (after a замена the account playing the slot
    now, so the table and `render votecount` name the same people); default: the slots' nicks. The flags'
    details keep the slots' nicks: they quote the count's own words.

    `say(key, **facts)`: every word of the table, keyed as `TEXT_WORDS` (the count is pure and picks no language:
    mafvote passes its catalogue's, Russian by default); besides those keys it is asked for `time` (at=),
    `view` (view=), `reason` (reason=), and `flag`/`alert` with the record's `index` among the tally's flags or
    alerts. Default: the count's own English (`TEXT_WORDS`)."""
    t = tally
    say = say or _english
    shown = dict(names or {})

    def n(player: str) -> str:
        return shown.get(player, player)

    def listed(players: Any) -> str:
        return ", ".join(n(p) for p in players or ())

    title = say("title", game=t.game, day=t.day, view=say("view", view=t.view), deadline=say("time", at=t.deadline),
                as_of=say("as_of", at=say("time", at=t.as_of)) if t.as_of else "")
    # colors_matter = false (004, RULES.md §3.4): every vote is a vote to hang, one "votes" column
    cols = ("player", "total", "red", "blue", "penalty", "voters") if t.colors_matter else \
        ("player", "total", "votes", "penalty", "voters")
    rows = []
    for c in t.candidates:
        voters = ", ".join(
            f"{n(v.voter)}{'' if v.color == 'red' else say('blue')}{'' if v.weight == 1 else f' ×{v.weight}'}"
            for v in c.voters)
        counts = (str(c.red), str(c.blue)) if t.colors_matter else (str(c.red),)
        rows.append((n(c.player), str(c.total), *counts, str(c.penalty), voters or "—"))
    lines = [table_text(title, [(say(f"col.{col}"), col in ("player", "voters")) for col in cols], rows, width)]
    lines.append(say("not_voted", names=listed(t.not_voted)) if t.not_voted else say("all_voted"))
    if t.silenced:
        lines.append(say("silenced", names=listed(t.silenced)))
    if t.final:
        lines.append(say("final", names=listed(t.final)))
    state = say("closed") if t.closed else say("open")
    if t.closed_early:
        state = say("closed_early", at=say("time", at=t.closed_early))
    # the public view never names the real tied or saved players the public totals do not show (RULES.md §3)
    o = public_outcome(t)
    lines.append(say("outcome", state=state, reason=say("reason", reason=str(o.get("reason"))),
                     eliminated=say("eliminated", names=listed(o.get("eliminated"))) if o.get("eliminated") else "",
                     saved=say("saved", names=listed(o.get("saved"))) if o.get("saved") else "",
                     tied=say("tied", names=listed(o.get("tied"))) if o.get("tied") else ""))
    for i, f in enumerate(t.flags):
        lines.append(say("flag", index=i, kind=f.kind, player=f.player, post_id=f.post_id, detail=f.detail))
    for i, a in enumerate(t.alerts):
        lines.append(say("alert", index=i, kind=a.kind, detail=a.detail))
    return "\n".join(lines) + "\n"


_MONTHS = ("января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа", "сентября", "октября",
           "ноября", "декабря")


# The clock's texts, written out rather than by `strftime`, which imports the `time` module at every call (≈ 9.5 K
# instructions; the daemon's tick writes some 50 of them: issue 17). The pages, their charts and the themes use these.
def clock(t: datetime) -> str:
    """`18:05`"""
    return f"{t.hour:02d}:{t.minute:02d}"


def day_and_clock(t: datetime) -> str:
    """`02.12 18:05`"""
    return f"{t.day:02d}.{t.month:02d} {clock(t)}"


def date_and_clock(t: datetime) -> str:
    """`2 декабря, 18:05`"""
    return f"{t.day} {_MONTHS[t.month - 1]}, {clock(t)}"


def _plural(n: int, one: str, few: str, many: str) -> str:
    """`1 голос`, `3 голоса`, `11 голосов`: the Russian number agreement (a pure helper: tally imports no grammar
    module of the application)."""
    if n % 10 == 1 and n % 100 != 11:
        word = one
    elif 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        word = few
    else:
        word = many
    return f"{n} {word}"


# (one, few, many, the past verb agreeing with «1 …»): «остался 1 час», «осталась 1 минута», «остался 21 день»
_UNITS = {"day": ("день", "дня", "дней", "остался"), "hour": ("час", "часа", "часов", "остался"),
          "minute": ("минута", "минуты", "минут", "осталась")}


def time_left(deadline: datetime, now: datetime) -> str:
    """The time left until the deadline as the post says it, verb included, or "" once it has passed.

    The verb agrees with the first number and its noun, as Russian does: «осталась 1 минута», «остался 1 час»,
    «остался 21 час 1 минута», but «осталось 2 часа», «осталось 5 минут» (2–4 and 5+ take the neuter). Up to
    48 h hours and minutes; beyond that days and hours («осталось 30 дней 9 часов», not «729 часов»). The live
    count's wording; the HTML page's `time_left` (mafvote/render/context.py) may take it whole."""
    secs = int((deadline - now).total_seconds())
    if secs <= 0:
        return ""
    if secs < 60:
        return "осталось меньше минуты"
    total_minutes = secs // 60
    h, m = divmod(total_minutes, 60)
    if h >= 48:
        d, h = divmod(h, 24)
        parts = [("day", d)] + ([("hour", h)] if h else [])
    else:
        parts = ([("hour", h)] if h else []) + ([("minute", m)] if m or not h else [])
    first_unit, first = parts[0]
    one = first % 10 == 1 and first % 100 != 11
    verb = _UNITS[first_unit][3] if one else "осталось"
    return verb + " " + " ".join(_plural(n, *_UNITS[unit][:3]) for unit, n in parts)


# The reasons an outcome leaves nobody hanged although one player led: the count's doomed player is `saved`.
_SAVED_REASONS = ("alibi", "unhangable", "protected")
_TIE_REASONS = ("tie", "tie_forgiven", "tie_all")


def _json(tally: Tally | Mapping[str, Any]) -> Mapping[str, Any]:
    return tally.to_json() if isinstance(tally, Tally) else tally


def _public_top(t: Mapping[str, Any]) -> tuple[list[str], int]:
    """The players the public totals put on top (positive totals only) and their total."""
    totals = {c.get("player"): c.get("total", 0) for c in t.get("candidates") or ()}
    positive = {p: n for p, n in totals.items() if n > 0}
    top = max(positive.values(), default=0)
    return [p for p, n in positive.items() if n == top], top


def _disagreement(t: Mapping[str, Any]) -> tuple[list[str], int, list[str]] | None:
    """(public top, its total, the real players) when the real result of a closed day disagrees with the public
    totals; None when they agree (or the day is open)."""
    o = t.get("outcome") or {}
    reason = o.get("reason")
    if not t.get("closed", True) or reason not in ("plurality", "no_votes", *_SAVED_REASONS, *_TIE_REASONS):
        return None
    public, top = _public_top(t)
    if reason == "plurality":
        real = list(o.get("eliminated") or ())
    elif reason in _SAVED_REASONS:
        real = list(o.get("saved") or ())
    elif reason in _TIE_REASONS:
        real = list(o.get("tied") or ()) or [*(o.get("eliminated") or ()), *(o.get("saved") or ())]
        if not real and len(public) >= 2:
            return None           # an outcome without its tied players: a public tie agrees with it
    else:
        real = []
    if set(public) == set(real) and not (reason in _TIE_REASONS and len(public) < 2):
        return None
    return public, top, real


def _tie_rule(t: Mapping[str, Any]) -> str:
    """The ruleset's `tie` (RULES.md §3.9): the count's JSON carries it (`tie_rule`). A count stored by an older
    mafvote does not: then it is read from the real reason (`tie` only under "nobody", `tie_forgiven`/`tie_all`
    only under "nobody_once_then_all"), else from `colors_matter = false`, which only 004 has, and 004 is the one
    bundled ruleset with "nobody_once_then_all"."""
    if t.get("tie_rule"):
        return str(t["tie_rule"])
    reason = (t.get("outcome") or {}).get("reason")
    if reason == "tie":
        return "nobody"
    if reason in ("tie_forgiven", "tie_all"):
        return "nobody_once_then_all"
    return "nobody_once_then_all" if t.get("colors_matter") is False else "nobody"


def _ties_before(t: Mapping[str, Any]) -> int:
    """The game's ties before this day, as the real count knows them (RULES.md §3.9): `ties_before` when the
    caller adds it; a real `tie_forgiven` is the first (0) and a real `tie_all` a later one; a GM-view count's
    `ties` (after the day) when the day was no tie; else 0 (a public count's `ties` is always 0)."""
    if t.get("ties_before") is not None:
        return int(t["ties_before"])
    reason = (t.get("outcome") or {}).get("reason")
    if reason == "tie_forgiven":
        return 0
    if reason == "tie_all":
        return max(1, int(t.get("ties") or 0) - 1)
    if t.get("view") == "gm" and reason not in _TIE_REASONS:
        return int(t.get("ties") or 0)
    return 0


def _public_tie(t: Mapping[str, Any]) -> str | None:
    """The tie reason the public count itself implies when nobody is really hanged: its top is a tie and the
    game's tie rule applied to the public totals hangs nobody; None otherwise.

    RULES.md §3.9: `tie = "nobody"` (000, 001, 003): any tie at the top, `tie`. `tie = "nobody_once_then_all"`
    (004: «the first tie of the game saves everybody, every later tie hangs all tied players»): `tie_forgiven`
    while the real count has had no tie yet; after one, the public tie would hang all the tied, which the real
    result (nobody) contradicts whatever is said, so there is no public tie to give (`undisclosed`)."""
    o = t.get("outcome") or {}
    if o.get("eliminated"):
        return None
    public, _ = _public_top(t)
    if len(public) < 2:
        return None
    rule = _tie_rule(t)
    if rule == "nobody":
        return "tie"
    if rule == "nobody_once_then_all" and _ties_before(t) == 0:
        return "tie_forgiven"
    return None


def hidden_outcome(tally: Tally | Mapping[str, Any]) -> str | None:
    """Why a closed day's real result must not be told with its reason, or None when it may.

    `tally` is the public view (or its JSON) of a closed day: its totals count every vote at weight 1, its
    `outcome` is the real one, computed from the GM's view (RULES.md §3 "Two views"). When the hidden
    weights (the doctor's triple blue, the prosecutor's double red, a secret silence, a stolen or gifted vote)
    make the real result disagree with the public totals, a tie announced over a clear public leader, or a
    leader nobody sees, would tell the players whose vote weighed more (001: «Синий голос Снеговика
    засчитывается за три, однако вслух об этом не сообщается»). The sentence is for the GM (English, like
    the tally's flags); posts then say only who is hanged, or «не вешается никто», or, where nobody is hanged
    and the public count itself shows a tie, that tie (`shown_reason`)."""
    facts = hidden_outcome_facts(tally)
    if facts is None:
        return None
    public, top, real, reason, tie = (facts[k] for k in ("public", "top", "real", "reason", "tie"))
    shown = (f"{', '.join(public)} {'lead' if len(public) > 1 else 'leads'} with {top}" if public
             else "no positive total")
    head = (f"the public count shows {shown}, but the real count (hidden vote weights) gives {reason}"
            + (f" ({', '.join(real)})" if real else ""))
    if tie is not None:
        later = ("; the real count has had no tie, so the next real tie is still forgiven (RULES.md §3.9); "
                 "the posts word every tie alike, so that one does not show it" if facts["tie_still_forgiven"]
                 else "")
        return (f"{head}: the posts give the tie the public count shows ({tie}), never the real reason; "
                f"tell no one the reason{later}")
    return head + ": the posts say only who is hanged (or that nobody is), never why; tell no one the reason"


def hidden_outcome_facts(tally: Tally | Mapping[str, Any]) -> dict[str, Any] | None:
    """`hidden_outcome`'s facts, for the GM's language to word (mafvote.messages): `public` (the public
    leaders), `top` (their total), `real` (whom the real count names), `reason` (the real one), `tie` (the tie
    the posts give, or None), `tie_still_forgiven`; None when the day's result may be told with its reason."""
    t = _json(tally)
    found = _disagreement(t)
    if found is None:
        return None
    public, top, real = found
    reason = (t.get("outcome") or {}).get("reason")
    tie = _public_tie(t)
    return {"public": list(public), "top": top, "real": list(real), "reason": reason, "tie": tie,
            "tie_still_forgiven": tie == "tie_forgiven" and reason not in _TIE_REASONS}


def shown_reason(tally: Tally | Mapping[str, Any]) -> str | None:
    """The outcome reason a public post may give: the real one where the public count agrees with it; where
    hidden weights make them disagree (`hidden_outcome`): a hanging is `undisclosed` (the post names who is
    hanged, never that the count did it: a public 2–2 tie decided by hidden weights is no plurality); nobody hanged
    under a public tie is that tie (`tie`, or 004's `tie_forgiven`, see `_public_tie`: the post then reads as
    the public count leads everyone to expect, and the tie's usual sentence outs nobody); else `undisclosed`
    (the public count would have hanged someone: the post says who is hanged or that nobody is, never why).

    004's forgiven first tie (RULES.md §3.9 «the first tie of the game saves everybody, every later tie hangs
    all tied players»; §3 «The final result (who is hanged) is computed from the GM's view»):
    - the public count shows a tie and the real count is a tie too (other players): `tie_forgiven`; the real
      tie counter moves with it, so later days agree with what was posted.
    - the public count shows a tie and the real result is a save (the leader's one-time protection, an alibi)
      or no positive total: `tie_forgiven` as well, since it is the first tie anyone has seen. The real tie
      counter does not move (there was no real tie), so a later real tie is forgiven again: the posts and the
      live count word a forgiven tie as any tie (never «в первый раз»), so that second forgiven tie tells the
      players nothing about the earlier day.
    - once the real count has had a tie, a public tie would hang all the tied: when nobody is really hanged
      nothing public can agree, and the post gives no reason (`undisclosed`)."""
    t = _json(tally)
    reason = (t.get("outcome") or {}).get("reason")
    if _disagreement(t) is None:
        return reason
    # a hanging the public totals do not give (a public 2–2 tie decided by a hidden weight): `plurality` would
    # say the public count hanged that player; the post names who is hanged, never why
    return _public_tie(t) or "undisclosed"


def public_outcome(tally: Tally | Mapping[str, Any]) -> dict[str, Any]:
    """The closed day's outcome (JSON shape, `Outcome.to_json`) as the public view may show it: the real one
    where the public count agrees with it; else the reason `shown_reason` gives, with who is hanged and no
    tied, saved or spent players that the public totals do not show (a public tie lists the public tie)."""
    t = _json(tally)
    o = dict(t.get("outcome") or {})
    if t.get("view") != "public" or _disagreement(t) is None:
        return o
    shown = shown_reason(t)
    out = {"eliminated": list(o.get("eliminated") or ()), "reason": shown, "saved": [], "spent": [], "tied": []}
    if shown in _TIE_REASONS:
        out["tied"] = _public_top(t)[0]
    return out


def _time(value: Any) -> datetime | None:
    if value is None or isinstance(value, datetime):
        return value
    return datetime.fromisoformat(str(value))


def _removed_votes(t: Mapping[str, Any]) -> dict[str, list[str]]:
    """Per player modkilled during the day, the voters whose standing vote is for them (`target_removed`: the
    voter has voted, the vote weighs nothing), in the order of their votes."""
    removed = {f.get("post_id"): (f.get("data") or {}).get("target") for f in t.get("flags") or ()
               if f.get("kind") == "target_removed"}
    out: dict[str, list[str]] = {}
    if not removed:
        return out           # no modkill that day (nearly every count): the votes need no walk
    for v in t.get("votes") or ():
        target = removed.get(v.get("post_id"))
        if v.get("counted") and target is not None and v.get("target") == target:
            out.setdefault(target, []).append(v.get("voter"))
    return out


def format_bbcode(tally: Tally | Mapping[str, Any], now: datetime | None, *,
                  names: Mapping[str, str] | None = None, markup: bool = True) -> str:
    """The live-count post: per target the voters in order, red and blue apart, totals, non-voters, the
    deadline and time left, early votes. The one wording of the live count: the daemon's published file and
    forum post, `mafvote tally --format bbcode` and `mafvote render votecount` (bbcode and text) are this text.

    `tally`: a public-view `Tally` or its JSON (a GM-view one is headed by `GM_WARNING` instead of the post's
    title: GMs use it privately, it is not a post). `now`: for the time left (None: not shown). `names`: the name
    each slot is shown by (the current account after a replacement, the mask in mask games; default: the
    slot's nick). `markup=False`: plain text, no tags and no escaping (for the terminal and e-mail)."""
    t = _json(tally)
    e = bb_escape if markup else str
    shown = dict(names or {})

    def n(player: str) -> str:
        return e(shown.get(player, player))

    def tag(name: str, inner: str, value: str = "") -> str:
        if not markup:
            return inner
        return f"[{name}{'=' + value if value else ''}]{inner}[/{name}]"

    final = set(t.get("final") or ())
    cands = list(t.get("candidates") or ())
    colors_matter = t.get("colors_matter", True) is not False
    if t.get("view") == "gm":
        # the GM view holds the hidden weights and secret silences (RULES.md §3 "Two views"): GMs keep it for
        # themselves, so it must never pass for the live-count post: a warning first, no post title
        out = [GM_WARNING, tag("b", f"Подсчёт ведущего, день {t.get('day')}")]
    else:
        out = [tag("b", f"Подсчёт голосов, день {t.get('day')}")]

    def voters(c: Mapping[str, Any], color: str) -> list[Mapping[str, Any]]:
        return [v for v in c.get("voters") or () if (v.get("color") == "blue") == (color == "blue")]

    def voter_list(c: Mapping[str, Any], color: str) -> str:
        names_, silenced = [], []
        for v in voters(c, color):
            s = n(v.get("voter"))
            if v.get("voter") in final:
                s += " " + tag("i", "досрочно")
            if v.get("weight", 1) == 0:
                # an announced silence (RULES.md §3.5): the vote is listed but counts 0, so the names and the
                # number beside them agree. "без голоса", not "лишён(а)": the count knows no genders; after the
                # counted voters, never in brackets inside the list's brackets
                silenced.append(s)
                continue
            if v.get("weight", 1) != 1:
                s += f" ×{v.get('weight')}"
            names_.append(s)
        if silenced:
            names_.append(("; " if names_ else "") + "без голоса: " + ", ".join(silenced))
            return ", ".join(names_[:-1]) + names_[-1]
        return ", ".join(names_)

    reds = [c for c in cands if voters(c, "red")]
    blues = [c for c in cands if voters(c, "blue")]
    # red is a vote against, blue one in defence (RULES.md §2); 004 (colors_matter = false): every vote is
    # against and the count never speaks of defence (RULES.md §3.4)
    for color, head, code, rows in (("red", "Против:", "#FF0000", reds), ("blue", "В защиту:", "#0000FF", blues)):
        if not rows:
            continue
        out += ["", tag("u", head)]
        for c in rows:
            total = sum(v.get("weight", 1) for v in voters(c, color))
            out.append(f"{tag('color', n(c.get('player')), code)} — {_plural(total, 'голос', 'голоса', 'голосов')}"
                       f" ({voter_list(c, color)})")
    out += ["", tag("u", "Итого:")]
    if cands:
        for c in cands:
            who, total, penalty = n(c.get("player")), c.get("total", 0), c.get("penalty", 0)
            if colors_matter:
                extra = f", штраф +{penalty}" if penalty else ""
                out.append(f"{who}: {total} (против {c.get('red', 0)}, в защиту {c.get('blue', 0)}{extra})")
            else:
                out.append(f"{who}: {total}" + (f" (голосов: {c.get('red', 0)}, штраф +{penalty})" if penalty else ""))
    else:
        out.append("Голосов пока нет.")
    not_voted = list(t.get("not_voted") or ())
    out += ["", f"Не проголосовали: {', '.join(n(p) for p in not_voted)}" if not_voted else "Проголосовали все."]
    for target, who in _removed_votes(t).items():
        # a vote for a player the GM modkilled later that day (`target_removed`) is in no total: the modkill is
        # public, so the count says whose votes they were, and while the day runs that they may vote again
        again = "" if t.get("closed") else (" — может" if len(who) == 1 else " — могут") + " проголосовать заново"
        out.append(f"Голоса за выбывшего по модкиллу ({n(target)}): {', '.join(n(v) for v in who)}{again}.")
    if t.get("silenced"):
        out.append(f"Лишены голоса: {', '.join(n(p) for p in t['silenced'])}")
    if t.get("final"):
        out.append(f"Досрочно: {', '.join(n(p) for p in t['final'])}")
    deadline = _time(t.get("deadline"))
    if t.get("closed"):
        out += ["", f"{tag('b', 'Голосование закрыто.')} Итог: {e(outcome_text(t, shown))}"]
    elif deadline is not None:
        left = time_left(deadline, now) if now is not None else ""
        when = date_and_clock(deadline)
        out += ["", tag("b", f"Голосование до {when}" + (f" ({left})" if left else "") + ".")]
    return "\n".join(out) + "\n"
