import pytest
from django.urls import reverse

from tournaments.models import Round


def url(name, *args):
    return reverse(f"public:{name}", args=args)


@pytest.mark.django_db
def test_it_lists_tournaments_without_login(client, small_event):
    response = client.get(url("home"))
    assert response.status_code == 200
    assert small_event.name in response.content.decode()
    assert url("standings", "small") in response.content.decode()


@pytest.mark.django_db
def test_it_shows_public_standings_with_links_to_players(client, small_event):
    response = client.get(url("standings", "small"))
    html = response.content.decode()
    assert response.status_code == 200
    entry = small_event.entries.select_related("player").first()
    assert entry.player.name in html
    assert url("player", "small", entry.pk) in html
    assert url("round", "small", 2) in html
    assert 'hx-trigger="every' not in html  # nothing running: no refresh


@pytest.mark.django_db
def test_it_hides_unpublished_rounds(client, small_event):
    Round.objects.filter(tournament=small_event, number=2).update(published=False)
    assert client.get(url("round", "small", 1)).status_code == 200
    assert client.get(url("round", "small", 2)).status_code == 404
    response = client.get(url("standings", "small"))
    assert url("round", "small", 2) not in response.content.decode()
    rows = response.context["table"].data
    assert all("r2" not in row and row["points"] == row["r1"] for row in rows)


@pytest.mark.django_db
def test_it_notes_hidden_last_rounds(client, small_event):
    small_event.hide_last_rounds = 1
    small_event.save()
    html = client.get(url("standings", "small")).content.decode()
    assert "last round are hidden" in html or "laatste ronde" in html
    assert client.get(url("round", "small", 2)).status_code == 404


@pytest.mark.django_db
def test_it_refreshes_through_htmx_while_a_round_runs(client, small_event):
    Round.objects.filter(tournament=small_event, number=2).update(
        published=False, status=Round.Status.SEATED
    )
    page = client.get(url("standings", "small"))
    html = page.content.decode()
    assert 'hx-trigger="every 30s, refresh"' in html
    assert 'hx-get="/t/small/"' in html
    partial = client.get(url("standings", "small"), HTTP_HX_REQUEST="true")
    assert b"<html" not in partial.content
    assert b'id="live"' in partial.content


@pytest.mark.django_db
def test_it_shows_round_results_per_table_in_seat_order(client, small_event):
    response = client.get(url("round", "small", 1))
    tables = response.context["tables"]
    assert [n for n, _t, _sanctions in tables] == [1, 2]
    for _n, table, _sanctions in tables:
        seats = list(table.data)
        assert [s["position"] for s in seats] == [1, 2, 3, 4, 5]
        assert sum(s["points"] for s in seats) == 0


@pytest.mark.django_db
def test_it_gives_404_for_unknown_round_tournament_or_player(client, small_event):
    assert client.get(url("round", "small", 9)).status_code == 404
    assert client.get(url("standings", "nope")).status_code == 404
    assert client.get(url("player", "small", 999999)).status_code == 404


@pytest.mark.django_db
def test_it_lists_a_players_deals_with_running_total(client, small_event):
    from scoring.services import standings_for

    rows, _names, _numbers = standings_for(small_event, public=True)
    entry_id = rows[0].player
    response = client.get(url("player", "small", entry_id))
    assert response.status_code == 200
    deals = [d for r in response.context["player_rounds"] for d in r.deals]
    # two tables of five: each player sits out 1 of 4 deals per round at most
    assert 6 <= len(deals) <= 8
    running = 0
    for deal in deals:
        running += deal["points"]
        assert deal["total"] == running
    assert running == rows[0].raw_points
    assert [(d["round"], d["deal"]) for d in deals] == sorted(
        (d["round"], d["deal"]) for d in deals
    )


@pytest.mark.django_db
def test_it_shows_only_published_deals_on_the_player_page(client, small_event):
    Round.objects.filter(tournament=small_event, number=2).update(published=False)
    entry = small_event.entries.first()
    rounds = client.get(url("player", "small", entry.pk)).context["player_rounds"]
    assert [r.number for r in rounds] == [1]
    assert {d["round"] for r in rounds for d in r.deals} == {1}


@pytest.mark.django_db
def test_it_escapes_player_names_in_the_fast_table_rows(client, small_event):
    entry = small_event.entries.select_related("player").first()
    entry.player.name = "<script>x</script>"
    entry.player.save()
    html = client.get(url("standings", "small")).content.decode()
    assert "<script>x</script>" not in html
    assert "&lt;script&gt;x&lt;/script&gt;" in html
    html = client.get(url("round", "small", 1)).content.decode()
    assert "<script>x</script>" not in html
