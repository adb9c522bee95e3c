"""Employees a question names: full names as they are, a part of a name when only one person
fits (a form asks when several do, a refusal says so when nobody does)."""

from apps.erp.entities import Entities
from apps.erp.planner.frame import Frame, known_of
from apps.erp.planner.outcomes import Stop, clarify_person, no_person, refusal
from apps.erp.semantic.vocab import fold


def named_persons(frame: Frame, entities: Entities, language: str, answers: dict):
    """Employee names the question uses: full names as they are, partial names resolved."""
    if answers.get("person"):
        name = str(answers["person"])
        if name not in {p.name for p in entities.people}:
            raise Stop(refusal(language, "bad_answer", name="person"))
        return (name,)
    names = list(frame.persons)
    groups: list[list[str]] = []
    last = -10
    for index, part in frame.name_parts:
        if index == last + 1 and groups:
            groups[-1].append(part)
        else:
            groups.append([part])
        last = index
    for group in groups:
        wanted = set(group)
        matches = sorted({p.name for p in entities.people if wanted <= set(_name_words(p.name))})
        typed = " ".join(group)
        if not matches:
            raise Stop(no_person(language, typed.title()))
        if len(matches) > 1:
            people = [
                (n, next(p.department for p in entities.people if p.name == n)) for n in matches
            ]
            raise Stop(clarify_person(language, people[:30], known_of(frame)))
        names.append(matches[0])
    return tuple(dict.fromkeys(names))


def _name_words(name: str) -> list[str]:
    return fold(name).split()
