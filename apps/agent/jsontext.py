"""JSON text for what the agent stores and sends: orjson, about a tenth of the json module's
CPU (docs/scaling.md). Dict keys that are not strings become strings, as with json.dumps; a
float that JSON cannot hold (NaN, infinity) becomes null, where json.dumps wrote `NaN`,
which PostgreSQL's jsonb and browsers' JSON.parse refuse.

`loads` reads what arrives from outside (request bodies, socket frames): orjson refuses
nesting deeper than 1024 with a ValueError, where the json module runs out of recursion (a
RecursionError no caller expects, i.e. a 500 or a dead socket)."""

from typing import Any

import orjson


def dumps(value: Any) -> str:
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def loads(text: str | bytes) -> Any:
    """The parsed JSON; ValueError (orjson.JSONDecodeError) saying why when it is not JSON."""
    return orjson.loads(text)
