"""A run's record: its steps are saved in order with every value as given (quotes,
backslashes, placeholders and non-ASCII text included), replacing any saved before, and a
missing field takes the model's default."""

import pytest

from apps.accounts.access import bound
from apps.agent import services
from apps.agent.models import Run, Step

pytestmark = [pytest.mark.usefixtures("committed_db")]

AWKWARD = "it's \\ \"quoted\" %s %(x)s {} ' ; -- ünïcødé ☃ \u2028"


def _steps(count: int) -> list[dict]:
    return [
        {
            "kind": "decision",
            "proposal": {"text": AWKWARD, "n": number},
            "calls": [{"name": "run_sql", "arguments": {"sql": f"SELECT {number}"}}],
            "observations": [{"call_id": f"c{number}", "observation": {"rows": [[AWKWARD, 1.5]]}}],
            "timings": {"model_ms": 1.25},
            "usage": {"input_tokens": number},
        }
        for number in range(count)
    ]


def _saved(context, run_id) -> list[dict]:
    with bound(context):
        return list(
            Step.objects.filter(run_id=run_id)
            .order_by("index")
            .values("index", "kind", "proposal", "calls", "observations", "timings", "usage")
        )


def test_steps_are_saved_in_order_with_every_value_as_given(acme_context):
    thread = services.thread_create(context=acme_context)
    run = services.run_create(
        context=acme_context, thread_id=thread.id, request="q", provider="builtin"
    )
    record = {"usage": {}, "context_summary": {}}
    services.run_record_save(
        context=acme_context, run_id=run.id, status="finished", steps=_steps(3), **record
    )
    assert _saved(acme_context, run.id) == [
        {"index": index, **step} for index, step in enumerate(_steps(3))
    ]
    # Saved again (a retried record): replaced, not added to.
    services.run_record_save(
        context=acme_context,
        run_id=run.id,
        status="failed",
        steps=[{"kind": "decision"}],
        **record,
    )
    assert _saved(acme_context, run.id) == [
        {
            "index": 0,
            "kind": "decision",
            "proposal": {},
            "calls": [],
            "observations": [],
            "timings": {},
            "usage": {},
        }
    ]
    with bound(acme_context):
        assert Run.objects.get(pk=run.id).status == "failed"


def test_another_tenants_run_gets_no_steps(acme_context, globex_context):
    thread = services.thread_create(context=acme_context)
    run = services.run_create(
        context=acme_context, thread_id=thread.id, request="q", provider="builtin"
    )
    with pytest.raises(Run.DoesNotExist):  # row security: globex sees no such run
        services.run_record_save(
            context=globex_context,
            run_id=run.id,
            status="finished",
            steps=_steps(1),
            usage={},
            context_summary={},
        )
    assert _saved(acme_context, run.id) == []
