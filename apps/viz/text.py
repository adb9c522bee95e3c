"""Text on a chart: escaped for plotly.js, and column names as people read them."""

import re


def text_escape(value: str) -> str:
    """Plain text as plotly.js shows it literally (it decodes these entities, nothing else)."""
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def humanize(column: str) -> str:
    """A column name as an axis title: "avg_salary" → "Avg salary"."""
    words = re.sub(r"[_\s]+", " ", column).strip()
    return words[:1].upper() + words[1:] if words else column
