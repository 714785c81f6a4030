"""The one search for a free code: it always ends. Pure."""

import random

import pytest

from rules.naming import NoFreeCodeError, candidates, free_code
from tests.architecture.imports import ROOT, imported


def test_the_wanted_code_when_free_else_the_next_numbered_one():
    assert free_code("club", set(), 50) == "club"
    assert free_code("club", {"club"}, 50) == "club-2"
    assert free_code("club", {"club", "club-2"}, 50) == "club-3"
    assert free_code("club", lambda code: code != "club-4", 50) == "club-4"


@pytest.mark.parametrize("length", [58, 59, 60])
def test_a_cut_never_makes_two_candidates_the_same(length):
    """The defect: ``f"{season}-{n}"[:60]`` of a 58–60 character code is the
    same code for every n."""
    season = "s" * length
    found = candidates(season, 60, keep="-12")
    assert len(found) == len(set(found)) == 50 + 3
    assert all(len(code) <= 60 and "-12" in code for code in found)
    assert found[0] == "s" * 57 + "-12"
    assert found[1] == "s" * 55 + "-12-2"
    assert [code.rsplit("-", 1)[1] for code in found[1:50]] == [
        str(n) for n in range(2, 51)
    ]


def test_it_gives_up_after_a_bounded_number_of_tries():
    asked = []

    def everything_taken(code):
        asked.append(code)
        return True

    with pytest.raises(NoFreeCodeError) as caught:
        free_code("x" * 60, everything_taken, 60, keep="-3")
    assert caught.value.tried == len(asked) == 53
    assert caught.value.wanted == "x" * 60 + "-3"


def test_random_spares_get_past_codes_taken_on_purpose():
    squatted = set(candidates("club", 50, spare=0))  # club … club-50
    code = free_code("club", squatted, 50, rng=random.Random(1))
    assert code not in squatted and code.startswith("club-") and len(code) == 11
    with pytest.raises(NoFreeCodeError):
        free_code("club", squatted, 50, spare=0)


def test_a_field_too_short_for_a_suffix_stops_the_search():
    assert candidates("abc", 2) == ["ab"]
    with pytest.raises(NoFreeCodeError):
        free_code("abc", {"ab"}, 2)


def test_naming_is_pure():
    """Layer 0 and off the database: every layer may use it."""
    names = imported(ROOT / "rules" / "naming.py", "rules.naming")
    assert all(
        name.split(".")[0] in ("random", "string", "collections") for name in names
    ), names
