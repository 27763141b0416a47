"""EngineProfile: everything that differs between forum engines, as data.

A profile names CSS selectors, attribute preferences, date formats and pagination rules; the
generic parser (`scraper.parse`) walks a page with them. Code enters only through the optional
hooks, for the few places where an engine cannot be described by selectors alone.

Selectors may be CSS groups (`a, b`): a group lets one profile cover close versions of an engine
(phpBB 3.0 and 3.3, vBulletin 3 and 4). A field is the *first match in document order* inside the
post, whichever part of the group it matches: the order of the parts does not say which one wins
(that is how lexbor's `css_first` and the parser's page-level queries both work). The profiles
rely on document order where two parts match in one post:
- IPS 4, IPB 3 and PunBB/FluxBB authors (`h3.cAuthorPane_author > strong, h3.cAuthorPane_author a:not(…)`,
  `span.author.vcard a, span.author.vcard`, `div.postleft dl dt strong, div.postleft dl dt`): the
  outer element comes first, so it is the author node; its text is the same name, and the author
  id comes from the first link inside it;
- XenForo 1 author (`div.messageUserBlock a.username, div.messageMeta a.username.author`): the
  user block precedes the message meta line; both carry the same name and profile link;
- XenForo 1 time and body: both parts match the same node (it is counted once).
Elsewhere the parts are alternatives for different versions and never meet in one post. A node
matched by two parts counts once, for post containers too (lexbor lists it once per part).

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
- ``hooks["author_id"](post, *, profile) -> str | None``: the author's profile id when neither the
  author node's link nor `author_id_attr` holds it (phpBB 2 puts the profile button in the next row).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable
from urllib.parse import parse_qs, urljoin, urlsplit, urlunsplit


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
    volatile: tuple[str, ...] = ()              # regexes on the page's bytes: what changes from one answer to the
                                                # next though no post did (a form token, "5 minutes ago"), blanked
                                                # before the page's digest, so an unchanged page is not parsed again;
                                                # each must match only text the parser never reads (or reads
                                                # elsewhere too: a relative date's `title` holds the date)
    topic_id_pattern: str = ""                  # regex on the URL; group 1 = topic id (when not a query param)
    topic_id_selector: str = ""                 # fallback: a node on the page naming the topic (a link, or a
                                                # hidden <input> whose value is the id)
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
    post_url: str = ""                          # the link to one post (`mafvote votes`): a format with
                                                # {topic_url} {topic_base} {base} {topic} {post_id}; a relative one is
                                                # resolved against the topic URL; "" = DEFAULT_POST_URLS


# How each engine links to one post, where the profile does not say (`EngineProfile.post_url`).
# Relative forms are resolved against the topic URL, so a forum installed in a sub-folder works.
DEFAULT_POST_URLS: dict[str, str] = {
    "mybb": "showthread.php?tid={topic}&pid={post_id}#pid{post_id}",
    "phpbb": "viewtopic.php?p={post_id}#p{post_id}",
    "punbb": "viewtopic.php?pid={post_id}#p{post_id}",
    "smf": "index.php?topic={topic}.msg{post_id}#msg{post_id}",
    "vbulletin": "showthread.php?p={post_id}#post{post_id}",
    "ipb": "{base}index.php?showtopic={topic}&view=findpost&p={post_id}",
    "xenforo": "{base}posts/{post_id}/",
    "ucoz": "{topic_url}#post{post_id}",
}
# Engines whose later versions dropped the `.php` scripts, used when the topic URL has none: vBulletin 5's topics
# are /forum/<node>-<slug>[/pageN] and a post is ?p=<id>#post<id> on the topic (as on a real vB 5.5.2 page);
# IPS 4's are /topic/<id>-<slug>/[page/N/] and a post is ?do=findComment&comment=<id> on the topic.
# MyBB's friendly URLs (`thread-2.html`, the Google SEO plugin's `Thread-Slug`) take `?pid=` as showthread.php does.
PHPLESS_POST_URLS: dict[str, str] = {
    "mybb": "{topic_base}?pid={post_id}#pid{post_id}",
    "vbulletin": "{topic_base}?p={post_id}#post{post_id}",
    "ipb": "{topic_base}?do=findComment&comment={post_id}",
}


def post_link(profile: "EngineProfile | str", *, topic_url: str, post_id: int | str, topic: str = "",
              base_url: str = "") -> str:
    """The URL of one post: the profile's `post_url` (or the engine's default), else `topic_url#post_id`."""
    name = profile if isinstance(profile, str) else profile.name
    parts = urlsplit(topic_url)
    pattern = ((None if isinstance(profile, str) else profile.post_url)
               or (".php" not in parts.path and PHPLESS_POST_URLS.get(name))
               or DEFAULT_POST_URLS.get(name, ""))
    if not pattern:
        return f"{topic_url}#{post_id}"
    base = base_url if not base_url or base_url.endswith("/") else base_url + "/"
    # the topic without page, query or anchor: /1-slug/page3?x#y -> /1-slug, /topic/1-slug/page/2/ -> /topic/1-slug/
    topic_base = urlunsplit(parts._replace(path=re.sub(r"/page/?\d+(/?)$", r"\1", parts.path), query="", fragment=""))
    filled = pattern.format(topic_url=topic_url, topic_base=topic_base, base=base or urljoin(topic_url, "/"),
                            topic=topic, post_id=post_id)
    # vB 4's friendly URLs put the topic after the script (/showthread.php/9-slug/page2): resolve from the script
    script = re.match(r".*?\.php(?=/)", parts.path)
    return urljoin(urlunsplit(parts._replace(path=script.group(0))) if script else topic_url, filled)


def topic_key(url: str, profile: EngineProfile) -> str:
    """The forum's topic id from a topic URL (`tid=2`, `t=15`, `/topic/123-...`), else the URL."""
    pattern = getattr(profile, "topic_id_pattern", "")
    if pattern:
        m = re.search(pattern, url)
        if m:
            return m.group(1)
    values = parse_qs(urlsplit(url).query).get(profile.topic_param)
    if values and values[0]:
        return values[0]
    return url


def auto_topic_key(url: str) -> str:
    """The topic's key when the forum's engine is `auto` (not known before the first page): the usual topic
    parameters and path shapes of the engines we read, else the URL itself."""
    query = parse_qs(urlsplit(url).query)
    for param in ("tid", "t", "topic", "showtopic", "threadid"):
        if query.get(param):
            return query[param][0]
    m = re.search(r"/(?:topic|threads?|t)/(?:[^/]*?\.)?(\d+)", url)
    return m.group(1) if m else url


def stored_topic_key(url: str, profile: "EngineProfile | str | None") -> str:
    """The key a topic is stored under: its profile's topic id (`topic_key`), or while the engine is not known
    (`auto`, before the first page; or no profile) the usual topic parameters (`auto_topic_key`). The one rule
    the crawler, the game's post links and the daemon's crawl health share."""
    return topic_key(url, profile) if isinstance(profile, EngineProfile) else auto_topic_key(url)
