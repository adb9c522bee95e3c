"""The `form_answered` event's shape (validated) and what a submission is said to have chosen."""

import pytest
from pydantic import ValidationError

from apps.agent.answered_forms import (
    MAX_ANSWER,
    FormAnswered,
    form_answered_event,
    submitted_answer,
    submitted_values,
)

FORM = [
    {
        "version": "v0.9",
        "updateComponents": {
            "surfaceId": "s1",
            "components": [
                {"id": "q", "component": "Text", "text": "“how many?”"},
                {
                    "id": "team",
                    "component": "ChoicePicker",
                    "label": "Team",
                    "options": [
                        {"label": "Night shift", "value": "n"},
                        {"label": "Day", "value": "d"},
                    ],
                    "value": {"path": "/p/team"},
                },
                {
                    "id": "from",
                    "component": "DateTimeInput",
                    "label": "From",
                    "value": {"path": "/p/from"},
                },
                {
                    "id": "go",
                    "component": "Button",
                    "child": "go-label",
                    "action": {
                        "event": {
                            "name": "ask.submit",
                            "context": {
                                "question": {"path": "/p/question"},
                                "team": {"path": "/p/team"},
                                "from": {"path": "/p/from"},
                            },
                        }
                    },
                },
            ],
        },
    }
]


def test_a_submission_is_told_by_its_labels_and_leaves_out_what_no_input_wrote():
    context = {"question": "how many?", "team": ["n", "d"], "from": "2024-03-01"}
    assert (
        submitted_answer(FORM, "ask.submit", context) == "Team: Night shift, Day · From: 2024-03-01"
    )
    assert submitted_answer(FORM, "ask.submit", {"question": "how many?", "team": []}) == ""


def test_a_submission_keeps_what_each_input_wrote_by_its_path():
    # written back into the form when it is shown answered (after a reload: radio checked)
    context = {"question": "how many?", "team": ["n"], "from": ""}
    assert submitted_values(FORM, "ask.submit", context) == {"/p/team": ["n"]}
    event = form_answered_event("s1", "submit", "Team: Night shift", {"/p/team": ["n"]})
    assert event.value["values"] == {"/p/team": ["n"]}


def test_the_event_is_validated_and_a_long_answer_is_cut():
    event = form_answered_event("s1", "typed", "x" * (MAX_ANSWER + 50))
    assert event.name == "form_answered"
    assert len(event.value["answer"]) == MAX_ANSWER and event.value["answer"].endswith("…")
    with pytest.raises(ValidationError):
        form_answered_event("s1", "guessed", "2025")
    with pytest.raises(ValidationError):
        FormAnswered.model_validate({"surfaceId": "", "by": "typed", "answer": ""})
