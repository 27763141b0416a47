"""One post of the day into the count (RULES.md §2, §3.2–§3.3, §3.12): its reading, its votes cast in reading
order, and the flags it raises (several votes, a change of a final vote, an edit, a vote by a stranger, a name
written as talk). `count_day` (tally/count.py) walks the day's posts in thread order through `take_post`, which
fills a `DayRecord`; `tally/assemble.py` turns the record into the `Tally`. The decisions these rules take where
RULES.md leaves room are listed in tally/count.py's docstring.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

import msgspec
from msgspec.structs import replace

from .edits import edit_of, touched
from .model import Alert, DayState, Flag, Post, Roster, VoteRules
from .names import RosterMatcher
from .recognise import LINE_PUNCT, VOTE_WORD, Flat, Reading, lines_to_read, read_post, stored_flat, talk_facts

__all__ = ["UNBOUND", "Cast", "DayRecord", "removed_after", "take_post", "written_votes"]


class Cast(msgspec.Struct):
    """One vote as read, before weights. A `msgspec.Struct` as the count's other by-the-thousand records
    (tally/model.py), not frozen: the walk sets its outcome (`_cast`)."""

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
class DayRecord:
    """The day's votes as the walk through the posts builds them: every cast, the current and final one per voter,
    the flags."""
    casts: list[Cast] = field(default_factory=list)
    current: dict[str, int | None] = field(default_factory=dict)   # voter -> index into casts
    final: dict[str, int] = field(default_factory=dict)
    flags: list[Flag] = field(default_factory=list)
    alerts: list[Alert] = field(default_factory=list)
    closed_early: datetime | None = None
    # a `changed_final_vote` flag's sentence and facts by (the final cast's index, the new vote as written, its
    # colour): a player whose vote is final and who goes on voting raises the same one post after post (the bench's
    # day: 1,324 such flags, 600 sentences). Shared by a walk's copies, as `_Walk.records`: an entry is taken only
    # for the very final cast it was made of (a walk that failed or went another way may have left one at its index)
    changes: dict[tuple[int, str, str], tuple[Cast, tuple[str, dict]]] = field(default_factory=dict)


def written_votes(votes) -> list[dict]:  # noqa: ANN001 - recognise.Vote
    return [{"written": v.written, "color": v.color} for v in votes]


def take_post(post: Post, slot: str | None, roster: Roster, rules: VoteRules, matcher: RosterMatcher,
               alive: set[str], early_ok: bool, as_of: datetime | None, day: DayRecord, end: datetime,
               state: DayState) -> None:
    if not touched(post):
        # nearly every post of a thread (`edit_of`'s first case, without its record: the warm recount's loop)
        html = latest = post.versions[0][1] if post.versions else post.html
        edit, edited = None, False
    else:
        edit = edit_of(post, rules, as_of, end)
        html, latest, edited = edit.html, edit.latest, edit.edited
    is_gm = roster.is_gm(post.author)
    slot = None if is_gm else slot
    if not is_gm and slot is None:
        _unknown_author(post, html, roster, rules, matcher, day)
        return
    # text=False: `_not_a_vote` (`_named`) reads the text only of a post without votes and other-colour names,
    # and such a reading keeps its text
    reading: Reading = read_post(html, matcher, colors_matter=rules.colors_matter, gm=is_gm, text=False)
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
            day.casts.append(Cast(slot, v.target.player, v.written, v.color, post.post_id,
                                   post.time, reason="voter is not alive"))
        return
    if len(reading.votes) > 1:
        day.flags.append(Flag("multiple_votes", slot, post.post_id,
                              "several votes in one post: " + ", ".join(
                                  f"{v.written} ({v.color})" for v in reading.votes)
                              + "; the last valid one counts", {"votes": written_votes(reading.votes)}))
    if edited:
        assert edit is not None
        edit_detail, edit_facts = edit.detail, edit.facts
        if rules.edited_vote == "void" and edit.before_end:
            day.flags.append(Flag("edited", slot, post.post_id,
                                  f"{edit_detail}: an edited vote is void (the player has not voted "
                                  "unless a later unedited vote follows)",
                                  {**edit_facts, "rule": "void"}))
            if slot not in day.final:
                for v in reading.votes:
                    day.casts.append(Cast(slot, v.target.player, v.written, v.color, post.post_id,
                                           post.time, reason="edited post: void"))
                day.current[slot] = None
            return
        now = read_post(latest, matcher, colors_matter=rules.colors_matter, text=False)
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
                               "now": None if same else written_votes(now.votes)}))
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
                        day.flags[i] = replace(f, data={**f.data, "final": True}, detail=f.detail + UNBOUND)
                        break
        else:
            day.casts[after].early = True
            day.final[slot] = after


def _unknown_author(post: Post, html: str, roster: Roster, rules: VoteRules, matcher: RosterMatcher,
                    day: DayRecord) -> None:
    """Flag a vote by an account that speaks for no slot at the post's time and is no GM (RULES.md §3: only
    the roster's players vote). Talk by spectators is not flagged: only a post that holds a vote."""
    reading = read_post(html, matcher, colors_matter=rules.colors_matter, text=False)
    if not reading.votes:
        return
    key = post.author.casefold().strip()
    when = post.time.isoformat()
    facts: dict = {"author": post.author, "time": when, "votes": written_votes(reading.votes), "slot": None, "at": None,
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
                matcher: RosterMatcher, alive: set[str], day: DayRecord) -> None:
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
    every poll and would read every vote-less post again), unless the post's kept talk facts say at once that it has
    no line to read."""
    text = reading.text
    if not text:
        # the colour games skip the parse of a post without any colour; most such posts are talk, so the
        # markup-stripped text is looked at first and only a post with a line worth reading is parsed (or its
        # stored reading taken)
        # (a stored reading carries the markup's talk facts: a post read from the store has no HTML)
        flat = matcher.flats.get(html)
        kept = matcher.stored.get(html) if flat is None else None
        if flat is not None or kept is not None:
            vote_word, fewest = (flat.vote_word, flat.fewest_words) if flat is not None else Flat.talk_in_json(kept)
            if not vote_word and fewest > matcher.max_words:
                # no line to read: told by the kept facts as cheaply as a kept answer would be, so none is kept
                # (the bench's 3,000-post day: 1,073 talk posts, issue 17)
                return ()
    key = ("named", html, colors_matter)
    cache = matcher.readings
    hit = cache.get(key)  # type: ignore[call-overload]
    if hit is not None:
        return hit
    if not text:
        if flat is None and kept is None:
            vote_word, fewest = talk_facts(html)
        if vote_word or fewest <= matcher.max_words:
            flat = stored_flat(html, matcher)
            text = flat.text if flat is not None else read_post(html, matcher, colors_matter=False).text
    found: list[tuple[str, str]] = []
    for line in lines_to_read(text, matcher.max_words) if text else ():
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
          day: DayRecord, multiple: bool, state: DayState) -> None:
    c = Cast(voter, v.target.player, v.written, v.color, post.post_id, post.time, early=early)
    day.casts.append(c)
    idx = len(day.casts) - 1
    if voter not in alive:
        c.reason = "voter is not alive"
        day.flags.append(Flag("dead_voter", voter, post.post_id, f"{voter} is not alive today"))  # no facts beyond the voter
        return
    if voter in day.final:
        at = day.final[voter]
        fin = day.casts[at]
        c.reason = "after a final (досрочно) vote"
        if (fin.target, fin.color) != (c.target, c.color):
            said = day.changes.get((at, c.written, c.color))
            if said is None or said[0] is not fin:
                said = day.changes[at, c.written, c.color] = (fin, (
                    f"{voter}'s vote {fin.written} ({fin.color}) is final since post "
                    f"{fin.post_id}; the change to {c.written} ({c.color}) is ignored",
                    {"final": {"written": fin.written, "color": fin.color, "post_id": fin.post_id},
                     "new": {"written": c.written, "color": c.color}}))
            day.flags.append(Flag("changed_final_vote", voter, post.post_id, *said[1]))
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
    if m.player not in alive and removed_after(m.player, post, state):
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
                              + (UNBOUND if early else ""),
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


UNBOUND = " (it was final, досрочно: that no longer binds, its target has left the game)"


def removed_after(target: str, post: Post, state: DayState) -> bool:
    """Whether ``target`` was modkilled this day after ``post`` (``DayState.modkilled_at``; a modkill without
    a time: after every post of the day)."""
    if target not in state.modkilled:
        return False
    when = state.modkilled_at.get(target)
    return when is None or post.time < when
