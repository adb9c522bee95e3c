"""Sentences: split, clean, condense and score them (the builtin proposer's raw material)."""

from __future__ import annotations

import functools
import math
import re
from collections import Counter
from collections.abc import Callable

from apps.decks.pipeline import lowercase_names
from apps.decks.pipeline.caption_labels import REFERENCE_WORDS, series

ABBREVIATIONS = (
    "e.g.",
    "i.e.",
    "et al.",
    "Fig.",
    "Figs.",
    "Eq.",
    "Eqs.",
    "Sec.",
    "Tab.",
    "vs.",
    "cf.",
    "resp.",
    "approx.",
    "Ref.",
    "Refs.",
    "No.",
    "no.",
    "Nos.",
    "Dr.",
    "Prof.",
    "al.",
    # lower-case and longer forms of the pointers above ("in ref. [12] the …", "see eq. (3)",
    # "Sect. 2"): a sentence cut there leaves "… reports in ref" on a slide
    "ref.",
    "refs.",
    "eq.",
    "eqs.",
    "Eqn.",
    "Eqns.",
    "eqn.",
    "fig.",
    "figs.",
    "sec.",
    "Sect.",
    "Secs.",
    "Ch.",
    "Chap.",
    "App.",
    "Thm.",
    "Prop.",
    "Lem.",
    "Def.",
    "Cor.",
    "Vol.",
    "vol.",
    "pp.",
    "viz.",
    # a title before a name ("Mt. St. Helens", "Dr. Smith"), and shortened words of captions
    # and prose ("ca. 40 km", "esp. in winter"): a caption cut at one leaves "… of the Mt" as a
    # slide's title
    "Mt.",
    "Mts.",
    "St.",
    "Ste.",
    "Mr.",
    "Mrs.",
    "Ms.",
    "Jr.",
    "Sr.",
    "Ft.",
    "Lt.",
    "Gen.",
    "Col.",
    "Capt.",
    "Gov.",
    "Sen.",
    "ca.",
    "esp.",
    "incl.",
)
# a sentence may open with the shortened word ("E.g. the …", "Approx. 40 % of …", "Cf. …")
ABBREVIATIONS = tuple(
    dict.fromkeys([*ABBREVIATIONS, *(a[:1].upper() + a[1:] for a in ABBREVIATIONS)])
)
_PROTECT = "\u0000"
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z(\[\"“0-9`])")
# "[12]", "[3-5]", "[1; 2]", "[Smith2020]", "[9, §2.14]"; "mfit2[2,1]" is an index into code, not a citation.
CITATION_BRACKETS = re.compile(
    r"\s*(?<![\w)\]])\[(?:\d+(?:\s*[-–,;]\s*\d+)*|[A-Z][A-Za-z]+\d{2,4}[a-z]?(?:,\s*)?)+"
    # … with the place in the work: "[9, §2.14]", "[4, p. 12]", "[3, Ch. 2]"
    r"(?:,\s*(?:§{1,2}|pp?\.|[Ss]ec(?:tion|\.)|[Cc]h(?:apter|\.)|[Tt]hm\.)\s*[\dA-Z][\d.–-]*)?\]"
    # a citation LaTeX could not resolve, printed "[?]" or "[?, ?]": no reader can follow it
    r"|\s*(?<![\w)\]])\[\?(?:\s*,\s*\?)*\]"
)
# A bullet opening on the word that brings in an example or a restatement of what came just
# before it ("Say, 0.5 nm, in practice …" of "Although one may choose the segment's length, say,
# 0.5 nm, in practice …"): the phrase it restates was dropped with the opening. These words
# never open a sentence of their own; "For example, …" may, and is a connector (defects.py).
RESTATING_OPENING = re.compile(r"^(?:say|namely|viz\.?|such\s+as|including)\b\s*[,:]?", re.I)


CITATION_AUTHOR = re.compile(
    r"\s*\((?:see\s+)?(?:e\.g\.,?\s*)?[A-Z][A-Za-z'’\-]+(?: et al\.| and [A-Z][A-Za-z'’\-]+)?,? \d{4}[a-z]?(?:[;,] [^()]{0,60})?\)"
)
PARENTHETICAL = re.compile(r"\s*\([^()]{0,90}\)")
# A parenthesis that is a noun of its sentence, not an aside: after a determiner or a
# preposition ("their (0,0) and (1,1) points", "at (x, y)"), or a tuple of numbers or symbols.
_NOUN_BEFORE_PARENTHESIS = re.compile(
    r"\b(?:the|a|an|their|its|our|his|her|this|these|those|of|at|to|from|between|and|or|"
    r"with|by|in|on|into|onto)\s*$",
    re.I,
)
# An aside that hedges or bounds the claim ("(almost) everything", "(at least for small n)",
# "(except at the poles)"): without it the sentence claims more than the paper does.
_HEDGE_ASIDE = re.compile(
    r"^\(\s*(?:almost|nearly|mostly|partly|partially|largely|roughly|approximately|about|"
    r"at least|at most|up to|only|not|never|except|unless|if|although|though|provided|"
    r"in most|in some|in many|in part|usually|often|typically|sometimes|generally|"
    r"in general|probably|possibly|perhaps|likely|slightly|somewhat|essentially|virtually|"
    r"more or less|arguably|apparently|in principle|in theory|with the exception)\b",
    re.I,
)
_TUPLE = re.compile(r"^\(\s*[-+−]?[\w.]{1,8}\s*(?:[,;]\s*[-+−]?[\w.]{1,8}\s*)+\)$")
# A notation of numbers set apart by spaces: a crystal plane "(1 0 0)", "(1 1 -2)".
_INDICES = re.compile(r"^\(\s*[-−¯]?\d{1,2}(?:\s+[-−¯]?\d{1,2}){1,3}\s*\)$")


def without_asides(value: str) -> str:
    """The text without its parenthetical asides; a parenthesis that is a noun stays, and so
    does one that is a part of a word: glued to the word after it ("a (1 0 0)-oriented wafer",
    "(100)-oriented", "(a)symmetric"), whose removal leaves a hole ("p-type-oriented"), and one
    that hedges or bounds the claim, whose removal makes the bullet claim more than the paper."""

    def aside(match: re.Match) -> str:
        inside = match.group(0).strip()
        glued = value[match.end() : match.end() + 1]
        if _HEDGE_ASIDE.match(inside) and "see " not in inside.lower():
            if len(inside.split()) <= 2 and value[match.end() : match.end() + 2].strip():
                # "(almost) everything" → "almost everything": the hedge reads as plain words
                return match.group(0).replace("(", "").replace(")", "")
            return match.group(0)
        if (
            _TUPLE.match(inside)
            or _INDICES.match(inside)
            or (glued and (glued.isalnum() or glued in "-–"))
            or _NOUN_BEFORE_PARENTHESIS.search(value[: match.start()])
        ):
            return match.group(0)
        return ""

    return PARENTHETICAL.sub(aside, value)


FIGURE_REF = re.compile(
    rf"\b({REFERENCE_WORDS})\s*(\d+(?:\.\d+)?)(?:\s*[a-z]\b)?"
    r"(?:\s*(?:,|and|&|–|-|to)\s*(\d+(?:\.\d+)?))*",
    re.I,
)
FOREIGN_FIGURE = re.compile(
    r"(original|their|in \[\d+\]|from [A-Z][a-z]+ et al|of [A-Z][a-z]+ (?:et al|and [A-Z]))",
    re.I,
)
LEADING_MARKERS = re.compile(
    r"^(?:however|moreover|furthermore|additionally|therefore|thus|hence|indeed|finally|"
    r"first|second|third|in addition|in this (?:paper|article|work|study|report|replication)|"
    r"in particular|in summary|to summari[sz]e|overall|nevertheless|consequently|"
    r"as a result|for instance|for example|to this end|in short|then|also|here|importantly),\s+",
    re.I,
)
_STOPWORD_TEXT = """
a an the and or of to in on for with by at from as is are was were be been being this that
these those it its we our they their he she his her which who whom whose what when where
while than then there here such not no but if so also can could may might will would should
into over under between about after before during each other some any all more most very
using used use one two three has have had do does did up out only both same different
"""
STOPWORDS = frozenset(_STOPWORD_TEXT.split())
CUES = re.compile(
    r"\b(we (?:show|find|found|propose|present|introduce|demonstrate|replicate|reproduce|"
    r"confirm|implement|evaluate|observe|obtain|conclude|provide|compare|measure|report)|"
    r"results? (?:show|indicate|suggest|confirm)|outperform|faster|speed-?up|improve|"
    r"significant|successfully|key|main|novel|contribution|could not|failed|differ)",
    re.I,
)
FINDING = re.compile(
    r"\d+(?:\.\d+)?\s*(?:%|×|x\b|times|fold|ms|s\b|seconds|minutes|hours|GB|MB)|"
    r"\b(?:than|faster|slower|higher|lower|better|worse|outperform\w*|improv\w*|reduc\w*|"
    r"increas\w*|decreas\w*|compared|versus|vs\.?)\b",
    re.I,
)
MATH_SPAN = re.compile(r"(?<!\\)\$[^$]+(?<!\\)\$")
# A name from code quoted in prose, as ingestion writes it ("the `--vectorize` option"): its
# backticks stand apart from words, its text starts and ends with a printed character.
CODE_SPAN = re.compile(r"(?<![\w`\\])`([^`\s](?:[^`]*[^`\s])?)`(?![\w`])")
# What a text operation holds whole: a formula, a name from code.
HELD_SPAN = re.compile(f"{MATH_SPAN.pattern}|{CODE_SPAN.pattern}")
URL = re.compile(r"https?://\S+|www\.\S+")


# A person's initial ("R. A. Fisher", "in Dempster, N. M. Laird and …") or a dotted acronym
# ("the U.S. Geological Survey"): no sentence ends at it, unless a word that opens sentences
# follows ("… the variable X. The next …").
INITIAL = re.compile(r"(?<![\w.])((?:[A-Z]\.)*[A-Z])\.(?=\s+(?:[A-Z]\.\s+)*([A-Z][a-z]+))")


def _protect_initials(text: str) -> str:
    def keep(match: re.Match) -> str:
        if match.group(2).lower() in STOPWORDS:
            return match.group(0)
        return match.group(1) + _PROTECT

    return INITIAL.sub(keep, text)


# An abbreviation is a word of its own: "al." ends "et al." but also "trial." and "interval.",
# where the sentence does end.
ABBREVIATION = re.compile(r"(?<![A-Za-z])(?:" + "|".join(re.escape(a) for a in ABBREVIATIONS) + ")")


def is_abbreviation(word: str) -> bool:
    """The word's full stop shortens it ("Mt.", "e.g.", "vs.", an initial "J.", "U.S."): no
    sentence, caption phrase or title ends at it."""
    return bool(ABBREVIATION.fullmatch(word) or re.fullmatch(r"(?:[A-Z]\.)+", word))


# Shortened words that stand before a number: a month before its year or day ("in Jan. 2019",
# "Sept. 12"), a page, column or item ("p. 12", "cols. 3-4", "Alg. 2"), a company as a cited
# author before its year ("(SAS Institute Inc. 2005)"). Only before a
# digit: "… in Mar." may end a sentence, "p." may be a variable's name.
NUMBERED_ABBREVIATION = re.compile(
    r"(?<![\w.])(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|p|col|cols|Nr|Art|"
    r"Ex|Exs|Alg|Algs|Tabs|Thms|Props|Lems|Defs|Chs|Pt|Pts|Ser|Suppl|Proc|Inc|Ltd|Corp)"
    r"\.(?=\s+\(?\d)"
)


# A genus shortened to its initial before the species ("B. mori", "E. coli", also set as a
# formula, "$B$. mori"): a capital's full stop before a lower-case word ends no sentence. Only
# the paper's lower-case names open a sentence in lower case, and a name read from "B. mori"
# alone split the species' sentence at its genus ("… in the silk gland of B" | "mori …").
GENUS_INITIAL = re.compile(r"(?:(?<![\w.$])[A-Z]|\$[A-Z]\$)\.(?=\s+[a-z]{2,})")
# A journal's abbreviated words in a reference ("J. Biol. Chem. 12", "Phys. Rev. Lett. 85",
# "Proc. Natl. Acad. Sci."): before another abbreviation or the volume, no sentence ends.
JOURNAL_WORD = re.compile(
    r"(?<![\w.])(?:Am|Ann|Annu|Appl|Biol|Biochem|Chem|Clin|Comput|Ecol|Econ|Eng|Environ|Epidemiol|"
    r"Exp|Genet|Geophys|Inf|Int|Lett|Math|Mech|Med|Mol|Nat|Natl|Neurosci|Opt|Phys|Physiol|"
    r"Psychol|Res|Rev|Sci|Soc|Stat|Statist|Struct|Syst|Technol|Theor|Trans|Acad|Assoc|Entomol|"
    r"Zool|Bot|Agric|Microbiol|Pharmacol|Sericult|Seric)\.(?=\s+(?:[A-Z][a-z]{0,11}\.|\d))"
)


def protect_abbreviations(text: str) -> str:
    """The text with the full stops of initials and abbreviations hidden: no sentence ends
    at them."""
    protected = _protect_initials(text)
    protected = GENUS_INITIAL.sub(lambda m: m.group(0)[:-1] + _PROTECT, protected)
    protected = JOURNAL_WORD.sub(lambda m: m.group(0)[:-1] + _PROTECT, protected)
    protected = NUMBERED_ABBREVIATION.sub(lambda m: m.group(0)[:-1] + _PROTECT, protected)
    return ABBREVIATION.sub(lambda m: m.group(0).replace(".", _PROTECT), protected)


# A full stop before a lower-case word that is no name of the paper's: the next sentence lost
# its opening words on the way from the PDF ("… of the dataset. paragraph (blue), including …"
# of "(a): Number of sentences per paragraph (blue)").
LOST_OPENING_STOP = re.compile(r"(?<=[a-z0-9)\]])\.\s+(?=([a-z][\w-]*))")


def before_lost_opening(text: str) -> str:
    """The text up to the sentence that lost its opening words, or all of it."""
    protected = protect_abbreviations(text)
    for match in LOST_OPENING_STOP.finditer(protected):
        if not lowercase_names.is_name(match.group(1)):
            return text[: match.start() + 1]
    return text


def sentences(text: str) -> list[str]:
    return list(_sentences(text, lowercase_names.current()))


# The review splits the same paragraphs and bullets into sentences thousands of times a round
# (each check reads the paper around a bullet): the split is remembered per text and per the
# paper's lower-case names, which are the only other thing it reads.
@functools.lru_cache(maxsize=65536)
def _sentences(text: str, names: frozenset[str]) -> tuple[str, ...]:
    protected = protect_abbreviations(text)
    parts = SENTENCE_END.split(protected)
    if names:
        # "… memory. driftwood is …": a sentence opens with the paper's lower-case name
        opening = re.compile(
            r"(?<=[.!?])\s+(?=(?:" + "|".join(map(re.escape, sorted(names))) + r")\b)"
        )
        parts = [piece for part in parts for piece in opening.split(part)]
    return tuple(p.replace(_PROTECT, ".").strip() for p in parts if p.strip())


def words(text: str) -> list[str]:
    return re.findall(r"[A-Za-z][A-Za-z\-']+", text.lower())


def word_count(text: str) -> int:
    return len(text.split())


NOUN_CITATION = re.compile(
    r"\b(?:in|of|by|from|to|see|with|than|and|paper|study|work|article|replication|"
    r"reproduction|authors of|version of|refs?\.)\s*\[\d|"
    # a citation that is the subject of its verb: "we found that [12] was closer" (after a
    # noun, "the fit [12] is closer", it only qualifies the subject and may go)
    r"(?:^|\b(?:that|while|whereas|but|since|because|although|as|and)\s+|[,;:]\s*)\[\d[\d,;\s\-–]*\]\s+(?:(?:also|first|recently|then)\s+)?(?:is|was|are|were|has|have|had|"
    r"shows?|showed|finds?|found|reports?|reported|proposes?|proposed|uses?|used|suggests?|"
    r"suggested|argues?|argued|demonstrates?|demonstrated|observes?|observed|obtains?|"
    r"obtained|measures?|measured|claims?|claimed|introduces?|introduced)\b",
    re.I,
)
# A run-in paragraph heading: "Tuning — …", "CUSUM processes: The first type …".
RUN_IN_LABEL = re.compile(r"^(?:[A-Z][\w\-()]*(?:\s+[\w\-()]+){0,3})(?:\s+[—–]\s+|:\s+(?=[A-Z]))")
# A definition list's term before a description that opens with its verb ("sfInit: Initialises
# the cluster …", "plot.fit: Draws a bar …"): the term is the sentence's subject, no run-in
# label to drop — without it the bullet says what is done but not what does it.
SUBJECTLESS = re.compile(
    r"(?!(?:Sometimes|Perhaps|Thus|Always|Besides|Nevertheless|Unless|Whereas|Is|Was|Has|Does|"
    r"Its|This|Yes|Less)\b)[A-Z][a-z]+(?:s|es)\s+"
    r"(?:the|a|an|its|their|all|each|every|one|two|some|any|no|whether|how|which)\s"
)
# "The first example, (1 | g), is …": an aside between commas goes with its commas.
APPOSITIVE = re.compile(r",\s*\([^()]{0,90}\)\s*,")
DANGLING = re.compile(
    r"\b(?:in|of|by|from|to|with|the|a|an|and|or|as|for|on|at|than|that|which|is|are|was|were)$",
    re.I,
)
ANAPHORA = re.compile(
    r"^(?:this|these|those|that|it|they|such|the latter|the former|here)\b|\b(?:latter|former)\b",
    re.I,
)
META = re.compile(
    r"\b(?:section|appendix|supplementary|panel|left|right|above|below|following|listed)\b", re.I
)
# What is left of "… are given in Table 1 (b = 3.0)" once the pointer is removed.
POINTER_LEFTOVER = re.compile(
    r"\b(?:given|shown|reported|presented|listed|illustrated|summari[sz]ed|displayed|depicted|"
    r"described|seen|plotted)"
    r"\s*(?:\([^()]*\))?\.?$",
    re.I,
)
# The first half of a pair whose second half comes after the clause: "both X" (and Y), "either
# X" (or Y), "between X" (and Y).
OPEN_PAIR = re.compile(
    r"\b(?:both|between)\s+(?!.*\band\b)|\b(?:either|neither)\s+(?!.*\b(?:or|nor)\b)|"
    # "saved not just in typing per se, but also …"
    r"\bnot\s+(?:just|only|merely|solely)\b(?!.*\bbut\b)",
    re.I,
)
# "efficient mainly for problems, where …": a bare plural after a preposition is restricted by
# the relative clause after it; without the clause the sentence claims too much.
BARE_PLURAL_END = re.compile(r"\b(?:for|to|in|on|with|of|from)\s+[a-z]{3,}s$")
RESTRICTIVE_SEPARATORS = (", where ", ", which ", ", whose ")
CLAUSE_SEPARATORS = (
    "; ",
    ", which ",
    ", while ",
    ", whereas ",
    ", but ",
    " — ",
    ", where ",
    ", and ",
    ", as ",
    ", since ",
    ", because ",
    ", although ",
)


def math_safe(function):
    """Run a text operation with each `$…$` formula (and each name from code in backticks)
    held as one opaque word, so that cuts, citation and parenthesis removal never split or
    reorder a formula."""

    def wrapped(value: str, *args, **kwargs):
        formulas: list[str] = []

        def hold(match: re.Match) -> str:
            formulas.append(match.group(0))
            return f"\u27e6{len(formulas) - 1}\u27e7"

        result = function(HELD_SPAN.sub(hold, value), *args, **kwargs)
        if result is None:
            return None
        if not formulas:  # nothing held here (an outer call may hold them)
            return result
        return re.sub("\u27e6(\\d+)\u27e7", lambda m: formulas[int(m.group(1))], result)

    wrapped.__name__, wrapped.__doc__ = function.__name__, function.__doc__
    return wrapped


# A spacing accent the PDF drew apart from its letter ("esti- ˆ mated", "ˆ Variance"), and a
# hyphenated word split by it or by a formula from a display beside it ("es- $\sum$ timate").
# An accent drawn apart from its letter: a spacing accent, or a combining one (U+0300–U+036F)
# after a space, where it has no letter to sit on.
LOOSE_ACCENT = re.compile(r"(?:(?<=\s)|^)[ˆ˜¨´`¯˙ˇ˘˚\u0300-\u036f](?=\s|$)\s*")
SPLIT_WORD = re.compile(
    r"\b([a-z]+)-\s+(?:[ˆ˜¨´`¯˙ˇ˘˚]\s+|\$[^$]{1,20}\$\s+)+(?!(?:and|or|to)\b)([a-z]+)"
)


def without_loose_accents(value: str) -> str:
    """The text without accents drawn apart from their letters, split words joined again."""
    value = SPLIT_WORD.sub(r"\1\2", value)
    return re.sub(r"\s{2,}", " ", LOOSE_ACCENT.sub("", value)).strip()


TEX_LOGOS = (
    # a suffix stays with the logo: "BibT Xing" is "BibTeXing"
    (re.compile(r"\bL\s?A\s?T\s?E?\s?X(?=(?:ing|ed|s)?\b)"), "LaTeX"),
    (re.compile(r"\bBibT\s?E?\s?X(?=(?:ing|ed|s)?\b)"), "BibTeX"),
    (re.compile(r"\bREVT\s?E?\s?X"), "REVTeX"),
)


# The logo's raised A and lowered E read as a formula: "$L^{A}\mathrm{TEX}$", "$L^{A}T_{E}X$".
MATH_LOGO = re.compile(
    r"\$\s*L\s*\^\{?A\}?\s*(?:\\mathrm\{TEX\}|\\mathrm\{T\}\s*_\{?E\}?\s*\\mathrm\{X\}|T\s*_\{?E\}?\s*X)"
    r"\s*(?P<two>2\s*\\varepsilon)?\s*\$"
)


def math_logos(sentence: str) -> str:
    """The logo read as a formula written as the logo (no math_safe step looks into it)."""
    return MATH_LOGO.sub(lambda m: "LaTeX2e" if m.group("two") else "LaTeX", sentence)


HYPHENATED_LOGO = re.compile(r"\bLa-\s?TeX\b")


def tex_logos(sentence: str) -> str:
    """ "LAT X" → "LaTeX": the logos' lowered E, read apart, is dropped where it fell (the
    first lone "E" after the logo). "La-TeX", the logo hyphenated at a line break, is joined."""
    sentence = HYPHENATED_LOGO.sub("LaTeX", sentence)
    for pattern, logo in TEX_LOGOS:
        match = pattern.search(sentence)
        if match is None:
            continue
        head, tail = sentence[: match.start()], sentence[match.end() :]
        if "E" not in match.group(0)[1:]:
            tail = re.sub(r"\s+E(?=\s)", "", tail, count=1)
        sentence = head + logo + pattern.sub(logo, tail)
    return sentence


@math_safe
def clean(sentence: str) -> str:
    """Remove citations and references to the paper's own apparatus; tidy spacing."""
    text = CITATION_BRACKETS.sub("", tex_logos(sentence))
    text = CITATION_AUTHOR.sub("", text)
    text = text.strip()
    label = RUN_IN_LABEL.match(text)
    if label and not SUBJECTLESS.match(text[label.end() :]):
        text = text[label.end() :]
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"\s+([,.;:])", r"\1", text)
    text = re.sub(r"(?<=[a-z])-\s+(?=[A-Z][a-z])", "-", text)  # "Kaplan- Meier": a line break
    text = LIST_LABEL.sub("", text)
    return without_glued_quotes(text)


