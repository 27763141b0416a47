"""The generic forum page parser: HTML + URL + engine profile + clock -> ParsedPage.

Pure: no network, no disk, no clock (the caller passes `now`, used only for relative dates such
as "Сегодня, 21:03" or "10 hours ago"). The page is parsed once with lexbor; every field is then
read with the profile's CSS selectors from that one tree, so the cost stays close to the bare
parse (see bench/bench_parse.py).

Flow: decode bytes (utf-8 whenever the bytes are mostly utf-8, else the single-byte charset the
forum names or charset-normalizer finds, refused when the text reads as a wrong decode; see
`_decode`) -> one tree -> post containers (a post id twice on a page refuses the page) -> one
page-level query per field (author, profile link, time, edit notice, body), each match handed to
the post that holds it -> per post: id, author (never one holding U+FFFD or UTF-8 read as
windows-1251), author id, time, edit notice, body
(signature stripped) and content hash -> pagination (current, last, next; hrefs resolved
against `<base href>`) -> ParsedPage. A page that has posts we cannot read, or no posts at all,
raises LayoutNotRecognised naming what was missing: an unreadable page must never look like
"no new posts".

Why page-level queries: selectolax compiles a selector string on every call (≈ 1.5 µs, and it
has no API to keep a compiled selector), so four `css_first` per post cost as much as walking
the whole page once per field on a 10-post page, and more on pages of 20-40 posts (measured in
bench/README.md). A page-level match belongs to the nearest post container above it
(`_Owners`), which gives exactly what `post.css_first(selector)` would: lexbor returns matches
in document order, lets a selector's ancestors lie outside the post, and lets the post itself
match. The one assumption is that post containers do not nest (no engine nests them; a
container matched twice, or an inner wrapper carrying its post's id again, count once).
"""
from __future__ import annotations

import codecs
import hashlib
import re
from datetime import datetime
from functools import lru_cache
from urllib.parse import unquote_plus, urljoin
from zoneinfo import ZoneInfo

from selectolax.lexbor import LexborHTMLParser, LexborNode

from .dates import DateNotRecognised, parse_displayed, parse_machine, parse_shown
from .model import EditNotice, LayoutNotRecognised, ParsedPage, ParsedPost
from .nesting import shallow
from .profile import EngineProfile
from .profiles import get_profile
from .untrusted import visible

__all__ = ["content_hash", "decode_html", "parse_page"]

# Attributes that hold a machine-readable instant (ISO 8601 or unix seconds/ms). `title` is not
# one of them: it holds a date as the forum displays it, so it goes through parse_displayed.
_MACHINE_ATTRS = frozenset({"datetime", "data-time", "data-timestamp", "data-posted",
                            "data-date", "data-publishdate", "data-node-publishdate"})
_META_CHARSET = re.compile(rb"""<meta[^>]+?charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)""", re.I)
_INT = re.compile(r"\d+")


def decode_html(html: bytes | str, encoding: str | None = None, *, url: str = "",
                engine: str = "auto") -> str:
    """Bytes -> text, never mojibake: see `_decode` for the order.

    Raises LayoutNotRecognised (naming `url`, `engine` and the charsets tried) when no charset
    reads the page as text. A page that is mostly UTF-8 keeps U+FFFD where its bytes are broken.
    """
    if isinstance(html, str):
        return html
    text, _ = _decode(html, encoding, url, engine)
    return text


# A page whose bytes are mostly UTF-8 is UTF-8 whatever its label says. Measured on the 59 fixture
# pages, each encoded windows-1251 and koi8-r (108 pages): read as UTF-8, a single-byte page has
# at most 1 accidentally valid non-ASCII letter per 178 broken sequences (0.0056; a capital
# followed by «, », ё or a no-break space). A UTF-8 page has hundreds to thousands of valid
# letters, so one old windows-1251 post on it (one broken sequence per letter) stays far above
# 1 valid per 10 broken (an old post of 9 000 letters on page 1 of the MyBB thread): the margin
# to the single-byte pages is 18x.
_UTF8_BAD_PER_GOOD = 10
_UTF8 = "utf-8"

