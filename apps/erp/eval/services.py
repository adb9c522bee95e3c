"""Writes of an evaluation: the threads its questions are asked in, and their removal.

An evaluation asks its questions as a real person (their access decides what the gold SQL and
the answers may read), so the runs need threads of that person. They are not the person's
conversations: every thread an evaluation opens is deleted when it ends, whether it finished
or failed, so the evaluation never shows in the person's thread list."""

from collections.abc import Iterable

from apps.accounts.access import AccessContext, bound
from apps.agent import services
from apps.agent.models import Thread, ThreadDirectory
from project.maintenance import owner_database

THREAD_TITLE = "Evaluation · {id}"


def eval_thread_create(*, context: AccessContext, question_id: str):
    return services.thread_create(context=context, title=THREAD_TITLE.format(id=question_id)).id


def eval_threads_delete(*, context: AccessContext, thread_ids: Iterable) -> None:
    """Delete the threads (their runs, messages, artifacts and events go with them) and their
    directory rows (which only the owner role may delete)."""
    ids = list(thread_ids)
    if not ids:
        return
    with bound(context):
        Thread.objects.filter(id__in=ids, user_id=context.user_id).delete()
    with owner_database() as alias:
        ThreadDirectory.objects.using(alias).filter(thread_id__in=ids).delete()
