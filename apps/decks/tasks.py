"""The deck render as a job (apps/jobs): Django's tasks framework on the PostgreSQL queue, run
by a runner thread of the web process that queued it (threads mode, one process) or by a
`manage.py worker` on any machine with Chromium and Slidev (workers mode; `--queues decks`).

Arguments are JSON: the deck's id and its owner's user id. A worker has no request, and
row-level security shows a deck only to its owner, so the job needs to know whose deck it is.
A worker killed mid-render gets the job run once more from the start (the pipeline publishes
only complete decks); after that the deck is marked failed with a message for the person.
"""

from apps.decks import jobs
from apps.jobs.definitions import job

DECK_QUEUE = "decks"


def deck_render_lost(result, message: str) -> None:
    jobs.deck_lost(deck_id=result.kwargs["deck_id"], owner_id=result.kwargs["owner_id"])


@job(queue_name=DECK_QUEUE, max_attempts=2, on_lost=deck_render_lost)
def deck_render(*, deck_id: str, owner_id: int) -> str:
    return jobs.deck_render(deck_id=deck_id, owner_id=owner_id)
