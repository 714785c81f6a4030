"""Earlier tables from outside the event, for the seating engine.

A club evening belongs to a season, and across the season nobody should
meet the same players more often than necessary. The season answers
``questions.earlier_tables`` and ``questions.in_a_series``.
"""

from tournaments.questions import answers, earlier_tables, in_a_series

Tables = list[list[list[int]]]


def outside_history(tournament) -> Tables:
    """Every answer's earlier rounds, oldest first."""
    rounds: Tables = []
    for tables in answers(earlier_tables, tournament=tournament):
        rounds.extend(tables)
    return rounds


def in_series(tournament) -> bool:
    return any(answers(in_a_series, tournament=tournament))
