"""phpBB 3.x prosilver (3.0 to 3.3) and, as a variant, phpBB 2 subSilver.

3.0-3.2 print the post date as bare text after "»" in `p.author`; 3.3 wraps it in
`<time datetime>` (UTC, seconds), which is preferred. Russian boards use `|d M Y|, H:i`
("17 сен 2009, 21:51", "Сегодня, 21:03"). phpBB 2 is a table layout: the post id is only on
`<a name>`, the signature is glued to the message after "_________________", and the profile
link sits in the next table row (read by the `author_id` hook).
See /work/shared/forums/ENGINES.md; fixtures in fixtures/html/phpbb/.
"""
from __future__ import annotations

import re
from datetime import datetime
from zoneinfo import ZoneInfo

from selectolax.lexbor import LexborNode

from ..dates import parse_shown
from ..model import EditNotice
from ..profile import EngineProfile

# After the editor's name: "[on ]<date>, edited N times" / "<date>, всего редактировалось N раз."
_EDIT_DATE = re.compile(r"^\s*(?:on\s+)?(.+?),\s*(?:edited|всего)", re.S | re.I)
_EDIT_REASON = re.compile(r"(?:Причина|Reason):\s*(.+?)\s*$", re.S)
_PROFILE_ID = re.compile(r"[?&]u=(\d+)")


def phpbb2_author_id(post: LexborNode, *, profile: EngineProfile) -> str | None:
    """phpBB 2 subSilver: the post's row holds name and message; the profile button ("Посмотреть профиль",
    `profile.php?mode=viewprofile&u=N`) is in the row after it. A guest's post has none there."""
    row = post.next
    while row is not None and row.tag != "tr":
        row = row.next
    if row is None or row.css_first(profile.post_id_selector) is not None:
        return None   # no button row: the next row is already the next post
    link = row.css_first("a[href*='mode=viewprofile']")
    m = _PROFILE_ID.search(link.attrs.get("href") or "") if link is not None else None
    return m.group(1) if m else None


def edit_notice(node: LexborNode, post: LexborNode, *, profile: EngineProfile, tz: ZoneInfo,
                now: datetime) -> EditNotice:
    # The editor's name can hold digits ("Agent 47"), so the date is read after the name's link
    # rather than by one regex over the whole notice.
    text = " ".join(node.text().split())
    by_node = node.css_first("a")
    by = " ".join(by_node.text().split()) if by_node is not None else None
    rest = text.split(by, 1)[1] if by and by in text else text
    m = _EDIT_DATE.search(rest)
    when = parse_shown(m.group(1), tz=tz, now=now, formats=profile.date_formats) if m else None
    reason = _EDIT_REASON.search(text)
    return EditNotice(at=when, by=by, reason=reason.group(1) if reason else None)


PHPBB2 = EngineProfile(
    name="phpbb",
    detect=("span.name > a[name]", "span.postbody", "a[href*='profile.php?mode=viewprofile']",
            "td.catHead", "span.postdetails"),
    post="tr:has(> td > span.name > a[name])",
    post_id_selector="span.name > a[name]",
    post_id_attr="name",
    post_id_pattern=r"^(\d+)$",
    author="span.name b, span.name strong",
    time="a[href*='viewtopic.php?p='] + span.postdetails, td.postdetails",
    time_attrs=(),
    time_text_pattern=r"(?:Добавлено|Posted|Отправлено):\s*(.+?)(?:\s+(?:Заголовок сообщения|Post subject):.*)?$",
    date_formats=("%d %B %Y г., %H:%M", "%d %b %Y %H:%M", "%a %b %d, %Y %I:%M %p", "%d.%m.%Y %H:%M"),
    body="td:has(> span.postbody), td.postbody",
    strip=("span.gensmall",),
    signature_marker="<br>_________________<br>",
    edit_notice="td > span.gensmall",
    edit_by_pattern=r"(?:редактировалось:?|Last edited by)\s+(.+?)\s+(?:\(|on\s)",
    edit_time_pattern=r"(?:\(|\bon\s)(.+?)(?:\),|;)\s*(?:всего|edited)",
    quote=("td.quote",),
    current_page="span.nav > b",
    page_links="span.nav > a, span.nav > b",
    page_param="start",
    topic_param="t",
    topic_id_selector="a.maintitle, a[href*='viewtopic.php?t=']",
    hooks={"author_id": phpbb2_author_id},
)

PROFILE = EngineProfile(
    name="phpbb",
    detect=("div.post[id^=p] div.postbody", "div.postbody div.content", "p.author",
            "a[href*='memberlist.php?mode=viewprofile']", "div.pagination"),
    post="div.post[id^=p]",
    post_id_pattern=r"^p(\d+)$",
    # "<strong><a …mode=viewprofile&u=N>Name</a></strong>" in p.author from 3.0 to 3.3 (guests:
    # no link); the profile id comes from the link inside
    author="p.author strong",
    author_id_pattern=r"[?&]u=(\d+)",
    time="p.author",
    time_attrs=("datetime",),
    time_text_pattern=r"»\s*(.+?)\s*$",
    date_formats=("%d %b %Y, %H:%M", "%a %b %d, %Y %I:%M %p", "%d %b %Y %H:%M", "%d %b, %Y, %H:%M"),
    body="div.postbody div.content",
    signature=("div.signature",),
    edit_notice="div.postbody div.notice:not(.post_deleted_msg)",
    edit_by="a",
    quote=("blockquote",),
    spoiler=("div.spoiler",),
    # 3.2+ quote headers show the quoted post's date, relative forms included
    hash_ignore=("blockquote cite span.responsive-hide",),
    pagination_box="div.pagination",
    next_page="div.pagination li.next a, div.pagination a[rel=next]",
    current_page="div.pagination li.active > span, div.pagination > a > strong, div.pagination > strong",
    page_links=("div.pagination li > a.button, div.pagination li.active > span, "
                "div.pagination > span > a, div.pagination > span > strong"),
    page_param="start",
    topic_param="t",
    topic_id_selector="h2.topic-title a, h2 a[href*='viewtopic.php'], a[href*='viewtopic.php?f=']",
    hooks={"edit": edit_notice},
    variants=(PHPBB2,),
)
