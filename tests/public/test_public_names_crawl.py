"""Hidden names never appear in any public response (issue 28): a crawl.

A club season (three evenings, published, with teams, a prize evening and
ratings) and an open event with byes, where one player hides their name
("Zwaantje Verborgen" → "Speler <pk>") and one shows it short ("Krelis
Kortenaam" → "Krelis K."). An anonymous client starts at "/" and at every
public route the URL conf has (arguments filled from the season; the API's
from its OpenAPI schema) and follows every same-site link that is not a
staff page: no answer may carry either surname, none may fail. The TD's own
pages still show the full name, and the public pages the TD opens do not.
"""

import json
import re
from collections import deque
from urllib.parse import urldefrag, urljoin, urlsplit

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from publicpages.names_middleware import STAFF_PREFIXES
from tests.pdf_text import pdf_text

HIDDEN_NAME, SHORT_NAME = "Zwaantje Verborgen", "Krelis Kortenaam"
#: The register's contact details (issue 38) are for organisers only, too.
CONTACT = ("krelis@contactgeheim.example", "0699-GEHEIMNUMMER", "Geheimdorp")
SECRETS = ("Verborgen", "Kortenaam", *CONTACT)
MAX_PAGES = 600
#: Links worth following in HTML and in JSON/ICS answers.
LINK = re.compile(r"""(?:href|src|hx-get|action|data-url)\s*=\s*["']([^"'<>\s]+)["']""")
PATH_IN_TEXT = re.compile(r"""(?:https?://testserver)?(/[A-Za-z0-9_\-./?=&%]*)""")
SKIP = ("/static/", "/media/", "/favicon")


@pytest.fixture
def crawl_season(db):
    """The season, its hidden and short players, a prize evening, an open
    event with byes, ratings."""
    from demo.events import generate_event
    from demo.season import generate_season
    from seasons.ratings import recompute_ratings
    from tournaments.models import Bye, Player

    season = generate_season(
        "crawl", players=12, evenings=3, deals=4, seed=5, attendance=(12, 12), teams=2
    )
    season.prizes = {"top": 3, "newcomer": True, "booby": True}
    season.save(update_fields=["prizes"])
    last = season.evenings.order_by("-number").first()
    last.prize_evening = True
    last.save(update_fields=["prize_evening"])
    members = list(
        Player.objects.filter(entries__tournament__evening__competition=season)
        .distinct()
        .order_by("pk")
    )
    # an open event besides the season, with byes: the two sit out a round
    generate_event("crawl-open", 9, 2, 4, seed=11, byes=True, players=members[:9])
    out = Bye.objects.filter(round__tournament__slug="crawl-open")
    hidden, short = (b.entry.player for b in out.order_by("round__number")[:2])
    Player.objects.filter(pk=hidden.pk).update(  # a mark that says who it is
        name=HIDDEN_NAME, distinction="dochter van Verborgen", public_name="hidden"
    )
    Player.objects.filter(pk=short.pk).update(
        name=SHORT_NAME, distinction="1978", public_name="short"
    )
    Player.objects.filter(pk=short.pk).update(
        **dict(zip(("email", "phone", "place"), CONTACT, strict=True))
    )
    recompute_ratings()
    hidden.refresh_from_db()
    short.refresh_from_db()
    return season, hidden, short


def _staff(path: str) -> bool:
    return path.startswith(STAFF_PREFIXES)


def _routes(resolver=None, prefix=""):
    """(route text, {argument: converter}) of every route of the URL conf."""
    resolver = resolver or get_resolver()
    for item in resolver.url_patterns:
        here = prefix + str(item.pattern)
        if isinstance(item, URLResolver):
            yield from _routes(item, here)
        elif isinstance(item, URLPattern):
            yield here, dict(item.pattern.converters)


def _values(season, hidden, short) -> dict[str, list]:
    """Values for route arguments, by name (an unknown name: by kind)."""
    from seasons.models import Team
    from tournaments.models import Entry, TableRound

    evening = season.evenings.select_related("tournament").order_by("number").first()
    event = evening.tournament
    entries = list(
        Entry.objects.filter(tournament=event, player__in=[hidden, short]).values_list(
            "pk", flat=True
        )
    )
    table = TableRound.objects.filter(
        round__tournament=event, seats__entry_id=entries[0]
    ).first()
    return {
        "slug": [event.slug, season.slug, "crawl-open"],
        "event_slug": [event.slug],
        "competition_slug": [season.slug],
        "season_slug": [season.slug],
        "number": [1, 2],
        "round": [1],
        "table": [table.number],
        "entry_id": entries,
        "club_id": [season.club_id],
        "public_id": [hidden.public_id, short.public_id],
        "player_id": [hidden.pk, short.pk],
        "team_id": list(Team.objects.values_list("pk", flat=True)[:1]),
        "year": [event.date.year],
        "month": [event.date.month],
        "pk": [hidden.pk, entries[0]],
        "id": [hidden.pk, entries[0]],
    }


def _by_kind(converter, values) -> list:
    """Values for an argument of an unknown name: by its converter's kind."""
    if type(converter).__name__ == "IntConverter":
        numbers = {v for vs in values.values() for v in vs if isinstance(v, int)}
        return sorted(numbers)[:6]
    return values["slug"] + values["public_id"]


