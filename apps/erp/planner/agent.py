"""The ERP planner as a builtin-provider planner (apps/agent/providers/builtin.py).

One turn — a question, a form's answers or a changed chip — runs as:

1. `erp_lookup`, when the tenant's names are not in the cache, are old, or the question has
   words they might explain (a new department, a name): every read is a call in the run.
2. `run_sql` with the planned SQL, its column labels and the reading (stored with the result).
3. `erp_reading`: the reading as chips, and the sentence that answers, computed from the rows.
4. That sentence as the closing text.

A follow-up ("and in Marketing?") changes the last reading of the thread; a chip change
changes the reading of the chips' own answer, without reading any question. A question that
lacks a department, a period or an employee gets a clarification form (`show_form`); a refusal
is a text; a request that is not about the ERP is left to other planners (None).

Run context read: `as_of` (a date or ISO string; default today) and `access`.
"""

import json
import uuid
from dataclasses import dataclass, replace
from datetime import date
from typing import Any

from pydantic import ValidationError

from apps.agent.answered_forms import ANSWERS_FORM
from apps.agent.messages import Message
from apps.agent.providers.builtin import Plan, PlannedCall, PlannerInput, planners, register_planner
from apps.erp.entities import NONE, Entities, cached_entities
from apps.erp.planner import Clarification, Planned, Refusal, plan_question, plan_reading
from apps.erp.planner.chips import CHIP_ACTION, apply_chip
from apps.erp.planner.definitions import (
    DEFINITION,
    Definition,
    definitions_of,
    read_definition,
    with_definitions,
)
from apps.erp.planner.difference import difference_of_answers
from apps.erp.planner.forms import FORM_ACTION, clarification_form, form_answers, problems_of
from apps.erp.planner.interpret import ERP_KINDS
from apps.erp.planner.lexicon import language_index, lex
from apps.erp.planner.numdates import read_numeric_dates
from apps.erp.planner.pending import (
    SHOW_FORM,
    PendingForm,
    call_arguments,
    pending_form,
    typed_answers,
)
from apps.erp.planner.reading import NOTES, Reading, ReadingError, reading_from_json
from apps.erp.planner.replylang import reply, reply_language, thread_language
from apps.erp.planner.sentences import capitalized
from apps.erp.planner.typos import chosen_reading
from apps.erp.semantic import answer_languages, languages, vocabulary
from apps.erp.tools import LOOKUP, READING

PLANNER_NAME = "erp"
PRIORITY = 200
RUN_SQL = "run_sql"
FORM_FIELDS = {"department", "period", "periods", "measure", "person"}
# Kinds of words that make a question about the ERP even when its names are not known yet.
ERP_SIGNALS = ERP_KINDS | {"count", "how_much", "agg", "super", "compar", "group", "cmp"}


@dataclass(frozen=True)
class Question:
    text: str
    answers: dict[str, Any] | None = None
    surface_id: str | None = None  # the form whose answers these are


@dataclass(frozen=True)
class ChipChange:
    surface_id: str
    change: dict[str, Any]


def as_of_from(context: dict[str, Any]) -> date:
    value = context.get("as_of")
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        try:
            return date.fromisoformat(value)
        except ValueError:
            pass
    return date.today()


