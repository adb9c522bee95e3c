"""Symbols a candidate bullet would show without what introduced them, judged when bullets are
chosen.

Context lost was the largest class readers flagged on unseen papers, and most of its symbol
cases were out of reach of the repairs that run after selection: the letter was introduced by
a display the text layer lost, by step 1 of an algorithm, or by a "where" clause no sentence
reader can take apart ("predicting $z_i$ from the covariates" after the step computing $z_i$
was dropped; "under hypothesis $W$" after the statistic's display was). `symbol_context.py`
knows only the symbols the paper introduces in a sentence, so neither the reviewer nor
`context_fix` can answer those: a selection that prefers another sentence of the same part
loses little, and a bullet about a letter the reader never met says nothing.

`symbol_lean(paper, used)` is a bullet selection's judgement (text.key_sentences `leans`): a
candidate is "certain" to lean on the paper when it uses a symbol that

- nothing the deck shows before it mentions (`used`: the bullets chosen so far, lower-cased as
  the selection keeps them, and the displays shown; `displays`: those its slide will show);
- the bullet does not say what it is (symbol_context's defined_in / predicated_in / named_in,
  an apposition "the learning rate, $\\lambda$,", a label "$H_0$: no effect");
- the paper introduces in no sentence a repair could bring (`context_fix` answers those: it
  brings the sentence, merges it, or takes the bullet out);
- the paper used before this sentence (a sentence or a display before it), or just after a
  sentence announcing a display ("… as the working response:") the text layer may have lost.
  A symbol the paper first writes in this very sentence is the paper's own way of saying it,
  not context the deck dropped.

A "certain" candidate is chosen only when too few other sentences of the part stand, so the
slide keeps its bullets. Not counted: index letters (symbol_context.INDEX_LETTERS), a letter
used as part of a name ("$k$-means", "$v$-fold", "the $p$ value"), and the few letters every
reader knows (a p-value, a correlation, Euler's number, O of a cost, the reals).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.symbol_context import (
    INDEX_LETTERS,
    Definitions,
    defined_in,
    definitions,
    keys_of,
    named_in,
    predicated_in,
    symbols,
)
from apps.decks.pipeline.text import MATH_SPAN, sentences

# letters with one meaning in every field: p (a p-value), r (a correlation), e, \pi, O (a
# cost's order), R (the reals, when the text layer lost the blackboard letter) and Δ (a change)
CONVENTIONAL = frozenset({"p", "r", "e", "\\pi", "O", "R", "\\Delta"})
# "$k$-means", "$v$-fold", "$p$ value", "$t$-test": the letter is part of a name of words
NAME_PART_AFTER = re.compile(
    r"^\s*(?:\\?-\s*[a-z]|(?:value|values|statistic|test|distributed|distribution)\b)", re.I
)
# "joint actuation forces $f_p$", "the covariates $x_i$": a noun of mathematics right before the
# formula names it (symbol_context.named_in reads the nouns of statistics)
NAMING_NOUN_BEFORE = re.compile(
    r"\b(?:force|forces|covariate|covariates|feature|features|input|inputs|output|outputs|"
    r"estimate|estimates|estimator|estimators|angle|angles|position|positions|velocity|"
    r"velocities|coordinate|coordinates|point|points|set|sets|probability|probabilities|"
    r"density|densities|loss|error|errors|response|responses|operator|operators|field|fields|"
    r"temperature|pressure|energy|mass|length|width|height|time|times|count|counts|"
    r"observation|observations|statistic|statistics|model|models|tensor|tensors|"
    r"graph|graphs|node|nodes|edge|edges|state|states|signal|signals|image|images)\s*$",
    re.I,
)
# "$H_0$: the data follow …": a label and what it stands for
LABEL_AFTER = re.compile(r"^\s*\\?:\s*[a-z]", re.I)
# "the learning rate, $\lambda$," / "a model, $g(x)$," / "the rate ($\lambda$)": the noun before
# names the symbol it stands beside (an apposition), alone or a list of them
APPOSITION_BEFORE = re.compile(r"\b[a-z][a-z-]{2,}\s*(?:,|\()\s*$", re.I)
APPOSITION_AFTER = re.compile(r"^\s*(?:,|\)|;|$)")
# ... but not after a word that leads on to the formula ("of, $x$", "and ($x$")
LEADING_ON = re.compile(
    r"\b(?:of|to|in|on|by|for|from|with|and|or|as|than|is|are)\s*(?:,|\()\s*$", re.I
)
LIST_JOINT = re.compile(r"^\s*(?:,|and|or|,\s*and|,\s*or)\s*$")
# A sentence that announces a display ("Compute the negative gradient as:"): what follows it
# in the paper is a formula the text layer may not have kept
ANNOUNCES = re.compile(r":\s*$")
ANNOUNCED_WITHIN = 3  # sentences back ("1." of a numbered step is one)


def _chains(bullet: str) -> list[list[re.Match]]:
    """The bullet's formulas, grouped into lists ("$a$, $b$ and $c$")."""
    chains: list[list[re.Match]] = []
    for span in MATH_SPAN.finditer(bullet):
        if chains and LIST_JOINT.match(bullet[chains[-1][-1].end() : span.start()]):
            chains[-1].append(span)
        else:
            chains.append([span])
    return chains


