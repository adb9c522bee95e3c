"""Formulas of running text drawn with a rule: small fractions, square roots and overlines.

Read line by line, their glyphs come apart. A text-style fraction (`\\tfrac{1}{4}`, `\\frac` in a
sentence) sets a small numerator over a short rule and a small denominator under it; taken as
glyphs of the line they read as a base and its script ("4^{1}" for ¼), another number. A square
root's sign (cmsy's radical) hangs below its origin, so its box falls a line above the
radicand under the rule ("$\\surd$" in the line over "(m_3, f)" for (m₃, √f)).

An overline (`\\overline{\\Delta t}`, a mean or a complement) is a rule just over a few math
glyphs and nothing else; dropped, the formula names another quantity ("Δt is the expected value
of Δt", where the paper has the mean Δt̄) — a wrong statement, not a lost mark. An underline
(`\\underline{x}_i`, a lower bound beside the upper bound `\\overline{x}_i`) is a rule just under
them: dropped, "X_i = (1-p)x_i + p\\underline{x}_i" read "(1-p)x_i + px_i", which is x_i.

Each is found from the page's short horizontal rules and the glyphs' places and sizes, and read
as one glyph (`Glyph.tex`, with the glyphs it was drawn with as `parts`) placed on the line it
belongs to. A display's own reading (equations.py) still sees the drawn glyphs.
"""

from __future__ import annotations

from dataclasses import replace

from apps.decks.pipeline.ingest.fractions import Rule
from apps.decks.pipeline.ingest.glyphs import SCRIPT_SIZE, Glyph, line_words

RADICALS = {"√"}
# A text-style fraction's rule sits on the math axis, a quarter em over its line's baseline.
AXIS_EM = (0.1, 0.45)
NEIGHBOUR_EM = 2.0  # how far from the rule a glyph of the fraction's line can start or end


def ruled_formulas(glyphs: list[Glyph], rules: list[Rule]) -> list[Glyph]:
    """The glyphs with each inline fraction and square root read as one glyph."""
    glyphs = _slashed(glyphs)
    if not rules:
        return glyphs
    glyphs = _fractions(glyphs, rules)
    glyphs = _radicals(glyphs, rules)
    return _underlines(_overlines(glyphs, rules), rules)


def _fractions(glyphs: list[Glyph], rules: list[Rule]) -> list[Glyph]:
    for rule in sorted(rules, key=lambda r: r.x1 - r.x0):  # inner fractions first
        inside = [
            g for g in glyphs if g.text.strip() and rule.x0 - 1 <= (g.x0 + g.x1) / 2 <= rule.x1 + 1
        ]
        # TeX shifts a text-style fraction's parts about 0.7 em of their size off the axis: a
        # glyph further away is of the line above or below
        over = [g for g in inside if 0 < rule.y - g.baseline <= 0.9 * g.size]
        under = [g for g in inside if 0.3 * g.size < g.baseline - rule.y <= 1.1 * g.size]
        if not over or not under or not _spans(rule, over, under) or not _plain(over + under):
            continue
        if _inside_another(rule, rules, max(g.size for g in over + under)):
            continue  # a part of a larger fraction: a display's, read with it (equations.py)
        parts = over + under
        line = _line_glyph(rule, glyphs, parts)
        if line is None:
            continue  # no text beside it at a larger size: a display's fraction, read there
        numerator, denominator = _tex(over), _tex(under)
        fraction = replace(
            line,
            text=f"{_text(over)}/{_text(under)}",
            tex=f"\\tfrac{{{numerator}}}{{{denominator}}}",
            parts=tuple(sorted(parts, key=lambda g: (g.baseline, g.x0))),
            x0=rule.x0,
            x1=rule.x1,
            top=min(g.top for g in parts),
            bottom=max(g.bottom for g in parts),
        )
        taken = {id(g) for g in parts}
        glyphs = [g for g in glyphs if id(g) not in taken] + [fraction]
    return glyphs


