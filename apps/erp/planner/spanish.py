"""Spanish questions: the planner's vocabularies are English and Portuguese. A question in
Spanish is read through Portuguese, its nearest language: each of its words is put into the
Portuguese word of the same meaning (`AS_PORTUGUESE`), and the Portuguese question is read as
strictly as any — and answered in Spanish (vocabulary/es.toml reads as Portuguese and writes
Spanish). A Spanish word the list does not hold leaves the question refused in Spanish, naming
the languages the planner reads: never half-read through the Portuguese words it shares
("salario", "departamento") and answered wrongly.

Whether a question is Spanish or Portuguese is told by its own spelling (`spanish_spelling`):
each language writes sounds the other never does ("ñ", "ll", "-ción", "¿" against "ã", "ç",
"lh", "-ção"), beside the words only one of them uses.
"""

import re

from apps.erp.planner.lexicon import Lexed, language_index
from apps.erp.planner.phrasebook import longest_first, translated
from apps.erp.planner.reading import Refusal
from apps.erp.planner.text import tokenize

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
        "personas",
        "quien",
        "quienes",
        "gana",
        "ganan",
        "en",
        "contratamos",
        "necesito",
        "se fueron",
        "salieron",
        "cuantas",
        "y",  # "¿y en Marketing?": a follow-up's "and"
    ]
)
MESSAGE = (
    "No entiendo todas las palabras de esta pregunta en español: el planificador incorporado "
    "lee el español a través del portugués, y entiende inglés y portugués. Pregunte, por "
    "ejemplo, “¿cuántos empleados hay en cada departamento?” o “Quantos funcionários ativos há "
    "em cada departamento?”, o configure un modelo de lenguaje (TESSERA_MODEL_PROVIDER) para "
    "preguntas abiertas."
)


# Folded Spanish words and phrases → the Portuguese words of the same meaning (the longest
# phrase first). Words both languages write alike ("departamento", "total", "de", "cada",
# "por", "que", "mes", "ano" once folded) are not listed: they pass as typed.
AS_PORTUGUESE = {
    "cuantos": "quantos",
    "cuantas": "quantas",
    "cuanto": "quanto",
    "cual": "qual",
    "cuales": "quais",
    "quien": "quem",
    "quienes": "quem",
    "hay": "há",
    "tiene": "tem",
    "tienen": "têm",
    "tenemos": "temos",
    "es": "é",
    "son": "são",
    "fue": "foi",
    "hubo": "houve",
    "habia": "havia",
    "fueron": "foram",
    "el": "o",
    "la": "a",
    "los": "os",
    "las": "as",
    "del": "do",
    "al": "ao",
    "en": "em",
    "y": "e",
    "o": "ou",
    "con": "com",
    "sin": "sem",
    "hasta": "até",
    "mas": "mais",
    "mayor": "maior",
    "empleado": "funcionário",
    "empleados": "funcionários",
    "empleada": "funcionária",
    "empleadas": "funcionárias",
    "trabajadores": "funcionários",
    "trabajador": "funcionário",
    "persona": "pessoa",
    "personas": "pessoas",
    "gana": "ganha",
    "ganan": "ganham",
    "trabaja": "trabalha",
    "trabajan": "trabalham",
    "salario": "salário",
    "salarios": "salários",
    "sueldo": "salário",
    "sueldos": "salários",
    "promedio": "médio",
    "el promedio": "a média",
    "salario promedio": "salário médio",
    "sueldo promedio": "salário médio",
    "sueldo medio": "salário médio",
    "nomina": "folha de pagamento",
    "la nomina": "a folha de pagamento",
    "contratamos": "contratamos",
    "contrataciones": "contratações",
    "contratacion": "contratação",
    "contratados": "contratados",
    "contratadas": "contratadas",
    "se fueron": "saíram",
    "se fue": "saiu",
    "salieron": "saíram",
    "bajas": "saídas",
    "despidos": "desligamentos",
    "nivel": "nível",
    "niveles": "níveis",
    "ano pasado": "ano passado",
    "mes pasado": "mês passado",
    "pasado": "passado",
    "este ano": "este ano",
    "ultimo": "último",
    "ultimos": "últimos",
    "necesito": "preciso",
    "quiero": "quero",
    "tasa": "taxa",
    "rotacion": "rotatividade",
    "tasa de rotacion": "taxa de rotatividade",
    "porcentaje": "percentagem",
    "proporcion": "percentagem",
    "variacion": "variação",
    "cambio": "variação",
    "borra": "apague",
    "borrar": "apagar",
    "borre": "apague",
    "reciente": "recente",
    "recientes": "recentes",
    "recientemente": "recentemente",
    "antiguedad": "tempo de casa",
    "antiguedad media": "tempo médio de casa",
    "coste": "custo",
    "costo": "custo",
    "suma": "soma",
    "bajo": "baixo",
    "mas bajo": "mais baixo",
    "nuevos": "novos",
    "nuevas": "novas",
    "actualmente": "atualmente",
    "ahora": "agora",
    "hoy": "hoje",
    "muestra": "mostre",
    "muestrame": "mostre",
    "mostrar": "mostrar",
    "ganaron": "ganharam",
    "gano": "ganhou",
    "cobra": "ganha",
    "cobran": "ganham",
    "pagado": "pago",
    "pagados": "pagos",
    "primer": "primeiro",
    "cuando": "quando",
    "donde": "onde",
    "ventas": "vendas",
    "ingenieria": "engenharia",
    "finanzas": "finanças",
    "operaciones": "operações",
    "enero": "janeiro",
    "febrero": "fevereiro",
    "marzo": "março",
    "mayo": "maio",
    "junio": "junho",
    "julio": "julho",
    "septiembre": "setembro",
    "setiembre": "setembro",
    "octubre": "outubro",
    "noviembre": "novembro",
    "diciembre": "dezembro",
}
_PHRASES = longest_first(AS_PORTUGUESE)


