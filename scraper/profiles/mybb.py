"""MyBB 1.8 (default theme, `showthread.php?tid=N&page=P`).

Markup verified on a real MyBB 1.8.37 board (fixtures/html/mybb/, NOTES in /work/shared/forums/mybb).
Code is needed for one quirk: for "Today"/"Yesterday" the `title` holds the date only and the time
is in the text after it; for "N hours ago" the `title` holds date and time. The edit notice is
nested inside the post date and uses the same forms.
"""
from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

from selectolax.lexbor import LexborNode

from ..dates import parse_shown
from ..model import EditNotice
from ..profile import EngineProfile

_CLOCK = re.compile(r"\d{1,2}:\d{2}(?:\s*[AaPp][Mm])?")
# English pack: "(This post was last modified: <date> by <a>Name</a>. Edit Reason: ...)"
_EDIT_DATE = re.compile(r"modified:\s*(.+?)\s+by\s", re.S)
_EDIT_REASON = re.compile(r"Edit Reason:\s*(.+?)\s*\)?\s*$", re.S)


def _shown(text: str, title: str | None) -> str:
    """The date to parse: the title when it has a time, else title date + the clock in the text."""
    text = " ".join(text.split())
    if not title:
        return text
    if ":" in title:
        return title
    clock = _CLOCK.search(text)
    return f"{title}, {clock.group()}" if clock else title


def post_time(node: LexborNode | None, post: LexborNode, *, profile: EngineProfile, tz: ZoneInfo,
              now: datetime) -> datetime | None:
    if node is None:
        return None
    parts: list[str] = []
    title = None
    for child in node.iter(include_text=True):
        tag = child.tag
        if tag == "-text":
            parts.append(child.text_content or "")
            continue
        if tag == "span":
            attrs = child.attrs
            # span.post_edit (the edit notice) sits inside span.post_date; its date is not the post's
            if "post_edit" in (attrs.get("class") or ""):
                continue
            if title is None and attrs.get("title"):
                title = attrs.get("title")
        parts.append(child.text() or "")
    return parse_shown(_shown("".join(parts), title), tz=tz, now=now, formats=profile.date_formats)


def edit_notice(node: LexborNode, post: LexborNode, *, profile: EngineProfile, tz: ZoneInfo,
                now: datetime) -> EditNotice:
    text = " ".join(node.text().split())
    when = None
    m = _EDIT_DATE.search(text)
    if m:
        title_node = node.css_first("span[title]")
        title = title_node.attributes.get("title") if title_node is not None else None
        when = parse_shown(_shown(m.group(1), title), tz=tz, now=now, formats=profile.date_formats)
    by_node = node.css_first("a")
    reason = _EDIT_REASON.search(text)
    return EditNotice(at=when, by=" ".join(by_node.text().split()) if by_node is not None else None,
                      reason=reason.group(1) if reason else None)


PROFILE = EngineProfile(
    name="mybb",
    detect=("#posts > div.post[id^=post_]", "div.post_body[id^=pid_]", "span.post_date",
            ".post_author .author_information"),
    post="#posts div.post[id^=post_]",
    post_id_pattern=r"^post_(\d+)$",
    # the name is the profile link (the GM's wrapped in group styling spans); its href gives the uid
    author=".post_author .author_information .largetext a",
    author_id_pattern=r"[?&]uid=(\d+)",
    time=".post_head span.post_date",
    # the board's dateformat/timeformat: default m-d-Y h:i A; d.m.Y H:i is common on Russian boards
    date_formats=("%m-%d-%Y, %I:%M %p", "%d.%m.%Y, %H:%M", "%m-%d-%Y", "%d.%m.%Y"),
    body="div.post_body",
    signature=(),                  # div.signature follows div.post_body, never inside it
    edit_notice=".post_edit .edited_post",
    edit_by="a",
    quote=("blockquote.mycode_quote",),
    spoiler=("div.spoiler",),
    # relative dates in quote headers ("7 hours ago") change with the clock, not with an edit
    hash_ignore=("blockquote.mycode_quote > cite > span",),
    pagination_box="div.pagination",  # none at all on a one-page thread
    next_page="div.pagination a.pagination_next",
    current_page="div.pagination span.pagination_current",
    page_links="div.pagination a.pagination_page, div.pagination span.pagination_current",
    page_param="page",
    topic_param="tid",
    topic_id_selector="div.post_head a[href*='tid=']",
    title="title",
    hooks={"time": post_time, "edit": edit_notice},
)
