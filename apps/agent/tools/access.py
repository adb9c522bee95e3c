"""The access context a tool handler acts under."""

from apps.accounts.access import AccessContext
from apps.agent.tools.results import ToolContext, ToolError


def run_access(context: ToolContext, *, missing: str) -> AccessContext:
    """The AccessContext the run was started with (`run["access"]`), or ToolError(`missing`).

    Strict on purpose: anything there that is not an AccessContext — absent, None, a mapping
    a caller built by hand — counts as missing, so a handler never binds something else into
    the database session. `missing` is what the model reads then: say what could not be done.
    """
    access = context.run.get("access")
    if not isinstance(access, AccessContext):
        raise ToolError(missing)
    return access
