"""JSON text for what the agent stores and sends: orjson, about a tenth of the json module's
CPU (docs/scaling.md). Dict keys that are not strings become strings, as with json.dumps; a
float that JSON cannot hold (NaN, infinity) becomes null, where json.dumps wrote `NaN`,
which PostgreSQL's jsonb and browsers' JSON.parse refuse."""

from typing import Any

import orjson


def dumps(value: Any) -> str:
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
