"""Sentences cut or glued on their way from the PDF, by their shape.

- what is left of a citation before the subject once the citation went: "Huang we see that …"
  (of "Following Lee and Huang we see that …"), "Park, the …" (of "As in [Kim 2001; Park], the
  …"), "Extensions we focus on …" (a heading's or an opener's last word);
- a sentence that ran into a display the text layer dropped, glued to the next sentence: "Since
  $x > 0$ the update becomes The `fit` function implements …", "… is given by We now …";
- a mark glued after the last word: a footnote's number ("We found 6 of 9 storms 3"), a
  figure's panel label or tick read into the line ("… were plotted as(b)", "… the two groups 2").

Each detector returns the offending part, or None; defects.text_defects runs them beside the
other classes. A glued mark is repaired with certainty (`without_trailing_mark`: the mark goes),
two glued sentences by keeping the second (`second_of_glued`: the paper began it whole), a cut
opening from the paper's whole sentence (propose/bullets.restore_opening); what cannot be
repaired so is dropped and the proposer uses another sentence.
"""

from __future__ import annotations

import re
from functools import cache

from apps.decks.pipeline.lost_text import BASE_VERB
from apps.decks.pipeline.text import MATH_SPAN

# Words that open an English sentence before its subject: adverbs, subordinators, auxiliaries
# of a question. A capitalised word before "we" or before ", the" that is none of these (and
# no -ly adverb) is the tail of something cut away.
_OPENER_WORDS = (
    "as|if|when|whenever|because|since|while|whilst|although|though|"
    "before|after|once|unless|until|till|whether|where|wherever|what|how|why|who|which|"
    "can|could|do|does|did|should|would|shall|will|must|may|might|have|has|had|are|were|"
    "is|was|today|nowadays|sometimes|often|later|below|above|there|perhaps|maybe|yes|no|"
    "together|hereafter|elsewhere|ultimately|again|instead|otherwise|besides|thereafter|"
    "hereby|herein|thereby|last|lately|recently|currently|initially|originally|eventually|"
    "formally|ideally|practically|theoretically|empirically|intuitively|typically|usually|"
    "generally|traditionally|historically|alternatively|nevertheless|meanwhile|so|too|"
    "moreover|furthermore|likewise|similarly|conversely|thus|hence|therefore|accordingly|"
    "consequently|indeed|overall|altogether|finally|first|second|third|next|now|then|here|"
    "still|yet|also|even|only|just|always|never|usually|thereupon|afterward|afterwards|"
    "tomorrow|yesterday|ok|okay|well|again|further|hopefully|regardless|"
    "nonetheless|besides|anyway|anyhow|instead|likewise|admittedly|fortunately|unfortunately"
)
_OPENERS = frozenset(_OPENER_WORDS.split("|"))


@cache
def _openers() -> frozenset[str]:
    # defects.py runs these detectors, so its connectors are read once both are loaded
    from apps.decks.pipeline.defects import CONNECTOR_WORDS

    return _OPENERS | frozenset(CONNECTOR_WORDS.split("|"))


# "Huang we see …", "Extensions we focus …": one capitalised word, then the subject "we" (no
# comma: "Park the car" is an imperative; "Step I deals" a numbered step); with a comma, any
# subject: "Park, the …".
CUT_OPENING = re.compile(
    r"^(?P<word>[A-Z][a-z'’-]+)(?:\s+et\s+al\.?)?"
    r"(?:\s+(?=we\s+[a-z])|\s*,\s+(?=(?:we|the|a|an|it|they|this|these|our|one)\s+[a-z]))"
)


def cut_opening(text: str) -> str | None:
    """The sentence opens with the last word of something cut away (a citation's author, an
    opener's noun) before its subject."""
    match = CUT_OPENING.match(MATH_SPAN.sub("X", text.strip()))
    if match is None:
        return None
    word = match.group("word").lower()
    if word in _openers() or word.endswith("ly") or word.endswith("ing"):
        return None  # "Here we …", "Currently, the …", "Interestingly, we …"
    return match.group(0).strip(" ,")


# A lower-case word, then a word that only opens a sentence, then the sentence's next word in
# lower case (or a formula, or a name from code): "… becomes The `fit` function …", "… given by
# We now …". A title inside the sentence ("the book The Art of …") goes on in capitals.
GLUED_ACROSS_DISPLAY = re.compile(
    r"(?<![.!?:;,\"“(])\b[a-z]{2,}\s+"
    r"(?P<opener>The|We|This|These|Those|It|Our|Then|Thus|Hence|Here|There|Suppose|Let|Note|"
    r"Consider|Since|If|When|Finally|However|Now|In|For|Using|To)\s+(?=[a-z`$])"
)


