"""How many glyphs a formula sets at each size: on the line, as a script, as a script of a
script. TeX sets a subscript smaller than its base and a script of a script smaller again; a
formula read from the PDF that writes fewer glyphs at the smallest size than the PDF drew
there flattened a script of a script onto its script or onto the line ("f_{y}+g" for
f_{y^+}g, "y_{\\zeta 1}" for y_{\\zeta_1}): it states another formula. Ingestion refuses such a
display (equations.py); the reviewer checks the displays a slide shows against the sizes the
paper drew them at (review/text_rules.py)."""

from __future__ import annotations

import re

# A glyph below this share of its display's size is set at the script-of-script size (TeX:
# 5 pt under 10 pt, 6 pt under 11 or 12 pt; a script is 7 or 8 pt, 0.67 and over).
NESTED_SIZE = 0.6
SCRIPT_SIZE = 0.86  # below this share a glyph is a script (ingest/glyphs.py reads them so)

TOKEN = re.compile(r"\\[A-Za-z]+|\\.|[{}_^']|[^\s]")
# Commands that draw nothing of their own (spacing, structure, styles): their argument, if
# any, is read at the size around it.
SILENT = {
    "\\left",
    "\\right",
    "\\big",
    "\\Big",
    "\\bigg",
    "\\Bigg",
    "\\quad",
    "\\qquad",
    "\\,",
    "\\;",
    "\\!",
    "\\:",
    "\\ ",
    "\\\\",
    "\\mathrm",
    "\\mathbf",
    "\\mathit",
    "\\mathcal",
    "\\mathbb",
    "\\text",
    "\\operatorname",
    "\\limits",
    "\\nolimits",
    "\\displaystyle",
    "\\not",
}
# Accents are drawn over their letter and counted with it (accounted.py does the same).
ACCENTS = {
    "\\hat",
    "\\bar",
    "\\tilde",
    "\\vec",
    "\\dot",
    "\\ddot",
    "\\check",
    "\\breve",
    "\\acute",
    "\\grave",
    "\\widehat",
    "\\widetilde",
    "\\overline",
}
DOTS = {"\\ldots", "\\cdots", "\\dots", "\\vdots", "\\ddots"}
FRACTIONS = {"\\frac", "\\dfrac", "\\tfrac"}
ENVIRONMENTS = {"\\begin", "\\end"}


def _script(level: int) -> int:
    """A script's level: a script of the line is one smaller, of a script two, then no less."""
    return min(2, level + 1)


def tex_levels(tex: str, *, display: bool = True) -> list[int]:
    """Glyphs the TeX sets on the line, as scripts and as scripts of scripts ([n0, n1, n2]).
    Levels are TeX's styles: a display's fraction sets its parts at the line's size, a
    fraction in the text or in a script one level smaller."""
    tokens = TOKEN.findall(tex)
    counts = [0, 0, 0]
    # a style: its level (0 line, 1 script, 2 script of script) and whether it is display style
    position = 0

    def glyphs(token: str) -> int:
        if token in SILENT or token in ACCENTS or token in FRACTIONS or token in ENVIRONMENTS:
            return 0
        if token in DOTS:
            return 3
        if token in ("{", "}", "_", "^", "&"):
            return 0
        if token.startswith("\\") and len(token) > 2 and token[1:].isalpha():
            name = token[1:]
            return len(name) if name in FUNCTION_NAMES else 1
        return 1

    def group(level: int, display_style: bool) -> None:
        """Read tokens up to the end of the current group."""
        nonlocal position
        while position < len(tokens):
            token = tokens[position]
            if token == "}":
                position += 1
                return
            atom(level, display_style)

    def atom(level: int, display_style: bool) -> None:
        """Read one token or group and the scripts after it."""
        nonlocal position
        token = tokens[position]
        position += 1
        if token == "{":
            group(level, display_style)
        elif token in ENVIRONMENTS:
            _skip_argument()
        elif token in FRACTIONS:
            part = level if display_style and token != "\\tfrac" else _script(level)
            argument(part, False)
            argument(part, False)
        elif token in ("_", "^"):
            argument(_script(level), False)
        elif token == "'":
            counts[_script(level)] += 1
        else:
            counts[level] += glyphs(token)

    def argument(level: int, display_style: bool) -> None:
        nonlocal position
        if position < len(tokens):
            atom(level, display_style)

    def _skip_argument() -> None:
        nonlocal position
        if position < len(tokens) and tokens[position] == "{":
            depth = 0
            while position < len(tokens):
                depth += {"{": 1, "}": -1}.get(tokens[position], 0)
                position += 1
                if depth == 0:
                    return

    while position < len(tokens):
        atom(0, display)
    return counts


FUNCTION_NAMES = {
    "log",
    "ln",
    "exp",
    "sin",
    "cos",
    "tan",
    "max",
    "min",
    "arg",
    "det",
    "lim",
    "sup",
    "inf",
    "dim",
    "ker",
    "deg",
    "gcd",
    "Pr",
    "tr",
}


def size_level(size: float, line_size: float) -> int:
    """0 for a glyph at the line's size, 1 at a script's, 2 at a script of a script's."""
    if size >= SCRIPT_SIZE * line_size:
        return 0
    return 1 if size >= NESTED_SIZE * line_size else 2


def flattened(drawn: list[int], tex: str, *, display: bool = True) -> str:
    """How the TeX sets the PDF's scripts larger than the PDF drew them (`drawn`: its glyphs
    at each size, [n0, n1, n2]), or "": fewer glyphs at the script-of-script size (a script of
    a script read onto its script or the line), or fewer at a script's size or smaller (a
    script read onto the line, "Q1(θ)")."""
    if len(drawn) != 3:
        return ""
    written = tex_levels(tex, display=display)
    if written[2] < drawn[2]:
        return "a script of a script written larger than the paper sets it"
    if written[1] + written[2] < drawn[1] + drawn[2]:
        return "a script written on the line"
    return ""
