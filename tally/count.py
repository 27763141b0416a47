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
  its end (§3.1), whenever the reread ran (``_edit_of`` says how the edit time is known).
* A vote for a player the GM modkilled later the same day (``DayState.modkilled``, before
  ``modkilled_at``) was a vote for a living player (§2): the voter has voted (no penalty, no miss),
  the vote weighs nothing, and a later vote replaces it, a final (досрочно) one too; flagged
  ``target_removed`` (public: everyone sees the modkill). See ``_cast``.
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

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from operator import attrgetter
from typing import Iterable, Literal

from .format import public_outcome
from .model import (
    Alert, BadDayState, Candidate, DayState, Flag, NoRosterPlayer, Outcome, Post, Roster, Tally,
    VoteRecord, VoteRules, Voter,
)
from .names import RosterMatcher
from .recognise import LINE_PUNCT, VOTE_WORD, Reading, lines_to_read, read_post, talk_facts
from .views import public_flag, vote_weight

__all__ = ["count_day"]

_SHIELD_ORDER = {"unhangable": 0, "alibi": 1, "protected": 2}
_IN_THREAD_ORDER = attrgetter("time", "post_id")
# flags about who may speak for a slot: the roster is the GM's business (not in views.GM_ONLY_FLAGS, which
# this module does not own; the public view drops them here)
_GM_ONLY_HERE = frozenset({"unknown_author"})


@dataclass
class _Cast:
    """One vote as read, before weights."""

    voter: str
    target: str | None
    written: str
    color: str
    post_id: int
    time: datetime
    early: bool = False
    valid: bool = False
    reason: str = ""
    final: bool = False
    removed: bool = False     # the target was modkilled later the same day: voted, weight 0


@dataclass
class _Day:
    casts: list[_Cast] = field(default_factory=list)
    current: dict[str, int | None] = field(default_factory=dict)   # voter -> index into casts
    final: dict[str, int] = field(default_factory=dict)
    flags: list[Flag] = field(default_factory=list)
    alerts: list[Alert] = field(default_factory=list)
    closed_early: datetime | None = None


def _aware(t: datetime | None, what: str) -> None:
    if t is not None and t.tzinfo is None:
        raise BadDayState(f"{what} {t.isoformat()} has no time zone; give it with an offset "
                          "(the forum's times are converted to aware times by the scraper)")


