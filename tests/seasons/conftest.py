"""A small club season: 14 players, 4 evenings of 2 partijen × 8 deals,
10 to 14 present each evening (tables of five), two teams."""

import pytest

from tests import shared


@pytest.fixture
def season(request, db, _shared_season):
    """Built once for the tests that run one after another (``tests.shared``;
    its session fixture is in tests/conftest.py): change it freely, the
    change is rolled back after the test."""
    from seasons.models import Competition

    pk = shared.shared_value(request, _shared_season) or shared.build_season()
    return Competition.objects.get(pk=pk)
