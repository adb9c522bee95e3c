"""Spanish questions: the planner reads English and Portuguese only. A question in Spanish is
refused in Spanish, naming the languages it reads — never half-read as Portuguese, whose
words it shares ("salario", "departamento"), and answered wrongly."""

from apps.erp.planner.lexicon import Lexed
from apps.erp.planner.reading import Refusal

# Folded words of Spanish that are neither Portuguese nor English.
SPANISH_ONLY = frozenset(
    [
        "cuantos",
        "cuantas",
        "cual",
        "cuales",
        "empleados",
        "empleado",
        "hay",
        "tiene",
        "tienen",
        "fueron",
        "promedio",
        "nomina",
        "contrataciones",
        "contratados",
        "ventas",
        "ingenieria",
        "el",
        "los",
        "del",
        "pasado",
        "sueldo",
        "sueldos",
        "mayor",
        "despidos",
        "bajas",
        "trabajadores",
        "cuanto",
    ]
)
MESSAGE = (
    "Todavía no respondo preguntas en español: el planificador incorporado entiende inglés y "
    "portugués. Pregunte, por ejemplo, “How many active employees are there in each "
    "department?” o “Quantos funcionários ativos há em cada departamento?”, o configure un "
    "modelo de lenguaje (TESSERA_MODEL_PROVIDER) para preguntas abiertas."
)


def spanish_refusal(lexed: Lexed) -> Refusal | None:
    """A refusal in Spanish when the question uses two Spanish-only words (or one, and words
    the planner does not know); otherwise None."""
    words = {token.text for token in lexed.tokens} & SPANISH_ONLY
    if len(words) >= 2 or (words and lexed.unknown):
        return Refusal("needs_model", MESSAGE, language="es")
    return None
