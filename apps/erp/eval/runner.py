"""Asking each question of a set through the agent, and judging the outcome against its gold
answer: the gold SQL's rows (run through the gateway as the same person) or the expected
refusal or clarification. Follow-ups are asked in their question's thread; the threads are
deleted when the evaluation ends (apps/erp/eval/services.py)."""

import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import date
from typing import Any

from apps.accounts.access import AccessContext
from apps.agent.inbound import UserText
from apps.agent.providers import Provider
from apps.agent.runtime import RunOutcome, run_execute
from apps.erp.eval.columns import gold_columns
from apps.erp.eval.compare import same_result
from apps.erp.eval.questions import EvalQuestion, QuestionFileError
from apps.erp.eval.services import eval_thread_create, eval_threads_delete
from apps.gateway.errors import GatewayError
from apps.gateway.policy import default_policy
from apps.gateway.services import run_sql
from apps.gateway.validation import validate

STATUSES = ("ok", "wrong", "refused", "clarified")


@dataclass(frozen=True)
class QuestionResult:
    id: str
    question: str
    status: str  # ok, wrong, refused, clarified
    expected: str  # answer, refuse, clarify
    reason: str
    seconds: float

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


def gold_rows(question: EvalQuestion, *, context: AccessContext, as_of: date) -> list[list[Any]]:
    """The gold SQL's rows; `:as_of` is bound to the evaluation's date when the SQL uses it."""
    sql = question.gold_sql or ""
    try:
        used = validate(sql, policy=default_policy()).parameters
        params = {"as_of": as_of.isoformat()} if "as_of" in used else {}
        return run_sql(sql, context=context, params=params, max_rows=100_000).rows
    except GatewayError as error:
        raise QuestionFileError(
            f"question {question.id}: the gold SQL does not run ({error.code}: {error.message})"
        ) from error


def _answer(outcome: RunOutcome) -> tuple[str, list[list[Any]] | None]:
    """What the run did: ("answered", rows), ("clarified", None) or ("refused", None)."""
    results = [a for a in outcome.artifacts if a.get("kind") == "sql_result"]
    if results:
        return "answered", results[-1].get("rows") or []
    if outcome.status == "needs_input":
        return "clarified", None
    return "refused", None


def judge(question: EvalQuestion, outcome: RunOutcome, gold: list[list[Any]] | None):
    """(status, reason) of one outcome against the question's expectation."""
    done, rows = _answer(outcome)
    if question.expect is not None:
        if done == "answered":
            return "wrong", f"answered, but a {question.expect} was expected"
        wanted = "refused" if question.expect == "refuse" else "clarified"
        return ("ok", "") if done == wanted else (done, f"a {question.expect} was expected")
    if done != "answered":
        text = next((m["text"] for m in reversed(outcome.messages) if m["role"] != "user"), "")
        return done, text[:200]
    equal, why = same_result(rows or [], gold or [], gold_columns(question.gold_sql))
    return ("ok", "") if equal else ("wrong", why)


def evaluate(
    questions: list[EvalQuestion],
    *,
    context: AccessContext,
    provider: Callable[[], Provider],
    as_of: date,
    on_result: Callable[[QuestionResult], None] | None = None,
) -> list[QuestionResult]:
    """Ask every question (after checking that every gold SQL runs) and judge each answer."""
    golds = {
        q.id: gold_rows(q, context=context, as_of=as_of)
        for q in questions
        if q.gold_sql is not None
    }
    threads: dict[str, Any] = {}
    try:
        return [
            _ask(
                question,
                threads,
                context=context,
                provider=provider,
                as_of=as_of,
                gold=golds.get(question.id),
                on_result=on_result,
            )
            for question in questions
        ]
    finally:
        eval_threads_delete(context=context, thread_ids=set(threads.values()))


def _ask(question, threads, *, context, provider, as_of, gold, on_result) -> QuestionResult:
    """Ask one question (a follow-up in its question's thread) and judge its answer."""
    if question.followup_of is not None:
        thread_id = threads[question.followup_of]
    else:
        thread_id = eval_thread_create(context=context, question_id=question.id)
    threads[question.id] = thread_id
    started = time.perf_counter()
    outcome = run_execute(
        context=context,
        thread_id=thread_id,
        message=UserText(type="message", text=question.question),
        provider=provider(),
        as_of=as_of,
    )
    status, reason = judge(question, outcome, gold)
    result = QuestionResult(
        id=question.id,
        question=question.question,
        status=status,
        expected="answer" if question.gold_sql else question.expect or "",
        reason=reason,
        seconds=round(time.perf_counter() - started, 3),
    )
    if on_result is not None:
        on_result(result)
    return result


def summary(results: list[QuestionResult]) -> dict[str, Any]:
    counts = {status: sum(1 for r in results if r.status == status) for status in STATUSES}
    total = len(results)
    return {
        "total": total,
        "right": counts["ok"],
        "wrong": counts["wrong"],
        "refused": counts["refused"],
        "clarified": counts["clarified"],
        "accuracy": round(counts["ok"] / total, 4) if total else 0.0,
        "results": [r.as_json() for r in results],
    }
