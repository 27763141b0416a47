"""vBulletin 3.8 and 4.2 (`showthread.php`) and, as a variant, vBulletin 5 (`li.b-post`).

vB3 and vB4 share the message node `div#post_message_{ID}` and print the post date as text only
(vB3: the first `td.thead`, vB4: `span.postdate span.date`); Russian packs show `Сегодня, 21:03`,
`Вчера, 13:02`, `17 сен 2009, 21:51` or `12 марта 2015 г., 21:51` (board setting). The edit
notice is one sentence, "Последний раз редактировалось X; <date>." / "Last edited by X; <date> at
<time>.", so editor and date come from patterns. vB5 is a different template: the post id is
`data-node-id`, the time the unix `data-node-publishdate` of the post (its `<time datetime>` has no
offset and is in the server's zone, not necessarily the board's).
[color] renders as `<font color="Red">` in vB3/4 and `<span style="color:#…">` in vB5.
Markup verified on real vB 3.8.11, 4.2.3 and 5.5.2 pages (/work/shared/forums/vbulletin3,4,5);
fixtures in fixtures/html/vbulletin/ (vb3 is windows-1251).
"""
from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from selectolax.lexbor import LexborNode

from ..dates import parse_displayed, parse_machine
from ..profile import EngineProfile

# "Последний раз редактировалось Соня; Сегодня в 15:42. Причина: …" /
# "Last edited by karice67; 2016-02-01 at 05:50."
_EDIT_BY = r"(?:редактировалось|Last edited by)\s+(.+?);"
_EDIT_TIME = r";\s*(.+?)\.\s*(?:Причина|Reason|$)"
_EDIT_REASON = r"(?:Причина|Reason):\s*(.+?)\s*$"
# vB3 `member.php?u=N`, vB4 friendly `member.php/N-Name`, vB5 `/member/N-name`
_AUTHOR_ID = r"(?:[?&](?:u|userid)=|member\.php/|/member/)(\d+)"


def vb5_time(node: LexborNode | None, post: LexborNode, *, profile: EngineProfile, tz: ZoneInfo,
             now: datetime) -> datetime | None:
    """vB5: the post's unix `data-node-publishdate` first.

    `<time datetime>` has no offset and is in the *server's* zone, which need not be the zone the
    board shows (fandompost: datetime 09:55:39, shown 11:55 AM, publishdate = 16:55:39 UTC).
    """
    unix = post.attributes.get("data-node-publishdate")
    if unix and unix.strip().isdigit():
        return parse_machine(unix.strip(), tz=tz)
    if node is None:
        return None
    value = node.attributes.get("datetime")
    if value:
        return parse_machine(value, tz=tz)
    return parse_displayed(" ".join(node.text().split()), tz=tz, now=now, formats=profile.date_formats)


VB5 = EngineProfile(
    name="vbulletin",
    detect=("li.b-post[data-node-id]", "div.js-post__content-text", "#vb-page-body",
            "div.b-userinfo__details", "div.js-pagenav"),
    post="li.b-post[data-node-id]",
    post_id_attr="data-node-id",
    post_id_pattern=r"^(\d+)$",
    author="div.b-userinfo__details div.author a",
    author_id_pattern=_AUTHOR_ID,
    time="div.b-post__timestamp time",
    time_attrs=("datetime",),
    body="div.js-post__content-text",
    signature=("div.post-signature",),
    edit_notice="div.b-post__edit",
    edit_by=".b-post__edit__user",
    edit_time_pattern=_EDIT_TIME,
    edit_reason_pattern=_EDIT_REASON,
    quote=("div.bbcode_quote",),
    spoiler=("div.bbcode_spoiler",),
    next_page="div.js-pagenav a.js-pagenav-next-button[href]:not(.h-disabled)",
    current_page="div.js-pagenav a.js-pagenav-current-button",
    page_links="div.js-pagenav a.js-pagenav-button[data-page]",
    page_param="page",
    page_url_pattern=r"/page(\d+)(?:[/?#]|$)",
    topic_id_pattern=r"/(\d+)-[^/?#]*(?:/page\d+)?/?(?:[?#]|$)",
    title="title",
    hooks={"time": vb5_time},
)

PROFILE = EngineProfile(
    name="vbulletin",
    detect=("meta[name=generator][content^=vBulletin]", "div[id^=post_message_]",
            "table.tborder[id^=post], li.postcontainer[id^=post_]",
            "a.bigusername, div.username_container a.username", "div.pagenav, form.pagination"),
    # vB3: <table id="post123" class="tborder">, vB4: <li id="post_123" class="postcontainer">
    post="div#posts table.tborder[id^=post], li.postcontainer[id^=post_]",
    post_id_pattern=r"^post_?(\d+)$",
    author="div[id^=postmenu_] a.bigusername, div.username_container a.username",
    author_id_pattern=_AUTHOR_ID,
    time="span.postdate span.date, td.thead",
    time_attrs=(),
    body="div[id^=post_message_]",
    signature=("blockquote.signature", "div.signaturecontainer"),
    # vB3: <div class="smallfont"><hr/><em>…</em></div> after the message; vB4: blockquote.lastedited
    edit_notice="td[id^=td_post_] div.smallfont > em, blockquote.lastedited",
    edit_by_pattern=_EDIT_BY,
    edit_time_pattern=_EDIT_TIME,
    edit_reason_pattern=_EDIT_REASON,
    quote=("div.bbcode_quote", "div[style*='margin:20px'] > table td.alt2"),
    spoiler=("div.spoiler", "div.bbcode_spoiler"),
    next_page="div.pagenav a[rel=next], form.pagination a[rel=next]",
    current_page="div.pagenav td.alt2 strong, form.pagination span.selected a",
    page_links="div.pagenav a.smallfont, div.pagenav td.alt2 strong, form.pagination span a",
    page_param="page",
    # vB3 `?t=1402&page=2`, vB4 friendly `showthread.php/1402-title/page2`
    page_url_pattern=r"/page(\d+)(?:[/?#]|$)",
    topic_param="t",
    topic_id_pattern=r"showthread\.php/(\d+)",
    # a post link (`showthread.php?p=365239`) names no topic: the page does (vB4's canonical link and post
    # counters `showthread.php/1402-…?p=`, vB3's page links `showthread.php?t=1402&page=2`; real 3.8 / 4.2 pages)
    topic_id_selector=("head link[rel=canonical], a.postcounter[href*='showthread.php/'], "
                       "div.pagenav a[href*='showthread.php?t=']"),
    title="title",
    variants=(VB5,),
)
