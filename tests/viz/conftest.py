import pytest

from apps.viz import figures


@pytest.fixture(autouse=True)
def no_kept_figures(monkeypatch):
    """Each test builds its figures (some change the builders' limits): none kept from another."""
    monkeypatch.setattr(figures, "_figures", type(figures._figures)())
