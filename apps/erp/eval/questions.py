"""The question file of `manage.py eval questions`: JSON Lines, one object per line.

    {"id": "q1", "question": "How many people work in Sales?", "gold_sql": "SELECT …"}
    {"id": "q2", "question": "and in Marketing?", "gold_sql": "SELECT …", "followup_of": "q1"}
    {"id": "q3", "question": "What is the average bonus?", "expect": "refuse"}

`gold_sql` may use `:as_of`, bound to the date the evaluation runs as of (default today).
A follow-up is asked in the same thread as the question it names, which must come earlier.
"""

import json
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

MAX_QUESTIONS = 5000


class QuestionFileError(ValueError):
    """The file is not a question set; the message names the line and the problem."""


class EvalQuestion(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(min_length=1, max_length=100)
    question: str = Field(min_length=1, max_length=4000)
    gold_sql: str | None = Field(default=None, min_length=1, max_length=20_000)
    expect: Literal["refuse", "clarify"] | None = None
    followup_of: str | None = None
    note: str = ""

    @model_validator(mode="before")
    @classmethod
    def _ids_as_text(cls, data):
        if isinstance(data, dict):
            for key in ("id", "followup_of"):
                if isinstance(data.get(key), int) and not isinstance(data.get(key), bool):
                    data = {**data, key: str(data[key])}
        return data

    @model_validator(mode="after")
    def _one_expectation(self) -> "EvalQuestion":
        if (self.gold_sql is None) == (self.expect is None):
            raise ValueError('give either "gold_sql" or "expect" ("refuse" or "clarify")')
        return self


def load_questions(path: Path) -> list[EvalQuestion]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as error:
        raise QuestionFileError(f"cannot read {path}: {error.strerror}") from error
    except UnicodeDecodeError as error:
        raise QuestionFileError(f"{path} is not UTF-8 text") from error
    questions: list[EvalQuestion] = []
    seen: set[str] = set()
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        where = f"{path.name}, line {number}"
        try:
            question = EvalQuestion.model_validate(json.loads(line))
        except json.JSONDecodeError as error:
            raise QuestionFileError(f"{where}: not JSON ({error.msg})") from error
        except ValidationError as error:
            problems = "; ".join(
                f"{'.'.join(str(p) for p in e['loc']) or 'line'}: {e['msg'].removeprefix('Value error, ')}"
                for e in error.errors()
            )
            raise QuestionFileError(f"{where}: {problems}") from error
        if question.id in seen:
            raise QuestionFileError(f"{where}: the id {question.id!r} is used twice")
        if question.followup_of is not None and question.followup_of not in seen:
            raise QuestionFileError(
                f"{where}: followup_of {question.followup_of!r} names no earlier question"
            )
        seen.add(question.id)
        questions.append(question)
        if len(questions) > MAX_QUESTIONS:
            raise QuestionFileError(f"{path.name}: more than {MAX_QUESTIONS} questions")
    if not questions:
        raise QuestionFileError(f"{path.name} holds no questions")
    return questions
