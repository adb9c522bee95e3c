"""German questions: the planner's vocabularies are English and Portuguese. A question in German
is read through English: each German word or phrase is put into the English one of the same
meaning (`AS_ENGLISH`), every other word kept as typed (department names, people, numbers with
German separators written as their value), and the English question is read as strictly as any
— a German word the list does not hold stays unknown and the question is refused naming it,
never half-read. The answer is in English (there is no German vocabulary to write it with).

A question is German by its own words (`is_german`): words only German writes among the
planner's languages ("wie", "viele", "mitarbeiter", "abteilung", "und"), two of them, or one
when the question is not read otherwise ("Und Sales?" after an answer).
"""

import re

from apps.erp.planner.text import tokenize

# Folded German words and phrases (accents folded, "ß" written "ss") → English. Longer
# phrases first; a word that is also English or Portuguese ("in", "was", "die") is in a phrase
# only, so it never makes a question German by itself.
AS_ENGLISH = {
    "wie viele": "how many",
    "wieviele": "how many",
    "wie viel": "how much",
    "wieviel": "how much",
    "wie hoch ist": "what is",
    "wie hoch war": "what was",
    "wie hoch sind": "what are",
    "wie hoch waren": "what were",
    "was ist": "what is",
    "was war": "what was",
    "was sind": "what are",
    "gibt es": "are there",
    "gab es": "were there",
    "haben wir": "do we have",
    "hatten wir": "did we have",
    "haben": "have",
    "hat": "has",
    "hatte": "had",
    "mitarbeiter": "employees",
    "mitarbeiterin": "employee",
    "mitarbeiterinnen": "employees",
    "mitarbeitende": "employees",
    "mitarbeitenden": "employees",
    "beschaftigte": "employees",
    "beschaftigten": "employees",
    "angestellte": "employees",
    "angestellten": "employees",
    "personen": "people",
    "leute": "people",
    "arbeiten": "work",
    "arbeitet": "works",
    "abteilung": "department",
    "abteilungen": "departments",
    "jeder abteilung": "each department",
    "pro abteilung": "per department",
    "nach abteilung": "by department",
    "nach abteilungen": "by department",
    "je abteilung": "per department",
    "personalabteilung": "HR",
    "personalwesen": "HR",
    "vertrieb": "Sales",
    "verkauf": "Sales",
    "finanzen": "Finance",
    "finanzabteilung": "Finance",
    "buchhaltung": "Finance",
    "betrieb": "Operations",
    "entwicklung": "Engineering",
    "gehalt": "salary",
    "gehalter": "salaries",
    "lohn": "salary",
    "lohne": "salaries",
    "durchschnittsgehalt": "average salary",
    "durchschnittliche gehalt": "average salary",
    "durchschnittliches gehalt": "average salary",
    "mediangehalt": "median salary",
    "lohnsumme": "payroll",
    "gehaltssumme": "payroll",
    "personalkosten": "payroll",
    "lohnkosten": "payroll",
    "neueinstellungen": "hires",
    "einstellungen": "hires",
    "eingestellt": "hired",
    "eingestellt wurden": "were hired",
    "wurden eingestellt": "were hired",
    "kundigungen": "departures",
    "abgange": "departures",
    "austritte": "departures",
    "gekundigt": "left",
    "verlassen": "left",
    "haben verlassen": "left",
    "ausgeschieden": "left",
    "fluktuation": "attrition",
    "fluktuationsrate": "attrition rate",
    "betriebszugehorigkeit": "tenure",
    "durchschnittliche betriebszugehorigkeit": "average tenure",
    "durchschnitt": "average",
    "durchschnittlich": "average",
    "durchschnittliche": "average",
    "hochste": "highest",
    "hochstes": "highest",
    "hochsten": "highest",
    "niedrigste": "lowest",
    "niedrigstes": "lowest",
    "niedrigsten": "lowest",
    "die meisten": "the most",
    "am meisten": "the most",
    "die wenigsten": "the fewest",
    "am wenigsten": "the least",
    "insgesamt": "in total",
    "gesamt": "total",
    "summe": "sum",
    "stufe": "level",
    "stufen": "levels",
    "ebene": "level",
    "nach stufe": "by level",
    "nach level": "by level",
    "verdient": "earns",
    "verdienen": "earn",
    "verdiente": "earned",
    "verdienten": "earned",
    "bekamen": "got",
    "bekommen": "get",
    "mehr als": "more than",
    "weniger als": "less than",
    "uber": "above",
    "unter": "below",
    "welche": "which",
    "welcher": "which",
    "welches": "which",
    "wer": "who",
    "wen": "who",
    "zeige": "show",
    "zeig": "show",
    "zeigen sie": "show",
    "liste": "list",
    "alle": "all",
    "und": "and",
    "oder": "or",
    "ohne": "excluding",
    "ausser": "except",
    "im jahr": "in",
    "letztes jahr": "last year",
    "letzten jahr": "last year",
    "im letzten jahr": "last year",
    "vorjahr": "last year",
    "im vorjahr": "last year",
    "dieses jahr": "this year",
    "diesem jahr": "this year",
    "in diesem jahr": "this year",
    "letzten monat": "last month",
    "letzter monat": "last month",
    "im letzten monat": "last month",
    "vormonat": "last month",
    "im vormonat": "last month",
    "diesen monat": "this month",
    "in den letzten 12 monaten": "in the last 12 months",
    "monat": "month",
    "monate": "months",
    "monaten": "months",
    "nach monat": "by month",
    "pro monat": "per month",
    "jahr": "year",
    "jahre": "years",
    "jahren": "years",
    "quartal": "quarter",
    "nach quartal": "by quarter",
    "pro quartal": "per quarter",
    "seit": "since",
    "zwischen": "between",
    "bis": "to",
    "vor": "before",
    "nach": "after",
    "derzeit": "currently",
    "aktuell": "currently",
    "momentan": "currently",
    "zurzeit": "currently",
    "aktuelle": "current",
    "aktiven": "active",
    "aktive": "active",
    "ehemalige": "former",
    "ehemaligen": "former",
    "das unternehmen": "the company",
    "die firma": "the company",
    "unternehmen": "company",
    "firma": "company",
    "der": "the",
    "die": "the",
    "das": "the",
    "den": "the",
    "dem": "the",
    "des": "the",
    "im": "in",
    "in der": "in",
    "in den": "in",
    "ist": "is",
    "sind": "are",
    "war": "was",
    "waren": "were",
    "wurden": "were",
    "es": "",
    "wir": "we",
    "uns": "us",
    "unsere": "our",
    "unser": "our",
    "bitte": "please",
    "bei uns": "",
    "frauen": "women",
    "manner": "men",
    "geschlecht": "gender",
    "alter": "age",
    "durchschnittsalter": "average age",
    "januar": "January",
    "februar": "February",
    "marz": "March",
    "mai": "May",
    "juni": "June",
    "juli": "July",
    "oktober": "October",
    "dezember": "December",
}
# Words that only German writes among English, Portuguese and Spanish: they make a question
# German. Not "die", "was", "war", "in", "bis", "nach" alone (English or Portuguese words, or
# too short to tell).
GERMAN_ONLY = frozenset(
    [
        "wie", "viele", "wieviele", "wieviel", "mitarbeiter", "mitarbeiterin",
        "mitarbeiterinnen", "mitarbeitende", "mitarbeitenden", "beschaftigte",
        "beschaftigten", "angestellte", "angestellten", "abteilung", "abteilungen",
        "personalabteilung", "gehalt", "gehalter", "durchschnittsgehalt", "lohnsumme",
        "gehaltssumme", "personalkosten", "neueinstellungen", "einstellungen", "eingestellt",
        "kundigungen", "gekundigt", "verlassen", "fluktuation", "welche", "welcher", "wer",
        "und", "gibt", "gab", "haben", "hatten", "wir", "ist", "sind", "letztes", "letzten",
        "dieses", "diesem", "jahr", "monat", "quartal", "seit", "zwischen", "derzeit",
        "aktuell", "insgesamt", "durchschnitt", "durchschnittlich", "hochste", "niedrigste",
        "meisten", "verdient", "verdienen", "verdiente", "verdienten", "unternehmen", "firma", "vertrieb", "leute",
        "arbeiten", "arbeitet", "zeige", "bitte", "vorjahr", "vormonat", "stufe",
        "betriebszugehorigkeit", "ausgeschieden", "abgange", "im", "der", "dem", "den", "frauen",
        "manner",
    ]
)  # fmt: skip
_PHRASES = sorted(AS_ENGLISH, key=lambda phrase: len(phrase.split()), reverse=True)


def _tokens(question: str):
    return tokenize(question.replace("ß", "ss"), decimal=",", thousands=".")


def german_words(question: str) -> int:
    """How many of the question's words only German writes."""
    return sum(1 for token in _tokens(question) if token.text in GERMAN_ONLY)


def is_german(question: str, *, read_otherwise: bool) -> bool:
    """Two words only German writes, or one when the question is not read otherwise."""
    found = german_words(question)
    return found >= 2 or (found == 1 and not read_otherwise)


def as_english(question: str) -> str:
    """The question with each German word or phrase put into English; every other word as
    typed, a number as its value ("9.000" → "9000": English reads "." as a decimal point)."""
    tokens = _tokens(question)
    out: list[str] = []
    i = 0
    while i < len(tokens):
        for phrase in _PHRASES:
            size = len(phrase.split())
            if " ".join(t.text for t in tokens[i : i + size]) == phrase:
                out.append(AS_ENGLISH[phrase])
                i += size
                break
        else:
            token = tokens[i]
            out.append(token.text if token.is_number else token.surface)
            i += 1
    return re.sub(r"\s+", " ", " ".join(out)).strip()
