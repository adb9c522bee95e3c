"""Reads for the workspace pages."""

from apps.accounts.access import AccessContext, bound
from apps.agent.models import Event


def thread_has_events(*, context: AccessContext, thread_id) -> bool:
    """Whether the thread has any event yet (the page shows the example questions until it
    does)."""
    with bound(context):
        return Event.objects.filter(thread_id=thread_id).exists()
