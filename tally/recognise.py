"""Read the votes in one post's stored HTML (RULES.md §2).

Data flow: ``read_post(html, matcher, …)`` parses the HTML with selectolax (lexbor), drops quotes,
spoilers, signatures and scripts, and flattens the rest into one text with, per character, the
hue of its nearest coloured ancestor (``colors.hue_of_element``) and whether it is bold; block
elements and ``<br>`` become line breaks. Votes are then found in that text:

* a **coloured run** (consecutive characters of one hue, across tags, so ``<b>Со</b>ня`` inside one
  ``[color]`` is one run) holding a roster name: red → red vote, blue → blue vote, any other hue →
  no vote and an ``unrecognised_colour`` problem; the run may hold more than the name
  (``голосую против Сони``), every name in it is a vote in reading order;
* a **colour word**: ``Name КРАСНЫМ`` / ``Name СИНИМ`` (any case, also ``… красным цветом``); the
  name is the 1–3 words just before the word on the same line;
* ``colors_matter = false`` (004): a roster name in any coloured or bold run, a line holding only a
  name, or a colour word; every such vote is a vote to hang (``red``);
* **GM posts** hold votes only as proxy votes: a line ``Вася голосует Петю красным`` or
  ``Вася — [color=red]Петя[/color]`` (``—``, ``-``, ``:``, ``голосует``); every other coloured name in a
  GM post (rules, interim tallies) is not a vote;
* ``досрочн…`` anywhere outside quotes marks the post early (for a proxy: on the proxy's line).

Decisions: a colour word after a capitalised or Latin word that names nobody is an
``unknown_target`` vote, or ``ambiguous_name`` with ``RosterMatcher.near``'s candidates (the player
clearly meant a vote); withdrawal phrases (``снимаю голос``,
``unvote``) produce nothing, so the previous vote stands (001 rule 5.4).

A vote run (red or blue; with ``colors_matter = false`` any coloured or bold run) with no roster name
in it is not dropped in silence when it reads as a name: it becomes a vote whose target is
``RosterMatcher.near`` of the would-be name: ``ambiguous`` with the players it may mean (the count flags
``ambiguous_name`` with them), else ``NameMatch("none")`` (flagged ``unknown_target``); either way the
previous valid vote stands (RULES.md §2, §3.2), ``written`` being the would-be name. A coloured run of one
two-letter capitalised word that begins a player's name (``Ка`` for Кадзуо, Катя) is such a vote even
though the dictionary knows the word (the roster is tried first). It reads as a name when

* it opens with vote words (``голосую против``, ``мой голос за``, ``в защиту``, ``вешаю``) and the next
  word is capitalised or Latin (``голосую против Пупкина``), however long the run; or
* it is at most three words, the first capitalised (an upper-case letter then lower-case ones:
  ``Пупкин``, ``Зинаида Петровна``; not ``НЕ``, ``ВНИМАНИЕ``, ``Я``) or a Latin word with a lower-case
  letter (``ronnin``), and that word is not an ordinary word: pymorphy3 does not know it, or knows it
  as a first name, surname or patronymic (``[color=red]Внимание[/color]``, ``[b]Важно[/b]``,
  ``[color=red]Мафия не пройдёт[/color]`` are not flagged).

A longer run without vote words is a sentence (``[color=red]Я думаю, что Пупкин врёт[/color]``) and
not flagged; lower-case Cyrillic words (``[color=red]красный[/color]``) never are. The written name is
that word and the capitalised words right after it (``Зинаида Петровна``). GM posts are not read this
way: their coloured text is rules, tallies and role reveals (``Вася — [color=red]Мафиозо[/color]``).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Literal, Mapping

import msgspec

from .colors import Hue, hue_of_element
from .model import StoredKey
from .names import NameMatch, RosterMatcher

__all__ = ["EXCLUDED_SELECTORS", "READING_VERSION", "Flat", "ReadVote", "Reading", "StoredKey", "add_stored", "flat_of",
           "flatten", "lines_to_read", "read_post", "stored_flat", "talk_facts"]


class ReadVote(msgspec.Struct, frozen=True):
    """One coloured name a post holds: the match, as written, its colour and where it stands."""
    target: NameMatch
    written: str
    color: Literal["red", "blue"]
    pos: int
    proxy_voter: NameMatch | None = None   # GM proxy votes: whose vote it is
    early: bool = False                    # proxy votes: досрочно on the proxy's line


class Reading(msgspec.Struct, frozen=True):
    """What a post says for the count: its votes, the early mark, names in other colours, its text."""
    votes: tuple[ReadVote, ...]
    early: bool
    unrecognised: tuple[tuple[str, str], ...] = ()   # (player, colour as classified) names in other colours
    text: str = ""


# Quotes, spoilers and signatures of every engine we know (ENGINES.md); their text never counts.
EXCLUDED_SELECTORS = (
    "blockquote", "q", "cite", "script", "style", "noscript", "template", "details",
    ".quote", ".quotecontent", ".quotetitle", ".quoteheader", ".quotefooter", ".bbc_standard_quote",
    ".bbc_alternate_quote", ".q-wrap", ".q", ".q-head", ".mycode_quote", ".bbcode_quote",
    ".bbCodeQuote", ".bbCodeBlock--quote", ".ipsQuote", ".post-block.quote", ".quote-box",
    ".spoiler", ".spoiler-body", ".spoiler_body", ".sp-wrap", ".sp-body", ".bbc_spoiler",
    ".spoil", ".post-block.spoil", ".bbCodeSpoiler", ".bbCodeSpoilerContainer", ".mycode_spoiler",
    ".ipsSpoiler", ".ipsSpoiler_contents", ".bbcode_spoiler", ".bbcode_spoiler_title",
    ".bbQuoteBlock", ".quoteMessage", ".bbQuoteName", ".uSpoilerText", ".uSpoilerButton",
    ".bbCodeBlock", ".bbcode_container",
    ".signature", ".signaturecontainer", ".post-sig", ".postsignature", ".post_signature", ".sig",
    "[id^=sig]", ".hidden-content",
)
_BLOCK = {
    "p", "div", "br", "li", "ul", "ol", "tr", "td", "th", "table", "h1", "h2", "h3", "h4", "h5",
    "h6", "hr", "pre", "dd", "dt", "dl", "section", "article", "header", "footer",
}
_BOLD_CLASSES = {"mycode_b", "bbc_b", "bbcode_b", "bold"}
_BOLD_STYLE = re.compile(r"font-weight\s*:\s*(bold|[6-9]00)", re.IGNORECASE)
_SIG_ID = re.compile(r"sig\d*")
_SPACES = re.compile(r"[ \t\r\n\xa0]+")


_WORD = re.compile(r"(?<![\w-])(красным|синим)(?:\s+цветом)?(?![\w-])", re.IGNORECASE)
_EARLY = re.compile(r"досрочн", re.IGNORECASE)
_TOKEN = re.compile(r"[^\s,;:!?()«»\"“”„]+")
_RUN_WORD = re.compile(r"[^\W_][\w'’-]*")
# Words that open a vote (RULES.md §2's own pattern "голосую против Сони"); what follows them is a name.
_VOTE_LEAD = frozenset({"голосую", "голосуем", "голос", "голосок", "против", "за", "защиту", "защищаю",
                        "вешаю", "вешаем", "повесить", "казнить", "казним", "vote", "votes"})
# Words that may come before or between those without being a name.
_LEAD_FILLER = frozenset({"я", "мой", "моё", "мое", "отдаю", "в", "свой", "сегодня", "всё", "все", "же",
                          "тогда", "пожалуй", "итак", "ну"})
# pymorphy3 grammemes of a person's name: such a word is a would-be player, not an ordinary word
_NAME_GRAMMEMES = ("Name", "Surn", "Patr")
_LATIN_WORD = re.compile(r"[A-Za-z]")
_PROXY_PREFIX = re.compile(
    r"^[\s\W]*(?P<voter>[^\n]+?)\s*(?:[—–:-]+|\bголосует\b|\bголосовала?\b|\bотдаёт голос\b|"
    r"\bотдает голос\b|\bпроголосовала?\b)\s*(?:за|против|в защиту)?\s*(?:[—–:-]\s*)?$",
    re.IGNORECASE,
)


# Message bodies some engines wrap in a <blockquote> (vB4 ``blockquote.postcontent``, XenForo 1
# ``blockquote.messageText``): those are the post, not a quote.
_BODY_BLOCKQUOTE = {"postcontent", "messageText", "restore", "ugc", "SelectQuoteContainer"}


def _excluded(tag: str, attrs: dict) -> bool:
    if tag in _ALWAYS_EXCLUDED:
        return True
    if not attrs:
        return tag == "blockquote"
    cls = attrs.get("class")
    cl = set(cls.split()) if cls else set()
    if tag == "blockquote":
        return not (cl & _BODY_BLOCKQUOTE)
    if cl:
        if cl & _EXCLUDED_CLASSES:
            return True
        if "post-block" in cl and (("quote" in cl) or ("spoil" in cl)):
            return True
    ident = attrs.get("id")
    if ident and _SIG_ID.fullmatch(ident):
        return True
    if tag == "div":
        style = attrs.get("style")
        if style:
            style = style.replace(" ", "").lower()
            if "margin:20px" in style and "margin-top:5px" in style:
                return True  # vBulletin 3 quote box
    return False


_ALWAYS_EXCLUDED = frozenset({"script", "style", "noscript", "template", "details", "cite", "q"})


_EXCLUDED_CLASSES = {
    s[1:] for s in EXCLUDED_SELECTORS if s.startswith(".") and "." not in s[1:]
}


def _is_bold(tag: str, attrs: dict) -> bool:
    style = attrs.get("style")
    if style and _BOLD_STYLE.search(style):
        return True
    cls = attrs.get("class")
    return bool(cls and set(cls.split()) & _BOLD_CLASSES)


class _Flat:
    """The post's visible text with per-character hue and boldness."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.hues: list[tuple[int, int, Hue]] = []
        self.bold: list[tuple[int, int]] = []
        self.n = 0

    def add(self, text: str, hue: Hue, bold: bool) -> None:
        if not text:
            return
        s = self.n
        self.parts.append(text)
        self.n += len(text)
        if hue != "none":
            self.hues.append((s, self.n, hue))
        if bold:
            self.bold.append((s, self.n))

    def newline(self) -> None:
        if self.parts and not self.parts[-1].endswith("\n"):
            self.add("\n", "none", False)

    def text(self) -> str:
        return "".join(self.parts)


