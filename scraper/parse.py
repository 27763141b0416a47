"""The generic forum page parser: HTML + URL + engine profile + clock -> ParsedPage.

Pure: no network, no disk, no clock (the caller passes `now`, used only for relative dates such
as "Сегодня, 21:03" or "10 hours ago"). The page is parsed once with lexbor; every field is then
read with the profile's CSS selectors from that one tree, so the cost stays close to the bare
parse (see bench/bench_parse.py).

Flow, module by module: decode bytes (`charset`) -> one tree -> post containers (`_find_posts`: a post
id twice on a page refuses the page) -> the page's place in its topic (`pagination`: topic id, current,
last and next page, hrefs resolved against `<base href>`) -> one page-level query per field (author,
profile link, time, edit notice, body), each match handed to the post that holds it (`nodes.Owners`) ->
per post: author (never one holding U+FFFD or UTF-8 read as windows-1251), author id, time, edit notice
(`post_fields`) -> bodies, signature stripped, and content hashes (`bodies`) -> ParsedPage. A page that
has posts we cannot read, or no posts at all, raises LayoutNotRecognised naming what was missing: an
unreadable page must never look like "no new posts".
"""
from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from selectolax.lexbor import LexborHTMLParser, LexborNode

from .bodies import content_hash, read_bodies, refuse_swallowed_posts
from .charset import decode_bytes, decode_html
from .model import LayoutNotRecognised, ParsedPage, ParsedPost
from .nesting import shallow
from .nodes import Owners, clean_text, compiled
from .pagination import base_url, find_topic_id, pagination
from .post_fields import PageContext, read_post, refuse_garbled_authors
from .profile import EngineProfile
from .profiles import get_profile
from .untrusted import visible

# decode_html and content_hash are part of this module's face: the crawler and the tools read pages through it
__all__ = ["content_hash", "decode_html", "parse_page"]


def parse_page(html: bytes | str, *, url: str, profile: EngineProfile | str, tz: ZoneInfo,
               now: datetime, encoding: str | None = None) -> ParsedPage:
    """Parse one topic page. Raises LayoutNotRecognised when the page does not match the profile."""
    if isinstance(profile, str):
        profile = get_profile(profile)
    engine = profile.name
    if isinstance(html, str):
        text, charset = html, "text"
    else:
        text, charset = decode_bytes(html, encoding, url, engine)
    tree = LexborHTMLParser(shallow(text))
    matched: list[tuple[int, LexborNode]] = []
    for candidate in (profile, *profile.variants):
        matched = _find_posts(tree, candidate, url, engine)
        if matched:
            profile = candidate
            break
    if not matched:
        what = "page is empty" if not (tree.body and tree.body.text(strip=True)) else "page has content"
        raise LayoutNotRecognised(url, engine,
                                  f"no posts: nothing matches `{profile.post}` with {profile.post_id_attr} "
                                  f"~ /{profile.post_id_pattern}/ ({what}; check the engine or the URL)",
                                  ("no_posts", {"selector": profile.post, "attr": profile.post_id_attr,
                                                "pattern": profile.post_id_pattern,
                                                "page": ("page.empty" if what == "page is empty" else "page.content",
                                                         {})}))

    base = base_url(tree, url)
    topic_id = find_topic_id(tree, url, base, profile)
    if not topic_id:
        by_selector = (("topic_id.selector", {"selector": profile.topic_id_selector}) if profile.topic_id_selector
                       else ("nothing", {}))
        raise LayoutNotRecognised(url, engine, f"topic id: no `{profile.topic_param}=` in the URL"
                                  + (f" and nothing matches `{profile.topic_id_selector}`" if profile.topic_id_selector
                                     else "") + "; use the topic's own URL",
                                  ("topic_id", {"param": profile.topic_param, "selector": by_selector}))
    page, last_page, next_url, first_url = pagination(tree, url, base, profile)

    containers = [node for _, node in matched]
    owners = Owners(containers)
    n = len(containers)
    none: list[LexborNode | None] = [None] * n
    authors = owners.first_each(tree, profile.author, n) if profile.author else none
    links = owners.first_each(tree, profile.author_link, n) if profile.author_link else None
    notices = owners.first_each(tree, profile.edit_notice, n) if profile.edit_notice else none
    times = owners.first_each(tree, profile.time, n) if profile.time else none
    bodies = owners.first_each(tree, profile.body, n) if profile.body else none

    ctx = PageContext(url=url, engine=engine, page=page, topic_id=topic_id, profile=profile, tz=tz, now=now)
    posts = [read_post(ctx, pid, pos, post, authors[pos], links[pos] if links is not None else None,
                        notices[pos], times[pos])
             for pos, (pid, post) in enumerate(matched)]
    refuse_garbled_authors(ctx, posts, charset)
    # Bodies last: stripping a signature edits the tree, and the edit notice may sit inside the
    # body (IPS 4, FluxBB), so every other field is read before.
    htmls = read_bodies(ctx, tree, matched, bodies)
    refuse_swallowed_posts(ctx, matched, htmls)
    # Control characters and bidi overrides never leave the parser (issue 13): an `ESC ] 0 ;` in a post
    # would reach the GM's terminal, a U+202E in a nick every post and page mafvote writes. The hash stays
    # the body's as served, so a post stored before this is not taken for an edit.
    posts = [ParsedPost(post_id=pid, topic_id=topic_id, page=page, position=pos, author=visible(author),
                        author_id=author_id, time=when, html=visible(body_html), edit=edit,
                        content_hash=digest)
             for pos, ((pid, author, author_id, when, edit), (body_html, digest)) in enumerate(zip(posts, htmls))]
    title_node = tree.css_first(profile.title) if profile.title else None
    title = visible(clean_text(title_node.text())) if title_node is not None else None
    return ParsedPage(url=url, engine=engine, topic_id=topic_id, page=page, last_page=last_page,
                      next_url=next_url, posts=posts, title=title or None,
                      first_url=url if page == 1 else first_url)


