"""What a figure shows, said in the sentence after the one that presents it.

Papers present a figure in one sentence and say what it shows in the next: "The kNN distance
plot is shown in Figure 4. A knee is visible at around a distance of 0.06.", "The chemical
composition is presented in Table 1. Fifteen components representing 99.9 % of the oil were
identified." The presenting sentence is only a pointer (it says where the figure is, or what
kind of plot it is); the sentence after it names no figure and is the reading. A figure slide
of a run of captions (figure_runs) or a results figure shown mute (main_results.unstated) was
left with nothing to say when only the pointer cited its figure: its statement stayed in the
speaker notes. `reading_after` finds that next sentence, read with the paper:

- it follows a sentence citing this figure alone, in the same paragraph, and names no figure
  or table itself;
- it stays on the figure's subject: a content word of it (by its first five letters) is in the
  caption or the presenting sentence;
- it reads the figure (`_reads`: a comparison, a measure, the authors' finding, a trend, what
  is visible, what its marks stand for, a quantity read off it with its unit), cites no other
  work, and is no step of a how-to ("To produce this plot, use:", "To compute this, we
  call …": a purpose clause opening it, or a colon closing it).

Nothing is invented: the paper's sentence, made a bullet as a main point is, refused when it
leans on a sentence the deck does not show.
"""

from __future__ import annotations

import re

from apps.decks.pipeline import text
from apps.decks.pipeline.paper import Figure, Paper

# what a plot's marks stand for, or a quantity read off it with its unit: "Low distances shown
# as valleys represent clusters", "The three species are identified by different markers",
# "The final error was around 114 mm" (figure_findings reads comparisons, trends and colours)
READS_MARKS = re.compile(
    r"\b(?:shown|drawn|plotted|displayed|depicted|marked)\s+as\s+\w+|"
    r"\b(?:are|is)\s+identified\s+by\b|"
    r"\b(?:was|were|is|are)\s+(?:about|around|approximately|roughly|nearly|below|above|under|"
    r"over|only|just)?\s*\$?\d+(?:\.\d+)?\$?\s*(?:mm|cm|km|m|ms|s|min|h|kg|g|mg|Hz|kHz|MHz|GHz|"
    r"MB|GB|KB|dB|°C|K|px)\b",
)
# a purpose clause opening the sentence: the step of a how-to that makes the figure
HOW_TO = re.compile(r"^\s*(?:in\s+order\s+)?to\s+[a-z]+\b", re.I)
PREFIX = 5  # letters that make two forms of a word one ("components", "composition")


def _stems(sentence: str) -> set[str]:
    from apps.decks.pipeline.title_defects import _content_words

    return {w.lower()[:PREFIX] for w in _content_words(sentence) if len(w) > 3}


def _paragraph_with(paper: Paper, sentence: str) -> list[str]:
    """The sentences of the paragraph holding `sentence` (empty when none does)."""
    for section in paper.sections:
        for paragraph in section.paragraphs:
            if sentence[:60] in paragraph:
                return text.sentences(paragraph)
    return []


def _reads(sentence: str) -> bool:
    """Does the sentence read a figure: a comparison, a measure, the authors' finding, a trend
    or colour, what its marks stand for? Stricter than a sentence citing the figure needs to
    be (figure_findings.states_finding): a number with a unit or a "than" alone is also how a
    method's step or a choice is said ("Each pattern was stimulated with a 5 s burst", "We
    chose the sinusoidal version because …"), and never one citing other work."""
    from apps.decks.pipeline import main_points
    from apps.decks.pipeline.figure_findings import READS_FIGURE, has_verb

    if main_points.CITED.search(sentence) or not has_verb(sentence):
        return False
    return any(
        pattern.search(sentence)
        for pattern in (
            main_points.COMPARISON,
            main_points.MEASURE,
            main_points.RESULT_VERB,
            READS_FIGURE,
            READS_MARKS,
        )
    )


def readings_after(figure: Figure, paper: Paper) -> list[str]:
    """The sentences that read the figure right after a sentence presenting it, in the paper's
    order (see the module's docstring)."""
    found: list[str] = []
    subject = _stems(figure.caption)
    for mention in figure.mentions:
        refs = text.figure_refs(mention.text)
        if not refs or any(ref != (figure.kind, figure.number) for ref in refs):
            continue
        sentences = _paragraph_with(paper, mention.text)
        at = next(
            (
                i
                for i, s in enumerate(sentences)
                if mention.text[:60] in s or s[:60] in mention.text
            ),
            None,
        )
        if at is None or at + 1 >= len(sentences):
            continue
        after = sentences[at + 1]
        if text.figure_refs(after) or HOW_TO.match(after) or after.rstrip().endswith(":"):
            continue
        if not _stems(after) & (subject | _stems(mention.text)):
            continue
        if _reads(after) and after not in found:
            found.append(after)
    return found
