"""LTI 1.3 launches against the test platform (tests/lti/platform.py, on lti1p3platform), in the
test client: deep linking makes a homework, a student is seated with no typed nickname, an
instructor opens the results, and every bad launch is refused with a clear message, changing
nothing."""

from __future__ import annotations

import re
import time

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from lti_tool.models import (
    LtiContext,
    LtiDeployment,
    LtiMembership,
    LtiRegistration,
    LtiResourceLink,
    LtiUser,
)

from homework import oneroster as homework_oneroster
from homework.models import Assignment, Student
from lti.models import LtiLink, LtiSeat
from tests.lti.conftest import id_token, launch, oidc, ticket_of
from tests.lti.platform import LEARNER, new_key
from tests.oneroster_spec import check_package

pytestmark = pytest.mark.django_db


def deep_link(lms, *, activity="lesson", show_names=False) -> Assignment:
    """The teacher adds a Plateful activity from the LMS (deep linking)."""
    client = Client()
    picker = launch(client, lms, "teacher-1", "deep-link")
    assert picker.status_code == 200, picker.content.decode()
    token = re.search(r'name="token" value="([^"]+)"', picker.content.decode()).group(1)
    form = {"token": token, "activity": activity, "goal_count": "1", "due_in_days": "14"}
    if show_names:
        form["show_names"] = "on"
    picked = client.post("/lti/pick/", form)
    assert picked.status_code == 200, picked.content.decode()
    page = picked.content.decode()
    assert f'action="{lms.url}/deep-link-return"' in page
    lms.deep_link_received(re.search(r'name="JWT" value="([^"]+)"', page).group(1))
    return Assignment.objects.get(pk=LtiLink.objects.latest("pk").assignment_id)


def add_student(lms, user: str, given: str = "Sam", family: str = "Lee") -> None:
    lms.users[user] = {"roles": [LEARNER], "given_name": given, "family_name": family}


def rows() -> dict:
    models = (
        Student,
        LtiSeat,
        LtiUser,
        LtiContext,
        LtiMembership,
        LtiResourceLink,
        LtiDeployment,
        Assignment,
    )
    return {model.__name__: model.objects.count() for model in models} | {
        "User": get_user_model().objects.count()
    }


def test_deep_linking_returns_a_resource_link_with_a_line_item_and_makes_a_homework(platform):
    assignment = deep_link(platform)
    assert assignment.kind == "lesson" and assignment.goal == "balanced" and assignment.goal_count == 1
    item = platform.content_items[-1]
    assert item["type"] == "ltiResourceLink"
    assert item["url"] == "http://testserver/lti/launch/"
    assert item["custom"] == {"plateful_homework": assignment.code}
    assert item["lineItem"]["scoreMaximum"] == 100 and item["lineItem"]["resourceId"] == assignment.code
    teacher = LtiUser.objects.get(sub="teacher-1").auth_user
    assert assignment.teacher == teacher and not teacher.has_usable_password()


def test_a_game_against_bots_can_be_deep_linked(platform):
    assignment = deep_link(platform, activity="duel")
    assert (assignment.kind, assignment.game, assignment.bot_level, assignment.goal) == (
        "game", "duel", "beginner", "play")  # fmt: skip


def test_the_picker_offers_each_games_learn_to_play_lesson_and_links_it_with_its_goal_of_one(platform):
    client = Client()
    picker = launch(client, platform, "teacher-1", "deep-link").content.decode()
    assert 'value="learn:duel"' in picker and "Learn-to-play lesson: Duel" in picker
    assert 'value="learn:snack-wars"' in picker
    assert "A learn-to-play lesson's goal is always 1: finish the lesson." in picker
    assignment = deep_link(platform, activity="learn:duel")
    assert (assignment.kind, assignment.game, assignment.goal, assignment.goal_count) == (
        "tutorial", "duel", "learn", 1)  # fmt: skip
    item = platform.content_items[-1]
    assert item["title"] == "Learn-to-play lesson: Duel" and item["lineItem"]["label"] == item["title"]
    assert item["custom"] == {"plateful_homework": assignment.code}


def test_a_student_is_seated_with_a_made_up_name_and_no_nickname_to_type(platform):
    deep_link(platform)
    add_student(platform, "student-7")
    browser = Client()
    page = launch(browser, platform, "student-7", "link-0")
    assert page.status_code == 200
    assert 'target="_blank"' in page.content.decode()
    onward = browser.post("/lti/continue/", {"ticket": ticket_of(page)})
    assignment = Assignment.objects.get()
    assert onward.status_code == 302 and onward["Location"] == f"/hw/{assignment.code}/"
    seat = LtiSeat.objects.select_related("student", "lti_user").get()
    assert seat.lti_user.sub == "student-7"
    assert seat.lti_user.given_name == "" and seat.lti_user.email == ""  # no name kept
    assert "Sam" not in seat.student.nickname
    home = browser.get(onward["Location"]).content.decode()
    assert seat.student.nickname in home and 'name="nickname"' not in home
    # A second launch is the same student; the ticket works once.
    again = launch(Client(), platform, "student-7", "link-0")
    assert again.status_code == 200 and Student.objects.count() == 1
    used = browser.post("/lti/continue/", {"ticket": ticket_of(page)})
    assert used.status_code == 410 and "used or has expired" in used.content.decode()


