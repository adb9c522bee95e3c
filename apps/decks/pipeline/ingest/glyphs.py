"""Glyphs → words, from positions and sizes alone.

PDFs rarely contain space characters: a word break is a gap between two glyphs, and how wide a
gap must be depends on the font and on how tightly the line is set. Sub- and superscripts are
smaller glyphs above or below the baseline, accents are glyphs placed over another. So words
are built here from pdfplumber's characters, line by line:

- a line's word gaps are told from its letter gaps by splitting the line's own gap sizes in two
  (tight letter spacing, or none of the usual word spaces, still gives two groups);
- a glyph clearly smaller than the line's main size, raised or lowered, is a super- or
  subscript of the glyph before it; an accent glyph over another is that glyph's accent;
- a word keeps a TeX form (`s_{t+1}`, `\\omega_{0}^{2}`, `\\hat{y}_{t}`) and whether it is
  mathematics (scripts, a math font, Greek or operator glyphs, a short italic symbol), so that
  lines can be written with `$…$` around their formulas.
"""

from __future__ import annotations

import re
import statistics
import unicodedata
from collections import Counter
from dataclasses import dataclass, field, replace

from apps.decks.pipeline import wordy_math
from apps.decks.pipeline.ingest.symbols import ACCENTS, GREEK, NEGATED, NEGATION_SLASH, OPERATORS
from apps.decks.pipeline.ingest.tex_words import (
    LANGUAGE_NAME,
    LIST_MARKS,
    LOGO_WORD,
    TEXT_SIGNS,
    greek_named,
    logos_named,
)
from apps.decks.pipeline.ingest.text_accents import text_accents_composed

# STIX and XITS are families with text faces (STIXTwoText, STIXGeneral, XITS-Regular): only their
# math faces ("...Math", the size and integral variants) set mathematics; a word in the text face
# is prose.
MATH_FONT = re.compile(
    r"CMMI|CMSY|CMEX|CMBSY|MSAM|MSBM|EUFM|EUSM|Symbol|StandardSym|Math|"
    r"STIX(?:Size|NonUni|Integrals|Variants)|rtxm|txsy|txex|"
    r"MTExtra|Euclid|LMMathItalic|LMMathSymbols|MnSymbol|esint|wasy|Asana|"
    # MathTime's math italic and extension (MTMI, MTEX); its symbol fonts (MTSY, MTSYN) also
    # set "=" and digits of prose ("MAXGEN = 10"), as Computer Modern's text font does
    r"(?:^|\+)MT(?:MI|MIB|EX)$",
    re.I,
)
ITALIC_FONT = re.compile(r"Ital|Oblique|-It\b|Slant|CMMI|MathItalic|\.I$", re.I)
MONO_FONT = re.compile(
    r"Mono|Courier|Typewriter|CMTT|LMTT|txtt|Consol|Menlo|Inconsolata|SourceCode|FiraCode|"
    r"Monaco|LucidaConsole|Andale|Cursor|NimbusMon|^(?:sftt|ectt|tctt)\d",
    re.I,
)
RELATIONS = set("=<>+-−×·≤≥≈≃∼∝±∓→∈⊂⊆∑∏∫⟶⟵⟷⟹⟸⟺") | set(NEGATED.values())
UNNAMED = re.compile(r"(?:\(cid:\d+\))+")
UNREADABLE_GLYPH = "\ufffd"  # what no reading can give: the formula is then dropped, never shown
TEX_SPECIAL = {
    "\\": r"\backslash ",
    "{": r"\{",
    "}": r"\}",
    "#": r"\#",
    "%": r"\%",
    "&": r"\&",
    "_": r"\_",
    "$": r"\$",
}
FUNCTIONS = {"sin", "cos", "tan", "exp", "log", "ln", "max", "min", "arg", "det", "lim", "sup"}
SCRIPT_SIZE = 0.86  # a glyph below this share of the line's size may be a script
PLAIN_GAP_EM = 0.16  # word gap when a line has too few gaps to tell words from letters
MIN_GAP_EM, MAX_GAP_EM = 0.035, 0.22


@dataclass
class Placed:
    """Text at a place on the page (PDF points from the top left) in a font and size."""

    text: str
    x0: float
    x1: float
    top: float
    bottom: float
    size: float
    font: str

    @property
    def middle(self) -> float:
        return (self.top + self.bottom) / 2


@dataclass
class Glyph(Placed):
    baseline: float = 0.0  # from the top of the page, like `top`
    # A formula drawn with a rule and read as one glyph (an inline fraction, a square root:
    # ruled_math.py): its TeX, and the glyphs it was drawn with
    tex: str = ""
    parts: tuple[Glyph, ...] = ()

    @property
    def mathy(self) -> bool:
        if self.text in TEXT_SIGNS and not self.tex:
            return False  # "§2": a section sign from the symbol font is the text's
        return (
            bool(self.tex)
            or bool(MATH_FONT.search(self.font))
            or any(ch in GREEK or ch in OPERATORS for ch in self.text)
        )

    @property
    def drawn(self) -> list[Glyph]:
        """The glyphs the PDF drew for it: itself, or the parts of a formula read as one."""
        if not self.parts:
            return [self]
        return [g for part in self.parts for g in part.drawn]


