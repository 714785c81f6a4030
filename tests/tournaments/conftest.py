"""Seating tests time the engine: compile or load its numba kernel first."""

import pytest


@pytest.fixture(scope="session", autouse=True)
def _warm_seating_kernel():
    from tournaments.seating import warm

    warm()
