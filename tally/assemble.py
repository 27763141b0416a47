"""The day's record (`casting.DayRecord`) into a `Tally` in one view: what counts, the weights of the view
(`views.vote_weight`), penalties (RULES.md §3.6), totals, the outcome with ties and shields (§3.8–§3.10), misses
and modkill candidates, activity (§3.13), silent players, and the public view's cut (§3 "Two views").
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from .casting import Cast, DayRecord
from .format import public_outcome
from .model import (
    Alert, Candidate, DayState, Flag, Outcome, Post, Roster, Tally, VoteRecord, VoteRules, Voter,
)
from .views import public_flag, vote_weight

__all__ = ["assemble", "outcome_of", "shield_for"]

_SHIELD_ORDER = {"unhangable": 0, "alibi": 1, "protected": 2}
# flags about who may speak for a slot: the roster is the GM's business (not in views.GM_ONLY_FLAGS, which
# this module does not own; the public view drops them here)
_GM_ONLY_HERE = frozenset({"unknown_author"})


def shield_for(player: str, state: DayState):  # noqa: ANN202
    usable = [s for s in state.shields if s.player == player and not s.stripped]
    usable.sort(key=lambda s: (_SHIELD_ORDER[s.kind], s.consumable))
    return usable[0] if usable else None


def outcome_of(totals: dict[str, int], state: DayState, rules: VoteRules,
             order: dict[str, int]) -> tuple[Outcome, bool]:
    """(outcome, whether there was a tie at the top) from the GM view's totals."""
    if rules.modkill_closes_day and state.modkilled:
        return Outcome(tuple(state.modkilled), "modkill"), False
    positive = {p: t for p, t in totals.items() if t > 0}
    if not positive:
        return Outcome((), "no_votes"), False
    top = max(positive.values())
    tied = sorted((p for p, t in positive.items() if t == top), key=lambda p: (order.get(p, 999), p))
    if len(tied) == 1:
        p = tied[0]
        sh = shield_for(p, state)
        if sh is None:
            return Outcome((p,), "plurality"), False
        spent = ((p, sh.kind),) if sh.consumable else ()
        return Outcome((), sh.kind, saved=(p,), spent=spent), False
    if rules.tie == "nobody":
        return Outcome((), "tie", tied=tuple(tied)), True
    if state.ties_so_far == 0:
        return Outcome((), "tie_forgiven", tied=tuple(tied)), True
    hanged, saved, spent = [], [], []
    for p in tied:
        sh = shield_for(p, state)
        if sh is None:
            hanged.append(p)
        else:
            saved.append(p)
            if sh.consumable:
                spent.append((p, sh.kind))
    return Outcome(tuple(hanged), "tie_all", tuple(saved), tuple(spent), tuple(tied)), True


def _activity(alive: list[str], start: datetime | None, close: datetime, seen: list[Post], times: list[datetime],
              slot_of: dict[int, str | None], taken: set[int]) -> dict[str, int]:
    """The day's posts of each living player (RULES.md §3.13), in both topics, up to the close."""
    activity = {p: 0 for p in alive}
    first = 0 if start is None else bisect_left(times, start)
    at_close = max(first, bisect_left(times, close))
    for post in seen[first:at_close]:
        slot = slot_of[post.post_id]
        if slot in activity:
            activity[slot] += 1
    for post in seen[at_close:]:
        # the post that closed the day early is at the close, and counts (000 rule 12: «голос так же»)
        if post.topic == "vote" and post.post_id in taken:
            slot = slot_of[post.post_id]
            if slot in activity:
                activity[slot] += 1
    return activity


