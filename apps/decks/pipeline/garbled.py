"""Text that is garbled rather than badly chosen: glyphs and debris from the PDF, mathematics
whose scripts or delimiters were lost, words run together, table rows read as sentences.

defects.text_defects runs these beside the classes about what a sentence says. Each detector
looks at plain text in which `$…$` is mathematics and returns the offending part, or None.
"""

from __future__ import annotations

import re

from apps.decks.pipeline import wordy_math
from apps.decks.pipeline.text import LOOSE_ACCENT, SPLIT_WORD, sentences
from apps.decks.pipeline.text import MATH_SPAN as MATH

# Punctuation left where a formula was: "( , )", ", ;". A call such as "lmer()" is code.
REPEATED_PUNCTUATION = re.compile(r"[,;:]\s*[,;:]|(?<![\w.])\(\s*[,;]?\s*\)|\(\s*,|,\s*\)")
# A bullet sign, a drop-cap letter ("N In addition"), or a number left from code output or a
# table before a sentence ("0.8 The output shows …").
STRAY_LEAD = re.compile(
    r"^(?:\$?[•▪◦●‣∙·◆■□►▸\-–—*>]+\$?\s*|"
    # a run-in heading with its number ("10.1.1 Design covariates The variables …"), a list
    # item's number before lower case ("3. plot the residuals")
    r"\d+(?:\.\d+)+\s+[^.;:]{0,60}?\s(?=(?:The|A|An|In|We|Some|This|For|Each|It)\s)|"
    r"\d+\.\s+(?=[a-z])|"
    # a list's number or letter glued to its item's first word, the space lost where the mark
    # hung in the margin ("3Install the …", "1.Build the …", "2)Run …", "(a)the …", "(iv)each")
    r"\d{1,2}[.)]?(?=[A-Z][a-z]{2,}\s)|\(?(?:[a-z]|[ivx]{2,4})\)(?=[a-z]{2,}\s)|"
    # a page or line reference before its sentence, as errata lists set it ("88–89: As of …")
    r"\d{1,4}(?:[–-]\d{1,4})?:\s+(?=[A-Z][a-z]*\s)|[-−]?\d+(?:\.\d+)?,\s+(?=[a-z])|(?![AI]\s)[A-Z]\s+(?=[A-Z][a-z])|"
    # code debris ("+} We now apply …"), line numbers before a clause ("1 2 where …")
    # a theorem-like label run in before its sentence ("Remark 3 (A Sample Remark) This is …")
    # (with its number or its name: "Example Image" is a title, not a label)
    r"(?:Theorem|Lemma|Remark|Conjecture|Axiom|Definition|Corollary|Proposition|Example)"
    r"(?:\s+\d+(?:\.\d+)*\.?(?:\s*\([^()]{1,60}\))?|\s*\([^()]{1,60}\))\.?\s+(?=[A-Z])|"
    r"Proof\.?\s+(?=[A-Z][a-z]*\s)|"
    # a display's piece (a fraction's denominator "CR") before a run-in term and its definition
    # ("CR Weighted maximum error $(WE_{\infty})$: The weighted …")
    r"[A-Z]{2,4}\s+(?=[A-Z][a-z]+(?:\s+[a-z]+){0,4}\s*(?:\$[^$]{1,30}\$|\([^()]{1,20}\))?\s*:\s)|"
    r"[+}{\]|=~^#]+\s+|(?:\d{1,2}\s+){2,}(?=[a-z])|"
    # the row numbers or NA of printed code output before a sentence ("4 I have …", "0 There’s
    # no …", "NA 3 Milliseconds in …", "6 Sub-second values …")
    r"(?:NA\s+)*(?:\d{1,2}\s+)+(?=(?:I|[A-Z][a-z]+(?:[’'-][a-z]+)*)\s+[a-z])|"
    r"[-−]?\d+(?:\.\d+)?\s+(?=(?:The|A|An|This|These|It|We|In|For|Our|Both|Each)\s))"
)
# "## EA TA EAp": a line of code output (knitr marks it with ##) read as prose.
CODE_OUTPUT = re.compile(r"(?:^|\s)##(?=\s)")
# Debris after the sentence: an algorithm's line numbers ("… label them $i + 1$ 4", "… to 0 2"),
# a word of the next line after a full stop ("… into a linear chain. quasi-particle"), glyphs
# from a list of dingbats ("❼"), a URL broken at its colon, the marks of a list run into one
# sentence ("the reasons are that • LC scores …", "Ch-Intro, • Ch-Basics, • …").
INNER_LIST_MARK = re.compile(r"\s\$?[•▪◦●‣]\$?(?=\s)")
TRAILING_DEBRIS = re.compile(
    r"(?:\s\d{1,3}){2,}$|\$[•▪◦●]\$|\s[•▪◦●‣](?=\s)|\$\s+\d{1,2}$|\b[a-z]{3,}\.\s+[a-z][\w-]+$|[\u2460-\u24ff\u2776-\u2793]|"
    r"\bhttps?:\s+/"
)
# The TeX logos set with raised and lowered letters, read apart: "LAT X", "BibT X".
TEX_LOGO_SPLIT = re.compile(
    r"\b(?:(?:PDF|pdf)?L\s?A?\s?T|BibT|REVT|AMS-?T|XeT|LuaT)\s+X(?:ing|ed|s)?\b|\bLa-\s?TeX\b"  # "La-TeX": hyphenated
)
UNREADABLE = re.compile(r"\(cid:\d+\)|\ufffd|[\ue000-\uf8ff]")
# An unreadable glyph with a letter beside it stood for letters of that word (a ligature):
# without it the word reads as another ("speci?es" → "species") or none.
UNREADABLE_IN_WORD = re.compile(
    rf"[^\W\d_](?:{UNREADABLE.pattern})|(?:{UNREADABLE.pattern})[^\W\d_]"
)
# An unreadable glyph beside a number (ingest/lost_glyphs.py marks the glyphs it cannot read
# there): a lost minus, ±, ×, ° or superscript digit. Without it the number reads as another
# ("$10^{8}$" for 10⁻⁸, "12 3 nm" for 12 ± 3 nm), so no fix may strip it. A symbol given a
# value ("$\ufffd = 3$": a pi font's Δ, ingest/pi_letters.py) is as unreadable as the value's.
RELATION = r"(?:[=<>≈∼~≤≥]|\\(?:approx|sim|simeq|le|ge|leq|geq)(?![a-z]))"
UNREADABLE_BY_NUMBER = re.compile(
    rf"(?:\d[\d.,]*[\s{{}}^_$]{{0,4}}(?:{UNREADABLE.pattern})"
    rf"|(?:{UNREADABLE.pattern})[\s{{}}^_$]{{0,4}}(?:{RELATION}[\s{{}}^_$]{{0,4}})?[-−]?\d)"
    rf"(?:[\s{{}}^_$]{{0,4}}[-−]?\d[\d.,]*)?"
)