# A list's label left at the sentence's start: "(b) The prediction …", "(iii) Each run …" (a
# number in brackets may be an equation's: defects.equation_number answers those).
LIST_LABEL = re.compile(r"^\((?:[a-h]|i{1,3}|iv|vi{0,3}|ix|x)\)\s+(?=[A-Z])")
# A quoted word whose opening quote lost its space (and, typeset as a closing one, its shape):
# "Hexagon”boxplots” showing …"; a closing quote glued to the next word: "the ”best”model".
GLUED_OPENING_QUOTE = re.compile(r"(?<=[A-Za-z0-9])”(?=[A-Za-z][^“”]{0,60}”)")
GLUED_AFTER_QUOTE = re.compile(r"(?<=[A-Za-z0-9.,!?]”)(?=[A-Za-z])")


def without_glued_quotes(value: str) -> str:
    """Put back the space a quote lost around the quoted words."""
    value = GLUED_OPENING_QUOTE.sub(" “", value)
    return GLUED_AFTER_QUOTE.sub(" ", value)


def code_first(text: str) -> bool:
    """The text opens with a lower-case name from code ("mfit2", "vcov_hc", "fit.lm", "lm()")
    or one the paper always writes in lower case ("xts", "snowfall")."""
    return bool(re.match(r"[a-z][A-Za-z]*(?:[\d_.(\[]|[A-Z])", text)) or (
        lowercase_names.opening_name(text)
    )


