"""LaTeX's markup left in text that never went through TeX: a PDF's metadata written by hyperref
from the source's \\title (`pdftitle={A {\\em Short} Guide\\\\ to Tides}`), or a class's running
line typed with commands its font could not set. On a cover it reads as code — "\\emph{Annals}
of Tides", "Guide\\\\ to", "Vol.~3" — where the reader expects the words TeX would have printed."""

from __future__ import annotations

import re
import unicodedata

# Commands whose argument is the words they print ("\emph{Annals}" → "Annals").
ARGUMENT_COMMANDS = re.compile(
    r"\\(?:emph|textit|textbf|textsc|texttt|textrm|textsf|textsl|textup|textmd|textnormal|"
    r"mbox|hbox|text|mathrm|mathit|mathbf|underline|uppercase|MakeUppercase)\s*\{([^{}]*)\}"
)
# Commands that print nothing a reader wants on a cover, with their argument.
DROPPED_COMMANDS = re.compile(
    r"\\(?:thanks|footnote|footnotemark|label|protect)\b(?:\s*\{[^{}]*\})?"
)
# A group opened by a font switch ("{\em Annals of Tides}", "{\bf 12}").
SWITCH_GROUP = re.compile(
    r"\{\s*\\(?:em|it|bf|sc|sl|tt|rm|sf|bfseries|itshape|scshape|ttfamily|normalfont|small|"
    r"large|Large|footnotesize)\b\s*([^{}]*)\}"
)
# A switch with no group of its own ("\em Annals"): it prints nothing.
BARE_SWITCH = re.compile(r"\\(?:em|it|bf|sc|sl|tt|rm|sf|bfseries|itshape|scshape|ttfamily)\b\s*")
# A forced line break ("Guide\\ to", "\\[2pt]", "\newline"): a space between the words.
LINE_BREAK = re.compile(r"\\\\(?:\*)?(?:\[[^\]]*\])?|\\newline\b|\\linebreak\b")
# Escaped signs TeX prints as the sign.
ESCAPED = {r"\&": "&", r"\%": "%", r"\$": "$", r"\#": "#", r"\_": "_"}
# TeX's accent commands on a letter ("\'e", "\"{o}", "\c{c}") and the combining mark each sets.
ACCENTS = {"'": "\u0301", "`": "\u0300", "^": "\u0302", '"': "\u0308", "~": "\u0303", "c": "\u0327"}
ACCENT = re.compile(r"\\(['`^\"~]|c(?=[{\s]))\s*(?:\{(\w)\}|(\w))")
# A tie between two words ("Vol.~3", "A.~Smith"); a "~" inside a web address is its own.
TIE = re.compile(r"(?<=[\w.,;:])~(?=[\w\\])")


def tex_markup_removed(text: str) -> str:
    """The words TeX would have printed for `text`; text with no markup comes back unchanged
    but for its spaces, which are made single."""
    if not re.search(r"[\\{}~]", text):
        return " ".join(text.split())
    previous = None
    while previous != text:  # nested markup ("\emph{\textbf{X}}") comes off a layer at a time
        previous = text
        text = DROPPED_COMMANDS.sub("", text)
        text = ARGUMENT_COMMANDS.sub(r"\1", text)
        text = SWITCH_GROUP.sub(r"\1", text)
    text = ACCENT.sub(_accented, text)
    text = LINE_BREAK.sub(" ", text)
    text = BARE_SWITCH.sub("", text)
    for escaped, sign in ESCAPED.items():
        text = text.replace(escaped, sign)
    text = " ".join(_untied(word) for word in text.split())
    text = text.replace("---", "—").replace("--", "–")
    # braces that only protected a word's case ("{B}ayesian", "{IEEE}") print nothing
    text = re.sub(r"(?<!\\)[{}]", "", text)
    return " ".join(text.split())


def _accented(match: re.Match) -> str:
    letter = match.group(2) or match.group(3)
    return unicodedata.normalize("NFC", letter + ACCENTS[match.group(1)])


def _untied(word: str) -> str:
    """A word's ties as spaces, unless the word is a web address or a path ("~user")."""
    if "/" in word or "@" in word:
        return word
    return TIE.sub(" ", word)


# A superscript or subscript inside a formula the glyph reader built from raised letters.
SCRIPT = re.compile(r"[\^_]\s*(\{[^{}]*\}|\w)")


def formulas_as_text(text: str) -> str:
    """Text whose formulas are words set raised or lowered: a venue's ordinal ("the
    $8^{\\mathrm{th}}$ Conference" → "the 8th Conference"). A venue's name is never
    mathematics; a formula with a command other than a font's (a symbol) is left as it is."""

    def plain(match: re.Match) -> str:
        inner = match.group(1)
        words = ARGUMENT_COMMANDS.sub(r"\1", inner)
        if "\\" in words:
            return match.group(0)
        return SCRIPT.sub(lambda m: m.group(1).strip("{}"), words).replace("{", "").replace("}", "")

    return re.sub(r"\$([^$]+)\$", plain, text)
