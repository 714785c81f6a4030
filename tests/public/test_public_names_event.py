"""An event's public side names players as they chose (issue 28).

In a scored event one player hides the name ("Zwaantje Verborgen" →
"Speler <number>"), one shows it short ("Anna Brouwer" → "Anna B.") and a
third, hidden too, sits a round out. Every public page of the event, the
hall screen, the what-if and the PDFs a TD posts in the hall name them so;
the TD's pages, the score sheets and the workbook keep the full names. A
changed choice shows at once: it raises the versions of the player's events.
"""

import io

import pytest
from django.urls import reverse
from django.utils import translation

from tests.pdf_text import pdf_text
from tournaments.models import Bye, Entry, Player, Round, TableRound, Tournament

HIDDEN, SHORT, BYE = "Zwaantje Verborgen", "Anna Brouwer", "Berend Onzichtbaar"
SECRETS = ("Zwaantje", "Verborgen", "Brouwer", "Berend", "Onzichtbaar")


def hidden_forms(player: Player) -> tuple[str, ...]:
    """ "Player 12" in every language a page may be in."""
    return (f"Player {player.pk}", f"Speler {player.pk}")


def assert_public(text: str, where: str) -> None:
    leaked = [s for s in SECRETS if s in text]
    assert not leaked, f"{where} shows {leaked}"


@pytest.fixture
def named(small_event):
    """(event, hidden player, short player, bye player): names and choices
    set before anything is cached."""
    entries = list(small_event.entries.select_related("player").order_by("pk"))
    hidden, short = entries[0].player, entries[1].player
    Player.objects.filter(pk=hidden.pk).update(name=HIDDEN, public_name="hidden")
    Player.objects.filter(pk=short.pk).update(name=SHORT, public_name="short")
    bye = Player.objects.create(name=BYE, public_name="hidden")
    entry = Entry.objects.create(tournament=small_event, player=bye)
    Bye.objects.create(round=small_event.round_set.get(number=1), entry=entry)
    Tournament.objects.filter(pk=small_event.pk).update(version=small_event.version + 1)
    small_event.refresh_from_db()
    hidden.refresh_from_db()
    short.refresh_from_db()
    return small_event, hidden, short, bye


def public_paths(event: Tournament) -> list[str]:
    slug = event.slug
    paths = [
        reverse("public:standings", args=[slug]),
        reverse("public:screen", args=[slug]),
        reverse("public:screen-round", args=[slug]),
        reverse("public:whatif", args=[slug]) + "?rules=iwwa",
    ]
    for number in (1, 2):
        paths.append(reverse("public:round", args=[slug, number]))
    for rnd, table in TableRound.objects.filter(round__tournament=event).values_list(
        "round__number", "number"
    ):
        paths.append(reverse("public:table", args=[slug, rnd, table]))
    for entry in event.entries.values_list("pk", flat=True):
        paths.append(reverse("public:player", args=[slug, entry]))
    return paths


@pytest.mark.django_db
def test_every_public_page_of_the_event_names_players_as_they_chose(client, named):
    event, hidden, _short, _bye = named
    seen = ""
    for path in public_paths(event):
        response = client.get(path)
        if response.status_code == 404:  # a player page of no public round
            continue
        assert response.status_code == 200, path
        text = response.content.decode()
        assert_public(text, path)
        seen += text
        partial = client.get(path, HTTP_HX_REQUEST="true")
        assert_public(partial.content.decode(), path + " (htmx)")
    assert "Anna B." in seen
    assert any(form in seen for form in hidden_forms(hidden))


@pytest.mark.django_db
def test_the_player_page_of_a_hidden_player_has_the_number_as_title(client, named):
    event, hidden, short, _bye = named
    entry = event.entries.get(player=hidden)
    html = client.get(reverse("public:player", args=[event.slug, entry.pk])).content
    html = html.decode()
    assert any(f"<h1>{form}</h1>" in html for form in hidden_forms(hidden))
    assert any(f"<title>{form} ·" in html for form in hidden_forms(hidden))
    short_entry = event.entries.get(player=short)
    html = client.get(reverse("public:player", args=[event.slug, short_entry.pk]))
    assert "<h1>Anna B.</h1>" in html.content.decode()


@pytest.mark.django_db
def test_the_round_page_lists_a_hidden_bye_by_number(client, named):
    event, _hidden, _short, bye = named
    html = client.get(reverse("public:round", args=[event.slug, 1])).content.decode()
    assert any(form in html for form in hidden_forms(bye))
    assert BYE not in html


@pytest.mark.django_db
def test_the_whatif_names_players_as_they_chose(client, named):
    event, hidden, _short, _bye = named
    page = client.get(reverse("public:whatif", args=[event.slug]) + "?rules=iwwa")
    names = [row["name"] for row in page.context["rows"]] if page.context else []
    html = page.content.decode()
    assert "Anna B." in html or "Anna B." in names
    assert any(form in html for form in hidden_forms(hidden))


