"""Event words ("hired", "left") that do not name the measure on their own: an event with its
time and nothing else measured counts that event; a leaving word with no time of its own next
to a timed hire ("hired in 2025 who already left") says who is counted, not what."""

from dataclasses import replace

from apps.erp.planner.frame import Frame

HIRE, LEAVE = "hire_date", "termination_date"


def _timed(index: int, times, terms=None) -> bool:
    """The event word has its own time: right after it, or after the department it happened in
    ("contratado em Marketing em 2025", "saíram de Vendas no ano passado")."""
    return any(t.periods and _only_place(terms, index + 1, min(t.terms)) for t in times)


def _only_place(terms, start: int, end: int) -> bool:
    if end < start:
        return False
    if terms is None:
        return end == start
    between = terms[start:end]
    if not any(term.has("value") for term in between):
        return end == start
    return all(term.has("value") or set(term.tags) <= PLACE_WORDS for term in between)


# "em", "de", "in", "from" before a department: prepositions the time expressions also use
PLACE_WORDS = {("time", "of")}


def implied_event(
    frame: Frame, times, terms, own: dict[str, str], ranked: str | None = None
) -> Frame:
    """ "Quem foi contratado em 2026?": an event word with its time and nothing else measured
    counts that event (its measure), as "hired" does where the word names the measure too; so
    does an event a recency word ranks ("os 3 últimos a sair", "the last 3 to leave": `ranked`
    is its date field) when nothing else is measured or counted."""
    alone = not (frame.measures or frame.facts or frame.subject)
    implied = [
        own[field]
        for field, index in frame.events
        if field in own
        and terms[index].value("measure") is None
        and (_timed(index, times, terms) or (alone and field == ranked))
    ]
    if not implied:
        return frame
    return replace(frame, measures=tuple(dict.fromkeys([*frame.measures, *implied])))


def gone_without_time(frame: Frame, times, terms) -> tuple[Frame, str | None]:
    """ "People hired in 2025 who have left": the hires of 2025, only those gone by now
    (population "former"); the leaving word is no second measure. Anything else: unchanged —
    "how many joined and how many left" asks two counts."""
    leaving = [i for field, i in frame.events if field == LEAVE]
    hired = [i for field, i in frame.events if field == HIRE]
    # the time ("in 2024") is the hire's: it is not next to the leaving word
    if not (leaving and hired and any(t.periods for t in times)):
        return frame, None
    if any(terms[k].has("count") for k in range(min(hired) + 1, max(leaving))):
        return frame, None
    if any(_timed(i, times) for i in leaving):
        return frame, None
    events = tuple(e for e in frame.events if e[0] != LEAVE)
    measures = tuple(m for m in frame.measures if m != "terminations")
    return replace(frame, events=events, measures=measures), "former"
