"""Why a thin deck stayed thin, said from what is true of the paper and its reading.

"The paper states nothing more that reads as a bullet" was written for every thin deck that
the repair could not fill, also when the paper had plenty of text that ingestion set aside or
that the bullet checks refused. Three cases are told apart, each with its numbers:
- the paper has no more text: its PDF holds hardly more words at the body's size than were read;
- the text exists but ingestion set it aside (as contents entries, code, table cells …);
- ingestion read N paragraphs, but none of their sentences (or only some) pass the bullet
  checks, and which checks refused them.
"""

from __future__ import annotations

from apps.decks.pipeline import text
from apps.decks.pipeline.ingest.set_aside import SET_ASIDE
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.slide_deck import SlideDeck

# Words of the PDF's body text beyond those read that still count as "no more text" (page
# numbers, a date, a line of the cover), and the share of the read words they may be.
SLACK_WORDS, SLACK_SHARE = 60, 0.15
MOST_REFUSALS = 3  # the checks named, those that refused the most sentences first


def thin_deck_reason(paper: Paper, deck: SlideDeck) -> str:
    from apps.decks.pipeline.propose.builtin import _standalone  # builtin imports the proposer

    paragraphs = [paper.abstract, *(p for s in paper.sections for p in s.paragraphs)]
    paragraphs = [p for p in paragraphs if p]
    read = sum(len(p.split()) for p in paragraphs)
    aside = sum(paper.set_aside.values())
    shown = {b.lower() for s in deck.slides for b in s.bullets}
    counted = text.refusals(paragraphs, shown, rewrite=_standalone)
    passing = counted.pop("", 0)
    sentences = passing + sum(counted.values())
    reading = f"ingestion read {_counted(len(paragraphs), 'paragraph')} ({read} words)"
    of_them = f"of their {_counted(sentences, 'sentence')}"
    if aside >= max(SLACK_WORDS, read):
        return (
            f"the text exists but was set aside: {reading} and set aside {aside} words of the "
            f"PDF's text as {_set_aside(paper)}"
        )
    unread = max(0, paper.body_words - read - aside)
    if unread <= max(SLACK_WORDS, SLACK_SHARE * read) and passing == 0:
        return (
            f"the paper has no more text: {reading} of the {paper.body_words} words its PDF "
            f"sets at the body's size, and none {of_them} passes the bullet checks"
            f"{_refused(counted)}"
        )
    if passing == 0:
        return (
            f"{reading}, but none {of_them} passed the bullet checks"
            f"{_refused(counted)}{_also_aside(paper)}"
        )
    return (
        f"its repair found nothing certain to change, though {reading} and {passing} {of_them} "
        f"pass the bullet checks{_refused(counted)}{_also_aside(paper)}"
    )


def _counted(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _set_aside(paper: Paper) -> str:
    ranked = sorted(paper.set_aside.items(), key=lambda item: -item[1])
    return ", ".join(f"{SET_ASIDE.get(mark, mark)} ({words})" for mark, words in ranked)


def _also_aside(paper: Paper) -> str:
    return f"; it set aside words as {_set_aside(paper)}" if paper.set_aside else ""


def _refused(counted) -> str:
    if not counted:
        return ""
    named = [
        f"{number} {text.REFUSALS[check]}" for check, number in counted.most_common(MOST_REFUSALS)
    ]
    return " (" + "; ".join(named) + ")"
