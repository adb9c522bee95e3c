"""A bounded, per-process LRU of accepted validations.

The planner sends the same SQL texts again and again, and validating one (parse, walk, regenerate,
parse and walk again) costs more than running it on small data. A `ValidatedQuery` depends only
on the SQL text, the policy (its tables and columns — the catalog —, schema and limits) and the
allow-lists of `allowlist.py`; it holds nothing of a tenant or a person (the context is bound per
call by `execution.py`), so an entry may serve any caller whose key is equal. The key is exactly
those three: the whole text (never a normalised shape, so a hostile text cannot hit an entry of a
harmless one), `Policy.cache_key`, and the allow-list objects themselves (a changed list makes a
different key). Only accepted queries are kept: a refusal is always computed afresh.
"""

import threading
from collections import OrderedDict

from apps.gateway import allowlist

# Entries kept; a SQL text is at most TESSERA_GATEWAY_MAX_SQL_LENGTH characters, and each entry
# holds it twice (submitted and regenerated), so 256 entries stay within about 10 MB.
MAX_ENTRIES = 256

_entries: OrderedDict = OrderedDict()
_lock = threading.Lock()


def key(sql: str, policy) -> tuple:
    rules = (
        allowlist.NODES,
        frozenset(allowlist.FUNCTION_NODES),
        allowlist.FUNCTIONS,
        allowlist.TABLE_FUNCTIONS,
        allowlist.CAST_TYPES,
        allowlist.KEYWORD_FUNCTIONS,
        allowlist.CATALOG_SCHEMAS,
    )
    return (sql, policy.cache_key, rules)


def get(cache_key: tuple):
    """The cached result for `cache_key`, or None."""
    with _lock:
        found = _entries.get(cache_key)
        if found is not None:
            _entries.move_to_end(cache_key)
        return found


def put(cache_key: tuple, value) -> None:
    with _lock:
        _entries[cache_key] = value
        _entries.move_to_end(cache_key)
        while len(_entries) > MAX_ENTRIES:
            _entries.popitem(last=False)


def clear() -> None:
    with _lock:
        _entries.clear()


def size() -> int:
    return len(_entries)
