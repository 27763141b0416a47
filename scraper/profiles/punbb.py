"""PunBB 1.2 / FluxBB and, as variants, the hosted mybb.ru / rusff / forum24 family (a PunBB 1.2 fork) and
PunBB 1.3/1.4 (a new template: `#brd-viewtopic`).

FluxBB shows `Сегодня 21:29:23` / `Вчера …` / `Y-m-d H:i:s` (per-board configurable) in the
post header link; mybb.ru posts carry `data-posted` (unix time), used instead of the text.
Both write edits as "Отредактировано Name (date)". See /work/shared/forums/ENGINES.md; fixtures in
fixtures/html/punbb/ and fixtures/html/punbb/mybbru/.

PunBB 1.4 (markup of a real PunBB 1.4.4, run in the live tier; pages in fixtures/html/punbb/v14/): each post is
`div.main-topic > div.post` with its id on `div.posthead#pN`; the header line holds the author
(`span.post-byline`: "Ответ от <a …profile.php?id=4>Соня</a>"), the date (`span.post-link a.permalink`,
«Сегодня 21:07:00» / «Вчера …» / "2027-01-03 09:00:00") and, for an edited post, the notice
`span.post-edit` «(Отредактировано Ronin Вчера 17:10:00)» / "(edited by Ronin Today 11:15:00)": the editor's
name and the date with no separator but a space, so the date is read from the end. The signature is
`div.sig-content` inside `div.entry-content`. Pagination is `p.paging`, whose next link has no class or rel
(only `<link rel="next">` in the head): the next page is the link numbered current + 1.
"""
from __future__ import annotations

from ..profile import EngineProfile

_EDIT_BY = r"(?:Отредактировано|Last edited by|Edited by)\s+(.+?)\s+\("
_EDIT_AT = r"\(([^()]*)\)\s*$"
_FORMATS = ("%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M", "%d.%m.%Y %H:%M:%S", "%d.%m.%Y %H:%M")
# PunBB 1.4's date at the end of its edit notice: a day word or a date in one of the board's formats, then the clock
_V14_DATE = (r"(?:Сегодня|Вчера|Today|Yesterday|\d{4}-\d{2}-\d{2}|\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|"
             r"\d{1,2}\s+\w+\.?\s+\d{4}|\w+\.?\s+\d{1,2},?\s+\d{4}),?\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s*[AaPp][Mm])?")
_V14_EDIT = r"(?:Отредактировано|[Ee]dited by)\s+(.+?)\s+(" + _V14_DATE + r")\s*\)?\s*$"

MYBBRU = EngineProfile(
    name="punbb",
    detect=("#pun-viewtopic", "div.post[data-posted]", "div.post-content[id$='-content']", "li.pa-author"),
    post="#pun-viewtopic div.post[id^=p]",
    post_id_pattern=r"^p(\d+)$",
    author="div.post-author li.pa-author > a",
    author_id_pattern=r"profile\.php\?id=(\d+)",
    author_id_attr="data-user-id",
    time="h3 a.permalink",
    time_attrs=("data-posted",),
    date_formats=_FORMATS,
    body="div.post-content",
    signature=("dl.post-sig", "div.post-sig"),
    edit_notice="p.lastedit",
    edit_by_pattern=_EDIT_BY,
    edit_time_pattern=_EDIT_AT,
    quote=("div.quote-box", "blockquote"),
    spoiler=("div.spoiler-box",),
    pagination_box="div.pagelink",   # above and below the posts; the first is enough
    next_page="div.pagelink a.next",
    current_page="div.pagelink strong",
    page_links="div.pagelink a, div.pagelink strong",
    page_param="p",
    topic_param="id",
    topic_id_selector="#pun-viewtopic",
    topic_id_attr="data-topic-id",
)

PUNBB14 = EngineProfile(
    name="punbb",
    detect=("#brd-viewtopic", "div.posthead[id^=p]", "span.post-byline", "div.main-topic div.post",
            "p.paging"),
    post="div.main-topic div.post",
    post_id_selector="div.posthead[id^=p]",
    post_id_pattern=r"^p(\d+)$",
    # a member's name is a profile link, a guest's a <strong>
    author="span.post-byline > a, span.post-byline > strong",
    author_id_pattern=r"profile\.php\?id=(\d+)",
    time="span.post-link a.permalink",
    time_attrs=(),
    date_formats=_FORMATS,
    body="div.entry-content",
    signature=("div.sig-content",),
    edit_notice="span.post-edit",
    edit_by_pattern=_V14_EDIT,
    edit_time_pattern=r"(?:Отредактировано|[Ee]dited by)\s+.+?\s+(" + _V14_DATE + r")\s*\)?\s*$",
    quote=("div.quotebox", "blockquote"),
    pagination_box="p.paging",       # above and below the posts; the first is enough
    next_page="p.paging a[rel=next]",
    current_page="p.paging strong",
    page_links="p.paging a, p.paging strong",
    page_param="p",
    topic_param="id",
    topic_id_selector="h1.main-title a.permalink, #brd-crumbs-top a[href*='viewtopic.php?id=']",
)

PROFILE = EngineProfile(
    name="punbb",
    detect=("div.blockpost[id^=p]", "#punviewtopic", "div.postmsg", "p.pagelink", "div.postleft"),
    post="div.blockpost[id^=p]",
    post_id_pattern=r"^p(\d+)$",
    author="div.postleft dl dt strong, div.postleft dl dt",
    author_link="div.postleft dl dt a[href*='profile.php?id=']",
    author_id_pattern=r"[?&]id=(\d+)",
    time="h2 a[href*='pid=']",
    time_attrs=(),
    date_formats=_FORMATS,
    body="div.postright div.postmsg:not(.postsignature)",
    signature=("div.postsignature",),
    strip=("p.postedit",),            # FluxBB puts the edit line inside the message
    edit_notice="p.postedit",
    edit_by_pattern=_EDIT_BY,
    edit_time_pattern=_EDIT_AT,
    quote=("div.quotebox", "blockquote"),
    pagination_box="p.pagelink",     # above and below the posts; the first is enough
    next_page="p.pagelink a[rel=next]",
    current_page="p.pagelink strong",
    page_links="p.pagelink a, p.pagelink strong",
    page_param="p",
    topic_param="id",
    topic_id_selector="ul.crumbs a[href*='viewtopic.php?id='], a[href*='viewtopic.php?id=']",
    variants=(MYBBRU, PUNBB14),
)