# The Cyrillic single-byte charsets the detector chooses from for a page whose label is missing
# or wrong. ISO-8859-5 is left out: no forum serves it, and charset-normalizer took 11 of 49
# koi8-r fixture pages for it. mac-cyrillic is left out: it shares windows-1251's lowercase
# letters, so a windows-1251 page with one byte windows-1251 lacks would read as mac-cyrillic
# with only its capitals garbled.
_CYRILLIC_SINGLE_BYTE = ["cp1251", "koi8_r", "koi8_u", "cp866"]

# Signs that a single-byte decode is wrong:
# - UTF-8 read as windows-1251: every Cyrillic letter becomes «Р» or «С» (the lead bytes D0, D1)
#   followed by what windows-1251 has at 80-BF («РЎРѕРЅСЏ» for «Соня»). Ё, ё and the no-break
#   space are left out of the second letter: «Сёма», «С днём» are Russian;
# - koi8-r read as windows-1251 or back: the two swap capitals and small letters, so «Соня»
#   reads «уПОС», a small letter then a capital, which Russian words do not have;
# - windows-1251 or UTF-8 read as cp866 or koi8-r: box-drawing characters (what those two have
#   where the others have letters) inside words;
# - windows-1251 read as latin-1: whole words of À-ÿ («Ãàôô»), which Western words do not have.
_CP1251_80_BF = bytes(range(0x80, 0xC0)).decode("cp1251", "ignore")
_UTF8_AS_CP1251 = re.compile("[РС][" + re.escape(_CP1251_80_BF.translate({ord(c): None for c in "Ёё\xa0"})) + "]")
_UTF8_AS_CP1251_ANY = re.compile("[РС][" + re.escape(_CP1251_80_BF) + "]")
_CASE_SWAPPED_WORD = re.compile(r"(?<![А-яЁё])[а-яё][А-ЯЁ]")
_CAPITALISED_WORD = re.compile(r"(?<![А-яЁё])[А-ЯЁ][а-яё]")
_BOX_IN_WORD = re.compile("[А-яЁё][\u2500-\u259f]|[\u2500-\u259f][А-яЁё]")
_LATIN1_WORD = re.compile(r"(?<![^\W\d_])[À-ÖØ-öø-ÿ]{3,}(?![^\W\d_])")
_ASCII_RUN = re.compile(r"[\x00-\x7f]+")
_MISREAD_MIN = 3   # signs needed on a page: one can be a real «ПИАР»» or «кВт»


