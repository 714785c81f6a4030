"""A season's settings have one set of bounds (``seasons.models``): the
settings and ranking forms and the season backup read them, so a backup of
any season the site can hold imports and can be saved in its own forms
(issue 37: the form allowed 1–6 partijen and 1–40 deals, the backup 1–30
and 1–60; the ranking form took any placement points, the backup
−1000…1000)."""

import pytest

from documents.season_backup import BackupError, export_competition, import_competition
from seasons.models import (
    BEST_OF,
    DEALS_PER_PARTIJ,
    MIN_EVENINGS,
    MOST_PLACES,
    PARTIJEN,
    PLACEMENT_POINTS,
    PRIZES_TOP,
    Competition,
)
from td.forms_season import CompetitionForm, RankingForm
from tournaments.models import Club


@pytest.fixture
def season(db) -> Competition:
    club = Club.objects.create(name="De Grenzen")
    return Competition.objects.create(
        club=club, name="Grenzen", slug="grenzen", rules="nl"
    )


def _backup(season: Competition, **settings) -> dict:
    data = export_competition(season)
    data["competition"].update(settings)
    return data


def _settings_form(season: Competition) -> CompetitionForm:
    fields = ["name", "slug", "season", "rules", "partijen", "deals_per_partij",
              "score_entry", "entry_mode"]  # fmt: skip
    data = {name: getattr(season, name) for name in fields}
    data["club"] = season.club_id
    return CompetitionForm(data, instance=season, clubs=Club.objects.all())


def _ranking_form(season: Competition, **data) -> RankingForm:
    base = {"method": "placement", "min_evenings": 0, "absent": "nothing",
            "order": "high", "prize_top": 3}  # fmt: skip
    return RankingForm.for_competition(season, {**base, **data})


def test_a_restored_season_at_the_bounds_saves_in_its_own_form(season):
    data = _backup(
        season,
        slug="grenzen-2",
        partijen=PARTIJEN.high,
        deals_per_partij=DEALS_PER_PARTIJ.high,
    )
    restored = import_competition(data)
    assert (restored.partijen, restored.deals_per_partij) == (30, 60)
    form = _settings_form(restored)
    assert form.is_valid(), form.errors


def test_a_season_of_41_deals_and_7_partijen_saves_in_its_form(season):
    restored = import_competition(
        _backup(season, slug="grenzen-3", partijen=7, deals_per_partij=41)
    )
    assert _settings_form(restored).is_valid()


@pytest.mark.parametrize(
    "name, value",
    [
        ("partijen", PARTIJEN.high + 1),
        ("partijen", PARTIJEN.low - 1),
        ("deals_per_partij", DEALS_PER_PARTIJ.high + 1),
    ],
)
def test_past_the_bounds_the_form_and_the_backup_refuse_alike(season, name, value):
    with pytest.raises(BackupError) as refused:
        import_competition(_backup(season, slug="grenzen-4", **{name: value}))
    assert refused.value.path == f"competition.{name}"
    setattr(season, name, value)
    form = _settings_form(season)
    assert not form.is_valid() and name in form.errors


def test_placement_points_have_the_backups_bounds(season):
    beyond = _ranking_form(season, placement_points=f"{PLACEMENT_POINTS.high + 1}, 5")
    assert not beyond.is_valid() and "placement_points" in beyond.errors
    lowest = ", ".join([str(PLACEMENT_POINTS.low)] * MOST_PLACES)
    longest = _ranking_form(season, placement_points=lowest)
    assert longest.is_valid(), longest.errors
    assert longest.cleaned_data["placement_points"] == [-1000] * MOST_PLACES
    too_many = ", ".join(["1"] * (MOST_PLACES + 1))
    assert not _ranking_form(season, placement_points=too_many).is_valid()


def test_a_restored_ranking_saves_in_its_own_form(season):
    data = _backup(
        season,
        slug="grenzen-5",
        method="placement",
        placement_points=[PLACEMENT_POINTS.low] * 150,
        best_of=BEST_OF.high,
        min_evenings=MIN_EVENINGS.high,
        prizes={"top": PRIZES_TOP.high, "newcomer": False, "booby": False},
    )
    restored = import_competition(data)
    form = RankingForm.for_competition(restored)
    data = {**form.initial, "tiebreaks": form.initial["tiebreaks"]}
    data = {k: v for k, v in data.items() if v is not None and v is not False}
    bound = RankingForm.for_competition(restored, data)
    assert bound.is_valid(), bound.errors
    assert bound.fields_for_competition()["placement_points"] == [-1000] * 150
