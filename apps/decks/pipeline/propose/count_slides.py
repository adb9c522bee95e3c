"""A slide added to make up a count ("too few slides", "too few figures") must stand alone.

On unseen papers the loop answered a count finding with slides a reader could not use: a text
slide titled with a sentence fragment (a section heading the extraction cut, a clause of the
section's first sentence), a figure slide with no word on it, neither caption nor a sentence
saying what the figure shows. The count finding was closed and the deck was worse: a short
deck is a deck a presenter can fill, a bad slide is one they must find and delete.

`admitted` is the one test every such slide passes before it goes on the deck: its title has
none of the reviewer's title faults (title_quality.all_problems), every bullet passes the
reviewer's text checks in the place the slide would take (text_gate), a text slide keeps two
bullets, and a figure slide says what its figure shows (a bullet, else the figure's caption).
A slide that fails is not added and the count finding stays open.
"""

from __future__ import annotations

from apps.decks.pipeline import text, title_defects, title_quality
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

# A text slide of fewer bullets is itself a finding (thin_slide): no answer to "too few slides".
MIN_TEXT_BULLETS = 2
# A caption of fewer words ("Results", "Figure 3", a bare panel label) says nothing of what the
# figure shows: the slide then needs a sentence of its own.
MIN_CAPTION_WORDS = 2
# the change types that add slides to make up a count (loop_guard.COUNT_FIXES)
COUNT_TYPES = ("too_few_figures", "slide_count")


def title_faults(slide: Slide, paper: Paper) -> list[str]:
    """The reviewer's title checks' findings on the slide's title. The paper's own section
    heading over its section's slide is no plot label even when a legend shares its words (a
    method's name, "Nearest neighbor algorithm", is in the legend of the plot comparing it)."""
    found = title_quality.all_problems(slide.title, slide, paper)
    if slide.kind == "bullets" and title_defects.author_heading(slide.title, paper):
        found = [f for f in found if f != "title_plot_label"]
    return found


def states_what_it_shows(slide: Slide) -> bool:
    """Does the figure slide say in words what its figure shows: a bullet, or a caption longer
    than a label?"""
    caption = text.MATH_SPAN.sub("X", slide.caption or "")
    return bool(slide.bullets) or text.word_count(caption) >= MIN_CAPTION_WORDS


def admitted(slide: Slide, slides: list[Slide], index: int, paper: Paper) -> Slide | None:
    """The slide as it may be added at `index` of `slides` for a count finding: only the bullets
    the reviewer's text checks pass kept; None when its title has a fault, a text slide keeps
    fewer than MIN_TEXT_BULLETS bullets, or a figure slide says nothing of its figure."""
    from apps.decks.pipeline.propose import text_gate  # the gate reads through the reviewer

    if not slide.title.strip() or title_faults(slide, paper):
        return None
    at = max(1, index)
    deck = SlideDeck(title=paper.title, slides=[*slides[:at], slide, *slides[at:]])
    kept = [b for b in slide.bullets if not text_gate.flagged(b, slide, deck, paper, at + 1)]
    slide = slide.model_copy(update={"bullets": kept})
    if slide.kind == "bullets" and not slide.code and len(kept) < MIN_TEXT_BULLETS:
        return None
    if slide.kind == "figure" and not states_what_it_shows(slide):
        return None
    return slide