# The most nodes of one post read (issue 13): a real post has hundreds; a post of 50,000 nested tags is an
# attack on the count, and its text past this many nodes is not read.
MAX_NODES = 100_000


def _walk(node, flat: _Flat, hue: Hue, bold: bool) -> None:  # noqa: ANN001
    """`node`'s visible text into `flat`, depth first. An explicit stack, not recursion: a post's nesting is
    the poster's to choose, and 1,000 nested tags stopped the whole game's count with RecursionError."""
    # a frame: (the next child to read, the hue and boldness there, whether the element is a block)
    stack: list[tuple[object, Hue, bool, bool]] = [(node.child, hue, bold, False)]
    budget = MAX_NODES
    while stack:
        child, hue, bold, block = stack.pop()
        descended = False
        while child is not None:
            budget -= 1
            if budget < 0:
                return
            if child.is_text_node:
                t = child.text_content
                if t:
                    if "\n" in t or "\t" in t or "\r" in t or "\xa0" in t or "  " in t:
                        t = _SPACES.sub(" ", t)
                    flat.add(t, hue, bold)
            elif child.is_element_node:
                tag = child.tag
                if tag == "br":
                    flat.newline()
                else:
                    attrs = child.attributes
                    if not _excluded(tag, attrs):
                        h = hue_of_element(tag, attrs) if attrs else "none"
                        inner = tag in _BLOCK
                        if inner:
                            flat.newline()
                        stack.append((child.next, hue, bold, block))
                        stack.append((child.child, h if h != "none" else hue,
                                      bold or tag == "b" or tag == "strong" or (bool(attrs) and _is_bold(tag, attrs)),
                                      inner))
                        descended = True
                        break
                    if tag in _BLOCK or tag == "blockquote" or tag == "details":
                        flat.newline()
            child = child.next
        if not descended and block:
            flat.newline()


