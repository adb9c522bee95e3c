"""Display equations: found among a page's segments, rebuilt as TeX from their glyphs.

A display equation is a line set apart from the prose: mostly mathematics (scripts, math
fonts, Greek, operators) with a relation or operator in it, indented or centred in its column
or carrying an equation number "(3)" at the column's edge. The lines just above and below it
that hold only small mathematics are its limits ("t=1" under a ∑, "W" over it) and join it.
Sub- and superscripts come from glyphs.line_words; a big operator's limits are the small
glyphs stacked over and under it. Fractions drawn with a rule are rebuilt as `\\frac`
(fractions.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from apps.decks.pipeline import script_levels
from apps.decks.pipeline.ingest.accounted import unaccounted, unwritten
from apps.decks.pipeline.ingest.fractions import Rule, fractions_rebuilt, with_fractions
from apps.decks.pipeline.ingest.glyphs import RELATIONS, Glyph, dots_named, line_words
from apps.decks.pipeline.ingest.hung import is_hung
from apps.decks.pipeline.ingest.layout import Layout, Segment
from apps.decks.pipeline.ingest.operator_limits import operator_limits

NUMBER = re.compile(r"^\((\d+(?:\.\d+)?[a-z]?|[A-Z]\.\d+)\)$")  # (3), (2.1), (A.1)
BIG_OPERATORS = set("∑∏∫∮⋃⋂⨁⨂")
# A display integral at the text size (TeX's cmex) carries its limits at its side.
SIDE_LIMITS = set("∫∮")
UNREADABLE = re.compile(r"\(cid:\d+\)|\ufffd")
PROSE_WORD = re.compile(r"^[A-Za-z][a-z]{2,}[.,;:]?$")


@dataclass
class DisplayEquation:
    page: int
    number: str  # "3", or "" when unnumbered
    tex: str
    segments: list[Segment]
    levels: list[int] | None = None  # glyphs at the display's size, a script's, a script of one's

    @property
    def top(self) -> float:
        return min(s.top for s in self.segments)


def equations_find(layout: Layout) -> list[DisplayEquation]:
    """Every display equation; their segments get the role "equation" (not prose)."""
    found: list[DisplayEquation] = []
    for page_number, page in enumerate(layout.pages, start=1):
        texts = [s for s in page if s.role == "text"]
        numbers = [s for s in texts if NUMBER.match(s.text.strip())]
        mains = [s for s in texts if s not in numbers and _is_display(layout, s, numbers)]
        mains += [s for s in texts if s not in mains and _multline_first(layout, s, texts)]
        used: set[int] = set()
        groups: list[list[Segment]] = []
        for main in sorted(mains, key=lambda s: s.top):
            if id(main) in used:
                continue
            group = [main]
            used.add(id(main))
            # Through the lines already taken: a fraction's denominator sits under its
            # numerator, and the main line is cut in pieces where the fraction stands.
            for member in group:
                for s in texts:
                    if id(s) not in used and _belongs(layout, s, member, numbers):
                        group.append(s)
                        used.add(id(s))
            overlapping = next((g for g in groups if _overlap(g, group)), None)
            if overlapping is not None:  # two parts of one display ("L(θ) =" and its sum)
                overlapping.extend(group)
            else:
                groups.append(group)
        for group in groups:
            _continuations_joined(layout, group, texts, used)
        for group in groups:
            number_segment = next(
                (n for n in (_number_of(s, numbers) for s in group) if n is not None), None
            )
            for segment in group + ([number_segment] if number_segment else []):
                segment.role = "equation"
            number = NUMBER.match(number_segment.text.strip()).group(1) if number_segment else ""
            group.sort(key=lambda s: (s.top, s.x0))
            rules = layout.rules[page_number - 1] if layout.rules else []
            tex = _tex(group, rules)
            drawn = layout.glyphs[page_number - 1] if layout.glyphs else []
            if tex and _left_out(group, drawn):
                tex = ""  # a part of the display read elsewhere or not at all: another formula
            found.append(DisplayEquation(page_number, number, tex, group, _levels(group)))
    return found


def _left_out(group: list[Segment], drawn: list[Glyph]) -> list[Glyph]:
    """The page's glyphs inside the display's box that none of its segments holds: a numerator
    read as a line of prose ("dv" over "dt"), an exponent taken for a footnote mark."""
    held = [g for s in group for w in s.words if w.source for g in w.source.glyphs]
    x0, x1 = min(s.x0 for s in group), max(s.x1 for s in group)
    top, bottom = min(s.top for s in group), max(s.bottom for s in group)

    def inside(g: Glyph, x0: float, x1: float, top: float, bottom: float) -> bool:
        middle_x, middle_y = (g.x0 + g.x1) / 2, (g.top + g.bottom) / 2
        return x0 < middle_x < x1 and top < middle_y < bottom

    def holds(h: Glyph, g: Glyph) -> bool:
        if is_hung(g):  # a tall delimiter is hung on the display's line: held at another height
            return abs(h.x0 - g.x0) < 0.6 and abs(h.x1 - g.x1) < 0.6
        return inside(g, h.x0 - 0.5, h.x1 + 0.5, h.top - 0.5, h.bottom + 0.5)

    return [
        g
        for g in drawn
        if inside(g, x0 + 0.5, x1 - 0.5, top + 0.5, bottom - 0.5)
        and not any(holds(h, g) for h in held)
    ]


def _overlap(a: list[Segment], b: list[Segment]) -> bool:
    if a[0].column != b[0].column:
        return False
    top_a, bottom_a = min(s.top for s in a), max(s.bottom for s in a)
    top_b, bottom_b = min(s.top for s in b), max(s.bottom for s in b)
    shared = min(bottom_a, bottom_b) - max(top_a, top_b)
    return shared > 0.3 * min(bottom_a - top_a, bottom_b - top_b)


def _math_share(segment: Segment) -> float:
    chars = sum(len(w.text) for w in segment.words) or 1
    return sum(len(w.text) for w in segment.words if w.math or _neutral(w.text)) / chars


def _neutral(text: str) -> bool:
    return not any(ch.isalpha() for ch in text)


def _is_display(layout: Layout, segment: Segment, numbers: list[Segment]) -> bool:
    variables = [ch for w in segment.words if w.math for ch in w.text if ch.isalpha()]
    if not variables:
        return False  # a row of numbers (a table) is not an equation
    if not any(ch in RELATIONS for w in segment.words for ch in w.text):
        return False
    prose = sum(1 for w in segment.words if not w.math and PROSE_WORD.match(w.text))
    if prose > 2 or _math_share(segment) < 0.6:
        return False
    if _number_of(segment, numbers) is not None:
        return True
    x0, x1 = layout.columns[segment.column] if layout.columns else (segment.x0, segment.x1)
    indent = segment.x0 - x0
    return indent > 1.5 * segment.size and (x1 - segment.x1) > 1.0 * segment.size


def _number_of(segment: Segment, numbers: list[Segment]) -> Segment | None:
    for number in numbers:
        same_line = abs((number.top + number.bottom) / 2 - (segment.top + segment.bottom) / 2) < (
            0.6 * segment.size
        )
        if same_line and number.x0 > segment.x1 and number.x0 - segment.x1 < 260:
            return number
    return None


def _belongs(layout: Layout, segment: Segment, main: Segment, numbers: list[Segment]) -> bool:
    """Limits, big operators, a fraction's parts and the other lines of the same display; on
    the display's own line, a condition set beside it ("for $i \\neq j$")."""
    if segment in numbers or segment.column != main.column:
        return False
    if not all(w.math or _neutral(w.text) for w in segment.words):
        return _condition_beside(segment, main)
    # A fraction's numerator and denominator start just right of the "=" before them.
    off_line = abs((segment.top + segment.bottom) - (main.top + main.bottom)) / 2 > 0.3 * main.size
    small = segment.size < 0.86 * main.size
    reach = 1.5 * main.size if small or off_line else 2
    overlaps = segment.x0 < main.x1 + reach and main.x0 < segment.x1 + 2
    close = (
        segment.top < main.bottom + 0.9 * main.size and main.top < segment.bottom + 0.9 * main.size
    )
    middle = abs((segment.top + segment.bottom) - (main.top + main.bottom)) / 2
    beside = middle < 0.5 * main.size and min(
        abs(segment.x0 - main.x1), abs(main.x0 - segment.x1)
    ) < (8 * main.size)
    return (overlaps and close) or beside


