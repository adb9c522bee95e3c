"""SDK exceptions → ProviderErrors, for the official `openai` and `anthropic` packages.

Both SDKs are generated from the same template and raise the same exception classes
(APIStatusError, APIConnectionError, APIResponseValidationError, APIError), so one
translation serves both: retryable only for 429, 5xx and connection failures.
"""

from types import ModuleType
from typing import Any

from apps.agent.providers.base import PermanentProviderError, ProviderError, TransientProviderError
from apps.agent.providers.resilience import parse_retry_after


def _detail(error: Any) -> str:
    body = error.body
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and isinstance(inner.get("message"), str):
            return inner["message"]
    return error.message


def translate_sdk_error(sdk: ModuleType, error: Exception, provider: str) -> ProviderError:
    if isinstance(error, sdk.APIStatusError):
        status = error.status_code
        kind = TransientProviderError if status == 429 or status >= 500 else PermanentProviderError
        return kind(
            f"HTTP {status} from {provider}: {_detail(error)}",
            provider=provider,
            status=status,
            retry_after=parse_retry_after(error.response.headers),
        )
    if isinstance(error, sdk.APIConnectionError):
        return TransientProviderError(f"could not reach {provider}: {error}", provider=provider)
    if isinstance(error, sdk.APIResponseValidationError):
        return PermanentProviderError(
            f"{provider} sent a response that does not follow the protocol: {error}",
            provider=provider,
        )
    if isinstance(error, sdk.APIError):
        # An error event in the middle of a stream: the server failed after answering 200.
        return TransientProviderError(f"{provider} failed mid-stream: {error}", provider=provider)
    return PermanentProviderError(f"{provider}: {error}", provider=provider)