@pytest.mark.django_db
def test_the_pdfs_posted_in_the_hall_name_players_as_they_chose(td_client, named):
    """Printed from the TD's own page, and still the public's names."""
    event, hidden, _short, bye = named
    for what in ("standings", "seating"):
        url = reverse("documents:pdf", args=[event.slug, what]) + "?round=1"
        response = td_client.get(url)
        assert response.status_code == 200, what
        text = pdf_text(b"".join(response.streaming_content))
        assert_public(text, what)
        assert "Anna B." in text, what
        assert any(form in text for form in hidden_forms(hidden)), what
        if what == "seating":  # the bye's name, alphabetically by the shown one
            assert any(form in text for form in hidden_forms(bye))


@pytest.mark.django_db
def test_the_td_and_the_clubs_exports_keep_the_full_names(td_client, named):
    from openpyxl import load_workbook

    from documents.registry import make_export

    event, _hidden, _short, _bye = named
    html = td_client.get(reverse("td:standings", args=[event.slug]))
    assert HIDDEN in html.content.decode() and SHORT in html.content.decode()
    _name, _kind, sheets = make_export(event, "pdf", "sheets", round_number=1)
    text = pdf_text(sheets)
    assert "Verborgen" in text and "Brouwer" in text
    _name, _kind, data = make_export(event, "xlsx")
    cells = {
        str(cell)
        for sheet in load_workbook(io.BytesIO(data)).worksheets
        for row in sheet.iter_rows(values_only=True)
        for cell in row
        if cell is not None
    }
    assert HIDDEN in cells and SHORT in cells


@pytest.mark.django_db
def test_names_that_repeat_are_told_apart_without_the_hidden_name(client, named):
    """Two "Anna B." of one club are told apart by their number; a full
    "Anna Brouwer" would not reveal that the hidden one shares a name."""
    from scoring.rowsource import event_names
    from tournaments.people import for_public

    event, hidden, short, _bye = named
    other = event.entries.select_related("player").order_by("pk")[2].player
    Player.objects.filter(pk=other.pk).update(
        name="Anna Bakker", public_name="short", club=short.club
    )
    Player.objects.filter(pk=hidden.pk).update(name=SHORT, public_name="hidden")
    with for_public(), translation.override("en"):
        names = event_names(event)
    ids = dict(event.entries.values_list("player_id", "pk"))
    assert names[ids[short.pk]] != names[ids[other.pk]]
    assert names[ids[short.pk]].startswith("Anna B. (")
    assert f"no. {short.pk}" in names[ids[short.pk]]
    assert names[ids[hidden.pk]] == f"Player {hidden.pk}"
    assert not any("Brouwer" in n or "Bakker" in n for n in names.values())
    staff = event_names(event)  # the TD's: full names, told apart as before
    assert staff[ids[short.pk]].startswith(SHORT)


@pytest.mark.django_db
def test_a_cached_value_is_never_shared_between_staff_and_public(named):
    from publicpages.cache import per_version
    from tournaments.people import for_public

    event = named[0]
    with for_public(False):
        assert per_version(event, "who", lambda: "staff") == "staff"
    with for_public():
        assert per_version(event, "who", lambda: "public") == "public"
    with for_public(False):
        assert per_version(event, "who", lambda: "again") == "staff"


@pytest.mark.django_db
def test_a_changed_choice_shows_after_the_round_is_published_again(client, named):
    """Round 2 unpublished, its pages cached with a full name; the player
    hides the name, the round is published: no page shows the old name."""
    from tournaments.rounds import publish_round

    event, _hidden, _short, _bye = named
    player = event.entries.select_related("player").order_by("pk")[3].player
    round_2 = Round.objects.get(tournament=event, number=2)
    publish_round(round_2, False)
    standings = reverse("public:standings", args=[event.slug])
    assert player.name in client.get(standings).content.decode()
    player.public_name = "hidden"
    player.save()
    publish_round(round_2, True)
    for path in (standings, reverse("public:round", args=[event.slug, 2])):
        html = client.get(path).content.decode()
        assert player.name not in html, path
        assert any(form in html for form in hidden_forms(player)), path


@pytest.mark.django_db
def test_the_choice_raises_the_versions_and_a_mail_preference_does_not(named):
    event, _hidden, short, _bye = named
    version = Tournament.objects.get(pk=event.pk).version
    short.mail_results = True
    short.save()
    assert Tournament.objects.get(pk=event.pk).version == version
    short.public_name = "full"
    short.save(update_fields=["public_name"])
    assert Tournament.objects.get(pk=event.pk).version == version + 1
    short.name = "Anna Brouwer-Smit"
    short.save()
    assert Tournament.objects.get(pk=event.pk).version == version + 2
