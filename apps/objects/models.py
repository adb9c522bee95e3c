"""The hiring pipeline's tables. Their rules (state machine, salary band, who may write,
append-only history) live in PostgreSQL — see migrations/0002_rules.py and docs/objects.md.

Table and column names are a contract with the SQL gateway and the semantic model."""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Now

from apps.accounts.models import Tenant
from apps.erp.models import Department


class CandidateState(models.TextChoices):
    APPLIED = "applied", "Applied"
    SCREENING = "screening", "Screening"
    INTERVIEW = "interview", "Interview"
    OFFER = "offer", "Offer"
    HIRED = "hired", "Hired"
    REJECTED = "rejected", "Rejected"
    WITHDRAWN = "withdrawn", "Withdrawn"


# States in which a candidate carries an offered salary (entering `offer` requires one).
SALARY_STATES = ("offer", "hired", "rejected", "withdrawn")
STATES_WITH_REQUIRED_SALARY = ("offer", "hired")


class Position(models.Model):
    tenant = models.ForeignKey(Tenant, on_delete=models.PROTECT, db_index=False)
    title = models.CharField(max_length=200)
    # The keys of the pipeline are declared in SQL (migrations/0002_rules.py): ON DELETE
    # CASCADE, so that the ERP demo seed can replace a tenant's departments, while the
    # triggers refuse to delete candidates (and so their positions) outside maintenance
    # sessions. Django's own DB_CASCADE cannot be mixed with the PROTECT keys to the tenant.
    department = models.ForeignKey(
        Department, on_delete=models.DO_NOTHING, db_constraint=False, related_name="positions"
    )
    level = models.SmallIntegerField()
    salary_min = models.DecimalField(max_digits=12, decimal_places=2)
    salary_max = models.DecimalField(max_digits=12, decimal_places=2)

    class Meta:
        db_table = "erp_position"
        constraints = [
            models.UniqueConstraint(fields=["tenant", "id"], name="erp_position_tenant_id_uniq"),
            models.CheckConstraint(
                condition=Q(level__gte=1, level__lte=10), name="erp_position_level_range"
            ),
            models.CheckConstraint(
                condition=Q(salary_min__gt=0) & Q(salary_max__gte=F("salary_min")),
                name="erp_position_band_valid",
            ),
        ]

    def __str__(self) -> str:
        return self.title


class Candidate(models.Model):
    tenant = models.ForeignKey(Tenant, on_delete=models.PROTECT, db_index=False)
    name = models.CharField(max_length=200)
    email = models.EmailField(max_length=254)
    position = models.ForeignKey(
        Position, on_delete=models.DO_NOTHING, db_constraint=False, related_name="candidates"
    )
    state = models.CharField(
        max_length=20, choices=CandidateState.choices, db_default=CandidateState.APPLIED
    )
    offered_salary = models.DecimalField(max_digits=12, decimal_places=2, null=True, blank=True)
    created_at = models.DateTimeField(db_default=Now())
    updated_at = models.DateTimeField(db_default=Now())

    class Meta:
        db_table = "erp_candidate"
        constraints = [
            models.UniqueConstraint(fields=["tenant", "id"], name="erp_candidate_tenant_id_uniq"),
            models.UniqueConstraint(
                fields=["position", "email"], name="erp_candidate_position_email_uniq"
            ),
            models.CheckConstraint(
                condition=Q(state__in=CandidateState.values), name="erp_candidate_state_valid"
            ),
            models.CheckConstraint(
                condition=Q(email__regex=r"^[^@\s]+@[^@\s]+\.[^@\s]+$"),
                name="erp_candidate_email_valid",
            ),
            models.CheckConstraint(
                condition=Q(offered_salary__isnull=True) | Q(offered_salary__gt=0),
                name="erp_candidate_salary_positive",
            ),
            models.CheckConstraint(
                condition=~Q(state__in=STATES_WITH_REQUIRED_SALARY)
                | Q(offered_salary__isnull=False),
                name="erp_candidate_offer_needs_salary",
            ),
            models.CheckConstraint(
                condition=Q(offered_salary__isnull=True) | Q(state__in=SALARY_STATES),
                name="erp_candidate_salary_only_from_offer",
            ),
        ]
        indexes = [models.Index(fields=["tenant", "state"], name="erp_candidate_tenant_state_idx")]

    def __str__(self) -> str:
        return self.name


class CandidateEvent(models.Model):
    """One accepted change of a candidate's state or offered salary. Written by the database
    (trigger `erp_candidate_history`); never updated or deleted."""

    tenant = models.ForeignKey(Tenant, on_delete=models.PROTECT, db_index=False)
    candidate = models.ForeignKey(
        Candidate, on_delete=models.DO_NOTHING, db_constraint=False, related_name="events"
    )
    # NULL, not "", for the entry that records the candidate's creation.
    from_state = models.CharField(max_length=20, null=True, blank=True)  # noqa: DJ001
    to_state = models.CharField(max_length=20)
    offered_salary = models.DecimalField(max_digits=12, decimal_places=2, null=True, blank=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        db_index=False,
    )
    at = models.DateTimeField(db_default=Now())
    note = models.TextField(blank=True, default="", db_default="")

    class Meta:
        db_table = "erp_candidate_event"
        ordering = ["at", "id"]

    def __str__(self) -> str:
        return f"{self.candidate_id}: {self.from_state} → {self.to_state}"