def is_spanish(lexed: Lexed) -> bool:
    """Two Spanish-only words, or one and words the planner does not know."""
    words = {token.text for token in lexed.tokens} & SPANISH_ONLY
    phrases = " ".join(token.text for token in lexed.tokens)
    said = {word for word in SPANISH_ONLY if " " in word and f" {word} " in f" {phrases} "}
    return len(words | said) >= 2 or bool((words | said) and lexed.unknown)


# Spellings only Spanish writes, and only Portuguese, each counted once per word. Spanish
# diphthongs "ue" after a consonant inside a word ("sueldo", "nuevo", "fueron", "cuenta";
# Portuguese writes "o": "soldo", "novo", "foram", "conta") — never after "q"/"g", where
# Portuguese writes them too, nor ending a word, as English does ("due", "value").
_SPANISH_SPELLING = re.compile(r"[ñ¿¡]|ll|ci[oó]n(?:es)?$|^cu[aá]|[^qgaeiou]ue[a-z]|dad(?:es)?$")
_PORTUGUESE_SPELLING = re.compile(r"[ãõçâêô]|lh|nh|ç[aã]o|ções$|^em$|^um(?:a|as)?$|^n[aã]o$")
# Short words that are common in one and absent from the other
_SPANISH_WORDS = frozenset(
    ["el", "los", "del", "al", "y", "en", "hay", "un", "una", "es", "hubo", "fue"]
)
_PORTUGUESE_WORDS = frozenset(["do", "da", "dos", "das", "no", "na", "nos", "nas", "ao", "pelo"])


def spanish_spelling(question: str) -> bool:
    """The question is written in Spanish rather than Portuguese by its own words: more of
    them spelled or used as only Spanish does than as only Portuguese does, at least two;
    words of the English vocabulary say nothing ("all", "payroll", "value")."""
    english = language_index("en").words  # "payroll", "all", "value" are no Spanish
    words = [w for w in re.findall(r"[¿¡]|[^\W\d_]+", question.lower()) if w not in english]
    spanish = sum(1 for w in words if w in _SPANISH_WORDS or _SPANISH_SPELLING.search(w))
    spanish += sum(1 for w in words if fold_word(w) in SPANISH_ONLY and w not in _SPANISH_WORDS)
    portuguese = sum(1 for w in words if w in _PORTUGUESE_WORDS or _PORTUGUESE_SPELLING.search(w))
    return spanish >= 2 and spanish > portuguese


def fold_word(word: str) -> str:
    return tokenize(word)[0].text if tokenize(word) else word


def as_portuguese(question: str) -> str:
    """The question with each Spanish word or phrase put into Portuguese; every other word as
    typed (department names, numbers, dates)."""
    return translated(
        tokenize(question, decimal=",", thousands="."),
        AS_PORTUGUESE,
        _PHRASES,
        lambda token: token.surface if not token.is_number else _number(question, token),
    )


def _number(question: str, token) -> str:
    """A number as typed when it is in the question ("9.000"), else its value."""
    return token.surface if token.surface in question else token.text


def refusal() -> Refusal:
    return Refusal("needs_model", MESSAGE, language="es")


def spanish_refusal(lexed: Lexed) -> Refusal | None:
    """A refusal in Spanish when the question is Spanish (`is_spanish`); otherwise None. The
    planner first reads such a question through Portuguese (`as_portuguese`)."""
    return refusal() if is_spanish(lexed) else None
