"""Agent settings taken from the environment (declared and read through `project.env`).

`load()` reads them afresh on every call, so a run picks up the configuration current when it
starts and tests can set variables with monkeypatch.
"""

from dataclasses import dataclass
from typing import Literal

from project import env

ProviderKind = Literal["builtin", "openai", "anthropic"]
PROVIDER_KINDS: tuple[ProviderKind, ...] = ("builtin", "openai", "anthropic")
PROVIDER_VARIABLE = "TESSERA_MODEL_PROVIDER"

_VARIABLES = [
    (
        PROVIDER_VARIABLE,
        "builtin",
        "Model provider: builtin (deterministic planners, no network), openai (any "
        "OpenAI-compatible endpoint) or anthropic.",
    ),
    ("TESSERA_MODEL", "", "Model name for openai/anthropic, e.g. gpt-4o-mini or llama3.1:8b."),
    (
        "TESSERA_MODEL_BASE_URL",
        "",
        "Base URL of an OpenAI-compatible server (Ollama: http://localhost:11434/v1); empty: "
        "the provider's public API.",
    ),
    (
        "TESSERA_MODEL_API_KEY",
        "",
        "API key for the model provider; may stay empty for a local server with a base URL.",
    ),
    (
        "TESSERA_MODEL_IMAGES",
        "1",
        "Set to 0 when the model cannot read images; images are then replaced by a short note.",
    ),
    (
        "TESSERA_MODEL_TIMEOUT_SECONDS",
        "120",
        "Longest wait for a model response (connect, and each read of a stream).",
    ),
    (
        "TESSERA_MODEL_STREAM_IDLE_SECONDS",
        "60",
        "Idle watchdog: a stream that produces nothing for this long is cut and retried.",
    ),
    (
        "TESSERA_MODEL_MAX_OUTPUT_TOKENS",
        "",
        "Cap on tokens per model response; empty: no cap for openai, 4096 for anthropic.",
    ),
    (
        "TESSERA_MODEL_MAX_ATTEMPTS",
        "4",
        "Attempts per model call on 429, 5xx, connection errors and stalls before failing over.",
    ),
    (
        "TESSERA_MODEL_RETRY_BASE_SECONDS",
        "1",
        "First retry delay; doubles on each retry, with jitter, and never below Retry-After.",
    ),
    (
        "TESSERA_MODEL_RETRY_MAX_SECONDS",
        "30",
        "Longest delay between retries; a longer Retry-After ends the retries at once.",
    ),
    (
        "TESSERA_FALLBACK_PROVIDER",
        "",
        "Provider that continues a run when the main one keeps failing: builtin, openai, "
        "anthropic; empty: none.",
    ),
    ("TESSERA_FALLBACK_MODEL", "", "Model name for the fallback provider."),
    ("TESSERA_FALLBACK_BASE_URL", "", "Base URL for an OpenAI-compatible fallback provider."),
    ("TESSERA_FALLBACK_API_KEY", "", "API key for the fallback provider."),
    (
        "TESSERA_SHARE_ROWS_WITH_MODEL",
        "0",
        "Set to 1 to include query result rows in what the model sees; off: only columns, "
        "types, row count and truncation.",
    ),
    ("TESSERA_AGENT_MAX_STEPS", "8", "Most model calls in one run."),
    ("TESSERA_AGENT_MAX_SECONDS", "180", "Longest wall-clock time of one run."),
    ("TESSERA_AGENT_MAX_TOKENS", "100000", "Most model tokens (input + output) in one run."),
]

for _name, _default, _help in _VARIABLES:
    env.declare(_name, _default, _help)

VARIABLE_NAMES = tuple(name for name, _, _ in _VARIABLES)


class ConfigError(Exception):
    """The agent configuration is incomplete or contradictory; the message says what to set."""


