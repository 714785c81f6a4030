import pytest
from django.urls import reverse

from tournaments.models import Round

PATH = reverse("td:standings", args=["small"])


@pytest.mark.django_db
def test_it_refuses_the_td_standings_to_the_public(client, small_event):
    client.logout()
    assert client.get(PATH).status_code == 302  # to the login page


@pytest.mark.django_db
def test_it_shows_unpublished_rounds_to_the_td(td_client, small_event):
    Round.objects.filter(tournament=small_event).update(published=False)
    response = td_client.get(PATH)
    assert response.status_code == 200
    rows = list(response.context["table"].data)
    assert len(rows) == 10 and "r2" in rows[0]


@pytest.mark.django_db
def test_it_shows_standings_after_a_chosen_round(td_client, small_event):
    rows = list(td_client.get(PATH, {"after": 1}).context["table"].data)
    assert all("r2" not in row and row["points"] == row["r1"] for row in rows)


@pytest.mark.django_db
@pytest.mark.parametrize("junk", ["x", "99", "-1", "1.5", ""])
def test_it_ignores_a_junk_round_choice(td_client, small_event, junk):
    response = td_client.get(PATH, {"after": junk})
    assert response.status_code == 200
    assert response.context["after"] is None


@pytest.mark.django_db
def test_it_names_the_method_and_tie_break_chain_in_force(td_client, small_event):
    small_event.method = "placement"
    small_event.placement_points = [5, 3, 1, 0, 0]
    small_event.normalise_five = True
    small_event.tiebreaks = ["best_round", "h2h"]
    small_event.save()
    response = td_client.get(PATH)
    html = response.content.decode()
    assert "5-3-1-0-0" in html
    settings = dict(response.context["settings"])
    chain = [str(v) for v in settings.values()]
    assert any("→" in v for v in chain)
    placement_column = [c.header for c in response.context["table"].columns]
    assert any("lacement" in str(h) or "laats" in str(h) for h in placement_column)