def _decode(raw: bytes, encoding: str | None, url: str, engine: str) -> tuple[str, str]:
    """(text, how it was read), in this order:

    1. a UTF-8 BOM;
    2. a multi-byte charset other than UTF-8 the forum names (header, else <meta>), if it reads
       every byte;
    3. UTF-8, if it reads every byte, whatever the label: a single-byte label reads any bytes,
       and Cyrillic in a single-byte charset is never valid UTF-8 (Apache's
       `AddDefaultCharset windows-1251` over a UTF-8 board). One decode: the hot path;
    4. UTF-8 with broken spots, if the bytes are mostly UTF-8 (`_UTF8_BAD_PER_GOOD`): an old
       windows-1251 post on a migrated board, a title cut in the middle of a letter. The spots
       read U+FFFD; `parse_page` refuses a nick holding one, and a body holding one loses only
       that post's vote. Reading the page as windows-1251 would garble every letter on it;
    5. the single-byte charsets the header and the <meta> name, in that order, the first whose
       text does not read as a wrong decode (`_misread`): a header may name koi8-r or latin-1
       over a windows-1251 page whose <meta> is right;
    6. the Cyrillic single-byte charset charset-normalizer finds (`_CYRILLIC_SINGLE_BYTE`),
       again checked by `_misread`: windows-1251 and koi8-r pages with no charset anywhere.

    Else LayoutNotRecognised naming every charset tried and why it was refused.
    """
    if raw.startswith(codecs.BOM_UTF8):
        try:
            return raw[len(codecs.BOM_UTF8):].decode(_UTF8), "utf-8 (BOM)"
        except UnicodeDecodeError:
            raw = raw[len(codecs.BOM_UTF8):]
    tried: list[str] = []
    labels = _labels(raw, encoding, tried, meta_too=False)
    if not labels:  # the <meta> counts only when the header names no charset (or an unknown one)
        labels = _labels(raw, None, tried, meta_too=True)
    for source, name, codec in labels:
        if codec != _UTF8 and not _single_byte(codec):
            try:
                return raw.decode(codec), f"{name} (from the {source})"
            except UnicodeDecodeError as exc:
                tried.append(f"the {source} says {name} but byte {exc.start} is not {name}")
    try:
        text = raw.decode(_UTF8)
    except UnicodeDecodeError as exc:
        first_bad = exc.start
    else:
        said = next((f" (the {source} says {name})" for source, name, codec in labels if codec != _UTF8), "")
        return text, "utf-8" + said
    text = raw.decode(_UTF8, errors="replace")
    bad = text.count("\ufffd")
    good = len(text) - len(text.encode("ascii", "ignore")) - bad
    if good * _UTF8_BAD_PER_GOOD >= bad:
        return text, f"utf-8 with {bad} broken byte sequence{'s' if bad > 1 else ''}"
    tried.append(f"utf-8 breaks {bad} times from byte {first_bad} on, with only {good} letters valid")
    # Both labels now: a header that names a single-byte charset can be wrong where the <meta> is right.
    labels = _labels(raw, encoding, [], meta_too=False) + _labels(raw, None, [], meta_too=True)
    for source, name, codec in labels:
        if codec == _UTF8 or not _single_byte(codec):
            continue
        text, why = _single_byte_text(raw, codec, name)
        if why is None:
            return text, f"{name} (from the {source})"
        tried.append(f"the {source} says {name} but {why}")
    guess = _guess_cyrillic(raw, tried)
    if guess is not None:
        return guess
    raise LayoutNotRecognised(url or "(page)", engine,
                              "charset: " + "; ".join(tried) + "; the forum sends bytes in no charset it "
                              "names: check the page in a browser and tell the forum's admin")


def _labels(raw: bytes, header: str | None, tried: list[str], *, meta_too: bool) -> list[tuple[str, str, str]]:
    """[(source, name as written, Python codec)] of the header's charset or of the <meta>'s."""
    source, name = ("<meta>", _sniff_meta_charset(raw)) if meta_too else ("header", header)
    if not name:
        return []
    try:
        return [(source, name, codecs.lookup(name).name)]
    except LookupError:
        tried.append(f"the {source} names an unknown charset {name!r}")
        return []


def _single_byte_text(raw: bytes, codec: str, name: str) -> tuple[str, str | None]:
    """(text, None), or ("", why `codec` is not the page's charset)."""
    try:
        text = raw.decode(codec)
    except UnicodeDecodeError as exc:
        return "", f"byte {exc.start} is not {name}"
    why = _misread(text)
    return (text, None) if why is None else ("", why)


def _guess_cyrillic(raw: bytes, tried: list[str]) -> tuple[str, str] | None:
    """(text, how) in the Cyrillic single-byte charset charset-normalizer ranks best among those
    whose text passes `_misread`; None (with the reasons in `tried`) when none does."""
    from charset_normalizer import from_bytes   # start-up: charset-normalizer, only for pages with no right label

    matches = list(from_bytes(raw, cp_isolation=_CYRILLIC_SINGLE_BYTE))
    if not any(codecs.lookup(match.encoding).name == "cp1251" for match in matches):
        try:   # the one a GM expects: say why it is not
            raw.decode("cp1251")
        except UnicodeDecodeError as exc:
            tried.append(f"windows-1251 does not read byte {exc.start}")
    if not matches:
        tried.append("no Cyrillic single-byte charset (" + ", ".join(_CYRILLIC_SINGLE_BYTE) + ") reads it as text")
    for match in matches:
        codec = codecs.lookup(match.encoding).name
        text, why = _single_byte_text(raw, codec, codec)
        if why is None:
            return text, f"{codec} (guessed: no charset the forum names reads the page)"
        tried.append(f"guessed {codec} but {why}")
    return None


