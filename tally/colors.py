"""Classify any CSS colour a forum engine renders for BBCode ``[color=…]`` as a vote hue.

RULES.md §2: colour is recognised by hue, not by a fixed list. Every form an engine emits is
parsed to RGB (CSS names, ``#rgb``, ``#rgba``, ``#rrggbb``, ``#rrggbbaa``, ``rgb()``/``rgba()`` with
numbers or percentages, ``hsl()``/``hsla()``), then converted to HSL and put into a band:

=========  ==========================================================================
``red``    hue ≥ 340° or ≤ 15°, saturation ≥ 0.40, lightness 0.15–0.65
           (``red``, ``#FC0000``, ``#E60000``, ``darkred``, ``maroon``, ``crimson``, ``firebrick``)
``blue``   hue 200°–255°, saturation ≥ 0.35, lightness 0.10–0.70
           (``blue``, ``navy``, ``mediumblue``, ``#3366FF``, ``royalblue``, ``dodgerblue``, ``steelblue``)
``other``  any other colour: green, purple, orange, grey, black, white, pink (``pink`` has a red hue
           but lightness 0.88), salmon (0.71), cyan/``deepskyblue`` (hue < 200°), violet (> 255°)
``none``   no colour given, ``inherit``/``transparent``/``currentcolor``, or unparseable
=========  ==========================================================================

Decision (RULES.md names red shades and blue shades but no borders): the bands are wide enough
for every shade players type and the engines' palettes (XenForo's ``rgb(226, 80, 65)`` red and
``rgb(41, 105, 176)`` blue, IPS's ``#e74c3c``/``#3498db``), and narrow enough that pink, orange,
purple and cyan stay "other" (reported to the GM as an unrecognised colour when they hold a name).
"""
from __future__ import annotations

import colorsys
import re
from functools import lru_cache
from typing import Literal

__all__ = ["Hue", "classify", "parse_rgb", "hue_of_element"]

Hue = Literal["red", "blue", "other", "none"]

