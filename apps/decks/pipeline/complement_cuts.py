"""A title cut before the complement its last word needs: "Curves starting" of "Curves
starting from the baseline …", "Estimates consistent" of "Estimates consistent with the
reference values", "Weights proportional" of "Weights proportional to the sample size".

A caption's phrase may end before a preposition ("Scatter plot of the sample | with the fitted
lines"): the noun before it stands. It may not when the word before the preposition is an
adjective or a participle set after its noun: that word says how the noun relates to
something, and the preposition names it. The title then reads whole and says half.

Whether the last word is such a modifier is read from the paper, not from a list: a word the
paper uses as a noun (in the plural, "intervals", "settings"; or ending a phrase, "… of the
training.", "the interval is …") stands at a title's end; a word with an adjective's or a
participle's ending that the paper never uses so ("starting", "consistent", "proportional")
needs what follows it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from apps.decks.pipeline import text, title_defects
from apps.decks.pipeline.caption_labels import LABEL_WORDS
from apps.decks.pipeline.text import MATH_SPAN

# The words that open a complement of an adjective or a participle: "consistent with",
# "starting from", "similar to", "based on", "higher than", "shown as"
COMPLEMENT_OPENERS = frozenset(
    [
        "with",
        "to",
        "from",
        "on",
        "of",
        "by",
        "for",
        "at",
        "in",
        "than",
        "that",
        "as",
        "into",
        "upon",
        "about",
        "between",
        "among",
        "across",
        "against",
        "over",
        "under",
        "within",
        "along",
    ]
)
# The endings of an adjective or a participle ("starting", "fitted", "consistent", "relevant",
# "relative", "similar", "comparable", "proportional", "specific", "analogous"), and the
# irregular participles and adjectives that take a complement
MODIFIER_FORM = re.compile(
    r"^(?:[a-z]{2,}(?:ing|ed|ent|ant|ive|ar|ble|al|ic|ous)|due|prior|close|subject|next|"
    r"made|built|drawn|shown|given|done|seen|taken|written|chosen|found|kept|held|known|"
    r"grown|spent|sent|thrown|driven|hidden|broken)$"
)
PAST_PARTICIPLE = re.compile(
    r"^(?:[a-z]{2,}ed|made|built|drawn|shown|given|done|seen|taken|written|chosen|found|kept|"
    r"held|known|grown|spent|sent|thrown|driven|hidden|broken)$"
)
# A word after which the next is a noun or its modifier, never a modifier set after its noun
DETERMINER = re.compile(
    r"the|an?|this|that|these|those|its|their|our|his|her|each|every|any|some|no|one"
)
# A word before the modifier that makes it a predicate ("is consistent.", "remain similar."):
# its phrase may end there, which says nothing about it as a noun
PREDICATING = re.compile(
    r"(?:\b(?:is|are|was|were|be|been|being|very|more|most|less|least|not|remains?|seems?|"
    r"became|becomes?|appears?|quite|fairly|highly|also|so|too|as)\s+)$",
    re.I,
)
# What follows a noun ending its phrase: a stop, a bracket, the text's end, a verb
NOUN_END = re.compile(
    r"\s*(?:$|[.,;:)!?]|(?:is|are|was|were|has|have|had|can|could|may|might|will|would|"
    r"should|must|does|do|did)\b)",
    re.I,
)
# a caption's label of any series ("Figure 2:", "Tab. 1.", "Scheme 3", "Abbildung 4")
_LABEL = re.compile(rf"^(?:(?:{LABEL_WORDS})\s*\d+[a-z]?\s*[.:]?\s*)", re.I)
_PANEL = re.compile(r"^\(?[a-hA-H]\)\s*(?:[:.]\s+)?")
_REMARK = re.compile(r"(?<=\S)\s*\([^()]{1,30}\)(?=[\s,;.]|$)")
_CONTINUED = re.compile(r"(?:\s*\(continued\))+\s*$", re.I)
MIN_TITLE_WORDS = 2
# A title shortened inside is matched by its first two and last three words
MIN_SHORTENED_WORDS, TAIL_WORDS = 5, 3


def _flat(value: str) -> str:
    return re.sub(r"\s+", " ", value).strip()


def used_as_noun(word: str, evidence: str) -> bool:
    """Does the paper use `word` as a noun: in the plural, or ending a phrase that is no
    predicate ("… of the training.", "the setting is …", but not "… is consistent.")?"""
    lower = word.lower()
    plural = lower + ("es" if lower.endswith(("s", "x", "ch", "sh")) else "s")
    if re.search(rf"(?<![\w-]){re.escape(plural)}\b", evidence, re.I):
        return True
    if PAST_PARTICIPLE.match(lower):
        # a participle ends a phrase as often as a noun does ("… among those fitted."): only
        # a plural ("speeds", "seeds") makes a word in -ed a noun
        return False
    for found in re.finditer(rf"(?<![\w(-]){re.escape(lower)}\b(?!-)", evidence, re.I):
        if NOUN_END.match(evidence, found.end()) and not PREDICATING.search(
            evidence[max(0, found.start() - 40) : found.start()]
        ):
            return True
    return False


def ends_a_phrase(word: str, evidence: str) -> bool:
    """Does the paper end a phrase on `word` anywhere (a stop, a comma, a bracket after it)?"""
    return bool(re.search(rf"(?<![\w-]){re.escape(word)}\s*[.,;:)!?]", evidence, re.I))


def needs_complement(head: str, rest: str, evidence: str | None) -> str | None:
    """The words around the cut ("starting from") when `head`, followed in its source by
    `rest`, ends on a modifier that the source's next word completes, a modifier set after a
    noun that the paper (`evidence`) never uses as a noun; else None. Without the paper's
    text only a participle counts ("Loss measured | for …", "Totals starting | from …"): a
    word in -al or -ent may be a noun ("a single trial", "the main component") that only the
    paper tells."""
    words = head.split()
    if len(words) < MIN_TITLE_WORDS or not rest[:1].isspace():
        return None  # the title ends inside a word, or a stop, comma or remark follows
    last = words[-1].lower()
    following = rest.split(None, 1)[0].lower() if rest.strip() else ""
    if following not in COMPLEMENT_OPENERS or not MODIFIER_FORM.match(last):
        return None
    if DETERMINER.fullmatch(words[-2].lower()):
        return None  # "… distributing the training | of …": after an article a word is a noun
    if PREDICATING.search(" ".join(words[:-1]) + " "):
        # "… residuals are consistent | with …": a predicate stands when the paper ends one
        # on that word anywhere ("… a gene is essential."), else it needs what follows
        if evidence is None or ends_a_phrase(last, evidence):
            return None
        return f"{words[-1]} {following}"
    if evidence is None:
        participle = PAST_PARTICIPLE.match(last) or last.endswith("ing")
        return f"{words[-1]} {following}" if participle else None
    if used_as_noun(last, evidence):
        return None
    return f"{words[-1]} {following}"


def _openings(title: str, sources: Iterable[str]) -> Iterable[tuple[str, str]]:
    """(head, rest) for each source whose text (label, panel letter, short remarks off)
    opens with the title's words."""
    head = _flat(_CONTINUED.sub("", title)).rstrip(" .")
    if not head:
        return
    words = head.split()
    for source in sources:
        whole = _PANEL.sub("", _LABEL.sub("", _flat(source)))
        for candidate in (whole, _REMARK.sub("", whole)):
            if candidate.lower().startswith(head.lower()):
                yield head, candidate[len(head) :]
                break
        else:
            # a title that left a phrase out of the middle ("Proof that residuals | of the
            # mass distribution | versus Q are consistent"): it opens as the source does and
            # its last words stand there together
            if len(words) < MIN_SHORTENED_WORDS:
                continue
            opening, ending = " ".join(words[:2]), " ".join(words[-TAIL_WORDS:])
            if not whole.lower().startswith(opening.lower()):
                continue
            at = re.search(rf"(?<!\S){re.escape(ending)}(?=\s|$|[,;:.)])", whole, re.I)
            if at:
                yield head, whole[at.end() :]


