"""Two first inputs of one person on a new threadId at once (the official @ag-ui/client sending
several runs on one fresh thread): both looked for the thread, found none, and both inserted
it; the insert that lost the race raised IntegrityError, which the binding read as "someone
else's thread": `404 UNKNOWN_THREAD … names a thread that is not yours`, to its own owner.
Now the loser looks again and gets the thread the other input just made; the thread still
refuses everyone else (tests/probe/test_thread_ownership.py)."""

import threading
import uuid

import pytest
from django.db import connection

from apps.agent import agui, selectors
from apps.agent.refusals import Refusal

pytestmark = [pytest.mark.usefixtures("committed_db")]


def _both_look_before_either_inserts(monkeypatch) -> None:
    """The interleaving the race needs, made certain: each input's first look at the
    person's threads returns only when the other input has looked too."""
    looked = threading.Barrier(2, timeout=30)
    first_look = threading.local()
    look = selectors.thread_first_visible

    def racing_look(**kwargs):
        found = look(**kwargs)
        if not getattr(first_look, "done", False):
            first_look.done = True
            looked.wait()
        return found

    monkeypatch.setattr(selectors, "thread_first_visible", racing_look)


@pytest.mark.parametrize("thread_name", ["named", "uuid"])
def test_first_inputs_at_once_on_a_new_thread_both_reach_it(acme_context, monkeypatch, thread_name):
    client_thread_id = str(uuid.uuid4()) if thread_name == "uuid" else f"chat-{uuid.uuid4()}"
    _both_look_before_either_inserts(monkeypatch)
    outcomes: list[object] = []

    def first_input():
        try:
            outcomes.append(agui._thread(acme_context, client_thread_id))
        except Refusal as refused:
            outcomes.append(f"{refused.status} {refused.code}: {refused}")
        finally:
            connection.close()  # this thread's own connection

    inputs = [threading.Thread(target=first_input) for _ in range(2)]
    for each in inputs:
        each.start()
    for each in inputs:
        each.join(timeout=60)
    assert len(outcomes) == 2 and all(isinstance(o, uuid.UUID) for o in outcomes), outcomes
    assert outcomes[0] == outcomes[1]
    assert selectors.thread_visible(context=acme_context, thread_id=outcomes[0])
