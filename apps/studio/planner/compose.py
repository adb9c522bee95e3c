"""A request's intents planned into one plan.

One intent: its planner's plan. Several ("dark mode and blue buttons"): each part is planned
against the document the parts before it leave (so the buttons get dark mode's blue), and:

- patches join into one patch (one version, one undo);
- a part with nothing to change adds its sentence to the summary;
- a part that asks: the question is asked, and each choice carries the other parts too;
- a part beyond the builtin planner, or an undo/redo/reset among other changes: nothing is
  changed and the answer says why (half a request is not what was asked).

Readings of the same words that no rule decides between are asked about (``conflict``).
"""

from apps.studio.patches import patch_apply
from apps.studio.planner.classifier import Classification, Intent, classify
from apps.studio.planner.intents import PLANNERS
from apps.studio.planner.intents.status import plan_status
from apps.studio.planner.plans import (
    Choice,
    ClarificationPlan,
    Context,
    HistoryPlan,
    NoticePlan,
    PatchPlan,
    UiPlan,
    passes,
)
from apps.studio.preferences import Preferences, preferences_default

ONE_AT_A_TIME = (
    "Undo, redo and reset act on whole versions, so ask for them on their own; nothing was changed."
)
WHICH_READING = "Did you mean one of these?"


def ui_request_plan(
    text: str, preferences: Preferences, defaults: Preferences | None = None
) -> UiPlan | None:
    """A plan for a UI customization request, or None when ``text`` is not one.

    ``defaults`` is the layer ``preferences`` is built on (the tenant's defaults), which
    "reset the font" goes back to; Tessera's own defaults when not given.
    """
    classification = classify(text)
    if classification is None:
        return None
    context = Context(preferences, defaults or preferences_default(), text)
    if classification.question:
        return plan_status(classification.intents + classification.conflict, context)
    if classification.conflict:
        return _which_reading(classification, context)
    return plan_parts(list(classification.intents), context)


def _plan(intent: Intent, context: Context) -> UiPlan:
    return PLANNERS[intent.name](intent.slots, context)


def plan_parts(intents: list[Intent], context: Context) -> UiPlan:
    plan = _plan(intents[0], context)
    rest = intents[1:]
    if not rest:
        return plan
    if isinstance(plan, HistoryPlan):
        return NoticePlan(intent=plan.intent, summary=ONE_AT_A_TIME)
    if isinstance(plan, NoticePlan):
        if plan.needs_model:
            return plan
        return _after_notice(plan, plan_parts(rest, context))
    if isinstance(plan, ClarificationPlan):
        return _continued_choices(plan, rest, context)
    after = patch_apply(context.preferences, plan.ops)
    return _after_patch(plan, plan_parts(rest, context.on(after)))


def _after_notice(notice: NoticePlan, tail: UiPlan) -> UiPlan:
    if isinstance(tail, PatchPlan):
        return tail.model_copy(update={"summary": f"{notice.summary} {tail.summary}"})
    if isinstance(tail, NoticePlan) and not tail.needs_model:
        return tail.model_copy(update={"summary": f"{notice.summary} {tail.summary}"})
    return tail


def _after_patch(patch: PatchPlan, tail: UiPlan) -> UiPlan:
    if isinstance(tail, PatchPlan):
        return PatchPlan(
            intent=f"{patch.intent}+{tail.intent}",
            ops=patch.ops + tail.ops,
            summary=f"{patch.summary} {tail.summary}",
        )
    if isinstance(tail, NoticePlan) and not tail.needs_model:
        return patch.model_copy(update={"summary": f"{patch.summary} {tail.summary}"})
    if isinstance(tail, ClarificationPlan):
        choices = [
            choice.model_copy(update={"ops": patch.ops + choice.ops}) if choice.ops else choice
            for choice in tail.choices
        ]
        return tail.model_copy(update={"choices": choices})
    return tail


def _continued_choices(
    question: ClarificationPlan, rest: list[Intent], context: Context
) -> ClarificationPlan:
    """Each choice of ``question`` followed by the rest of the request planned after it."""
    choices = []
    for choice in question.choices:
        if not choice.ops:
            choices.append(choice)
            continue
        after = patch_apply(context.preferences, choice.ops)
        tail = plan_parts(rest, context.on(after))
        if isinstance(tail, PatchPlan):
            choice = choice.model_copy(update={"ops": choice.ops + tail.ops})
        choices.append(choice)
    return question.model_copy(update={"choices": choices})


def _which_reading(classification: Classification, context: Context) -> UiPlan:
    """Two readings of the same words and no rule between them: offer both."""
    choices = []
    for index, intent in enumerate(classification.conflict):
        plan = _plan(intent, context)
        if isinstance(plan, PatchPlan) and passes(context.preferences, plan.ops):
            choices.append(Choice(label=plan.summary, value=f"reading-{index}", ops=plan.ops))
    if not choices:
        return _plan(classification.conflict[0], context)
    return ClarificationPlan(intent="conflict", question=WHICH_READING, choices=choices)
