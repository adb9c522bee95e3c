"""Why a blocking issue stays open after a revision: the loop records it in review.json
(`unrepairable`, per round) so that a deck that stops with medium issues open says why, never
silently. Types the reviewer reports without a builtin repair carry their documented reason
(docs/decks.md); a type with a repair that found nothing certain to change says what it looked
for; a fix the loop's guards refused says so."""

from __future__ import annotations

from apps.decks.pipeline.issues import Change, Issue
from apps.decks.pipeline.loop_guard import Refusals
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.propose.thin_reason import thin_deck_reason
from apps.decks.pipeline.result_losses import carries_result
from apps.decks.pipeline.slide_deck import SlideDeck

# Reported, not repaired: what would fix them is ingestion's reading, not the deck.
REPORTED_ONLY = {
    "cover_title_unread": "the title page's title was not read by ingestion; no sentence of the "
    "paper gives it, and a made-up title would be wrong",
    "prime_as_power": "ingestion read a prime glyph as a superscript zero; only its reading can "
    "restore the prime",
    "unreadable_text": "the words are not in the PDF's text layer; nothing on the deck can bring "
    "them back",
}

# Types the builtin proposer repairs at the deck's level (propose/deck_level.py), not per slide.
DECK_LEVEL = frozenset(
    {
        "thin_deck",
        "bare_figure_run",
        "title_mismatch",
        "out_of_order",
        "overview_late",
        "cover_author_tag",
        "cover_author_not_person",
        "bullet_order",
        "headline_buried",
        "conclusions_missing",
        "main_result_missing",
        "method_missing",
        "result_unstated",
        "orphan_description",
        "figure_reading_apart",
        "repeated_title",
        "repeated_figures",
        "too_few_figures",
        "slide_count",
    }
)

# What a repair that exists looked for and did not find (so did nothing).
NOTHING_CERTAIN = {
    "figure_small": "the figure has the slide to itself in its widest layout already",
    "figure_narrow": "the figure has the slide to itself in its widest layout already",
    "figure_text_small": "the figure has the slide to itself in its widest layout already",
    "empty_area": "the figure has the slide to itself in its widest layout already",
    "repeated_title": "every title the slides' own sections or points give is another slide's",
    "slide_count": "no unshown figure or section of the paper is left to make a slide of",
    "too_few_figures": "no unshown figure of the paper is clean enough to add",
    # without the paper to say what is true of it (thin_reason.py says it with the paper)
    "thin_deck": "the deck's repair found no statement of the paper to add",
    "main_result_missing": "no results table or figure has a clean crop, no finding reads as a "
    "bullet standing alone, and no slide may give way for them (or, low, the deck shows the "
    "results' plots and its slides are not changed for their values)",
    "method_missing": "fewer than two of the part's sentences read as bullets the text rules "
    "pass, or no slide may give way for its slide",
    "bare_figure_run": "the paper's statements about the run's figures are on other slides already",
    "headline_buried": "the slide stating the main result would be left with one bullet without "
    "it, and the deck has no slide saying what the paper does to take it",
    "unintroduced_referent": "nothing names what it leans on or stands in its place, and its "
    "removal would leave its slide thin with no slide of its part to take the rest (or a bullet "
    "after it leaning on it)",
}


def reason(
    issue: Issue,
    refused: bool,
    why: str = "",
    paper: Paper | None = None,
    deck: SlideDeck | None = None,
) -> str:
    from apps.decks.pipeline.propose.repair import FIXERS  # repair imports the proposer

    if refused:
        return "its repair was refused by the loop's guards" + (f": {why}" if why else "")
    if _result_kept(issue, paper):
        return (
            "the figure carries the paper's result: it stays on its slide, not removed nor "
            "swapped for another, until its crop can be repaired"
        )
    if issue.type == "thin_deck" and paper is not None and deck is not None:
        return thin_deck_reason(paper, deck)
    if issue.type in REPORTED_ONLY:
        return REPORTED_ONLY[issue.type]
    if issue.type in NOTHING_CERTAIN:
        return NOTHING_CERTAIN[issue.type]
    if issue.type in FIXERS or issue.type in DECK_LEVEL:
        return "its repair found nothing certain to change"
    return "no builtin repair for this type"


def _result_kept(issue: Issue, paper: Paper | None) -> bool:
    """Is the issue about the crop of a figure of the paper's result, which no repair takes
    off the deck (repair._bad_crop, loop_guard._may_remove)?"""
    about = issue.evidence.get("figure")
    if paper is None or not issue.type.startswith("crop_") or not isinstance(about, str):
        return False
    figure = paper.figure(about)
    return figure is not None and carries_result(figure, paper)


def unanswered(
    open_issues: list[Issue],
    issues: list[Issue],
    changes: list[Change],
    refused: Refusals,
    paper: Paper | None = None,
    deck: SlideDeck | None = None,
) -> list[dict]:
    """Each of `open_issues` (a subset of the round's `issues`) that no change answers, with
    its index in `issues`, its type, slide and the reason (told from the paper and the deck
    where the reason depends on them)."""
    answered = {c.issue for c in changes}
    # the guard's own words for why each refused repair was not made
    refused_why = {c.get("issue"): r.get("why", "") for r in refused for c in r.get("changes", [])}
    found = []
    for index, issue in enumerate(issues):
        if index in answered or not any(issue is o for o in open_issues):
            continue
        found.append(
            {
                "issue": index,
                "type": issue.type,
                "slide": issue.slide,
                "reason": reason(
                    issue, index in refused_why, refused_why.get(index, ""), paper, deck
                ),
            }
        )
    return found