def capitalised(value: str) -> str:
    """The sentence with a capital first letter, unless it opens with a name from code or the
    paper's lower-case name ("snowfall offers …"): capitalised, it would be another name."""
    if code_first(value) or not value[:1].isalpha():
        return value
    return value[:1].upper() + value[1:]


# A change log's entry label: a release's number with at most a parenthesis of what kind of
# change it brought ("2.14 (API changes: none)", "Version 3.1:"), no statement of what changed.
VERSION_LABEL = re.compile(
    r"^[•·∗\ufffd–\-*\s]*(?:v|version\s*|release\s*)?\d+(?:\\?\.\d+)+[a-z]?\s*(?:\([^()]*\))?\s*[.:]?$",
    re.I,
)


def usable(sentence: str) -> bool:
    """Can this sentence become a bullet at all? (Before any cleaning.) Formulas written as
    `$…$` count as one word; loose symbols outside them are extraction debris."""
    if URL.search(sentence) or NOUN_CITATION.search(sentence):
        return False
    if VERSION_LABEL.match(sentence.strip()):
        return False  # a change log's entry label: a slide says what changed, in words
    sentence = MATH_SPAN.sub("X", sentence)
    if "=" in sentence or re.search(r"[≃≈∑∫→←≤≥]", sentence):
        return False
    # the article "a", the pronoun "I" and a language's name ("C++", "C#") are words, not loose
    # symbols: "comparisons of R and C++ implementations of a … filter" is a sentence
    letters = re.findall(r"\b(?![aAI]\b)[a-zA-Z]\b(?![+#])", sentence)
    return len(letters) <= 3


