"""What a paper without conclusions found in its examples.

A vignette or a tutorial has no conclusions section and no discussion: it shows its method on
one example after another, and each example ends on what it showed ("… which indicates
identifiability problems", "the bootstrap estimates reveal two solutions"). A deck of it ended
on the last example's bare plot, and the closing check (closing_slide.py) stayed silent, for
the paper had no conclusions to close on. The examples' findings are those closing sentences:
for each section that is not the introduction or background, its last sentence that states a
finding in so many words (a verb of evidence: indicates, suggests, reveals, confirms, shows
that) in the paper's own voice, never a plan, a hypothetical or another study's.
"""

from __future__ import annotations

import re

from apps.decks.pipeline import main_points, text
from apps.decks.pipeline.paper import Paper

# a sentence saying what the evidence showed: "which indicates that …", "This suggests
# identifiability problems", "the analyses reveal that …"
EVIDENCE_VERB = re.compile(
    r"\b(?:indicat(?:es|ed|ing)|suggest(?:s|ed)|reveal(?:s|ed)?|confirm(?:s|ed)|"
    r"show(?:s|ed)?\s+(?:clearly\s+)?that|demonstrat(?:es|ed)\s+that)\b",
    re.I,
)
# a sentence about the software or the reader, not about what the data showed: "the argument
# indicates whether …", "the output suggests using …";
# a manual's description of a format ("the 3 in the second line indicates that there are three
# blocks", "a non-zero return value indicates an error")
NOT_EVIDENCE = re.compile(
    r"\b(?:argument|option|flag|parameter\s+(?:sim|name)|indicat\w+\s+(?:whether|if|which|how))\b|"
    r"\b(?:line|column|row|field|entry|digit|character|keyword|sign|symbol|value|code|number|"
    r"bit|byte|status|prefix|suffix)s?\s+(?:\w+\s+){0,3}?(?:indicat|signal|denot|mean)\w*|"
    r"\bsuggest\w*\s+(?:to\s+)?(?:using|use|that\s+(?:you|the\s+user))\b",
    re.I,
)
# the sections before the examples: what the paper is and what it builds on
NOT_AN_EXAMPLE = re.compile(
    r"introduc|background|overview|related\s+work|motivation|install|getting\s+started|"
    r"implementation|notation|preliminar|references|bibliography",
    re.I,
)


def example_findings(paper: Paper) -> list[str]:
    """Each example section's closing finding that stands as a bullet, as a paragraph of one
    sentence, in the paper's order; [] when the paper has conclusions or a discussion to close
    on (closing_slide reads those) or its sections state no finding."""
    return [sentence for sentence, _ in _findings(paper)]


def finding_bullets(paper: Paper) -> list[str]:
    """The examples' closing findings as bullets (main points: the proposer's statements)."""
    return [bullet for _, bullet in _findings(paper)]


def _findings(paper: Paper) -> list[tuple[str, str]]:
    if main_points.conclusions(paper) or main_points.closing_discussion(paper):
        return []
    from apps.decks.pipeline.propose.builtin import SKIP

    found: list[tuple[str, str]] = []
    for section in paper.sections:
        if NOT_AN_EXAMPLE.search(section.title) or SKIP.search(section.title):
            continue
        sentences = [s for p in section.paragraphs for s in text.sentences(p)]
        for at in range(len(sentences) - 1, -1, -1):
            claim = _claim(sentences[at])
            if claim is None:
                continue
            previous = sentences[at - 1] if at else ""
            # made a bullet as a main point is: its text defects fixed, a main point's length
            bullet = main_points.statement_bullet(claim, previous)
            if bullet:
                found.append((claim, bullet))
                break  # the section's last finding: what the example showed
    return found


def _claim(sentence: str) -> str | None:
    """The sentence, or its claim after a leading concession ("While the aggregate might
    suggest X, the separate analyses reveal that Y"), when it states evidence; else None."""
    candidates = [sentence]
    if main_points.LEADING_CONCESSION.match(sentence):
        candidates = main_points.shorter(sentence)[:1]
    return next((c for c in candidates if _states_evidence(c)), None)


def _states_evidence(sentence: str) -> bool:
    flat = text.MATH_SPAN.sub("X", sentence)
    return (
        bool(re.search(r"[.!?]\W*$", sentence))
        and bool(EVIDENCE_VERB.search(flat))
        and not NOT_EVIDENCE.search(flat)
        and not main_points.not_a_finding(sentence)
    )