def _runs(intervals) -> list[tuple[int, int, str]]:  # noqa: ANN001 - (start, end, hue) in order
    """Merge touching intervals of one hue (a name split by tags inside one colour)."""
    out: list[tuple[int, int, str]] = []
    for s, e, h in intervals:
        if out and out[-1][2] == h and out[-1][1] == s:
            out[-1] = (out[-1][0], e, h)
        else:
            out.append((s, e, h))
    return out


def _line_bounds(text: str, pos: int) -> tuple[int, int]:
    s = text.rfind("\n", 0, pos) + 1
    e = text.find("\n", pos)
    return s, (len(text) if e < 0 else e)


def read_post(html: str, matcher: RosterMatcher, *, colors_matter: bool = True,
              gm: bool = False, text: bool = True) -> Reading:
    """The votes a post holds, in reading order (see the module docstring).

    ``text=False`` (the count: it reads the text only of a post without votes and other-colour names): the
    `Reading.text` of a post that holds either may be left empty. Its stored text is then not decoded (the bench's
    3,000-post day: 1,927 vote posts, callgrind −7.5 M instructions a cold count, issue 17); such a reading is kept
    apart from the one with its text."""
    if colors_matter and not text:
        stored = matcher.stored.get(html)
        if stored is not None and not gm:
            # the count's reading of a player's stored post, from its stored head alone (`_read`): each distinct head
            # is read once a matcher (`RosterMatcher.heads`), so a post's reading is not kept by post as well: the
            # look-up of its head costs what a look-up of it would, and a cold count reads each post once (the
            # bench's 3,000-post day: 2,906 readings neither made as a copy of their head's nor kept, issue 17)
            if not Flat.coloured_in_json(stored):
                return _NOTHING
            held, _ = _held(stored, matcher)
            if held.votes or held.unrecognised:
                return held
    key = (html, colors_matter, gm) if text else (html, colors_matter, gm, False)
    cache = matcher.readings
    hit = cache.get(key)
    if hit is None:
        hit = _read(html, matcher, colors_matter, gm, text)
        if len(cache) < 200_000:
            cache[key] = hit
    return hit