def _misread(text: str) -> str | None:
    """Why `text`, decoded with a single-byte charset, is a wrong decode; None when it reads as text."""
    non_ascii = len(text) - len(text.encode("ascii", "ignore"))
    # Every sign is made of non-ASCII letters: looking at them alone (ASCII runs become one space,
    # so words stay apart) is 8 times faster on a page that is mostly markup.
    text = _ASCII_RUN.sub(" ", text)
    utf8_pairs = len(_UTF8_AS_CP1251.findall(text))
    if utf8_pairs >= _MISREAD_MIN and utf8_pairs * 5 >= non_ascii:
        return f"its text holds {utf8_pairs} «Р»/«С» pairs like «РЎ» (UTF-8 read as windows-1251)"
    swapped = len(_CASE_SWAPPED_WORD.findall(text))
    if swapped >= _MISREAD_MIN and swapped > len(_CAPITALISED_WORD.findall(text)):
        return (f"its text holds {swapped} words with capitals and small letters swapped like «уПОС» "
                "(a Cyrillic page read in the wrong Cyrillic charset)")
    boxed = len(_BOX_IN_WORD.findall(text))
    if boxed >= _MISREAD_MIN:
        return (f"its text holds {boxed} box-drawing characters inside words like «п╫я» (a Cyrillic page read "
                "as cp866 or koi8-r)")
    latin = len(_LATIN1_WORD.findall(text))
    if latin >= _MISREAD_MIN:
        return f"its text holds {latin} words of Latin accented letters only like «Ãàôô» (Cyrillic read as latin-1)"
    return None


@lru_cache(maxsize=32)
def _single_byte(codec: str) -> bool:
    """A charset in which every byte is a character (windows-1251, koi8-r, latin-1)."""
    try:  # two bytes that are one letter in UTF-8 and in the East Asian multi-byte charsets
        return len(b"\xd0\x90\xc3\xa9".decode(codec, errors="replace")) == 4
    except (LookupError, TypeError, ValueError):
        return False


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
        profile = get_profile(profile)
    engine = profile.name
    if isinstance(html, str):
        text, charset = html, "text"
    else:
        text, charset = _decode(html, encoding, url, engine)
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
                                  f"~ /{profile.post_id_pattern}/ ({what}; check the engine or the URL)")

    base = _base_url(tree, url)
    topic_id = _topic_id(tree, url, base, profile)
    if not topic_id:
        raise LayoutNotRecognised(url, engine, f"topic id: no `{profile.topic_param}=` in the URL"
                                  + (f" and nothing matches `{profile.topic_id_selector}`" if profile.topic_id_selector
                                     else "") + "; use the topic's own URL")
    page, last_page, next_url, first_url = _pagination(tree, url, base, profile)

    containers = [node for _, node in matched]
    owners = _Owners(containers)
    n = len(containers)
    none: list[LexborNode | None] = [None] * n
    authors = owners.first_each(tree, profile.author, n) if profile.author else none
    links = owners.first_each(tree, profile.author_link, n) if profile.author_link else None
    notices = owners.first_each(tree, profile.edit_notice, n) if profile.edit_notice else none
    times = owners.first_each(tree, profile.time, n) if profile.time else none
    bodies = owners.first_each(tree, profile.body, n) if profile.body else none

    ctx = _Context(url=url, engine=engine, page=page, topic_id=topic_id, profile=profile, tz=tz, now=now)
    posts = [_read_post(ctx, pid, pos, post, authors[pos], links[pos] if links is not None else None,
                        notices[pos], times[pos])
             for pos, (pid, post) in enumerate(matched)]
    _refuse_garbled_authors(ctx, posts, charset)
    # Bodies last: stripping a signature edits the tree, and the edit notice may sit inside the
    # body (IPS 4, FluxBB), so every other field is read before.
    htmls = _bodies(ctx, tree, matched, bodies)
    _refuse_swallowed_posts(ctx, matched, htmls)
    # Control characters and bidi overrides never leave the parser (issue 13): an `ESC ] 0 ;` in a post
    # would reach the GM's terminal, a U+202E in a nick every post and page mafvote writes. The hash stays
    # the body's as served, so a post stored before this is not taken for an edit.
    posts = [ParsedPost(post_id=pid, topic_id=topic_id, page=page, position=pos, author=visible(author),
                        author_id=author_id, time=when, html=visible(body_html), edit=edit,
                        content_hash=digest)
             for pos, ((pid, author, author_id, when, edit), (body_html, digest)) in enumerate(zip(posts, htmls))]
    title_node = tree.css_first(profile.title) if profile.title else None
    title = visible(_clean(title_node.text())) if title_node is not None else None
    return ParsedPage(url=url, engine=engine, topic_id=topic_id, page=page, last_page=last_page,
                      next_url=next_url, posts=posts, title=title or None,
                      first_url=url if page == 1 else first_url)


