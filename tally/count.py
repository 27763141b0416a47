"""Count one day (RULES.md §3): posts + roster + day state + vote rules → ``Tally``.

Data flow: the vote-thread posts in the day's window (``since`` ≤ time < deadline, strictly
before, §3.1) are taken in forum order (time, then post id: the storage order never matters), each
read once by ``recognise.read_post``; per player the last valid vote is kept (§3.2), early votes
lock (§3.3), the weights of the chosen view are applied (``views.vote_weight``), penalties, totals,
the top, ties and shields give the outcome, which is always the GM view's.

Decisions where the rules leave room (each also in the report to the lead):

* Several votes in one post (§2): they are taken in reading order like separate votes, so the last
  **valid** one stands (a self-vote at the end leaves the earlier valid vote of the same post, as
  001 rule 5.3 does across posts); the post is flagged ``multiple_votes``. ``досрочно`` in that post
  makes the vote that stands after the post final.
* ``досрочно`` in a post with no vote (``Я досрочно голосовал``) changes nothing.
* A later vote after a final one is ignored; it is flagged ``changed_final_vote`` only when it
  differs (a restated final vote is not a change).
* ``edited_vote = "first_seen"``: the HTML first captured is read; the edit is flagged with its
  time and whether it changed the votes. ``"void"`` (004 rule 2.3): a vote-holding post that was
  edited (two different captured versions, or the forum's edit notice) before the day's end (the
  close, or the deadline) clears the player's vote (flag ``edited``); only a later unedited vote
  counts. A deleted post is treated as edited. An edit or deletion at or after the end leaves the
  vote as it stood then, flagged (``rule: after_close``): the day's count is the thread as it stood at
  its end (§3.1), whenever the reread ran (``edit_of`` says how the edit time is known).
* A vote for a player the GM modkilled later the same day (``DayState.modkilled``, before
  ``modkilled_at``) was a vote for a living player (§2): the voter has voted (no penalty, no miss),
  the vote weighs nothing, and a later vote replaces it, a final (досрочно) one too; flagged
  ``target_removed`` (public: everyone sees the modkill). See ``casting._cast``.
* 004 (``modkill_closes_day``): a day a modkill closed before its deadline gives nobody a missed vote
  (``DayState.modkill_cut_short``, read by ``mafvote day close`` too); ``not_voted`` still lists who had
  not voted by then.
* Penalties (§3.6) are part of the GM view's totals at any time (so the GM's live outcome is
  "if the day closed now"); the public view shows them only once the day is closed; misses,
  modkill candidates and under-activity are counted only for a closed day.
* ``night_action_is_duty`` penalties add to a missed-vote penalty (two misses, two penalties).
* Modkill candidate (§3.6): with ``penalty = "fixed"`` when the game-wide misses reach 2 by this day.
* Ties are counted game-wide whatever the tie rule (``ties`` after this day).
* A post by an account not on the roster and not a GM is ignored (spectators; a replaced account
  after its replacement time).
* A player's post in the day that names a living player (not the author; outside quotes; by a sure
  match, not a prefix or fuzzy guess) alone on a line or on a line with a vote word (``голосую``,
  ``против``, ``вешаю`` …) but holds no vote is flagged ``not_a_vote`` (004: a name in a sentence; the
  colour games: a name without colour or colour word). Talk that names players without a vote word
  (``присматриваюсь к Алукарду``) is not flagged: vote threads hold talk too, and every flag alerts the
  GM. A post already flagged ``unrecognised_colour`` is not flagged again.
* A vote posted in the night before the day (``DayState.night_start`` ≤ time < start) does not count
  (§3.1) and is flagged ``early_post``, as a vote after the close is flagged ``late``: ``late`` only up to
  the next day's start (``DayState.next_day_start``), so a day counted again after later days is not
  flagged with their votes.
* A vote in the day by an account that speaks for no slot at its time and is no GM is flagged
  ``unknown_author`` (GM view only): a stranger, a replacement before its ``at`` (the GM entered the
  замена late), or a replaced account after it. It is not counted either way; the flag lets the GM fix the
  roster (``mafvote replace --at``) instead of the slot silently taking the non-voter's penalty.
* Activity (§3.13, 000 rule 12 «голос так же»): every post of the day in either topic, the post that
  closes the day early (the last ``досрочно`` of the quorum) included. Only the players who hold a night
  ability (``DayState.night_actors``; None: everyone) are flagged ``under_active``: the rule refuses a
  night action, and they are the ones who have one.
* Silent for ``silent_alert_hours`` (001 rule 3): measured from the player's last post in either
  topic (or the day's start) to ``as_of`` or the end of the day; an alert, GM view only.
"""
from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field
from datetime import datetime
from operator import attrgetter, is_
from typing import Iterable, Literal, Sequence

