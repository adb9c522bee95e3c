"""The one classifier of UI requests: text → the intents it asks for, with their slots.

1. The request becomes words and mentions (text.py).
2. A shortcut request is read whole: it quotes what the shortcut opens, "and" included.
   Any other request is cut into clauses at its conjunctions (clause.py).
3. Every recognizer reads every clause on its own (RECOGNIZERS: their order plays no part).
4. Where two readings of a clause use the same words, RULES decide; each rule is written
   down with its reason and an example that the tests check. Readings that use different
   words are parts of one request ("dark mode with blue buttons"); two readings of the same
   words that no rule decides between are a conflict, and the person is asked.
5. A clause that no reading understands is read with the clause before it ("hide the sql" +
   "the chart"); a clause whose readings would all have to ask is read with the clause after
   it ("make the buttons" + "the links blue").
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from apps.studio.planner.clause import Clause, clauses, joined, with_verb_of
from apps.studio.planner.read_layout import (
    read_artifact_panel,
    read_panels,
    read_shortcut,
    read_sidebar,
)
from apps.studio.planner.read_theme import (
    read_color,
    read_density,
    read_font,
    read_font_scale,
    read_history,
    read_lightness,
    read_mode,
    read_radius,
    read_readability,
    read_restore,
    read_unsupported,
)
from apps.studio.planner.reading import Reading, reading
from apps.studio.planner.text import MAX_REQUEST_LENGTH, Request

Recognizer = Callable[[Clause], Reading | None]

RECOGNIZERS: dict[str, Recognizer] = {
    "history": read_history,
    "restore": read_restore,
    "mode": read_mode,
    "color": read_color,
    "lightness": read_lightness,
    "font_scale": read_font_scale,
    "font": read_font,
    "readability": read_readability,
    "density": read_density,
    "radius": read_radius,
    "sidebar": read_sidebar,
    "artifact_panel": read_artifact_panel,
    "panels": read_panels,
    "unsupported": read_unsupported,
}
SHORTCUT_INTENTS = frozenset({"shortcut_add", "shortcut_remove", "shortcut_rename"})
# Readings that claim every word of their clause, so they compete with any other reading.
CLAIMS_ALL = SHORTCUT_INTENTS | {"shortcut_pin", "unsupported"}
ANY, COMPLETE, INCOMPLETE = "any reading", "a complete reading", "a reading that would ask"
OTHER = "any reading of another kind"


@dataclass(frozen=True)
class Rule:
    """When readings ``winner`` and ``loser`` use the same words, ``winner`` is meant."""

    name: str
    winner: str | frozenset[str]  # an intent, a set of intents, ANY or COMPLETE
    loser: str | frozenset[str]  # an intent, a set of intents, ANY, OTHER or INCOMPLETE
    because: str
    example: str
    among_complete: bool = True  # only between readings that would both change something

    def decides(self, winner: Reading, loser: Reading) -> bool:
        if self.among_complete and not (winner.complete and loser.complete):
            return False
        if self.loser == OTHER:
            return _fits(self.winner, winner) and not _fits(self.winner, loser)
        return _fits(self.winner, winner) and _fits(self.loser, loser)


def _fits(pattern: str | frozenset[str], candidate: Reading) -> bool:
    if pattern == ANY:
        return True
    if pattern == COMPLETE:
        return candidate.complete
    if pattern == INCOMPLETE:
        return not candidate.complete
    if isinstance(pattern, frozenset):
        return candidate.intent in pattern
    return candidate.intent == pattern


RULES: tuple[Rule, ...] = (
    Rule(
        "a shortcut quotes what it opens",
        SHORTCUT_INTENTS,
        OTHER,
        "After 'add a shortcut to', 'remove the … shortcut' or 'rename the … shortcut', the "
        "words name a shortcut or what it opens, not a change to make now.",
        "add a shortcut to dark mode",
    ),
    Rule(
        "a change is not a page",
        COMPLETE,
        "shortcut_pin",
        "'add X to the sidebar' without the word shortcut: when X is itself a change, the "
        "change is meant; otherwise X is a question or a page to pin.",
        "add more spacing to the sidebar",
    ),
    Rule(
        "a shade of a named color",
        "color",
        "lightness",
        "'a darker blue' names the color; darker says which shade of it, so the color is "
        "set and then shifted, rather than the current color shifted.",
        "make the buttons a darker blue",
    ),
    Rule(
        "the default is the layer underneath",
        "restore",
        "font",
        "'the default font' or 'the normal font' is the default the person started from (the "
        "tenant's, when an admin set one), not one family picked by its name.",
        "use the default font",
    ),
    Rule(
        "anything the planner maps beats 'needs a model'",
        ANY,
        "unsupported",
        "'needs a language model' is the answer only when no other reading understands the "
        "request.",
        "hide the sidebar",
        among_complete=False,
    ),
    Rule(
        "what can be done beats a question",
        COMPLETE,
        INCOMPLETE,
        "A reading that changes something without asking beats one that would have to ask "
        "about the same words: 'make the font blue' names a color, so nobody is asked which "
        "font.",
        "make the font blue",
        among_complete=False,
    ),
)


@dataclass(frozen=True)
class Intent:
    name: str
    slots: dict[str, Any] = field(hash=False)


@dataclass(frozen=True)
class Classification:
    """What a request asks for, in the order it asks (several intents: one request of
    several changes), the rules that decided between competing readings, and readings of
    the same words no rule decides between (``conflict``: ask the person)."""

    intents: tuple[Intent, ...]
    rules: tuple[str, ...] = ()
    conflict: tuple[Intent, ...] = ()
    question: bool = False  # "is dark mode on?": the person asks how things are


@dataclass(frozen=True)
class Resolution:
    survivors: tuple[Reading, ...]
    rules: tuple[str, ...]
    conflict: tuple[Reading, ...]


def _compete(first: Reading, second: Reading) -> bool:
    """Two readings compete when they use the same words as values; one that would ask, or
    that claims the whole clause, competes with any reading sharing a word with it."""
    broad = (
        not first.complete
        or not second.complete
        or first.intent in CLAIMS_ALL
        or second.intent in CLAIMS_ALL
    )
    return bool(first.used & second.used) if broad else bool(first.values & second.values)


def deciding_rule(winner: Reading, loser: Reading) -> Rule | None:
    return next((rule for rule in RULES if rule.decides(winner, loser)), None)


def resolve(readings: list[Reading]) -> Resolution:
    """Drop every reading a rule says another competing reading beats."""
    survivors, decided = [], []
    for candidate in readings:
        beaten_by = [
            rule
            for other in readings
            if other is not candidate and _compete(other, candidate)
            for rule in [deciding_rule(other, candidate)]
            if rule is not None
        ]
        if beaten_by:
            decided.append(beaten_by[0].name)
        else:
            survivors.append(candidate)
    conflict = next(
        (pair for pair in combinations(survivors, 2) if _compete(*pair)),
        (),
    )
    return Resolution(tuple(survivors), tuple(dict.fromkeys(decided)), tuple(conflict))


def _recognized(clause: Clause) -> list[Reading]:
    return [found for recognize in RECOGNIZERS.values() if (found := recognize(clause))]


def clause_readings(clause: Clause) -> list[Reading]:
    """Every reading of ``clause``; a UI change the clause says not to make ("don't make the
    buttons blue") is one reading: declined."""
    declined = clause.declined()
    if declined is not None and _recognized(declined):
        return [reading("declined", {}, values=range(len(clause.mentions)))]
    return _recognized(clause)


def _read_with(before: Clause, clause: Clause) -> list[tuple[Clause, Resolution]]:
    """A clause that means nothing alone, read with the clause before it: as its end ("hide
    the sql" + "the chart"), or, when that leaves its words unread, led by that clause's verb
    as a part of its own ("hide the sidebar" + "the sql" → "hide the sql")."""
    whole = joined(before, clause)
    resolution = resolve(clause_readings(whole))
    own = {i for i, m in enumerate(whole.mentions) if m.first >= clause.first}
    if any(found.used & own for found in resolution.survivors):
        return [(whole, resolution)]
    led = with_verb_of(before, clause)
    if led is not None:
        alone = resolve(clause_readings(led))
        if any(found.complete for found in alone.survivors):
            return [(before, resolve(clause_readings(before))), (led, alone)]
    return [(whole, resolution)]


def _resolved_clauses(request: Request) -> list[Resolution]:
    pieces = clauses(request)
    done: list[tuple[Clause, Resolution]] = []
    carried: Clause | None = None
    for position, piece in enumerate(pieces):
        clause = joined(carried, piece) if carried is not None else piece
        carried = None
        resolution = resolve(clause_readings(clause))
        if not resolution.survivors:
            if done:
                done.extend(_read_with(done.pop()[0], clause))
            else:
                carried = clause
            continue
        asks_only = not any(reading.complete for reading in resolution.survivors)
        if asks_only and position + 1 < len(pieces):
            carried = clause
            continue
        done.append((clause, resolution))
    if carried is not None:
        done.append((carried, resolve(clause_readings(carried))))
    return [resolution for _, resolution in done]


# Requests that open like questions: "what about blue?", "why not blue?", "is it possible to…",
# "is there a way to…" ("do you mind…" is one too: only "do I/we …?" asks how things are).
REQUEST_OPENERS = (
    ("what", "about"),
    ("what", "if"),
    ("why", "not"),
    ("is", "it", "possible"),
    ("is", "there", "way"),
    ("are", "you", "able"),
)


def _asks_how_things_are(request: Request) -> bool:
    """True for questions about the current look: "is dark mode on?", "what color are the
    buttons?", "do I have dark mode on?"."""
    words = tuple(word.text for word in request.words)
    if len(words) < 2 or any(words[: len(opener)] == opener for opener in REQUEST_OPENERS):
        return False
    if words[0] == "do":  # "do not hide the sql" is no question
        return words[1] in ("i", "we") and request.asked
    first = request.mentions[0] if request.mentions else None
    return first is not None and first.first == 0 and first.has("question")


def classify(text: str) -> Classification | None:
    """The intents a UI request asks for, or None when ``text`` is not a UI request."""
    if not text or len(text) > MAX_REQUEST_LENGTH:
        return None
    request = Request(text)
    if not request.words:
        return None
    resolutions, rules = [], []
    whole = Clause(request, 0, len(request.words))
    shortcut = read_shortcut(whole)
    if shortcut is not None:
        resolution = resolve([shortcut, *clause_readings(whole)])
        rules = list(resolution.rules)
        if shortcut in resolution.survivors:
            resolutions = [resolution]
    if not resolutions:
        resolutions = _resolved_clauses(request)
    # In the order the request asks for them (a clause's readings come in no special order).
    survivors: list[Reading] = []
    for resolution in resolutions:
        for found in sorted(resolution.survivors, key=lambda found: min(found.used, default=0)):
            same = survivors and (survivors[-1].intent, survivors[-1].slots) == (
                found.intent,
                found.slots,
            )
            if not same:  # "oops, undo" asks for one undo
                survivors.append(found)
    if not survivors:
        return None
    conflict = next((r.conflict for r in resolutions if r.conflict), ())
    return Classification(
        intents=tuple(Intent(r.intent, r.slots) for r in survivors if r not in conflict),
        rules=tuple(dict.fromkeys(rules + [rule for r in resolutions for rule in r.rules])),
        conflict=tuple(Intent(r.intent, r.slots) for r in conflict),
        question=_asks_how_things_are(request),
    )
