"""The execution boundary: tools, their validation, and per-run guards (see registry.py)."""

from apps.agent.tools.guard import MAX_REPAIRS, UNKNOWN_TOOL, CallGuard, fingerprint
from apps.agent.tools.observations import render_observation, table_observation
from apps.agent.tools.registry import Tool, ToolArgs, ToolRegistry, register_tool, registry
from apps.agent.tools.results import ArtifactDraft, ToolContext, ToolError, ToolResult
from apps.agent.tools.validation import FieldError, Rejection, ValidatedCall, validate_call

__all__ = [
    "MAX_REPAIRS",
    "UNKNOWN_TOOL",
    "ArtifactDraft",
    "CallGuard",
    "FieldError",
    "Rejection",
    "Tool",
    "ToolArgs",
    "ToolContext",
    "ToolError",
    "ToolRegistry",
    "ToolResult",
    "ValidatedCall",
    "fingerprint",
    "register_tool",
    "registry",
    "render_observation",
    "table_observation",
    "validate_call",
]