def without_unreadable_sentences(value: str) -> str:
    """The text without the sentences that hold a glyph the PDF could not name: what the glyph
    was (a minus, a ×, a ligature's letters) cannot be told, so the sentence is not shown at all
    (speaker notes are the paper's paragraphs, read aloud as they stand)."""
    if not UNREADABLE.search(value):
        return value
    return " ".join(s for s in sentences(value) if not UNREADABLE.search(s))


def lost_glyph(text: str) -> str | None:
    """An unreadable glyph next to a number, in prose or a formula: the number it belongs to
    cannot be told, and the bullet must not show it changed."""
    match = UNREADABLE_BY_NUMBER.search(text)
    return match.group(0).strip() if match else None


# The lowered E of a TeX logo fallen between words of another sentence ("The E system fonts",
# "fonts E that are installed"); "vitamin E", "type E" name something.
LONE_E = re.compile(r"\b(?P<before>The|the|[a-z]{3,}) E(?= [a-z]{2,})")
NAMES_A_LETTER = {"vitamin", "hepatitis", "type", "class", "group", "grade", "model", "series"}


def lone_e(text: str) -> str | None:
    match = next((m for m in LONE_E.finditer(text) if m["before"] not in NAMES_A_LETTER), None)
    return match.group(0) if match else None


