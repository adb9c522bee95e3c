from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models


class Tenant(models.Model):
    slug = models.SlugField(max_length=50, unique=True)
    name = models.CharField(max_length=200)
    # The month the tenant's fiscal year starts in (1 = January: the calendar year). A fiscal
    # year is named by the calendar year it ends in: with April, "FY25" is April 2024–March 2025.
    fiscal_year_start = models.PositiveSmallIntegerField(
        default=1,
        db_default=1,  # rows written by code that predates the field are calendar-year tenants
        validators=[MinValueValidator(1), MaxValueValidator(12)],
        help_text="Month the fiscal year starts in (1 = January, the calendar year).",
    )

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(fiscal_year_start__gte=1, fiscal_year_start__lte=12),
                name="accounts_tenant_fiscal_year_start_month",
            )
        ]

    def __str__(self) -> str:
        return self.name


class Role(models.TextChoices):
    VIEWER = "viewer", "Viewer"
    ANALYST = "analyst", "Analyst"
    HR_MANAGER = "hr_manager", "HR manager"
    ADMIN = "admin", "Admin"


class Membership(models.Model):
    """A user's place in exactly one tenant. Row-level security: a user sees their own
    membership (so it can be looked up before the tenant is known) and those of their tenant."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="membership"
    )
    tenant = models.ForeignKey(Tenant, on_delete=models.PROTECT, related_name="memberships")
    role = models.CharField(max_length=20, choices=Role.choices, default=Role.VIEWER)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(role__in=[r.value for r in Role]), name="membership_role_valid"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} @ {self.tenant} ({self.role})"


class ApiToken(models.Model):
    """A personal access token for scripts and other apps (`Authorization: Bearer`).

    Only a SHA-256 digest of the secret is stored; the token is shown once, when created. It
    acts as its user inside the tenant and with the role it was created for: a token whose
    user has since moved tenant or changed role is refused (apps/accounts/bearer.py)."""

    id = models.CharField(primary_key=True, max_length=16, editable=False)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    tenant = models.ForeignKey(Tenant, on_delete=models.CASCADE, related_name="api_tokens")
    role = models.CharField(max_length=20, choices=Role.choices)
    name = models.CharField(max_length=100)
    digest = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(null=True, blank=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "name"], name="api_token_name_per_user")
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.id})"
