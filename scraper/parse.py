"""The generic forum page parser: HTML + URL + engine profile + clock -> ParsedPage.

Pure: no network, no disk, no clock (the caller passes `now`, used only for relative dates such
as "Сегодня, 21:03" or "10 hours ago"). The page is parsed once with lexbor; every field is then
read with the profile's CSS selectors from that one tree, so the cost stays close to the bare
parse (see bench/bench_parse.py).

Flow: decode bytes (HTTP charset, else <meta>, else utf-8) -> one tree -> post containers ->
per post: id, author, author id, time, edit notice, body (signature stripped) and content hash
-> pagination (current, last, next) -> ParsedPage. A page that has posts we cannot read, or no
posts at all, raises LayoutNotRecognised naming what was missing: an unreadable page must
never look like "no new posts".
"""
from __future__ import annotations

import codecs
import hashlib
import re
from datetime import datetime, timedelta
from functools import lru_cache
from urllib.parse import parse_qs, urljoin, urlsplit
from zoneinfo import ZoneInfo

from selectolax.lexbor import LexborHTMLParser, LexborNode

from .dates import DateNotRecognised, parse_displayed, parse_machine
from .model import EditNotice, LayoutNotRecognised, ParsedPage, ParsedPost
from .profile import EngineProfile

__all__ = ["content_hash", "decode_html", "parse_page", "parse_shown"]

# Attributes that hold a machine-readable instant (ISO 8601 or unix seconds/ms). `title` is not
# one of them: it holds a date as the forum displays it, so it goes through parse_displayed.
_MACHINE_ATTRS = frozenset({"datetime", "data-time", "data-timestamp", "data-posted",
                            "data-date", "data-publishdate", "data-node-publishdate"})
_META_CHARSET = re.compile(rb"""<meta[^>]+?charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)""", re.I)
_INT = re.compile(r"\d+")


def decode_html(html: bytes | str, encoding: str | None = None) -> str:
    """Bytes -> text: the HTTP header's charset, else the page's <meta>, else utf-8.

    Russian boards still serve windows-1251 and say so only in <meta http-equiv>; guessing utf-8
    there would turn every nick into mojibake and no vote would match a player.
    """
    if isinstance(html, str):
        return html
    if html.startswith(codecs.BOM_UTF8):
        return html[len(codecs.BOM_UTF8):].decode("utf-8", errors="replace")
    for candidate in (encoding, _sniff_meta_charset(html), "utf-8"):
        if not candidate:
            continue
        try:
            codec = codecs.lookup(candidate).name
        except LookupError:
            continue
        return html.decode(codec, errors="replace")
    return html.decode("utf-8", errors="replace")  # pragma: no cover - utf-8 always exists


def _sniff_meta_charset(raw: bytes) -> str | None:
    m = _META_CHARSET.search(raw, 0, 8192)
    return m.group(1).decode("ascii", "ignore") if m else None


def content_hash(html: str) -> str:
    """sha256 of the body html as lexbor re-serialises it, outer whitespace stripped.

    Re-serialising already normalises markup (quoting, `<br />` vs `<br>`, entities), so the same
    post hashes the same on every fetch; whitespace inside the body is the author's own text
    (collapsing it cost more than the rest of the post's extraction on long posts).
    """
    return hashlib.sha256(html.strip().encode("utf-8")).hexdigest()