from .assemble import assemble
from .casting import DayRecord, take_post, written_votes
from .edits import touched
from .model import Alert, BadDayState, DayState, Flag, NoRosterPlayer, Post, Roster, Tally, VoteRules
from .names import RosterMatcher
from .recognise import read_post

__all__ = ["count_day", "count_day_views"]

_IN_THREAD_ORDER = attrgetter("time", "post_id")


@dataclass
class _Walk:
    """count_day's walk of a day's window as it stood after its last post: the day's record, the posts taken,
    and what the walk depends on besides them (`key`: the day state, roster, rules and the close; `as_of`). Kept
    in the matcher (`RosterMatcher.walk`), so that the next count of the same day resumes after the posts this
    one took (issue 17: the other view's count, and the next poll's with one new post, take only what is new)."""

    key: tuple
    posts: list[Post]
    as_of: datetime | None
    day: DayRecord
    taken: set[int]
    n_final: int = 0
    majority_alerted: bool = False
    # `assemble`'s record of each cast that does not count, by its index, with the cast it was made of: such a
    # record is the same in every view and every later count (a cast is not changed once the walk took its post),
    # so a recount makes records only for the casts that count and the new ones. Shared by the copies: an entry
    # is taken only for the very cast it was made of
    records: dict = field(default_factory=dict)
    # the posts of `posts` that a count as of another moment may read differently (`edits.touched`: `_seen_by`),
    # in their order: `_resumed` checks only these when `as_of` moved (every poll), not the day's every post
    edited: list[Post] = field(default_factory=list)

    def copy(self) -> "_Walk":
        # the record's lists and dicts are copied (a walk goes on in a copy; the casts taken are not changed by
        # later posts or by `assemble`); the casts, flags and posts themselves are shared
        d = self.day
        return _Walk(self.key, list(self.posts), self.as_of,
                     DayRecord(list(d.casts), dict(d.current), dict(d.final), list(d.flags), list(d.alerts),
                               d.closed_early, d.changes), set(self.taken), self.n_final, self.majority_alerted,
                     self.records, list(self.edited))


def _resumed(walk: "_Walk | None", window: list[Post], state: DayState, roster: Roster, rules: VoteRules,
             close: datetime, as_of: datetime | None) -> _Walk:
    """A copy of the last walk when the count goes on from it (the same day state, roster, rules and close, and
    its posts the first of this window, read the same way as of `as_of`), else a walk from the start."""
    if walk is None or len(walk.posts) > len(window) or walk.key != (state, roster, rules, close):
        return _Walk((), [], as_of, DayRecord(), set())
    if as_of != walk.as_of and any(_seen_by(p, as_of) != _seen_by(p, walk.as_of) for p in walk.edited):
        return _Walk((), [], as_of, DayRecord(), set())
    # equal posts in another time zone compare equal, but the walk's records show their times: the same zone too
    # (the kept posts are most often the very same objects: that is checked at C speed first)
    if not all(map(is_, walk.posts, window)) and any(
            a is not b and (a != b or a.time.tzinfo is not b.time.tzinfo) for a, b in zip(walk.posts, window)):
        return _Walk((), [], as_of, DayRecord(), set())
    return walk.copy()


def _seen_by(post: Post, as_of: datetime | None) -> tuple:
    """What of `post`'s edits and deletion a count as of `as_of` takes into account (`edits.edit_of` reads the post
    only through these): a post never edited nor deleted reads the same whenever."""
    if not touched(post):
        return ()
    if as_of is None:
        return (None,)
    times = [t for t, _ in post.versions] + [post.edit_seen_at, post.edited_at, post.deleted_at]
    return tuple(t is not None and t <= as_of for t in times)


def _aware(t: datetime | None, what: str) -> None:
    if t is not None and t.tzinfo is None:
        raise BadDayState(f"{what} {t.isoformat()} has no time zone; give it with an offset "
                          "(the forum's times are converted to aware times by the scraper)", "day.naive", what=what,
                          time=t.isoformat())


