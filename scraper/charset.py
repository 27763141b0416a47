"""A forum page's bytes -> text, never mojibake (`decode_html`, `decode_bytes`), and the sign of a nick that is
UTF-8 read as windows-1251 (`utf8_read_as_cp1251`).

Pure. UTF-8 whenever the bytes are mostly UTF-8, else the single-byte charset the forum names or
charset-normalizer finds, refused when the text reads as a wrong decode (`decode_bytes` gives the order).
"""
from __future__ import annotations

import codecs
import re
from functools import lru_cache

from .model import LayoutNotRecognised

__all__ = ["decode_bytes", "decode_html", "utf8_read_as_cp1251"]

_META_CHARSET = re.compile(rb"""<meta[^>]+?charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)""", re.I)


def decode_html(html: bytes | str, encoding: str | None = None, *, url: str = "",
                engine: str = "auto") -> str:
    """Bytes -> text, never mojibake: see `decode_bytes` for the order.

    Raises LayoutNotRecognised (naming `url`, `engine` and the charsets tried) when no charset
    reads the page as text. A page that is mostly UTF-8 keeps U+FFFD where its bytes are broken.
    """
    if isinstance(html, str):
        return html
    text, _ = decode_bytes(html, encoding, url, engine)
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


def decode_bytes(raw: bytes, encoding: str | None, url: str, engine: str) -> tuple[str, str]:
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
                              "names: check the page in a browser and tell the forum's admin",
                              ("charset", {"tried": "; ".join(tried)}))


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


def utf8_read_as_cp1251(text: str) -> bool:
    """A nick like «РЎРѕРЅСЏ» («Соня» in UTF-8 read as windows-1251): pairs like «РЎ» make at least a half of
    it and one of them is no Russian letter pair (ё and a no-break space after «С» are)."""
    return bool(("Р" in text or "С" in text) and _UTF8_AS_CP1251.search(text)
                and 4 * len(_UTF8_AS_CP1251_ANY.findall(text)) >= len(text.replace(" ", "")))
