"""Replies without a reading (a refusal, a clarification of a message too short to tell its
language) follow the person's language: the current message's when its words say it, else the
thread's — never the English fallback in a Portuguese or Spanish thread."""

import pytest

from tests.erp.conftest import ask_json

pytestmark = [pytest.mark.usefixtures("committed_db")]

ENGLISH_FALLBACK = "beyond Tessera's built-in planners"


def _reply(outcome: dict) -> str:
    return [m for m in outcome["messages"] if m["role"] == "assistant"][-1]["text"]


@pytest.mark.parametrize(
    ("opening", "then", "expected"),
    [
        ("quantos funcionários ativos há em vendas?", "xyzzy", "não é uma pergunta"),
        ("quantos funcionários ativos há em vendas?", "obrigado!", "não é uma pergunta"),
        ("¿cuántos empleados hay en ventas?", "hola", "no es una pregunta"),
        ("how many active employees are in Sales?", "ok obrigado", "não é uma pergunta"),
    ],
)
def test_a_refusal_follows_the_persons_language(opening, then, expected, acme_context):
    thread = ask_json(opening, acme_context)["thread_id"]
    reply = _reply(ask_json(then, acme_context, thread=thread))
    assert expected in reply and ENGLISH_FALLBACK not in reply, reply


def test_a_short_message_in_a_portuguese_thread_is_asked_about_in_portuguese(acme_context):
    thread = ask_json("qual departamento tem a maior rotatividade?", acme_context)["thread_id"]
    ask_json("hmm", acme_context, thread=thread)
    outcome = ask_json("Sales", acme_context, thread=thread)
    assert outcome["status"] == "needs_input"
    assert _reply(outcome) == "O que gostaria de saber sobre isso?"


def test_an_english_thread_keeps_its_fallback(acme_context):
    thread = ask_json("how many active employees are in Sales?", acme_context)["thread_id"]
    assert ENGLISH_FALLBACK in _reply(ask_json("xyzzy", acme_context, thread=thread))
