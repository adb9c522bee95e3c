"""Where a sentence ends at a display formula.

A numbered display read inside its paragraph stands as "Eq. (N)" (structure.py). When the
sentence ends inside the display ("… is  ρ = N/L.  (1)"), the text after it opens a sentence
of its own; without the display's full stop the two read as one ("… of length L is Eq. (1)
The estimate is unbiased …"), and a bullet cut from it glues two claims into one.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from apps.decks.pipeline.ingest.layout import Segment

EQUATION_NUMBER = re.compile(r"^\(\w+(?:\.\w+)*\)$")
# Words that open a sentence and are never a name a sentence could go on with after a
# formula: "Eq. (1) The estimate …" is two sentences whatever the display's punctuation.
SENTENCE_OPENERS = (
    "The|This|These|That|Those|There|Then|Thus|Hence|Here|We|It|Its|In|For|If|When|Since|"
    "Note|Our|Each|All|Such|As|A|An|To|With|By|On|Let|Finally|Therefore|However|Moreover|"
    "Furthermore|Similarly|Consequently|Other|Some|Many|Most|Both|Another|While|Although"
)
GLUED_AT_DISPLAY = re.compile(rf"(Eq\. \(\w+(?:\.\w+)*\))(?= (?:{SENTENCE_OPENERS}) [a-z])")


def display_ends_sentence(segments: list[Segment]) -> bool:
    """The display's last printed mark before its number is a full stop."""
    words = [w for s in segments for w in s.words if not EQUATION_NUMBER.match(w.text)]
    if not words:
        return False
    last = max(words, key=lambda w: w.x1)
    return last.text.endswith(".")


def sentence_after_display(text: str) -> str:
    """The text with a full stop after a display's placeholder that a new sentence follows."""
    return GLUED_AT_DISPLAY.sub(r"\1.", text)
