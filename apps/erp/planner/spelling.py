"""Single-letter typos: a word of five or more letters that the planner does not know (or of four
letters missing an inner letter of a five-letter word) is read as the one known word it differs from by one letter (one added, dropped, changed or swapped
with its neighbour). Several candidates are one only when they mean the same: the same
meaning as words on their own (a word that only means something inside a longer phrase counts
when the question's neighbouring words could make that phrase), narrowed to the one that keeps
the typo's last letter ("employes" is "employees": "employee" and "employees" mean the same,
but a plural can group; not when the slip may have moved the plural's letter); a
function word yields to a word of the ERP ("employs"). A three- or four-letter slip with
several readings ("lst") is read only when one of them fits its neighbours (a word of time
next to a word of time: "lst year", "aon passado"). Otherwise, or with none, the word stays unknown: never a
guess."""

from collections.abc import Callable, Hashable

FUNCTION_WORD = "function word"
MIN_TYPO_LENGTH = 5
MIN_TARGET_LENGTH = 4
# A four-letter word is read only as a five-letter one missing an inner letter ("levl", "hirs")
# or as a four-letter one with two letters after the first swapped ("yaer"): a changed or added
# letter in so short a word is too often another word.
SHORT_TYPO_LENGTH = 4
# A three- or four-letter slip with several readings is read only by its neighbours.
SHORT_SLIP_LENGTHS = (3, 4)


def _dropped_inside(word: str, other: str) -> bool:
    """`other` is `word` with one letter put back, neither the first nor the last."""
    return len(other) == len(word) + 1 and other[0] == word[0] and other[-1] == word[-1]


def _swapped_after_first(word: str, other: str) -> bool:
    """`other` is `word` with two neighbouring letters swapped back, the first letter kept
    ("yaer" → "year", "lsat" → "last"): the same letters, so a slip of the hand, not another
    word."""
    return (
        len(other) == len(word)
        and other[0] == word[0]
        and sorted(other) == sorted(word)
        and one_edit_apart(word, other)
    )


def _short_slip(word: str, other: str) -> bool:
    return _dropped_inside(word, other) or _swapped_after_first(word, other)


def one_edit_apart(a: str, b: str) -> bool:
    """True when b is a with exactly one letter inserted, deleted, replaced or two adjacent
    letters swapped (Damerau–Levenshtein distance 1)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diffs = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
        if len(diffs) == 1:
            return True
        return (
            len(diffs) == 2
            and diffs[1] == diffs[0] + 1
            and a[diffs[0]] == b[diffs[1]]
            and a[diffs[1]] == b[diffs[0]]
        )
    short, long = (a, b) if len(a) < len(b) else (b, a)
    i = 0
    while i < len(short) and short[i] == long[i]:
        i += 1
    return short[i:] == long[i + 1 :]


def correction(
    word: str,
    known: frozenset[str],
    meaning: Callable[[str], Hashable | None] | None = None,
) -> str | None:
    """The only known word one edit away from `word`, or the only one of several that mean the
    same (`meaning` of a candidate: what it says, or None when it cannot stand here), or None."""
    if len(word) < SHORT_TYPO_LENGTH or not word.isalpha():
        return None
    candidates = {
        other
        for other in known
        if len(other) >= MIN_TARGET_LENGTH
        and abs(len(other) - len(word)) <= 1
        and (len(word) >= MIN_TYPO_LENGTH or _short_slip(word, other))
        and one_edit_apart(word, other)
    }
    if len(candidates) == 1:
        return candidates.pop()
    if meaning is None or not candidates:
        return None
    meanings = {other: m for other in candidates if (m := meaning(other)) is not None}
    if len(set(meanings.values())) > 1:
        # a word of the ERP over function words ("employs", "employer" for "employes")
        meanings = {other: m for other, m in meanings.items() if m != FUNCTION_WORD}
    if len(set(meanings.values())) != 1:
        return None
    # the one that keeps the typo's last letter ("employes": the plural), unless the slip may
    # have moved the plural's own letter ("departmenst")
    if word[-2] == "s":
        return None
    same_ending = [other for other in meanings if other[-1] == word[-1]]
    return same_ending[0] if len(same_ending) == 1 else None


def short_correction(word: str, known: frozenset[str], fits: Callable[[str], bool]) -> str | None:
    """A three- or four-letter slip that `correction` leaves (too many words are one letter
    from it: "lst" is "last", "list" or "lost") read as the only one of them that `fits` its
    neighbours ("lst year": the only one that is a word of time next to a word of time), or
    None."""
    if not SHORT_SLIP_LENGTHS[0] <= len(word) <= SHORT_SLIP_LENGTHS[1] or not word.isalpha():
        return None
    candidates = {
        other
        for other in known
        if len(other) >= MIN_TARGET_LENGTH and _short_slip(word, other) and fits(other)
    }
    return candidates.pop() if len(candidates) == 1 else None
