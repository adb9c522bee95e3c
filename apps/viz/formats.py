"""How numbers and dates read on an axis, in a hover label and in a title: thousands
separators, currency symbols, percentages, date ticks, "Title (unit)"."""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from apps.viz.specs import AxisFormat, ChartSpec
from apps.viz.text import humanize, text_escape
from apps.viz.values import year_like

CURRENCY_SYMBOLS = {
    "USD": "$",
    "EUR": "€",
    "GBP": "£",
    "JPY": "¥",
    "CNY": "¥",
    "INR": "₹",
    "KRW": "₩",
    "CAD": "CA$",
    "AUD": "A$",
    "NZD": "NZ$",
    "HKD": "HK$",
    "SGD": "S$",
    "BRL": "R$",
    "MXN": "MX$",
    "CHF": "CHF ",
    "SEK": "SEK ",
    "NOK": "NOK ",
    "DKK": "DKK ",
    "PLN": "PLN ",
}
ZERO_DECIMAL_CURRENCIES = frozenset({"JPY", "KRW", "CLP", "VND", "ISK", "HUF"})

DATE_TICKS = {"day": "%b %-d, %Y", "month": "%b %Y", "year": "%Y"}
DATE_HOVER = {"auto": "%Y-%m-%d", "day": "%Y-%m-%d", "month": "%b %Y", "year": "%Y"}


@dataclass(frozen=True)
class NumberStyle:
    """d3-format specs for ticks and hover labels, with the prefix and suffix around them."""

    tickformat: str
    hoverformat: str
    prefix: str = ""
    suffix: str = ""

    def axis(self) -> dict[str, Any]:
        return {
            "tickformat": self.tickformat,
            "hoverformat": self.hoverformat,
            "tickprefix": self.prefix,
            "ticksuffix": self.suffix,
            "separatethousands": True,
        }

    def template(self, variable: str) -> str:
        return f"{self.prefix}%{{{variable}:{self.hoverformat}}}{self.suffix}"


def number_style(fmt: AxisFormat, values: Sequence[float | int | None]) -> NumberStyle:
    """The style of an axis format over these values (their size picks the default digits)."""
    present = [abs(value) for value in values if value is not None]
    largest = max(present, default=0)
    decimals = fmt.decimals
    if fmt.type == "currency":
        code = fmt.currency or ""
        places = decimals if decimals is not None else (0 if code in ZERO_DECIMAL_CURRENCIES else 2)
        tick = f",.{places}f" if decimals is not None or largest < 1000 else ",.0f"
        return NumberStyle(tick, f",.{places}f", prefix=CURRENCY_SYMBOLS.get(code, f"{code} "))
    if fmt.type == "percent":
        if fmt.percent_base == "points":
            spec = f",.{decimals}f" if decimals is not None else ",.1~f"
            return NumberStyle(spec, spec, suffix="%")
        spec = f".{decimals}%" if decimals is not None else ".1~%"
        return NumberStyle(spec, spec)
    if decimals is not None:
        return NumberStyle(f",.{decimals}f", f",.{decimals}f")
    if 0 < largest < 1:
        return NumberStyle(",.3~r", ",.3~r")
    return NumberStyle(",.2~f", ",.2~f")


def axis_title(title: str | None, unit: str | None, fmt: AxisFormat, fallback: str) -> str:
    text = title or fallback
    unit = unit or (fmt.currency if fmt.type == "currency" else None)
    return text_escape(f"{text} ({unit})" if unit else text)


def category_title(spec: ChartSpec) -> str:
    axis = spec.x_axis
    return axis_title(axis.title, axis.unit, axis.format, humanize(spec.x or ""))


def measure_title(spec: ChartSpec) -> str:
    if spec.y_axis.title:
        fallback = spec.y_axis.title
    elif len(spec.y) == 1:
        fallback = humanize(spec.y[0])
    elif len(spec.y) == 2:
        fallback = f"{humanize(spec.y[0])}, {humanize(spec.y[1]).lower()}"
    else:
        fallback = "Value"
    return axis_title(None, spec.y_axis.unit, spec.y_axis.format, fallback)


def x_axis_settings(spec: ChartSpec, axis_type: str, x: list[Any]) -> dict[str, Any]:
    """Settings of the axis that shows the x column of a line/area/scatter/histogram."""
    fmt = spec.x_axis.format
    settings: dict[str, Any] = {"type": axis_type, "title": category_title(spec)}
    if axis_type == "date":
        if fmt.date_unit in DATE_TICKS:
            settings["tickformat"] = DATE_TICKS[fmt.date_unit]
        if fmt.date_unit == "year":
            settings["dtick"] = "M12"
        settings["hoverformat"] = DATE_HOVER[fmt.date_unit]
    elif axis_type == "linear":
        if fmt.type == "auto" and year_like([v for v in x if v is not None]):
            settings.update(tickformat="d", hoverformat="d")
        else:
            settings.update(number_style(fmt, x).axis())
    return settings
