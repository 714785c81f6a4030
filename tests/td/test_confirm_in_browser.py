"""The round's close and publish buttons ask in a real browser (static/js/
site.js): "Cancel" leaves the round alone, "OK" does the step at once."""

import pytest

from tests.browser import needs_chromium

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    needs_chromium,
]


def test_the_browser_asks_before_publishing_and_closing(page, make_user):
    from demo.events import generate_event
    from tournaments.models import Round, TournamentRole

    event = generate_event("asked", 8, 1, 2, rules="nl", seed=3)
    Round.objects.filter(tournament=event).update(status="seated", published=False)
    user = make_user("asker")
    TournamentRole.objects.create(tournament=event, user=user, role="td")
    page.goto("/accounts/login/")
    page.fill("#id_username", "asker")
    page.fill("#id_password", "pw")
    page.click("form.card button[type=submit]")
    page.wait_for_load_state()

    page.goto("/manage/asked/round/1/")
    questions = []
    page.once("dialog", lambda d: (questions.append(d.message), d.dismiss()))
    page.get_by_role("button", name="Publish results").click()
    page.wait_for_timeout(300)
    assert questions and questions[0].startswith("Publish the results of round 1?")
    assert not Round.objects.get(tournament=event).published

    page.once("dialog", lambda d: d.accept())
    with page.expect_navigation():
        page.get_by_role("button", name="Publish results").click()
    assert Round.objects.get(tournament=event).published

    page.once("dialog", lambda d: d.accept())
    with page.expect_navigation():
        page.get_by_role("button", name="Close round").click()
    assert Round.objects.get(tournament=event).status == "closed"
