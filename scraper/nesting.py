"""`shallow(html)`: a page whose tags nest deeper than `PLAIN_DEPTH`, with the tags past that depth taken out
(their text stays), before the HTML parser sees it (issue 13). Pure.

The HTML parser checks the open elements' stack at every start tag, so 50,000 nested `<div>` in one post
cost 134 s of parsing: one post held the whole crawl. No page of a real forum nests even 100 deep. Past
`PLAIN_DEPTH`, tags that say nothing to the count (no attributes: no colour, no class; not bold) are taken out
first, so a coloured vote under 10,000 bare `<span>` keeps its colour; past `MAX_DEPTH`, every tag. The text
is always kept, in the deepest element kept.

The scan is a tag counter, not a parser: tags whose end is optional (`p`, `li`, `td`, ...) and void tags
(`br`, `img`, ...) are not counted, so a page full of unclosed paragraphs never looks deep. A page no deeper
than the limit is returned as it is.
"""
from __future__ import annotations

import re

__all__ = ["MAX_DEPTH", "PLAIN_DEPTH", "shallow"]

PLAIN_DEPTH = 500
MAX_DEPTH = 1000
# bare tags the count still reads (bold, strike-through, quotes, the old <font>)
_MEANINGFUL = frozenset("b strong font s strike del blockquote".split())

_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9:-]*)([^>]*)>")
_NOT_COUNTED = frozenset("""
    area base br col embed hr img input link meta param source track wbr keygen basefont bgsound frame image
    p li dt dd option optgroup tr td th thead tbody tfoot rb rt rtc rp colgroup caption html head body
""".split())


# A first pass over the tags' names only (`div`, `/div`): it tells a page of ordinary depth at a fraction of the
# parser's own cost (2 ms against 13 ms for a 100 KB MyBB page), so the full pass below runs only on a page that
# may be too deep. A name in capitals or a self-closing tag counts here as opening: it can only say "maybe deep".
_NAMES = re.compile(r"<(/?[a-zA-Z][a-zA-Z0-9]*)")
_SKIP = frozenset(x for name in _NOT_COUNTED for x in (name, name.upper(), "/" + name, "/" + name.upper()))


def _may_be_deep(html: str) -> bool:
    depth = 0
    for token in _NAMES.findall(html):
        if token in _SKIP:
            continue
        if token[0] == "/":
            if depth:
                depth -= 1
        else:
            depth += 1
            if depth >= PLAIN_DEPTH:
                return True
    return False


def shallow(html: str) -> str:
    if html.count("<") < PLAIN_DEPTH or not _may_be_deep(html):
        return html
    kept: list[bool] = []
    depth = 0
    cut: list[tuple[int, int]] = []
    for m in _TAG.finditer(html):
        closing, name, rest = m.groups()
        if (rest and rest[-1] == "/") or (name := name.lower()) in _NOT_COUNTED:
            continue
        if not closing:
            keep = depth < PLAIN_DEPTH or (depth < MAX_DEPTH and (rest.strip() != "" or name in _MEANINGFUL))
            kept.append(keep)
            if keep:
                depth += 1
            else:
                cut.append(m.span())
        elif kept:
            if kept.pop():
                depth -= 1
            else:
                cut.append(m.span())
    if not cut:
        return html
    parts, at = [], 0
    for start, end in cut:
        parts.append(html[at:start])
        at = end
    parts.append(html[at:])
    return "".join(parts)