@dataclass
class Atom:
    """A base glyph with what is attached to it."""

    base: Glyph
    sub: list[Glyph] = field(default_factory=list)
    sup: list[Glyph] = field(default_factory=list)
    accent: str = ""
    accent_glyph: Glyph | None = None


@dataclass
class GlyphWord:
    atoms: list[Atom]

    @property
    def glyphs(self) -> list[Glyph]:
        out = []
        for a in self.atoms:
            for glyph in (a.base, *a.sub, *a.sup):
                out.extend(glyph.drawn)
            if a.accent_glyph is not None:
                out.append(a.accent_glyph)
        return out

    @property
    def text(self) -> str:
        """Plain text: scripts follow their base ("ω0", "10−5")."""
        return normalize("".join(g.text for a in self.atoms for g in (a.base, *a.sub, *a.sup)))

    @property
    def scripted(self) -> bool:
        return any(a.sub or a.sup or a.accent for a in self.atoms)

    @property
    def math(self) -> bool:
        if LOGO_WORD.fullmatch(self.text) or self.text in LIST_MARKS:
            return False  # "LaTeX2ε": the ε is part of the name; a list's bullet is no symbol
        if LANGUAGE_NAME.fullmatch(self.text):
            return False  # "C++" set as `$C++$`: a language's name
        if self._primed_number():
            return False  # "5′ to 3′", "12′": a number's minutes or a strand's end, prose
        if self.scripted:
            return True
        if any(a.base.mathy for a in self.atoms):
            # A word of three letters or more with no Greek or operator is prose in a math font
            # ("Cortex" in a table set in math italic), unless it is a function name.
            word = "".join(a.base.text for a in self.atoms)
            symbols = any(ch in GREEK or ch in OPERATORS for ch in word)
            return symbols or not re.fullmatch(r"[A-Za-z]{3,}[.,;:]?", word) or word in FUNCTIONS
        return False if len(self.atoms) > 3 else self._italic_symbol()

    def _primed_number(self) -> bool:
        """Upright digits (a stop or comma after them) with primes as their only scripts."""
        digits = [a for a in self.atoms if a.base.text.isdigit()]
        return (
            bool(digits)
            and all(a.base.text.isdigit() or a.base.text in ".,;:)" for a in self.atoms)
            and not any(a.sub or a.accent or a.base.mathy for a in digits)
            and all(a.sup for a in digits[-1:])
            and all(g.text in PRIMES for a in self.atoms for g in a.sup)
        )

    def _italic_symbol(self) -> bool:
        letters = [a.base for a in self.atoms if a.base.text.isalpha()]
        return (
            len(letters) == 1
            and letters[0].text not in ("a", "A", "I")
            and bool(ITALIC_FONT.search(letters[0].font))
        )

    @property
    def typewriter(self) -> bool:
        """Its letters and digits are set in a typewriter font (by the font's name): a name from
        code or an option quoted in prose ("--vectorize", "prior_tau")."""
        printed = [a.base for a in self.atoms if a.base.text.isalnum()] or [
            a.base
            for a in self.atoms
            if a.base.text.strip()  # "=", "<-": its signs
        ]
        return bool(printed) and all(MONO_FONT.search(g.font) for g in printed)

    def code_pieces(self) -> tuple[str, str, str]:
        """(before, code, after): the sentence's punctuation around a typewriter word, set in
        the text font ("(", ")."), stays outside its code."""
        atoms = self.atoms
        start, end = 0, len(atoms)
        while start < end and not MONO_FONT.search(atoms[start].base.font):
            start += 1
        while end > start and not MONO_FONT.search(atoms[end - 1].base.font):
            end -= 1

        def text(run: list[Atom]) -> str:
            return normalize("".join(g.text for a in run for g in (a.base, *a.sub, *a.sup)))

        return text(atoms[:start]), text(atoms[start:end]), text(atoms[end:])

    @property
    def italic_prose(self) -> bool:
        letters = [a.base for a in self.atoms if a.base.text.isalpha()]
        return len(letters) >= 3 and all(ITALIC_FONT.search(g.font) for g in letters)

    @property
    def neutral(self) -> bool:
        """Digits, brackets and operators: mathematics only next to mathematics."""
        return all(not ch.isalpha() for a in self.atoms for ch in a.base.text)

    def tex(self) -> str:
        out = []
        for run, upright in _upright_runs(self.atoms):
            if upright:
                out.append(_upright_tex(run))
                continue
            out.extend(_atom_tex(atom) for atom in run)
        return _tidy_tex("".join(out))


def _upright_runs(atoms: list[Atom]) -> list[tuple[list[Atom], bool]]:
    """The word's atoms in runs: upright letters of a text font without scripts ("dimensional"
    in "$p$-dimensional", "log", "Var") apart from the rest, which is mathematics."""
    runs: list[tuple[list[Atom], bool]] = []
    for atom in atoms:
        base = atom.base
        upright = (
            not atom.sub
            and not atom.sup
            and not atom.accent
            and (base.text.isalpha() or base.text in "-–")
            and not base.mathy
            and not ITALIC_FONT.search(base.font)
        )
        if runs and runs[-1][1] == upright:
            runs[-1][0].append(atom)
        else:
            runs.append(([atom], upright))
    merged: list[tuple[list[Atom], bool]] = []
    for run, upright in runs:
        letters = sum(1 for a in run if a.base.text.isalpha())
        keep = upright and letters >= 2
        if merged and not keep and not merged[-1][1]:
            merged[-1][0].extend(run)
        else:
            merged.append((list(run), keep))
    return merged


