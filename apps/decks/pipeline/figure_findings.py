"""What the paper's text says a figure shows: the sentence that points at the figure with a
finding ("Figure 2 shows that the error grows with depth", "In Figure 2, the probes read 3 %
wetter than …"). A figure slide with nothing but its caption states it, so that the slide says
what the reader is to see, not only what is drawn."""

from __future__ import annotations

import re

from apps.decks.pipeline import clause_shape, main_points, text
from apps.decks.pipeline.caption_labels import REFERENCE_WORDS

# A pointer that says the rest of the sentence is what the figure shows: "Figure 2 shows
# that …", "As Figure 2 shows, …", "From Figure 2 we see that …", "In Figure 2, …".
_REF = rf"(?:our )?(?:{REFERENCE_WORDS}) \d+[a-z]?"
SHOWS_THAT = re.compile(
    rf"^(?:{_REF} (?:shows|illustrates|indicates|confirms|demonstrates|reveals|suggests|"
    rf"highlights) that\b|as (?:shown|seen|illustrated) in {_REF}\s*,|as {_REF} "
    rf"(?:shows|illustrates|indicates|demonstrates|reveals|suggests)\s*,|(?:in|from) {_REF},? "
    rf"(?:we|one) (?:can )?(?:see|observe|notice|find|note) that\b|(?:in|from|on) {_REF}\s*,|"
    rf"as (?:you|we|one) can (?:see|observe|notice) (?:in|from|on) {_REF}\s*,)",
    re.I,
)


def has_verb(sentence: str) -> bool:
    """A statement, not a bare noun phrase ("Residuals of the model"): a finite verb outside
    its subordinate clauses (clause_shape reads it without a tagger)."""
    shape = clause_shape.shape(sentence)
    return bool(clause_shape.main_verbs(shape, 0, len(shape.tokens)))


COLOUR = (
    r"(?:red|green|blue|yellow|black|white|grey|gray|orange|purple|violet|cyan|magenta|brown|"
    r"pink|dark|light|bold|dashed|dotted|solid)"
)
# What the reader is to see in a figure, read in the text: what its colours or marks stand for
# ("the common peaks appear in yellow, while those that differ are red and green", "the red
# hexagons mark …"), a trend ("the error grows with depth"), what stands out. Not a finding
# in numbers, but the sentence that reads the figure: on its slide it says what to look at.
READS_FIGURE = re.compile(
    rf"\b(?:appears?|shown|drawn|colou?red|marked|highlighted|plotted|displayed)\s+(?:in|as)\s+"
    rf"(?:a\s+|the\s+)?{COLOUR}\b|\b(?:is|are)\s+(?:in\s+)?{COLOUR}(?:\s+(?:and|or)\s+{COLOUR})?"
    rf"\b(?!\s+(?:line|dot|point|curve|bar|area|region|circle|square|cross|hexagon)s?\b)|"
    rf"\b{COLOUR}\s+(?:[\w-]+\s+)?(?:lines?|dots?|points?|curves?|bars?|areas?|regions?|circles?|"
    r"squares?|crosses?|hexagons?|symbols?|markers?)\s+(?:show|mark|indicate|represent|denote|"
    r"give|correspond)\w*\b|"
    rf"\b{COLOUR}\s+(?:[\w-]+\s+)?(?:lines?|dots?|points?|curves?|bars?|areas?|regions?|circles?|"
    r"squares?|crosses?|hexagons?|symbols?|markers?)\s+(?:is|are)\s+(?:an?|the)\b|"
    r"\b(?:increases?|decreases?|grows?|rises?|falls?|drops?|declines?|saturates?|levels?\s+off)"
    r"\s+(?:with|as|linearly|steadily|sharply|monotonically|rapidly|slowly)\b|"
    r"\b(?:is|are)\s+(?:clearly\s+)?(?:visible|noticeable|apparent)\b|\bstands?\s+out\b",
    re.I,
)


def states_finding(sentence: str, bullet: str) -> bool:
    """Does the paper's sentence (`bullet`: its claim without the pointer) say what the figure
    finds: introduced as what the figure shows, or a comparison, a measured number, the
    authors' "we find / results show", or a reading of the figure (its colours, a trend)?"""
    if not has_verb(bullet):
        return False
    if SHOWS_THAT.search(text.clean(sentence)):
        return True
    return any(
        pattern.search(bullet)
        for pattern in (
            text.FINDING,
            main_points.COMPARISON,
            main_points.MEASURE,
            main_points.RESULT_VERB,
            READS_FIGURE,
        )
    )


# A sentence that only points at a figure ("See Figure 5 for a visual comparison.", "(cf.
# Figure 5)"): it says nothing itself, and the sentences before it in its paragraph are what the
# figure shows ("… we remove 392 (98 %). See Figure 5 for a visual comparison.").
BARE_POINTER = re.compile(
    rf"^\(?(?:see|cf\.?|compare)\s+(?:also\s+)?{_REF}(?:\s+for\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+)?"
    # what it gives is a picture of the sentences before it, never "details" or "an overview"
    # (more than they say)
    r"(?:comparisons?|illustrations?|visuali[sz]ations?|results?|plots?|graphs?|charts?|"
    r"pictures?|view))?\s*[.)]*\s*$",
    re.I,
)
# at most so many sentences of the run before a bare pointer, from the run's start: a paragraph
# reading a figure states its comparison first (the baseline, then the paper's own), then the
# variants ("Switching to strict mode, …")
READ_BY_POINTER = 2


def pointed_readings(sentences: list[str], index: int) -> list[str]:
    """The sentences a bare pointer (`sentences[index]`) reads: the run just before it in its
    own paragraph that say what a figure shows (a measure, a comparison, a trend …) and name no
    figure or table themselves, the first of them in the paper's order. A pointer that says more, or a sentence
    of another paragraph, reads nothing here (another paragraph may read a panel the crop
    leaves out)."""
    if not BARE_POINTER.match(text.clean(sentences[index]).strip()):
        return []
    readings: list[str] = []
    for sentence in reversed(sentences[:index]):
        if text.figure_refs(sentence) or not states_finding(sentence, sentence):
            break  # the run of readings the pointer closes ends here
        readings.insert(0, sentence)
    return readings[:READ_BY_POINTER]
