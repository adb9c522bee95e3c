""" "What's the difference between the two?" after two answers: the later answer's measure over
both answers' periods, with the change between them (later period minus earlier).

A turn that only asks for a difference ("difference?", "and the gap between the two?", "qual a
diferença entre os dois?") names nothing a follow-up could change, so the previous answer alone
cannot say what to subtract: it is the two latest answers of the thread. They are read as one
question "<measure> in <period A> vs <period B>" — the reading a question asking for the
change from A to B has (`change = "absolute"`), so its SQL, title, chips and sentence are the
ones that question gets. Only two answers that are the same single value of the same measure
with the same conditions, one period each, are subtracted; any other pair (two departments,
two measures, a grouped answer) is refused saying so — never the difference of two numbers
the person did not compare.
"""

from dataclasses import replace

from apps.erp.entities import Entities
from apps.erp.planner.lexicon import Lexed, lex
from apps.erp.planner.outcomes import refusal
from apps.erp.planner.reading import Reading, Refusal

# The kinds of words a turn asking only for the difference may have besides its difference
# word: "what" (which), "between", "the two" (number_word 2), "and" (followup, range_and),
# "how big" (count), "that" (anaphora). A period, a measure or a department makes the turn a
# question of its own, read as any other.
ALLOWED = {"which", "between", "number_word", "followup", "range_and", "count", "anaphora"}
DIFFERENCE = ("change", "any")


def asks_difference(lexed: Lexed) -> bool:
    """Is the turn a difference word and nothing else that a question could be about?"""
    if lexed.unknown or not lexed.terms:
        return False
    if not any(DIFFERENCE in term.tags for term in lexed.terms):
        return False
    for term in lexed.terms:
        if DIFFERENCE in term.tags:
            continue
        if not any(kind in ALLOWED for kind, _ in term.tags):
            return False
        if any(kind == "number_word" and value != 2 for kind, value in term.tags):
            return False
    return True


def difference_of_answers(
    text: str, entities: Entities, answered: list[tuple[Reading, str]]
) -> Reading | Refusal | None:
    """The reading of a difference turn over the thread's two latest answers; a refusal when
    those two cannot be subtracted; None when the turn is not a difference turn (or the
    thread has fewer than two answers: the turn is then read as usual)."""
    if len(answered) < 2:
        return None
    (before, _), (latest, follows) = answered[-2], answered[-1]
    lexed = lex(text, entities, language=latest.language)
    if not asks_difference(lexed):
        return None
    language = lexed.language
    if not _same_but_period(before, latest):
        return refusal(language, "difference_of_periods_only")
    earlier, later = sorted((before.periods[0], latest.periods[0]), key=lambda p: (p.start, p.end))
    return replace(
        latest,
        language=language,
        periods=(earlier, later),
        change="absolute",
        change_word="change",
        reference=None,
        follows=follows,
    )


def _single_value(reading: Reading) -> bool:
    """One number: no groups, list, ranking, share, change, second measure or ratio."""
    return not (
        reading.dimensions
        or reading.listing
        or reading.top is not None
        or reading.order is not None
        or reading.share is not None
        or reading.change is not None
        or reading.also
        or reading.ratio
        or reading.per is not None
        or reading.per_head
        or reading.sort is not None
        or reading.bands
    )


def _same_but_period(before: Reading, latest: Reading) -> bool:
    """The same single value of the same measure and conditions, each over its own period."""
    if not (_single_value(before) and _single_value(latest)):
        return False
    if len(before.periods) != 1 or len(latest.periods) != 1:
        return False
    if before.periods[0] == latest.periods[0]:
        return False

    def rest(reading: Reading) -> Reading:
        return replace(
            reading,
            periods=(),
            reference=None,
            follows=None,
            language=latest.language,
            chart=None,
            note=None,
        )

    return rest(before) == rest(latest)
