"""JSON Pointers (RFC 6901) as A2UI uses them: absolute (`/a/b`), or relative (`name`) inside a
template, where they resolve against the current list item."""

from collections.abc import Iterable

# Keys that change an object's prototype when assigned in JavaScript. The renderer refuses them
# too; refusing them here means a surface that uses them never reaches a browser.
FORBIDDEN_SEGMENTS = frozenset({"__proto__", "prototype", "constructor"})


class PointerError(ValueError):
    """A path that is not a usable JSON Pointer; the message says why."""


def escape(segment: str) -> str:
    return segment.replace("~", "~0").replace("/", "~1")


def unescape(segment: str) -> str:
    return segment.replace("~1", "/").replace("~0", "~")


def join(segments: Iterable[str | int]) -> str:
    """A pointer from path segments: join(["a", 0]) == "/a/0"; join([]) == ""."""
    return "".join("/" + escape(str(s)) for s in segments)


def split(path: str, *, max_length: int, max_segments: int) -> list[str]:
    """The unescaped segments of an absolute or relative pointer.

    "" and "/" both mean the whole data model (A2UI's reading of "/").
    """
    if not isinstance(path, str):
        raise PointerError("a path must be a string")
    if len(path) > max_length:
        raise PointerError(f"path is longer than {max_length} characters")
    if any(ord(c) < 0x20 or c == "\x7f" for c in path):
        raise PointerError("path contains control characters")
    if path in ("", "/"):
        return []
    body = path[1:] if path.startswith("/") else path
    raw = body.split("/")
    if len(raw) > max_segments:
        raise PointerError(f"path has more than {max_segments} segments")
    segments = []
    for piece in raw:
        rest = piece.replace("~0", "").replace("~1", "")
        if "~" in rest:
            raise PointerError(f"'~' must be followed by 0 or 1 (segment '{piece}')")
        segment = unescape(piece)
        if segment in FORBIDDEN_SEGMENTS:
            raise PointerError(f"segment '{segment}' is not allowed")
        segments.append(segment)
    return segments


def is_relative(path: str) -> bool:
    return isinstance(path, str) and path != "" and not path.startswith("/")


_MISSING = object()


def resolve(document: object, segments: list[str]) -> object:
    """The value at the segments, or the module's MISSING sentinel."""
    node = document
    for segment in segments:
        if isinstance(node, dict):
            node = node.get(segment, _MISSING)
        elif isinstance(node, list) and segment.isdigit() and int(segment) < len(node):
            node = node[int(segment)]
        else:
            return _MISSING
        if node is _MISSING:
            return _MISSING
    return node


MISSING = _MISSING

# An index far past the end of an array would make the copy allocate a huge list.
_MAX_ARRAY_GAP = 1_000


def assign(document: object, segments: list[str], value: object, *, remove: bool = False) -> object:
    """The document with `value` set at the segments (or the key removed), creating objects
    and arrays on the way as the renderer does. Returns the new document (it may be replaced)."""
    if not segments:
        return None if remove else value
    if not isinstance(document, dict | list):
        document = [] if segments[0].isdigit() else {}
    node = document
    for index, segment in enumerate(segments):
        last = index == len(segments) - 1
        if isinstance(node, list):
            if not segment.isdigit():
                return document
            position = int(segment)
            if position > len(node) + _MAX_ARRAY_GAP:
                return document
            while len(node) <= position:
                node.append(None)
            if last:
                node[position] = None if remove else value
                return document
            if not isinstance(node[position], dict | list):
                node[position] = [] if segments[index + 1].isdigit() else {}
            node = node[position]
        else:
            if last:
                if remove:
                    node.pop(segment, None)
                else:
                    node[segment] = value
                return document
            if not isinstance(node.get(segment), dict | list):
                node[segment] = [] if segments[index + 1].isdigit() else {}
            node = node[segment]
    return document
