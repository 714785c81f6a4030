"""A club evening of 11 members with tables of three on (issue 29): the
evening is made with the season's setting, both partijen are seated 4+4+3,
and the turns at the table of three go round over the partijen and the
evenings (rule source 000, "Rikken for three players": the blind man)."""

import datetime
import random
from collections import Counter

import pytest

from tournaments import seating_screen


@pytest.fixture(autouse=True)
def quick_engine(monkeypatch):
    monkeypatch.setattr(seating_screen, "TIME_LIMIT", 0.3)


def season(threes=True):
    from demo.events import make_players
    from seasons.models import Competition
    from tournaments.models import Club

    club = Club.objects.create(name="Elf")
    members = make_players(11, random.Random(11))
    competition = Competition.objects.create(
        club=club,
        name="Elf",
        slug="elf",
        partijen=2,
        deals_per_partij=4,
        tables_of_three=threes,
    )
    return competition, members


def seat_evening(event, turns: Counter) -> list[list[int]]:
    """Seat every partij as the round page does; check the turns."""
    from seasons.seating import season_repeats
    from tournaments.models import Round
    from tournaments.services import seat_round

    sizes = []
    for round_ in Round.objects.filter(tournament=event).order_by("number"):
        tables, byes, diag = seating_screen.generate_tables(round_)
        assert not diag["error"] and not byes, diag
        seat_round(round_, tables, byes=byes)
        # the round page and the season page say the same two numbers
        report = season_repeats(event.evening.competition)
        assert diag["total_repeats"] == report.repeats
        assert diag["lower_bound"] == report.lower_bound
        sizes.append([len(t) for t in tables])
        three = [e.player_id for t in tables if len(t) == 3 for e in t]
        four = [e.player_id for t in tables if len(t) == 4 for e in t]
        assert max(turns[p] for p in three) <= min(turns[p] for p in four)
        turns.update(three)
        assert max(turns.values()) - min(turns.values()) <= 1, turns
    return sizes


@pytest.mark.django_db
def test_eleven_members_play_four_four_three_in_both_partijen():
    from seasons.seating import season_repeats
    from seasons.services import create_evening

    competition, members = season()
    event = create_evening(competition, datetime.date(2026, 12, 1), members)
    assert event.tables_of_three  # the season's setting, copied
    turns = Counter(dict.fromkeys((m.pk for m in members), 0))
    assert seat_evening(event, turns) == [[4, 4, 3], [4, 4, 3]]
    # two partijen: six members had a turn, none twice
    assert sorted(turns.values()) == [0] * 5 + [1] * 6
    second = create_evening(competition, datetime.date(2026, 12, 8), members)
    assert seat_evening(second, turns) == [[4, 4, 3], [4, 4, 3]]
    report = season_repeats(competition)
    assert report.three_duty == {p: n for p, n in turns.items() if n}
    assert report.rounds == 4


@pytest.mark.django_db
def test_a_member_absent_keeps_his_turns_for_later():
    """Evening 2 with 7 of the 11: the table of three goes to those of the
    seven who had the fewest turns over the season."""
    from seasons.services import create_evening

    competition, members = season()
    event = create_evening(competition, datetime.date(2026, 12, 1), members)
    turns = Counter(dict.fromkeys((m.pk for m in members), 0))
    seat_evening(event, turns)
    present = sorted(members, key=lambda m: (turns[m.pk], m.pk))[2:9]
    second = create_evening(competition, datetime.date(2026, 12, 8), present)
    here = Counter({m.pk: turns[m.pk] for m in present})
    assert seat_evening(second, here) == [[4, 3], [4, 3]]


@pytest.mark.django_db
def test_without_the_setting_eleven_members_are_refused_with_the_option_named():
    from django.utils import translation

    from seasons.services import create_evening
    from tournaments.models import Round

    competition, members = season(threes=False)
    event = create_evening(competition, datetime.date(2026, 12, 1), members)
    assert not event.tables_of_three
    with translation.override("en"):
        _t, _b, diag = seating_screen.generate_tables(
            Round.objects.get(tournament=event, number=1)
        )
    assert diag["code"] == "unseatable"
    assert "Tables of three with the blind man" in diag["error"]


@pytest.mark.django_db
def test_the_season_settings_form_sets_the_option():
    from td.forms_season import RankingForm

    competition, _members = season(threes=False)
    form = RankingForm.for_competition(competition)
    assert "tables_of_three" in form.fields
    data = {k: v for k, v in form.initial.items() if v is not None and v is not False}
    data["tables_of_three"] = "on"
    bound = RankingForm(data, initial=form.initial)
    assert bound.is_valid(), bound.errors
    assert bound.fields_for_competition()["tables_of_three"] is True