def parse_page(html: bytes | str, *, url: str, profile: EngineProfile | str, tz: ZoneInfo,
               now: datetime, encoding: str | None = None) -> ParsedPage:
    """Parse one topic page. Raises LayoutNotRecognised when the page does not match the profile."""
    if isinstance(profile, str):
        from .profiles import get_profile
        profile = get_profile(profile)
    text = decode_html(html, encoding)
    tree = LexborHTMLParser(text)
    engine = profile.name
    matched: list[tuple[int, LexborNode]] = []
    for candidate in (profile, *profile.variants):
        matched = _find_posts(tree, candidate)
        if matched:
            profile = candidate
            break
    if not matched:
        what = "page is empty" if not (tree.body and tree.body.text(strip=True)) else "page has content"
        raise LayoutNotRecognised(url, engine,
                                  f"no posts: nothing matches `{profile.post}` with {profile.post_id_attr} "
                                  f"~ /{profile.post_id_pattern}/ ({what}; check the engine or the URL)")

    topic_id = _topic_id(tree, url, profile)
    if not topic_id:
        raise LayoutNotRecognised(url, engine, f"topic id: no `{profile.topic_param}=` in the URL"
                                  + (f" and nothing matches `{profile.topic_id_selector}`" if profile.topic_id_selector
                                     else "") + "; use the topic's own URL")
    page, last_page, next_url = _pagination(tree, url, profile)
    posts = [_parse_post(node, pid, pos, topic_id=topic_id, page=page, url=url, profile=profile,
                         engine=engine, tz=tz, now=now)
             for pos, (pid, node) in enumerate(matched)]
    title_node = tree.css_first(profile.title) if profile.title else None
    title = _clean(title_node.text()) if title_node is not None else None
    return ParsedPage(url=url, engine=engine, topic_id=topic_id, page=page, last_page=last_page,
                      next_url=next_url, posts=posts, title=title or None)


# --- one post ---------------------------------------------------------------------------------

def _find_posts(tree: LexborHTMLParser, profile: EngineProfile) -> list[tuple[int, LexborNode]]:
    if not profile.post:
        return []
    id_re = _rx(profile.post_id_pattern)
    found = []
    for node in tree.css(profile.post):
        holder = node.css_first(profile.post_id_selector) if profile.post_id_selector else node
        m = id_re.search((holder.attributes.get(profile.post_id_attr) or "") if holder is not None else "")
        if m:
            found.append((int(m.group(1)), node))
    return found


def _parse_post(post: LexborNode, pid: int, position: int, *, topic_id: str, page: int, url: str,
                profile: EngineProfile, engine: str, tz: ZoneInfo, now: datetime) -> ParsedPost:
    where = f"post {pid} (#{position + 1} on page {page})"
    author_node = post.css_first(profile.author) if profile.author else None
    author = _clean(author_node.text()) if author_node is not None else ""
    if not author:
        raise LayoutNotRecognised(url, engine, f"author of {where}: nothing matches `{profile.author}`")
    author_id = _author_id(post, author_node, profile)

    # The edit notice is read before the time: some engines nest it inside the date (MyBB).
    edit = None
    notice = post.css_first(profile.edit_notice) if profile.edit_notice else None
    if notice is not None and notice.text(strip=True):
        hook = profile.hooks.get("edit")
        try:
            edit = (hook(notice, post, profile=profile, tz=tz, now=now) if hook
                    else _edit_notice(notice, profile, tz, now))
        except DateNotRecognised as exc:
            raise LayoutNotRecognised(url, engine, f"edit time of {where}: {exc}") from None

    time_node = post.css_first(profile.time) if profile.time else None
    hook = profile.hooks.get("time")
    try:
        if hook:
            when = hook(time_node, post, profile=profile, tz=tz, now=now)
        else:
            when = _generic_time(time_node, post, profile, tz, now)
    except DateNotRecognised as exc:
        raise LayoutNotRecognised(url, engine, f"time of {where}: {exc}") from None
    if when is None:
        raise LayoutNotRecognised(url, engine, f"time of {where}: nothing matches `{profile.time}`")
    # One zone for every time a page yields (3.3's datetime is UTC, data-posted is unix): the forum's.
    when = when.astimezone(tz)
    if edit is not None and edit.at is not None:
        edit = EditNotice(at=edit.at.astimezone(tz), by=edit.by, reason=edit.reason)

    body = post.css_first(profile.body) if profile.body else None
    if body is None:
        raise LayoutNotRecognised(url, engine, f"message body of {where}: nothing matches `{profile.body}`")
    html = body.inner_html or ""
    # Selector queries cost more than a substring test: only look for what the html can hold.
    junk = [node for sel in profile.signature + profile.strip if _may_hold(html, sel) for node in body.css(sel)]
    if junk:
        for node in junk:
            node.decompose()
        html = body.inner_html or ""
    html = html.strip()
    if profile.signature_marker:
        html = html.split(profile.signature_marker, 1)[0].rstrip()
    hashed = html
    for sel in profile.hash_ignore:
        if _may_hold(html, sel):
            for volatile in body.css(sel):
                hashed = hashed.replace(volatile.html or "", "")
    return ParsedPost(post_id=pid, topic_id=topic_id, page=page, position=position, author=author,
                      author_id=author_id, time=when, html=html, edit=edit,
                      content_hash=content_hash(hashed))