def glued_across_display(text: str) -> str | None:
    """Two sentences glued where a display between them was dropped: the first stops on a word
    that leads into the display, the second opens in capitals mid-sentence."""
    flat = MATH_SPAN.sub("X", text.strip())
    match = GLUED_ACROSS_DISPLAY.search(flat)
    return match.group(0).strip() if match else None


def second_of_glued(text: str) -> str | None:
    """The second of two sentences glued across a dropped display: it opens where the paper
    began a sentence and runs to the end, whole; the first lost its end with the display."""
    masked = MATH_SPAN.sub(lambda m: "X" * len(m.group(0)), text.strip())
    match = GLUED_ACROSS_DISPLAY.search(masked)
    return text.strip()[match.start("opener") :] if match else None


# A possessive with its noun gone, before a conjunction or punctuation: "their and points" of
# "their (0,0) and (1,1) points", a notation removed as if it were an aside ("her" is also an
# object: "we told her and …").
POSSESSIVE_HOLE = re.compile(
    r"\b(?:their|its|our|his|your|whose)\s*(?:and|or|but|is|are|was|were|[,;:.)])(?=\s|$)", re.I
)


def possessive_hole(text: str) -> str | None:
    """A possessive that lost the noun after it (a notation or formula removed)."""
    match = POSSESSIVE_HOLE.search(MATH_SPAN.sub("X", text))
    return match.group(0) if match else None


# A panel label glued to the last word ("plotted as(b)"), a figure's tick or a footnote's number
# after a plural noun that a count or a determiner makes a noun ("6 of 9 storms 3", "for the two
# groups 2"), or after a singular one an article makes a noun ("outside the usual range 7", "with
# a spring tide 3"); a label noun ("measurement point 2", "Rule 1", "the step 3") takes its number.
# (a function's argument is no panel: "exp(c)", "log(a)")
_GLUED_PANEL = (
    r"(?<=[a-z]{2})(?<!exp)(?<!log)(?<!sin)(?<!cos)(?<!tan)(?<!max)(?<!min)(?<!det)(?<!var)"
    r"(?<!cov)(?<!abs)(?<!sum)(?<!ln)(?<!tr)\((?-i:[a-h])\d?\)"
)
_COUNT_OR_DETERMINER = (
    r"(?:the|these|those|all|both|many|several|some|few|two|three|four|five|six|seven|eight|"
    r"nine|ten|\d+)"
)
_ADJECTIVE = r"[a-z]{2,}(?:al|ic|ive|ous|ful|ary|ant|ent|ern|est|ing|ed)"
_LABEL_NOUNS = (
    r"step|phase|stage|round|case|type|model|version|level|order|rule|point|group|class|section|"
    r"figure|table|item|part|experiment|example|condition|scenario|dataset|wave|week|day|year|"
    r"period|session|block|trial|run|iteration|line|column|row|panel|chapter|equation|lemma|"
    r"theorem|appendix|option|setting|method|approach|algorithm|test|task|study|sample|cluster|"
    r"component|factor|layer|channel|region|zone|area|site|station|plot|grade|degree|dimension|"
    r"rank|size|number|value|index|variable|player|team|subject|patient|participant|unit|node|"
    r"state|mode|cycle|generation|category|problem|question|exercise|release|note|footnote|"
    # a setting's value: "than the default 9", "below the threshold 5", "up to the limit 64"
    r"default|threshold|limit|maximum|minimum|width|height|length|tolerance|precision|rate|"
    r"ratio|weight|seed|depth|count|total|bound|cutoff|budget|quota|capacity"
)
# Verbs a number follows that BASE_VERB lacks (irregular pasts, base forms after a plural).
_VERB_WORDS = (
    "become gave took rose fell got went came reach equal exceed remain total amount drop "
    "climb double triple hit"
)
_VERBS = frozenset(_VERB_WORDS.split())
TRAILING_MARK = re.compile(
    rf"(?:{_GLUED_PANEL}|"
    rf"\b{_COUNT_OR_DETERMINER}\s+(?:{_ADJECTIVE}\s+)?[a-z]{{2,}}[^su\W]s\s+(?P<plural>\d{{1,2}})|"
    # a singular noun after an article and at most one modifier, neither a plural or a verb
    # in -s ("the model equals 2" names its number), nor a participle
    rf"\b(?:the|an?)\s+(?:[a-z]{{2,}}(?<!s)\s+)?(?!(?:{_LABEL_NOUNS})\b)"
    rf"[a-z]{{3,}}(?<!s)(?<!ed)(?<!ing)\s+(?P<single>\d{{1,2}}))"
    r"\s*[.!]?$",
    re.I,
)


