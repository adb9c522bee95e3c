"""`manage.py eval questions FILE`: the comparison of results, the question file, the command's
lines, JSON and exit status, and the project's own set (in CI: ≥ 95% right, no wrong answer)."""

import json
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError

from apps.agent import cli
from apps.agent.models import ThreadDirectory
from apps.agent.providers import BuiltinProvider
from apps.agent.runtime import RunOutcome
from apps.agent.selectors import thread_list
from apps.erp.entities import NONE
from apps.erp.eval.columns import gold_columns
from apps.erp.eval.compare import same_result
from apps.erp.eval.questions import EvalQuestion, QuestionFileError, load_questions
from apps.erp.eval.runner import evaluate, judge
from apps.erp.planner.lexicon import lex
from project.maintenance import owner_database
from tests.conftest import AS_OF

PROJECT_SET = Path(settings.BASE_DIR) / "apps" / "erp" / "eval" / "questions.jsonl"
KEYS = {"total", "right", "wrong", "refused", "clarified", "accuracy", "results"}


@pytest.mark.parametrize(
    ("answer", "gold"),
    [
        ([["Sales", 3], ["Finance", 2]], [["Finance", 2], ["Sales", 3]]),  # any order
        ([[6280.874]], [["6280.87"]]),  # rounding to 2 decimals; numbers as text
        ([[1, "Ana", "Sales", 10.0]], [["Ana", 10]]),  # the answer shows more columns
        ([["Ana", 10]], [[1, "Ana", "Sales", 10.0]]),  # or the gold does
        ([["Sales", 3], ["Legal", 0]], [["Sales", 3]]),  # an empty group may be left out
        ([["2025-03-31"]], [["2025-03-31"]]),
        ([], []),
        ([], [[0]]),  # "none" is a count of 0
    ],
)
def test_results_that_a_person_would_call_equal(answer, gold):
    assert same_result(answer, gold) == (True, "")


@pytest.mark.parametrize(
    ("answer", "gold"),
    [
        ([["Sales", 3]], [["Sales", 4]]),
        ([["Sales", 3], ["Finance", 2]], [["Sales", 2], ["Finance", 3]]),  # values cross rows
        ([[6280.87]], [[6280.89]]),
        ([["Sales", 3]], [["Sales", 3], ["Finance", 2]]),
        ([[None]], [[0]]),
        ([], [[3]]),
        ([["Ana", 10], ["Bo", 20]], [["Ana", 20], ["Bo", 10]]),
    ],
)
def test_results_that_differ(answer, gold):
    equal, why = same_result(answer, gold)
    assert not equal and why


BY_MONTH = (
    "SELECT date_trunc('month', e.hire_date) AS month, count(*) AS headcount, "
    "count(*) FILTER (WHERE e.level > 5) AS seniors FROM erp_employee e GROUP BY 1"
)
MONTHS = [["2026-01-01", 10, 2], ["2026-02-01", 11, 1]]


@pytest.mark.parametrize(
    ("sql", "answer", "gold"),
    [
        # "headcount and seniors by month" answered with the seniors only
        (BY_MONTH, [["2026-01-01", 2], ["2026-02-01", 1]], MONTHS),
        (BY_MONTH, [["2026-01-01", "January", 10], ["2026-02-01", "February", 11]], MONTHS),
        # the measure is computed in a CTE (or a subquery) and selected from it by name
        (
            f"WITH m AS ({BY_MONTH}) SELECT month, headcount, seniors FROM m",
            [["2026-01-01", 10], ["2026-02-01", 11]],
            MONTHS,
        ),
        (
            f"SELECT s.month, s.headcount, s.seniors * 1 FROM ({BY_MONTH}) s",
            [["2026-01-01", 10], ["2026-02-01", 11]],
            MONTHS,
        ),
        # a column of numbers that is neither an identifier nor a grouping key (a salary)
        (
            "SELECT e.name, s.amount FROM erp_salary s JOIN erp_employee e ON e.id = s.employee_id",
            [["Ana"], ["Bo"]],
            [["Ana", 5000], ["Bo", 6000]],
        ),
    ],
)
def test_an_answer_that_drops_a_measure_of_the_gold_is_wrong(sql, answer, gold):
    equal, why = same_result(answer, gold, gold_columns(sql))
    assert not equal and "measure" in why


BY_DEPARTMENT = (
    "SELECT d.id, count(*) AS headcount, sum(s.amount) FROM erp_department d "
    "JOIN erp_employee e ON e.department_id = d.id JOIN erp_salary s ON s.employee_id = e.id "
    "GROUP BY d.id"
)


