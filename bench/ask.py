"""Benchmark of the ERP question path (issues 6 and 13). Prints figures; not a test.

    .venv/bin/python bench/ask.py [--repeat 5]

For the ten questions of each brief (English and Portuguese), answered by the builtin planner
on the demo data, it measures the server-side time from the question to the first artifact
event (run record created, planner, gateway query, chart, artifact stored and its event
stored), p50 and p95, and the planner's share of it (the builtin provider's decision time of
the first step). The tenant's names are read once before the rounds, as the cache would hold
them. The baseline in the same run is the gateway alone running the same SQL, so the ratio
shows what the agent adds around the query.
"""

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "project.settings.dev")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--repeat", type=int, default=5, help="Rounds over the ten questions (default 5)."
    )
    args = parser.parse_args()

    from project import bootstrap

    bootstrap.ensure_database_server()
    import django

    django.setup()
    from django.contrib.auth import get_user_model

    from apps.accounts.access import access_context_for_user
    from apps.agent import events, runtime, selectors, services
    from apps.agent.inbound import UserText
    from apps.erp.entities import entities_refresh
    from apps.erp.eval.brief import ENGLISH, PORTUGUESE
    from apps.erp.planner import Planned, plan_question
    from apps.gateway.services import run_sql

    questions = [*ENGLISH, *PORTUGUESE]
    context = access_context_for_user(get_user_model().objects.get(username="ana"))
    names, _ = entities_refresh(context=context)
    first_artifact: dict[str, float] = {}
    original_emit = events.event_emit

    def timed_emit(event, **kwargs):
        payload = original_emit(event, **kwargs)
        if payload.get("type") == "CUSTOM" and payload.get("name") == "artifact":
            first_artifact.setdefault(str(kwargs.get("run_id")), time.perf_counter())
        return payload

    events.event_emit = timed_emit
    thread = services.thread_create(context=context, title="bench/ask.py")
    to_artifact, planner_share, gateway_only = [], [], []
    for _ in range(args.repeat):
        for question in questions:
            started = time.perf_counter()
            outcome = runtime.run_execute(
                context=context,
                thread_id=thread.id,
                message=UserText(type="message", text=question),
            )
            if outcome.run_id not in first_artifact:
                raise SystemExit(f"no artifact for {question!r}: {outcome.messages[-1]['text']}")
            elapsed = first_artifact[outcome.run_id] - started
            to_artifact.append(elapsed * 1000)
            run = selectors.run_get(context=context, run_id=outcome.run_id)
            first_step = list(run.steps.all())[0]  # prefetched under the bound context
            planner_share.append(first_step.timings["model_ms"] / (elapsed * 1000))
            planned = plan_question(question, entities=names)
            assert isinstance(planned, Planned)
            query_started = time.perf_counter()
            run_sql(planned.sql, context=context, params=planned.params)
            gateway_only.append((time.perf_counter() - query_started) * 1000)
    events.event_emit = original_emit

    print(f"questions: {len(questions)} × {args.repeat} rounds, builtin planner, tenant acme")
    print(
        f"question → first artifact event: p50 {statistics.median(to_artifact):.1f} ms, "
        f"p95 {percentile(to_artifact, 0.95):.1f} ms (target p50 < 100 ms)"
    )
    print(f"planner share of that time: median {statistics.median(planner_share) * 100:.1f} %")
    print(
        f"gateway alone, same SQL: p50 {statistics.median(gateway_only):.1f} ms; "
        f"ratio of medians {statistics.median(to_artifact) / statistics.median(gateway_only):.1f}×"
    )


if __name__ == "__main__":
    main()
