"""Page layout from pdfplumber words: lines, segments, columns, running headers, body size.

A *segment* is a run of words on one visual line with no wide gap inside: a line of one column,
a margin note, a cell of a table row. Everything downstream (title, sections, captions, figure
regions) works on segments in reading order.
"""

from __future__ import annotations

import re
import statistics
from collections import Counter
from dataclasses import dataclass, field

import pdfplumber

from apps.decks.pipeline.ingest.drawn_twice import drawn_once
from apps.decks.pipeline.ingest.encodings import glyph_repairs
from apps.decks.pipeline.ingest.fractions import Rule, page_rules
from apps.decks.pipeline.ingest.glyphs import (
    MONO_FONT,
    SCRIPT_SIZE,
    Glyph,
    GlyphWord,
    Placed,
    line_words,
    normalize,
    quotes_code,
    words_text,
)
from apps.decks.pipeline.ingest.gutters import Gutter, page_gutter, split_at_gutter, typical
from apps.decks.pipeline.ingest.hung import hang, is_hung
from apps.decks.pipeline.ingest.long_arrows import long_arrows_joined
from apps.decks.pipeline.ingest.lost_glyphs import LostGlyphs
from apps.decks.pipeline.ingest.lost_letters import UNREADABLE, lost_letter_repairs
from apps.decks.pipeline.ingest.maps_to import arrows_joined
from apps.decks.pipeline.ingest.omitted_letters import restored
from apps.decks.pipeline.ingest.pi_letters import pi_letters
from apps.decks.pipeline.ingest.ruled_math import ruled_formulas
from apps.decks.pipeline.ingest.running import running_mark
from apps.decks.pipeline.ingest.scanned import scanned_page, scanned_running_mark
from apps.decks.pipeline.ingest.stacked_relations import stacked_relations
from apps.decks.pipeline.ingest.symbol_fonts import text_chars
from apps.decks.pipeline.ingest.symbols import ACCENTS
from apps.decks.pipeline.ingest.tex_words import LOGO_WORD, font_switch_leaked
from apps.decks.pipeline.ingest.type3 import chars_turned, type3_fonts_named, type3_geometry
from apps.decks.pipeline.ingest.underscores import underscores_added
from apps.decks.pipeline.ingest.words import compound

SECTION_NUMBER = re.compile(r"^(?:\d+(?:\.\d+)*\.?|[IVX]+\.|[A-H]\.)$")
SUPERSCRIPT_MARK = re.compile(r"^[\d,*†‡§¶\-–]+$|^ID$")
NO_SPACE_BEFORE = tuple(",.;:!?)]}’”%")
NO_SPACE_AFTER = tuple("([{‘“")
DOT_NAME = re.compile(r"\.[A-Za-z]")
# What a percent sign set apart belongs to: a number ("5 %", "$5$ %", "(5) %"). After a word or
# a colon it opens a label ("Plot: % White Turnout") and keeps its space.
PERCENT_OF = re.compile(r"[\d)\]}$]$")
HYPHENS = ("-", "\u2010", "\u2011", "\u00ad")
# A citation LaTeX could not resolve prints as "(?)" or "[?]" ("[?, ?]"): it names no work.
UNRESOLVED = re.compile(r" ?[(\[]\?+(?:[,;] ?\?+)*[)\]]")
NARROW_GLYPHS = set("il.,:;'!|()[]1tfjr")
# A capital of a logo lowered or raised inside its word (BibTeX's E is lowered .7ex, about .3 em): up
# to this share of an em from the line, when it is kerned onto a capital on each side
LOGO_SHIFT_EM, LOGO_KERN_EM = 0.5, 0.12


@dataclass
class Word(Placed):
    source: GlyphWord | None = None  # the glyphs it was built from (scripts, TeX form)
    scanned: bool = False  # the OCR's reading of a scanned page (scanned.py)

    @property
    def math(self) -> bool:
        return self.source is not None and self.source.math


# Bold by name, or TeX's bold faces, whose names do not say so: Computer Modern's CMBX10 and
# CMB10, the EC fonts' SFBX1000, Latin Modern's LMBX; a publisher's subset named by a code
# with its face as a suffix ("AdvOTb83ee1dd.B", Elsevier's bold headings).
BOLD_FONT = re.compile(
    r"bold|black|heavy|semibold|medium|-medi|demi|(?:^|\+)(?:cmbx|cmb\d|cmbsy|cmssbx|sfbx|ecbx|lmbx)"
    r"|\.B$",
    re.I,
)