@pytest.mark.parametrize(
    ("sql", "answer", "gold"),
    [
        # the department's name instead of its id, with one more label column
        (
            BY_DEPARTMENT,
            [["Sales", "EU", 3, 100], ["Finance", "US", 5, 200]],
            [[1, 3, 100], [2, 5, 200]],
        ),
        # the name instead of the id, as wide as the gold
        (BY_DEPARTMENT, [["Sales", 3, 100], ["Finance", 5, 200]], [[1, 3, 100], [2, 5, 200]]),
        # every measure and one more label (guards against too strict a rule)
        (
            BY_MONTH,
            [["2026-01-01", "January", 10, 2], ["2026-02-01", "February", 11, 1]],
            MONTHS,
        ),
    ],
)
def test_an_answer_with_every_measure_is_right_whatever_labels_it_shows(sql, answer, gold):
    assert same_result(answer, gold, gold_columns(sql)) == (True, "")


@pytest.mark.parametrize(
    ("answer", "gold"),
    [
        # the id left out with no label for it: counts alone do not say whose they are
        ([[3, 100], [5, 200]], [[1, 3, 100], [2, 5, 200]]),
        # the labels are the gold's but the measures cross rows
        ([["Sales", 5, 100], ["Finance", 3, 200]], [[1, 3, 100], [2, 5, 200]]),
    ],
)
def test_setting_an_identifier_aside_keeps_the_rest_strict(answer, gold):
    equal, why = same_result(answer, gold, gold_columns(BY_DEPARTMENT))
    assert not equal and why


def test_the_evaluation_judges_an_answer_by_its_gold_sqls_measures():
    question = EvalQuestion(id="m", question="headcount and seniors by month", gold_sql=BY_MONTH)
    answered = RunOutcome(
        thread_id="t",
        run_id="r",
        status="done",
        messages=[],
        artifacts=[{"kind": "sql_result", "rows": [["2026-01-01", 2], ["2026-02-01", 1]]}],
    )
    status, why = judge(question, answered, MONTHS)
    assert status == "wrong" and "measure" in why


def test_the_gold_sqls_columns_are_read_from_its_select_list():
    columns = gold_columns(
        "SELECT d.id, d.name, extract(year FROM e.hire_date) AS y, count(*), "
        "round(avg(e.level), 2) FROM erp_employee e JOIN erp_department d "
        "ON d.id = e.department_id GROUP BY d.id, d.name, y"
    )
    assert (columns.identifiers, columns.keys, columns.aggregates) == ({0}, {1, 2}, {3, 4})
    assert gold_columns("not SQL (((") == gold_columns(None) == gold_columns("SELECT 1")


def _file(tmp_path, lines) -> Path:
    path = tmp_path / "questions.jsonl"
    path.write_text(
        "\n".join(line if isinstance(line, str) else json.dumps(line) for line in lines)
    )
    return path


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (["{not json"], "line 1: not JSON"),
        ([{"id": "a", "question": "q"}], 'either "gold_sql" or "expect"'),
        ([{"id": "a", "question": "q", "gold_sql": "SELECT 1", "expect": "refuse"}], "either"),
        ([{"id": "a", "question": "q", "expect": "maybe"}], "expect"),
        (
            [{"id": "a", "question": "q", "expect": "refuse", "followup_of": "z"}],
            "names no earlier",
        ),
        ([{"id": "a", "question": "q", "expect": "refuse"}] * 2, "used twice"),
        ([{"id": "a", "question": "q", "expect": "refuse", "extra": 1}], "extra"),
        ([""], "holds no questions"),
    ],
)
def test_a_bad_question_file_is_refused_with_the_line(tmp_path, lines, message):
    with pytest.raises(QuestionFileError, match=message):
        load_questions(_file(tmp_path, lines))


def _eval(path: Path, *extra: str):
    out = StringIO()
    call_command(
        "eval",
        "questions",
        str(path),
        "--provider",
        "builtin",
        "--as-of",
        AS_OF.isoformat(),
        *extra,
        stdout=out,
    )
    return out.getvalue()


SALES = (
    "SELECT count(*) FROM erp_employee e JOIN erp_department d ON d.id = e.department_id "
    "WHERE d.name = '{name}' AND e.hire_date <= CAST(:as_of AS DATE) "
    "AND (e.termination_date IS NULL OR e.termination_date > CAST(:as_of AS DATE))"
)


