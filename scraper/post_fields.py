"""One post's fields but the body: author, author id, time and edit notice (`read_post`), with the
profile's hooks where an engine needs its own reading; and the refusal of a garbled nick
(`refuse_garbled_authors`). `PageContext` is what every post of one page is read with, and names the
post in a LayoutNotRecognised."""
from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from selectolax.lexbor import LexborNode

from .charset import utf8_read_as_cp1251
from .dates import DateNotRecognised, parse_machine, parse_shown
from .model import EditNotice, LayoutNotRecognised
from .nodes import clean_text, compiled
from .profile import EngineProfile

__all__ = ["PageContext", "read_post", "refuse_garbled_authors"]

# Attributes that hold a machine-readable instant (ISO 8601 or unix seconds/ms). `title` is not
# one of them: it holds a date as the forum displays it, so it goes through parse_displayed.
_MACHINE_ATTRS = frozenset({"datetime", "data-time", "data-timestamp", "data-posted",
                            "data-date", "data-publishdate", "data-node-publishdate"})



def _date_detail(exc: DateNotRecognised) -> tuple[str, dict]:
    """A date the page shows that no known form matches, as a key and facts (its reason stays the scraper's)."""
    return ("date", {"text": exc.text, "reason": exc.reason or str(exc), "english": str(exc)})

class PageContext:
    __slots__ = ("url", "engine", "page", "topic_id", "profile", "tz", "now")

    def __init__(self, *, url: str, engine: str, page: int, topic_id: str, profile: EngineProfile,
                 tz: ZoneInfo, now: datetime):
        self.url, self.engine, self.page, self.topic_id = url, engine, page, topic_id
        self.profile, self.tz, self.now = profile, tz, now

    def layout_error(self, pid: int, position: int, what: str, detail: str,
                     detail_key: tuple[str, dict] | None = None) -> LayoutNotRecognised:
        return LayoutNotRecognised(self.url, self.engine,
                                   f"{what} of post {pid} (#{position + 1} on page {self.page}): {detail}",
                                   ("post_field", {"what": ("field." + what.replace(" ", "_"), {}), "pid": str(pid),
                                                   "n": str(position + 1), "page": str(self.page),
                                                   "detail": detail_key or ("quoted", {"text": detail})}))


def read_post(ctx: PageContext, pid: int, position: int, post: LexborNode, author_node: LexborNode | None,
               link: LexborNode | None, notice: LexborNode | None, time_node: LexborNode | None
               ) -> tuple[int, str, str | None, datetime, EditNotice | None]:
    """Every field but the body: (post id, author, author id, time, edit notice)."""
    profile, tz, now = ctx.profile, ctx.tz, ctx.now
    author = clean_text(author_node.text()) if author_node is not None else ""
    if not author:
        raise ctx.layout_error(pid, position, "author", f"nothing matches `{profile.author}`",
                               ("nothing_matches", {"selector": profile.author}))
    author_id = _author_id(post, author_node, link, profile)

    # The edit notice is read before the time: some engines nest it inside the date (MyBB).
    edit = None
    if notice is not None and notice.text(strip=True):
        hook = profile.hooks.get("edit")
        try:
            edit = (hook(notice, post, profile=profile, tz=tz, now=now) if hook
                    else _edit_notice(notice, profile, tz, now))
        except DateNotRecognised as exc:
            raise ctx.layout_error(pid, position, "edit time", str(exc), _date_detail(exc)) from None

    hook = profile.hooks.get("time")
    try:
        if hook:
            when = hook(time_node, post, profile=profile, tz=tz, now=now)
        else:
            when = _generic_time(time_node, post, profile, tz, now)
    except DateNotRecognised as exc:
        raise ctx.layout_error(pid, position, "time", str(exc), _date_detail(exc)) from None
    if when is None:
        raise ctx.layout_error(pid, position, "time", f"nothing matches `{profile.time}`",
                               ("nothing_matches", {"selector": profile.time}))
    # One zone for every time a page yields (3.3's datetime is UTC, data-posted is unix): the forum's.
    when = when.astimezone(tz)
    if edit is not None and edit.at is not None:
        edit = EditNotice(at=edit.at.astimezone(tz), by=edit.by, reason=edit.reason)
    return pid, author, author_id, when, edit


