"""Who deals and who plays each deal at a table. Pure: no database.

Seat 1 deals first; the deal passes to the left (the next seat). At a table of
five the dealer sits out the deal. The players of a deal are listed clockwise
starting left of the dealer, as the deal record wants them.
"""


def dealer_position(seat_count: int, deal_number: int) -> int:
    if seat_count < 1:
        raise ValueError("a table without seats has no dealer")
    return (deal_number - 1) % seat_count + 1


def playing_positions(seat_count: int, deal_number: int) -> list[int]:
    """The four seat positions that play this deal, starting left of the dealer."""
    dealer = dealer_position(seat_count, deal_number)
    order = [(dealer + i - 1) % seat_count + 1 for i in range(1, seat_count + 1)]
    if seat_count == 5:
        order = order[:4]  # the last one in the order is the dealer, sitting out
    return order


def sitting_out(seat_count: int, deal_number: int) -> int | None:
    return dealer_position(seat_count, deal_number) if seat_count == 5 else None


def unique_labels(names: list[str]) -> list[str]:
    """Names made distinct at one table (a deal record needs four distinct names)."""
    seen: dict[str, int] = {}
    labels = []
    for name in names:
        name = name.strip() or "?"
        seen[name] = seen.get(name, 0) + 1
        labels.append(name if seen[name] == 1 else f"{name} ({seen[name]})")
    return labels
