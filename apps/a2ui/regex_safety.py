"""Which agent-written regular expressions the browser may run.

`regex` checks and `TextField.validationRegexp` run in the person's browser on every keystroke;
a pattern with catastrophic backtracking, like `(a+)+$`, would freeze the page. The rule, shared
with static/a2ui/regex.js: a group repeated without bound (`*`, `+`, `{n,}`, `{n,m}` with m > 1)
may not contain a quantifier or an alternation. That refuses the classic exponential shapes and
keeps the patterns forms need (`^\\d{5}$`, `^[^@]+@[^@]+\\.[a-z]{2,}$`, `^(\\+\\d{1,3} )?\\d+$`).
"""

import re

_BOUNDED = re.compile(r"\{(\d+)(,(\d*))?\}")


def _quantifier_at(pattern: str, index: int) -> tuple[int, bool, bool]:
    """The quantifier at `index`: (length, repeats more than once, matches a variable count)."""
    if index >= len(pattern):
        return 0, False, False
    char = pattern[index]
    if char in "*+":
        length, repeats, variable = 1, True, True
    elif char == "?":
        length, repeats, variable = 1, False, True
    elif char == "{" and (match := _BOUNDED.match(pattern, index)):
        low = int(match.group(1))
        high: int | None = low
        if match.group(2) is not None:
            high = int(match.group(3)) if match.group(3) else None
        length = match.end() - index
        repeats = high is None or high > 1
        variable = high != low
    else:
        return 0, False, False
    if index + length < len(pattern) and pattern[index + length] in "?+":
        length += 1
    return length, repeats, variable


def _past_quantifier(pattern: str, index: int, stack: list[bool]) -> int:
    """Past the quantifier, if any, after an atom ending at `index`; a variable count marks
    the innermost open group as holding a quantifier."""
    length, _, variable = _quantifier_at(pattern, index)
    if variable and stack:
        stack[-1] = True
    return index + length


def unsafe_reason(pattern: str) -> str | None:
    """Why the pattern may backtrack catastrophically, or None when it is acceptable."""
    # Each open group: does it contain a quantifier or an alternation?
    stack: list[bool] = []
    index = 0
    while index < len(pattern):
        char = pattern[index]
        if char == "\\":
            index = _past_quantifier(pattern, index + 2, stack)
            continue
        if char == "[":
            index += 1
            if index < len(pattern) and pattern[index] == "^":
                index += 1
            if index < len(pattern) and pattern[index] == "]":
                index += 1
            while index < len(pattern) and pattern[index] != "]":
                index += 2 if pattern[index] == "\\" else 1
            index = _past_quantifier(pattern, index + 1, stack)
            continue
        if char == "(":
            stack.append(False)
            index += 1
            if pattern.startswith("?", index):
                # (?: (?= (?! (?<= (?<! (?<name>
                index += 1
                if pattern.startswith("<", index) and not pattern.startswith(("<=", "<!"), index):
                    close = pattern.find(">", index)
                    index = close + 1 if close >= 0 else len(pattern)
                else:
                    index += 2 if pattern.startswith(("<=", "<!"), index) else 1
            continue
        if char == ")":
            inner = stack.pop() if stack else False
            index += 1
            length, repeats, variable = _quantifier_at(pattern, index)
            if repeats and inner:
                return "a repeated group contains a quantifier or '|' (catastrophic backtracking)"
            if stack and (inner or variable):
                stack[-1] = True
            index += length
            continue
        if char == "|":
            if stack:
                stack[-1] = True
            index += 1
            continue
        index = _past_quantifier(pattern, index + 1, stack)
    return None


def regex_problem(pattern: str, *, max_length: int) -> str | None:
    """What is wrong with a pattern the browser would run, or None."""
    if len(pattern) > max_length:
        return f"pattern is longer than {max_length} characters"
    try:
        re.compile(pattern)
    except re.error as exc:
        return f"invalid regular expression: {exc}"
    return unsafe_reason(pattern)
