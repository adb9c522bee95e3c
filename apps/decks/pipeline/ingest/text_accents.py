"""Accented letters a font draws as two glyphs: the letter, and an accent printed over (or a
cedilla under) it. TeX's original text fonts (OT1, the default of plain TeX and of LaTeX without
`fontenc`) have no "š" or "é": `\\v{s}` prints an "s" and a caron on top of it. Read glyph by
glyph, a name became "Ol ˇs ´ak", or — the caron taken for a math accent — "$\\check{s}$".

An accent glyph whose middle lies over a letter of a text font is that letter's accent: the two
become the one precomposed letter Unicode has for them ("š", "í" from a dotless "ı"). Over a
letter of a math font it stays a math accent ($\\hat{x}$), read as such by the word builder.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from apps.decks.pipeline.ingest.glyphs import Glyph

# as glyphs.ITALIC_FONT (which imports this module)
ITALIC_FONT = re.compile(r"Ital|Oblique|-It\b|Slant|CMMI|MathItalic|\.I$", re.I)

# A spacing accent (as fonts name it) or the combining mark itself → the combining mark
COMBINING = {
    "´": "\u0301",
    "`": "\u0300",
    "¨": "\u0308",
    "ˆ": "\u0302",
    "^": "\u0302",
    "˜": "\u0303",
    "~": "\u0303",
    "ˇ": "\u030c",
    "˘": "\u0306",
    "¯": "\u0304",
    "˙": "\u0307",
    "˚": "\u030a",
    "¸": "\u0327",
    "˝": "\u030b",
    "˛": "\u0328",
} | {
    mark: mark
    for mark in "\u0300\u0301\u0302\u0303\u0304\u0306\u0307\u0308\u030a\u030b\u030c\u0327\u0328"
}
DOTLESS = {"ı": "i", "ȷ": "j"}  # TeX accents an i or a j without its dot
SAME_SIZE = 0.8  # an accent set this much smaller than its letter belongs to a script
WORD_GAP_EM = 0.1  # letters of one word are set closer than this


def text_accents_composed(glyphs: list[Glyph]) -> list[Glyph]:
    """The line's glyphs with every accent drawn over a text letter merged into that letter."""
    accents = [g for g in glyphs if g.text in COMBINING and g.x1 > g.x0]
    if not accents:
        return glyphs
    # ("ˇ" and "ˆ" are modifier letters to Unicode: alphabetic, yet no letter to accent)
    letters = [
        g
        for g in glyphs
        if len(g.text) == 1 and g.text.isalpha() and g.text not in COMBINING and not g.mathy
    ]
    # Times-based mathematics sets its letters in the text italic: an italic letter is a word's
    # only when a letter of its font touches it ("café" in italics), never alone ("ṡ(t)")
    letters = [g for g in letters if not ITALIC_FONT.search(g.font) or _in_word(g, letters)]
    composed: dict[int, Glyph | None] = {}
    for accent in accents:
        letter = _letter_under(accent, letters)
        if letter is None:
            continue
        current = composed.get(id(letter)) or letter
        base = DOTLESS.get(current.text, current.text)
        merged = unicodedata.normalize("NFC", base + COMBINING[accent.text])
        if len(merged) != 1:
            continue  # no precomposed letter: left to the word builder
        composed[id(letter)] = replace(current, text=merged)
        composed[id(accent)] = None
    out = [composed.get(id(g), g) for g in glyphs]
    return [g for g in out if g is not None]


def _in_word(letter: Glyph, letters: list[Glyph]) -> bool:
    reach = WORD_GAP_EM * letter.size
    return any(
        other is not letter
        and other.font == letter.font
        and abs(other.baseline - letter.baseline) < 0.1 * letter.size
        and (0 <= other.x0 - letter.x1 <= reach or 0 <= letter.x0 - other.x1 <= reach)
        for other in letters
    )


def _letter_under(accent: Glyph, letters: list[Glyph]) -> Glyph | None:
    middle = (accent.x0 + accent.x1) / 2
    under = [
        g
        for g in letters
        if g.x0 - 0.3 <= middle <= g.x1 + 0.3
        and accent.size >= SAME_SIZE * g.size
        and abs(g.baseline - accent.baseline) < g.size
    ]
    return min(under, key=lambda g: abs((g.x0 + g.x1) / 2 - middle), default=None)
