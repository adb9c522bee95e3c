from django import template

from apps.objects.errors import format_amount, state_label

register = template.Library()


@register.filter
def amount(value) -> str:
    """7200 → 7,200 (tabular figures come from the CSS)."""
    return format_amount(value)


@register.filter
def state(value) -> str:
    return state_label(value)