def _explained_by_shape(bullet: str) -> set[str]:
    """The keys of the symbols the bullet names by an apposition or a label, or uses inside a
    name of words."""
    keys: set[str] = set()
    for chain in _chains(bullet):
        before, after = bullet[: chain[0].start()], bullet[chain[-1].end() :]
        appositive = (
            bool(APPOSITION_BEFORE.search(before))
            and not LEADING_ON.search(before)
            and bool(APPOSITION_AFTER.match(after))
        )
        for span in chain:
            found = symbols(span.group(0).strip("$"))
            if not found:
                continue
            right, left = bullet[span.end() :], bullet[: span.start()]
            if (
                appositive
                or NAME_PART_AFTER.match(right)
                or LABEL_AFTER.match(right)
                or (span is chain[0] and NAMING_NOUN_BEFORE.search(left))
            ):
                keys.add(found[0].key)
    return keys


def keys_in(bullet: str) -> list[str]:
    """The symbol keys of a bullet's formulas, in order, each once."""
    ordered: dict[str, None] = {}
    for span in MATH_SPAN.findall(bullet):
        for symbol in symbols(span.strip("$")):
            ordered.setdefault(symbol.key, None)
    return list(ordered)


def unexplained(bullet: str, shown: set[str]) -> list[str]:
    """The keys of the symbols the bullet uses that `shown` (symbol keys, compared without
    case) does not hold and the bullet does not say what they are, in order."""
    own = defined_in(bullet) | predicated_in(bullet) | named_in(bullet)
    own |= _explained_by_shape(bullet)
    own |= {_base(key) for key in own}
    seen = {key.lower() for key in shown}
    seen |= {_base(key) for key in seen}
    return [
        key
        for key in keys_in(bullet)
        if key not in own
        and _base(key) not in own
        and key.lower() not in seen
        and _base(key).lower() not in seen
        and key not in INDEX_LETTERS
        and key not in CONVENTIONAL
    ]


def _base(key: str) -> str:
    """A symbol without its constant subscript: $\\beta_1$ is a part of $\\beta$."""
    return re.sub(r"_\d+$", "", key)