# The version of `flatten` (the parse, what is dropped as quote, spoiler or signature, each character's colour
# and boldness, the line breaks, the talk facts of the markup-stripped text). mafvote stores every post version's
# `Flat` with this number and reads again every stored one of another number (mafvote.store): bump it whenever
# `flatten` can give another result for the same HTML. tests/app/test_stored_readings.py fingerprints the flat
# readings of the captured forum pages and fails until it is bumped (and its fingerprint updated).
# 2: the talk facts (`Flat.vote_word`, `Flat.fewest_words`), so that a count needs no HTML at all (issue 17).
# 3: the roster-free part of `_read` stored ahead of the text (`Flat.runs`, `Flat.words`, `Flat.early`), so that a cold
#    count of a post with a vote decodes only that (issue 17).
READING_VERSION = 3

# markup stripped cheaply, to look at a colourless post's lines without parsing it (`talk_facts`)
_TAG = re.compile(r"<[^>]*>")
_BREAK = re.compile(r"<(?:br|/?(?:p|div|li|tr|h[1-6]|pre|blockquote))\b[^>]*>", re.IGNORECASE)
LINE_PUNCT = " \t\xa0.!?,;:-—–"
# Words that make a line an attempt to vote ("голосую Трубодур", "мой голос против Сони", "вешаю Юку"); a
# name in a vote-thread line without one ("присматриваюсь к Алукарду", "Nevermore, серьёзно?") is talk.
VOTE_WORD = re.compile(r"голос|против|повес|вешаю|вешать|вешаем|казн|в защиту|защищаю|\bvote", re.IGNORECASE)
# `Flat.fewest_words` of a text without a line that begins with a letter
NO_SHORT_LINE = 1 << 30


def lines_to_read(text: str, max_words: int) -> list[str]:
    """The lines that may hold a would-be vote: a vote word in them, or short enough (at most `max_words`
    words, the roster's longest name) to be a name alone."""
    out = []
    for line in text.split("\n"):
        bare = line.strip(LINE_PUNCT)
        if VOTE_WORD.search(line) or (bare[:1].isalpha() and len(bare.split()) <= max_words):
            out.append(line)
    return out


def talk_facts(html: str) -> tuple[bool, int]:
    """Of the markup-stripped HTML (quotes included, no parse): whether a line holds a vote word, and the fewest
    words of a line that begins with a letter. `lines_to_read(stripped, n)` is non-empty exactly when
    ``vote_word or fewest_words <= n``: the facts answer it for any roster without the HTML."""
    vote_word, fewest = False, NO_SHORT_LINE
    for line in _TAG.sub("", _BREAK.sub("\n", html)).split("\n"):
        if VOTE_WORD.search(line):
            vote_word = True
        bare = line.strip(LINE_PUNCT)
        if bare[:1].isalpha():
            fewest = min(fewest, len(bare.split()))
    return vote_word, fewest