def without_lone_e(text: str) -> str:
    return LONE_E.sub(lambda m: m.group(0) if m["before"] in NAMES_A_LETTER else m["before"], text)


# The lowered E of a TeX logo fallen to the end of a line's sentence ("… is a small
# program in a stack E"): a capital alone after a lower-case word, nothing after it.
TRAILING_LOGO_LETTER = re.compile(r"\b(?P<before>[a-z]+) (?P<letter>E)(?=[.;:]?\s*$)")
# A LaTeX font switch printed as prose ("Write tt poly to the stream"): a bare "tt" or "bf"
# before a word is no word of any language (ingest drops the ones it reads as such)
FONT_SWITCH_LEAK = re.compile(r"(?<![\w\\`.\-])(?:tt|bf)\s+(?=[a-z])")
CODE_SPAN = re.compile(r"`[^`]*`")


def logo_debris(text: str) -> str | None:
    """A logo's letter left at a sentence's end, or a font switch left in its prose."""
    prose = CODE_SPAN.sub("X", plain(text))
    trailing = TRAILING_LOGO_LETTER.search(prose)
    if trailing and trailing["before"] not in NAMES_A_LETTER:
        return trailing["letter"]
    leak = FONT_SWITCH_LEAK.search(prose)
    return leak.group(0).strip() if leak else None


def without_logo_debris(text: str) -> str:
    if not logo_debris(text):
        return text
    text = TRAILING_LOGO_LETTER.sub(
        lambda m: m.group(0) if m["before"] in NAMES_A_LETTER else m["before"], text
    )
    parts = re.split(r"(`[^`]*`|(?<!\\)\$[^$]*(?<!\\)\$)", text)  # code and math stay
    return "".join(part if part[:1] in "`$" else FONT_SWITCH_LEAK.sub("", part) for part in parts)


GREEK_LETTERS = "αβγδεζηθικλμνξπρστυφχψωΓΔΘΛΞΠΣΦΨΩ∆"
FLAT_SCRIPT = re.compile(
    rf"(?:^|\s)[{GREEK_LETTERS}]\s[a-zA-Z0-9](?:\s|$|[,.;])|"  # "β c", "ω 0"
    r"(?:^|\s)[A-Z]\s[A-Z](?:\s|$|[,.;])|"  # "I C"
    r"(?:^|\s)[a-z]\s[a-z]\s[+\-−=]|"  # "s t + 1"
    r"[=+−×]\s*(?:$|[,;.](?:\s|$))|"  # "Δ = 10 −" (an operator with nothing after it)
    r"(?:^|\s)=\s+[A-Z][a-z]{2,}"  # "q = Breadth": a formula spliced into the next line's prose
)
GLUED_WORD = re.compile(r"[a-z]{24,}|(?:[a-z]{3,}[.,;:][A-Z][a-z]{2,}){1}")
NUMBER_TOKEN = re.compile(r"^[(\[]?[-+−]?\d[\d.,:;]*%?[)\]]?!?$|^\([\d\w]{1,3};\s*\w{1,3}\)!?$")
# Three bare numbers in a row: prose joins numbers with commas, "and" or units; a table does not.
NUMBER_RUN = re.compile(r"(?:^|\s)[-−]?\d+(?:\.\d+)?(?:\s+[-−]?\d+(?:\.\d+)?){2,}(?=\s|$)")
# A number as a table's cell prints it ("6.61", "1K", "64", "12%", "±0.3", "(2.15)"): a line or
# a caption's tail of these only is a table's row, never prose
CELL_NUMBER = re.compile(r"^[(\[]?[-+−±]?\d[\d.,]*(?:[kKMG%×x])?[)\]]?$")
VERB_HINT = re.compile(
    r"\b(?:is|are|was|were|be|been|has|have|had|do|does|did|can|could|may|might|will|would|"
    r"shall|should|must|\w+ed|\w+es|shows?|gives?|makes?|leads?|reach\w*|improv\w*)\b",
    re.I,
)


def plain(text: str) -> str:
    """The text with its formulas replaced by a neutral token."""
    return MATH.sub("X", text)


