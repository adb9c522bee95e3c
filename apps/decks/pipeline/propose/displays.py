"""A display equation on a slide as the paper sets it: under the sentence that introduces it,
in the paper's order among the slide's other bullets, with the sentence that says what its
symbols are ("where $\\delta$ is the depreciation rate") under it."""

from __future__ import annotations

import re

from apps.decks.pipeline import defects, text
from apps.decks.pipeline.paper import Equation, Paper

# The most words of a display's symbol definitions shown as a bullet under it.
DEFINITION_MAX_WORDS = 40
# What goes on from a display into the definitions of its symbols: the display's place in the
# text ("Eq. (2)", ingestion's placeholder) and "where", then a formula.
WHERE = re.compile(r"^[\s:]*(?:Eq\.\s*\(\w+\)\s*)?,?\s*where\s+(?=\$)")


def _position(sentence: str, body: str, sentences: list[tuple[int, str]]) -> int:
    """Where in the section's text a bullet was taken from: where it stands word for word, else
    where the sentence sharing most of its words starts (a bullet is its sentence condensed or
    rewritten)."""
    exact = body.find(sentence.rstrip(":.").strip())
    if exact >= 0:
        return exact
    wanted = set(text.words(sentence)) - text.STOPWORDS
    best, best_shared = len(body), 0.0
    for start, candidate in sentences:
        have = set(text.words(candidate)) - text.STOPWORDS
        shared = len(wanted & have) / max(1, len(wanted))
        if shared > best_shared:
            best, best_shared = start, shared
    return best


def with_lead_in_order(bullets: list[str], lead: str, paragraphs: list[str]) -> list[str]:
    """The bullets with a display's lead among them where the paper has it: a section that
    opens with its display shows it first, not after the sentences that follow it."""
    others = [b for b in bullets if b.lower() != lead.lower()]
    body = " ".join(paragraphs)
    sentences, start = [], 0
    for sentence in text.sentences(body):
        start = max(start, body.find(sentence[:40], start))
        sentences.append((start, sentence))
    at = _position(lead, body, sentences)
    before = [b for b in others if _position(b, body, sentences) < at]
    after = [b for b in others if _position(b, body, sentences) >= at]
    return [*before, lead, *after]


def symbol_definitions(paper: Paper, equation: Equation) -> str:
    """The clause after a display that says what its symbols are, as a statement of its own
    ("$\\delta$ is the constant depreciation rate", from "… as: [display] where $\\delta$ is
    …"); "" when the paper goes on otherwise or the clause does not read as a bullet."""
    if not equation.lead:
        return ""
    anchor = equation.lead.rstrip(":").rstrip()
    for section in paper.sections:
        if section.title != equation.section:
            continue
        body = " ".join(section.paragraphs)
        at = body.find(anchor)
        if at < 0:
            continue
        rest = body[at + len(anchor) :]
        where = WHERE.match(rest)
        if where is None:
            return ""
        clause = text.sentences(rest[where.end() :])[0].strip().rstrip(".")
        if clause.count("$") % 2 or text.word_count(clause) > DEFINITION_MAX_WORDS:
            return ""
        if defects.text_defects(clause):
            return ""
        return clause
    return ""
