"""Which listing a bullet reads, with the paper as the oracle.

A paper that shows program output reads it in the sentences right after it: "The above is an
incomplete enumeration. We see 1,4,2,3 but not 1,4,3,2.", "Note the absence of a column reading
1 1 3 2.", "Here we see that the second call is faster." Such a sentence on a slide says nothing
unless that listing is beside it: on a slide that shows another listing it reads as a statement
about the one shown (set 22: "We see 1,4,2,3 …" under a different call's output), and on a slide
with none it points at nothing.

`listing_read` finds the listing: the bullet's paragraph stands right after it in its section
(Listing.after), and the bullet's sentence, one of the paragraph's first two, reads what is
above it (READS_ABOVE).
"""

from __future__ import annotations

import re

from apps.decks.pipeline import paper_order, text
from apps.decks.pipeline.paper import Listing, Paper

# A sentence that reads what stands above it: "The above is …", "Above, see how …", "We see …",
# "Here we can see …", "This output shows …", "The output is …", "Note the absence of …",
# "Notice how …", "Observe that …". Only at the sentence's start: "as we see in Section 2"
# reads the text, not a listing.
READS_ABOVE = re.compile(
    r"^(?:the\s+above\b|above\s*,|(?:here\s+)?(?:we|you)\s+(?:can\s+)?see\b|"
    r"this\s+(?:output|prints|printout|shows|gives|returns|listing|session)\b|"
    r"the\s+(?:output|printout|result)\s+(?:above\s+)?(?:shows?|is|gives)\b|"
    r"(?:note|notice|observe)\s+(?:the|that|how|here)\b)",
    re.I,
)
# how many of a paragraph's opening sentences may still read the listing above it
READING_SENTENCES = 2


def listing_read(bullet: str, paper: Paper) -> Listing | None:
    """The listing the bullet's sentence reads, or None (see the module's docstring)."""
    place = paper_order.place_of(bullet, paper)
    if place is None:
        return None
    section_index, paragraph, sentence = place
    section = paper.sections[section_index]
    above = [listing for listing in section.listings if listing.after == paragraph]
    if not above or sentence >= READING_SENTENCES:
        return None
    sentences = text.sentences(section.paragraphs[paragraph])
    # its own words read what is above: a sentence after one that does may be an aside
    if sentence < len(sentences) and READS_ABOVE.match(sentences[sentence].strip()):
        return above[-1]
    return None
