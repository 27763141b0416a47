"""The day's step chart as inline SVG: readable without JavaScript, nothing loaded from anywhere.

    tally.timeline steps ──chart_svg──> <svg> one step line per candidate, its name and total at the line's end,
                                         the deadline (and an early close, and «сейчас») as dashed rules,
                                         a diamond where a vote was досрочно

Only what the steps hold is drawn: a public count's steps are public weights, so the public chart shows what the
public count shows. Each line carries `data-player` and `data-total` (its last value), which the browser tests read.
"""
from __future__ import annotations

import html
from datetime import datetime, timedelta, tzinfo
from typing import Mapping, Sequence

__all__ = ["PALETTE", "chart_svg", "order"]

# Okabe–Ito, without its red and blue look-alikes' meaning clash: the candidates' lines are not vote colours
PALETTE = ("#7b3fb3", "#e69f00", "#009e73", "#cc79a7", "#0b7285", "#8c6d31", "#56b4e9", "#b8860b", "#5f6b7a",
           "#2f4f4f")
# the wide chart (a screen) and the narrow one (a phone: drawn for its width, so that its text stays readable
# instead of a wide chart shrunk to half); the page shows one of the two by its width (CSS)
SIZES = {"wide": (760, 320, 132, 8), "narrow": (420, 300, 100, 5)}
LEFT, TOP, BOTTOM = 36, 40, 34


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


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
        label = t.strftime("%d.%m") if t.hour == 0 else t.strftime("%H:%M")
        out.append((t, label))
        t += timedelta(hours=step)
    return out


def order(steps: Sequence) -> list[str]:
    """The candidates by their last total, highest first (the leader takes the palette's first colour; the count
    table uses the same colours)."""
    seen: dict[str, int] = {}
    for i, s in enumerate(steps):
        for p in s.changed:
            seen.setdefault(p, i)
    last = steps[-1].totals if steps else {}
    return sorted(seen, key=lambda p: (-last.get(p, 0), seen[p]))


def _lines(steps: Sequence) -> tuple[list[str], dict[str, list[tuple[int, int, int]]], dict[str, int], int, int]:
    """What both sizes draw, in one pass over the steps: the candidates in order (`order`), where each line changes
    (step index, value before, value after), each line's last value, and the range of values."""
    seen: dict[str, int] = {}
    changes: dict[str, list[tuple[int, int, int]]] = {}
    last: dict[str, int] = {}
    lo, hi = 0, 1
    for i, s in enumerate(steps):
        totals = s.totals
        for p in s.changed:
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
    end = steps[-1].totals if steps else {}
    players = sorted(seen, key=lambda p: (-end.get(p, 0), seen[p]))
    return players, changes, last, lo, hi


def chart_svg(steps: Sequence, *, start: datetime | None, deadline: datetime, tz: tzinfo,
              names: Mapping[str, str], closed_early: datetime | None = None, now: datetime | None = None,
              title: str = "", sizes: Sequence[str] = ("wide",)) -> str:
    """The chart of `steps` (tally.timeline.Step) from `start` to the deadline (or the last step after it), one
    `<svg>` per size of `sizes`."""
    if not steps:
        return ""
    lines = _lines(steps)
    t0 = start or steps[0].time
    t1 = max(deadline, steps[-1].time, now or deadline)
    if t1 <= t0:
        t1 = t0 + timedelta(hours=1)
    # each step's time from the start, worked out once for both sizes
    seconds = [(s.time - t0).total_seconds() for s in steps]
    return "".join(_svg(steps, lines, seconds, t0=t0, t1=t1, deadline=deadline, tz=tz, names=names,
                        closed_early=closed_early, now=now, title=title, size=size) for size in sizes)


def _svg(steps: Sequence, lines, seconds: Sequence[float], *, t0: datetime, t1: datetime,  # noqa: ANN001
         deadline: datetime, tz: tzinfo, names: Mapping[str, str], closed_early: datetime | None,
         now: datetime | None, title: str, size: str) -> str:
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
    rules = [(deadline, "дедлайн " + deadline.astimezone(tz).strftime("%H:%M"), "deadline")]
    if closed_early is not None:
        rules.append((closed_early, "досрочно " + closed_early.astimezone(tz).strftime("%H:%M"), "early"))
    if now is not None and now < deadline:
        rules.append((now, "сейчас", "now"))
    for k, (t, label, cls) in enumerate(rules):
        # above the plot, one row each (the deadline, an early close), so that no label lies on a line; «сейчас»
        # at the foot of its rule, inside the plot
        ly = H - BOTTOM - 6 if cls == "now" else 14 + 14 * k
        out.append(f'<line class="rule {cls}" x1="{x(t)}" x2="{x(t)}" y1="{ly + 4 if cls != "now" else TOP}" '
                   f'y2="{H - BOTTOM}"/><text class="rulelab {cls}" x="{x(t) - 4}" y="{ly}">{_e(label)}</text>')
    ends: list[tuple[float, str, str, int]] = []
    first_series = len(out)
    # the points' coordinates as the text they are written in, each worked out once (a 3,000-post day draws some
    # 1,800 points per chart, and writing a float is the costly part of a point; bench/bench_pages.py)
    xs = [str(round(LEFT + pw * sec / span, 1)) for sec in seconds]
    ys = {v: str(y(v)) for v in range(lo, hi + 1)}      # a total is a whole number from lo to hi
    marks_of: dict[str, list[str]] = {p: [] for p in players}
    for sx, s in zip(xs, steps):
        if s.early and s.target in marks_of:
            marks_of[s.target].append(
                f'<path class="final" d="M{sx},{y(s.totals.get(s.target, 0)) - 6}l6,6l-6,6l-6,-6z" fill="COLOR">'
                f'<title>{_e(names.get(s.voter or "", s.voter))}: досрочно, '
                f'{"против" if s.color == "red" else "в защиту"} {_e(names.get(s.target, s.target))}</title></path>')
    for i, player in enumerate(players):
        color = PALETTE[i % len(PALETTE)]
        points = [f"{x(t0)},{ys[0]}"]
        for i, before, after in changes[player]:
            sx = xs[i]
            points.append(f"{sx},{ys[before]} {sx},{ys[after]}")
        value = last[player]
        points.append(f"{xs[-1]},{ys[value]}")
        shown = names.get(player, player)
        marks = "".join(m.replace('fill="COLOR"', f'fill="{color}"') for m in marks_of[player])
        # a line that ends at 0 or below is drawn behind and lighter: the eye goes to who is in danger
        faint = ' class="faint"' if value <= 0 else ""
        out.insert(first_series if value <= 0 else len(out),
                   f'<g class="series" data-player="{_e(shown)}" data-total="{value}">'
                   f'<polyline{faint} fill="none" stroke="{color}" stroke-width="{1.6 if value <= 0 else 2.8}" '
                   f'stroke-linejoin="round" points="{" ".join(points)}"><title>{_e(shown)}: {value}</title>'
                   f'</polyline>{marks}</g>')
        if value > 0 or len(players) <= 6:
            ends.append((y(value), shown, color, value))
    # the names at the lines' ends, pushed apart so that two equal totals do not overprint
    ends.sort()
    placed: list[float] = []
    for ey, shown, color, value in ends:
        ly = max(ey + 4, (placed[-1] + 14) if placed else ey + 4)
        placed.append(ly)
        out.append(f'<text class="endlab" x="{W - RIGHT + 6}" y="{ly}" fill="{color}">'
                   f'{_e(shown)} <tspan class="endval">{value}</tspan></text>')
    out.append("</svg>")
    return "".join(out)