SLASHES = {"/", "⁄", "∕"}
NEAR_EM = 0.3  # a slashed fraction's parts touch their slash (kerned under it, or nearly)


def _slashed(glyphs: list[Glyph]) -> list[Glyph]:
    """Fractions set with a slash in small type (xfrac's `\\sfrac{1}{4}`, nicefrac, "1⁄4"): a
    small raised numerator just left of the slash, a small denominator just right of it, not
    raised. Read as scripts, the numerator was a footnote mark of the word before ("the ⁄4
    point") or a script of it."""
    for slash in [g for g in glyphs if g.text in SLASHES]:
        small = [
            g
            for g in glyphs
            if g is not slash and g.text.strip() and g.size < SCRIPT_SIZE * slash.size
        ]
        numerator = _run(small, slash, slash.x0, -1)
        denominator = _run(small, slash, slash.x1, 1)
        if not numerator or not denominator:
            continue
        raised = all(slash.baseline - g.baseline > 0.15 * slash.size for g in numerator)
        level = all(g.baseline - slash.baseline > -0.1 * slash.size for g in denominator)
        if not raised or not level or not _plain(numerator + denominator):
            continue
        parts = [*numerator, slash, *denominator]
        fraction = replace(
            slash,
            text=f"{_text(numerator)}/{_text(denominator)}",
            tex=f"\\tfrac{{{_tex(numerator)}}}{{{_tex(denominator)}}}",
            parts=tuple(parts),
            x0=min(g.x0 for g in parts),
            x1=max(g.x1 for g in parts),
            top=min(g.top for g in parts),
            bottom=max(g.bottom for g in parts),
        )
        taken = {id(g) for g in parts}
        glyphs = [g for g in glyphs if id(g) not in taken] + [fraction]
    return glyphs


def _run(small: list[Glyph], slash: Glyph, edge: float, direction: int) -> list[Glyph]:
    """The small glyphs that touch one another from the slash's edge outwards."""
    run: list[Glyph] = []
    reach = edge
    ordered = sorted(small, key=lambda g: g.x0 * direction)
    for glyph in ordered:
        if abs(glyph.baseline - slash.baseline) > 0.8 * slash.size:
            continue  # another line's
        near = glyph.x0 if direction > 0 else glyph.x1
        if abs(near - reach) <= NEAR_EM * slash.size:
            run.append(glyph)
            reach = glyph.x1 if direction > 0 else glyph.x0
    return sorted(run, key=lambda g: g.x0)


def _spans(rule: Rule, over: list[Glyph], under: list[Glyph]) -> bool:
    """TeX draws a fraction's rule as wide as its wider part: a longer rule under small text
    (a table's, an underline) is no fraction's."""
    widest = max(max(g.x1 for g in p) - min(g.x0 for g in p) for p in (over, under))
    return widest >= 0.75 * (rule.x1 - rule.x0)


def _inside_another(rule: Rule, rules: list[Rule], size: float) -> bool:
    """A wider rule over or under this one, within a line's height (`size`: the parts'):
    this fraction is in the numerator or denominator of another."""
    height = 2.5 * size
    return any(
        other is not rule
        and other.x1 - other.x0 > rule.x1 - rule.x0 + 1
        and other.x0 - 1 <= rule.x0
        and rule.x1 <= other.x1 + 1
        and 0 < abs(other.y - rule.y) <= height
        for other in rules
    )


PLAIN_PART = 4  # glyphs of a numerator or denominator read here ("1", "n+1", "2k")


def _plain(parts: list[Glyph]) -> bool:
    """A fraction of running text: short parts of one size, no scripts of their own. Anything
    larger (a fraction of a display, with scripts and fractions inside) is read with its display
    (equations.py), which knows the whole formula."""
    size = parts[0].size
    return all(abs(g.size - size) <= 0.05 * size for g in parts) and all(
        len(p) <= PLAIN_PART for p in _rows(parts)
    )


