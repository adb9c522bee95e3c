"""Glyphs of a TeX math extension font (big integrals, sums, delimiters: cmex, txex, …) hang
below their origin, and the box the PDF's text layer gives them is the font's whole bounding
box: read by their reported position they fall a line above or below their formula ("c_R = -2
log L dβ" without its ∫). They are placed on the line they are drawn across instead; a tall
delimiter drawn as a stack of pieces ("‖" four times, one above the other) is one symbol."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Protocol

from apps.decks.pipeline.ingest.glyphs import Glyph
from apps.decks.pipeline.ingest.symbols import ACCENTS

EXTENSION_FONT = re.compile(r"cmex|^(?:tx|px|ntx|nx)ex|mathextension|esint|ex\d+$", re.I)
# How far below its origin the line of a hung glyph can sit: TeX centres the glyph on the math
# axis, so the line's baseline is half its depth (at most ~1.5 em, a \Bigg delimiter) lower.
REACH_EM = 2.2
ACCENT_REACH_EM = 1.0  # a wide accent's letter sits right under the accent's origin


class _Line(Protocol):
    glyphs: list[Glyph]
    baseline: float
    span: list[float]

    def add(self, glyph: Glyph) -> None: ...


def is_hung(glyph: Glyph) -> bool:
    return bool(EXTENSION_FONT.search(glyph.font))


def hang(glyphs: list[Glyph], lines: list[_Line]) -> list[Glyph]:
    """Put each hung glyph (or stack of pieces) on the line it is drawn across — of those, the
    one with most glyphs: a display's main line, not a fraction's numerator or a limit; the
    glyphs no line takes are returned, to be read as they are."""
    left = []
    for stack in _stacks(glyphs):
        top = stack[0]
        middle = (top.x0 + top.x1) / 2
        accent = top.text in ACCENTS  # a wide hat or tilde: just over its letter, not hung
        if len(stack) > 1:  # a stack ends one piece below its last piece's origin
            lowest = 2 * stack[-1].baseline - stack[-2].baseline
        else:
            lowest = top.baseline + (ACCENT_REACH_EM if accent else REACH_EM) * top.size
        across = [
            line
            for line in lines
            if top.baseline <= line.baseline <= lowest
            and line.span[0] - top.size <= middle <= line.span[1] + top.size
            and _mathematics_near(line, middle, top.size)
        ]
        if not across:
            left.extend(stack)
            continue
        if accent:
            line = min(across, key=lambda line: line.baseline)
        else:
            line = max(across, key=lambda line: len(line.glyphs))
        height = top.bottom - top.top
        raised = 0.9 if accent else 0.0  # an accent is drawn over the line's letters
        line.add(
            replace(
                top,
                baseline=line.baseline,
                top=line.baseline - (0.8 + raised) * height,
                bottom=line.baseline + (0.2 - raised) * height,
            )
        )
    return left


def _stacks(glyphs: list[Glyph]) -> list[list[Glyph]]:
    """Hung glyphs grouped into stacks: the same piece at the same place, one below the other."""
    stacks: list[list[Glyph]] = []
    for glyph in sorted(glyphs, key=lambda g: (g.x0, g.baseline)):
        last = stacks[-1][-1] if stacks else None
        if (
            last is not None
            and last.text == glyph.text
            and last.font == glyph.font
            and abs(last.x0 - glyph.x0) < 0.2 * glyph.size
            and 0 < glyph.baseline - last.baseline <= 1.2 * glyph.size
        ):
            stacks[-1].append(glyph)
        else:
            stacks.append([glyph])
    return stacks


def _mathematics_near(line: _Line, x: float, size: float) -> bool:
    """The line holds mathematics around the glyph: a formula, never a line of prose under a
    display whose delimiters reach down to it."""
    return any(g.mathy and abs((g.x0 + g.x1) / 2 - x) < 4 * size for g in line.glyphs)
