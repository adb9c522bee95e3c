"""The model boundary (ARCHITECTURE.md, "The three boundaries of the agent").

`build_provider()` turns the environment's configuration into the provider chain a run uses:
the configured provider, with retries, and the fallback provider if one is set. Build one per
run: after a failover the chain stays on the fallback for the rest of that run.
"""

from apps.agent import config as agent_config
from apps.agent.providers.base import (
    ModelProposal,
    ModelRequest,
    PermanentProviderError,
    Provider,
    ProviderError,
    ProviderNotice,
    ProviderUnavailable,
    StreamItem,
    StreamStalled,
    TextDelta,
    ToolCallDelta,
    ToolSpec,
    TransientProviderError,
    Usage,
    collect,
)
from apps.agent.providers.builtin import (
    BEYOND_BUILTIN,
    BuiltinProvider,
    Plan,
    PlannedCall,
    Planner,
    PlannerInput,
    PlannerRegistry,
    planners,
    register_planner,
)
from apps.agent.providers.resilience import ResilientProvider, RetryPolicy


def provider_for(config: agent_config.ProviderConfig) -> Provider:
    """One provider from its configuration (no retries)."""
    if config.kind == "openai":
        from apps.agent.providers.openai import OpenAIProvider

        return OpenAIProvider(config)
    if config.kind == "anthropic":
        from apps.agent.providers.anthropic import AnthropicProvider

        return AnthropicProvider(config)
    return BuiltinProvider()


def build_provider(config: agent_config.AgentConfig | None = None) -> ResilientProvider:
    """The provider chain for one run; raises `config.ConfigError` saying what to set."""
    config = config or agent_config.load()
    fallbacks = [provider_for(config.fallback)] if config.fallback else []
    return ResilientProvider(
        provider_for(config.provider),
        fallbacks,
        policy=RetryPolicy(
            max_attempts=config.retry.max_attempts,
            base_seconds=config.retry.base_seconds,
            max_seconds=config.retry.max_seconds,
        ),
    )


__all__ = [
    "BEYOND_BUILTIN",
    "BuiltinProvider",
    "ModelProposal",
    "ModelRequest",
    "PermanentProviderError",
    "Plan",
    "PlannedCall",
    "Planner",
    "PlannerInput",
    "PlannerRegistry",
    "Provider",
    "ProviderError",
    "ProviderNotice",
    "ProviderUnavailable",
    "ResilientProvider",
    "RetryPolicy",
    "StreamItem",
    "StreamStalled",
    "TextDelta",
    "ToolCallDelta",
    "ToolSpec",
    "TransientProviderError",
    "Usage",
    "build_provider",
    "collect",
    "planners",
    "provider_for",
    "register_planner",
]