# A line of a display broken over lines (multline, split, align) that goes on with an operator:
# "× P{survive with DM from s to a} ds" under "P{DM}(a) = ∫ P{survive to s, …}".
CONTINUING_OPERATORS = set("×·+−∓±")


def _continuations_joined(
    layout: Layout, group: list[Segment], texts: list[Segment], used: set[int]
) -> None:
    """The lines that go on with a display's formula: set just under it, indented past its
    left edge and opening with a binary operator. One holding words in roman (a probability
    of an event said in words) is not all mathematics, so `_belongs` leaves it to the prose,
    and the display would stop after its first line: a formula that states something else."""
    size = _main_size(group)
    _pieces_joined(group, texts, used, size)
    while True:
        lines = [s for s in group if abs(s.size - size) < 0.5]
        bottom = max(s.bottom for s in lines)
        left = min(s.x0 for s in lines)
        right = layout.columns[group[0].column][1] if layout.columns else max(s.x1 for s in group)
        below = [
            s
            for s in texts
            if id(s) not in used
            and s.column == group[0].column
            and abs(s.size - size) < 0.5
            and 0 <= s.top - bottom < 1.6 * size
            and left + size < s.x0 < right
        ]
        line = next((s for s in sorted(below, key=lambda s: s.top) if _goes_on(s)), None)
        if line is None:
            return
        group.append(line)
        used.add(id(line))
        _pieces_joined(group, texts, used, size)
        # its own limits and scripts, the small lines over and under it
        for s in texts:
            if id(s) not in used and s.size < 0.86 * size and _belongs(layout, s, line, []):
                group.append(s)
                used.add(id(s))