def unmath(text: str) -> str:
    """The text with the formula delimiters dropped (what the formulas say is kept)."""
    return re.sub(r"(?<!\\)\$", " ", text)


def stray_glyph(text: str) -> str | None:
    """Glyphs from the PDF that are not text: a bullet sign under a bullet already, a lone
    drop-cap letter ("N In addition"), unmapped glyphs."""
    stripped = text.strip()
    match = STRAY_LEAD.match(stripped)
    if match and match.group(0).strip():
        return match.group(0).strip()
    unreadable = (
        # Inside a formula an unreadable glyph is broken mathematics, never debris to strip: a
        # relation's negation slash dropped from "$i \ufffd= j$" would state "$i = j$".
        (UNREADABLE.search(plain(stripped)) if not lost_glyph(stripped) else None)
        or CODE_OUTPUT.search(stripped)
        or TEX_LOGO_SPLIT.search(stripped)
        or TRAILING_DEBRIS.search(stripped)
        or REPEATED_PUNCTUATION.search(plain(stripped))
        or re.search(r"[{}]", plain(stripped))  # code outside a formula: "@online{.. is"
        or LOOSE_ACCENT.search(stripped)
        or SPLIT_WORD.search(stripped)
    )
    if unreadable is None and lone_e(plain(stripped)):
        return lone_e(plain(stripped))
    if unreadable is None and logo_debris(stripped):
        return logo_debris(stripped)
    if unreadable is None and plain(stripped).count('"') % 2:
        return '"'  # a quotation cut at the line's end: 'the colour is "transparent'
    return unreadable.group(0) if unreadable else None


# A word of the text cut by a script rebuilt from a footnote mark or a kerned glyph.
WORD_SPLIT = re.compile(r"[A-Za-z}]\\mathrm\{|\\mathrm\{[^}]*\}[A-Za-z]")
# Inline, only a word of two letters or more glued to a letter ("$\mathrm{d}x$" is fine).
INLINE_WORD_SPLIT = re.compile(r"\\mathrm\{[a-z]{2,}\}[a-z]|[a-z](?:_\{\w\})?\\mathrm\{[a-z]{2,}\}")
# "$a =$ age group": the formula's operand left outside it (prose or code the PDF set apart).
OPEN_OPERATOR = re.compile(r"(?:=|\+|-|−|\\times|\\cdot|<|>)\s*\$$")
# A Greek letter's name that lost its backslash ("$omega_{h}$", "$sigma^{2}$"): KaTeX sets the
# letters of the name in italics.
BARE_GREEK = re.compile(
    r"(?<![\\\w])(?:alpha|beta|gamma|delta|epsilon|zeta|eta|theta|kappa|lambda|mu|nu|xi|pi|rho|"
    r"sigma|tau|phi|chi|psi|omega)(?=[_^{}\s$()]|$)",
    re.I,
)
# An argument list with an empty slot ("{}_{0}F_{0}[; z]", "f(a, ; b)"): an argument stacked
# over another (`\atop`, a hypergeometric function's upper and lower parameters) was lost.
EMPTY_SLOT = re.compile(r"(?:\[|\()\s*[;,]|[;,]\s*[;,]|[;,]\s*(?:\]|\))")
EMPTY_SCRIPT = re.compile(r"[_^]\{\s*\}|\\(?:sqrt|frac|hat|bar|tilde)\{\s*\}")


# TeX source outside a formula ("typeset as \$\bm{\alpha}\$", "the \nonumber command"): KaTeX
# takes it for mathematics. (Formulas are replaced before this looks.)
TEX_SOURCE = re.compile(r"\\\$\s*\\[A-Za-z]|\\[A-Za-z]{2,}")


# A language's or a tool's name with its plus signs ("C++", "g++", "clang++"), in the text or
# typed as a formula of its own ("$C++$", "$C + +$"): a name, not a sum missing its operand.
LANGUAGE_PLUS = re.compile(
    r"(?<![\w+$])\$\s*([A-Za-z]+)\s*\+\s*\+\s*\$(?![\w+])|(?<![\w+])([A-Za-z]+)\+\+(?![\w+])"
)


