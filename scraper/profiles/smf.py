"""Simple Machines Forum 2.0 (Curve and core themes) and 2.1 (`index.php?topic=ID.START`).

The post container has no id in 2.0: the id is on the message node `div.inner#msg_{ID}` (2.1 keeps
it there too), hence `post_id_selector`. Dates are text only, with seconds: `« Ответ #1 : 30 Декабря
2026, 20:07:31 »`, `<strong>Сегодня</strong> в 05:20:32`, `Вчера в …`; English `« Reply #1 on:
September 19, 2007, 02:16:51 PM »`, `Today at …`. The edit notice `#modified_{ID}` is always
there and empty for an unedited post: "« Последнее редактирование: <date> от X »" /
"« Last Edit: <date> by X »". Pagination has no "next" arrow in 2.0 (`Страницы: [<strong>1</strong>]
<a class="navPages">2</a>`): the next page is the link numbered current + 1. Beware: SMF's
`<link rel="next">` is the next *topic*, not the next page.
[color] renders as `<span style="color: red;" class="bbc_color">`.
Markup verified on a real SMF 2.0 RC3 page (/work/shared/forums/smf2, core theme); the Russian
Curve fixture in fixtures/html/smf/ is reconstructed (see its SOURCE.md).
"""
from __future__ import annotations

from ..profile import EngineProfile

PROFILE = EngineProfile(
    name="smf",
    detect=("div.inner[id^=msg_]", "div.post_wrapper div.poster", "#forumposts",
            "a[href*='action=profile;u=']", "div[id^=modified_], span[id^=modified_]"),
    # 2.0/2.1 Curve: div.post_wrapper; 2.0 core theme: div.bordercolor around each post
    post="#forumposts div.post_wrapper, #forumposts div.bordercolor",
    post_id_selector="div.inner[id^=msg_]",
    post_id_pattern=r"^msg_(\d+)$",
    author="div.poster h4 a",
    author_id_pattern=r"[?&;]u=(\d+)",
    # 2.0: div.keyinfo div.smalltext; 2.1: div.postinfo a.smalltext (its title is the subject)
    time="div.keyinfo div.smalltext, div.postinfo a.smalltext",
    time_attrs=(),
    # "« Ответ #1 : <date> »", "« Reply #1 on: <date> »", "« : <date> »" (first post)
    time_text_pattern=r"^«?\s*(?:[^:«»]*?(?:#\s*\d+\s*)?(?:on)?\s*:\s+)?(.+?)\s*»?\s*$",
    body="div.inner[id^=msg_]",
    signature=("div.signature",),
    edit_notice="div[id^=modified_], span[id^=modified_]",
    # 2.1 adds the reason after the name: "Last Edit: <date> by Alisa Reason: передумал" (a real 2.1.4 board)
    edit_by_pattern=r"\s(?:от|by)\s+(.+?)\s*(?:(?:Причина|Reason)\s*:.*)?»?\s*$",
    edit_reason_pattern=r"(?:Причина|Reason)\s*:\s*(.+?)\s*»?\s*$",
    edit_time_pattern=r"(?:редактирование|Last Edit)\s*:\s*(.+?)\s+(?:от|by)\s",
    quote=("blockquote.bbc_standard_quote", "blockquote.bbc_alternate_quote", "div.quoteheader"),
    # a quote's header dates the quoted post as the viewer sees it: «Quote from: Puss on <strong>Today</strong>
    # at 09:00 AM» (2.1's <cite>, 2.0's div.quoteheader) reads «Yesterday» the next day and a date after;
    # it changes with the clock, not with an edit (seen on a real SMF 2.1.4 in the live tier)
    hash_ignore=("blockquote > cite", "div.quoteheader"),
    spoiler=("div.sp-wrap", "fieldset.spoiler", "div.spoiler"),
    next_page="",
    current_page="div.pagelinks > strong, div.pagelinks span.current_page, #postbuttons div.middletext > strong",
    page_links=("div.pagelinks a.navPages, div.pagelinks a.nav_page, div.pagelinks > strong, "
                "div.pagelinks span.current_page, #postbuttons a.navPages, #postbuttons div.middletext > strong"),
    # the URL holds the offset of the first post: topic=1402.15 / topic,1402.15.html
    page_param="start",
    page_url_pattern=r"topic[=,]\d+\.(\d+)",
    topic_param="topic",
    topic_id_pattern=r"topic[=,](\d+)",
    title="title",
)
