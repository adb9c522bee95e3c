from django.db import migrations

# Counting a tenant's queued and running agent runs (apps/agent/limits.py) and finding jobs of
# dead runners (apps/jobs/reaper.py) look only at unfinished jobs; finished ones pile up.
TABLE = "django_tasks_database_dbtaskresult"


class Migration(migrations.Migration):
    dependencies = [("django_tasks_database", "0021_conditional_partial_index_ordering")]

    operations = [
        migrations.RunSQL(
            f"CREATE INDEX IF NOT EXISTS jobs_unfinished_idx ON {TABLE} (queue_name, status) "
            "WHERE status IN ('READY', 'RUNNING')",
            "DROP INDEX IF EXISTS jobs_unfinished_idx",
        )
    ]
