"""The message bodies of a page: each body's html with the signature and the profile's junk removed, and
its content hash (`read_bodies`, `content_hash`: a session id in a link does not change it); and the refusal
of a page where one post's body swallowed the next posts (`refuse_swallowed_posts`). Pure."""
from __future__ import annotations

import hashlib
import re

from selectolax.lexbor import LexborHTMLParser, LexborNode

from .model import LayoutNotRecognised
from .nodes import may_hold, select_in_bodies, unique
from .post_fields import PageContext

__all__ = ["content_hash", "read_bodies", "refuse_swallowed_posts"]


def content_hash(html: str) -> str:
    """sha256 of the body html as lexbor re-serialises it, outer whitespace stripped.

    Re-serialising already normalises markup (quoting, `<br />` vs `<br>`, entities), so the same
    post hashes the same on every fetch; whitespace inside the body is the author's own text
    (collapsing it cost more than the rest of the post's extraction on long posts).
    """
    return hashlib.sha256(html.strip().encode("utf-8")).hexdigest()


def read_bodies(ctx: PageContext, tree: LexborHTMLParser, matched: list[tuple[int, LexborNode]],
            bodies: list[LexborNode | None]) -> list[tuple[str, str]]:
    """(html without signature, content hash) of every post's body."""
    profile = ctx.profile
    for pos, body in enumerate(bodies):
        if body is None:
            raise ctx.layout_error(matched[pos][0], pos, "message body", f"nothing matches `{profile.body}`",
                                   ("nothing_matches", {"selector": profile.body}))
    htmls = [body.inner_html or "" for body in bodies]  # type: ignore[union-attr]
    junk_selectors = profile.signature + profile.strip
    if junk_selectors:
        for pos, body in enumerate(bodies):
            html = htmls[pos]
            # Selector queries cost more than a substring test: only look for what the html can hold.
            tag = body.tag or ""  # type: ignore[union-attr]
            junk = [node for sel in junk_selectors if may_hold(html, sel, tag) for node in body.css(sel)]
            if junk and _remove(body, junk):  # type: ignore[arg-type]
                htmls[pos] = body.inner_html or ""  # type: ignore[union-attr]
    htmls = [html.strip() for html in htmls]
    if profile.signature_marker:
        marker = profile.signature_marker
        htmls = [html.split(marker, 1)[0].rstrip() if marker in html else html for html in htmls]
    hashed = list(htmls)
    for sel in profile.hash_ignore:
        for pos, volatile in select_in_bodies(tree, bodies, htmls, sel):  # type: ignore[arg-type]
            hashed[pos] = hashed[pos].replace(volatile.html or "", "")
    hashed = [_drop_session_ids(h) if _may_hold_session_id(h) else h for h in hashed]
    return [(html, content_hash(h)) for html, h in zip(htmls, hashed)]


# A session id in a link inside a post (a quote's link to the quoted post): phpBB (`sid=` + 32 hex) and SMF
# (`PHPSESSID=`) write one into every link for a client that sent no cookie, as the first request of every
# mafvote process is (seen on real phpBB 3.3.15 and SMF 2.1.4 boards in the live tier); vBulletin's is `s=`.
# It changes with the visitor, not with an edit, so it stays out of the content hash.
_SESSION_PARAM = r"(?:(?:sid|s)=[0-9a-f]{32}(?![0-9A-Za-z])|PHPSESSID=[0-9A-Za-z,-]{16,128})"
# `?sid=…&amp;p=1` -> `?p=1`, `?p=1&amp;sid=…#p1` -> `?p=1#p1`: the link as a client with a cookie gets it
_SESSION_ID = re.compile(r"(\?)" + _SESSION_PARAM + r"(?:&amp;|[&;])?|(?:&amp;|[&;])" + _SESSION_PARAM)


def _drop_session_ids(html: str) -> str:
    return _SESSION_ID.sub(lambda m: m.group(1) or "", html)


def _may_hold_session_id(html: str) -> bool:
    return "sid=" in html or "PHPSESSID=" in html or ";s=" in html or "?s=" in html


def refuse_swallowed_posts(ctx: PageContext, matched: list[tuple[int, LexborNode]],
                            htmls: list[tuple[str, str]]) -> None:
    """A post whose body holds another post's container is refused (issue 13): on a forum that lets posts
    carry raw HTML, an unclosed `<!--` or tag in one post swallows the posts after it, and a `-->` further
    down hands their text to the first post's author. The container's id (`id="p123"`, `id="post_123"`) in
    a body, as markup or inside a comment, is that sign; an inner wrapper repeating the post's own id is not."""
    profile = ctx.profile
    core = profile.post_id_pattern.removeprefix("^").removesuffix("$")
    marker = re.compile(rf"""(?<![\w-]){re.escape(profile.post_id_attr)}\s*=\s*["']?{core}["'\s>/]""")
    for (pid, _), (body, _) in zip(matched, htmls):
        for m in marker.finditer(body):
            other = m.group(1)
            if other.isdigit() and int(other) != pid:
                raise LayoutNotRecognised(
                    ctx.url, ctx.engine,
                    f"в теле поста {pid} оказалось начало другого поста ({m.group(0)[:-1]}): незакрытый "
                    f"HTML-комментарий или тег в посте форума, где посты могут содержать HTML; страница не "
                    f"считается, чтобы голос одного поста не достался автору другого. Откройте страницу в "
                    f"браузере; когда пост исправят, следующий опрос прочитает её",
                    ("nested_post", {"pid": str(pid), "other": m.group(0)[:-1]}))


def _remove(body: LexborNode, junk: list[LexborNode]) -> bool:
    """Decompose each junk node once; a node inside another one goes with it."""
    doomed = {node.mem_id for node in junk}
    body_key = body.mem_id
    removed = False
    for node in unique(junk):
        parent = node.parent
        inside_other = False
        while parent is not None and parent.mem_id != body_key:
            if parent.mem_id in doomed:
                inside_other = True
                break
            parent = parent.parent
        if not inside_other:
            node.decompose()
            removed = True
    return removed
