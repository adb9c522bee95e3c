"""Writes of the Decks page: Deck rows from upload to finished deck.

    deck_create          the upload view: validate, store upload/<name>.pdf, add the row, and
                         once the transaction commits, queue the render job (tasks.py)
    deck_claim           the job starts: queued (or interrupted) → running
    deck_progress_save   the newest progress event of a running deck
    deck_finish          done (with its summary) or failed (with the message for the person)

A render that fails ends as status "failed" with the pipeline's message for the person; the
pipeline publishes its folder only when everything succeeded, so a failed deck shows nothing
half-made.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from django.db import transaction
from django.utils import timezone

from apps.accounts.access import AccessContext, bound
from apps.decks.models import Deck, DeckStatus
from apps.decks.uploads import (
    display_name,
    stored_name,
    structure_check,
    upload_admit,
    upload_check,
)


def deck_create(
    *, context: AccessContext, upload, rounds: int, too_large: str | None = None
) -> Deck:
    """Validate the upload, keep it in the deck's folder and queue the render (after commit).

    Raises UploadError with the message for the upload field; nothing is left behind then.
    """
    upload_check(upload, too_large=too_large)
    upload_admit(context=context, size_bytes=upload.size)
    name = stored_name(upload.name)
    with bound(context):
        deck = Deck.objects.create(
            tenant_id=context.tenant_id,
            owner_id=context.user_id,
            title=Path(display_name(upload.name)).stem[:300] or name,
            filename=name,
            size_bytes=upload.size,
            rounds=rounds,
        )
        try:
            deck.upload_path.parent.mkdir(parents=True)
            with deck.upload_path.open("wb") as stored:
                for chunk in upload.chunks():
                    stored.write(chunk)
            # Cheap structural checks now (encrypted, no pages, too many pages, huge pages), so
            # the person hears about them at the upload field, not minutes later; what costs
            # seconds (inflating every drawing stream) is the job's first step.
            structure_check(deck.upload_path, display_name(upload.name))
        except BaseException:
            shutil.rmtree(deck.folder, ignore_errors=True)
            raise
        transaction.on_commit(lambda: _enqueue(deck.id, context.user_id))
    return deck


def _enqueue(deck_id, owner_id: int) -> None:
    from apps.decks import tasks  # the job module imports this one

    tasks.deck_render.enqueue(deck_id=str(deck_id), owner_id=owner_id)


def deck_claim(*, context: AccessContext, deck_id) -> Deck | None:
    """Mark the row running; None when it is gone or already finished."""
    with bound(context):
        deck = Deck.objects.select_for_update().filter(pk=deck_id).first()
        if deck is None or deck.finished:
            return None
        deck.status = DeckStatus.RUNNING
        deck.started_at = timezone.now()
        deck.error = ""
        deck.progress = {}
        deck.save(update_fields=["status", "started_at", "error", "progress", "updated_at"])
    return deck


def deck_progress_save(*, context: AccessContext, deck_id, progress: dict) -> None:
    with bound(context):
        Deck.objects.filter(pk=deck_id, status=DeckStatus.RUNNING).update(
            progress=progress, updated_at=timezone.now()
        )


def deck_finish(*, context: AccessContext, deck_id, status: str, **fields) -> None:
    with bound(context):
        Deck.objects.filter(pk=deck_id).update(
            status=status, finished_at=timezone.now(), updated_at=timezone.now(), **fields
        )


def deck_staging_clear(deck: Deck) -> None:
    """A worker killed mid-render leaves the pipeline's hidden staging folder behind."""
    for stale in deck.folder.parent.glob(f".{deck.id}.*"):
        shutil.rmtree(stale, ignore_errors=True)
