"""Fixtures for the agent runtime tests: scripted wire servers, providers wired to them, a small
tool registry, and an event recorder. No database is used."""

import random
from collections.abc import Iterator
from typing import Literal

import pytest
from pydantic import Field

from apps.agent.config import ProviderConfig
from apps.agent.providers import ResilientProvider, RetryPolicy
from apps.agent.providers.openai import OpenAIProvider
from apps.agent.tools import (
    ArtifactDraft,
    ToolArgs,
    ToolContext,
    ToolRegistry,
    ToolResult,
    register_tool,
    table_observation,
)
from tests.support.openai_wire import WireServer

FAST = RetryPolicy(max_attempts=3, base_seconds=0.01, max_seconds=2.0, rng=random.Random(7))


@pytest.fixture
def wire() -> Iterator[WireServer]:
    with WireServer() as server:
        yield server


@pytest.fixture
def fallback_wire() -> Iterator[WireServer]:
    with WireServer() as server:
        yield server


def openai_config(server: WireServer | None, **overrides) -> ProviderConfig:
    settings = {
        "kind": "openai",
        "model": "wire-model",
        "base_url": server.url if server else "",
        "api_key": "test-key",
        "timeout_seconds": 5.0,
        "idle_seconds": 2.0,
    }
    settings.update(overrides)
    return ProviderConfig(**settings)


@pytest.fixture
def openai_provider(wire: WireServer) -> OpenAIProvider:
    return OpenAIProvider(openai_config(wire))


@pytest.fixture
def resilient(openai_provider: OpenAIProvider) -> ResilientProvider:
    return ResilientProvider(openai_provider, policy=FAST)


class Events:
    """Records `on_event` calls."""

    def __init__(self) -> None:
        self.items: list[tuple[str, dict]] = []

    def __call__(self, name: str, payload: dict) -> None:
        self.items.append((name, payload))

    @property
    def types(self) -> list[str]:
        return [name for name, _ in self.items]

    def of(self, name: str) -> list[dict]:
        return [payload for kind, payload in self.items if kind == name]

    def custom(self, name: str) -> list[dict]:
        return [p["value"] for p in self.of("CUSTOM") if p["name"] == name]


@pytest.fixture
def events() -> Events:
    return Events()


class Headcount(ToolArgs):
    department: Literal["Sales", "Engineering", "Finance"] = Field(
        description="Department name, exactly as listed."
    )
    active_only: bool = Field(True, description="Count only active employees.")
    year: int | None = Field(None, ge=2000, le=2030, description="Hire year filter.")


class ToolLog:
    def __init__(self) -> None:
        self.calls: list[tuple[Headcount, ToolContext]] = []


@pytest.fixture
def tool_log() -> ToolLog:
    return ToolLog()


@pytest.fixture
def registry(tool_log: ToolLog) -> ToolRegistry:
    tools = ToolRegistry()

    @register_tool(
        name="headcount",
        when_to_use="When the person asks how many employees a department has.",
        limits="One department per call; counts only, no names.",
        example={"department": "Sales"},
        args=Headcount,
        into=tools,
    )
    def headcount(args: Headcount, context: ToolContext) -> ToolResult:
        """Count the employees of one department."""
        tool_log.calls.append((args, context))
        rows = [("Ana", 2019), ("Ben", 2021), ("Cy", 2024)]
        return ToolResult(
            content=table_observation(
                [("name", "text"), ("hired", "integer")],
                rows,
                truncated=False,
                share_rows=context.share_rows_with_model,
            ),
            artifacts=[
                ArtifactDraft(
                    kind="sql_result",
                    payload={"columns": ["name", "hired"], "rows": [list(r) for r in rows]},
                )
            ],
        )

    return tools
