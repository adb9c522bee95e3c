"""Mathematics that is really words: a hyphenated word typed in math mode ("$p-value$",
"$k-means$"), or its hyphen alone read as a formula between two words ("non $-$ linear").
Rendered as a formula, the hyphen becomes a minus with space around it and the letters turn
italic ("p − value"); a reader sees broken text. Written as text, it reads as the paper meant.

What tells a word from algebra is the words themselves: a piece of three letters or more that
is an English word ("value", "means", "linear"), or a name in mixed case ("CoV"). "$x - y$",
"$n - 1$", "$e^{-t}$" have none and stay formulas; so does any span with a command, a script
or a relation, which a word never has.
"""

from __future__ import annotations

import re

# A formula of letters (and digits) joined by hyphens or minus signs, nothing else
HYPHENATED = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:\s*[-−]\s*[A-Za-z0-9]+)+")
# The hyphen alone as a formula between two words of prose: "non $-$ linear"
LONE_HYPHEN = re.compile(r"(?<![\w$\\])([A-Za-z]+) \$\s*[-−]\s*\$ ([A-Za-z]+)(?![\w$])")
SPAN = re.compile(r"(?<![\\$])\$([^$]+)\$(?!\$)")
WORD_PIECE = 3  # letters at least in the piece that makes it a word


def _wordlike(piece: str) -> bool:
    """An English word of WORD_PIECE letters or more, or a name in mixed case ("CoV")."""
    from apps.decks.pipeline.ingest.words import known  # the ingest package reads text too

    if not piece.isalpha() or len(piece) < WORD_PIECE:
        return False
    mixed = (
        piece[0].isupper()
        and any(c.islower() for c in piece)
        and any(c.isupper() for c in piece[1:])
    )
    return mixed or known(piece)


def _pieces(tex: str) -> list[str]:
    return [p for p in re.split(r"\s*[-−]\s*", tex.strip()) if p]


def hyphenated_word(tex: str) -> str | None:
    """The span's word written as text ("p-value") when the formula `tex` is a hyphenated
    word, else None."""
    tex = tex.strip()
    if not HYPHENATED.fullmatch(tex):
        return None
    pieces = _pieces(tex)
    if not any(_wordlike(p) for p in pieces):
        return None
    return "-".join(pieces)


# A symbol and a word joined by a hyphen inside a formula: "$\epsilon -neighborhood$",
# "$\gamma \text{-terpinene}$". The symbol is mathematics, the word after it is not.
SYMBOL_WORD = re.compile(
    r"(\\[A-Za-z]+|(?<![A-Za-z\\])[A-Za-z])\s*(?:\\text\{\s*-\s*([A-Za-z]{3,})\s*\}|[-−]\s*"
    r"([A-Za-z]{3,})(?![A-Za-z{(_^]))"
)
# What may follow the word inside the same span and still be prose: numbers with a percent
# sign, brackets, commas ("(30.90\%)")
PROSE_TAIL = re.compile(r"[\s\d.,;:()%\\]*")


def _symbol_word(tex: str) -> re.Match | None:
    r"""The first symbol-and-word compound of the formula `tex`: its word an English word, or
    any word the formula itself set as text (`\text{-terpinene}`)."""
    for match in SYMBOL_WORD.finditer(tex):
        if match.group(2) or _wordlike(match.group(3)):
            return match
    return None


def _split_compound(tex: str) -> str | None:
    r"""`tex` written as text around its symbol-and-word compounds ("$\epsilon$-neighborhood,
    $N_{\epsilon}(p)$"), or None when it has none. What is left on either side stays a
    formula, unless it is only numbers, percentages and punctuation."""
    match = _symbol_word(tex)
    if match is None:
        return None
    before, after = tex[: match.start()].rstrip(), tex[match.end() :]
    word = match.group(2) or match.group(3)
    if before.strip() and not PROSE_TAIL.fullmatch(before):
        # the formula before goes on into the symbol ("1 - \alpha" of "1 − α-quantile")
        out = f"${before.strip()} {match.group(1)}$-{word}"
    else:
        out = before.replace("\\%", "%").rstrip()
        out += (" " if out else "") + f"${match.group(1)}$-{word}"
    rest = _split_compound(after)
    return out + (rest if rest is not None else _after_compound(after))


def _after_compound(part: str) -> str:
    """What follows the compound in its formula: text when it is only numbers, percentages
    and punctuation, else a formula of its own after the punctuation that opens it."""
    if not part.strip() or PROSE_TAIL.fullmatch(part):
        return part.replace("\\%", "%")
    head = re.match(r"[\s,;:]*", part).group(0)
    return f"{head}${part[len(head) :].strip()}$"


def _joined(left: str, right: str) -> bool:
    return max(len(left), len(right)) >= WORD_PIECE and (_wordlike(left) or _wordlike(right))


def wordy(text: str) -> str | None:
    """The first formula of `text` that is really a word ("$p-value$", "non $-$ linear")."""
    for match in LONE_HYPHEN.finditer(text):
        if _joined(match.group(1), match.group(2)):
            return match.group(0)
    for match in SPAN.finditer(text):
        tex = match.group(1)
        compound = _symbol_word(tex)
        # "$K\text{-fold}$" renders right; with percentages beside it the spaces are lost
        if hyphenated_word(tex) or (compound and (compound.group(3) or "\\%" in tex)):
            return match.group(0)
    return None


def written_as_text(text: str) -> str:
    """`text` with each formula that is really a word written as the word."""

    def lone(match: re.Match) -> str:
        left, right = match.group(1), match.group(2)
        return f"{left}-{right}" if _joined(left, right) else match.group(0)

    def span(match: re.Match) -> str:
        return hyphenated_word(match.group(1)) or _split_compound(match.group(1)) or match.group(0)

    return SPAN.sub(span, LONE_HYPHEN.sub(lone, text))
