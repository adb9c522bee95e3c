import random

from django.core.management.base import BaseCommand, CommandError

from apps.accounts.models import Tenant
from apps.erp.demo.load import OWNER_ALIAS, TENANTS
from apps.objects.demo import seed_pipeline
from project.maintenance import owner_database


def pipeline_rng(seed: int, index: int) -> random.Random:
    """One generator per tenant, so tenants differ but each is reproducible alone."""
    return random.Random(f"{seed}:{index}:pipeline")


class Command(BaseCommand):
    help = (
        "Load demo positions and candidates (every pipeline state) for the demo tenants. "
        "Replaces their earlier positions and candidates. Run after seed_demo."
    )

    def add_arguments(self, parser):
        parser.add_argument("--seed", type=int, default=7, help="Random seed (default 7).")
        parser.add_argument(
            "--tenant", action="append", help="Tenant slug (repeatable; default: all demo tenants)."
        )

    def handle(self, *args, seed, tenant, **options):
        with owner_database():
            self._seed(seed, tenant)

    def _seed(self, seed, tenant):
        demo_slugs = [slug for slug, _ in TENANTS]
        slugs = tenant or demo_slugs
        for position, slug in enumerate(slugs):
            index = demo_slugs.index(slug) if slug in demo_slugs else position
            found = Tenant.objects.using(OWNER_ALIAS).filter(slug=slug).first()
            if found is None:
                raise CommandError(f"No tenant {slug!r}. Run `manage.py seed_demo` first.")
            report = seed_pipeline(OWNER_ALIAS, found, pipeline_rng(seed, index))
            self.stdout.write(
                self.style.SUCCESS(
                    f"{slug}: {report.positions} positions, {report.candidates} candidates, "
                    f"{report.events} history entries."
                )
            )