def _author_id(post: LexborNode, author_node: LexborNode | None, profile: EngineProfile) -> str | None:
    link = None
    if profile.author_link:
        link = post.css_first(profile.author_link)
    elif author_node is not None:
        link = author_node if author_node.tag == "a" else author_node.css_first("a[href]")
    if link is not None:
        m = _rx(profile.author_id_pattern).search(link.attributes.get("href") or "")
        if m:
            return m.group(1)
    if profile.author_id_attr:
        value = post.attributes.get(profile.author_id_attr)
        if value:
            return value.strip()
    return None


def _generic_time(node: LexborNode | None, post: LexborNode, profile: EngineProfile, tz: ZoneInfo,
                  now: datetime) -> datetime | None:
    """Machine-readable attributes first (node, its descendants, the post container), then the text."""
    if node is not None:
        found = _time_from_attrs(node, profile, tz, now)
        if found is None:
            for attr in profile.time_attrs:
                inner = node.css_first(f"[{attr}]")
                if inner is not None:
                    found = _time_from_attrs(inner, profile, tz, now)
                    if found is not None:
                        break
        if found is not None:
            return found
    for attr in profile.time_attrs:
        if attr in _MACHINE_ATTRS and post.attributes.get(attr):
            return parse_machine(post.attributes[attr], tz=tz)
    if node is None:
        return None
    text = _clean(node.text())
    if profile.time_text_pattern:
        m = _rx(profile.time_text_pattern).search(text)
        if m:
            text = m.group(1).strip()
    return parse_shown(text, tz=tz, now=now, formats=profile.date_formats)


def _time_from_attrs(node: LexborNode, profile: EngineProfile, tz: ZoneInfo, now: datetime) -> datetime | None:
    attrs = node.attributes
    for attr in profile.time_attrs:
        value = attrs.get(attr)
        if not value:
            continue
        if attr in _MACHINE_ATTRS:
            return parse_machine(value, tz=tz)
        try:  # a title is shown text; it may be a tooltip, not a date, so a miss is not an error
            return parse_shown(value, tz=tz, now=now, formats=profile.date_formats)
        except DateNotRecognised:
            continue
    return None


def _edit_notice(notice: LexborNode, profile: EngineProfile, tz: ZoneInfo, now: datetime) -> EditNotice:
    text = _clean(notice.text())
    by = None
    if profile.edit_by:
        by_node = notice.css_first(profile.edit_by)
        by = _clean(by_node.text()) if by_node is not None else None
    if not by and profile.edit_by_pattern:
        m = _rx(profile.edit_by_pattern).search(text)
        by = m.group(1).strip() if m else None
    at = None
    for attr in profile.time_attrs:
        inner = notice.css_first(f"[{attr}]")
        if inner is not None:
            at = _time_from_attrs(inner, profile, tz, now)
            if at is not None:
                break
    if at is None and profile.edit_time_pattern:
        m = _rx(profile.edit_time_pattern).search(text)
        if m:
            at = parse_shown(m.group(1).strip(), tz=tz, now=now, formats=profile.date_formats)
    reason = None
    if profile.edit_reason_pattern:
        m = _rx(profile.edit_reason_pattern).search(text)
        reason = m.group(1).strip() if m and m.group(1).strip() else None
    return EditNotice(at=at, by=by or None, reason=reason)


# --- page level -------------------------------------------------------------------------------

def _topic_id(tree: LexborHTMLParser, url: str, profile: EngineProfile) -> str:
    found = _from_url(url, profile.topic_id_pattern, profile.topic_param)
    if found is None and profile.topic_id_selector:
        node = tree.css_first(profile.topic_id_selector)
        value = (node.attributes.get(profile.topic_id_attr) or "") if node is not None else ""
        if profile.topic_id_attr == "href":
            found = _from_url(urljoin(url, value), profile.topic_id_pattern, profile.topic_param)
        else:
            found = value.strip() or None
    return found or ""


