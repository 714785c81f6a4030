"""Tables of three on every page (issue 29): an event whose rounds mix
tables of 5, 4 and 3 (the blind man's hand at chair 4 of the three), a club
season evening with tables of three, and the crawl of
tests/public/test_public_names_crawl.py over the public pages and, logged in
as the event's TD, over the TD's pages of the event: none may fail; the
table of three shows its three players, and where the deals are listed the
blind man's hand reads "the blind man" ("de blinde" in Dutch), never the
stored label (000, "Rikken for three players")."""

import re

import pytest
from django.urls import reverse

from tests.public.test_public_names_crawl import _links, _text

pytestmark = pytest.mark.django_db

MAX_PAGES = 400
#: Pages the crawl does not follow: other events, writes, logging out.
NOT_FOLLOWED = ("/accounts/logout", "/admin/", "/language/")


def mixed_seater(round_, playing, rng):
    """Tables of 5, 4 and 3 in one round (12 players)."""
    order = playing[:]
    rng.shuffle(order)
    return [order[:5], order[5:9], order[9:]]


@pytest.fixture
def three_event():
    from demo.events import generate_event

    return generate_event(
        "drie", 12, 2, 6, rules="nl", seed=29, sanction_rate=0.3,
        seater=mixed_seater, tables_of_three=True,
    )  # fmt: skip


def table_of_three(event, round_number=1):
    from tournaments.models import TableRound

    for table in TableRound.objects.filter(
        round__tournament=event, round__number=round_number
    ).order_by("number"):
        if table.seats.count() == 3:
            return table
    raise AssertionError("no table of three")


def crawl(client, starts, inside) -> dict[str, tuple[int, str]]:
    """{path: (status, text)} of every page reached from ``starts`` whose
    path starts with one of ``inside`` (GET only; htmx partials too)."""
    seen: dict[str, tuple[int, str]] = {}
    queue = list(dict.fromkeys(starts))
    while queue and len(seen) < MAX_PAGES:
        path = queue.pop(0)
        if path in seen:
            continue
        try:
            response = client.get(path, follow=False)
        except Exception as exc:  # a view that raises is a 500
            seen[path] = (500, repr(exc))
            continue
        text = _text(response)
        seen[path] = (response.status_code, text)
        if response.status_code != 200:
            continue
        kind = response.headers.get("Content-Type", "")
        for link in _links(path, text, kind) + _staff_links(path, text):
            followed = link.startswith(inside) and not link.startswith(NOT_FOLLOWED)
            if followed and link not in seen:
                queue.append(link)
        if "hx-get" in text:
            partial = client.get(path, HTTP_HX_REQUEST="true")
            seen[f"{path} (htmx)"] = (partial.status_code, _text(partial))
    return seen


def _staff_links(base, text):
    from urllib.parse import urldefrag, urljoin

    out = []
    for link in re.findall(r"""(?:href|hx-get)\s*=\s*["']([^"'<>\s]+)["']""", text):
        link = urldefrag(urljoin(base, link.replace("&amp;", "&")))[0]
        if link.startswith("http://testserver"):
            link = link[len("http://testserver") :]
        if link.startswith("/"):
            out.append(link)
    return out


def test_the_public_pages_of_an_event_with_tables_of_three(client, three_event):
    from tournaments.dealing import BLIND_LABEL

    event = three_event
    slug = event.slug
    table = table_of_three(event)
    base = f"/t/{slug}/"
    starts = [
        base,
        f"{base}round/1/",
        f"{base}round/2/",
        f"{base}round/1/table/{table.number}/",
        f"{base}screen/",
        f"{base}screen/round/",
        f"{base}whatif/?rules=pagat",
        *(f"{base}player/{s.entry_id}/" for s in table.seats.all()),
    ]
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    in_english = crawl(client, starts, (base,))
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "nl"
    in_dutch = crawl(client, starts, (base,))
    for pages in (in_english, in_dutch):
        failed = {p: s for p, (s, _t) in pages.items() if s >= 500}
        assert not failed, failed
        reached = [p for p, (s, _t) in pages.items() if s == 200]
        for start in starts:
            assert start in reached, start
        assert len(reached) > 20
        for path, (_s, text) in pages.items():
            assert not re.search(rf"\b{BLIND_LABEL}\b", text), path
    # the table page: its three players and the blind man's hand by name
    path = f"{base}round/1/table/{table.number}/"
    names = [s.entry.player.name for s in table.seats.select_related("entry__player")]
    for text, language in ((in_english[path][1], "en"), (in_dutch[path][1], "nl")):
        for name in names:
            assert name in text, name
        assert blind_man(language) in text  # "de blinde" in Dutch


def test_round_player_and_hall_pages_name_the_blind_man(client, three_event):
    event = three_event
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    last = table_of_three(event, 2)
    names = [s.entry.player.name for s in last.seats.select_related("entry__player")]
    round_page = client.get(f"/t/{event.slug}/round/2/").content.decode()
    section = re.search(
        rf"Table {last.number}</a>(.*?)</section>", round_page, re.S
    ).group(0)
    assert "with the blind man" in section
    assert all(name in section for name in names)
    other = re.search(r"Table 1</a>(.*?)</section>", round_page, re.S).group(0)
    assert "blind man" not in other  # a table of five
    screen = client.get(f"/t/{event.slug}/screen/round/").content.decode()
    at_table = re.search(rf"Table {last.number}\b(.*?)</section>", screen, re.S)
    assert at_table and "the blind man" in at_table.group(1)
    assert all(name in at_table.group(1) for name in names)
    seat = last.seats.order_by("position").first()
    player = client.get(f"/t/{event.slug}/player/{seat.entry_id}/").content.decode()
    row = re.search(r'<a href="#round-2">2</a>(.*?)</tr>', player, re.S).group(1)
    assert "the blind man" in row
    assert all(name in row for name in names if name != seat.entry.player.name)


def blind_man(language: str) -> str:
    """The blind man's hand as the pages name it in ``language``."""
    from django.utils import translation

    with translation.override(language):
        return translation.gettext("the blind man")


def test_the_td_pages_of_an_event_with_tables_of_three(client, three_event, make_user):
    from tournaments.dealing import BLIND_LABEL
    from tournaments.models import TournamentRole

    event = three_event
    user = make_user("td3", organiser=True)
    TournamentRole.objects.create(tournament=event, user=user, role="td")
    client.force_login(user)
    table = table_of_three(event)
    manage = f"/manage/{event.slug}/"
    starts = [
        manage,
        reverse("td:standings", args=[event.slug]),
        reverse("td:whatif", args=[event.slug]) + "?rules=pagat",
        reverse("td:entry-table", args=[event.slug, 1, table.number]),
        reverse("td:entry-deal", args=[event.slug, 1, table.number, 1]),
    ]
    pages = crawl(client, starts, (manage, f"/t/{event.slug}/"))
    failed = {p: s for p, (s, _t) in pages.items() if s >= 500}
    assert not failed, failed
    reached = [p for p, (s, _t) in pages.items() if s == 200]
    for start in starts:
        assert start in reached, start
    assert len(reached) > 20
    text = pages[starts[3]][1]
    for seat in table.seats.select_related("entry__player"):
        assert seat.entry.player.name in text
    assert not re.search(rf">\s*{BLIND_LABEL}\s*<", text)