def refuse_garbled_authors(ctx: PageContext, posts: list[tuple], charset: str) -> None:
    """A garbled nick, stored, would count its posts for nobody, and the version first seen is kept:
    - U+FFFD: a letter lost before we read it (a forum that stored mojibake, or a UTF-8 page with
      a broken sequence in the nick);
    - UTF-8 read as windows-1251 («РЎРѕРЅСЏ» for «Соня»): pairs like «РЎ» make at least half of
      the nick and one of them is no Russian letter pair (ё and a no-break space after «С» are)."""
    for pos, (pid, author, *_) in enumerate(posts):
        if "\ufffd" in author:
            raise ctx.layout_error(pid, position=pos, what="author", detail=(
                f"{author!r} holds U+FFFD (a character lost before mafvote read it; page read as "
                f"{charset}): the forum sent the nick garbled; check the page in a browser and tell "
                f"the forum's admin"), detail_key=("garbled_lost", {"author": author, "quoted": repr(author),
                                                                   "charset": charset}))
        if utf8_read_as_cp1251(author):
            raise ctx.layout_error(pid, position=pos, what="author", detail=(
                f"{author!r} reads like UTF-8 read as windows-1251 (page read as {charset}): a charset "
                f"problem; check the page in a browser, and if it shows the nick right, tell mafvote's "
                f"developers the forum's address; if it shows it garbled, tell the forum's admin"),
                detail_key=("garbled_cp1251", {"author": author, "quoted": repr(author), "charset": charset}))


def _author_id(post: LexborNode, author_node: LexborNode | None, link: LexborNode | None,
               profile: EngineProfile) -> str | None:
    if not profile.author_link and author_node is not None:
        link = author_node if author_node.tag == "a" else _first_link(author_node)
    if link is not None:
        m = compiled(profile.author_id_pattern).search(link.attrs.get("href") or "")
        if m:
            return m.group(1)
    if profile.author_id_attr:
        value = post.attrs.get(profile.author_id_attr)
        if value:
            return value.strip()
    hook = profile.hooks.get("author_id")
    return hook(post, profile=profile) if hook else None


def _first_link(node: LexborNode) -> LexborNode | None:
    """`node.css_first("a[href]")` without compiling a selector (the author node is small)."""
    for inner in node.traverse():
        if inner.tag == "a" and "href" in inner.attrs:
            return inner
    return None


def _generic_time(node: LexborNode | None, post: LexborNode, profile: EngineProfile, tz: ZoneInfo,
                  now: datetime) -> datetime | None:
    """Machine-readable attributes first (node, its descendants, the post container), then the text."""
    time_attrs = profile.time_attrs
    if node is not None and time_attrs:
        found = _time_from_attrs(node, time_attrs, profile, tz, now)
        if found is None:
            for attr in time_attrs:
                inner = node.css_first(f"[{attr}]")
                if inner is not None:
                    found = _time_from_attrs(inner, time_attrs, profile, tz, now)
                    if found is not None:
                        break
        if found is not None:
            return found
    for attr in time_attrs:
        if attr in _MACHINE_ATTRS:
            value = post.attrs.get(attr)
            if value:
                return parse_machine(value, tz=tz)
    if node is None:
        return None
    text = clean_text(node.text())
    if profile.time_text_pattern:
        m = compiled(profile.time_text_pattern).search(text)
        if m:
            text = m.group(1).strip()
    return parse_shown(text, tz=tz, now=now, formats=profile.date_formats)


def _time_from_attrs(node: LexborNode, time_attrs: tuple[str, ...], profile: EngineProfile, tz: ZoneInfo,
                     now: datetime) -> datetime | None:
    attrs = node.attrs
    for attr in time_attrs:
        value = attrs.get(attr)
        if not value:
            continue
        if attr in _MACHINE_ATTRS:
            return parse_machine(value, tz=tz)
        try:  # a title is shown text; it may be a tooltip, not a date, so a miss is not an error
            return parse_shown(value, tz=tz, now=now, formats=profile.date_formats)
        except DateNotRecognised:
            continue
    return None


def _edit_notice(notice: LexborNode, profile: EngineProfile, tz: ZoneInfo, now: datetime) -> EditNotice:
    text = clean_text(notice.text())
    by = None
    if profile.edit_by:
        by_node = notice.css_first(profile.edit_by)
        by = clean_text(by_node.text()) if by_node is not None else None
    if not by and profile.edit_by_pattern:
        m = compiled(profile.edit_by_pattern).search(text)
        by = m.group(1).strip() if m else None
    at = None
    for attr in profile.time_attrs:
        inner = notice.css_first(f"[{attr}]")
        if inner is not None:
            at = _time_from_attrs(inner, profile.time_attrs, profile, tz, now)
            if at is not None:
                break
    if at is None and profile.edit_time_pattern:
        m = compiled(profile.edit_time_pattern).search(text)
        if m:
            at = parse_shown(m.group(1).strip(), tz=tz, now=now, formats=profile.date_formats)
    reason = None
    if profile.edit_reason_pattern:
        m = compiled(profile.edit_reason_pattern).search(text)
        reason = m.group(1).strip() if m and m.group(1).strip() else None
    return EditNotice(at=at, by=by or None, reason=reason)
