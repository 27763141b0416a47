"""MyBB 1.8 (default theme, `showthread.php?tid=N&page=P`).

Markup verified on a real MyBB 1.8.37 board (fixtures/html/mybb/, NOTES in /work/shared/forums/mybb).
Search-engine-friendly URLs (issue 12) name neither topic nor user in the links a crawler reads first:
MyBB's own `thread-2.html`, `thread-2-page-3.html`, `thread-2-post-19.html#pid19`, `user-12.html`, and the
Google SEO plugin's `Thread-1440p-Space-Wallpaper`, `Thread-…?page=2`, `Thread-…?pid=493155`, `User-Spritsinz`.
The topic id is then read from the page (the thread search form's `<input type="hidden" name="tid">`, the
reply buttons' `newreply.php?tid=`), the author id from the post's `reputation.php?uid=` /
`private.php?action=send&uid=` / `search.php?action=finduser&uid=` links.
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


_UID = re.compile(r"[?&]uid=(\d+)")
# the links of a post that name its author's uid whatever the URL scheme (none of them is rewritten)
_UID_LINKS = (".post_author a[href*='reputation.php?uid='], .post_controls a[href*='private.php?action=send'], "
              ".post_controls a[href*='search.php?action=finduser']")


def author_id(post: LexborNode, *, profile: EngineProfile) -> str | None:
    """The uid when the profile link is friendly (`User-Spritsinz`): from the post's other links to the author."""
    for link in post.css(_UID_LINKS):
        m = _UID.search(link.attrs.get("href") or "")
        if m:
            return m.group(1)
    return None


PROFILE = EngineProfile(
    name="mybb",
    detect=("#posts > div.post[id^=post_]", "div.post_body[id^=pid_]", "span.post_date",
            ".post_author .author_information"),
    post="#posts div.post[id^=post_]",
    post_id_pattern=r"^post_(\d+)$",
    # the name is the profile link (the GM's wrapped in group styling spans); its href gives the uid
    author=".post_author .author_information .largetext a",
    author_id_pattern=r"(?:[?&]uid=|/user-)(\d+)",
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
    # what differs between two answers of an unchanged page (read on a real 1.8.37 board, tests/data/mybb_windowed/):
    # the guest's form token, new at every request, and the relative dates ("10 minutes ago", "Yesterday") of the
    # post, its edit notice and its quotes, whose `title` (kept) holds the date the parser reads
    volatile=(r'my_post_key(?: = "|" type="hidden" value="|=)[0-9a-f]{32}',
              r'(<span class="post_date"><span title="[^"<>]*">)[^<]*',
              r'(modified: <span title="[^"<>]*">)[^<]*',
              r'(<cite><span> \(<span title="[^"<>]*">)[^<]*',
              # the footer's clock, and beside each post its author's online status and post count
              r'<span id="current_time">.*?</span>',
              r'<!-- start: postbit_(?:online|offline|away) -->[^<]*(?:<(?!!-- end: postbit_)[^<]*)*'
              r'<!-- end: postbit_\w+ -->',
              r'(<div class="author_statistics">)[^<]*(?:<(?!/div>)[^<]*)*'),
    pagination_box="div.pagination",  # none at all on a one-page thread
    next_page="div.pagination a.pagination_next",
    current_page="div.pagination span.pagination_current",
    # a thread of more than 5 pages shows a window of 5 page links; page 1 and the last page are then
    # `a.pagination_first` / `a.pagination_last` beside «…» (multipage(), read on a real 1.8.37 board: the last
    # page's number is known only from that link, page 1's URL only from the first)
    page_links=("div.pagination a.pagination_page, div.pagination span.pagination_current, "
                "div.pagination a.pagination_first, div.pagination a.pagination_last"),
    page_param="page",
    page_url_pattern=r"/thread-\d+-page-(\d+)\.html",
    topic_param="tid",
    topic_id_pattern=r"/thread-(\d+)(?:-page-\d+|-post-\d+|-lastpost|-newpost)?\.html",
    # a friendly URL has no tid: the post links' tid, else the thread search form's, else a reply button's
    topic_id_selector=("div.post_head a[href*='tid='], input[type=hidden][name=tid], "
                       "a[href*='newreply.php?tid=']"),
    title="title",
    hooks={"time": post_time, "edit": edit_notice, "author_id": author_id},
)
