"""Single-letter typos: a word of five or more letters that the planner does not know is read
as the one known word it differs from by one letter (one added, dropped, changed or swapped
with its neighbour). Two candidates, or none, and the word stays unknown: never a guess."""

MIN_TYPO_LENGTH = 5
MIN_TARGET_LENGTH = 4


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


def correction(word: str, known: frozenset[str]) -> str | None:
    """The only known word one edit away from `word`, or None."""
    if len(word) < MIN_TYPO_LENGTH or not word.isalpha():
        return None
    candidates = {
        other
        for other in known
        if len(other) >= MIN_TARGET_LENGTH
        and abs(len(other) - len(word)) <= 1
        and one_edit_apart(word, other)
    }
    return candidates.pop() if len(candidates) == 1 else None
