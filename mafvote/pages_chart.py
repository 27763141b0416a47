"""The day's step chart as inline SVG: readable without JavaScript, nothing loaded from anywhere.

    tally.timeline steps ──chart_svg──> <svg> one step line per candidate, its name and total at the line's end,
                                         the deadline (and an early close, and «сейчас») as dashed rules,
                                         a diamond where a vote was досрочно

Only what the steps hold is drawn: a public count's steps are public weights, so the public chart shows what the
public count shows. Each line carries `data-player` and `data-total` (its last value), which the browser tests read.

`memo` (the running day's, kept by the pages' `PageCache` beside the timeline's) keeps what the steps before the
last drew: where each line changes, each step's x written out, each line's points. A new post adds a step: while
the same steps (the same objects: `tally.timeline` resumed) start the next call's, the chart draws the new ones only
(issue 17); a line's points, the досрочно marks (with the names they show) and the frame (the value grid, the hours) are kept
while the chart's x range (start to deadline, fixed while the day runs) and its y range stay the same. The last step
(the count now) is drawn anew each time; so are the rules (the deadline, «сейчас») and the lines' ends.
"""
from __future__ import annotations

import html
from datetime import datetime, timedelta, tzinfo
from functools import lru_cache
from operator import is_
from typing import Mapping, Sequence

from mafvote_tally.format import clock

from . import messages

__all__ = ["PALETTE", "chart_parts", "chart_svg", "order"]

# Okabe–Ito, without its red and blue look-alikes' meaning clash: the candidates' lines are not vote colours
PALETTE = ("#7b3fb3", "#e69f00", "#009e73", "#cc79a7", "#0b7285", "#8c6d31", "#56b4e9", "#b8860b", "#5f6b7a",
           "#2f4f4f")
# the wide chart (a screen) and the narrow one (a phone: drawn for its width, so that its text stays readable
# instead of a wide chart shrunk to half); the page shows one of the two by its width (CSS)
SIZES = {"wide": (760, 320, 132, 8), "narrow": (420, 300, 100, 5)}
LEFT, TOP, BOTTOM = 36, 40, 34
_MEMO = "chart"             # `memo`'s slot


def _e(text: object) -> str:
    return _escaped(text if type(text) is str else str(text))


@lru_cache(maxsize=1024)
def _escaped(text: str) -> str:
    # a pure function of the text: each chart writes each player's name three times, four charts a tick (issue 17)
    return html.escape(text, quote=True)


def _ticks(start: datetime, end: datetime, tz: tzinfo, most: int) -> list[tuple[datetime, str]]:
    span = (end - start).total_seconds() / 3600
    step = next((s for s in (1, 2, 3, 4, 6, 12, 24, 48) if span / s <= most), 96)
    local = start.astimezone(tz)
    t = local.replace(minute=0, second=0, microsecond=0)
    t += timedelta(hours=1)
    while t.hour % step:
        t += timedelta(hours=1)
    out = []
    while t < end:
        label = f"{t.day:02d}.{t.month:02d}" if t.hour == 0 else clock(t)
        out.append((t, label))
        t += timedelta(hours=step)
    return out


def order(steps: Sequence, memo: dict | None = None) -> list[str]:
    """The candidates by their last total, highest first (the leader takes the palette's first colour; the count
    table uses the same colours)."""
    return _lines(steps, memo)[0][0]


class _Walk:
    """`_lines` over the steps before the last (`steps`), kept in `memo`: where each line changes (step index,
    value before, value after), each line's last value, the range of values, the steps marked досрочно; and per
    chart size what was written of them (`drawn`: size -> (x range, y range, each step's x, each line's points))."""

    __slots__ = ("steps", "seen", "changes", "last", "lo", "hi", "early", "drawn", "lines")

    def __init__(self) -> None:
        self.steps: tuple = ()
        self.seen: dict[str, int] = {}
        self.changes: dict[str, list[tuple[int, int, int]]] = {}
        self.last: dict[str, int] = {}
        self.lo, self.hi = 0, 1
        self.early: list[int] = []
        self.drawn: dict[str, tuple] = {}
        self.lines: tuple = ((), None)        # (the steps, `_lines` of them) of the last call

    def walk(self, steps: Sequence, start: int, stop: int) -> None:
        seen, changes, last = self.seen, self.changes, self.last
        lo, hi = self.lo, self.hi
        for i in range(start, stop):
            s = steps[i]
            if s.early:
                self.early.append(i)
            lo, hi = _take(i, s, seen, changes, last, lo, hi)
        self.lo, self.hi = lo, hi