def _upright_tex(run: list[Atom]) -> str:
    word = "".join(a.base.text for a in run)
    if word in FUNCTIONS:
        return f"\\{word} "
    if any(not a.base.text.isalpha() for a in run):
        return f"\\text{{{word}}}"  # "-dimensional": a word of prose joined to a symbol
    return f"\\mathrm{{{tex_of(word)}}}"


def glyph_tex(glyph: Glyph) -> str:
    """The TeX of one glyph: a formula read as one glyph writes its own. A glyph of a math
    font without a Unicode name ("(cid:2)", MathPack's π) is unreadable: left out, the formula
    would state another ("¼c_i" for ¼πc_i)."""
    if glyph.mathy and UNNAMED.fullmatch(glyph.text):
        return UNREADABLE_GLYPH
    return glyph.tex or tex_of(glyph.text)


def _atom_tex(atom: Atom) -> str:
    piece = glyph_tex(atom.base) if atom.base.text else "{}"  # a prescript's empty base
    if atom.accent:
        piece = f"{atom.accent}{{{piece}}}"
    if atom.sub:
        piece += f"_{{{_script_tex(atom.sub)}}}"
    if atom.sup and all(g.text in PRIMES for g in atom.sup):
        piece += "".join(PRIMES[g.text] for g in atom.sup)  # "f'(x)", not "f^{'}(x)"
    elif atom.sup:
        piece += f"^{{{_script_tex(atom.sup)}}}"
    return piece


def normalize(text: str) -> str:
    text = unicodedata.normalize("NFKC", re.sub(r"\(cid:\d+\)", "", text))
    text = text.replace("\u2010", "-").replace("\u2011", "-").replace("\u00a0", " ")
    text = text.replace("′′′", "‴").replace("′′", "″")  # TeX's '' is two primes: seconds, ″
    return logos_named(text)


def tex_of(text: str) -> str:
    out = []
    text = re.sub(r"\(cid:\d+\)", "", text)
    for ch in unicodedata.normalize("NFKC", text) if text not in GREEK else text:
        if ch in GREEK:
            out.append(GREEK[ch] + " ")
        elif ch in OPERATORS:
            out.append(OPERATORS[ch] + (" " if OPERATORS[ch].startswith("\\") else ""))
        else:
            out.append(TEX_SPECIAL.get(ch, ch))
    return "".join(out)


def _script_tex(glyphs: list[Glyph]) -> str:
    units = script_units(glyphs)
    if any(sub or sup for _, sub, sup in units):
        return _tidy_tex("".join(_nested_tex(unit) for unit in units))
    if any(g.tex for g in glyphs):
        return _tidy_tex("".join(glyph_tex(g) for g in glyphs))
    text = "".join(g.text for g in glyphs)
    letters = [g for g in glyphs if g.text.isalpha()]
    if len(letters) >= 2 and not any(ITALIC_FONT.search(g.font) or g.mathy for g in letters):
        return rf"\mathrm{{{tex_of(text)}}}"  # upright words: s_max → s_{\mathrm{max}}
    return tex_of(text).strip()


def _nested_tex(unit: tuple[Glyph, list[Glyph], list[Glyph]]) -> str:
    glyph, sub, sup = unit
    piece = glyph_tex(glyph)
    if sub:
        piece += f"_{{{tex_of(''.join(g.text for g in sub)).strip()}}}"
    if sup and all(g.text in PRIMES for g in sup):
        piece += "".join(PRIMES[g.text] for g in sup)
    elif sup:
        piece += f"^{{{tex_of(''.join(g.text for g in sup)).strip()}}}"
    return piece


# A glyph of a script set smaller than the script's own glyphs (TeX's script-of-script size)
# and raised or lowered from the glyph before it by this share of that glyph's size is a
# script of that glyph: the "+" of f_{y^+}, the "i" of I_{m^i}, the "1" and "k" of y_{ζ_1^k,t}.
NESTED_SHIFT = 0.1


def script_units(glyphs: list[Glyph]) -> list[tuple[Glyph, list[Glyph], list[Glyph]]]:
    """A script's glyphs as (glyph, its subscript, its superscript): a glyph smaller than the
    script's first and shifted from the script glyph before it is that glyph's own script."""
    units: list[tuple[Glyph, list[Glyph], list[Glyph]]] = []
    level = glyphs[0].size if glyphs else 0.0
    for glyph in glyphs:
        if units and glyph.size < SCRIPT_SIZE * level:
            anchor = units[-1][0]
            shift = glyph.baseline - anchor.baseline  # positive: lowered
            if abs(shift) > NESTED_SHIFT * anchor.size:
                units[-1][1 if shift > 0 else 2].append(glyph)
                continue
        units.append((glyph, [], []))
    return units


