"""Pipeline fixtures: the demo positions and candidates are seeded once per session, after
the ERP seed, by the same function the demo seed calls."""

import pytest

from apps.accounts.access import AccessContext

PIPELINE_SEED = 11


@pytest.fixture(scope="session", autouse=True)
def pipeline_seeded(django_db_setup, django_db_blocker):
    from apps.accounts.models import Tenant
    from apps.erp.demo.load import OWNER_ALIAS, TENANTS
    from apps.objects.demo import seed_pipeline
    from apps.objects.management.commands.seed_pipeline import pipeline_rng

    with django_db_blocker.unblock():
        reports = {}
        for index, (slug, _) in enumerate(TENANTS):
            tenant = Tenant.objects.using(OWNER_ALIAS).get(slug=slug)
            reports[slug] = seed_pipeline(OWNER_ALIAS, tenant, pipeline_rng(PIPELINE_SEED, index))
    return reports


@pytest.fixture
def admin_context(django_db_setup, django_db_blocker):
    """AccessContext of `admin`, admin at acme."""
    from django.contrib.auth import get_user_model

    from apps.accounts.access import access_context_for_user

    with django_db_blocker.unblock():
        return access_context_for_user(get_user_model().objects.get(username="admin"))


@pytest.fixture
def globex_hr_context(globex_context) -> AccessContext:
    """An HR manager at globex (the demo has none): gus's context with the writer role."""
    return AccessContext(
        tenant_id=globex_context.tenant_id,
        tenant_slug=globex_context.tenant_slug,
        tenant_name=globex_context.tenant_name,
        user_id=globex_context.user_id,
        username=globex_context.username,
        role="hr_manager",
    )
