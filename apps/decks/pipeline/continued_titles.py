"""When a slide may be titled "… (continued)": only when it continues the same item as the
slide before it.

A "(continued)" title says the slide goes on with what the slide before it shows. Over a
slide that follows another part of the paper, or shows another table than the one the title
names ("Results on the first benchmark (continued)" over the second benchmark's table), it
states something false. A section's heading continues over the next slide of that section;
a title naming content (a caption's words) continues only over the same figure, or over text
that follows that figure. Every path that writes "(continued)" asks `continues` (the fixers,
the slides added for long sections) and the reviewer's `false_continuation` finds the ones
made before (the first deck, an earlier round).
"""

from __future__ import annotations

import re

from apps.decks.pipeline import title_defects, title_quality
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.retitle_worth import own_heading
from apps.decks.pipeline.slide_deck import Slide


def continues(before: Slide | None, slide: Slide, base: str, paper: Paper) -> bool:
    """Does `slide`, titled `base` (without "(continued)"), continue the slide `before` it:
    the slide before has that title, and the title is a section's heading or the slide shows
    no figure the slide before does not show."""
    if before is None or before.kind == "title":
        return False
    if title_defects.base_title(before.title) != base:
        # a section's text goes on after a figure of that section ("Field trial", its figure
        # "Layout of the plots", "Field trial (continued)"): the heading is still the slide's
        # and after one of its slides that a repair titled by its own point ("Methods",
        # "Boltzmann equation", "Methods (continued)")
        return own_heading(base, paper) and (
            _figure_of_section(before, base, paper) or _text_of_section(before, base, paper)
        )
    if own_heading(base, paper):
        # a section's heading goes on over that section's figures, never over a figure of
        # another part ("Results (continued)" over the methods' flow diagram)
        return _shows_section_figures(slide, base, paper)
    return set(slide.figures()) <= set(before.figures()) or _parts_of_one(before, slide, paper)


def _shows_section_figures(slide: Slide, section: str, paper: Paper) -> bool:
    """Does every figure `slide` shows belong to the section titled `section`: set in it, or
    pointed at by its text ("… are displayed in Figure 2" where the float lies further on)?
    A figure placed in no section is taken as the section's."""
    wanted = section.strip().lower()
    text = " ".join(
        p for s in paper.sections if s.title.strip().lower() == wanted for p in s.paragraphs
    )
    pointed = {
        ("table" if m.group(1).lower().startswith("tab") else "figure", int(m.group(2)))
        for m in title_quality.FLOAT_POINTER.finditer(text)
    }
    for figure in (paper.figure(i) for i in slide.figures()):
        if figure is None or not figure.section.strip():
            continue
        if figure.section.strip().lower() != wanted and (figure.kind, figure.number) not in pointed:
            return False
    return True


# A caption's part number or continuation mark: "Neuron Model (1)", "… (2)", "… (cont.)".
PART_MARK = re.compile(r"\s*\((?:\d{1,2}|[ivx]{1,4}|cont(?:inued|\.|d)?)\)\s*\.?\s*$", re.I)


def _parts_of_one(before: Slide, slide: Slide, paper: Paper) -> bool:
    """Do the two slides show the parts of one table or figure the paper split in two
    ("Neuron Model (1)", "Neuron Model (2)"): their captions are the same but for the part?"""

    def item(s: Slide) -> str:
        figures = [paper.figure(i) for i in s.figures()]
        if len(figures) != 1 or figures[0] is None:
            return ""
        caption = figures[0].caption.strip()
        return PART_MARK.sub("", caption).strip().lower() if PART_MARK.search(caption) else ""

    first, second = item(before), item(slide)
    return bool(first) and first == second


def _figure_of_section(slide: Slide, section: str, paper: Paper) -> bool:
    """Is `slide` a figure slide whose figures all belong to the section titled `section`?"""
    figures = [paper.figure(i) for i in slide.figures()]
    wanted = section.strip().lower()
    return bool(figures) and all(
        f is not None and f.section.strip().lower() == wanted for f in figures
    )


def titled(title: str, taken: set[str], before: Slide | None, slide: Slide, paper: Paper) -> str:
    """`title` when no other slide has it; "`title` (continued)" when another has it and the
    slide continues that one (`continues`); else "" (the caller tries another title). The
    title given is recorded as taken."""
    if title not in taken:
        candidate = title
    elif continues(before, slide, title, paper):
        candidate = f"{title}{title_defects.CONTINUED}"
    else:
        return ""
    taken.add(candidate)
    return candidate


def false_continuation(before: Slide | None, slide: Slide, paper: Paper) -> str | None:
    """What the slide before is titled when `slide`'s "(continued)" title does not continue
    it (`continues`); None when the title has no "(continued)" or it is true."""
    base = title_defects.base_title(slide.title)
    if base == slide.title or continues(before, slide, base, paper):
        return None
    return before.title if before is not None else ""


def _text_of_section(slide: Slide, section: str, paper: Paper) -> bool:
    """Are `slide`'s bullets taken from the section titled `section` (each one placed in the
    paper, title_defects.BulletSources, comes from it)?"""
    if slide.figures() or not slide.bullets:
        return False
    sources = title_defects.BulletSources(paper)
    origins = [o for o in (sources.source(b) for b in slide.bullets) if o]
    wanted = section.strip().lower()
    return bool(origins) and all(o.strip().lower() == wanted for o in origins)
