"""Whether a display equation rebuilt from the PDF's glyphs reads whole: the reviewer flags a
broken one (review/text_rules.py) and the proposer shows only whole ones."""

from __future__ import annotations

import re

from apps.decks.pipeline.garbled import UNREADABLE, WORD_SPLIT

RELATION_TEX = re.compile(
    r"=|<|>|\\(?:leq|geq|neq|approx|simeq|sim|propto|equiv|to|Rightarrow|mapsto|in)\b"
)
MATH_UNICODE = set("⊤·…⋯′")
# Signs that a display was rebuilt from glyphs whose layout was lost: scripts flattened onto
# the line ("J21", "⊤" on the baseline), a word split by a script ("m_{t}\\mathrm{ax}"), an
# empty group or root, operators without operands, a big operator without its limits, an
# integrand's "du" without its integral.
FLATTENED = (
    ("a script flattened onto the line", re.compile(r"(?<![\\\w{])[A-Za-z]\d{2,}")),
    ("a transpose sign off its script", re.compile(r"(?<!\^\{)(?:\\top\b|⊤)")),
    ("a word split by a script", WORD_SPLIT),
    # ("{}_{2}F_{1}": the empty base of a prescript is no empty group)
    ("an empty group", re.compile(r"\{\s*\}(?![_^])|\(\s*\)|\[\s*[.,]?\s*\]")),
    (
        "operators without an operand",
        re.compile(
            r"\+\s*\+|\+\s*=|=\s*\+|[+=]\s*[,)]|\(\s*[+=]|"
            r"(?:=|\\leq|\\geq)\s*(?:=|\\Rightarrow|\\to|\\leq|\\geq)"
        ),
    ),
    (
        "a script flattened onto the line",
        re.compile(
            r"\\(?:alpha|beta|gamma|delta|epsilon|theta|lambda|mu|nu|sigma|tau|phi|psi|omega|pi|"
            r"rho|eta|xi|kappa|zeta|chi)\s+\d\b|(?<![\\\w{])[a-z]\d,[a-z]\b"
        ),
    ),
    ("a sum or product without its limits", re.compile(r"\\(?:sum|prod)(?!\s*_)")),
    # "i\in K(\tau) \rho(…) +_{i\in K}[…]": the sum signs lost, their limits left on the line
    ("a sum's limits without its sign", re.compile(r"(?:^|[+\-=(])\s*_\{|^\s*[a-z]\s*\\in\b")),
)
# A script's own glyph left on the line after it: a digit ("f_{y}0g" for f_{y^0} g) or a sign
# before a closing bracket ("f_{y}-)" for f_{y^-}). Read in the whole row, brackets and all.
SCRIPT_GLYPH_LEFT = re.compile(r"[_^]\{[^{}]*\}(?:\d|[+\-](?=\s*[)\]]))")
# The display's last row ends with an operator: it goes on in a line that was not read with it
CUT_AFTER_OPERATOR = re.compile(r"(?:\\times|\\cdot|\\otimes|[+\-=*/])\s*$")
# An integrand's differential at the row's end: "… du", "… d\beta", "… \mathrm{d}x".
INTEGRAND_END = re.compile(
    r"(?:\bd|\\mathrm\{d\}\s*)(?:[a-z]|\\(?:alpha|beta|gamma|delta|theta|lambda|mu|nu|sigma|"
    r"tau|phi|psi|omega|eta|xi|zeta|rho)\b)\s*$"
)
FLAT_SCRIPT_CALL = re.compile(r"(?<![\\\w{])[A-Za-z]\d\(")
# A row that starts where its left side was lost ("+ i<j …"), or with the prose that led into
# it ("where q_i = …").
ROW_OPENING = re.compile(r"^\s*(?:\+|=|\\cdot|\\times|\\mathrm\{(?:where|and|with|for|then)\})")


# A row that goes on with the row above it, set off by a quad as a multline's later lines are
# ("\\quad \\times P\\{…\\} ds"): ingestion writes it so only for a line under a display.
CONTINUED_ROW = re.compile(r"^\\quad\s*(?:\\times|\\cdot|\\pm|\\mp|[+-])")