_SCAN_JSON = json.JSONDecoder().scan_once
# one encoder for every reading stored (`json.dumps` with options builds one per call)
_ENCODE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


@dataclass(frozen=True)
class Flat:
    """What a post's HTML reads as before any name is matched: the part of a reading that does not depend on
    the roster or the rules, kept in the store beside each post version so that a count reads no HTML.
    ``hues`` are (start, end, hue) of the coloured characters of ``text``, ``bold`` (start, end) of the bold
    ones; ``coloured``: the raw HTML holds a colour or a colour word (without, a post holds no vote where
    colours matter); ``vote_word`` and ``fewest_words``: `talk_facts` of the HTML (the defaults: "read the
    text"), which tell whether a colourless post has a line worth reading for a name written as talk.

    ``runs``, ``words`` and ``early`` are what `_read` looks at first, taken from ``text`` and ``hues``; `to_json`
    writes them ahead of the text and the text ahead of its marks (READING_VERSION 3), so that a count where
    colours matter reads a player's post with a vote from those two alone: no marks decoded, no `Flat` built."""

    text: str
    hues: tuple[tuple[int, int, str], ...]
    bold: tuple[tuple[int, int], ...]
    coloured: bool
    vote_word: bool = True
    fewest_words: int = 0

    def __post_init__(self) -> None:
        # `runs`, `words`, `early`: plain attributes, not fields (equal flats are equal texts, colours and bold)
        text = self.text
        low = text.lower()
        words = []
        if "красным" in low or "синим" in low:
            for wm in _WORD.finditer(text):
                ls, _ = _line_bounds(text, wm.start())
                words.append((ls, wm.start(), wm.group(1).lower() == "красным", text[ls:wm.start()]))
        set_ = object.__setattr__
        # (start, hue, the run's text) of each coloured run: touching intervals of one hue merged
        set_(self, "runs", tuple((s, h, text[s:e]) for s, e, h in _runs(self.hues)))
        # each colour word (``КРАСНЫМ``, ``синим цветом``): (its line's start, its start, whether it is red, the
        # line's text before it)
        set_(self, "words", tuple(words))
        set_(self, "early", "досрочн" in low)       # ``досрочн…`` anywhere in the text

    def to_json(self) -> str:
        # three JSON values one after the other: what a count reads first, the text, the text's colours and bold
        return (_ENCODE([int(self.coloured), int(self.vote_word), self.fewest_words, int(self.early), self.runs,
                         self.words]) + _ENCODE(self.text) + _ENCODE([self.hues, self.bold]))

    @classmethod
    def from_json(cls, text: str) -> "Flat":
        # the JSON scanner itself: `json.loads`' layers around it cost as much as the scan (a cold count decodes
        # thousands); `to_json` writes no space before or after the lists. Reading code 1 and 2 wrote one list,
        # [coloured, text, hues, bold, *talk] (read here for `talk_in_json`; the store never hands one on)
        try:
            head, end = _SCAN_JSON(text, 0)
            if len(head) > 1 and isinstance(head[1], str):
                coloured, flat, hues, bold, *talk = head
                vote_word, fewest = talk if talk else (True, 0)
            else:
                coloured, vote_word, fewest = head[:3]
                flat, end = _SCAN_JSON(text, end)
                (hues, bold), _ = _SCAN_JSON(text, end)
        except (StopIteration, ValueError, TypeError):
            raise ValueError(f"not a stored reading: {text[:40]!r}") from None
        return cls(flat, tuple(map(tuple, hues)), tuple(map(tuple, bold)), bool(coloured), bool(vote_word), fewest)

    @staticmethod
    def coloured_in_json(text: str) -> bool:
        """`coloured` of `to_json`'s text without decoding it: its first item, 0 or 1."""
        return not text.startswith("[0,")

    @classmethod
    def talk_in_json(cls, text: str) -> tuple[bool, int]:
        """(`vote_word`, `fewest_words`) of `to_json`'s text: its second and third items, both numbers, read without
        decoding the rest (else, an older reading, from the whole decoded)."""
        items = text[1:32].split(",", 3)
        if len(items) == 4 and items[1] in ("0", "1") and items[2].isdigit():
            return items[1] == "1", int(items[2])
        flat = cls.from_json(text)
        return flat.vote_word, flat.fewest_words