def count_day(posts: Iterable[Post], state: DayState, roster: Roster, rules: VoteRules, *,
              game: str = "", view: Literal["public", "gm"] = "gm",
              as_of: datetime | None = None, since: datetime | None = None,
              deadline: datetime | None = None,
              matcher: RosterMatcher | None = None) -> Tally:
    """The day's count in one view. ``since``/``deadline`` override the state's bounds;
    ``as_of`` counts only posts and versions seen by then (None: everything stored)."""
    if view not in ("public", "gm"):
        raise BadDayState(f"view {view!r}: use public or gm")
    end = deadline or state.deadline
    if end is None:
        raise BadDayState(f"day {state.day} has no deadline: set the schedule's day_deadline or pass "
                          "--deadline; a count without one would take every later post")
    start = since or state.start
    for t, what in ((end, "deadline"), (start, "since"), (as_of, "as_of"), (state.night_start, "night_start"),
                    (state.next_day_start, "next_day_start"),
                    *((t, f"modkilled_at[{p!r}]") for p, t in state.modkilled_at.items())):
        _aware(t, what)
    if start is not None and start >= end:
        raise BadDayState(f"day {state.day}: start {start.isoformat()} is not before the deadline "
                          f"{end.isoformat()}")
    slots = [p.nick for p in roster.players]
    for name in (*state.alive, *(s.player for s in state.silences), *state.excused,
                 *(sh.player for sh in state.shields), *state.owes_night_action, *state.modkilled,
                 *(t.source for t in state.transfers), *(t.to for t in state.transfers),
                 *(state.night_actors or ()), *state.modkilled_at):
        if name not in slots:
            raise BadDayState(f"day {state.day}: {name!r} in the day state is not on the roster "
                              f"({', '.join(slots)}); fix the state or the roster")
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
    slot_of = {p.post_id: roster.slot_of_author(p.author, p.time) for p in seen}
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
            "games.players in the config")

    entitled = [p for p in alive if p not in set(state.excused) and p not in set(state.modkilled)
                and not (not rules.silenced_must_vote
                         and p in {s.player for s in state.silences if s.announced})]
    early_ok = rules.early_allowed(state.day)
    day = _Day()
    majority_alerted = False

    taken: set[int] = set()
    n_final = 0
    for post in window:
        if day.closed_early is not None and rules.early_close == "auto":
            break
        taken.add(post.post_id)
        _take_post(post, slot_of[post.post_id], roster, rules, matcher, alive_set, early_ok, as_of, day, close,
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
            r = read_post(post.html, matcher, colors_matter=rules.colors_matter)
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
            r = read_post(post.html, matcher, colors_matter=rules.colors_matter)
            if r.votes:
                again = day.current.get(slot) is not None
                day.flags.append(Flag("early_post", slot, post.post_id,
                                      f"vote at {post.time.isoformat()} is before the day's start "
                                      f"{start.isoformat()}: not counted ("
                                      + ("the player voted again during the day)" if again else
                                         "a vote posted at night does not carry over; the player must vote "
                                         "again during the day)"),
                                      {"time": post.time.isoformat(), "start": start.isoformat(),
                                       "votes": _written(r.votes), "voted_again": again}))

    reference = as_of if as_of is not None else close
    closed = reference >= close or day.closed_early is not None
    return _assemble(game, state, roster, rules, view, start, end, as_of, closed, close, day,
                     alive, entitled, seen, times, reference, slot_of, taken)


@dataclass(frozen=True)
class _Edit:
    """How a post's edits and deletion bear on the count, as of ``as_of``."""

    html: str              # the version to read
    latest: str            # the latest version seen
    edited: bool           # edited or deleted
    detail: str            # "edited at …" / "deleted", for the flag
    facts: dict            # its facts for `Flag.data`
    before_end: bool       # the edit or deletion happened before the day's end (the close, or the deadline)


def _edit_of(post: Post, rules: VoteRules, as_of: datetime | None, end: datetime) -> _Edit:
    """The post's edit state. ``edited_vote = "void"`` reads the version as of ``end`` and voids the vote only
    when the post changed before ``end`` (RULES.md §3.1 + §3.12, 004 rule 2.3: «Редактированный голос во
    внимание не берется» stops a vote changed while the voting runs; the day's count is the thread as it
    stood at its end). When it changed: the forum's edit notice time when the post has one, else when
    mafvote first saw the new version (a version seen before the end was written before it); a deletion,
    when mafvote first saw the post gone; a notice without a time and no new version, when the (already
    edited) post was first seen. A deletion without a time (a post built without ``deleted_at``) is taken as
    before the end. So the count never depends on when the last crawl ran: a reread after the close only
    adds versions seen after it."""
    if len(post.versions) <= 1 and not post.edited and not post.deleted:
        # nearly every post of a thread: one version, never edited or deleted (the cold count takes this path 3,000 times)
        html = post.versions[0][1] if post.versions else post.html
        return _Edit(html, html, False, "", {}, before_end=rules.edited_vote == "first_seen")
    versions = [v for v in post.versions if as_of is None or v[0] <= as_of] or [(post.first_seen, post.html)]
    first = post.html if not post.versions else versions[0][1]
    latest = versions[-1][1]
    # known as of `as_of` when mafvote had seen the notice by then; the forum's own edit time may be later than
    # mafvote's clock (a forum clock or time zone off), and a notice seen is an edit seen (RULES.md §3.12)
    known_at = post.edit_seen_at or post.edited_at
    edited_by_notice = post.edited and (known_at is None or as_of is None or known_at <= as_of)
    deleted = post.deleted and (post.deleted_at is None or as_of is None or post.deleted_at <= as_of)
    changed = len({h for _, h in versions}) > 1
    edited = edited_by_notice or changed or deleted
    detail, facts = "", {}
    if edited:
        when = post.edited_at or (versions[-1][0] if changed else None)
        # RULES.md §3.12: a notice already on the post when mafvote first captured it: the vote may have been
        # changed before mafvote saw it
        before_seen = edited_by_notice and not deleted and post.edit_seen_at is not None \
            and post.edit_seen_at <= post.first_seen
        detail = "deleted" if deleted else (f"edited{(' at ' + when.isoformat()) if when else ''}"
                                           + (" before mafvote first saw the post" if before_seen else "")
                                           + (f" (reason: {post.edit_reason})" if post.edit_reason else ""))
        facts = {"deleted": deleted, "at": None if deleted or when is None else when.isoformat()}
        if not deleted:
            facts.update(before_first_seen=before_seen, reason=post.edit_reason)
    if rules.edited_vote == "first_seen":
        return _Edit(first, latest, edited, detail, facts, before_end=True)
    # the versions seen before the end are the post as it stood then
    at_end = [h for t, h in versions if t < end]
    changed_before = len({first, *at_end}) > 1
    if changed_before:
        edit_before = True
    elif post.edited_at is not None and edited_by_notice:
        edit_before = post.edited_at < end
    elif changed:
        edit_before = False                  # the new version was first seen at or after the end
    elif edited_by_notice:
        edit_before = post.first_seen < end  # a notice without a time: the post was edited when first seen
    else:
        edit_before = False
    deleted_before = deleted and (post.deleted_at is None or post.deleted_at < end)
    return _Edit(at_end[-1] if at_end else first, latest, edited, detail, facts,
                 before_end=edit_before or deleted_before)


def _written(votes) -> list[dict]:  # noqa: ANN001 - recognise.Vote
    return [{"written": v.written, "color": v.color} for v in votes]


def _take_post(post: Post, slot: str | None, roster: Roster, rules: VoteRules, matcher: RosterMatcher,
               alive: set[str], early_ok: bool, as_of: datetime | None, day: _Day, end: datetime,
               state: DayState) -> None:
    if len(post.versions) <= 1 and not post.edited and not post.deleted:
        # nearly every post of a thread (`_edit_of`'s first case, without its record: the warm recount's loop)
        html = latest = post.versions[0][1] if post.versions else post.html
        edit, edited, edit_detail, edit_facts = None, False, "", {}
    else:
        edit = _edit_of(post, rules, as_of, end)
        html, latest, edited, edit_detail, edit_facts = edit.html, edit.latest, edit.edited, edit.detail, edit.facts
    is_gm = roster.is_gm(post.author)
    slot = None if is_gm else slot
    if not is_gm and slot is None:
        _unknown_author(post, html, roster, rules, matcher, day)
        return
    reading: Reading = read_post(html, matcher, colors_matter=rules.colors_matter, gm=is_gm)
    if slot is not None and slot in alive:
        for kind_player, hue in reading.unrecognised:
            day.flags.append(Flag("unrecognised_colour", slot, post.post_id,
                                  f"{kind_player} is written in a colour that is neither red nor "
                                  f"blue ({hue}); not counted as a vote",
                                  {"written": kind_player, "hue": hue}))
    if not reading.votes:
        if slot is not None and slot in alive and not reading.unrecognised:
            _not_a_vote(post, slot, html, reading, rules, matcher, alive, day)
        return
    if is_gm:
        for v in reading.votes:
            assert v.proxy_voter is not None
            voter = v.proxy_voter.player or ""
            _cast(voter, v, post, v.early and early_ok, rules, alive, day, multiple=False, state=state)
        return
    assert slot is not None
    if slot not in alive:
        day.flags.append(Flag("dead_voter", slot, post.post_id,
                              f"{slot} is not alive today; the vote is not counted"))
        for v in reading.votes:
            day.casts.append(_Cast(slot, v.target.player, v.written, v.color, post.post_id,
                                   post.time, reason="voter is not alive"))
        return
    if len(reading.votes) > 1:
        day.flags.append(Flag("multiple_votes", slot, post.post_id,
                              "several votes in one post: " + ", ".join(
                                  f"{v.written} ({v.color})" for v in reading.votes)
                              + "; the last valid one counts", {"votes": _written(reading.votes)}))
    if edited:
        assert edit is not None
        if rules.edited_vote == "void" and edit.before_end:
            day.flags.append(Flag("edited", slot, post.post_id,
                                  f"{edit_detail}: an edited vote is void (the player has not voted "
                                  "unless a later unedited vote follows)",
                                  {**edit_facts, "rule": "void"}))
            if slot not in day.final:
                for v in reading.votes:
                    day.casts.append(_Cast(slot, v.target.player, v.written, v.color, post.post_id,
                                           post.time, reason="edited post: void"))
                day.current[slot] = None
            return
        now = read_post(latest, matcher, colors_matter=rules.colors_matter)
        same = [(v.target.player, v.color) for v in now.votes] == [
            (v.target.player, v.color) for v in reading.votes]
        # "void" here: the edit or deletion came at or after the day's end, so the vote stands as it was then
        after_close = rules.edited_vote == "void"
        day.flags.append(Flag("edited", slot, post.post_id,
                              (f"{edit_detail} after the close: the vote as it stood at the close counts"
                               if after_close else f"{edit_detail}; the vote as first seen counts")
                              + ("" if same else " (the edit changed the votes: now "
                                 + (", ".join(f"{v.written} ({v.color})" for v in now.votes) or "none")
                                 + ")"),
                              {**edit_facts, "rule": "after_close" if after_close else "first_seen",
                               "now": None if same else _written(now.votes)}))
    before = day.current.get(slot)
    for v in reading.votes:
        _cast(slot, v, post, False, rules, alive, day, multiple=True, state=state)
    after = day.current.get(slot)
    if reading.early and early_ok and after is not None and after != before and slot not in day.final:
        if day.casts[after].removed:
            # a final vote for a player modkilled later binds nothing (`_cast`); its flag says it was досрочно
            for i in range(len(day.flags) - 1, -1, -1):
                f = day.flags[i]
                if f.kind == "target_removed" and f.post_id == post.post_id:
                    if f.data.get("target") == day.casts[after].target:
                        day.flags[i] = replace(f, data={**f.data, "final": True}, detail=f.detail + _UNBOUND)
                        break
        else:
            day.casts[after].early = True
            day.final[slot] = after


def _unknown_author(post: Post, html: str, roster: Roster, rules: VoteRules, matcher: RosterMatcher,
                    day: _Day) -> None:
    """Flag a vote by an account that speaks for no slot at the post's time and is no GM (RULES.md §3: only
    the roster's players vote). Talk by spectators is not flagged: only a post that holds a vote."""
    reading = read_post(html, matcher, colors_matter=rules.colors_matter)
    if not reading.votes:
        return
    key = post.author.casefold().strip()
    when = post.time.isoformat()
    facts: dict = {"author": post.author, "time": when, "votes": _written(reading.votes), "slot": None, "at": None,
                   "case": "stranger"}
    detail = (f"{post.author!r} is not on the roster, not a replacement and not a GM: the vote is not counted; if "
              f"this account took over a slot, enter it with `mafvote replace --player NICK --by {post.author} "
              f"--at {when}`")
    for p in roster.players:
        reps = sorted(p.replacements, key=lambda r: r.at)
        mine = [r for r in reps if r.nick.casefold().strip() == key]
        if mine and post.time < mine[0].at:
            at = mine[0].at.isoformat()
            facts.update(slot=p.nick, at=at, case="before_replacement")
            detail = (f"{post.author} takes over {p.nick}'s slot only from {at} (the replacement's time): the vote "
                      f"at {when} is not counted; if {post.author} played the slot then, `mafvote undo` the "
                      f"replacement and enter it again with `--at` (or fix games.players[].replaced_by.at)")
            break
        if p.nick.casefold().strip() == key or mine:
            later = [r for r in reps if r.at <= post.time and r.nick.casefold().strip() != key]
            if later:
                facts.update(slot=p.nick, at=later[-1].at.isoformat(), case="replaced", by=later[-1].nick)
                detail = (f"{post.author} was replaced in {p.nick}'s slot by {later[-1].nick} from "
                          f"{later[-1].at.isoformat()}: the vote at {when} is not counted")
                break
    day.flags.append(Flag("unknown_author", None, post.post_id, detail, facts))


# Match steps sure enough to say "this post names that player" outside a vote: a bare prefix or a
# fuzzy guess inside a sentence would turn ordinary words into names.
_NAMING_STEPS = ("exact", "lookalike", "translit", "inflected")


def _not_a_vote(post: Post, slot: str, html: str, reading: Reading, rules: VoteRules,
                matcher: RosterMatcher, alive: set[str], day: _Day) -> None:
    """Flag a post that names a living player (not its author) outside quotes, alone on a line or on a line
    with a vote word, but holds no vote under RULES.md §2, so a vote written the wrong way (`голосую Трубодур`
    in 004, a name without colour elsewhere) is not silently a missed vote."""
    names: list[tuple[str, str]] = []
    for written, player in _named(html, reading, rules.colors_matter, matcher):
        if player != slot and player in alive and player not in {p for _, p in names}:
            names.append((written, player))
    if not names:
        return
    written = ", ".join(repr(w) for w, _ in names)
    if rules.colors_matter:
        why = "without red or blue and without КРАСНЫМ/СИНИМ"
    else:
        why = "in plain text (not in a colour, not bold, not alone on a line)"
    day.flags.append(Flag("not_a_vote", slot, post.post_id,
                          f"{written} is written {why}, so it is not a vote (RULES.md §2); if the player meant "
                          "to vote, ask them to vote again", {
                              "names": [{"written": w, "player": p} for w, p in names],
                              "colors_matter": rules.colors_matter}))


def _named(html: str, reading: Reading, colors_matter: bool, matcher: RosterMatcher) -> tuple[tuple[str, str], ...]:
    """(as written, player) for each roster name alone on a line or on a line with a vote word, outside quotes.
    It depends on the post's html only, so it is kept beside the post's reading (the daemon recounts after
    every poll and would read every vote-less post again)."""
    key = ("named", html, colors_matter)
    cache = matcher.readings
    hit = cache.get(key)  # type: ignore[call-overload]
    if hit is not None:
        return hit
    text = reading.text
    if not text:
        # the colour games skip the parse of a post without any colour; most such posts are talk, so the
        # markup-stripped text is looked at first and only a post with a line worth reading is parsed (or its
        # stored reading taken)
        # (a stored reading carries the markup's talk facts: a post read from the store has no HTML)
        stored = matcher.flats.get(html)
        vote_word, fewest = (stored.vote_word, stored.fewest_words) if stored is not None else talk_facts(html)
        if vote_word or fewest <= matcher.max_words:
            text = stored.text if stored is not None else read_post(html, matcher, colors_matter=False).text
    found: list[tuple[str, str]] = []
    for line in lines_to_read(text or "", matcher.max_words):
        for s, e, m in matcher.find_in(line, fuzzy_whole=False):
            if not (m.status == "match" and m.step in _NAMING_STEPS and m.player):
                continue
            alone = not line.replace(line[s:e], "", 1).strip(LINE_PUNCT)
            if alone or VOTE_WORD.search(line):
                found.append((line[s:e], m.player))
    hit = tuple(found)
    if len(cache) < 200_000:
        cache[key] = hit  # type: ignore[index]
    return hit


def _cast(voter: str, v, post: Post, early: bool, rules: VoteRules, alive: set[str],  # noqa: ANN001
          day: _Day, multiple: bool, state: DayState) -> None:
    c = _Cast(voter, v.target.player, v.written, v.color, post.post_id, post.time, early=early)
    day.casts.append(c)
    idx = len(day.casts) - 1
    if voter not in alive:
        c.reason = "voter is not alive"
        day.flags.append(Flag("dead_voter", voter, post.post_id, f"{voter} is not alive today"))  # no facts beyond the voter
        return
    if voter in day.final:
        fin = day.casts[day.final[voter]]
        c.reason = "after a final (досрочно) vote"
        if (fin.target, fin.color) != (c.target, c.color):
            day.flags.append(Flag("changed_final_vote", voter, post.post_id,
                                  f"{voter}'s vote {fin.written} ({fin.color}) is final since post "
                                  f"{fin.post_id}; the change to {c.written} ({c.color}) is ignored",
                                  {"final": {"written": fin.written, "color": fin.color, "post_id": fin.post_id},
                                   "new": {"written": c.written, "color": c.color}}))
        return
    m = v.target
    if m.status == "none":
        c.reason = f"unknown name {v.written!r}; the previous valid vote stands"
        day.flags.append(Flag("unknown_target", voter, post.post_id,
                              f"{v.written!r} is not a player on the roster", {"written": v.written}))
        return
    if m.status == "ambiguous":
        c.reason = f"ambiguous name {v.written!r}; the previous valid vote stands"
        day.flags.append(Flag("ambiguous_name", voter, post.post_id,
                              f"{v.written!r} could be: {', '.join(m.candidates)}; not guessed",
                              {"written": v.written, "candidates": list(m.candidates)}))
        return
    if m.player == voter:
        c.reason = "self-vote (Голосовать в себя нельзя); the previous valid vote stands"
        day.flags.append(Flag("self_vote", voter, post.post_id,
                              f"{voter} voted for themselves ({c.color}); not counted", {"color": c.color}))
        return
    if m.player not in alive and _removed_after(m.player, post, state):
        # the target was alive when the vote was cast (RULES.md §2: "the name of a living player") and
        # the GM modkilled them later the same day. The voter did vote (000 rule 2 punishes not voting), so no
        # penalty and no miss; the vote weighs nothing; and the voter may vote again: a later vote replaces
        # it even when it was досрочно. 000 rule 13 («Менять досрочные голоса нельзя») forbids changing a final
        # vote, but its target has left the game: the rule keeps a vote from being taken back, it cannot hold a
        # player to a vote for nobody. Public: everyone sees the modkill.
        c.valid, c.removed = True, True
        c.reason = (f"{m.player} was modkilled after this vote: the voter has voted (no penalty), the vote "
                    "weighs nothing; a later vote replaces it")
        day.current[voter] = idx
        day.flags.append(Flag("target_removed", voter, post.post_id,
                              f"{v.written!r} ({m.player}) was modkilled after this vote: {voter} has voted (no "
                              f"penalty), the vote weighs nothing; {voter} may vote again"
                              + (_UNBOUND if early else ""),
                              {"written": v.written, "target": m.player, "color": c.color, "final": early}))
        return
    if m.player not in alive:
        c.reason = f"{m.player} is not alive; the previous valid vote stands"
        day.flags.append(Flag("unknown_target", voter, post.post_id,
                              f"{m.player} is not alive today", {"written": v.written, "dead": m.player}))
        return
    c.valid = True
    c.reason = "replaced by a later vote"
    day.current[voter] = idx
    if early:
        c.early = True
        day.final[voter] = idx


_UNBOUND = " (it was final, досрочно: that no longer binds, its target has left the game)"


def _removed_after(target: str, post: Post, state: DayState) -> bool:
    """Whether ``target`` was modkilled this day after ``post`` (``DayState.modkilled_at``; a modkill without
    a time: after every post of the day)."""
    if target not in state.modkilled:
        return False
    when = state.modkilled_at.get(target)
    return when is None or post.time < when


def _shield_for(player: str, state: DayState):  # noqa: ANN202
    usable = [s for s in state.shields if s.player == player and not s.stripped]
    usable.sort(key=lambda s: (_SHIELD_ORDER[s.kind], s.consumable))
    return usable[0] if usable else None


def _outcome(totals: dict[str, int], state: DayState, rules: VoteRules,
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
        sh = _shield_for(p, state)
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
        sh = _shield_for(p, state)
        if sh is None:
            hanged.append(p)
        else:
            saved.append(p)
            if sh.consumable:
                spent.append((p, sh.kind))
    return Outcome(tuple(hanged), "tie_all", tuple(saved), tuple(spent), tuple(tied)), True


def _assemble(game: str, state: DayState, roster: Roster, rules: VoteRules, view: str,
              start: datetime | None, end: datetime, as_of: datetime | None, closed: bool,
              close: datetime, day: _Day, alive: list[str], entitled: list[str],
              seen: list[Post], times: list[datetime], reference: datetime, slot_of: dict[int, str | None],
              taken: set[int]) -> Tally:
    order = {p.nick: i for i, p in enumerate(roster.players)}
    counted = {v: i for v, i in day.current.items() if i is not None}
    for i in counted.values():
        c = day.casts[i]
        if not c.removed:
            c.reason = "counted (досрочно, final)" if c.early else "counted"
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

    gm_cands, gm_totals, gm_weights, new_misses = totals_for("gm", True)
    outcome, was_tie = _outcome(gm_totals, state, rules, order)
    if view == "gm":
        cands, weights = gm_cands, gm_weights
    else:
        cands, _, weights, _ = totals_for("public", closed)
        if not closed:
            outcome = Outcome((), "pending")

    votes = []
    for i, c in enumerate(day.casts):
        is_counted = counted.get(c.voter) == i
        w, why = weights.get(c.voter, (0, "")) if is_counted else (0, c.reason)
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
    if rules.silent_alert_hours:
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
