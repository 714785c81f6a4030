"""The TD's pages guard their steps: log in first, confirm round-wide steps, a
closed table reads as closed; and the site's favicon, and documents that link
only inside the repository."""

import re
from pathlib import Path

import pytest

from tournaments.models import Round, TableRound, TournamentRole

ROOT = Path(__file__).resolve().parents[2]
EDITABLE = re.compile(r"<(select|textarea)\b|<input\b(?![^>]*type=\"hidden\")[^>]*>")


@pytest.fixture
def td(client, make_user, small_event):
    user = make_user("td")
    TournamentRole.objects.create(tournament=small_event, user=user, role="td")
    client.force_login(user)
    return client


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path",
    [
        "/manage/",
        "/manage/small/",
        "/manage/small/round/1/",
        "/manage/small/audit/",
        "/manage/small/round/1/table/1/",
    ],
)
def test_an_anonymous_visitor_is_sent_to_the_login_page(client, small_event, path):
    response = client.get(path)
    assert response.status_code == 302
    assert response["Location"] == f"/accounts/login/?next={path}"


@pytest.mark.django_db
def test_a_logged_in_stranger_still_gets_403(client, make_user, small_event):
    client.force_login(make_user("stranger"))
    assert client.get("/manage/small/").status_code == 403


@pytest.mark.django_db
def test_close_and_publish_buttons_carry_their_question(td, small_event):
    Round.objects.filter(tournament=small_event, number=1).update(
        status=Round.Status.SEATED, published=False
    )
    html = td.get("/manage/small/round/1/").content.decode()
    close = re.search(r'<form[^>]*round/1/close/"[^>]*>', html).group(0)
    publish = re.search(r'<form[^>]*round/1/publish/"[^>]*>', html).group(0)
    assert 'data-confirm="Close round 1? Every table closes' in close
    assert 'data-confirm="Publish the results of round 1? Everybody' in publish


@pytest.mark.django_db
def test_without_javascript_closing_asks_on_a_page_first(td, small_event):
    round_ = Round.objects.get(tournament=small_event, number=1)
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.SEATED)
    TableRound.objects.filter(round=round_).update(closed=True)
    response = td.post("/manage/small/round/1/close/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Close round 1? Every table closes" in html
    assert '<input type="hidden" name="confirmed" value="1">' in html
    round_.refresh_from_db()
    assert round_.status == Round.Status.SEATED  # nothing done yet
    response = td.post("/manage/small/round/1/close/", {"confirmed": "1"})
    assert response.status_code == 302
    round_.refresh_from_db()
    assert round_.status == Round.Status.CLOSED


@pytest.mark.django_db
def test_without_javascript_publishing_asks_on_a_page_first(td, small_event):
    round_ = Round.objects.get(tournament=small_event, number=1)
    Round.objects.filter(pk=round_.pk).update(published=False)
    html = td.post("/manage/small/round/1/publish/", {"publish": "1"}).content.decode()
    assert "Publish the results of round 1?" in html
    assert '<input type="hidden" name="publish" value="1">' in html
    round_.refresh_from_db()
    assert not round_.published
    td.post("/manage/small/round/1/publish/", {"publish": "1", "confirmed": "1"})
    round_.refresh_from_db()
    assert round_.published


def test_the_site_script_asks_before_a_data_confirm_form_is_sent():
    script = (ROOT / "static/js/site.js").read_text()
    assert "form[data-confirm]" in script and "window.confirm" in script
    assert 'input.name = "confirmed"' in script


@pytest.mark.django_db
def test_a_closed_table_has_no_editable_input(td, small_event):
    table = TableRound.objects.get(
        round__tournament=small_event, round__number=1, number=1
    )
    TableRound.objects.filter(pk=table.pk).update(closed=True)
    for path in (
        "/manage/small/round/1/table/1/",
        "/manage/small/round/1/table/1/deal/2/",
    ):
        html = td.get(path).content.decode()
        assert "This table is closed." in html
        assert EDITABLE.findall(html.split("<main", 1)[1].split(">", 1)[1]) == []
        assert "Reopen table" in html  # the one way back


@pytest.mark.django_db
def test_an_open_table_still_has_its_form(td, small_event):
    TableRound.objects.filter(round__tournament=small_event).update(closed=False)
    html = td.get("/manage/small/round/1/table/1/deal/2/").content.decode()
    assert "This table is closed." not in html
    assert EDITABLE.search(html.split("<main", 1)[1].split(">", 1)[1])


@pytest.mark.django_db
def test_the_favicon_is_linked_and_served(client, small_event):
    response = client.get("/favicon.ico")
    assert response.status_code in (301, 302)
    assert response["Location"].endswith("img/favicon.ico")
    html = client.get("/rules/").content.decode()
    assert 'rel="icon" href="/static/img/favicon.svg"' in html
    for name in ("favicon.svg", "favicon.ico", "favicon.png"):
        assert (ROOT / "static/img" / name).stat().st_size > 100


LINK = re.compile(r"\]\(([^)\s]+)\)|`((?:docs|\.\.)/[^`\s]+)`|\b(docs/[\w./-]+\.md)")


@pytest.mark.parametrize(
    "doc",
    [
        "README.md",
        *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "docs").glob("*.md")),
    ],
)
def test_documents_point_only_inside_the_repository(doc):
    path = ROOT / doc
    text = path.read_text()
    assert "../shared" not in text and "rules-sources/" not in text
    for match in LINK.finditer(text):
        target = next(g for g in match.groups() if g)
        if target.startswith(("http://", "https://", "#", "mailto:")):
            continue
        target = target.split("#", 1)[0]
        base = ROOT if target.startswith("docs/") else path.parent
        resolved = (base / target).resolve()
        assert resolved.is_relative_to(ROOT), (doc, target)
        assert resolved.exists(), (doc, target)