def valid_bullet(text: str, max_words: int) -> bool:
    count = word_count(text)
    if count < 6 or count > max_words:
        return False
    if text.count("(") != text.count(")") or text.count("[") != text.count("]"):
        return False
    if DANGLING.search(text.rstrip(".,;: ")) or POINTER_LEFTOVER.search(text):
        return False
    # read here so that cut_sentences, which reads text's patterns, can be imported first
    from apps.decks.pipeline.cut_sentences import cut_ending

    if cut_ending(text):
        return False  # a clause cut before its count's noun: "… of the three"
    return not text.endswith((",", ":", "-", "—"))


@math_safe
def condense(sentence: str, max_words: int = 24) -> str | None:
    """A shorter bullet from a sentence, or None when it cannot be made short enough."""
    if not usable(sentence):
        return None
    text = clean(sentence)
    text = LEADING_MARKERS.sub("", text)
    text = LEADING_MARKERS.sub("", text)
    if word_count(text) > max_words:
        text = APPOSITIVE.sub("", text)
        text = without_asides(text)
    text = re.sub(r"\s+", " ", text).strip().rstrip(".;:, ")
    if word_count(text) > max_words:
        text = _clause(text, max_words) or text
    if not text:
        return None
    if code_first(text) and not lowercase_names.opening_name(text):
        return None  # "Thus mfit2 corresponds …": a code name cannot be capitalised
    if not text[0].isupper() and text[0].isalpha() and not code_first(text):
        text = text[0].upper() + text[1:]  # the paper's lower-case name ("xts") keeps its case
    return text if valid_bullet(text, max_words) else None


