"""Compiled queries are kept by reading (sql/__init__.py): a kept query is the query the
compiler builds afresh — the same SQL, the same parameters with the same types, the same
columns — for every reading the eval set's questions give; readings a dataclass calls equal
but whose values differ in type get their own query; a caller's parameters are its own; a
reading the compiler refuses is refused every time."""

import json
from dataclasses import replace

import pytest
from django.conf import settings

from apps.erp.planner import Planned, plan_question
from apps.erp.planner.reading import Condition, Having
from apps.erp.planner.sql import CompileError, _compile, compile_reading
from apps.erp.planner.sql.build import tree_sql
from apps.erp.semantic import semantic_model
from tests.conftest import AS_OF
from tests.erp.conftest import DEMO, plan

EVAL_SET = settings.BASE_DIR / "apps" / "erp" / "eval" / "questions.jsonl"
QUESTION = "How many employees do we have in each department?"


def _typed(params: dict) -> list[tuple]:
    return sorted((name, type(value).__name__, value) for name, value in params.items())


def _fresh(reading):
    query = _compile(reading, semantic_model())
    return tree_sql(query.tree), _typed(query.params), query.columns


def _kept(reading):
    query = compile_reading(reading)
    return query.sql, _typed(query.params), query.columns


def test_every_eval_reading_compiles_from_the_cache_as_afresh():
    questions = [json.loads(line)["question"] for line in EVAL_SET.read_text().splitlines()]
    readings = []
    for question in questions:
        planned = plan_question(question, as_of=AS_OF, entities=DEMO)
        if isinstance(planned, Planned):
            readings.append(planned.reading)
    assert len(readings) > 200
    for reading in readings:
        first, again = _kept(reading), _kept(reading)
        assert first == _fresh(reading)
        assert again == first


def test_readings_equal_as_dataclasses_but_typed_differently_keep_their_own_query():
    reading = plan(QUESTION).reading
    as_int = replace(reading, conditions=(Condition("level", "eq", (1,)),))
    as_bool = replace(reading, conditions=(Condition("level", "eq", (True,)),))
    assert as_int == as_bool  # what a cache keyed by the dataclass would take as one
    kept_int = compile_reading(as_int)
    kept_bool = compile_reading(as_bool)
    assert kept_int.params["level"] is not True and kept_int.params["level"] == 1
    assert kept_bool.params["level"] is True
    having = replace(reading, having=(Having("gt", (50,), reading.measure),))
    having_text = replace(reading, having=(Having("gt", ("50",), reading.measure),))
    assert _typed(compile_reading(having).params) == _typed(
        _compile(having, semantic_model()).params
    )
    assert compile_reading(having_text).params != compile_reading(having).params


def test_each_caller_gets_its_own_parameters():
    reading = plan("How many people work in Engineering right now?").reading
    first = compile_reading(reading)
    expected = dict(first.params)
    first.params.clear()
    first.params["as_of"] = "1999-01-01"
    assert compile_reading(reading).params == expected


def test_a_refused_reading_is_refused_every_time():
    reading = replace(plan(QUESTION).reading, per="month", periods=())
    for _ in range(2):
        with pytest.raises(CompileError, match="exactly one period"):
            compile_reading(reading)
