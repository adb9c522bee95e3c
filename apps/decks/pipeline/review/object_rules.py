"""Rules on what a slide's text leans on and the slide does not carry (shown_objects.py): a
bullet that reads a table, a code listing or a figure's marks no slide beside it shows
(object_not_shown), a sentence of earlier work shown without its citation under a results
heading or a quotation with no speaker (source_not_shown), a caption whose symbol list lost its
meanings (bare_legend), a caption cut before its reading key (caption_key_dropped), a bullet
that reads the output of a listing the slide does not show (listing_read_apart)."""

from __future__ import annotations

import re

from apps.decks.pipeline import (
    caption_keys,
    caption_labels,
    figure_reading,
    listing_readings,
    paper_order,
    shown_objects,
    text,
)
from apps.decks.pipeline.caption_labels import float_name
from apps.decks.pipeline.code_narration import shows
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.review.context_rules import sentence_index
from apps.decks.pipeline.review.registry import SlideContext, slide_rule

# A figure's marks read by name: a colour with a mark ("orange dots", "the red line"), the
# fitted lines or curves, a panel by its place. Narrower than figure_reading.SEEN, which also
# takes "shown" or "upper": on a slide without a figure only these cannot be read.
MARKS = re.compile(
    r"\b(?:red|blue|green|yellow|cyan|magenta|orange|purple|pink|gr[ae]y|black|dashed|dotted|"
    r"solid|open|filled|hollow)\s+(?:dots?|markers?|lines?|curves?|bars?|squares?|circles?|"
    r"triangles?|points?|symbols?|arrows?|crosses|diamonds?|regions?|areas?)\b|"
    r"\b(?:the|these|those)\s+fitted\s+(?:lines?|curves?)\b|"
    r"\b(?:left|right|upper|lower|top|bottom)(?:-(?:left|right))?\s+panels?\b",
    re.I,
)


def _object_slide(c: SlideContext, kind: str, number: int | None) -> int | None:
    """The 1-based number of the slide that shows the figure or table `number`, or None."""
    if number is None:
        return None
    for index, slide in enumerate(c.deck.slides):
        for figure in (c.paper.figure(i) for i in slide.figures()):
            if figure is not None and figure.kind == kind and figure.number == number:
                return index + 1
    return None


def _figure_in_section(bullet: str, paper: Paper) -> int | None:
    """The last figure the bullet's section names at or before its sentence, paragraphs back
    too: which figure's marks it reads, for the message (a move needs figure_read's surer
    answer)."""
    place = paper_order.place_of(bullet, paper)
    if place is None:
        return None
    section, paragraph, sentence = place
    paragraphs = paper.sections[section].paragraphs
    for p in range(paragraph, -1, -1):
        sentences = text.sentences(paragraphs[p])
        for earlier in reversed(sentences[: sentence + 1] if p == paragraph else sentences):
            named = caption_labels.figure_numbers(earlier)
            if named:
                return named[-1]
    return None


def _where(number: int | None, kind: str, on: int | None) -> str:
    if number is None:  # the paper's paragraph does not say which: only that this slide lacks it
        return f"the slide shows no {kind}"
    name = float_name(kind, number)
    return f"{name} is on slide {on}" if on else f"{name} is on no slide"


@slide_rule
def object_not_shown(c: SlideContext):
    slide = c.slide
    if slide is None or slide.kind == "title" or c.figures():
        return
    for index, bullet in enumerate(slide.bullets):
        found = None  # (object, message, part, its number, the slide showing it)
        sure = True  # the paper names the object in the bullet's own paragraph
        part = shown_objects.reads_table(bullet)
        if part:
            source = sentence_index(c.paper).source(bullet)
            number = shown_objects.table_named(source.sentence, c.paper)
            on = _object_slide(c, "table", number)
            what = f"reads a table (“{part}”): {_where(number, 'table', on)}"
            found = ("table", what, part, number, on)
        part = None if found or slide.code else shown_objects.reads_listing(bullet)
        if part:
            found = ("listing", f"points at a listing (“{part}”) no slide shows", part, None, None)
        marks = None if found else MARKS.search(bullet)
        if marks:
            apart = figure_reading.figure_read(bullet, c.paper)
            on = _object_slide(c, "figure", apart)
            if on is not None and abs(on - c.number) == 1:
                continue  # figure_reading_apart's: the figure is on the slide next to it
            number = apart if apart is not None else _figure_in_section(bullet, c.paper)
            sure = (
                number is not None
                and figure_reading.figure_read(bullet, c.paper, sure=True) == number
            )
            on = _object_slide(c, "figure", number)
            what = f"reads a figure's marks (“{marks.group(0)}”): {_where(number, 'figure', on)}"
            found = ("figure", what, marks.group(0), number, on)
        if found is None:
            continue
        kind, what, part, number, on = found
        yield c.issue(
            "object_not_shown",
            "medium",
            f"bullet {index + 1} {what}",
            "show the object beside the bullet, or use a sentence that stands alone",
            where="bullet",
            index=index,
            text=bullet[:200],
            part=part,
            object=kind,
            number=number,
            on=on,
            sure=sure,
        )


