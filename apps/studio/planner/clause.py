"""Clauses: the parts of a request that each ask for one change ("dark mode and blue buttons").

A request splits at conjunctions ("and", "also", ",", ";") that stand between mentions; each
clause is read on its own, and a clause that means nothing by itself ("the chart" in "hide the
sql and the chart") is read together with its neighbour (classifier.py).
"""

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from apps.studio.planner.lexicon import OBJECT_KINDS
from apps.studio.planner.text import Mention, Request

# Grammar that no reading needs to account for.
ALWAYS_EXPLAINED = ("filler", "conjunction", "place")


@dataclass(frozen=True)
class Clause:
    """Words ``first``..``last - 1`` of a request and the mentions among them."""

    request: Request
    first: int
    last: int
    lead: Mention | None = None  # a verb borrowed from the clause before ("hide … and the sql")

    @cached_property
    def mentions(self) -> tuple[Mention, ...]:
        own = tuple(
            mention
            for mention in self.request.mentions
            if self.first <= mention.first and mention.last <= self.last
        )
        return (self.lead, *own) if self.lead is not None else own

    @property
    def text(self) -> str:
        return " ".join(word.text for word in self.request.words[self.first : self.last])

    @cached_property
    def _by_kind(self) -> dict[str, list[tuple[int, Mention]]]:
        found: dict[str, list[tuple[int, Mention]]] = {}
        for index, mention in enumerate(self.mentions):
            for kind in dict.fromkeys(kind for kind, _ in mention.roles):
                found.setdefault(kind, []).append((index, mention))
        return found

    def of(self, kind: str) -> list[tuple[int, Mention]]:
        """(index, mention) of the mentions that can play ``kind``, in order."""
        return list(self._by_kind.get(kind, ()))

    def has(self, kind: str) -> bool:
        return any(mention.has(kind) for mention in self.mentions)

    def value(self, kind: str) -> object | None:
        """The value of the first mention that can play ``kind``."""
        found = self.of(kind)
        return found[0][1].value(kind) if found else None

    def is_place(self, index: int) -> bool:
        """True when the mention stands right after a place word: "in the panels"."""
        if index == 0:
            return False
        before = self.mentions[index - 1]
        return before.has("place") and before.last == self.mentions[index].first

    @cached_property
    def objects(self) -> list[tuple[int, Mention]]:
        """What the clause is about: object nouns that are not places, or, when every object
        noun is a place ("in the sidebar, …"), all of them."""
        nouns = [
            (i, mention)
            for i, mention in enumerate(self.mentions)
            if any(kind in OBJECT_KINDS for kind, _ in mention.roles)
        ]
        free = [(i, mention) for i, mention in nouns if not self.is_place(i)]
        return free or nouns

    def object_is(self, kind: str) -> bool:
        """True when the clause's first object can play ``kind``."""
        return bool(self.objects) and self.objects[0][1].has(kind)

    def unexplained(self, used: Iterable[int]) -> list[str]:
        """Words that neither the mentions in ``used`` nor fillers explain; a reading that
        must account for every word (hiding a panel) checks that there are none."""
        used = set(used)
        covered: set[int] = set()
        for i, mention in enumerate(self.mentions):
            if i in used or any(mention.has(kind) for kind in ALWAYS_EXPLAINED):
                covered.update(range(mention.first, mention.last))
        words = self.request.words
        return [words[i].text for i in range(self.first, self.last) if i not in covered]

    def opens_with(self, kind: str) -> bool:
        """True when the clause's first word that is not a filler begins a mention that can
        play ``kind`` ("please hide the sql" opens with a visibility word)."""
        for mention in self.mentions:
            if mention.has(kind):
                return self._no_gap_before(mention)
            if not mention.has("filler"):
                return False
        return False

    def declined(self) -> "Clause | None":
        """What the clause says not to do ("don't make the buttons blue", "never hide the
        sql"), or None; "don't show the sql" is one phrase, a way to say hide."""
        content = [m for m in self.mentions if not m.has("filler")]
        if content and content[0].text == "do":
            content = content[1:]
        if len(content) < 2 or not content[0].has("negation"):
            return None
        if not (content[1].has("verb") or content[1].has("visibility")):
            return None  # "not blue, green": a refused value, not a refused change
        if content[1].first != content[0].last or not self._no_gap_before(content[0]):
            return None
        return Clause(self.request, content[1].first, self.last)

    def _no_gap_before(self, mention: Mention) -> bool:
        if mention is self.lead:
            return True
        covered = sum(
            m.last - m.first
            for m in self.mentions
            if self.first <= m.first and m.last <= mention.first
        )
        return mention.first - self.first == covered


SPLITTERS = frozenset({"and", "then", "and then", "and also", "as well as", "plus", ",", ";", "&"})


def clauses(request: Request) -> list[Clause]:
    """The request cut at the conjunctions that stand between mentions."""
    parts, start = [], 0
    for mention in request.mentions:
        if mention.text in SPLITTERS and mention.roles == (("conjunction", True),):
            parts.append(Clause(request, start, mention.first))
            start = mention.last
    parts.append(Clause(request, start, len(request.words)))
    return [part for part in parts if part.last > part.first]


def joined(first: Clause, second: Clause) -> Clause:
    """Two neighbouring clauses read as one ("hide the sql" + "the chart")."""
    return Clause(first.request, first.first, second.last, first.lead)


def with_verb_of(before: Clause, clause: Clause) -> Clause | None:
    """``clause`` led by the verb ``before`` opens with ("hide the sidebar" + "the sql"), or
    None when ``before`` opens with none."""
    verbs = [m for m in before.mentions if m.has("verb") or m.has("visibility")]
    if not verbs or not before.opens_with("verb") and not before.opens_with("visibility"):
        return None
    return Clause(clause.request, clause.first, clause.last, verbs[0])
