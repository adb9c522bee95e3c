"""Whether a display's TeX writes every glyph of its box.

A display rebuilt from glyphs can lose a part and still read as a formula: a stacked fraction
left out of a sum ("f(r_i) = \\sum_j m_j W(r_i - r_j)" for "\\sum_j m_j \\frac{f_j}{\\rho_j}
W(r_i - r_j)"), an exponent that was not joined, a numerator whose denominator went elsewhere.
Such a display states another formula, worse than none. So each glyph of the display is looked
for in its TeX (as the symbol `tex_of` writes for it); one missing and the display is dropped.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter

from apps.decks.pipeline.ingest.glyphs import FUNCTIONS, Glyph, tex_of
from apps.decks.pipeline.ingest.operator_limits import NAMES
from apps.decks.pipeline.ingest.symbols import ACCENTS, GREEK, NEGATED, NEGATION_SLASH, OPERATORS

TOKEN = re.compile(r"\\[A-Za-z]+|\\.|\S")
# Marks the reading may drop on purpose: a display's trailing punctuation, the dots of an
# ellipsis written `\ldots`, the braces of TeX's own grouping.
IGNORED = set(".,;:{}")
# Commands written for a run of letters: "sin" glyph by glyph becomes `\sin`, "sigma" `\sigma`.
SPELLED = FUNCTIONS | NAMES | {name.lstrip("\\") for name in GREEK.values()}
# A relation crossed by a negation slash is written as its negated command (`\neq` for "=").
NEGATED_BASE = {
    OPERATORS.get(negated, negated).strip(): OPERATORS.get(base, base).strip()
    for base, negated in NEGATED.items()
}
ALIASES = {"\\mid": "|", "\\|": "|", "\\ldots": ".", "\\cdots": "\\cdot", "\\dots": "."}


def unaccounted(glyphs: list[Glyph], tex: str) -> Counter[str]:
    """The symbols of these glyphs that the TeX does not write (as many times as they are
    drawn); empty when every glyph is accounted for."""
    drawn: Counter[str] = Counter()
    for glyph in glyphs:
        if unwritten(glyph.text):
            continue
        drawn.update(t for t in TOKEN.findall(tex_of(glyph.text)) if t not in IGNORED)
    return drawn - _written(tex)


def unwritten(text: str) -> bool:
    """Glyphs that are no symbol of their own: blanks, accents (written as `\\hat{…}` over
    their letter), the negation slash (part of `\\neq`)."""
    text = text.strip()
    return (
        not text
        or text in ACCENTS
        or text == NEGATION_SLASH
        or all(unicodedata.category(ch) in ("Mn", "Sk") for ch in text)
    )


def _written(tex: str) -> Counter[str]:
    written: Counter[str] = Counter()
    for token in TOKEN.findall(tex):
        written[token] += 1
        name = token[1:]
        if name in SPELLED:
            written.update(name)  # the letters it was read from
        if token in NEGATED_BASE:
            written[NEGATED_BASE[token]] += 1
        if token in ALIASES:
            written[ALIASES[token]] += 1
    return written