# What a cut must not leave behind: the point of a contrast or a concession ("X, but Y": Y is
# the claim, and X alone says the opposite), its condition ("…, unless …") or its exception.
CONTRAST_TAIL = re.compile(
    r"(?:^|[\s;,(—–-])(?:but|whereas|although|though|however|yet|except|unless|"
    r"nevertheless|nonetheless|instead|in contrast|by contrast|on the other hand|"
    r"only (?:if|when|for))\b",
    re.I,
)


# After ", and": a verb of the same subject, the sentence's second claim ("…, and has …").
SECOND_PREDICATE = re.compile(
    r"(?:is|are|was|were|has|have|had|can|could|will|would|may|might|must|should|does|do|did|"
    r"also|then|thus|therefore|hence)\b"
)


def _clause(text: str, max_words: int) -> str | None:
    for separator in CLAUSE_SEPARATORS:
        head = text.split(separator, 1)[0].rstrip(",;: ")
        if CONTRAST_TAIL.search(text[len(head) :]):
            continue  # "…, but the default formats lock the user in": the tail is the point
        if separator.startswith(",") and _in_list(head):
            continue  # "such as mosaic, association, and sieve plots": not a clause boundary
        if separator == ", and " and ", " in head:
            continue  # "smoothing, finding a median, and comparing two sets": the list's last
        if separator == ", and " and SECOND_PREDICATE.match(text[len(head) + len(separator) :]):
            continue  # "it has advanced …, and has many intersections with …": the same subject's
        if OPEN_PAIR.search(head):
            continue  # "… incorporate both fixed effects, which …, and random effects": half a pair
        if separator in RESTRICTIVE_SEPARATORS and BARE_PLURAL_END.search(head):
            continue  # "… efficient mainly for problems, where most rows …": the clause says which
        if separator in RESTRICTIVE_SEPARATORS and _inside_subject(text, separator):
            continue  # "…, the person parameters $\theta$, which …, vanish …": no verb before it
        if head != text and 7 <= word_count(head) <= max_words and valid_bullet(head, max_words):
            return head
    return None


