"""The clarification form of an ERP question, in the question's language: one choice per
missing parameter (department, employee, period, measure, the two periods of a change), a
custom date range when a period is asked, and one submit action that carries the answers.

    messages = clarification_form("erp-1a2b", clarification)
    ...the browser sends FORM_ACTION with {"question", "department", "period", …}...
    answers = form_answers(context)          # checked again here: it comes from a browser
"""

from collections.abc import Mapping
from datetime import date
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from apps.a2ui.models import (
    Button,
    Card,
    CheckRule,
    ChoiceOption,
    ChoicePicker,
    Column,
    DateTimeInput,
    Row,
    Text,
    call,
    event,
    path,
)
from apps.a2ui.surfaces import surface_build
from apps.agent.input_checks import invalid_fields
from apps.erp.planner.reading import Clarification
from apps.erp.semantic import vocabulary

FORM_ACTION = "erp_clarification.submit"
CUSTOM = "custom"
FIELDS = ("department", "person", "period", "periods", "measure")
MAX_QUESTION = 2000


def _required(pointer: str, message: str) -> CheckRule:
    return CheckRule(condition=call("required", value=path(pointer)), message=message)


def clarification_form(surface_id: str, clarification: Clarification) -> list[dict[str, Any]]:
    """The A2UI messages of the form (validated by surface_build)."""
    vocab = vocabulary(clarification.language)
    required = vocab.message("form_required")
    components: list[Any] = [
        Card(id="root", child="form"),
        Text(id="title", text=clarification.message, variant="h4"),
        Text(id="question", text=_quote(clarification.question), variant="caption"),
    ]
    fields: list[str] = []
    context: dict[str, Any] = {"question": path("/params/question")}
    data: dict[str, Any] = {"question": clarification.question}
    for missing in clarification.missing:
        options = [ChoiceOption(label=c.label, value=c.value) for c in missing.choices]
        if missing.allow_custom_range:
            options.append(ChoiceOption(label=vocab.message("form_custom"), value=CUSTOM))
        pointer = f"/params/{missing.name}"
        components.append(
            ChoicePicker(
                id=missing.name,
                label=missing.prompt,
                variant="mutuallyExclusive",
                options=options,
                value=path(pointer),
                checks=[_required(pointer, required)],
            )
        )
        fields.append(missing.name)
        context[missing.name] = path(pointer)
        data[missing.name] = []
        if missing.allow_custom_range:
            components += _custom_range(vocab, pointer)
            fields.append("range")
            context |= {"start": path("/params/start"), "end": path("/params/end")}
            data |= {"start": "", "end": ""}
    components.insert(1, Column(id="form", children=["title", "question", *fields, "actions"]))
    components += [
        Row(id="actions", children=["submit"], justify="start"),
        Text(id="submit-label", text=vocab.message("form_submit")),
        Button(
            id="submit",
            child="submit-label",
            variant="primary",
            action=event(FORM_ACTION, **context),
        ),
    ]
    return surface_build(surface_id, components, data={"params": data})


def _custom_range(vocab, pointer: str) -> list[Any]:
    custom = call("equals", a=path(pointer), b=[CUSTOM])
    return [
        Row(id="range", children=["start", "end"], visible=custom),
        DateTimeInput(
            id="start",
            label=vocab.message("form_from"),
            enable_date=True,
            value=path("/params/start"),
            checks=[_required("/params/start", vocab.message("form_required"))],
        ),
        DateTimeInput(
            id="end",
            label=vocab.message("form_to"),
            enable_date=True,
            value=path("/params/end"),
            min=path("/params/start"),
            checks=[_required("/params/end", vocab.message("form_required"))],
        ),
    ]


def _quote(question: str) -> str:
    text = " ".join(question.split())
    return f"“{text[:197]}…”" if len(text) > 200 else f"“{text}”"


class FormAnswers(BaseModel):
    """What the person chose in the form, checked again on the server."""

    model_config = ConfigDict(frozen=True)

    question: str = Field(min_length=1, max_length=MAX_QUESTION)
    department: str | None = Field(default=None, max_length=200)
    person: str | None = Field(default=None, max_length=200)
    period: str | None = Field(default=None, max_length=40)
    periods: str | None = Field(default=None, max_length=40)
    measure: str | None = Field(default=None, max_length=63)
    start: date | None = None
    end: date | None = None

    @model_validator(mode="after")
    def _range(self) -> "FormAnswers":
        if self.period == CUSTOM and (self.start is None or self.end is None):
            raise ValueError("a custom period needs its first and last day")
        if self.start and self.end and self.end < self.start:
            raise ValueError("the end of the period can't be before its start")
        return self

    def answers(self) -> dict[str, Any]:
        """The answers in plan_question's terms."""
        given: dict[str, Any] = {}
        for name in FIELDS:
            value = getattr(self, name)
            if value:
                given[name] = value
        if self.period == CUSTOM and self.start and self.end:
            given |= {"start": self.start.isoformat(), "end": self.end.isoformat()}
        return given


def _first(value: Any) -> Any:
    value = value[0] if isinstance(value, list) and value else value
    return None if value in ("", None, []) else value


def form_answers(context: Mapping[str, Any]) -> FormAnswers:
    """The answers of a FORM_ACTION action (raises pydantic.ValidationError)."""
    return FormAnswers(
        question=context.get("question") or "",
        **{name: _first(context.get(name)) for name in (*FIELDS, "start", "end")},
    )


def problems_of(error: ValidationError) -> str:
    """The form's problems on one line, for the person who sent the answers."""
    return "; ".join(item.message.rstrip(".") for item in invalid_fields(error))