def _find_posts(tree: LexborHTMLParser, profile: EngineProfile, url: str = "",
                engine: str = "") -> list[tuple[int, LexborNode]]:
    if not profile.post:
        return []
    id_re = compiled(profile.post_id_pattern)
    attr = profile.post_id_attr
    inner = profile.post_id_selector
    found = []
    seen_nodes: set[int] = set()
    seen_ids: dict[int, tuple[int, LexborNode]] = {}   # post id -> (position, container)
    for node in tree.css(profile.post):
        # a group selector (`a, b`) lists a node once per part it matches
        key = node.mem_id
        if key in seen_nodes:
            continue
        seen_nodes.add(key)
        holder = node.css_first(inner) if inner else node
        if holder is None:
            continue
        m = id_re.search((holder.id if attr == "id" else holder.attrs.get(attr)) or "")
        if m:
            pid = int(m.group(1))
            first = seen_ids.get(pid)
            if first is None:
                seen_ids[pid] = (len(found), node)
                found.append((pid, node))
            elif not _inside(node, first[1]):
                # Two posts with one id. The store keys posts by id, so one of them
                # would be lost without a word, and a forum never repeats a post: the profile
                # matches something else as posts, or the page is broken. Either way its count
                # cannot be trusted, so the page is refused like any page that does not match.
                raise LayoutNotRecognised(
                    url or "(page)", engine or profile.name,
                    f"post id {pid} is on the page twice (posts #{first[0] + 1} and "
                    f"#{len(found) + 1}, `{profile.post}`); a forum never repeats a post: open the page "
                    f"in a browser, and check the engine in the config",
                    ("duplicate_post", {"pid": str(pid), "first": str(first[0] + 1), "second": str(len(found) + 1),
                                        "selector": profile.post}))
            # else an inner wrapper carrying its post's id again: the same post
    return found


def _inside(node: LexborNode, outer: LexborNode) -> bool:
    key = outer.mem_id
    current = node.parent
    while current is not None:
        if current.mem_id == key:
            return True
        current = current.parent
    return False
