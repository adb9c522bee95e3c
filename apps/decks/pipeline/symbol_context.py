"""Symbols a bullet uses before the deck has said what they are.

A paper introduces its symbols once ("Let $S$ be the submatrix of …", "where $Q$ is an
orthogonal matrix", "$\\tau$ denotes the tightness", "$x := …$") and uses them for pages after.
A bullet that keeps the use ("A QR decomposition gives $S = QR$") without the sentence that
introduced the symbol reads as a formula about nothing. This module reads where the paper
introduces each symbol (`Definitions`) and which symbols of a bullet or display neither the
bullet itself nor anything shown before it on the deck introduces (`undefined`). The reviewer
reports them (review/context_rules.py) and the proposer brings the introducing sentence onto the
slide, or leaves the bullet out (propose/context_fix.py).

Only symbols the paper introduces in words count: a symbol it never defines in a sentence is
left to the reader, as the paper left it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from apps.decks.pipeline.ingest.symbols import GREEK
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.text import MATH_SPAN, sentences

GREEK_NAMES = {name.lstrip("\\") for name in GREEK.values()} | {"ell", "epsilon", "phi"}
ACCENTS = (
    "hat|bar|tilde|breve|vec|dot|ddot|check|widehat|widetilde|overline|mathbf|boldsymbol|"
    "mathcal|mathbb|mathfrak|bm"
)
# Words set in a formula ("\mathrm{rank}", "\text{ if }") name functions, not symbols.
WORDS_IN_MATH = re.compile(r"\\(?:mathrm|text|textrm|textit|operatorname|mbox)\s*\{[^{}]*\}")
TOKEN = re.compile(
    rf"\\(?P<accent>{ACCENTS})\s*\{{\s*(?P<inner>\\?[A-Za-z]+)\s*\}}|"
    rf"\\(?P<accent1>{ACCENTS})\s+(?P<inner1>\\?[A-Za-z]+)|"
    r"\\(?P<command>[A-Za-z]+)|(?P<run>[A-Za-z]+)|(?P<greek>[α-ωΑ-Ω])"
)
ENVIRONMENT = re.compile(r"\\(?:begin|end)\s*\{[^{}]*\}")
# Sub- and superscripts, innermost first: a constant subscript is part of the name ("p_{1}" is
# not "p_{2}"); a running one ("y_{t}", "S_{i,j}") is an index and a superscript ("n^{s}",
# "X^{T}") a mark of the same symbol, neither a symbol of its own.
SCRIPT = re.compile(
    r"(?P<mark>[_^])\s*(?:\{(?P<braced>[^{}]*)\}|(?P<single>\\[A-Za-z]+|[A-Za-z0-9]))"
)
CONSTANT_SUBSCRIPT = re.compile(r"_(\d+)")


def _scripts_masked(tex: str) -> str:
    """The formula with each script blanked, a constant subscript kept as "_1"."""

    def mask(match: re.Match) -> str:
        inner = (
            match.group("braced") if match.group("braced") is not None else match.group("single")
        )
        inner = inner.strip()
        if match.group("mark") == "_" and inner.isdigit():
            return f"_{inner}"
        return " "

    previous = None
    while previous != tex:
        previous, tex = tex, SCRIPT.sub(mask, tex)
    return tex


# What introduces the symbol of the formula after it: "let $S$ be", "where $Q$ is",
# "we denote by $y_t$", "define $x$ as"
DEFINING_BEFORE = re.compile(
    r"(?:\blet|\bwhere|\bdenote\s+by|\bdenoted\s+by|\bwe\s+denote|\bwe\s+call|\bwe\s+define|"
    r"\bdefine|\bcalled|\bnamed|\bnotation)\s*$",
    re.I,
)
# … or after it: "$S$ is the matrix", "$\tau$ denotes", "$x$ stands for", "$\tau$: the overall"
DEFINING_AFTER = re.compile(
    r"^\s*(?:(?:be|is|are)\s+(?:the|an?|its|their|called|defined|given\s+by|set\s+to|"
    r"equal\s+to)\b|"
    r"denotes?\b|stands?\s+for\b|represents?\b|refers?\s+to\b|:\s*(?:the|an?)\s+[a-z])",
    re.I,
)
# … or by the noun phrase it stands beside: "the backward recurrence time $\tau$", "a
# threshold $c$", "the within-host parameters $\theta = (y_0, …)$": a determiner and up to four
# words, none of which leads on ("the value of $x$", "the sum over $i$" say what is done with it)
NAMED_BY_PHRASE = re.compile(
    r"\b(?:the|a|an|its|their|our|each|every)\s+(?P<words>(?:[a-z][a-z-]*\s+){0,3}[a-z][a-z-]{2,})"
    r",?\s*$",
    re.I,
)
# Words that lead on to what follows (prepositions, auxiliaries, conjunctions, verbs of
# computing): a phrase holding one does not name the formula after it ("the value of $x$", "the
# model is $y$", "a sum over $i$", "the estimate equals $c$").
_LEADS_ON_WORDS = """
    of to in on at by for from with within without via over under into onto than as and or but nor if is are was were be been being has have had can could may might will would shall
    should must does do did not also only then thus so such that which where when while since
    because per between among across through after before until upon about against along around
    equals equal gives yields becomes denotes means takes sets set using use implies shows
    contains reads satisfies follows requires uses returns computes once unless whenever
    whether how what why who whom whose"""
LEADS_ON = frozenset(_LEADS_ON_WORDS.split())
# Letters a paper uses for indices, counts and sizes ("$n \times n$", "$t - 1$", "for all $i$"):
# a reader takes them as such, and a paper reuses them with many meanings.
INDEX_LETTERS = {"i", "j", "k", "l", "m", "n", "t"}
# What the bullet itself says a symbol is: "$D$ and $E$ are square matrices", "$I^{+}$ is an …"
# — not a comparison or a degree ("$\lambda$ is as small as possible", "$k$ is not larger"),
# which says how big the symbol is, not what it is
PREDICATE_AFTER = re.compile(
    r"^\s*(?:(?:is|are)(?!\s+(?:as|so|too|very|not|also|still|more|less|smaller|larger|"
    r"greater|equal|close|near)\b)|denotes?|represents?|stands?\s+for)\b",
    re.I,
)
# "if $x$ is a constant", "whether $A$ is the …": a case or a question about the symbol
CONDITION_BEFORE = re.compile(r"\b(?:if|when|whenever|whether|unless|since|because|as)\s*$", re.I)
# inside a definition ("where $Q$ is … and $R$ an upper triangular matrix") an appositive
APPOSITIVE = re.compile(r"^\s*,?\s*(?:the|an?)\s+(?:[a-z]|\$)", re.I)


@dataclass(frozen=True)
class Symbol:
    key: str  # "S", "p_1", "hat:\\Phi", "\\delta"
    shown: str  # how the formula writes it, for messages


def symbols(tex: str) -> list[Symbol]:
    """The symbols a formula (TeX without its dollars) uses, in order, each once."""
    flat = _scripts_masked(ENVIRONMENT.sub(" ", WORDS_IN_MATH.sub(" ", tex)))
    found: dict[str, Symbol] = {}
    for match in TOKEN.finditer(flat):
        subscript = CONSTANT_SUBSCRIPT.match(flat, match.end())
        suffix = f"_{subscript.group(1)}" if subscript else ""
        names: list[str] = []
        shown: list[str] = []
        if match.group("accent") or match.group("accent1"):
            accent = match.group("accent") or match.group("accent1")
            inner = match.group("inner") or match.group("inner1")
            names, shown = [f"{accent}:{inner}"], [f"\\{accent}{{{inner}}}"]
        elif match.group("command"):
            if match.group("command") in GREEK_NAMES:
                names = ["\\" + match.group("command")]
        elif match.group("greek"):
            names = [GREEK.get(match.group("greek"), match.group("greek"))]
        else:
            run = match.group("run")
            if len(run) == 1:
                names = [run]
            elif run.isupper() and len(run) <= 3:
                names = list(run)  # "QR": the product of Q and R
            else:
                names = [run]  # "ny", "rank": a name of its own
        for index, name in enumerate(names):
            last = index == len(names) - 1
            key = name + (suffix if last else "")
            written = (shown[index] if shown else name) + (suffix if last else "")
            found.setdefault(key, Symbol(key, written))
    return list(found.values())


def text_symbols(text: str) -> list[Symbol]:
    """The symbols of every formula of a bullet (its `$…$` spans), in order, each once."""
    found: dict[str, Symbol] = {}
    for span in MATH_SPAN.findall(text):
        for symbol in symbols(span.strip("$")):
            found.setdefault(symbol.key, symbol)
    return list(found.values())


def defined_in(sentence: str) -> set[str]:
    """The keys of the symbols the sentence introduces ("Let $S$ be …" → {"S"})."""
    defined: set[str] = set()
    in_definition = False
    for span in MATH_SPAN.finditer(sentence):
        before, after = sentence[: span.start()], sentence[span.end() :]
        inner = span.group(0).strip("$")
        if CONDITION_BEFORE.search(before):
            continue  # "If $p_1$ is a constant, …": a case, not what $p_1$ is
        introduces = bool(DEFINING_BEFORE.search(before)) or bool(DEFINING_AFTER.match(after))
        introduces = introduces or ":=" in inner or "\\coloneqq" in inner
        phrase = _naming_phrase(before, inner)
        if not introduces and phrase:
            defined.update(phrase)
            continue
        if not introduces and in_definition and APPOSITIVE.match(after):
            introduces = True  # "… and $R$ an upper triangular matrix"
        if introduces:
            in_definition = True
            if ":=" in inner:
                named = symbols(inner.split(":=")[0])[:1]
            elif DEFINING_BEFORE.search(before):
                named = symbols(inner)[:1]  # "where $x_i, y_i$ are …": the first one, at least
            else:
                # "sensor $i, h_{i}$ is its reading": h; "$(A : B)$ are the inputs …" says
                # what a compound is, not what A is
                named = symbols(inner.split(",")[-1])
                named = named if len(named) == 1 else []
            defined.update(s.key for s in named)
    return defined


def _naming_phrase(before: str, inner: str) -> set[str]:
    """The symbol a noun phrase right before the formula names ("the recurrence time $\tau$",
    "the parameters $\theta = (…)$"): one symbol alone, or the left side of "=" (empty when the
    words before are no noun phrase, or the formula is more than a name)."""
    match = NAMED_BY_PHRASE.search(before)
    if match is None:
        return set()
    words = match.group("words").lower().split()
    if any(w in LEADS_ON for w in words):
        return set()
    # a verb inside it: "the solver stops once $Z$" (a compound's inner words are not plural)
    if any(re.fullmatch(r"[a-z]+[^su]s", w) for w in words[:-1]):
        return set()
    left = inner.split("=")[0] if inner.count("=") == 1 else inner
    named = symbols(left)
    if len(named) != 1 or re.search(r"[+\-*/<>]|\\(?:frac|sum|int|prod|cdot|times)", left):
        return set()
    if "^" in left:
        return set()  # "the shared secret $g^{ab}$" names the power, not $g$
    return {named[0].key}


# A display's symbols are often introduced just after it ("… where $w_i$ is …"): a definition
# up to this many sentences after the use still counts as the one the use leans on.
AFTER_USE = 2


def predicated_in(text: str) -> set[str]:
    """The symbols the text itself says something about as its subject ("$D$ and $E$ are
    square matrices …"): a reader learns what they are from the bullet."""
    said: set[str] = set()
    spans = list(MATH_SPAN.finditer(text))
    for number, span in enumerate(spans):
        after = text[span.end() :]
        # "$D$ and $E$ are": each formula of a list before the verb
        joined = (
            re.match(r"^\s*(?:,|and|or)\s*$", text[span.end() : spans[number + 1].start()])
            if number + 1 < len(spans)
            else None
        )
        if PREDICATE_AFTER.match(after) or (
            joined and PREDICATE_AFTER.match(text[spans[number + 1].end() :])
        ):
            said.update(s.key for s in symbols(span.group(0).strip("$"))[:1])
    return said


# What a bullet says a symbol is by naming it with its noun: "polynomials of order $p$ and $q$",
# "a threshold $c$", "with $k$ lags": the reader learns what the letter stands for
NAMING_NOUN = re.compile(
    r"\b(?:order|orders|degree|degrees|lag|lags|parameter|parameters|coefficient|coefficients|"
    r"variable|variables|constant|constants|threshold|thresholds|dimension|dimensions|"
    r"index|indices|rate|rates|weight|weights|level|levels|size|sizes|matrix|matrices|"
    r"vector|vectors|function|functions|number|numbers|parameterization|period|periods|"
    r"distribution|distributions|sample|samples|interval|intervals)"
    r"\s*$",
    re.I,
)


def named_in(text: str) -> set[str]:
    """The symbols the text names with a noun just before them, and those joined to one such by
    "and", "or" or a comma ("of order $p$ and $q$": p and q)."""
    named: set[str] = set()
    naming = False
    end = 0
    for span in MATH_SPAN.finditer(text):
        between = text[end : span.start()]
        chained = naming and re.fullmatch(r"\s*(?:,|and|or|,\s*and)\s*", between)
        naming = bool(NAMING_NOUN.search(text[: span.start()])) or bool(chained)
        if naming:
            named.update(s.key for s in symbols(span.group(0).strip("$"))[:1])
        end = span.end()
    return named


@dataclass
class Definitions:
    """Where the paper introduces each symbol, in paper order: a letter may be introduced twice
    with two meanings (k an index in one section, capital in an example of another)."""

    # key → [(position of the sentence in the paper, the sentence)]
    places: dict[str, list[tuple[int, str]]] = field(default_factory=dict)
    # the sentence before each defining sentence in its paragraph ("" at a paragraph's start)
    previous_of: dict[str, str] = field(default_factory=dict)
    keys: list[str] = field(default_factory=list)  # every sentence's plain key, in order
    # each display's TeX → the sentence leading into it: where in the paper a display stands
    # when the slide showing it lost that sentence
    leads: dict[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, paper: Paper) -> Definitions:
        found = cls()
        # the abstract comes first: a bullet made from it stands before the body, so a letter
        # it uses in passing ("an $N$-bit code") does not take the body's later definition of
        # the same letter (often another meaning) as its own
        paragraphs = [paper.abstract] if paper.abstract.strip() else []
        paragraphs += [p for section in paper.sections for p in section.paragraphs]
        for paragraph in paragraphs:
            previous = ""
            for sentence in sentences(paragraph):
                position = len(found.keys)
                found.keys.append(_key(sentence))
                for key in defined_in(sentence):
                    found.places.setdefault(key, []).append((position, sentence))
                    found.previous_of[sentence] = previous
                previous = sentence
        for equation in paper.equations:
            if equation.lead.strip():
                found.leads.setdefault(equation.tex, equation.lead.strip())
        found._add_display_definitions(paper)
        return found

    def _add_display_definitions(self, paper: Paper) -> None:
        """The symbols the paper introduces only by a display: its left side a lone symbol
        ("$D = \\max_x |S(x) - P(x)|$") and its lead saying in words what the display is ("The
        statistic is the largest distance between the two CDFs:"). The place is the lead's;
        the sentence, "$D$ is the largest distance between the two CDFs", is the lead's words
        said of the symbol (display_definitions.py)."""
        from apps.decks.pipeline.display_definitions import display_definition  # (uses symbols)

        for equation in paper.equations:
            made = display_definition(equation.tex, equation.lead)
            if made is None:
                continue
            key, sentence = made
            if key in INDEX_LETTERS:
                continue
            at = self.position(equation.lead)
            if at is None:
                continue
            places = self.places.setdefault(key, [])
            if any(existing == sentence for _, existing in places):
                continue
            places.append((at, sentence))
            places.sort(key=lambda place: place[0])
            self.previous_of.setdefault(sentence, "")

    @property
    def sentence_of(self) -> dict[str, str]:
        """Each symbol's first introducing sentence."""
        return {key: places[0][1] for key, places in self.places.items()}

    def position(self, text: str) -> int | None:
        """Where in the paper the sentence a bullet (or a display's lead) was made from is."""
        key = _key(text)
        if len(key) < 12:
            return None
        # the bullet's opening first; then its middle and its end, for a bullet whose opening
        # was rewritten ("This paper describes …" → "We describe …")
        windows = [key[:60]] + [w for w in (key[len(key) // 3 :][:50], key[-50:]) if len(w) >= 30]
        for window in windows:
            found = next((i for i, k in enumerate(self.keys) if window in k), None)
            if found is not None:
                return found
        return None

    def introducing(self, key: str, at: int | None) -> str | None:
        """The sentence introducing the symbol that a use at position `at` leans on: the last
        one before it (or just after it); None when the paper introduces it only far after
        (another meaning of the letter, or a use the paper itself makes before saying it)."""
        places = self.places.get(key)
        if not places:
            return None
        if at is None:
            return places[0][1]
        before = [sentence for position, sentence in places if position <= at + AFTER_USE]
        return before[-1] if before else None


_CACHE: dict[int, tuple[Paper, Definitions]] = {}


def definitions(paper: Paper) -> Definitions:
    """The paper's definitions, read once per paper object (every slide's rule asks)."""
    cached = _CACHE.get(id(paper))
    if cached is None or cached[0] is not paper:
        if len(_CACHE) > 8:
            _CACHE.clear()
        cached = (paper, Definitions.of(paper))
        _CACHE[id(paper)] = cached
    return cached[1]


def keys_of(bullets: list[str], displays: list[str] = ()) -> set[str]:
    """Every symbol key the bullets (their `$…$` spans) and the displays (TeX) mention."""
    keys = {s.key for bullet in bullets for s in text_symbols(bullet)}
    return keys | {s.key for display in displays if display for s in symbols(display)}


def undefined(
    used: list[Symbol],
    own_text: str,
    earlier: set[str],
    defs: Definitions,
    source: str = "",
) -> list[tuple[Symbol, str]]:
    """(symbol, the paper's sentence introducing it) for each used symbol that the paper
    introduces before the use (or just after it), that its own text does not introduce, and
    that nothing shown before it (`earlier`: keys of the slide's and the deck's earlier text)
    mentions. `source` is the text whose place in the paper is the use's (the bullet, or a
    display's lead); without one found, the first introduction counts."""
    own = (
        (defined_in(own_text) | predicated_in(own_text) | named_in(own_text)) if own_text else set()
    )
    at = defs.position(source or own_text) if (source or own_text) else None
    found = []
    for symbol in used:
        if symbol.key in own or symbol.key in earlier or symbol.key in INDEX_LETTERS:
            continue
        definition = defs.introducing(symbol.key, at)
        if definition is None:
            continue
        if own_text and _same_sentence(definition, own_text):
            continue  # the bullet is (a condensed form of) the introducing sentence
        found.append((symbol, definition))
    return found


def _key(value: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", value.lower()).strip()


def _same_sentence(a: str, b: str) -> bool:
    ka, kb = _key(a), _key(b)
    short = min(ka, kb, key=len)[:60]
    return bool(short) and (short in ka and short in kb)


# A bullet that opens by saying what symbols are: "$\varphi_{h}$ are scoring functions …, and
# $\beta_{i}$ are the item parameters", "The parameter $\alpha_{i}$ denotes …", "$W$, for
# $i=1,2$ and 3, corresponds to …". In the paper it was the where-clause of a formula.
OPENING_DEFINITION = re.compile(
    r"^(?:the\s+(?:parameters?|variables?|quantit(?:y|ies)|terms?|symbols?|coefficients?|"
    r"indices|index|vectors?|matri(?:x|ces)|constants?|functions?)\s+)?"
    r"(?P<spans>\$[^$]+\$(?:\s*(?:,|and|or)\s*\$[^$]+\$)*)\s*"
    r"(?:,\s*(?:for|with|where|in)\b[^;]{1,60}?,\s*)?"
    r"(?:(?:is|are)\s+(?:the|an?|its|their|one|called|defined|given\s+by|set\s+to|equal\s+to)\b|"
    r"are\s+(?![a-z]+ed\b)[a-z-]+\s+[a-z-]+s\b|"
    r"denotes?|corresponds?\s+to|refers?\s+to|represents?|stands?\s+for)",
    re.I,
)


def opening_definition(bullet: str) -> set[str]:
    """The keys of the symbols the bullet opens by defining ({} when it opens otherwise)."""
    match = OPENING_DEFINITION.match(bullet.strip())
    if match is None:
        return set()
    keys = {
        s.key
        for span in MATH_SPAN.findall(match.group("spans"))
        for s in symbols(span.strip("$"))[:1]
    }
    return keys | defined_in(bullet) | predicated_in(bullet)


def orphan_definition(bullet: str, elsewhere: set[str], after: set[str] = frozenset()) -> list[str]:
    """The symbols a bullet opens by defining when most of them are used nowhere else on the
    deck (`elsewhere`: the keys of every other title, bullet, caption and display) and none
    after it (`after`: the keys of what the deck shows after the bullet): the where-clause of
    a formula the deck does not show, which defines nothing a reader sees. One that introduces
    a symbol a later bullet uses is that bullet's definition (context_fix brings such)."""
    keys = opening_definition(bullet)
    if not keys or keys & after or 2 * len(keys & elsewhere) >= len(keys):
        return []  # (most of) what it defines is used on the deck
    return sorted(keys - elsewhere)


def unseen(sentence: str, shown: set[str]) -> list[str]:
    """The symbols a sentence a repair would add uses that nothing `shown` (the keys of the
    slides up to and including its own) mentions, nor the sentence itself says what they
    are: added text must stand where round 1's did, and a letter the reader has never met
    ("solutions for $p$ and $q$" put on a thin slide) reads as a formula about nothing, whether
    or not the paper introduced it in words `undefined` can read."""
    own = defined_in(sentence) | predicated_in(sentence) | named_in(sentence)
    return [
        s.key
        for s in text_symbols(sentence)
        if s.key not in shown and s.key not in own and s.key not in INDEX_LETTERS
    ]