def trailing_mark(text: str) -> str | None:
    """A footnote mark, a panel label or a tick glued after the sentence's last word."""
    match = TRAILING_MARK.search(MATH_SPAN.sub("X", text.strip()))
    if match is None:
        return None
    if match.group("single"):
        word = match.group(0).split()[-2]
        if BASE_VERB.fullmatch(word) or word.lower().endswith("ly") or word.lower() in _VERBS:
            return None  # "the ratio became 2", "the count is exactly 2": the number is said
    return match.group("plural") or match.group("single") or match.group(0).strip(" .!")


def without_trailing_mark(text: str) -> str:
    """The sentence without the mark glued after its last word."""
    mark = trailing_mark(text)
    if mark is None:
        return text
    stripped = text.strip()
    end = stripped.rstrip(" .!")
    if not end.endswith(mark):
        return text
    return end[: -len(mark)].rstrip()


# A sentence that stops on a number or an ordinal after "of the" with no noun: "… advantages
# and disadvantages of the three" (the paper goes on "methods." on the next line, column or
# page). A choice among things already named is whole: "the larger of the two", "each of the
# three", "the first of the two": a comparative, a superlative or a quantifier before "of" takes the
# number as its noun ("in the following" is an idiom for "below", so "following" is no count;
# "of all five", "of both" point back to things named before: no cut).
_COUNTED = (
    r"two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|first|second|third|fourth|"
    r"fifth|last|next|previous|proposed|aforementioned"
)
_CHOOSER_WORDS = (
    "each every either neither one none all both any some many most few several part half "
    "rest remainder majority minority combination mix average sum product best worst better "
    "worse least more less other others first second third last two three four five"
)
_CHOOSERS = frozenset(_CHOOSER_WORDS.split())
CUT_ENDING = re.compile(
    r"\b(?P<before>[a-z]+)\s+(?:of|for|to|in|on|from|with|by|among|across|over)\s+"
    rf"(?:the|these|those|its|their|our)\s+(?:{_COUNTED})\s*[.!]?$",
    re.I,
)


def cut_ending(text: str) -> str | None:
    """The sentence ends on a count or an ordinal whose noun went with the PDF's next line:
    "… of the three" (of "… of the three methods.")."""
    flat = MATH_SPAN.sub("X", text.strip())
    match = CUT_ENDING.search(flat)
    if match is None:
        return None
    before = match.group("before").lower()
    if before in _CHOOSERS or before.endswith(("er", "est")):
        return None  # "the larger of the two", "each of the three": the count is the noun
    return match.group(0)[len(match.group("before")) :].strip(" .!")


# A sentence that announces a count of steps and gives only the first ("… is a three-step
# approach: First, the item parameters are computed"): the sentence splitter ended it at the
# first item's full stop, and the other steps went to sentences of their own. (Without a mark
# on the item the colon may open an explanation: "six elements: three models for each of two
# loci" is whole.)
_COUNT_WORDS = r"two|three|four|five|six|2|3|4|5|6"
CUT_LIST = re.compile(
    rf"\b(?:{_COUNT_WORDS})[- ](?:steps?|stages?|phases?|parts?|components?|ingredients?|"
    r"elements?|tasks?|levels?|criteria|conditions?|rules?|ways?|reasons?)\b[^:;.]{0,60}[:;]\s*"
    r"(?P<first>first(?:ly)?\b|\(?(?:1|i|a)[.)])",
    re.I,
)
_LATER_ITEM = re.compile(
    r"\b(?:second(?:ly)?|then|next|finally|lastly|third)\b|\(?(?:2|ii|b)\)", re.I
)


def cut_list(text: str) -> str | None:
    """A lead-in that announces several steps, and its first step only: the list was cut."""
    flat = MATH_SPAN.sub("X", text.strip())
    match = CUT_LIST.search(flat)
    if match is None:
        return None
    return None if _LATER_ITEM.search(flat, match.end()) else match.group(0)