# The last paper read (the paper, its sentences and captions, its text): the reviewer and
# the fixer ask about every title of one paper in turn
_READ: list = []


def _read(paper) -> tuple[list[str], str]:
    if not _READ or _READ[0] is not paper:
        sources = [f.caption for f in paper.figures]
        for paragraph in [paper.abstract or "", *(p for s in paper.sections for p in s.paragraphs)]:
            sources += text.sentences(paragraph)
        parts = [paper.abstract or "", *(f.caption for f in paper.figures)]
        parts += [p for s in paper.sections for p in (s.title, *s.paragraphs)]
        _READ[:] = [paper, sources, _flat(MATH_SPAN.sub(" X ", " \n ".join(parts)))]
    return _READ[1], _READ[2]


def paper_sources(paper) -> list[str]:
    """The texts of the paper a title may be cut from: its captions and its sentences."""
    return _read(paper)[0]


def paper_evidence(paper) -> str:
    """All the paper's running text and captions, for reading how it uses a word."""
    return _read(paper)[1]


def complement_cut(title: str, paper, first: Iterable[str] = ()) -> str | None:
    """The words around the cut when the title is the opening of a caption or sentence of
    the paper (the `first` texts, a slide's own captions, read first) cut before the
    complement its last word needs; None when it is no such opening or ends where a phrase
    may."""
    evidence = paper_evidence(paper)
    for head, rest in _openings(title, [*first, *paper_sources(paper)]):
        cut = needs_complement(head, rest, evidence)
        if cut:
            return cut
    return None


