"""Text set over a relation: `\\overset{iid}{\\sim}`, `\\stackrel{d}{=}`, `\\overset{def}{=}`.

TeX centres the small text over the relation, raised by most of an em. Read glyph by glyph
along the line, its first letters fall after the symbol before the relation and become that
symbol's superscript, and the rest the relation's: "a_i ~ N(0, σ²)" with iid over the ~ read
as "a_{i}^{i} ∼^{id} N(0, σ²)", a formula that renders cleanly and states something else.

Each relation with small glyphs centred over it is read as one glyph (`Glyph.tex`, the glyphs
it was drawn with as `parts`), as ruled_math.py reads a small fraction.
"""

from __future__ import annotations

from dataclasses import replace

from apps.decks.pipeline.ingest.glyphs import SCRIPT_SIZE, Glyph, line_words

STACKED_ON = set("=∼~≈≃≅≡→←↔<>≤≥⇒⇔∝")
# The text's baseline over the relation's, in ems of the relation's size (TeX sets it about
# 0.6–0.8 em higher); a superscript is raised less, a line above is further away.
RAISED_EM = (0.4, 1.0)
CENTRED_EM = 0.3  # how far the text's middle may stand from the relation's
TOUCHING_EM = 0.3  # the text's glyphs follow one another without a word's gap


def stacked_relations(glyphs: list[Glyph]) -> list[Glyph]:
    """The glyphs with each relation that has text set over it read as one glyph."""
    relations = [g for g in glyphs if g.text in STACKED_ON and not g.tex]
    for relation in relations:
        over = _text_over(relation, glyphs)
        if not over:
            continue
        words = line_words(over)
        stacked = replace(
            relation,
            tex=rf"\overset{{{' '.join(w.tex() for w in words)}}}{{{_relation_tex(relation)}}}",
            parts=(relation, *over),
            top=min(g.top for g in over),
        )
        taken = {id(g) for g in over} | {id(relation)}
        glyphs = [g for g in glyphs if id(g) not in taken] + [stacked]
    return glyphs


def _text_over(relation: Glyph, glyphs: list[Glyph]) -> list[Glyph]:
    size = relation.size
    middle = (relation.x0 + relation.x1) / 2
    low, high = RAISED_EM
    near = sorted(
        (
            g
            for g in glyphs
            if g is not relation
            and g.text.strip()
            and not g.tex
            and g.size < SCRIPT_SIZE * size
            and low * size <= relation.baseline - g.baseline <= high * size
            and relation.x0 - 1.5 * size < (g.x0 + g.x1) / 2 < relation.x1 + 1.5 * size
        ),
        key=lambda g: g.x0,
    )
    # the run of touching glyphs that stands over the relation's middle
    runs: list[list[Glyph]] = []
    for glyph in near:
        same_line = runs and abs(glyph.baseline - runs[-1][-1].baseline) < 0.1 * size
        if same_line and glyph.x0 - runs[-1][-1].x1 < TOUCHING_EM * glyph.size:
            runs[-1].append(glyph)
        else:
            runs.append([glyph])
    for run in runs:
        left, right = run[0].x0, run[-1].x1
        if left <= middle <= right and abs((left + right) / 2 - middle) <= CENTRED_EM * size:
            return run if all(ch.isalnum() for g in run for ch in g.text) else []
    return []


def _relation_tex(relation: Glyph) -> str:
    return " ".join(w.tex() for w in line_words([relation])).strip()
