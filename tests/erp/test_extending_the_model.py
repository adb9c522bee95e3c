"""A new measure, a new synonym or a new language is a change to the semantic model's files
only: these tests make each change to copies of the files and ask a question that needs it,
with no change to the planner's code."""

import shutil
from pathlib import Path

import pytest

from apps.erp import semantic
from apps.erp.planner import Planned, Refusal, plan_question
from apps.erp.planner import lexicon as lexicon_module
from apps.erp.semantic import vocab as vocabulary_module
from tests.conftest import AS_OF
from tests.erp.conftest import DEMO

HERE = Path(semantic.__file__).parent
NEW_MEASURE = """
[[measures]]
name = "total_level"
column = "total_level"
table = "employee"
fact = "level"
aggregation = "sum"
population = "active"
description = "Sum of the levels of the employees employed on :as_of."
"""


def _clear_caches():
    semantic.semantic_model.cache_clear()
    vocabulary_module.vocabulary.cache_clear()
    vocabulary_module.languages.cache_clear()
    vocabulary_module.answer_languages.cache_clear()
    lexicon_module.language_index.cache_clear()
    lexicon_module._ENTITY_INDEXES.clear()


@pytest.fixture
def files(tmp_path, monkeypatch):
    """Copies of model.toml and the vocabularies, used by the planner until the test ends."""
    shutil.copy(HERE / "model.toml", tmp_path / "model.toml")
    shutil.copytree(HERE / "vocabulary", tmp_path / "vocabulary")
    monkeypatch.setattr(semantic, "MODEL_PATH", tmp_path / "model.toml")
    monkeypatch.setattr(vocabulary_module, "VOCABULARY_DIR", tmp_path / "vocabulary")
    _clear_caches()
    yield tmp_path
    monkeypatch.undo()
    _clear_caches()


def _append(path: Path, after: str, text: str) -> None:
    content = path.read_text()
    assert after in content
    path.write_text(content.replace(after, after + text, 1))


def _ask(question: str):
    return plan_question(question, as_of=AS_OF, entities=DEMO)


def test_a_new_measure_is_a_model_and_vocabulary_change(files):
    assert not isinstance(_ask("What is the level sum in Sales?"), Planned)
    (files / "model.toml").write_text((files / "model.toml").read_text() + NEW_MEASURE)
    _append(files / "vocabulary" / "en.toml", "[measures]\n", 'total_level = ["level sum"]\n')
    _append(
        files / "vocabulary" / "en.toml", "[labels.measures]\n", 'total_level = "Sum of levels"\n'
    )
    _append(files / "vocabulary" / "pt.toml", "[measures]\n", 'total_level = ["soma dos niveis"]\n')
    _append(
        files / "vocabulary" / "pt.toml", "[labels.measures]\n", 'total_level = "Soma dos níveis"\n'
    )
    _clear_caches()
    planned = _ask("What is the level sum in Sales?")
    assert isinstance(planned, Planned) and planned.reading.measure == "total_level"
    assert "SUM(e.level)" in planned.sql and planned.params["department"] == "Sales"
    assert planned.columns[0].label == "Sum of levels"
    assert _ask("Qual é a soma dos níveis em Vendas?").columns[0].label == "Soma dos níveis"


def test_a_new_synonym_is_a_vocabulary_change(files):
    assert isinstance(_ask("What is the mean remuneration packet in 2025?"), Refusal)
    content = (files / "vocabulary" / "en.toml").read_text()
    content = content.replace(
        'average_salary = ["monthly average salary",',
        'average_salary = ["mean remuneration packet", "monthly average salary",',
        1,
    )
    (files / "vocabulary" / "en.toml").write_text(content)
    _clear_caches()
    planned = _ask("What is the mean remuneration packet in 2025?")
    assert isinstance(planned, Planned) and planned.reading.measure == "average_salary"


def test_a_new_language_is_a_new_vocabulary_file(files):
    """A pretend language: Portuguese words with one word changed, in its own file."""
    text = (files / "vocabulary" / "pt.toml").read_text()
    text = text.replace('language = "pt"', 'language = "xx"', 1)
    text = text.replace('"funcionario", "funcionarios",', '"zorblat", "zorblats",')
    (files / "vocabulary" / "xx.toml").write_text(text)
    _clear_caches()
    planned = _ask("Quantos zorblats há em Vendas?")
    assert isinstance(planned, Planned) and planned.reading.language == "xx"
    assert planned.reading.measure == "headcount"
