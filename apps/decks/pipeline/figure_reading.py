"""Bullets that read a figure, placed a slide away from it. "Notice the red pointer …", "Each of
the blue features is one peak" describe what a figure shows; on a slide without that figure,
beside the slide that has it, the reader looks at one slide and reads about another. The paper
is the oracle: the figure a bullet reads is the one its own sentence names, else the last one
its section names before it (in its paragraph or the two before), and the bullet says what is
seen (a colour, a mark, a line, "notice")."""

from __future__ import annotations

import re

from apps.decks.pipeline import paper_order, text
from apps.decks.pipeline.caption_labels import figure_numbers
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.slide_deck import Slide

# What a reader sees in a figure: colours, marks, lines and shapes (not "curve", the subject of
# many papers), and the words that send the eye there ("Notice …", "… is visible")
SEEN = re.compile(
    r"\b(?:red|blue|green|yellow|cyan|magenta|orange|purple|pink|gr[ae]y|black|"
    r"colou?r(?:s|ed)?|shaded|dashed|dotted|solid|pointer|arrows?|lines?|"
    r"features?|peaks?|bars?|dots|markers?|hexagons|squares|panels?|"
    r"upper|lower|left|right|notice|observe|visible|appears?|shown|shows)\b",
    re.I,
)
# How many paragraphs back a figure's mention still governs what the text reads
PARAGRAPHS_BACK = 2
# A figure slide's text goes under the figure: it takes at most this many bullets
MOST_ON_FIGURE_SLIDE = 3


def figure_read(bullet: str, paper: Paper, *, sure: bool = False) -> int | None:
    """The number of the figure `bullet` reads, or None (it says nothing seen, or its sentence
    is not found in the paper, or no figure is named before it in its section). `sure`: only
    when its own sentence or an earlier one of its paragraph names the figure — what a move
    onto the figure's slide needs, since the slide then says the figure shows it (a sentence
    paragraphs after a figure's mention may read a panel the crop leaves out: seen, a WRONG
    statement on an unseen paper)."""
    if not SEEN.search(bullet):
        return None
    own = figure_numbers(bullet)  # any series' word: "Fig. 2", "drawing 1", "Scheme 3"
    if own:
        return own[-1]
    place = paper_order.place_of(bullet, paper)
    if place is None:
        return None
    section, paragraph, sentence = place
    paragraphs = paper.sections[section].paragraphs
    back = 0 if sure else PARAGRAPHS_BACK
    for p in range(paragraph, max(-1, paragraph - back - 1), -1):
        sentences = text.sentences(paragraphs[p])
        before = sentences[: sentence + 1] if p == paragraph else sentences
        for earlier in reversed(before):
            named = figure_numbers(earlier)
            if named:
                return named[-1]
    return None


def _figure_slides(slides: list[Slide], paper: Paper) -> dict[int, int]:
    """Figure number → index of the slide showing it."""
    found = {}
    for index, slide in enumerate(slides):
        for figure in (paper.figure(i) for i in slide.figures()):
            if figure is not None and figure.kind == "figure":
                found.setdefault(figure.number, index)
    return found


def apart(slides: list[Slide], paper: Paper, *, sure: bool = False) -> list[tuple[int, str, int]]:
    """(slide index, bullet, index of the neighbour slide showing the figure it reads) for each
    bullet a slide away from its figure (`sure`: as figure_read's)."""
    shown = _figure_slides(slides, paper)
    found = []
    for index, slide in enumerate(slides):
        if slide.kind == "title":
            continue
        own = {f.number for f in (paper.figure(i) for i in slide.figures()) if f}
        for bullet in slide.bullets:
            number = figure_read(bullet, paper, sure=sure)
            target = shown.get(number) if number is not None else None
            if target is not None and number not in own and abs(target - index) == 1:
                found.append((index, bullet, target))
    return found


def move_to_figures(slides: list[Slide], paper: Paper) -> list[str]:
    """Each bullet a slide away from the figure it reads moved onto the figure's slide, where
    the paper has it among that slide's bullets, while the figure's slide has room."""
    moved = []
    for index, bullet, target in apart(slides, paper, sure=True):
        figure_slide = slides[target]
        if len(figure_slide.bullets) >= MOST_ON_FIGURE_SLIDE or bullet not in slides[index].bullets:
            continue
        slides[target] = figure_slide.model_copy(
            update={"bullets": paper_order.with_bullet(figure_slide.bullets, bullet, paper)}
        )
        kept = [b for b in slides[index].bullets if b != bullet]
        source = slides[index]
        if not kept and not (source.figures() or source.equation or source.code):
            continue  # the slide would be left empty: its one bullet stays
        slides[index] = slides[index].model_copy(update={"bullets": kept})
        moved.append(f"moved “{text.shorten(bullet, 8)}” onto the slide of its figure")
    return moved
