"""The paper's lower-case names: a package or tool the paper writes in lower case even where a
sentence opens with it ("snowfall is an R package …", "… memory. driftwood is …").

Such a word keeps its case on a slide (never "Snowfall is …"), and a sentence may open with it
(the splitter splits before it). The names are read from the paper's own text once per deck
(`known_in`) and held for the build in a context variable, so that the text helpers that
split and capitalise read them without every caller passing the paper along.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_NAMES: ContextVar[frozenset[str]] = ContextVar("lowercase_names", default=frozenset())

# A word at a sentence's opening: the text's start, or after a full stop and a space.
_OPENING = re.compile(r"(?:^|(?<=[.!?])\s+)([A-Za-z][a-z\d]*)\b")
# … as the subject of its sentence, a verb after it ("xts is …", "snowfall offers …"): a name,
# not a word a list item or a line of code left at a sentence's opening ("computes the …").
_SUBJECT = re.compile(
    r"(?:^|(?<=[.!?])\s+)([a-z][a-z\d]*)\s+(?:is|was|are|were|has|had|have|can|could|does|"
    r"did|will|would|may|might|must|should|also|then|now|"
    r"(?!(?:this|its|as|us|his|thus|whereas|across|plus|less|unless)\b)[a-z]{2,}[^s\W]s)\b"
)
# A word inside a sentence, after a lower-case word or a comma: its case is the paper's own.
_INSIDE = re.compile(r"(?<=[a-z,;] )([A-Za-z][a-z\d]*)\b")


def current() -> frozenset[str]:
    """The lower-case names of the paper being built (empty outside a build)."""
    return _NAMES.get()


def is_name(word: str) -> bool:
    return word in _NAMES.get()


def opening_name(text: str) -> bool:
    """The text opens with one of the paper's lower-case names, as the paper writes it."""
    found = re.match(r"[a-z][a-z\d]*\b", text)
    return bool(found and is_name(found.group(0)))


def read_names(texts: Iterable[str]) -> frozenset[str]:
    """Words the paper opens sentences with in lower case more often than capitalised, and
    never capitalises inside a sentence, written in lower case three times or more: a name
    ("xts", "snowfall"), not a word an extraction slip left lower case ("… 2.3. the model")."""
    # read here: text.py reads this module's names when it splits and capitalises
    from apps.decks.pipeline import text

    lower_open: Counter[str] = Counter()
    upper_open: Counter[str] = Counter()
    upper_inside: Counter[str] = Counter()
    lower_all: Counter[str] = Counter()
    subjects: set[str] = set()
    for passage in texts:
        protected = text.protect_abbreviations(passage)
        for word in _OPENING.findall(protected):
            (lower_open if word[0].islower() else upper_open)[word.lower()] += 1
        subjects.update(_SUBJECT.findall(protected))
        for word in _INSIDE.findall(protected):
            if word[0].isupper():
                upper_inside[word.lower()] += 1
        lower_all.update(re.findall(r"(?<![\w.\-/])[a-z][a-z\d]+\b", passage))
    return frozenset(
        word
        for word, count in lower_open.items()
        if word in subjects
        and count > upper_open[word]
        and not upper_inside[word]
        and lower_all[word] >= 3
        and word not in text.STOPWORDS
    )


@contextmanager
def known_in(texts: Iterable[str]) -> Iterator[frozenset[str]]:
    """Hold the names read from these texts (the paper's abstract and paragraphs) while the
    deck is built."""
    names = read_names(texts)
    token = _NAMES.set(names)
    try:
        yield names
    finally:
        _NAMES.reset(token)