def count_day(posts: Iterable[Post], state: DayState, roster: Roster, rules: VoteRules, *,
              game: str = "", view: Literal["public", "gm"] = "gm",
              as_of: datetime | None = None, since: datetime | None = None,
              deadline: datetime | None = None,
              matcher: RosterMatcher | None = None) -> Tally:
    """The day's count in one view. ``since``/``deadline`` override the state's bounds;
    ``as_of`` counts only posts and versions seen by then (None: everything stored)."""
    return count_day_views(posts, state, roster, rules, views=(view,), game=game, as_of=as_of, since=since,
                           deadline=deadline, matcher=matcher)[view]


def count_day_views(posts: Iterable[Post], state: DayState, roster: Roster, rules: VoteRules, *,
                    views: Sequence[Literal["public", "gm"]] = ("gm", "public"), game: str = "",
                    as_of: datetime | None = None, since: datetime | None = None,
                    deadline: datetime | None = None,
                    matcher: RosterMatcher | None = None) -> dict[str, Tally]:
    """`count_day` in each of ``views``, from one walk of the day: only `assemble` differs by view (the daemon
    counts both after every poll; the day's posts sorted, their slots, the window, the late and night votes were
    made again for the second, ≈ 1 M instructions of a 300-post day: issue 17, the tick)."""
    for view in views:
        if view not in ("public", "gm"):
            raise BadDayState(f"view {view!r}: use public or gm", "day.view", view=view)
    end = deadline or state.deadline
    if end is None:
        raise BadDayState(f"day {state.day} has no deadline: set the schedule's day_deadline or pass "
                          "--deadline; a count without one would take every later post", "day.no_deadline",
                          day=state.day)
    start = since or state.start
    for t, what in ((end, "deadline"), (start, "since"), (as_of, "as_of"), (state.night_start, "night_start"),
                    (state.next_day_start, "next_day_start"),
                    *((t, f"modkilled_at[{p!r}]") for p, t in state.modkilled_at.items())):
        _aware(t, what)
    if start is not None and start >= end:
        raise BadDayState(f"day {state.day}: start {start.isoformat()} is not before the deadline "
                          f"{end.isoformat()}", "day.start_after_end", day=state.day, start=start.isoformat(),
                          deadline=end.isoformat())
    slots = [p.nick for p in roster.players]
    for name in (*state.alive, *(s.player for s in state.silences), *state.excused,
                 *(sh.player for sh in state.shields), *state.owes_night_action, *state.modkilled,
                 *(t.source for t in state.transfers), *(t.to for t in state.transfers),
                 *(state.night_actors or ()), *state.modkilled_at):
        if name not in slots:
            raise BadDayState(f"day {state.day}: {name!r} in the day state is not on the roster "
                              f"({', '.join(slots)}); fix the state or the roster", "day.not_on_roster",
                              day=state.day, name=name, roster=slots)
    matcher = matcher or RosterMatcher.from_roster(roster)
    alive = [s for s in slots if s in set(state.alive)]
    alive_set = set(alive)
    close = end
    if state.closed_at is not None and state.closed_at < close:
        close = state.closed_at

    seen = list(posts) if as_of is None else [p for p in posts if p.first_seen <= as_of]
    if len({p.post_id for p in seen}) == len(seen):
        seen.sort(key=_IN_THREAD_ORDER)      # one record per post (the store's reads): nothing to choose
    else:
        # the same post twice: the one first seen last (its latest record) stands
        seen = sorted({p.post_id: p for p in sorted(seen, key=lambda p: (p.time, p.post_id, p.first_seen))}
                      .values(), key=_IN_THREAD_ORDER)
    slot_of = roster.slots_of(seen)
    # `seen` is in time order: each stretch of the day (its window, the night before it, after its close) is a
    # slice found by bisection, not a comparison of every post's time (the warm recount, issue 17)
    times = [p.time for p in seen]
    first = 0 if start is None else bisect_left(times, start)
    window = [p for p in seen[first:bisect_left(times, close)] if p.topic == "vote"]
    if window and not any(slot_of[p.post_id] or roster.is_gm(p.author) for p in window):
        authors = sorted({p.author for p in window})
        raise NoRosterPlayer(
            f"day {state.day}: the vote thread has {len(window)} posts in the day but none by a "
            f"roster player or GM (authors: {', '.join(authors[:8])}); check games.vote_thread and "
            "games.players in the config", "day.no_roster_posts", day=state.day, posts=len(window),
            authors=authors[:8])

    entitled = [p for p in alive if p not in set(state.excused) and p not in set(state.modkilled)
                and not (not rules.silenced_must_vote
                         and p in {s.player for s in state.silences if s.announced})]
    early_ok = rules.early_allowed(state.day)
    walk = _resumed(matcher.walk, window, state, roster, rules, close, as_of)
    day, taken, n_final, majority_alerted = walk.day, walk.taken, walk.n_final, walk.majority_alerted
    for post in window[len(walk.posts):]:
        if day.closed_early is not None and rules.early_close == "auto":
            break
        taken.add(post.post_id)
        take_post(post, slot_of[post.post_id], roster, rules, matcher, alive_set, early_ok, as_of, day, close,
                  state)
        if early_ok and entitled and len(day.final) != n_final:
            n_final = len(day.final)
            finals = sum(1 for p in entitled if p in day.final)
            if finals == len(entitled) and day.closed_early is None:
                day.closed_early = post.time
                how = ("the day closes now" if rules.early_close == "auto"
                       else "close it with `mafvote day close` if nobody withdrew consent (001 rule 5.1)")
                day.alerts.append(Alert("early_close", post.time,
                                        f"every vote-entitled player's vote is final (досрочно); {how}",
                                        data={"auto": rules.early_close == "auto"}))
            elif (rules.early_close_majority_alert and not majority_alerted
                  and finals * 2 > len(entitled) and finals < len(entitled)):
                majority_alerted = True
                day.alerts.append(Alert("early_close_majority", post.time,
                                        f"{finals} of {len(entitled)} votes are final (досрочно): "
                                        "the majority; the GM may close the day",
                                        data={"final": finals, "entitled": len(entitled)}))
    edited = walk.edited + [p for p in window[len(walk.posts):] if touched(p)]
    matcher.walk = _Walk((state, roster, rules, close), window, as_of, day, taken, n_final, majority_alerted,
                         walk.records, edited).copy()
    if day.closed_early is not None and rules.early_close == "auto":
        close = day.closed_early
    else:
        day.closed_early = None if rules.early_close != "auto" else day.closed_early

    # late votes: after the close and before the next day's start (later votes are later days'), by players,
    # seen by as_of
    late_until = state.next_day_start if state.next_day_start is not None and state.next_day_start > close else None
    for post in seen[max(first, bisect_left(times, close)):
                     len(seen) if late_until is None else bisect_left(times, late_until)]:
        if post.topic == "vote" and post.post_id not in taken:
            slot = slot_of[post.post_id]
            if slot is None:
                continue
            r = read_post(post.html, matcher, colors_matter=rules.colors_matter, text=False)
            if r.votes:
                day.flags.append(Flag("late", slot, post.post_id,
                                      f"vote at {post.time.isoformat()} is not before the close "
                                      f"{close.isoformat()}: not counted",
                                      {"time": post.time.isoformat(), "close": close.isoformat()}))

    # votes posted during the night before the day (RULES.md §3.1: before the start they do not count);
    # flagged so that the GM can tell the player to vote again, as `late` does after the close
    if start is not None and state.night_start is not None:
        for post in seen[bisect_left(times, state.night_start):first]:
            if post.topic != "vote":
                continue
            slot = slot_of[post.post_id]
            if slot is None or slot not in alive_set or roster.is_gm(post.author):
                continue
            r = read_post(post.html, matcher, colors_matter=rules.colors_matter, text=False)
            if r.votes:
                again = day.current.get(slot) is not None
                day.flags.append(Flag("early_post", slot, post.post_id,
                                      f"vote at {post.time.isoformat()} is before the day's start "
                                      f"{start.isoformat()}: not counted ("
                                      + ("the player voted again during the day)" if again else
                                         "a vote posted at night does not carry over; the player must vote "
                                         "again during the day)"),
                                      {"time": post.time.isoformat(), "start": start.isoformat(),
                                       "votes": written_votes(r.votes), "voted_again": again}))

    reference = as_of if as_of is not None else close
    closed = reference >= close or day.closed_early is not None
    shared: dict = {}        # what the views make alike, made once (`assemble`)
    return {view: assemble(game, state, roster, rules, view, start, end, as_of, closed, close, day,
                           alive, entitled, seen, times, reference, slot_of, taken, walk.records, shared)
            for view in views}
