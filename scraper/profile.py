"""EngineProfile: everything that differs between forum engines, as data.

A profile names CSS selectors, attribute preferences, date formats and pagination rules; the
generic parser (`scraper.parse`) walks a page with them. Code enters only through the optional
hooks, for the few places where an engine cannot be described by selectors alone.

Selectors may be CSS groups (`a, b`): inside one post only one engine style is present, so a
group lets one profile cover close versions of an engine (phpBB 3.0 and 3.3).

One engine name may cover several markups (phpBB 3.x and phpBB 2; PunBB/FluxBB and the hosted
mybb.ru family): the extra markups are `variants`, complete profiles tried in turn when the main
one finds no posts on a page.

Hooks (all optional, keyword arguments `profile`, `tz`, `now` are always passed):
- ``hooks["time"](node, post, *, profile, tz, now) -> datetime``: the post time, replacing the
  generic rule (machine attributes, then the displayed text). `node` is the `time` match or None.
- ``hooks["edit"](node, post, *, profile, tz, now) -> EditNotice | None``: the edit notice from the
  `edit_notice` match (never None when called).
- ``hooks["page"](tree, url, *, profile) -> int | None``: the current page number when the
  `current_page` selector cannot express it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable


@dataclass(frozen=True)
class EngineProfile:
    name: str                                   # "mybb", "phpbb", ... (INTERFACE.md engine names)
    # --- recognising the engine (used by `auto`) ---
    detect: tuple[str, ...]                     # CSS selectors / markers whose presence says "this engine"
    # --- posts ---
    post: str                                   # selector of one post's container
    post_id_attr: str = "id"                    # attribute holding the post id
    post_id_pattern: str = r"(\d+)"             # regex whose group 1 is the numeric id
    author: str = ""                            # selector (inside the post) of the author's name
    author_link: str = ""                       # selector of the profile link; its href gives the id
    author_id_pattern: str = r"[?&](?:u|uid|userid|showuser|user)=(\d+)"
    time: str = ""                              # selector of the node holding the post time
    time_attrs: tuple[str, ...] = ("datetime", "data-time", "data-timestamp", "data-posted", "title")
    date_formats: tuple[str, ...] = ()          # strptime formats tried on the displayed text
    body: str = ""                              # selector of the message body
    signature: tuple[str, ...] = ()             # selectors removed from the body (and the post)
    strip: tuple[str, ...] = ()                 # other selectors removed from the body (buttons, ads)
    edit_notice: str = ""                       # selector of the edit notice; absent or empty = not edited
    edit_by: str = ""                           # selector inside the notice of the editor's name
    quote: tuple[str, ...] = ("blockquote",)    # quote containers (kept in html; tally drops them)
    spoiler: tuple[str, ...] = ()               # spoiler containers
    color_classes: dict[str, str] = field(default_factory=dict)  # css class -> colour, where an engine uses classes
    # --- pagination ---
    next_page: str = ""                         # selector of the "next page" link
    current_page: str = ""                      # selector of the current page number
    page_links: str = ""                        # selector of numbered page links (for last_page)
    page_param: str = "page"                    # query parameter of the page number ("page", "start", "st")
    topic_param: str = "tid"                    # query parameter / path part naming the topic
    title: str = "title"
    # --- code, only where an engine needs it ---
    hooks: dict[str, Callable[..., Any]] = field(default_factory=dict)
    # --- added with the generic parser (all optional) ---
    author_id_attr: str = ""                    # attribute of the post container holding the author id
                                                # (mybb.ru: data-user-id), used when no profile link gives it
    time_text_pattern: str = ""                 # regex; group 1 = the date inside the time node's text
                                                # (phpBB 3.0: the text after "»")
    edit_time_pattern: str = ""                 # regex on the notice text; group 1 = the edit date
    edit_by_pattern: str = ""                   # regex on the notice text; group 1 = the editor (if no edit_by node)
    edit_reason_pattern: str = ""               # regex on the notice text; group 1 = the reason
    hash_ignore: tuple[str, ...] = ()           # selectors inside the body left out of the content hash:
                                                # text that changes without an edit (relative dates in quotes)
    topic_id_pattern: str = ""                  # regex on the URL; group 1 = topic id (when not a query param)
    topic_id_selector: str = ""                 # fallback: a node on the page naming the topic
    topic_id_attr: str = "href"                 # its attribute (an href is searched for `topic_param`)
    page_url_pattern: str = ""                  # regex on the URL; group 1 = page number/offset (path style)
    post_id_selector: str = ""                  # node inside the post carrying `post_id_attr`, when the
                                                # container has no id (phpBB 2: <a name="123">)
    signature_marker: str = ""                  # html marker after which the body is signature (phpBB 2
                                                # appends "<br>_________________<br>" + signature)
    pagination_box: str = ""                    # the pagination block; when set, next/current/page links
                                                # are looked up in its first match only (faster), and
                                                # a page without it is a one-page topic
    variants: tuple["EngineProfile", ...] = ()  # other markups of the same engine (phpBB 2, mybb.ru):
                                                # tried in order when this profile finds no posts