@pytest.mark.usefixtures("committed_db")
def test_the_command_prints_a_line_per_question_and_a_summary(tmp_path):
    path = _file(
        tmp_path,
        [
            {
                "id": 1,
                "question": "How many people work in Sales?",
                "gold_sql": SALES.format(name="Sales"),
            },
            {
                "id": 2,
                "question": "and in Marketing?",
                "gold_sql": SALES.format(name="Marketing"),
                "followup_of": 1,
            },
            {"id": 3, "question": "What is the average bonus?", "expect": "refuse"},
            {"id": 4, "question": "What was the average salary?", "expect": "clarify"},
            {"id": 5, "question": "What was the average salary?", "expect": "refuse"},
        ],
    )
    with pytest.raises(CommandError) as below:
        _eval(path, "--min-accuracy", "0.9")
    assert "below" in str(below.value)
    text = _eval(path, "--min-accuracy", "80")
    lines = text.strip().splitlines()
    assert [line.split()[0] for line in lines[:5]] == ["ok", "ok", "ok", "ok", "clarified"]
    assert lines[-1].startswith("5 questions: 4 right, 0 wrong, 0 refused, 1 clarified")
    report = json.loads(_eval(path, "--json"))
    assert set(report) == KEYS
    assert (report["total"], report["right"], report["accuracy"]) == (5, 4, 0.8)
    assert [r["status"] for r in report["results"]] == ["ok", "ok", "ok", "ok", "clarified"]


@pytest.mark.usefixtures("committed_db")
def test_a_wrong_answer_fails_the_command(tmp_path):
    path = _file(
        tmp_path,
        [
            {
                "id": "w",
                "question": "How many people work in Sales?",
                "gold_sql": SALES.format(name="Finance"),
            }
        ],
    )
    with pytest.raises(CommandError, match="1 wrong"):
        _eval(path)


def _threads_of(username: str) -> list[tuple[str, str]]:
    context = cli.access_for(username, "acme")
    with owner_database() as alias:
        directory = set(
            ThreadDirectory.objects.using(alias)
            .filter(user_id=context.user_id)
            .values_list("thread_id", flat=True)
        )
    return sorted(
        (t.title, str(t.id)) for t in thread_list(context=context, limit=10_000)
    ), directory


@pytest.mark.usefixtures("committed_db")
def test_an_evaluation_leaves_nothing_in_the_persons_thread_list(tmp_path):
    before = _threads_of("ana")
    path = _file(
        tmp_path,
        [
            {"id": "t1", "question": "headcount in Sales", "gold_sql": SALES.format(name="Sales")},
            {
                "id": "t2",
                "question": "and Finance?",
                "gold_sql": SALES.format(name="Finance"),
                "followup_of": "t1",
            },
            {"id": "t3", "question": "What is the average bonus?", "expect": "refuse"},
        ],
    )
    report = json.loads(_eval(path, "--json"))
    assert report["right"] == 3
    assert _threads_of("ana") == before


@pytest.mark.usefixtures("committed_db")
def test_an_evaluation_that_fails_half_way_leaves_no_thread_either(tmp_path):
    before = _threads_of("ana")
    questions = load_questions(
        _file(
            tmp_path,
            [
                {
                    "id": "a",
                    "question": "headcount in Sales",
                    "gold_sql": SALES.format(name="Sales"),
                },
                {"id": "b", "question": "and Finance?", "expect": "refuse", "followup_of": "a"},
            ],
        )
    )
    providers = iter([BuiltinProvider])

    def provider():
        return next(providers)()  # the second question's provider cannot be built

    with pytest.raises(StopIteration):
        evaluate(questions, context=cli.access_for("ana", "acme"), provider=provider, as_of=AS_OF)
    assert _threads_of("ana") == before


@pytest.mark.usefixtures("committed_db")
def test_a_gold_sql_that_does_not_run_is_named(tmp_path):
    path = _file(
        tmp_path,
        [{"id": "g", "question": "headcount", "gold_sql": "SELECT nope FROM erp_employee"}],
    )
    with pytest.raises(CommandError, match="question g: the gold SQL does not run"):
        _eval(path)


def test_the_project_set_has_every_kind_of_question():
    questions = load_questions(PROJECT_SET)
    assert len(questions) >= 300
    portuguese = [q for q in questions if lex(q.question, NONE).language == "pt"]
    assert len(portuguese) >= 60
    chains = {q.followup_of for q in questions if q.followup_of} - {
        q.id for q in questions if q.followup_of
    }
    assert len(chains) >= 40
    assert sum(1 for q in questions if q.expect) >= 50


@pytest.mark.slow
@pytest.mark.usefixtures("committed_db")
def test_the_project_set_is_answered_right_with_no_wrong_answer():
    report = json.loads(_eval(PROJECT_SET, "--json", "--min-accuracy", "0.95"))
    assert report["wrong"] == 0, [r for r in report["results"] if r["status"] == "wrong"]
    assert report["accuracy"] >= 0.95