# CSS Color Module Level 4 named colours.
_NAMED: dict[str, int] = {
    "aliceblue": 0xF0F8FF, "antiquewhite": 0xFAEBD7, "aqua": 0x00FFFF, "aquamarine": 0x7FFFD4,
    "azure": 0xF0FFFF, "beige": 0xF5F5DC, "bisque": 0xFFE4C4, "black": 0x000000,
    "blanchedalmond": 0xFFEBCD, "blue": 0x0000FF, "blueviolet": 0x8A2BE2, "brown": 0xA52A2A,
    "burlywood": 0xDEB887, "cadetblue": 0x5F9EA0, "chartreuse": 0x7FFF00, "chocolate": 0xD2691E,
    "coral": 0xFF7F50, "cornflowerblue": 0x6495ED, "cornsilk": 0xFFF8DC, "crimson": 0xDC143C,
    "cyan": 0x00FFFF, "darkblue": 0x00008B, "darkcyan": 0x008B8B, "darkgoldenrod": 0xB8860B,
    "darkgray": 0xA9A9A9, "darkgreen": 0x006400, "darkgrey": 0xA9A9A9, "darkkhaki": 0xBDB76B,
    "darkmagenta": 0x8B008B, "darkolivegreen": 0x556B2F, "darkorange": 0xFF8C00,
    "darkorchid": 0x9932CC, "darkred": 0x8B0000, "darksalmon": 0xE9967A, "darkseagreen": 0x8FBC8F,
    "darkslateblue": 0x483D8B, "darkslategray": 0x2F4F4F, "darkslategrey": 0x2F4F4F,
    "darkturquoise": 0x00CED1, "darkviolet": 0x9400D3, "deeppink": 0xFF1493,
    "deepskyblue": 0x00BFFF, "dimgray": 0x696969, "dimgrey": 0x696969, "dodgerblue": 0x1E90FF,
    "firebrick": 0xB22222, "floralwhite": 0xFFFAF0, "forestgreen": 0x228B22, "fuchsia": 0xFF00FF,
    "gainsboro": 0xDCDCDC, "ghostwhite": 0xF8F8FF, "gold": 0xFFD700, "goldenrod": 0xDAA520,
    "gray": 0x808080, "green": 0x008000, "greenyellow": 0xADFF2F, "grey": 0x808080,
    "honeydew": 0xF0FFF0, "hotpink": 0xFF69B4, "indianred": 0xCD5C5C, "indigo": 0x4B0082,
    "ivory": 0xFFFFF0, "khaki": 0xF0E68C, "lavender": 0xE6E6FA, "lavenderblush": 0xFFF0F5,
    "lawngreen": 0x7CFC00, "lemonchiffon": 0xFFFACD, "lightblue": 0xADD8E6,
    "lightcoral": 0xF08080, "lightcyan": 0xE0FFFF, "lightgoldenrodyellow": 0xFAFAD2,
    "lightgray": 0xD3D3D3, "lightgreen": 0x90EE90, "lightgrey": 0xD3D3D3, "lightpink": 0xFFB6C1,
    "lightsalmon": 0xFFA07A, "lightseagreen": 0x20B2AA, "lightskyblue": 0x87CEFA,
    "lightslategray": 0x778899, "lightslategrey": 0x778899, "lightsteelblue": 0xB0C4DE,
    "lightyellow": 0xFFFFE0, "lime": 0x00FF00, "limegreen": 0x32CD32, "linen": 0xFAF0E6,
    "magenta": 0xFF00FF, "maroon": 0x800000, "mediumaquamarine": 0x66CDAA,
    "mediumblue": 0x0000CD, "mediumorchid": 0xBA55D3, "mediumpurple": 0x9370DB,
    "mediumseagreen": 0x3CB371, "mediumslateblue": 0x7B68EE, "mediumspringgreen": 0x00FA9A,
    "mediumturquoise": 0x48D1CC, "mediumvioletred": 0xC71585, "midnightblue": 0x191970,
    "mintcream": 0xF5FFFA, "mistyrose": 0xFFE4E1, "moccasin": 0xFFE4B5, "navajowhite": 0xFFDEAD,
    "navy": 0x000080, "oldlace": 0xFDF5E6, "olive": 0x808000, "olivedrab": 0x6B8E23,
    "orange": 0xFFA500, "orangered": 0xFF4500, "orchid": 0xDA70D6, "palegoldenrod": 0xEEE8AA,
    "palegreen": 0x98FB98, "paleturquoise": 0xAFEEEE, "palevioletred": 0xDB7093,
    "papayawhip": 0xFFEFD5, "peachpuff": 0xFFDAB9, "peru": 0xCD853F, "pink": 0xFFC0CB,
    "plum": 0xDDA0DD, "powderblue": 0xB0E0E6, "purple": 0x800080, "rebeccapurple": 0x663399,
    "red": 0xFF0000, "rosybrown": 0xBC8F8F, "royalblue": 0x4169E1, "saddlebrown": 0x8B4513,
    "salmon": 0xFA8072, "sandybrown": 0xF4A460, "seagreen": 0x2E8B57, "seashell": 0xFFF5EE,
    "sienna": 0xA0522D, "silver": 0xC0C0C0, "skyblue": 0x87CEEB, "slateblue": 0x6A5ACD,
    "slategray": 0x708090, "slategrey": 0x708090, "snow": 0xFFFAFA, "springgreen": 0x00FF7F,
    "steelblue": 0x4682B4, "tan": 0xD2B48C, "teal": 0x008080, "thistle": 0xD8BFD8,
    "tomato": 0xFF6347, "turquoise": 0x40E0D0, "violet": 0xEE82EE, "wheat": 0xF5DEB3,
    "white": 0xFFFFFF, "whitesmoke": 0xF5F5F5, "yellow": 0xFFFF00, "yellowgreen": 0x9ACD32,
}
# Russian colour words some boards accept in [color=…] (the value passes through as typed).
_NAMED.update({"красный": 0xFF0000, "синий": 0x0000FF})

