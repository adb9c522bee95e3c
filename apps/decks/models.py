"""One row per uploaded paper: who asked, where its files live, and how far the render got.

The files themselves (the upload, every round, the built deck, deck.pdf) live in the deck's
folder under VAR_DIR/decks/<id>; the row never stores a path, so nothing read from the database
can point a download outside that folder. Row-level security: a deck is visible to its owner
only (apps/decks/migrations/0002_rls.py).
"""

import uuid
from pathlib import Path

from django.conf import settings
from django.db import models

from apps.accounts.models import Tenant

UPLOAD_DIR = "upload"  # inside the deck folder; the pipeline's outputs never use this name


class DeckStatus(models.TextChoices):
    QUEUED = "queued", "Queued"
    RUNNING = "running", "Running"
    DONE = "done", "Done"
    FAILED = "failed", "Failed"


FINISHED = (DeckStatus.DONE, DeckStatus.FAILED)


def deck_root() -> Path:
    return Path(settings.VAR_DIR) / "decks"


class Deck(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    tenant = models.ForeignKey(Tenant, on_delete=models.PROTECT)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decks"
    )
    # The upload's file name until the paper's own title is known.
    title = models.CharField(max_length=300)
    filename = models.CharField(max_length=200)  # the stored upload, inside upload/
    size_bytes = models.PositiveBigIntegerField()
    rounds = models.PositiveSmallIntegerField()  # most review rounds asked for
    status = models.CharField(max_length=10, choices=DeckStatus.choices, default=DeckStatus.QUEUED)
    error = models.TextField(blank=True)
    progress = models.JSONField(default=dict)  # the last Progress.as_dict()
    summary = models.JSONField(default=dict)  # summary.json once done
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "decks_deck"
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["owner", "-created_at"], name="decks_deck_owner_created")]

    def __str__(self) -> str:
        return f"{self.title} ({self.status})"

    @property
    def folder(self) -> Path:
        return deck_root() / str(self.id)

    @property
    def upload_path(self) -> Path:
        return self.folder / UPLOAD_DIR / self.filename

    @property
    def finished(self) -> bool:
        return self.status in FINISHED