def _tidy_tex(tex: str) -> str:
    tex = greek_named(tex)
    tex = re.sub(r" +", " ", tex).strip()
    return re.sub(r" ([_^}])", r"\1", tex)


CHUNK_GAP_EM = 0.6  # wider than any word space: a column gutter, a table cell, an equation number


def line_words(glyphs: list[Glyph]) -> list[GlyphWord]:
    """One visual line's glyphs (any order) → its words, left to right.

    The line is first cut at gaps wider than any word space: the lines of two columns side by
    side are set apart (their own size, baseline and spacing)."""
    ordered = sorted((g for g in glyphs if g.text.strip() or g.text == " "), key=_reading_position)
    ordered = text_accents_composed(negations_joined(ordered))
    chunks: list[list[Glyph]] = []
    for glyph in ordered:
        if chunks and glyph.text.strip():
            printed = [g for g in chunks[-1] if g.text.strip()]
            last = printed[-1] if printed else None
            if last is not None and glyph.x0 - max(g.x1 for g in printed) > CHUNK_GAP_EM * max(
                glyph.size, last.size
            ):
                chunks.append([])
        elif not chunks:
            chunks.append([])
        chunks[-1].append(glyph)
    return [word for chunk in chunks for word in _chunk_words(chunk)]


def _reading_position(glyph: Glyph) -> float:
    """Left to right; an accent by its middle, which lies over its letter (a hat wider than an
    "i" starts left of it, and must come after the letter it is drawn over)."""
    if glyph.text in ACCENTS and glyph.x1 > glyph.x0:
        return (glyph.x0 + glyph.x1) / 2
    return glyph.x0


def negations_joined(glyphs: list[Glyph]) -> list[Glyph]:
    """A negation slash and the relation it is drawn across become the negated relation
    ("=" crossed is "≠", "∈" crossed is "∉"). A slash over no relation is unreadable: the
    formula is then dropped, because without its slash it would state the opposite."""
    slashes = [g for g in glyphs if g.text == NEGATION_SLASH or _crossing(g, glyphs)]
    if not slashes:
        return glyphs
    negated: dict[int, Glyph | None] = {}
    for slash in slashes:
        middle = (slash.x0 + slash.x1) / 2
        crossed = [
            g
            for g in glyphs
            if g.text in NEGATED
            and id(g) not in negated
            and g.x0 - 0.3 * g.size <= middle <= g.x1 + 0.3 * g.size
            and abs(g.baseline - slash.baseline) < 0.4 * max(g.size, slash.size)
        ]
        if crossed:
            relation = min(crossed, key=lambda g: abs((g.x0 + g.x1) / 2 - middle))
            negated[id(relation)] = replace(relation, text=NEGATED[relation.text])
            negated[id(slash)] = None
        else:
            negated[id(slash)] = replace(slash, text=UNREADABLE_GLYPH)
    out = [negated.get(id(g), g) for g in glyphs]
    return [g for g in out if g is not None]


def _crossing(glyph: Glyph, glyphs: list[Glyph]) -> bool:
    """A solidus drawn across a relation (LaTeX's \\notin is "∈" with "/" over it), never one
    between two operands ("1/d"), which touches its neighbours but covers none of them."""
    if glyph.text not in "/∕⁄" or glyph.x1 <= glyph.x0:
        return False
    for other in glyphs:
        if other is glyph or other.text not in NEGATED:
            continue
        shared = min(glyph.x1, other.x1) - max(glyph.x0, other.x0)
        if shared > 0.6 * min(glyph.x1 - glyph.x0, other.x1 - other.x0):
            return True
    return False