def _pieces_joined(group: list[Segment], texts: list[Segment], used: set[int], size: float) -> None:
    """The rest of a display's line, cut off at the gap a big operator's limits leave
    ("P{escape}(L) = ∫" | "P{absorbed at depth x}"): on the same line, just right of it,
    mathematics with words in roman."""
    for line in [s for s in group if abs(s.size - size) < 0.5]:
        end = line
        for s in sorted(texts, key=lambda s: s.x0):
            middle = abs((s.top + s.bottom) - (end.top + end.bottom)) / 2
            if (
                id(s) not in used
                and s.column == end.column
                and abs(s.size - size) < 0.5
                and middle < 0.3 * size
                and 0 <= s.x0 - end.x1 < 2.5 * size
                and _wordy_math(s.words)
            ):
                group.append(s)
                used.add(id(s))
                end = s


def _multline_first(layout: Layout, segment: Segment, texts: list[Segment]) -> bool:
    """The first line of a display set as a multline: at the column's left (a small gap in),
    with a relation in it, and a line under it that goes on with an operator set against the
    column's right edge. Not indented, `_is_display` does not take it."""
    if not layout.columns or not any(ch in RELATIONS for w in segment.words for ch in w.text):
        return False
    if _math_share(segment) < 0.6 or not any(w.math for w in segment.words):
        return False
    right = layout.columns[segment.column][1]
    return any(
        s.column == segment.column
        and abs(s.size - segment.size) < 0.5
        and 0 <= s.top - segment.bottom < 2.6 * segment.size
        and s.x0 > segment.x0 + 4 * segment.size
        and right - s.x1 < 2 * segment.size
        and _goes_on(s)
        for s in texts
    )


def _wordy_math(words: list) -> bool:
    """Mathematics in which words in roman may stand, no more of them than of it."""
    maths = [w for w in words if w.math]
    prose = [w for w in words if not w.math and not _neutral(w.text)]
    return bool(maths) and len(prose) <= len(maths) + 1


