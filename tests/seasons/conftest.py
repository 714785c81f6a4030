"""A small club season: 14 players, 4 evenings of 2 partijen × 8 deals,
10 to 14 present each evening (tables of five), two teams."""

import pytest


@pytest.fixture
def season(db):
    from demo.season import generate_season

    return generate_season(
        "club", players=14, evenings=4, deals=8, seed=3, attendance=(10, 14), teams=2
    )
