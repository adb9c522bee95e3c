"""The ten questions of the Portuguese brief, verbatim, through `ask --json`: the same rows as
the English questions (whose answers test_questions.py checks against independent queries),
and an answer written in Portuguese — title, column labels, the closing sentence."""

import pytest

from apps.erp.eval.brief import ENGLISH, PORTUGUESE
from tests.erp.conftest import ask_json, ask_result, assert_rows, pick, planner_result

pytestmark = pytest.mark.django_db

# Words of a Portuguese answer, and of an English one, that must not be mixed up.
PORTUGUESE_WORDS = ("médio", "Número", "funcionário", "Contratações", "Departamento", "Nível")
ENGLISH_WORDS = ("Average", "Headcount", "Hires", "Department", "Level", "Employee")


@pytest.mark.parametrize(("portuguese", "english"), list(zip(PORTUGUESE, ENGLISH, strict=True)))
def test_each_brief_question_answers_as_its_english_twin(acme, portuguese, english):
    planned, names, rows = ask_result(portuguese, acme)
    twin, twin_names, twin_rows = planner_result(english, acme)
    assert names == twin_names
    numbers = [n for n in names if n != "tenure"]  # band labels are words, in each language
    ordered = planned.reading.order is not None
    assert_rows(pick(names, rows, *numbers), pick(names, twin_rows, *numbers), ordered=ordered)
    assert planned.reading.language == "pt" and twin.reading.language == "en"


@pytest.mark.parametrize("question", PORTUGUESE)
def test_the_answer_is_written_in_portuguese(acme, question):
    outcome = ask_json(question, acme)
    assert outcome["status"] == "finished"
    [result] = [a for a in outcome["artifacts"] if a["kind"] == "sql_result"]
    labels = " ".join(column["label"] for column in result["columns"])
    written = f"{result['title']} {labels} {outcome['messages'][-1]['text']}"
    assert not any(word in written.split() for word in ENGLISH_WORDS), written
    assert any(word in written for word in PORTUGUESE_WORDS), written
