"""Dealer rotation and who plays each deal (pure)."""

from tournaments.dealing import (
    BLIND_LABEL,
    BLIND_POSITION,
    blind_in,
    blind_position,
    chairs,
    dealer_position,
    has_blind_man,
    playing_positions,
    sitting_out,
    unique_labels,
)


def test_it_rotates_the_dealer_to_the_left():
    assert [dealer_position(4, n) for n in range(1, 7)] == [1, 2, 3, 4, 1, 2]
    assert [dealer_position(5, n) for n in range(1, 7)] == [1, 2, 3, 4, 5, 1]


def test_it_lists_players_starting_left_of_the_dealer():
    assert playing_positions(4, 1) == [2, 3, 4, 1]
    assert playing_positions(4, 4) == [1, 2, 3, 4]


def test_it_sits_the_dealer_out_at_a_table_of_five():
    for n in range(1, 11):
        played = playing_positions(5, n)
        assert len(played) == 4
        assert sitting_out(5, n) not in played
        assert set(played) | {sitting_out(5, n)} == {1, 2, 3, 4, 5}
    assert sitting_out(4, 1) is None


def test_it_makes_duplicate_names_distinct():
    assert unique_labels(["Jan", "Jan", "Piet", " "]) == ["Jan", "Jan (2)", "Piet", "?"]


def test_the_blind_man_is_asked_of_one_rule():
    """Chair 4 at a table of three, nowhere else (``blind_position``); what
    asks it: whether a table has him, its chairs, a deal's blind field."""
    assert [blind_position(n) for n in (3, 4, 5)] == [BLIND_POSITION, None, None]
    assert [has_blind_man(n) for n in (2, 3, 4, 5)] == [False, True, False, False]
    assert chairs(["a", "b", "c"]) == ["a", "b", "c", BLIND_LABEL]
    assert chairs(["a", "b", "c"], "the blind man") == ["a", "b", "c", "the blind man"]
    assert chairs(("a", "b", "c", "d")) == ["a", "b", "c", "d"]
    assert blind_in(["a", BLIND_LABEL, "b", "c"]) == BLIND_LABEL
    assert blind_in(["a", "b", "c", "d"]) is None
