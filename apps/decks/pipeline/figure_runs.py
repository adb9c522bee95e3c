"""A run of figure slides that say nothing: three or more in a row, each a figure over its
caption line and no bullet.

A deck ended on a run of plots with captions only ("Fig. 5 …", "Fig. 6 …", "Fig. 7 …"): the
reader sees the results drawn and is never told what they show, while the paper says it (the
sentence that points at the figure with a finding, or the caption's own sentences after its
first). One bare figure among text slides is a picture; a run of them is a gallery. Each bare
slide of the run gets one statement of what the paper says its figure shows; a slide the paper
says nothing more about stays as it is.
"""

from __future__ import annotations

import re

from apps.decks.pipeline import defects, figure_room, text
from apps.decks.pipeline.paper import Figure, Paper
from apps.decks.pipeline.slide_deck import Slide

# three figure slides in a row with no text: two are a pair the deck may compare, three a
# gallery (the class seen: decks ending in a run of plots with captions only)
MIN_RUN = 3
STATEMENT_WORDS = 24


def bare(slide: Slide) -> bool:
    """A figure slide that shows its figure and caption line and says nothing else."""
    return slide.kind == "figure" and not slide.bullets and not slide.equation and not slide.code


def runs(slides: list[Slide]) -> list[list[int]]:
    """The bare slides (indices into `slides`) of each stretch of figure slides in a row with
    at least MIN_RUN bare ones: a gallery with one stated figure in it is still a gallery
    (round 22: a run of four plots whose second had a line was never reported, and the other
    three stayed mute)."""
    found: list[list[int]] = []
    current: list[int] = []
    for index, slide in enumerate([*slides, None]):
        if slide is not None and slide.kind == "figure" and not slide.equation and not slide.code:
            if bare(slide):
                current.append(index)
            continue
        if len(current) >= MIN_RUN:
            found.append(current)
        current = []
    return found


def statement(
    figure: Figure,
    shown_caption: str,
    used: set[str],
    captions: bool = True,
    paper: Paper | None = None,
) -> str | None:
    """What the paper says the figure shows, as one bullet: the sentence pointing at this figure
    alone with a finding first (a comparison, a measure, a trend), else (with the `paper`) the
    sentence reading it right after the one presenting it ("… is shown in Figure 4. A knee is
    visible at …", presented_readings.py), else the caption's next sentence (not with
    `captions` False: the text's finding only); never a sentence the deck already shows, nor
    one its caption line says."""
    from apps.decks.pipeline.figure_findings import states_finding
    from apps.decks.pipeline.propose.builtin import restates
    from apps.decks.pipeline.propose.captions import mention_bullet
    from apps.decks.pipeline.propose.deck_level import caption_statements

    for mention in figure.mentions:
        refs = text.figure_refs(mention.text)
        if any(ref != (figure.kind, figure.number) for ref in refs):
            continue  # about another figure too: it belongs on that one's slide
        bullet = mention_bullet(mention.text, STATEMENT_WORDS)
        if bullet is None or bullet.lower() in used or defects.text_defects(bullet):
            continue
        if restates(bullet, shown_caption) or not states_finding(mention.text, bullet):
            continue
        if not _says(bullet):
            continue
        return bullet
    if paper is not None:
        said = _reading_after(figure, shown_caption, used, paper)
        if said is not None:
            return said
    for said in caption_statements(figure, shown_caption, used, count=3) if captions else []:
        if _says(said) and not _cited_in_caption(said, figure.caption):  # noqa: SIM102
            if not _points_elsewhere(said, figure):  # of this figure, not another
                return said
    return None


def _reading_after(figure: Figure, shown_caption: str, used: set[str], paper: Paper) -> str | None:
    """The first sentence reading the figure after the one presenting it that makes a bullet
    standing on the slide: no text defect, not said already, not the caption again, and leaning
    on nothing the slide (its caption) does not show."""
    from apps.decks.pipeline import antecedents, main_points, presented_readings
    from apps.decks.pipeline.propose.builtin import restates

    context = antecedents.paper_context(paper)
    for sentence in presented_readings.readings_after(figure, paper):
        bullet = main_points.statement_bullet(sentence, "")
        if bullet is None or bullet.lower() in used or defects.text_defects(bullet):
            continue
        if restates(bullet, shown_caption) or not _says(bullet):
            continue
        if antecedents.dangling(bullet, [shown_caption, figure.caption], context) is not None:
            continue
        return bullet
    return None


CITATION = re.compile(r"\[\d+(?:\s*[,–-]\s*\d+)*\]")


def _cited_in_caption(said: str, caption: str) -> bool:
    """Is the statement a caption sentence about cited work ("Since the method [17] uses only
    a monocular camera, …")? Its citation dropped, "the method" reads as the paper's own: a
    results table brought onto the deck was given such a line (round 19)."""
    words = set(text.words(said))
    return any(
        CITATION.search(sentence) and words <= set(text.words(CITATION.sub(" ", sentence)))
        for sentence in text.sentences(caption)
    )


def _points_elsewhere(said: str, figure: Figure) -> bool:
    """Is the statement a caption sentence sending the reader to another figure or table ("That
    is, the difference between the panels in Figure 4 above", "The values used are given in
    Table 1")? Its pointer taken off, it reads as a fragment or as a fact of this figure it is
    not (round 22: a run of small-print plots admitted such a line)."""
    words = set(text.words(said))
    own = (figure.kind, figure.number)
    for sentence in text.sentences(figure.caption):
        refs = text.figure_refs(sentence.replace("$", " "))
        if any(ref != own for ref in refs) and words <= set(text.words(sentence)):
            return True
    return False


# a panel's label opening the sentence: it names a part, not what the part shows
PANEL_LEAD = re.compile(r"^\(?[a-h]\)|^\([ivx]+\)")


def _says(sentence: str) -> bool:
    """A statement of its own: a finite verb, a few words of prose, mostly prose (a caption's
    "(b): Number of tokens per sentence", or a table's cells read into its caption, is not)."""
    from apps.decks.pipeline import stating_bullets

    return not PANEL_LEAD.match(sentence) and stating_bullets.states(sentence)


def unstated(slides: list[Slide], paper: Paper, used: set[str]) -> dict[int, str]:
    """For each bare slide of a run (index into `slides`), the statement the paper makes about
    its figure; slides the paper says no more about are left out."""
    shown = used | {b.lower() for s in slides for b in s.bullets}
    found: dict[int, str] = {}
    for run in runs(slides):
        for index in run:
            slide = slides[index]
            figure = paper.figure(slide.figure) if slide.figure else None
            if figure is None or figure_room.line_spoils_labels(figure):
                continue  # a line under it would draw labels that read too small to read
            said = statement(figure, slide.caption, shown, paper=paper)
            if said is not None:
                found[index] = said
                shown.add(said.lower())
    return found


def state_runs(slides: list[Slide], paper: Paper, used: set[str]) -> int:
    """Put on each bare slide of a run what the paper says its figure shows; how many slides
    got a statement."""
    found = unstated(slides, paper, used)
    for index, said in found.items():
        slides[index] = slides[index].model_copy(update={"bullets": [said]})
        used.add(said.lower())
    return len(found)
