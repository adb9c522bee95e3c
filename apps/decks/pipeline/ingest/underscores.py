"""Underscores TeX draws as rules.

Computer Modern's text fonts have no underscore: LaTeX's `\\_` draws a short rule on the
baseline, between the glyphs of a name ("56_xc", "glp_read"). A reader of the glyphs sees
"56 xc" (two words) or "56xc", and a slide would show a different name. A thin horizontal
rule on a line's baseline that fills the gap between two glyphs of that line is read as "_".
The rule is a path in pdfTeX's output, but ps2pdf (dvips → PostScript → PDF) paints each rule
as a one-pixel image mask stretched to its size: a thin image is a rule as well, in any font.
"""

from __future__ import annotations

import pdfplumber

RULE_HEIGHT = 1.0  # pt: thicker is a box, a table's border, a fraction bar's is ~0.4 too
WIDTH_EM = (0.2, 0.75)  # LaTeX's \_ is 0.3 em plus kerns; a fraction bar is wider
TOUCH_EM = 0.15  # the rule's ends meet its neighbours within this much
BASELINE_EM = 0.12  # the rule lies this close to the neighbours' baseline


def underscores_added(page: pdfplumber.page.Page, chars: list[dict]) -> list[dict]:
    """`chars` with a "_" for each rule drawn as an underscore between two of them."""
    rules = [
        o
        for o in (*page.lines, *page.rects, *page.images)
        if abs(o["bottom"] - o["top"]) <= RULE_HEIGHT and 1.0 < o["x1"] - o["x0"] < 20.0
    ]
    if not rules or not chars:
        return chars
    by_baseline: dict[int, list[dict]] = {}  # glyphs by their baseline, in 2 pt bands
    for char in chars:
        if char.get("size") and char.get("upright", True) and char["text"].strip():
            by_baseline.setdefault(int(_baseline(char) // 2), []).append(char)
    added = []
    for rule in rules:
        band = int((rule["top"] + rule["bottom"]) / 2 // 2)
        near = [c for k in (band - 1, band, band + 1) for c in by_baseline.get(k, ())]
        char = _underscore(rule, near)
        if char is not None:
            added.append(char)
    return chars + added if added else chars


def _underscore(rule: dict, chars: list[dict]) -> dict | None:
    middle = (rule["top"] + rule["bottom"]) / 2
    left = right = None
    for char in chars:
        size = char.get("size") or 0.0
        if not size or not char.get("upright", True) or not char["text"].strip():
            continue
        baseline = _baseline(char)
        if abs(baseline - middle) > BASELINE_EM * size:
            continue
        if abs(char["x1"] - rule["x0"]) <= TOUCH_EM * size:
            left = char
        elif abs(char["x0"] - rule["x1"]) <= TOUCH_EM * size:
            right = char
    if left is None or right is None:
        return None
    size = left["size"]
    if not WIDTH_EM[0] * size <= rule["x1"] - rule["x0"] <= WIDTH_EM[1] * size:
        return None
    if not (left["text"][-1:].isalnum() and right["text"][:1].isalnum()):
        return None  # between two letters or digits of a name, not beside punctuation
    # The glyph fills the gap from one neighbour to the other: LaTeX kerns the rule .06 em off
    # the letter before, a gap a tightly set line (a typewriter name's) reads as a word space
    # ("min _pts" for min_pts).
    x0, x1 = min(rule["x0"], left["x1"]), max(rule["x1"], right["x0"])
    a, b, c, d, _e, f = left["matrix"]
    return {
        **left,
        "text": "_",
        "x0": x0,
        "x1": x1,
        "width": x1 - x0,
        "adv": x1 - x0,
        "matrix": (a, b, c, d, x0, f),
    }


def _baseline(char: dict) -> float:
    """The glyph's baseline, from the top of the page."""
    matrix = char.get("matrix")
    if matrix:
        return char["top"] + (char["y1"] - matrix[5])
    return char["bottom"]