# Where a completed title stops: a clause's or sentence's mark, a remark
CLAUSE_END = re.compile(r"[,;:(]|\.(?:\s|$)")
# Where the complement's phrase may end, once it has its noun: before a further member or a
# new phrase ("… with the field trials | and with the greenhouse runs", "… | for each site")
PHRASE_BREAK = re.compile(r"\s(?=(?:and|or|for|by|with|using|when|where|which|that|while)\s)", re.I)
MAX_COMPLETED_WORDS = 14
MIN_COMPLEMENT_WORDS = 2


def completed(title: str, paper, first: Iterable[str] = ()) -> str | None:
    """The title with the complement it was cut before, to the end of the caption's clause or,
    when that is long, of the complement's phrase ("Estimates consistent" → "Estimates
    consistent with the reference values"); None when the title is cut elsewhere, from a
    sentence of the running text (its clause goes on to its verb: the section's heading
    names it better), or no whole phrase fits fourteen words."""
    evidence = paper_evidence(paper)
    for head, rest in _openings(title, [*first, *(f.caption for f in paper.figures)]):
        if not needs_complement(head, rest, evidence):
            continue
        end = CLAUSE_END.search(rest)
        clause = rest[: end.start()] if end else rest
        stops = [len(clause)] + [
            m.start()
            for m in reversed(list(PHRASE_BREAK.finditer(clause)))
            if len(clause[: m.start()].split()) > MIN_COMPLEMENT_WORDS
        ]
        for stop in stops:
            whole = f"{head} {clause[:stop].strip()}".strip()
            if (
                len(whole.split()) <= MAX_COMPLETED_WORDS
                and whole.count("$") % 2 == 0
                and not needs_complement(whole, "", evidence)
                and not title_defects.title_fragment(whole)
            ):
                return whole
    return None


def made_whole(title: str, paper, first: Iterable[str] = ()) -> str | None:
    """`title` when it is not cut before a complement; else the title completed; else, when
    the complement runs too long, the title without the modifier that wanted it ("… plotted
    against $b$ ranging" → "… plotted against $b$"); None when nothing whole is left. A title
    another check builds from a caption's opening is offered or set only whole: the guard
    refuses a cut one, and the slide then kept a title that did not tell it apart."""
    if not complement_cut(title, paper, first):
        return title
    whole = completed(title, paper, first)
    if whole:
        return whole
    words = title.split()
    while len(words) > MIN_TITLE_WORDS + 1:
        words = words[:-1]
        shorter = " ".join(words).rstrip(" ,;:")
        if not complement_cut(shorter, paper, first) and not title_defects.title_fragment(shorter):
            return shorter
    return None