# A bracket opened and never closed: the sentence was cut inside its aside ("… is consistent
# (see", "… in a sparse matrix [see"). Brackets are counted, not paired, so an interval "[0,
# 1)" is no cut, and formulas are counted with the prose: the text layer may set an aside's
# closing bracket inside the formula before it ("(… $\hat{\Phi})$ per se"). Code holds its own.
_HELD = re.compile(rf"{MATH_SPAN.pattern}|`[^`]*`")
_CODE = re.compile(r"`[^`]*`")
# A bracket standing alone as a word is a name, an operator the paper writes in prose without
# code marks ("subsetting [, and ordering work …"), not an aside's opening.
_LONE_BRACKET = re.compile(r"(?<!\S)[(\[{](?=[\s,;.]|$)")


def unclosed_bracket(text: str) -> str | None:
    """The bullet opens a bracket it never closes: it stops inside an aside."""
    flat = _LONE_BRACKET.sub("X", _CODE.sub("X", text.strip()))
    opened = sum(flat.count(b) for b in "([{")
    closed = sum(flat.count(b) for b in ")]}")
    if opened <= closed:
        return None
    last = max(flat.rfind(b) for b in "([{")
    return flat[last:].strip()[:40] or flat[last]


# Shortened words that always lead on to what they shorten for: a sentence never ends at them
# ("… compared with approx.", "… as discussed in Sec.", "… by Dr."). "et al.", "resp." and
# "etc." end sentences; "e.g.", "i.e.", "Fig." and "Eq." are dangling_pointer's.
_LEADING_ABBREVIATIONS = (
    r"cf|vs|viz|approx|ca|esp|incl|w\.r\.t|"
    r"Sec|Secs|Sect|Sects|Ch|Chap|App|Thm|Prop|Lem|Def|Cor|Ref|Refs|Vol|No|Nos|pp|"
    r"Dr|Prof|Mr|Mrs|Ms|Mt|Mts|St|Ste|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec"
)
CUT_ABBREVIATION = re.compile(
    rf"(?:(?<![\w.])(?:{_LEADING_ABBREVIATIONS})\.|"
    # two initials and no surname: "… proposed by J. R." ("the U.S." is an acronym and whole)
    r"(?<![\w.])[A-Z]\.\s+[A-Z]\.)$"
)


def cut_abbreviation(text: str) -> str | None:
    """The sentence ends on a shortened word that leads on to what it shortens for: the
    splitter took its full stop for the sentence's end."""
    match = CUT_ABBREVIATION.search(_HELD.sub("X", text.strip()))
    return match.group(0) if match else None


# Words that announce what comes after them: a sentence that ends on one was cut before it
# ("… two sources, namely", "… robust to outliers, especially", "… the order in which",
# "We show that"; a dangling "e.g." is dangling_pointer's). After a comma, "for example" and "in particular" end a sentence well ("…
# holds for convex sets, for example."); after a semicolon or a colon they open the next clause.
CUT_LEAD_WORD = re.compile(
    r"(?:\b(?:namely|viz|versus|vs|as\s+well\s+as|in\s+order\s+to|"
    r"so\s+that|in\s+which|for\s+which|of\s+which|by\s+which|to\s+which|on\s+which|"
    r"the\s+fact\s+that|(?:show|shows|showed|shown|find|finds|found|note|notes|noted|assume|"
    r"assumes|assumed|ensure|ensures|prove|proves|proved|state|states|stated|know|known|"
    r"observe|observes|observed|argue|argues|argued|claim|claims|suggest|suggests|conclude|"
    r"concludes|concluded|implies|imply|means|mean|requires|require|recall|verify|verifies)"
    r"\s+that)|"
    r",\s*(?:especially|notably|particularly|specifically|like|"
    r"for\s+(?:example|instance)\s*:)|"
    r"[;:]\s*(?:for\s+(?:example|instance)|in\s+(?:particular|contrast|addition|short)|"
    r"by\s+contrast|that\s+is|moreover|furthermore|similarly|likewise|thus|hence|therefore))"
    r"\s*,?$",
    re.I,
)


def cut_lead_word(text: str) -> str | None:
    """The sentence ends on a word that announces what follows it: its rest was cut."""
    match = CUT_LEAD_WORD.search(_HELD.sub("X", text.strip()))
    return match.group(0).strip(" ,;:") if match else None


def cut_before_end(text: str) -> str | None:
    """Any of the cuts the paper's whole sentence repairs: inside an aside, after a word that
    leads on, at a shortened word."""
    return unclosed_bracket(text) or cut_lead_word(text) or cut_abbreviation(text)