def _rows(parts: list[Glyph]) -> list[list[Glyph]]:
    rows: dict[int, list[Glyph]] = {}
    for glyph in parts:
        rows.setdefault(round(glyph.baseline), []).append(glyph)
    return list(rows.values())


def _line_glyph(rule: Rule, glyphs: list[Glyph], parts: list[Glyph]) -> Glyph | None:
    """The nearest glyph of the line the fraction stands in: beside the rule, larger than the
    fraction's parts (they are set at a script's size), its baseline a quarter em under the
    rule (TeX's math axis)."""
    part_size = max(g.size for g in parts)
    taken = {id(g) for g in parts}
    beside = []
    for g in glyphs:
        if id(g) in taken or not g.text.strip() or part_size >= SCRIPT_SIZE * g.size * 1.02:
            continue
        low, high = AXIS_EM
        if not low * g.size <= g.baseline - rule.y <= high * g.size:
            continue
        distance = max(rule.x0 - g.x1, g.x0 - rule.x1)
        if distance <= NEIGHBOUR_EM * g.size:
            beside.append((distance, g))
    if not beside:
        return None
    line = min(beside, key=lambda pair: pair[0])[1]
    return replace(line, tex="", parts=())


def _radicals(glyphs: list[Glyph], rules: list[Rule]) -> list[Glyph]:
    for sign in [g for g in glyphs if g.text in RADICALS]:
        rule = next(
            (r for r in rules if abs(r.x0 - sign.x1) <= 0.15 * sign.size and _joins(r, sign)),
            None,
        )
        if rule is None:
            continue
        radicand = [
            g
            for g in glyphs
            if g is not sign
            and g.text.strip()
            and rule.x0 - 0.5 <= (g.x0 + g.x1) / 2 <= rule.x1 + 0.5
            and g.top >= rule.y - 0.1 * g.size
            and g.baseline - rule.y <= 1.5 * sign.size
        ]
        if not radicand:
            continue
        base = max(radicand, key=lambda g: (g.size, -g.baseline))
        root = replace(
            base,
            text="√" + _text(radicand),
            tex=f"\\sqrt{{{_tex(radicand)}}}",
            parts=(sign, *sorted(radicand, key=lambda g: g.x0)),
            x0=sign.x0,
            x1=max(rule.x1, *(g.x1 for g in radicand)),
            top=min(rule.y, *(g.top for g in radicand)),
            bottom=max(g.bottom for g in radicand),
        )
        taken = {id(sign), *(id(g) for g in radicand)}
        glyphs = [g for g in glyphs if id(g) not in taken] + [root]
    return glyphs


# TeX draws an overline 3 rule widths (about 0.1 em) over its content: over an x-height letter
# about half an em over the baseline, over a capital or Δ about 0.8 em. A rule further up is
# under the line above (an underline), one lower strikes the glyphs through.
OVER_BASELINE_EM = (0.35, 0.95)
OVERLINED = 6  # glyphs an overline of running text covers at most ("x", "Δt", "AB", "x_i")


def _overlines(glyphs: list[Glyph], rules: list[Rule]) -> list[Glyph]:
    for rule in rules:
        covered = [
            g for g in glyphs if g.text.strip() and rule.x0 - 1 <= (g.x0 + g.x1) / 2 <= rule.x1 + 1
        ]
        size = max((g.size for g in covered), default=0.0)
        low, high = OVER_BASELINE_EM
        under = [g for g in covered if low * g.size <= g.baseline - rule.y <= high * g.size]
        # nothing over the rule a fraction's numerator would be (fractions were read before)
        if under and not _numerator_over(rule, glyphs, size):
            glyphs = _lined(glyphs, rule, under, size, "overline", "\u0305") or glyphs
    return glyphs