def _take(i: int, step, seen: dict[str, int], changes: dict[str, list[tuple[int, int, int]]], last: dict[str, int],
          lo: int, hi: int) -> tuple[int, int]:
    """Step `i`'s changed lines added to `seen`, `changes` and `last` (in place); the range of values with them."""
    totals = step.totals
    for p in step.changed:
        v = totals.get(p, 0)
        before = last.get(p)
        if before is None:
            seen[p], changes[p], before = i, [], 0
        if v != before:
            changes[p].append((i, before, v))
            last[p] = v
            lo, hi = (v if v < lo else lo), (v if v > hi else hi)
        elif p not in last:
            last[p] = 0
    return lo, hi


def _walked(steps: Sequence, memo: dict | None) -> _Walk:
    """The walk of every step but the last, resumed from `memo`'s when its steps start these."""
    kept = memo.get(_MEMO) if memo is not None else None
    head = len(steps) - 1
    if kept is not None and len(kept.steps) <= head and all(map(is_, kept.steps, steps)):
        start = len(kept.steps)
    else:
        kept, start = _Walk(), 0
    kept.walk(steps, start, head)
    kept.steps = tuple(steps[:head])
    if memo is not None:
        memo[_MEMO] = kept
    return kept


def _lines(steps: Sequence, memo: dict | None = None) -> tuple[tuple, _Walk]:
    """What both sizes draw, in one pass over the steps: the candidates in order (`order`), where each line changes
    (step index, value before, value after), each line's last value, and the range of values; and the walk of the
    steps before the last it was drawn from."""
    kept = memo.get(_MEMO) if memo is not None else None
    if kept is not None and kept.lines[0] is steps:
        return kept.lines[1], kept
    walk = _walked(steps, memo) if steps else _Walk()
    # the last step on copies: the next call's last step is another
    seen, last = dict(walk.seen), dict(walk.last)
    changes = {p: list(c) for p, c in walk.changes.items()}
    lo, hi = walk.lo, walk.hi
    if steps:
        lo, hi = _take(len(steps) - 1, steps[-1], seen, changes, last, lo, hi)
    end = steps[-1].totals if steps else {}
    players = sorted(seen, key=lambda p: (-end.get(p, 0), seen[p]))
    out = players, changes, last, lo, hi
    walk.lines = (steps, out)
    return out, walk


def chart_svg(steps: Sequence, *, start: datetime | None, deadline: datetime, tz: tzinfo,
              names: Mapping[str, str], closed_early: datetime | None = None, now: datetime | None = None,
              title: str = "", sizes: Sequence[str] = ("wide",), memo: dict | None = None,
              language: str = "ru") -> str:
    """The chart of `steps` (tally.timeline.Step) from `start` to the deadline (or the last step after it), one
    `<svg>` per size of `sizes`, its labels in `language` (the public pages' are Russian always: mafvote.pages);
    `memo`: the running day's, kept between calls (the module's docstring)."""
    return b"".join(chart_parts(steps, start=start, deadline=deadline, tz=tz, names=names, closed_early=closed_early,
                                now=now, title=title, sizes=sizes, memo=memo, language=language)).decode("utf-8")


def chart_parts(steps: Sequence, *, start: datetime | None, deadline: datetime, tz: tzinfo,
                names: Mapping[str, str], closed_early: datetime | None = None, now: datetime | None = None,
                title: str = "", sizes: Sequence[str] = ("wide",), memo: dict | None = None,
                language: str = "ru") -> list[bytes]:
    """`chart_svg` in UTF-8, in the pieces it is made of, for the page to join once (`mafvote.pages.Fragment`):
    each line's kept points are kept encoded (ASCII) and set in as they are, not copied into one text with the
    names (which made the whole chart a two-byte-a-character text) and encoded again at every regeneration
    (issue 17, the tick: four charts after every post)."""
    if not steps:
        return []
    lines, walk = _lines(steps, memo)
    t0 = start or steps[0].time
    t1 = max(deadline, steps[-1].time, now or deadline)
    if t1 <= t0:
        t1 = t0 + timedelta(hours=1)
    out: list[bytes] = []
    for size in sizes:
        out += _svg(steps, lines, walk, t0=t0, t1=t1, deadline=deadline, tz=tz, names=names,
                    closed_early=closed_early, now=now, title=title, size=size, language=language)
    return out


