"""Words TeX prints that a reader of the glyphs would get wrong: its logos, drawn from shifted
capitals ("L^A T_E X" read apart is "LAT X" or a formula), a Greek letter's name typed in
mathematics without its backslash ("sigma^2"), and the bullets of lists set in a math font."""

from __future__ import annotations

import re

from apps.decks.pipeline.ingest.symbols import GREEK

# TeX's logos are drawn from shifted small capitals; read apart they give "PDFL TEX", "LAT X",
# or "LaT X" when the A is a small-capitals font's lower-case "a" (CMCSC) and the lowered E
# fell to a line of its own.
TEX_LOGO = re.compile(
    r"(?<![A-Za-z])(PDF|pdf|Xe|Lua)?L(?! ?TX)(?: ?[Aa])? ?T(?: ?[Ee])? ?X(?![A-Za-z])( ?2[εϵ])?"
)
LOGO_WORD = re.compile(r"(PDF|pdf|Xe|Lua)?LaTeX(2e)?[.,;:’')]*s?")  # a logo, never mathematics
# A language's name ("C++", "C#", "F#"), written by some authors as `$C++$`: a name, never
# mathematics (as a formula it was refused as broken and took its sentence with it)
LANGUAGE_NAME = re.compile(r"[A-Z](?:\+\+|#)[.,;:’')]*")
# Signs of running text a PDF may draw from a math font (LaTeX's \S from the symbol font):
# "§2.14" is a pointer to a section, never mathematics
TEXT_SIGNS = frozenset("§¶")
LIST_MARKS = {"•", "◦", "▪", "‣", "∙", "⋆"}
# A Greek letter's name spelled in math italic ("sigma^2" typed without its backslash) is the
# letter the author meant; names inside \mathrm{…} or longer words are left alone.
GREEK_NAME = re.compile(
    r"(?<![\\A-Za-z{])("
    + "|".join(sorted({n.lstrip("\\").removeprefix("var") for n in GREEK.values()}, key=len)[::-1])
    + r")(?![A-Za-z])"
)


# LaTeX's font switches printed as text (a document converted from its source, or a switch
# written without its backslash): "Write tt poly to …" for "Write {\\tt poly} to …". A bare
# "tt" or "bf" is no word of any language; with its backslash any switch is a leak, unless the
# paper sets it in typewriter (a paper about LaTeX quoting the command)
FONT_SWITCH = re.compile(
    r"\\(?:tt|bf|em|it|sf|rm|sc|sl|tiny|scriptsize|footnotesize|small|normalsize|large|Large|"
    r"LARGE|huge|Huge|bfseries|itshape|ttfamily|sffamily|rmfamily|scshape|upshape|mdseries)"
    r"|tt|bf"
)


def font_switch_leaked(word: str, following: str | None) -> bool:
    """A word that is a LaTeX font switch left in prose, before the word it was to set."""
    return bool(FONT_SWITCH.fullmatch(word)) and bool(following) and following[:1].isalnum()


# BibTeX's "ib" is set in small capitals: a title's larger small-capitals font reports them as
# capitals, and the lowered E made the logo's "e", so "BIBTeX" (no word is spelled so) is it
SMALL_CAPS_BIBTEX = re.compile(r"(?<![A-Za-z])BIBTeX(?![A-Za-z])")


def logos_named(text: str) -> str:
    """ "LATEX", "L TEX", "LATEX 2ε" → "LaTeX", "LaTeX2e"; "BIBTeX" → "BibTeX"."""
    text = SMALL_CAPS_BIBTEX.sub("BibTeX", text)
    return TEX_LOGO.sub(lambda m: f"{m.group(1) or ''}LaTeX{'2e' if m.group(2) else ''}", text)


def greek_named(tex: str) -> str:
    """ "sigma^{2}" → "\\sigma^{2}" in a formula's TeX; two-letter names ("pi", "mu") are as
    likely two symbols and stay."""
    return GREEK_NAME.sub(lambda m: m.group(1) if len(m.group(1)) < 3 else f"\\{m.group(1)} ", tex)
