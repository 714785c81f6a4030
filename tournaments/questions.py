"""What the domain asks the layers above, by Django signal: the one way a
lower app hears from a higher one (docs/architecture.md). This layer sends;
an app above answers with a receiver and never registers anything else
here. Without a receiver each question has a plain answer.

- ``results_held``: why an event's results may not change now, or None
  (``seasons``: a closed season's evenings hold still). Asked by every
  writer of results (``tournaments.result_lock``);
- ``earlier_tables``: the tables played before this event that its seating
  should not repeat (``seasons``: the season's earlier evenings), oldest
  first, in this event's entry ids;
- ``in_a_series``: whether the event is one of a series (a season's
  evening), whose repeat meetings the round page counts over the series;
- ``absent_scores``: whether an entry never seated at a table (nor given a
  bye) still has a place in the event's standings (``seasons``: an evening
  of a season whose absent players score). Without an answer it has none.

The result events (``tournaments.result_events``) and a member's data
request (``tournaments.privacy_signals``) go the same way.
"""

from django.dispatch import Signal

#: ``tournament_id=``; a receiver returns the reason (text) or None.
results_held = Signal()
#: ``tournament=``; a receiver returns rounds of tables of entry ids.
earlier_tables = Signal()
#: ``tournament=``; a receiver returns True when the event is one of a series.
in_a_series = Signal()
#: ``tournament=``; a receiver returns True when absent entries are ranked.
absent_scores = Signal()


def answers(signal: Signal, **kwargs) -> list:
    """The receivers' answers, in the order they connected (None left out)."""
    return [
        answer
        for _receiver, answer in signal.send(sender=None, **kwargs)
        if answer is not None
    ]
