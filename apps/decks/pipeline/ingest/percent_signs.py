"""A percent sign read with the space on its wrong side.

Some text layers (a font whose "%" is set apart from its number, or drawn with a wide left
side) read "5 %of all streets": the space before the sign, none after it, and a slide shows
a word that is no word ("%of"). The sign belongs to its number and a word follows it. R's
operators (`%in%`, `%>%`) close with a second sign and stay as written.
"""

from __future__ import annotations

import re

MOVED_SPACE = re.compile(r"(?<=\d) ?%(?!ile\b)(?=[^\W\d_]{2,}\b(?!%))")


def percent_spaced(text: str) -> str:
    """ "5 %of" → "5% of"."""
    return MOVED_SPACE.sub("% ", text)
