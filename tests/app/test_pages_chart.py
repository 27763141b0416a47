"""The running day's chart drawn from what the last regeneration drew (issue 17): `chart_svg(..., memo=)` keeps the
walk of the steps before the last, each step's x and each line's points, and draws only the new steps; every chart
is byte for byte the chart drawn from nothing, as the day grows, as the y range grows, when a step lands after the
deadline (the x range moves), when the timeline is replayed whole (a deleted post) and when the day closes."""
from __future__ import annotations

from datetime import timedelta

from mafvote.pages_chart import chart_parts, chart_svg, order
from mafvote_tally import VoteRules
from mafvote_tally.timeline import timeline
from support.count import at, blue, count, day_state, post, red

RULES = VoteRules.from_mapping({"early_close_from_day": 1})
NAMES = {"Ronin": "Ронин"}

DAY = [
    post("Соня", "10:00", blue("Петя")),
    post("Петя", "10:30", red("Вася")),
    post("Вася", "11:00", red("Петя")),
    post("Ronin", "11:30", red("Петя") + " досрочно"),
    post("Nejka", "12:00", red("Вася")),
    post("Петя", "12:10", red("Nejka")),                         # a vote moves: a line goes down
    post("Алукард", "13:00", red("Петя")),                       # Петя's line above the last y range
    post("Соня", "21:30", red("Петя")),
    post("Nejka", "22:40", red("Ronin")),                        # after the deadline: a later x range
]


def _chart(tally, steps, now, memo=None, names=NAMES) -> str:
    return chart_svg(steps, start=at("00:00"), deadline=tally.deadline, tz=at("00:00").tzinfo, names=names,
                     closed_early=tally.closed_early, now=now, title="День 1", sizes=("wide", "narrow"), memo=memo)


def test_a_chart_drawn_from_the_last_one_is_the_chart_drawn_from_nothing():
    memo: dict = {}
    days = [(DAY[:i], DAY[i - 1].time + timedelta(minutes=1)) for i in range(1, len(DAY) + 1)]
    days.append((DAY[:2] + DAY[3:], at("23:00")))                 # a post deleted: the timeline made whole again
    charts = []
    for posts, now in days:
        tally = count(posts, as_of=now, rules={"early_close_from_day": 1})
        steps = timeline(tally, day_state(), RULES, memo=memo)
        assert order(steps, memo) == order(steps)
        chart = _chart(tally, steps, now, memo)
        assert chart == _chart(tally, steps, now), now
        charts.append(chart)
    closed = count(DAY, rules={"early_close_from_day": 1})            # the day closed (no as_of: its deadline past)
    steps = timeline(closed, day_state(), RULES, memo=memo)
    assert closed.closed and _chart(closed, steps, None, memo) == _chart(closed, steps, None)
    # what a GM sees: Петя's line ends on his total (2 after Алукард's vote), the досрочно mark drawn in both sizes
    assert charts[6].count('data-player="Петя" data-total="2"') == 2
    assert charts[6].count('<path class="final"') == 2


def test_a_replacement_during_the_day_renames_the_kept_early_mark():
    # the досрочно marks are kept with the names they show: after `mafvote replace` the mark of Ronin's vote names
    # the account playing his slot now, as a chart drawn from nothing does
    memo: dict = {}
    for i, names in ((5, NAMES), (6, NAMES), (7, {"Ronin": "Ронин-2"})):
        now = DAY[i - 1].time + timedelta(minutes=1)
        tally = count(DAY[:i], as_of=now, rules={"early_close_from_day": 1})
        steps = timeline(tally, day_state(), RULES, memo=memo)
        chart = _chart(tally, steps, now, memo, names)
        assert chart == _chart(tally, steps, now, names=names)
    assert chart.count("<title>Ронин-2: ") == 2 and "<title>Ронин: " not in chart


def test_a_charts_pieces_are_the_chart_and_a_lines_kept_points_are_set_in_as_kept():
    # the pages set the chart in from its UTF-8 pieces (`chart_parts`): joined, they are `chart_svg`'s text, names
    # and досрочно marks included; a line no new step moved gives the next regeneration the very piece it kept
    memo: dict = {}
    kept: dict[bytes, int] = {}
    for i in range(2, len(DAY) + 1):
        now = DAY[i - 1].time + timedelta(minutes=1)
        tally = count(DAY[:i], as_of=now, rules={"early_close_from_day": 1})
        steps = timeline(tally, day_state(), RULES, memo=memo)
        parts = chart_parts(steps, start=at("00:00"), deadline=tally.deadline, tz=at("00:00").tzinfo, names=NAMES,
                            closed_early=tally.closed_early, now=now, title="День 1", sizes=("wide", "narrow"),
                            memo=memo)
        assert all(type(part) is bytes for part in parts)
        assert b"".join(parts).decode("utf-8") == _chart(tally, steps, now), now
        again = {id(part) for part in parts} & set(kept.values())
        kept = {part: id(part) for part in parts}
    assert again          # the last regeneration set in pieces the one before it had made
