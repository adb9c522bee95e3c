from django.db import migrations

from apps.accounts.rls import CURRENT_TENANT, CURRENT_USER_ID, tenant_isolation

OWNED_BY_USER = f"tenant_id = {CURRENT_TENANT} AND user_id = {CURRENT_USER_ID}"
THREAD_OF_USER = (
    f"tenant_id = {CURRENT_TENANT} AND thread_id IN "
    f"(SELECT id FROM agent_thread WHERE user_id = {CURRENT_USER_ID})"
)
RUN_OF_USER = (
    f"tenant_id = {CURRENT_TENANT} AND run_id IN (SELECT r.id FROM agent_run r "
    f"JOIN agent_thread t ON t.id = r.thread_id WHERE t.user_id = {CURRENT_USER_ID})"
)


class Migration(migrations.Migration):
    dependencies = [("agent", "0001_initial")]

    operations = [
        # Threads are personal: another user of the same tenant sees none of them.
        tenant_isolation("agent_thread", using=OWNED_BY_USER),
        tenant_isolation("agent_run", using=THREAD_OF_USER),
        tenant_isolation("agent_message", using=THREAD_OF_USER),
        tenant_isolation("agent_event", using=THREAD_OF_USER),
        tenant_isolation("agent_step", using=RUN_OF_USER),
        tenant_isolation(
            "agent_artifact", using=f"tenant_id = {CURRENT_TENANT} AND owner_id = {CURRENT_USER_ID}"
        ),
    ]