# What may follow the comma that closes a relative clause when the clause ended its sentence's
# main clause: a conjunction, a connector, a new clause's opening, a participle's phrase.
_AFTER_RELATIVE = re.compile(
    r"(?:and|or|but|nor|so|thus|hence|while|whereas|although|though|because|since|as|if|when|"
    r"which|where|who|that|then|e\.g\.|i\.e\.|[a-z]+ing|[a-z]+ly|[A-Z]\S*|\d\S*|⟦\d+⟧|\$)\b",
)


def _inside_subject(text: str, separator: str) -> bool:
    """Is the relative clause the separator opens set inside the sentence's subject ("…, the
    person parameters $\theta$, which in this context are nuisance parameters, vanish from
    …")? Then the words after the clause's closing comma are the main verb and what it says,
    and the text before the clause is no sentence."""
    if separator not in text:
        return False
    parts = text.split(separator, 1)[1].split(", ", 1)
    if len(parts) < 2 or not parts[1]:
        return False
    return _AFTER_RELATIVE.match(parts[1]) is None


def _in_list(head: str) -> bool:
    """The text ends inside an enumeration: its last comma-separated item is a few words, or
    it ends with "such as …" / "including …"."""
    last = head.rsplit(",", 1)
    if len(last) == 2 and word_count(last[1]) <= 3:
        return True
    return bool(re.search(r"\b(?:such as|including|e\.g\.,?|like|namely)\s+[^,;]*$", head))


@math_safe
def shorten(text: str, max_words: int, *, ellipsis: bool = False) -> str:
    """Cut at a clause boundary when possible; otherwise keep the text whole, or (captions)
    cut at a word boundary with an ellipsis."""
    if word_count(text) <= max_words:
        return text
    head = _clause(text, max_words)
    if head:
        return head
    if not ellipsis:
        return text
    head = " ".join(text.split()[:max_words])
    if head.count("(") > head.count(")"):  # never stop inside a parenthesis
        head = head[: head.rfind("(")]
    return head.rstrip(",;: ") + "…"


# A caption's sentence shown whole rather than cut inside a phrase (a caption over 60 words is
# `density`'s): "… with 15 and…", "… as provided by…" left the reader half a phrase.
CAPTION_MAX_WORDS = 45


@math_safe
def shorten_whole(text: str, max_words: int, *, longest: int = CAPTION_MAX_WORDS) -> str:
    """The text cut where a clause ends when it is long, else whole while it has at most
    `longest` words, else "": never cut inside a phrase (the caller chooses another text)."""
    if word_count(text) <= max_words:
        return text
    head = _clause(text, max_words)
    if head:
        return head
    return text if word_count(text) <= longest else ""


