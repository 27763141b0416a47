"""XenForo 2 (`article.message--post`) and, as a variant, XenForo 1 (`li.message`).

Both give machine times: XF2 `<time class="u-dt" datetime="2013-07-11T18:29:31+0400" data-time=unix>`;
XF1 `<abbr class="DateTime" data-time=unix>` for the last seven days and, older, only
`<span class="DateTime" title="30 дек 2026 в 20:07">` (minute precision, Russian short or
nominative months: "11 Июль 2013"). The edit notice ("Последнее редактирование: <time>",
XF1 `div.editDate`) names nobody when the author edited and shows no reason, so `edit.by` is None
unless a patterned name is present. [color] renders as `<span style="color: #ff0000">`.
XF1 pages link other pages relative to `<base href>` (`threads/slug.ID/page-2`, or with
friendly URLs off `index.php?threads/slug.ID/page-2`).
Markup verified on real XF1 and XF2 pages incl. Russian tophope.ru (/work/shared/forums/xenforo1,2);
fixtures in fixtures/html/xenforo/.
"""
from __future__ import annotations

from ..profile import EngineProfile

_AUTHOR_ID = r"members/(?:[^/]*\.)?(\d+)/?"
_TOPIC_ID = r"threads/(?:[^/]*\.)?(\d+)(?:/|$)"
_PAGE = r"/page-(\d+)"
# "Последнее редактирование модератором: …" / "Last edited by a moderator: …" name nobody either
_EDIT_BY = r"(?:Последнее редактирование|Last edited by)\s+(?!модератором|a moderator)([^:]+?):"

XF1 = EngineProfile(
    name="xenforo",
    detect=("html#XenForo", "li.message[id^=post-]", "blockquote.messageText",
            "div.messageUserBlock", "div.PageNav"),
    post="li.message[id^=post-]",
    post_id_pattern=r"^post-(\d+)$",
    author="div.messageUserBlock a.username, div.messageMeta a.username.author",
    author_id_pattern=_AUTHOR_ID,
    time="a.datePermalink .DateTime, div.messageMeta .DateTime",
    time_attrs=("data-time", "title"),
    body="blockquote.messageText.SelectQuoteContainer, div.messageContent blockquote.messageText",
    signature=("div.signature",),
    strip=("div.messageTextEndMarker",),
    edit_notice="div.editDate",
    edit_by_pattern=_EDIT_BY,
    quote=("div.bbCodeQuote",),
    spoiler=("div.bbCodeSpoilerContainer",),
    # "< Prev" and "Next >" are both a.text; <link rel="next"> is unambiguous
    next_page="head link[rel=next]",
    current_page="div.PageNav a.currentPage",
    page_links="div.PageNav nav a",
    page_param="page",
    page_url_pattern=_PAGE,
    topic_id_pattern=_TOPIC_ID,
    title="title",
)

PROFILE = EngineProfile(
    name="xenforo",
    detect=("html#XF", "article.message--post", "div.bbWrapper", "h4.message-name",
            "nav.pageNavWrapper, div.pageNav"),
    post="article.message--post[data-content^=post-]",
    post_id_attr="data-content",
    post_id_pattern=r"^post-(\d+)$",
    author="h4.message-name a.username, h4.message-name span.username",
    author_id_pattern=_AUTHOR_ID,
    time="header.message-attribution time.u-dt",
    time_attrs=("datetime", "data-time", "title"),
    body="article.message-body div.bbWrapper",
    signature=("aside.message-signature",),
    edit_notice="div.message-lastEdit",
    edit_by_pattern=_EDIT_BY,
    quote=("blockquote.bbCodeBlock--quote",),
    spoiler=("div.bbCodeSpoiler", "div.bbCodeBlock--spoiler"),
    next_page="a.pageNav-jump--next",
    current_page="ul.pageNav-main li.pageNav-page--current a",
    page_links="ul.pageNav-main li.pageNav-page a",
    page_param="page",
    page_url_pattern=_PAGE,
    topic_id_pattern=_TOPIC_ID,
    title="title",
    variants=(XF1,),
)