def _refuse_swallowed_posts(ctx: "_Context", matched: list[tuple[int, LexborNode]],
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
                    f"браузере; когда пост исправят, следующий опрос прочитает её")


# --- finding nodes ------------------------------------------------------------------------------

class _Owners:
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


def _find_posts(tree: LexborHTMLParser, profile: EngineProfile, url: str = "",
                engine: str = "") -> list[tuple[int, LexborNode]]:
    if not profile.post:
        return []
    id_re = _rx(profile.post_id_pattern)
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
                    f"in a browser, and check the engine in the config")
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


# --- one post -----------------------------------------------------------------------------------

class _Context:
    __slots__ = ("url", "engine", "page", "topic_id", "profile", "tz", "now")

    def __init__(self, *, url: str, engine: str, page: int, topic_id: str, profile: EngineProfile,
                 tz: ZoneInfo, now: datetime):
        self.url, self.engine, self.page, self.topic_id = url, engine, page, topic_id
        self.profile, self.tz, self.now = profile, tz, now

    def layout_error(self, pid: int, position: int, what: str, detail: str) -> LayoutNotRecognised:
        return LayoutNotRecognised(self.url, self.engine,
                                   f"{what} of post {pid} (#{position + 1} on page {self.page}): {detail}")


def _read_post(ctx: _Context, pid: int, position: int, post: LexborNode, author_node: LexborNode | None,
               link: LexborNode | None, notice: LexborNode | None, time_node: LexborNode | None
               ) -> tuple[int, str, str | None, datetime, EditNotice | None]:
    """Every field but the body: (post id, author, author id, time, edit notice)."""
    profile, tz, now = ctx.profile, ctx.tz, ctx.now
    author = _clean(author_node.text()) if author_node is not None else ""
    if not author:
        raise ctx.layout_error(pid, position, "author", f"nothing matches `{profile.author}`")
    author_id = _author_id(post, author_node, link, profile)

    # The edit notice is read before the time: some engines nest it inside the date (MyBB).
    edit = None
    if notice is not None and notice.text(strip=True):
        hook = profile.hooks.get("edit")
        try:
            edit = (hook(notice, post, profile=profile, tz=tz, now=now) if hook
                    else _edit_notice(notice, profile, tz, now))
        except DateNotRecognised as exc:
            raise ctx.layout_error(pid, position, "edit time", str(exc)) from None

    hook = profile.hooks.get("time")
    try:
        if hook:
            when = hook(time_node, post, profile=profile, tz=tz, now=now)
        else:
            when = _generic_time(time_node, post, profile, tz, now)
    except DateNotRecognised as exc:
        raise ctx.layout_error(pid, position, "time", str(exc)) from None
    if when is None:
        raise ctx.layout_error(pid, position, "time", f"nothing matches `{profile.time}`")
    # One zone for every time a page yields (3.3's datetime is UTC, data-posted is unix): the forum's.
    when = when.astimezone(tz)
    if edit is not None and edit.at is not None:
        edit = EditNotice(at=edit.at.astimezone(tz), by=edit.by, reason=edit.reason)
    return pid, author, author_id, when, edit


