"""What the paper's text says a figure shows: the sentence that points at the figure with a
finding ("Figure 2 shows that the error grows with depth", "In Figure 2, the probes read 3 %
wetter than …"). A figure slide with nothing but its caption states it, so that the slide says
what the reader is to see, not only what is drawn."""

from __future__ import annotations

import re

from apps.decks.pipeline import clause_shape, main_points, text

# A pointer that says the rest of the sentence is what the figure shows: "Figure 2 shows
# that …", "As Figure 2 shows, …", "From Figure 2 we see that …", "In Figure 2, …".
_REF = r"(?:our )?(?:figure|fig\.|table) \d+[a-z]?"
SHOWS_THAT = re.compile(
    rf"^(?:{_REF} (?:shows|illustrates|indicates|confirms|demonstrates|reveals|suggests|"
    rf"highlights) that\b|as (?:shown|seen|illustrated) in {_REF}\s*,|as {_REF} "
    rf"(?:shows|illustrates|indicates|demonstrates|reveals|suggests)\s*,|(?:in|from) {_REF},? "
    rf"(?:we|one) (?:can )?(?:see|observe|notice|find|note) that\b|(?:in|from|on) {_REF}\s*,)",
    re.I,
)


def has_verb(sentence: str) -> bool:
    """A statement, not a bare noun phrase ("Residuals of the model"): a finite verb outside
    its subordinate clauses (clause_shape reads it without a tagger)."""
    shape = clause_shape.shape(sentence)
    return bool(clause_shape.main_verbs(shape, 0, len(shape.tokens)))


def states_finding(sentence: str, bullet: str) -> bool:
    """Does the paper's sentence (`bullet`: its claim without the pointer) say what the figure
    finds: introduced as what the figure shows, or a comparison, a measured number, the
    authors' "we find / results show"?"""
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
        )
    )
