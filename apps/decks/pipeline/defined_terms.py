"""The paper's definition ledger for words that are not formulas: code names, coined terms.

A paper says once what a name of its own is — "`tally()` is the function that counts …", "We
call such a pass a “dry sweep”", "BSQ, the banded square queue, holds …", "FEP = finger extension
pattern" — and uses the name for pages after. A bullet that keeps a later use ("`tally()` then
drops the empty rows", "Each dry sweep visits …") without any slide saying the name reads as a
statement about nothing the reader has seen. Symbols in formulas (symbol_context.py),
abbreviations defined by "long form (ABC)" (abbreviations.py) and parts of commands
(code_context.py) have their own ledgers; this one reads the rest:

- which names a text uses (`terms_in`): code spans and identifiers written as code
  (`snake_case`, `name()`, `pkg.fn`), a coined term in quotation marks, an acronym;
- where the paper defines each (`Ledger`): the name as the subject of "is a/the …", "denotes",
  "stands for", "refers to"; after "we call", "called", "termed", "known as", "define … as";
  followed by an appositive ("X, the …,", "X (the …)", "X = Long Form"); a code name as the
  subject of a sentence saying what it does ("`tally()` counts …");
- the definitions that count: the paper's first sentences on the name (at most one use
  before it), and only for names that are not the field's vocabulary — a word of the paper's
  title or of a heading, or one the abstract uses without defining, is the reader's own.

`undefined_terms` answers, for a bullet, which of its names the paper defines and no text of the
deck before it (a title, a caption, a bullet of an earlier slide, or of its own slide before it)
nor the bullet itself names: the reviewer reports them (review/context_rules.py,
`undefined_term`), the proposer and the reviser answer them (propose/term_fix.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from apps.decks.pipeline import abbreviations
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.text import MATH_SPAN, sentences

CODE_SPAN = re.compile(r"`([^`\n]{1,60})`")
# code written without backticks: "tally_rows", "tally()", "lm.fit()", "pkg::fn"
BARE_CODE = re.compile(
    r"(?<![\w`.$])(?:[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+(?:\(\))?|"
    r"[A-Za-z][\w.:]*\(\))(?![\w`])"
)
QUOTED = re.compile(r"[“\"]([A-Za-z][A-Za-z0-9 -]{1,40}?)[”\"]")
ACRONYM = re.compile(r"(?<![\w-])([A-Z0-9][A-Za-z0-9-]{1,9})(?![\w-])")


@dataclass(frozen=True)
class Term:
    key: str  # how the ledger knows it: "tally", "sweep", "BSQ"
    shown: str  # as the text writes it: "`tally()`", "“sweep”", "BSQ"
    kind: str  # "code", "quoted", "acronym"


def _code_key(value: str) -> str:
    """`tally(x, 2)` and `keep = TRUE` are known by their name; `solve subproblem`, a name of
    words, by all of them."""
    value = value.strip()
    if re.fullmatch(r"[A-Za-z][\w.-]*(?:\s+[A-Za-z][\w.-]*){1,3}", value):
        return value
    name = re.match(r"[A-Za-z_.][\w.:-]*", value)
    return name.group(0).rstrip(".:-") if name else ""


def _acronym(word: str) -> bool:
    capitals = sum(ch.isupper() for ch in word)
    letters = sum(ch.isalpha() for ch in word)
    return capitals >= 2 and capitals * 2 > letters and not word.isdigit()


def terms_in(text: str) -> list[Term]:
    """The names a text uses, in order, each once (formulas left out: they are symbols)."""
    plain = MATH_SPAN.sub(" ", text)
    found: dict[str, Term] = {}
    for match in CODE_SPAN.finditer(plain):
        key = _code_key(match.group(1))
        if len(key) >= 2:
            found.setdefault(key, Term(key, match.group(0), "code"))
    unquoted = CODE_SPAN.sub(" ", plain)
    for match in BARE_CODE.finditer(unquoted):
        key = _code_key(match.group(0))
        if len(key) >= 2:
            found.setdefault(key, Term(key, match.group(0), "code"))
    for match in QUOTED.finditer(unquoted):
        words = match.group(1).split()
        if 1 <= len(words) <= 4:
            key = match.group(1).lower()
            found.setdefault(key, Term(key, match.group(0), "quoted"))
    for match in ACRONYM.finditer(unquoted):
        word = match.group(1)
        if _acronym(word):
            key = word.rstrip("s") if word.endswith("s") and _acronym(word[:-1]) else word
            found.setdefault(key, Term(key, word, "acronym"))
    return list(found.values())


def mentions(text: str, key: str, kind: str = "code") -> bool:
    """Does the text name the term (an acronym and a code name by their case, a coined term in
    any case, with or without its quotation marks; a plural -s counts)?"""
    if not key:
        return False
    flags = re.I if kind == "quoted" else 0
    pattern = rf"(?<![\w.]){re.escape(key)}(?:s|es)?(?![\w])"
    return bool(re.search(pattern, text, flags))


# --------------------------------------------------------------------- the defining forms

# the name right before the verb of its sentence ("`tally()` is the …", "The sweep is a …"):
# at most two words before it ("The function `tally()`", "A “sweep”")
SUBJECT_BEFORE = re.compile(r"^\s*(?:(?:the|a|an|our|each|every)\s+)?(?:[a-z]+\s+)?$", re.I)
IS_DEFINITION = re.compile(
    r"^[”\"`)]*\s*(?:\([^()]{1,40}\)\s*)?,?\s*(?:is|are)\s+(?:defined\s+as|called|"
    r"(?:a|an|the)\s+(?!same\b|following\b|case\b|result\b|reason\b|only\b|first\b|last\b|"
    r"next\b|most\b|second\b|third\b|[a-z]+est\b)[a-z])",
    re.I,
)
MEANS = re.compile(
    r"^[”\"`)]*\s*,?\s*(?:denotes|denote|stands?\s+for|refers?\s+to|represents|means|"
    r"is\s+short\s+for|is\s+an\s+abbreviation\s+(?:of|for))\b",
    re.I,
)
# what a code name does, said with it as the subject: "`tally()` counts …", "`keep` holds …"
DOES = re.compile(
    r"^[`)]*\s*(?:returns|computes|counts|holds|stores|creates|builds|reads|"
    r"writes|takes|gives|produces|performs|implements|fits|estimates|draws|"
    r"prints|contains|records|checks|converts|runs|calls)\b"
    # … as a verb: "`free()` calls are permitted" has a noun there
    r"(?!\s+(?:are|were|is|was|to|of|in|and|or|can|may|must|should|will|would)\b)",
    re.I,
)
NAMED_BEFORE = re.compile(
    r"(?:\bwe\s+call|\b(?:is|are)\s+called|\bcalled|\btermed|\bdubbed|\bknown\s+as|"
    r"\bnamed|\brefer\s+to\s+(?:\w+\s+){0,4}as|\bwe\s+define|\bdefine\s+(?:\w+\s+){0,4}as|"
    r"\bwe\s+denote\s+(?:\w+\s+){0,4}by|\bcoined)\s+(?:(?:it|them|this|these|such\s+\w+)\s+)?"
    r"(?:(?:the|a|an)\s+)?[“\"`]?$",
    re.I,
)
# a name the paper gives as the field's own, not its coinage: "the so-called AIC", "usually
# termed “recursive partitioning”", "also known as …": the reader of the field has it
ESTABLISHED = re.compile(
    r"(?:\bso-called|\b(?:usually|commonly|often|sometimes|generally|also|widely|"
    r"traditionally|conventionally)\s+(?:called|termed|known\s+as|referred\s+to\s+as|named))"
    r"\s+(?:(?:the|a|an)\s+)?[“\"`]?$",
    re.I,
)
# "We call a pass along all the shelves a “dry sweep”": the object before the coined term may
# be long when the term is in quotation marks
CALLED_QUOTED = re.compile(
    r"\b(?:we\s+call|is\s+called|are\s+called)\b[^.;“”\"]{0,120}[\s“\"]$", re.I
)
# a call of code, not its naming: "we call", "then calls", "explicitly called"
RUNS = re.compile(
    r"\b(?:we|I|you|they|it|he|she|then|also|first|now|\w+ly)\s+(?:also\s+)?call(?:s|ed)?\b",
    re.I,
)
# "BSQ, the banded square queue, …", "`tally()` (the row counter)", "FEP = finger extension"
APPOSITIVE = re.compile(
    r"^[”\"`]*\s*(?:,\s*(?P<comma>(?:the|a|an)\s+[^,;:()]{3,80}?)\s*(?:,|$)|"
    r"\s*\(\s*(?P<bracket>(?:the|a|an|short\s+for|i\.e\.,?)\s+[^()]{3,80}?)\s*\)|"
    r"\s*=\s*(?P<equals>[A-Za-z][A-Za-z -]{3,60}?)\s*(?:[,;.)]|$))",
    re.I,
)
GLOSS_WORDS = 10


@dataclass(frozen=True)
class Entry:
    key: str
    kind: str
    sentence: str  # the paper's defining sentence
    gloss: str = ""  # the appositive, when the definition is one ("the banded square queue")
    position: int = 0  # the sentence's place in the paper


def defining(sentence: str, term: Term, own: bool = False) -> tuple[bool, str]:
    """Does the sentence define the term, and with which appositive gloss ("" for none)?
    `own`: the sentence is the bullet using it, where a line of code assigning the name says
    what it holds (in the paper's prose such a line sets a value: "`zmax = 3`")."""
    for match in _occurrences(sentence, term):
        before, after = sentence[: match.start()], sentence[match.end() :]
        if ESTABLISHED.search(before):
            return False, ""
        gloss = APPOSITIVE.match(after)
        # "BSQ, the …," says what BSQ is only as the sentence's subject: "In BSQ, the server
        # …" opens the clause after a phrase
        # "set to `TRUE` (the default)" says how a value is used, not what it is
        if gloss and re.search(r"\b(?:set|equal|equals|default)\s+(?:to\s+)?[`\"“]?$", before):
            gloss = None
        if gloss and (gloss.group("comma") is None or SUBJECT_BEFORE.match(before)):
            said = next(g for g in gloss.groups() if g)
            said = re.sub(r"^(?:short\s+for|i\.e\.,?)\s+", "", said.strip(), flags=re.I)
            if len(said.split()) <= GLOSS_WORDS and not re.search(
                r"[\d`$]|\b(?:is|are|was|were|has|have)\b", said
            ):
                return True, said
        named = NAMED_BEFORE.search(before) or (
            term.kind == "quoted" and CALLED_QUOTED.search(before)
        )
        # "we call `solve()`", "we also explicitly called `free()`" run the code; "a routine
        # called `solve()`" names it
        if named and not (term.kind == "code" and RUNS.search(before[: named.start() + 8])):
            return True, ""
        if MEANS.match(after):
            return True, ""
        # "where `dbuf` is the output of …" (also later in a where-list: "where `v` is the
        # item, `dbuf` is the …"), "We loosely define map overlay as …"
        if re.search(r"\bwhere\s+(?:[^.;]*,\s+)?[`“\"]?$", before) and IS_DEFINITION.match(after):
            return True, ""
        # a line of code assigning it: "`dbuf = ei(formula)`", "`fit <- lm(y ~ x)`"
        if own and term.kind == "code" and re.match(r"^\s*(?:=|<-)\s*\S", after):
            return True, ""
        if re.search(r"\bdefine\s+[`“\"]?$", before, re.I) and re.match(r"^[`”\")]*\s+as\b", after):
            return True, ""
        # a list of definitions: "`orchardPlot(fit)`: Draws the expected yield …"
        if (
            term.kind == "code"
            and not before.strip()
            and re.match(r"^[`”\")]*\s*:\s+[A-Za-z]", after)
        ):
            return True, ""
        if SUBJECT_BEFORE.match(before) and (
            IS_DEFINITION.match(after) or (term.kind == "code" and DOES.match(after))
        ):
            return True, ""
    return False, ""


def _occurrences(text: str, term: Term):
    if term.kind == "code":
        pattern = rf"`?{re.escape(term.key)}(?:\(\))?(?:\([^()]*\))?`?"
        return re.finditer(rf"(?<![\w.]){pattern}(?![\w])", text)
    if term.kind == "quoted":
        return re.finditer(rf"[“\"]?{re.escape(term.key)}[”\"]?(?![\w])", text, re.I)
    return re.finditer(rf"(?<![\w-]){re.escape(term.key)}s?(?![\w-])", text)


# a defining sentence counts when the paper used the name at most this often before it: later
# than that it states a fact about a name the reader already has
USES_BEFORE = 1


@dataclass
class Ledger:
    entries: dict[str, Entry] = field(default_factory=dict)
    vocabulary: set[str] = field(default_factory=set)  # keys the reader is given: title, headings
    established: set[str] = field(default_factory=set)  # names the paper gives as the field's

    @classmethod
    def of(cls, paper: Paper) -> Ledger:
        ledger = cls()
        headings = " ".join([paper.title, *(s.title for s in paper.sections)])
        abstract = paper.abstract or ""
        texts: list[str] = []
        if abstract.strip():
            texts += sentences(abstract)
        for section in paper.sections:
            for paragraph in section.paragraphs:
                texts += sentences(paragraph)
        texts += [f.caption for f in paper.figures if f.caption]
        bracketed = abbreviations.definitions(paper)
        used: dict[str, int] = {}
        for position, sentence in enumerate(texts):
            for term in terms_in(sentence):
                if term.key in ledger.entries or term.key in bracketed:
                    continue
                before = used.get(term.key, 0)
                if term.kind == "quoted":
                    # a word the paper wrote plainly before putting it in quotation marks is
                    # its ordinary word ("the “sample” distribution" after pages of samples)
                    before = sum(mentions(t, term.key, "quoted") for t in texts[:position])
                if before <= USES_BEFORE:
                    ok, gloss = defining(sentence, term)
                    if ok:
                        ledger.entries[term.key] = Entry(
                            term.key, term.kind, sentence, gloss, position
                        )
                if any(
                    ESTABLISHED.search(sentence[: m.start()]) for m in _occurrences(sentence, term)
                ):
                    ledger.established.add(term.key)
                used[term.key] = used.get(term.key, 0) + 1
        in_abstract = {t.key for t in terms_in(abstract)}
        abstract_defines = {
            k for k, e in ledger.entries.items() if e.sentence in sentences(abstract)
        }
        for key, entry in ledger.entries.items():
            if (
                key in ledger.established
                or mentions(headings, key, entry.kind)
                or (key in in_abstract and key not in abstract_defines)
            ):
                ledger.vocabulary.add(key)
        return ledger

    def definition(self, key: str) -> Entry | None:
        if key in self.vocabulary:
            return None
        return self.entries.get(key)


_CACHE: dict[int, tuple[Paper, Ledger]] = {}


def ledger(paper: Paper) -> Ledger:
    """The paper's ledger, read once per paper object (every slide's rule asks)."""
    cached = _CACHE.get(id(paper))
    if cached is None or cached[0] is not paper:
        if len(_CACHE) > 8:
            _CACHE.clear()
        cached = (paper, Ledger.of(paper))
        _CACHE[id(paper)] = cached
    return cached[1]


def _key(value: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", value.lower()).strip()


def _same_sentence(a: str, b: str) -> bool:
    ka, kb = _key(a), _key(b)
    short = min(ka, kb, key=len)[:60]
    return bool(short) and short in ka and short in kb


def used_terms(text: str, book: Ledger) -> list[Term]:
    """The names of the text, and the paper's coined terms it writes without their quotation
    marks ("Each dry sweep visits …" after the paper's "We call it a “dry sweep”")."""
    found = {t.key: t for t in terms_in(text)}
    plain = MATH_SPAN.sub(" ", text)
    for key, entry in book.entries.items():
        # a one-word coined term written plainly is often the word's everyday sense ("ephemeral
        # keys" beside the paper's "“ephemeral” Diffie-Hellman"): only a phrase is read so
        if entry.kind != "quoted" or " " not in key or key in found:
            continue
        if mentions(plain, key, "quoted"):
            found[key] = Term(key, key, "quoted")
    return list(found.values())


def undefined_terms(bullet: str, shown_before: str, book: Ledger) -> list[tuple[Term, Entry]]:
    """(term, the paper's definition) for each name of the bullet that the paper defines and
    that neither `shown_before` (the deck's texts before the bullet) nor the bullet itself
    says."""
    found = []
    for term in used_terms(bullet, book):
        entry = book.definition(term.key)
        if entry is None or mentions(shown_before, term.key, term.kind):
            continue
        if (
            _same_sentence(entry.sentence, bullet)
            or defining(bullet, term, own=True)[0]
            or _kind_named(bullet, term)
        ):
            continue  # the bullet is (a cut of) the definition, defines it, or says its kind
        if entry.gloss and _key(entry.gloss) in _key(bullet):
            continue
        found.append((term, entry))
    return found


# the kind of thing a bullet says a name is: "an object of class TOUR", "the file `INSTALL`"
# (a function, option or parameter named by its kind still needs what it does or holds)
KIND_NOUN = re.compile(
    r"\b(?:class|object|package|library|file|table|variable|data\s*set|dataset|protocol)\s*$",
    re.I,
)


KIND_AFTER = re.compile(
    r"^[`”\"]*\s+(?:class|object|package|library|file|table|variable|data\s*set|dataset|"
    r"protocol)s?\b",
    re.I,
)
# "the neighborhood radius `eps`", "a unique identifier `id`", "the data buffer `dbuf`": a
# noun phrase right before the name says what it is
NOUN_BEFORE = re.compile(
    r"\b(?:[Tt]he|[Aa]n?|[Ii]ts|[Tt]heir|[Oo]ur|[Tt]his|[Ee]ach)\s+(?:[a-z][\w-]*\s+){0,2}"
    # the word before the name is a noun, not a closed-class word that leads on
    r"(?!(?:of|in|on|to|for|with|by|from|and|or|as|at|via|using|is|are|was|were|whose|which|"
    r"that|where|when|than|whether|if|not|also|only|then|into|under|over|between)\s)"
    r"[a-z][\w-]{2,}\s+[`“\"]?$"
)
# "… for the solution (TOUR)": the bullet glosses the name by the words before its bracket
IN_BRACKETS_AFTER_WORDS = re.compile(r"[a-z][\w-]*\s+\($")


def _kind_named(bullet: str, term: Term) -> bool:
    for match in _occurrences(bullet, term):
        before, after = bullet[: match.start()], bullet[match.end() :]
        if KIND_NOUN.search(before) or KIND_AFTER.match(after) or NOUN_BEFORE.search(before):
            return True
        if IN_BRACKETS_AFTER_WORDS.search(before) and after.startswith(")"):
            return True
    return False


def shown_before(slides, number: int, index: int) -> str:
    """The deck's text a reader has seen before bullet `index` of slide `number` (1-based):
    every earlier slide's title, bullets and caption, and this slide's title, caption and
    earlier bullets."""
    parts: list[str] = []
    for slide in slides[: number - 1]:
        parts += [slide.title, slide.caption, *slide.bullets]
    if 1 <= number <= len(slides):
        slide = slides[number - 1]
        parts += [slide.title, slide.caption, *slide.bullets[:index]]
    return "\n".join(p for p in parts if p)


def with_gloss(bullet: str, term: Term, gloss: str) -> str | None:
    """The bullet with the paper's own appositive after the term's first use ("BSQ holds …" →
    "BSQ (the banded square queue) holds …"); None when the bullet does not show it plainly."""
    match = next(iter(_occurrences(bullet, term)), None)
    if match is None:
        return None
    return f"{bullet[: match.end()]} ({gloss}){bullet[match.end() :]}"
