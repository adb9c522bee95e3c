"""Turn database values into JSON (dates and times as ISO 8601 strings, decimals as numbers,
intervals as ISO 8601 durations), and into text cells for downloads (the same, with decimals
written out exactly)."""

import json
import math
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from uuid import UUID


def jsonable(value):
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else _non_finite(value)
    if isinstance(value, Decimal):
        if not value.is_finite():
            return _non_finite(float(value))
        if value == value.to_integral_value() and abs(value) < 2**53:
            return int(value)
        return float(value)
    if isinstance(value, (datetime, date, time)):
        return value.isoformat()
    if isinstance(value, timedelta):
        return iso_duration(value)
    if isinstance(value, (list, tuple)):
        return [jsonable(item) for item in value]
    if isinstance(value, dict):
        return {str(key): jsonable(item) for key, item in value.items()}
    if isinstance(value, UUID):
        return str(value)
    if isinstance(value, (bytes, bytearray, memoryview)):
        return "\\x" + bytes(value).hex()
    return str(value)


def text_cell(value) -> str:
    """One value as the text of a CSV cell: empty for NULL, exact decimals, ISO dates."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Decimal):
        return format(value, "f") if value.is_finite() else _non_finite(float(value))
    if isinstance(value, (list, tuple, dict)):
        return json.dumps(jsonable(value), ensure_ascii=False)
    converted = jsonable(value)
    return converted if isinstance(converted, str) else json.dumps(converted)


def _non_finite(value: float) -> str:
    if math.isnan(value):
        return "NaN"
    return "Infinity" if value > 0 else "-Infinity"


def iso_duration(value: timedelta) -> str:
    """ISO 8601 duration: `P30D`, `PT1H30M`, `-P1DT2H`. PostgreSQL's months arrive as 30 days."""
    sign = "-" if value < timedelta(0) else ""
    value = abs(value)
    days = value.days
    seconds = value.seconds
    hours, seconds = divmod(seconds, 3600)
    minutes, seconds = divmod(seconds, 60)
    fraction = f"{seconds + value.microseconds / 1_000_000:.6f}".rstrip("0").rstrip(".")
    out = f"{sign}P{days}D" if days else f"{sign}P"
    clock = ""
    if hours:
        clock += f"{hours}H"
    if minutes:
        clock += f"{minutes}M"
    if seconds or value.microseconds:
        clock += f"{fraction}S"
    if clock:
        out += "T" + clock
    return out if out not in ("P", "-P") else "PT0S"
