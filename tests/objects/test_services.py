"""The object layer and services: the valid path, the pre-checks, and the same errors when
the pre-checks are switched off and the database alone refuses."""

from decimal import Decimal

import pytest

from apps.accounts.access import bound
from apps.objects import errors, layer, services
from apps.objects.models import Candidate, CandidateEvent
from tests.objects.helpers import candidate_in

pytestmark = pytest.mark.django_db(databases=["default", "owner"])


@pytest.fixture(params=[True, False], ids=["prechecks", "database-only"])
def prechecks(request, monkeypatch):
    """Run each refusal twice: with the pre-checks, and with them replaced by a no-op."""
    if not request.param:
        monkeypatch.setattr(layer, "precheck", lambda *args, **kwargs: None)
    return request.param


def _position(context):
    return candidate_in(context, "applied").position


def test_an_hr_manager_hires_a_candidate_through_every_state(hr_context):
    position = _position(hr_context)
    salary = (position.salary_min + position.salary_max) / 2
    candidate = services.candidate_create(
        context=hr_context,
        name="Valid Path",
        email="Valid.Path@Example.com",
        position_id=position.pk,
        note="Applied through the careers page",
    )
    assert (candidate.state, candidate.email) == ("applied", "valid.path@example.com")
    steps = [
        ("screening", None, "CV fits"),
        ("interview", None, ""),
        ("offer", salary, "Team agreed"),
        ("hired", None, "Signed"),
    ]
    for state, offered, note in steps:
        candidate = services.candidate_move(
            context=hr_context,
            candidate_id=candidate.pk,
            to_state=state,
            offered_salary=offered,
            note=note,
        )
        assert candidate.state == state
    assert candidate.offered_salary == salary

    with bound(hr_context):
        history = list(CandidateEvent.objects.filter(candidate=candidate).order_by("at", "id"))
    assert [(e.from_state, e.to_state) for e in history] == [
        (None, "applied"),
        ("applied", "screening"),
        ("screening", "interview"),
        ("interview", "offer"),
        ("offer", "hired"),
    ]
    assert [e.note for e in history] == [
        "Applied through the careers page",
        "CV fits",
        "",
        "Team agreed",
        "Signed",
    ]
    assert {e.actor_id for e in history} == {hr_context.user_id}
    assert {e.tenant_id for e in history} == {hr_context.tenant_id}
    assert [e.offered_salary for e in history] == [None, None, None, salary, salary]
    assert history == sorted(history, key=lambda e: e.at)

    with pytest.raises(errors.FinalState):
        services.candidate_update(context=hr_context, candidate_id=candidate.pk, name="Again")


def test_an_admin_may_write_too(admin_context):
    candidate = candidate_in(admin_context, "applied")
    moved = services.candidate_move(
        context=admin_context, candidate_id=candidate.pk, to_state="screening"
    )
    assert moved.state == "screening"


def test_renegotiating_an_open_offer_is_recorded(hr_context):
    offer = candidate_in(hr_context, "offer")
    new_salary = offer.position.salary_min
    updated = services.candidate_update(
        context=hr_context, candidate_id=offer.pk, offered_salary=new_salary, note="Counter-offer"
    )
    assert (updated.state, updated.offered_salary) == ("offer", new_salary)
    with bound(hr_context):
        last = CandidateEvent.objects.filter(candidate=offer).order_by("-at", "-id").first()
    assert (last.from_state, last.to_state, last.offered_salary, last.note) == (
        "offer",
        "offer",
        new_salary,
        "Counter-offer",
    )


def test_a_note_belongs_to_one_change_only(hr_context):
    candidate = candidate_in(hr_context, "applied")
    services.candidate_move(
        context=hr_context, candidate_id=candidate.pk, to_state="screening", note="First"
    )
    with bound(hr_context):
        # Wrong code writing directly after a noted change must not inherit the note.
        Candidate.objects.filter(pk=candidate.pk).update(state="interview")
        notes = list(
            CandidateEvent.objects.filter(candidate=candidate)
            .order_by("-at", "-id")
            .values_list("note", flat=True)[:2]
        )
    assert notes == ["", "First"]