def _rows(body: str) -> list[str]:
    """A display's rows, each with the rows that go on with it."""
    rows: list[str] = []
    for row in (r.strip() for r in body.split("\\\\")):
        if rows and CONTINUED_ROW.match(row):
            rows[-1] += " " + row
        else:
            rows.append(row)
    return rows


def _markup_removed(tex: str) -> str:
    """The display's TeX without what only sets it out (rows, spaces, roman type): how much
    formula there is to read, for the length limit."""
    tex = re.sub(r"\\(?:begin|end)\{gathered\}|\\quad\b|\\ ", " ", tex)
    return re.sub(r"\s+", " ", re.sub(r"\\mathrm\{([^{}]*)\}", r"\1", tex)).strip()


def display_problem(tex: str) -> str | None:
    """Why a display equation rebuilt from the PDF would read broken, or None. Each row of a
    system must be a relation with both sides."""
    pairs = (("(", ")"), ("{", "}"), ("[", "]"))
    if any(tex.count(a) != tex.count(b) for a, b in pairs) or tex.count("|") % 2:
        return "unbalanced brackets"
    if len(_markup_removed(tex)) > 240:
        return "too long to be rebuilt reliably"
    body = re.sub(r"\\(?:begin|end)\{gathered\}", "", tex)
    if CUT_AFTER_OPERATOR.search(body):
        return "a display cut after an operator"  # "… \\} \\times": its next line was lost
    for row in _rows(body):
        if UNREADABLE.search(row) or any(ord(ch) > 127 and ch not in MATH_UNICODE for ch in row):
            return "a glyph without its symbol"
        if any(row.count(a) != row.count(b) for a, b in pairs[::2]):
            return "unbalanced brackets"  # a bracket of one row closed in another: parts mixed
        bare = row
        while re.search(r"\([^()]*\)", bare):  # relations inside brackets do not count
            bare = re.sub(r"\([^()]*\)", " x ", bare)
        outside = bare  # nor those inside scripts or a fraction's parts ("\\sum_{i=1}")
        while re.search(r"\{[^{}]*\}", outside):
            outside = re.sub(r"\{[^{}]*\}", " x ", outside)
        if FLAT_SCRIPT_CALL.search(row):
            return "a script flattened before its argument"  # "Q1(θ)" for Q_1(θ)
        if SCRIPT_GLYPH_LEFT.search(row):
            return "a script's glyph left after it"
        relations = list(RELATION_TEX.finditer(outside))
        if not relations:
            return "a line without a relation (a fraction's or sum's parts apart)"
        if len(re.sub(r"\s+", "", re.sub(r"\\[A-Za-z]+", "x", row))) <= 7:
            return "a fragment (a limit or a case without its equation)"
        sides = (outside[: relations[0].start()], outside[relations[-1].end() :])
        row = bare
        if any(not re.sub(r"[.\s]|\\[lc]?dots\b", "", side) for side in sides):
            return "a relation with a side missing"  # "A > B > C > . .": dots for a side
        if ROW_OPENING.search(row):
            return "a row opening with an operator or with prose"
        for what, pattern in FLATTENED:
            if pattern.search(row):
                return what
        if INTEGRAND_END.search(row) and "\\int" not in row:
            return "an integral without its sign"
        if "\\surd" in row:
            return "a root whose radicand was not rebuilt"
    return None


# What a display's lead says of the display right under it: it is not cut ("… is given
# by:" ends on its object, broken_sentence), and its "the following" points at the display.
FORWARD_POINTER = re.compile(r"^(?:the\s+following|as\s+follows)$", re.I)


def announces_display(kind: str, part: str) -> bool:
    """Whether a text defect of a display's lead is only what leads into the display under it."""
    return kind == "broken_sentence" or (
        kind == "dangling_pointer" and bool(FORWARD_POINTER.match(part.strip()))
    )


def clean_tex(tex: str) -> bool:
    """A rebuilt display equation worth showing: it reads whole (display_problem)."""
    return display_problem(tex) is None
