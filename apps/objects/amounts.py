"""Amounts as people type them, shared by the pipeline page and the planner."""

import re
from decimal import Decimal, InvalidOperation


def parse_amount(text: str) -> Decimal | None:
    """'7200', '7,200', '7 200', '7.200', '7200.50', '7,2k', '7.2k' → Decimal; else None."""
    value = text.replace(" ", "").rstrip(".,")
    thousands = value.lower().endswith("k")
    if thousands:
        value = value[:-1].replace(",", ".")
    elif re.fullmatch(r"\d{1,3}([.,]\d{3})+", value):
        value = re.sub(r"[.,]", "", value)
    elif re.fullmatch(r"\d+,\d{1,2}", value):
        value = value.replace(",", ".")
    else:
        value = value.replace(",", "")
    try:
        amount = Decimal(value)
    except InvalidOperation:
        return None
    if thousands:
        amount *= 1000
    return amount.quantize(Decimal("0.01")) if amount > 0 else None