def _refuse_garbled_authors(ctx: _Context, posts: list[tuple], charset: str) -> None:
    """A garbled nick, stored, would count its posts for nobody, and the version first seen is kept:
    - U+FFFD: a letter lost before we read it (a forum that stored mojibake, or a UTF-8 page with
      a broken sequence in the nick);
    - UTF-8 read as windows-1251 («РЎРѕРЅСЏ» for «Соня»): pairs like «РЎ» make at least half of
      the nick and one of them is no Russian letter pair (ё and a no-break space after «С» are)."""
    for pos, (pid, author, *_) in enumerate(posts):
        if "\ufffd" in author:
            raise ctx.layout_error(pid, position=pos, what="author", detail=(
                f"{author!r} holds U+FFFD (a character lost before mafvote read it; page read as "
                f"{charset}): the forum sent the nick garbled; check the page in a browser and tell "
                f"the forum's admin"))
        if ("Р" in author or "С" in author) and _UTF8_AS_CP1251.search(author) \
                and 4 * len(_UTF8_AS_CP1251_ANY.findall(author)) >= len(author.replace(" ", "")):
            raise ctx.layout_error(pid, position=pos, what="author", detail=(
                f"{author!r} reads like UTF-8 read as windows-1251 (page read as {charset}): a charset "
                f"problem; check the page in a browser, and if it shows the nick right, tell mafvote's "
                f"developers the forum's address; if it shows it garbled, tell the forum's admin"))


def _bodies(ctx: _Context, tree: LexborHTMLParser, matched: list[tuple[int, LexborNode]],
            bodies: list[LexborNode | None]) -> list[tuple[str, str]]:
    """(html without signature, content hash) of every post's body."""
    profile = ctx.profile
    for pos, body in enumerate(bodies):
        if body is None:
            raise ctx.layout_error(matched[pos][0], pos, "message body", f"nothing matches `{profile.body}`")
    htmls = [body.inner_html or "" for body in bodies]  # type: ignore[union-attr]
    junk_selectors = profile.signature + profile.strip
    if junk_selectors:
        for pos, body in enumerate(bodies):
            html = htmls[pos]
            # Selector queries cost more than a substring test: only look for what the html can hold.
            tag = body.tag or ""  # type: ignore[union-attr]
            junk = [node for sel in junk_selectors if _may_hold(html, sel, tag) for node in body.css(sel)]
            if junk and _remove(body, junk):  # type: ignore[arg-type]
                htmls[pos] = body.inner_html or ""  # type: ignore[union-attr]
    htmls = [html.strip() for html in htmls]
    if profile.signature_marker:
        marker = profile.signature_marker
        htmls = [html.split(marker, 1)[0].rstrip() if marker in html else html for html in htmls]
    hashed = list(htmls)
    for sel in profile.hash_ignore:
        for pos, volatile in _select_in_bodies(tree, bodies, htmls, sel):  # type: ignore[arg-type]
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


# Above this many bodies that may hold a selector, one page-level query beats one query per body.
_PAGE_QUERY_FROM = 4