def _goes_on(segment: Segment) -> bool:
    """A line that opens with a binary operator and goes on with mathematics: words in
    roman may stand in it, no more of them than of its mathematics."""
    words = segment.words
    if len(words) < 2 or words[0].text[:1] not in CONTINUING_OPERATORS:
        return False
    return _wordy_math(words[1:])


CONDITION_WORDS = {"for", "if", "when", "otherwise", "and", "or", "with", "where"}


def _condition_beside(segment: Segment, main: Segment) -> bool:
    """ "for $i \\neq j$" set on the display's line, apart from it (`\\quad\\text{for }`): a
    word or two of a condition and the mathematics it is about."""
    middle = abs((segment.top + segment.bottom) - (main.top + main.bottom)) / 2
    if middle > 0.5 * main.size or not 0 < segment.x0 - main.x1 < 8 * main.size:
        return False
    prose = [w for w in segment.words if not w.math and not _neutral(w.text)]
    words = [w.text.strip(".,;:") for w in prose]
    return (
        0 < len(prose) <= 2
        and all(w in CONDITION_WORDS for w in words)
        and (any(w.math for w in segment.words))
    )


def _main_size(group: list[Segment]) -> float:
    """A display's size: its longest line's."""
    return max(group, key=lambda s: sum(len(w.text) for w in s.words)).size


def _levels(group: list[Segment]) -> list[int]:
    glyphs = [g for s in group for w in s.words if w.source for g in w.source.glyphs]
    return glyph_levels(glyphs, _main_size(group))


def _tex(group: list[Segment], rules: list[Rule]) -> str:
    """TeX of a display: one row per main line (a system of equations becomes rows)."""
    glyphs = [g for s in group for w in s.words if w.source for g in w.source.glyphs]
    if any(UNREADABLE.search(g.text) for g in glyphs):
        return ""  # glyphs without a Unicode mapping cannot be written as TeX
    drawn = list(glyphs)
    main_size = _main_size(group)
    glyphs, fractions = fractions_rebuilt(glyphs, rules, main_size)
    rows: list[list[Glyph]] = []
    row_lines: list[float] = []
    for line in sorted({round(g.baseline) for g in glyphs if abs(g.size - main_size) < 0.5}):
        if not row_lines or line - row_lines[-1] > 0.8 * main_size:
            row_lines.append(line)
            rows.append([])
    if not rows:
        return ""
    for g in glyphs:
        nearest = min(range(len(rows)), key=lambda i: abs(row_lines[i] - g.baseline))
        rows[nearest].append(g)
    texts = [
        _conditional_bars(with_fractions(t, fractions))
        for t in (_row_tex(r, main_size) for r in rows)
        if t
    ]
    # A row after the first that opens with an operator goes on with the row above it (a
    # multline's "× …"): set off by a quad, as TeX sets it, and read with that row.
    texts = [
        f"\\quad {t}" if i and t[:1] in "+-" or i and t.startswith(("\\times", "\\cdot")) else t
        for i, t in enumerate(texts)
    ]
    if any(UNREADABLE.search(t) for t in texts):
        return ""  # a fraction whose parts could not be told apart
    tex = (
        texts[0]
        if len(texts) == 1
        else ("\\begin{gathered} " + " \\\\ ".join(texts) + " \\end{gathered}")
    )
    # A glyph the TeX does not write (a fraction, an exponent, a limit lost on the way) would
    # leave another formula: none is shown. Nor is one that writes a script of a script at a
    # larger size than the PDF drew it ("f_{y}+" for f_{y^+}): its glyphs are all there, in
    # another formula.
    if unaccounted(drawn, tex) or script_levels.flattened(glyph_levels(drawn, main_size), tex):
        return ""
    return tex


def glyph_levels(glyphs: list[Glyph], size: float) -> list[int]:
    """How many of a display's glyphs are set at its size, a script's and a script of a
    script's ([n0, n1, n2]), accents aside (drawn over a letter, counted with it)."""
    levels = [0, 0, 0]
    for glyph in glyphs:
        if not unwritten(glyph.text):
            levels[script_levels.size_level(glyph.size, size)] += 1
    return levels