def _chunk_words(ordered: list[Glyph]) -> list[GlyphWord]:
    printed = [g for g in ordered if g.text.strip()]
    if not printed:
        return []
    main = _main_size(printed)
    main_glyphs = [g for g in printed if g.size >= SCRIPT_SIZE * main]
    baseline = statistics.median(g.baseline for g in main_glyphs)
    atoms: list[Atom] = []
    breaks: set[int] = set()  # atom indexes a word must start at (explicit spaces)
    taken: set[int] = set()  # glyph indexes read already, as a prescript
    for index, glyph in enumerate(ordered):
        if index in taken:
            continue
        if not glyph.text.strip():
            breaks.add(len(atoms))
            continue
        prescript = _lowered_prescript(ordered, index, atoms, main, baseline)
        if prescript:
            # "₂F₁", "₀F₀": a subscript set before its base, apart from the word before;
            # read on the line it is a factor ("2F_{1}", twice F_1)
            atoms.append(Atom(replace(glyph, text="", x1=glyph.x0), sub=prescript))
            taken.update(range(index, index + len(prescript)))
            continue
        following = ordered[index + 1] if index + 1 < len(ordered) else None
        if atoms and following is not None and _logo_letter(atoms[-1].base, glyph, following, main):
            # Shifted inside a word (LaTeX's "A" and "E", TeX's "E"): the logo's letters,
            # not a script; TeX's lowered capital E reads as the "e" of its name.
            lowered = glyph.baseline - baseline > 0.15 * main and glyph.size >= SCRIPT_SIZE * main
            atoms.append(Atom(replace(glyph, text="e") if lowered and glyph.text == "E" else glyph))
            continue
        role = _role(glyph, main, baseline, atoms)
        if role == "accent":
            target = _accent_target(glyph, atoms)
            target.accent, target.accent_glyph = ACCENTS[glyph.text], glyph
            continue
        if role == "sup" and _prescript(glyph, atoms[-1], following, main):
            # set apart from the glyph before and kerned under the one after: a script written
            # before its base ("r\,{}^{i}F", the i-th power of F), never r^{i}
            atoms.append(Atom(replace(glyph, text="", x1=glyph.x0), sup=[glyph]))
            continue
        if role in ("sub", "sup") and atoms:
            getattr(atoms[-1], role).append(glyph)
            continue
        if role == "mark":
            continue
        if role == "unreadable":
            glyph = replace(glyph, text=UNREADABLE_GLYPH)
        atoms.append(Atom(glyph))
    threshold = word_gap(atoms, main)
    words: list[GlyphWord] = []
    for index, atom in enumerate(atoms):
        previous = atoms[index - 1] if index else None
        sentence = previous is not None and previous.base.text in ".?!" and atom.base.text.isupper()
        gap = _gap(previous, atom) if previous is not None else 0.0
        prescript = previous is not None and not previous.base.text
        if not prescript and (
            previous is None
            or index in breaks
            or gap > threshold * main
            or (sentence and gap > MIN_GAP_EM * main)
        ):
            words.append(GlyphWord([atom]))
        else:
            words[-1].atoms.append(atom)
    return words


def _main_size(glyphs: list[Glyph]) -> float:
    """The line's size: the largest that sets a third of its glyphs or more ("d_{ij}" has more
    script glyphs than letters at the line's size, and is still a d with a subscript)."""
    weights: Counter[float] = Counter()
    for g in glyphs:
        weights[round(g.size, 1)] += len(g.text)
    total = sum(weights.values())
    large = [size for size, weight in weights.items() if weight >= total / 3]
    main = max(large) if large else weights.most_common(1)[0][0]
    for size in sorted(weights, reverse=True):
        if size <= main:
            break
        if weights[size] >= 0.15 * total and _carries_scripts(glyphs, size):
            return size
    return main


def _carries_scripts(glyphs: list[Glyph], size: float) -> bool:
    """Whether the letters of this size carry every smaller glyph of the line as a raised or
    lowered script: the size of a short formula whose scripts outnumber its letters
    ("y_{t+1}" over a fraction's rule, "z_{t}^{j} = E_{t}z_{t+1}^{j-1}"). Larger glyphs
    (a tall bracket) may stand beside them."""
    bases = [g for g in glyphs if round(g.size, 1) == size]
    if not any(g.text.isalpha() for g in bases):
        return False
    baseline = statistics.median(g.baseline for g in bases)
    for glyph in glyphs:
        if glyph.size >= SCRIPT_SIZE * size:
            if round(glyph.size, 1) <= size or not glyph.text.isalpha():
                continue
            return False  # a larger letter: the line is set at another size
        if abs(glyph.baseline - baseline) <= 0.08 * size:
            return False  # a small glyph on the line's baseline: small text, not a script
    return True


# Marks set raised inside a script (a prime or a star: "w_{i'j}", "Z_{j*}"): part of it.
SCRIPT_MARKS = set("′″‴'∗*")
PRIMES = {"′": "'", "″": "''", "‴": "'''", "'": "'"}


def _role(glyph: Glyph, main: float, baseline: float, atoms: list[Atom]) -> str:
    if glyph.text in ACCENTS and atoms and _accent_target(glyph, atoms) is not None:
        return "accent"  # drawn over the glyph before it
    if glyph.size >= SCRIPT_SIZE * main or not atoms:
        return "base"
    nested = _nested_script(glyph, atoms[-1], main)
    if nested:
        return nested
    going_on = _script_going_on(glyph, atoms[-1], main)
    if going_on:
        return going_on
    stacked = _stacked_script(glyph, atoms[-1], main)
    if stacked:
        return stacked
    if glyph.x0 - _right(atoms[-1]) > 0.35 * main:
        return "base"  # far from the glyph before: a small word of its own
    shift = glyph.baseline - baseline  # positive: lowered
    if shift < -0.15 * main:
        return "mark" if _footnote_mark(atoms, glyph) else "sup"
    if shift > 0.08 * main and atoms[-1].base.size >= SCRIPT_SIZE * main:
        return "sub"
    if _off_its_script(glyph, atoms[-1], main):
        # A script's size, raised or lowered from the script it touches, yet near the line's
        # baseline: a script of that script or a glyph of the line, the positions cannot
        # tell. Read on the line it states another formula ("f_{y}+g" for f_{y^+}g).
        return "unreadable"
    return "base"