_NO_COLOUR = {"", "inherit", "initial", "unset", "transparent", "currentcolor", "none", "revert"}
_HEX = re.compile(r"#?([0-9a-f]{3,8})")
_FUNC = re.compile(r"(rgba?|hsla?)\s*\(([^)]*)\)")
_STYLE_COLOR = re.compile(r"(?:^|;|\s)color\s*:\s*([^;\"']+)", re.IGNORECASE)
# Engine colour classes carrying the colour in the class name itself (e.g. ``bbc-color-red``,
# ``text-red``); classes such as MyBB's ``mycode_color`` or TorrentPier's ``p-color`` also carry an
# inline style, which wins.
_CLASS_COLOR = re.compile(r"^(?:[a-z]+[-_])?(?:colou?r|text|fc)[-_]([a-z]+|[0-9a-f]{6}|[0-9a-f]{3})$")


def _num(part: str, scale: float) -> float:
    part = part.strip()
    if part.endswith("%"):
        return float(part[:-1]) / 100.0 * scale
    return float(part)


def parse_rgb(value: str) -> tuple[int, int, int] | None:
    """RGB of a CSS colour value, or None when it names no colour."""
    v = value.strip().lower().replace("!important", "").strip().strip("'\"")
    if v in _NO_COLOUR:
        return None
    if v in _NAMED:
        n = _NAMED[v]
        return (n >> 16) & 255, (n >> 8) & 255, n & 255
    m = _FUNC.fullmatch(v)
    if m:
        kind, args = m.group(1), m.group(2)
        parts = [p for p in re.split(r"[\s,/]+", args.strip()) if p]
        if len(parts) < 3:
            return None
        try:
            if kind.startswith("rgb"):
                r, g, b = (max(0, min(255, round(_num(p, 255)))) for p in parts[:3])
                return r, g, b
            h = float(parts[0].removesuffix("deg")) % 360
            s = _num(parts[1], 1.0)
            light = _num(parts[2], 1.0)
            if not parts[1].endswith("%"):
                s /= 100.0
            if not parts[2].endswith("%"):
                light /= 100.0
            r2, g2, b2 = colorsys.hls_to_rgb(h / 360.0, light, s)
            return round(r2 * 255), round(g2 * 255), round(b2 * 255)
        except ValueError:
            return None
    m = _HEX.fullmatch(v)
    if m and (v.startswith("#") or len(m.group(1)) in (3, 6)):
        h = m.group(1)
        if len(h) in (3, 4):
            h = "".join(c * 2 for c in h[:3])
        elif len(h) in (6, 8):
            h = h[:6]
        else:
            return None
        return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)
    return None


@lru_cache(maxsize=4096)
def classify(value: str | None) -> Hue:
    """``red`` / ``blue`` / ``other`` / ``none`` for one CSS colour value (see module docstring)."""
    if value is None:
        return "none"
    rgb = parse_rgb(value)
    if rgb is None:
        return "none"
    h, light, s = colorsys.rgb_to_hls(*(c / 255.0 for c in rgb))
    hue = h * 360.0
    if (hue >= 340.0 or hue <= 15.0) and s >= 0.40 and 0.15 <= light <= 0.65:
        return "red"
    if 200.0 <= hue <= 255.0 and s >= 0.35 and 0.10 <= light <= 0.70:
        return "blue"
    return "other"


def hue_of_element(tag: str, attrs: dict[str, str | None]) -> Hue:
    """The colour an element gives its text: inline ``style="color: …"``, ``<font color>``, or an
    engine's colour class. ``none`` when the element sets no colour (its text inherits)."""
    style = attrs.get("style")
    # CSS property names are case-insensitive: IE-era editors wrote `style="COLOR: #ff0000"`
    if style and "olor" in style.lower():
        found = _STYLE_COLOR.findall(style)
        if found:
            hue = classify(found[-1].strip())   # the last declaration wins in CSS
            if hue != "none":
                return hue
    if tag == "font":
        color = attrs.get("color")
        if color:
            hue = classify(color)
            if hue != "none":
                return hue
    cls = attrs.get("class")
    if cls:
        for name in cls.lower().split():
            m2 = _CLASS_COLOR.match(name)
            if m2:
                hue = classify(m2.group(1))
                if hue != "none":
                    return hue
    return "none"
