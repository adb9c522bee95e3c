"""A bullet cut from a sentence of the paper keeps what the sentence's claim depends on.

On unseen papers the loop's revisions put on slides a sentence's main clause without the
condition it holds under ("… the site is older than the town", from "If the layer is dated to
the flood, the site is older than the town"), or a sentence whose supposition is the sentence
before it in the paper ("Suppose the levy doubles. Revenue then falls by a third."): a
hypothetical shown as a fact, which the deck then seems to contradict elsewhere. The loop also
added slides (a conclusions slide) whose bullets were sentences cut before their verb, the
subject gone. The reviewer's text checks read each bullet alone, and all of these read well.

`faults` reads a bullet against the sentence of the paper it was cut from: the condition cut off
(a clause opening with a conditional subordinator before or after the words kept), the subject
cut off (subject_cuts.drops_subject), or a whole sentence whose paper sentence before it
supposes what it states. text_gate runs it on every sentence a repair puts on a slide.
"""

from __future__ import annotations

import re

from apps.decks.pipeline import subject_cuts, text
from apps.decks.pipeline.paper import Paper

# Subordinators that make a clause a condition of the main one (a temporal "when" included:
# "when dated to the flood" is a condition on the date)
CONDITION = re.compile(
    r"^\W*(?:if|unless|provided|providing|assuming|supposing|suppose|given\s+that|"
    r"in\s+case|as\s+long\s+as|only\s+if|even\s+if|when|whenever|in\s+the\s+event)\b",
    re.I,
)
# A sentence that sets up a supposition for the sentences after it: an imperative to suppose
SUPPOSITION = re.compile(
    r"^\W*(?:suppose|assume|imagine|let\s+us\s+(?:assume|suppose|imagine)|if\s+we\s+assume)\b",
    re.I,
)
# text that stops on a clause's comma: the sentence goes on in the next unit the extraction made
OPEN_CLAUSE = re.compile(r"[,;]\s*$")
# an item of a list (its items end on ";" or "," and each stands alone)
LIST_ITEM = re.compile(r"^\W*?(?:[-–•·*\u2776-\u2793]|\(\w{1,4}\)|\d{1,2}[.)])\s")
# the most words a pointer or aside cut from a sentence's middle spans ("Figure 10", "(see
# Table 2)")
MAX_GAP = 4
DROPS_CONDITION = "drops its condition"
DROPS_SUBJECT = "cut without its subject"
LOSES_SUPPOSITION = "stated without its supposition"


_CACHE: dict[int, tuple[Paper, tuple[str, ...]]] = {}


def sentences(paper: Paper) -> tuple[str, ...]:
    """The paper's sentences in order (kept per paper object: the gate asks for every bullet)."""
    kept = _CACHE.get(id(paper))
    if kept is not None and kept[0] is paper:
        return kept[1]
    found = tuple(
        sentence
        for section in paper.sections
        for paragraph in section.paragraphs
        for sentence in text.sentences(paragraph)
    )
    if len(_CACHE) > 8:
        _CACHE.clear()
    _CACHE[id(paper)] = (paper, found)
    return found


def _word_list(value: str) -> list[str]:
    return [m.group(0).lower() for m in subject_cuts.WORD.finditer(value)]


def source(bullet: str, paper: Paper) -> tuple[int, str] | None:
    """(index, sentence): the paper's sentence whose words hold the bullet's words as one run,
    the bullet's words at least four; None when no sentence does."""
    mine = _word_list(bullet)
    if len(mine) < 4:
        return None
    for index, sentence in enumerate(sentences(paper)):
        theirs = _word_list(sentence)
        for start in range(len(theirs) - len(mine) + 1):
            if theirs[start : start + len(mine)] == mine:
                return index, sentence
    return None


def gap_cut(bullet: str, paper: Paper) -> tuple[str, str, str] | None:
    """(what comes before the cut, the words cut out, what follows them) when the bullet is a paper sentence with one
    span cut out of its middle ("For the data, Figure 10 indicates …" → "For the data
    indicates …"); None when no sentence is."""
    mine = _word_list(bullet)
    if len(mine) < 6:
        return None
    for sentence in sentences(paper):
        found = list(subject_cuts.WORD.finditer(sentence))
        theirs = [m.group(0).lower() for m in found]
        extra = len(theirs) - len(mine)
        if not 0 < extra <= MAX_GAP or theirs[0] != mine[0] or theirs[-1] != mine[-1]:
            continue
        start = next((i for i, (a, b) in enumerate(zip(theirs, mine, strict=False)) if a != b), 0)
        if start and theirs[start + extra :] == mine[start:]:
            cut = sentence[found[start].start() : found[start + extra - 1].end()]
            return sentence[: found[start].start()], cut, sentence[found[start + extra].start() :]
    return None


def _tail(sentence: str, bullet: str) -> str:
    """What of `sentence` follows the bullet's last word."""
    mine = _word_list(bullet)
    found = list(subject_cuts.WORD.finditer(sentence))
    theirs = [m.group(0).lower() for m in found]
    for start in range(len(theirs) - len(mine) + 1):
        if theirs[start : start + len(mine)] == mine:
            return sentence[found[start + len(mine) - 1].end() :]
    return ""


def drops_condition(sentence: str, bullet: str) -> bool:
    """Is the bullet the sentence with a conditional clause cut off, before or after it?"""
    lead = subject_cuts.cut_lead(sentence, bullet) or ""
    # the lead's clauses: a condition opens the sentence or follows a comma inside the lead
    if any(CONDITION.match(part) for part in re.split(r"[,;:]", lead) if part.strip()):
        return True
    tail = _tail(sentence, bullet)
    return bool(tail.strip(" .") and CONDITION.match(tail.lstrip(" ,;:—–(")))


def faults(bullet: str, paper: Paper, before: str = "") -> list[str]:
    """What the bullet loses of the paper's sentence it comes from; `before` is the text shown
    above it on its slide (a supposition shown there is not lost)."""
    found = source(bullet, paper)
    if found is None:
        gap = gap_cut(bullet, paper)
        # the span cut from the middle was the subject of the verb after it, and what comes
        # before it is an opening phrase ("For the data, | Figure 10 | indicates …"), no subject
        if (
            gap
            and subject_cuts._opens_with_verb(gap[2])
            and subject_cuts._can_be_subject(gap[1], closed=False)
            and not subject_cuts._can_be_subject(gap[0], closed=True)
        ):
            return [DROPS_SUBJECT]
        return []
    index, sentence = found
    result = []
    if drops_condition(sentence, bullet):
        result.append(DROPS_CONDITION)
    if subject_cuts.drops_subject(sentence, bullet):
        result.append(DROPS_SUBJECT)
    whole = _word_list(sentence) == _word_list(bullet)
    previous = sentences(paper)[index - 1] if index > 0 else ""
    listed = LIST_ITEM.match(previous) or LIST_ITEM.match(sentence)
    if OPEN_CLAUSE.search(previous) and not listed and not _shown(previous, before):
        # the extraction split a sentence after its opening clause (a column or page break):
        # the "sentence" is the main clause of one whose condition is the text before
        result.append(DROPS_CONDITION)
    if whole and SUPPOSITION.match(previous) and not _shown(previous, before):
        result.append(LOSES_SUPPOSITION)
    return result


def _shown(sentence: str, before: str) -> bool:
    """Does the text above the bullet carry the sentence (its words, most of them)?"""
    return bool(before) and text.similar(sentence, before)