def _lowered_prescript(
    ordered: list[Glyph], index: int, atoms: list[Atom], main: float, baseline: float
) -> list[Glyph]:
    """The small glyphs from `index` on that are a subscript written before its base
    (`{}_{2}F_{1}`, `{}_{p}F_{q}`): lowered from the line, apart from the glyph before them
    (the line's start or a word gap) and kerned onto a full-size letter after them. A
    subscript of the glyph before sits right after it; empty when these are not a prescript."""
    run: list[Glyph] = []
    for glyph in ordered[index:]:
        if glyph.size >= SCRIPT_SIZE * main:
            break
        lowered = glyph.baseline - baseline > 0.08 * main
        if not lowered or not glyph.text.isalnum() or (run and glyph.x0 - run[-1].x1 > 0.15 * main):
            return []
        run.append(glyph)
    if not run or index + len(run) >= len(ordered):
        return []
    base = ordered[index + len(run)]
    if not base.text.isalpha() or not 0 <= base.x0 - run[-1].x1 < 0.15 * main:
        return []
    if atoms and run[0].x0 - _right(atoms[-1]) < 0.2 * main:
        return []  # the subscript of the glyph before
    return run


def _prescript(glyph: Glyph, atom: Atom, following: Glyph | None, main: float) -> bool:
    """A raised small glyph apart from the atom before it (more than a superscript's italic
    correction) whose next full-size glyph starts under it: TeX sets a superscript, then a
    script space, so only a script kerned onto what follows it overlaps that glyph."""
    if following is None or following.size < SCRIPT_SIZE * main or atom.sub or atom.sup:
        return False
    apart = glyph.x0 - _right(atom) > 0.12 * main
    return apart and following.x0 < glyph.x1 - 0.05 * main


def _nested_script(glyph: Glyph, atom: Atom, main: float) -> str:
    """ "sub" or "sup" when a glyph is a script of the atom's script (f_{y^+}, I_{m^i}): smaller
    than the script's glyphs, just right of one of them and raised or lowered from it. It
    joins that script, which writes it nested (script_units); else ""."""
    for kind in ("sub", "sup"):
        script = getattr(atom, kind)
        if not script:
            continue
        own = [g for g in script if g.size >= SCRIPT_SIZE * script[0].size]
        anchor = own[-1]
        if glyph.size >= SCRIPT_SIZE * anchor.size:
            continue  # the script's own size: it goes on, or is the atom's other script
        if (
            glyph.x0 < (anchor.x0 + anchor.x1) / 2
            or glyph.x0 - max(g.x1 for g in script) > 0.25 * main
        ):
            continue  # under or over the anchor, or apart from the script
        if abs(glyph.baseline - anchor.baseline) > NESTED_SHIFT * anchor.size:
            return kind
    return ""


def _off_its_script(glyph: Glyph, atom: Atom, main: float) -> bool:
    """A small glyph right after the atom's script, raised or lowered from that script's last
    glyph: where the line's reading would make it a glyph of the line."""
    for script in (atom.sub, atom.sup):
        if not script:
            continue
        last = max(script, key=lambda g: g.x1)
        touching = -0.1 * main < glyph.x0 - last.x1 < 0.25 * main
        if touching and abs(glyph.baseline - last.baseline) > NESTED_SHIFT * last.size:
            return True
    return False


def _script_going_on(glyph: Glyph, atom: Atom, main: float) -> str:
    """ "sub" or "sup" when a small glyph continues a script of the atom before it: it touches
    the script's last glyph and sits on the script's baseline, or is a prime or star raised
    inside it ("w_{i'j}": the j after the prime is still the subscript, not a glyph of its
    own). Else ""."""
    for kind in ("sub", "sup"):
        script = getattr(atom, kind)
        if not script:
            continue
        right = max(g.x1 for g in script)
        if glyph.x0 - right > 0.25 * main or glyph.x0 < right - 0.5 * (glyph.x1 - glyph.x0):
            continue  # apart from the script, or under or over it (the atom's other script)
        level = script[0].baseline
        if abs(glyph.baseline - level) < 0.1 * main:
            return kind
        if glyph.text in SCRIPT_MARKS and level - 0.6 * main < glyph.baseline < level:
            return kind
    return ""


def _stacked_script(glyph: Glyph, atom: Atom, main: float) -> str:
    """ "sup" or "sub" for the second script of a base that has one already, drawn over or
    under it (p_0^3: TeX sets both scripts from the same place, one above the other); else "".
    Checked before a raised glyph after a word is taken for a footnote mark: the "3" over the
    "0" of "point p_0^3" is no mark of the word "point"."""
    for kind, other in (("sub", "sup"), ("sup", "sub")):
        script = getattr(atom, kind)
        if not script or getattr(atom, other):
            continue
        first = min(script, key=lambda g: g.x0)
        over = min(glyph.x1, first.x1) - max(glyph.x0, first.x0)
        if over < 0.5 * min(glyph.x1 - glyph.x0, first.x1 - first.x0):
            continue  # not drawn over or under the script's first glyph
        shift = glyph.baseline - first.baseline  # positive: lowered
        if (shift < -0.25 * main) if other == "sup" else (shift > 0.25 * main):
            return other
    return ""