@slide_rule
def source_not_shown(c: SlideContext):
    slide = c.slide
    if slide is None or slide.kind == "title":
        return
    results = shown_objects.reads_as_finding(slide.role, slide.title)
    for index, bullet in enumerate(slide.bullets):
        source = sentence_index(c.paper).source(bullet)
        if shown_objects.bare_quotation(bullet):
            message = f"bullet {index + 1} is a quotation with no one said to have said it"
            kind = "quotation"
        elif results and (
            cited := shown_objects.dropped_citation(
                bullet, source.sentence, c.paper.title, c.paper.authors, c.paper.references
            )
        ):
            message = (
                f"bullet {index + 1} reports earlier work (the paper cites "
                f"{cited}) without saying so, "
                "under a results heading: it reads as this paper's finding"
            )
            kind = "citation"
        else:
            continue
        yield c.issue(
            "source_not_shown",
            "medium",
            message,
            "say whose words or finding it is, or use another sentence",
            where="bullet",
            index=index,
            text=bullet[:200],
            kind=kind,
        )


@slide_rule
def bare_legend(c: SlideContext):
    slide = c.slide
    if slide is None or not slide.caption:
        return
    bare = shown_objects.bare_symbol_list(slide.caption)
    if bare:
        yield c.issue(
            "bare_legend",
            "medium",
            f"the caption lists symbols without their meanings (“{bare[:40]}”)",
            "give each symbol its meaning, as the paper's caption does, or drop the list",
            where="caption",
            part=bare,
        )


@slide_rule
def caption_key_dropped(c: SlideContext):
    """A figure slide whose caption was cut before the part a reader needs to read the plot:
    what its colours, line styles, marks or panels mean, or — its caption opening word for word
    like another figure's — the sentence that tells the two apart (caption_keys). Reported only
    when the caption has room for it (a caption at its length limit is left to `density`)."""
    slide = c.slide
    figures = c.figures()
    if slide is None or len(figures) != 1 or not slide.caption.strip():
        return
    figure = figures[0]
    if not figure.captioned:
        return
    others = caption_keys.other_captions(figure, c.paper)
    shown = " ".join([slide.title, slide.caption, *slide.bullets])
    missing = caption_keys.missing_keys(figure.caption, shown, others)
    said = " ".join([slide.title, *slide.bullets])
    keyed = caption_keys.keyed_caption(figure.caption, slide.caption, others, said=said)
    if not missing or keyed == slide.caption.strip():
        return
    yield c.issue(
        "caption_key_dropped",
        "medium",
        f"the caption leaves out what the reader needs to read the figure (“{missing[0][:80]}”)",
        "show the caption's key (what its colours, lines, marks or panels mean) with it",
        where="caption",
        part=missing[0][:200],
        missing=[m[:200] for m in missing],
    )


@slide_rule
def listing_read_apart(c: SlideContext):
    """A bullet that reads the listing right above its sentence in the paper ("The above is an
    incomplete enumeration. We see 1,4,2,3 …") on a slide that does not show that listing:
    beside another listing it reads as a statement about that one (listing_readings)."""
    slide = c.slide
    if slide is None or slide.kind == "title":
        return
    for index, bullet in enumerate(slide.bullets):
        listing = listing_readings.listing_read(bullet, c.paper)
        if listing is None or shows(slide.code, listing):
            continue
        beside = "beside another listing" if slide.code.strip() else "on a slide with no listing"
        yield c.issue(
            "listing_read_apart",
            "medium",
            f"bullet {index + 1} reads the output of a listing the slide does not show ({beside})",
            "show the listing it reads under it, or leave the bullet out",
            where="bullet",
            index=index,
            text=bullet[:200],
            listing=listing.text.splitlines()[0][:80] if listing.text else "",
        )
