"""EngineProfile: everything that differs between forum engines, as data.

A profile names CSS selectors, attribute preferences, date formats and pagination rules; the
generic parser (`scraper.parse`) walks a page with them. Code enters only through the optional
hooks, for the few places where an engine cannot be described by selectors alone.
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
