"""Preferences as layers: a base document (Tessera's default, or the tenant's) and the sparse
overrides a person (or the tenant's admin) set on top of it.

Objects merge field by field; anything else (a color, a flag, the list of shortcuts) is a
leaf that replaces the base's value as a whole.
"""

from collections.abc import Mapping
from typing import Any


def overrides_of(base: Mapping[str, Any], document: Mapping[str, Any]) -> dict[str, Any]:
    """The fields of ``document`` that differ from ``base`` (nested objects kept sparse)."""
    sparse: dict[str, Any] = {}
    for key, value in document.items():
        if key not in base:
            sparse[key] = value
        elif isinstance(value, Mapping) and isinstance(base[key], Mapping):
            nested = overrides_of(base[key], value)
            if nested:
                sparse[key] = nested
        elif value != base[key]:
            sparse[key] = value
    return sparse


def overrides_apply(base: Mapping[str, Any], overrides: Mapping[str, Any]) -> dict[str, Any]:
    """``base`` with ``overrides`` laid on top (neither is modified)."""
    merged = dict(base)
    for key, value in overrides.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), Mapping):
            merged[key] = overrides_apply(merged[key], value)
        else:
            merged[key] = value
    return merged
