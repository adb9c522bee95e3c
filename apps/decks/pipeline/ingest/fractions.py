"""Fractions drawn with a rule: the numerator's glyphs over a short horizontal line, the
denominator's under it. Read line by line they come out as three rows ("y − Zu" over
"d(u) = ‖ σ ‖" over nothing), a display nobody can read; rebuilt they are `\\frac{…}{…}`."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

import pdfplumber

from apps.decks.pipeline.ingest.glyphs import Glyph, line_words

# How far from its rule a numerator's or denominator's baseline can sit, in ems of the display;
# the main line's baseline is a quarter em under the rule (TeX sets it on the math axis), a
# denominator's at least 0.6 em (0.34 em of shift in a text-style fraction, plus the axis).
PART_REACH_EM = 1.7
PLACEHOLDER = 0xF0000  # supplementary private use: stands for a rebuilt fraction in a row
UNREADABLE_FRACTION = "\ufffd"  # the display's TeX is then dropped (equations.UNREADABLE)


@dataclass(frozen=True)
class Rule:
    x0: float
    x1: float
    y: float  # from the top of the page


def page_rules(page: pdfplumber.page.Page) -> list[Rule]:
    """Thin horizontal lines and bars of the page short enough to be fraction rules."""
    rules = []
    for shape in (*page.lines, *page.rects):
        width, height = shape["x1"] - shape["x0"], shape["bottom"] - shape["top"]
        if height <= 1.5 and 3 <= width <= 0.5 * float(page.width):
            rules.append(Rule(shape["x0"], shape["x1"], (shape["top"] + shape["bottom"]) / 2))
    return rules


def fractions_rebuilt(
    glyphs: list[Glyph], rules: list[Rule], size: float
) -> tuple[list[Glyph], dict[str, str]]:
    """The glyphs with each fraction's parts replaced by one placeholder glyph on the main
    line, and the TeX each placeholder stands for. The narrowest rule first, so that a
    fraction inside a numerator is rebuilt before the one it is part of."""
    texts: dict[str, str] = {}
    for rule in sorted(rules, key=lambda r: r.x1 - r.x0):
        inside = [g for g in glyphs if rule.x0 - 1 <= (g.x0 + g.x1) / 2 <= rule.x1 + 1]
        over = [g for g in inside if 0.05 * size < rule.y - g.baseline <= PART_REACH_EM * size]
        under = [g for g in inside if 0.45 * size < g.baseline - rule.y <= PART_REACH_EM * size]
        if not over or not under:
            continue
        mark = chr(PLACEHOLDER + len(texts))
        # A glyph read onto the main line inside the fraction's width (a tall delimiter of the
        # numerator, hung as one piece) leaves the fraction unreadable, never a wrong one.
        astride = any(-0.05 * size <= g.baseline - rule.y <= 0.45 * size for g in inside)
        parts_tex = f"\\frac{{{_tex(over, texts)}}}{{{_tex(under, texts)}}}"
        texts[mark] = UNREADABLE_FRACTION if astride else parts_tex
        parts = {id(g) for g in over + under}
        placeholder = replace(
            over[0],
            text=mark,
            x0=rule.x0,
            x1=rule.x1,
            size=size,
            baseline=rule.y + 0.25 * size,  # TeX sets the rule on the math axis
            top=rule.y - 0.5 * size,
            bottom=rule.y + 0.5 * size,
        )
        glyphs = [g for g in glyphs if id(g) not in parts] + [placeholder]
    return glyphs, texts


def with_fractions(tex: str, texts: dict[str, str]) -> str:
    """The placeholders of `fractions_rebuilt` in a row's TeX replaced by their fractions."""
    for mark in sorted(texts, reverse=True):  # outer fractions hold the inner placeholders
        # Read as a script of the glyph before it, a fraction's place in the formula is lost.
        scripted = re.search(rf"[_^]\{{[^{{}}]*{mark}", tex)
        tex = tex.replace(mark, UNREADABLE_FRACTION if scripted else texts[mark])
    return tex


def _tex(glyphs: list[Glyph], texts: dict[str, str]) -> str:
    tex = " ".join(w.tex() for w in line_words(glyphs))
    return with_fractions(tex, texts)
