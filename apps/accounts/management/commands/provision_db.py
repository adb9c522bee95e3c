from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from project import database
from project.maintenance import owner_database


class Command(BaseCommand):
    help = (
        "Create the database roles and database if missing, apply privileges, migrate as the owner."
    )

    def handle(self, *args, **options):
        try:
            name = database.provision(settings.DB_NAME)
        except Exception as exc:
            raise CommandError(f"could not provision the database: {exc}") from exc
        with owner_database() as owner:
            call_command(
                "migrate", database=owner, interactive=False, verbosity=options["verbosity"] - 1
            )
        self.stdout.write(
            self.style.SUCCESS(f"Database {name} is ready (roles, privileges, migrations).")
        )