@dataclass
class FirstUses:
    """Where the paper first writes each symbol (keys lower-cased, as the selection's text
    is), in the sentence positions of `symbol_context.Definitions` (a display counts half a
    sentence after the sentence leading into it), and which sentences announce a display."""

    first: dict[str, float] = field(default_factory=dict)
    announcing: set[int] = field(default_factory=set)

    @classmethod
    def of(cls, paper: Paper, defs: Definitions) -> FirstUses:
        found = cls()
        paragraphs = [paper.abstract] if paper.abstract.strip() else []
        paragraphs += [p for section in paper.sections for p in section.paragraphs]
        position = 0
        for paragraph in paragraphs:
            for sentence in sentences(paragraph):
                for key in keys_in(sentence):
                    found.first.setdefault(key.lower(), position)
                if ANNOUNCES.search(sentence):
                    found.announcing.add(position)
                position += 1
        for equation in paper.equations:
            at = defs.position(equation.lead) if equation.lead.strip() else None
            if at is None:
                continue
            for symbol in symbols(equation.tex):
                key = symbol.key.lower()
                found.first[key] = min(found.first.get(key, at + 0.5), at + 0.5)
        return found

    def used_before(self, key: str, at: int) -> bool:
        """Whether the paper wrote the symbol before the sentence at `at`, or that sentence
        follows one announcing a display (which may have held it)."""
        first = self.first.get(key.lower())
        if first is not None and first < at:
            return True
        return any(at - back in self.announcing for back in range(1, ANNOUNCED_WITHIN + 1))


_CACHE: dict[int, tuple[Paper, FirstUses]] = {}


def first_uses(paper: Paper) -> FirstUses:
    cached = _CACHE.get(id(paper))
    if cached is None or cached[0] is not paper:
        if len(_CACHE) > 8:
            _CACHE.clear()
        cached = (paper, FirstUses.of(paper, definitions(paper)))
        _CACHE[id(paper)] = cached
    return cached[1]


# how the proposer keeps a shown display in its `used` set (builtin.EQUATION_USED)
DISPLAY_MARK = "\x00display:"


def shown_keys(used: set[str], displays: tuple[str, ...] = ()) -> set[str]:
    """The symbol keys of what the deck shows so far: the bullets (`used`, lower-cased), the
    displays kept there under their mark, and `displays` (TeX) about to be shown with them."""
    texts = [u for u in used if not u.startswith(DISPLAY_MARK)]
    tex = [u[len(DISPLAY_MARK) :] for u in used if u.startswith(DISPLAY_MARK)]
    return keys_of(texts, [*tex, *displays])


def lost_symbols(paper: Paper, bullet: str, sentence: str, shown: set[str]) -> list[str]:
    """The symbols of `bullet` (made from the paper's `sentence`) that lean on context the deck
    does not have and no repair can bring (see the module's doc)."""
    missing = unexplained(bullet, shown)
    if not missing:
        return []
    defs = definitions(paper)
    at = defs.position(sentence or bullet)
    if at is None:
        return []  # a sentence the paper does not have as such: nothing to say where it stands
    uses = first_uses(paper)
    return [
        key
        for key in missing
        if not _introduced_in_words(key, at, defs) and uses.used_before(key, at)
    ]


def symbol_lean(paper: Paper | None, used: set[str], displays: tuple[str, ...] = ()):
    """A bullet selection's judgement of a candidate's symbols: "certain" when it leans on
    context no slide and no repair gives (lost_symbols), else "" (without the paper, "")."""
    shown = shown_keys(used, displays)

    def lean(bullet: str, before: list[str], sentence: str = "") -> str:
        if paper is None:
            return ""
        return "certain" if lost_symbols(paper, bullet, sentence, shown) else ""

    return lean


def _introduced_in_words(key: str, at: int, defs: Definitions) -> bool:
    """Whether the paper introduces the symbol (or the symbol it is a part of) in a sentence a
    repair can bring: the last one before the use, or just after it."""
    return any(defs.introducing(name, at) is not None for name in {key, _base(key)})


def strictest(*verdicts: str) -> str:
    """The strongest of several leaning verdicts: "certain" over "maybe" over ""."""
    order = {"": 0, "maybe": 1, "certain": 2}
    return max(verdicts, key=lambda v: order.get(v, 0), default="")
