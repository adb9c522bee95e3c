"""The ERP semantic model: its structure (model.toml, model.py, checks.py) and its words per
language (vocabulary/*.toml, vocabulary.py)."""

import tomllib
from functools import cache
from pathlib import Path

from apps.erp.semantic.checks import validate_model
from apps.erp.semantic.model import (
    DIALECT,
    Dimension,
    Entity,
    Fact,
    Measure,
    SemanticModel,
    SemanticModelError,
    VerifiedQuery,
    parse_expression,
)
from apps.erp.semantic.vocab import Vocabulary, answer_languages, languages, vocabulary

MODEL_PATH = Path(__file__).with_name("model.toml")

__all__ = [
    "DIALECT",
    "MODEL_PATH",
    "Dimension",
    "Entity",
    "Fact",
    "Measure",
    "SemanticModel",
    "SemanticModelError",
    "VerifiedQuery",
    "Vocabulary",
    "answer_languages",
    "languages",
    "load_model",
    "parse_expression",
    "semantic_model",
    "vocabulary",
]


def load_model(path: Path = MODEL_PATH) -> SemanticModel:
    """Read, parse and check a semantic model file."""
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    return validate_model(SemanticModel.model_validate(data))


@cache
def semantic_model() -> SemanticModel:
    """The ERP semantic model, loaded once per process."""
    return load_model(MODEL_PATH)