def _from_url(url: str, pattern: str, param: str) -> str | None:
    if pattern:
        m = _rx(pattern).search(url)
        if m:
            return m.group(1)
    if param:
        values = parse_qs(urlsplit(url).query).get(param)
        if values and values[0]:
            return values[0]
    return None


def _url_position(url: str, profile: EngineProfile) -> int | None:
    """The page number or post offset the URL asks for (`page=3`, `start=20`, `/page-3`)."""
    value = _from_url(url, profile.page_url_pattern, profile.page_param)
    m = _INT.match(value or "")
    return int(m.group()) if m else None


def _pagination(tree: LexborHTMLParser, url: str, profile: EngineProfile) -> tuple[int, int | None, str | None]:
    page = None
    if profile.pagination_box:
        # the first pagination block (engines repeat it below the posts): no walk through the posts
        box = tree.css_first(profile.pagination_box)
        if box is None:
            page = profile.hooks["page"](tree, url, profile=profile) if "page" in profile.hooks else None
            return page or 1, None, None
        tree = box
    hook = profile.hooks.get("page")
    if hook:
        page = hook(tree, url, profile=profile)
    if page is None and profile.current_page:
        node = tree.css_first(profile.current_page)
        m = _INT.search(node.text()) if node is not None else None
        page = int(m.group()) if m else None
    numbers: dict[int, str | None] = {}
    if profile.page_links:
        for link in tree.css(profile.page_links):
            m = _INT.fullmatch(link.text(strip=True))
            if m:
                numbers.setdefault(int(m.group()), link.attributes.get("href"))
    # No pagination at all means a one-page topic (MyBB prints none then).
    page = page or 1
    last_page = max([page, *numbers]) if numbers or page > 1 else None

    href = None
    if profile.next_page:
        node = tree.css_first(profile.next_page)
        href = node.attributes.get("href") if node is not None else None
    if not href:  # engines without a "next" arrow still link the following page by its number
        href = numbers.get(page + 1)
    next_url = urljoin(url, href) if href else None
    if next_url is not None:
        # An engine that answers a past-the-end request with page 1 (MyBB: ?page=6 -> page 1)
        # links "next" backwards from the URL asked for; following it would loop forever.
        asked, following = _url_position(url, profile), _url_position(next_url, profile)
        if asked is not None and (following or 0) <= asked:
            next_url = None
    return page, last_page, next_url


# --- dates ------------------------------------------------------------------------------------

def parse_shown(text: str, *, tz: ZoneInfo, now: datetime, formats: tuple[str, ...] = ()) -> datetime:
    """`dates.parse_displayed` with a fast path for the commonest shapes of a post date.

    Most posts show either an absolute date in the board's own format ("12-30-2026, 08:00 PM",
    "17 сен 2009, 21:51", "Sun May 26, 2019 4:34 pm") or a day word and a clock ("Сегодня, 21:03").
    Reading those with one precompiled regex instead of the full reader keeps parsing a page close
    to the cost of the HTML parse (bench/bench_parse.py). Anything else goes to parse_displayed;
    tests/test_parse_engines.py checks both give the same answer on every shape the fast path takes.
    """
    stripped = text.strip()
    m = _DAY_CLOCK.fullmatch(stripped)
    if m:
        hour = _hour(m["H"], m["p"])
        if hour is not None and int(m["M"]) < 60 and int(m["S"] or 0) < 60:
            day = now.astimezone(tz).date() - timedelta(days=_DAY_BACK[m["day"].lower()])
            return datetime(day.year, day.month, day.day, hour, int(m["M"]), int(m["S"] or 0), tzinfo=tz)
    for fmt in formats:
        fast = _fast_format(fmt)
        if fast is None:
            continue
        m = fast.fullmatch(stripped)
        if m is None:
            continue
        g = m.groupdict()
        month = int(g["m"]) if g.get("m") else _MONTHS.get(g["b"][:3].lower())
        hour = _hour(g.get("H") or g.get("I") or "0", g.get("p"))
        if month is None or hour is None:
            break  # let the full reader decide (or say why not)
        try:
            return datetime(int(g["Y"]), month, int(g["d"]), hour, int(g.get("M") or 0),
                            int(g.get("S") or 0), tzinfo=tz)
        except ValueError:
            break
    return parse_displayed(text, tz=tz, now=now, formats=formats)