def _coloured(html: str) -> bool:
    # a colour (style, <font color>, a colour class) or a colour word in the raw HTML
    low = html.lower()
    return ("color" in low or "colour" in low or "красн" in low or "синим" in low or "text-" in low
            or "fc-" in low)


def flatten(html: str) -> Flat:
    """The post's visible text with the colour and boldness of each character (module docstring)."""
    # A fragment parse (the HTML Standard's fragment algorithm) is ~4x cheaper than a document;
    # the wrapper div is the root, so the whole message is walked.
    # start-up: selectolax (with logging) only where HTML is read; a count from stored readings reads none
    from selectolax.lexbor import LexborHTMLParser
    tree = LexborHTMLParser(f"<div>{html}</div>", is_fragment=True)
    root = tree.root
    flat = _Flat()
    while root is not None:
        if root.is_element_node:
            _walk(root, flat, "none", False)
        root = root.next
    return Flat(flat.text(), tuple(flat.hues), tuple(flat.bold), _coloured(html), *talk_facts(html))


def add_stored(matcher: RosterMatcher, readings: Mapping[str, str]) -> None:
    """Give `matcher` the stored readings of post versions (`Flat.to_json`) by their key (`Post.key_of`): each is
    decoded the first time a count reads its post (`stored_flat`), once per matcher."""
    flats, stored = matcher.flats, matcher.stored
    if not flats:
        # a cold count's matcher has decoded none: the readings taken as they are, in C (the bench's 3,000-post day:
        # ≈ 2.4 M instructions a cold count in the loop below, issue 17)
        stored.update(readings)
        return
    for key, reading in readings.items():
        if key not in flats:
            stored[key] = reading


def stored_flat(html: str, matcher: RosterMatcher) -> Flat | None:
    """The `Flat` the caller gave `matcher` for this post version (`flats`, or `stored` decoded now), else None."""
    flat = matcher.flats.get(html)
    if flat is None:
        text = matcher.stored.pop(html, None)
        if text is not None:
            flat = matcher.flats[html] = Flat.from_json(text)
    return flat


def flat_of(html: str, matcher: RosterMatcher) -> Flat:
    """The post's `Flat`: the stored one the caller gave `matcher` (`stored_flat`), else read from the HTML."""
    flat = stored_flat(html, matcher)
    if flat is None:
        if isinstance(html, StoredKey):
            raise LookupError(f"no stored reading for the post version {html!r} in the matcher's flats")
        flat = flatten(html)
    return flat


# a post that holds nothing for the count: no vote, no early mark, no other colour, no text to read further
_NOTHING = Reading((), False, (), "")


def _held(stored: str, matcher: RosterMatcher) -> tuple[Reading, int]:
    """The votes of a player's stored post where colours matter, and where its head ends in `stored`.

    What reading code 3 stores ahead of the text's marks: a post with a vote needs nothing else. `_votes` of a
    player's post where colours matter reads only these, never the text: the same first value gives the same votes
    (`RosterMatcher.heads`, the reading with no text), the text is the post's own. The head is looked up without
    decoding it (a day's posts share a few hundred: the bench's 3,000, 285): `to_json` writes it as a list, then the
    text, a JSON string, so its end is the first `]"` unless a string in it ends in `]`. That cut is a guess checked
    by the look-up: every key is a whole JSON list as decoded, and a shorter prefix of a post's head is never one. A
    miss decodes the head."""
    end = stored.find(']"') + 1
    held = matcher.heads.get(stored[:end]) if end else None
    if held is None:
        head, end = _SCAN_JSON(stored, 0)
        source = stored[:end]
        held = matcher.heads.get(source)
        if held is None:
            held = _votes(head[4], head[5], head[3], matcher, True, False, None, "")
            if len(matcher.heads) < 100_000:
                matcher.heads[source] = held
    return held, end


