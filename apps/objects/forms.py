"""What the pipeline page may post, validated before anything runs."""

from decimal import Decimal
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from apps.agent.input_checks import invalid_fields
from apps.objects.amounts import parse_amount
from apps.objects.models import CandidateState
from apps.objects.services import MAX_NOTE

MSG_SALARY_FORMAT = "Enter the offered salary as a number, for example 7200 or 7200.50."
MSG_STATE = "Choose one of the actions shown."


class MoveForm(BaseModel):
    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True)

    to_state: CandidateState
    offered_salary: Annotated[Decimal, Field(gt=0, max_digits=12, decimal_places=2)] | None = None
    note: Annotated[str, Field(max_length=MAX_NOTE)] = ""

    @field_validator("offered_salary", mode="before")
    @classmethod
    def _amount(cls, value):
        if isinstance(value, str):
            if not value.strip():
                return None
            amount = parse_amount(value.strip())
            if amount is None:
                raise ValueError("not an amount")
            return amount
        return value


def parse_move(data) -> tuple[MoveForm | None, dict[str, str]]:
    """The form, or field errors in words for the page."""
    try:
        return MoveForm.model_validate(
            {key: data.get(key) for key in ("to_state", "offered_salary", "note") if data.get(key)}
        ), {}
    except ValidationError as error:
        problems: dict[str, str] = {}
        for item in invalid_fields(error):
            field = str(item.location[0]) if item.location else "form"
            if field == "offered_salary":
                problems[field] = MSG_SALARY_FORMAT
            elif field == "to_state":
                problems[field] = MSG_STATE
            else:
                problems[field] = item.message
        return None, problems
