"""State boundary: threads, messages, runs, steps, artifacts and the event log.

Every table carries `tenant_id` and is under forced row-level security; threads and what
hangs off them are visible to their owner only (policy on app.user_id as well as the tenant).
"""

import uuid

from django.conf import settings
from django.db import models

from apps.accounts.models import Tenant


class RunStatus(models.TextChoices):
    RUNNING = "running"
    FINISHED = "finished"
    NEEDS_INPUT = "needs_input"
    FAILED = "failed"


class Thread(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    tenant = models.ForeignKey(Tenant, on_delete=models.PROTECT)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="threads"
    )
    title = models.CharField(max_length=200, blank=True)
    # Last event sequence number handed out; incremented under a row lock.
    last_seq = models.BigIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "agent_thread"
        ordering = ["-updated_at"]

    def __str__(self) -> str:
        return self.title or str(self.id)


class Run(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    tenant = models.ForeignKey(Tenant, on_delete=models.PROTECT)
    thread = models.ForeignKey(Thread, on_delete=models.CASCADE, related_name="runs")
    status = models.CharField(max_length=20, choices=RunStatus.choices, default=RunStatus.RUNNING)
    request = models.TextField()
    # The id the client gave the user message this run answers (AG-UI's message id): an
    # input that sends it again is answered from this run instead of running twice.
    client_message_id = models.CharField(max_length=200, blank=True, db_default="")
    provider = models.CharField(max_length=50, blank=True)
    context_summary = models.JSONField(default=dict)
    usage = models.JSONField(default=dict)  # token usage per role
    error = models.TextField(blank=True)
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "agent_run"
        ordering = ["-started_at"]
        indexes = [
            models.Index(
                fields=["thread", "client_message_id"],
                name="agent_run_client_message",
                condition=~models.Q(client_message_id=""),
            )
        ]

    def __str__(self) -> str:
        return f"{self.id} ({self.status})"


class Step(models.Model):
    """One stage of a run: a model decision with its validated calls and observations."""

    tenant = models.ForeignKey(Tenant, on_delete=models.PROTECT)
    run = models.ForeignKey(Run, on_delete=models.CASCADE, related_name="steps")
    index = models.PositiveIntegerField()
    kind = models.CharField(max_length=30)
    proposal = models.JSONField(default=dict)
    calls = models.JSONField(default=list)  # validated or rejected calls, with errors
    observations = models.JSONField(default=list)
    timings = models.JSONField(default=dict)
    usage = models.JSONField(default=dict)

    class Meta:
        db_table = "agent_step"
        ordering = ["run", "index"]
        constraints = [
            models.UniqueConstraint(fields=["run", "index"], name="agent_step_run_index_uniq")
        ]

    def __str__(self) -> str:
        return f"{self.run_id} step {self.index}"


class ThreadMessage(models.Model):
    """A provider-neutral history message (apps.agent.messages.Message as JSON)."""

    tenant = models.ForeignKey(Tenant, on_delete=models.PROTECT)
    thread = models.ForeignKey(Thread, on_delete=models.CASCADE, related_name="messages")
    run = models.ForeignKey(Run, on_delete=models.CASCADE, null=True, related_name="messages")
    position = models.PositiveIntegerField()
    role = models.CharField(max_length=20)
    data = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "agent_message"
        ordering = ["thread", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["thread", "position"], name="agent_message_position_uniq"
            )
        ]

    def __str__(self) -> str:
        return f"{self.thread_id}#{self.position} {self.role}"


def _artifact_id() -> str:
    return f"art_{uuid.uuid4().hex[:24]}"


class Artifact(models.Model):
    # The id a tool gave its ArtifactDraft, so events and the run record name the same thing.
    id = models.CharField(primary_key=True, max_length=64, default=_artifact_id, editable=False)
    tenant = models.ForeignKey(Tenant, on_delete=models.PROTECT)
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    thread = models.ForeignKey(
        Thread, on_delete=models.CASCADE, related_name="artifacts", null=True
    )
    run = models.ForeignKey(Run, on_delete=models.SET_NULL, related_name="artifacts", null=True)
    kind = models.CharField(max_length=30)
    version = models.PositiveIntegerField(default=1)
    payload = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "agent_artifact"
        ordering = ["created_at"]

    def __str__(self) -> str:
        return f"{self.kind} {self.id}"


class Event(models.Model):
    """An AG-UI event as sent to the browser, with its per-thread sequence number."""

    tenant = models.ForeignKey(Tenant, on_delete=models.PROTECT)
    thread = models.ForeignKey(Thread, on_delete=models.CASCADE, related_name="events")
    seq = models.BigIntegerField()
    run = models.ForeignKey(Run, on_delete=models.CASCADE, null=True, related_name="events")
    type = models.CharField(max_length=40)
    payload = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "agent_event"
        ordering = ["thread", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["thread", "seq"], name="agent_event_thread_seq_uniq")
        ]

    def __str__(self) -> str:
        return f"{self.thread_id}#{self.seq} {self.type}"


class ThreadDirectory(models.Model):
    """Which user owns a thread, readable without a tenant context by trusted code only.

    The `act` command gets nothing but a thread id; it looks the owner up here (as the owner
    role) and then acts with that user's AccessContext. The runtime role may only INSERT.
    """

    thread_id = models.UUIDField(primary_key=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")

    class Meta:
        db_table = "agent_thread_directory"

    def __str__(self) -> str:
        return f"{self.thread_id} → {self.user_id}"
