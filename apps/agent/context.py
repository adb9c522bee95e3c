"""Context for language-model providers: the system message a run starts from.

Apps contribute sections (the ERP's schema and semantic model, the UI preferences schema…)
with `register_section`; the runtime joins them for network providers. Builtin planners do not
need it and never get it.
"""

from collections.abc import Callable
from datetime import date

from apps.accounts.access import AccessContext
from apps.agent.messages import Message

PREAMBLE = (
    "You are Tessera, an assistant that answers with artifacts, never with code to run. "
    "Use the tools: run_sql for any question about the ERP data (one read-only SELECT; "
    "row-level security already limits rows to the person's tenant, so never filter on "
    "tenant_id). You do not see result rows unless the administrator allowed it; describe "
    "results by their columns and counts. When a tool returns an error, fix the call and try "
    "again. When a request is ambiguous, ask one short question. "
    "The person is {username} ({role}) at {tenant}. Today is {today}."
)

# A section gets the person's access context and the run's as-of date.
Section = Callable[[AccessContext, date], str]
_sections: dict[str, Section] = {}


def register_section(name: str, section: Section) -> None:
    _sections[name] = section


def system_message(context: AccessContext, *, today: date) -> Message:
    parts = [
        PREAMBLE.format(
            username=context.username, role=context.role, tenant=context.tenant_name, today=today
        )
    ]
    for name, section in _sections.items():
        text = section(context, today).strip()
        if text:
            parts.append(f"## {name}\n{text}")
    return Message.system("\n\n".join(parts))