def _logo_letter(before: Glyph, glyph: Glyph, after: Glyph, main: float) -> bool:
    """A capital raised or lowered between two capitals it touches, all upright letters of a
    text font: kerning inside a word (a TeX logo), never a script of mathematics."""
    letters = (before, glyph, after)
    if not all(g.text.isalpha() and g.text.isupper() and len(g.text) == 1 for g in letters):
        return False
    if any(g.mathy or ITALIC_FONT.search(g.font) for g in letters):
        return False
    if abs(glyph.baseline - before.baseline) < 0.1 * main:
        return False  # not shifted: an ordinary letter of the word
    touching = 0.08 * main
    return glyph.x0 - before.x1 < touching and after.x0 - glyph.x1 < touching


WORD_APART_EM = 0.15  # a gap this wide between two letters parts two words, in any setting


def _footnote_mark(atoms: list[Atom], glyph: Glyph) -> bool:
    """Raised small glyphs right after a word of prose ("Topalidou¹˒²", "et al.¹", an ORCID "ID")
    or after a comma or full stop ("Smith (2008),¹") mark a footnote or an affiliation: not
    mathematics, and not part of the word."""
    after_stop = atoms[-1].base.text in ",.;" and not atoms[-1].base.mathy
    if after_stop and (glyph.text.isdigit() or glyph.text in "*†‡§¶"):
        return True
    word: list[Atom] = []
    for atom in reversed(atoms):
        if not atom.base.text.strip() or atom.base.mathy:
            break
        if word and _gap(atom, word[0]) > WORD_APART_EM * atom.base.size:
            break  # the word before a lone letter ("point p^3"): the letter is a symbol
        word.insert(0, atom)
        if len(word) >= 3:
            break
    letters = [a for a in word if a.base.text.isalpha() or a.base.text == "."]
    return len(letters) >= 3 and not any(a.sup or a.sub for a in word[:-1])


def _accent_target(glyph: Glyph, atoms: list[Atom]) -> Atom | None:
    """The letter an accent glyph is drawn over: its middle lies over that letter."""
    middle = (glyph.x0 + glyph.x1) / 2
    for atom in reversed(atoms[-2:]):
        base = atom.base
        if base.text.isalpha() and base.x0 - 0.5 <= middle <= base.x1 + 0.5:
            return atom
    return None


def _right(atom: Atom) -> float:
    return max(g.x1 for g in (atom.base, *atom.sub, *atom.sup))


def _gap(left: Atom, right: Atom) -> float:
    return right.base.x0 - _right(left)


def word_gap(atoms: list[Atom], main: float) -> float:
    """The gap, in em, above which two glyphs of this line belong to two words.

    The line's gaps between full-size glyphs fall in two groups (letter gaps near zero, word
    gaps wider); the threshold is the split that keeps each group tightest (Otsu's method), as
    long as the two groups are clearly apart."""
    gaps = sorted(  # gaps wider than a chunk gap are no word gaps and would skew the split
        _gap(a, b) / main
        for a, b in zip(atoms, atoms[1:], strict=False)
        if -0.3 * main < _gap(a, b) < CHUNK_GAP_EM * main
    )
    if len(gaps) < 6:
        return PLAIN_GAP_EM
    total, total_sq, n = sum(gaps), sum(g * g for g in gaps), len(gaps)
    best_score, split = float("inf"), 1
    low_sum = low_sq = 0.0
    for k in range(1, n):  # within-group spread for a split after gaps[k - 1], in O(n)
        low_sum += gaps[k - 1]
        low_sq += gaps[k - 1] ** 2
        high_sum, high_sq = total - low_sum, total_sq - low_sq
        score = (low_sq - low_sum**2 / k) + (high_sq - high_sum**2 / (n - k))
        if score < best_score:
            best_score, split = score, k
    low_mean = sum(gaps[:split]) / split
    high_mean = sum(gaps[split:]) / (n - split)
    if high_mean - low_mean < 0.04 or high_mean < 2 * low_mean + 0.02:
        return PLAIN_GAP_EM  # one group only: letters and words are not apart
    return min(MAX_GAP_EM, max(MIN_GAP_EM, (gaps[split - 1] + gaps[split]) / 2))


def quotes_code(words: list[GlyphWord]) -> bool:
    """A line of a paragraph with words of code in it, set in typewriter (code lines never
    reach a paragraph)."""
    return any(w.typewriter for w in words)


def words_text(words: list[GlyphWord], *, code: bool = False) -> str:
    """A run of words as text with `$…$` around each stretch of mathematics; with `code`, a
    line of prose also has `` `…` `` around each run of words set in typewriter."""
    if code and quotes_code(words):
        return _with_code(words)
    parts: list[str] = []
    index = 0
    while index < len(words):
        after_logo = index and parts and parts[-1].endswith("LaTeX")
        if after_logo and re.fullmatch(r"2[εϵ][).,;:]*", words[index].text):
            parts[-1] += "2e" + words[index].text[2:]  # "LaTeX 2ε" is one name, LaTeX2e
            index += 1
            while index < len(words) and re.fullmatch(r"[).,;:]+", words[index].text):
                parts[-1] += words[index].text
                index += 1
            continue
        if not _math_here(words, index):
            parts.append(words[index].text.replace("$", "\\$"))
            index += 1
            continue
        start = index
        while start > 0 and words[start - 1].neutral and _inline_neutral(words[start - 1]):
            start -= 1
            parts.pop()
        end = index
        while end + 1 < len(words) and (_math_here(words, end + 1) or _bridges(words, end + 1)):
            end += 1
        parts.append(math_span(words[start : end + 1]))
        index = end + 1
    # a hyphenated word typed in math mode, or its hyphen read as a formula: written as text
    return wordy_math.written_as_text(" ".join(p for p in parts if p))


