"""A table's caption ends where the table's rules begin.

A caption set right above its table, its last line as close to the header row as to the line
before it, is read on into the header ("… at a fraction of the cost. Model BLEU EN-DE …") and
the first rows. The caption then reaches below the table's top rule, the rules no longer lie
next to the caption, and the table's crop starts under the caption's false end: the slide shows
numbers without the header that names their columns. No caption has a horizontal rule drawn
between two of its lines; a rule as wide as a table's, between two lines read as the caption,
is the table's top rule, and the caption is the lines above it.
"""

from __future__ import annotations

from dataclasses import replace

import pdfplumber

from apps.decks.pipeline.ingest.captions import Caption
from apps.decks.pipeline.ingest.figures import objects_on
from apps.decks.pipeline.ingest.layout import Layout, join_lines, vocabulary_of

TABLE_RULE_MIN_PT = 80.0  # a table's rule spans columns; an underline or a fraction's does not
RULE_HEIGHT_PT = 2.5


def table_captions_cut(
    plumber: pdfplumber.PDF, layout: Layout, captions: list[Caption]
) -> list[Caption]:
    """Every table caption of more than one line ended at the table's top rule."""
    objects: dict[int, list] = {}
    cut = []
    for caption in captions:
        if caption.kind == "table" and len(caption.segments) > 1:
            if caption.page not in objects:
                width, height = layout.page_sizes[caption.page - 1]
                objects[caption.page] = objects_on(plumber.pages[caption.page - 1], width, height)
            caption = caption_above_rules(caption, objects[caption.page], layout)
        cut.append(caption)
    return cut


def caption_above_rules(caption: Caption, rules: list, layout: Layout) -> Caption:
    """The caption up to the first table rule drawn between two of its lines (`rules`: boxes
    with x0, top, x1, bottom, the page's drawn objects); the caption itself when none is."""
    ordered = sorted(caption.segments, key=lambda s: (s.top, s.x0))
    wide = [
        r
        for r in rules
        if getattr(r, "graphic", True)
        and r.bottom - r.top < RULE_HEIGHT_PT
        and r.x1 - r.x0 > TABLE_RULE_MIN_PT
        and r.x0 < caption.x1
        and r.x1 > caption.x0
    ]
    for index in range(1, len(ordered)):
        above, below = ordered[index - 1], ordered[index]
        if below.top <= above.bottom - 1:
            continue  # two pieces of one line
        between = [r for r in wide if above.bottom - 1 <= r.top and r.bottom <= below.top + 1]
        if between:
            kept = ordered[:index]
            text = join_lines([s.text for s in kept], vocabulary_of(layout))
            body = text[caption.label_end :].strip()
            if len(body.split()) < 2:
                return caption  # the label alone above the rule: no caption to keep
            return replace(caption, text=body, segments=kept)
    return caption
