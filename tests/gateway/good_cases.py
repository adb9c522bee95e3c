"""The case type of the good-SQL corpus (good_corpus.py)."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Good:
    id: str
    sql: str
    params: dict | None = None
    # Most queries must return rows, so a silent empty result cannot pass.
    may_be_empty: bool = False