def test_the_oneroster_export_names_a_launched_student_by_the_lms_user_id(platform):
    deep_link(platform)
    add_student(platform, "student-7")
    launch(Client(), platform, "student-7", "link-0")
    tables = check_package(homework_oneroster.package(Assignment.objects.get()))
    students = [row["userSourcedId"] for row in tables["enrollments.csv"] if row["role"] == "student"]
    assert students == ["student-7"]


def test_first_name_and_last_initial_only_when_the_teacher_allows_and_the_rules_pass(platform):
    deep_link(platform, show_names=True)
    add_student(platform, "student-1", "Sam", "Lee")
    add_student(platform, "student-2", "Poop", "Head")
    for user in ("student-1", "student-2"):
        assert launch(Client(), platform, user, "link-0").status_code == 200
    names = dict(LtiSeat.objects.values_list("lti_user__sub", "student__nickname"))
    assert names["student-1"] == "Sam L."
    assert "Poop" not in names["student-2"] and names["student-2"]


def test_an_instructor_opens_the_homework_results(platform):
    assignment = deep_link(platform)
    browser = Client()
    page = launch(browser, platform, "teacher-1", "link-0")
    onward = browser.post("/lti/continue/", {"ticket": ticket_of(page)})
    assert onward["Location"] == f"/teach/homework/{assignment.pk}/"
    results = browser.get(onward["Location"])
    assert results.status_code == 200 and assignment.code in results.content.decode()


def test_lti_pages_may_be_framed_by_the_platform_and_no_other_page(platform):
    deep_link(platform)
    add_student(platform, "student-7")
    page = launch(Client(), platform, "student-7", "link-0")
    assert "X-Frame-Options" not in page
    policy = page["Content-Security-Policy"]
    assert f"frame-ancestors {platform.url}" in policy or platform.url in policy.split("frame-ancestors")[1]
    assert "'none'" not in policy.split("frame-ancestors")[1].split(";")[0]
    other = Client().get("/homework")
    assert other["X-Frame-Options"] == "DENY" and "frame-ancestors 'none'" in other["Content-Security-Policy"]


# ----- bad launches: a clear refusal, nothing changed ---------------------------------------------


@pytest.fixture
def linked(platform):
    deep_link(platform)
    add_student(platform, "student-7")
    return platform


def _refused(response, words: str, before: dict) -> None:
    assert response.status_code in (400, 403), response.status_code
    assert words in response.content.decode()
    assert rows() == before


def test_a_wrong_signature_is_refused(linked):
    before, client = rows(), Client()
    params = oidc(client, linked, "student-7", "link-0")
    wrong, _public = new_key()
    token = id_token(linked, params, key=wrong)
    response = client.post("/lti/launch/", {"id_token": token, "state": params["state"]})
    _refused(response, "isn&#x27;t signed by the LMS&#x27;s key", before)


def test_an_expired_token_is_refused(linked):
    before, client = rows(), Client()
    params = oidc(client, linked, "student-7", "link-0")
    now = int(time.time())
    token = id_token(linked, params, expiration=None, iat=now - 600, exp=now - 300)
    response = client.post("/lti/launch/", {"id_token": token, "state": params["state"]})
    _refused(response, "This launch has expired", before)


def test_a_replayed_nonce_is_refused(linked):
    client = Client()
    params = oidc(client, linked, "student-7", "link-0")
    form = {"id_token": id_token(linked, params), "state": params["state"]}
    assert client.post("/lti/launch/", form).status_code == 200
    before = rows()
    _refused(client.post("/lti/launch/", form), "This launch was already used", before)


def test_an_unknown_deployment_is_refused(linked):
    before, client = rows(), Client()
    params = oidc(client, linked, "student-7", "link-0")
    claim = "https://purl.imsglobal.org/spec/lti/claim/deployment_id"
    token = id_token(linked, params, **{claim: "deployment-unknown"})
    response = client.post("/lti/launch/", {"id_token": token, "state": params["state"]})
    _refused(response, "deployment of Plateful isn&#x27;t registered", before)


def test_an_unknown_issuer_is_refused_at_login_and_at_launch(linked):
    before, client = rows(), Client()
    url = linked.login_url("student-7", "link-0").replace("iss=http", "iss=https%3A%2F%2Fevil.example&x=")
    _refused(client.get(url), "Plateful doesn&#x27;t know this LMS", before)
    params = oidc(client, linked, "student-7", "link-0")
    token = id_token(linked, params, iss="https://evil.example")
    response = client.post("/lti/launch/", {"id_token": token, "state": params["state"]})
    _refused(response, "Plateful doesn&#x27;t know this LMS", before)


def test_a_launch_that_did_not_start_in_this_browser_is_refused(linked):
    before = rows()
    params = oidc(Client(), linked, "student-7", "link-0")
    response = Client().post("/lti/launch/", {"id_token": id_token(linked, params), "state": params["state"]})
    _refused(response, "didn&#x27;t start in this browser", before)


def test_the_privacy_page_names_the_schools_lms_only_once_one_is_registered(platform):
    assert 'id="lti-note"' in Client().get("/privacy/").content.decode()
    LtiRegistration.objects.update(is_active=False)
    assert 'id="lti-note"' not in Client().get("/privacy/").content.decode()