def _row_tex(glyphs: list[Glyph], main_size: float) -> str:
    operators = [
        g
        for g in glyphs
        if g.text in BIG_OPERATORS
        and (g.size > 1.15 * main_size or (is_hung(g) and g.text not in SIDE_LIMITS))
    ]
    limits: dict[int, tuple[list[Glyph], list[Glyph]]] = {}
    taken: set[int] = set()
    for op in operators:
        below, above = [], []
        for g in glyphs:
            centred = op.x0 - 2 <= (g.x0 + g.x1) / 2 <= op.x1 + 2
            if g is op or g.size >= 0.86 * main_size or not centred:
                continue
            if g.baseline > op.baseline + 0.2 * main_size:
                below.append(g)
            elif g.baseline < op.top + 0.3 * main_size:
                above.append(g)
        taken.update(id(g) for g in below + above)
        limits[id(op)] = (sorted(below, key=lambda g: g.x0), sorted(above, key=lambda g: g.x0))
    rest, named = operator_limits([g for g in glyphs if id(g) not in taken], main_size)
    words = line_words(rest)
    for word in words:
        for atom in word.atoms:
            if id(atom.base) in limits:
                atom.sub, atom.sup = limits[id(atom.base)]
    tex = dots_named(" ".join(w.tex() for w in words))
    for mark, operator in named.items():
        tex = tex.replace(mark, operator)
    tex = re.sub(r" {2,}", " ", tex)
    # A condition's words after the formula are text beside it; a row opening with prose stays
    # as it is, for display_math to refuse.
    # Inside a bracket they are words of the formula ("P{survive with DM}"), not a condition.
    tex = re.sub(
        r"(?<=\S) \\mathrm\{(" + "|".join(CONDITION_WORDS) + r")\}",
        lambda m: (
            f" \\quad \\text{{{m.group(1)} }}" if _depth(tex[: m.start()]) == 0 else m.group(0)
        ),
        tex,
    )
    tex = re.sub(r"[.,;:]+$", "", tex).strip()  # the sentence's punctuation after it
    return _words_spaced(tex)


def _depth(tex: str) -> int:
    """How many brackets are open at the end of this TeX: "(", "[" and the set braces "\\{"."""
    opened = tex.count("(") + tex.count("[") + tex.count("\\{")
    return opened - tex.count(")") - tex.count("]") - tex.count("\\}")


ROMAN_WORD = r"\\mathrm\{[A-Za-z]{2,}\}"
# What a word of the formula's sentence is followed by: a letter, a number, a bracket, a Greek
# letter or another word; not a relation or an operator, which TeX spaces itself.
WORD_NEXT = (
    r"(?=[A-Za-z0-9(]|\\mathrm\{|\\(?!quad|text|times|cdot|pm|mp|leq|geq|neq|in\b|to\b)[a-z]+)"
)


def _words_spaced(tex: str) -> str:
    """Words in roman inside a display ("P{survive to s}") keep the spaces between them:
    in math mode "\\mathrm{survive} \\mathrm{to} s" is set as "surviveto s"."""
    tex = re.sub(r"(" + ROMAN_WORD + r"[,;]?) " + WORD_NEXT, r"\1\\ ", tex)
    return re.sub(r"(?<=[\w,;}]) (?=" + ROMAN_WORD + r")", r"\\ ", tex)


def _conditional_bars(tex: str) -> str:
    """A lone bar at one level of a group ("(u | y, θ)", "f_{Y|U}", "d(ũ(θ)|y)") is the
    conditional `\\mid`, not half of an absolute value: written so, the bars left are pairs."""
    levels: list[list[int]] = [[]]  # bar positions at each open level, the outermost first
    lone: list[int] = []
    for index, char in enumerate(tex):
        escaped = index and tex[index - 1] == "\\"
        if char in "({" and not escaped:
            levels.append([])
        elif char in ")}" and not escaped and len(levels) > 1:
            bars = levels.pop()
            lone += bars if len(bars) == 1 else []
        elif char == "|" and not escaped:
            levels[-1].append(index)
    for index in sorted(lone, reverse=True):
        tex = tex[:index] + " \\mid " + tex[index + 1 :]
    return re.sub(r" {2,}", " ", tex)
