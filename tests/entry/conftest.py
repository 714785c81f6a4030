import pytest
from django.urls import reverse

from scoring.services import recompute_table


@pytest.fixture
def table(small_event):
    """Round 1, table 1 of ``small_event`` (five players), open, deal 4 not entered."""
    table = small_event.round_set.get(number=1).tables.get(number=1)
    table.closed = False
    table.save()
    table.deals.filter(number=4).delete()
    recompute_table(table)
    return table


def url(name, table, *extra):
    slug = table.round.tournament.slug
    return reverse(f"td:{name}", args=[slug, table.round.number, table.number, *extra])