def _filled(values) -> tuple[list[str], list[str]]:
    """Every public route with its arguments filled; the routes left out."""
    urls, unfilled = [], []
    for route, converters in _routes():
        if route.startswith("^") or "(?P" in route:
            unfilled.append(route)
            continue
        kwargs = [{}]
        for arg, converter in converters.items():
            choices = values.get(arg) or _by_kind(converter, values)
            kwargs = [{**k, arg: v} for k in kwargs for v in choices][:12]
        for k in kwargs:
            path = "/" + route
            for arg, value in k.items():
                path = re.sub(r"<(?:\w+:)?" + arg + ">", str(value), path)
            if "<" in path:
                unfilled.append(route)
                break
            if not _staff(path):
                urls.append(path)
    return urls, unfilled


def _api_urls(client, values) -> list[str]:
    """The API's GET paths from its OpenAPI schema, parameters filled."""
    response = client.get("/api/v1/openapi.json")
    if response.status_code != 200:
        return []
    urls = []
    for path, operations in json.loads(response.content).get("paths", {}).items():
        if "get" not in operations:
            continue
        filled = [path]
        for arg in re.findall(r"\{(\w+)\}", path):
            choices = values.get(arg) or values["slug"] + values["public_id"]
            filled = [
                f.replace("{" + arg + "}", str(v)) for f in filled for v in choices
            ]
        urls += filled
    return urls


def _text(response) -> str:
    body = (
        b"".join(response.streaming_content) if response.streaming else response.content
    )
    if body.startswith(b"%PDF"):
        return pdf_text(body)
    return body.decode("utf-8", "replace")


def _links(base: str, text: str, content_type: str) -> list[str]:
    found = LINK.findall(text)
    if "html" not in content_type:  # JSON, ICS, plain text: any path
        found += PATH_IN_TEXT.findall(text)
    out = []
    for link in found:
        link = urldefrag(urljoin(base, link.replace("&amp;", "&")))[0]
        parts = urlsplit(link)
        if parts.scheme not in ("http", "https", "") or parts.netloc not in (
            "",
            "testserver",
        ):
            continue
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        if path.startswith("/") and not path.startswith(SKIP) and not _staff(path):
            out.append(path)
    return out


def crawl(client, starts) -> dict[str, tuple[int, str]]:
    """{path: (status, text)} of every page reached from ``starts``."""
    seen: dict[str, tuple[int, str]] = {}
    queue = deque(dict.fromkeys(starts))
    while queue and len(seen) < MAX_PAGES:
        path = queue.popleft()
        if path in seen:
            continue
        try:
            response = client.get(path, follow=False)
        except Exception as exc:  # a view that raises is a 500 to the public
            seen[path] = (500, repr(exc))
            continue
        text = _text(response)
        seen[path] = (response.status_code, text)
        location = response.headers.get("Location")
        if response.status_code in (301, 302, 303, 307, 308) and location:
            queue.extend(_links(path, f'href="{location}"', "text/html"))
            continue
        kind = response.headers.get("Content-Type", "")
        if response.status_code == 200 and not path.endswith("openapi.json"):
            queue.extend(p for p in _links(path, text, kind) if p not in seen)
        if response.status_code == 200 and "hx-get" in text:  # its htmx partial
            partial = client.get(path, HTTP_HX_REQUEST="true")
            seen[f"{path} (htmx)"] = (partial.status_code, _text(partial))
    return seen


def test_no_public_answer_names_a_hidden_or_short_player(client, crawl_season):
    season, hidden, short = crawl_season
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "nl"
    values = _values(season, hidden, short)
    routes, _unfilled = _filled(values)
    starts = ["/", *routes, *_api_urls(client, values)]
    pages = crawl(client, starts)

    season_url = reverse("public:season", args=[season.slug])
    reached = [p for p, (status, _t) in pages.items() if status == 200]
    for page in (
        season_url,
        season_url + "teams/",
        season_url + "prikbord/",
        reverse("public:club", args=[season.club_id]),
        reverse("public:ratings"),
        reverse("public:rating-history", args=[hidden.public_id]),
        reverse("public:season-player", args=[season.slug, hidden.public_id]),
    ):
        assert page in reached, page
    assert len(reached) > 60, sorted(pages)
    assert len(pages) < MAX_PAGES, "the crawl stopped short: raise MAX_PAGES"
    failed = {p: status for p, (status, _t) in pages.items() if status >= 500}
    assert not failed, failed
    leaks = {
        p: [s for s in SECRETS if s in text]
        for p, (_status, text) in pages.items()
        if any(s in text for s in SECRETS)
    }
    assert not leaks, sorted(leaks)

    # the public sees the pseudonym and the short name in the standings
    pseudonym = re.compile(rf"\b(?:Speler|Player) {hidden.pk}\b")
    event = season.evenings.order_by("number").first().tournament
    for url in (
        reverse("public:season", args=[season.slug]),
        reverse("public:standings", args=[event.slug]),
    ):
        status, text = pages[url]
        assert status == 200, url
        assert pseudonym.search(text), url
        assert "Krelis K." in text and "1978" not in text, url


def test_only_the_staff_pages_show_the_full_names(client, crawl_season, make_user):
    from tournaments.models import TournamentRole

    season, _hidden, _short = crawl_season
    event = season.evenings.order_by("number").first().tournament
    user = make_user("td", organiser=True, clubs=[season.club])
    TournamentRole.objects.create(tournament=event, user=user, role="td")
    client.force_login(user)
    for url in (
        reverse("td:standings", args=[event.slug]),
        reverse("td:season", args=[season.slug]),
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        html = response.content.decode()
        assert HIDDEN_NAME in html, url
        assert SHORT_NAME in html, url
    for url in (  # the public pages are public whoever opens them
        reverse("public:standings", args=[event.slug]),
        reverse("public:season", args=[season.slug]),
    ):
        html = client.get(url).content.decode()
        assert not [s for s in SECRETS if s in html], url
