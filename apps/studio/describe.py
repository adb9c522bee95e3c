"""Patches in words, for the history page and the agent's answers: "Buttons and links → #1d5fbf"."""

from collections.abc import Iterable, Mapping
from typing import Any

from apps.studio.preferences import FONT_LABELS, Preferences

FIELD_LABELS = {
    "/theme/mode": "Mode",
    "/theme/primary": "Buttons and links",
    "/theme/primary_ink": "Button text",
    "/theme/accent": "Accent",
    "/theme/background": "Page background",
    "/theme/surface": "Panels",
    "/theme/text": "Text color",
    "/theme/danger": "Errors",
    "/theme/font": "Font",
    "/theme/font_scale": "Text size",
    "/theme/density": "Spacing",
    "/theme/radius": "Corners",
    "/layout/sidebar": "Sidebar",
    "/layout/artifact_panel": "Results panel",
    "/layout/panels/threads": "Thread list",
    "/layout/panels/table": "Table tab",
    "/layout/panels/chart": "Chart tab",
    "/layout/panels/sql": "SQL tab",
}


def value_text(path: str, value: Any) -> str:
    """A value as people read it: "Readable (wide, open letters)", "110%", "6px", "hidden"."""
    if path == "/theme/font" and value in FONT_LABELS:
        return FONT_LABELS[value]
    if path == "/theme/font_scale" and isinstance(value, int | float):
        return f"{value:.0%}"
    if path == "/theme/radius" and isinstance(value, int):
        return f"{value}px"
    if path.startswith("/layout/panels/") and isinstance(value, bool):
        return "shown" if value else "hidden"
    return str(value)


def _section(document: Mapping[str, Any], prefix: str) -> Iterable[tuple[str, Any]]:
    """A replaced object (a whole theme, say) as its leaves."""
    for key, value in document.items():
        path = f"{prefix}/{key}"
        if isinstance(value, Mapping):
            yield from _section(value, path)
        else:
            yield path, value


def patch_summary(
    patch: Iterable[Mapping[str, Any]], before: Preferences | None = None
) -> list[str]:
    """One line per change a patch makes (``test`` operations are checks, not changes).
    With ``before``, shortcuts are named even where an operation only gives their index."""
    lines: list[str] = []
    labels = [shortcut.label for shortcut in before.shortcuts] if before is not None else None
    for op in patch:
        kind, path, value = op.get("op"), str(op.get("path", "")), op.get("value")
        if kind == "test":
            continue
        if path.startswith("/shortcuts"):
            lines.append(_shortcut_line(kind, path.split("/"), value, labels))
        elif kind in ("add", "replace") and isinstance(value, Mapping):
            lines.extend(
                f"{FIELD_LABELS.get(leaf, leaf)} → {value_text(leaf, item)}"
                for leaf, item in _section(value, path)
            )
        elif kind in ("add", "replace"):
            lines.append(f"{FIELD_LABELS.get(path, path)} → {value_text(path, value)}")
        else:
            lines.append(f"{FIELD_LABELS.get(path, path)}: {kind}")
    return lines


def _shortcut_line(kind: Any, parts: list[str], value: Any, labels: list[str] | None) -> str:
    """The change in words; ``labels`` (the shortcuts' labels so far) follows along."""
    if len(parts) == 2:  # the whole list
        items = [item.get("label", "?") for item in value or [] if isinstance(item, Mapping)]
        if labels is not None:
            labels[:] = items
        return "Shortcuts → " + (", ".join(items) if items else "none")
    index = parts[2]
    position = int(index) if index.isdigit() else None
    known = labels is not None and position is not None and position < len(labels)
    label = labels[position] if known else None
    if len(parts) == 3:
        if kind == "add" and isinstance(value, Mapping):
            new = str(value.get("label", "?"))
            if labels is not None:
                labels.insert(len(labels) if position is None else position, new)
            return f"Added shortcut “{new}”"
        if kind == "remove":
            if known:
                labels.pop(position)
            return f"Removed shortcut “{label}”" if label else "Removed a shortcut"
        if kind == "replace" and isinstance(value, Mapping):
            new = str(value.get("label", "?"))
            if known:
                labels[position] = new
            return f"Shortcut “{label or '?'}” → “{new}”"
    if len(parts) == 4 and parts[3] == "label" and kind == "replace":
        if known:
            labels[position] = str(value)
        return (
            f"Renamed shortcut “{label}” to “{value}”"
            if label
            else f"Renamed a shortcut to “{value}”"
        )
    return f"Changed shortcut “{label}”" if label else "Changed a shortcut"