def test_a_move_to_an_unknown_candidate_is_not_found(hr_context, globex_context):
    other = candidate_in(globex_context, "applied")
    with pytest.raises(errors.NotFound):
        services.candidate_move(context=hr_context, candidate_id=other.pk, to_state="screening")


# --- the same errors with and without the pre-checks ------------------------------------


def test_skipping_a_state(hr_context, prechecks):
    applied = candidate_in(hr_context, "applied")
    with pytest.raises(errors.TransitionNotAllowed) as info:
        services.candidate_move(
            context=hr_context,
            candidate_id=applied.pk,
            to_state="offer",
            offered_salary=applied.position.salary_min,
        )
    assert info.value.message == errors.MSG_TRANSITION.format(
        subject=applied.name,
        from_state="applied",
        to_state="offer",
        allowed="screening, rejected, withdrawn",
    )


def test_changing_a_hired_candidate(hr_context, prechecks):
    hired = candidate_in(hr_context, "hired")
    with pytest.raises(errors.FinalState) as info:
        services.candidate_move(context=hr_context, candidate_id=hired.pk, to_state="rejected")
    assert info.value.message == errors.MSG_FINAL.format(subject=hired.name, state="hired")


def test_moving_backwards(hr_context, prechecks):
    interview = candidate_in(hr_context, "interview")
    with pytest.raises(errors.TransitionNotAllowed):
        services.candidate_move(context=hr_context, candidate_id=interview.pk, to_state="screening")


def test_salary_outside_the_band(hr_context, prechecks):
    interview = candidate_in(hr_context, "interview")
    position = interview.position
    with pytest.raises(errors.SalaryOutOfBand) as info:
        services.candidate_move(
            context=hr_context,
            candidate_id=interview.pk,
            to_state="offer",
            offered_salary=position.salary_max + Decimal("100"),
        )
    assert info.value.field == "offered_salary"
    assert errors.format_amount(position.salary_max) in info.value.message


def test_offer_without_salary(hr_context, prechecks):
    interview = candidate_in(hr_context, "interview")
    with pytest.raises(errors.SalaryRequired) as info:
        services.candidate_move(context=hr_context, candidate_id=interview.pk, to_state="offer")
    assert info.value.message == errors.MSG_SALARY_REQUIRED


@pytest.mark.parametrize("reader", ["acme_context", "viewer_context"])
def test_a_reader_writes(request, reader, prechecks):
    context = request.getfixturevalue(reader)
    applied = candidate_in(context, "applied")
    with pytest.raises(errors.NotAllowed) as info:
        services.candidate_move(context=context, candidate_id=applied.pk, to_state="screening")
    assert info.value.message == errors.MSG_NOT_ALLOWED.format(role=context.role)
    assert candidate_in(context, "applied").pk == applied.pk


def test_a_reader_creates(acme_context, prechecks):
    with pytest.raises(errors.NotAllowed):
        services.candidate_create(
            context=acme_context,
            name="Nope",
            email="nope@example.com",
            position_id=_position(acme_context).pk,
        )


def test_a_candidate_for_another_tenants_position(hr_context, globex_context, prechecks):
    with pytest.raises(errors.NotFound):
        services.candidate_create(
            context=hr_context,
            name="Cross",
            email="cross@example.com",
            position_id=_position(globex_context).pk,
        )


def test_a_duplicate_application(hr_context, prechecks):
    existing = candidate_in(hr_context, "applied")
    with pytest.raises(errors.Duplicate):
        services.candidate_create(
            context=hr_context,
            name="Twin",
            email=existing.email,
            position_id=existing.position_id,
        )


def test_an_invalid_email(hr_context):
    with pytest.raises(errors.InvalidValue) as info:
        services.candidate_create(
            context=hr_context, name="X", email="not-an-email", position_id=_position(hr_context).pk
        )
    assert info.value.field == "email"


def test_a_refusal_leaves_the_request_transaction_usable(hr_context):
    """Views run inside the request's bound transaction; a refused write rolls back only its
    own savepoint."""
    applied = candidate_in(hr_context, "applied")
    with bound(hr_context):
        with pytest.raises(errors.TransitionNotAllowed):
            services.candidate_move(context=hr_context, candidate_id=applied.pk, to_state="hired")
        assert Candidate.objects.filter(pk=applied.pk, state="applied").exists()
