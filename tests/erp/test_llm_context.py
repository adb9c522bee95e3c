"""The text a language-model planner gets about the ERP."""

from apps.erp.llm_context import erp_context, verified_examples
from apps.erp.semantic import semantic_model
from tests.conftest import AS_OF


def test_the_context_carries_schema_definitions_rules_and_examples():
    text = erp_context(as_of=AS_OF)
    model = semantic_model()
    assert f"As-of date (today for every relative date): {AS_OF.isoformat()}." in text
    assert "never filter on tenant_id" in text
    for table in model.tables:
        assert table.base_table in text
        assert all(f"    {column.name} " in text for column in table.columns)
    for item in (*model.measures, *model.filters, *model.dimensions):
        assert f"- {item.name}:" in text
    for query in model.verified_queries:
        assert query.question in text and query.sql.strip() in text


def test_examples_closest_to_the_question_come_first():
    first = verified_examples("average salary of Marketing between two months", limit=1)[0]
    assert first.name == "average_salary_department_range"
    text = erp_context("who has unpaid salaries?", as_of=AS_OF, max_examples=2)
    assert text.count("Question: ") == 2
    assert "no payment record" in text


def test_the_context_stays_small_enough_for_a_prompt():
    assert len(erp_context(as_of=AS_OF)) < 24_000