def whole_sentences(value: str, limit: int) -> str:
    """The value cut to at most `limit` characters at a sentence's end, never inside a word:
    a slide's notes are a source of bullets (the loop takes its next sentence from them), and
    a cut at a character count left "… formulae provided by E" as a sentence to show."""
    if len(value) <= limit:
        return value
    kept = sentences(value[: limit + 1])[:-1]  # the last one is cut
    return " ".join(kept) or value[:limit].rsplit(" ", 1)[0]


def clipped(value: str, limit: int) -> str:
    """The value cut to at most `limit` characters at a word's end, with "…" when cut: a
    message quoting a bullet cut mid-word ("… the model outperfo") reads as a defect of its
    own."""
    if len(value) <= limit:
        return value
    head = value[: limit + 1].rsplit(" ", 1)[0] if " " in value[:limit] else value[:limit]
    return head.rstrip(",;: ") + "…"


def first_sentence(text: str) -> str:
    parts = sentences(text)
    return parts[0] if parts else text


def figure_refs(sentence: str) -> list[tuple[str, int]]:
    """("figure"|"table", number) for each figure or table the sentence refers to."""
    refs: list[tuple[str, int]] = []
    for match in FIGURE_REF.finditer(sentence):
        around = sentence[max(0, match.start() - 14) : match.end() + 28]
        if FOREIGN_FIGURE.search(around):
            continue
        kind, offset = series(match.group(1))
        for number in re.findall(r"\d+(?:\.\d+)?", match.group(0)[len(match.group(1)) :]):
            # "Figure 3.1", chapter 3's first figure, is numbered 301 (ingest/captions.py)
            chapter, _, own = number.partition(".")
            own_number = int(chapter) * 100 + int(own) if own else int(chapter)
            refs.append((kind, offset + own_number))
    return refs


class Scorer:
    """TF-IDF centrality plus cue phrases; favours informative sentences of bullet length."""

    def __init__(self, documents: list[str]):
        self.df: Counter[str] = Counter()
        for document in documents:
            self.df.update(set(w for w in words(document) if w not in STOPWORDS))
        self.n = max(1, len(documents))

    def idf(self, word: str) -> float:
        return math.log((1 + self.n) / (1 + self.df[word])) + 1

    def score(self, sentence: str, context: Counter[str]) -> float:
        tokens = [w for w in words(sentence) if w not in STOPWORDS]
        if not tokens:
            return 0.0
        weight = sum(context[w] * self.idf(w) for w in set(tokens)) / math.sqrt(len(tokens))
        if CUES.search(sentence):
            weight *= 1.6
        if re.search(r"\d", sentence):
            weight *= 1.15
        if FINDING.search(sentence):  # a measured result or a comparison: what a talk shows
            weight *= 1.3
        length = word_count(sentence)
        if length < 8:
            weight *= 0.5
        if length > 40:
            weight *= 0.6
        if re.search(r"\b(Section|Appendix|Eq\.|Equation)\s*\d", sentence):
            weight *= 0.3
        if ANAPHORA.search(sentence):
            weight *= 0.5
        if META.search(sentence):
            weight *= 0.6
        return weight


# A paragraph's last sentence that stops on a lower-case word, no stop after it: cut where the
# PDF's line, column or page went on ("… with those at the southern"). Not a definition list's
# item ("Nomoments: Doesn't print …", whole without its stop), nor a sentence ending on a name
# from code ("… are saved in oo.bvar.irf").
_UNFINISHED_END = re.compile(r"(?:^|\s)[a-z][a-z'’-]*$")
DEFINITION_ITEM = re.compile(r"^\S+:\s")


def unfinished(last_sentence: str) -> bool:
    """The paragraph's last sentence stops on a plain word with no full stop."""
    text = last_sentence.rstrip()
    return bool(_UNFINISHED_END.search(text)) and not DEFINITION_ITEM.match(text)


def stated_line(paragraph: str, following: str) -> bool:
    """A paragraph that is one short statement set on its own line, with no full stop, before
    a paragraph that opens a new sentence: a rule put as a run-in heading ("Samples must NOT
    share a barcode" over "This is because …"), whole, not a sentence the PDF's line cut. It
    opens with a capital, has an auxiliary verb and ends on neither a word that wants more
    ("of", "several", "using") nor a hyphen."""
    from apps.decks.pipeline import clause_shape, title_defects  # no import cycle

    parts = sentences(paragraph)
    if len(parts) != 1 or not re.match(r"[A-Z]", parts[0]) or not re.match(r"\s*[A-Z]", following):
        return False
    line = parts[0].rstrip()
    tokens = line.lower().split()
    return (
        3 <= len(tokens) <= 16
        and any(t in clause_shape.AUXILIARIES for t in tokens)
        and not line.endswith("-")
        and not any(
            pattern.search(line)
            for pattern in (
                title_defects.DANGLING_END,
                title_defects.NOUNLESS_END,
                title_defects.OBJECTLESS_END,
            )
        )
    )


# A candidate bullet that may lean on the sentences before it (a noun the sentence before merely
# used, "also", a code name) competes at this share of its score (key_sentences `leans`).
MAYBE_LEANING_WEIGHT = 0.5


