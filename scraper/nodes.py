"""Finding nodes in a parsed page: a page-level match handed to the post (or body) holding it (`Owners`), the
cheap test of whether a body's html can hold a selector at all (`may_hold`), and small shared helpers.

Why page-level queries: selectolax compiles a selector string on every call (≈ 1.5 µs, and it
has no API to keep a compiled selector), so four `css_first` per post cost as much as walking
the whole page once per field on a 10-post page, and more on pages of 20-40 posts (measured in
bench/README.md). A page-level match belongs to the nearest post container above it
(`Owners`), which gives exactly what `post.css_first(selector)` would: lexbor returns matches
in document order, lets a selector's ancestors lie outside the post, and lets the post itself
match. The one assumption is that post containers do not nest (no engine nests them; a
container matched twice, or an inner wrapper carrying its post's id again, count once).
"""
from __future__ import annotations

import re
from functools import lru_cache

from selectolax.lexbor import LexborHTMLParser, LexborNode

__all__ = ["Owners", "clean_text", "compiled", "may_hold", "select_in_bodies", "unique"]


class Owners:
    """Hands a node found anywhere on the page to the holder (post, body) it sits in, if any.

    Each lookup walks up the tree until it meets a holder; every node passed on the way is
    remembered, so a second match in the same post (or outside all posts, below the same page
    element) stops after a step or two.
    """

    __slots__ = ("_memo",)

    def __init__(self, holders: list[LexborNode]):
        self._memo: dict[int, int] = {node.mem_id: i for i, node in enumerate(holders)}

    def owner(self, node: LexborNode) -> int:
        """Index of the nearest holder at or above `node`; -1 when none holds it."""
        memo = self._memo
        path = []
        found = -1
        current: LexborNode | None = node
        while current is not None:
            key = current.mem_id
            hit = memo.get(key)
            if hit is not None:
                found = hit
                break
            path.append(key)
            current = current.parent
        for key in path:
            memo[key] = found
        return found

    def first_each(self, tree: LexborHTMLParser, selector: str, n: int) -> list[LexborNode | None]:
        """For each of the n holders, what `holder.css_first(selector)` would give, in one query."""
        out: list[LexborNode | None] = [None] * n
        owner = self.owner
        for node in tree.css(selector):
            i = owner(node)
            if i >= 0 and out[i] is None:
                out[i] = node
        return out

    def all_each(self, tree: LexborHTMLParser, selector: str, n: int) -> list[list[LexborNode]]:
        """For each of the n holders, what `holder.css(selector)` would give (without repeats)."""
        out: list[list[LexborNode]] = [[] for _ in range(n)]
        seen: set[int] = set()
        owner = self.owner
        for node in tree.css(selector):
            i = owner(node)
            if i >= 0 and node.mem_id not in seen:
                seen.add(node.mem_id)
                out[i].append(node)
        return out


# Above this many bodies that may hold a selector, one page-level query beats one query per body.
_PAGE_QUERY_FROM = 4


def select_in_bodies(tree: LexborHTMLParser, bodies: list[LexborNode], htmls: list[str],
                      selector: str) -> list[tuple[int, LexborNode]]:
    """(body index, node) for every node matching `selector` inside a body, in page order."""
    candidates = [pos for pos, html in enumerate(htmls) if may_hold(html, selector, bodies[pos].tag or "")]
    if len(candidates) < _PAGE_QUERY_FROM:
        return [(pos, node) for pos in candidates for node in unique(bodies[pos].css(selector))]
    per_body = Owners(bodies).all_each(tree, selector, len(bodies))
    return [(pos, node) for pos, nodes in enumerate(per_body) for node in nodes]


def unique(nodes: list[LexborNode]) -> list[LexborNode]:
    """A group selector lists a node once per part it matches; keep the first."""
    if len(nodes) < 2:
        return nodes
    seen: set[int] = set()
    out = []
    for node in nodes:
        if node.mem_id not in seen:
            seen.add(node.mem_id)
            out.append(node)
    return out


@lru_cache(maxsize=256)
def _needles(selector: str, holder_tag: str = "") -> tuple[tuple[str, ...], ...] | None:
    """Per alternative of a selector group, strings that must all be in a holder's inner html for
    the selector to match a node inside that holder (a message body). None: unknown, always query.

    The matched element is inside the html, so its compound gives needles: `<tag` and attribute
    names (lexbor writes both in lower case), class names and ids as the profile spells them
    (lexbor matches those case-sensitively except on quirks-mode pages; profiles spell them as the
    engines print them). Its ancestors may lie outside the html, except along a child chain
    (`blockquote.q > cite > span`): a parent whose tag is not the holder's own tag (`holder_tag`)
    cannot be the holder, so it is inside the html too and adds its needles (`<cite`,
    `<blockquote`, `q`). That keeps MyBB's quote-date selector from querying every post that has
    a coloured <span>.
    """
    if "\\" in selector:
        return None
    out = []
    for alternative in _split_group(selector):
        chain = _compounds(alternative)
        if not chain:
            return None
        needles: list[str] = []
        for position in range(len(chain) - 1, -1, -1):
            combinator, compound = chain[position]
            found = _compound_needles(compound)
            if position < len(chain) - 1:
                # a parent in a child chain: inside the html only if it cannot be the holder itself
                if not found or not found[0].startswith("<") or found[0] == "<" + holder_tag or not holder_tag:
                    break
            needles.extend(found)
            if combinator != ">":
                break
        if not needles:
            return None
        out.append(tuple(needles))
    return tuple(out)


def _compound_needles(compound: str) -> list[str]:
    # what pseudo-classes say (`:not(.x)`) and attribute values are no needles
    compound = re.sub(r":[\w-]+(\([^()]*\))?", "", compound)
    needles = []
    tag = re.match(r"[a-zA-Z][\w-]*", compound)
    if tag:
        needles.append("<" + tag.group().lower())
    needles.extend(attr.lower() for attr in re.findall(r"\[\s*([\w-]+)", compound))
    needles.extend(re.findall(r"[.#]([\w-]+)", re.sub(r"\[[^\]]*\]", "", compound)))
    return needles


def _split_group(selector: str) -> list[str]:
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(selector):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(selector[start:i])
            start = i + 1
    parts.append(selector[start:])
    return [p.strip() for p in parts]


def _compounds(alternative: str) -> list[tuple[str, str]]:
    """[(combinator joining it to the compound on its left, compound)], left to right."""
    chain: list[tuple[str, str]] = []
    depth, current, combinator, pending = 0, [], "", ""
    for ch in alternative:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if depth == 0 and ch in " \t\n>+~":
            if current:
                chain.append((combinator, "".join(current)))
                current, pending = [], " "
            if ch in ">+~":
                pending = ch
            continue
        if not current:
            combinator = pending if chain else ""
        current.append(ch)
    if current:
        chain.append((combinator, "".join(current)))
    return chain


def may_hold(html: str, selector: str, holder_tag: str = "") -> bool:
    needles = _needles(selector, holder_tag)
    if needles is None:
        return True
    for alternative in needles:
        for needle in alternative:
            if needle not in html:
                break
        else:
            return True
    return False


def clean_text(text: str | None) -> str:
    return " ".join((text or "").split())


@lru_cache(maxsize=256)
def compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)
