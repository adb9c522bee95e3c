"""The paper's own function words: the words a title cannot end on, read from how the paper
writes, in whatever language it is written.

A title cut inside its phrase ends on a word that leads on — an article, a preposition, a
conjunction, an auxiliary ("Résultats de la", "Vergleich der Modelle mit"). An English list
(`title_defects.DANGLING_WORDS`) knows them only in English. Every language's function words
are its most frequent words (Zipf), and the ones that lead on are the ones a sentence or a
clause never ends on: "de", "la", "mit", "und", "the", "of" stand among a paper's commonest
words and never before a full stop, a comma or a closing bracket; "model", "data", "Daten",
"modèle" are common too but end sentences and phrases all the time. So a word that is among
the paper's commonest and that the paper (nearly) never ends a phrase on is one no title can
end on either.
"""

from __future__ import annotations

import re
from collections import Counter

from apps.decks.pipeline.text import MATH_SPAN

# A word: letters of any script, with an inner apostrophe or hyphen ("l'effet", "d'une")
WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
# What ends a phrase after a word: a stop, a clause's mark, a closing bracket or quote
PHRASE_END = re.compile(r"\s*(?:[.,;:!?)\]»”]|$)")
# The commonest words of a paper: function words are all among them in any language
COMMONEST = 25
# Seen often enough that never ending a phrase is telling
MIN_COUNT = 12
# The share of its uses a function word may end a phrase on (a misread line end, an example
# quoted as a word: "the word *of*.")
MAX_END_SHARE = 0.02
MIN_PAPER_WORDS = 500
# A word nearly always after the same word is the second part of a compound ("silk gland",
# "B. mori"), a noun: a function word follows all kinds of words
MIN_BEFORE_SHARE = 0.2
# The endings of a plural in the languages papers are written in (-s, -es, -en, -er, -e, -i)
PLURAL_ENDINGS = ("s", "es", "en", "er", "e", "n")

_READ: list = []


def _texts(paper) -> list[str]:
    # headings and the title too: a phrase ends where they end ("… of the silk gland")
    parts = [paper.title, paper.abstract or ""]
    parts += [p for s in paper.sections for p in (s.title, *s.paragraphs)]
    parts += [f.caption for f in paper.figures]
    return [MATH_SPAN.sub(" 0 ", part) for part in parts if part]


def leading_words(texts: list[str]) -> frozenset[str]:
    """The words (lower case) of `texts` that are among their commonest and that (nearly) never
    end a phrase: the language's articles, prepositions, conjunctions and auxiliaries."""
    counts: Counter = Counter()
    ends: Counter = Counter()
    before: dict[str, set[str]] = {}
    total = 0
    for value in texts:
        last = ""
        for match in WORD.finditer(value):
            word = match.group(0)
            previous, last = last, word.lower()
            if (
                word[0].isupper()
                and match.start()
                and value[match.start() - 2 : match.start()] != ". "
            ):
                continue  # a name inside a sentence tells nothing of the language's grammar
            lower = word.lower()
            total += 1
            counts[lower] += 1
            before.setdefault(lower, set()).add(previous)
            if PHRASE_END.match(value, match.end()):
                ends[lower] += 1
    if total < MIN_PAPER_WORDS:
        return frozenset()
    leading = {
        word
        for word, count in counts.most_common(COMMONEST)
        if count >= MIN_COUNT
        and len(word) > 1
        and ends[word] <= MAX_END_SHARE * count
        and len(before[word]) >= MIN_BEFORE_SHARE * count
    }
    return frozenset(word for word in leading if not _inflected_noun(word, counts, leading))


def _inflected_noun(word: str, counts: Counter, leading: set[str]) -> bool:
    """Does the paper use `word` with a plural's ending that is no function word of its own
    ("figure" / "figures", "layout" / "layouts": a noun that stands before its name, a number
    or a symbol, "Figure 3", "parameter $k$"; but "de" / "des", "it" / "its" lead on both),
    or is `word` the plural of a word the paper uses ("quantities" / "quantity")?"""
    if any(counts[word + ending] and word + ending not in leading for ending in PLURAL_ENDINGS):
        return True
    singulars = [word[: -len(ending)] for ending in PLURAL_ENDINGS if word.endswith(ending)]
    if word.endswith("ies"):
        singulars.append(word[:-3] + "y")
    return any(counts[one] and one not in leading for one in singulars if len(one) > 1)


def paper_leading_words(paper) -> frozenset[str]:
    """`leading_words` of the paper's running text and captions (the last paper read is kept:
    the reviewer asks about every title of one paper in turn)."""
    if not _READ or _READ[0] is not paper:
        _READ[:] = [paper, leading_words(_texts(paper))]
    return _READ[1]


def leading_end(title: str, paper) -> str | None:
    """The word a title ends on when the paper's own text shows it leads on (a function word of
    the paper's language); None when the title ends on a word that may end a phrase."""
    words = WORD.findall(MATH_SPAN.sub(" 0 ", title))
    if len(words) < 2 or not re.search(r"[^\W\d_]$", title.rstrip(" .")):
        return None
    last = words[-1]
    return last if last.lower() in paper_leading_words(paper) else None


# Where a completed title stops at the latest: a clause's or sentence's mark
CLAUSE_END = re.compile(r"[,;:(]|\.(?:\s|$)")
MAX_COMPLETED_WORDS = 14


def completed(title: str, sources: list[str], paper) -> str | None:
    """The title cut on a word the paper leads on, completed from the caption or sentence it
    opens, up to the first word it does not lead on ("Répartition des espèces selon la" →
    "… selon la profondeur"); None when no source goes on so within its clause."""
    end = leading_end(title, paper)
    if not end:
        return None
    head = re.sub(r"\s+", " ", title).strip()
    leading = paper_leading_words(paper)
    for source in sources:
        flat = re.sub(r"\s+", " ", source).strip()
        at = flat.lower().find(head.lower())
        if at < 0:
            continue
        rest = flat[at + len(head) :]
        stop = CLAUSE_END.search(rest)
        words = (rest[: stop.start()] if stop else rest).split()
        for count in range(1, len(words) + 1):
            whole = f"{head} {' '.join(words[:count])}"
            if len(whole.split()) > MAX_COMPLETED_WORDS or whole.count("$") % 2:
                break
            if words[count - 1].lower().strip("\"'’”") not in leading:
                return whole
    return None