def _hour(value: str, marker: str | None) -> int | None:
    hour = int(value)
    if marker:
        if not 1 <= hour <= 12:
            return None
        return hour % 12 + (12 if marker.lower() == "pm" else 0)
    return hour if hour < 24 else None


_DAY_BACK = {"сегодня": 0, "today": 0, "вчера": 1, "yesterday": 1}
_DAY_CLOCK = re.compile(r"(?P<day>[Сс]егодня|[Вв]чера|[Tt]oday|[Yy]esterday),?\s+(?:в\s+|at\s+)?"
                        r"(?P<H>\d{1,2}):(?P<M>\d{2})(?::(?P<S>\d{2}))?(?:\s*(?P<p>[AaPp][Mm]))?")
# English and Russian month words by their first three letters (all cases: "мая", "марта", "сен")
_MONTHS = {w: i for i, words in enumerate((
    ("jan", "янв"), ("feb", "фев"), ("mar", "мар"), ("apr", "апр"), ("may", "май", "мая"),
    ("jun", "июн"), ("jul", "июл"), ("aug", "авг"), ("sep", "сен"), ("oct", "окт"), ("nov", "ноя"),
    ("dec", "дек")), start=1) for w in words}
_FAST_DIRECTIVES = {"d": r"(?P<d>\d{1,2})", "m": r"(?P<m>\d{1,2})", "Y": r"(?P<Y>\d{4})",
                    "H": r"(?P<H>\d{1,2})", "I": r"(?P<I>\d{1,2})", "M": r"(?P<M>\d{2})",
                    "S": r"(?P<S>\d{2})", "p": r"(?P<p>[AaPp][Mm])",
                    "b": r"(?P<b>[^\W\d_]{3,})\.?", "B": r"(?P<b>[^\W\d_]{3,})\.?",
                    "a": r"[^\W\d_]+\.?", "A": r"[^\W\d_]+\.?"}


@lru_cache(maxsize=64)
def _fast_format(fmt: str) -> re.Pattern[str] | None:
    """A regex for a strptime format of day, month (number or word), 4-digit year and clock."""
    out, i = [], 0
    while i < len(fmt):
        if fmt[i] == "%":
            directive = fmt[i + 1:i + 2]
            if directive not in _FAST_DIRECTIVES:
                return None
            out.append(_FAST_DIRECTIVES[directive])
            i += 2
        elif fmt[i].isalpha():
            return None  # literal words ("г.") need the full reader
        else:
            out.append(r"\s+" if fmt[i] == " " else re.escape(fmt[i]))
            i += 1
    keys = set(re.findall(r"%(.)", fmt))
    if not ({"d", "Y"} <= keys and keys & {"m", "b", "B"}) or ("I" in keys) != ("p" in keys):
        return None
    if len(keys & {"m", "b", "B"}) > 1 or len(keys & {"a", "A"}) > 1:
        return None
    return re.compile("".join(out))


# --- helpers ----------------------------------------------------------------------------------

_LEADING_TAG = re.compile(r"^\s*([a-zA-Z][a-zA-Z0-9]*)")


@lru_cache(maxsize=256)
def _needles(selector: str) -> tuple[str, ...] | None:
    """`<tag` strings one of which must be in the html for `selector` to match there; None: unknown."""
    needles = []
    for alternative in selector.split(","):
        m = _LEADING_TAG.match(alternative)
        if not m:
            return None
        needles.append("<" + m.group(1).lower())
    return tuple(needles)


def _may_hold(html: str, selector: str) -> bool:
    needles = _needles(selector)
    return needles is None or any(n in html for n in needles)


def _clean(text: str | None) -> str:
    return " ".join((text or "").split())


@lru_cache(maxsize=256)
def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)
