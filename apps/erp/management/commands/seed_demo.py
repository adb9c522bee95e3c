import time
from argparse import ArgumentTypeError
from datetime import date

from django.core.management.base import BaseCommand, CommandError

from apps.erp.demo import load
from project.maintenance import owner_database


def _parse_date(value: str) -> date:
    try:
        return date.fromisoformat(value)
    except ValueError as exc:
        raise ArgumentTypeError(f"must be a date as YYYY-MM-DD, got {value!r}") from exc


class Command(BaseCommand):
    help = (
        "Load the demo tenants (acme, globex, northwind), users and ERP data. Replaces earlier "
        "demo data."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--employees", type=int, default=300, help="Employees per tenant (default 300)."
        )
        parser.add_argument(
            "--as-of", type=_parse_date, default=None, help="Date the data ends (default today)."
        )
        parser.add_argument("--seed", type=int, default=7, help="Random seed (default 7).")
        parser.add_argument(
            "--if-empty",
            action="store_true",
            help="Do nothing when the demo tenants already exist.",
        )

    def handle(self, *args, employees, as_of, seed, if_empty, **options):
        if not 1 <= employees <= 200_000:
            raise CommandError("--employees must be between 1 and 200000")
        with owner_database():
            if if_empty and load.is_seeded():
                self.stdout.write(
                    "Demo data already present; skipping (run seed_demo without --if-empty to reload)."
                )
                return
            started = time.perf_counter()
            report = load.seed(employees=employees, as_of=as_of or date.today(), seed=seed)
        self.stdout.write(
            self.style.SUCCESS(
                f"Seeded {report.tenants} tenants: {report.employees} employees "
                f"({report.terminated} terminated), {report.salaries} salary rows "
                f"in {time.perf_counter() - started:.1f} s."
            )
        )