def _read(html: str, matcher: RosterMatcher, colors_matter: bool, gm: bool, text: bool = True) -> Reading:
    # the stored reading when the caller has it (`RosterMatcher.flats`), else the HTML's. Without a colour or a
    # colour word in the raw HTML a post cannot hold a vote when colours matter: such posts skip the parse.
    flat = matcher.flats.get(html)
    if flat is None:
        stored = matcher.stored.get(html)
        if stored is not None:
            if colors_matter:
                if not Flat.coloured_in_json(stored):
                    return _NOTHING                     # (left undecoded)
                if not gm:
                    held, end = _held(stored, matcher)
                    if held.votes or held.unrecognised:
                        return Reading(held.votes, held.early, held.unrecognised,
                                       _SCAN_JSON(stored, end)[0] if text else "")
                else:
                    # a GM's post: its proxy lines are read from its text, but not its marks (hues, bold), which
                    # where colours matter only make the runs the stored head already holds: no `Flat` decoded
                    # or built (the bench's 3,000-post day: 94 GM posts, issue 17)
                    head, end = _SCAN_JSON(stored, 0)
                    return _votes(head[4], head[5], head[3], matcher, True, True, None, _SCAN_JSON(stored, end)[0])
            flat = stored_flat(html, matcher)
        elif isinstance(html, StoredKey):
            flat = flat_of(html, matcher)       # raises: a version without HTML must come with its reading
    if colors_matter and not (flat.coloured if flat is not None else _coloured(html)):
        return _NOTHING
    if flat is None:
        flat = flatten(html)
    return _votes(flat.runs, flat.words, flat.early, matcher, colors_matter, gm, flat, flat.text)


def _votes(runs, words, early: bool, matcher: RosterMatcher, colors_matter: bool,  # noqa: ANN001 - `Flat.runs`, `.words`
           gm: bool, flat: Flat | None, text: str) -> Reading:
    """The votes of a post from what `Flat` reads first (`runs`, `words`, `early`: from the store's JSON or a `Flat`)
    and its text; `flat` itself where colours do not matter (its bold), None where they do in a player's post."""
    votes: list[ReadVote] = []
    unrecognised: list[tuple[str, str]] = []
    taken: list[tuple[int, int]] = []

    # coloured (and, without colours, bold) runs
    if not colors_matter:
        assert flat is not None
        runs = sorted([*runs, *((s, "bold", text[s:e]) for s, e, _ in _runs([(s, e, "bold") for s, e in flat.bold]))],
                      key=lambda r: (r[0], r[0] + len(r[2]), r[1]))
    # vote runs naming nobody for sure (no one, or only candidates): added after the other passes
    unknown: list[tuple[int, int, str, NameMatch, str]] = []
    for s, hue, chunk in runs:
        found = matcher.find_in(chunk)
        if not found and not gm and (not colors_matter or hue in ("red", "blue")):
            # a bold run (004) is emphasis as often as a vote: only a coloured one is read as a typed-off name
            would = _would_be_name(chunk, matcher, coloured=hue != "bold")
            if would is not None:
                unknown.append((s + would[0], s + would[1], "red" if not colors_matter else hue, would[2],
                                chunk[would[0]:would[1]]))
            continue
        for ns, ne, m in found:
            a, b = s + ns, s + ne
            if taken and _overlaps(taken, a, b):
                continue
            if colors_matter and hue not in ("red", "blue"):
                if m.status == "match":
                    unrecognised.append((m.player or "", hue))
                continue
            taken.append((a, b))
            votes.append(ReadVote(m, chunk[ns:ne], "red" if not colors_matter else hue, a))  # type: ignore[arg-type]

    # colour words: "Соня СИНИМ", "Алукард КРАСНЫМ", "Петю красным цветом"
    for ls, _, red, before in words:
        toks = list(_TOKEN.finditer(before))
        if not toks:
            continue
        found = None
        for n in range(min(matcher.max_words, len(toks)), 0, -1):
            a, b = toks[-n].start(), toks[-1].end()
            m = matcher.match(before[a:b].strip(".'’-"), fuzzy=(n == 1))
            if m.status != "none":
                found = (a, b, m)
                break
        if found is None:
            a, b = toks[-1].start(), toks[-1].end()
            w = before[a:b]
            if not (w[:1].isupper() or re.match(r"[A-Za-z]", w)) or w.lower() in ("голосую", "голос"):
                continue
            # the GM is shown the players it may mean («Сноумена КРАСНЫМ» → Snowman), or none
            found = (a, b, matcher.near(w.strip(".'’-")))
        a, b, m = found
        if taken and _overlaps(taken, ls + a, ls + b):
            continue
        color = "red" if (red or not colors_matter) else "blue"
        taken.append((ls + a, ls + b))
        votes.append(ReadVote(m, before[a:b], color, ls + a))  # type: ignore[arg-type]

    # colours do not matter: a line that is only a name is a vote
    if not colors_matter:
        pos = 0
        for line in text.split("\n"):
            stripped = line.strip(" \t.!,;:-—–")
            if stripped and len(stripped.split()) <= matcher.max_words:
                m = matcher.match(stripped)
                a = pos + line.find(stripped)
                b = a + len(stripped)
                if m.status != "none" and not (taken and _overlaps(taken, a, b)):
                    taken.append((a, b))
                    votes.append(ReadVote(m, stripped, "red", a))
            pos += len(line) + 1

    # RULES.md §3.2: a vote for a name not on the roster is invalid and flagged, not silently lost
    for a, b, hue, near, written in unknown:
        if not (taken and _overlaps(taken, a, b)):
            taken.append((a, b))
            votes.append(ReadVote(near, written, hue, a))  # type: ignore[arg-type]

    if len(votes) > 1:
        votes.sort(key=lambda v: v.pos)
    if gm:
        return Reading(tuple(_proxies(votes, text, matcher)), False, (), text)
    return Reading(tuple(votes), bool(early), tuple(unrecognised), text)


