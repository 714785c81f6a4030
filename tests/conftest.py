"""Shared fixtures. Pure tests need none of these and stay off the database."""

import pytest


@pytest.fixture
def players():
    return ["Anna", "Bert", "Cor", "Dirk"]