def languages_named(text: str) -> str:
    """The text with each language's name with plus signs written as a plain word."""
    return LANGUAGE_PLUS.sub(lambda m: (m.group(1) or m.group(2)) + "pp", text)


# An abbreviation's legend ("LR = Logistic Regression; RF = Random Forest", "SNR = signal
# power"): an acronym (two capitals or more) set equal to a name. A caption's key to its
# figure's labels, not a formula spliced into prose ("q = Breadth").
LEGEND_PAIR = re.compile(
    r"(?<![\w$\\])([A-Za-z0-9-]*[A-Z][A-Za-z0-9-]*[A-Z][A-Za-z0-9-]*)\s*=\s*"
    r"(?=[A-Z][a-z]|[a-z]{4,})"
)


def legends_named(text: str) -> str:
    """The text with each abbreviation's legend written with a colon ("LR: Logistic
    Regression"), as a key to labels reads."""
    return LEGEND_PAIR.sub(lambda m: m.group(1) + ": ", text)


def broken_math(text: str) -> str | None:
    """Mathematics whose sub- and superscripts were flattened or lost: "I C", "β c",
    "Δ = 10 −"; and `$…$` whose braces or delimiters do not balance. A language's name
    ("C++", "$C++$", "g++") is no formula, nor an abbreviation's legend ("LR = Logistic
    Regression")."""
    text = legends_named(languages_named(text))
    if len(re.findall(r"(?<!\\)\$", text)) % 2:
        return "$"
    word = wordy_math.wordy(text)
    if word:
        return word  # "$p-value$", "non $-$ linear": a word set as a formula
    if MATH.search(text) and EMPTY_SLOT.search(re.sub(r"`[^`]*`", "", text).replace("$", "")):
        return "an empty argument"  # the formula read across its `$…$` spans
    for span in MATH.findall(text):
        if UNREADABLE.search(span):
            return span  # a glyph of the formula could not be read: it may say anything
        if span.count("{") != span.count("}"):
            return span
        if OPEN_OPERATOR.search(span) and not re.search(r"\\(?:pm|mp)\s*\$$", span):
            return span  # "$a =$ age group"
        if EMPTY_SCRIPT.search(span) or INLINE_WORD_SPLIT.search(span) or BARE_GREEK.search(span):
            return span  # "b^{}(\lambda)", "\mathrm{sp}e_{2}\mathrm{cial}": rebuilt wrong
    match = FLAT_SCRIPT.search(plain(text)) or TEX_SOURCE.search(plain(text))
    return match.group(0).strip() if match else None


def glued_words(text: str) -> str | None:
    """Words run together because the PDF has no spaces: "Thepredictionerrorgrows"."""
    for token in unmath(text).split():
        if GLUED_WORD.search(token) and not re.search(r"https?:|www\.|@|\d", token):
            return token
    return None


def table_cells(text: str) -> bool:
    """Text that is a table row read as a sentence: mostly numbers and short cells."""
    flat = unmath(text)
    tokens = flat.split()
    if len(tokens) < 5:
        return False
    numbers = sum(1 for t in tokens if NUMBER_TOKEN.match(t))
    short_caps = sum(1 for t in tokens if re.fullmatch(r"[A-Z][a-z]{0,9}", t))
    if numbers / len(tokens) >= 0.3 and not VERB_HINT.search(flat):
        return True
    if NUMBER_RUN.search(flat):
        return True  # "age 1 3 5 sexM 2 4 6 For this …": cells glued to a sentence
    return numbers >= 3 and (numbers + short_caps) / len(tokens) >= 0.7


def without_cells(caption: str) -> str:
    """A caption that took the cells of its table ("CRC-32 performance 64 256 1K 6.61 6.62 …",
    read on into the rows under it) cut before them: its words up to the first run of three
    cell numbers ("64 256 1K"). A caption that does not read as cells is returned as it is;
    one that is cells from its start, as ""."""
    if not table_cells(caption):
        return caption
    words = caption.split()
    for start in range(len(words) - 2):
        if all(CELL_NUMBER.match(w) for w in words[start : start + 3]):
            return " ".join(words[:start]).rstrip(" ,;:")
    return caption
