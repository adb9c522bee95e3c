"""A run remembers the id the client gave the user message it answers (AG-UI's message id),
so an input sent again after a dropped connection is answered from that run, not run twice
(apps/agent/replays.py)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0004_api_token_rls"),
        ("agent", "0004_policies_by_key"),
    ]

    operations = [
        migrations.AddField(
            model_name="run",
            name="client_message_id",
            field=models.CharField(blank=True, db_default="", max_length=200),
        ),
        migrations.AddIndex(
            model_name="run",
            index=models.Index(
                condition=models.Q(("client_message_id", ""), _negated=True),
                fields=["thread", "client_message_id"],
                name="agent_run_client_message",
            ),
        ),
    ]
