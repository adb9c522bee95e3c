"""The pipeline page: board, detail with history, actions by role, errors next to the action."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.utils.html import escape

from apps.accounts.access import bound
from apps.objects import errors
from apps.objects.models import Candidate, CandidateState
from tests.objects.helpers import candidate_in

pytestmark = pytest.mark.django_db(databases=["default", "owner"])


@pytest.fixture
def login(client):
    def _login(username: str):
        client.force_login(get_user_model().objects.get(username=username))
        return client

    return _login


def test_the_board_requires_login(client):
    response = client.get("/pipeline/")
    assert response.status_code == 302
    assert "/login/" in response["Location"]


def test_the_board_shows_every_stage_of_the_users_tenant(login, hr_context):
    response = login("ana").get("/pipeline/")
    assert response.status_code == 200
    html = response.content.decode()
    for state in CandidateState:
        assert f'data-state="{state.value}"' in html
    assert "Maria Silva" in html
    linked = {int(pk) for pk in re.findall(r'href="/pipeline/(\d+)/"', html)}
    with bound(hr_context):
        assert linked == set(Candidate.objects.values_list("pk", flat=True))


def test_the_board_says_who_may_move_candidates(login):
    assert "View only" in login("ana").get("/pipeline/").content.decode()
    assert "You can move candidates" in login("hugo").get("/pipeline/").content.decode()


def test_a_reader_sees_the_detail_without_actions(login, acme_context):
    candidate = candidate_in(acme_context, "interview")
    html = login("vera").get(f"/pipeline/{candidate.pk}/").content.decode()
    assert candidate.name in html
    assert "History" in html
    assert 'name="to_state"' not in html
    assert "View only" in html


def test_an_hr_manager_sees_the_allowed_next_steps_only(login, hr_context):
    candidate = candidate_in(hr_context, "interview")
    html = login("hugo").get(f"/pipeline/{candidate.pk}/").content.decode()
    buttons = set(re.findall(r'name="to_state" value="(\w+)"', html))
    assert buttons == {"offer", "rejected", "withdrawn"}
    assert 'id="id_offered_salary"' in html


def test_a_final_candidate_has_no_actions(login, hr_context):
    candidate = candidate_in(hr_context, "hired")
    html = login("hugo").get(f"/pipeline/{candidate.pk}/").content.decode()
    assert 'name="to_state"' not in html
    assert "can no longer change" in html


def test_another_tenants_candidate_is_not_found(login, globex_context):
    other = candidate_in(globex_context, "applied")
    assert login("hugo").get(f"/pipeline/{other.pk}/").status_code == 404


def test_moving_a_candidate_records_the_step(login, hr_context):
    candidate = candidate_in(hr_context, "screening")
    client = login("hugo")
    response = client.post(
        f"/pipeline/{candidate.pk}/move/", {"to_state": "interview", "note": "Good call"}
    )
    assert response.status_code == 302
    page = client.get(response["Location"]).content.decode()
    assert f"{candidate.name} moved to interview." in page
    assert "screening → interview" in page
    assert "Good call" in page
    assert "hugo" in page


def test_an_offer_outside_the_band_is_shown_next_to_the_salary(login, hr_context):
    candidate = candidate_in(hr_context, "interview")
    too_high = candidate.position.salary_max + 1000
    response = login("hugo").post(
        f"/pipeline/{candidate.pk}/move/", {"to_state": "offer", "offered_salary": str(too_high)}
    )
    assert response.status_code == 400
    html = response.content.decode()
    error = re.search(r'<span class="field-error" id="salary-error"[^>]*>([^<]+)<', html)
    assert error and errors.format_amount(too_high) in error.group(1)
    assert 'aria-invalid="true"' in html
    assert f'value="{too_high}"' in html  # what the person typed is kept


def test_an_offer_without_salary_asks_for_it(login, hr_context):
    candidate = candidate_in(hr_context, "interview")
    response = login("hugo").post(f"/pipeline/{candidate.pk}/move/", {"to_state": "offer"})
    assert response.status_code == 400
    assert escape(errors.MSG_SALARY_REQUIRED) in response.content.decode()


def test_a_salary_that_is_not_a_number(login, hr_context):
    candidate = candidate_in(hr_context, "interview")
    response = login("hugo").post(
        f"/pipeline/{candidate.pk}/move/", {"to_state": "offer", "offered_salary": "lots"}
    )
    assert response.status_code == 400
    assert "Enter the offered salary as a number" in response.content.decode()


def test_an_offer_with_thousands_separators(login, hr_context):
    candidate = candidate_in(hr_context, "interview")
    salary = candidate.position.salary_min
    client = login("hugo")
    response = client.post(
        f"/pipeline/{candidate.pk}/move/",
        {"to_state": "offer", "offered_salary": errors.format_amount(salary)},
    )
    assert response.status_code == 302
    assert "has an offer of" in client.get(response["Location"]).content.decode()


def test_a_skipped_state_is_explained_next_to_the_action(login, hr_context):
    candidate = candidate_in(hr_context, "applied")
    response = login("hugo").post(f"/pipeline/{candidate.pk}/move/", {"to_state": "hired"})
    assert response.status_code == 400
    html = response.content.decode()
    assert 'id="action-error"' in html
    assert "cannot move to hired" in html


def test_a_readers_forged_post_is_refused(login, acme_context):
    candidate = candidate_in(acme_context, "applied")
    response = login("ana").post(f"/pipeline/{candidate.pk}/move/", {"to_state": "screening"})
    assert response.status_code == 400
    assert candidate_in(acme_context, "applied").pk == candidate.pk


def test_an_unknown_action_is_refused(login, hr_context):
    candidate = candidate_in(hr_context, "applied")
    response = login("hugo").post(f"/pipeline/{candidate.pk}/move/", {"to_state": "promoted"})
    assert response.status_code == 400
    assert "Choose one of the actions shown." in response.content.decode()


def test_pages_load_no_inline_script_or_style(login, hr_context):
    candidate = candidate_in(hr_context, "offer")
    for path in ("/pipeline/", f"/pipeline/{candidate.pk}/"):
        html = login("hugo").get(path).content.decode()
        assert "<script>" not in html and "style=" not in html and "<style" not in html
        assert "onclick" not in html
