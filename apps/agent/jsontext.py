"""JSON text for what the agent stores and sends: orjson, about a tenth of the json module's
CPU (docs/scaling.md). Dict keys that are not strings become strings, as with json.dumps; a
float that JSON cannot hold (NaN, infinity) becomes null, where json.dumps wrote `NaN`,
which PostgreSQL's jsonb and browsers' JSON.parse refuse.

`loads` reads what arrives from outside (request bodies, socket frames): orjson refuses
nesting deeper than 1024 with a ValueError, where the json module runs out of recursion (a
RecursionError no caller expects, i.e. a 500 or a dead socket); and a NUL character in a
string is refused at once, since PostgreSQL's text and jsonb cannot hold one and the insert
would fail deep inside a run. An object that holds one key twice is refused too: which value
counts differs between parsers (apps/agent/input_checks.py `duplicate_key`)."""

from typing import Any

import orjson

from apps.agent.input_checks import duplicate_key


def dumps(value: Any) -> str:
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def _holds_nul(value: Any) -> bool:
    # A walk with a list, not recursion: orjson reads 1,024 levels, and three Python frames
    # a level ran out of recursion at about 330 (a 500 for a `state` nested 1,000 deep).
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            if "\x00" in item:
                return True
        elif isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return False


def loads(text: str | bytes, *, what: str = "The body") -> Any:
    """The parsed JSON; a ValueError whose message, starting with `what`, says why not."""
    try:
        value = orjson.loads(text)
    except orjson.JSONDecodeError as error:
        raise ValueError(f"{what} is not JSON: {error}") from error
    if _holds_nul(value):
        raise ValueError(f"{what} holds a NUL character (\\u0000), which no stored text may hold.")
    if isinstance(value, dict | list) and (key := duplicate_key(text)) is not None:
        raise ValueError(f"{what} holds the key {key!r} twice in one object: which one counts?")
    return value
