"""A clarification still waiting for its answer, read from the thread's history.

The planner asked ("Which period should I use?") with a form. The form is pending until the
thread moves on: its submission, an answer typed in the thread ("o ano passado"), or any other
answer (a query, another planner's tool). A turn refused in between (hostile text, gibberish,
something off-topic) does not move the thread on: the person has not answered yet, and their
next message may still be the answer — for MAX_SET_ASIDE such turns."""

from dataclasses import dataclass
from typing import Any

from apps.agent.messages import Message
from apps.erp.tools import LOOKUP

SHOW_FORM = "show_form"
LOOKUP_TOOLS = frozenset({LOOKUP})  # reading the tenant's names answers nothing
MAX_SET_ASIDE = 3


@dataclass(frozen=True)
class PendingForm:
    surface_id: str
    question: str  # the question the form completes (its data model's "question")
    title: str  # what the form asks, in the thread's language


def call_arguments(call) -> dict[str, Any]:
    try:
        arguments = call.parsed_arguments()
    except ValueError:
        return {}
    return arguments if isinstance(arguments, dict) else {}


def _turns(messages: list[Message]) -> list[tuple[Message, list[Message]]]:
    """(the person's message, the replies to it) of each turn, oldest first."""
    users = [i for i, message in enumerate(messages) if message.role == "user"]
    ends = users[1:] + [len(messages)]
    return [(messages[i], messages[i + 1 : end]) for i, end in zip(users, ends, strict=True)]


def _form(replies: list[Message]) -> PendingForm | None:
    for message in replies:
        for call in message.tool_calls:
            if call.name == SHOW_FORM:
                arguments = call_arguments(call)
                question = form_question(arguments)
                if question is None:
                    return None
                title = arguments.get("title")
                return PendingForm(
                    str(arguments.get("surface_id", "")),
                    question,
                    title if isinstance(title, str) and title else question,
                )
    return None


def _moved_on(user: Message, replies: list[Message]) -> bool:
    """The turn answered something (a form's submission, a query, another tool): whatever was
    pending before it is no longer."""
    if user.metadata.get("a2ui_action"):
        return True
    return any(c.name not in LOOKUP_TOOLS for m in replies for c in m.tool_calls)


def pending_form(messages: list[Message]) -> PendingForm | None:
    """The clarification form waiting for the newest message: shown in the turn before it, or
    before at most MAX_SET_ASIDE turns refused in between."""
    earlier = _turns(messages)[:-1]
    for set_aside, (user, replies) in enumerate(reversed(earlier)):
        form = _form(replies)
        if form is not None:
            return form
        if set_aside >= MAX_SET_ASIDE or _moved_on(user, replies):
            return None
    return None


def typed_answers(messages: list[Message]) -> list[tuple[PendingForm, str]]:
    """(form, the text typed while it was pending) of each turn whose text was answered with
    a query while a form waited: the candidates for "the form was answered by typing"."""
    found = []
    turns = _turns(messages)
    for index, (user, replies) in enumerate(turns):
        if user.metadata.get("a2ui_action") or not _moved_on(user, replies):
            continue
        before = [m for earlier, answers in turns[:index] for m in (earlier, *answers)]
        form = pending_form([*before, user])
        if form is not None:
            found.append((form, user.text))
    return found


def form_question(arguments: dict[str, Any]) -> str | None:
    """The question a clarification form carries in its data model (forms.py)."""
    for item in arguments.get("messages") or []:
        update = item.get("updateDataModel") if isinstance(item, dict) else None
        value = update.get("value") if isinstance(update, dict) else None
        params = value.get("params") if isinstance(value, dict) else None
        question = params.get("question") if isinstance(params, dict) else None
        if isinstance(question, str) and question.strip():
            return question
    return None
