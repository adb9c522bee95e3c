import pytest

from apps.agent import config
from apps.agent.providers import BuiltinProvider, ResilientProvider, build_provider
from apps.agent.providers.anthropic import AnthropicProvider
from apps.agent.providers.openai import OpenAIProvider
from project import env


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch):
    for name in config.VARIABLE_NAMES:
        monkeypatch.delenv(name, raising=False)


def test_every_variable_is_declared_with_a_default_and_help():
    for name in config.VARIABLE_NAMES:
        variable = env.VARIABLES[name]
        assert variable.help.strip(), name
        assert name.startswith("TESSERA_")


def test_defaults_use_the_builtin_provider_and_keep_rows_private():
    loaded = config.load()
    assert loaded.provider.kind == "builtin"
    assert loaded.fallback is None
    assert loaded.share_rows_with_model is False
    assert loaded.retry == config.RetryConfig(max_attempts=4, base_seconds=1.0, max_seconds=30.0)
    assert loaded.limits == config.LimitsConfig(max_steps=8, max_seconds=180.0, max_tokens=100_000)
    chain = build_provider(loaded)
    assert isinstance(chain, ResilientProvider)
    assert isinstance(chain.current, BuiltinProvider)


def test_openai_with_a_local_server_and_a_fallback(monkeypatch):
    monkeypatch.setenv("TESSERA_MODEL_PROVIDER", "OpenAI")
    monkeypatch.setenv("TESSERA_MODEL", "llama3.1:8b")
    monkeypatch.setenv("TESSERA_MODEL_BASE_URL", "http://127.0.0.1:11434/v1")
    monkeypatch.setenv("TESSERA_MODEL_IMAGES", "0")
    monkeypatch.setenv("TESSERA_MODEL_STREAM_IDLE_SECONDS", "2.5")
    monkeypatch.setenv("TESSERA_FALLBACK_PROVIDER", "builtin")
    monkeypatch.setenv("TESSERA_SHARE_ROWS_WITH_MODEL", "on")
    loaded = config.load()
    assert loaded.provider == config.ProviderConfig(
        kind="openai",
        model="llama3.1:8b",
        base_url="http://127.0.0.1:11434/v1",
        images=False,
        idle_seconds=2.5,
    )
    assert loaded.fallback.kind == "builtin"
    assert loaded.share_rows_with_model is True
    chain = build_provider(loaded)
    assert [type(p) for p in chain.chain] == [OpenAIProvider, BuiltinProvider]
    assert chain.current.client.max_retries == 0


@pytest.mark.parametrize(
    ("variables", "message"),
    [
        (
            {"TESSERA_MODEL_PROVIDER": "gpt"},
            "TESSERA_MODEL_PROVIDER must be one of builtin, openai",
        ),
        ({"TESSERA_MODEL_PROVIDER": "openai"}, "set TESSERA_MODEL to the model name"),
        (
            {"TESSERA_FALLBACK_PROVIDER": "anthropic"},
            "TESSERA_FALLBACK_PROVIDER is anthropic: set TESSERA_FALLBACK_MODEL",
        ),
        ({"TESSERA_MODEL_TIMEOUT_SECONDS": "soon"}, "must be a number of seconds"),
        ({"TESSERA_MODEL_RETRY_BASE_SECONDS": "0"}, "must be greater than 0"),
        ({"TESSERA_AGENT_MAX_STEPS": "0"}, "TESSERA_AGENT_MAX_STEPS must be at least 1"),
    ],
)
def test_configuration_errors_say_what_to_set(monkeypatch, variables, message):
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(config.ConfigError, match=message):
        config.load()


def test_openai_needs_a_key_or_a_local_server(monkeypatch):
    monkeypatch.setenv("TESSERA_MODEL_PROVIDER", "openai")
    monkeypatch.setenv("TESSERA_MODEL", "gpt-4o-mini")
    with pytest.raises(config.ConfigError, match="TESSERA_MODEL_API_KEY"):
        build_provider()


def test_anthropic_provider_from_the_environment(monkeypatch):
    monkeypatch.setenv("TESSERA_MODEL_PROVIDER", "anthropic")
    monkeypatch.setenv("TESSERA_MODEL", "claude-sonnet-4-5")
    monkeypatch.setenv("TESSERA_MODEL_API_KEY", "sk-test")
    provider = build_provider().current
    assert isinstance(provider, AnthropicProvider)
    assert provider.max_output_tokens == 4096
    assert provider.client.max_retries == 0


def test_missing_anthropic_package_is_a_clear_error(monkeypatch):
    from apps.agent.providers import anthropic as module

    monkeypatch.setattr(module, "anthropic", None)
    with pytest.raises(config.ConfigError, match="needs the `anthropic` package"):
        AnthropicProvider(config.ProviderConfig(kind="anthropic", model="m", api_key="k"))
