"""PunBB / FluxBB and, as a variant, the hosted mybb.ru / rusff / forum24 family (a PunBB 1.2 fork).

FluxBB shows `Сегодня 21:29:23` / `Вчера …` / `Y-m-d H:i:s` (per-board configurable) in the
post header link; mybb.ru posts carry `data-posted` (unix time), used instead of the text.
Both write edits as "Отредактировано Name (date)". See /work/shared/forums/ENGINES.md; fixtures in
fixtures/html/punbb/ and fixtures/html/punbb/mybbru/.
"""
from __future__ import annotations

from ..profile import EngineProfile

_EDIT_BY = r"(?:Отредактировано|Last edited by|Edited by)\s+(.+?)\s+\("
_EDIT_AT = r"\(([^()]*)\)\s*$"
_FORMATS = ("%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M", "%d.%m.%Y %H:%M:%S", "%d.%m.%Y %H:%M")

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
    variants=(MYBBRU,),
)
