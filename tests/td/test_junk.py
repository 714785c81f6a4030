"""Junk posted to every TD form never produces a 500."""

import random

import pytest

from tournaments.models import Player, TournamentRole

HUGE = "9" * 30
JUNK = [
    "",
    " ",
    "abc",
    "-1",
    "0",
    HUGE,
    "1e9",
    "3.5",
    "<script>",
    "é" * 300,
    "null",
    "[]",
    "{}",
    "1,2",
    "🂡",
    "%00",
    "9223372036854775808",
]


def forms_of(slug: str, entry: int, role: int, player: int, club: int):
    m = f"/manage/{slug}"
    r = f"{m}/round/1"
    return {
        "/manage/new/": ["name", "slug", "date", "venue", "rules", "rounds",
                         "deals_per_round", "language", "method", "tiebreaks_0",
                         "tiebreaks_1", "placement_points", "normalise_five",
                         "hide_last_rounds"],
        f"{m}/settings/": ["name", "slug", "date", "rules", "rounds",
                           "deals_per_round", "placement_points", "tiebreaks_0",
                           "hide_last_rounds"],
        f"{m}/roles/": ["username", "role"],
        f"{m}/roles/{role}/remove/": ["x"],
        f"{m}/entries/": ["players", "check_in"],
        f"{m}/entries/quick/": ["name", "club", "federation_number", "check_in"],
        f"{m}/entries/checkin-all/": ["x"],
        f"{m}/entries/{entry}/": ["action"],
        f"{r}/generate/": ["byes"],
        f"{r}/swap/": ["a", "b"],
        f"{r}/close/": ["x"],
        f"{r}/reopen/": ["x"],
        f"{r}/publish/": ["publish"],
        f"{m}/jury/": ["round", "table", "deal_number", "declarer", "contract",
                       "decision"],
        "/players/": ["name", "club", "federation_number"],
        f"/players/{player}/": ["name", "club", "federation_number"],
        "/clubs/": ["name", "city"],
        f"/clubs/{club}/": ["name", "city"],
    }  # fmt: skip


BAD_URLS = [
    "/manage/small/round/0/",
    f"/manage/small/round/{HUGE}/",
    f"/manage/small/round/{HUGE}/swap/",
    "/manage/small/entries/0/",
    f"/manage/small/entries/{HUGE}/",
    f"/players/{HUGE}/",
    "/clubs/0/",
    f"/manage/small/roles/{HUGE}/remove/",
    "/manage/nope/",
    "/manage/small/audit/?page=abc&sort=nope",
    f"/manage/small/audit/?page={HUGE}",
    "/players/?q=" + "x" * 500,
    "/manage/small/entries/?q=%00",
]


@pytest.mark.django_db
def test_it_never_answers_500_to_junk(td_client, small_event):
    rng = random.Random(3)
    entry = small_event.entries.first()
    role = TournamentRole.objects.get(user=td_client.user)
    player = Player.objects.first()
    for url, fields in forms_of(
        small_event.slug, entry.pk, role.pk, player.pk, player.club_id
    ).items():
        assert td_client.post(url, {}).status_code < 500, url
        for _ in range(3):
            data = {f: rng.choice(JUNK) for f in fields}
            response = td_client.post(url, data)
            assert response.status_code < 500, (url, data)
        data = {f: [rng.choice(JUNK), rng.choice(JUNK)] for f in fields}
        assert td_client.post(url, data).status_code < 500, (url, data)
    for url in BAD_URLS:
        assert td_client.get(url).status_code < 500, url
        assert td_client.post(url, {"a": HUGE, "b": "x"}).status_code < 500, url
