"""How a post's edits and deletion bear on the day's count (RULES.md §3.1, §3.12; 004 rule 2.3): which version
of the post the count reads, and what the `edited` flag says. `count_day` (tally/count.py) asks `edit_of` for
every post with more than one version, an edit notice or a deletion; the rest are read as first seen.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from .model import Post, VoteRules

__all__ = ["Edit", "edit_of", "touched"]


@dataclass(frozen=True)
class Edit:
    """How a post's edits and deletion bear on the count, as of ``as_of``."""

    html: str              # the version to read
    latest: str            # the latest version seen
    edited: bool           # edited or deleted
    detail: str            # "edited at …" / "deleted", for the flag
    facts: dict            # its facts for `Flag.data`
    before_end: bool       # the edit or deletion happened before the day's end (the close, or the deadline)


def touched(post: Post) -> bool:
    """Whether the post was ever edited or deleted: more than one captured version, the forum's edit notice, or a
    deletion. An untouched post (nearly every post of a thread) reads the same as of any moment: `edit_of` gives it
    as first seen, `take_post` reads it without asking `edit_of`, and a walk resumed as of another moment
    (`count._seen_by`) checks only the touched ones. One test for all of them, so they cannot drift apart."""
    return len(post.versions) > 1 or post.edited or post.deleted


def edit_of(post: Post, rules: VoteRules, as_of: datetime | None, end: datetime) -> Edit:
    """The post's edit state. ``edited_vote = "void"`` reads the version as of ``end`` and voids the vote only
    when the post changed before ``end`` (RULES.md §3.1 + §3.12, 004 rule 2.3: «Редактированный голос во
    внимание не берется» stops a vote changed while the voting runs; the day's count is the thread as it
    stood at its end). When it changed: the forum's edit notice time when the post has one, else when
    mafvote first saw the new version (a version seen before the end was written before it); a deletion,
    when mafvote first saw the post gone; a notice without a time and no new version, when the (already
    edited) post was first seen. A deletion without a time (a post built without ``deleted_at``) is taken as
    before the end. So the count never depends on when the last crawl ran: a reread after the close only
    adds versions seen after it."""
    if not touched(post):
        # nearly every post of a thread: one version, never edited or deleted (the cold count takes this path 3,000 times)
        html = post.versions[0][1] if post.versions else post.html
        return Edit(html, html, False, "", {}, before_end=rules.edited_vote == "first_seen")
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
        return Edit(first, latest, edited, detail, facts, before_end=True)
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
    return Edit(at_end[-1] if at_end else first, latest, edited, detail, facts,
                 before_end=edit_before or deleted_before)