def _overlaps(taken: list[tuple[int, int]], s: int, e: int) -> bool:
    for ts, te in taken:
        if s < te and ts < e:
            return True
    return False


def _would_be_name(chunk: str, matcher: RosterMatcher, *, coloured: bool = True
                   ) -> tuple[int, int, NameMatch] | None:
    """Where a vote run that names nobody holds a would-be name (module docstring), with the players it may
    mean (``RosterMatcher.near``: ``ambiguous`` with candidates, else ``none``), or None."""
    words = list(_RUN_WORD.finditer(chunk))
    i, explicit = 0, False
    while i < len(words) and words[i].group().lower() in _VOTE_LEAD | _LEAD_FILLER:
        explicit = explicit or words[i].group().lower() in _VOTE_LEAD
        i += 1
    if i >= len(words):
        return None
    first = words[i].group()
    if explicit:
        if not (_capitalised(first) or _LATIN_WORD.match(first)):
            return None
    else:
        if len(words) > 3 or not (_capitalised(first) or _latin_nick(first)):
            return None
        if coloured and len(words) == 1 and len(first) == 2:
            # RULES.md §2 (Мари's red «Ка»): the roster is tried before the dictionary; a two-letter word
            # that begins a player's name is a vote typed off, shown to the GM with the candidates. «Ка» is
            # a particle to pymorphy3 and would otherwise be dropped as an ordinary word
            near = matcher.near(first)
            if near.status != "none":
                return words[i].start(), words[i].end(), near
        if not _LATIN_WORD.match(first) and _ordinary_word(first, matcher):
            return None
    # the name goes on while capitalised words follow with only a space between ("Зинаида Петровна")
    j = i
    while (j + 1 < len(words) and j + 1 - i < max(2, matcher.max_words)
           and not chunk[words[j].end():words[j + 1].start()].strip()
           and (_capitalised(words[j + 1].group()) or _latin_nick(words[j + 1].group()))):
        j += 1
    return words[i].start(), words[j].end(), matcher.near(chunk[words[i].start():words[j].end()])


def _capitalised(word: str) -> bool:
    return len(word) >= 2 and word[0].isupper() and any(ch.islower() for ch in word[1:])


def _latin_nick(word: str) -> bool:
    return len(word) >= 2 and bool(_LATIN_WORD.match(word)) and any(ch.islower() for ch in word)


def _ordinary_word(word: str, matcher: RosterMatcher) -> bool:
    """A word the dictionary knows as something other than a person's name (``Внимание``, ``Мафия``)."""
    morph = matcher.morph
    low = word.lower()
    if morph is None or not morph.word_is_known(low):
        return False
    return not any(g in p.tag for p in morph.parse(low)[:4] for g in _NAME_GRAMMEMES)


def _proxies(votes: list[ReadVote], text: str, matcher: RosterMatcher) -> list[ReadVote]:
    """GM posts: keep only ``Вася — Петя`` / ``Вася голосует Петю красным`` lines."""
    out: list[ReadVote] = []
    for v in votes:
        ls, le = _line_bounds(text, v.pos)
        prefix = text[ls:v.pos]
        pm = _PROXY_PREFIX.match(prefix)
        if not pm:
            continue
        voter = matcher.match(pm.group("voter").strip())
        if voter.status != "match":
            continue
        out.append(ReadVote(v.target, v.written, v.color, v.pos, voter,
                            bool(_EARLY.search(text[ls:le]))))
    return out
