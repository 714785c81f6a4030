"""A person as shown (``tournaments.people``), off the database: namesakes
told apart one way (the register's mark, then the club, then a number), the
public's choice and an erased player's pseudonym applied by the same code
for every audience."""

from dataclasses import replace

from django.utils import translation

from tournaments.people import (
    FULL,
    HIDDEN,
    SHORT,
    Person,
    for_public,
    in_name_order,
    is_public,
    shown,
    shown_names,
)

CLUB = "De Troef"
JAN_56 = Person("Jan de Vries", "1956", FULL, 11, CLUB)
JAN_71 = Person("Jan de Vries", "1971", FULL, 12, CLUB)
HIDDEN_ONE = Person("Zwaantje Verborgen", "1980", HIDDEN, 13, CLUB, "9001")
SHORT_ONE = Person("Anna Brouwer", "", SHORT, 14, CLUB)


def english(call):
    with translation.override("en"):
        return call()


def test_namesakes_are_told_apart_by_the_registers_mark_for_staff():
    names = shown_names({1: JAN_56, 2: JAN_71}, public=False)
    assert names == {1: "Jan de Vries (1956)", 2: "Jan de Vries (1971)"}


def test_the_public_tells_namesakes_apart_by_club_and_number_never_a_birth_year():
    """The distinction is often a birth year: the public reads it only when
    the member chose so (``distinction_public``)."""
    names = english(lambda: shown_names({1: JAN_56, 2: JAN_71}, public=True))
    assert names == {
        1: "Jan de Vries (De Troef, no. 11)",
        2: "Jan de Vries (De Troef, no. 12)",
    }
    shown_year = replace(JAN_56, distinction_public=True)
    names = english(lambda: shown_names({1: shown_year, 2: JAN_71}, public=True))
    assert names == {1: "Jan de Vries (1956)", 2: "Jan de Vries"}


def test_a_name_alone_carries_its_mark_as_the_register_shows_it():
    assert shown(JAN_56, public=False) == "Jan de Vries (1956)"
    assert shown(JAN_56, public=True) == "Jan de Vries"
    shown_year = replace(JAN_56, distinction_public=True)
    assert shown(shown_year, public=True) == "Jan de Vries (1956)"
    assert shown(Person("Els"), public=False) == "Els"


def test_without_a_mark_the_club_tells_them_apart_then_a_number():
    people = {
        1: Person("Jan Smit", club="Rik", federation="101", number=1),
        2: Person("Jan Smit", club="Rik", federation="102", number=2),
        3: Person("Jan Smit", club="Ons", number=3),
        4: Person("Els", club="Rik", number=4),
    }
    assert shown_names(people, public=False) == {
        1: "Jan Smit (Rik, 101)",
        2: "Jan Smit (Rik, 102)",
        3: "Jan Smit (Ons)",
        4: "Els",
    }


def test_without_a_federation_number_the_register_number_tells_them_apart():
    people = {1: Person("Jan", number=7), 2: Person("Jan", number=8)}
    names = english(lambda: shown_names(people, public=False))
    assert names == {1: "Jan (no. 7)", 2: "Jan (no. 8)"}


def test_the_public_reads_each_players_choice_and_never_a_hidden_ones_mark():
    people = {1: JAN_56, 2: HIDDEN_ONE, 3: SHORT_ONE}
    names = english(lambda: shown_names(people, public=True))
    assert names == {1: "Jan de Vries", 2: "Player 13", 3: "Anna B."}
    staff = shown_names(people, public=False)
    assert staff == {
        1: "Jan de Vries (1956)",
        2: "Zwaantje Verborgen (1980)",
        3: "Anna Brouwer",
    }


def test_two_short_names_are_told_apart_by_the_register_number_not_the_federations():
    """A federation number would tell who a short (or hidden) name is."""
    people = {
        1: Person("Anna Brouwer", choice=SHORT, number=14, club=CLUB, federation="1"),
        2: Person("Anna Bakker", choice=SHORT, number=15, club=CLUB, federation="2"),
    }
    names = english(lambda: shown_names(people, public=True))
    assert names == {1: "Anna B. (De Troef, no. 14)", 2: "Anna B. (De Troef, no. 15)"}


def test_repeats_are_counted_on_the_names_the_audience_reads():
    """The public never learns that a hidden player shares a name."""
    people = {
        1: Person("Anna Brouwer", number=1),
        2: Person("Anna Brouwer", choice=HIDDEN, number=2),
    }
    names = english(lambda: shown_names(people, public=True))
    assert names == {1: "Anna Brouwer", 2: "Player 2"}


def test_an_erased_player_is_the_same_pseudonym_for_every_audience():
    """The erasure renames the register row (``seasons.privacy``): its
    pseudonym, hidden, no mark but the one that keeps it free."""
    erased = Person("Speler 12", "", HIDDEN, 12, CLUB)
    assert shown(erased, public=False) == "Speler 12"
    with translation.override("nl"):
        assert shown(erased, public=True) == "Speler 12"


def test_the_asker_decides_when_no_audience_is_said():
    assert not is_public()
    with for_public():
        assert is_public()
        assert english(lambda: shown(HIDDEN_ONE)) == "Player 13"
    assert shown(HIDDEN_ONE) == "Zwaantje Verborgen (1980)"


def test_a_list_is_in_the_order_of_the_names_shown():
    names = {1: "Player 13", 2: "Anna B.", 3: "jan de Vries (1971)"}
    assert in_name_order(names) == [2, 1, 3]


def test_a_list_is_in_the_dutch_order_of_surnames():
    """By surname without its tussenvoegsel, diacritics folded; what tells a
    name apart is no part of it; hidden names by their number."""
    names = {
        1: "Wim de Kort",
        2: "Ëlla van Dĳk (De Troef)",
        3: "Anna van den Berg",
        4: "Jan Smit (Rik, no. 3)",
        5: "Player 13",
        6: "Player 9",
    }
    assert in_name_order(names) == [3, 2, 1, 6, 5, 4]
