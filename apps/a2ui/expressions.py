"""The `${...}` expression language of `formatString`, parsed the way the renderer parses it
(static/a2ui/expressions.js), so the validator can check the functions and paths inside.

Grammar (from the v0.9 basic catalog and the reference web core):
    template   := (text | "\\${" | "${" expr "}")*
    expr       := "${" expr "}" | string | number | "true" | "false" | "null"
                | name "(" [arg ("," arg)*] ")" | path
    arg        := name ":" expr
"""

from dataclasses import dataclass, field

MAX_DEPTH = 16


class ExpressionError(ValueError):
    pass


@dataclass
class Parsed:
    """What a template refers to: function names and data paths, in order of appearance."""

    functions: list[str] = field(default_factory=list)
    paths: list[str] = field(default_factory=list)


class _Scanner:
    def __init__(self, text: str):
        self.text = text
        self.pos = 0

    def at_end(self) -> bool:
        return self.pos >= len(self.text)

    def peek(self, offset: int = 0) -> str:
        index = self.pos + offset
        return self.text[index] if index < len(self.text) else ""

    def starts(self, token: str) -> bool:
        return self.text.startswith(token, self.pos)

    def skip_space(self) -> None:
        while not self.at_end() and self.peek().isspace():
            self.pos += 1

    def skip_string(self, quote: str) -> bool:
        """Past a string literal whose opening `quote` was just consumed (backslash escapes
        the next character); False when the text ends first."""
        while not self.at_end():
            char = self.peek()
            self.pos += 1
            if char == "\\":
                self.pos += 1
            elif char == quote:
                return True
        return False


def _interpolation(scanner: _Scanner) -> str:
    """The text up to the `}` that closes a `${` (already consumed)."""
    start = scanner.pos
    depth = 1
    while not scanner.at_end():
        char = scanner.peek()
        scanner.pos += 1
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return scanner.text[start : scanner.pos - 1]
        elif char in "'\"":
            scanner.skip_string(char)
    raise ExpressionError("unclosed '${': missing '}'")


def _is_name_char(char: str) -> bool:
    return char.isascii() and (char.isalnum() or char == "_")


def _is_path_char(char: str) -> bool:
    return _is_name_char(char) or char in "/.-~"


def _expression(text: str, parsed: Parsed, depth: int) -> None:
    scanner = _Scanner(text.strip())
    _value(scanner, parsed, depth)
    scanner.skip_space()
    if not scanner.at_end():
        raise ExpressionError(f"unexpected text '{scanner.text[scanner.pos :][:40]}'")


def _value(scanner: _Scanner, parsed: Parsed, depth: int) -> None:
    if depth > MAX_DEPTH:
        raise ExpressionError(f"expressions nest deeper than {MAX_DEPTH}")
    scanner.skip_space()
    if scanner.at_end():
        return
    if scanner.starts("${"):
        scanner.pos += 2
        _expression(_interpolation(scanner), parsed, depth + 1)
        return
    char = scanner.peek()
    if char in "'\"":
        scanner.pos += 1
        if not scanner.skip_string(char):
            raise ExpressionError("unclosed string literal")
        return
    if char.isdigit():
        start = scanner.pos
        while not scanner.at_end() and (scanner.peek().isdigit() or scanner.peek() == "."):
            scanner.pos += 1
        number = scanner.text[start : scanner.pos]
        if number.count(".") > 1:
            raise ExpressionError(f"invalid number '{number}'")
        return
    for keyword in ("true", "false", "null"):
        if scanner.starts(keyword) and not _is_name_char(scanner.peek(len(keyword))):
            scanner.pos += len(keyword)
            return
    start = scanner.pos
    while not scanner.at_end() and _is_path_char(scanner.peek()):
        scanner.pos += 1
    token = scanner.text[start : scanner.pos]
    scanner.skip_space()
    if scanner.peek() == "(":
        if not token or not all(_is_name_char(c) for c in token):
            raise ExpressionError(f"invalid function name '{token}'")
        parsed.functions.append(token)
        scanner.pos += 1
        _arguments(scanner, parsed, token, depth)
        return
    if not token:
        raise ExpressionError(f"unexpected character '{scanner.peek()}'")
    parsed.paths.append(token)


def _arguments(scanner: _Scanner, parsed: Parsed, function: str, depth: int) -> None:
    scanner.skip_space()
    while not scanner.at_end() and scanner.peek() != ")":
        start = scanner.pos
        while not scanner.at_end() and _is_name_char(scanner.peek()):
            scanner.pos += 1
        name = scanner.text[start : scanner.pos]
        scanner.skip_space()
        if not name or scanner.peek() != ":":
            raise ExpressionError(f"expected 'name:' for an argument of {function}()")
        scanner.pos += 1
        _value(scanner, parsed, depth + 1)
        scanner.skip_space()
        if scanner.peek() == ",":
            scanner.pos += 1
            scanner.skip_space()
        elif scanner.peek() != ")":
            raise ExpressionError(f"expected ',' or ')' in the arguments of {function}()")
    if scanner.peek() != ")":
        raise ExpressionError(f"missing ')' after the arguments of {function}()")
    scanner.pos += 1


def parse_template(template: str) -> Parsed:
    """The functions and paths a formatString template refers to; ExpressionError if malformed."""
    parsed = Parsed()
    scanner = _Scanner(template)
    while not scanner.at_end():
        if scanner.starts("\\${"):
            scanner.pos += 3
        elif scanner.starts("${"):
            scanner.pos += 2
            _expression(_interpolation(scanner), parsed, 1)
        else:
            scanner.pos += 1
    return parsed