@dataclass
class Segment:
    page: int  # 1-based
    words: list[Word]
    size: float = 0.0
    font: str = ""
    role: str = "text"  # text | margin | header | equation | rotated
    column: int = 0
    code: bool = False  # a line of program code or its output (code.py)
    cell: bool = False  # a cell of a table without caption or rules (cells.py)
    run_in: bool = False  # a heading split from the text it runs into (runin.py)
    item: bool = False  # the line opens an item of a list (list_items.py)
    term: int = 0  # its first words are a term joined from a line of its own (list_items.py)
    contents: bool = False  # a line of a contents page or its label (contents_lines.py)
    # a "rotated" segment whose glyphs are only mirrored, upright on the page (`_turned`): part
    # of its figure's crop like the others, never a sign that the figure is set sideways
    mirrored: bool = False

    def __post_init__(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        weights: Counter[float] = Counter()
        fonts: Counter[str] = Counter()
        for word in self.words:
            weights[round(word.size, 1)] += len(word.text)
            fonts[word.font] += len(word.text)
        self.size = weights.most_common(1)[0][0] if weights else 0.0
        self.font = fonts.most_common(1)[0][0] if fonts else ""

    @property
    def x0(self) -> float:
        return min(w.x0 for w in self.words)

    @property
    def x1(self) -> float:
        return max(w.x1 for w in self.words)

    @property
    def top(self) -> float:
        return min(w.top for w in self.words)

    @property
    def bottom(self) -> float:
        return max(w.bottom for w in self.words)

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def bold(self) -> bool:
        return bool(BOLD_FONT.search(self.font))

    @property
    def text(self) -> str:
        return join_words(self.words)

    @property
    def prose_text(self) -> str:
        """The text as a paragraph holds it: names of code quoted in a line of prose, set in
        typewriter, are inline code ("passing the `--vectorize` (or `-vec`) option")."""
        sources = [w.source for w in switches_dropped(self.words)]
        if all(sources) and quotes_code(sources):
            return words_text(sources, code=True)
        return self.text

    @property
    def monospaced(self) -> bool:
        """Set in a typewriter font: program code or its output, not prose. Told by the font's
        name, or (fonts without one, such as bitmap fonts) by every glyph having one width,
        narrow glyphs ("i", ".", "(") included."""
        glyphs = [a.base for w in self.words if w.source for a in w.source.atoms]
        glyphs = [g for g in glyphs if g.text.strip() and g.size > 0]
        if len(glyphs) < 4:
            return False
        named = sum(1 for g in glyphs if MONO_FONT.search(g.font))
        if named >= 0.7 * len(glyphs):
            return True
        if any(w.scanned for w in self.words):
            # the OCR's layer gives every glyph one width whatever the print's face: a scanned
            # page's sentence (its short last line most of all) is no code by its widths
            return False
        # One width for all glyphs proves little for a few wide ones ("mom", digits): it needs
        # a narrow glyph, or enough different letters and marks.
        distinct = {g.text for g in glyphs if not g.text.isdigit()}
        if len(distinct) < 2 or (len(distinct) < 4 and not distinct & NARROW_GLYPHS):
            return False  # digits share one width in most fonts
        widths = [(g.x1 - g.x0) / g.size for g in glyphs]
        middle = statistics.median(widths)
        return all(abs(w - middle) <= 0.03 * middle for w in widths)


@dataclass
class Layout:
    """Every page's segments plus document-wide measurements."""

    pages: list[list[Segment]]
    page_sizes: list[tuple[float, float]]
    body_size: float
    columns: list[tuple[float, float]]  # (x0, x1) of each text column
    running: list[str] = field(default_factory=list)  # texts of running headers/footers
    rules: list[list[Rule]] = field(default_factory=list)  # each page's short horizontal lines
    # Each page's printed glyphs as drawn, before any is read into a line (equations.py checks
    # that a display's TeX writes every glyph of its box).
    glyphs: list[list[Glyph]] = field(default_factory=list)
    # What the PDF's text layer lost and could not be read back (lost_letters.py).
    unread: list[str] = field(default_factory=list)
    # Each page's column gutter, None on a page of one column (gutters.py).
    gutters: list[Gutter | None] = field(default_factory=list)
    # Whether each page is a scan: one picture with the OCR's text over it (scanned.py).
    scanned: list[bool] = field(default_factory=list)

    def segments(self, role: str | None = "text") -> list[Segment]:
        return [s for page in self.pages for s in page if role is None or s.role == role]

    def is_body(self, segment: Segment) -> bool:
        return abs(segment.size - self.body_size) <= 0.8

    def column_width(self) -> float:
        return max((x1 - x0 for x0, x1 in self.columns), default=400.0)


def switches_dropped(words: list[Word]) -> list[Word]:
    """The words without LaTeX font switches printed as prose ("Write tt poly to …"); one set
    in typewriter is quoted code, and stays."""
    return [
        word
        for index, word in enumerate(words)
        if MONO_FONT.search(word.font)
        or not font_switch_leaked(
            word.text, words[index + 1].text if index + 1 < len(words) else None
        )
    ]


def join_words(words: list[Word]) -> str:
    """A segment's text; formulas (scripts, math fonts, Greek) become `$…$`."""
    words = switches_dropped(words)
    sources = [w.source for w in words]
    if all(sources) and any(w.math for w in words):
        return words_text(sources)
    out = ""
    for word in words:
        text = word.text.replace("$", "\\$")  # a literal dollar; `$…$` is mathematics
        # punctuation read as a word of its own goes on the word before it; a name opening
        # with a dot (a file's extension ".dsp", ".NET") is a word
        closing = text.startswith(NO_SPACE_BEFORE) and not DOT_NAME.match(text)
        if text.startswith("%") and not PERCENT_OF.search(out):
            closing = False  # a sign set apart after a word opens a label: "for % White"
        if out and not (closing or out.endswith(NO_SPACE_AFTER)):
            out += " "
        out += text
    return normalize(out)


def layout_read(pdf: pdfplumber.PDF) -> Layout:
    pages: list[list[Segment]] = []
    sizes: list[tuple[float, float]] = []
    rotated: list[list[Segment]] = []
    rules: list[list[Rule]] = []
    glyphs: list[list[Glyph]] = []
    scanned: list[bool] = []
    type3_fonts_named(pdf)  # before any page is read (a no-op when opened_upright did it)
    repairs, turned = glyph_repairs(pdf), type3_geometry(pdf)
    letters = lost_letter_repairs(
        pdf, repairs, turned
    )  # a font's letter with no text: read by words
    repairs = _with_letters(repairs, letters.fixes)
    lost = LostGlyphs(pdf)
    greek = pi_letters(pdf)  # a pi font's Latin letters, which may be its Greek
    for number, page in enumerate(pdf.pages, start=1):
        chars = [_repaired(c, repairs) for c in chars_turned(page.chars, turned)]
        chars = drawn_once(chars)  # a fake bold's or a doubled text layer's copy: read once
        chars = lost.read(number - 1, chars)  # a minus lost beside a number: read or marked
        chars = greek.mark(chars)  # "6.9 mm" whose "m" is a pi font's μ: marked, never a unit
        chars = arrows_joined(chars)  # TeX's maps-to bar and its arrow: one arrow, no "7"
        chars = long_arrows_joined(chars)  # "−" joined to "→": one long arrow, no minus
        chars = underscores_added(page, chars)  # LaTeX's \_ is a rule, not a glyph
        pages.append(_segments(number, page_lines(page, text_chars(chars))))  # notes are no text
        scanned.append(scanned_page(page))
        if scanned[-1]:
            for segment in pages[-1]:
                for word in segment.words:
                    word.scanned = True
        rotated.append(rotated_segments(number, chars))
        sizes.append((float(page.width), float(page.height)))
        rules.append(page_rules(page))
        glyphs.append(
            [
                _glyph(c, float(page.height))
                for c in chars
                if c.get("upright", True) and c["text"].strip()
            ]
        )
    lost.close()
    if letters.restored:  # a letter the text left out altogether, put back in its words
        for page_segments in pages:
            for segment in page_segments:
                for word in segment.words:
                    word.text = re.sub(
                        r"[^\W\d_]+", lambda m: restored(m.group(0), letters.restored), word.text
                    )
    body = _body_size(pages)
    tabbed_numbers_joined(pages, body)
    # Each page's gutter, read over the whole page: a line of each column on one baseline
    # across a narrow gutter is two lines (gutters.py).
    gutters = [page_gutter(segments, body) for segments in pages]
    for index, gutter in enumerate(gutters):
        if gutter is not None:
            pages[index] = split_at_gutter(pages[index], gutter)
    layout = Layout(
        pages=pages,
        page_sizes=sizes,
        body_size=body,
        columns=[],
        rules=rules,
        glyphs=glyphs,
        unread=letters.notes + greek.notes(),
        gutters=gutters,
        scanned=scanned,
    )
    running_mark(layout)
    scanned_running_mark(layout)  # a scan's header, read a little apart on each page
    layout.columns = _columns(layout)
    _mark_margins(layout)
    for page_segments, turned in zip(pages, rotated, strict=True):
        page_segments.extend(turned)
    return layout


def _with_letters(
    repairs: dict[str, dict[str, str]], letters: dict[str, dict[str, str]]
) -> dict[str, dict[str, str]]:
    """encodings' repairs followed by lost_letters' readings of what they report."""
    merged = {font: dict(fixes) for font, fixes in repairs.items()}
    for font, readings in letters.items():
        fixes = merged.setdefault(font, {})
        for seen, true in list(fixes.items()):
            if true in readings:
                fixes[seen] = readings[true]
        for reported, reading in readings.items():
            if fixes.get(reported, UNREADABLE) == UNREADABLE:
                fixes[reported] = reading  # read where encodings could only mark it
    return merged


def _repaired(char: dict, repairs: dict[str, dict[str, str]]) -> dict:
    """The character with the text its glyph really has (encodings.py)."""
    fixes = repairs.get(str(char.get("fontname", "")))
    if fixes and char["text"] in fixes:
        return {**char, "text": fixes[char["text"]]}
    return char


def _glyph(char: dict, height: float) -> Glyph:
    return Glyph(
        text=char["text"],
        x0=char["x0"],
        x1=char["x1"],
        top=char["top"],
        bottom=char["bottom"],
        size=char.get("size", 0.0),
        font=str(char.get("fontname", "")).split("+")[-1],
        baseline=height - char["matrix"][5] if char.get("matrix") else char["bottom"],
    )


def _turned(char: dict) -> bool:
    """The glyph runs at an angle of more than 45°. A glyph the reader reports not upright
    may only be mirrored: a bitmap Type3 font (dvips's) draws its glyphs upside down under a
    font matrix that flips them back, and its letters stand upright on the page — read as
    turned, a figure with such labels was taken for one set sideways and turned on its side."""
    matrix = char.get("matrix")
    if not matrix:
        return True
    a, b = matrix[0], matrix[1]
    return abs(b) > abs(a) or a < 0


def rotated_segments(page: int, chars: list[dict]) -> list[Segment]:
    """Text set at an angle (a plot's y-axis labels): one segment per run of glyphs in one
    vertical line, role "rotated". Only figures use them: their crops must take them in."""
    turned = sorted(
        (c for c in chars if not c.get("upright", True) and c["text"].strip()),
        key=lambda c: (round(c["x0"]), c["top"]),
    )
    runs: list[list[dict]] = []
    for char in turned:
        last = runs[-1][-1] if runs else None
        size = char.get("size", 0.0) or (char["x1"] - char["x0"])
        if (
            last is not None
            and abs(char["x0"] - last["x0"]) < 0.3 * size
            and char["top"] - max(c["bottom"] for c in runs[-1]) < 0.8 * size
        ):
            runs[-1].append(char)
        else:
            runs.append([char])
    segments = []
    for run in runs:
        word = Word(
            text="".join(c["text"] for c in sorted(run, key=lambda c: -c["top"])),
            x0=min(c["x0"] for c in run),
            x1=max(c["x1"] for c in run),
            top=min(c["top"] for c in run),
            bottom=max(c["bottom"] for c in run),
            size=max(c.get("size", 0.0) for c in run),
            font=str(run[0].get("fontname", "")).split("+")[-1],
        )
        mirrored = not any(_turned(c) for c in run)
        segments.append(Segment(page, [word], role="rotated", mirrored=mirrored))
    return segments


def page_lines(page: pdfplumber.page.Page, chars: list[dict] | None = None) -> list[list[Word]]:
    """The page's glyphs → visual lines (by baseline) → words (glyphs.line_words)."""
    height = float(page.height)
    glyphs = [
        _glyph(c, height)
        for c in (page.chars if chars is None else chars)
        if c.get("upright", True) and c["text"]
    ]
    glyphs = ruled_formulas(glyphs, page_rules(page))  # small fractions, square roots
    glyphs = stacked_relations(glyphs)  # text set over a relation: iid over ~
    # Full-size glyphs first, so that a line is anchored on its main text; a glyph joins a line
    # on the same baseline, or as a script when it is small and touches the line's text.
    lines: list[_Line] = []
    bands: dict[int, list[int]] = {}
    hung = [g for g in glyphs if is_hung(g)]
    glyphs = [g for g in glyphs if not is_hung(g)]
    # Accents last: one drawn over a tall letter (β̂) sits above the line's baseline and would
    # start a line of its own, leaving "β" for both β̂ and β̃; it goes to the letter under it.
    for glyph in sorted(
        glyphs, key=lambda g: (g.text in ACCENTS, -round(g.size), g.baseline, g.x0)
    ):
        if glyph.text in ACCENTS and glyph.text != "→":  # an arrow is mostly a relation
            under = _line_under_accent(glyph, lines)
            if under is not None:
                under.add(glyph)
                continue
        candidates = [i for i in bands.get(round(glyph.baseline), ()) if lines[i].takes(glyph)]
        if candidates:
            # The line the glyph touches first: TeX's lowered E of a logo can sit on the
            # baseline of the other column's line, which must not take it.
            line = lines[
                min(
                    candidates,
                    key=lambda i: (
                        not lines[i].near(glyph),
                        abs(lines[i].baseline - glyph.baseline),
                    ),
                )
            ]
            line.add(glyph)
            continue
        lines.append(_Line(glyph))
        reach = 0.7 * glyph.size
        for y in range(round(glyph.baseline - reach), round(glyph.baseline + reach) + 1):
            bands.setdefault(y, []).append(len(lines) - 1)
    lines += [_Line(glyph) for glyph in hang(hung, lines)]
    out = []
    for line in sorted(lines, key=lambda line: line.baseline):
        words = [_word(w) for w in line_words(line.glyphs)]
        if words:
            out.append(words)
    return out


def _line_under_accent(accent: Glyph, lines: list[_Line]) -> _Line | None:
    """The line whose letter an accent raised above the baseline is drawn over: the accent's
    middle over the letter, its baseline up to an em above the letter's. An accent on the
    line's baseline (over a short letter) joins its line as any glyph does."""
    middle = (accent.x0 + accent.x1) / 2
    best: tuple[float, _Line] | None = None
    for line in lines:
        for glyph in line.glyphs:
            raised = glyph.baseline - accent.baseline
            if (
                glyph.text.isalnum()
                and accent.size >= SCRIPT_SIZE * glyph.size  # not a script's arrow ("u → 1")
                and glyph.x0 - 0.5 <= middle <= glyph.x1 + 0.5
                and 0.1 * glyph.size < raised <= 1.1 * glyph.size
                and (best is None or raised < best[0])
            ):
                best = (raised, line)
    return best[1] if best else None


class _Line:
    def __init__(self, glyph: Glyph):
        self.glyphs = [glyph]
        self.baseline = glyph.baseline
        self.size = glyph.size
        self.span = [glyph.x0, glyph.x1]

    def takes(self, glyph: Glyph) -> bool:
        offset = abs(glyph.baseline - self.baseline)
        near = self.near(glyph)
        full = glyph.size >= 0.86 * self.size
        if offset <= 0.2 * self.size and (full or near):
            return True  # same baseline: the line's text (or, in another column, its neighbour)
        if near and full and glyph.text.isupper() and self._beside(glyph) <= 0.3 * self.size:
            return True  # a letter set a little lower or higher: TeX's logos (the E of LaTeX)
        if near and full and offset <= LOGO_SHIFT_EM * self.size and self._kerned_in(glyph):
            return True  # lowered further (BibTeX's E is .7ex down) but inside its word
        return not full and offset <= 0.7 * self.size and near  # a sub- or superscript

    def _beside(self, glyph: Glyph) -> float:
        """How far the glyph is shifted from the letter it follows: the line's own baseline
        may be the other column's, a little off, when both columns' lines were joined."""
        before = min(self.glyphs, key=lambda g: abs(g.x1 - glyph.x0))
        return abs(glyph.baseline - before.baseline)

    def _kerned_in(self, glyph: Glyph) -> bool:
        """A capital kerned onto an upright capital of the line on each side (T·E·X): a letter
        of a logo, whatever its shift, since the x positions put it inside the word; a
        letter of another line sits under or over this line's letters, never between them."""
        if not (glyph.text.isalpha() and glyph.text.isupper() and len(glyph.text) == 1):
            return False
        touch = LOGO_KERN_EM * self.size

        def capital(g: Glyph) -> bool:
            return (
                g.text.isalpha()
                and g.text.isupper()
                and not g.mathy
                and abs(g.baseline - self.baseline) <= 0.2 * self.size
                and abs(g.size - glyph.size) <= 0.05 * glyph.size
            )

        overlap = 0.5 * (glyph.x1 - glyph.x0)  # kerned under its neighbour, not drawn over it
        before = any(
            capital(g) and g.x0 < glyph.x0 and -overlap <= glyph.x0 - g.x1 <= touch
            for g in self.glyphs
        )
        after = any(
            capital(g) and g.x1 > glyph.x1 and -overlap <= g.x0 - glyph.x1 <= touch
            for g in self.glyphs
        )
        return before and after and not glyph.mathy

    def near(self, glyph: Glyph) -> bool:
        return self.span[0] - 0.5 * self.size <= glyph.x0 <= self.span[1] + 0.5 * self.size

    def add(self, glyph: Glyph) -> None:
        self.glyphs.append(glyph)
        self.span = [min(self.span[0], glyph.x0), max(self.span[1], glyph.x1)]


def _word(source: GlyphWord) -> Word:
    glyphs = source.glyphs
    base = [a.base for a in source.atoms]
    sizes: Counter[float] = Counter()
    fonts: Counter[str] = Counter()
    for g in base:
        sizes[round(g.size, 1)] += len(g.text)
        fonts[g.font] += len(g.text)
    return Word(
        text=source.text,
        x0=min(g.x0 for g in glyphs),
        x1=max(g.x1 for g in glyphs),
        top=min(g.top for g in base),
        bottom=max(g.bottom for g in base),
        size=sizes.most_common(1)[0][0],
        font=fonts.most_common(1)[0][0],
        source=source,
    )


def _segments(page: int, lines: list[list[Word]]) -> list[Segment]:
    """Visual lines → segments, split at gaps much wider than the line's word gaps (a column
    gutter, a table's cells, an equation number)."""
    segments: list[Segment] = []
    for line in lines:
        line.sort(key=lambda w: w.x0)
        main_size = Counter(round(w.size, 1) for w in line).most_common(1)[0][0]
        kept = [
            w
            for index, w in enumerate(line)
            if not (
                w.size < 0.8 * main_size
                and SUPERSCRIPT_MARK.match(w.text)
                # after a formula's symbol, a small number is mathematics: a script set apart
                # from its base (the exponent of a denominator drawn at the rule's height)
                and not (index and line[index - 1].math)
            )
            and not (w.text == "ID" and w.size < 0.7 * main_size)
        ] or line
        gaps = [b.x0 - a.x1 for a, b in zip(kept, kept[1:], strict=False)]
        usual = statistics.median(gaps) if gaps else 0.0
        pieces: list[list[Word]] = []
        current: list[Word] = [kept[0]]
        for word in kept[1:]:
            gap = word.x0 - current[-1].x1
            sizes = sorted((word.size, current[-1].size))
            size_jump = sizes[1] > 1.4 * sizes[0] and gap > 3
            wide = gap > max(0.75 * sizes[1], 1.8 * usual) or gap > 1.2 * sizes[1]
            # a heading's number and its title; a number before lower case is a table's cell,
            # unless a bold number is before a name in typewriter ("6.1 fit-model Options")
            numbered = (
                len(current) == 1
                and SECTION_NUMBER.match(current[0].text)
                and (
                    not word.text[:1].islower()
                    or bool(BOLD_FONT.search(current[0].font) and MONO_FONT.search(word.font))
                )
            )
            if (size_jump or wide) and not (numbered and gap < 2.5 * sizes[1]):
                pieces.append(current)
                current = [word]
            else:
                current.append(word)
        pieces.append(current)
        segments.extend(Segment(page, words) for words in pieces)
    segments.sort(key=lambda s: (round(s.top), s.x0))
    return segments


# A word processor sets a heading's number, then a tab to the indent its title starts at: half
# an inch (36 pt) at most templates' default, up to about an inch (5.5 em of 12 pt) in some.
# No wider than this.
TAB_TO_TITLE_EM = 6.0
# an appendix's letter or a roman numeral without its stop, a tab before its title ("B" ⇥ "Tables")
TABBED_LETTER = re.compile(r"^(?:[A-H]|[IVX]{1,4})$")


def tabbed_numbers_joined(pages: list[list[Segment]], body_size: float) -> None:
    """A line of two segments, a lone section number and a title opening in capitals a tab to
    its right ("1" ⇥ "Introduction"), at the text's size or larger, is one heading's line: the
    gap is the word processor's tab, not a table's or a column's. A row of a table has more
    cells, a column's gutter is wider, and a listing's line numbers are set smaller than the
    text or before code in a typewriter face."""
    for page in pages:
        lines: dict[int, list[Segment]] = {}
        for segment in page:
            lines.setdefault(round(segment.top), []).append(segment)
        for line in lines.values():
            if len(line) != 2:
                continue
            number, title = sorted(line, key=lambda s: s.x0)
            if _tabbed_heading(number, title, body_size):
                number.words.extend(title.words)
                number.refresh()
                page.remove(title)


def _tabbed_heading(number: Segment, title: Segment, body_size: float) -> bool:
    if len(number.words) != 1 or abs(number.top - title.top) > 1:
        return False
    lone = SECTION_NUMBER.match(number.text) or TABBED_LETTER.match(number.text)
    if not lone or not title.text[:1].isupper() or MONO_FONT.search(title.font):
        return False
    size = max(number.size, title.size)
    if abs(number.size - title.size) > 0.5 or size < body_size - 0.5:
        return False  # a figure's or a listing's small label beside text
    return title.x0 - number.x0 <= TAB_TO_TITLE_EM * size


def _body_size(pages: list[list[Segment]]) -> float:
    """The size most of the prose is set in. Lines in a typewriter font are left out while any
    prose is left: a guide of long listings (code set a size smaller) would otherwise take the
    code's size for the body's, and every paragraph of its prose would be read as no text."""
    weights: Counter[float] = Counter()
    code: Counter[float] = Counter()
    for page in pages:
        for segment in page:
            counted = code if MONO_FONT.search(segment.font) else weights
            counted[round(segment.size * 2) / 2] += len(segment.text)
    weights = weights or code
    return weights.most_common(1)[0][0] if weights else 10.0


def _columns(layout: Layout) -> list[tuple[float, float]]:
    """Text columns from the left edges of body-size segments that fill most of a line."""
    starts: Counter[int] = Counter()
    spans: list[Segment] = []
    for segment in layout.segments():
        if layout.is_body(segment) and len(segment.text) >= 25:
            starts[round(segment.x0 / 6) * 6] += 1
            spans.append(segment)
    if not spans:
        width = layout.page_sizes[0][0] if layout.page_sizes else 612.0
        return [(0.1 * width, 0.9 * width)]
    total = sum(starts.values())
    peaks = sorted(x for x, n in starts.items() if n >= 0.12 * total)
    merged: list[int] = []
    for x in peaks:
        if merged and x - merged[-1] < 40:
            continue
        merged.append(x)
    columns = []
    for index, start in enumerate(merged):
        following = merged[index + 1] if index + 1 < len(merged) else None
        members = [
            s for s in spans if s.x0 >= start - 8 and (following is None or s.x0 < following - 8)
        ]
        right = (
            statistics.quantiles([s.x1 for s in members], n=10)[-2]
            if len(members) > 1
            else start + 300
        )
        columns.append((float(start), float(right)))
    # Two peaks whose columns overlap are indents of one column, not two columns.
    if len(columns) > 1 and columns[0][1] > columns[1][0] + 10:
        columns = [(columns[0][0], max(c[1] for c in columns))]
    # Unless most pages show a gutter: then the lines over it are full-width blocks (an
    # abstract set across a short paper's first page), and the columns are the gutter's sides.
    found = [g for g in layout.gutters if g is not None]
    if len(columns) == 1 and found and len(found) >= 0.5 * len(layout.pages):
        gutter = typical(found)
        ends = [s.x1 for s in spans if s.x1 <= gutter.middle]
        end = statistics.quantiles(ends, n=10)[-2] if len(ends) > 1 else gutter.left
        start = min((x for x in merged if x >= gutter.middle), default=gutter.right)
        # The one column's right edge is the left column's when the right one holds few lines
        # (a section's last lines): those lines end where the right column does.
        rights = [s.x1 for s in spans if s.x0 >= gutter.middle]
        last = statistics.quantiles(rights, n=10)[-2] if len(rights) > 1 else max(rights, default=0)
        columns = [(columns[0][0], float(end)), (float(start), max(columns[0][1], float(last)))]
    return columns


def _mark_margins(layout: Layout) -> None:
    """Sidebars and margin notes: segments entirely left or right of every text column."""
    left = min(x0 for x0, _ in layout.columns)
    right = max(x1 for _, x1 in layout.columns)
    for segment in layout.segments():
        if segment.x1 < left - 4 or segment.x0 > right + 4:
            segment.role = "margin"
            continue
        gutter = layout.gutters[segment.page - 1] if layout.gutters else None
        if gutter is not None and len(layout.columns) == 2:
            segment.column = int(segment.x0 >= gutter.middle)  # this page's own gutter
        else:
            segment.column = column_of(layout, segment.x0)


def column_of(layout: Layout, x: float) -> int:
    index = 0
    for number, (x0, _) in enumerate(layout.columns):
        if x >= x0 - 12:
            index = number
    return index


def reading_order(layout: Layout, page: int) -> list[Segment]:
    """The page's text segments (and display equations), column by column, top to bottom."""
    segments = [s for s in layout.pages[page - 1] if s.role in ("text", "equation")]
    ordered: list[list[Segment]] = []  # visual lines: tops a little apart (a bold run-in head)
    for segment in sorted(segments, key=lambda s: (s.column, s.top, s.x0)):
        line = ordered[-1] if ordered else None
        same = line and abs(segment.bottom - line[0].bottom) < 2  # not a tall bracket
        if same and line[0].column == segment.column and segment.top - line[0].top < 2:
            line.append(segment)
        else:
            ordered.append([segment])
    return [s for line in ordered for s in sorted(line, key=lambda s: s.x0)]


def join_lines(lines: list[str], vocabulary: set[str] | None = None) -> str:
    """Join text lines, undoing end-of-line hyphenation ("experi-" + "ment" → "experiment")."""
    out = ""
    for line in lines:
        line = line.strip()
        if not line:
            continue
        if out.endswith(HYPHENS) and line[:1].islower():
            stem = out.rstrip("".join(HYPHENS))
            head = stem.split(" ")[-1]
            tail = re.match(r"\w+(?:-\w+)*", line)  # with its own hyphens: "widow-control"
            piece = tail.group(0) if tail else ""
            keep_hyphen = vocabulary is not None and compound(head, piece, vocabulary)
            out = f"{stem}-{line}" if keep_hyphen else stem + line
        elif out.endswith(HYPHENS) and out[-2:-1].isalnum() and _name_goes_on(line):
            # No word is broken before a capital or a digit: the hyphen is the name's own
            # ("Swiss-" / "FEL", "SPring-" / "8", "non-" / "Gaussian") — unless the two halves
            # are one name: a TeX logo ("La-" / "TeX") or a word the paper prints whole.
            stem = out.rstrip("".join(HYPHENS))
            joined = stem.split(" ")[-1] + re.match(r"\S*", line).group(0).rstrip(".,;:)")
            whole = LOGO_WORD.fullmatch(joined) or joined.lower() in (vocabulary or ())
            out = stem + ("" if whole else "-") + line
        elif out:
            out += " " + line
        else:
            out = line
    return UNRESOLVED.sub("", out)


def _name_goes_on(line: str) -> bool:
    return line[:1].isupper() or line[:1].isdigit()


def vocabulary_of(layout: Layout) -> set[str]:
    """Lower-cased words of the document, to tell hyphenated compounds from split words."""
    words: set[str] = set()
    for segment in layout.segments(None):
        for word in segment.words:
            words.add(normalize(word.text).strip(".,;:()[]\"'“”‘’").lower())
    return words
