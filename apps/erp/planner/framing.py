"""The framing around a question: greetings, apologies, thanks and words about the speaker
("I'm new here —", "sorry to bother you,", "as the new finance guy I'd like to know …",
"… because we plan the offsite"). They are dropped before the question is read, each as a
whole clause, so that their words neither refuse a plain question nor change it: the
department in "as the new finance guy" describes the speaker, not what is asked.

A clause is the text between punctuation marks (or "but"). One that opens with a framing
phrase of a vocabulary (`[framing]` in vocabulary/*.toml) is dropped up to its end, or up to
the first of the vocabulary's `ends` after the opener ("… guy | I'd like to know"). A clause
that holds the whole question is never dropped: there would be nothing left to read. When the
rest speaks of the speaker's own group ("my team"), nothing is dropped: the framing may be
what says which group, and the question is read (or refused) as typed.
"""

import re
from functools import cache

from apps.erp.planner.text import tokenize
from apps.erp.semantic import languages, vocabulary
from apps.erp.semantic.vocab import Framing

# Where a clause ends: sentence punctuation (not a point or comma inside a number: "9.000"),
# a dash between words, "but"/"mas".
_BOUNDARY = re.compile(
    r"(?<!\d)[.,]|[.,](?!\d)|[!?;:¡¿…]+|\s[-\u2013\u2014]+\s|\u2014|\b(?:but|mas)\b", re.I
)

Words = tuple[tuple[str, tuple[str, ...]], ...]  # (raw word, its folded tokens)


@cache
def _framings() -> tuple[tuple[str, Framing], ...]:
    found = ((language, vocabulary(language).framing) for language in languages())
    return tuple((language, framing) for language, framing in found if framing is not None)


def _keys(phrases: list[str]) -> list[tuple[str, ...]]:
    keys = {tuple(t.text for t in tokenize(phrase)) for phrase in phrases}
    return sorted((key for key in keys if key), key=len, reverse=True)


def _words(clause: str) -> Words:
    return tuple((raw, tuple(t.text for t in tokenize(raw))) for raw in clause.split())


def _flat(words: Words) -> list[tuple[int, str]]:
    """(index of the raw word, token) for every token of the clause."""
    return [(i, token) for i, (_, tokens) in enumerate(words) for token in tokens]


def _starts_with(tokens: list[str], at: int, keys) -> int:
    """Length of the longest key found at `at` (0 when none)."""
    return next((len(k) for k in keys if tuple(tokens[at : at + len(k)]) == k), 0)


def _kept_part(clause: str, framing: Framing) -> str | None:
    """What is left of a clause that opens with framing: None for nothing, the clause itself
    when it does not open with framing. A reason after the question ("because …") is cut."""
    words = _words(clause)
    flat = _flat(words)
    tokens = [token for _, token in flat]
    opened = _starts_with(tokens, 0, _openers_of(framing))
    if opened:
        ends = _keys(framing.ends)
        end = next((i for i in range(opened, len(tokens)) if _starts_with(tokens, i, ends)), None)
        if end is None:
            return None
        return " ".join(raw for raw, _ in words[flat[end][0] :])
    tails = _keys(framing.tails)
    # the question comes first: a reason is only cut after some words of it
    tail = next((i for i in range(1, len(tokens)) if _starts_with(tokens, i, tails)), None)
    if tail is None:
        return clause
    return " ".join(raw for raw, _ in words[: flat[tail][0]])


def _opener_keys(framing: Framing) -> list[tuple[str, ...]]:
    """The vocabulary's openers and the speaker clauses: "as your HR partner", "as a new
    intern", "I'm the new analyst", "board member question"."""
    speakers = [*framing.speakers, *(f"new {speaker}" for speaker in framing.speakers)]
    leads = [f"{lead} {speaker}" for lead in framing.speaker_leads for speaker in speakers]
    trails = [f"{speaker} {trail}" for speaker in speakers for trail in framing.speaker_trails]
    return _keys([*framing.openers, *leads, *trails])


_OPENERS: dict[int, list[tuple[str, ...]]] = {}  # by id of a (cached, never freed) framing


def _openers_of(framing: Framing) -> list[tuple[str, ...]]:
    if id(framing) not in _OPENERS:
        _OPENERS[id(framing)] = _opener_keys(framing)
    return _OPENERS[id(framing)]


def _speaks_of_own_group(text: str, framing: Framing) -> bool:
    own = set(_keys(framing.own))
    return any((token,) in own for _, tokens in _words(text) for token in tokens)


def _speaks_of_place(text: str, framing: Framing) -> bool:
    place = set(_keys(framing.place))
    return any((token,) in place for _, tokens in _words(text) for token in tokens)


@cache
def _framing_words(language: str) -> frozenset[str]:
    """Every word of the language's framing phrases, its stop words and courtesies: what a
    framing clause may say without naming a group."""
    vocab = vocabulary(language)
    framing = vocab.framing
    phrases = [
        *framing.openers,
        *framing.ends,
        *framing.speakers,
        *framing.speaker_leads,
        *framing.speaker_trails,
        *vocab.courtesies,
    ]
    return frozenset(word for key in _keys(phrases) for word in key) | vocab.stop


def _names_a_group(dropped: str, language: str, framing: Framing) -> bool:
    """The dropped framing says more than who the speaker is — a word beyond the framing's own
    ("new in Sales", "new on the payroll team") or a department's ("the new finance guy"):
    "here" may then be that group."""
    vocab = vocabulary(language)
    departments = {
        word
        for name, texts in vocab.department_values.items()
        for key in _keys([name, *texts])
        for word in key
    }
    words = {token for _, tokens in _words(dropped) for token in tokens}
    return bool(words - _framing_words(language)) or bool(words & departments)


def without_framing(question: str) -> str:
    """The question without the clauses that frame it; the question itself when nothing
    frames it or when dropping would leave nothing."""
    pieces = _BOUNDARY.split(question)
    clauses = [piece.strip() for piece in pieces if piece and piece.strip()]
    for language, framing in _framings():
        kept = [part for clause in clauses if (part := _kept_part(clause, framing))]
        if kept == clauses or not kept:
            continue
        rest = " ".join(kept)
        if _speaks_of_own_group(rest, framing):
            return question
        dropped = " ".join(clause for clause in clauses if clause not in kept)
        if _speaks_of_place(rest, framing) and _names_a_group(dropped, language, framing):
            return question
        clauses = kept
    text = ", ".join(clauses)
    return question if text == ", ".join(_plain(question)) else text


def _plain(question: str) -> list[str]:
    return [piece.strip() for piece in _BOUNDARY.split(question) if piece and piece.strip()]
