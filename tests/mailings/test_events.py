"""Which result events call for mail (``mailings.events.due_for``)."""

from mailings.events import due_for
from tournaments.result_events import (
    DealsChanged,
    EntriesChanged,
    EventEdited,
    RoundChange,
    RoundChanged,
)


def test_what_each_result_event_calls_for():
    assert due_for(RoundChanged(1, 3, RoundChange.PUBLISHED)) == ("results", 3)
    assert due_for(RoundChanged(1, 3, RoundChange.CLOSED)) == ("results", 3)
    assert due_for(RoundChanged(1, 3, RoundChange.TABLES)) == ("results", 3)
    assert due_for(RoundChanged(1, 3, RoundChange.SEATED)) == ("seating", 3)
    assert due_for(RoundChanged(1, 3, RoundChange.SEATS)) == ("seating", 3)
    assert due_for(DealsChanged(1, 2, 4, public=True)) == ("correct", 2)
    assert due_for(EventEdited(1, frozenset({"hide_last_rounds"}))) == ("results", 0)
    for quiet in (
        RoundChanged(1, 3, RoundChange.UNPUBLISHED),
        RoundChanged(1, 3, RoundChange.REOPENED),
        DealsChanged(1, 2, 4, public=False),  # a round the public does not see
        EventEdited(1, frozenset({"name"})),
        EntriesChanged(1),
    ):
        assert due_for(quiet) is None, quiet