def _lined(
    glyphs: list[Glyph], rule: Rule, marked: list[Glyph], size: float, command: str, mark: str
) -> list[Glyph] | None:
    """The glyphs with `marked` (right under an overline, right over an underline) read as
    one glyph `\\command{…}`; None unless they are a few glyphs of mathematics as wide as the
    rule."""
    if len(marked) > OVERLINED or tex_read(marked) or not all(g.mathy for g in marked):
        return None
    width = max(g.x1 for g in marked) - min(g.x0 for g in marked)
    if abs(width - (rule.x1 - rule.x0)) > 0.3 * size:
        return None
    base = max(marked, key=lambda g: (g.size, -g.baseline))
    ordered = tuple(sorted(marked, key=lambda g: g.x0))
    lined = replace(
        base,
        text="".join(g.text + mark for g in ordered),
        tex=f"\\{command}{{{_tex(list(ordered))}}}",
        parts=ordered,
        x0=min(g.x0 for g in marked),
        x1=max(g.x1 for g in marked),
        top=min(rule.y, *(g.top for g in marked)),
        bottom=max(rule.y, *(g.bottom for g in marked)),
    )
    taken = {id(g) for g in marked}
    return [g for g in glyphs if id(g) not in taken] + [lined]


def _numerator_over(rule: Rule, glyphs: list[Glyph], size: float) -> bool:
    """Glyphs stand on a baseline just over the rule and within its width, none beside them on
    that baseline: the rule is a fraction's (a display's, read by equations.py). The line of
    text above an overline runs on past the rule's ends."""
    over = [
        g
        for g in glyphs
        if g.text.strip()
        and 0 < rule.y - g.baseline <= 0.9 * size
        and rule.x0 - 1 <= (g.x0 + g.x1) / 2 <= rule.x1 + 1
    ]
    if not over:
        return False
    baseline = over[0].baseline
    beside = [
        g
        for g in glyphs
        if g.text.strip()
        and abs(g.baseline - baseline) <= 0.1 * size
        and (g.x1 < rule.x0 - 0.5 * size or g.x0 > rule.x1 + 0.5 * size)
        and min(abs(g.x1 - rule.x0), abs(g.x0 - rule.x1)) <= 3 * size
    ]
    return not beside


def tex_read(glyphs: list[Glyph]) -> bool:
    """One of the glyphs is a formula read already (a fraction, a root): its rule is its own."""
    return any(g.parts for g in glyphs)


def _joins(rule: Rule, sign: Glyph) -> bool:
    """The rule starts at the sign's top: cmsy's radical hangs from its origin (the rule is at
    its baseline), a Unicode font's stands on the line (the rule is at its box's top)."""
    return min(abs(rule.y - sign.baseline), abs(rule.y - sign.top)) <= 0.2 * sign.size


def _tex(glyphs: list[Glyph]) -> str:
    return " ".join(w.tex() for w in line_words(glyphs))


def _text(glyphs: list[Glyph]) -> str:
    return " ".join(w.text for w in line_words(glyphs))


# TeX draws an underline 3 rule widths (about 0.1 em) under its content's depth: under letters
# without a descender about 0.1–0.2 em under the baseline, under a descender about 0.35 em.
UNDER_BASELINE_EM = (0.05, 0.45)


def _underlines(glyphs: list[Glyph], rules: list[Rule]) -> list[Glyph]:
    """A short rule just under a few math glyphs and as wide as them: `\\underline{x}`. A rule
    with glyphs under it too is a fraction's (a display's, read by equations.py); one under
    words of prose is an underlined word, not mathematics."""
    for rule in rules:
        covered = [
            g for g in glyphs if g.text.strip() and rule.x0 - 1 <= (g.x0 + g.x1) / 2 <= rule.x1 + 1
        ]
        low, high = UNDER_BASELINE_EM
        over = [g for g in covered if low * g.size <= rule.y - g.baseline <= high * g.size]
        if not over:
            continue
        size = max(g.size for g in over)
        if any(0.3 * size < g.baseline - rule.y <= 1.1 * size for g in covered):
            continue  # a denominator under it: a fraction's rule
        glyphs = _lined(glyphs, rule, over, size, "underline", "\u0332") or glyphs
    return glyphs
