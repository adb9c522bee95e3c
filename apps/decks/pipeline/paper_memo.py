"""What the review reads from the paper alone, remembered per paper.

The loop reviews every round's deck against the same paper, and many checks ask the same
question of it (its findings, its subject's names, its purpose statements) for each slide of
each round. A function of the paper alone is worked out once per paper object — and per the
paper's lower-case names (lowercase_names), the one context the text functions read.

A paper is never changed after ingestion; callers get a copy of a list, set or dict result, so
what one caller does with it reaches no other.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from apps.decks.pipeline import lowercase_names

KEPT_PAPERS = 8  # tests read many papers in one process: the cache is emptied beyond this


def per_paper[Result](function: Callable[..., Result]) -> Callable[..., Result]:
    """`function(paper)` remembered for that paper object (see the module's docstring)."""
    remembered: dict[tuple[int, frozenset[str]], tuple[object, Result]] = {}

    @functools.wraps(function)
    def cached(paper) -> Result:
        key = (id(paper), lowercase_names.current())
        hit = remembered.get(key)
        if hit is None or hit[0] is not paper:
            if len(remembered) >= KEPT_PAPERS:
                remembered.clear()
            hit = remembered[key] = (paper, function(paper))
        result = hit[1]
        if isinstance(result, list | set | dict):
            return type(result)(result)
        return result

    cached.cache_clear = remembered.clear  # type: ignore[attr-defined]
    return cached