def _observation(message: Message) -> dict[str, Any]:
    try:
        data = json.loads(message.text)
    except (TypeError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def answered_readings(messages: list[Message]) -> list[tuple[Reading, str]]:
    """(reading, artifact id) of every answer of this planner in the history, oldest first."""
    pending: dict[str, dict[str, Any]] = {}
    found: list[tuple[Reading, str]] = []
    for message in messages:
        for call in message.tool_calls:
            arguments = call_arguments(call)
            if call.name == RUN_SQL and "reading" in arguments:
                pending[call.id] = arguments["reading"]
        if message.role == "tool" and message.tool_call_id in pending and not message.is_error:
            artifact = _observation(message).get("artifact_id")
            try:
                reading = reading_from_json(pending.pop(message.tool_call_id))
            except ReadingError:
                continue
            if isinstance(artifact, str):
                found.append((reading, artifact))
    return found


def _chip_artifact(messages: list[Message], surface_id: str) -> str | None:
    for message in messages:
        for call in message.tool_calls:
            arguments = call_arguments(call)
            if call.name == READING and arguments.get("surface_id") == surface_id:
                return arguments.get("artifact_id")
    return None


def _turn(request: PlannerInput) -> Question | ChipChange | str:
    """What the person sent: a question, the answers of a form, or a chip change; a text
    when the form's answers do not hold."""
    message = request.user_message
    action = message.metadata.get("a2ui_action") if message else None
    if isinstance(action, dict) and action.get("name") == CHIP_ACTION:
        context = action.get("context")
        return ChipChange(
            str(action.get("surfaceId", "")), context if isinstance(context, dict) else {}
        )
    if isinstance(action, dict) and action.get("name") == FORM_ACTION:
        context = action.get("context")
        try:
            answers = form_answers(context if isinstance(context, dict) else {})
        except ValidationError as error:
            return vocabulary("en").message("answers_rejected", problems=problems_of(error))
        return Question(answers.question, answers.answers(), str(action.get("surfaceId", "")))
    return Question(request.user_text)


@dataclass(frozen=True)
class TypedAnswer:
    """A typed message read as the answer of the pending form: the question it completes."""

    planned: Planned
    surface_id: str


def _outcome(request: PlannerInput, turn: Question | ChipChange, entities: Entities, as_of: date):
    history = request.messages
    if isinstance(turn, ChipChange):
        artifact = _chip_artifact(history, turn.surface_id)
        readings = dict((a, r) for r, a in answered_readings(history))
        if artifact is None or artifact not in readings:
            return Refusal("needs_model", vocabulary("en").message("nothing_to_change"))
        changed = apply_chip(readings[artifact], turn.change, entities, follows=artifact)
        return plan_reading(changed) if isinstance(changed, Reading) else changed
    if turn.answers is None:
        definition = read_definition(turn.text)
        if definition is not None:  # "define senior staff as employees at level 7 or above"
            return _defined(definition, entities, as_of)
        # the thread's definitions, in their words ("senior staff" → "employees at level 7…")
        turn = replace(turn, text=with_definitions(turn.text, definitions_of(history)))
    if turn.surface_id and _answered_by_typing(history, turn.surface_id, entities, as_of):
        language = reply_language(turn.text, history)
        message = reply(language, "form_answered")
        return Refusal("needs_model", message, language=language, reason="form_answered")
    answered = answered_readings(history)
    previous, follows = answered[-1] if answered else (None, None)
    asked = pending_form(history) if turn.answers is None else None
    if asked is not None:
        answered_here = _answer_typed(turn.text, asked.question, entities, as_of, previous, follows)
        if answered_here is not None:
            return TypedAnswer(answered_here, asked.surface_id)
    if turn.answers is None and asked is None:
        # "what's the difference between the two?": the two latest answers, subtracted
        difference = difference_of_answers(turn.text, entities, answered)
        if isinstance(difference, Reading):
            return plan_reading(difference)
        if difference is not None:
            return difference
    return plan_question(
        turn.text,
        entities=entities,
        as_of=as_of,
        previous=previous,
        follows=follows,
        answers=turn.answers,
        language=thread_language(history) if turn.answers is None else None,
    )


@dataclass(frozen=True)
class Defined:
    """A definition the planner read: said back, kept in the message's metadata."""

    definition: Definition
    language: str


def _defined(definition: Definition, entities: Entities, as_of: date) -> Defined | Refusal:
    """The definition kept when its words are read on their own (a list of people, or a
    count of them), or refused with the reason those words are not read."""
    read = None
    for text in (definition.body, f"how many {definition.body}"):
        read = plan_question(text, entities=entities, as_of=as_of)
        if isinstance(read, Planned | Clarification):
            language = read.reading.language if isinstance(read, Planned) else "en"
            return Defined(definition, language if language in answer_languages() else "en")
    assert isinstance(read, Refusal)
    message = vocabulary(read.language).message(
        "definition_unread", term=definition.term, reason=read.message
    )
    return Refusal("needs_model", message, language=read.language, reason="definition_unread")


def _answered_by_typing(history, surface_id: str, entities, as_of: date) -> bool:
    """Was the form answered by a message typed while it waited ("o ano passado")? Its
    submission would then answer the same question twice: the form no longer runs."""
    return any(
        form.surface_id == surface_id
        and _answer_typed(text, form.question, entities, as_of, None, None) is not None
        for form, text in typed_answers(history)
    )


def _answer_typed(text, asked, entities, as_of, previous, follows) -> Planned | None:
    """A typed answer to the pending clarification ("in 2025", "o ano passado", "Sales")
    completes the question that was asked, as the form's answer would: the question with
    the answer after it. Not when the text is a whole question of its own ("hires in
    2025"): that is a new question, and it is answered as one. A reading typed after "which
    did you mean?" ("hired" for "jired") replaces the typo. A date asked back for its order
    ("3/4/2025") gives way to the period typed."""
    asked = read_numeric_dates(asked, as_of=as_of, drop_ambiguous=True).text
    chosen = chosen_reading(asked, text, lex(asked, entities).language)
    completed = plan_question(
        chosen or f"{asked.rstrip()} {text}",
        entities=entities,
        as_of=as_of,
        previous=previous,
        follows=follows,
    )
    if not isinstance(completed, Planned):
        return None
    alone = plan_question(text, entities=entities, as_of=as_of)
    return None if isinstance(alone, Planned) else completed


def _wants_refresh(outcome) -> bool:
    """Would fresher names change this outcome? Unknown words may be a new department or a
    person; a department or person question shows the current choices."""
    if isinstance(outcome, Refusal):
        return bool(outcome.unknown_words)
    if isinstance(outcome, Clarification):
        return any(m.name in ("department", "person") for m in outcome.missing)
    return False


def _lookup() -> Plan:
    return Plan(calls=[PlannedCall(LOOKUP, {})])


def _plan_turn(request: PlannerInput, turn: Question | ChipChange, as_of: date) -> Plan | None:
    access = request.context.get("access")
    can_lookup = access is not None and LOOKUP in request.tool_names
    refreshed = any(m.name == LOOKUP and not m.is_error for m in request.tool_results)
    cached = cached_entities(access.tenant_id) if access is not None else None
    entities = cached or NONE
    outcome = _outcome(request, turn, entities, as_of)
    answers_form = None
    if isinstance(outcome, TypedAnswer):
        outcome, answers_form = outcome.planned, outcome.surface_id
    if isinstance(outcome, Defined):
        definition = outcome.definition
        text = vocabulary(outcome.language).message(
            "definition_kept", term=definition.term, body=definition.body
        )
        return Plan(text=text, metadata={DEFINITION: definition.as_metadata()})
    not_erp = isinstance(outcome, Refusal) and outcome.kind == "not_erp"
    waiting = pending_form(request.messages) if isinstance(turn, Question) else None
    language = reply_language(request.user_text, request.messages)
    owned = waiting is not None or language != "en"
    left = not_erp and not refreshed and not _maybe_names(request.user_text)
    if left and (not owned or _another_planner_answers(request)):
        return None
    stale = cached is None or not cached.fresh()
    if can_lookup and not refreshed and (stale or _wants_refresh(outcome) or not_erp):
        return _lookup()
    if isinstance(outcome, Planned):
        # No text before the query: the result title and the closing sentence say it once.
        # A typed answer says which form it answered: the page shows that form answered.
        metadata = {ANSWERS_FORM: answers_form} if answers_form else {}
        return Plan(calls=[PlannedCall(RUN_SQL, outcome.arguments())], metadata=metadata)
    if isinstance(outcome, Clarification):
        return _clarify(request, outcome)
    # After a lookup this planner owns the run: it says so itself rather than hand a
    # continuing run to planners whose tools did not run. In a thread waiting on a form, or
    # written in another language than English, it refuses in the person's language and
    # reminds them of the question still waiting.
    return Plan(text=_refusal_text(outcome, waiting, language))


def _refusal_text(outcome: Refusal, waiting: PendingForm | None, language: str) -> str:
    text = outcome.message
    if outcome.kind == "not_erp":
        text = reply(language, "not_erp")
    if waiting is None:
        return text
    return f"{text} {reply(language, 'still_waiting', question=waiting.title)}"


def _another_planner_answers(request: PlannerInput) -> bool:
    """Would another builtin planner take this message ("deixe os botões azuis")? This
    planner is asked first in a thread it answered last, so it must not refuse, in the
    person's language, what another planner would answer."""
    return any(
        name != PLANNER_NAME and planner(request) is not None
        for name, planner in planners.candidates(None)
    )


def _maybe_names(text: str) -> bool:
    """A question about the ERP ("how many…") with words no vocabulary knows: they could be
    the tenant's names, worth a lookup before giving up."""
    lexed = lex(text, NONE)
    kinds = {kind for term in lexed.terms for kind in term.kinds}
    return bool(lexed.unknown) and bool(kinds & ERP_SIGNALS)


def _clarify(request: PlannerInput, clarification: Clarification) -> Plan:
    names = {missing.name for missing in clarification.missing}
    if SHOW_FORM not in request.tool_names or not names <= FORM_FIELDS:
        return Plan(text=_clarification_text(clarification))
    surface_id = f"erp-{uuid.uuid4().hex[:8]}"
    form = clarification_form(surface_id, clarification)
    arguments = {"surface_id": surface_id, "messages": form, "title": clarification.message}
    return Plan(text=clarification.message, calls=[PlannedCall(SHOW_FORM, arguments)])


def _clarification_text(clarification: Clarification) -> str:
    lines = [clarification.message]
    for missing in clarification.missing:
        options = ", ".join(choice.label for choice in missing.choices)
        lines.append(f"{missing.prompt}: {options}.")
    return "\n".join(lines)


def _current_call(request: PlannerInput) -> dict[str, Any]:
    """The arguments of this run's latest run_sql call."""
    for message in reversed(request.messages):
        if message.role == "user":
            break
        for call in message.tool_calls:
            if call.name == RUN_SQL:
                return call_arguments(call)
    return {}


def _language(arguments: dict[str, Any]) -> str:
    reading = arguments.get("reading")
    language = reading.get("language") if isinstance(reading, dict) else None
    return language if language in answer_languages() else "en"


def _notes(shape: dict[str, Any], arguments: dict[str, Any], language: str) -> str:
    vocab = vocabulary(language)
    notes = []
    if shape.get("truncated"):
        notes.append(vocab.message("truncated"))
    reading = arguments.get("reading") if isinstance(arguments.get("reading"), dict) else {}
    top = reading.get("top")
    if (
        isinstance(top, int)
        and isinstance(shape.get("row_count"), int)
        and shape["row_count"] > top
    ):
        notes.append(vocab.message("ties"))
    if reading.get("note") in NOTES:  # "the oldest": read as time at the company
        notes.append(vocab.message(f"note_{reading['note']}"))
    return " ".join(notes)


def _summary(shape: dict[str, Any], arguments: dict[str, Any], language: str) -> str:
    vocab = vocabulary(language)
    title = str(arguments.get("title", ""))
    count = shape.get("row_count")
    if not isinstance(count, int):
        return vocab.message("result_in_table")
    if count == 0:
        return vocab.message("no_rows", title=title)
    return vocab.message("one_row" if count == 1 else "rows", title=title, count=count)


def _after_query(request: PlannerInput, result: Message) -> Plan:
    arguments = _current_call(request)
    language = _language(arguments)
    if result.is_error:
        return Plan(text=vocabulary(language).message("query_failed", error=result.text))
    shape = _observation(result)
    artifact = shape.get("artifact_id")
    if READING in request.tool_names and isinstance(artifact, str) and "reading" in arguments:
        surface = f"reading-{uuid.uuid4().hex[:8]}"
        return Plan(calls=[PlannedCall(READING, {"artifact_id": artifact, "surface_id": surface})])
    text = _summary(shape, arguments, language)
    return Plan(text=_answer(text, _notes(shape, arguments, language)))


def _after_reading(request: PlannerInput, result: Message) -> Plan:
    arguments = _current_call(request)
    language = _language(arguments)
    queried = [m for m in request.tool_results if m.name == RUN_SQL]
    shape = _observation(queried[-1]) if queried else {}
    sentence = _observation(result).get("narrative") if not result.is_error else None
    text = sentence if isinstance(sentence, str) else _summary(shape, arguments, language)
    return Plan(text=_answer(text, _notes(shape, arguments, language)))


def _answer(*parts: str) -> str:
    """The answer's sentences, each starting with a capital as a person writes them."""
    return capitalized(" ".join(part for part in parts if part))


def plan(request: PlannerInput) -> Plan | None:
    """The builtin-provider planner function."""
    if request.tools and RUN_SQL not in request.tool_names:
        return None
    if request.continuing:
        last = request.tool_results[-1]
        if last.name == RUN_SQL:
            return _after_query(request, last)
        if last.name == READING:
            return _after_reading(request, last)
        if last.name != LOOKUP:
            return None
    turn = _turn(request)
    if isinstance(turn, str):
        return Plan(text=turn)
    return _plan_turn(request, turn, as_of_from(request.context))


def register(*, priority: int = PRIORITY) -> None:
    """Add the ERP planner to the builtin provider's registry (once; later calls do nothing).

    It runs after the other builtin planners (a higher number): it refuses every request to
    change ERP-looking data, which a planner for its own objects (candidates, UI preferences)
    should see first. Loads the semantic model and the vocabularies now, so the first question
    is as fast as the others."""
    for language in languages():
        language_index(language)
    if PLANNER_NAME not in planners.names():
        register_planner(PLANNER_NAME, plan, priority=priority)