def key_sentences(
    paragraphs: list[str],
    scorer: Scorer,
    count: int,
    *,
    max_words: int = 24,
    exclude: set[str] | None = None,
    avoid_figure_refs: bool = True,
    rewrite: Callable[[str, str], str | None] | None = None,
    leans: Callable[[str, list[str], str], str] | None = None,
) -> list[str]:
    """The `count` best condensed sentences of a text, in their original order. `rewrite`
    (bullet, the sentence before it) makes a bullet stand on its own, or refuses it (None).
    `leans` (bullet, the paper's sentences just before it, the paper's sentence it was made
    from) says whether a bullet leans on what
    only those sentences introduce: "certain" — chosen only when too few others stand, so the
    count is kept and a leaning sentence fills a slot rather than leaving it empty — "maybe"
    (its score counts half: a reader may well know what it names), or "" (it stands)."""
    from apps.decks.pipeline.antecedents import PREVIOUS_PARAGRAPH_TAIL  # no import cycle

    candidates: list[tuple[int, str, str, list[str]]] = []
    tail: list[str] = []
    for paragraph in paragraphs:
        previous = ""
        parts = sentences(paragraph)
        for number, sentence in enumerate(parts):
            if number == len(parts) - 1 and unfinished(sentence):
                break  # its end went on where the PDF did: never a bullet
            candidates.append((len(candidates), sentence, previous, [*tail, *parts[:number]]))
            previous = sentence
        tail = parts[-PREVIOUS_PARAGRAPH_TAIL:]
    context: Counter[str] = Counter(w for p in paragraphs for w in words(p) if w not in STOPWORDS)
    scored = []
    seen = set(exclude or ())
    for position, sentence, previous, before in candidates:
        bullet, _refusal = sentence_bullet(
            sentence, previous, seen, max_words, avoid_figure_refs, rewrite
        )
        if bullet is None:
            continue
        bonus = 1.25 if position < 2 else 1.0
        scored.append((scorer.score(sentence, context) * bonus, position, bullet, before, sentence))
    ranked = sorted(scored, key=lambda item: item[:3], reverse=True)
    if leans is not None:
        # the paper's own sentence too: a rewrite may have hidden its lean ("This pattern" →
        # "The pattern")
        judged = [(leans(item[2], item[3], item[4]), item) for item in ranked]
        weighed = [
            (score * (MAYBE_LEANING_WEIGHT if lean == "maybe" else 1.0), *rest)
            for lean, (score, *rest) in judged
            if lean != "certain"
        ]
        ranked = sorted(weighed, key=lambda item: item[:3], reverse=True) + [
            item for lean, item in judged if lean == "certain"
        ]
    best = ranked[:count]
    chosen = []
    for _, _position, bullet, _before, _sentence in sorted(best, key=lambda item: item[1]):
        if any(similar(bullet, other) for other in chosen):
            continue
        chosen.append(bullet)
    return chosen


# Why a sentence of the paper is no bullet (sentence_bullet's refusals), as the reasons for a
# thin deck say it (propose/unrepaired.py)
REFUSALS = {
    "unfinished": "end where the PDF cut them",
    "figure": "point at a figure",
    "lowercase": "start lower-case (broken by the PDF, or a name of code)",
    "announces": "announce a list, code or display (end with a colon or comma)",
    "condense": "cannot be cut to a clean bullet (too long, a fragment or a defect)",
    "rewrite": "do not stand on their own (lean on the sentence before or on a figure)",
    "shown": "are on the deck already",
    "same_claim": "say what a shown bullet says",
}


def sentence_bullet(
    sentence: str,
    previous: str,
    seen: set[str],
    max_words: int = 24,
    avoid_figure_refs: bool = True,
    rewrite: Callable[[str, str], str | None] | None = None,
) -> tuple[str | None, str]:
    """The bullet a sentence of the paper makes, or None and which check refused it (a key of
    REFUSALS); `seen` holds the bullets shown already, lower-cased."""
    if avoid_figure_refs and FIGURE_REF.search(sentence):
        return None, "figure"
    if re.match(r"[a-z]", clean(sentence)):
        return None, "lowercase"  # a sentence the PDF broke ("where vcov is …"), or code
    if sentence.rstrip().endswith((":", ",")):
        return None, "announces"  # it goes on into the code, list or display after it
    bullet = condense(math_logos(sentence), max_words)
    if bullet is None:
        return None, "condense"
    if rewrite is not None:
        bullet = rewrite(bullet, previous)
        if bullet is None:
            return None, "rewrite"
    if bullet.lower() in seen:
        return None, "shown"
    if any(same_claim(bullet, other) for other in seen):
        return None, "same_claim"  # a claim an earlier slide makes in other words
    return bullet, ""


def refusals(
    paragraphs: list[str],
    seen: set[str],
    rewrite: Callable[[str, str], str | None] | None = None,
) -> Counter[str]:
    """How many of the paragraphs' sentences each check refuses as a bullet; "" counts the
    sentences that pass them all."""
    counted: Counter[str] = Counter()
    for paragraph in paragraphs:
        previous = ""
        parts = sentences(paragraph)
        for number, sentence in enumerate(parts):
            if number == len(parts) - 1 and unfinished(sentence):
                counted["unfinished"] += 1
                break
            counted[sentence_bullet(sentence, previous, seen, rewrite=rewrite)[1]] += 1
            previous = sentence
    return counted


def similar(a: str, b: str) -> bool:
    """Do the two sentences say nearly the same (most content words of the shorter shared)?"""
    wa, wb = set(words(a)) - STOPWORDS, set(words(b)) - STOPWORDS
    if not wa or not wb:
        return False
    return len(wa & wb) / min(len(wa), len(wb)) > 0.7


NUMBER = re.compile(r"\d+(?:\.\d+)?")


def same_claim(a: str, b: str) -> bool:
    """Do two sentences make one claim: nearly the same words and the same numbers? ("… used in
    producing indexes for some books …" and "… proved useful in producing indexes for several
    books …"). Parallel findings differ in their numbers ("Example 3 …" and "Example 5 …",
    "… 20% lower" and "… 35% lower") and are two claims."""
    return similar(a, b) and set(NUMBER.findall(a)) == set(NUMBER.findall(b))