def _with_code(words: list[GlyphWord]) -> str:
    """The line's text with each run of typewriter words as inline code; the prose between
    them read as any line is (its formulas in `$…$`)."""
    out: list[str] = []
    prose: list[GlyphWord] = []
    code: list[str] = []  # the open run: its words' code, the first one's punctuation before

    def close(after: str = "") -> None:
        if code:
            out.append(f"{code[0]}`{' '.join(code[1:])}`{after}")
            code.clear()

    for word in words:
        if not word.typewriter:
            close()
            prose.append(word)
            continue
        if prose:
            out.append(words_text(prose))
            prose = []
        before, tex, after = word.code_pieces()
        if code and before:
            close()
        if not code:
            code.append(before)
        code.append(tex.replace("`", "'").replace("$", "\\$"))  # "$" is a formula's mark
        if after:
            close(after)
    close()
    if prose:
        out.append(words_text(prose))
    return " ".join(p for p in out if p)


def _math_here(words: list[GlyphWord], index: int) -> bool:
    """Mathematics, unless it is a lone italic letter inside italic prose (an emphasised "a")."""
    word = words[index]
    if not word.math:
        return False
    if word.scripted or any(a.base.mathy for a in word.atoms):
        return True
    neighbours = words[max(0, index - 1) : index] + words[index + 1 : index + 2]
    return not any(n.italic_prose for n in neighbours)


def _inline_neutral(word: GlyphWord) -> bool:
    return any(ch in RELATIONS or ch in "()[]" for ch in word.text) or word.text.isdigit()


REFERENCE = re.compile(r"[(\[]\d{1,3}(?:[,–-]\d{1,3})*[)\]][.,;:]?")


def _bridges(words: list[GlyphWord], index: int) -> bool:
    """A neutral word (digits, =, brackets) continues a formula when it is not the last word
    of the line's text, or closes it with a digit ("ζ = 0.31")."""
    word = words[index]
    if word.text == ":" and index + 1 < len(words) and _math_here(words, index + 1):
        return True  # a colon set apart between two formulas is a range: "−b : t−w"
    if word.text in FUNCTIONS and index + 1 < len(words) and _math_here(words, index + 1):
        return True  # a function's name set upright inside a formula: "p/75 + ln p"
    if not word.neutral or word.text.endswith((",", ";", ":")) and len(word.text) == 1:
        return False
    if REFERENCE.fullmatch(word.text):
        return False  # "Somers' D (4)", "x [12]": a reference to an equation or a work
    return any(ch.isdigit() or ch in RELATIONS or ch in "()[]|/" for ch in word.text)


# TeX's \ldots and \cdots are three glyphs, read apart as ". . ." or "· · ·"
SPACED_DOTS = (
    (re.compile(r"(?<![.\d])\.\s*\.\s*\.(?![.\d])"), r"\\ldots "),
    (re.compile(r"\\cdot\s*\\cdot\s*\\cdot\b"), r"\\cdots "),
)


def dots_named(tex: str) -> str:
    """An ellipsis set as three dots written `\\ldots` (`\\cdots` on the axis)."""
    for pattern, name in SPACED_DOTS:
        tex = pattern.sub(name, tex)
    return re.sub(r" {2,}", " ", tex)


# A language's name set as a formula, its pluses spaced as operators: "C + +", "C\#"
LANGUAGE_TEX = re.compile(r"([A-Z])\s*(\+\s*\+|\\?#)")
PROSE_PAIR = re.compile(r"(\\mathrm\{[A-Za-z]{2,}\}) (\\mathrm\{[A-Za-z]{2,}\})")


def math_span(words: list[GlyphWord]) -> str:
    """`$tex$` for a formula's words; sentence punctuation after it stays outside."""
    tex = dots_named(" ".join(w.tex() for w in words))
    # two words of prose set upright in a formula (a grammar's "⟨picture expression⟩"): math
    # mode drops the space between them ("⟨pictureexpression⟩"), so it is written
    tex = PROSE_PAIR.sub(r"\1\\ \2", tex)
    tex = PROSE_PAIR.sub(r"\1\\ \2", tex)  # overlapping pairs: a third word
    trail = ""
    match = re.search(r"[’”]?[.,;:]*[’”]?$", tex)
    if match and match.group(0):
        trail, tex = match.group(0), tex[: match.start()]
    # quotes around a symbol ("the value of ‘m’") are the sentence's, not the formula's
    lead = re.match(r"[‘“]*", tex).group(0)
    tex = tex[len(lead) :].strip()
    language = LANGUAGE_TEX.fullmatch(tex)
    if language:  # "$C++$" spaced as a sum ("C + +"): the language's name, as text
        return lead + language.group(1) + ("#" if "#" in language.group(2) else "++") + trail
    return f"{lead}${tex}${trail}" if tex else lead + trail