def _select_in_bodies(tree: LexborHTMLParser, bodies: list[LexborNode], htmls: list[str],
                      selector: str) -> list[tuple[int, LexborNode]]:
    """(body index, node) for every node matching `selector` inside a body, in page order."""
    candidates = [pos for pos, html in enumerate(htmls) if _may_hold(html, selector, bodies[pos].tag or "")]
    if len(candidates) < _PAGE_QUERY_FROM:
        return [(pos, node) for pos in candidates for node in _unique(bodies[pos].css(selector))]
    per_body = _Owners(bodies).all_each(tree, selector, len(bodies))
    return [(pos, node) for pos, nodes in enumerate(per_body) for node in nodes]


def _unique(nodes: list[LexborNode]) -> list[LexborNode]:
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


def _remove(body: LexborNode, junk: list[LexborNode]) -> bool:
    """Decompose each junk node once; a node inside another one goes with it."""
    doomed = {node.mem_id for node in junk}
    body_key = body.mem_id
    removed = False
    for node in _unique(junk):
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


def _author_id(post: LexborNode, author_node: LexborNode | None, link: LexborNode | None,
               profile: EngineProfile) -> str | None:
    if not profile.author_link and author_node is not None:
        link = author_node if author_node.tag == "a" else _first_link(author_node)
    if link is not None:
        m = _rx(profile.author_id_pattern).search(link.attrs.get("href") or "")
        if m:
            return m.group(1)
    if profile.author_id_attr:
        value = post.attrs.get(profile.author_id_attr)
        if value:
            return value.strip()
    hook = profile.hooks.get("author_id")
    return hook(post, profile=profile) if hook else None


def _first_link(node: LexborNode) -> LexborNode | None:
    """`node.css_first("a[href]")` without compiling a selector (the author node is small)."""
    for inner in node.traverse():
        if inner.tag == "a" and "href" in inner.attrs:
            return inner
    return None


def _generic_time(node: LexborNode | None, post: LexborNode, profile: EngineProfile, tz: ZoneInfo,
                  now: datetime) -> datetime | None:
    """Machine-readable attributes first (node, its descendants, the post container), then the text."""
    time_attrs = profile.time_attrs
    if node is not None and time_attrs:
        found = _time_from_attrs(node, time_attrs, profile, tz, now)
        if found is None:
            for attr in time_attrs:
                inner = node.css_first(f"[{attr}]")
                if inner is not None:
                    found = _time_from_attrs(inner, time_attrs, profile, tz, now)
                    if found is not None:
                        break
        if found is not None:
            return found
    for attr in time_attrs:
        if attr in _MACHINE_ATTRS:
            value = post.attrs.get(attr)
            if value:
                return parse_machine(value, tz=tz)
    if node is None:
        return None
    text = _clean(node.text())
    if profile.time_text_pattern:
        m = _rx(profile.time_text_pattern).search(text)
        if m:
            text = m.group(1).strip()
    return parse_shown(text, tz=tz, now=now, formats=profile.date_formats)


def _time_from_attrs(node: LexborNode, time_attrs: tuple[str, ...], profile: EngineProfile, tz: ZoneInfo,
                     now: datetime) -> datetime | None:
    attrs = node.attrs
    for attr in time_attrs:
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
            at = _time_from_attrs(inner, profile.time_attrs, profile, tz, now)
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


# --- page level ---------------------------------------------------------------------------------

def _base_url(tree: LexborHTMLParser, url: str) -> str:
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


def _topic_id(tree: LexborHTMLParser, url: str, base: str, profile: EngineProfile) -> str:
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
        m = _rx(pattern).search(url)
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


def _pagination(tree: LexborHTMLParser, url: str, base: str, profile: EngineProfile
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


# --- dates ------------------------------------------------------------------------------------

# --- helpers ------------------------------------------------------------------------------------

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


def _may_hold(html: str, selector: str, holder_tag: str = "") -> bool:
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


def _clean(text: str | None) -> str:
    return " ".join((text or "").split())


@lru_cache(maxsize=256)
def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)
