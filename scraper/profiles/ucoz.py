"""uCoz forum (hosted `*.ucoz.ru` and the like; `/forum/{forum}-{topic}-{page}`).

Pages are usually windows-1251, said only in `<meta http-equiv>`. Each post is a row `tr#post{ID}`
holding `table.postTable`; the author is `a.postUser` (a javascript link: the profile id comes
from the `/index/8-{uid}` link in the info cell). The date is text in the second `td.postTdTop`:
`Дата: Среда, 30.12.2026, 20:07 | Сообщение # 2`, or `Дата: Сегодня, 05:20 | …` / `Вчера, …`.
The edit notice `span.edited` reads "Сообщение отредактировал X - <date>" (no reason).
[color] renders as `<span style="color:red">`.
No real uCoz page was available: selectors follow ENGINES.md (other scrapers' selectors); the
fixture in fixtures/html/ucoz/ is reconstructed (see SOURCE.md there).
"""
from __future__ import annotations

from ..profile import EngineProfile

PROFILE = EngineProfile(
    name="ucoz",
    detect=("span.ucoz-forum-post", "table.postTable", "a.postUser", "td.posttdMessage",
            "a.switchNext, a.switchDigit, .switchActive"),
    post="tr[id^=post]",
    post_id_pattern=r"^post(\d+)$",
    author="a.postUser",
    author_link="td.postTdInfo a[href*='/index/8-']",
    author_id_pattern=r"/index/8-(\d+)",
    time="td.postTdTop + td.postTdTop",
    time_attrs=(),
    time_text_pattern=r"^(?:Дата:)?\s*(.+?)\s*(?:\||$)",
    # the whole message cell: older designs have no span.ucoz-forum-post; the edit notice and the
    # signature that share the cell are cut out
    body="td.posttdMessage",
    signature=("span.signatureView", "hr.signatureHr"),
    strip=("span.edited",),
    edit_notice="td.posttdMessage span.edited",
    edit_by="b",
    edit_by_pattern=r"отредактировал\s+(.+?)\s+-\s",
    edit_time_pattern=r"\s-\s+(.+?)\s*$",
    quote=("div.bbQuoteBlock",),
    spoiler=("div.uSpoilerClosed", "div.uSpoilerOpened"),
    next_page="a.switchNext",
    current_page="b.switchActive, li.switchActive, span.switchActive",
    page_links="a.switchDigit, b.switchActive, li.switchActive, span.switchActive",
    page_param="page",
    page_url_pattern=r"/forum/\d+-\d+-(\d+)(?:[/?#]|$)",
    topic_id_pattern=r"/forum/\d+-(\d+)",
    title="title",
)