def assemble(game: str, state: DayState, roster: Roster, rules: VoteRules, view: str,
              start: datetime | None, end: datetime, as_of: datetime | None, closed: bool,
              close: datetime, day: DayRecord, alive: list[str], entitled: list[str],
              seen: list[Post], times: list[datetime], reference: datetime, slot_of: dict[int, str | None],
              taken: set[int], records: dict[int, tuple[Cast, VoteRecord]] | None = None,
              shared: dict[str, Any] | None = None) -> Tally:
    """The `Tally` of a walked day (`count_day`). `records`: the records of the casts that do not count, kept by
    the walk from count to count (`count._Walk.records`), taken for the same cast and added to. `shared`: a dict
    the views of one walk pass along (`count_day_views`): what every view makes alike (the GM's totals and the
    result from them, the posts counted per player) is made by the first and taken by the next."""
    shared = {} if shared is None else shared
    order = {p.nick: i for i, p in enumerate(roster.players)}
    # (a counted vote's reason is its weight's, below: the casts are left as the walk made them, which the next
    # count may go on from, tally/count.py `_Walk`)
    counted = {v: i for v, i in day.current.items() if i is not None}
    voted = set(counted)
    must_vote = [p for p in entitled if p not in voted]
    # RULES.md §3.14: a day a modkill closed before its deadline gives no missed vote (`DayState.modkill_cut_short`,
    # which `mafvote day close` reads too); `not_voted` still says who had not voted by then
    cut_short = state.modkill_cut_short(rules, end)
    # Transfers count only when the thief / receiver votes (RULES.md §3.7).
    bonus: dict[str, int] = {}
    for t in state.transfers:
        if t.to in voted:
            bonus[t.to] = bonus.get(t.to, 0) + 1

    def totals_for(v: str, with_penalties: bool):  # noqa: ANN202
        weights: dict[str, tuple[int, str]] = {}
        red: dict[str, int] = {}
        blue: dict[str, int] = {}
        voters: dict[str, list[Voter]] = {}
        for voter, i in sorted(counted.items(), key=lambda kv: (day.casts[kv[1]].time, kv[1])):
            c = day.casts[i]
            if c.removed:
                # the voter voted; a vote for a player who has left the game weighs nothing
                weights[voter] = (0, c.reason)
                continue
            w, why = vote_weight(v, voter, c.color, state, rules, bonus.get(voter, 0))  # type: ignore[arg-type]
            weights[voter] = (w, why)
            col = c.color if rules.colors_matter else "red"
            bucket = red if col == "red" else blue
            bucket[c.target] = bucket.get(c.target, 0) + w  # type: ignore[index]
            voters.setdefault(c.target, []).append(Voter(voter, col, w, c.post_id, c.time))  # type: ignore[arg-type]
        penalty: dict[str, int] = {}
        new_misses: dict[str, int] = {}
        if with_penalties:
            for p in alive:
                misses = 0
                if p in must_vote and not cut_short:
                    misses += 1
                if (rules.night_action_is_duty and p in state.owes_night_action
                        and p not in state.excused):
                    misses += 1
                if not misses:
                    continue
                new_misses[p] = misses
                before = state.misses_so_far.get(p, 0)
                if rules.penalty == "fixed":
                    penalty[p] = rules.penalty_votes * misses
                else:  # cumulative (004 rule 3.1): the n-th miss of the game costs n
                    penalty[p] = sum(before + k + 1 for k in range(misses))
        names = set(red) | set(blue) | set(penalty)
        totals = {p: red.get(p, 0) - blue.get(p, 0) + penalty.get(p, 0) for p in names}
        cands = tuple(
            Candidate(p, totals[p], red.get(p, 0), blue.get(p, 0), penalty.get(p, 0),
                      tuple(voters.get(p, ())))
            for p in sorted(names, key=lambda p: (-totals[p], order.get(p, 999), p)))
        return cands, totals, weights, new_misses

    if "gm" not in shared:
        gm = totals_for("gm", True)
        shared["gm"] = (*gm, *outcome_of(gm[1], state, rules, order))
    gm_cands, gm_totals, gm_weights, new_misses, outcome, was_tie = shared["gm"]
    if view == "gm":
        cands, weights = gm_cands, gm_weights
    else:
        cands, _, weights, _ = totals_for("public", closed)
        if not closed:
            outcome = Outcome((), "pending")

    votes = []
    records = {} if records is None else records
    for i, c in enumerate(day.casts):
        is_counted = counted.get(c.voter) == i
        if not is_counted:
            kept = records.get(i)
            if kept is None or kept[0] is not c:
                kept = records[i] = (c, VoteRecord(c.voter, c.target, c.color if rules.colors_matter else "red",  # type: ignore[arg-type]
                                                   0, c.early, False, c.reason, c.post_id, c.time, c.written))
            votes.append(kept[1])
            continue
        w, why = weights.get(c.voter, (0, ""))
        if is_counted and c.early:
            why += " (досрочно, final)"
        votes.append(VoteRecord(c.voter, c.target, c.color if rules.colors_matter else "red",  # type: ignore[arg-type]
                                w, c.early, is_counted, why, c.post_id, c.time, c.written))

    flags = list(day.flags)
    misses_after: dict[str, int] = {}
    if closed:
        for p, n in new_misses.items():
            misses_after[p] = state.misses_so_far.get(p, 0) + n
            if rules.penalty == "fixed" and misses_after[p] >= 2:
                flags.append(Flag("modkill_candidate", p, None,
                                  f"{p} has missed {misses_after[p]} duties this game (votes and night "
                                  "actions): the rules give a modkill (or a replacement)",
                                  {"misses": misses_after[p]}))
    if "activity" in shared:
        activity = dict(shared["activity"])      # each Tally its own dict
    else:
        activity = shared["activity"] = _activity(alive, start, close, seen, times, slot_of, taken)
    if closed and rules.min_posts_for_night_action > 0:
        # only a player who has a night action to refuse (`day close` also leaves out the day's hanged)
        actors = set(alive if state.night_actors is None else state.night_actors)
        for p in alive:
            if p in actors and activity[p] < rules.min_posts_for_night_action:
                flags.append(Flag("under_active", p, None,
                                  f"{p} wrote {activity[p]} post{'' if activity[p] == 1 else 's'} today (fewer than "
                                  f"{rules.min_posts_for_night_action}): the next night action is refused",
                                  {"posts": activity[p], "min": rules.min_posts_for_night_action}))
    alerts = list(day.alerts)
    # the public view has no alerts (below): the day's posts are not walked again for its silent players
    if rules.silent_alert_hours and view != "public":
        limit = timedelta(hours=rules.silent_alert_hours)
        last_post: dict[str, datetime] = {}
        for post in seen[:bisect_right(times, reference)]:
            slot = slot_of[post.post_id]
            if slot is not None:
                last_post[slot] = post.time          # in time order: the last is the latest
        # a vote the GM posted for a player (RULES.md §2: «Вася голосует …», «по СМС») is that player speaking
        # through the GM: not silent (issue 15.10)
        for c in day.casts:
            if slot_of.get(c.post_id) is None and c.time <= reference:
                last_post[c.voter] = max(c.time, last_post.get(c.voter, c.time))
        for p in alive:
            last = last_post.get(p, state.game_start or start)
            if last is not None and reference - last >= limit:
                hours = int((reference - last).total_seconds() // 3600)
                alerts.append(Alert("silent_player", reference,
                                    f"{p} has written nothing for {hours} h "
                                    "(since " + last.isoformat() + "): a replacement candidate", p,
                                    {"hours": hours, "since": last.isoformat()}))
    if view == "public":
        flags = [f for f in flags if public_flag(f.kind) and f.kind not in _GM_ONLY_HERE]
        alerts = []          # alerts are the GM's (INTERFACE.md webhook kinds), never published
        silenced = tuple(s.player for s in state.silences if s.announced)
    else:
        silenced = tuple(s.player for s in state.silences)
    final = tuple(p for p in alive if p in day.final and counted.get(p) == day.final[p])
    tally = Tally(
        game=game, day=state.day, view=view, since=start, deadline=end, as_of=as_of, closed=closed,  # type: ignore[arg-type]
        closed_early=day.closed_early, candidates=cands, votes=tuple(votes),
        not_voted=tuple(must_vote), silenced=silenced, outcome=outcome, flags=tuple(flags),
        alerts=tuple(alerts), activity=activity,
        misses=misses_after if view == "gm" else {},
        ties=(state.ties_so_far + (1 if was_tie and closed else 0)) if view == "gm" else 0,
        final=final, colors_matter=rules.colors_matter, tie_rule=rules.tie,
    )
    if view == "public" and closed:
        # RULES.md §3 "Two views": the result is the GM's, but its reason (a tie, an alibi over a public leader)
        # would tell whose vote weighed more; the public view says what the posts say (tally.format.public_outcome):
        # the reason they give, and no real tied or saved player that the public totals do not show
        # what public_outcome reads, not the whole tally's JSON (thousands of votes, on every public count)
        shown = public_outcome({"view": "public", "closed": True, "outcome": outcome.to_json(),
                                "candidates": [{"player": c.player, "total": c.total} for c in cands],
                                "tie_rule": rules.tie, "ties_before": state.ties_so_far})
        if shown != outcome.to_json():
            tally = replace(tally, outcome=Outcome(eliminated=tuple(shown["eliminated"]), reason=shown["reason"],
                                                   tied=tuple(shown["tied"])))
    return tally
