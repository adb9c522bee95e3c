"""The deck render as a task of Django's tasks framework (ARCHITECTURE.md, "Scale-out").

Arguments are JSON: the deck's id and its owner's user id. A worker has no request, and
row-level security shows a deck only to its owner, so the task needs to know whose deck it is.
"""

from django.tasks import task

from apps.decks import jobs


@task()
def deck_render(deck_id: str, owner_id: int) -> str:
    return jobs.deck_render(deck_id=deck_id, owner_id=owner_id)