def _frame(W: int, H: int, RIGHT: int, most: int, t0: datetime, t1: datetime, lo: int, hi: int,  # noqa: N803
           tz: tzinfo, title: str, x, y, size: str) -> str:  # noqa: ANN001
    """The chart's opening, its title, the value grid and the hours' lines (what `_svg` keeps while its ranges stay)."""
    out = [f'<svg class="chart chart-{size}" viewBox="0 0 {W} {H}" role="img" '
           f'xmlns="http://www.w3.org/2000/svg"><title>{_e(title)}</title>']
    grid = max(1, (hi - lo) // 6 + (1 if (hi - lo) % 6 else 0))
    v = (lo // grid) * grid
    while v <= hi:
        cls = "axis0" if v == 0 else "grid"
        out.append(f'<line class="{cls}" x1="{LEFT}" x2="{W - RIGHT}" y1="{y(v)}" y2="{y(v)}"/>'
                   f'<text class="ylab" x="{LEFT - 6}" y="{y(v) + 4}">{v}</text>')
        v += grid
    for t, label in _ticks(t0, t1, tz, most):
        out.append(f'<line class="grid" x1="{x(t)}" x2="{x(t)}" y1="{TOP}" y2="{H - BOTTOM}"/>'
                   f'<text class="xlab" x="{x(t)}" y="{H - BOTTOM + 16}">{label}</text>')
    return "".join(out)


def _svg(steps: Sequence, lines, walk: _Walk, *, t0: datetime, t1: datetime,  # noqa: ANN001
         deadline: datetime, tz: tzinfo, names: Mapping[str, str], closed_early: datetime | None,
         now: datetime | None, title: str, size: str, language: str = "ru") -> list[bytes]:
    W, H, RIGHT, most = SIZES[size]
    players, changes, last, lo, hi = lines
    pw, ph = W - LEFT - RIGHT, H - TOP - BOTTOM
    span = (t1 - t0).total_seconds()

    def x(t: datetime) -> float:
        return round(LEFT + pw * (t - t0).total_seconds() / span, 1)

    # a total is a small whole number: each one's height is worked out once, not once per point (a 3,000-post day
    # draws some 3,500 points per chart; bench/bench_pages.py)
    heights: dict[float, float] = {}

    def y(v: float) -> float:
        h = heights.get(v)
        if h is None:
            h = heights[v] = round(TOP + ph * (hi - v) / (hi - lo), 1)
        return h

    # what the steps before the last drew, kept while the x and y ranges stay (the module's docstring): each step's
    # x written out, each line's points, each досрочно mark (names too: a replacement renames its title), the frame
    ranges, kept_xs, kept_points, kept_marks, frame = walk.drawn.get(size, (None, [], {}, ({}, {}), ("", "")))
    if ranges is None or ranges[0] != (t0, t1):
        kept_xs, kept_points, kept_marks = [], {}, ({}, {})
    elif ranges[1] != (lo, hi):
        kept_points, kept_marks = {}, ({}, {})
    if kept_marks[0] != names:
        kept_marks = (dict(names), {})
    # the frame (the title, the value grid and the hours) changes with the ranges alone
    framed = (t0, t1, lo, hi, tz, title)
    if frame[0] != framed:
        frame = (framed, _frame(W, H, RIGHT, most, t0, t1, lo, hi, tz, title, x, y, size).encode("utf-8"))
    out: list = [frame[1]]

    def words(key: str, **facts) -> str:  # noqa: ANN003
        return messages.text(f"pages.w.chart.{key}", language, **facts)

    rules = [(deadline, words("deadline", at=clock(deadline.astimezone(tz))), "deadline")]
    if closed_early is not None:
        rules.append((closed_early, words("early", at=clock(closed_early.astimezone(tz))), "early"))
    if now is not None and now < deadline:
        rules.append((now, words("now"), "now"))
    final = {color: words(f"final.{color}") for color in ("red", "blue")}
    for k, (t, label, cls) in enumerate(rules):
        # above the plot, one row each (the deadline, an early close), so that no label lies on a line; «сейчас»
        # at the foot of its rule, inside the plot
        ly = H - BOTTOM - 6 if cls == "now" else 14 + 14 * k
        out.append(f'<line class="rule {cls}" x1="{x(t)}" x2="{x(t)}" y1="{ly + 4 if cls != "now" else TOP}" '
                   f'y2="{H - BOTTOM}"/><text class="rulelab {cls}" x="{x(t) - 4}" y="{ly}">{_e(label)}</text>'
                   .encode("utf-8"))
    ends: list[tuple[float, str, str, int]] = []
    first_series = len(out)
    # the points' coordinates as the text they are written in, each worked out once (a 3,000-post day draws some
    # 1,800 points per chart, and writing a float is the costly part of a point; bench/bench_pages.py); those of
    # the steps before the last kept in the walk while the x range stays (the module's docstring)
    head = len(walk.steps)
    kept_xs.extend(str(round(LEFT + pw * (steps[i].time - t0).total_seconds() / span, 1))
                   for i in range(len(kept_xs), head))
    walk.drawn[size] = ((t0, t1), (lo, hi)), kept_xs, kept_points, kept_marks, frame
    xs = [*kept_xs, *(str(round(LEFT + pw * (s.time - t0).total_seconds() / span, 1)) for s in steps[head:])]
    ys = {v: str(y(v)) for v in range(lo, hi + 1)}      # a total is a whole number from lo to hi
    marks_of: dict[str, list[str]] = {p: [] for p in players}
    made_marks = kept_marks[1]
    for i in walk.early:
        s = steps[i]
        if s.target in marks_of:
            mark = made_marks.get(i)
            if mark is None:
                mark = made_marks[i] = (
                    f'<path class="final" d="M{xs[i]},{y(s.totals.get(s.target, 0)) - 6}l6,6l-6,6l-6,-6z" '
                    f'fill="COLOR"><title>{_e(names.get(s.voter or "", s.voter))}: '
                    f'{final["red" if s.color == "red" else "blue"]} {_e(names.get(s.target, s.target))}</title></path>')
            marks_of[s.target].append(mark)
    for i, player in enumerate(players):
        color = PALETTE[i % len(PALETTE)]
        # the line's points up to the steps before the last, kept; then the last step's change and the line's end
        walked = walk.changes.get(player, ())
        done, text = kept_points.get(player, (0, f"{x(t0)},{ys[0]}".encode("ascii")))
        if done < len(walked):
            text += "".join(f" {xs[j]},{ys[before]} {xs[j]},{ys[after]}"
                            for j, before, after in walked[done:]).encode("ascii")
            kept_points[player] = (len(walked), text)
        points = [""]
        for j, before, after in changes[player][len(walked):]:
            sx = xs[j]
            points.append(f"{sx},{ys[before]} {sx},{ys[after]}")
        value = last[player]
        points.append(f"{xs[-1]},{ys[value]}")
        shown = names.get(player, player)
        marks = "".join(m.replace('fill="COLOR"', f'fill="{color}"') for m in marks_of[player])
        # a line that ends at 0 or below is drawn behind and lighter: the eye goes to who is in danger
        faint = ' class="faint"' if value <= 0 else ""
        # the line's kept points set in as they are, between what is written anew (`chart_parts`)
        out.insert(first_series if value <= 0 else len(out), (
            f'<g class="series" data-player="{_e(shown)}" data-total="{value}">'
            f'<polyline{faint} fill="none" stroke="{color}" stroke-width="{1.6 if value <= 0 else 2.8}" '
            f'stroke-linejoin="round" points="'.encode("utf-8"),
            text,
            (f'{" ".join(points)}"><title>{_e(shown)}: {value}</title></polyline>{marks}</g>').encode("utf-8")))
        if value > 0 or len(players) <= 6:
            ends.append((y(value), shown, color, value))
    # the names at the lines' ends, pushed apart so that two equal totals do not overprint
    ends.sort()
    placed: list[float] = []
    for ey, shown, color, value in ends:
        ly = max(ey + 4, (placed[-1] + 14) if placed else ey + 4)
        placed.append(ly)
        out.append(f'<text class="endlab" x="{W - RIGHT + 6}" y="{ly}" fill="{color}">'
                   f'{_e(shown)} <tspan class="endval">{value}</tspan></text>'.encode("utf-8"))
    out.append(b"</svg>")
    return [part for piece in out for part in (piece if type(piece) is tuple else (piece,))]
