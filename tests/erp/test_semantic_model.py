"""The semantic model file: it loads, its checks catch mistakes, its verified queries are right,
and every measure and filter is documented."""

from pathlib import Path

import pytest
from django.conf import settings

from apps.erp.models import Department, Employee, Salary
from apps.erp.semantic import SemanticModelError, languages, load_model, semantic_model, vocabulary
from apps.erp.semantic.vocab import VOCABULARY_DIR, load_vocabulary
from apps.gateway.services import run_sql
from tests.erp.conftest import assert_rows, norm_rows, planner_result

MODEL = Path(settings.BASE_DIR) / "apps" / "erp" / "semantic" / "model.toml"
DOC = Path(settings.BASE_DIR) / "docs" / "semantic-model.md"


def test_the_model_loads_and_names_every_part():
    model = semantic_model()
    assert {t.base_table for t in model.tables} == {"erp_department", "erp_employee", "erp_salary"}
    assert {"headcount", "average_salary", "average_tenure", "unpaid_months"} <= {
        m.name for m in model.measures
    }
    assert len(model.verified_queries) == 10


def test_table_columns_match_the_django_models():
    model = semantic_model()
    for django_model in (Department, Employee, Salary):
        table = next(t for t in model.tables if t.base_table == django_model._meta.db_table)
        columns = {f.column for f in django_model._meta.concrete_fields}
        assert {c.name for c in table.columns} == columns


def _broken(tmp_path, old: str, new: str) -> Path:
    text = MODEL.read_text()
    assert old in text
    path = tmp_path / "model.toml"
    path.write_text(text.replace(old, new, 1))
    return path


@pytest.mark.parametrize(
    ("old", "new", "error"),
    [
        ('expr = "s.amount"', 'expr = "s.amnt"', "erp_salary has no column amnt"),
        ('expr = "e.level"', 'expr = "level"', "does not use a table alias"),
        ('name = "hires"', 'name = "headcount"', "duplicate names"),
        ('params = { department = "Sales", ', "params = { ", "parameters"),
        ('population = "active"', 'population = "retired"', "no filter named 'retired'"),
        ('expr = "e.hire_date"', 'expr = "e.hire_date +"', "cannot parse"),
    ],
)
def test_mistakes_in_the_file_are_caught(tmp_path, old, new, error):
    with pytest.raises(SemanticModelError, match=error):
        load_model(_broken(tmp_path, old, new))


@pytest.mark.django_db
@pytest.mark.parametrize("name", [q.name for q in semantic_model().verified_queries])
def test_verified_queries_agree_with_the_planner(acme, name):
    query = semantic_model().verified_query(name)
    result = run_sql(query.sql, context=acme, params=query.params)
    verified = norm_rows(result.rows)
    names = [c["name"] for c in result.columns]
    planned, planned_names, rows = planner_result(query.question, acme, as_of=query.as_of)
    picked = [planned_names.index(n) for n in names]
    rows = [tuple(row[i] for i in picked) for row in rows]
    ordered = "ORDER BY" in query.sql and planned.reading.order is not None
    assert_rows(rows, verified, ordered=ordered)


def test_every_measure_filter_and_verified_query_is_documented():
    doc = DOC.read_text()
    model = semantic_model()
    for item in (*model.measures, *model.filters, *model.dimensions):
        assert f"`{item.name}`" in doc, f"{item.name} is not documented in {DOC.name}"


@pytest.mark.parametrize("language", languages())
def test_every_measure_is_named_and_labelled_in_every_language(language):
    words = vocabulary(language)
    model = semantic_model()
    for measure in model.measures:
        assert words.measures[measure.name], f"{measure.name} has no {language} words"
        assert words.labels.measures[measure.name]


@pytest.mark.parametrize(
    ("old", "new", "error"),
    [
        ('headcount = "Headcount"', "", "no label"),
        ("[events]", "[events_typo]", "events"),
        ('hires = ["hire", "hires",', 'hirez = ["hire", "hires",', "names"),
    ],
)
def test_mistakes_in_a_vocabulary_are_caught(tmp_path, old, new, error):
    text = (VOCABULARY_DIR / "en.toml").read_text()
    assert old in text
    (tmp_path / "en.toml").write_text(text.replace(old, new, 1))
    with pytest.raises((SemanticModelError, ValueError), match=error):
        load_vocabulary("en", semantic_model(), tmp_path)
