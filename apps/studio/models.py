"""Versioned UI preferences (issue 8): every accepted change, undo, redo or reset is a new row.

A row belongs to one person (``user``) or, with ``user`` empty, holds the tenant's defaults.
It keeps who made it, when, the request in their words, the JSON Patch that was applied, the
resulting document and its ``overrides``: the fields that differ from the layer underneath
(the tenant default for a person, Tessera's built-in default for the tenant). A person's
preferences are the current tenant default with their latest overrides on top, so a default
the admin changes later still reaches every field the person never touched.

History is append-only (the runtime role may not UPDATE); undo and redo are new rows that
name the row they undo or redo (``target``). Row-level security: a person sees their own rows
and their tenant's defaults; only an admin may write a default (apps/studio/migrations/0002).
"""

from django.conf import settings
from django.db import models

from apps.accounts.models import Tenant


class Action(models.TextChoices):
    CHANGE = "change", "Change"
    UNDO = "undo", "Undo"
    REDO = "redo", "Redo"
    RESET = "reset", "Reset to default"


class PreferenceVersion(models.Model):
    tenant = models.ForeignKey(Tenant, on_delete=models.PROTECT)
    # Empty: the tenant's defaults.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="ui_preference_versions",
    )
    number = models.PositiveIntegerField()  # 1, 2, … per person (or per tenant default)
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    action = models.CharField(max_length=10, choices=Action.choices)
    target = models.ForeignKey(
        "self", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    request = models.TextField(blank=True)
    patch = models.JSONField(default=list)
    document = models.JSONField()
    overrides = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "studio_preference_version"
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "number"],
                condition=models.Q(user__isnull=False),
                name="studio_version_user_number_uniq",
            ),
            models.UniqueConstraint(
                fields=["tenant", "number"],
                condition=models.Q(user__isnull=True),
                name="studio_version_tenant_number_uniq",
            ),
            models.CheckConstraint(
                condition=models.Q(action__in=[action.value for action in Action]),
                name="studio_version_action_valid",
            ),
            models.CheckConstraint(
                condition=models.Q(target__isnull=True)
                | models.Q(action__in=[Action.UNDO.value, Action.REDO.value]),
                name="studio_version_target_only_for_undo_redo",
            ),
        ]

    def __str__(self) -> str:
        whose = self.user_id or f"tenant {self.tenant_id}"
        return f"{whose} v{self.number} ({self.action})"