@dataclass(frozen=True)
class ProviderConfig:
    kind: ProviderKind
    model: str = ""
    base_url: str = ""
    api_key: str = ""
    images: bool = True
    timeout_seconds: float = 120.0
    idle_seconds: float = 60.0
    max_output_tokens: int | None = None


@dataclass(frozen=True)
class RetryConfig:
    max_attempts: int = 4
    base_seconds: float = 1.0
    max_seconds: float = 30.0


@dataclass(frozen=True)
class LimitsConfig:
    max_steps: int = 8
    max_seconds: float = 180.0
    max_tokens: int = 100_000


@dataclass(frozen=True)
class AgentConfig:
    provider: ProviderConfig
    fallback: ProviderConfig | None
    retry: RetryConfig
    limits: LimitsConfig
    share_rows_with_model: bool


def _read_float(name: str) -> float:
    return env.read_positive_float(name, ConfigError, unit="seconds")


def _read_positive_int(name: str) -> int:
    return env.read_positive_int(name, ConfigError)


def _read_kind(name: str) -> ProviderKind:
    value = env.read(name).strip().lower()
    if value not in PROVIDER_KINDS:
        raise ConfigError(f"{name} must be one of {', '.join(PROVIDER_KINDS)}; got {value!r}")
    return value  # type: ignore[return-value]


def _provider(kind: ProviderKind, prefix: str, model_var: str) -> ProviderConfig:
    model = env.read(model_var).strip()
    if kind != "builtin" and not model:
        raise ConfigError(
            f"{prefix}PROVIDER is {kind}: set {model_var} to the model name "
            "(for example gpt-4o-mini, claude-sonnet-4-5 or llama3.1:8b)."
        )
    max_output = env.read("TESSERA_MODEL_MAX_OUTPUT_TOKENS").strip()
    return ProviderConfig(
        kind=kind,
        model=model,
        base_url=env.read(f"{prefix}BASE_URL").strip(),
        api_key=env.read(f"{prefix}API_KEY").strip(),
        images=env.read_bool("TESSERA_MODEL_IMAGES"),
        timeout_seconds=_read_float("TESSERA_MODEL_TIMEOUT_SECONDS"),
        idle_seconds=_read_float("TESSERA_MODEL_STREAM_IDLE_SECONDS"),
        max_output_tokens=_read_positive_int("TESSERA_MODEL_MAX_OUTPUT_TOKENS")
        if max_output
        else None,
    )


def load() -> AgentConfig:
    """The agent configuration from the environment; raises `ConfigError` with what to fix."""
    provider = _provider(_read_kind(PROVIDER_VARIABLE), "TESSERA_MODEL_", "TESSERA_MODEL")
    fallback = None
    if env.read("TESSERA_FALLBACK_PROVIDER").strip():
        fallback = _provider(
            _read_kind("TESSERA_FALLBACK_PROVIDER"), "TESSERA_FALLBACK_", "TESSERA_FALLBACK_MODEL"
        )
    return AgentConfig(
        provider=provider,
        fallback=fallback,
        retry=RetryConfig(
            max_attempts=_read_positive_int("TESSERA_MODEL_MAX_ATTEMPTS"),
            base_seconds=_read_float("TESSERA_MODEL_RETRY_BASE_SECONDS"),
            max_seconds=_read_float("TESSERA_MODEL_RETRY_MAX_SECONDS"),
        ),
        limits=load_limits(),
        share_rows_with_model=share_rows_with_model(),
    )


def load_limits() -> LimitsConfig:
    """Only the per-run limits (usable without a complete provider configuration)."""
    return LimitsConfig(
        max_steps=_read_positive_int("TESSERA_AGENT_MAX_STEPS"),
        max_seconds=_read_float("TESSERA_AGENT_MAX_SECONDS"),
        max_tokens=_read_positive_int("TESSERA_AGENT_MAX_TOKENS"),
    )


def share_rows_with_model() -> bool:
    return env.read_bool("TESSERA_SHARE_ROWS_WITH_MODEL")
