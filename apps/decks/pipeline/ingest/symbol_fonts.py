"""Glyphs of a symbol font read as letters: a music, dingbat or icon font is no text.

A font that draws notes, rests, ornaments or pictures maps its glyphs to whatever code points
its encoding names — MusiXTeX's note heads read "Ď", "Ľ", "Ä", a dingbat font's pictures read
"a", "n" — so a music example's line reads "ĎĎĎĎ" and becomes a heading, a title, a bullet's
words. A reader sees notes, never those letters: such a glyph is left out of the text (it stays
in the page's glyphs, which figures and checks read). What such a font draws that is no letter
(a dingbat's check mark "✓" opening a list item, an icon's private-use code) stays: it is read
as the mark it is.
"""

from __future__ import annotations

import re

# Music fonts (MusiXTeX's notes and slurs, SMuFL's Bravura family, LilyPond's Emmentaler,
# Finale's Maestro and Petaluma, Sibelius' Opus), dingbats and pictogram fonts
SYMBOL_FONT = re.compile(
    r"MUSIX|TeXXSL|Bravura|Emmentaler|Petaluma|Leland|Maestro|Sonata|\bOpus|"
    r"Dingbat|Wingding|Webding|pzdr|bbding|MarVoSym|FontAwesome|Academicons",
    re.I,
)


def is_symbol_letter(char: dict) -> bool:
    """A glyph of a symbol font that its text map reads as a letter."""
    text = char.get("text", "")
    return bool(text) and text.isalpha() and bool(SYMBOL_FONT.search(str(char.get("fontname", ""))))


def text_chars(chars: list[dict]) -> list[dict]:
    """The page's characters a reader reads as text: a symbol font's letters left out."""
    return [c for c in chars if not is_symbol_letter(c)]
