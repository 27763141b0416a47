"""Where a page sits in its topic: the URL relative links resolve against (`base_url`), the topic id
(`find_topic_id`), and the page number, last page and the next and first pages' URLs (`pagination`). Pure."""
from __future__ import annotations

import re
from functools import lru_cache
from urllib.parse import unquote_plus, urljoin

from selectolax.lexbor import LexborHTMLParser, LexborNode

from .nodes import compiled
from .profile import EngineProfile

__all__ = ["base_url", "find_topic_id", "pagination"]

_INT = re.compile(r"\d+")


def base_url(tree: LexborHTMLParser, url: str) -> str:
    """The URL relative links resolve against: `<base href>` (itself relative to the page), else the page.

    vBulletin 4 and XenForo 1 with friendly URLs print `<base href="http://host/forum/">` and link
    pages as `showthread.php/9687-title/page2`; joined to the page URL instead, that became
    `…/showthread.php/showthread.php/9687-…/page2`. Only a `<base>` in <head> is looked at (where
    HTML puts it; looking through the whole page would cost a full walk of it on every page).
    """
    head = tree.head
    node = head.css_first("base[href]") if head is not None else None
    href = (node.attrs.get("href") or "").strip() if node is not None else ""
    return urljoin(url, href) if href else url


def find_topic_id(tree: LexborHTMLParser, url: str, base: str, profile: EngineProfile) -> str:
    found = _from_url(url, profile.topic_id_pattern, profile.topic_param)
    if found is None and profile.topic_id_selector:
        node = tree.css_first(profile.topic_id_selector)
        if node is not None and node.tag == "input":
            # a form's hidden field naming the topic (MyBB's thread search: <input name="tid" value="2">)
            return (node.attrs.get("value") or "").strip()
        value = (node.attrs.get(profile.topic_id_attr) or "") if node is not None else ""
        if profile.topic_id_attr == "href":
            found = _from_url(urljoin(base, value), profile.topic_id_pattern, profile.topic_param)
        else:
            found = value.strip() or None
    return found or ""


def _from_url(url: str, pattern: str, param: str) -> str | None:
    if pattern:
        m = compiled(pattern).search(url)
        if m:
            return m.group(1)
    if param:
        # the first non-empty `param=` of the query, as parse_qs(urlsplit(url).query)[param][0]
        query = url.partition("?")[2].partition("#")[0]
        for m in _param_rx(param).finditer(query):
            value = m.group(1)
            if value:
                return unquote_plus(value) if "%" in value or "+" in value else value
    return None


@lru_cache(maxsize=64)
def _param_rx(param: str) -> re.Pattern[str]:
    return re.compile(r"(?:^|&)" + re.escape(param) + r"=([^&]*)")


def _url_position(url: str, profile: EngineProfile) -> int | None:
    """The page number or post offset the URL asks for (`page=3`, `start=20`, `/page-3`)."""
    value = _from_url(url, profile.page_url_pattern, profile.page_param)
    m = _INT.match(value or "")
    return int(m.group()) if m else None


def pagination(tree: LexborHTMLParser, url: str, base: str, profile: EngineProfile
                ) -> tuple[int, int | None, str | None, str | None]:
    """(page, last page, next page's URL, page 1's URL as the pagination links it)."""
    page = None
    scope: LexborHTMLParser | LexborNode = tree
    if profile.pagination_box:
        # the first pagination block (engines repeat it below the posts): no walk through the posts
        box = tree.css_first(profile.pagination_box)
        if box is None:
            page = profile.hooks["page"](tree, url, profile=profile) if "page" in profile.hooks else None
            return page or 1, None, None, None
        scope = box
    hook = profile.hooks.get("page")
    if hook:
        page = hook(scope, url, profile=profile)
    if page is None and profile.current_page:
        node = scope.css_first(profile.current_page)
        m = _INT.search(node.text()) if node is not None else None
        page = int(m.group()) if m else None
    numbers: dict[int, str | None] = {}
    if profile.page_links:
        for link in scope.css(profile.page_links):
            m = _INT.fullmatch(link.text(strip=True))
            if m:
                numbers.setdefault(int(m.group()), link.attrs.get("href"))
    # No pagination at all means a one-page topic (MyBB prints none then).
    page = page or 1
    last_page = max([page, *numbers]) if numbers or page > 1 else None

    href = None
    if profile.next_page:
        node = scope.css_first(profile.next_page)
        href = node.attrs.get("href") if node is not None else None
    if not href:  # engines without a "next" arrow still link the following page by its number
        href = numbers.get(page + 1)
    next_url = urljoin(base, href) if href else None
    if next_url is not None:
        # An engine that answers a past-the-end request with page 1 (MyBB: ?page=6 -> page 1)
        # links "next" backwards from the URL asked for; following it would loop forever.
        asked, following = _url_position(url, profile), _url_position(next_url, profile)
        if asked is not None and (following or 0) <= asked:
            next_url = None
    first = numbers.get(1)
    return page, last_page, next_url, urljoin(base, first) if first and page > 1 else None
